"""Where a thread traced over imported boards (:mod:`.los_grid`) runs on the hex grid, in map
units (a hex's circumradius 1): the hexes a centre-to-centre line crosses and whether it meets a
vertex (``_crossed``), those of a thread moved beside it (``_path``), the hexsides a wall or hedge
on which can block it (``_sides``), the hexside a pixel lies on and whether near its corner, and
the part of the thread inside each hex (``_plan``: what a viewshed may skip). Pure geometry, cached
per thread shape (the same wherever the thread starts); a shape turned by sixths of a turn is
that of its first sixth, turned (a viewshed traces a sixth of its shapes). A thread steps from
hex to hex across the hexside it leaves by; where it leaves at a corner or runs along a hexside,
clipping and rounding decide, as they did before (the same hexes, checked for every shape
within 33 hexes).
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import chain
from typing import Callable, Iterator

from ..hexes import DIRECTIONS, Hex, round_axial
from .board_pixels import APOTHEM as _APOTHEM
from .board_pixels import SQRT3 as _SQRT3
from .board_pixels import centre as _centre
from .board_pixels import hex_at as _hex_at

__all__: list[str] = []


def _crossed(a: Hex, b: Hex) -> tuple[list[tuple[int, int]], bool]:
    """The hexes (q, r) the centre line from ``a`` to ``b`` crosses, in order, and whether it
    meets a vertex anywhere (:func:`_crossed_from_origin` moved to ``a``)."""
    rel, along = _crossed_from_origin(b.q - a.q, b.r - a.r)
    return [(a.q + q, a.r + r) for q, r in rel], along


def _along(dq: int, dr: int) -> bool:
    """True if the centre line from the origin to ``(dq, dr)`` meets a vertex (it runs along a
    hexside, or through a hexspine's end): exactly when ``dq / g ≡ dr / g (mod 3)``, ``g`` their
    greatest common divisor: vertices lie at axial positions ≡ (⅓, ⅓) or (⅔, ⅔) modulo whole
    hexes, and the line's points ``t (dq, dr)`` reach one only so."""
    g = math.gcd(dq, dr)
    return (dq // g - dr // g) % 3 == 0


@lru_cache(maxsize=8192)
def _crossed_from_origin(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], bool]:
    """:func:`_crossed` from the origin to ``(dq, dr)``; the answer does not change when both
    ends move by whole hexes, so a viewshed reuses it. A line that meets a vertex (:func:`_along`)
    has its hexes gathered a hair to either side of it as well (:func:`_nudged`)."""
    if not _along(dq, dr):
        return tuple((q, r) for q, r, _t0, _t1 in _line(dq, dr, 0.0, 0.0)), False
    out = dict.fromkeys(_traverse_exact(dq, dr, max(abs(dq), abs(dr), abs(dq + dr))))
    for side in _nudged(dq, dr):
        out.update(dict.fromkeys(side))
    return tuple(out), True


@lru_cache(maxsize=512)
def _nudged(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The hexes of the line from the origin to ``(dq, dr)`` moved a hair to its left, and to its
    right (a line turned by sixths of a turn: that of its first sixth, turned, :func:`_turned`)."""
    k = _sixth(dq, dr)
    if k:
        a, b, c, d = _TURNS[(6 - k) % 6]
        left, right = _nudged(a * dq + b * dr, c * dq + d * dr)
        a, b, c, d = _TURNS[k]
        return tuple((a * q + b * r, c * q + d * r) for q, r in left), tuple((a * q + b * r, c * q + d * r) for q, r in right)
    n = max(abs(dq), abs(dr), abs(dq + dr))
    nudge = 1e-6 / math.hypot(1.5 * dq, _SQRT3 * (dr + dq / 2))
    return (tuple(_traverse(dq, dr, -nudge * (dq + 2 * dr), nudge * (2 * dq + dr), n)),
            tuple(_traverse(dq, dr, nudge * (dq + 2 * dr), -nudge * (2 * dq + dr), n)))


def _turned(shape: Callable[[int, int, float, float], tuple[tuple[int, int, float, float], ...]], k: int,
            dq: int, dr: int, ox: float, oy: float) -> tuple[tuple[int, int, float, float], ...]:
    """``shape`` of a thread in sixth ``k`` (:func:`_sixth`): that of the same thread turned back
    into the first sixth, its hexes turned forward again (the parts of the thread in them the same)."""
    a, b, c, d = _TURNS[(6 - k) % 6]
    cos, sin = _COS_SIN[(6 - k) % 6]
    first = shape(a * dq + b * dr, c * dq + d * dr, round(cos * ox - sin * oy, 9), round(sin * ox + cos * oy, 9))
    a, b, c, d = _TURNS[k]
    return tuple((a * q + b * r, c * q + d * r, t0, t1) for q, r, t0, t1 in first)


@lru_cache(maxsize=16384)
def _line(dq: int, dr: int, ox: float, oy: float) -> tuple[tuple[int, int, float, float], ...]:
    """:func:`_spans` of the thread from the origin to ``(dq, dr)`` moved by ``(ox, oy)`` (map
    units); a thread turned by sixths of a turn is that of its first sixth, turned
    (:func:`_sixth`): the hexes turned, the parts of the thread in them the same."""
    k = _sixth(dq, dr)
    if k:
        return _turned(_line, k, dq, dr, ox, oy)
    eq = ox / 1.5
    return tuple(_spans(dq, dr, eq, oy / _SQRT3 - eq / 2, max(abs(dq), abs(dr), abs(dq + dr))))


#: A sixth of a turn (60°, clockwise on the map) k times, as (a, b, c, d): (q, r) to (a q + b r, c q + d r).
_TURNS = ((1, 0, 0, 1), (0, -1, 1, 1), (-1, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, -1), (1, 1, -1, 0))
#: The same turns on map points: (cos, sin) of k × 60°.
_COS_SIN = tuple((math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6))


def _sixth(dq: int, dr: int) -> int:
    """The sixths of a turn (0..5, :data:`_TURNS`) that bring a hex of the first sixth (q > 0,
    r ≥ 0) to ``(dq, dr)``: each sixth of the hexes around the origin, by the signs of q, r and
    q + r."""
    if dq > 0 and dr >= 0:
        return 0
    if dq <= 0 < dq + dr:
        return 1
    if dr > 0 >= dq + dr:
        return 2
    if dq < 0 and dr <= 0:
        return 3
    if dq >= 0 > dq + dr:
        return 4
    return 5 if dr < 0 <= dq + dr else 0


def _traverse(dq: int, dr: int, eq: float, er: float, n: int) -> list[tuple[int, int]]:
    """The hexes the segment from axial ``(eq, er)`` to ``(dq + eq, dr + er)`` passes through, in
    order (:func:`_spans` without the spans)."""
    return [(q, r) for q, r, _t0, _t1 in _spans(dq, dr, eq, er, n)]


def _traverse_exact(dq: int, dr: int, n: int) -> list[tuple[int, int]]:
    """:func:`_traverse` of a centre line that meets vertices (:func:`_crossed_from_origin`): each
    hex's part by :func:`_span`, the next hex by rounding the point just past it; it may stop at a
    hex it only touches at a corner (the lines a hair to either side gather the rest)."""
    xd, yd = 1.5 * dq, _SQRT3 * (dr + dq / 2)
    cur = (0, 0)
    out = [cur]
    for _ in range(4 * n + 4):
        cq, cr = cur
        sp = _span(1.5 * cq, _SQRT3 * (cr + cq / 2), 0.0, 0.0, xd, yd)
        if sp is None or sp[1] >= 1.0:
            break
        t = sp[1] + 1e-6
        nxt = round_axial(dq * t, dr * t)
        if nxt == cur:
            break
        out.append(nxt)
        cur = nxt
    return out


def _spans(dq: int, dr: int, eq: float, er: float, n: int) -> list[tuple[int, int, float, float]]:
    """The hexes the segment from axial ``(eq, er)`` to ``(dq + eq, dr + er)`` passes through, in
    order, each with the part ``(t0, t1)`` of the segment inside it: from each hex to the one
    holding the point just past where the segment leaves it (a corner grazed for less than a
    millionth of the segment may be left out, as no pixel lies there). That is the neighbour
    across the hexside it leaves by, found without rounding; where the segment leaves at a corner,
    runs along a hexside or only grazes that neighbour, :func:`_span` and rounding decide."""
    xa, ya = 1.5 * eq, _SQRT3 * (er + eq / 2)
    xd, yd = 1.5 * dq, _SQRT3 * (dr + dq / 2)
    # the hexsides the segment can leave a hex by (normal, its component along the segment, the
    # neighbour across), and those it runs parallel to
    exits = [(nx, ny, dp, sq, sr) for (nx, ny), (sq, sr) in zip(_NORMALS, _ACROSS) if (dp := xd * nx + yd * ny) >= 1e-15]
    flat = [(nx, ny) for nx, ny in _NORMALS if abs(xd * nx + yd * ny) < 1e-15]
    cur = prev = round_axial(eq, er)
    out: list[tuple[int, int, float, float]] = []
    t0, stepped = 0.0, False
    for _ in range(4 * n + 4):
        cq, cr = cur
        cx, cy = 1.5 * cq, _SQRT3 * (cr + cq / 2)
        px, py = xa - cx, ya - cy
        t1 = t2 = 1.0
        sq = sr = 0
        for nx, ny, dp, q, r in exits:
            t = -(px * nx + py * ny - _APOTHEM) / dp
            if t < t1:
                t1, t2, sq, sr = t, t1, q, r
            elif t < t2:
                t2 = t
        t = t0 + 1e-6
        if stepped and t1 <= t:  # the neighbour only grazed: the hex holding the point just past the hexside
            cur = round_axial(eq + dq * t, er + dr * t)
            if cur == prev:
                break
            stepped = False
            continue
        if t2 - t1 < 1e-9 < 1.0 - t1 or t1 - t0 < 1e-9 or (flat and any(px * nx + py * ny - _APOTHEM > -1e-9 for nx, ny in flat)):
            sp = _span(cx, cy, xa, ya, xd, yd)  # at a corner, or along a hexside
            out.append((cq, cr, t0, t0) if sp is None else (cq, cr, max(t0, sp[0]), sp[1]))
            if sp is None or sp[1] >= 1.0:
                break
            t0 = sp[1]
            t = t0 + 1e-6
            prev, cur, stepped = cur, round_axial(eq + dq * t, er + dr * t), False
            if cur == prev:
                break
            continue
        out.append((cq, cr, t0, t1))
        if t1 >= 1.0:
            break
        prev, cur, t0, stepped = cur, (cq + sq, cr + sr), t1, True
    return out


def _span(cx: float, cy: float, xa: float, ya: float, dx: float, dy: float) -> tuple[float, float] | None:
    """The part ``(t0, t1)`` of the segment ``(xa, ya) + t (dx, dy)``, 0 ≤ t ≤ 1, inside the hexagon
    centred on ``(cx, cy)`` (circumradius 1), or None (clipped by its six sides)."""
    t0, t1 = 0.0, 1.0
    px, py = xa - cx, ya - cy
    for nx, ny in _NORMALS:
        p0 = px * nx + py * ny - _APOTHEM
        dp = dx * nx + dy * ny
        if abs(dp) < 1e-15:
            if p0 > 0:
                return None
            continue
        t = -p0 / dp
        if dp > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 > t1:
            return None
    return t0, t1


_NORMALS = tuple((math.cos(math.radians(30 + 60 * i)), math.sin(math.radians(30 + 60 * i))) for i in range(6))
#: The neighbour across the hexside of each of :data:`_NORMALS`.
_ACROSS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@lru_cache(maxsize=16384)
def _path(dq: int, dr: int, ox: float, oy: float) -> tuple[tuple[int, int], ...]:
    """The hexes, in order, of the thread from the origin to ``(dq, dr)`` moved by ``(ox, oy)``
    (map units)."""
    return tuple((q, r) for q, r, _t0, _t1 in _line(dq, dr, ox, oy)) if (ox, oy) != (0.0, 0.0) else _crossed_from_origin(dq, dr)[0]


@lru_cache(maxsize=4096)
def _crossings(dq: int, dr: int, ox: float, oy: float) -> frozenset[tuple[tuple[int, int], tuple[int, int]]]:
    """The hexsides the thread of :func:`_path` crosses (each a sorted pair of (q, r))."""
    hexes = _path(dq, dr, ox, oy)
    return frozenset((x, y) if x < y else (y, x) for x, y in zip(hexes, hexes[1:]))


def _sides(ka: tuple[int, int], kb: tuple[int, int], offset: tuple[float, float],
           along: bool) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """The hexsides a wall or hedge on which can block the thread from ``ka`` to ``kb`` traced
    ``offset`` beside the centre line (each a sorted pair of (q, r)): those it crosses; with
    ``along`` (setting ``los_wall_along``), for a thread traced beside a hexside it runs along,
    those between its hexes and the other side's too."""
    def moved(x: tuple[int, int]) -> tuple[int, int]:
        return ka[0] + x[0], ka[1] + x[1]

    dq, dr = kb[0] - ka[0], kb[1] - ka[1]
    out = {(moved(x), moved(y)) for x, y in _crossings(dq, dr, round(offset[0], 9), round(offset[1], 9))}
    if along and offset != (0.0, 0.0):
        mine = _path(dq, dr, round(offset[0], 9), round(offset[1], 9))
        theirs = _path(dq, dr, round(-offset[0], 9), round(-offset[1], 9))
        for x in mine:
            for y in theirs:
                ddq, ddr = x[0] - y[0], x[1] - y[1]
                if (abs(ddq) + abs(ddr) + abs(ddq + ddr)) == 2:
                    out.add((moved(x), moved(y)) if x < y else (moved(y), moved(x)))
    return out


def _hex_key(x: float, y: float) -> tuple[int, int]:
    """The (q, r) of the map hex holding the point ``(x, y)``."""
    h = _hex_at(x, y)
    return h.q, h.r


def _side_of(oq: float, orr: float) -> int:
    """The direction (0..5) of the hexside nearest a point ``(oq, orr)`` (axial, from its hex's centre)."""
    x, y = 1.5 * oq, _SQRT3 * (orr + oq / 2)
    return max(range(6), key=lambda d: x * _DIR_XY[d][0] + y * _DIR_XY[d][1])


_DIR_XY = tuple((1.5 * q, _SQRT3 * (r + q / 2)) for q, r in DIRECTIONS)
#: How far along a hexside from its middle (a share of its half length) a hexside feature's pixel
#: is its own; nearer a corner it may be another hexside's, met at that corner.
_SIDE_MIDDLE = 0.7


def _at_corner(oq: float, orr: float, d: int) -> bool:
    """True if a point ``(oq, orr)`` (axial, from its hex's centre) lies near a corner of its
    hexside ``d``, where a wall drawn along the next hexside may reach: such a pixel counts only
    on a hexside the board's hexsides record a feature on."""
    x, y = 1.5 * oq, _SQRT3 * (orr + oq / 2)
    nx, ny = _DIR_XY[d]
    return abs((-ny * x + nx * y) / _SQRT3) > 0.5 * _SIDE_MIDDLE


def _inside(box: tuple[float, float, float, float], xa: float, ya: float, tx: float, ty: float, i: int) -> tuple[int, int]:
    """The samples ``j`` around sample ``i`` whose point ``(xa + tx j, ya + ty j)`` lies within
    ``box`` (a hair inside its edges: a sample on an edge is placed by testing it)."""
    lo, hi = -math.inf, math.inf
    for a0, d, b0, b1 in ((xa, tx, box[0], box[2]), (ya, ty, box[1], box[3])):
        if d:
            e0, e1 = (b0 - a0) / d, (b1 - a0) / d
            lo, hi = max(lo, min(e0, e1)), min(hi, max(e0, e1))
    jlo, jhi = math.ceil(lo + 1e-6) if lo > -math.inf else -(1 << 30), math.floor(hi - 1e-6) if hi < math.inf else 1 << 30
    return (jlo, jhi) if jlo <= i <= jhi else (i, i)


def _runs(skip: bytearray) -> Iterator[int]:
    """The indices of ``skip`` that are 0, a run at a time (ranges chained: no Python step per index)."""
    n, i = len(skip), 0
    runs = []
    while 0 <= i < n:
        j = skip.find(1, i)
        j = n if j < 0 else j
        runs.append(range(i, j))
        i = skip.find(0, j)
    return chain.from_iterable(runs)


@lru_cache(maxsize=16384)
def _plan(dq: int, dr: int, ox: float, oy: float) -> tuple[tuple[int, int, float, float], ...]:
    """The hexes of the thread from the origin to ``(dq, dr)`` moved by ``(ox, oy)`` (map units)
    among those the centre line crosses (:func:`_crossed_from_origin`), each with the part
    ``(t0, t1)`` of the thread inside it. The same for every thread of that shape, wherever it
    starts (and that of its first sixth turned, as :func:`_line`)."""
    if (ox, oy) == (0.0, 0.0) and not _along(dq, dr):  # the centre line's hexes: :func:`_line`'s (turned once, there)
        return _line(dq, dr, ox, oy)
    k = _sixth(dq, dr)
    if k:
        return _turned(_plan, k, dq, dr, ox, oy)
    if not _along(dq, dr):  # (moved or not, the centre line's hexes)
        if (ox, oy) == (0.0, 0.0):
            return _line(dq, dr, ox, oy)
        rel = {(q, r) for q, r, _t0, _t1 in _line(dq, dr, 0.0, 0.0)}
    else:  # those of the lines a hair to either side of it (the centre line's own add none that matters)
        left, right = _nudged(dq, dr)
        rel = {*left, *right}
    return tuple([sp for sp in _line(dq, dr, ox, oy) if (sp[0], sp[1]) in rel])


def _forget() -> None:
    """Drop every thread shape kept (the benchmark's first viewshed starts with none)."""
    for f in (_crossed_from_origin, _line, _nudged, _path, _crossings, _plan):
        f.cache_clear()
