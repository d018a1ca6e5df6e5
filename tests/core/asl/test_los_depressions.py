"""Depressions in line of sight over a board's pixels (issue #38; A6.3 as VASL's engine reads it):
a Location in a gully sees along it, out of it or into it only where the thread stays in the
depression until its range from the other end is no more than that end's height over it; a
bridge over the gully neither blocks nor hinders a thread beneath it. The board is Airhead's own
test board (never VASL's): a gully's bed, a band at level -1 down column E, its banks (level 0)
the rest of each E hex; a bridge across it in E6; two small gully beds, banked all round, in
G1 and G2; level-1 hills in A4, B2 and C8, a level-2 hill
in H8."""

from __future__ import annotations

from functools import lru_cache

import pytest

from airhead.asl.los import Location
from airhead.asl.los_grid import GridSight, trace
from airhead.scenario import Scenario
from airhead.systems import load_scenario
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

GULLY = {"code": 30, "level": -1, "stripe": "N", "shaped": True}
POOL = {"code": 30, "level": -1, "cover": 0.3, "shaped": True}  # a gully's bed around the centre only
PITS = {
    "name": "16", "version": "1", "width": 9, "height": 10, "image": False,
    "hexes": {**{f"E{r}": GULLY for r in range(1, 11) if r != 6},
              "E6": [GULLY, {"code": 82, "level": 0, "stripe": "NE", "shaped": True}],
              "G1": POOL, "G2": POOL,
              "A4": {"level": 1}, "B2": {"level": 1}, "C8": {"level": 1}, "H8": {"level": 2}},
}


@lru_cache(maxsize=None)
def board() -> Scenario:
    b = LIBRARY.add(write_board(PITS))
    return load_scenario(scenario_data([[b.name.lstrip("0")]], [b]))


def see(a: str, b: str) -> GridSight:
    sc = board()
    m = sc.map
    return trace(sc, Location(m.parse("16" + a)), Location(m.parse("16" + b)))


def rng(a: str, b: str) -> int:
    m = board().map
    return m.parse("16" + a).distance(m.parse("16" + b))


def words(s: GridSight) -> str:
    return " | ".join(s.explain(board().map.name))


def test_a_gully_hex_is_a_depression_a_level_down() -> None:
    t = board().terrain.at(board().map.parse("16E5"))
    assert (t.terrain, t.base_level) == ("depression", -1)


@pytest.mark.parametrize("a, b", [("E2", "E5"), ("E3", "E5"), ("E7", "E10")])
def test_along_the_gully_the_thread_stays_in_it(a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        s = see(x, y)
        assert not s.blocked, words(s)
        assert s.heights == (-1.0, -1.0)


@pytest.mark.parametrize("a, b", [("E5", "D5"), ("E5", "F5"), ("E5", "E4")])
def test_adjacent_hexes_see_into_and_out_of_the_gully(a: str, b: str) -> None:
    assert rng(a, b) == 1
    assert not see(a, b).blocked and not see(b, a).blocked


@pytest.mark.parametrize("a, b", [("E5", "H5"), ("E5", "B5"), ("E4", "G4")])
def test_out_of_the_gully_at_level_ground_beyond_range_one_is_blocked_at_its_bank(a: str, b: str) -> None:
    out, into = see(a, b), see(b, a)
    assert out.blocked and into.blocked
    assert out.blocked_at == board().map.parse("16" + a)  # the depression hex's own bank (A6.3, VASL)
    assert "leaves the depression" in words(out) and "A6.3" in words(out)
    # seen from the level ground, the thread meets ground as high as its higher end before the
    # gully's bank (A6.2), as VASL's engine reads it
    assert "A6.2" in words(into) or "enters the depression" in words(into)


def test_a_higher_end_sees_into_the_gully_only_from_as_high_as_it_is_far() -> None:
    # level 1 is two levels over the gully's bed: range 2 is seen, range 3 and 4 are not
    assert rng("C8", "E8") == 2 and not see("C8", "E8").blocked and not see("E8", "C8").blocked
    for hill, pit in (("B2", "E4"), ("A4", "E5")):
        assert rng(hill, pit) > 2
        s = see(hill, pit)
        assert s.blocked and "enters the depression" in words(s), words(s)
        assert see(pit, hill).blocked
    # level 2, three levels over the bed, sees it at range 3
    assert rng("H8", "E7") == 3 and not see("H8", "E7").blocked and not see("E7", "H8").blocked


def test_a_thread_beneath_a_bridge_is_neither_blocked_nor_hindered() -> None:
    for a, b in (("E2", "E9"), ("E9", "E2")):
        s = see(a, b)
        assert not s.blocked and s.drm == 0, words(s)
        assert "under a bridge" in words(s)


def test_explanations_agree_with_verdicts_around_the_gully() -> None:
    for a in ("E2", "E5", "E8", "C8", "A4"):
        for b in ("E4", "E7", "H5", "B5", "D5", "H8"):
            if a == b:
                continue
            s = see(a, b)
            text = s.explain(board().map.name)
            assert text[-1].startswith("LOS blocked" if s.blocked else "LOS clear")
            blocks = [ln for ln in text[1:-1] if ": blocks" in ln or "— " in ln and ln.split(": ", 2)[-1].startswith("blocks")]
            assert bool(blocks) == s.blocked or s.drm >= 6, text


def test_adjacent_depression_hexes_see_each_other_only_across_a_depression_hexside() -> None:
    assert rng("G1", "G2") == 1 and rng("E4", "E5") == 1
    for a, b in (("G1", "G2"), ("G2", "G1")):  # a bank between them: the thread leaves the depression
        s = see(a, b)
        assert s.blocked and "leaves the depression" in words(s), words(s)
    for a, b in (("E4", "E5"), ("E5", "E4")):  # the gully runs across their hexside
        assert not see(a, b).blocked
