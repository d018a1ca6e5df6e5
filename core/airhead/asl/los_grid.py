"""ASL line of sight traced over the terrain grid of imported VASL boards (issue #27, first slice).

Where a map lies on imported boards (:mod:`airhead.vasl.library`), the thread between two hex
centres is walked over the boards' own pixels, as VASL walks it (``Map.java``), about one pixel
at a time: each pixel's terrain code and ground level are read from the board, and the ASL LOS
readings of :mod:`.los` (the same settings) are applied to what lies there, not to the hex
whole; each board's grid has the game's SSR terrain options applied (:func:`.board_pixels.frames_of`).
Where the players changed a hex (rubble, a Blaze), or where no board's grid lies, the hex is read
whole, as :mod:`.los` reads it.

Readings (``docs/rules-notes.md``, "LOS over a board's grid"):

* heights as ASL reads them (A6, as VASL implements them: :mod:`.los_heights`): what is higher
  than both ends blocks (a Hindrance hinders); with the ends at different levels, ground or an
  obstacle as high as the higher end blocks; below it, the lower end is blind only within the
  obstacle's (or crest line's) Blind Hexes, counted from its height, both ends' levels and the
  range; the thread's height is never interpolated;
* a pixel's hex is the one whose outline holds it; hexside terrain (walls, hedges, bocage) counts
  only on a hexside the thread crosses, not an end's own or one touching an end's hex at a corner,
  and blocks only with both ends at its level (B9.2);
* inherent terrain drawn across a hexside into a hex of other terrain is ignored there (VASL);
* the ends' own hexes never block or hinder;
* where the thread runs exactly along a hexside (or through a vertex), it is traced a pixel and
  a half to either side, and setting ``los_hexside`` says whether both sides or either side must
  block (the lesser or the greater Hindrance counts); at a board's edge only the side on the board
  is read.

Split by concern: the hexes and hexsides a thread crosses on the hex grid are in
:mod:`.los_grid_path`; the thread's answer and its explanation lines (:class:`GridHex`,
:class:`GridSight`, the map's thread) in :mod:`.los_grid_lines` (re-exported here); A6's heights
in :mod:`.los_heights`; the boards' pixels in :mod:`.board_pixels`. This module walks the pixels.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from ..frozen import replace
from ..hexes import DIRECTION_NAMES, DIRECTIONS, Hex
from ..scenario import Scenario
from ..tables import terrain_types
from ..terrain import HexTerrain
from .. import work
from ..errors import RulesError
from .los_settings import BUILDINGS, TABLE, LosSettings, Location, Where, _read, end_height, level_hindrance, rooftop
from .los_zone import Zone, blaze_range
from .los_heights import (A68, BANKS, DEPRESSION, OWN_SIDE, UNDER_BRIDGE, Judge, Pit, _distance, a68_ends, building_top,
                          pit_hex, pits)
from .los_grid_lines import _EFFECT, _RANK, GridHex, GridSight, _merged, _plain, grid_view
from .los_grid_path import _along, _at_corner, _hex_key, _inside, _path, _runs, _side_of, _sides
from .los_grid_path import _crossed as _crossed  # (re-exported for the tests and the bench)
from .los_grid_path import _crossed_from_origin as _crossed_from_origin
from .los_grid_path import _plan as _plan
from .board_pixels import SQRT3 as _SQRT3
from .board_pixels import STEP_PX, frames_of
from .board_pixels import Kind as _Kind
from .board_pixels import HexBounds, board_hex, hex_bounds
from .board_pixels import centre as _centre
from .board_pixels import kinds as _kinds
from .board_pixels import shadow_kinds as _shadow_kinds

if TYPE_CHECKING:
    from ..vasl.library import Frame

__all__ = ["GridHex", "GridSight", "trace", "sights", "zone", "grid_view", "RULE"]

RULE = "LOS over a board's grid"
#: How far either side of a hexside a thread along it is traced again (board pixels).
OFFSET_PX = 1.5


# ---------------------------------------------------------------- the walk

class _Memo:
    """What the threads of one :func:`sights` call (or one :func:`trace`) share: whether each
    hex is read whole, and each hex's bound (:func:`.board_pixels.bound`)."""

    def __init__(self, scenario: Scenario, boards: list[Frame], s: LosSettings) -> None:
        self.terrain, self.base, self.boards, self.s = scenario.terrain, scenario.base, boards, s
        self.wholes: dict[tuple[int, int], bool] = {}
        self.bounds: dict[tuple[int, int], tuple[float, float] | None] = {}
        self.tables: dict[int, HexBounds] = {}
        self.heights: dict[tuple[int, int, float], float] = {}

    def height(self, loc: Location, t: HexTerrain) -> float:
        """The height a thread is traced from at ``loc`` (terrain ``t``: :func:`.los_settings.end_height`)."""
        key = (loc.hex.q, loc.hex.r, loc.level)
        got = self.heights.get(key)
        if got is None:
            got = self.heights[key] = float(end_height(t, loc.level))
        return got

    def whole(self, key: tuple[int, int]) -> bool:
        """True if hex ``key`` (q, r) is read whole: changed by the players, or its centre on no
        board."""
        got = self.wholes.get(key)
        if got is None:
            h = Hex(*key)
            cx, cy = _centre(h)
            got = self.wholes[key] = self.terrain.at(h) != self.base.at(h) or not any(
                f.box[0] <= cx <= f.box[2] and f.box[1] <= cy <= f.box[3] for f in self.boards)
        return got

    def bound(self, key: tuple[int, int]) -> tuple[float, float] | None:
        """The highest ground and the highest terrain top (levels) in hex ``key`` (q, r), from its
        bound (:func:`.board_pixels.bound`) on the board that holds it wholly; None where no board does, or
        where the hex holds ground below level 0."""
        if key in self.bounds:
            return self.bounds[key]
        work.spend(20)  # per hex and call, whatever is kept
        h = Hex(*key)
        got = None
        for i, f in enumerate(self.boards):
            at = board_hex(f, h)
            if at is not None:
                table = self.tables.get(i)
                if table is None:  # the board's table of bounds, made once per board's grid and season
                    table = self.tables[i] = hex_bounds(f.board, self.s.in_season)
                got = table.get(at)
                if got is not None:
                    break
        out = None if got is None or got[0] > 127 else (float(got[0]), got[0] + got[1] / 2 if got[1] else float(got[0]))
        self.bounds[key] = out
        return out


def _walk(scenario: Scenario, a: Location, b: Location, s: LosSettings, kinds: tuple[_Kind | None, ...],
          memo: _Memo, offset: float, fast: bool = False, shadow: bool = False) -> GridSight:
    """One thread, ``offset`` board pixels to the left of the centre-to-centre line. Each pixel
    is read from its board; only a pixel that can matter (terrain, or ground above the lower end)
    is placed in its hex and read as A6 reads it (:class:`.los_heights.Judge`). Hexes the players
    changed, or off every board's grid, are read whole where the thread passes their centre.
    ``fast``: the verdict only (a viewshed): the pixels of a hex that holds nothing that can
    matter (:meth:`.los_heights.Judge.may_matter`) are not read, and hexes with no effect may be
    missing from ``hexes``. ``shadow``: ``kinds`` are :func:`_shadow_kinds` and hexes read whole
    are read as a Blaze's light reads them."""
    terrain, boards = scenario.terrain, memo.boards
    types = terrain_types(TABLE)
    ta, tb = terrain.at(a.hex), terrain.at(b.hex)
    za, zb = memo.height(a, ta), memo.height(b, tb)
    ka, kb = (a.hex.q, a.hex.r), (b.hex.q, b.hex.r)
    pits = _pits(a, b, ta, tb, za, zb, boards) if DEPRESSION in (ta.terrain, tb.terrain) else ()
    judge = Judge(ka, kb, za, zb, s, pits)
    pit_ends = [_centre(Hex(*p.other)) for p in pits]
    pit_hexes: dict[tuple[int, int], tuple[float, bool]] = {}
    bridges, depiction, _pit_codes = _codes()
    roofs = (rooftop(ta, a.level), rooftop(tb, b.level))
    # A6.8 Example 2, for each end in a building hex at a height the other end is not at
    a68: tuple[bool, ...] = ()
    if any(ends68 := a68_ends(ta, tb, za, zb)):
        a68 = ends68
    left_a, bld = False, False
    run_b: tuple[tuple[int, int], str, float, tuple[float, float]] | None = None
    bridged: set[tuple[int, int]] = set()  # hexes where the thread met a bridge: their ground never blocks (VASL)
    lo, hi, level = judge.lo, judge.hi, judge.level
    (xa, ya), (xb, yb) = _centre(a.hex), _centre(b.hex)
    ends_xy = ((ka, za, xa, ya), (kb, zb, xb, yb))
    # a thread through no vertex runs between the dots' pixels and reads the pixels it passes
    # truncated, as VASL walks it; one traced beside a hexside keeps to the hexside, rounded
    rnd = 0.5 if offset else 1e-6
    if not offset:
        (xa, ya), (xb, yb) = _dot(xa, ya, boards), _dot(xb, yb, boards)
    dx, dy = xb - xa, yb - ya
    length2 = dx * dx + dy * dy
    length = math.sqrt(length2)
    scale = max((max(f.kx, f.ky) for f in boards), default=37.5)
    ox, oy = -dy / length * offset / scale, dx / length * offset / scale
    xa, ya = xa + ox, ya + oy
    n = max(int(math.ceil(length * scale / STEP_PX)), 1)
    work.spend(n // 2 + 8)  # a replay's work (airhead.work): the same whatever is cached
    end_keys = {ka, kb}
    rel = _path(kb[0] - ka[0], kb[1] - ka[1], round(ox, 9), round(oy, 9))
    crossed = [(ka[0] + q, ka[1] + r) for q, r in rel]
    crossed = [key for key in crossed if key not in end_keys]
    sides_crossed: set[tuple[tuple[int, int], tuple[int, int]]] | None = None
    sides_across: set[tuple[tuple[int, int], tuple[int, int]]] | None = None  # those it crosses, not runs along
    # the hexes met, by (q, r): a tuple hashes in C, a Hex in Python (the loop below meets one per pixel read)
    best: dict[tuple[int, int], GridHex] = {}
    for key in ([] if fast else crossed):
        best[key] = _plain(Hex(*key), terrain, types)

    # hexes read whole, each where the thread passes nearest its centre
    wholes = []
    for key in crossed:
        if memo.whole(key):
            h = Hex(*key)
            cx, cy = _centre(h)
            wholes.append((((cx - xa) * dx + (cy - ya) * dy) / length2, h))
    wholes.sort(key=lambda th: th[0])
    whole_set = {h for _t, h in wholes}
    passed = {(h.q, h.r) for h in whole_set} | end_keys  # pixels in these hexes are not read
    samples: Iterable[int] = range(n + 1)
    if fast and not pits and not a68:
        skip = _skips(a, b, judge, memo, whole_set, (ox, oy), n, length * scale)
        for t, _h in wholes:  # a hex read whole is read at the same sample as when nothing is skipped
            skip[min(max(int(math.ceil(t * n)), 0), n)] = 0
        samples = _runs(skip)
    w, nw = 0, len(wholes)
    hind: dict[tuple[int, int], int] = {}
    total = off = 0
    blocked_at: Hex | None = None
    point: tuple[float, float] | None = None
    inherent_ok: dict[tuple[int, int], str] = {}
    # each (hex, terrain code, ground) read once: a reading depends on nothing else (but B10.2 EXC's
    # half hex and a hexside feature's hexside, never kept)
    readings: set[tuple[tuple[int, int], int, int]] = set()
    limit = s.hindrance_limit
    per_range = s.per_range
    at_range: dict[int, tuple[int, int]] = {}  # with per_range: the counted Hindrance hex at each range from ``a``
    same: set[tuple[int, int]] = set()  # with per_range: the Hindrance hexes not counted
    # the current board's pixel at sample i is (p0x + i * pdx, p0y + i * pdy): set when it changes
    p0x = p0y = pdx = pdy = 0.0
    gw = gh = 0
    cells = elev = b""
    bax = bay = bvx = bvy = bsx = bsy = beps = 0.0
    tx = dx / n
    ty = dy / n
    wnext = wholes[0][0] * n if nw else math.inf
    ilo, ihi = 1, 0  # the samples within the current board's picture (none yet)
    for i in samples:
        hit: tuple[int, int] | None = None
        if wnext <= i:
            while w < nw and wholes[w][0] * n <= i:
                h = wholes[w][1]
                key = (h.q, h.r)
                w += 1
                t_h = terrain.at(h)
                what, top, obstacle, drm = _whole(t_h, types, s, shadow)
                base = float(t_h.base_level)
                split = 0 if shadow or not obstacle else level_hindrance(types.get(t_h.terrain), s)
                r = judge.terrain(what, base, top - base, obstacle, t_h.terrain, key, (), split) if top > base \
                    else judge.ground(base, key, ())
                best[key] = GridHex(h, what, r[2], _EFFECT[r[0]], (drm or split) if r[0] == 1 else 0, True, r[3])  # the hex's one reading
                if t_h.smoke and s.smoke and not shadow and r[0] != 2:  # SMOKE hinders whatever its height
                    best[key] = GridHex(h, "SMOKE", r[2], "hinders", s.smoke, True, "SMOKE hinders whatever its height")
                hit = key
            wnext = wholes[w][0] * n if w < nw else math.inf
        if hit is None:
            if not ilo <= i <= ihi:
                x, y = xa + tx * i, ya + ty * i
                bd = next((f for f in boards if f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3]), None)
                if bd is None:
                    off += _hex_key(x, y) not in end_keys
                    continue
                ilo, ihi = _inside(bd.box, xa, ya, tx, ty, i)
                p0x = bd.vx + bd.sign * (xa - bd.ax) * bd.kx + rnd
                p0y = bd.vy + bd.sign * (ya - bd.ay) * bd.ky + rnd
                pdx, pdy = bd.sign * tx * bd.kx, bd.sign * ty * bd.ky
                grid = bd.board.archive.grid
                gw, gh, cells, elev = grid.grid_width, grid.grid_height, grid.terrain, grid.elevation
                # a pixel's hex: its point on the map, a hair toward the board's bottom (the hex a
                # pixel exactly on a hexside belongs to, as the board's grid has it)
                bax, bay, bvx, bvy = bd.ax, bd.ay, bd.vx, bd.vy
                bsx, bsy, beps = bd.sign / bd.kx, bd.sign / bd.ky, bd.sign * 1e-6
            px = int(p0x + pdx * i)
            py = int(p0y + pdy * i)
            if px == gw or py == gh:  # the last column's or row's centre, rounded past the grid
                px, py = min(px, gw - 1), min(py, gh - 1)
            if not (0 <= px < gw and 0 <= py < gh):
                off += _hex_key(xa + tx * i, ya + ty * i) not in end_keys
                continue
            idx = px * gh + py
            k = kinds[cells[idx]]
            ground = elev[idx]
            if ground > 127:
                ground -= 256
            if a68:  # A6.8 Example 2: has the thread left the building an end is in?
                bld = k is not None and k.terrain in BUILDINGS
                if not bld:
                    left_a, run_b = True, None
            if k is None and ground <= lo:
                continue  # open ground no higher than the lower end: nothing to read
            # the pixel's hex: hexes.round_axial written out here (this loop's hottest step) on the
            # map point of the pixel
            fx = bax + (px - bvx) * bsx
            fq = fx / 1.5
            fr = (bay + (py - bvy) * bsy + beps) / _SQRT3 - fx / 3
            fs = -fq - fr
            rq, rr, rs = round(fq), round(fr), round(fs)
            eq, er, es = abs(rq - fq), abs(rr - fr), abs(rs - fs)
            if eq > er and eq > es:
                rq = -rr - rs
            elif er > es:
                rr = -rq - rs
            key = (rq, rr)
            if a68 and bld:
                assert k is not None
                top68 = building_top(ground, k.height)  # the building's whole levels there (VASL's height)
                if a68[0] and not left_a and key != ka and za <= top68:
                    best[key] = GridHex(Hex(rq, rr), k.name, float(top68), "blocks", 0, False, A68, end=a.hex)
                    blocked_at, point = Hex(rq, rr), (xa + tx * i, ya + ty * i)
                    break
                if a68[1] and run_b is None and key != kb and zb <= top68:
                    run_b = (key, k.name, float(top68), (xa + tx * i, ya + ty * i))
            if pits:  # an end in a depression (A6.3): its banks, and whether the thread may leave it here
                code = cells[idx]
                ph = pit_hexes.get(key)
                if ph is None:
                    ph = pit_hexes[key] = pit_hex(terrain.at(Hex(rq, rr)))
                fy = bay + (py - bvy) * bsy
                cx, cy = 1.5 * rq, _SQRT3 * (rr + rq / 2)
                toward = [math.hypot(ox_ - cx, oy_ - cy) - math.hypot(ox_ - fx, oy_ - fy) for ox_, oy_ in pit_ends]
                why = next((w for w in (judge.pit(p_, float(ground), key, ph[0], ph[1], code in depiction, t_)
                                        for t_, p_ in zip(toward, pits)) if w), "")
                if why:
                    best[key] = GridHex(Hex(rq, rr), f"ground at level {ground:g}", float(ground), "blocks", 0, False, why)
                    blocked_at, point = Hex(rq, rr), (xa + tx * i, ya + ty * i)
                    break
            if key in passed:
                if key in end_keys and k is not None and k.name.startswith(ROWHOUSE) and not roofs[key == kb]:
                    r = judge.terrain(k.name, float(ground), k.height, True, k.terrain, key, ())
                    if r[0] == 2:  # B23.71: a rowhouse wall on an end's own hexside still blocks (as VASL reads it)
                        best[key] = GridHex(Hex(rq, rr), k.name, r[2], "blocks", 0, False, f"{r[3]}; {OWN_SIDE}")
                        blocked_at, point = Hex(rq, rr), (xa + tx * i, ya + ty * i)
                        break
                continue
            g = best.get(key)
            if g is None:  # a hex the thread grazes (a corner the centre line leaves out), or any (fast)
                g = best[key] = _plain(Hex(rq, rr), terrain, types)
            h = g.hex
            near: tuple[tuple[int, int], ...] = ()
            if ground == hi and not level:  # B10.2 EXC: the half of a hex next to an end nearer it
                fy = bay + (py - bvy) * bsy
                base = terrain.at(h).base_level
                near = tuple(e for e, ze, ex, ey in ends_xy if ze > base and judge.range_of(key)[0 if e == judge.up else 1] == 1
                             and (fx - ex) ** 2 + (fy - ey) ** 2 < 3.0)
            code = cells[idx]
            if not near and (key, code, ground) in readings:
                continue  # read before in this hex: its effect is counted already
            if k is not None and code in bridges:
                bridged.add(key)
            low = UNDER_BRIDGE if bridged and key in bridged else BANKS if pits and pit_hexes.get(key, (0, False))[1] else 0
            if k is None or (ground > hi and key in bridged) or (k.inherent and not k.side
                               and k.terrain != (inherent_ok.get(key) or inherent_ok.setdefault(key, terrain.at(h).terrain))):
                # inherent terrain drawn into a hex of other terrain: VASL ignores it; a bridge above both ends
                # (the thread passes beneath it) neither blocks nor hinders, as VASL reads it
                r = judge.ground(float(ground), key, near, low)
                if low == UNDER_BRIDGE and k is not None and code in bridges:  # name the bridge the thread passes beneath
                    r = (r[0], f"{k.name} at level {ground:g}", r[2], r[3])
                drm = 0
                if not near:
                    readings.add((key, code, ground))
            elif k.side:
                d = _side_of(fq - rq, fr - rr)
                other = (rq + DIRECTIONS[d][0], rr + DIRECTIONS[d][1])
                if sides_crossed is None:
                    sides_crossed = _sides(ka, kb, (ox, oy), s.wall_along)
                    sides_across = _sides(ka, kb, (ox, oy), False) if s.wall_along and (ox, oy) != (0.0, 0.0) else sides_crossed
                assert sides_across is not None
                on = (key, other) if key < other else (other, key)
                across = on in sides_crossed and (not _at_corner(fq - rq, fr - rr, d) or bool(terrain.side(h, d)))
                r = judge.hexside(f"{k.name.lower()} on its {DIRECTION_NAMES[d]} hexside", float(ground), k.height, key, other,
                                  across, near, low, along=across and on not in sides_across)
                drm = 0
            else:
                r = judge.terrain(k.name, float(ground), k.height, k.obstacle, k.terrain, key, near, 0 if shadow else k.split, low)
                drm = k.hindrance or k.split
                if not near:
                    readings.add((key, code, ground))
            if r[0] or r[3]:
                if (r[0], bool(r[3]), r[2]) > (_RANK[g.effect], bool(g.why), g.top):
                    best[key] = GridHex(h, r[1], r[2], _EFFECT[r[0]], drm if r[0] == 1 else 0, False, r[3])
            hit = key
        g = best[hit]
        if g.effect == "hinders" and hit not in hind:
            hind[hit] = g.drm
            total += g.drm
            if per_range:  # setting los_hindrance_count: only the greatest at each range from the first end counts
                r_a = _distance(hit, ka)
                was = at_range.get(r_a)
                if was is None or hind[was] < g.drm:
                    at_range[r_a] = hit
                    if was is not None:
                        total -= hind[was]
                        same.add(was)
                else:
                    total -= g.drm
                    same.add(hit)
        if g.effect == "blocks" or total >= limit:
            blocked_at, point = g.hex, (xa + tx * i, ya + ty * i)
            break

    if blocked_at is None and run_b is not None:  # A6.8 Example 2 from the second end
        rk, rname, rtop, point = run_b
        best[rk] = GridHex(Hex(*rk), rname, rtop, "blocks", 0, False, A68, end=b.hex)
        blocked_at = Hex(*rk)

    def along(g: GridHex) -> float:
        cx, cy = _centre(g.hex)
        return (cx - xa) * dx + (cy - ya) * dy

    for key in [o for o in hind if best[o].effect == "blocks"]:  # read as a Hindrance, then it blocks: it blocks
        del hind[key]
        if key in same:
            same.discard(key)
        elif per_range:  # the greatest of the others at its range counts in its place
            r_a = _distance(key, ka)
            del at_range[r_a]
            for o in same:
                if _distance(o, ka) == r_a and (r_a not in at_range or hind[o] > hind[at_range[r_a]]):
                    at_range[r_a] = o
            same.discard(at_range.get(r_a, key))
    for key in same:  # one Hindrance per range (setting): the others say so, naming the one counted
        best[key] = replace(best[key], effect="hinders same range", by=Hex(*at_range[_distance(key, ka)]))
        del hind[key]
    order = sorted(best.values(), key=along)
    if point is not None and not fast:
        past = (point[0] - xa) * dx + (point[1] - ya) * dy
        order = [replace(g, why="past where the thread is blocked: not read")
                 if along(g) > past and g.what == "open ground" and not g.whole else g for g in order]
    return GridSight(a, b, blocked_at is not None, blocked_at, point, tuple((best[k].hex, d) for k, d in hind.items()),
                     tuple(order), heights=(za, zb), off=off,
                     roofs=roofs)


ROWHOUSE = "Rowhouse Wall"


@lru_cache(maxsize=1)
def _codes() -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """The terrain codes of bridges; of bridges and roads; of depressions."""
    from ..vasl.derive import codes
    cs = codes()
    bridges = frozenset(c for c, k in cs.items() if k.bridge)
    return (bridges, bridges | frozenset(c for c, k in cs.items() if k.terrain == "road"),
            frozenset(c for c, k in cs.items() if k.terrain == DEPRESSION))


def _pits(a: Location, b: Location, ta: HexTerrain, tb: HexTerrain, za: float, zb: float,
          boards: list[Frame]) -> tuple[Pit, ...]:
    """The ends in a depression whose thread must stay in it (A6.3 as VASL reads it): an end at
    ground level of a depression hex, unless the other end is higher by more than their range.
    Adjacent ends are joined by the depression when the pixel VASL reads at the middle of their
    hexside, from the first end's hex (a pixel toward its centre), is depression terrain (VASL's
    depression hexside, as its ``exitsDepressionTerrainHexside`` reads it either way)."""
    joined = False
    if a.hex.distance(b.hex) == 1:
        (xa, ya), (xb, yb) = _centre(a.hex), _centre(b.hex)
        code = _code_at((xa + xb) / 2, (ya + yb) / 2, boards, (xa, ya))
        joined = code is not None and code in _codes()[2]
    return pits((a.hex.q, a.hex.r), (b.hex.q, b.hex.r), ta, tb, a.level, b.level, za, zb, joined)


def _code_at(x: float, y: float, boards: list[Frame], toward: tuple[float, float]) -> int | None:
    """The terrain code of the board pixel under the map point ``(x, y)`` moved a pixel toward
    ``toward`` (truncated), or None off every board."""
    for f in boards:
        if f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3]:
            d = math.hypot(toward[0] - x, toward[1] - y) or 1.0
            x, y = x + (toward[0] - x) / d / f.kx, y + (toward[1] - y) / d / f.ky
            grid = f.board.archive.grid
            px, py = int(f.vx + f.sign * (x - f.ax) * f.kx), int(f.vy + f.sign * (y - f.ay) * f.ky)
            if 0 <= px < grid.grid_width and 0 <= py < grid.grid_height:
                return grid.terrain[px * grid.grid_height + py]
    return None


def _dot(x: float, y: float, boards: list[Frame]) -> tuple[float, float]:
    """The map point of the pixel a board's centre dot at ``(x, y)`` is read at: its pixel
    coordinates truncated, as VASL reads a hex's centre (a thread starts and ends there)."""
    for f in boards:
        if f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3]:
            px, py = f.vx + f.sign * (x - f.ax) * f.kx, f.vy + f.sign * (y - f.ay) * f.ky
            return (x + (math.floor(px + 1e-6) - px) * f.sign / f.kx, y + (math.floor(py + 1e-6) - py) * f.sign / f.ky)
    return x, y


def _skips(a: Location, b: Location, judge: Judge, memo: _Memo, whole_set: set[Hex], offset: tuple[float, float],
           n: int, length_px: float) -> bytearray:
    """For :func:`_walk` ``fast``: 1 for each sample that lies in a hex holding nothing that can
    matter to the thread (:meth:`.los_heights.Judge.may_matter` on its bound), or in an end's own hex."""
    skip = bytearray(n + 1)
    aq, ar = a.hex.q, a.hex.r
    ends = ((aq, ar), (b.hex.q, b.hex.r))
    wholes = {(h.q, h.r) for h in whole_set}
    margin = int(math.ceil(2.0 * n / length_px))
    edge = round(3.0 / length_px, 9)
    for q, r, t0, t1 in _plan(b.hex.q - aq, b.hex.r - ar, round(offset[0], 9), round(offset[1], 9)):
        key = (aq + q, ar + r)
        if key in wholes:
            continue
        if key not in ends:
            bound = memo.bound(key)
            if bound is None or judge.may_matter(bound[0], bound[1], key):
                continue
        else:  # an end's own hex, shrunk at its hexsides: its last pixels are read (a pixel's hex is the grid's)
            t0, t1 = (t0 + edge if t0 > 0 else t0), (t1 - edge if t1 < 1 else t1)
        # a sample's pixel may lie a pixel off its point (truncated, the ends at their dots' pixels):
        # the samples within two pixels of the hex's edges are read
        i0, i1 = int(math.ceil(t0 * n - 1e-9)) + margin, int(math.floor(t1 * n + 1e-9)) - margin
        if i1 >= i0:
            skip[i0:i1 + 1] = b"\x01" * (i1 - i0 + 1)
    return skip


def _whole(t: HexTerrain, types: Mapping[str, Any], s: LosSettings, shadow: bool = False) -> tuple[str, float, bool, int]:
    """A hex read whole, as :mod:`.los` reads it: what, its top, whether it is an obstacle, its
    Hindrance DRM (``shadow``: as a Blaze's light reads it, E1.941: only an obstacle of a level or
    more, no Hindrance)."""
    r = _read(t, types.get(t.terrain), s)
    if r.obstacle and (not shadow or r.obstacle >= 1):
        return r.what, float(r.ground + r.obstacle), True, 0
    if shadow:
        return r.what, float(r.ground), False, 0
    return r.what, float(r.ground + r.height), False, r.hindrance


def trace(scenario: Scenario, a: Where, b: Where, *, settings: LosSettings | None = None) -> GridSight:
    """Line of sight from ``a`` to ``b`` over the imported boards' pixels under ``scenario``'s map
    (hexes off every board, or changed by the players, are read whole)."""
    la = a if isinstance(a, Location) else Location(a)
    lb = b if isinstance(b, Location) else Location(b)
    s = settings or LosSettings()
    return _sight(scenario, la, lb, s, _kinds(s.in_season), _Memo(scenario, frames_of(scenario), s))


def sights(scenario: Scenario, pairs: Iterable[tuple[Location, Location]], *,
           settings: LosSettings | None = None) -> Iterator[GridSight]:
    """The verdict of each thread in ``pairs`` (a viewshed): as :func:`trace` decides it, without
    reading the pixels of hexes that hold nothing that can matter, and with only the hexes that
    block or hinder in ``hexes``."""
    s = settings or LosSettings()
    kinds, memo = _kinds(s.in_season), _Memo(scenario, frames_of(scenario), s)
    for la, lb in pairs:
        yield _sight(scenario, la, lb, s, kinds, memo, fast=True)


def _sight(scenario: Scenario, la: Location, lb: Location, s: LosSettings, kinds: tuple[_Kind | None, ...],
           memo: _Memo, fast: bool = False, shadow: bool = False) -> GridSight:
    if la.hex == lb.hex:
        return GridSight(la, lb, False, None, None, (), ())
    if not _along(lb.hex.q - la.hex.q, lb.hex.r - la.hex.r):
        return _walk(scenario, la, lb, s, kinds, memo, 0.0, fast, shadow)
    one, two = (_walk(scenario, la, lb, s, kinds, memo, d, fast, shadow) for d in (OFFSET_PX, -OFFSET_PX))
    dq, dr = lb.hex.q - la.hex.q, lb.hex.r - la.hex.r
    run = "runs along a hexside" if dq == dr or dq == -2 * dr or dr == -2 * dq else "passes through a vertex"
    if one.off != two.off and not (one.off and two.off):
        pick = two if one.off else one  # along a board's edge: the side off the board is no side
        note = f"The thread {run} at the board's edge: only the side on the board is read"
        return replace(pick, notes=(note,))
    both = s.hexside == "both"
    if one.blocked != two.blocked:
        pick = (two if one.blocked else one) if both else (one if one.blocked else two)
    else:
        pick = (one if one.drm <= two.drm else two) if both else (one if one.drm >= two.drm else two)
    other = two if pick is one else one
    note = (f"The thread {run}: traced {OFFSET_PX:g} pixels to either side, both sides read; "
            + ("both sides must block, the lesser Hindrance counts" if both else "either side blocks, the greater Hindrance counts")
            + " (setting)")
    return replace(pick, hexes=_merged(pick, other), notes=(note,))


def zone(scenario: Scenario, blaze_hex: Hex, *, settings: LosSettings | None = None,
         in_play: Callable[[Hex], bool] | None = None, level: float = 0) -> Zone:
    """:func:`.los_zone.illuminated_zone` over the boards' pixels: the Blaze in ``blaze_hex`` lights the
    hexes within twice its blazing levels (E1.94); the hexes whose thread from it an obstacle of a
    level or more (or higher ground) blocks are in its shadow (E1.941)."""
    t = scenario.terrain.at(blaze_hex)
    if t.blaze is None:
        raise RulesError("there is no Blaze in that hex (E1.94)")
    levels = max(1, math.ceil(t.blaze))
    radius = blaze_range(levels)
    s = settings or LosSettings()
    kinds, memo = _shadow_kinds(s.in_season), _Memo(scenario, frames_of(scenario), s)
    viewer = Location(blaze_hex, level)
    lit: list[Hex] = [blaze_hex]
    shadows: list[GridSight] = []
    for h in blaze_hex.within(radius)[1:]:
        if in_play is not None and not in_play(h):
            continue
        sight = _sight(scenario, viewer, Location(h), s, kinds, memo, fast=True, shadow=True)
        (shadows.append(sight) if sight.blocked else lit.append(h))
    return Zone(blaze_hex, levels, radius, tuple(lit), tuple(shadows))
