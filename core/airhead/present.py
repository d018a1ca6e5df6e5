"""Plain data for the views: what a page needs to show a game, computed in the core.

The browser views only draw what these functions return (JSON-able dicts and SVG strings), so
every fact on screen comes from the rules core and is tested on CPython and in Pyodide.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from .asl.gliders import AAFirer, approach, landing_drm
from .asl.gliders_odds import OUTCOME_LABELS, glider_odds, heatmap
from .boards import HexMap, HexNameError
from .game import Game
from .hexes import Hex, Layout
from .scenario import Scenario
from .terrain import Terrain

__all__ = ["prompt_view", "log_view", "last_hexes", "glider_preview", "heatmap_view", "overlay_svg", "PresentError", "procedure_menu", "plan_odds"]


class PresentError(ValueError):
    """Bad input from a view (a hex name, a wind direction)."""


def prompt_view(game: Game) -> dict[str, Any] | None:
    """What the game waits for: ``{"kind", "rule", "label", "text", "dice": [[name, sides]],
    "options": [...]}``, or None when no procedure is under way."""
    p = game.waiting_for()
    if p is None:
        return None
    return {
        "kind": p.kind,
        "rule": p.rule,
        "label": p.label,
        "text": p.describe(),
        "dice": p.dice.to_data() if p.dice else [],
        "options": list(p.options),
    }


def log_view(game: Game) -> list[dict[str, Any]]:
    """Every logged action with its events: ``{"n", "text", "undone", "events": [{rule, kind,
    text, hexes}]}`` (text is plain text: views must insert it as text, never as markup)."""
    from .game import describe_action

    out = []
    for en in game.entries:
        out.append({
            "n": en.index + 1,
            "text": describe_action(en.action),
            "undone": en.undone,
            "events": [{"rule": e.rule, "kind": e.kind, "text": e.render(), "hexes": list(e.hexes)} for e in en.events],
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


def _hex(m: HexMap, name: str) -> Hex:
    try:
        return m.parse(name, allow_offboard=True)
    except HexNameError as e:
        raise PresentError(str(e)) from None


def glider_preview(
    scenario: Scenario,
    terrain: Terrain,
    ilh: str,
    wind: int,
    aa: Sequence[Mapping[str, Any]] = (),
    *,
    night: bool = False,
) -> dict[str, Any]:
    """A planned glider (E8): its Avenue of Approach (real and equivalent hexes), the Landing drm
    with its reasons, and the exact odds of each outcome and landing hex."""
    if not isinstance(wind, int) or not 1 <= wind <= 6:
        raise PresentError("Wind Direction must be 1..6")
    m = scenario.map
    h = _hex(m, ilh)
    appr = approach(m, h, wind)
    drm, events = landing_drm(terrain, appr)
    firers = [AAFirer.from_data(dict(a)) for a in aa]
    gusts = scenario.settings.get("weather") == "Gusty"
    odds = glider_odds(terrain, m, h, wind, aa=firers, night=night, gusts=gusts)
    return {
        "ilh": m.name(h),
        "avenue": [m.name(x) for x in appr.avenue()],
        "avenue_terrain": [m.name(x) for x in appr.avenue_terrain()],
        "drm": drm,
        "reasons": [e.render() for e in events],
        "outcomes": [{"key": k, "label": OUTCOME_LABELS[k], "p": float(v)} for k, v in odds.outcomes.items() if v],
        "landing": {m.name(x): float(p) for x, p in sorted(odds.landing.items(), key=lambda kv: -kv[1])},
        "minefield": odds.minefield,
    }


def heatmap_view(scenario: Scenario, terrain: Terrain, wind: int, *, night: bool = False) -> dict[str, float]:
    """Per hex name: the probability a glider aimed there (no Light AA) comes down on the board."""
    gusts = scenario.settings.get("weather") == "Gusty"
    m = scenario.map
    return {m.name(h): v[0] for h, v in heatmap(terrain, m, wind, night=night, gusts=gusts).items()}


def _heat_colour(p: float) -> str:
    # red (0) -> amber (0.5) -> green (1)
    p = max(0.0, min(1.0, p))
    r = int(220 if p < 0.5 else 220 - (p - 0.5) * 2 * 170)
    g = int(60 + p * 2 * 120 if p < 0.5 else 180)
    return f"#{r:02x}{g:02x}40"


def overlay_svg(
    scenario: Scenario,
    *,
    size: float = 24.0,
    marks: Mapping[str, str] | None = None,
    path: Sequence[str] = (),
    heat: Mapping[str, float] | None = None,
    heat_unit: str = "%",
) -> str:
    """An SVG ``<g>`` to lay over :func:`airhead.svg.render_map` (same coordinates).

    ``marks`` outlines hexes by role (``ilh``, ``avenue``, ``landed``, ``hit`` ...: CSS classes
    ``mark-<role>``); ``path`` draws arrows from hex to hex (evasive moves, the landing);
    ``heat`` tints hexes by probability and prints it as a percentage (``heat_unit="%"``), for
    expected numbers of units with two decimals (``"units"``), or as whole counts (``"count"``,
    e.g. a drift diagram's sticks per hex).
    """
    m = scenario.map
    lay = Layout(size)
    g = ET.Element("g", {"class": "overlay", "pointer-events": "none"})
    if heat:
        hg = ET.SubElement(g, "g", {"class": "heat"})
        top = max(heat.values(), default=0.0) or 1.0
        for name, p in heat.items():
            if heat_unit == "units" and p < 0.005:
                continue
            h = _hex(m, name)
            pts = " ".join(f"{c.x:.1f},{c.y:.1f}" for c in lay.corners(h))
            if heat_unit == "%":
                fill, opacity = _heat_colour(p), "0.55"
            else:  # expected numbers of units: one hue, darker where more are expected
                fill, opacity = "#1c5fd4", f"{0.15 + 0.6 * min(1.0, p / top):.2f}"
            ET.SubElement(hg, "polygon", {"points": pts, "fill": fill, "opacity": opacity, "data-p": f"{p:.3f}"})
            c = lay.center(h)
            t = ET.SubElement(hg, "text", {"x": f"{c.x:.1f}", "y": f"{c.y + size * 0.12:.1f}", "font-size": f"{size * 0.32:.1f}",
                                           "text-anchor": "middle", "fill": "#111"})
            t.text = f"{round(p * 100)}" if heat_unit == "%" else (f"{p:.0f}" if heat_unit == "count" else f"{p:.2f}")
    for name, role in (marks or {}).items():
        h = _hex(m, name)
        pts = " ".join(f"{c.x:.1f},{c.y:.1f}" for c in lay.corners(h))
        ET.SubElement(g, "polygon", {"points": pts, "class": f"mark mark-{role}", "data-hex": name, "fill": "none"})
    if len(path) >= 2:
        pg = ET.SubElement(g, "g", {"class": "path"})
        for a, b in zip(path, path[1:]):
            pa, pb = lay.center(_hex(m, a)), lay.center(_hex(m, b))
            dx, dy = pb.x - pa.x, pb.y - pa.y
            dist = math.hypot(dx, dy) or 1.0
            ux, uy = dx / dist, dy / dist
            tip = (pb.x - ux * size * 0.35, pb.y - uy * size * 0.35)
            ET.SubElement(pg, "line", {"x1": f"{pa.x:.1f}", "y1": f"{pa.y:.1f}", "x2": f"{tip[0]:.1f}", "y2": f"{tip[1]:.1f}",
                                        "class": "arrow", "data-from": a, "data-to": b})
            left = (tip[0] - ux * size * 0.3 - uy * size * 0.18, tip[1] - uy * size * 0.3 + ux * size * 0.18)
            right = (tip[0] - ux * size * 0.3 + uy * size * 0.18, tip[1] - uy * size * 0.3 - ux * size * 0.18)
            ET.SubElement(pg, "polygon", {"points": f"{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}",
                                           "class": "arrowhead"})
    return ET.tostring(g, encoding="unicode")


# ---------------------------------------------------------------------------- other systems
def procedure_menu(scenario: Scenario) -> list[dict[str, Any]]:
    """The procedures a player starts for this scenario's game system, each with default
    parameters taken from the scenario's written plan (``settings``), ready to edit."""
    from .game import procedures

    procs = procedures()
    settings = scenario.settings
    out: list[dict[str, Any]] = []

    def item(name: str, params: Mapping[str, Any]) -> None:
        if name in procs:
            out.append({"name": name, "title": procs[name].title, "params": dict(params)})

    if scenario.system == "army_group":
        ag = settings.get("army_group", {})
        item("army_group.landing", ag.get("plan", {}) if isinstance(ag, Mapping) else {})
    elif scenario.system == "panzer_leader":
        pl = settings.get("panzer_leader", {})
        plan = pl.get("plan", {}) if isinstance(pl, Mapping) else {}
        item("panzer_leader.wind", {"turn": 1})
        drops = plan.get("paradrop", {}) if isinstance(plan, Mapping) else {}
        gliders = plan.get("gliders", {}) if isinstance(plan, Mapping) else {}
        written = [{"turn": 1, "kind": "paradrop", "target": d["target"]} for d in drops.get("drops", []) if isinstance(d, Mapping)]
        written += [{"turn": 1, "kind": "glider", "target": g["target"]} for g in gliders.get("gliders", []) if isinstance(g, Mapping)]
        item("panzer_leader.landing_plan", {"plan": written})
        item("panzer_leader.paradrop", drops)
        item("panzer_leader.gliders", gliders)
    elif scenario.system == "asl":
        item("asl.random_location", {"from": scenario.map.name(scenario.map.hexes()[0])})
    return out


def plan_odds(game: Game, procedure: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Exact odds of a planned drop before it is made, as ``{"heat": {hex: p}, "lines": [...]}``.

    The plan is read by the procedure's own ``start`` (the same validation as starting it; an
    invalid plan raises :class:`~airhead.game.ActionError`); the odds come from the system's odds
    module, which runs every die face through the procedure's rule functions. ``heat`` is the
    expected number of units (sticks, gliders) ending alive in each hex.
    """
    from fractions import Fraction

    from .game import ActionError, procedures

    proc = procedures().get(procedure)
    if proc is None:
        raise ActionError(f"unknown procedure {procedure!r}")
    state = game.state
    data = proc.start(state, params).proc
    if data is None:
        raise ActionError("this procedure has nothing to forecast")
    d = data.data
    m = state.scenario.map
    heat: dict[str, Fraction] = {}
    lines: list[str] = []

    def pct(p: Fraction) -> str:
        return f"{float(p):.1%}"

    if procedure == "army_group.landing":
        from .army_group.forces import Paratrooper
        from .army_group.landing import LandingRules
        from .army_group.odds import unit_odds

        rules = LandingRules.from_scenario(state.scenario)
        enemy = frozenset(m.parse(e["hex"]) for e in d["enemy"])
        friendly = frozenset(m.parse(f) for f in d["friendly"])
        for u in d["queue"]:
            unit = Paratrooper.from_data({k: v for k, v in u.items() if k != "at"})
            uo = unit_odds(m, state.terrain, unit, m.parse(u["at"]), rules, friendly, enemy)
            for h, p in uo.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            lines.append(f"{unit.id}: lost {pct(uo.lost)}, eliminated {pct(uo.eliminated)}, displaced {pct(uo.displaced)}, "
                         f"expected losses {float(uo.expected_losses):.2f}")
        lines.append("Opportunity fire is not included (it depends on the defender).")
    elif procedure == "panzer_leader.paradrop":
        from .panzer_leader.odds import paradrop_odds
        from .panzer_leader.wind import Wind

        wind = Wind.from_data(d["wind"])
        drops = [(m.parse(t["target"]), [s["id"] for s in t["sticks"]]) for t in d["targets"]]
        po = paradrop_odds(m, state.terrain, wind, drops)
        for s in po.sticks:
            for h, p in s.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            lines.append(f"stick {s.id}: lost {pct(s.lost)}, eliminated {pct(s.eliminated)}, dispersed {pct(s.dispersed)}")
        lines.append(f"expected sticks lost or eliminated: {float(po.expected_losses):.2f}")
        lines += [f"{h} over two platoons: {pct(p)}" for h, p in po.overstacked.items() if p]
    elif procedure == "panzer_leader.gliders":
        from .panzer_leader.odds import glider_odds as pl_glider_odds
        from .panzer_leader.wind import Wind

        wind = Wind.from_data(d["wind"])
        gl = [(g["id"], m.parse(g["target"]), int(g["heading"])) for g in d["gliders"]]
        for go in pl_glider_odds(m, wind, gl):
            for h, p in go.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            lines.append(f"glider {go.id}: lost {pct(go.lost)}, dispersed {pct(go.dispersed)}")
        lines.append("Anti-aircraft fire is not included (entered at the table).")
    else:
        raise ActionError(f"no odds for {proc.title}")
    return {"heat": {h: float(p) for h, p in heat.items()}, "lines": lines}
