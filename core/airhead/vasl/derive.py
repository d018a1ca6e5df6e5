"""Each hex of an imported board, derived from its pixels, with the reasons why.

Airhead's reading (``docs/rules-notes.md``, "VASL board archives"), hex by hex:

* **terrain** — VASL's centre terrain (``Map.java``): the terrain under the centre dot (under a
  hexside feature or a bridge there, the hex's most common ground); a building at the middle of
  one of its hexsides; inherent terrain (orchard, crags, rubble, ...) anywhere in the hex fills
  it; a market place's centre is open ground. Terrain that covers part of the hex but not its
  centre dot is named in the reasons, with its share. What each VASL terrain code is to Airhead
  is data: ``tables/vasl_terrain.json``.
* **level** — the elevation under the centre dot.
* **buildings** — a building's levels (its obstacle height) come from its terrain code ("Stone
  Building, 2 Level": 2½ levels), or from the board's own building type for that hex when its
  metadata sets one.
* **water and bridges** — the water of the hex's terrain; a bridge when bridge pixels cover at
  least :data:`BRIDGE_SHARE` of the hex, its roadway along the hex grain nearest to the long
  axis of those pixels.
* **hexsides** — a wall, hedge, bocage, cliff, roadblock or crest when its pixels lie along at
  least :data:`SIDE_SHARE` of the hexside (within :data:`SIDE_BAND` pixels of it).

Counting pixels is done per column slice of the grid (C-speed ``bytes`` methods), never one
Python object per pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from ..hexes import DIRECTION_NAMES
from ..tables import load_table, terrain_types
from ..terrain import Bridge, HexTerrain, Water
from .archive import BoardArchive
from .geometry import BoardGeometry
from .losdata import BoardError

__all__ = ["Code", "codes", "DerivedHex", "DerivedBoard", "derive", "SIDE_SHARE", "SIDE_BAND", "BRIDGE_SHARE"]

#: The share of a hexside's length its feature's pixels must cover.
SIDE_SHARE = 0.5
#: How far from the hexside line (pixels, either side) a hexside feature's pixels are looked for.
SIDE_BAND = 3
#: The share of a hex that bridge pixels must cover for the hex to hold a bridge.
BRIDGE_SHARE = 0.04
_TRANSPARENT = ("open", "road")


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


@dataclass(frozen=True)
class DerivedBoard:
    """A board's hexes and hexsides as derived from its grid (local hex names)."""

    archive: BoardArchive
    geometry: BoardGeometry
    hexes: Mapping[str, DerivedHex]
    #: (hex name, direction 0..5, feature, why) for each hexside with a feature, each hexside once.
    sides: tuple[tuple[str, int, str, str], ...] = field(default=())

    @property
    def name(self) -> str:
        """The board's name as its metadata gives it."""
        return self.archive.metadata.name


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def _hex_codes(grid_terrain: bytes, gh: int, spans: list[tuple[int, int, int]]) -> tuple[dict[int, int], int]:
    chunk = b"".join([grid_terrain[x * gh + y0:x * gh + y1] for x, y0, y1 in spans])
    return {c: chunk.count(c.to_bytes(1, "big")) for c in set(chunk)}, len(chunk)


def _bridge_axis(grid_terrain: bytes, gh: int, spans: list[tuple[int, int, int]], wanted: set[int]) -> int:
    """The hex grain (0: N-S, 1: NE-SW, 2: SE-NW) nearest the long axis of the bridge pixels."""
    n = sx = sy = sxx = syy = sxy = 0.0
    for x, y0, y1 in spans:
        base = x * gh
        for y in range(y0, y1):
            if grid_terrain[base + y] in wanted:
                n += 1
                sx += x
                sy += y
                sxx += x * x
                syy += y * y
                sxy += x * y
    if n < 2:
        return 0
    cxx, cyy, cxy = sxx / n - (sx / n) ** 2, syy / n - (sy / n) ** 2, sxy / n - sx * sy / n / n
    angle = math.degrees(0.5 * math.atan2(2 * cxy, cxx - cyy)) % 180  # screen y down
    # N-S runs at 90°, NE-SW at 150° (up and right), SE-NW at 30°
    return min(((0, 90.0), (1, 150.0), (2, 30.0)), key=lambda a: min(abs(angle - a[1]), 180 - abs(angle - a[1])))[0]


def _midpoint(geo: BoardGeometry, col: int, row: int, d: int) -> tuple[int, int]:
    """The grid pixel at the middle of a hexside, just inside the hex (VASL reads it one pixel in;
    two here, so that the pixel on the hexside itself, which may be the neighbour's, is passed)."""
    (ax, ay), (bx, by) = geo.side(col, row, d)
    cx, cy = geo.center(col, row)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dist = math.hypot(cx - mx, cy - my) or 1.0
    x, y = round(mx + 2 * (cx - mx) / dist), round(my + 2 * (cy - my) / dist)
    return min(max(x, 0), geo.grid_width - 1), min(max(y, 0), geo.grid_height - 1)


def _derive_hex(arch: BoardArchive, geo: BoardGeometry, col: int, row: int) -> tuple[DerivedHex, dict[int, int]]:
    grid = arch.grid
    table = codes()
    name = geo.name(col, row)
    spans = geo.spans(col, row)
    counts, total = _hex_codes(grid.terrain, grid.grid_height, spans)
    for c in counts:
        if c not in table:
            raise BoardError(f"board {arch.metadata.name}, hex {name}: terrain code {c} is not one VASL defines")
    cx, cy = geo.center_pixel(col, row)
    centre = table[grid.code_at(cx, cy)]
    level = grid.level_at(cx, cy)
    shares = tuple(sorted(((c, n / total) for c, n in counts.items()), key=lambda cs: (-cs[1], cs[0]))) if total else ()
    reasons: list[str] = []
    # VASL's centre terrain (Map.java): the centre dot's; a building at a hexside's midpoint;
    # inherent terrain anywhere in the hex; a market place's centre is open ground
    chosen = centre
    share_of = {c: n / total for c, n in counts.items()} if total else {}
    if not centre.terrain:  # the centre lies on a hexside feature or a bridge: the ground under it
        ground = [c for c, _s in shares if table[c].terrain]
        chosen = table[ground[0]] if ground else table[0]
        reasons.append(f"centre dot on {centre.name}, over {chosen.name}")
    else:
        reasons.append(f"centre dot in {centre.name} ({_pct(share_of.get(centre.code, 0.0))} of the hex)")
    if not chosen.building:
        for d in range(6):
            mx, my = _midpoint(geo, col, row, d)
            k = table.get(grid.code_at(mx, my))
            if k is not None and k.building:
                chosen = k
                reasons.append(f"{k.name} at the hex's {DIRECTION_NAMES[d]} hexside")
                break
    inherent = [c for c, _s in shares if table[c].inherent]
    if inherent and not table[inherent[0]] == chosen:
        chosen = table[inherent[0]]
        reasons.append(f"{chosen.name} fills the hex ({_pct(share_of[chosen.code])} of its pixels; inherent terrain)")
    if chosen.market:
        chosen = table[0]
        reasons.append("a market place's centre is open ground")
    if chosen.terrain in _TRANSPARENT:
        other = max(((table[c], sh) for c, sh in shares if table[c].terrain not in ("", *_TRANSPARENT)),
                    key=lambda ks: ks[1], default=None)
        if other is not None:
            reasons.append(f"{other[0].name} covers {_pct(other[1])} of the hex, not its centre dot")
    override = arch.metadata.building_types.get(name)
    if override is not None and chosen.building:
        ov = _by_name().get(override.lower())
        if ov is None or not ov.building:
            raise BoardError(f"board {arch.metadata.name}, hex {name}: the building type {override[:40]!r} is not one VASL defines")
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
    reasons.append(f"centre at level {level}")
    kwargs: dict[str, Any] = {"terrain": chosen.terrain or "open", "base_level": level, "water": water, "bridge": bridge,
                              "shellholes": chosen.shellholes, "trench": chosen.trench, "label": chosen.label}
    if obstacle is not None:
        kwargs["obstacle"] = obstacle
    else:
        kwargs["obstacle"] = terrain_types("terrain_asl")[kwargs["terrain"]].obstacle
    return DerivedHex(name, col, row, HexTerrain(**kwargs), "; ".join(reasons), shares), counts


def _side_feature(arch: BoardArchive, geo: BoardGeometry, col: int, row: int, d: int, wanted: set[int]) -> tuple[int, float] | None:
    """The hexside code most of the hexside's length lies along, with its share; or None."""
    grid = arch.grid
    (ax, ay), (bx, by) = geo.side(col, row, d)
    length = math.hypot(bx - ax, by - ay)
    steps = max(int(length / 2), 4)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    gw, gh, terr = grid.grid_width, grid.grid_height, grid.terrain
    hits: dict[int, int] = {}
    for i in range(steps):
        t = (i + 0.5) / steps
        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
        found: set[int] = set()
        for k in range(-SIDE_BAND, SIDE_BAND + 1):
            x, y = int(round(px + nx * k)), int(round(py + ny * k))
            if 0 <= x < gw and 0 <= y < gh:
                c = terr[x * gh + y]
                if c in wanted:
                    found.add(c)
        for c in found:
            hits[c] = hits.get(c, 0) + 1
    if not hits:
        return None
    c, n = max(hits.items(), key=lambda cn: (cn[1], -cn[0]))
    return (c, n / steps) if n / steps >= SIDE_SHARE else None


def derive(arch: BoardArchive) -> DerivedBoard:
    """Every hex and hexside of a board, derived from its grid; :class:`BoardError` if the grid
    holds a terrain code VASL does not define, or the metadata a building type it does not."""
    grid = arch.grid
    geo = BoardGeometry.of(arch.metadata, grid.grid_width, grid.grid_height)
    table = codes()
    side_codes = {c for c, k in table.items() if k.side}
    hexes: dict[str, DerivedHex] = {}
    has_side: dict[tuple[int, int], set[int]] = {}
    for col, row in geo.hexes():
        dh, counts = _derive_hex(arch, geo, col, row)
        hexes[dh.name] = dh
        found = side_codes.intersection(counts)
        if found:
            has_side[(col, row)] = found
    sides: list[tuple[str, int, str, str]] = []
    for (col, row), found in sorted(has_side.items()):
        for d in range(6):
            other = geo.neighbour(col, row, d)
            if other in has_side and other < (col, row):
                continue  # read once, from the first of the two hexes
            wanted = found | has_side.get(other, set())
            hit = _side_feature(arch, geo, col, row, d, wanted)
            if hit is not None:
                code, share = hit
                k = table[code]
                assert k.side is not None
                sides.append((geo.name(col, row), d, k.side, f"{k.name} along {_pct(share)} of the hexside"))
    return DerivedBoard(arch, geo, hexes, tuple(sides))
