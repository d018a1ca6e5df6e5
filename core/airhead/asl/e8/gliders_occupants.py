"""ASL E8.23: the terrain with the vehicles, wrecks and landed gliders in it, and a memo's key for a terrain."""

from __future__ import annotations

from typing import Mapping

from ...frozen import replace
from ...counters import Counters
from ...hexes import Hex
from ...terrain import HexTerrain, Terrain

__all__ = ["OCCUPANT_KINDS", "occupied_terrain", "TerrainKey", "terrain_key", "same_key"]


#: What stands in a Location for E8.23 (a vehicle, a wreck, a previously-landed glider).
OCCUPANT_KINDS: frozenset[str] = frozenset({"vehicle", "wreck", "glider"})


def occupied_terrain(terrain: Terrain, counters: Counters) -> Terrain:
    """The terrain as E8.23 sees it: every vehicle, wreck and landed glider on the map — placed
    in the terrain or standing there as a unit or marker — occupies its Location.

    ``terrain`` itself when no counter is of those kinds; else a read-only view that adds them
    hex by hex as it is read (:meth:`Counters.units_at` is indexed), so a step of a landing costs
    the same however many gliders landed before it."""
    if not any(counters.count_of_kind(k) for k in OCCUPANT_KINDS):
        return terrain
    return _Occupied(terrain, counters)


#: :func:`terrain_key`'s key: the hexes' and hexsides' versions and the occupants (hex, kind).
TerrainKey = tuple[object, object, frozenset[tuple[Hex, str]]]


def terrain_key(terrain: Terrain) -> TerrainKey | None:
    """What a memo of the rules' reading of ``terrain`` may be keyed by, in O(1) or O(occupants):
    the versions of its hexes and hexsides (immutable, compared by identity: equal versions,
    equal terrain) and the occupants :func:`occupied_terrain` adds. None for another view of a
    terrain (compare it whole). Two terrains with equal keys read alike everywhere; equal terrain
    of another version has another key (a memo then works it out again)."""
    if type(terrain) is Terrain:
        return terrain._hexes, terrain._sides, frozenset()
    if type(terrain) is _Occupied:
        return terrain._hexes, terrain._sides, terrain.occupants()
    return None


def same_key(a: TerrainKey, b: TerrainKey) -> bool:
    """True if two :func:`terrain_key` keys are equal (the versions by identity: never a copy)."""
    return a[0] is b[0] and a[1] is b[1] and a[2] == b[2]


class _Occupied(Terrain):
    """:func:`occupied_terrain`'s view: ``terrain`` with the occupants ``counters`` stand for
    (each occupant kind in a hex once, in name order, after those the terrain lists). Read-only:
    an edit applies to the terrain below."""

    __slots__ = ("_counters", "_seen", "_occupants")

    def __init__(self, terrain: Terrain, counters: Counters) -> None:
        self._hexes, self._sides, self._blazes, self._blaze_list = terrain._hexes, terrain._sides, terrain._blazes, None
        self._counters = counters
        self._seen: dict[Hex, HexTerrain] = {}
        self._occupants: frozenset[tuple[Hex, str]] | None = None

    def occupants(self) -> frozenset[tuple[Hex, str]]:
        """Every (hex, occupant kind) the counters stand for: all this view adds to the terrain
        below (O(occupants), read once; not read by the landing procedure itself)."""
        if self._occupants is None:
            c = self._counters
            self._occupants = frozenset((x.hex, k) for k in OCCUPANT_KINDS
                                        for x in c.units_of_kind(k) + c.markers_of_kind(k) if x.hex is not None)
        return self._occupants

    def at(self, h: Hex) -> HexTerrain:
        got = self._seen.get(h)
        if got is None:
            t = Terrain.at(self, h)
            counters = self._counters
            kinds = sorted(k for k in OCCUPANT_KINDS if k not in t.occupants and counters.has_at(h, k))
            got = self._seen[h] = replace(t, occupants=t.occupants + tuple(kinds)) if kinds else t
        return got

    @property
    def hexes(self) -> Mapping[Hex, HexTerrain]:
        """Every hex that is not open ground, occupants included (O(hexes), a unit of work each,
        :mod:`airhead.work`: for a whole view, never a step nor a memo's key)."""
        out = self._hexes.snapshot()
        c = self._counters
        for k in OCCUPANT_KINDS:
            for h in [u.hex for u in c.units_of_kind(k)] + [mk.hex for mk in c.markers_of_kind(k)]:
                if h is not None:
                    out[h] = self.at(h)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terrain) and dict(self.hexes) == dict(other.hexes) and self._sides == other._sides

    def __hash__(self) -> int:
        return hash((frozenset(self.hexes.items()), frozenset(self._sides.items())))
