"""A hex's terrain read as the board means it (issue #38, item 4), on boards our own writer paints:
inherent terrain spilled past its hexside, speckled grain, a rowhouse wall, the pixel under the dot."""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from airhead.terrain import HexTerrain
from airhead.vasl import read_board
from airhead.vasl.derive import DOT_RADIUS, DerivedBoard, core_spans, dot_pixel, side_points
from airhead.vasl.geometry import BoardGeometry
from airhead.vasl.losdata import Grid, write_losdata
from airhead.vasl.writer import board_grid, write_board

CRAGS, ORCHARD, GRAIN, WOODS, STONE, ROWHOUSE = 26, 63, 24, 60, 40, 77


def painted(desc: dict[str, Any], paint: Callable[[BoardGeometry, bytearray, bytearray, int], None]) -> DerivedBoard:
    """A board drawn from ``desc``, then pixel by pixel by ``paint(geometry, terrain, elevation, grid height)``."""
    return read_board(painted_file(desc, paint))


def painted_file(desc: dict[str, Any], paint: Callable[[BoardGeometry, bytearray, bytearray, int], None]) -> bytes:
    """The archive of :func:`painted`."""
    meta, grid = board_grid(desc)
    geo = BoardGeometry.of(meta, grid.grid_width, grid.grid_height)
    terr, elev = bytearray(grid.terrain), bytearray(grid.elevation)
    paint(geo, terr, elev, grid.grid_height)
    g2 = Grid(grid.width, grid.height, grid.grid_width, grid.grid_height, bytes(elev), bytes(terr), grid.stairways)
    return write_board({**desc, "image": False}, members={"LOSData": write_losdata(g2)})


def where(geo: BoardGeometry, name: str) -> tuple[int, int]:
    return next((c, r) for c, r in geo.hexes() if geo.name(c, r) == name)


def near_side(geo: BoardGeometry, name: str, d: int, band: float) -> list[tuple[int, int]]:
    """The pixels of hex ``name`` within ``band`` pixels of its hexside facing ``d``."""
    col, row = where(geo, name)
    (ax, ay), (bx, by) = geo.side(col, row, d)
    length = math.hypot(bx - ax, by - ay)
    out = []
    for x, y0, y1 in geo.spans(col, row):
        for y in range(y0, y1):
            if abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length <= band:
                out.append((x, y))
    return out


# ----------------------------------------------------------------------------- spill
def spill_board() -> DerivedBoard:
    """:func:`spill_file` read."""
    return read_board(spill_file())


def spill_file() -> bytes:
    """Crags fill E5 and an orchard fills H5; both are painted 2 pixels past their hexsides into
    the hexes beyond (E4 above the crags, H6 below the orchard), as real boards' art often is."""
    def paint(geo: BoardGeometry, terr: bytearray, _e: bytearray, gh: int) -> None:
        for x, y in near_side(geo, "E4", 3, 2.0):
            terr[x * gh + y] = CRAGS
        for x, y in near_side(geo, "H6", 0, 2.0):
            terr[x * gh + y] = ORCHARD
    return painted_file({"name": "61", "width": 12, "height": 8, "hexes": {"E5": {"code": CRAGS}, "H5": {"code": ORCHARD},
                                                                       "K3": {"code": CRAGS, "cover": 0.03, "shift": [0, 12]}}}, paint)


def test_spill_past_a_hexside_never_fills_the_next_hex() -> None:
    b = spill_board()
    assert b.hexes["E5"].terrain == HexTerrain("crag", obstacle=0.5) and b.hexes["H5"].terrain.terrain == "orchard"
    for name, what in (("E4", "Crags"), ("H6", "Orchard")):
        h = b.hexes[name]
        assert h.terrain == HexTerrain(), name
        assert h.code == 0 and dict(h.shares).get(CRAGS if what == "Crags" else ORCHARD, 0) > 0
        assert f"{what} painted past a neighbouring hex covers" in h.why and "not this hex's terrain, no effect" in h.why


def test_inherent_terrain_near_the_centre_still_fills_the_hex() -> None:
    b = spill_board()  # K3: a crag clump of 3% of the hex, 12 pixels below its centre dot (not on it)
    assert b.hexes["K3"].terrain.terrain == "crag" and "Crags fills the hex" in b.hexes["K3"].why


def test_a_thread_over_spill_is_neither_hindered_nor_blocked_by_it() -> None:
    from airhead.asl.los import Location
    from airhead.asl.los_grid import trace
    from airhead.systems import load_scenario
    from airhead.vasl.library import LIBRARY, scenario_data

    sc = load_scenario(scenario_data([["61"]], [LIBRARY.add(spill_file())]))
    m = sc.map
    up = trace(sc, Location(m.parse("61E5")), Location(m.parse("61E1")))  # from the crags across E4's spill
    assert not up.blocked and up.hindrances == ()
    down = trace(sc, Location(m.parse("61H5")), Location(m.parse("61H8")))  # from the orchard across H6's spill
    assert not down.blocked and down.hindrances == ()


def test_the_core_is_the_inner_part_of_the_hex_nearer_its_dot_than_any_hexside_middle() -> None:
    b = spill_board()
    geo = b.geometry
    col, row = where(geo, "F5")
    cx, cy = dot_pixel(geo, col, row)
    mids = side_points(geo, col, row)
    inside = {(x, y) for x, y0, y1 in geo.spans(col, row) for y in range(y0, y1)}
    core = {(x, y) for x, y0, y1 in core_spans(geo, col, row) for y in range(y0, y1)}
    assert core <= inside and 0.2 * len(inside) < len(core) < 0.35 * len(inside)
    for x, y in inside:
        nearest_side = min(math.hypot(x - mx, y - my) for mx, my in mids)
        assert ((x, y) in core) == (math.hypot(x - cx, y - cy) <= nearest_side)


# ----------------------------------------------------------------------------- speckled grain
def speckled(share: float, seed: int) -> Callable[[BoardGeometry, bytearray, bytearray, int], None]:
    def paint(geo: BoardGeometry, terr: bytearray, _e: bytearray, gh: int) -> None:
        rng = random.Random(seed)
        for name, dot in (("D4", 0), ("F4", GRAIN)):  # the pixel under the dot against the art around it
            col, row = where(geo, name)
            for x, y0, y1 in geo.spans(col, row):
                for y in range(y0, y1):
                    terr[x * gh + y] = GRAIN if rng.random() < (share if name == "D4" else 1 - share) else 0
            cx, cy = dot_pixel(geo, col, row)
            terr[cx * gh + cy] = dot
    return paint


def test_speckled_grain_is_read_around_the_dot() -> None:
    b = painted({"name": "gr", "width": 10, "height": 6}, speckled(0.7, 38))
    d4, f4 = b.hexes["D4"], b.hexes["F4"]
    assert d4.terrain == HexTerrain("grain", obstacle=0.5)  # a gap in the grain under the dot
    assert d4.why.startswith("centre dot in Grain (") and f"speckled art, read around the dot" in d4.why
    assert f"grain on 7" in d4.why and f"of the pixels within {DOT_RADIUS} pixels of it" in d4.why
    assert f4.terrain == HexTerrain()  # a grain speck under the dot of a mostly open hex
    assert f4.why.startswith("centre dot in Open Ground (") and "speckled art" in f4.why


def test_solid_terrain_is_read_from_the_one_pixel_under_the_dot() -> None:
    b = painted({"name": "gr", "width": 10, "height": 6, "hexes": {"D4": {"code": WOODS}}},
                lambda _g, _t, _e, _h: None)
    assert b.hexes["D4"].terrain.terrain == "woods" and "speckled" not in b.hexes["D4"].why


# ----------------------------------------------------------------------------- rowhouse walls
def test_a_rowhouse_wall_is_a_hexside_feature_not_a_hexs_terrain() -> None:
    b = read_board(write_board({"name": "rw", "width": 10, "height": 6, "image": False,
                                "hexes": {"E4": {"code": STONE}, "E5": {"code": STONE}},
                                "sides": [["E5", "N", ROWHOUSE], ["H5", "N", ROWHOUSE]]}))
    found = {(n, d): (f, why) for n, d, f, why in b.sides}
    assert found[("E4", 3)][0] == "rowhouse_wall" and found[("E4", 3)][1].startswith("Rowhouse Wall, 1 Level along")
    assert found[("H4", 3)][0] == "rowhouse_wall"
    assert b.hexes["E4"].terrain.terrain == "building" and b.hexes["E5"].terrain.terrain == "building"
    # open ground on both sides of a rowhouse wall stays open ground (VASL would read the hex as the wall)
    assert b.hexes["H5"].terrain == HexTerrain() and b.hexes["H4"].terrain == HexTerrain()
    assert "Rowhouse" not in b.hexes["H5"].why


def test_a_short_bar_across_the_hexsides_middle_is_the_hexsides_feature() -> None:
    def bar(name: str, d: int, code: int, lo: float, hi: float) -> Callable[[BoardGeometry, bytearray, bytearray, int], None]:
        def paint(geo: BoardGeometry, terr: bytearray, _e: bytearray, gh: int) -> None:
            col, row = where(geo, name)
            (ax, ay), (bx, by) = geo.side(col, row, d)
            length = math.hypot(bx - ax, by - ay)
            for x in range(int(min(ax, bx)) - 4, int(max(ax, bx)) + 5):
                for y in range(int(min(ay, by)) - 4, int(max(ay, by)) + 5):
                    t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / (length * length)
                    if lo <= t <= hi and abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length <= 2.5:
                        terr[x * gh + y] = code
        return paint

    def both(*ps: Callable[[BoardGeometry, bytearray, bytearray, int], None]) -> Callable[[BoardGeometry, bytearray, bytearray, int], None]:
        def paint(geo: BoardGeometry, terr: bytearray, elev: bytearray, gh: int) -> None:
            for p in ps:
                p(geo, terr, elev, gh)
        return paint

    b = painted({"name": "rb", "width": 10, "height": 6, "hexes": {n: {"code": STONE} for n in ("E4", "E5")}},
                both(bar("E5", 0, ROWHOUSE, 0.28, 0.72),  # a rowhouse bar over 44% of the hexside, across its middle
                     bar("G5", 0, 75, 0.45, 0.55),        # a cliff marked by a blot at the middle
                     bar("I4", 3, 72, 0.0, 0.4)))         # 40% of a wall, off the middle: no wall
    found = {(n, d): f for n, d, f, _why in b.sides}
    assert found == {("E4", 3): "rowhouse_wall", ("G4", 3): "cliff"}


def test_a_map_of_the_board_carries_the_rowhouse_wall() -> None:
    from airhead.vasl.library import scenario_data, LIBRARY
    from airhead.systems import load_scenario

    b = LIBRARY.add(write_board({"name": "77", "width": 33, "height": 10, "image": False,
                                 "hexes": {"E4": {"code": STONE}, "E5": {"code": STONE}}, "sides": [["E5", "N", ROWHOUSE]]}))
    sc = load_scenario(scenario_data([["77"]], [b]))
    m = sc.map
    assert "rowhouse_wall" in sc.terrain.side_between(m.parse("77E4"), m.parse("77E5"))


# ----------------------------------------------------------------------------- the dot
def test_the_dot_is_the_pixel_vasl_reads_truncated_and_on_the_grid() -> None:
    geo = BoardGeometry.of(read_board(write_board({"name": "d", "image": False})).archive.metadata, 1800, 645)
    assert geo.center(2, 1) == (112.5, 96.75) and dot_pixel(geo, 2, 1) == (112, 96)  # C2: not (112, 97)
    assert geo.center(3, 3) == (168.75, 193.5) and dot_pixel(geo, 3, 3) == (168, 193)  # D3: not (169, 194)
    assert dot_pixel(geo, 32, 0) == (1799, 32)  # GG1: its dot at x = 1800, on the grid's last column
    assert dot_pixel(geo, 1, 0) == (56, 0)  # B0: the half hex on the top edge


def test_the_hex_is_read_at_the_dots_pixel_not_the_one_below() -> None:
    def paint(geo: BoardGeometry, terr: bytearray, elev: bytearray, gh: int) -> None:
        terr[112 * gh + 96] = WOODS  # C2's dot (112.5, 96.75): the art's dot is on pixel (112, 96)
        elev[112 * gh + 96] = 1
        terr[169 * gh + 194] = WOODS  # D3's dot (168.75, 193.5) rounded: not its pixel
    b = painted({"name": "d", "width": 10, "height": 6}, paint)
    assert b.hexes["C2"].terrain == HexTerrain("woods", base_level=1, obstacle=1)
    assert b.hexes["D3"].terrain == HexTerrain()


def test_a_building_at_a_hexsides_middle_is_read_one_pixel_inside() -> None:
    def paint(geo: BoardGeometry, terr: bytearray, _e: bytearray, gh: int) -> None:
        col, row = where(geo, "E4")
        x, y = side_points(geo, col, row)[2]  # the SE hexside's middle, a pixel in
        terr[x * gh + y] = 50
    b = painted({"name": "bm", "width": 10, "height": 6}, paint)
    assert b.hexes["E4"].terrain.terrain == "wooden_building" and "at the hex's SE hexside" in b.hexes["E4"].why
