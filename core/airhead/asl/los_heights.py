"""A6 heights as ASL reads them, as VASL implements them (``Map.java``), for one thread (issue #38).

The trace over a board's pixels (:mod:`.los_grid`) asks, for each point of the board it reads
(a pixel's ground, the terrain on it, a hexside feature), what that point does to the thread
between two Locations. The answer does not depend on where between the ends the point lies, only
on its height against both ends and its range from each:

* ground or terrain **higher than both ends** blocks (a Hindrance hinders) (A6.2);
* with the ends at different levels, ground or an obstacle **as high as the higher end** blocks:
  the lower end has no height advantage over it (A6.2); a Hindrance that high hinders (VASL
  blocks: ``docs/rules-notes.md``); the higher end's own slope drawn into a lower hex next to it,
  in the half nearer that end, is ignored (B10.2 EXC, as VASL reads it);
* **between the ends' levels**, the lower end is blind only in the obstacle's **Blind Hexes**:
  VASL's ``isBlindHex`` counts ``2 × top + range from the higher end // 5 − both ends' levels``,
  ``+ 1`` and at least 1 for an obstacle, at least 0 for a crest line (the ground itself); an
  obstacle then blocks, a Hindrance of a level or more hinders, a crest line blocks (A6.4);
* with both ends at one level, an obstacle level with them blocks only with the setting
  ``los_level_obstacle`` (a half-level one, grain or a building's half level, is higher than
  ends at its whole level: VASL's ``checkHalfLevelTerrainRule``; level with two Rooftops, it does
  not block, as VASL reads it); a half-level Hindrance below the higher end never hinders;
* a Location **in a depression** (a gully, stream or sunken road hex at its base level) sees out
  of it, or is seen into it, only where the thread stays in the depression until its range from the
  other end is no more than that end's height over it (A6.3, VASL's ``checkDepressionRule``:
  :class:`Pit`); the depression's banks inside depression hexes are then no A6.2 obstacle, and
  ground under a bridge never blocks (VASL's ``ignoreGroundLevelHex``);
* a **wall or hedge** (a hexside feature) blocks only a thread that crosses its hexside with both
  ends at its level (B9.2; VASL), never on an end's own hexsides or the hexsides touching an end's
  hex at a vertex (VASL's ``isIgnorableHexsideTerrain``).

Each answer is ``(rank, what, top, why)``: rank 2 blocks, 1 hinders, 0 has no effect; ``top`` the
level read (ground, or the terrain's top); ``why`` in the rules' words ("" where there is nothing
to say).
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from ..terrain import HexTerrain
from .los_settings import BUILDINGS, LosSettings

__all__ = ["Reading", "Judge", "Pit", "count", "rank_key", "BANKS", "UNDER_BRIDGE", "DEPRESSION", "EXITS", "ENTERS",
           "A68", "a68_words", "UNDER", "OWN_SIDE", "pits", "pit_hex", "a68_ends", "building_top"]

Key = tuple[int, int]
Reading = tuple[int, str, float, str]

#: ``Judge.ground``'s ``low``: a depression's bank in a depression hex the thread must leave or
#: enter by (no A6.2 block as high as the higher end), ground under a bridge (never blocks).
BANKS, UNDER_BRIDGE = 1, 2

#: The terrain of a depression hex (gully, stream, sunken road: its base level a level down).
DEPRESSION = "depression"
#: A Location in a depression: the words of a block by A6.3 (VASL's ``checkDepressionRule``).
EXITS = ("leaves the depression before the range to the other end is no more than that end's height over it: "
         "blocks (A6.3, as VASL reads it)")
ENTERS = ("the thread enters the depression only where the range to the other end is no more than that end's height "
          "over it: blocks (A6.3, as VASL reads it)")
#: A6.8 Example 2 as VASL reads it: from a building's Location the thread must leave the building
#: before it leaves the end's hex, to reach a Location at another height. A line's ``why`` (or a
#: painted crossing's effect) holds these words; the line itself names the end (:func:`a68_words`).
A68 = ("the thread must leave the building before it leaves the end's hex to reach a Location at another height: "
       "blocks (A6.8 Example 2, as VASL reads it)")


def a68_words(end: str, other: str | None = None) -> str:
    """A6.8 Example 2's block in words, naming the end in a building whose thread has not left the
    building (``end``), and ``other``, the other end's hex, where that is the hex it blocks in: the
    two hexes are adjacent hexes of one building, the thread leaves ``end`` into ``other`` still
    inside the building, so the other end's own hex is what blocks."""
    where = (f"it enters {other}, the other end's hex, still inside the building" if other
             else "it is still inside the building here")
    return (f"from {end} the thread must leave the building before it leaves {end} to reach a Location at another "
            f"height; {where}: blocks (A6.8 Example 2, as VASL reads it)")
#: Ground a bridge spans, above both ends: the thread passes beneath it (VASL's "LOS underneath a bridge").
UNDER = "under a bridge: the thread passes beneath it (as VASL reads it)"
#: A rowhouse wall on an end's own hexside still blocks (B23.71, as VASL reads it).
OWN_SIDE = "on the end's own hexside (B23.71)"
#: A wall or hedge on a hexside the thread runs along without crossing it (setting ``los_wall_along``).
ALONG = ("the line runs along this hexside: a wall or hedge along the line blocks it "
         "(as VASL reads B9.2; setting \"A thread along a wall or hedge hexside\")")


class Pit(NamedTuple):
    """An end in a depression whose thread must stay in it (A6.3 as VASL reads it): the end's hex
    and height, the other end's hex and height, whether the two hexes are adjacent depression hexes
    (the thread leaves by the depression's own hexside), and the words for a block."""

    key: Key
    z: float
    other: Key
    other_z: float
    joined: bool
    words: str


def pits(ka: Key, kb: Key, ta: HexTerrain, tb: HexTerrain, la: float, lb: float, za: float, zb: float,
         joined: bool) -> tuple[Pit, ...]:
    """The ends in a depression whose thread must stay in it (A6.3 as VASL reads it): an end at
    ground level (``la``, ``lb``) of a depression hex (``ta``, ``tb``), unless the other end is
    higher by more than their range; ``joined``: adjacent ends joined by the depression's own
    hexside (each trace says when)."""
    rng = _distance(ka, kb)
    out = []
    for kd, td, ld, zd, ko, zo, words in ((ka, ta, la, za, kb, zb, "the thread " + EXITS), (kb, tb, lb, zb, ka, za, ENTERS)):
        if td.terrain == DEPRESSION and ld == 0 and zo - zd <= rng:
            out.append(Pit(kd, zd, ko, zo, joined, words))
    return tuple(out)


def pit_hex(t: HexTerrain) -> tuple[float, bool]:
    """A hex as A6.3 reads it for :meth:`Judge.pit`: (its base level, a level lower where a bridge
    crosses a hex that is no depression; whether it is a depression hex or one a bridge crosses)."""
    return (float(t.base_level) - (t.bridge is not None and t.terrain != DEPRESSION),
            t.terrain == DEPRESSION or t.bridge is not None)


def a68_ends(ta: HexTerrain, tb: HexTerrain, za: float, zb: float) -> tuple[bool, bool]:
    """For each end, whether A6.8 Example 2 restricts its thread (as VASL's
    ``checkBuildingRestrictionRule`` reads it): an end in a building hex, to a Location at another
    height."""
    if za == zb:
        return False, False
    return ta.terrain in BUILDINGS, tb.terrain in BUILDINGS


def building_top(ground: float, height: float) -> float:
    """The top of a building's levels on ``ground`` whose height is ``height`` (VASL's whole levels):
    an end no higher than it, still inside the building there, has not left it (A6.8 Example 2)."""
    return ground + math.floor(height + 1e-9)


#: The terrain whose half level VASL adds to its height where it is as high as the higher end.
_BUILDINGS = frozenset({"building", "wooden_building"})


def count(n: int, word: str) -> str:
    """``n`` and ``word`` in the plural where it needs one ("1 hex", "2 Blind Hexes")."""
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('x') else 's'}"


def _best(x: Reading, y: Reading) -> Reading:
    """The reading that matters more: what blocks, then hinders; then one with a reason; then
    the higher."""
    return y if (y[0], bool(y[3]), y[2]) > (x[0], bool(x[3]), x[2]) else x


def rank_key(r: Reading) -> tuple[int, bool, float]:
    """The order :func:`_best` keeps readings in."""
    return r[0], bool(r[3]), r[2]


def _distance(a: Key, b: Key) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Judge:
    """The A6 reading of one thread from ``a`` (hex (q, r), height ``za``: base level plus its
    level) to ``b`` (``zb``). ``bases``: each hex's base level, for B10.2 EXC."""

    def __init__(self, a: Key, b: Key, za: float, zb: float, s: LosSettings, pits: Sequence[Pit] = ()) -> None:
        self.za, self.zb, self.s = za, zb, s
        self.pits = tuple(pits)
        self.hi, self.lo = max(za, zb), min(za, zb)
        self.level = za == zb
        self.up, self.down = (a, b) if za >= zb else (b, a)
        self.a, self.b = a, b
        self.ranges: dict[Key, tuple[int, int]] = {}

    def range_of(self, key: Key) -> tuple[int, int]:
        """(hexes from the higher end, hexes to the lower end) of hex ``key``."""
        got = self.ranges.get(key)
        if got is None:
            got = self.ranges[key] = (_distance(key, self.up), _distance(key, self.down))
        return got

    def blind(self, top: float, key: Key, crest: bool) -> tuple[int, int]:
        """(the lower end's range behind a point of hex ``key`` at level ``top``, that point's
        Blind Hexes), VASL's ``isBlindHex``: a crest line's at least 0, an obstacle's one more
        and at least 1."""
        rs, rt = self.range_of(key)
        n = int(math.floor(2 * top + rs // 5 - self.hi - self.lo))
        return rt, (max(n, 0) if crest else max(n + 1, 1))

    def may_matter(self, ground: float, top: float, key: Key) -> bool:
        """False if nothing in hex ``key`` whose highest ground is ``ground`` and highest terrain
        top is ``top`` can block or hinder the thread (a viewshed skips its pixels)."""
        if any(ground > p.z for p in self.pits):
            return True
        if self.level:
            return ground > self.hi + 1e-9 or (top > ground and top > self.hi - 1e-9)
        hi, lo = self.hi, self.lo
        high = max(ground, top)
        if high <= lo + 1e-9:
            return False
        if high >= hi - 1e-9:
            return True
        rt, n = self.blind(high, key, False)
        return rt <= n

    def ground(self, g: float, key: Key, near: Sequence[Key], low: int = 0) -> Reading:
        """The board's ground at level ``g`` in hex ``key`` (``near``: the ends next to which the
        point lies in the half of hex ``key`` nearer that end, above the hex's base level:
        B10.2 EXC; ``low``: :data:`BANKS` or :data:`UNDER_BRIDGE`)."""
        hi, lo = self.hi, self.lo
        what = f"ground at level {g:g}"
        if low == UNDER_BRIDGE and g >= hi:
            return 0, what, g, UNDER
        if g > hi:
            return 2, what, g, "higher than both ends (A6.2)"
        if self.level or g <= lo:
            return 0, what, g, ""
        if g == hi:
            if near:
                return 0, what, g, "an end's own slope drawn into the half of this hex next to it: ignored (B10.2 EXC)"
            if low == BANKS:
                return 0, what, g, "a depression's bank: the thread is read by the depression's rule (A6.3)"
            return 2, what, g, "as high as the higher end: the lower end has no height advantage over it (A6.2)"
        rt, n = self.blind(g, key, True)
        where = f"a crest line below the higher end: the lower end is {count(rt, 'hex')} behind it"
        if rt <= n:
            return 2, what, g, f"{where}, within its {count(n, 'Blind Hex')} (A6.4)"
        return 0, what, g, f"{where}, beyond its {count(n, 'Blind Hex')} (A6.4)"

    def terrain(self, name: str, g: float, height: float, obstacle: bool, kind: str, key: Key,
                near: Sequence[Key], split: int = 0, low: int = 0) -> Reading:
        """Terrain ``name`` (not a hexside feature), ``height`` levels high (VASL's, plus ½ for
        half-level terrain), an obstacle or a Hindrance, on ground ``g`` of hex ``key``;
        ``kind``: its Airhead terrain (a building's half level counts where it is as high as the
        higher end, as VASL reads it); ``split``: an obstacle's Hindrance DRM where both ends are
        at its ground level (an orchard in season, setting ``orchard_level``: B14.2 as VASL reads it);
        ``low``: as :meth:`ground` (a bank's exemption only for terrain under a level high)."""
        gr = self.ground(g, key, near, low if low == UNDER_BRIDGE or height < 1 else 0)
        if gr[0] == 2:
            return gr
        if split and obstacle and self.s.orchard_level and self.level and g == self.hi:
            return 1, name, g + height, "both ends at its level: a Hindrance, not an obstacle (B14.2, as VASL reads it; setting)"
        hi, lo = self.hi, self.lo
        top = g + height
        eff = 2 if obstacle else 1
        noun = "obstacle" if obstacle else "Hindrance"
        what = f"{'an' if obstacle else 'a'} {noun}"
        half = height != math.floor(height)
        if self.level:
            if top > hi + 1e-9:
                return eff, name, top, f"{what} higher than both ends (A6.2)"
            if abs(top - hi) <= 1e-9 and top > g:  # (a half-level top level with both ends: two Rooftops, as VASL reads them)
                if obstacle and self.s.level_blocks:
                    return 2, name, top, "an obstacle level with both ends (setting)"
                return 0, name, top, "level with both ends, not higher (A6.2)"
            return _best(gr, (0, name, top, "not higher than the ends (A6.2)")) if top > g else gr
        if top > hi + 1e-9:
            return eff, name, top, f"{what} higher than both ends (A6.2)"
        whole = math.floor(height + 1e-9)
        te = top if kind in _BUILDINGS else g + whole
        if abs(te - hi) <= 1e-9 and te > g:
            if obstacle:
                return 2, name, te, "as high as the higher end: the lower end has no height advantage over it (A6.2)"
            return 1, name, te, "a Hindrance as high as the higher end (A6.2)"
        tb = g + whole
        if lo < tb < hi and tb > g:
            rt, n = self.blind(tb, key, False)
            where = f"below the higher end: the lower end is {count(rt, 'hex')} behind it"
            if rt <= n:
                return eff, name, tb, f"{where}, within its {count(n, 'Blind Hex')} (A6.4)"
            return _best(gr, (0, name, tb, f"{where}, beyond its {count(n, 'Blind Hex')} (A6.4)"))
        if top > lo + 1e-9:
            return _best(gr, (0, name, top, f"{'a half-level ' if half else 'an ' if obstacle else 'a '}{noun} below the higher "
                                            "end: no effect on a thread between different levels (A6.2)"))
        return _best(gr, (0, name, top, "not higher than the lower end (A6.2)"))

    def hexside(self, name: str, g: float, height: float, key: Key, other: Key, crossed: bool,
                near: Sequence[Key], low: int = 0, along: bool = False) -> Reading:
        """A hexside feature (wall, hedge...) on ground ``g`` on the hexside between hexes
        ``key`` and ``other``; ``crossed``: the thread crosses that hexside, or (``along``) runs
        along it (setting ``los_wall_along``: it blocks as one crossed does, and its line says so)."""
        gr = self.ground(g, key, near, low)
        if gr[0] == 2:
            return gr
        top = g + height
        ends = (self.a, self.b)
        if key in ends or other in ends:
            return _best(gr, (0, name, top, "on an end's own hexside: ignored (B9.2)"))
        for e in ends:
            if _distance(key, e) == 1 and _distance(other, e) == 1:
                return _best(gr, (0, name, top, "on a hexside touching an end's hex at a corner: ignored (B9.2, as VASL reads it)"))
        if not crossed:
            return _best(gr, (0, name, top, "the thread does not cross its hexside"))
        if name.startswith("bocage"):  # a full-level obstacle along its hexside (B9.52)
            r = self.terrain(name, g, height, True, "", key, near)
            return (r[0], r[1], r[2], f"{ALONG}; {r[3]}") if along and r[0] == 2 else r
        if self.level and g == self.za:
            return 2, name, top, f"{ALONG}; both ends are at its level (B9.2)" if along else "both ends are at its level (B9.2)"
        return _best(gr, (0, name, top, "the ends are not both at its level (B9.2)"))

    def pit(self, p: Pit, g: float, key: Key, base: float, dep: bool, depiction: bool, toward: float) -> str:
        """A6.3 as VASL reads it (``checkDepressionRule``) for a point of ground ``g`` in hex ``key``
        (its base level ``base``; ``dep``: a depression hex, or one a bridge crosses, read a level
        lower; ``depiction``: the point is on a bridge or road there): the words of the block if
        the end in a depression ``p`` may not see through it, else "". ``toward``: how much nearer
        the other end's centre the point lies than its hex's centre (map units: in the hex next to
        that end, the half toward it is read as that end's, as VASL reads it)."""
        if key == p.other or (dep and depiction):
            return ""
        zd, zo = p.z, p.other_z
        ro = _distance(key, p.other)
        free = (g == base or zd >= g) if dep else g <= zd
        if not free and ro > zo - zd:
            if p.joined:  # adjacent across the depression's own hexside
                return ""
            if ro == 1 and zo > base and dep and toward > 0:
                return ""
            return p.words
        if ro == 1 and dep and not (g == base or zd >= g or zo > g) and toward < 0:
            return p.words
        return ""
