"""Maps as scenario cards set them (#39 item 2): boards of different sizes together where their
edges meet hex for hex, several rows, turned boards, and boards cropped to some hexrows or rows,
hex names unchanged; every other layout refused with the reason."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from airhead.__main__ import main
from airhead.boards import HexMap, HexNameError
from airhead.codec import decode_save, encode_save
from airhead.errors import DataError
from airhead.hexes import DIRECTION_NAMES
from airhead.systems import load_scenario, new_game
from airhead.terrain import HexTerrain
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

HALF = {"width": 17, "height": 20, "hexWidth": 56.3125, "hexHeight": 64.5, "image": False}


@lru_cache(maxsize=None)
def archive(kind: str) -> bytes:
    if kind == "2":
        return write_board({"name": "02", "image": False, "hexes": {"C2": {"code": 60}, "P5": {"code": 42},
                                                                   "Q5": {"code": 60}, "C8": {"code": 60}},
                            "sides": [["P5", "SE", 72]]})
    if kind == "4a":
        return write_board({**HALF, "name": "4a", "hexes": {"C1": {"code": 60}, "B0": {"code": 60}}})
    if kind == "4b":
        return write_board({**HALF, "name": "4b", "A1CenterX": -901, "A1CenterY": 32.25, "hexes": {"Q3": {"code": 60}}})
    if kind == "a":
        return write_board({"name": "a", "width": 15, "height": 5, "hexWidth": 168.7857142857, "hexHeight": 194.2,
                            "A1CenterY": 97.1, "image": False})
    raise KeyError(kind)


def boards(*kinds: str) -> list[Any]:
    return [LIBRARY.add(archive(k)) for k in kinds]


def scenario(layout: str, *kinds: str) -> Any:
    return load_scenario(scenario_data([r.split() for r in layout.split(";")], boards(*kinds)))


def test_a_geoboard_above_two_boards_of_another_size() -> None:
    sc = scenario("2;4a 4b", "2", "4a", "4b")
    m, t = sc.map, sc.terrain
    assert sc.to_data()["map"] == {"kind": "asl", "boards": [["2"], ["4a", "4b"]],
                                   "sizes": {"4a": [17, 20], "4b": [17, 20]}, "first": {"4b": "Q1"}}
    assert m.parse("2B10") == m.parse("4aB0")  # the long edges' half hexes are one hex
    assert t.at(m.parse("2B10")) == HexTerrain("woods", obstacle=1)  # 4a's half is woods, 2's open
    assert m.parse("2C10").distance(m.parse("4aC1")) == 1
    assert m.parse("4aQ7") == m.parse("4bQ7") and m.parse("2FF10") == m.parse("4bFF0")
    assert t.at(m.parse("4aC1")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("4bQ3")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("2C2")) == HexTerrain("woods", obstacle=1)
    assert len(m.hexes()) == 346 + (2 * 348 - 20) - 16  # Q shared by 4a and 4b, the long edge by 2 and both
    back = decode_save(encode_save(new_game(sc, "s"))).to_game()
    assert back.scenario == sc


def test_boards_that_do_not_meet_hex_for_hex_are_refused_with_the_reason() -> None:
    with pytest.raises(DataError, match="board 2 and board 4a cannot sit side by side: they are 10 and 20 hexes high"):
        scenario("2 4a", "2", "4a")
    with pytest.raises(DataError, match="board a's hexes are 169 pixels wide and 2's 56: boards of different hex sizes"):
        scenario("2;a", "2", "a")
    with pytest.raises(DataError, match="board 2 and board 4a cannot sit side by side: a cropped edge meets a board edge"):
        scenario("2[A-P] 4a", "2", "4a")
    with pytest.raises(DataError, match="board 4a cannot sit under board 2: a cropped edge meets a board edge"):
        scenario("2[1-5];4a", "2", "4a")
    with pytest.raises(DataError, match="its first hexrow is an even-lettered one"):
        HexMap.asl([["2"], ["4"]], crop={"4": "R-GG"})


def test_a_board_cropped_to_hexrows_keeps_its_hex_names() -> None:
    sc = scenario("2[A-P]", "2")
    m, t = sc.map, sc.terrain
    assert sc.to_data()["map"] == {"kind": "asl", "boards": [["2"]], "crop": {"2": "A-P"}}
    assert {n[1] for _h, n in m.iter_names()} == set("ABCDEFGHIJKLMNOP")
    assert t.at(m.parse("2C2")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("2P5")) == HexTerrain("building", obstacle=2.5)
    assert t.side(m.parse("2P5"), DIRECTION_NAMES.index("SE")) == {"wall"}  # on the crop's edge
    assert not t.at(m.parse("2Q5", allow_offboard=True)).terrain == "woods"  # Q5 is not in play: no terrain
    assert m.is_half_hex(m.parse("2A5")) and not m.is_half_hex(m.parse("2P5"))  # the crop keeps P whole
    with pytest.raises(HexNameError, match="2Q5 is not a hex of board 2 \\(columns run A..P\\)"):
        m.parse("2Q5")


def test_boards_cropped_to_rows_and_turned() -> None:
    sc = load_scenario(scenario_data([["2[A-P,1-5]*"]], boards("2")))
    m, t = sc.map, sc.terrain
    assert sc.to_data()["map"] == {"kind": "asl", "boards": [["2*"]], "crop": {"2": "A-P,1-5"}}
    names = {n for _h, n in m.iter_names()}
    assert "2B0" in names and "2B5" in names and "2A6" not in names and "2B6" not in names
    assert t.at(m.parse("2C2")) == HexTerrain("woods", obstacle=1)
    assert m.to_data() == HexMap.from_data(m.to_data()).to_data()
    x = [h.q for h in (m.parse("2A1"), m.parse("2P1"))]
    assert x[0] > x[1]  # turned: A on the right


def test_cropped_boards_meet_whole_hex_to_whole_hex() -> None:
    m = HexMap.asl([["2", "4"], ["3", "5"]], crop={"2": "1-5", "4": "1-5", "3": "6-10", "5": "6-10"})
    assert m.parse("2A5").distance(m.parse("3A6")) == 1 and m.parse("2B5").distance(m.parse("3B6")) == 1
    assert m.parse("2GG5") == m.parse("4A5")  # their own short edges still share the half hexes
    m2 = HexMap.asl([["2", "4"]], crop={"2": "A-P", "4": "Q-GG"})
    assert m2.parse("2P5").distance(m2.parse("4Q5")) == 1
    assert len({n for _h, n in m2.iter_names()}) == len(m2.hexes()) == 33 * 10 + 16
    alone = HexMap.asl([["4"]], crop={"4": "R-GG"})  # a first hexrow even-lettered: the board lies half a hex lower
    assert alone.parse("4R1").distance(alone.parse("4S1")) == 1
    assert all(alone.name(alone.parse(n)) == n for _h, n in alone.iter_names())


def test_a_crop_off_the_board_or_badly_written_is_refused() -> None:
    for bad, said in (("A-HH", "hexrows run A..GG"), ("1-12", "rows run 1..10"), ("P-A", "hexrows run"),
                      ("A-P,C-D", "give its hexrows once"), ("A-3", "mixes a hexrow and a row"), ("x", "a crop is")):
        with pytest.raises(DataError, match=said):
            HexMap.asl([["2"]], crop={"2": bad})
    with pytest.raises(DataError, match="the crop of board 7, which it does not place"):
        HexMap.from_data({"kind": "asl", "boards": [["2"]], "crop": {"7": "A-P"}})
    for bad_data in ({"2": 3}, ["2"], {"2": "A" * 17}):
        with pytest.raises(DataError):
            HexMap.from_data({"kind": "asl", "boards": [["2"]], "crop": bad_data})
    with pytest.raises(DataError):
        HexMap.from_data({"kind": "asl", "boards": [["2"]], "sizes": {"2": [17]}})


def test_the_command_line_takes_the_same_map_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for k in ("2", "4a", "4b"):
        (tmp_path / f"bd{k}").write_bytes(archive(k))
    files = [a for k in ("2", "4a", "4b") for a in ("--board", str(tmp_path / f"bd{k}"))]
    assert main(["los", *files, "--map", "2;4a 4b", "2C9", "4aC3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] in ("clear", "blocked", "hindered") and out["lines"][0].startswith("Line of sight from 2C9")
    assert main(["svg", *files, "--map", "2[A-P]*"]) == 0
    assert "board 2 (rotated)" in capsys.readouterr().out


def test_a_cropped_boards_picture_is_not_drawn_over_its_neighbours() -> None:
    from airhead.vasl.library import board_art

    pic = LIBRARY.add(write_board({"name": "09", "hexes": {"C2": {"code": 60}}}))
    whole = load_scenario(scenario_data([["9"]], [pic]))
    cropped = load_scenario(scenario_data([["9[A-P]"]], [pic]))
    assert [(a.board_id, a.clip) for a in board_art(whole.map, whole.boards, {"9": "x.png"})] == [("9", ())]
    (art,) = board_art(cropped.map, cropped.boards, {"9": "x.png"})
    assert set(art.clip) == set(cropped.map.hexes())  # seen through its own hexes only
    # beside a cropped board each picture shows through its own board's hexes
    beside = load_scenario(scenario_data([["9", "2[A-P]"]], [pic, *boards("2")]))
    arts = {a.board_id: a for a in board_art(beside.map, beside.boards, {"9": "x.png", "2": "y.png"})}
    assert arts["9"].clip == () and beside.map.parse("2P5") in arts["2"].clip
    p2 = next(p for p in beside.map.placements if p.board_id == "2")
    assert all(p2.contains(h) for h in arts["2"].clip)  # 9GG is 2A: the half hexes both boards share
