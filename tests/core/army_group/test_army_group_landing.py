"""Army Group landing (seed 002): waves, drop points, drift, terrain damage, opportunity fire."""

from __future__ import annotations

from typing import Any

import pytest
from airhead.army_group import SYSTEM
from airhead.army_group import opportunity_fire as of
from airhead.army_group.landing import (
    LandingRules,
    check_drop_points,
    count_hits,
    damage_dice,
    displacement_options,
    distance_die_sides,
    drift,
    touchdown,
)
from airhead.boards import HexMap
from airhead.errors import DataError, RulesError
from airhead.game import ActionError, Game
from airhead.hexes import Hex
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

MAP = HexMap.grid([["F", "G"]], 8, 6)


def scenario(terrain: dict[str, HexTerrain] | None = None, settings: dict[str, Any] | None = None, hmap: HexMap = MAP) -> Scenario:
    t = Terrain({hmap.parse(k): v for k, v in (terrain or {}).items()})
    return Scenario("AG test", "army_group", hmap, t, {"army_group": settings or {}})


def rules_of(sc: Scenario) -> LandingRules:
    """The landing rules a scenario's settings give, read by the system's one settings resolver."""
    return LandingRules.from_settings(SYSTEM.settings_of(sc), sc.map)


def h(name: str) -> Hex:
    return MAP.parse(name, allow_offboard=True)


EXAMPLE_TERRAIN = {"F/c2": HexTerrain("fields"), "F/c1": HexTerrain("woods", obstacle=1)}


def example_game() -> Game:
    sc = scenario(EXAMPLE_TERRAIN)
    g = new_game(sc, "ex")
    g.apply({"type": "start", "procedure": "army_group.landing", "params": {
        "groups": {"A": ["F/c5"]},
        "units": [{"id": "US-1", "kind": "paratrooper", "strength": 2},
                  {"id": "US-G", "kind": "glider", "strength": 2}],
        "enemy": [{"id": "GE-1", "hex": "F/d2", "attack": {"paratrooper": 3, "glider": 5}, "fired": 1}],
    }})
    return g


def lines(events: list[Any]) -> list[str]:
    return [e.render() for e in events]


def test_seed_complete_example_step_by_step() -> None:
    g = example_game()
    p = g.waiting_for()
    assert p is not None and p.kind == "roll" and p.dice is not None
    assert p.dice.describe() == "direction d6 + distance d10"
    # the paratrooper comes down in F/c2 (cultivated fields), 3 hexes N of its drop point
    ev = g.apply({"type": "dice", "values": [1, 3]})
    assert ev[-1].cause == "US-1 lands 3 hexes N of F/c5: F/c2"
    # "The Allied player first checks for damage from the landing and rolls one dice."
    p = g.waiting_for()
    assert p is not None and p.dice is not None and p.dice.count == 1
    assert p.rule == "AG Terrain Damage" and p.label == "Terrain damage to US-1 in F/c2 (Cultivated Fields 1, paratroopers): 1 special die (HIT on 6)"
    ev = g.apply({"type": "dice", "values": [3]})
    assert ev[-1].cause == "no HIT: no damage to US-1"
    # "The German player then performs opportunity fire"
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.options == ("GE-1", "no fire") and p.rule == "AG Opportunity Fire"
    ev = g.apply({"type": "choose", "choice": "GE-1"})
    assert lines(ev) == [
        "AG Opportunity Fire info      GE-1 in F/d2 fires at US-1 in F/c2: base attack dice 3 (against paratroopers)",
        "AG Opportunity Fire modifier  -1  opportunity fire",
        "AG Opportunity Fire modifier  -1  terrain (Cultivated Fields)",
        "AG Opportunity Fire modifier  -1  2nd opportunity fire by this unit",
        "AG Opportunity Fire modifier  +1  attack against paratroopers landing adjacent",
        "AG Opportunity Fire result    the defender rolls 1 die",
    ]
    p = g.waiting_for()
    assert p is not None and p.dice is not None and p.dice.count == 1
    g.apply({"type": "dice", "values": [2]})
    g.apply({"type": "choose", "choice": "no fire"})
    # "The next American unit is a glider which lands in F/c1."
    ev = g.apply({"type": "dice", "values": [1, 4]})
    assert ev[-1].cause == "US-G lands 4 hexes N of F/c5: F/c1"
    # "... rolls 4 special dice without taking any damage."
    p = g.waiting_for()
    assert p is not None and p.dice is not None and p.dice.count == 4 and p.rule == "AG Terrain Damage" and "(Woods 4, gliders)" in p.label
    ev = g.apply({"type": "dice", "values": [1, 2, 3, 4]})
    assert ev[-1].cause == "no HIT: no damage to US-G"
    ev = g.apply({"type": "choose", "choice": "GE-1"})
    assert [(e.value, e.cause) for e in ev if e.kind == "modifier"] == [
        (-1, "opportunity fire"),
        (-1, "terrain (Woods)"),
        (-2, "3rd opportunity fire by this unit"),
        (1, "attack against paratroopers landing adjacent"),
    ]
    assert ev[0].cause.endswith("base attack dice 5 (against gliders)")
    assert ev[-1].cause == "the defender rolls 2 dice"
    p = g.waiting_for()
    assert p is not None and p.dice is not None and p.dice.count == 2
    ev = g.apply({"type": "dice", "values": [6, 1]})
    assert ev[-1].cause == "1 HIT: US-G takes 1 loss and is disorganised next game turn"
    g.apply({"type": "choose", "choice": "no fire"})
    assert g.waiting_for() is None
    out = g.state.outcomes[-1]
    assert [(u["id"], u["hex"], u["status"], u["losses"], u["disorganised"]) for u in out["units"]] == [
        ("US-1", "F/c2", "landed", 0, False),
        ("US-G", "F/c1", "landed", 1, True),
    ]
    assert out["enemy"][0]["fired"] == 3
    assert all(e.rule for e in g.events() if not e.cause.startswith("begin "))  # every line cites its rule


def test_fire_dice_pure_function_matches_the_example() -> None:
    assert of.fire_dice(3, -1, "fields", 1, True).total == 1
    assert of.fire_dice(5, -1, "woods", 2, True).total == 2
    assert of.fire_dice(3, 0, "open", 0, False).total == 2
    assert of.fire_dice(1, -1, "woods", 3, False).total == 0  # never below 0
    assert of.terrain_fire_modifier("woods") == (-1, True)
    assert of.terrain_fire_modifier("town") == (0, False)
    assert of.terrain_fire_modifier("town", {"town": -2}) == (-2, True)


def test_waves_land_a_then_b_then_r() -> None:
    g = new_game(scenario(), "w")
    g.apply({"type": "start", "procedure": "army_group.landing", "params": {
        "groups": {"R": ["F/d4"], "A": ["F/c3"], "B": ["F/c3"]},
        "units": [{"id": "r1", "group": "R"}, {"id": "b1", "group": "B"}, {"id": "a1", "group": "A"}],
    }})
    order = []
    for dist in (1, 2, 1):
        p = g.waiting_for()
        assert p is not None
        order.append(p.label.split(" ")[2])
        g.apply({"type": "dice", "values": [4, dist]})  # S: F/c4, F/c5, F/d5
    assert order == ["a1", "b1", "r1"]
    assert [e.cause for e in g.events() if e.cause.startswith("wave")] == [
        "wave A: Group A drops at F/c3", "wave B: Group B drops at F/c3", "wave R: Group R drops at F/d4"]


def test_a_third_group_on_one_drop_hex_is_refused() -> None:
    with pytest.raises(RulesError, match="F/c3 is already the drop point of Groups A and B: at most two Army Groups may choose the same drop hex, so Group R cannot"):
        check_drop_points(MAP, {"A": [h("F/c3")], "B": [h("F/c3")], "R": [h("F/c3")]})
    with pytest.raises(ActionError, match="at most two Army Groups"):
        new_game(scenario(), "x").apply({"type": "start", "procedure": "army_group.landing", "params": {
            "groups": {"A": ["F/c3"], "B": ["F/c3"], "R": ["F/c3"]}, "units": [{"id": "a"}]}})


def test_two_drop_points_need_maps_with_a_common_side() -> None:
    check_drop_points(MAP, {"A": [h("F/c3"), h("G/b4")]})
    four = HexMap.grid([["F", "G"], ["H", "I"]], 8, 6)
    with pytest.raises(RulesError, match="maps without a common side"):
        check_drop_points(four, {"A": [four.parse("F/c3"), four.parse("I/b4")]})
    check_drop_points(four, {"A": [four.parse("F/c3"), four.parse("H/b4")]})


def test_direction_mapping_is_configurable_and_the_distance_die_grows_with_the_maps() -> None:
    rules = rules_of(scenario())
    assert drift(h("F/d4"), 1, 2, rules) == h("F/d2")
    assert drift(h("F/d4"), 4, 1, rules) == h("F/d5")
    assert rules.distance_sides == 10
    custom = rules_of(scenario(settings={"directions": ["S", "SW", "NW", "N", "NE", "SE"]}))
    assert drift(h("F/d4"), 1, 1, custom) == h("F/d5")
    assert distance_die_sides(HexMap.grid([["F", "G"], ["H", "I"]], 8, 6)) == 12
    assert distance_die_sides(HexMap.grid([["F", "G", "H"], ["I", "J", "K"]], 8, 6)) == 12
    with pytest.raises(DataError, match="Direction die faces 1..6: must list 6..6 items"):  # six directions
        rules_of(scenario(settings={"directions": ["N"]}))


def test_off_the_map_is_lost_unless_the_loss_cap_is_reached() -> None:
    rules = rules_of(scenario())
    td = touchdown(MAP, h("F/c2"), 1, 5, rules, frozenset(), frozenset())
    assert td.kind == "lost"
    capped = rules_of(scenario(settings={"max_losses": 1}))
    assert touchdown(MAP, h("F/c2"), 1, 5, capped, frozenset(), frozenset(), lost_so_far=0).kind == "lost"
    td = touchdown(MAP, h("F/c3"), 1, 5, capped, frozenset(), frozenset(), lost_so_far=1)
    assert (td.kind, MAP.name(td.hex)) == ("edge", "F/c1")


def test_occupied_hexes_friendly_and_enemy() -> None:
    sc = scenario()
    g = new_game(sc, "o")
    g.apply({"type": "start", "procedure": "army_group.landing", "params": {
        "groups": {"A": ["F/d5"]},
        "units": [{"id": "u1", "strength": 2}, {"id": "d1", "dummy": True}],
        "friendly": ["F/d3"],
        "enemy": [{"id": "e1", "hex": "F/d1", "attack": {"paratrooper": 2}}],
    }})
    g.apply({"type": "dice", "values": [1, 2]})  # F/d3: friendly-occupied
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.rule == "AG Landing"
    assert set(p.options) == {"F/d2", "F/e2", "F/e3", "F/d4", "F/c3", "F/c2"}
    g.apply({"type": "choose", "choice": "F/e3"})
    g.apply({"type": "choose", "choice": "no fire"})
    ev = g.apply({"type": "dice", "values": [1, 4]})  # F/d1: enemy-occupied, the dummy is eliminated
    assert ev[-3].cause == "F/d1 is held by the enemy: d1 takes a loss"  # a landing dummy: eliminated by any loss
    assert ev[-2].cause == "d1 is eliminated"
    assert ev[-1].cause.startswith("landing complete: 1 landed, 0 lost off the map, 1 eliminated")
    out = g.state.outcomes[-1]["units"]
    assert [(u["id"], u["hex"], u["status"]) for u in out] == [("u1", "F/e3", "landed"), ("d1", "F/d1", "eliminated")]


def test_displacement_options_are_free_adjacent_hexes_on_the_map() -> None:
    opts = displacement_options(MAP, h("F/a1"), frozenset({h("F/b1")}), frozenset())
    assert sorted(MAP.name(o) for o in opts) == ["F/a2", "F/b2"]


def test_terrain_damage_table_with_plus_one_rows() -> None:
    rules = rules_of(scenario(settings={"bunkers": ["F/d3"]}))
    t = Terrain({h("F/d3"): HexTerrain("fields", trench=True), h("F/a5"): HexTerrain("road")})
    t = t.add_side(h("F/d3"), 3, "river_side")
    assert damage_dice(t, h("F/d3"), "paratrooper", rules) == (3, ("Cultivated Fields 1", "Trenches +1", "Bunker ok", "River side +1"))
    assert damage_dice(t, h("F/d3"), "glider", rules)[0] == 4
    assert damage_dice(t, h("F/a5"), "glider", rules) == (0, ("Open Ground ok",))
    assert damage_dice(Terrain({h("F/a1"): HexTerrain("hills")}), h("F/a1"), "glider", rules)[0] == 1
    t2 = Terrain().add_side(h("F/a1"), 0, "stream_side")
    assert damage_dice(t2, h("F/a1"), "paratrooper", rules)[0] == 0
    assert damage_dice(t2, h("F/a1"), "glider", rules)[0] == 1


def test_hit_faces_is_a_setting() -> None:
    assert count_hits([1, 2, 3, 4, 5, 6], 1) == 1
    assert count_hits([1, 2, 3, 4, 5, 6], 2) == 2
    rules = rules_of(scenario(settings={"hit_faces": 3}))
    assert rules.hit_faces == 3 and rules.describe_hits() == "HIT on 4-6"
    with pytest.raises(DataError, match="HIT faces of a special die: must be a whole number 0..6, not 7"):
        rules_of(scenario(settings={"hit_faces": 7}))


def test_terrain_hits_eliminate_a_unit() -> None:
    g = new_game(scenario({"F/c2": HexTerrain("woods", obstacle=1)}), "x")
    g.apply({"type": "start", "procedure": "army_group.landing", "params": {
        "groups": {"A": ["F/c5"]}, "units": [{"id": "u", "strength": 2}]}})
    g.apply({"type": "dice", "values": [1, 3]})
    ev = g.apply({"type": "dice", "values": [6, 6, 1]})
    assert [e.cause for e in ev[-3:-1]] == ["2 HITs: u takes 2 losses", "u is eliminated"]
    assert g.state.outcomes[-1]["units"][0]["status"] == "eliminated"
