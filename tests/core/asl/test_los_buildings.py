"""Line of sight inside buildings over a board's pixels (issue #38), as VASL's engine reads them:
A6.8 Example 2 (from a Location in a building the thread must leave the building before it
leaves that hex, to reach a Location at another height) and B23.71 (a rowhouse wall between two
adjacent hexes blocks even on the ends' own hexside). The board is Airhead's own test board
(never VASL's): a two-level stone building over C3 and C4; one-level stone buildings in F3 and F4
with a rowhouse wall between them, and in H3 and H4 without one."""

from __future__ import annotations

from functools import lru_cache

import pytest

from airhead.asl.los import Location
from airhead.asl.los_grid import GridSight, trace
from airhead.scenario import Scenario
from airhead.systems import load_scenario
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

HOUSES = {
    "name": "17", "version": "1", "width": 9, "height": 8, "image": False,
    "hexes": {"C3": {"code": 42}, "C4": {"code": 42}, "F3": {"code": 41}, "F4": {"code": 41},
              "H3": {"code": 41}, "H4": {"code": 41}},
    "buildings": {"C3": "Stone Building, 2 Level", "C4": "Stone Building, 2 Level", "F3": "Stone Building, 1 Level",
                  "F4": "Stone Building, 1 Level", "H3": "Stone Building, 1 Level", "H4": "Stone Building, 1 Level"},
    "sides": [["F3", "S", 77]],
}


@lru_cache(maxsize=None)
def board() -> Scenario:
    b = LIBRARY.add(write_board(HOUSES))
    return load_scenario(scenario_data([[b.name.lstrip("0")]], [b]))


def see(a: str, la: float, b: str, lb: float) -> GridSight:
    sc = board()
    m = sc.map
    return trace(sc, Location(m.parse("17" + a), la), Location(m.parse("17" + b), lb))


def words(s: GridSight) -> str:
    return " | ".join(s.explain(board().map.name))


@pytest.mark.parametrize("la, lb", [(0, 2), (2, 0), (1, 2), (0, 1)])
def test_a_thread_between_heights_inside_one_building_must_leave_it_first(la: float, lb: float) -> None:
    for s in (see("C3", la, "C4", lb), see("C4", lb, "C3", la)):
        assert s.blocked, words(s)
        # the other end's own hex blocks: the thread from the first end enters it still inside the
        # building; the line says so, naming both hexes
        m = board().map
        first, other = m.name(s.a.hex), m.name(s.b.hex)
        assert s.blocked_at == s.b.hex, words(s)
        assert s.explain(m.name)[1] == (
            f"{other}: Stone Building, 2 Level, top at level 2: blocks — from {first} the thread must leave the building "
            f"before it leaves {first} to reach a Location at another height; it enters {other}, the other end's hex, "
            "still inside the building: blocks (A6.8 Example 2, as VASL reads it)")


def test_a_thread_from_a_building_must_leave_it_before_the_next_hex() -> None:
    # from C3's level 2 the thread enters C4 (the same building, its levels up to 2) before it
    # leaves the building, on its way to C5's ground level
    s = see("C3", 2, "C5", 0)
    assert s.blocked and [board().map.name(h) for h in s.by] == ["17C4"], words(s)
    assert "17C4: Stone Building, 2 Level, top at level 2: blocks — from 17C3 the thread must leave the building before " \
           "it leaves 17C3 to reach a Location at another height; it is still inside the building here: blocks " \
           "(A6.8 Example 2, as VASL reads it)" in s.explain(board().map.name)


@pytest.mark.parametrize("level", [0, 1, 2])
def test_a_thread_at_one_height_inside_one_building_is_not_restricted(level: float) -> None:
    s = see("C3", level, "C4", level)
    assert not s.blocked, words(s)


def test_a_thread_out_of_a_building_at_another_height_is_not_restricted() -> None:
    s = see("C3", 1, "E3", 0)  # it leaves C3 through its own hex's open ground
    assert "A6.8" not in words(s)


@pytest.mark.parametrize("level", [0, 1])
def test_a_rowhouse_wall_between_adjacent_hexes_blocks(level: float) -> None:
    for s in (see("F3", level, "F4", level), see("F4", level, "F3", level)):
        assert s.blocked and "B23.71" in words(s), words(s)
    assert not see("H3", level, "H4", level).blocked


def test_e1_941_a_burning_rowhouse_does_not_light_the_next_house_through_their_wall() -> None:
    # E1.941: the Blaze read as a viewer in its hex, over the board's pixels as at hex level
    from airhead.asl.los_grid import zone
    from airhead.terrain import Terrain

    sc = board()
    m = sc.map
    for blaze, walled, other in (("F3", True, "F4"), ("H3", False, "H4")):
        h = m.parse("17" + blaze)
        t: Terrain = sc.terrain.update_hex(h, blaze=1)
        z = zone(sc.with_terrain(t), h, in_play=m.in_play)
        assert (m.parse("17" + other) in z.shadow) is walled, z.explain(m.name)
