"""ASL line of sight traced over the terrain grid of imported VASL boards (issue #27, first slice).

Where a map lies on imported boards (:mod:`airhead.vasl.library`), the thread between two hex
centres is walked over the boards' own pixels, as VASL walks it (``Map.java``), about one pixel
at a time: each pixel's terrain code and ground level are read from the board, and the ASL LOS
readings of :mod:`.los` (the same settings) are applied to what lies there, not to the hex
whole. Where the players changed a hex (an SSR, rubble, a Blaze), or where no board's grid lies,
the hex is read whole, as :mod:`.los` reads it.

Readings (``docs/rules-notes.md``, "LOS over a board's grid"):

* the thread's height at a point is interpolated between the ends' heights (a Location's hex's
  base level plus its level);
* higher ground than the thread there blocks; an LOS obstacle (VASL's ``isLOSObstacle``: woods,
  buildings, an orchard in season...) whose top (ground + VASL's height, + ½ for half-level
  terrain) is above the thread blocks (level with it: setting ``los_level_obstacle``); a
  Hindrance above the thread counts its DRM once per hex (1; the table's DRM for grain and
  orchards, whose season the setting ``los_season`` gives); a total of ``los_hindrance_limit``
  blocks;
* hexside terrain (walls, hedges, bocage) blocks where its top is above the thread, unless it
  lies on a hexside of either end's hex (VASL: an end's own and adjacent hexsides are ignored);
* inherent terrain drawn across a hexside into a hex of other terrain is ignored there (VASL);
* the ends' own hexes never block or hinder;
* where the thread runs exactly along a hexside (or through a vertex), it is traced a pixel and
  a half to either side, and setting ``los_hexside`` says whether both sides or either side must
  block (the lesser or the greater Hindrance counts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from ..frozen import replace
from ..hexes import DIRECTIONS, Hex, hex_round, round_axial
from ..plug import View
from ..scenario import Scenario
from ..tables import terrain_types
from ..terrain import HexTerrain
from .. import work
from ..errors import RulesError
from .los import TABLE, LosSettings, Location, Where, Zone, _read, blaze_range
from .board_pixels import APOTHEM as _APOTHEM
from .board_pixels import SQRT3 as _SQRT3
from .board_pixels import STEP_PX, frames_of, grain, on_boards
from .board_pixels import Kind as _Kind
from .board_pixels import bound as _bound
from .board_pixels import centre as _centre
from .board_pixels import clear_at as _clear_at
from .board_pixels import hex_at as _hex_at
from .board_pixels import kinds as _kinds
from .board_pixels import shadow_kinds as _shadow_kinds

if TYPE_CHECKING:
    from ..vasl.library import Frame

__all__ = ["GridHex", "GridSight", "trace", "sights", "zone", "grid_view", "RULE"]

RULE = "LOS over a board's grid"
#: How far either side of a hexside a thread along it is traced again (board pixels).
OFFSET_PX = 1.5


@dataclass(frozen=True)
class GridHex:
    """One hex the thread crosses: what stands highest in it against the thread, and its effect."""

    hex: Hex
    what: str
    above: float  # levels above the thread (negative: below)
    effect: str = ""  # "blocks", "hinders" or ""
    drm: int = 0
    whole: bool = False  # read whole (changed by the players, or no board's grid there)


@dataclass(frozen=True)
class GridSight:
    """The thread from ``a`` to ``b`` over the boards' pixels: blocked or not, where, the Hindrance
    hexes with their DRM, and each hex crossed."""

    a: Location
    b: Location
    blocked: bool
    blocked_at: Hex | None
    point: tuple[float, float] | None
    hindrances: tuple[tuple[Hex, int], ...]
    hexes: tuple[GridHex, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def drm(self) -> int:
        """The total Hindrance DRM."""
        return sum(d for _h, d in self.hindrances)

    @property
    def by(self) -> tuple[Hex, ...]:
        """The hex where the thread is blocked, if it is (as :attr:`.los.Sight.by`)."""
        return () if self.blocked_at is None else (self.blocked_at,)

    @property
    def result(self) -> str:
        """``"blocked"``, ``"hindered"`` or ``"clear"``."""
        return "blocked" if self.blocked else ("hindered" if self.hindrances else "clear")

    def explain(self, name: Any) -> list[str]:
        """The thread in words, hex by hex."""
        def at(loc: Location) -> str:
            return f"{name(loc.hex)} ({'ground level' if not loc.level else f'level {loc.level:g}'})"

        out = [f"Line of sight from {at(self.a)} to {at(self.b)}, traced over the boards' terrain"]
        out += list(self.notes)
        for g in self.hexes:
            how = f"{abs(g.above):g} level{'s' if abs(g.above) != 1 else ''} {'above' if g.above > 0 else 'below'} the thread" \
                if g.above else "level with the thread"
            tail = f": {g.effect}" + (f" (+{g.drm})" if g.drm else "") if g.effect else ": no effect"
            out.append(f"{name(g.hex)}: {g.what}, {how}{tail}" + (" (the hex as changed in this game)" if g.whole else ""))
        if self.blocked:
            out.append(f"LOS blocked in {name(self.blocked_at)}" if self.blocked_at is not None else "LOS blocked")
        else:
            out.append("LOS clear" + (f", Hindrance DRM +{self.drm}" if self.drm else ""))
        return out


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


_CORNERS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))
_NORMALS = tuple((math.cos(math.radians(30 + 60 * i)), math.sin(math.radians(30 + 60 * i))) for i in range(6))


# ---------------------------------------------------------------- the walk

class _Memo:
    """What the threads of one :func:`sights` call (or one :func:`trace`) share: whether each
    hex is read whole, and each hex's bound (:func:`_bound`)."""

    def __init__(self, scenario: Scenario, boards: list[Frame], s: LosSettings) -> None:
        self.terrain, self.base, self.boards, self.s = scenario.terrain, scenario.base, boards, s
        self.wholes: dict[tuple[int, int], bool] = {}
        self.clear: dict[tuple[int, int], float] = {}

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

    def clear_at(self, key: tuple[int, int]) -> float:
        """The lowest height of a thread over hex ``key`` (q, r) that nothing in it can block or
        hinder, from its bound (:func:`_bound`) on the board that holds it wholly; infinite where
        no board does."""
        got = self.clear.get(key)
        if got is None:
            work.spend(20)  # per hex and call, whether the board's bound is kept (_BOUNDS) or not
            h = Hex(*key)
            bound = next((bd for bd in (_bound(f, h, self.s.in_season) for f in self.boards) if bd is not None), None)
            got = self.clear[key] = _clear_at(bound, self.s)
        return got


def _walk(scenario: Scenario, a: Location, b: Location, s: LosSettings, kinds: tuple[_Kind | None, ...],
          memo: _Memo, crossed_line: list[tuple[int, int]], offset: float, fast: bool = False,
          shadow: bool = False) -> GridSight:
    """One thread, ``offset`` board pixels to the left of the centre-to-centre line. Each pixel
    is read from its board; only a pixel that can matter (terrain of some height, or ground above
    the thread) is placed in its hex. Hexes the players changed, or off every board's grid, are
    read whole where the thread passes their centre. ``fast``: the verdict only (a viewshed):
    the pixels of a hex that holds nothing as high as the thread (:func:`_bound`) are not read,
    and hexes with no effect may be missing from ``hexes``. ``shadow``: ``kinds`` are
    :func:`_shadow_kinds` and hexes read whole are read as they are."""
    terrain, boards = scenario.terrain, memo.boards
    types = terrain_types(TABLE)
    za = terrain.at(a.hex).base_level + a.level
    zb = terrain.at(b.hex).base_level + b.level
    (xa, ya), (xb, yb) = _centre(a.hex), _centre(b.hex)
    dx, dy = xb - xa, yb - ya
    length2 = dx * dx + dy * dy
    length = math.sqrt(length2)
    scale = max((max(f.kx, f.ky) for f in boards), default=37.5)
    ox, oy = -dy / length * offset / scale, dx / length * offset / scale
    xa, ya = xa + ox, ya + oy
    n = max(int(math.ceil(length * scale / STEP_PX)), 1)
    work.spend(n // 2 + 8)  # a replay's work (airhead.work): the same whatever is cached
    ends = {a.hex, b.hex}
    near_ends: set[Hex] | None = None  # the ends and their neighbours, when a hexside feature is met
    end_keys = {(a.hex.q, a.hex.r), (b.hex.q, b.hex.r)}
    crossed = [key for key in crossed_line if key not in end_keys]
    # the hexes met, by (q, r): a tuple hashes in C, a Hex in Python (the loop below meets one per pixel read)
    best: dict[tuple[int, int], GridHex] = {}
    for key in ([] if fast else crossed):
        h = Hex(*key)
        cx, cy = _centre(h)
        tc = min(max(((cx - xa) * dx + (cy - ya) * dy) / length2, 0.0), 1.0)
        best[key] = GridHex(h, "open ground", round(terrain.at(h).base_level - (za + (zb - za) * tc), 2))

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
    if fast:
        skip = _skips(a, b, memo, whole_set, (ox, oy), za, zb, n, length * scale)
        for t, _h in wholes:  # a hex read whole is read at the same sample as when nothing is skipped
            skip[min(max(int(math.ceil(t * n)), 0), n)] = 0
        samples = _runs(skip)
    w, nw = 0, len(wholes)
    hind: dict[tuple[int, int], int] = {}
    total = 0
    blocked_at: Hex | None = None
    point: tuple[float, float] | None = None
    inherent_ok: dict[tuple[int, int], str] = {}
    limit = s.hindrance_limit
    # the current board's pixel at sample i is (p0x + i * pdx, p0y + i * pdy): set when it changes
    p0x = p0y = pdx = pdy = 0.0
    gw = gh = 0
    cells = elev = b""
    bax = bay = bvx = bvy = bsx = bsy = beps = 0.0
    tx = dx / n
    ty = dy / n
    dz = (zb - za) / n
    wnext = wholes[0][0] * n if nw else math.inf
    ilo, ihi = 1, 0  # the samples within the current board's picture (none yet)
    for i in samples:
        hit: tuple[int, int] | None = None
        if wnext <= i:
            z = za + dz * i
            while w < nw and wholes[w][0] * n <= i:
                h = wholes[w][1]
                key = (h.q, h.r)
                w += 1
                what, top, obstacle, drm = _whole(terrain.at(h), types, s, shadow)
                best[key] = GridHex(h, what, round(top - z, 2), "", 0, True)  # the hex's one reading
                _note(best, key, h, what, top - z, obstacle, drm, s, whole=True)
                t_h = terrain.at(h)
                if t_h.smoke and s.smoke and not shadow and best[key].effect != "blocks":  # SMOKE hinders whatever its height
                    best[key] = GridHex(h, "SMOKE", best[key].above, "hinders", s.smoke, True)
                hit = key
            wnext = wholes[w][0] * n if w < nw else math.inf
        if hit is None:
            if not ilo <= i <= ihi:
                x, y = xa + tx * i, ya + ty * i
                bd = next((f for f in boards if f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3]), None)
                if bd is None:
                    continue
                ilo, ihi = _inside(bd.box, xa, ya, tx, ty, i)
                p0x = bd.vx + bd.sign * (xa - bd.ax) * bd.kx + 0.5
                p0y = bd.vy + bd.sign * (ya - bd.ay) * bd.ky + 0.5
                pdx, pdy = bd.sign * tx * bd.kx, bd.sign * ty * bd.ky
                grid = bd.board.archive.grid
                gw, gh, cells, elev = grid.grid_width, grid.grid_height, grid.terrain, grid.elevation
                # a pixel's hex: its point on the map, a hair toward the board's bottom (the hex a
                # pixel exactly on a hexside belongs to, as the board's grid has it)
                bax, bay, bvx, bvy = bd.ax, bd.ay, bd.vx, bd.vy
                bsx, bsy, beps = bd.sign / bd.kx, bd.sign / bd.ky, bd.sign * 1e-6
            px = int(p0x + pdx * i)
            py = int(p0y + pdy * i)
            if not (0 <= px < gw and 0 <= py < gh):
                continue
            idx = px * gh + py
            k = kinds[cells[idx]]
            ground = elev[idx]
            if ground > 127:
                ground -= 256
            z = za + dz * i
            if k is None and ground <= z + 1e-9:
                continue  # open ground below the thread: nothing to read
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
            if key in passed:
                continue
            g = best.get(key)
            if g is None:  # a hex the thread grazes (a corner the centre line leaves out), or any (fast)
                h = Hex(rq, rr)
                g = best[key] = GridHex(h, "open ground", round(float(ground) - z, 2))
            h = g.hex
            if ground > z + 1e-9:
                _note(best, key, h, f"higher ground (level {ground})", ground - z, True, 0, s)
            elif k is None:
                pass
            elif k.side:
                if near_ends is None:
                    near_ends = set(ends) | {x for e in ends for x in e.neighbors()}
                if h not in near_ends:
                    _note(best, key, h, k.name.lower(), ground + k.height - z, True, 0, s)
            elif k.inherent and k.terrain != (inherent_ok.get(key) or inherent_ok.setdefault(key, terrain.at(h).terrain)):
                pass  # inherent terrain drawn into a hex of other terrain (VASL ignores it there)
            else:
                _note(best, key, h, k.name, ground + k.height - z, k.obstacle, k.hindrance, s)
            hit = key
        g = best[hit]
        if g.effect == "hinders" and hit not in hind:
            hind[hit] = g.drm
            total += g.drm
        if g.effect == "blocks" or total >= limit:
            blocked_at, point = g.hex, (xa + tx * i, ya + ty * i)
            break
    order = sorted(best.values(), key=lambda g: ((_centre(g.hex)[0] - xa) * dx + (_centre(g.hex)[1] - ya) * dy))
    return GridSight(a, b, blocked_at is not None, blocked_at, point, tuple((best[k].hex, d) for k, d in hind.items()),
                     tuple(order))


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


def _skips(a: Location, b: Location, memo: _Memo, whole_set: set[Hex], offset: tuple[float, float],
           za: float, zb: float, n: int, length_px: float) -> bytearray:
    """For :func:`_walk` ``fast``: 1 for each sample that lies in a hex holding nothing as high as
    the thread there (:meth:`_Memo.clear_at`), or in an end's own hex."""
    skip = bytearray(n + 1)
    aq, ar = a.hex.q, a.hex.r
    ends = ((aq, ar), (b.hex.q, b.hex.r))
    wholes = {(h.q, h.r) for h in whole_set}
    rise = zb - za
    for q, r, t0, t1 in _plan(b.hex.q - aq, b.hex.r - ar, round(offset[0], 9), round(offset[1], 9), round(3.0 / length_px, 9)):
        key = (aq + q, ar + r)
        if key in wholes:
            continue
        if key not in ends and za + rise * (t0 if rise >= 0 else t1) < memo.clear_at(key):
            continue
        i0, i1 = int(math.ceil(t0 * n - 1e-9)), int(math.floor(t1 * n + 1e-9))
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


_RANK = {"blocks": 2, "hinders": 1, "": 0}


def _note(best: dict[tuple[int, int], GridHex], key: tuple[int, int], h: Hex, what: str, above: float, obstacle: bool,
          drm: int, s: LosSettings, whole: bool = False) -> None:
    """Keep, for hex ``h`` (``key``: its (q, r)), the reading that matters most (what blocks, then
    the highest)."""
    blocks = obstacle and (above > 1e-9 or (s.level_blocks and above > -1e-9))
    hinders = not obstacle and drm > 0 and above > 1e-9
    effect = "blocks" if blocks else ("hinders" if hinders else "")
    old = best[key]
    if (_RANK[effect], above) > (_RANK[old.effect], old.above) or (whole and effect):
        best[key] = GridHex(h, what, round(above, 2), effect, drm if hinders else 0, whole)


def trace(scenario: Scenario, a: Where, b: Where, *, settings: LosSettings | None = None) -> GridSight:
    """Line of sight from ``a`` to ``b`` over the imported boards' pixels under ``scenario``'s map
    (hexes off every board, or changed by the players, are read whole)."""
    la = a if isinstance(a, Location) else Location(a)
    lb = b if isinstance(b, Location) else Location(b)
    s = settings or LosSettings()
    out = _sight(scenario, la, lb, s, _kinds(s.in_season), _Memo(scenario, frames_of(scenario), s))
    at = scenario.terrain.at
    if s.slope == "blind_hexes" and at(la.hex).base_level + la.level != at(lb.hex).base_level + lb.level:
        out = replace(out, notes=out.notes + ("The thread's height is interpolated between its ends: the setting "
                                              "'LOS between different levels' (Blind Hex table) applies hex by hex only",))
    return out


def sights(scenario: Scenario, pairs: Iterable[tuple[Location, Location]], *,
           settings: LosSettings | None = None) -> Iterator[GridSight]:
    """The verdict of each thread in ``pairs`` (a viewshed): as :func:`trace` decides it, without
    reading the pixels of hexes that hold nothing as high as the thread, and with only the hexes
    that block or hinder in ``hexes``."""
    s = settings or LosSettings()
    kinds, memo = _kinds(s.in_season), _Memo(scenario, frames_of(scenario), s)
    for la, lb in pairs:
        yield _sight(scenario, la, lb, s, kinds, memo, fast=True)


def _sight(scenario: Scenario, la: Location, lb: Location, s: LosSettings, kinds: tuple[_Kind | None, ...],
           memo: _Memo, fast: bool = False, shadow: bool = False) -> GridSight:
    if la.hex == lb.hex:
        return GridSight(la, lb, False, None, None, (), ())
    crossed, along = _crossed(la.hex, lb.hex)
    if not along:
        return _walk(scenario, la, lb, s, kinds, memo, crossed, 0.0, fast, shadow)
    one, two = (_walk(scenario, la, lb, s, kinds, memo, crossed, d, fast, shadow) for d in (OFFSET_PX, -OFFSET_PX))
    both = s.hexside == "both"
    if one.blocked != two.blocked:
        pick = (two if one.blocked else one) if both else (one if one.blocked else two)
    else:
        pick = (one if one.drm <= two.drm else two) if both else (one if one.drm >= two.drm else two)
    dq, dr = lb.hex.q - la.hex.q, lb.hex.r - la.hex.r
    run = "runs along a hexside" if dq == dr or dq == -2 * dr or dr == -2 * dq else "passes through a vertex"
    note = (f"The thread {run}: traced {OFFSET_PX:g} pixels to either side; "
            + ("both sides must block, the lesser Hindrance counts" if both else "either side blocks, the greater Hindrance counts")
            + " (setting)")
    return GridSight(pick.a, pick.b, pick.blocked, pick.blocked_at, pick.point, pick.hindrances, pick.hexes, (note,))


def zone(scenario: Scenario, blaze_hex: Hex, *, settings: LosSettings | None = None,
         in_play: Callable[[Hex], bool] | None = None, level: float = 0) -> Zone:
    """:func:`.los.illuminated_zone` over the boards' pixels: the Blaze in ``blaze_hex`` lights the
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


def grid_view(sight: GridSight) -> View:
    """The thread for the map: its ends, the hex where it is blocked ("blocks"), each Hindrance
    ("+1"), and the verdict at the far end."""
    marks: list[tuple[Hex, str]] = [(sight.a.hex, "los-end"), (sight.b.hex, "los-end")]
    labels: list[tuple[Hex, str]] = []
    if sight.blocked_at is not None:
        marks.append((sight.blocked_at, "los-block"))
        labels.append((sight.blocked_at, "blocks"))
    for h, drm in sight.hindrances:
        marks.append((h, "los-hindrance"))
        labels.append((h, f"+{drm}"))
    verdict = "no LOS" if sight.blocked else (f"LOS +{sight.drm}" if sight.drm else "LOS")
    labels.append((sight.b.hex, verdict))
    return View(marks=tuple(dict.fromkeys(marks)), paths=((sight.a.hex, sight.b.hex),), labels=tuple(dict.fromkeys(labels)))
