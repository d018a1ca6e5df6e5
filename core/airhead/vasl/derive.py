"""Each hex of an imported board, derived from its pixels, with the reasons why.

Airhead's reading (``docs/rules-notes.md``, "VASL board archives"), hex by hex:

* **terrain** — VASL's centre terrain (``Hex.java``): the terrain under the centre dot, the pixel
  VASL reads for it (:func:`dot_pixel`: the dot's coordinates truncated, as VASL does), or for
  speckled art (grain: :data:`SPECKLED`) the most common terrain within :data:`DOT_RADIUS` pixels
  of it (the player's choice, :data:`SPECKLED_FIELD`: :data:`AROUND_DOT`, the default, or
  :data:`ON_DOT`, the dot's pixel as VASL reads it; :attr:`DerivedBoard.dot_read` holds the hexes
  the second reading reads otherwise); under a hexside feature or a bridge there, the hex's most common ground; a building at the
  middle of one of its hexsides (the pixel VASL reads there, :func:`side_points`); inherent
  terrain (orchard, crags, rubble, ...) fills the hex when its pixels lie nearer the centre dot
  than any hexside's middle (:func:`core_spans`), so that terrain painted a pixel or two past its
  own hex never fills a neighbour; a market place's centre is open ground. Terrain that covers
  part of the hex but not its centre dot is named in the reasons, with its share. What each VASL
  terrain code is to Airhead is data: ``tables/vasl_terrain.json``; a rowhouse wall is a hexside
  feature (``rowhouse_wall``), never a hex's terrain.
* **level** — the elevation under the centre dot's pixel.
* **buildings** — a building's levels (its obstacle height) come from its terrain code ("Stone
  Building, 2 Level": 2½ levels), or from the board's own building type for that hex when its
  metadata sets one.
* **water and bridges** — the water of the hex's terrain; a bridge when bridge pixels cover at
  least :data:`BRIDGE_SHARE` of the hex, its roadway along the hex grain nearest to the long
  axis of those pixels.
* **hexsides** — a wall, hedge, bocage, cliff, roadblock, crest or rowhouse wall when its pixels
  lie along at least :data:`SIDE_SHARE` of the hexside (within :data:`SIDE_BAND` pixels of it),
  or on the pixel VASL reads at the hexside's middle (:func:`side_points`, from either hex).

Inherent terrain a board paints past its own hex (*spill*) is no terrain of the hex it spills
into; a thread over the board's pixels ignores an inherent pixel in a hex whose terrain it is not
(:mod:`airhead.asl.los_grid`, as VASL's ``Map.java``), so spill neither blocks nor hinders there.

Counting pixels is done per column slice of the grid (C-speed ``bytes`` methods), never one
Python object per pixel: a bridge's axis from its pixels' moments summed a column at a time, a
hexside's band read a sample (seven pixels across it) at a time. Derive's work grows with the
hexes' columns and hexsides, not their pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import Any, Mapping

from ..errors import DataError, quoted
from ..fields import Field
from ..hexes import DIRECTION_NAMES
from ..tables import load_table, terrain_types
from ..terrain import Bridge, HexTerrain, Water
from .archive import BoardArchive
from .geometry import BoardGeometry
from .refusals import FRESH_COPY, BoardError, damaged

__all__ = ["Code", "codes", "DerivedHex", "DerivedBoard", "derive", "load_work", "dot_pixel", "side_points",
           "core_spans", "SIDE_SHARE", "SIDE_BAND", "BRIDGE_SHARE", "SPECKLED", "DOT_RADIUS", "ROWHOUSE_WALL",
           "AROUND_DOT", "ON_DOT", "SPECKLED_KEY", "SPECKLED_FIELD", "speckled_reading"]

#: The share of a hexside's length its feature's pixels must cover.
SIDE_SHARE = 0.5
#: How far from the hexside line (pixels, either side) a hexside feature's pixels are looked for.
SIDE_BAND = 3
#: The share of a hex that bridge pixels must cover for the hex to hold a bridge.
BRIDGE_SHARE = 0.04
_TRANSPARENT = ("open", "road")
#: The VASL terrains whose art is speckled (grain: a mottle of grain and open-ground pixels), whose
#: centre is read as the most common terrain near the dot rather than from one pixel.
SPECKLED = frozenset({"Grain"})
#: The radius (pixels) of the disc around the centre dot read for speckled terrain.
DOT_RADIUS = 5
#: How a speckled terrain's hex is read (docs/rules-notes.md, "Speckled terrain (grain) read"):
#: the most common terrain on the disc around the centre dot (the default), or the dot's one pixel
#: (as VASL's ``Hex.java`` reads every hex).
AROUND_DOT, ON_DOT = "around the dot", "on the dot's pixel, as VASL reads it"
#: The scenario setting that chooses it (a map's, with its boards: changing it in play reads the
#: boards' hexes again).
SPECKLED_KEY = "vasl_speckled"
SPECKLED_FIELD = Field(
    SPECKLED_KEY, "Speckled terrain (grain) read", "choice", choices=(AROUND_DOT, ON_DOT), default=AROUND_DOT,
    help="on imported boards: grain is drawn as a mottle of grain and open-ground dots, so one pixel under a hex's "
         "centre dot can fall on either. Read the most common terrain within 5 pixels of the dot (the default), or "
         "the dot's one pixel as VASL's own engine does (a hex mostly grain can then read as open ground, and the "
         "reverse). Lines of sight read the grain's pixels either way")


def speckled_reading(settings: Mapping[str, Any]) -> str:
    """The speckled-terrain reading a scenario's settings choose (:data:`AROUND_DOT` unless set);
    :class:`DataError` for a value that is neither."""
    got = settings.get(SPECKLED_KEY, AROUND_DOT) if isinstance(settings, Mapping) else AROUND_DOT
    if got is None:
        return AROUND_DOT
    if got not in (AROUND_DOT, ON_DOT):
        raise DataError(f"{SPECKLED_FIELD.label}: {quoted(AROUND_DOT, 80)} or {quoted(ON_DOT, 80)}, not {quoted(got)}")
    return str(got)


#: The hexside feature a rowhouse wall is (VASL's ``isRowhouseFactoryWall`` terrains, B23.71).
ROWHOUSE_WALL = "rowhouse_wall"


@dataclass(frozen=True)
class Code:
    """One VASL terrain code as Airhead reads it (a row of ``tables/vasl_terrain.json``)."""

    code: int
    name: str
    terrain: str = ""
    side: str | None = None
    water: str = ""
    fordable: bool = False
    bridge: str = ""
    label: str = ""
    shellholes: bool = False
    trench: bool = False
    height: float = 0
    #: VASL's inherent terrain: it fills the hex it is drawn in.
    inherent: bool = False
    #: A market place (its hex's centre is open ground).
    market: bool = False

    @property
    def building(self) -> bool:
        """True for the codes whose height is a building's."""
        return self.terrain in ("building", "wooden_building")


@lru_cache(maxsize=1)
def codes() -> Mapping[int, Code]:
    """Every VASL terrain code Airhead knows (``tables/vasl_terrain.json``)."""
    out: dict[int, Code] = {}
    for key, row in load_table("vasl_terrain")["codes"].items():
        a: dict[str, Any] = row["airhead"]
        v: dict[str, Any] = row["vasl"]
        height = float(v.get("height", 0)) + (0.5 if v.get("half_level") else 0.0)
        out[int(key)] = Code(int(key), row["name"], a.get("t", ""), a.get("side"), a.get("water", ""),
                             bool(a.get("fordable", False)), a.get("bridge", ""), a.get("label", ""),
                             bool(a.get("shellholes", False)), bool(a.get("trench", False)), height,
                             bool(v.get("inherent", False)), v.get("category") == "MARKETPLACE")
    return out


@lru_cache(maxsize=1)
def _read_codes() -> Mapping[int, Code]:
    """:func:`codes` as the hexes are read: a rowhouse wall is a hexside feature, no hex's terrain."""
    out = dict(codes())
    for c, k in out.items():
        if k.name.startswith("Rowhouse Wall"):
            out[c] = Code(c, k.name, side=ROWHOUSE_WALL, height=k.height)
    return out


@lru_cache(maxsize=1)
def _by_name() -> Mapping[str, Code]:
    return {c.name.lower(): c for c in codes().values()}


@dataclass(frozen=True)
class DerivedHex:
    """One hex of a board: its terrain as the rules read it, and why."""

    name: str
    col: int
    row: int
    terrain: HexTerrain
    why: str
    #: The VASL terrain codes in the hex with their share of its pixels, largest first.
    shares: tuple[tuple[int, float], ...] = ()
    #: The VASL terrain code the hex is read as (VASL's centre terrain); -1 when unknown.
    code: int = -1


@dataclass(frozen=True)
class DerivedBoard:
    """A board's hexes and hexsides as derived from its grid (local hex names)."""

    archive: BoardArchive
    geometry: BoardGeometry
    hexes: Mapping[str, DerivedHex]
    #: (hex name, direction 0..5, feature, why) for each hexside with a feature, each hexside once.
    sides: tuple[tuple[str, int, str, str], ...] = field(default=())
    #: The work of reading and deriving the board, in :mod:`airhead.work`'s units (:func:`load_work`).
    work: int = field(default=0, compare=False)
    #: The hexes with speckled art near their centre dot read on the dot's pixel (:data:`ON_DOT`),
    #: where ``hexes`` holds them read around the dot (:data:`AROUND_DOT`).
    dot_read: Mapping[str, DerivedHex] = field(default_factory=dict, compare=False)

    def read(self, reading: str = AROUND_DOT) -> Mapping[str, DerivedHex]:
        """The board's hexes with speckled terrain read as ``reading`` chooses."""
        if reading == ON_DOT and self.dot_read:
            return {**self.hexes, **self.dot_read}
        return self.hexes

    @property
    def name(self) -> str:
        """The board's name as its metadata gives it."""
        return self.archive.metadata.name


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def _hex_codes(grid_terrain: bytes, gh: int, spans: list[tuple[int, int, int]]) -> tuple[dict[int, int], int]:
    chunk = b"".join([grid_terrain[x * gh + y0:x * gh + y1] for x, y0, y1 in spans])
    return {c: chunk.count(c.to_bytes(1, "big")) for c in set(chunk)}, len(chunk)


@lru_cache(maxsize=64)
def _mask_table(wanted: frozenset[int]) -> bytes:
    """A ``bytes.translate`` table that turns the ``wanted`` codes into 1 and every other into 0."""
    return bytes(1 if c in wanted else 0 for c in range(256))


def _bridge_axis(grid_terrain: bytes, gh: int, spans: list[tuple[int, int, int]], wanted: set[int]) -> int:
    """The hex grain (0: N-S, 1: NE-SW, 2: SE-NW) nearest the long axis of the bridge pixels.

    The pixels' moments are summed a column at a time: the column's codes turned into a 0/1 mask
    (``bytes.translate``), counted, and their rows summed by :func:`itertools.compress` (C-speed),
    as exact integers; the axis is then worked out from them as floats, as ever."""
    table = _mask_table(frozenset(wanted))
    n = sx = sy = sxx = syy = sxy = 0
    for x, y0, y1 in spans:
        base = x * gh
        mask = grid_terrain[base + y0:base + y1].translate(table)
        k = mask.count(1)
        if not k:
            continue
        if k == y1 - y0:  # the whole column: the sums of a run of rows
            s = (y0 + y1 - 1) * k // 2
            ss = _squares_to(y1) - _squares_to(y0)
        else:  # rows y0 + r: sum(r) and sum(r * r) over the mask, then moved by y0
            sr = sum(compress(range(y1 - y0), mask))
            s = sr + k * y0
            ss = sum(compress(_squares(y1 - y0), mask)) + 2 * y0 * sr + k * y0 * y0
        n += k
        sx += x * k
        sxx += x * x * k
        sy += s
        syy += ss
        sxy += x * s
    if n < 2:
        return 0
    # as floats, in the order the sums were once made pixel by pixel (exact: every sum is a whole
    # number far below 2 ** 53)
    fn, fx, fy, fxx, fyy, fxy = float(n), float(sx), float(sy), float(sxx), float(syy), float(sxy)
    cxx, cyy, cxy = fxx / fn - (fx / fn) ** 2, fyy / fn - (fy / fn) ** 2, fxy / fn - fx * fy / fn / fn
    angle = math.degrees(0.5 * math.atan2(2 * cxy, cxx - cyy)) % 180  # screen y down
    # N-S runs at 90°, NE-SW at 150° (up and right), SE-NW at 30°
    return min(((0, 90.0), (1, 150.0), (2, 30.0)), key=lambda a: min(abs(angle - a[1]), 180 - abs(angle - a[1])))[0]


@lru_cache(maxsize=16)
def _squares(m: int) -> list[int]:
    """``r * r`` for ``0 <= r < m``."""
    return [r * r for r in range(m)]


def _squares_to(m: int) -> int:
    """The sum of ``y * y`` for ``0 <= y < m``."""
    return (m - 1) * m * (2 * m - 1) // 6


_COS30 = math.cos(math.radians(30.0))


def dot_pixel(geo: BoardGeometry, col: int, row: int) -> tuple[int, int]:
    """The grid pixel VASL reads for a hex's centre dot (:meth:`.BoardGeometry.center_pixel`)."""
    return geo.center_pixel(col, row)


def _on_board(geo: BoardGeometry, col: int, row: int) -> tuple[bool, ...]:
    """Which of a hex's hexsides (N, NE, SE, S, SW, NW) VASL counts as on the board (``setHexFlags``)."""
    on = [True] * 6
    if col == 0:
        on[4] = on[5] = False
    if col + 1 == geo.width:
        on[1] = on[2] = False
    if col % 2 == 1 and row == 0:
        on[0] = on[1] = on[5] = False
    if col % 2 == 1 and row == geo.height:
        on[2] = on[3] = on[4] = False
    return tuple(on)


def side_points(geo: BoardGeometry, col: int, row: int) -> list[tuple[int, int]]:
    """The pixel VASL reads at the middle of each hexside (N, NE, SE, S, SW, NW): the hexside's
    middle moved a pixel toward the centre, truncated (``Hex.java``, ``hexsidePoints``); it may
    lie off the grid."""
    x, y = geo.center(col, row)
    vo = geo.hex_height / 2.0
    ho = _COS30 * vo
    raw = ((int(x), int(-vo + y + 1.0)), (int(ho + x - 1), int(-vo / 2.0 + y + 1.0)),
           (int(ho + x - 1), int(vo / 2.0 + y - 1.0)), (int(x), int(vo + y - 1.0)),
           (int(-ho + x + 1), int(vo / 2.0 + y - 1.0)), (int(-ho + x + 1), int(-vo / 2.0 + y + 1.0)))
    out = []
    for px, py in raw:
        fx, fy = geo.edge_fix(float(px), float(py))
        out.append((int(fx), int(fy)))
    return out


def _java_round(v: float) -> int:
    return math.floor(v + 0.5)


def core_spans(geo: BoardGeometry, col: int, row: int) -> list[tuple[int, int, int]]:
    """The pixels nearer a hex's centre dot than the middle of any of its hexsides on the board
    (VASL's ``getNearestLocation``, which decides where inherent terrain fills a hex), within the
    box around the hex, as ``(x, y0, y1)`` runs (rows ``y0 <= y < y1``). About the inner half of
    the hex: terrain painted a few pixels past a hexside never reaches the hex beyond it."""
    cx, cy = geo.edge_fix(*geo.center(col, row))
    c0, c1 = int(cx), int(cy)
    x, y = geo.center(col, row)
    third = geo.hex_width / 3.0
    xs = [_java_round(geo.edge_fix(x + dx, y)[0]) for dx in (-2 * third, -third, third, 2 * third)]
    ys = [_java_round(geo.edge_fix(x, y + dy)[1]) for dy in (-geo.hex_height / 2.0, geo.hex_height / 2.0)]
    sides = tuple((ex - c0, ey - c1) for (ex, ey), on in zip(side_points(geo, col, row), _on_board(geo, col, row)) if on)
    out = []
    for dx, dy0, dy1 in _core_template(sides, (min(xs) - c0, max(xs) - c0, min(ys) - c1, max(ys) - c1)):
        px = c0 + dx
        if 0 <= px < geo.grid_width:
            y0, y1 = max(c1 + dy0, 0), min(c1 + dy1, geo.grid_height)
            if y1 > y0:
                out.append((px, y0, y1))
    return out


@lru_cache(maxsize=256)
def _core_template(sides: tuple[tuple[int, int], ...], box: tuple[int, int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """:func:`core_spans` around a centre at ``(0, 0)``: the hexsides' middles and the hex's box
    relative to it (hexes of a board share a few of these)."""
    # a pixel p stays the centre's while |p - e|^2 >= |p|^2, i.e. 2 p.e <= |e|^2
    cons = [(2 * ex, 2 * ey, ex * ex + ey * ey) for ex, ey in sides]
    bx0, bx1, by0, by1 = box
    out = []
    for px in range(bx0, bx1):
        lo, hi = by0, by1 - 1
        for a, b, k in cons:
            n = k - a * px
            if b > 0:
                hi = min(hi, n // b)
            elif b < 0:
                lo = max(lo, -(n // -b))
            elif n < 0:
                hi = lo - 1
        if hi >= lo:
            out.append((px, lo, hi + 1))
    return tuple(out)


def _disc(grid_terrain: bytes, gw: int, gh: int, cx: int, cy: int) -> dict[int, int]:
    """The terrain codes within :data:`DOT_RADIUS` pixels of ``(cx, cy)``, counted."""
    r = DOT_RADIUS
    parts = []
    for dx in range(-r, r + 1):
        x = cx + dx
        if 0 <= x < gw:
            half = math.isqrt(r * r - dx * dx)
            y0, y1 = max(cy - half, 0), min(cy + half + 1, gh)
            if y1 > y0:
                parts.append(grid_terrain[x * gh + y0:x * gh + y1])
    chunk = b"".join(parts)
    return {c: chunk.count(bytes((c,))) for c in set(chunk)}


def _derive_hex(arch: BoardArchive, geo: BoardGeometry, col: int, row: int,
                around: bool = True) -> tuple[DerivedHex, dict[int, int], bool]:
    """A hex and its terrain codes counted; True if speckled art lies near its centre dot (then
    ``around`` chooses how it is read: :data:`AROUND_DOT`, or else :data:`ON_DOT`)."""
    grid = arch.grid
    gw, gh = grid.grid_width, grid.grid_height
    table = _read_codes()
    name = geo.name(col, row)
    spans = geo.spans(col, row)
    counts, total = _hex_codes(grid.terrain, gh, spans)
    for c in counts:
        if c not in table:
            raise BoardError(f"board {arch.metadata.name}'s file is damaged, or newer than Airhead: its terrain grid "
                             f"(LOSData) gives hex {name} terrain code {c}, which is not one VASL defines. {FRESH_COPY}")
    cx, cy = dot_pixel(geo, col, row)
    centre = table[grid.code_at(cx, cy)]
    level = grid.level_at(cx, cy)
    shares = tuple(sorted(((c, n / total) for c, n in counts.items()), key=lambda cs: (-cs[1], cs[0]))) if total else ()
    reasons: list[str] = []
    share_of = {c: n / total for c, n in counts.items()} if total else {}
    speckled = ""
    if any(table[c].name in SPECKLED for c in counts):
        disc = _disc(grid.terrain, gw, gh, cx, cy)
        if any(table[c].name in SPECKLED for c in disc):
            best = max(disc.items(), key=lambda cn: (cn[1], -cn[0]))[0]
            if around and (table[best].name in SPECKLED or centre.name in SPECKLED):
                centre = table[best]
            n = sum(disc.values())
            spk = sum(k for c, k in disc.items() if table[c].name in SPECKLED)
            names = sorted({table[c].name.lower() for c in disc if table[c].name in SPECKLED})
            how = "around the dot" if around else "on the dot's pixel, as VASL reads it"
            speckled = (f"; speckled art, read {how}: {' and '.join(names)} on {_pct(spk / n)} of the pixels "
                        f"within {DOT_RADIUS} pixels of it")
    # VASL's centre terrain (Hex.java): the centre dot's; a building at a hexside's middle;
    # inherent terrain nearer the centre than any hexside's middle; a market place's centre is open ground
    chosen = centre
    if not centre.terrain:  # the centre lies on a hexside feature or a bridge: the ground under it
        ground = [c for c, _s in shares if table[c].terrain]
        chosen = table[ground[0]] if ground else table[0]
        reasons.append(f"centre dot on {centre.name}, over {chosen.name}")
    else:
        reasons.append(f"centre dot in {centre.name} ({_pct(share_of.get(centre.code, 0.0))} of the hex{speckled})")
    if not chosen.building and any(table[c].building for c in counts):  # (the points lie in the hex)
        for d, (mx, my) in enumerate(side_points(geo, col, row)):
            k = table.get(grid.code_at(mx, my)) if 0 <= mx < gw and 0 <= my < gh else None
            if k is not None and k.building:
                chosen = k
                reasons.append(f"{k.name} at the hex's {DIRECTION_NAMES[d]} hexside")
                break
    if any(table[c].inherent for c in counts):
        core, _n = _hex_codes(grid.terrain, gh, core_spans(geo, col, row))
        inherent = sorted((c for c in core if table[c].inherent), key=lambda c: (-core[c], c))
        if inherent and table[inherent[0]] != chosen:
            chosen = table[inherent[0]]
            reasons.append(f"{chosen.name} fills the hex ({_pct(share_of[chosen.code])} of its pixels, some nearer its "
                           "centre than any hexside's middle; inherent terrain)")
        elif not inherent:
            spill = max((c for c in counts if table[c].inherent), key=lambda c: (counts[c], -c))
            reasons.append(f"{table[spill].name} painted past a neighbouring hex covers {_pct(share_of[spill])} of "
                           "the hex, none of it near its centre: not this hex's terrain, no effect")
    if chosen.market:
        chosen = table[0]
        reasons.append("a market place's centre is open ground")
    code = chosen.code
    if chosen.terrain in _TRANSPARENT:
        other = max(((table[c], sh) for c, sh in shares if table[c].terrain not in ("", *_TRANSPARENT) and not table[c].inherent),
                    key=lambda ks: ks[1], default=None)
        if other is not None:
            reasons.append(f"{other[0].name} covers {_pct(other[1])} of the hex, not its centre dot")
    override = arch.metadata.building_types.get(name)
    if override is not None and chosen.building:
        ov = _by_name().get(override.lower())
        if ov is None or not ov.building:
            raise BoardError(f"board {arch.metadata.name}'s file is damaged, or newer than Airhead: its description "
                             f"(BoardMetadata.xml) gives hex {name} the building type {quoted(override)}, which is not "
                             f"one VASL defines. {FRESH_COPY}")
        chosen = ov
        reasons.append(f"the board sets {ov.name}")
    obstacle: float | None = None
    if chosen.building:
        obstacle = chosen.height
    elif chosen.terrain == "woods" and chosen.height > 1:
        obstacle = chosen.height
    water = Water(chosen.water, chosen.fordable) if chosen.water else None
    bridge = None
    bridge_codes = {c for c in counts if table[c].bridge}
    if bridge_codes:
        share = sum(counts[c] for c in bridge_codes) / total
        if share >= BRIDGE_SHARE:
            kind = table[max(bridge_codes, key=lambda c: counts[c])].bridge
            bridge = Bridge(_bridge_axis(grid.terrain, grid.grid_height, spans, bridge_codes), foot=kind == "foot")
            reasons.append(f"{table[max(bridge_codes, key=lambda c: counts[c])].name}: {_pct(share)} of the hex")
    if not -100 <= level <= 100:  # a damaged grid's byte (a signed byte reaches 127)
        raise damaged(f"board {arch.metadata.name}'s hex {name}: its centre is at level {level}; a board's levels "
                      "run from -100 to 100")
    reasons.append(f"centre at level {level}")
    kwargs: dict[str, Any] = {"terrain": chosen.terrain or "open", "base_level": level, "water": water, "bridge": bridge,
                              "shellholes": chosen.shellholes, "trench": chosen.trench, "label": chosen.label}
    if obstacle is not None:
        kwargs["obstacle"] = obstacle
    else:
        kwargs["obstacle"] = terrain_types("terrain_asl")[kwargs["terrain"]].obstacle
    return DerivedHex(name, col, row, HexTerrain(**kwargs), "; ".join(reasons), shares, code), counts, bool(speckled)


def _side_feature(arch: BoardArchive, geo: BoardGeometry, col: int, row: int, d: int, wanted: set[int]) -> tuple[int, float] | None:
    """The hexside code most of the hexside's length lies along, with its share; else the one on
    the pixel VASL reads at the hexside's middle, from either side (a rowhouse bar drawn only as
    long as the building's wall, a cliff marked by a blot at the middle); or None."""
    grid = arch.grid
    (ax, ay), (bx, by) = geo.side(col, row, d)
    length = math.hypot(bx - ax, by - ay)
    steps = max(int(length / 2), 4)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    gw, gh, terr = grid.grid_width, grid.grid_height, grid.terrain
    # every pixel of the band lies within SIDE_BAND + 1 pixels of the hexside's box: none of the
    # codes looked for there, none along the hexside (a slice a pixel column, C-speed)
    x0, x1 = max(math.floor(min(ax, bx)) - SIDE_BAND - 1, 0), min(math.ceil(max(ax, bx)) + SIDE_BAND + 2, gw)
    y0, y1 = max(math.floor(min(ay, by)) - SIDE_BAND - 1, 0), min(math.ceil(max(ay, by)) + SIDE_BAND + 2, gh)
    if y1 <= y0 or not b"".join([terr[x * gh + y0:x * gh + y1] for x in range(x0, x1)]).translate(_mask_table(frozenset(wanted))).count(1):
        return None
    hits: dict[int, int] = {}
    dx, dy = bx - ax, by - ay
    across = [(nx * k, ny * k) for k in range(-SIDE_BAND, SIDE_BAND + 1)]
    inside = (min(ax, bx) - SIDE_BAND - 2 >= 0 and max(ax, bx) + SIDE_BAND + 2 < gw
              and min(ay, by) - SIDE_BAND - 2 >= 0 and max(ay, by) + SIDE_BAND + 2 < gh)
    rows = sorted({round(ay + oy) for _ox, oy in across}) if dy == 0.0 and all(ox == 0.0 for ox, _oy in across) else []
    level = inside and bool(rows) and rows[-1] - rows[0] == len(rows) - 1
    if level:  # a level hexside (N, S): every sample's band is the same rows of one pixel column
        r0, r1 = rows[0], rows[-1] + 1
        for i in range(steps):
            base = round(ax + dx * ((i + 0.5) / steps)) * gh
            for c in wanted.intersection(terr[base + r0:base + r1]):
                hits[c] = hits.get(c, 0) + 1
    for i in range(0 if level else steps):
        t = (i + 0.5) / steps
        px, py = ax + dx * t, ay + dy * t
        if inside:  # every pixel of the band lies on the grid
            band = {terr[round(px + ox) * gh + round(py + oy)] for ox, oy in across}
        else:
            band = set()
            for ox, oy in across:
                x, y = round(px + ox), round(py + oy)
                if 0 <= x < gw and 0 <= y < gh:
                    band.add(terr[x * gh + y])
        for c in band.intersection(wanted):
            hits[c] = hits.get(c, 0) + 1
    if not hits:
        return None
    c, n = max(hits.items(), key=lambda cn: (cn[1], -cn[0]))
    if n / steps >= SIDE_SHARE:
        return c, n / steps
    if not _on_board(geo, col, row)[d]:
        return None
    ends = [side_points(geo, col, row)[d]]
    other = geo.neighbour(col, row, d)
    if 0 <= other[0] < geo.width and 0 <= other[1] < geo.height + other[0] % 2:
        ends.append(side_points(geo, *other)[(d + 3) % 6])
    for x, y in ends:
        if 0 <= x < gw and 0 <= y < gh and terr[x * gh + y] in hits:
            c = terr[x * gh + y]
            return c, hits[c] / steps
    return None


def derive(arch: BoardArchive) -> DerivedBoard:
    """Every hex and hexside of a board, derived from its grid; :class:`BoardError` if the grid
    holds a terrain code VASL does not define, or the metadata a building type it does not."""
    grid = arch.grid
    geo = BoardGeometry.of(arch.metadata, grid.grid_width, grid.grid_height)
    table = _read_codes()
    side_codes = {c for c, k in table.items() if k.side}
    hexes: dict[str, DerivedHex] = {}
    dot_read: dict[str, DerivedHex] = {}
    has_side: dict[tuple[int, int], set[int]] = {}
    for col, row in geo.hexes():
        dh, counts, speckled = _derive_hex(arch, geo, col, row)
        hexes[dh.name] = dh
        if speckled:  # the hex as VASL reads it, on the dot's pixel
            dot_read[dh.name] = _derive_hex(arch, geo, col, row, around=False)[0]
        found = side_codes.intersection(counts)
        if found:
            has_side[(col, row)] = found
    sides: list[tuple[str, int, str, str]] = []
    read = 0
    for (col, row), found in sorted(has_side.items()):
        for d in range(6):
            other = geo.neighbour(col, row, d)
            if other in has_side and other < (col, row):
                continue  # read once, from the first of the two hexes
            wanted = found | has_side.get(other, set())
            hit = _side_feature(arch, geo, col, row, d, wanted)
            read += 1
            if hit is not None:
                code, share = hit
                k = table[code]
                assert k.side is not None
                sides.append((geo.name(col, row), d, k.side, f"{k.name} along {_pct(share)} of the hexside"))
    bridges = sum(1 for h in hexes.values() if h.terrain.bridge is not None)
    work = load_work(arch.size, grid.grid_width * grid.grid_height, len(hexes), read, bridges * math.ceil(geo.hex_width * 4 / 3))
    return DerivedBoard(arch, geo, hexes, tuple(sides), work, dot_read)


def load_work(size: int, pixels: int, hexes: int, hexsides: int, bridge_columns: int) -> int:
    """The work of reading a board archive of ``size`` bytes and deriving its grid of ``pixels``
    pixels, its ``hexes`` hexes, the ``hexsides`` hexsides read for a feature and the
    ``bridge_columns`` pixel columns read for a bridge's axis, in :mod:`airhead.work`'s units as
    :data:`~airhead.work.OPEN_BUDGET` counts them (600,000 units: about 0.8 s of CPython's work).
    Fitted on 25 real boards and the heaviest allowed ones (within some 10%): a geoboard is some
    35,000 units, the largest real board (RB) 200,000, the heaviest a file may hold 530,000. The
    count is of the file, the same on any device and whether or not the board was read before."""
    return size // 600 + pixels // 60 + 16 * hexes + 27 * hexsides + bridge_columns

