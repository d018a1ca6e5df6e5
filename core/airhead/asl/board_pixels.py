"""What an imported VASL board's pixels hold, hex by hex, for line of sight (issue #27).

The thread traced over a board (:mod:`.los_grid`) and the readings along the hex grain (E8.22,
E7.25: :func:`grain`) share these: each VASL terrain code as the thread reads it (:func:`kinds`,
the season applied; :func:`shadow_kinds` for a Blaze's light), the boards under a map
(:func:`frames_of`), a map hex's centre and the hex holding a point, and a hex's *bound*, the
highest ground and terrain its pixels hold (:func:`bound`, kept per board): a hex whose bound lies
below a thread can neither block nor hinder it (:func:`clear_at`). Pure Python on the board's
bytes; nothing per pixel is kept. The game's SSR terrain options are applied to each board's
grid before it is read (:func:`frames_of`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import work
from ..hexes import DIRECTIONS, Hex, hex_round
from ..scenario import Scenario
from ..tables import terrain_types
from .los_settings import TABLE, LosSettings, _hinders

if TYPE_CHECKING:
    from ..vasl.library import Frame

__all__ = ["SQRT3", "APOTHEM", "STEP_PX", "Kind", "kinds", "shadow_kinds", "heights", "frames_of", "centre", "hex_at",
           "bound", "clear_at", "grain", "on_boards"]

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

#: (board SHA-256, in season, pixel x, pixel y) -> (highest ground byte, highest terrain in half
#: levels) of the pixels about a hex; at most _BOUNDS_MAX entries (about 16 geoboards' hexes).
_BOUNDS: dict[tuple[str, bool, int, int], tuple[int, int]] = {}
_BOUNDS_MAX = 6000
#: Board pixels added around a hex's box when its bound is read.
_MARGIN_PX = 2


@lru_cache(maxsize=2)
def heights(in_season: bool) -> bytes:
    """A :meth:`bytes.translate` table: each terrain code to its height in half levels (at least 1
    for a code the thread reads at all; 0 for open ground)."""
    return bytes(0 if k is None else max(1, int(math.ceil(2 * k.height))) for k in kinds(in_season))


def bound(f: Frame, h: Hex, in_season: bool) -> tuple[int, int] | None:
    """The highest ground (a raw elevation byte: above 127 is below level 0) and the highest
    terrain (half levels) of the board's pixels within a hex's box and a margin, or None where the
    hex is not wholly on this board's grid. A hex whose bound lies below the thread needs no
    pixel read: nothing in it can block or hinder."""
    cx, cy = centre(h)
    x0, y0, x1, y1 = f.box
    if not (x0 <= cx - 1 and cx + 1 <= x1 and y0 <= cy - APOTHEM and cy + APOTHEM <= y1):
        return None
    px = f.vx + f.sign * (cx - f.ax) * f.kx
    py = f.vy + f.sign * (cy - f.ay) * f.ky
    grid = f.board.archive.grid
    key = (f.board.archive.sha256, in_season, int(px), int(py))
    got = _BOUNDS.get(key)
    if got is not None:
        return got
    gw, gh = grid.grid_width, grid.grid_height
    lo_x, hi_x = int(px - f.kx) - _MARGIN_PX, int(px + f.kx) + _MARGIN_PX + 2
    lo_y, hi_y = int(py - f.ky * APOTHEM) - _MARGIN_PX, int(py + f.ky * APOTHEM) + _MARGIN_PX + 1
    if lo_x < 0 or lo_y < 0 or hi_x >= gw or hi_y >= gh:
        return None
    table = heights(in_season)
    cells, elev = grid.terrain, grid.elevation
    ground = height = 0
    # the hexagon's pixels and a margin, every other column and row: VASL draws no terrain
    # narrower than 3 pixels, so every other column and row finds all of it
    for x in range(lo_x, hi_x + 1, 2):
        u = min(abs(x + 0.5 - px) / f.kx, 1.0)
        half = f.ky * (APOTHEM if u <= 0.5 else SQRT3 * (1.0 - u))
        o = x * gh
        top, bottom = o + max(int(py - half) - _MARGIN_PX, 0), o + min(int(py + half) + _MARGIN_PX + 1, gh - 1)
        ground = max(ground, max(elev[top:bottom + 1:2]))
        height = max(height, max(cells[top:bottom + 1:2].translate(table)))
    if len(_BOUNDS) >= _BOUNDS_MAX:
        _BOUNDS.clear()
    _BOUNDS[key] = (ground, height)
    return ground, height


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
#: the grain line through a hex; at most _BOUNDS_MAX entries.
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
    if len(_GRAINS) >= _BOUNDS_MAX:
        _GRAINS.clear()
    _GRAINS[key] = (top, what)
    return top, what


def on_boards(scenario: Scenario) -> bool:
    """True if some board of ``scenario``'s map is an imported board this device holds."""
    from ..vasl.library import LIBRARY

    return any(LIBRARY.get(ref.sha256) is not None for ref in getattr(scenario, "boards", {}).values())
