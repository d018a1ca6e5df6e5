"""Where a thread traced over imported boards (:mod:`.los_grid`) runs on the hex grid, in map
units (a hex's circumradius 1): the hexes a centre-to-centre line crosses and whether it meets a
vertex (``_crossed``), those of a thread moved beside it (``_path``), the hexsides a wall or hedge
on which can block it (``_sides``), the hexside a pixel lies on and whether near its corner, and
the part of the thread inside each hex (``_plan``: what a viewshed may skip). Pure geometry, cached
per thread shape (the same wherever the thread starts).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterator

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


@lru_cache(maxsize=8192)
def _crossed_from_origin(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], bool]:
    """:func:`_crossed` from the origin to ``(dq, dr)``; the answer does not change when both
    ends move by whole hexes, so a viewshed reuses it.

    The line meets a vertex (it runs along a hexside, or through a hexspine's end) exactly when
    ``dq / g ≡ dr / g (mod 3)``, ``g`` their greatest common divisor: vertices lie at axial
    positions ≡ (⅓, ⅓) or (⅔, ⅔) modulo whole hexes, and the line's points ``t (dq, dr)`` reach
    one only so. Such a line's hexes are gathered a hair to either side of it as well."""
    n = max(abs(dq), abs(dr), abs(dq + dr))
    g = math.gcd(dq, dr)
    along = (dq // g - dr // g) % 3 == 0
    out: dict[tuple[int, int], None] = {}
    nudge = 1e-6 / math.hypot(1.5 * dq, _SQRT3 * (dr + dq / 2))
    for eq, er in ((0.0, 0.0), (-nudge * (dq + 2 * dr), nudge * (2 * dq + dr)), (nudge * (dq + 2 * dr), -nudge * (2 * dq + dr))) \
            if along else ((0.0, 0.0),):
        for key in _traverse(dq, dr, eq, er, n):
            out.setdefault(key)
    return tuple(out), along


def _traverse(dq: int, dr: int, eq: float, er: float, n: int) -> list[tuple[int, int]]:
    """The hexes the segment from axial ``(eq, er)`` to ``(dq + eq, dr + er)`` passes through, in
    order: from each hex to the one just past where the segment leaves it (:func:`_span`); a
    corner grazed for less than a millionth of the segment may be left out, as no pixel lies there."""
    xa, ya = 1.5 * eq, _SQRT3 * (er + eq / 2)
    xd, yd = 1.5 * dq, _SQRT3 * (dr + dq / 2)
    cur = round_axial(eq, er)
    out = [cur]
    for _ in range(4 * n + 4):
        cq, cr = cur
        sp = _span(1.5 * cq, _SQRT3 * (cr + cq / 2), xa, ya, xd, yd)
        if sp is None or sp[1] >= 1.0:
            break
        t = sp[1] + 1e-6
        nxt = round_axial(eq + dq * t, er + dr * t)
        if nxt == cur:
            break
        out.append(nxt)
        cur = nxt
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


@lru_cache(maxsize=16384)
def _path(dq: int, dr: int, ox: float, oy: float) -> tuple[tuple[tuple[int, int], ...], frozenset[tuple[tuple[int, int], tuple[int, int]]]]:
    """The hexes, in order, of the thread from the origin to ``(dq, dr)`` moved by ``(ox, oy)``
    (map units), and the hexsides it crosses (each a sorted pair of (q, r))."""
    eq = ox / 1.5
    er = oy / _SQRT3 - eq / 2
    n = max(abs(dq), abs(dr), abs(dq + dr))
    hexes = tuple(_traverse(dq, dr, eq, er, n)) if (ox, oy) != (0.0, 0.0) else _crossed_from_origin(dq, dr)[0]
    sides = frozenset((x, y) if x < y else (y, x) for x, y in zip(hexes, hexes[1:]))
    return hexes, sides


def _sides(ka: tuple[int, int], kb: tuple[int, int], rel: frozenset[tuple[tuple[int, int], tuple[int, int]]],
           offset: tuple[float, float], along: bool) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """The hexsides a wall or hedge on which can block the thread (each a sorted pair of (q, r)):
    those it crosses (``rel``, from ``ka``); with ``along`` (setting ``los_wall_along``), for a
    thread traced ``offset`` beside a hexside it runs along, those between its hexes and the
    other side's too."""
    def moved(x: tuple[int, int]) -> tuple[int, int]:
        return ka[0] + x[0], ka[1] + x[1]

    out = {(moved(x), moved(y)) for x, y in rel}
    if along and offset != (0.0, 0.0):
        dq, dr = kb[0] - ka[0], kb[1] - ka[1]
        mine = _path(dq, dr, round(offset[0], 9), round(offset[1], 9))[0]
        theirs = _path(dq, dr, round(-offset[0], 9), round(-offset[1], 9))[0]
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
    """The indices of ``skip`` that are 0, a run at a time."""
    n, i = len(skip), 0
    while i < n:
        j = skip.find(1, i)
        j = n if j < 0 else j
        yield from range(i, j)
        i = skip.find(0, j)
        if i < 0:
            return


@lru_cache(maxsize=16384)
def _plan(dq: int, dr: int, ox: float, oy: float, edge: float) -> tuple[tuple[int, int, float, float], ...]:
    """The hexes of the thread from the origin to ``(dq, dr)`` moved by ``(ox, oy)`` (map units),
    each with the part ``(t0, t1)`` of the thread inside it; the ends' own hexes shrunk by ``edge``
    at their hexsides (their last pixels are read: a pixel's hex is the grid's). The same for
    every thread of that shape, wherever it starts."""
    rel, _along = _crossed_from_origin(dq, dr)
    xb, yb = _centre(Hex(dq, dr))
    out = []
    for q, r in ((0, 0), (dq, dr)) + tuple(x for x in rel if x not in ((0, 0), (dq, dr))):
        cx, cy = _centre(Hex(q, r))
        sp = _span(cx - ox, cy - oy, 0.0, 0.0, xb, yb)
        if sp is None:
            continue
        t0, t1 = sp
        if (q, r) in ((0, 0), (dq, dr)):
            t0, t1 = (t0 + edge if t0 > 0 else t0), (t1 - edge if t1 < 1 else t1)
        out.append((q, r, t0, t1))
    return tuple(out)
