"""ASL map tools (plug :class:`~airhead.plug.Tool`): answers the Hex panel gives without dice.

* **Line of sight** between two tapped hexes at ground level (:func:`airhead.asl.los.los`, hex by
  hex, with what blocks or hinders it; on imported boards :func:`airhead.asl.los_grid.trace`,
  over the boards' pixels) — the players overrule it where the printed map differs;
* **Illuminated Zone** of a Blaze (E1.94) with its shadows (E1.941);
* **Night visibility** from a hex (E1.1): the hexes within the current Base NVR, and those
  beyond it that are Illuminated (E1.101) by a Starshell, an IR or a Blaze on the map, each in
  the line of sight that applies (:mod:`.sight`);
* **What this hex sees** (or who sees it) at a chosen level and range: a viewshed
  (:mod:`.viewshed`), drawn on the map;
* **Aerial view** (E7.25) from an aircraft's hex to a target along a hex grain: Blind Hex or seen
  (with the Hindrance before it), the Aerial Range, and in Mist the LV Hindrance read at it.

Every answer reads line of sight as :mod:`.sight` says: over the boards' pixels on imported
boards, hex by hex on a painted map.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import DataError, RulesError
from ..fields import Field, Schema
from ..hexes import Hex, direction_between
from ..plug import GameState, Tool, View
from .e1.illumination import illuminated_hexes
from .e7.aerial_los import aerial_range, mist_lv_hindrance
from .los import LosSettings, aerial, los, los_view
from .board_pixels import on_boards
from .los_grid import grid_view, trace
from .e1.night import current_nvr, is_night, within_nvr
from .sight import aerial_terrain, zone
from .viewshed import MAX_REACH, seen_from, viewshed

__all__ = ["TOOLS", "line_of_sight", "blaze_zone", "night_visibility", "what_it_sees", "aerial_view"]

Options = Mapping[str, Any]


def line_of_sight(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
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
        lines += [f"Hex by hex: {x}" for x in sight.explain(label)[1:-1]]
    return tuple(lines), grid_view(fine)


def blaze_zone(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
    """E1.94 / E1.941: the Illuminated Zone of the Blaze in the hex, and the hexes in its shadow."""
    (h,) = hexes
    m = state.scenario.map
    if state.terrain.at(h).blaze is None:
        raise RulesError(f"there is no Blaze in {m.label(h)}: mark one in the Edit tab (Blaze tool) first (E1.94)")
    z = zone(state, h)
    return tuple(z.explain(m.label)), z.view()


def night_visibility(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
    """E1.1 / E1.101 / E1.13: what a unit at ground level in the hex can see at night: the hexes
    within the current Base NVR, and the Illuminated hexes beyond it, each in its line of sight
    (those out of LOS are left out and counted)."""
    (h,) = hexes
    m = state.scenario.map
    if not is_night(state):
        raise RulesError("Night rules are not in effect in this scenario (E1.1: set 'Night rules in effect' in its settings)")
    nvr = current_nvr(state)
    lit = set(illuminated_hexes(state))
    near = [x for x in h.within(nvr) if m.in_play(x)]
    far = [x for x in sorted(lit, key=lambda x: (x.distance(h), x.q, x.r))
           if m.in_play(x) and not within_nvr(h, x, nvr) and within_nvr(h, x, nvr, illuminated=True)]
    seen = seen_from(state, h, [x for x in near + far if x != h])
    within = tuple(x for x in near if x == h or not seen[x][0])
    beyond = tuple(x for x in far if not seen[x][0])
    hidden = len(near) + len(far) - len(within) - len(beyond)
    lines = [f"Base NVR {nvr}: from {m.label(h)} a unit sees at most {nvr} hex{'es' if nvr != 1 else ''} away (E1.1)"]
    if nvr == 0:
        lines.append("NVR 0: every Location but its own is beyond its NVR (E1.13)")
    if beyond:
        named = sorted(beyond, key=m.order)  # listed by hex: board, column, row (#42 item 10)
        lines.append(f"beyond the NVR but Illuminated, so within sight by range: {', '.join(m.label(x) for x in named)} "
                     "(E1.101)")  # every one named, never cut with "…" (#42 item 8): the line wraps
    if hidden:
        lines.append(f"{hidden} hex{'es' if hidden != 1 else ''} in range but out of LOS (not marked; Line of sight explains one)")
    lines.append("a Gunflash in LOS is seen whatever the range (E1.81)")
    zones = [(f"within NVR {nvr}", within)] + ([("Illuminated beyond the NVR", beyond)] if beyond else [])
    return tuple(lines), View(marks=((h, "viewer"),), zones=tuple(zones))


SEES, SEEN = "what a unit here sees", "who can see a unit here"

VIEW_OPTIONS = Schema((
    Field("mode", "Show", "choice", default=SEES, choices=(SEES, SEEN)),
    Field("level", "Level of the unit here", "int", default=0, lo=0, hi=10,
          help="0: ground level; 1: a building's first level, or a unit on a hill's level above it"),
    Field("reach", "Range (hexes)", "int", default=16, lo=1, hi=MAX_REACH),
), what="option")


def what_it_sees(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
    """A viewshed from the hex: the hexes a unit here at the chosen level sees within the chosen
    range (or the hexes whose units at ground level see it), clear or through Hindrances."""
    (h,) = hexes
    v = viewshed(state, h, level=int(options.get("level", 0)), reach=int(options.get("reach", 16)),
                 mode="seen" if options.get("mode") == SEEN else "sees")
    return tuple(v.explain(state.scenario.map.label)), v.view()


def aerial_view(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
    """E7.25 from an aircraft in the first hex to the second along their hex grain (an aircraft
    sights and attacks along one, E7.3 / E7.401): whether the target is a Blind Hex, the LOS
    Hindrance just before it, the Aerial Range (twice the hexes) and, in Mist, E7.25's "LV
    Hindrances (Mist; 3.32) also apply to Aerial LOS, as per the Aerial Range"."""
    plane, target = hexes
    m = state.scenario.map
    toward = direction_between(target, plane)
    if toward is None:
        raise DataError(f"{m.label(target)} is not on a hex grain from {m.label(plane)}: an aircraft sights and attacks "
                        "along a Hex Grain (E7.3, E7.401); tap a hex in a straight line")
    settings = LosSettings.from_settings(state.settings)
    look = aerial(aerial_terrain(state, target), target, toward, settings=settings, types=state.system.terrain_types)
    n = plane.distance(target)
    lines = [f"Aerial view from {m.label(plane)} to {m.label(target)}: {n} hex{'es' if n != 1 else ''} along the grain, "
             f"Aerial Range {aerial_range(n)} hexes (E7.402)"]
    lines += look.explain(m.label)
    mist = mist_lv_hindrance(str(state.settings.get("weather", "")), n)
    if mist:
        lines.append(f"{mist} (E7.25)")
    marks = ((plane, "viewer"), (target, "los-block" if look.blind else "los-end"))
    return tuple(lines), View(marks=marks, paths=((plane, target),))


TOOLS: tuple[Tool, ...] = (
    Tool("los", "Line of sight", 2, line_of_sight,
         "from this hex to the next hex you tap, at ground level, read from your boards' own terrain "
         "(on a map you painted: hex by hex)"),
    Tool("sees", "What this hex sees", 1, what_it_sees,
         "every hex in line of sight of a unit here (or that can see it), at the level and range you choose",
         VIEW_OPTIONS),
    Tool("nvr", "Night visibility", 1, night_visibility, "the hexes within the current NVR of a unit here that it can see (E1.1)"),
    Tool("blaze", "Blaze's Illuminated Zone", 1, blaze_zone, "the hexes a Blaze here lights, and its shadows (E1.94)"),
    Tool("aerial", "Aerial view", 2, aerial_view,
         "from an aircraft here to the next hex you tap along a hex grain: Blind Hex or seen, the Aerial Range, Mist "
         "(E7.25)"),
)
