"""Line of sight as a game reads it: one verdict, the reading that applies (issue #27).

On a map of imported VASL boards this device holds, the thread is traced over the boards' own
pixels (:mod:`.los_grid`); on a painted map, hex by hex (:mod:`.los`). Every procedure and tool
that needs a line of sight, a Blaze's Illuminated Zone or a viewshed asks here, so both readings
share one set of settings (``state.settings``) and no consumer chooses for itself.

* :func:`sight` — the LOS between two Locations (``blocked``, ``drm``, ``by``, ``explain``);
* :func:`zone` — E1.94 / E1.941: a Blaze's Illuminated Zone and its shadows, kept while the
  terrain and settings it was read from stay the same (a replay asks for it at every step);
* :func:`precise` — whether the board's pixels apply to this game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from ..hexes import Hex
from ..plug import GameState
from .los import LosSettings, Sight, Where, Zone, illuminated_zone, los
from .los_grid import GridSight, on_boards, trace
from .los_grid import zone as grid_zone

if TYPE_CHECKING:
    from ..boards import HexMap
    from ..terrain import Terrain

__all__ = ["AnySight", "sight", "zone", "precise"]


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
