"""The Army Group landing's rules audit (issue #10 items 13-15): each test quotes the rule of
seed 002 it checks."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from airhead.army_group import SYSTEM
from airhead.army_group.forces import Paratrooper
from airhead.army_group.landing import LandingRules
from airhead.army_group.odds import unit_odds
from airhead.boards import HexMap
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game
from airhead.terrain import HexTerrain, Terrain, Water

MAP = HexMap.grid([["F", "G"]], 8, 6)
NAME = "army_group.landing"
DUMMY_NOTE = '(setting "Which unit is the dummy in an enemy-occupied hex": '


def scenario(settings: dict[str, Any] | None = None, terrain: dict[str, HexTerrain] | None = None) -> Scenario:
    t = Terrain({MAP.parse(k): v for k, v in (terrain or {}).items()})
    return Scenario("AG audit", "army_group", MAP, t, {"army_group": settings or {}})


def start(g: Game, units: list[dict[str, Any]], enemy: list[dict[str, Any]] | None = None, drop: str = "F/d5") -> None:
    g.apply({"type": "start", "procedure": NAME, "params": {"groups": {"A": [drop]}, "units": units, "enemy": enemy or []}})


def causes(events: list[Any]) -> list[str]:
    return [e.cause for e in events]


# ---------------------------------------------------------------------- item 13: the dummy
def test_the_dummy_is_the_enemy_occupant_by_default() -> None:
    # "If, on the other hand, they land in an occupied hex, the player moves it to an adjacent hex
    # of their choice. If the hex was occupied by an enemy unit, the paratrooper unit will take a
    # loss even if it was a dummy; in this case the dummy is eliminated."
    g = new_game(scenario(), "d")
    start(g, [{"id": "u", "strength": 2}, {"id": "v"}], [{"id": "Pz?", "hex": "F/d1", "attack": {"paratrooper": 3}, "dummy": True}])
    p = g.waiting_for()
    assert p is not None and p.label == "Landing of u (paratrooper, Group A) from drop point F/d5: direction and distance dice"
    ev = g.apply({"type": "dice", "values": [1, 4]})  # F/d1, held by the enemy dummy
    assert causes(ev)[-2:] == [
        "F/d1 is held by the enemy: u takes a loss",
        f"Pz? in F/d1 was a dummy: it is eliminated {DUMMY_NOTE}the dummy is the enemy unit in the hex)"]
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.rule == "AG Landing"  # still moved to an adjacent hex
    g.apply({"type": "choose", "choice": "F/d2"})
    # the eliminated dummy neither fires nor holds its hex any more
    assert g.waiting_for() is not None and g.waiting_for().label.startswith("Landing of v")  # type: ignore[union-attr]
    ev = g.apply({"type": "dice", "values": [1, 4]})
    assert causes(ev)[-3] == "v lands 4 hexes N of F/d5: F/d1"
    assert g.waiting_for() is None
    out = g.state.outcomes[-1]
    assert [(u["id"], u["hex"], u["losses"], u["status"]) for u in out["units"]] == [("u", "F/d2", 1, "landed"), ("v", "F/d1", 0, "landed")]
    assert out["enemy"] == [{"id": "Pz?", "hex": "F/d1", "attack": {"paratrooper": 3}, "fired": 0, "dummy": True, "eliminated": True}]


def test_an_enemy_dummy_does_not_fire_and_a_real_unit_stays() -> None:
    g = new_game(scenario(), "f")
    start(g, [{"id": "u", "strength": 3}], [{"id": "Gren", "hex": "F/d1", "attack": {"paratrooper": 2}},
                                            {"id": "Fake", "hex": "F/e1", "attack": {"paratrooper": 2}, "dummy": True}])
    g.apply({"type": "dice", "values": [1, 4]})  # F/d1: the real unit, which stays
    g.apply({"type": "choose", "choice": "F/d2"})
    p = g.waiting_for()
    assert p is not None and p.options == ("Gren", "no fire")  # a dummy makes no opportunity fire


def test_a_setting_keeps_the_other_reading_the_landing_unit_is_the_dummy() -> None:
    g = new_game(scenario({"dummy": "landing"}), "l")
    start(g, [{"id": "d1", "dummy": True}, {"id": "u", "strength": 2}],
          [{"id": "Pz?", "hex": "F/d1", "attack": {"paratrooper": 3}, "dummy": True}])
    ev = g.apply({"type": "dice", "values": [1, 4]})
    assert causes(ev)[-2:] == [
        f"F/d1 is held by the enemy: d1 takes a loss (it was a dummy: it is eliminated) {DUMMY_NOTE}the dummy is the landing unit)",
        "d1 is eliminated"]
    ev = g.apply({"type": "dice", "values": [1, 4]})  # the enemy 'dummy' counts as a unit: it stays
    assert causes(ev)[-1] == "F/d1 is held by the enemy: u takes a loss"
    g.apply({"type": "choose", "choice": "F/d2"})
    assert g.waiting_for() is not None and "Pz?" in g.waiting_for().options  # type: ignore[union-attr]
    assert SYSTEM.rules.settings.field("dummy").default == "enemy"


# ---------------------------------------------------------------------- item 14: loss cap and water
def test_the_loss_cap_lands_on_the_edge_or_rolls_again_and_says_so() -> None:
    # "If the unit lands off the hex map, it will be considered lost for the rest of the game. In
    # some scenarios there is a maximum number of units that can be lost in order to allow a
    # 'balanced game'."
    g = new_game(scenario({"max_losses": 0}), "e")
    start(g, [{"id": "u"}], drop="F/d3")
    ev = g.apply({"type": "dice", "values": [1, 9]})
    assert causes(ev)[2] == ("the scenario's cap of 0 units lost is reached: u lands on the map edge in F/d1 "
                             '(setting "At the cap of units lost": it lands on the last hex of its drift line on the map)')
    g = new_game(scenario({"max_losses": 0, "loss_cap": "reroll"}), "r")
    start(g, [{"id": "u"}], drop="F/d3")
    ev = g.apply({"type": "dice", "values": [1, 9]})
    assert causes(ev)[-1] == ("u would drift 9 hexes N of F/d3, off the map, but the scenario's cap of 0 units lost is reached: "
                              'its dice are rolled again (setting "At the cap of units lost": its dice are rolled again)')
    p = g.waiting_for()
    assert p is not None and p.label.startswith("Landing of u ")
    ev = g.apply({"type": "dice", "values": [4, 1]})
    assert causes(ev)[2] == "u lands 1 hex S of F/d3: F/d4"
    # the odds: a roll that is rolled again does not count; nothing is ever lost
    sc = scenario({"max_losses": 0, "loss_cap": "reroll"})
    rules = LandingRules.from_settings(SYSTEM.settings_of(sc), MAP)
    odds = unit_odds(MAP, sc.terrain, Paratrooper("u"), MAP.parse("F/d3"), rules)
    assert odds.lost == 0 and odds.total() == 1 and odds.hexes["F/d4"] == odds.hexes["F/d1"]


@pytest.mark.parametrize("reading", ["no damage", "eliminated"])
def test_landing_in_water_is_a_setting_flagged_in_the_log(reading: str) -> None:
    # The terrain-damage table ("OPEN GROUND ok ... STREAM SIDE ok + 1 dice") has no water row.
    water = {"F/d4": HexTerrain("water", water=Water("pond"))}
    g = new_game(scenario({"water": reading}, water), "w")
    start(g, [{"id": "u", "strength": 2}], drop="F/d3")
    ev = g.apply({"type": "dice", "values": [4, 1]})
    if reading == "eliminated":
        assert causes(ev)[-2] == 'u lands in water in F/d4: eliminated (setting "Landing in water": a unit landing in water is eliminated)'
        assert g.state.outcomes[-1]["units"][0]["status"] == "eliminated"
    else:
        assert causes(ev)[-2] == ('no terrain damage to u in F/d4 (Water: no row in the table, paratroopers) '
                                  '(setting "Landing in water": no row, no damage dice)')
        assert g.state.outcomes[-1]["units"][0]["status"] == "landed"
    sc = scenario({"water": reading}, water)
    odds = unit_odds(MAP, sc.terrain, Paratrooper("u", strength=2), MAP.parse("F/d3"), LandingRules.from_settings(SYSTEM.settings_of(sc), MAP))
    assert odds.eliminated == (Fraction(1, 60) if reading == "eliminated" else 0)


# ---------------------------------------------------------------------- item 15: clean ids, plain words
CLEAN_AG = re.compile(r"^AG (Landing|Terrain Damage|Opportunity Fire)$")


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e"])
def test_rule_ids_are_clean_and_the_log_speaks_plain_words(seed: str) -> None:
    # Issue #10 item 15: "Rule ids in events are clean ids ('PL II.C', 'AG Landing') with the data
    # in the text, as ASL's are; no 'not in the seed' developer wording in the log."
    sc = builtin("army_group_drop")
    g = new_game(sc, seed)
    plan = sc.settings["army_group"]["plan"]
    g.apply({"type": "start", "procedure": NAME, "params": plan})
    prompts = []
    while (p := g.waiting_for()) is not None:
        prompts.append(p.rule)
        assert "dummy" not in p.label.lower().replace("a-3 dummy", "")  # no prompt says which unit is a dummy
        g.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": p.options[0]})
    assert all(CLEAN_AG.match(r) for r in prompts)
    for e in g.events():
        assert e.rule == "" or CLEAN_AG.match(e.rule), e.rule
    text = "\n".join(g.log_lines())
    for bad in ("{'", "[{", "'}", "@", "not in the seed", "True", "None", "(direction die)", "(off the map)"):
        assert bad not in text, bad
    assert "A-1 Para (paratrooper, Group A, strength 2)" in g.log_lines()[0] and "enemy: GE Inf 1 in F/d2" in g.log_lines()[0]


def test_settings_with_their_rules_and_defaults() -> None:
    fields = {f.key: f for f in SYSTEM.rules.settings}
    assert (fields["dummy"].default, fields["dummy"].rule) == ("enemy", "AG Landing")
    assert (fields["loss_cap"].default, fields["loss_cap"].rule) == ("edge", "AG Landing")
    assert (fields["water"].default, fields["water"].rule) == ("no damage", "AG Terrain Damage")
    assert all(not re.search(r"\(", f.rule) for f in SYSTEM.rules.settings)  # clean ids in the forms too
    assert "seed" not in " ".join(f.help for f in SYSTEM.rules.settings)
