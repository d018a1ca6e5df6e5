"""Boards and names: the facts the E8 examples pin down, multi-board maps, generic grids."""

from __future__ import annotations

import pytest
from airhead.boards import HexMap, HexNameError, asl_column_letters, asl_column_number
from airhead.errors import DataError
from airhead.geoboards import GridBoard
from airhead.hexes import Hex, from_asl_direction
from hypothesis import given
from hypothesis import strategies as st

B4 = HexMap.asl([["4"]])


def names(m: HexMap, hs: list[Hex]) -> list[str]:
    return [m.name(h) for h in hs]


def test_column_letters() -> None:
    assert [asl_column_letters(n) for n in (1, 2, 26, 27, 28, 33, 34, 53)] == ["A", "B", "Z", "AA", "BB", "GG", "HH", "AAA"]
    assert asl_column_number("GG") == 33 and asl_column_number("p") == 16
    with pytest.raises(ValueError):
        asl_column_number("AB")


def test_avenue_of_approach_of_c9_from_e8_example() -> None:
    # E8 EX: glider in 4C9 with an Avenue of Approach of D8-H6 (astern = ASL direction 2)
    c9 = B4.parse("4C9")
    assert names(B4, c9.ray(from_asl_direction(2), 5)) == ["4D8", "4E8", "4F7", "4G7", "4H6"]


def test_avenue_of_approach_of_p10_runs_off_the_board() -> None:
    # E8.221 EX: ILH 4P10, Avenue of Approach "hypothetical K13" to O11 (astern = direction 5)
    p10 = B4.parse("4P10")
    avenue = p10.ray(from_asl_direction(5), 5)
    assert names(B4, avenue) == ["4O11", "4N11", "4M12", "4L12", "4K13"]
    assert not any(B4.in_play(h) for h in avenue)
    assert B4.in_play(p10) and B4.is_half_hex(p10)


def test_random_location_directions() -> None:
    # C9 -> C8 is direction 1; C8 -> E7 is two hexes in direction 2; P10 -> P12 two in direction 4
    assert B4.name(B4.parse("4C9").neighbor(from_asl_direction(1))) == "4C8"
    assert B4.name(B4.parse("4C8").neighbor(from_asl_direction(2), 2)) == "4E7"
    assert B4.name(B4.parse("4P10").neighbor(from_asl_direction(4), 2)) == "4P12"


def test_even_columns_sit_half_a_hex_lower() -> None:
    c8, d8, d7 = B4.parse("4C8"), B4.parse("4D8"), B4.parse("4D7")
    assert c8.neighbor(2) == d8  # SE of C8 is D8 (lower)
    assert c8.neighbor(1) == d7  # NE of C8 is D7
    assert B4.parse("4B0") == B4.parse("4B1").neighbor(0)


def test_board_extent_and_half_hexes() -> None:
    assert len(B4.hexes()) == 17 * 10 + 16 * 11
    assert B4.is_half_hex(B4.parse("4A5")) and B4.is_half_hex(B4.parse("4GG5"))
    assert B4.is_half_hex(B4.parse("4B0")) and not B4.is_half_hex(B4.parse("4C5"))
    assert not B4.in_play(B4.parse("4O11", allow_offboard=True))


def test_bad_names_get_precise_errors() -> None:
    with pytest.raises(HexNameError, match=r"^4Q99 is not a hex of board 4 \(rows run 1..10 in column Q\)$"):
        B4.parse("4Q99")
    with pytest.raises(HexNameError, match="columns run A..GG"):
        B4.parse("4HH3")
    with pytest.raises(HexNameError, match="no board 7 on this map"):
        B4.parse("7A1")
    with pytest.raises(HexNameError, match="not a hex name"):
        B4.parse("hello")
    with pytest.raises(HexNameError, match="not a column"):
        B4.parse("4AB3")
    with pytest.raises(HexNameError, match="rows run 0..10 in column P"):
        B4.parse("4P11")


def test_hypothetical_hexes_round_trip() -> None:
    k13 = B4.parse("4K13", allow_offboard=True)
    assert B4.name(k13) == "4K13" and not B4.in_play(k13)
    far = Hex(-5, 3)
    assert B4.name(far).startswith("@") and B4.parse(B4.name(far), allow_offboard=True) == far


def test_mirror_into_play_reflects_across_the_edge() -> None:
    p12 = B4.parse("4P12", allow_offboard=True)
    assert B4.name(B4.mirror_into_play(p12)) == "4P8"
    assert B4.mirror_into_play(B4.parse("4C5")) == B4.parse("4C5")
    for h in (Hex(-3, 4), Hex(40, -30), Hex(16, 10)):
        assert B4.in_play(B4.mirror_into_play(h))


def test_boards_side_by_side_share_edge_half_hexes() -> None:
    m = HexMap.asl([["4", "5"]])
    assert m.parse("5A5") == m.parse("4GG5")
    assert m.name(m.parse("5A5")) == "4GG5"  # the first board names a shared hex
    assert not m.is_half_hex(m.parse("4GG5"))
    assert m.parse("4GG5").neighbor(2) == m.parse("5B5")
    assert len(m.hexes()) == 2 * 346 - 10


def test_boards_above_one_another() -> None:
    m = HexMap.asl([["4"], ["5"]])
    assert m.parse("5B0") == m.parse("4B10")
    assert m.parse("4C10").neighbor(3) == m.parse("5C1")


def test_rotated_board_reverses_its_names() -> None:
    m = HexMap.asl([["4", "5*"]])
    # board 5 is upside down: its GG column meets board 4's GG column and its rows run upwards
    assert m.parse("5GG5") == m.parse("4GG6")
    assert m.parse("5P5").neighbor(0) == m.parse("5P6")
    assert m.name(m.parse("5A5")) == "5A5"
    for h, n in m.iter_names():
        assert m.parse(n) == h


@pytest.mark.parametrize("layout", [[["4"]], [["4", "5"]], [["4", "5*"], ["6*", "7"]], [["12"], ["13*"]]])
def test_every_name_round_trips(layout: list[list[str]]) -> None:
    m = HexMap.asl(layout)
    seen = set()
    for h, n in m.iter_names():
        assert m.parse(n) == h
        seen.add(n)
    assert len(seen) == len(m.hexes())
    assert HexMap.from_data(m.to_data()) == m


def test_generic_grid_names_like_seed_002() -> None:
    m = HexMap.grid([["E", "F"]], 10, 8)
    d2 = m.parse("F/d2")
    assert m.name(d2) == "F/d2"
    # seed 002's example: units in F/c2 and F/c1 both land adjacent to the German unit in F/d2
    assert d2.distance(m.parse("F/c2")) == 1 and d2.distance(m.parse("F/c1")) == 1
    with pytest.raises(HexNameError, match="F/z2 is not a hex of map F"):
        m.parse("F/z2")
    assert m.parse("E/j3").distance(m.parse("F/a3")) == 1  # maps side by side continue the grid
    for h, n in m.iter_names():
        assert m.parse(n) == h
    assert HexMap.from_data(m.to_data()) == m


def test_grid_maps_rotate_only_with_even_columns() -> None:
    m = HexMap.grid([["A", "B*"]], 10, 6)
    for h, n in m.iter_names():
        assert m.parse(n) == h
    with pytest.raises(DataError, match="odd number of columns"):
        HexMap.grid([["A", "B*"]], 9, 6)


def test_bad_map_definitions() -> None:
    with pytest.raises(DataError):
        HexMap.asl([])
    with pytest.raises(DataError, match="the map places board 4 twice"):
        HexMap.asl([["4", "4"]])
    with pytest.raises(DataError):
        HexMap.from_data({"kind": "hex"})
    with pytest.raises(DataError):
        HexMap.from_data({"kind": "asl", "boards": "4"})
    with pytest.raises(DataError, match="letters and digits"):
        HexMap.asl([["x-1"]])


def test_a_refusal_shows_the_players_text_as_typed_never_a_python_repr() -> None:
    """What the player typed comes back in quotes “…”, on one line, cut short: no repr quotes or
    escapes (``'a\\tb'``), whatever the text holds."""
    with pytest.raises(HexNameError) as e:
        B4.parse("it's\tbad\x00")
    assert str(e.value) == "“it's bad” is not a hex name (expected a name like 4P10)"
    with pytest.raises(HexNameError) as e:
        B4.parse("x" * 300)
    assert str(e.value).startswith("“" + "x" * 23 + "…” is not a hex name")
    with pytest.raises(DataError) as e:
        HexMap.asl([["x'1"]])
    assert str(e.value) == "ASL boards are named by letters and digits (like 4, 4b or a), not “x'1”"
    with pytest.raises(DataError) as e:
        HexMap.from_data({"kind": "grid", "columns": 4, "rows": 3, "low": "high", "maps": [["F"]]})
    assert str(e.value) == "map, columns set half a hex lower: must be one of odd, even, not “high”"
    with pytest.raises(DataError, match="the odd ones .a, c, e, .... or the even ones .b, d, f, ...., not “high”"):
        GridBoard(4, 3, "high")  # type: ignore[arg-type]
    with pytest.raises(DataError) as e:
        HexMap.from_data({"kind": "grid", "columns": 4, "rows": 3, "low": "odd", "maps": [["F'"]]})
    assert str(e.value) == "a grid map is named by letters and digits (like F), not “F'”"


@given(st.integers(-40, 120), st.integers(-40, 60))
def test_any_hex_has_a_name_that_parses_back(q: int, r: int) -> None:
    m = HexMap.asl([["4", "5*"]])
    h = Hex(q, r)
    assert m.parse(m.name(h), allow_offboard=True) == h
