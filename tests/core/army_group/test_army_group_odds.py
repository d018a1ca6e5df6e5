"""Army Group odds: exact, and the same as resolving every dice outcome through the procedure."""

from __future__ import annotations

from fractions import Fraction

from airhead.army_group import SYSTEM
from airhead.army_group.forces import Paratrooper
from airhead.army_group.landing import LandingRules
from airhead.army_group.odds import hits_distribution, unit_odds
from airhead.boards import HexMap
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game
from airhead.terrain import HexTerrain, Terrain
from playing import play_out

MAP = HexMap.grid([["F"]], 6, 5)


def rules_of(sc: Scenario) -> LandingRules:
    """The landing rules a scenario's settings give, read by the system's one settings resolver."""
    return LandingRules.from_settings(SYSTEM.settings_of(sc), sc.map)


def test_hits_distribution() -> None:
    assert hits_distribution(0, 1) == {0: 1}
    d = hits_distribution(2, 1)
    assert d == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    assert hits_distribution(1, 3) == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_odds_match_the_procedure_outcome_by_outcome() -> None:
    terrain = Terrain({MAP.parse("F/c2"): HexTerrain("fields"), MAP.parse("F/c1"): HexTerrain("fields")})
    sc = Scenario("odds", "army_group", MAP, terrain, {"army_group": {"hit_faces": 2}})
    rules = rules_of(sc)
    unit = Paratrooper("u", strength=1)
    drop = MAP.parse("F/c3")
    odds = unit_odds(MAP, terrain, unit, drop, rules, friendly=frozenset({MAP.parse("F/c4")}))
    assert odds.total() == 1
    tally: dict[str, Fraction] = {}
    for face in range(1, 7):
        for dist in range(1, 11):
            for special in range(1, 7):
                g = new_game(sc, "o")
                g.apply({"type": "start", "procedure": "army_group.landing", "params": {
                    "groups": {"A": ["F/c3"]}, "units": [{"id": "u"}], "friendly": ["F/c4"]}})
                g.apply({"type": "dice", "values": [face, dist]})
                p = g.waiting_for()
                if p is not None and p.kind == "choice":  # displaced: least damage, first on a tie
                    g.apply({"type": "choose", "choice": p.options[0]})
                    p = g.waiting_for()
                if p is not None:
                    g.apply({"type": "dice", "values": [special]})
                    weight = Fraction(1, 360)
                else:
                    weight = Fraction(1, 60)
                u = g.state.outcomes[-1]["units"][0]
                key = u["hex"] if u["status"] == "landed" else u["status"]
                tally[key] = tally.get(key, Fraction(0)) + weight / (6 if p is None else 1)
    assert tally.get("lost", 0) == odds.lost
    assert tally.get("eliminated", 0) == odds.eliminated
    assert {k: v for k, v in tally.items() if "/" in k} == odds.hexes
    # a d10 from the middle of a 6x5 map: most drops leave the map
    assert odds.lost > Fraction(1, 2)
    assert odds.displaced == Fraction(1, 60)  # direction S, distance 1 only


def test_builtin_sample_odds() -> None:
    sc = builtin("army_group_drop")
    rules = rules_of(sc)
    assert rules.distance_sides == 10 and rules.bunkers == frozenset({sc.map.parse("G/c5")})
    plan = sc.settings["army_group"]["plan"]
    unit = Paratrooper.from_data(plan["units"][0])
    enemy = frozenset(sc.map.parse(e["hex"]) for e in plan["enemy"])
    odds = unit_odds(sc.map, sc.terrain, unit, sc.map.parse("F/d5"), rules, enemy=enemy)
    assert odds.total() == 1 and 0 < odds.expected_losses < 2
    g = new_game(sc, "sample")
    g.apply({"type": "start", "procedure": "army_group.landing", "params": {}})
    play_out(g)
    assert g.waiting_for() is None and len(g.state.outcomes[-1]["units"]) == 6
    assert all(e.rule.startswith("AG ") for e in g.events() if not e.cause.startswith("begin "))  # every line cites its rule
