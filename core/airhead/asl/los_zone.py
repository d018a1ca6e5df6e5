"""E1.94 / E1.941: a Blaze's Illuminated Zone on a painted map, and the hexes its obstacles leave
in shadow, the Blaze read as a viewer (:func:`illuminated_zone`); :class:`Zone` is also what the
pixel walk's zone returns (:func:`.los_grid.zone`).

Readings: ``docs/rules-notes.md``, "LOS at hex level" (E1.94, E1.941).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Callable, Mapping, Protocol

from ..errors import DataError, RulesError
from ..hexes import DIRECTIONS, Hex
from ..plug import View
from ..tables import TerrainType, hexside_heights
from ..terrain import Terrain
from ..work import spend, worked_out
from .los import ROWHOUSE_WALL, Sight, _trace
from .los_settings import _line_from_origin
from .los_settings import BUILDINGS, TABLE, Location, LosSettings, Name, _read, _types, end_height

__all__ = ["Shadow", "Zone", "blaze_range", "illuminated_zone", "CLEAR_STEP"]

# ---------------------------------------------------------------- E1.94 Blaze Illuminated Zone, E1.941 shadows


class Shadow(Protocol):
    """A thread from a Blaze that something blocks (:class:`Sight`, or one traced over a board)."""

    @property
    def b(self) -> Location: ...

    @property
    def by(self) -> tuple[Hex, ...]: ...


@dataclass(frozen=True)
class Zone:
    """E1.94: a Blaze's Illuminated Zone (``radius`` = 2 × ``levels`` blazing levels) — ``lit``
    hexes, the Blaze's own first — and E1.941: the hexes in its shadow, each with the
    :class:`Sight` from the Blaze that shows what blocks it."""

    blaze: Hex
    levels: int
    radius: int
    lit: tuple[Hex, ...]
    shadows: tuple[Shadow, ...]

    @property
    def shadow(self) -> tuple[Hex, ...]:
        """The hexes in shadow (quasi-Blind Hexes, E1.941)."""
        return tuple(s.b.hex for s in self.shadows)

    def explain(self, name: Name) -> list[str]:
        """The zone in log style: its range, then each shadow and what casts it."""
        lines = [f"Blaze in {name(self.blaze)}: {self.levels} blazing level{'s' if self.levels != 1 else ''}, "
                 f"an Illuminated Zone of {self.radius} hexes (E1.94)"]
        for s in self.shadows:
            by = " and ".join(name(h) for h in s.by)
            lines.append(f"{name(s.b.hex)} is in shadow behind {by} (E1.941)")
        return lines

    def view(self) -> View:
        """The zone for the map: the lit hexes outlined together, shadows marked."""
        return View(marks=((self.blaze, "blaze"),) + tuple((h, "shadow") for h in self.shadow),
                    zones=((f"Illuminated Zone ({self.radius} hexes)", self.lit),),
                    labels=tuple((h, "shadow") for h in self.shadow))


def blaze_range(levels: int) -> int:
    """E1.94: a Blaze's Illuminated Zone reaches twice its blazing levels (Rooftops excluded)."""
    if levels < 1:
        raise DataError("a Blaze has at least one blazing level")
    return 2 * levels


#: The direction (0..5) of each neighbour's offset.
_DIRECTION = {d: i for i, d in enumerate(DIRECTIONS)}
#: Units of work per step of a line a Blaze's zone checks for anything that could shadow it
#: (:func:`_clear`) instead of tracing it: a few terrain reads' worth.
CLEAR_STEP = 4


def illuminated_zone(terrain: Terrain, blaze_hex: Hex, *, settings: LosSettings | None = None,
                     types: Mapping[str, TerrainType] | None = None, sides: Mapping[str, float] | None = None,
                     in_play: Callable[[Hex], bool] | None = None, level: float = 0) -> Zone:
    """E1.94: the Illuminated Zone of the Blaze in ``blaze_hex`` — range twice its blazing levels
    (``HexTerrain.blaze`` rounded up, at least one: Rooftops are not modelled, so the blaze
    height counts no Rooftop) — and E1.941: its shadows, the Blaze read as a viewer at ``level``
    (ground level) whose LOS only obstacles of ≥ one level (higher ground included) block;
    Hindrances never shadow. ``in_play`` keeps only the hexes on the map."""
    t = terrain.at(blaze_hex)
    if t.blaze is None:
        raise RulesError("there is no Blaze in that hex (E1.94)")
    levels = max(1, ceil(t.blaze))
    radius = blaze_range(levels)
    s = settings or LosSettings()
    ty = _types(types)
    sd = hexside_heights(TABLE) if sides is None else sides
    viewer = Location(blaze_hex, level)
    lit: list[Hex] = [blaze_hex]
    shadows: list[Sight] = []
    za = float(end_height(t, level))
    tops: dict[Hex, tuple[float, float, int]] = {}
    # B23.71: the Blaze's own hexsides with a rowhouse wall (a bit a direction)
    walls = (sum(1 << d for d in range(6) if ROWHOUSE_WALL in terrain.side(blaze_hex, d))
             if t.terrain in BUILDINGS else 0)
    for h in blaze_hex.within(radius)[1:]:
        if in_play is not None and not in_play(h):
            continue
        if s.hindrance_limit > 0 and _clear(terrain, blaze_hex, h, min(za, float(terrain.at(h).base_level)), s, ty, tops,
                                                  walls):
            lit.append(h)
            continue
        sight = _trace(terrain, viewer, Location(h), s, ty, sd, minimum=1, hindrances=False)
        (shadows.append(sight) if sight.blocked else lit.append(h))
    return Zone(blaze_hex, levels, radius, tuple(lit), tuple(shadows))


def _clear(terrain: Terrain, a: Hex, b: Hex, low: float, s: LosSettings, ty: Mapping[str, TerrainType],
           tops: dict[Hex, tuple[float, float, int]], walls: int) -> bool:
    """True if nothing could cast a shadow on the line from ``a`` to ``b`` (E1.941: an obstacle of
    a level or more, higher ground, a hexside feature), so that :func:`_trace` would find it clear
    (a test compares the two over random painted maps, every setting that can matter): between
    the ends, higher ground blocks only above the line's lower end (``low``; A6.3's depression
    edge too, which is ground above the depression end), an obstacle (A6.8 Example 2's building
    too) only if its top reaches it, and a hexside feature is left to the trace; so are two
    adjacent hexes one of which is a building (A6.8 Example 2, B23.71) and a rowhouse wall on the
    hexside an end in a building leaves by (B23.71; ``walls``: those of ``a``, a bit a direction,
    computed once for the zone; 0 if ``a`` is no building). ``tops`` keeps each hex's ground, its
    obstacle's top (-inf: under a level) and which of its hexsides have a feature (a bit a
    direction; levels are whole or half: floats hold them exactly). The line's steps are worked
    out as a traced line's are (:func:`airhead.work.worked_out`); each step checked costs
    :data:`CLEAR_STEP` units."""
    base = _line_from_origin(b.q - a.q, b.r - a.r)
    steps = base.steps
    worked_out((b.q - a.q, b.r - a.r), len(steps))
    spend(CLEAR_STEP * len(steps))
    n = len(steps) - 1
    # B23.71: an end's own rowhouse wall; A6.8 Example 2 next door
    first, last = steps[1], steps[n - 1]
    if n == 1 and (walls or terrain.at(b).terrain in BUILDINGS):
        return False
    if walls and isinstance(first, Hex) and walls >> _DIRECTION.get((first.q, first.r), 6) & 1:
        return False
    if (n > 1 and isinstance(last, Hex) and terrain.at(b).terrain in BUILDINGS
            and ROWHOUSE_WALL in terrain.side_between(b, a + last)):
        return False
    for i in range(1, n):
        st = steps[i]
        for o in ((st,) if isinstance(st, Hex) else st):
            h = a + o
            got = tops.get(h)
            if got is None:
                here = terrain.at(h)
                r = _read(here, ty.get(here.terrain), s)
                got = tops[h] = (float(r.ground), float(r.ground + r.obstacle) if r.obstacle >= 1 else float("-inf"),
                                 sum(1 << d for d in range(6) if terrain.side(h, d)))
            if got[0] > low or got[1] >= low:
                return False
        # a hexside feature the line runs along or crosses between two hexes short of its ends
        nxt = steps[i + 1] if i < n - 1 else None
        pair = st if not isinstance(st, Hex) else (st, nxt) if isinstance(nxt, Hex) else ()
        if len(pair) == 2:
            d = _DIRECTION.get((pair[1].q - pair[0].q, pair[1].r - pair[0].r))
            if d is not None and tops[a + pair[0]][2] >> d & 1:
                return False
    return True
