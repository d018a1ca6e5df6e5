"""Plain data for the views: what a page needs to show a game, computed in the core.

One presenter for every game system: the procedure menu, the forms, the odds, the prompt, the
result and every overlay come from the procedures' hooks (:mod:`airhead.plug`), never from a
system's own code. The browser views only draw what these functions return (JSON-able dicts and
SVG strings), so every fact on screen comes from the rules core and is tested on CPython and in
Pyodide. Text is plain text: views insert it as text, never as markup.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from .boards import HexMap
from .counters import Counters
from .errors import DataError
from .fields import Field
from .game import Game
from .hexes import Hex, Layout
from .plug import Odds, Procedure, View
from .scenario import Scenario
from .svg import LEVEL_FILLS, OCCUPANT_FILLS, SIDE_STYLES
from .terrain import Terrain
from .systems import SYSTEMS, get
from .tablepack import prefill_fields, prefill_values

__all__ = [
    "prompt_view",
    "log_view",
    "last_hexes",
    "procedure_menu",
    "form_values",
    "form_params",
    "seal_request",
    "odds_view",
    "heatmap_view",
    "result_view",
    "turn_view",
    "systems_view",
    "view_data",
    "map_view",
    "overlay",
    "overlay_svg",
    "terrain_options",
    "log_position",
    "last_change",
    "terrain_legend",
    "heat_legend",
    "secrets_view",
    "secret_path",
    "hide_secrets",
    "secret_inputs",
]


# ---------------------------------------------------------------------- the prompt and the log
def prompt_view(game: Game) -> dict[str, Any] | None:
    """What the game waits for: ``{"kind", "rule", "label", "text", "dice": [[name, sides]],
    "options": [...], "procedure"}``, or None when no procedure is under way."""
    p = game.waiting_for()
    if p is None:
        return None
    proc = game.state.procedure
    return {
        "kind": p.kind,
        "rule": p.rule,
        "label": p.label,
        "text": p.describe(),
        "dice": p.dice.to_data() if p.dice else [],
        "options": list(p.options),
        "procedure": game.system.procedure(proc.procedure).title if proc is not None else "",
    }


def log_view(game: Game) -> list[dict[str, Any]]:
    """Every logged action with its events: ``{"n", "text", "undone", "events": [{rule, kind,
    text, hexes}], "summary"}`` (``summary``: the sentence of the procedure it finished, or "")."""
    out = []
    for en in game.entries:
        proc = game.system.procedures.get(str(en.outcome.get("procedure"))) if en.outcome else None
        out.append({
            "n": en.index + 1,
            "text": game.describe(en.action),
            "undone": en.undone,
            "events": [{"rule": e.rule, "kind": e.kind, "text": e.render(), "hexes": list(e.hexes)} for e in en.events],
            "summary": proc.summary(en.outcome) if proc is not None and en.outcome is not None else "",
        })
    return out


def last_hexes(game: Game) -> list[str]:
    """Hexes named by the last action in effect (to highlight on the map), in order."""
    seen: list[str] = []
    for en in reversed(game.entries):
        if en.undone or en.action.get("type") in ("undo", "redo"):
            continue
        for e in en.events:
            for h in e.hexes:
                if h not in seen:
                    seen.append(h)
        break
    return seen


def _tone(name: str) -> str:
    return name if name in ("colored", "white") else "plain"


def roll_view(game: Game) -> dict[str, Any] | None:
    """The last roll, if the last logged action was one (not undone), for Play to show where it
    happened: ``{"n", "rule", "label", "source", "dice": [{"name", "value", "tone"}], "total",
    "roll", "modifiers": [{"rule", "value", "cause"}], "results": [...], "sentence", "hexes",
    "summary"}`` — ``tone`` is ``colored``, ``white`` or ``plain`` (how the die is drawn), the
    sentence is the roll, its modifiers and its results in the log's words."""
    if not game.entries:
        return None
    last = game.entries[-1]
    r = last.roll
    if last.undone or r is None:
        return None
    rolls = [e for e in last.events if e.kind == "roll"]
    mods = [e for e in last.events if e.kind == "modifier" and isinstance(e.value, int)]
    results = [e.cause + ("" if e.value is None else f" {e.value}") for e in last.events if e.kind in ("result", "info")]
    head = (rolls[0].cause + ("" if rolls[0].value is None else f" {rolls[0].value}")) if rolls else r.describe()
    sentence = head + "".join(f"; {m.value:+d} {m.cause}" for m in mods)
    if results:
        sentence += " → " + "; ".join(results)
    hexes: list[str] = []
    for e in last.events:
        hexes.extend(h for h in e.hexes if h not in hexes)
    proc = game.system.procedures.get(str(last.outcome.get("procedure"))) if last.outcome else None
    return {
        "n": last.index + 1,
        "rule": rolls[0].rule if rolls else r.rule,
        "label": r.purpose,
        "source": r.source,
        "dice": [{"name": d.name, "value": v, "tone": _tone(d.name)} for d, v in zip(r.spec.dice, r.values)],
        "total": r.total,
        "roll": head,
        "modifiers": [{"rule": m.rule, "value": f"{m.value:+d}", "cause": m.cause} for m in mods],
        "results": results,
        "sentence": sentence,
        "hexes": hexes,
        "summary": proc.summary(last.outcome) if proc is not None and last.outcome is not None else "",
    }


def focus_hexes(game: Game) -> list[str]:
    """The hexes the map should bring into view after the last action: those its events named,
    and when it started a procedure, what the procedure's view marks (E8: the ILH and the Avenue
    of Approach). Empty after an undo, a redo or an action that names no hex."""
    if not game.entries:
        return []
    last = game.entries[-1]
    if last.undone or last.action.get("type") in ("undo", "redo"):
        return []
    names: list[str] = []
    for e in last.events:
        names.extend(h for h in e.hexes if h not in names)
    if last.action.get("type") == "start" and game.state.procedure is not None:
        m = game.scenario.map
        v = map_view(game)
        for h in [h for h, _role in v.marks] + [h for path in v.paths for h in path]:
            n = m.name(h)
            if n not in names:
                names.append(n)
    return names


def offmap_view(game: Game) -> list[dict[str, Any]]:
    """Units in play but not on the map (aircraft off board, units not yet landed), by side:
    ``[{"side", "units": [line, ...]}]``; eliminated and recalled units are left out."""
    by_side: dict[str, list[str]] = {}
    for u in game.state.counters.units:
        if u.hex is None and not u.status & {"eliminated", "recalled"}:
            by_side.setdefault(u.side, []).append(u.describe())
    return [{"side": side, "units": lines} for side, lines in by_side.items()]


def result_view(game: Game) -> dict[str, Any] | None:
    """The last finished procedure in one sentence (``{"title", "text"}``), or None."""
    for out in reversed(game.state.outcomes):
        proc = game.system.procedures.get(str(out.get("procedure")))
        if proc is not None:
            return {"title": proc.title, "text": proc.summary(out)}
    return None


def turn_view(game: Game) -> dict[str, Any]:
    """Where the game stands on the turn track: its text, the phases and the current one."""
    st = game.state
    track = game.system.track
    return {
        "text": st.describe_turn(),
        "game_turn": st.turn.game_turn,
        "side": st.sides[st.turn.player] if track.player_turns else "",
        "phase": track.phase(st.turn).key,
        "phases": [{"key": p.key, "title": p.title} for p in track.phases],
    }


def systems_view() -> list[dict[str, Any]]:
    """The game systems with their map kind and built-in scenarios (for new games and maps)."""
    return [{"key": s.key, "title": s.title, "map_kind": s.map_kind, "scenarios": list(s.scenarios)} for s in SYSTEMS]


# ---------------------------------------------------------------------- the planner
def procedure_menu(game: Game, pack: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every procedure of the game's system, in menu order: its name and title, its form (the
    schema's fields) with initial values, and whether it has odds and a heatmap. ``pack``: the
    values of the device's table pack (:mod:`airhead.tablepack`), which pre-fill the fields
    that name an entry."""
    state = game.state
    out = []
    under_way = _started_params(game)
    for p in game.system.rules.menu_order():
        fields, values = p.params.describe(), p.defaults(state)
        if under_way is not None and under_way[0] == p.name:  # the plan under way, after a reload too,
            secret = {f.key for f in p.params if f.secret}  # but never its secrets (E8.1 Passengers)
            values = {**values, **{k: v for k, v in under_way[1].items() if k not in secret}}
        if pack:
            prefill_fields(fields, pack, state.settings)
            values = prefill_values(p.params.fields, values, pack, state.settings)
        out.append({
            "name": p.name,
            "title": p.title,
            "group": game.system.rules.group_of(p.name),
            "under_way": under_way is not None and under_way[0] == p.name,
            "fields": fields,
            "values": values,
            "has_odds": p.has_odds,
            "has_heatmap": p.has_heatmap,
            "seal_label": p.seal_label,
            "seal_only": p.seal_only,
        })
    return out


def tools_view(game: Game) -> list[dict[str, Any]]:
    """The map tools of the game's system (see :class:`~airhead.plug.Tool`): key, title, how many
    hexes each takes, and its help."""
    return [{"key": t.key, "title": t.title, "hexes": t.hexes, "help": t.help}
            | ({"options": t.options.describe()} if t.options.fields else {}) for t in game.system.rules.tools]


def tool_view(game: Game, key: str, names: Sequence[str], options: Mapping[str, Any] | None = None, *,
              form: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A map tool's answer for the tapped hexes (names) and the options chosen (JSON values, or
    ``form``: the options' inputs, as :meth:`~airhead.fields.Schema.from_form` reads them; the
    defaults for those left out): its title, the lines that explain it and what the map draws;
    :class:`DataError` for an unknown tool, hex or option."""
    tool = next((t for t in game.system.rules.tools if t.key == key), None)
    if tool is None:
        raise DataError(f"{game.system.title} has no map tool {str(key)[:24]!r}")
    m = game.state.scenario.map
    if len(names) != tool.hexes:
        raise DataError(f"{tool.title} needs {tool.hexes} hex{'es' if tool.hexes > 1 else ''}")
    hexes = tuple(m.parse(str(n)) for n in names)
    raw = tool.options.from_form(form) if form is not None else dict(options or {})
    lines, view = tool.run(game.state, hexes, tool.options.parse(raw, m))
    return {"key": tool.key, "title": tool.title, "hexes": [m.name(h) for h in hexes], "lines": list(lines),
            "view": view_data(m, view)}


def _started_params(game: Game) -> tuple[str, dict[str, Any]] | None:
    """The procedure under way and the parameters it was started with (its last start action
    in effect), or None when none is under way."""
    proc = game.state.procedure
    if proc is None:
        return None
    for en in reversed(game.entries):
        a = en.action
        if not en.undone and a.get("type") == "start" and a.get("procedure") == proc.procedure:
            params = a.get("params")
            return proc.procedure, dict(params) if isinstance(params, Mapping) else {}
    return None


def pack_view(system_key: str, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table-pack editor's data for a system: its entries as form fields (each with its
    rule) and the device's values; ``entries`` is empty when the system has none."""
    system = get(system_key)
    return {"system": system.key, "title": system.title, "entries": system.rules.pack.describe(),
            "values": dict(values or {})}


def _proc(game: Game, name: str) -> Procedure[Any]:
    return game.system.procedure(name)


def form_values(game: Game, name: str, flat: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON a form's inputs hold (see :meth:`~airhead.fields.Schema.from_form`), not yet
    checked: what the form shows again after a row is added or removed."""
    return _proc(game, name).params.from_form(flat)


def form_params(game: Game, name: str, flat: Mapping[str, Any]) -> dict[str, Any]:
    """A start action's JSON parameters from a form's inputs, checked exactly as starting the
    procedure checks them: :class:`DataError` names the field (``path``)."""
    proc = _proc(game, name)
    params = proc.params.from_form(flat)
    if proc.seal_label:  # the plan's secret part is sealed and waits for its reveal: start without it
        side, _ = proc.sealed_plan(params)
        if game.state.sealed(side, proc.seal_label_for(params)) is not None:
            params = {k: v for k, v in params.items() if not proc.params.field(k).secret}
    proc.read(game.state, params)
    return params


def seal_request(game: Game, name: str, flat: Mapping[str, Any]) -> dict[str, Any]:
    """What sealing the form's plan puts on this device: ``{"side", "label", "plan"}``, checked
    as starting it would be; :class:`DataError` if the procedure's plans are not sealed."""
    proc = _proc(game, name)
    if not proc.seal_label:
        raise DataError(f"a {proc.title} plan is not sealed")
    params = form_params(game, name, flat)
    side, plan = proc.sealed_plan(params)
    return {"side": side, "label": proc.seal_label_for(params), "plan": plan}


def view_data(m: HexMap, view: View) -> dict[str, Any]:
    """A :class:`View` as plain data with hex names."""
    return {
        "marks": [[m.name(h), role] for h, role in view.marks],
        "paths": [[m.name(h) for h in path] for path in view.paths],
        "zones": [[label, [m.name(h) for h in hexes]] for label, hexes in view.zones],
        "heat": {m.name(h): v for h, v in view.heat},
        "heat_unit": view.heat_unit,
        "heat_label": view.heat_label,
        "labels": [[m.name(h), text] for h, text in view.labels],
    }


def _view_from_data(m: HexMap, data: Mapping[str, Any]) -> View:
    def hx(name: Any) -> Hex:
        return m.parse(str(name), allow_offboard=True)

    unit = data.get("heat_unit", "%")
    return View(
        marks=tuple((hx(n), str(r)) for n, r in data.get("marks", ())),
        paths=tuple(tuple(hx(n) for n in p) for p in data.get("paths", ())),
        zones=tuple((str(label), tuple(hx(n) for n in hexes)) for label, hexes in data.get("zones", ())),
        heat=tuple((hx(n), float(v)) for n, v in dict(data.get("heat", {})).items()),
        heat_unit=unit if unit in ("%", "units", "count") else "%",
        heat_label=str(data.get("heat_label", "")),
        labels=tuple((hx(n), str(t)) for n, t in data.get("labels", ())),
    )


def _odds_data(m: HexMap, odds: Odds) -> dict[str, Any]:
    return {
        "facts": [{"key": f.key, "label": f.label, "value": f.value} for f in odds.facts],
        "reasons": list(odds.reasons),
        "tables": [{"key": t.key, "title": t.title, "rows": [[label, p] for label, p in t.rows]} for t in odds.tables],
        "lines": list(odds.lines),
        "notes": list(odds.notes),
        "view": view_data(m, odds.view),
    }


def odds_view(game: Game, name: str, params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The exact odds of a planned procedure, read exactly as starting it would read it (same
    checks, same settings): facts, reasons, tables, lines, notes and what the map shows; None if
    the procedure has no odds. A plan the procedure refuses raises its error."""
    proc = _proc(game, name)
    if not proc.has_odds:
        return None
    state = game.state
    odds = proc.odds(state, proc.read(state, params))
    return None if odds is None else _odds_data(state.scenario.map, odds)


def heatmap_view(game: Game, name: str, params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The heatmap of a plan still being written (only the fields it needs must be filled)."""
    proc = _proc(game, name)
    if not proc.has_heatmap:
        return None
    state = game.state
    view = proc.heatmap(state, proc.read_some(state, params))
    return None if view is None else view_data(state.scenario.map, view)


# ---------------------------------------------------------------------- the map
def map_view(game: Game) -> View:
    """What the map shows of the game itself: the procedure under way, else the last one
    finished."""
    st = game.state
    if st.procedure is not None:
        return game.system.procedure(st.procedure.procedure).view(st, st.procedure)
    for out in reversed(st.outcomes):
        proc = game.system.procedures.get(str(out.get("procedure")))
        if proc is not None:
            return proc.outcome_view(st, out)
    return View()


def overlay(game: Game, extra: Mapping[str, Any] | None = None, *, size: float = 24.0) -> str:
    """The overlay SVG of a game: its units and markers, what its procedures show (under way or
    last finished), the hexes its last action named, and ``extra`` (a plan's odds or heatmap
    view, as :func:`view_data` gives it) on top."""
    m = game.scenario.map
    view = map_view(game)
    if extra:
        view = view.merged(_view_from_data(m, extra))
    hit = []
    for name in last_hexes(game):
        try:
            hit.append(m.parse(name, allow_offboard=True))
        except DataError:
            continue
    return overlay_svg(game.scenario, view, counters=game.state.counters, hit=hit, size=size)


def _heat_colour(p: float) -> str:
    # red (0) -> amber (0.5) -> green (1)
    p = max(0.0, min(1.0, p))
    r = int(220 if p < 0.5 else 220 - (p - 0.5) * 2 * 170)
    g = int(60 + p * 2 * 120 if p < 0.5 else 180)
    return f"#{r:02x}{g:02x}40"


def _css(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower())


def overlay_svg(
    scenario: Scenario,
    view: View | None = None,
    *,
    counters: Counters | None = None,
    hit: Sequence[Hex] = (),
    size: float = 24.0,
) -> str:
    """An SVG ``<g>`` to lay over :func:`airhead.svg.render_map` (same coordinates).

    Heat tints hexes (``%``: a probability, red to green, printed as a percentage; ``units``:
    expected units, one hue, two decimals; ``count``: whole numbers, zeros included); marks
    outline hexes by role (CSS classes ``mark-<role>``); paths draw arrows from hex to hex;
    zones outline groups of hexes; labels print short text; counters draw units and markers;
    ``hit`` outlines the hexes the last action named.
    """
    view = view or View()
    m = scenario.map
    lay = Layout(size)
    g = ET.Element("g", {"class": "overlay", "pointer-events": "none"})

    def poly(h: Hex) -> str:
        return " ".join(f"{c.x:.1f},{c.y:.1f}" for c in lay.corners(h))

    if view.heat:
        hg = ET.SubElement(g, "g", {"class": f"heat heat-{'pct' if view.heat_unit == '%' else view.heat_unit}"})
        top = max((v for _, v in view.heat), default=0.0) or 1.0
        for h, p in view.heat:
            if view.heat_unit == "units" and p < 0.005:
                continue
            fill, opacity = _heat_fill(view.heat_unit, p, top)
            ET.SubElement(hg, "polygon", {"points": poly(h), "fill": fill, "opacity": opacity, "data-p": f"{p:.3f}",
                                          "data-hex": m.name(h)})
            c = lay.center(h)
            t = ET.SubElement(hg, "text", {"x": f"{c.x:.1f}", "y": f"{c.y + size * 0.12:.1f}", "font-size": f"{size * 0.32:.1f}",
                                           "text-anchor": "middle", "fill": "#111"})
            t.text = f"{round(p * 100)}" if view.heat_unit == "%" else (f"{p:.0f}" if view.heat_unit == "count" else f"{p:.2f}")
    for label, hexes in view.zones:
        zg = ET.SubElement(g, "g", {"class": "zone", "data-zone": label})
        for h in hexes:
            ET.SubElement(zg, "polygon", {"points": poly(h), "class": "zone-hex", "fill": "none"})
    marked: set[Hex] = set()
    for h, role in view.marks:
        marked.add(h)
        ET.SubElement(g, "polygon", {"points": poly(h), "class": f"mark mark-{_css(role)}", "data-hex": m.name(h), "fill": "none"})
    for h in hit:
        if h not in marked:
            ET.SubElement(g, "polygon", {"points": poly(h), "class": "mark mark-hit", "data-hex": m.name(h), "fill": "none"})
    for path in view.paths:
        steps = [h for i, h in enumerate(path) if i == 0 or path[i - 1] != h]
        if len(steps) < 2:
            continue
        pg = ET.SubElement(g, "g", {"class": "path"})
        for a, b in zip(steps, steps[1:]):
            pa, pb = lay.center(a), lay.center(b)
            dx, dy = pb.x - pa.x, pb.y - pa.y
            dist = math.hypot(dx, dy) or 1.0
            ux, uy = dx / dist, dy / dist
            tip = (pb.x - ux * size * 0.35, pb.y - uy * size * 0.35)
            ET.SubElement(pg, "line", {"x1": f"{pa.x:.1f}", "y1": f"{pa.y:.1f}", "x2": f"{tip[0]:.1f}", "y2": f"{tip[1]:.1f}",
                                        "class": "arrow", "data-from": m.name(a), "data-to": m.name(b)})
            left = (tip[0] - ux * size * 0.3 - uy * size * 0.18, tip[1] - uy * size * 0.3 + ux * size * 0.18)
            right = (tip[0] - ux * size * 0.3 + uy * size * 0.18, tip[1] - uy * size * 0.3 - ux * size * 0.18)
            ET.SubElement(pg, "polygon", {"points": f"{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}",
                                           "class": "arrowhead"})
    for h, text in view.labels:
        c = lay.center(h)
        ET.SubElement(g, "text", {"x": f"{c.x:.1f}", "y": f"{c.y - size * 0.25:.1f}", "font-size": f"{size * 0.28:.1f}",
                                  "text-anchor": "middle", "class": "label"}).text = text
    if counters is not None:
        _draw_counters(g, m, lay, counters, size)
    return ET.tostring(g, encoding="unicode")


def _draw_counters(g: ET.Element, m: HexMap, lay: Layout, counters: Counters, size: float) -> None:
    """Units as small stacked counters (the top one labelled, ``+n`` for the rest), markers as
    round badges, each with a title a long-press or hover shows."""
    cg = ET.SubElement(g, "g", {"class": "counters"})
    stacks: dict[Hex, list[Any]] = {}
    for u in counters.units:
        if u.hex is not None:
            stacks.setdefault(u.hex, []).append(u)
    side = size * 0.5
    for h, units in stacks.items():
        c = lay.center(h)
        shown = units[:3]
        for i, u in reversed(list(enumerate(shown))):  # the first placed on top
            off = i * size * 0.08
            x, y = c.x - side / 2 + off, c.y - side / 2 - size * 0.05 - off
            ug = ET.SubElement(cg, "g", {"class": f"counter unit kind-{_css(u.kind)} side-{_css(u.side)}"
                                         + "".join(f" status-{_css(s)}" for s in sorted(u.status)),
                                         "data-unit": u.id, "data-hex": m.name(h)})
            ET.SubElement(ug, "title").text = f"{u.name} ({u.kind}, {u.side})" + (f": {', '.join(sorted(u.status))}" if u.status else "")
            ET.SubElement(ug, "rect", {"x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{side:.1f}", "height": f"{side:.1f}",
                                       "rx": f"{size * 0.05:.1f}"})
        ET.SubElement(cg, "text", {"x": f"{c.x:.1f}", "y": f"{c.y - size * 0.02:.1f}", "font-size": f"{size * 0.16:.1f}",
                                   "text-anchor": "middle", "class": "counter-label"}).text = shown[0].name[:7]
        if len(units) > 3:
            ET.SubElement(cg, "text", {"x": f"{c.x + side * 0.7:.1f}", "y": f"{c.y + side * 0.55:.1f}", "font-size": f"{size * 0.18:.1f}",
                                       "class": "counter-more"}).text = f"+{len(units) - 3}"
    for i, mk in enumerate(mk for mk in counters.markers if mk.hex is not None):
        assert mk.hex is not None
        c = lay.center(mk.hex)
        mg = ET.SubElement(cg, "g", {"class": f"counter marker kind-{_css(mk.kind)}", "data-marker": mk.id, "data-hex": m.name(mk.hex)})
        ET.SubElement(mg, "title").text = mk.name + (f" (until the end of the {mk.expires})" if mk.expires else "")
        ET.SubElement(mg, "circle", {"cx": f"{c.x + size * 0.42:.1f}", "cy": f"{c.y + size * 0.3:.1f}", "r": f"{size * 0.16:.1f}"})
        ET.SubElement(mg, "text", {"x": f"{c.x + size * 0.42:.1f}", "y": f"{c.y + size * 0.36:.1f}", "font-size": f"{size * 0.16:.1f}",
                                   "text-anchor": "middle"}).text = mk.name[:1].upper()


# ---------------------------------------------------------------------- systems, for the editor
def terrain_options(system: str) -> list[dict[str, Any]]:
    """The terrain types a map of ``system`` may use: key, label and usual obstacle height."""
    return [{"key": k, "label": t.label, "obstacle": t.obstacle} for k, t in get(system).terrain_types.items()]


# ---------------------------------------------------------------------- the log's position (#14 item 8)
def _in_effect(game: Game) -> tuple[int, int]:
    """(actions in effect, actions undone) of ``game``: undo and redo markers are not counted."""
    done = undone = 0
    for en in game.entries:
        if en.action.get("type") in ("undo", "redo"):
            continue
        if en.undone:
            undone += 1
        else:
            done += 1
    return done, undone


def log_position(game: Game, step: int | None = None) -> str:
    """What the log's slider shows, in plain words: the game now (``step`` None) with how many
    actions are in effect and how many undone, or an earlier moment of the log (after its first
    ``step`` entries)."""
    total = len(game.entries)
    if step is not None and step < total:
        if step <= 0:
            return f"Showing the game before its first action (log entry 0 of {total})"
        return f"Showing the game as it was after log entry #{step} of {total}"
    done, undone = _in_effect(game)
    if not total:
        return "No actions yet"
    word = "action" if done + undone == 1 else "actions"
    if undone:
        return f"Now: {done} of {done + undone} {word} in effect, {undone} undone"
    return f"Now: {done} {word} in effect"


def last_change(game: Game) -> dict[str, Any] | None:
    """What the last logged action changed, for the log to scroll to and say: ``{"n", "kind",
    "text"}``. After an undo or redo, ``n`` is the entry it took back or brought back and the
    text names it in the log's words; otherwise ``n`` is the last entry. None for an empty log."""
    if not game.entries:
        return None
    last = game.entries[-1]
    kind = str(last.action.get("type"))
    if kind in ("undo", "redo"):
        # the entry it acted on, found as the game finds it: replaying its undo and redo stacks
        applied: list[int] = []
        redo: list[int] = []
        target = -1
        for en in game.entries:
            t = en.action.get("type")
            if t == "undo" and applied:
                target = applied.pop()
                redo.append(target)
            elif t == "redo" and redo:
                target = redo.pop()
                applied.append(target)
            elif t not in ("undo", "redo"):
                applied.append(en.index)
                redo.clear()
        verb = "Undone" if kind == "undo" else "Redone"
        if target < 0:
            return {"n": last.index + 1, "kind": kind, "text": f"{verb}."}
        done = game.entries[target]
        return {"n": target + 1, "kind": kind, "text": f"{verb}: #{target + 1} {game.describe(done.action)}"}
    return {"n": last.index + 1, "kind": kind, "text": f"#{last.index + 1} {game.describe(last.action)}"}


# ---------------------------------------------------------------------- legends (#14 item 6)
#: How :func:`airhead.svg.render_map` draws each fill pattern, in words.
_PATTERN_WORDS = {"dots": "dotted", "hatch": "hatched", "cross": "small crosses"}
#: The occupant badges :func:`airhead.svg.render_map` draws (E8.23: vehicles, wrecks, gliders).
_OCCUPANT_WORDS = {"glider": "a landed glider", "wreck": "a wreck", "vehicle": "a vehicle"}


def _swatch(fill: str, pattern: str = "", *, shape: str = "hex", stroke: str = "#7d7d6a", dash: str = "",
            text: str = "") -> str:
    """A small SVG (24 x 24) drawn as the map draws the thing it explains."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 24 24", "width": "24", "height": "24",
                             "class": "swatch", "aria-hidden": "true"})
    hexagon = "22,12 17,20.7 7,20.7 2,12 7,3.3 17,3.3"
    if shape == "hex":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": fill, "stroke": stroke, "stroke-width": "1"})
        if pattern == "dots":
            for x, y in ((8, 9), (16, 9), (12, 13), (8, 17), (16, 17)):
                ET.SubElement(svg, "circle", {"cx": str(x), "cy": str(y), "r": "1.2", "fill": "#3e6b2a"})
        elif pattern == "hatch":
            for d in ("M5,16 L11,6", "M9,19 L16,6", "M13,20 L19,10"):
                ET.SubElement(svg, "path", {"d": d, "stroke": "#2e5e4a", "stroke-width": "1"})
        elif pattern == "cross":
            for x, y in ((9, 10), (15, 15)):
                ET.SubElement(svg, "path", {"d": f"M{x},{y - 3} V{y + 3} M{x - 2},{y - 1} H{x + 2}", "stroke": "#555",
                                            "stroke-width": "1"})
    elif shape == "circle":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
        ET.SubElement(svg, "circle", {"cx": "12", "cy": "12", "r": "7", "fill": fill, "opacity": "0.85"})
    elif shape == "bar":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
        ET.SubElement(svg, "line", {"x1": "12", "y1": "2", "x2": "12", "y2": "22", "stroke": fill, "stroke-width": "6"})
    elif shape == "side":
        attrs = {"x1": "3", "y1": "20", "x2": "21", "y2": "4", "stroke": stroke, "stroke-width": "3", "stroke-linecap": "round"}
        if dash:
            attrs["stroke-dasharray"] = dash
        ET.SubElement(svg, "line", attrs)
    elif shape == "badge":
        ET.SubElement(svg, "rect", {"x": "5", "y": "5", "width": "14", "height": "14", "rx": "2", "fill": fill, "stroke": "#222"})
        ET.SubElement(svg, "text", {"x": "12", "y": "16.5", "font-size": "10", "text-anchor": "middle", "fill": "#111",
                                    "font-family": "sans-serif"}).text = text
    elif shape == "text":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
        ET.SubElement(svg, "text", {"x": "12", "y": "16", "font-size": "8", "text-anchor": "middle", "fill": "#222",
                                    "font-family": "sans-serif"}).text = text
    return ET.tostring(svg, encoding="unicode")


_OPEN_FILL = LEVEL_FILLS[0]  # open ground at level 0, as the map draws it


def terrain_legend(system: str, terrain: Terrain | None = None) -> dict[str, Any]:
    """What the map's drawing means, built from ``system``'s terrain table and the way
    :func:`airhead.svg.render_map` draws it: ``{"title", "sections": [{"title", "items": [{"key",
    "label", "text", "swatch"}]}]}``; ``swatch`` is a small SVG, ``text`` plain words.

    With ``terrain``, only what that map shows (its terrain types, marks, water, bridges,
    occupants and hexside features) is listed, open ground always."""
    types = get(system).terrain_types
    cells = list(terrain.hexes.values()) if terrain is not None else []
    used_types = {t.terrain for t in cells} | {"open"}
    sides_used: set[str] = set()
    if terrain is not None:
        for _, feats in terrain.features():
            sides_used |= set(feats)

    def shown(present: bool) -> bool:
        return terrain is None or present

    kinds = []
    for key, tt in types.items():
        if not shown(key in used_types):
            continue
        words = [tt.label]
        if tt.pattern:
            words.append(_PATTERN_WORDS.get(tt.pattern, tt.pattern))
        if tt.obstacle:
            words.append(f"usually a {tt.obstacle:g}-level obstacle")
        kinds.append({"key": f"terrain-{key}", "label": tt.label, "text": ", ".join(words[1:]),
                      "swatch": _swatch(tt.fill, tt.pattern)})
    marks = []
    if shown(any(t.base_level for t in cells)):
        marks.append({"key": "mark-level", "label": "L1, L2 …", "swatch": _swatch("", shape="text", text="L1"),
                      "text": "the hex's ground level (hills browner as they rise, L-1 a depression)"})
    def printed(t: Any) -> bool:  # render_map prints "+n" under exactly this condition
        tt = types.get(t.terrain)
        return bool(t.obstacle >= 1 and tt is not None and t.obstacle != tt.obstacle) or t.obstacle >= 2

    if shown(any(printed(t) for t in cells)):
        marks.append({"key": "mark-obstacle", "label": "+1, +2 …", "swatch": _swatch("", shape="text", text="+2"),
                      "text": "an obstacle that many levels tall, shown when it is 2 or more or not the terrain's usual height"})
    if shown(any(t.minefield for t in cells)):
        marks.append({"key": "mark-mines", "label": "M1, M2 …", "swatch": _swatch("", shape="text", text="M2"),
                      "text": "a minefield of that strength"})
    levels = [{"key": f"level-{k}", "label": f"Level {k}" if k >= 0 else "Below ground level",
               "text": f"ground at level {k}" if k >= 0 else "a depression",
               "swatch": _swatch(fill)} for k, fill in sorted(LEVEL_FILLS.items()) if k]
    if terrain is not None:
        present = {max(-1, min(4, math.floor(t.base_level))) for t in cells if t.base_level}
        levels = [x for x in levels if int(str(x["key"]).split("-", 1)[1]) in present]
    symbols = []
    if shown(any(t.water is not None for t in cells)):
        symbols.append({"key": "sym-water", "label": "Blue disc", "text": "water in the hex (pale blue: frozen)",
                        "swatch": _swatch("#6fa8dc", shape="circle")})
    if shown(any(t.bridge is not None for t in cells)):
        symbols.append({"key": "sym-bridge", "label": "Brown bar", "text": "a bridge, along its axis",
                        "swatch": _swatch("#5a4630", shape="bar")})
    if shown(any(t.blaze is not None for t in cells)):
        symbols.append({"key": "sym-blaze", "label": "Orange disc", "text": "a blaze",
                        "swatch": _swatch("#e8542f", shape="circle")})
    occupied = {o for t in cells for o in t.occupants}
    for occ, fill in OCCUPANT_FILLS.items():
        if shown(occ in occupied):
            symbols.append({"key": f"sym-{occ}", "label": f"{occ[0].upper()} badge", "text": _OCCUPANT_WORDS.get(occ, occ),
                            "swatch": _swatch(fill, shape="badge", text=occ[0].upper())})
    sides = []
    for feat, (colour, _, dash) in SIDE_STYLES.items():
        if shown(feat in sides_used):
            label = feat.replace("_side", "").replace("_", " ").capitalize()
            sides.append({"key": f"side-{feat}", "label": label, "text": "along a hexside" + (", dashed" if dash else ""),
                          "swatch": _swatch("", shape="side", stroke=colour, dash=dash.replace(" ", ",") if dash else "")})
    sections = [{"title": t, "items": items} for t, items in (
        ("Terrain", kinds), ("Marks printed in a hex", marks), ("Ground levels", levels), ("Symbols", symbols),
        ("Hexsides", sides)) if items]
    return {"title": "Map key", "sections": sections}


#: The one hue of heat in expected units or counts: light, so that the map multiplies it onto the
#: terrain (``mix-blend-mode: multiply`` in the app) and the hex names under it stay readable.
COUNT_HEAT = "#6fa8dc"


def _heat_fill(unit: str, p: float, top: float) -> tuple[str, str]:
    """Fill and opacity of a heat value, as :func:`overlay_svg` tints a hex: ``%`` red to green;
    expected units or counts one hue, darker where there are more."""
    if unit == "%":
        return _heat_colour(p), "0.55"
    return COUNT_HEAT, f"{0.15 + 0.6 * min(1.0, p / (top or 1.0)):.2f}"


def heat_legend(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The heatmap's key for a view (as :func:`view_data` gives it): its label and a colour scale,
    ``{"label", "unit", "stops": [{"text", "fill", "opacity"}]}`` from low to high, the colours
    exactly as the map tints hexes; None if the view has no heat."""
    heat = dict(view.get("heat") or {})
    if not heat:
        return None
    unit = str(view.get("heat_unit", "%"))
    unit = unit if unit in ("%", "units", "count") else "%"
    if unit == "%":
        values = [0.0, 0.25, 0.5, 0.75, 1.0]
    else:
        top = max(float(v) for v in heat.values()) or 1.0
        values = [top * i / 4 for i in range(5)]
    top = max((float(v) for v in heat.values()), default=0.0) or 1.0
    stops = []
    for v in values:
        fill, opacity = _heat_fill(unit, v, top)
        text = f"{round(v * 100)}%" if unit == "%" else (f"{v:.0f}" if unit == "count" else f"{v:.2f}")
        stops.append({"text": text, "fill": fill, "opacity": opacity})
    label = str(view.get("heat_label", "")) or ("chance per hex" if unit == "%" else "per hex")
    return {"label": label, "unit": unit, "stops": stops}


# ---------------------------------------------------------------------- secrets at the table (#14 item 5)
def _secret_paths(fields: Sequence[Field], prefix: str = "") -> list[tuple[str, Field, bool]]:
    """Every secret field under ``fields``: ``(pattern, field, top)`` — the pattern is the form's
    input path with ``*`` for any row or key (``passengers``, ``units.*.dummy``); ``top``: a field
    of the form itself, not of a row."""
    out: list[tuple[str, Field, bool]] = []
    for f in fields:
        path = f"{prefix}{f.key}"
        if f.secret:
            out.append((path, f, not prefix))
        elif f.kind == "record":
            out.extend((p, sub, False) for p, sub, _ in _secret_paths(f.fields, path + "."))
        elif f.kind in ("list", "mapping") and f.item is not None:
            if f.item.secret:
                out.append((path + ".*", f.item, False))
            elif f.item.kind == "record":
                out.extend((p, sub, False) for p, sub, _ in _secret_paths(f.item.fields, path + ".*."))
    return out


def _secret_side(game: Game, proc: Procedure[Any], f: Field, values: Mapping[str, Any]) -> str:
    """The side whose secret field ``f`` is: its ``owner``, else the side that seals the
    procedure's plan (read from the plan's open fields), else the side moving first."""
    first, second = game.state.sides
    if f.owner == "first":
        return first
    if f.owner == "second":
        return second
    secret = {x.key for x in proc.params if x.secret}
    open_values = {k: v for k, v in {**proc.fallbacks(game.state), **values}.items() if k not in secret}
    try:
        side = proc.sealed_plan(open_values)[0]
    except (ValueError, TypeError, KeyError, AttributeError):  # a half-written form: AirheadError is a ValueError
        side = ""
    return side or first


def _what(proc: Procedure[Any], f: Field, top: bool) -> str:
    """A secret in the players' words: the plan's seal label (``glider manifest``, ``landing
    plan``), ``dummy flags`` for a yes/no field of each row, else the field's label."""
    if top and proc.seal_label:
        return proc.seal_label
    if f.kind == "bool":
        return f"{f.label.lower()} flags" if not top else f"{f.label.lower()} flag"
    return f.label.lower()


def secrets_view(game: Game, name: str, values: Mapping[str, Any] | None = None,
                 viewer: str | None = None) -> dict[str, Any]:
    """What procedure ``name``'s form holds in secret and for whom, with the form's ``values``
    (JSON) and ``viewer`` (the side whose player confirmed "this is the <side> player", or None):
    ``{"viewer", "fields": [{"path", "label", "side", "what", "shown"}], "sides": [{"side", "what",
    "shown", "text", "button"}]}``. ``path`` is the input path with ``*`` for any row
    (``units.*.dummy``); a field is ``shown`` only to its own side's player. The core decides what
    is secret (:attr:`~airhead.fields.Field.secret`) and whose (:attr:`~airhead.fields.Field.owner`,
    else the side that seals the plan); the page only draws it."""
    proc = _proc(game, name)
    vals = dict(values or {})
    fields = []
    sides: dict[str, list[str]] = {}
    for path, f, top in _secret_paths(proc.params.fields):
        side = _secret_side(game, proc, f, vals)
        what = _what(proc, f, top)
        fields.append({"path": path, "label": f.label, "side": side, "what": what, "shown": side == viewer})
        if what not in sides.setdefault(side, []):
            sides[side].append(what)
    out = []
    for side, whats in sides.items():
        what = " and ".join(whats)
        shown = side == viewer
        text = (f"Showing the {side} player's {what}: tap 'Hide again' before the device changes hands" if shown else
                f"Hidden: the {side} player's {what} — tap 'I am the {side} player' to see it")
        out.append({"side": side, "what": what, "shown": shown, "text": text, "button": f"I am the {side} player"})
    return {"viewer": viewer or "", "fields": fields, "sides": out}


def secret_path(view: Mapping[str, Any], path: str) -> dict[str, Any] | None:
    """The secret field (of :func:`secrets_view`) an input path lies in (``units.2.dummy`` in
    ``units.*.dummy``, ``passengers.0.name`` in ``passengers``), or None."""
    parts = str(path).split(".")
    for f in view.get("fields", ()):
        pat = str(f["path"]).split(".")
        if len(parts) >= len(pat) and all(p == "*" or p == q for p, q in zip(pat, parts)):
            return dict(f)
    return None


def _positions(data: Any, pattern: Sequence[str], at: str = "") -> list[tuple[Any, Any, str]]:
    """The places in JSON ``data`` a pattern names (``*``: every row or key), each as
    ``(container, key, input path)``."""
    if not pattern:
        return []
    head, rest = pattern[0], pattern[1:]
    if isinstance(data, list):
        keys: list[Any] = list(range(len(data))) if head == "*" else (
            [int(head)] if head.isdigit() and int(head) < len(data) else [])
    elif isinstance(data, dict):
        keys = list(data) if head == "*" else ([head] if head in data else [])
    else:
        return []
    out: list[tuple[Any, Any, str]] = []
    for k in keys:
        path = f"{at}.{k}" if at else str(k)
        out.extend([(data, k, path)] if not rest else _positions(data[k], rest, path))
    return out


def _hidden(game: Game, name: str, values: Mapping[str, Any], viewer: str | None) -> list[tuple[str, Field]]:
    proc = _proc(game, name)
    view = secrets_view(game, name, values, viewer)
    fields = {p: f for p, f, _ in _secret_paths(proc.params.fields)}
    return [(str(x["path"]), fields[str(x["path"])]) for x in view["fields"] if not x["shown"]]


def hide_secrets(game: Game, name: str, values: Mapping[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """The plan (JSON ``values``) as ``viewer``'s player may know it: every secret of another side
    put back to its field's default (left out if it has none). The odds and the heatmap on screen
    are worked out from this, so that they give away no secret (an enemy dummy that makes no
    opportunity fire)."""
    out: dict[str, Any] = _json_copy(dict(values))
    for path, f in _hidden(game, name, out, viewer):
        for box, key, _ in _positions(out, path.split(".")):
            if f.required or f.default is None:
                if isinstance(box, dict):
                    del box[key]
            else:
                box[key] = _json_copy(f.default)
    return out


def secret_inputs(game: Game, name: str, values: Mapping[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """The form inputs (path -> text or checkbox state, as :meth:`~airhead.fields.Schema.from_form`
    reads them) of every secret hidden from ``viewer``, from the plan's JSON ``values``: a hidden
    secret is not drawn, and the page reads it back from here, so hiding it changes nothing."""
    out: dict[str, Any] = {}
    for path, f in _hidden(game, name, values, viewer):
        for box, key, at in _positions(dict(values), path.split(".")):
            _flat(f, box[key], at, out)
    return out


def _flat(f: Field, value: Any, path: str, out: dict[str, Any]) -> None:
    """``value`` (JSON) of field ``f`` as the form's inputs at ``path``."""
    if value is None:
        return
    k = f.kind
    if k == "record":
        if not f.required:
            out[f"{path}.on"] = True
        if isinstance(value, dict):
            for sub in f.fields:
                _flat(sub, value.get(sub.key), f"{path}.{sub.key}", out)
    elif k == "list" and f.item is not None:
        rows = value if isinstance(value, list) else []
        out[f"{path}.count"] = str(len(rows))
        for i, v in enumerate(rows):
            _flat(f.item, v, f"{path}.{i}", out)
    elif k == "mapping" and f.item is not None:
        if isinstance(value, dict):
            for key, v in value.items():
                if not f.choices:
                    out[f"{path}.{key}.key"] = str(key)
                _flat(f.item, v, f"{path}.{key}", out)
    elif k == "bool":
        out[path] = bool(value)
    elif k != "any":
        out[path] = str(value)


def _json_copy(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _json_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_json_copy(v) for v in x]
    return x
