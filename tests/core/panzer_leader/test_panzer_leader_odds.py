"""Panzer Leader odds: exact, and the same as resolving every die outcome through the procedures."""

from __future__ import annotations

from fractions import Fraction

from airhead.boards import HexMap
from airhead.hexes import Hex
from airhead.panzer_leader.odds import glider_odds, paradrop_odds
from airhead.panzer_leader.wind import Wind
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

MAP = HexMap.grid([["A"]], 12, 10)


def h(name: str) -> Hex:
    return MAP.parse(name)


def test_low_wind_first_stick() -> None:
    # Low wind: A..E keep the first stick in the target, F (011211) puts it one hex downwind;
    # on Clear a 1 disperses it.
    odds = paradrop_odds(MAP, Terrain(), Wind(0, "Low"), [(h("A/f3"), ["s1", "s2"])])
    s1 = odds.sticks[0]
    assert s1.hexes == {h("A/f3"): Fraction(5, 6), h("A/f4"): Fraction(1, 6)}
    assert s1.dispersed == Fraction(1, 6) and s1.lost == 0 and s1.total() == 1
    assert odds.expected_losses == 0 and odds.overstacked == {}


def test_odds_match_the_procedure_outcome_by_outcome() -> None:
    terrain = Terrain({h("A/f9"): HexTerrain("woods", obstacle=1), h("A/f10"): HexTerrain("town", obstacle=1)})
    sc = Scenario("odds", "panzer_leader", MAP, terrain)
    wind = Wind(0, "High")
    odds = paradrop_odds(MAP, terrain, wind, [(h("A/f1"), ["1.1", "1.2"])])
    tally: dict[tuple[str, str], Fraction] = {}
    for drift in range(1, 7):
        for s1 in range(1, 7):
            for s2 in range(1, 7):
                g = new_game(sc, "o")
                g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
                    "wind": {"from": "N", "speed": "High"},
                    "drops": [{"target": "A/f1", "platoons": [{"id": "1", "sticks": 2}]}]}})
                g.apply({"type": "dice", "values": [drift]})
                used = 1
                for face in (s1, s2):
                    if g.waiting_for() is not None:
                        g.apply({"type": "dice", "values": [face]})
                        used += 1
                weight = Fraction(1, 6 ** used) / 6 ** (3 - used)
                for s in g.state.outcomes[-1]["sticks"]:
                    key = (s["id"], s["hex"] if s["status"] == "landed" else s["status"])
                    tally[key] = tally.get(key, Fraction(0)) + weight
    for st in odds.sticks:
        assert tally.get((st.id, "lost"), 0) == st.lost
        assert tally.get((st.id, "eliminated"), 0) == st.eliminated
        assert {h(k[1]): v for k, v in tally.items() if k[0] == st.id and "/" in k[1]} == st.hexes
    assert odds.expected_losses == sum((s.lost + s.eliminated for s in odds.sticks), Fraction(0)) > 0


def test_overlapping_targets_overstack_exactly() -> None:
    odds = paradrop_odds(MAP, Terrain(), Wind(0, "Low"), [(h("A/d5"), [f"a{i}" for i in range(8)]), (h("A/d4"), [f"b{i}" for i in range(8)])])
    # A/d5 gets 8 from its own A..E patterns only if the upwind target adds some: B (6,2) on d4
    # puts 2 there; C (4,2,2) 2; D (2,3,2,1) 3; E (1,2,2,2) 2; F (0,1,1,2,1,1) 1.
    assert odds.overstacked[h("A/d5")] > 0
    assert all(s.total() == 1 for s in odds.sticks)


def test_glider_odds() -> None:
    (g,) = glider_odds(MAP, Wind(4, "Gusty"), [("G1", h("A/f5"), 0)])
    assert g.hexes == {h("A/h3"): Fraction(1, 3), h("A/h4"): Fraction(1, 3), h("A/h5"): Fraction(1, 3)}
    a, b, c = glider_odds(MAP, Wind(3, "Low"), [(f"G{i}", h("A/f5"), 0) for i in range(3)])
    assert a.dispersed == Fraction(1, 3) ** 2  # the other two land in the same hex as it does
    assert a.lost == 0
    (edge,) = glider_odds(MAP, Wind(3, "Low"), [("E", h("A/f2"), 0)])
    assert edge.lost == Fraction(1, 3)
