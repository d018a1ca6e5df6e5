"""ASL map tools (plug :class:`~airhead.plug.Tool`): answers the Hex panel gives without dice.

* **Line of sight** between two tapped hexes at ground level (:func:`airhead.asl.los.los`, hex by
  hex, with what blocks or hinders it; on imported boards :func:`airhead.asl.los_grid.trace`,
  over the boards' pixels) — the players overrule it where the printed map differs;
* **Illuminated Zone** of a Blaze (E1.94) with its shadows (E1.941);
* **Night visibility** from a hex (E1.1): the hexes within the current Base NVR, and those
  beyond it that are Illuminated (E1.101) by a Starshell, an IR or a Blaze on the map.
"""

from __future__ import annotations

from ..errors import RulesError
from ..hexes import Hex
from ..plug import GameState, Tool, View
from .illumination import illuminated_hexes
from .los import LosSettings, illuminated_zone, los, los_view
from .los_grid import grid_view, on_boards, trace
from .night import current_nvr, is_night, within_nvr

__all__ = ["TOOLS", "line_of_sight", "blaze_zone", "night_visibility"]


def line_of_sight(state: GameState, hexes: tuple[Hex, ...]) -> tuple[tuple[str, ...], View]:
    """LOS from the first hex to the second, both at ground level, explained hex by hex; on a
    map of imported boards traced over their pixels (:mod:`.los_grid`), with the hex-by-hex
    reading beside it where the two differ (the board's terrain applies)."""
    a, b = hexes
    settings = LosSettings.from_settings(state.settings)
    sight = los(state.terrain, a, b, settings=settings, types=state.system.terrain_types)
    label = state.scenario.map.label
    if not on_boards(state.scenario):
        return tuple(sight.explain(label)), los_view(state, a, b)
    fine = trace(state.scenario.with_terrain(state.terrain), a, b, settings=settings)
    lines = fine.explain(label)
    if fine.blocked != sight.blocked:
        verdict = "LOS blocked" if sight.blocked else "LOS clear"
        lines.append(f"Read hex by hex, as on a painted map: {verdict}; the board's own terrain applies")
    return tuple(lines), grid_view(fine)


def blaze_zone(state: GameState, hexes: tuple[Hex, ...]) -> tuple[tuple[str, ...], View]:
    """E1.94 / E1.941: the Illuminated Zone of the Blaze in the hex, and the hexes in its shadow."""
    (h,) = hexes
    m = state.scenario.map
    if state.terrain.at(h).blaze is None:
        raise RulesError(f"there is no Blaze in {m.label(h)}: mark one in the Edit tab (Blaze tool) first (E1.94)")
    zone = illuminated_zone(state.terrain, h, settings=LosSettings.from_settings(state.settings),
                            types=state.system.terrain_types, in_play=m.in_play)
    return tuple(zone.explain(m.label)), zone.view()


def night_visibility(state: GameState, hexes: tuple[Hex, ...]) -> tuple[tuple[str, ...], View]:
    """E1.1 / E1.101 / E1.13: what a unit in the hex can see by range at night: the hexes within
    the current Base NVR, and the Illuminated hexes beyond it (LOS still applies: use Line of
    sight for a particular hex)."""
    (h,) = hexes
    m = state.scenario.map
    if not is_night(state):
        raise RulesError("Night rules are not in effect in this scenario (E1.1: set 'Night rules in effect' in its settings)")
    nvr = current_nvr(state)
    lit = set(illuminated_hexes(state))
    within = tuple(x for x in h.within(nvr) if m.in_play(x))
    beyond = tuple(x for x in sorted(lit, key=lambda x: (x.distance(h), x.q, x.r))
                   if m.in_play(x) and not within_nvr(h, x, nvr) and within_nvr(h, x, nvr, illuminated=True))
    lines = [f"Base NVR {nvr}: from {m.label(h)} a unit sees at most {nvr} hex{'es' if nvr != 1 else ''} away (E1.1)"]
    if nvr == 0:
        lines.append("NVR 0: every Location but its own is beyond its NVR (E1.13)")
    if beyond:
        lines.append(f"beyond the NVR but Illuminated, so within sight by range: {', '.join(m.label(x) for x in beyond[:24])}"
                     f"{'…' if len(beyond) > 24 else ''} (E1.101)")
    lines.append("a Gunflash in LOS is seen whatever the range (E1.81); LOS obstacles still block (use Line of sight)")
    zones = [(f"within NVR {nvr}", within)] + ([("Illuminated beyond the NVR", beyond)] if beyond else [])
    return tuple(lines), View(marks=((h, "viewer"),), zones=tuple(zones))


TOOLS: tuple[Tool, ...] = (
    Tool("los", "Line of sight", 2, line_of_sight,
         "from this hex to the next hex you tap, at ground level, read from your boards' own terrain "
         "(on a map you painted: hex by hex)"),
    Tool("nvr", "Night visibility", 1, night_visibility, "the hexes within the current NVR of a unit here (E1.1)"),
    Tool("blaze", "Blaze's Illuminated Zone", 1, blaze_zone, "the hexes a Blaze here lights, and its shadows (E1.94)"),
)
