"""Every board that reads goes on a map by the name a scenario card gives it: the "b" boards
(hexes named from Q1), the lettered deluxe-style boards, a board whose metadata names it
``bd79`` (board 79), the lower half of a double board (rows from 11); turned or not. A name that
is neither an imported board nor a geoboard number is refused with the boards the device holds;
``blank:NAME`` asks for a blank geoboard explicitly."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest

from airhead.codec import decode_save, encode_save
from airhead.errors import DataError
from airhead.boards import HexNameError
from airhead.systems import load_scenario, new_game
from airhead.terrain import HexTerrain
from airhead.vasl import BoardError
from airhead.vasl.library import LIBRARY, blank_boards, board_id, card_name, scenario_data
from tools.board_writer import write_board

HALF = {"width": 17, "height": 20, "hexWidth": 56.3125, "hexHeight": 64.5, "image": False}


@lru_cache(maxsize=None)
def archive(kind: str) -> bytes:
    """The fixture archives: VASL's shapes, our own terrain."""
    if kind == "4a":
        return write_board({**HALF, "name": "4a", "hexes": {"C3": {"code": 60}, "Q5": {"code": 60}}})
    if kind == "4b":  # VASL's b boards: A1CenterX -901, the first column is Q
        return write_board({**HALF, "name": "4b", "A1CenterX": -901, "A1CenterY": 32.25,
                            "hexes": {"Q3": {"code": 60}, "T15": {"code": 42}, "GG20": {"code": 24}}})
    if kind == "a":  # a lettered deluxe-style board: 15 × 5 hexes three times a geoboard's
        return write_board({"name": "a", "width": 15, "height": 5, "hexWidth": 168.7857142857, "hexHeight": 194.2,
                            "A1CenterX": 0, "A1CenterY": 97.1, "image": False, "hexes": {"B2": {"code": 60}}})
    if kind == "bd79":  # metadata name differs from the board's number
        return write_board({"name": "bd79", "image": False, "hexes": {"C3": {"code": 60}}})
    if kind == "DW1b":  # the lower half of a double board: A1CenterY -612.75, rows from 11
        return write_board({"name": "DW1b", "A1CenterX": 0, "A1CenterY": -612.75, "image": False,
                            "hexes": {"C13": {"code": 60}}})
    if kind == "turned":  # hexes a quarter turned: cannot go on a map
        return write_board({"name": "PBR", "altHexGrain": True, "image": False})
    raise KeyError(kind)


def board(kind: str) -> Any:
    return LIBRARY.add(archive(kind))


def test_card_names() -> None:
    assert [card_name(n) for n in ("02", "bd79", "4b", "a", "BFPA", "Blank0", "10z", "00")] == \
        ["2", "79", "4b", "a", "BFPA", "Blank0", "10z", "0"]


def test_a_b_board_names_its_hexes_from_q() -> None:
    a, b = board("4a"), board("4b")
    assert board_id(b) == "4b"
    sc = load_scenario(scenario_data([["4a", "4b"]], [a, b]))
    m, t = sc.map, sc.terrain
    assert sc.to_data()["map"] == {"kind": "asl", "boards": [["4a", "4b"]], "columns": 17, "rows": 20,
                                   "first": {"4b": "Q1"}}
    assert t.at(m.parse("4bQ3")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("4bT15")) == HexTerrain("building", obstacle=2.5)
    assert m.parse("4bq3") == m.parse("4bQ3")
    assert m.parse("4aQ5") == m.parse("4bQ5")  # 4a's last column and 4b's first: one column of hexes
    assert t.at(m.parse("4bQ5")) == HexTerrain("woods", obstacle=1)  # 4a's woods half, 4b's open
    assert m.name(m.parse("4bGG20")) == "4bGG20"
    with pytest.raises(HexNameError, match="4bA1 is not a hex of board 4b \\(columns run Q..GG\\)"):
        m.parse("4bA1")
    back = decode_save(encode_save(new_game(sc, "s"))).to_game()
    assert back.scenario == sc and back.scenario.terrain.at(m.parse("4bQ3")).terrain == "woods"


def test_a_turned_b_board() -> None:
    sc = load_scenario(scenario_data([["4b*"]], [board("4b")]))
    m, t = sc.map, sc.terrain
    assert t.at(m.parse("4bQ3")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("4bT15")) == HexTerrain("building", obstacle=2.5)
    assert m.name(max(m.hexes(), key=lambda h: (h.q, -h.r))) .startswith("4bQ")  # Q is on the map's right now


def test_a_lettered_board_and_a_board_named_bd79() -> None:
    a = board("a")
    sc = load_scenario(scenario_data([["a*"]], [a]))
    assert sc.terrain.at(sc.map.parse("aB2")) == HexTerrain("woods", obstacle=1)
    assert sc.to_data()["map"]["columns"] == 15 and sc.map.name(sc.map.parse("AB2")) == "aB2"
    b79 = board("bd79")
    for typed in ("79", "bd79"):
        sc = load_scenario(scenario_data([[typed]], [b79]))
        assert sc.to_data()["map"]["boards"] == [["79"]]
        assert sc.terrain.at(sc.map.parse("79C3")) == HexTerrain("woods", obstacle=1)
        assert sc.boards["79"].name == "bd79"


def test_the_lower_half_of_a_double_board_names_its_rows_from_11() -> None:
    sc = load_scenario(scenario_data([["DW1b"]], [board("DW1b")]))
    m = sc.map
    assert sc.to_data()["map"]["first"] == {"DW1b": "A11"}
    assert sc.terrain.at(m.parse("DW1bC13")) == HexTerrain("woods", obstacle=1)
    assert m.name(m.parse("DW1bB10")) == "DW1bB10" and m.name(m.parse("DW1bGG20")) == "DW1bGG20"


def test_a_name_neither_imported_nor_a_geoboard_is_refused_with_the_devices_boards() -> None:
    held = [board("4a"), board("a")]
    with pytest.raises(DataError, match=r"board 4b is not among the imported boards \(4a, 79, a\): import its file, "
                                        r"or write blank:4b for a blank geoboard"):
        scenario_data([["4b"]], held, strict=False, held=["bd79"])
    # a geoboard number is a blank geoboard in New map (which says so), refused where files are given
    data = scenario_data([["5"]], held, strict=False)
    assert blank_boards(data) == ["5"] and "boards" not in data
    with pytest.raises(DataError, match="board 5 is not among"):
        scenario_data([["5"]], held)
    # asked for explicitly, a blank geoboard of any name
    data = scenario_data([["blank:4b*", "blank:6"]], held)
    assert data["map"] == {"kind": "asl", "boards": [["4b*", "6"]]} and blank_boards(data) == ["4b", "6"]
    assert load_scenario(data).map.parse("4bA1")


def test_a_board_that_cannot_go_on_a_map_says_why() -> None:
    pbr = board("turned")
    with pytest.raises(BoardError, match="board PBR cannot go on a map: its hexes are turned a quarter"):
        board_id(pbr)
    with pytest.raises(BoardError, match="cannot go on a map"):
        scenario_data([["PBR"]], [pbr], strict=False)


def test_a_save_placing_a_b_board_as_an_a1_board_is_refused() -> None:
    sc = load_scenario(scenario_data([["4b"]], [board("4b")]))
    data = sc.to_data()
    del data["map"]["first"]
    with pytest.raises(DataError, match="names its hexes from Q1; the map places a board named from A1 there"):
        load_scenario(data)
    for bad in ({"4b": 3}, {"4b": "1Q"}, {"4b": "B1"}, {"7": "Q1"}, ["4b"]):
        with pytest.raises(DataError):
            load_scenario({**sc.to_data(), "map": {**sc.to_data()["map"], "first": bad}})


def test_a_board_of_an_even_number_of_columns_turns_half_a_hex_lower() -> None:
    """VASL's RBv2 is 36 × 45 hexes: turned, its low columns become high ones."""
    rb = LIBRARY.add(write_board({"name": "RB", "width": 6, "height": 3, "A1CenterX": 22, "image": False,
                                  "hexes": {"A1": {"code": 60}, "F2": {"code": 42}}}))
    for cell in ("RB", "RB*"):
        sc = load_scenario(scenario_data([[cell]], [rb]))
        m, t = sc.map, sc.terrain
        names = [n for _h, n in m.iter_names()]
        assert len(names) == len(set(names)) == 3 * 3 + 4 * 3
        assert all(m.name(m.parse(n)) == n for n in names)
        assert t.at(m.parse("RBA1")) == HexTerrain("woods", obstacle=1)
        assert t.at(m.parse("RBF2")) == HexTerrain("building", obstacle=2.5)
        a1, b1 = m.parse("RBA1"), m.parse("RBB1")
        assert a1.distance(b1) == 1


def test_the_board_a_cell_of_the_map_text_names() -> None:
    """(New map reads the boards a layout names from the device's storage before it builds it.)"""
    from airhead.vasl.library import cell_board, parse_layout

    cells = [c for row in parse_layout("2[A-P]* blank:4b;bd79, 02*\n4b[1-5]") for c in row]
    assert [cell_board(c) for c in cells] == ["2", None, "79", "2", "4b"]
