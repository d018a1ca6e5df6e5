"""VASL board archives: a board written in VASL's format by our own writer (never one of VASL's
boards), read back hex by hex and hexside by hexside, and every way a file can be refused."""

from __future__ import annotations

import gzip
import io
import json
import struct
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from airhead.__main__ import main
from airhead.hexes import DIRECTION_NAMES
from airhead.terrain import Bridge, HexTerrain, Water
from airhead.vasl import BoardError, read_archive, read_board
from airhead.vasl.archive import read_metadata
from airhead.vasl.derive import codes
from airhead.vasl.geometry import BoardGeometry, column_letters
from airhead.vasl.losdata import Grid, read_losdata, write_losdata
from tools.board_writer import write_board

DESC = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))
SMALL = {"name": "sm", "version": "1", "width": 5, "height": 3, "image": False,
         "hexes": {"B2": {"code": 60}, "C2": {"code": 41, "level": 1}}, "sides": [["B2", "S", 72]]}


@lru_cache(maxsize=None)
def fixture() -> bytes:
    return write_board(DESC)


@lru_cache(maxsize=None)
def board() -> Any:
    return read_board(fixture())


def terrain(name: str) -> HexTerrain:
    return board().hexes[name].terrain  # type: ignore[no-any-return]


def sides() -> dict[tuple[str, str], str]:
    return {(n, DIRECTION_NAMES[d]): f for n, d, f, _why in board().sides}


# ----------------------------------------------------------------------------- the grid
def test_losdata_round_trip_and_java_block_records() -> None:
    g = Grid(2, 1, 3, 2, bytes([0, 1, 255, 2, 3, 0]), bytes([60, 0, 24, 24, 8, 8]), bytes(3))
    raw = write_losdata(g, block=5)
    stream = gzip.decompress(raw)
    assert stream[:4] == b"\xac\xed\x00\x05" and stream[4] == 0x77 and stream[5] == 5  # short block records
    back = read_losdata(raw)
    assert back == g
    assert back.level_at(1, 0) == -1 and back.code_at(2, 1) == 8
    long = gzip.decompress(write_losdata(g, block=1024))
    assert long[4] == 0x77 and long[5] == 4 * 4 + 12 + 3  # one record: header, 6 pixels x 2, 3 stairways


def test_long_block_records_are_read() -> None:
    g = Grid(2, 1, 20, 20, bytes(400), bytes([60]) * 400, bytes(3))
    stream = gzip.decompress(write_losdata(g))
    assert stream[4] == 0x7A  # 0x7A + int32 length for a block over 255 bytes
    assert read_losdata(write_losdata(g)).terrain == bytes([60]) * 400


# ----------------------------------------------------------------------------- geometry
def test_hex_names_and_centres_follow_vasl() -> None:
    meta = read_metadata(b'<boardMetadata name="x" width="33" height="10"/>')
    geo = BoardGeometry.of(meta, 1800, 645)
    assert geo.name(0, 0) == "A1" and geo.name(1, 0) == "B0" and geo.name(32, 9) == "GG10" and geo.name(31, 10) == "FF10"
    assert geo.center(0, 0) == (0.0, 32.25)
    assert geo.center(1, 0) == (56.25, 0.0)
    assert geo.center(32, 9) == (1800.0, 612.75) and geo.center(31, 10) == (1743.75, 645.0)
    assert len(list(geo.hexes())) == 33 * 10 + 16
    assert column_letters(26) == "AA" and column_letters(0, ab_board=True) == "Q" and column_letters(10, True) == "AA"
    ab = BoardGeometry.of(read_metadata(b'<boardMetadata name="1b" width="17" height="20" A1CenterX="-901"/>'), 901, 1290)
    assert ab.name(0, 0) == "Q1" and ab.name(16, 0) == "GG1"


def test_every_pixel_belongs_to_one_hex_at_most_and_most_to_one() -> None:
    meta = read_metadata(b'<boardMetadata name="x" width="5" height="3"/>')
    geo = BoardGeometry.of(meta, 225, 194)
    seen = bytearray(225 * 194)
    for col, row in geo.hexes():
        for x, y0, y1 in geo.spans(col, row):
            for y in range(y0, y1):
                seen[x * 194 + y] += 1
    assert max(seen) == 1 and seen.count(0) == 0  # each pixel in one hex (one on a hexside: the lower)


def test_neighbours_are_across_the_named_hexside() -> None:
    geo = BoardGeometry.of(read_metadata(b'<boardMetadata name="x" width="33" height="10"/>'), 1800, 645)
    names = {d: geo.name(*geo.neighbour(2, 4, d)) for d in range(6)}  # C5
    assert names == {0: "C4", 1: "D4", 2: "D5", 3: "C6", 4: "B5", 5: "B4"}
    names = {d: geo.name(*geo.neighbour(3, 4, d)) for d in range(6)}  # D4
    assert names == {0: "D3", 1: "E4", 2: "E5", 3: "D5", 4: "C5", 5: "C4"}  # B, D, ... sit half a hex lower


# ----------------------------------------------------------------------------- derived terrain
def test_metadata_is_read() -> None:
    m = board().archive.metadata
    assert (m.name, m.version, m.width, m.height) == ("fx", "1.2", 33, 10)
    assert m.building_types == {"U3": "Stone Building, 2 Level", "T6": "Wooden Building, 1 Level"}
    img = board().archive.image
    assert img is not None and (img.format, img.width, img.height) == ("png", 1800, 645)
    assert len(board().hexes) == 346


@pytest.mark.parametrize("name, expected", [
    ("A1", HexTerrain()),
    ("C2", HexTerrain("woods", obstacle=1)),
    ("G7", HexTerrain()),                             # a clearing under the centre dot: VASL reads it open
    ("E7", HexTerrain()),                             # a woods clump off the centre, under half the hex
    ("F7", HexTerrain("woods", obstacle=1)),          # woods over the centre dot
    ("J4", HexTerrain("woods", base_level=2, obstacle=1)),
    ("J5", HexTerrain(base_level=3)),
    ("I3", HexTerrain(base_level=1)),
    ("M3", HexTerrain("orchard", obstacle=0.5)),
    ("M6", HexTerrain("orchard", obstacle=0.5)),      # inherent terrain fills the hex it is drawn in
    ("V2", HexTerrain("wooden_building", obstacle=1)),  # a building at a hexside's middle
    ("O6", HexTerrain("grain", obstacle=0.5)),
    ("Q2", HexTerrain("brush", obstacle=0.5)),
    ("S4", HexTerrain("building", obstacle=1.5)),     # Stone Building, 1 Level: 1½ levels high
    ("S5", HexTerrain("building", obstacle=1)),       # a single-storey stone building
    ("T6", HexTerrain("wooden_building", obstacle=1.5)),  # the metadata's override
    ("U3", HexTerrain("building", obstacle=2.5)),     # override: Stone Building, 2 Level
    ("W5", HexTerrain("depression", base_level=-1, water=Water("stream", fordable=True))),
    ("W8", HexTerrain("depression", base_level=-1, water=Water("stream", fordable=True), bridge=Bridge(1))),
    ("N8", HexTerrain("road")),
    ("Q8", HexTerrain("road")),                       # a woods corner, the centre on the road
])
def test_hex_terrain(name: str, expected: HexTerrain) -> None:
    assert terrain(name) == expected


def test_every_hex_says_why() -> None:
    b = board()
    assert b.hexes["C2"].why == "centre dot in Woods (100% of the hex); centre at level 0"
    assert b.hexes["G7"].why == ("centre dot in Open Ground (5% of the hex); Woods covers 95% of the hex, not its centre dot; "
                                 "centre at level 0")
    assert b.hexes["E7"].why.startswith("centre dot in Open Ground") and "Woods covers 2" in b.hexes["E7"].why
    assert "Orchard fills the hex (19% of its pixels, some nearer its centre than any hexside's middle; inherent terrain)" \
        in b.hexes["M6"].why
    assert "Wooden Building at the hex's N hexside" in b.hexes["V2"].why
    assert "the board sets Stone Building, 2 Level" in b.hexes["U3"].why
    assert "Single Hex Stone Bridge" in b.hexes["W8"].why
    assert b.hexes["J5"].why.endswith("centre at level 3")
    assert all(h.why for h in b.hexes.values())


def test_hexsides() -> None:
    found = {(n, d): f for (n, d), f in sides().items()}
    assert found == {("S5", "S"): "wall", ("S5", "SE"): "wall", ("O5", "S"): "hedge", ("O6", "NE"): "hedge",
                     ("J5", "SE"): "cliff", ("C4", "S"): "bocage"}


def test_info_json_lists_hexsides_from_both_hexes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bdfx"
    path.write_bytes(fixture())
    assert main(["board", "info", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["board"]["name"] == "fx" and out["board"]["version"] == "1.2" and len(out["board"]["sha256"]) == 64
    assert out["hexes"]["C4"]["hexsides"] == {"S": "bocage"} and out["hexes"]["C5"]["hexsides"] == {"N": "bocage"}
    assert out["hexes"]["J5"] | {"why": "", "pixels": {}} == {"terrain": "open", "level": 3, "hexsides": {"SE": "cliff"},
                                                              "why": "", "pixels": {}}
    assert out["hexes"]["U3"]["terrain"] == "building" and out["hexes"]["U3"]["obstacle"] == 2.5
    assert set(out["hexes"]) == set(board().hexes)


def test_info_text_and_refusal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bdfx"
    path.write_bytes(fixture())
    assert main(["board", "info", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("board fx, version 1.2 (33 × 10 hexes")
    assert "   U3  Stone Building, level 0  — centre dot in Stone Building" in out
    bad = tmp_path / "notes.txt"
    bad.write_text("hello")
    assert main(["board", "info", str(bad)]) == 2
    assert "notes.txt: this file is not a VASL board file. Import" in capsys.readouterr().err


def test_make_writes_the_archive_info_reads(tmp_path: Path) -> None:
    desc = tmp_path / "small.json"
    desc.write_text(json.dumps(SMALL))
    out = tmp_path / "bdsm"
    from tools.board_writer import main as write_main

    assert write_main([str(desc), "-o", str(out)]) == 0
    b = read_board(out.read_bytes())
    assert b.hexes["B2"].terrain == HexTerrain("woods", obstacle=1)
    assert b.hexes["C2"].terrain == HexTerrain("building", base_level=1, obstacle=1.5)


def test_the_table_names_every_code_and_maps_it() -> None:
    table = codes()
    assert len(table) == 171
    assert table[60].name == "Woods" and table[60].terrain == "woods"
    assert table[72].side == "wall" and table[42].height == 2.5 and table[40].height == 1
    from airhead.tables import terrain_types

    types = terrain_types("terrain_asl")
    assert all(k.terrain in types for k in table.values() if k.terrain)
    assert all(k.terrain or k.side is not None or k.bridge for k in table.values())


# ----------------------------------------------------------------------------- refusals
def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in files.items():
            zf.writestr(name, body)
    return out.getvalue()


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def _small() -> dict[str, bytes]:
    return _members(write_board(SMALL))


def _stream(payload: bytes) -> bytes:
    return gzip.compress(b"\xac\xed\x00\x05" + b"".join(
        bytes((0x7A,)) + struct.pack(">i", len(payload[i:i + 1024])) + payload[i:i + 1024]
        for i in range(0, len(payload), 1024)))


def _refused(files: dict[str, bytes], *words: str) -> None:
    with pytest.raises(BoardError) as e:
        read_board(_zip(files))
    for w in words:
        assert w in str(e.value), str(e.value)


def test_not_a_zip() -> None:
    for data in (b"", b"hello", b"PK\x03\x04broken", gzip.compress(b"x")):
        with pytest.raises(BoardError, match="this file is not a VASL board file. Import a board's file as VASL keeps it"):
            read_board(data)


def test_missing_parts() -> None:
    files = _small()
    _refused({k: v for k, v in files.items() if k != "BoardMetadata.xml"}, "no description of the board (BoardMetadata.xml)",
             "download the board's current version")
    _refused({k: v for k, v in files.items() if k != "LOSData"}, "board sm's file has no terrain grid (LOSData)", "current version")


def test_bad_metadata() -> None:
    files = _small()
    _refused(files | {"BoardMetadata.xml": b"<boardMetadata"}, "its description (BoardMetadata.xml) is garbled or cut short")
    _refused(files | {"BoardMetadata.xml": b"<svg/>"}, "is not a VASL board's (it is headed “svg”")
    bomb = b'<?xml version="1.0"?><!DOCTYPE b [<!ENTITY a "aaaa">]><boardMetadata name="&a;" width="5" height="3"/>'
    _refused(files | {"BoardMetadata.xml": bomb}, "defines terms of its own")
    _refused(files | {"BoardMetadata.xml": b'<boardMetadata name="sm" width="five" height="3"/>'},
             "gives the board's width as “five”, where a board's is a whole number of hexes from 1 to 120")
    _refused(files | {"BoardMetadata.xml": b'<boardMetadata name="sm" width="5" height="3" hexWidth="-3"/>'},
             "gives the width of its hexes (hexWidth) as -3, outside 8 to 1,000")
    _refused(files | {"BoardMetadata.xml": b'<boardMetadata name="sm" width="6" height="3"/>'},
             "its description (BoardMetadata.xml) says board sm is 6 × 3 hexes, its terrain grid (LOSData) 5 × 3")


def test_unknown_building_type_and_terrain_code() -> None:
    files = _small()
    meta = files["BoardMetadata.xml"].replace(b"<buildingTypes />", b'<buildingTypes><buildingType hexName="C2" buildingTypeName="Castle" /></buildingTypes>')
    _refused(files | {"BoardMetadata.xml": meta}, "gives hex C2 the building type “Castle”, which is not one VASL defines")
    grid = read_losdata(files["LOSData"])
    t = bytearray(grid.terrain)
    t[grid.index(100, 90)] = 250
    bad = Grid(grid.width, grid.height, grid.grid_width, grid.grid_height, grid.elevation, bytes(t), grid.stairways)
    _refused(files | {"LOSData": write_losdata(bad)}, "board sm's file is damaged, or newer than Airhead",
             "terrain code 250, which is not one VASL defines")


def test_bad_losdata() -> None:
    files = _small()
    raw = files["LOSData"]
    payload = gzip.decompress(raw)
    _refused(files | {"LOSData": raw[: len(raw) // 2]}, "cut short")
    _refused(files | {"LOSData": b"not gzip"}, "this board file is damaged: its terrain grid (LOSData) cannot be unpacked")
    _refused(files | {"LOSData": gzip.compress(b"\x00\x01" + payload[2:])}, "its terrain grid (LOSData) does not begin as VASL writes one")
    _refused(files | {"LOSData": gzip.compress(payload + b"\x73\x72")}, "holds something other than terrain")
    _refused(files | {"LOSData": gzip.compress(payload[:-40])}, "its terrain grid (LOSData) is cut short")
    _refused(files | {"LOSData": gzip.compress(payload + b"\x77\x01\x00")}, "holds more terrain than the board's size it gives")
    head = struct.pack(">iiii", 5, 3, 100_000, 100_000)
    _refused(files | {"LOSData": _stream(head)}, "larger than any VASL board's", "100,000 × 100,000 pixels")
    _refused(files | {"LOSData": _stream(struct.pack(">iiii", 5, 3, 2, 2))}, "smaller than its 5 × 3 hexes")
    _refused(files | {"LOSData": _stream(struct.pack(">iiii", 0, 3, 2, 2))}, "0 × 3 hexes")
    _refused(files | {"LOSData": _stream(b"\x00\x01")}, "cut short before it gives the board's size")


def test_zip_bomb_and_oversized_members() -> None:
    files = _small()
    # a grid that promises a small board but inflates without end is stopped at the size it promises
    bomb = _stream(struct.pack(">iiii", 5, 3, 225, 194) + bytes(30_000_000))
    assert len(bomb) < 100_000
    _refused(files | {"LOSData": bomb}, "unpacks to more than its size calls for")
    _refused(files | {"LOSData": bytes(25_000_000)}, "terrain grid (LOSData) is larger than any VASL board's (25 MB; at most 8 MB)")
    _refused(files | {"BoardMetadata.xml": b" " * 2_100_000}, "larger than any VASL board's (2.1 MB; at most 256 kB)")


def test_picture_checks() -> None:
    files = _small()
    meta = files["BoardMetadata.xml"].replace(b'boardImageFileName="bdsm.png"', b'boardImageFileName="p.gif"')
    ok = read_board(_zip(files | {"BoardMetadata.xml": meta, "p.gif": b"GIF89a" + struct.pack("<HH", 225, 194) + bytes(20)}))
    assert ok.archive.image is not None and ok.archive.image.format == "gif"
    _refused(files | {"BoardMetadata.xml": meta, "p.gif": b"BM not a picture"}, "its picture is not a GIF, PNG or JPEG picture")
    _refused(files | {"BoardMetadata.xml": meta, "p.gif": b"GIF89a" + struct.pack("<HH", 60_000, 60_000) + bytes(20)},
             "60,000 × 60,000 pixels")


def test_the_archive_hash_names_the_bytes() -> None:
    a = read_archive(fixture())
    import hashlib

    assert a.sha256 == hashlib.sha256(fixture()).hexdigest() and a.size == len(fixture())


@lru_cache(maxsize=None)
def _small_archive() -> bytes:
    return write_board(SMALL)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_any_damage_is_refused_or_read(data: st.DataObject) -> None:
    """Bytes flipped, cut or inserted anywhere in an archive or its grid: refused with a BoardError
    or read whole; never another exception."""
    which = data.draw(st.sampled_from(["archive", "LOSData", "BoardMetadata.xml"]))
    base = _small_archive() if which == "archive" else _members(_small_archive())[which]
    if which == "LOSData" and data.draw(st.booleans()):
        base = gzip.decompress(base)
    buf = bytearray(base)
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        i = data.draw(st.integers(0, max(len(buf) - 1, 0)))
        if op == "flip" and buf:
            buf[i] ^= data.draw(st.integers(1, 255))
        elif op == "cut":
            del buf[i:i + data.draw(st.integers(1, 64))]
        else:
            buf[i:i] = data.draw(st.binary(min_size=1, max_size=16))
    blob = bytes(buf)
    if which == "LOSData" and blob[:2] != b"\x1f\x8b":
        blob = gzip.compress(blob)
    archive = blob if which == "archive" else _zip(_members(_small_archive()) | {which: blob})
    try:
        read_board(archive)
    except BoardError:
        pass


@pytest.mark.parametrize("level", [101, -101, 127])
def test_a_level_past_a_boards_range_is_refused_as_a_damaged_board(level: int) -> None:
    """A grid byte past VASL's levels (found by the fuzz test above: a damaged LOSData) is a
    board's fault, said as such, not a bare terrain error."""
    with pytest.raises(BoardError, match=rf"this board file is damaged: board x's hex J5: its centre is at level {level}; "
                                         r"a board's levels run from -100 to 100\. Get a fresh copy"):
        read_board(write_board({"name": "x", "image": False, "levels": {"J5": level}}))
    assert read_board(write_board({"name": "x", "image": False, "levels": {"J5": 100}})).hexes["J5"].terrain.base_level == 100


def test_a_damaged_terrain_grid_is_refused_in_plain_words() -> None:
    """A LOSData whose gzip stream is broken says the grid is damaged and what to do, never zlib's own words."""
    from airhead.vasl.losdata import read_losdata

    broken = bytearray(gzip.compress(b"\xac\xed\x00\x05" + bytes(4000)))
    broken[12:40] = b"\xff" * 28
    with pytest.raises(BoardError) as e:
        read_losdata(bytes(broken))
    assert str(e.value) == ("this board file is damaged: its terrain grid (LOSData) cannot be unpacked. Get a fresh copy "
                            "of the board from VASL's board library.")
