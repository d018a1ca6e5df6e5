"""The reducer's map and scenario edits (an ``edit`` action, no procedure under way): a hex's
terrain, a hexside, a unit or marker placed, moved or removed, the scenario's settings, and VASL's
SSR terrain options chosen in play."""

from __future__ import annotations

import json

from .actions import JSONDict, setting_words, want
from .boards import HexNameError
from .counters import Marker, Unit
from .errors import ActionError, DataError, quoted
from .events import Event
from .fields import dump_fields, parse_fields
from .frozen import replace
from .hexes import DIRECTION_NAMES
from .plug import GameState
from .scenario import MAX_SETTINGS, MAX_SETTINGS_CHARS, MAX_SSR
from .terrain import HexTerrain
from .terrain_words import feature_words, hex_words
from .work import spend

__all__ = ["edit"]


def edit(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    """Apply an ``edit`` action :func:`~airhead.actions.check_action` has checked, by its ``op``."""
    if a["op"] in ("unit", "marker"):
        return _edit_counter(state, a)
    if a["op"] == "settings":
        return _edit_settings(state, a)
    if a["op"] == "ssr":
        return _edit_ssr(state, a)
    return _edit(state, a)


def _edit(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    m = state.scenario.map
    try:
        h = m.parse(a["hex"])
    except HexNameError as e:
        raise ActionError(str(e)) from None
    if a["op"] == "side":
        d = DIRECTION_NAMES.index(a["dir"])
        on = a.get("on", True) is not False
        terrain = (state.terrain.add_side if on else state.terrain.remove_side)(h, d, a["feature"])
        verb = "added" if on else "removed"
        across = h.neighbor(d)
        where = f"hexside {m.name(h)}–{m.name(across)}" if m.in_play(across) else f"the {a['dir']} hexside of {m.name(h)}"
        event = Event("edit", "", f"{where}: {feature_words(a['feature'])} {verb}", None, (m.name(h),))
    else:
        merged = dict(state.terrain.at(h).to_data())
        for k, v in a["set"].items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        try:
            new = HexTerrain.from_data(merged)
        except DataError as err:
            raise ActionError(f"{m.name(h)}: {err}") from None
        types = state.system.terrain_types
        if new.terrain not in types:
            raise ActionError(f"{m.name(h)}: unknown terrain {quoted(new.terrain)} for {state.system.title} (one of {', '.join(types)})")
        terrain = state.terrain.set_hex(h, new)
        labels = {k: t.label for k, t in types.items()}
        usual = {k: t.obstacle for k, t in types.items()}
        event = Event("edit", "", f"{m.name(h)} now: {hex_words(new, labels, usual)}", None, (m.name(h),))
    return replace(state, terrain=terrain), [event]


def _edit_settings(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    """Change the scenario's settings (its SSR: night, the year, a disputed reading...) in a
    running game: each value in ``set`` replaces the setting (null puts back its default).

    Applied incrementally: only the settings named are read by the system's schema (a wrong
    value, or a key the system does not have, is refused with its reason); the others keep
    their typed values. The result is held to a scenario's caps (``scenario.MAX_SETTINGS`` keys,
    ``MAX_SETTINGS_CHARS`` of JSON), so no edit makes the next one cost more. The sides are fixed
    when the map is made (the counters name them)."""
    system = state.system
    schema = system.rules.settings
    root = system.rules.settings_root
    changes = a["set"]
    want("sides" not in changes, "the sides are set when the map is made: start a new map to change them")
    known = {f.key: f for f in schema.fields}
    unknown = sorted(str(k) for k in changes if k not in known)
    if unknown:
        raise ActionError(f"unknown setting(s) for {system.title}: {', '.join(unknown)[:80]}")
    raw = dict(state.scenario.settings)
    own = dict(raw.get(root) or {}) if root else raw
    for k, v in changes.items():
        if v is None:
            own.pop(k, None)
        else:
            own[k] = v
    if root:
        raw[root] = own
        if not own:
            raw.pop(root)
    want(len(own) <= MAX_SETTINGS and len(json.dumps(raw)) <= MAX_SETTINGS_CHARS,
          f"a scenario's settings hold at most {MAX_SETTINGS} values and {MAX_SETTINGS_CHARS:,} characters of JSON: "
          "this change would make them larger")
    fields = [known[k] for k in sorted(changes)]
    try:
        parsed = parse_fields(fields, {k: v for k, v in changes.items() if v is not None}, state.scenario.map,
                              what="setting")
    except DataError as e:
        raise ActionError(f"settings: {e}") from None
    scenario = replace(state.scenario, settings=raw)
    terrain, reread = state.terrain, ""
    if "vasl_speckled" in changes and scenario.boards:  # the boards' hexes read again, as an SSR option in play
        from .vasl.derive import speckled_reading
        from .vasl.library import reread_speckled

        reading = speckled_reading(raw)
        if reading != speckled_reading(state.scenario.settings):
            spend(len(scenario.map.hexes()))
            try:
                base, terrain = reread_speckled(scenario, terrain, reading)
                n = sum(1 for h in set(base.hexes) | set(scenario.base.hexes) if base.at(h) != scenario.base.at(h))
                reread = f"; the boards' hexes read again: {n} {'hex' if n == 1 else 'hexes'} now read otherwise"
            except DataError as e:
                raise ActionError(str(e)) from None
            scenario = replace(scenario, base=base)
    settings = {**state.settings, **parsed}
    typed = dump_fields(fields, parsed, scenario.map)
    words = []
    for f in fields:
        v = typed.get(f.key)
        options = f.options() if f.kind in ("direction", "choice") else ()
        shown = next((str(lb) for val, lb in options if val == v), None)  # "5 (SW)"
        words.append(f"{f.label} {shown or ('—' if v is None else setting_words(v))}")
    event = Event("edit", "", "scenario settings changed: " + "; ".join(words) + reread)
    return replace(state, scenario=scenario, settings=settings, terrain=terrain), [event]


def _edit_ssr(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    """Choose VASL's SSR terrain options in a running game (``set``: every option the game is to
    have, in order). The options the game already has stay, in their order, at the front; each
    new one is applied to the terrain as it stands (the boards' terrain and every edit made over
    it), as the scenario's own are applied to its boards. One already applied cannot be taken off
    in play (the hexes it changed may have been edited or played on since): Undo takes off the
    edit that chose it, or a new map starts without it (docs/rules-notes.md, "SSR terrain
    options in play")."""
    from .vasl.ssr import apply_ssr, describe_options

    now, wanted = tuple(state.scenario.ssr), tuple(a["set"])
    dropped = [n for n in now if n not in wanted]
    want(not dropped, f"the SSR terrain option {dropped[0] if dropped else ''} is already applied to this game's terrain "
                      "and cannot be taken off in play: Undo the change that chose it, or start a new map without it")
    want(wanted[:len(now)] == now, "the SSR terrain options already applied stay first, in their order")
    added = list(dict.fromkeys(wanted[len(now):]))
    want(bool(added) and len(added) == len(wanted) - len(now), "name each new SSR terrain option once")
    want(len(wanted) <= MAX_SSR, f"a game has at most {MAX_SSR} SSR terrain options")
    hexes = state.scenario.map.hexes()
    spend(len(hexes) * len(added))  # every hex of the map read once per option
    try:
        if any(":" in n for n in added):  # a board's own options (10:BSO_10_PondToOG): pictures only
            from .vasl.board_ssr import check_board_options
            from .vasl.library import map_boards

            sc = state.scenario
            check_board_options(added, [p.board_id for p in sc.map.placements], sc.boards, map_boards(sc.boards))
        terrain = apply_ssr(state.terrain, added, hexes)
        # the boards' terrain under the game's options (Scenario.base): the precise LOS reads a hex
        # this option changed from the boards' pixels it changed, not whole as a player's edit
        base = apply_ssr(state.scenario.base, added, hexes) if state.scenario.boards else state.scenario.base
    except DataError as e:
        raise ActionError(str(e)) from None
    event = Event("edit", "", f"SSR terrain options applied to the map: {describe_options(added)}")
    scenario = replace(state.scenario, ssr=wanted, base=base)
    return replace(state, scenario=scenario, terrain=terrain), [event]


def _edit_counter(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    m = state.scenario.map
    counters = state.counters
    uid, op = a["id"], a["op"]
    present = counters.unit(uid) if op == "unit" else counters.marker(uid)
    if a.get("remove"):
        if present is None:
            raise ActionError(f"there is no {op} {quoted(uid)} to remove")
        return replace(state, counters=counters.remove(uid)), [Event("edit", "", f"unit {present.name} removed" if op == "unit" else f"{present.name} marker removed")]
    where = None
    if a.get("hex") is not None:
        try:
            where = m.parse(a["hex"], allow_offboard=False)
        except HexNameError as e:
            raise ActionError(str(e)) from None
    if op == "unit":
        unit = Unit(uid, a.get("side") or state.sides[0], a["kind"], where, frozenset(a.get("status") or ()),
                    label=a.get("label") or "")
        counters = counters.put(unit)
    else:
        expires = a.get("expires") or ""
        if expires:
            try:
                state.system.track.index(expires)
            except KeyError:
                raise ActionError(f"no phase {quoted(expires)} for a marker to expire at") from None
        counters = counters.mark(Marker(uid, a["kind"], where, a.get("side") or "", expires, a.get("label") or ""))
    place = m.name(where) if where is not None else "off the map"
    verb = "moved to" if present is not None else "placed in" if where is not None else "placed"
    hexes = (m.name(where),) if where is not None else ()
    name = a.get("label") or (uid if op == "unit" else a["kind"])  # as the counter names itself (Unit.name, Marker.name)
    what = f"unit {name} ({a['kind']})" if op == "unit" else f"{name} marker" if name == a["kind"] else f"{name} marker ({a['kind']})"
    return replace(state, counters=counters), [Event("edit", "", f"{what} {verb} {place}", None, hexes)]
