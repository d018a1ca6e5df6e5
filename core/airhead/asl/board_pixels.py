"""What an imported VASL board's pixels hold, hex by hex, for line of sight (issue #27).

The thread traced over a board (:mod:`.los_grid`) and the readings along the hex grain (E8.22,
E7.25: :func:`grain`) share these: each VASL terrain code as the thread reads it (:func:`kinds`,
the season applied; :func:`shadow_kinds` for a Blaze's light), the boards under a map
(:func:`frames_of`), a map hex's centre and the hex holding a point, and a hex's *bound*, the
highest ground and terrain its pixels hold (:func:`bound`; a table per board's grid and season,
:class:`HexBounds`): a hex whose bound lies below a thread can neither block nor hinder it
(:func:`clear_at`). Pure Python on the board's bytes; nothing per pixel is kept. The game's SSR terrain options are applied to each board's
grid before it is read (:func:`frames_of`).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import work
from ..hexes import DIRECTIONS, Hex, hex_round
from ..scenario import Scenario
from ..tables import terrain_types
from .los_settings import TABLE, LosSettings, _hinders

if TYPE_CHECKING:
    from ..vasl.derive import DerivedBoard
    from ..vasl.library import Frame
    from ..vasl.losdata import Grid

__all__ = ["SQRT3", "APOTHEM", "STEP_PX", "Kind", "kinds", "shadow_kinds", "heights", "frames_of", "centre", "hex_at",
           "bound", "board_hex", "hex_bounds", "HexBounds", "clear_at", "grain", "on_boards"]

SQRT3 = math.sqrt(3.0)
#: The thread is read every STEP_PX board pixels: every pixel along it, as VASL's walk reads
#: every pixel its line spans in a column (every second pixel let a graze of one or two pixels
#: through; issue #38).
STEP_PX = 1.0


# ---------------------------------------------------------------- what each terrain code is to the thread

@dataclass(frozen=True)
class Kind:
    """A VASL terrain code as the thread reads it: its name, whether it is an obstacle, its
    Hindrance DRM, whether it lies on hexsides, its height, whether it is inherent terrain, and
    the Airhead terrain it stands for; ``split``: the Hindrance DRM an obstacle adds instead of
    blocking where both ends are at its ground level (an orchard in season: VASL's ``split``
    terrain, B14.2; setting ``orchard_level``)."""

    name: str
    obstacle: bool
    hindrance: int
    side: bool
    height: float
    inherent: bool
    terrain: str
    split: int = 0


@lru_cache(maxsize=2)
def kinds(in_season: bool) -> tuple[Kind | None, ...]:
    """Every VASL terrain code as the thread reads it in or out of season, by code; None for a
    code that never blocks or hinders (open ground, roads, water...)."""
    from ..vasl.derive import codes
    from ..tables import load_table

    raw = load_table("vasl_terrain")["codes"]
    types = terrain_types(TABLE)
    season = LosSettings(in_season=in_season)
    out: list[Kind | None] = [None] * 256
    for c, k in codes().items():
        v = raw[str(c)]["vasl"]
        obstacle, hindrance, split = bool(v.get("obstacle")), 1 if v.get("hindrance") else 0, 0
        tt = types.get(k.terrain)
        if tt is not None and tt.hindrance > 0 and tt.season:  # grain and orchards: as los.py reads the season
            if _hinders(tt, season):
                obstacle, hindrance = False, tt.hindrance
            else:
                obstacle, hindrance = tt.off_season == "obstacle", 0
                split = tt.hindrance if obstacle and v.get("split") else 0
        if obstacle or hindrance or k.side:
            out[c] = Kind(k.name, obstacle, hindrance, bool(k.side), k.height, k.inherent, k.terrain, split)
    return tuple(out)


@lru_cache(maxsize=2)
def shadow_kinds(in_season: bool) -> tuple[Kind | None, ...]:
    """:func:`kinds` as a Blaze's light reads them (E1.941): only obstacles of a level or more
    (hexside terrain too) cast a shadow; Hindrances never do."""
    return tuple(k if k is not None and k.obstacle and k.height >= 1 else None for k in kinds(in_season))


# ---------------------------------------------------------------- the boards under the map

def frames_of(scenario: Scenario) -> list[Frame]:
    """The frames (:func:`airhead.vasl.library.frames`) of the map's boards this device holds, in
    map units (hexes of circumradius 1), each board's grid with the game's SSR terrain options
    applied (:func:`airhead.vasl.ssr.ssr_board`, as VASL traces its LOS data)."""
    from dataclasses import replace as _replace
    from ..vasl.library import frames
    from ..vasl.ssr import ssr_board

    out = frames(scenario.map, scenario.boards, size=1.0)
    ssr = tuple(scenario.ssr)
    return [_replace(f, board=ssr_board(f.board, ssr)) for f in out] if ssr else out


def centre(h: Hex) -> tuple[float, float]:
    return 1.5 * h.q, SQRT3 * (h.r + h.q / 2)


APOTHEM = SQRT3 / 2


def hex_at(x: float, y: float) -> Hex:
    """The map hex holding the point ``(x, y)`` (map units: hexes of circumradius 1)."""
    return hex_round(x / 1.5, -x / 3 + y / SQRT3)


# ---------------------------------------------------------------- what a hex can hold, at most

@lru_cache(maxsize=2)
def heights(in_season: bool) -> bytes:
    """A :meth:`bytes.translate` table: each terrain code to its height in half levels (at least 1
    for a code the thread reads at all; 0 for open ground)."""
    return bytes(0 if k is None else max(1, int(math.ceil(2 * k.height))) for k in kinds(in_season))


def bound(f: Frame, h: Hex, in_season: bool) -> tuple[int, int] | None:
    """The highest ground (a raw elevation byte: above 127 is below level 0) and the highest
    terrain (half levels) of the board's pixels within a hex and a margin, or None where the hex
    is not wholly on this board's grid. A hex whose bound lies below the thread needs no pixel
    read: nothing in it can block or hinder. Read from the board's table (:func:`hex_bounds`)."""
    at = board_hex(f, h)
    return None if at is None else hex_bounds(f.board, in_season).get(at)


def board_hex(f: Frame, h: Hex) -> tuple[int, int] | None:
    """The board's own (column, row) indexes of map hex ``h``, or None where the hex is not
    wholly on the frame's board."""
    cx, cy = centre(h)
    x0, y0, x1, y1 = f.box
    if not (x0 <= cx - 1 and cx + 1 <= x1 and y0 <= cy - APOTHEM and cy + APOTHEM <= y1):
        return None
    g = f.board.geometry
    col = round(f.sign * (cx - f.ax) * f.kx / g.hex_width)  # from the board's A1, in its hexes
    return col, round((f.sign * (cy - f.ay) * f.ky + g.hex_height / 2 * (col % 2)) / g.hex_height)


#: Each board's hex bounds (:func:`hex_bounds`) by the id of its terrain grid (an SSR option's
#: grid is another grid), then by season; dropped with the grid.
_TABLES: dict[int, dict[bool, HexBounds]] = {}
#: How far outside a hex (board pixels) a pixel whose centre lies is read into its bound: a
#: thread's point inside the hex reads a pixel whose centre is at most √2 pixels away.
_MARGIN_PX = 1.5
def hex_bounds(board: DerivedBoard, in_season: bool) -> HexBounds:
    """The bounds (:func:`bound`) of ``board``'s hexes in or out of season (:class:`HexBounds`),
    kept with the board's terrain grid: made once per grid and season, whatever reads them."""
    grid = board.archive.grid
    tables = _TABLES.get(id(grid))
    if tables is None:
        tables = _TABLES[id(grid)] = {}
        weakref.finalize(grid, _TABLES.pop, id(grid), None)
    got = tables.get(in_season)
    if got is None:
        got = tables[in_season] = HexBounds(board, in_season)
    return got


class HexBounds:
    """The bound (:func:`bound`) of each hex of a board wholly on its grid, by the board's own
    (column, row) indexes: the highest ground and terrain height of every pixel whose centre lies
    within the hexagon grown by :data:`_MARGIN_PX`. A column of hexes is read the first time one
    of its hexes is asked for, on the grid's bytes (no Python object per pixel): each pixel's
    ground and terrain height become a rank coded so that OR-ing codes keeps the highest
    (``0b0111`` is rank 3), so columns of pixels OR-ed as integers give the highest of a strip
    of columns per row; a hex is then its middle's rows (where it is full height: one strip of
    columns OR-ed) and those of each column of its slopes."""

    def __init__(self, board: DerivedBoard, in_season: bool) -> None:
        grid = board.archive.grid
        self.geometry, self.gw, self.gh = board.geometry, grid.grid_width, grid.grid_height
        self.ground_table, self.ground_codes = _ranked(tuple(_present(grid.elevation)))
        self.height_table, self.height_codes = _height_codes(in_season)
        self.grid = weakref.ref(grid)  # (the table is kept while the grid is: never the grid by the table)
        self.columns: dict[int, list[tuple[int, int] | None]] = {}

    def get(self, at: tuple[int, int]) -> tuple[int, int] | None:
        """The bound of the board's hex ``at`` (column, row), or None where it is not wholly on the grid."""
        col, row = at
        got = self.columns.get(col)
        if got is None:
            got = self.columns[col] = self._column(col)
        return got[row] if 0 <= row < len(got) else None

    def _column(self, col: int) -> list[tuple[int, int] | None]:
        g, gw, gh = self.geometry, self.gw, self.gh
        rows = g.height + col % 2
        if not 0 <= col < g.width:
            return []
        # the hexagon in board pixels: circumradius `radius` across, half height `half`; grown by
        # d all round, its slopes move out `slide` pixels across, and within `flat` of its centre
        # it is full height
        d = _MARGIN_PX
        radius, half = g.hex_width / 1.5, g.hex_height / 2
        slide = d * math.hypot(half, radius / 2) / half
        flat = radius / 2 + slide - radius * d / (2 * half)
        cx = g.x0 + g.hex_width * col
        # the columns whose pixel centres (x + ½) lie within it: its middle, then its slopes in strips
        lo, hi = math.ceil(cx - radius - slide - 0.5), math.floor(cx + radius + slide - 0.5)
        if lo < 0 or hi >= gw:
            return [None] * rows
        m0, m1 = math.ceil(cx - flat - 0.5), math.floor(cx + flat - 0.5)
        # the pixels of its columns, each pixel's ground code then its height code
        gh2 = 2 * gh
        grid = self.grid()
        assert grid is not None
        pixels = bytearray(gh2 * (hi - lo + 1))
        pixels[0::2] = grid.elevation[lo * gh:(hi + 1) * gh].translate(self.ground_table)
        pixels[1::2] = grid.terrain[lo * gh:(hi + 1) * gh].translate(self.height_table)
        middle = 0  # the middle's columns OR-ed together
        for x in range(m0 - lo, m1 - lo + 1):
            middle |= int.from_bytes(pixels[x * gh2:(x + 1) * gh2], "little")
        # each strip: its pixels (and where its column starts in them), with the rows it reaches
        # from a hex's centre: y from ceil(cy - ext - ½) (a hair low, never high) to floor(cy + ext - ½)
        ext = half + d
        strips: list[tuple[bytes | bytearray, int, float, float]] = [(middle.to_bytes(gh2, "little"), 0, 0.5 - ext - 1e-9, ext + 0.5)]
        for x in (*range(lo, m0), *range(m1 + 1, hi + 1)):  # its slopes, a column at a time
            ext = half * (radius + slide - abs(x + 0.5 - cx)) / (radius / 2)
            if ext > 0:
                strips.append((pixels, (x - lo) * gh2, 0.5 - ext - 1e-9, ext + 0.5))
        out: list[tuple[int, int] | None] = []
        for row in range(rows):
            cy = g.y0 + g.hex_height * row - half * (col % 2)
            if cy - half - d - 0.5 < 0 or cy + half + d + 0.5 > gh:
                out.append(None)
                continue
            data = b"".join([s[o + (int(cy + a) << 1):o + (int(cy + b) << 1)] for s, o, a, b in strips])
            out.append((_top(data[0::2], self.ground_codes), _top(data[1::2], self.height_codes)))
        return out


@lru_cache(maxsize=2)
def _height_codes(in_season: bool) -> tuple[bytes, tuple[tuple[bytes, int], ...]]:
    """:func:`_ranked` for terrain heights: a :meth:`bytes.translate` table from a terrain code
    to its height's code, and the codes with their heights."""
    table = heights(in_season)
    code, values = _ranked(tuple(sorted(set(table))))
    return bytes(code[v] for v in table), values


@lru_cache(maxsize=64)
def _ranked(values: tuple[int, ...]) -> tuple[bytes, tuple[tuple[bytes, int], ...]]:
    """For byte ``values`` (the ones that occur, ascending): a :meth:`bytes.translate` table from a
    value to its rank's code (rank r: r low bits set, so an OR of codes is the code of the
    highest; past the ninth value, a value shares the code of the next one kept, read as that
    higher one), and each code (a byte) with its value, highest first, rank 0 last."""
    keep = sorted({values[round(i * (len(values) - 1) / 8)] for i in range(9)}) if len(values) > 9 else list(values)
    code = bytes((1 << next((i for i, k in enumerate(keep) if k >= v), len(keep) - 1)) - 1 for v in range(256))
    return code, tuple((bytes([(1 << r) - 1]), k) for r, k in reversed(list(enumerate(keep))))


def _top(data: bytes | bytearray, codes: tuple[tuple[bytes, int], ...]) -> int:
    """The highest value whose code (:func:`_ranked`) is in ``data``."""
    for c, v in codes[:-1]:
        if c in data:
            return v
    return codes[-1][1]


def _present(data: bytes) -> list[int]:
    """The byte values that occur in ``data``, ascending (one pass per value, each on what is left)."""
    out = []
    while data:
        out.append(data[0])
        data = data.translate(None, data[:1])
    return sorted(out)


def clear_at(hold: tuple[int, int] | None, s: LosSettings) -> float:
    """The lowest height of a thread that nothing within ``bound`` (:func:`bound`) can block or
    hinder (an obstacle level with the thread blocks with setting ``los_level_obstacle``)."""
    if hold is None or hold[0] > 127:
        return math.inf
    ground, height = hold
    if height == 0:
        return ground - 1e-9
    top = ground + height / 2
    return top + 2e-9 if s.level_blocks else top - 1e-9


#: (board SHA-256, in season, pixel x, pixel y, grain) -> (highest obstacle top, its name) along
#: the grain line through a hex; at most _GRAINS_MAX entries (about 16 geoboards' hexes).
_GRAINS_MAX = 6000
_GRAINS: dict[tuple[str, bool, int, int, int], tuple[float, str]] = {}


def grain(scenario: Scenario, h: Hex, direction: int, *, settings: LosSettings | None = None,
          boards: list[Frame] | None = None) -> tuple[float, str] | None:
    """The highest LOS obstacle the board draws on the line through hex ``h``'s centre along the
    hex grain ``direction`` (0..5; a direction and its opposite are one line), from hexside to
    hexside: its top in levels (the pixel's ground plus VASL's height) and its name, or
    ``(-inf, "")`` for none; None where ``h`` is read whole (the players changed it, or it is on
    no board). Hexside terrain is left to the hexsides; inherent terrain drawn in from a hex of
    other terrain is ignored (VASL). E8.22's Avenue and E7.25's aerial view read obstacles so.
    ``boards``: the map's boards (:func:`frames_of`), when many hexes are read."""
    s = settings or LosSettings()
    terrain = scenario.terrain
    t = terrain.at(h)
    if t != scenario.base.at(h):
        return None
    cx, cy = centre(h)
    f = next((f for f in (frames_of(scenario) if boards is None else boards) if f.box[0] <= cx - 1 and cx + 1 <= f.box[2]
              and f.box[1] <= cy - APOTHEM and cy + APOTHEM <= f.box[3]), None)
    if f is None:
        return None
    line = direction % 3
    work.spend(40)  # per call, whether the reading is kept (_GRAINS) or not
    px, py = f.vx + f.sign * (cx - f.ax) * f.kx, f.vy + f.sign * (cy - f.ay) * f.ky
    key = (f.board.archive.sha256, s.in_season, int(px), int(py), line)
    got = _GRAINS.get(key)
    if got is not None:
        return got
    nq, nr = DIRECTIONS[line]
    ux, uy = centre(Hex(nq, nr))  # a neighbour's centre: √3 away, so ±½ of it reaches the hexsides
    codes_read = kinds(s.in_season)
    grid = f.board.archive.grid
    gw, gh = grid.grid_width, grid.grid_height
    n = max(int(SQRT3 * max(f.kx, f.ky) / STEP_PX), 2)
    top, what = -math.inf, ""
    for i in range(n + 1):
        x, y = cx + ux * (i / n - 0.5), cy + uy * (i / n - 0.5)
        qx, qy = int(f.vx + f.sign * (x - f.ax) * f.kx + 0.5), int(f.vy + f.sign * (y - f.ay) * f.ky + 0.5)
        if not (0 <= qx < gw and 0 <= qy < gh):
            continue
        k = codes_read[grid.terrain[qx * gh + qy]]
        if k is None or not k.obstacle or k.side or (k.inherent and k.terrain != t.terrain):
            continue
        if hex_at(f.ax + (qx - f.vx) * f.sign / f.kx, f.ay + (qy - f.vy) * f.sign / f.ky + f.sign * 1e-6) != h:
            continue
        ground = grid.elevation[qx * gh + qy]
        level = (ground - 256 if ground > 127 else ground) + k.height
        if level > top:
            top, what = level, k.name
    if len(_GRAINS) >= _GRAINS_MAX:
        _GRAINS.clear()
    _GRAINS[key] = (top, what)
    return top, what


def on_boards(scenario: Scenario) -> bool:
    """True if some board of ``scenario``'s map is an imported board this device holds."""
    from ..vasl.library import LIBRARY

    return any(LIBRARY.get(ref.sha256) is not None for ref in getattr(scenario, "boards", {}).values())
