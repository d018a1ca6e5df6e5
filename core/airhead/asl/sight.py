"""Line of sight as a game reads it: one verdict, the reading that applies (issue #27).

On a map of imported VASL boards this device holds, the thread is traced over the boards' own
pixels (:mod:`.los_grid`); on a painted map, hex by hex (:mod:`.los`). Every procedure and tool
that needs a line of sight, a Blaze's Illuminated Zone or a viewshed asks here, so both readings
share one set of settings (``state.settings``) and no consumer chooses for itself.

* :func:`sight` — the LOS between two Locations (``blocked``, ``drm``, ``by``, ``explain``);
* :func:`zone` — E1.94 / E1.941: a Blaze's Illuminated Zone and its shadows, kept while the
  terrain and settings it was read from stay the same (a replay asks for it at every step);
* :func:`along_grain` — a terrain whose obstacles are those the boards draw along a hex-grain
  line through each hex's centre (E8.22's Avenue of Approach and E8.23's Blind Hexes, read along
  the Avenue; E7.25's aerial view along the aircraft's line), and :func:`aerial_terrain`, each
  neighbour of a hex read along the line from that hex (E7.25 "completely surrounded");
* :func:`precise` — whether the board's pixels apply to this game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from ..frozen import replace
from ..hexes import Hex
from ..plug import GameState
from .los import LosSettings, Sight, Where, los
from .los_zone import Zone, illuminated_zone
from .board_pixels import frames_of, grain, on_boards
from .los_grid import GridSight, trace
from .los_grid import zone as grid_zone

if TYPE_CHECKING:
    from ..boards import HexMap
    from ..scenario import Scenario
    from ..terrain import Terrain
    from ..vasl.library import Frame

__all__ = ["AnySight", "sight", "zone", "along_grain", "aerial_terrain", "precise"]


AnySight = Union[Sight, GridSight]


def precise(state: GameState) -> bool:
    """True if the game's map lies on imported boards this device holds: their pixels apply."""
    return on_boards(state.scenario)


def sight(state: GameState, a: Where, b: Where, *, settings: LosSettings | None = None) -> AnySight:
    """The LOS from ``a`` to ``b`` (Locations, or hexes at ground level) in the reading that
    applies to the game, with the game's LOS settings unless ``settings`` are given."""
    s = settings or LosSettings.from_settings(state.settings)
    if precise(state):
        return trace(state.scenario.with_terrain(state.terrain), a, b, settings=s)
    return los(state.terrain, a, b, settings=s, types=state.system.terrain_types)


#: (ids of the terrain and map, Blaze hex, level, settings, boards) -> (that terrain, that map, its
#: zone): both are held, so their ids are not reused while the entry lives.
_ZONES: dict[tuple[int, int, Hex, float, LosSettings, tuple[str, ...]], tuple[Terrain, HexMap, Zone]] = {}
_ZONES_MAX = 64


def zone(state: GameState, blaze_hex: Hex, *, level: float = 0) -> Zone:
    """E1.94 / E1.941: the Illuminated Zone of the Blaze in ``blaze_hex`` and its shadows, in the
    reading that applies; the same answer again while the terrain and settings are unchanged."""
    s = LosSettings.from_settings(state.settings)
    fine = precise(state)
    refs = tuple(sorted(r.sha256 for r in state.scenario.boards.values())) if fine else ()
    m = state.scenario.map
    key = (id(state.terrain), id(m), blaze_hex, float(level), s, refs)
    got = _ZONES.get(key)
    if got is not None and got[0] is state.terrain and got[1] is m:
        return got[2]
    if fine:
        out = grid_zone(state.scenario.with_terrain(state.terrain), blaze_hex, settings=s, in_play=m.in_play, level=level)
    else:
        out = illuminated_zone(state.terrain, blaze_hex, settings=s, types=state.system.terrain_types,
                               in_play=m.in_play, level=level)
    if len(_ZONES) >= _ZONES_MAX:
        _ZONES.pop(next(iter(_ZONES)))
    _ZONES[key] = (state.terrain, m, out)
    return out


def _raised(terrain: Terrain, h: Hex, direction: int, scenario: Scenario, boards: list[Frame], s: LosSettings) -> Terrain:
    """``terrain`` with hex ``h``'s obstacle raised to the full-level obstacle the board draws on
    the grain line ``direction`` through its centre (:func:`.board_pixels.grain`), if higher."""
    got = grain(scenario, h, direction, settings=s, boards=boards)
    if got is None:
        return terrain
    t = terrain.at(h)
    up = got[0] - t.base_level
    return terrain.set_hex(h, replace(t, obstacle=up)) if up >= 1 and up > t.obstacle else terrain


def _reading(state: GameState) -> tuple[Scenario, list[Frame], LosSettings]:
    sc = state.scenario.with_terrain(state.terrain)
    return sc, frames_of(sc), LosSettings.from_settings(state.settings)


#: (ids of the terrain and map, grain line, boards) -> (that terrain, that map, the result).
_GRAIN_TERRAIN: dict[tuple[int, int, int, tuple[str, ...]], tuple[Terrain, HexMap, Terrain]] = {}


def along_grain(state: GameState, terrain: Terrain, direction: int) -> Terrain:
    """``terrain`` (the game's, or a copy of it with occupants) with every hex of the imported
    boards read along the hex-grain line ``direction`` through its centre: a full-level LOS
    obstacle the board draws on that line counts as the hex's obstacle where it is higher than
    what lies under the centre dot. Hexes the players changed keep their reading; on a painted
    map ``terrain`` is returned as it is. Kept while ``terrain`` is the same."""
    if not precise(state):
        return terrain
    m = state.scenario.map
    refs = tuple(sorted(r.sha256 for r in state.scenario.boards.values()))
    key = (id(terrain), id(m), direction % 3, refs)
    got = _GRAIN_TERRAIN.get(key)
    if got is not None and got[0] is terrain and got[1] is m:
        return got[2]
    out = terrain
    sc, boards, s = _reading(state)
    for h in m.hexes():
        out = _raised(out, h, direction, sc, boards, s)
    if len(_GRAIN_TERRAIN) >= 16:
        _GRAIN_TERRAIN.pop(next(iter(_GRAIN_TERRAIN)))
    _GRAIN_TERRAIN[key] = (terrain, m, out)
    return out


def aerial_terrain(state: GameState, target: Hex, terrain: Terrain | None = None) -> Terrain:
    """The game's terrain (or ``terrain``) with each neighbour of ``target`` read along the grain
    line from ``target`` through it (:func:`along_grain`, one hex at a time): E7.25's "completely
    surrounded by LOS obstacles" on imported boards."""
    out = state.terrain if terrain is None else terrain
    if not precise(state):
        return out
    sc, boards, s = _reading(state)
    for d, h in enumerate(target.neighbors()):
        out = _raised(out, h, d, sc, boards, s)
    return out
