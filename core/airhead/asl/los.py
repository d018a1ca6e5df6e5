"""ASL line of sight at hex level (B10 in spirit; used by E1 Night, E7.25 and E8.23).

A line runs between hex centres (:func:`airhead.hexes.line`); each hex it crosses is read from
the map and the terrain table at the height the line has there, and the answer is explained hex
by hex, in the log's style. It is an approximation of printed artwork: wherever it decides a
roll, the app shows it and lets the players overrule it.

Public API (all pure; ``types`` defaults to the ASL terrain table):

* :class:`Location` — a hex and a level above its base level (a unit on level 1 of a building).
* :class:`LosSettings` — the readings that are settings (:data:`SETTING_FIELDS` for a system's
  schema; :meth:`LosSettings.from_settings` reads them from ``state.settings``).
* :func:`los` ``(terrain, a, b) -> Sight`` — blocked or clear, the total Hindrance DRM, every hex
  and hexside crossed with its height against the line and its effect; ``Sight.explain(name)``.
* :func:`top_above` — how far a hex's terrain rises above a viewer (E1.7: "1 full level higher").
* :func:`blind_hex` — a ground viewer's Blind Hex behind a lower obstacle, from a table the player
  enters (:class:`BlindTable`; B10.23's numbers are not in the seeds).
* :func:`aerial` — E7.25 Aerial LOS (:mod:`.aerial_los`) with the season and the Hindrance of the
  hex before the target.
* :func:`los_view`, :func:`explain` — the LOS thread between two hexes for the map, and in words.

Readings (``docs/rules-notes.md``, "LOS at hex level"): a Location's height is its hex's base
level plus its level; terrain between ends at different levels is read as A6 reads it, as on
imported boards (:mod:`.los_heights`: height advantage, Blind Hexes counted), or against a line
whose height is interpolated between the ends (setting ``los_slope``); an obstacle, higher ground or a hexside feature whose top is
above the line there blocks (level with it: setting ``los_level_obstacle``); the ends' own hexes
and hexsides never block or hinder; each Hindrance above the line adds its DRM and a total of
``los_hindrance_limit`` (6) blocks; where the line runs exactly along a hexside, ``los_hexside``
says whether both sides or either side must block (the lesser or the greater Hindrance counts).
As on imported boards, and by the same code (:mod:`.los_heights`), a Location in a depression
sees out only as A6.3 allows, a bridge above both ends is passed beneath, A6.8 Example 2 holds
between a building's Location and another height, and a rowhouse wall blocks on an end's own
hexside (B23.71), each hex read whole (``docs/rules-notes.md``, "LOS at hex level").

Split by concern: the Location, the settings, the line and a hex as LOS reads it are in
:mod:`.los_settings`, what a viewer above sees of one hex (:func:`top_above`, :func:`blind_hex`,
:func:`aerial`) in :mod:`.los_above` (both re-exported here); a Blaze's Illuminated Zone and its shadows (E1.94, E1.941) in :mod:`.los_zone`,
built on this module's ``_trace``; the thread over imported boards' pixels in :mod:`.los_grid`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from math import floor
from typing import TYPE_CHECKING, Callable, Mapping, Union

from ..frozen import replace
from ..hexes import Hex
from ..plug import View
from ..tables import TerrainType, hexside_heights
from ..terrain import Terrain
from .los_above import Aerial, Blind, aerial, blind_hex, top_above
from .los_heights import A68, DEPRESSION, a68_words, OWN_SIDE, UNDER, Judge, Pit, a68_ends, building_top, pit_hex
from .los_heights import pits as pits_of
from .los_settings import (BLIND_PACK_FIELD, BUILDINGS, RULE, SETTING_FIELDS, TABLE, BlindTable, Location, LosSettings,
                           Name, Where, _against, _at, _levels, _line, _loc, _read, _types, blind_table, end_height,
                           level_hindrance, rooftop)
from .los_settings import _line_from_origin as _line_from_origin  # (re-exported for los_zone and the tests)

if TYPE_CHECKING:
    from ..plug import GameState

__all__ = ["RULE", "Location", "LosSettings", "SETTING_FIELDS", "BLIND_PACK_FIELD", "BlindTable", "blind_table",
           "Crossing", "Sight", "los", "top_above", "Blind", "blind_hex", "Aerial", "aerial",
           "los_view", "explain", "Where", "BUILDINGS", "TABLE", "end_height", "level_hindrance", "rooftop"]


@dataclass(frozen=True)
class Crossing:
    """One hex (or hexside: two hexes) the line crosses: what is there, its top against the line's
    height at that point (levels; positive above), its effect in words, whether it blocks, and the
    Hindrance DRM it adds."""

    hexes: tuple[Hex, ...]
    what: str
    height: float
    effect: str
    blocks: bool = False
    drm: int = 0
    side: bool = False
    ref: str = "the line"
    end: Hex | None = None  # A6.8 Example 2: the end whose thread has not left its building here

    def line(self, name: Name, ends: tuple[Hex, ...] = ()) -> str:
        """This crossing as one log-style line (``ends``: the line's ends' hexes; an A6.8 block in
        one of them says it is the other end's own hex and why that blocks)."""
        where = " | ".join(name(h) for h in self.hexes)
        where = f"hexside {where}" if self.side else where
        effect = (self.effect if self.end is None
                  else a68_words(name(self.end), name(self.hexes[0]) if self.hexes[0] in ends else None))
        return f"{where}: {self.what}, {_against(Fraction(self.height), self.ref)}: {effect}"


@dataclass(frozen=True)
class Sight:
    """The answer of :func:`los`: blocked or clear, the total Hindrance DRM, what blocks (``by``:
    its hexes; ``cause``: ``"obstacle"``, ``"ground"``, ``"hexside"``, ``"hindrances"``,
    ``"blind"``, or ``""``), every crossing in order, the line's hexes, and questions the rules
    leave to the players (``asks``)."""

    a: Location
    b: Location
    blocked: bool
    drm: int
    crossings: tuple[Crossing, ...]
    path: tuple[Hex, ...]
    by: tuple[Hex, ...] = ()
    cause: str = ""
    asks: tuple[str, ...] = ()
    heights: tuple[float, float] = (0.0, 0.0)
    roofs: tuple[bool, bool] = (False, False)  # each end on its building's Rooftop (B23.8)

    def explain(self, name: Name) -> list[str]:
        """The answer in log style: the ends, one line per crossing, then the verdict."""
        za, zb = self.heights

        def at(loc: Location, z: float, roof: bool) -> str:
            return (f"Rooftop, level {loc.level:g}: traced from {_at(Fraction(z))}, half a level lower (B23.8)" if roof
                    else _at(Fraction(z)))

        lines = [f"Line of sight from {name(self.a.hex)} ({at(self.a, za, self.roofs[0])}) to "
                 f"{name(self.b.hex)} ({at(self.b, zb, self.roofs[1])})"]
        lines += [c.line(name, (self.a.hex, self.b.hex)) for c in self.crossings]
        if self.blocked:
            what = {"hindrances": f"Hindrances add up to +{self.drm}", "blind": "a Blind Hex"}.get(self.cause, "")
            by = " and ".join(name(h) for h in self.by)
            lines.append(f"LOS blocked: {what or by} ({RULE})" if not what else f"LOS blocked: {what}, {by} ({RULE})")
        else:
            lines.append(f"LOS clear{f', +{self.drm} Hindrance DRM' if self.drm else ''} ({RULE})")
        lines += [f"For the players: {q}" for q in self.asks]
        return lines


#: A height on the thread: levels, a float (whole and half levels, exact), or a Fraction where the
#: thread's height is interpolated between ends at different levels (setting ``los_slope``).
Z = Union[float, Fraction]


_NONE = Fraction(0)


def _above(top: float, z: Z) -> float:
    """How far ``top`` is above the thread at height ``z`` (levels), rounded once."""
    return top - z if type(z) is float else float(Fraction(top) - z)


def _side_height(sides: Mapping[str, float], feats: frozenset[str], minimum: float) -> tuple[float, str]:
    best, what = 0.0, ""
    for f in sorted(feats):
        hgt = float(sides.get(f, 0))
        if hgt > best and hgt >= minimum:
            best, what = hgt, f
    return best, what


def _trace(terrain: Terrain, a: Location, b: Location, s: LosSettings, types: Mapping[str, TerrainType],
           sides: Mapping[str, float], *, minimum: float = 0, hindrances: bool = True) -> Sight:
    """The line from ``a`` to ``b``; obstacles under ``minimum`` levels and (without
    ``hindrances``) Hindrances are ignored (E1.941 shadows).

    Heights are floats (whole and half levels: exact, and some 10 times quicker than Fractions,
    more in Pyodide), but the thread's height interpolated between ends at different levels,
    an exact Fraction (:data:`Z`), compared with them exactly."""
    ta, tb = terrain.at(a.hex), terrain.at(b.hex)
    za, zb = end_height(ta, a.level), end_height(tb, b.level)
    ln = _line(a.hex, b.hex)
    n = len(ln.steps) - 1
    low, high = min(za, zb), max(za, zb)
    lower_end = a if za < zb else b
    crossings: list[Crossing] = []
    blockers: list[tuple[Hex, ...]] = []
    cause = ""
    drm = 0
    asks: list[str] = []

    # the thread's height ``t`` of the way along it (``t`` read only where it is interpolated)
    interpolated = s.slope != "asl" and za != zb
    fza, rise = (Fraction(za), Fraction(zb) - Fraction(za)) if interpolated else (_NONE, _NONE)
    z_flat = high if s.slope == "asl" else za

    def z_at(t: Fraction | int) -> Z:
        return fza + rise * t if interpolated else z_flat

    # A6.3, A6.8 Example 2, B23.71 as imported boards read them (:mod:`.los_heights`), a Blaze's
    # shadows too (E1.941: the Blaze read as a viewer; a building casts one only ``minimum`` high)
    steps = ln.steps
    ka, kb = (a.hex.q, a.hex.r), (b.hex.q, b.hex.r)
    pits: tuple[Pit, ...] = ()
    if DEPRESSION in (ta.terrain, tb.terrain):
        joined = n == 1 and ta.terrain == tb.terrain == DEPRESSION  # read whole: their hexside is the depression's
        pits = pits_of(ka, kb, ta, tb, a.level, b.level, za, zb, joined)
    pit_judge = Judge(ka, kb, za, zb, s, pits) if pits else None
    first: dict[Hex, tuple[float, Hex]] = {}  # A6.8 Example 2: the hexes the thread enters first from an end in a building
    in_bld = n and (ta.terrain in BUILDINGS or tb.terrain in BUILDINGS)
    if in_bld and za != zb and any(ends68 := a68_ends(ta, tb, za, zb)):
        for on, st, ze, e in ((ends68[0], steps[1], za, a.hex), (ends68[1], steps[n - 1], zb, b.hex)):
            for h in ((st,) if isinstance(st, Hex) else st) if on else ():
                th = terrain.at(h)
                if (th.terrain in BUILDINGS and th.obstacle and th.obstacle >= minimum
                        and ze <= building_top(th.base_level, th.obstacle)):
                    first.setdefault(h, (float(building_top(th.base_level, th.obstacle)), e))

    higher = b.hex if zb > za else a.hex
    asl = s.slope == "asl"
    ref = "the higher end" if asl and za != zb else "the line"

    def _hinders_here(top: float, height: float, z: Z, where: Hex) -> bool:
        """Does a Hindrance whose top is ``top`` hinder here?"""
        if not asl:
            return top > z
        if top > high or (top == high and (high > low or height != int(height))):
            return True
        if low < top < high and height >= 1:
            return _asl(top, where, False)[0]
        return False

    def judge(top: float, z: Z, where: Hex, crest: bool = False) -> tuple[bool, str]:
        """Does a top at this point block? (and the effect in words)"""
        if s.slope == "asl":
            return _asl(top, where, crest)
        if s.slope == "blind_hexes":
            if top > high or (s.level_blocks and top == high == low):
                return True, "blocks"
            if top > low:
                return _blind_effect(top, where)
            return False, "below the line"
        if top > z or (top == z and s.level_blocks):
            return True, "blocks"
        return False, "below the line"

    def _asl(top: float, where: Hex, crest: bool) -> tuple[bool, str]:
        """A6 as :mod:`.los_heights` reads it (the same counts as on imported boards)."""
        if high == low:  # both ends at one level: the same reading as the line's
            return (True, "blocks") if top > high or (top == high and s.level_blocks and not crest) else (False, "below the line")
        if top > high:
            return True, "higher than both ends: blocks (A6.2)"
        if top == high:
            return True, "as high as the higher end, no height advantage over it: blocks (A6.2)"
        if not crest:  # Blind Hexes count an obstacle's whole levels (VASL's height), not its half level
            top = float(floor(top))
        if top > low:
            rs, rt = where.distance(higher), where.distance(lower_end.hex)
            n = floor(2 * top + rs // 5 - high - low)
            n = max(n, 0) if crest else max(n + 1, 1)
            where_ = f"the lower end is {rt} hex{'es' if rt != 1 else ''} behind it"
            if rt <= n:
                return True, f"{where_}, within its {n} Blind Hex{'es' if n != 1 else ''}: blocks (A6.4)"
            return False, f"{where_}, beyond its {n} Blind Hex{'es' if n != 1 else ''} (A6.4)"
        return False, "not higher than the lower end"

    def _blind_effect(top: float, where: Hex) -> tuple[bool, str]:
        hgt = top - terrain.at(where).base_level
        above = high - top
        table = dict(s.blind)
        count = table.get((float(hgt), float(above)))
        if count is None:
            asks.append(f"is the lower end a Blind Hex behind this {_levels(hgt)} obstacle seen from "
                        f"{_levels(above)} above it? (B10.23: enter the Blind Hex table)")
            return False, "between the ends: a Blind Hex question for the players"
        d = where.distance(lower_end.hex)
        if d <= count:
            return True, f"{count} Blind Hex{'es' if count != 1 else ''} behind it: blocks"
        return False, f"{count} Blind Hex{'es' if count != 1 else ''} behind it: the lower end is beyond them"

    def one(h: Hex, t: Fraction | int) -> tuple[bool, int, list[Crossing], str]:
        z = z_at(t)
        th = terrain.at(h)
        r = _read(th, types.get(th.terrain), s)
        out: list[Crossing] = []
        blocks, add, why = False, 0, ""
        if th.bridge is not None and r.ground >= high and r.ground > low:  # the thread passes beneath it (VASL)
            out.append(Crossing((h,), f"a bridge at {_at(r.ground)}", _above(r.ground, z), UNDER, ref=ref))
        elif (r.ground > low if asl else r.ground > z and (s.slope == "interpolate" or r.ground > low)):
            hit, eff = judge(r.ground, z, h, crest=True)
            blocks, why = hit, "ground" if hit else ""
            out.append(Crossing((h,), "higher ground (a crest)", _above(r.ground, z), eff, hit, ref=ref))
        if pit_judge is not None and not blocks:  # an end in a depression (A6.3): may the thread leave it here?
            base, dep = pit_hex(th)
            pit = next((w for w in (pit_judge.pit(p, float(r.ground), (h.q, h.r), base, dep, th.bridge is not None, 0.0)
                                    for p in pits) if w), "")
            if pit:
                out = [Crossing((h,), r.what if r.ground == 0 else f"{r.what} at {_at(r.ground)}", _above(r.ground, z),
                                pit, True, ref=ref)]
                blocks, why = True, "ground"
        top68 = first.get(h) if first else None
        if top68 is not None and not blocks:
            out.append(Crossing((h,), r.what, _above(top68[0], z), A68, True, ref=ref, end=top68[1]))
            blocks, why = True, "obstacle"
        split = level_hindrance(types.get(terrain.at(h).terrain), s) if hindrances and za == zb == r.ground else 0
        if r.obstacle and split and not r.hindrance:  # an orchard in season seen at its own level (B14.2)
            add += split
            out.append(Crossing((h,), r.what, _above(r.ground + r.obstacle, z),
                                f"+{split} Hindrance: both ends at its level (B14.2, as VASL reads it; setting)", False, split, ref=ref))
        elif r.obstacle and r.obstacle >= minimum:
            top = r.ground + r.obstacle
            hit, eff = judge(top, z, h)
            if hit and not blocks:
                blocks, why = True, "blind" if "Blind Hex" in eff else "obstacle"
            out.append(Crossing((h,), r.what, _above(top, z), eff, hit, ref=ref))
        if hindrances and r.hindrance:
            top = r.ground + r.height
            if _hinders_here(top, r.height, z, h):
                add += r.hindrance
                out.append(Crossing((h,), r.what, _above(top, z), f"+{r.hindrance} Hindrance", False, r.hindrance, ref=ref))
            else:
                out.append(Crossing((h,), r.what, _above(top, z), "below the line" if not asl else "no effect", ref=ref))
        if hindrances and r.smoke:
            if s.smoke:
                add += s.smoke
                out.append(Crossing((h,), "SMOKE", 0.0, f"+{s.smoke} Hindrance", False, s.smoke))
            else:
                out.append(Crossing((h,), "SMOKE", 0.0, "a Hindrance whose DRM is not set (E.6)"))
                asks.append("what Hindrance DRM does the SMOKE on the line add? (E.6)")
        if not out:
            what = r.what if r.ground == 0 else f"{r.what} at {_at(r.ground)}"
            out.append(Crossing((h,), what, _above(r.ground, z), "no effect", ref=ref))
        return blocks, add, out, why

    def hexside(x: Hex, y: Hex, t: Fraction | int) -> Crossing | None:
        feats = terrain.side_between(x, y)
        hgt, what = _side_height(sides, feats, minimum)
        if not what:
            return None
        ground = float(max(terrain.at(x).base_level, terrain.at(y).base_level))
        top = ground + hgt
        z = z_at(t)
        if asl:
            if any(x.distance(e) == 1 and y.distance(e) == 1 for e in (a.hex, b.hex)):
                hit, eff = False, "touches an end's hex at a corner: ignored (B9.2, as VASL reads it)"
            elif what == "bocage":  # a full-level obstacle on its hexside (B9.52)
                hit, eff = judge(top, z, x if x.distance(lower_end.hex) < y.distance(lower_end.hex) else y)
            elif za == zb == ground or top > high:
                hit, eff = True, "blocks" if za == zb else "higher than both ends: blocks (A6.2)"
            else:
                hit, eff = False, "the ends are not both at its level (B9.2)"
            return Crossing((x, y), f"a {what.replace('_', ' ')}", _above(top, z), eff, hit, side=True, ref=ref)
        hit, eff = judge(top, z, x if x.distance(lower_end.hex) < y.distance(lower_end.hex) else y)
        return Crossing((x, y), f"a {what.replace('_', ' ')}", _above(top, z), eff, hit, side=True)

    for i in range(1, n):
        st = steps[i]
        t = ln.at(i) if interpolated else 0
        if isinstance(st, Hex):
            hit, add, cs, why = one(st, t)
            crossings += cs
            drm += add
            if hit:
                blockers.append((st,))
                cause = cause or why
            continue
        results = [one(h, t) for h in st]
        hits = [r[0] for r in results]
        adds = [r[1] for r in results]
        both = s.hexside == "both"
        hit = all(hits) if both else any(hits)
        for *_, cs, _ in results:  # a hex that blocks alone does not block a line along its hexside
            crossings += cs if hit else [replace(c, blocks=False, end=None, effect="would block, but only on its side of "
                                                                                   "the hexside the line runs along")
                                         if c.blocks else c for c in cs]
        if both:
            free = [d for hh, d in zip(hits, adds) if not hh]
            add = min(free) if free else max(adds)
        else:
            add = max(adds)
        drm += add
        pair = tuple(st)
        feature = hexside(pair[0], pair[1], t) if len(pair) == 2 and pair[0].distance(pair[1]) == 1 else None
        rule = "both sides must block" if both else "either side blocks"
        verdict = "blocks" if hit else "does not block"
        crossings.append(Crossing(pair, "the line runs along this hexside", 0.0,
                                  f"{rule}: {verdict}{f', +{add} Hindrance' if add else ''}", hit, 0, side=True))
        if feature is not None and not both and feature.blocks:
            crossings.append(feature)
            hit = True
        elif feature is not None:
            crossings.append(replace(feature, blocks=False, effect="along the line, not crossed: no effect"))
        if hit:
            blockers.append(pair)
            cause = cause or next((r[3] for r in results if r[0]), "hexside")
    # hexsides crossed between single-hex steps (the ends' own hexsides never block)
    for i in range(1, n - 1):
        x, y = steps[i], steps[i + 1]
        if isinstance(x, Hex) and isinstance(y, Hex) and x.distance(y) == 1:
            c = hexside(x, y, ln.spans[i][1] if interpolated else 0)
            if c is not None:
                crossings.append(c)
                if c.blocks:
                    blockers.append((x, y))
                    cause = cause or "hexside"
    for h in (b.hex, a.hex) if n == 1 else ():  # A6.8 Example 2 between adjacent hexes: the other end's hex
        if h in first:
            crossings.append(Crossing((h,), _read(terrain.at(h), types.get(terrain.at(h).terrain), s).what,
                                      _above(first[h][0], z_at(0)), A68, True, ref=ref, end=first[h][1]))
            blockers.append((h,))
            cause = cause or "obstacle"
    if in_bld and any(te.terrain in BUILDINGS and isinstance(st, Hex) and ROWHOUSE_WALL in terrain.side_between(e, st)
                      for e, te, st in ((a.hex, ta, steps[1]), (b.hex, tb, steps[n - 1]))):
        # B23.71: a rowhouse wall on an end's own hexside, between two buildings' hexes (from its
        # Rooftop, only between two Rooftops)
        roofs = (rooftop(ta, a.level), rooftop(tb, b.level))
        seen: set[frozenset[Hex]] = set()
        for e, te, roof, st, z_end in ((a.hex, ta, roofs[0], steps[1], z_at(0)),
                                       (b.hex, tb, roofs[1], steps[n - 1], z_at(1))):
            if (te.terrain not in BUILDINGS or not isinstance(st, Hex) or (roof and (n > 1 or all(roofs)))
                    or frozenset((e, st)) in seen):
                continue
            seen.add(frozenset((e, st)))
            c = _rowhouse(terrain, e, st, partial(_judge_at, judge, z_end), z_end, ref, minimum)
            if c is not None:
                crossings.append(c)
                if c.blocks:
                    blockers.append((e, st))
                    cause = cause or "hexside"
    blocked = bool(blockers)
    if not blocked and drm >= s.hindrance_limit:
        blocked, cause = True, "hindrances"
        blockers = [c.hexes for c in crossings if c.drm]
    by = tuple(dict.fromkeys(h for hs in blockers for h in hs))
    return Sight(a, b, blocked, drm, tuple(crossings), tuple(ln.hexes), by, cause, tuple(dict.fromkeys(asks)),
                 (za, zb), (rooftop(ta, a.level), rooftop(tb, b.level)))


ROWHOUSE_WALL = "rowhouse_wall"


def _judge_at(judge: Callable[[float, Z, Hex], tuple[bool, str]], z: Z, top: float,
              where: Hex) -> tuple[bool, str]:
    return judge(top, z, where)


def _rowhouse(terrain: Terrain, e: Hex, other: Hex, judge: Callable[[float, Hex], tuple[bool, str]], z: Z,
              ref: str, minimum: float = 0) -> Crossing | None:
    """A rowhouse wall on the hexside of end ``e`` the thread leaves by, toward ``other`` (B23.71,
    as VASL reads it): its building's obstacle (the taller of the two hexes' buildings, on the
    higher ground), read even on an end's own hexside; None without one (or one under ``minimum``
    levels: a Blaze's shadow, E1.941)."""
    if ROWHOUSE_WALL not in terrain.side_between(e, other):
        return None
    te, to = terrain.at(e), terrain.at(other)
    height = max((t.obstacle for t in (te, to) if t.terrain in BUILDINGS), default=0)
    if not height or height < minimum:
        return None
    top = float(max(te.base_level, to.base_level)) + float(height)
    hit, eff = judge(top, other)
    return Crossing((e, other), "a rowhouse wall", _above(top, z), f"{eff}; {OWN_SIDE}" if hit else eff, hit,
                    side=True, ref=ref)


def los(terrain: Terrain, a: Where, b: Where, *, settings: LosSettings | None = None,
        types: Mapping[str, TerrainType] | None = None, sides: Mapping[str, float] | None = None) -> Sight:
    """Line of sight from ``a`` to ``b`` (Locations, or hexes at ground level), explained.

    ``types``: the terrain table (default ASL's); ``sides``: the height of each hexside feature
    (default the table's ``"sides"``)."""
    return _trace(terrain, _loc(a), _loc(b), settings or LosSettings(), _types(types),
                  hexside_heights(TABLE) if sides is None else sides)


# ---------------------------------------------------------------- the map's LOS thread


def _source(source: Terrain | GameState) -> tuple[Terrain, LosSettings | None, Mapping[str, TerrainType] | None]:
    if isinstance(source, Terrain):
        return source, None, None
    return source.terrain, LosSettings.from_settings(source.settings), source.system.terrain_types


def los_view(source: Terrain | GameState, a: Where, b: Where, *, settings: LosSettings | None = None) -> View:
    """The LOS thread from ``a`` to ``b`` for the map: the line, its ends, what blocks
    (``los-block``, labelled "blocks") and what hinders (``los-hindrance``, labelled "+1"), and at
    the far end the verdict ("no LOS" or the total DRM)."""
    terrain, st, types = _source(source)
    sight = los(terrain, a, b, settings=settings or st, types=types)
    marks: list[tuple[Hex, str]] = [(sight.a.hex, "los-end"), (sight.b.hex, "los-end")]
    labels: list[tuple[Hex, str]] = []
    for c in sight.crossings:
        if c.blocks:
            marks += [(h, "los-block") for h in c.hexes]
            labels += [(h, "blocks") for h in c.hexes if not c.side]
        elif c.drm:
            marks.append((c.hexes[0], "los-hindrance"))
            labels.append((c.hexes[0], f"+{c.drm}"))
    verdict = "no LOS" if sight.blocked else (f"LOS +{sight.drm}" if sight.drm else "LOS")
    labels.append((sight.b.hex, verdict))
    return View(marks=tuple(dict.fromkeys(marks)), paths=((sight.a.hex, sight.b.hex),), labels=tuple(dict.fromkeys(labels)))


def explain(source: Terrain | GameState, a: Where, b: Where, name: Name, *, settings: LosSettings | None = None) -> list[str]:
    """The LOS from ``a`` to ``b`` in words, one line per hex crossed (:meth:`Sight.explain`)."""
    terrain, st, types = _source(source)
    return los(terrain, a, b, settings=settings or st, types=types).explain(name)
