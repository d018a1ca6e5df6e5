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
from typing import TYPE_CHECKING, Any, Mapping

from ..hexes import Hex, hex_round
from ..plug import View
from ..scenario import Scenario
from ..tables import terrain_types
from ..terrain import HexTerrain
from .los import TABLE, LosSettings, Location, Where, _hinders, _read

if TYPE_CHECKING:
    from ..vasl.library import Frame

__all__ = ["GridHex", "GridSight", "trace", "on_boards", "grid_view", "RULE"]

RULE = "LOS over a board's grid"
_SQRT3 = math.sqrt(3.0)
#: How far either side of a hexside a thread along it is traced again (board pixels).
OFFSET_PX = 1.5
#: The thread is read every STEP_PX board pixels: VASL paints walls and hedges as bands 8 to 10
#: pixels wide, and no terrain narrower than 3.
STEP_PX = 2.0


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


# ---------------------------------------------------------------- what each terrain code is to the thread

@dataclass(frozen=True)
class _Kind:
    name: str
    obstacle: bool
    hindrance: int
    side: bool
    height: float
    inherent: bool
    terrain: str


@lru_cache(maxsize=2)
def _kinds(in_season: bool) -> tuple[_Kind | None, ...]:
    """Every VASL terrain code as the thread reads it in or out of season, by code; None for a
    code that never blocks or hinders (open ground, roads, water...)."""
    from ..vasl.derive import codes
    from ..tables import load_table

    raw = load_table("vasl_terrain")["codes"]
    types = terrain_types(TABLE)
    season = LosSettings(in_season=in_season)
    out: list[_Kind | None] = [None] * 256
    for c, k in codes().items():
        v = raw[str(c)]["vasl"]
        obstacle, hindrance = bool(v.get("obstacle")), 1 if v.get("hindrance") else 0
        tt = types.get(k.terrain)
        if tt is not None and tt.hindrance > 0 and tt.season:  # grain and orchards: as los.py reads the season
            if _hinders(tt, season):
                obstacle, hindrance = False, tt.hindrance
            else:
                obstacle, hindrance = tt.off_season == "obstacle", 0
        if obstacle or hindrance or k.side:
            out[c] = _Kind(k.name, obstacle, hindrance, bool(k.side), k.height, k.inherent, k.terrain)
    return tuple(out)


# ---------------------------------------------------------------- the boards under the map

def _boards(scenario: Scenario) -> list[Frame]:
    """The frames (:func:`airhead.vasl.library.frames`) of the map's boards this device holds, in
    map units (hexes of circumradius 1)."""
    from ..vasl.library import frames

    return frames(scenario.map, scenario.boards, size=1.0)


def _centre(h: Hex) -> tuple[float, float]:
    return 1.5 * h.q, _SQRT3 * (h.r + h.q / 2)


def _crossed(a: Hex, b: Hex) -> tuple[list[Hex], bool]:
    """The hexes the centre line from ``a`` to ``b`` crosses, in order, and whether it runs along
    a hexside anywhere (as :func:`airhead.hexes.line` says, in floating point: it is called per
    thread, and the exact one is slow on long threads)."""
    n = a.distance(b)
    (xa, ya), (xb, yb) = _centre(a), _centre(b)
    out: dict[Hex, None] = {}
    for i in range(8 * n + 1):
        t = i / (8 * n)
        out.setdefault(_hex_at(xa + (xb - xa) * t, ya + (yb - ya) * t))
    along = False
    for i in range(n + 1):
        t = i / n
        q, r = a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t
        eps = 1e-6
        if len({hex_round(q + eps, r + eps / 3), hex_round(q - eps, r - eps / 3),
                hex_round(q + eps / 3, r + eps), hex_round(q - eps / 3, r - eps)}) > 1:
            along = True
            break
    if not along:  # through a vertex (a hexspine's end): the hexes either side of it, as along a hexside
        dx, dy = xb - xa, yb - ya
        length = math.hypot(dx, dy)
        for h in out:
            cx, cy = _centre(h)
            for c, sn in _CORNERS:
                vx, vy = cx + c, cy + sn
                if abs((vx - xa) * dy - (vy - ya) * dx) / length < 1e-7 and 0 < (vx - xa) * dx + (vy - ya) * dy < length * length:
                    along = True
                    break
            if along:
                break
    return list(out), along


_CORNERS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


def _hex_at(x: float, y: float) -> Hex:
    """The map hex holding the point ``(x, y)`` (map units: hexes of circumradius 1)."""
    return hex_round(x / 1.5, -x / 3 + y / _SQRT3)


# ---------------------------------------------------------------- the walk

def _walk(scenario: Scenario, a: Location, b: Location, s: LosSettings, kinds: tuple[_Kind | None, ...],
          boards: list[Frame], crossed_line: list[Hex], offset: float) -> GridSight:
    """One thread, ``offset`` board pixels to the left of the centre-to-centre line. Each pixel
    is read from its board; only a pixel that can matter (terrain of some height, or ground above
    the thread) is placed in its hex. Hexes the players changed, or off every board's grid, are
    read whole where the thread passes their centre."""
    terrain, base = scenario.terrain, scenario.base
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
    ends = {a.hex, b.hex}
    near_ends = set(ends) | {x for e in ends for x in e.neighbors()}
    crossed = [h for h in crossed_line if h not in ends]
    best: dict[Hex, GridHex] = {}
    for h in crossed:
        cx, cy = _centre(h)
        tc = min(max(((cx - xa) * dx + (cy - ya) * dy) / length2, 0.0), 1.0)
        best[h] = GridHex(h, "open ground", round(terrain.at(h).base_level - (za + (zb - za) * tc), 2))

    def on_grid(x: float, y: float) -> bool:
        return any(f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3] for f in boards)

    # hexes read whole, each where the thread passes nearest its centre
    wholes = []
    for h in crossed:
        cx, cy = _centre(h)
        if terrain.at(h) != base.at(h) or not on_grid(cx, cy):
            wholes.append((((cx - xa) * dx + (cy - ya) * dy) / length2, h))
    wholes.sort(key=lambda th: th[0])
    whole_set = {h for _t, h in wholes}
    w, nw = 0, len(wholes)
    hind: dict[Hex, int] = {}
    total = 0
    blocked_at: Hex | None = None
    point: tuple[float, float] | None = None
    inherent_ok: dict[Hex, str] = {}
    limit = s.hindrance_limit
    # the current board's pixel at sample i is (p0x + i * pdx, p0y + i * pdy): set when it changes
    bx0 = bx1 = by0 = by1 = 0.0
    p0x = p0y = pdx = pdy = 0.0
    gw = gh = 0
    cells = elev = b""
    have = False
    bax = bay = bvx = bvy = bsx = bsy = beps = 0.0
    tx = dx / n
    ty = dy / n
    dz = (zb - za) / n
    for i in range(n + 1):
        x, y = xa + tx * i, ya + ty * i
        z = za + dz * i
        hit: Hex | None = None
        if w < nw and wholes[w][0] * n <= i:
            while w < nw and wholes[w][0] * n <= i:
                h = wholes[w][1]
                w += 1
                what, top, obstacle, drm = _whole(terrain.at(h), types, s)
                best[h] = GridHex(h, what, round(top - z, 2), "", 0, True)  # the hex's one reading
                _note(best, h, what, top - z, obstacle, drm, s, whole=True)
                t_h = terrain.at(h)
                if t_h.smoke and s.smoke and best[h].effect != "blocks":  # SMOKE hinders whatever its height
                    best[h] = GridHex(h, "SMOKE", best[h].above, "hinders", s.smoke, True)
                hit = h
        if hit is None:
            if not (have and bx0 <= x <= bx1 and by0 <= y <= by1):
                bd = next((f for f in boards if f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3]), None)
                have = bd is not None
                if bd is None:
                    continue
                bx0, by0, bx1, by1 = bd.box
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
            if k is None and ground <= z + 1e-9:
                continue  # open ground below the thread: nothing to read
            h = _hex_at(bax + (px - bvx) * bsx, bay + (py - bvy) * bsy + beps)
            if h in ends or h in whole_set:
                continue
            if h not in best:  # a hex the thread grazes (a corner the centre line leaves out)
                best[h] = GridHex(h, "open ground", round(float(ground) - z, 2))
            if ground > z + 1e-9:
                _note(best, h, f"higher ground (level {ground})", ground - z, True, 0, s)
            elif k is None:
                pass
            elif k.side:
                if h not in near_ends:
                    _note(best, h, k.name.lower(), ground + k.height - z, True, 0, s)
            elif k.inherent and k.terrain != (inherent_ok.get(h) or inherent_ok.setdefault(h, terrain.at(h).terrain)):
                pass  # inherent terrain drawn into a hex of other terrain (VASL ignores it there)
            else:
                _note(best, h, k.name, ground + k.height - z, k.obstacle, k.hindrance, s)
            hit = h
        g = best[hit]
        if g.effect == "hinders" and hit not in hind:
            hind[hit] = g.drm
            total += g.drm
        if g.effect == "blocks" or total >= limit:
            blocked_at, point = hit, (x, y)
            break
    order = sorted(best, key=lambda h: ((_centre(h)[0] - xa) * dx + (_centre(h)[1] - ya) * dy))
    hexes = tuple(best[h] for h in order)
    return GridSight(a, b, blocked_at is not None, blocked_at, point, tuple(hind.items()), hexes)


def _whole(t: HexTerrain, types: Mapping[str, Any], s: LosSettings) -> tuple[str, float, bool, int]:
    """A hex read whole, as :mod:`.los` reads it: what, its top, whether it is an obstacle, its
    Hindrance DRM."""
    r = _read(t, types.get(t.terrain), s)
    if r.obstacle:
        return r.what, float(r.ground + r.obstacle), True, 0
    return r.what, float(r.ground + r.height), False, r.hindrance


def _note(best: dict[Hex, GridHex], h: Hex, what: str, above: float, obstacle: bool, drm: int,
          s: LosSettings, whole: bool = False) -> None:
    """Keep, for hex ``h``, the reading that matters most (what blocks, then the highest)."""
    blocks = obstacle and (above > 1e-9 or (s.level_blocks and above > -1e-9))
    hinders = not obstacle and drm > 0 and above > 1e-9
    effect = "blocks" if blocks else ("hinders" if hinders else "")
    old = best[h]
    rank = {"blocks": 2, "hinders": 1, "": 0}
    if (rank[effect], above) > (rank[old.effect], old.above) or (whole and effect):
        best[h] = GridHex(h, what, round(above, 2), effect, drm if hinders else 0, whole)


def trace(scenario: Scenario, a: Where, b: Where, *, settings: LosSettings | None = None) -> GridSight:
    """Line of sight from ``a`` to ``b`` over the imported boards' pixels under ``scenario``'s map
    (hexes off every board, or changed by the players, are read whole)."""
    la = a if isinstance(a, Location) else Location(a)
    lb = b if isinstance(b, Location) else Location(b)
    s = settings or LosSettings()
    kinds = _kinds(s.in_season)
    boards = _boards(scenario)
    if la.hex == lb.hex:
        return GridSight(la, lb, False, None, None, (), ())
    crossed, along = _crossed(la.hex, lb.hex)
    if not along:
        return _walk(scenario, la, lb, s, kinds, boards, crossed, 0.0)
    one, two = (_walk(scenario, la, lb, s, kinds, boards, crossed, d) for d in (OFFSET_PX, -OFFSET_PX))
    both = s.hexside == "both"
    if one.blocked != two.blocked:
        pick = (two if one.blocked else one) if both else (one if one.blocked else two)
    else:
        pick = (one if one.drm <= two.drm else two) if both else (one if one.drm >= two.drm else two)
    note = (f"The thread runs along a hexside: traced {OFFSET_PX:g} pixels to either side; "
            + ("both sides must block, the lesser Hindrance counts" if both else "either side blocks, the greater Hindrance counts")
            + " (setting)")
    return GridSight(pick.a, pick.b, pick.blocked, pick.blocked_at, pick.point, pick.hindrances, pick.hexes, (note,))


def on_boards(scenario: Scenario) -> bool:
    """True if some board of ``scenario``'s map is an imported board this device holds."""
    from ..vasl.library import LIBRARY

    return any(LIBRARY.get(ref.sha256) is not None for ref in getattr(scenario, "boards", {}).values())


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
