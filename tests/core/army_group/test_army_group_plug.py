"""The Army Group landing on the systems plug: settings schema, form defaults from the scenario's
plan, odds (the old planner's lines), views, summary and the units a landing puts on the map."""

from __future__ import annotations

import base64
import copy
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from airhead.army_group import SYSTEM
from airhead.army_group.landing_procedures import ArmyGroupLanding, Drop
from airhead.army_group.forces import Paratrooper, enemy_data, enemy_unit
from airhead.army_group.landing import LandingRules
from airhead.boards import HexMap
from airhead.codec import FORMAT_VERSION, CodecError, decode_link, decode_save
from airhead.errors import ActionError, DataError, RulesError
from airhead.game import Game
from airhead.hexes import DIRECTION_NAMES
from airhead.plug import View
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game
from airhead.terrain import HexTerrain, Terrain

SC = builtin("army_group_drop")
NAME = "army_group.landing"
MAP = HexMap.grid([["F", "G"]], 8, 6)
EXAMPLE = {
    "groups": {"A": ["F/c5"]},
    "units": [{"id": "US-1", "kind": "paratrooper", "strength": 2}, {"id": "US-G", "kind": "glider", "strength": 2}],
    "enemy": [{"id": "GE-1", "hex": "F/d2", "attack": {"paratrooper": 3, "glider": 5}, "fired": 1}],
}


def scenario(settings: dict[str, Any] | None = None, terrain: dict[str, HexTerrain] | None = None, hmap: HexMap = MAP) -> Scenario:
    t = Terrain({hmap.parse(k): v for k, v in (terrain or {}).items()})
    return Scenario("AG plug", "army_group", hmap, t, {"army_group": settings or {}})


def rules_of(sc: Scenario) -> LandingRules:
    """The landing rules a scenario's settings give, read by the system's one settings resolver."""
    return LandingRules.from_settings(SYSTEM.settings_of(sc), sc.map)


def proc() -> ArmyGroupLanding:
    p = SYSTEM.procedure(NAME)
    assert isinstance(p, ArmyGroupLanding)
    return p


def play_example(sides: list[str] | None = None) -> Game:
    """The seed's complete example (see test_army_group_landing), played to the end."""
    settings = {"sides": sides} if sides else {}
    g = new_game(scenario(settings, {"F/c2": HexTerrain("fields"), "F/c1": HexTerrain("woods", obstacle=1)}), "ex")
    g.apply({"type": "start", "procedure": NAME, "params": EXAMPLE})
    for a in ({"type": "dice", "values": [1, 3]}, {"type": "dice", "values": [3]}, {"type": "choose", "choice": "GE-1"},
              {"type": "dice", "values": [2]}, {"type": "choose", "choice": "no fire"}, {"type": "dice", "values": [1, 4]},
              {"type": "dice", "values": [1, 2, 3, 4]}, {"type": "choose", "choice": "GE-1"}, {"type": "dice", "values": [6, 1]},
              {"type": "choose", "choice": "no fire"}):
        g.apply(a)
    assert g.waiting_for() is None
    return g


# ---------------------------------------------------------------------------- the system
def test_one_procedure_and_the_drop_turn_track() -> None:
    assert list(SYSTEM.procedures) == [NAME]
    assert proc().title == "Army Group landing"
    assert SYSTEM.rules.settings_root == "army_group"
    g = new_game(SC, "t")
    assert g.state.describe_turn() == "Game Turn 1: Landing (the drop turn) (Landing)"
    ev = g.apply({"type": "advance"})
    assert ev[-1].render().split(None, 3)[-1] == "Game Turn 1: rest of the game turn (standard rules) (Rest)"
    assert ev[-1].rule == "AG Landing"
    g.apply({"type": "advance"})
    assert g.state.describe_turn() == "Game Turn 2: Landing (the drop turn) (Landing)"


# ---------------------------------------------------------------------------- settings
def test_settings_are_typed_with_the_tables_defaults() -> None:
    s = SYSTEM.settings_of(scenario())
    assert [DIRECTION_NAMES[d] for d in s["directions"]] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert (s["distance_die"], s["hit_faces"], s["max_losses"], s["bunkers"], s["fire_terrain"], s["plan"]) == (None, 1, None, (), None, None)
    assert s["sides"] == ("Allied", "Axis")
    rules = LandingRules.from_settings(s, MAP)
    assert rules == rules_of(scenario())
    assert (rules.distance_sides, rules.hit_faces, rules.max_losses, rules.bunkers, rules.fire_terrain) == (10, 1, None, frozenset(), None)
    four = HexMap.grid([["F", "G"], ["H", "I"]], 8, 6)
    assert rules_of(scenario(hmap=four)).distance_sides == 12
    custom = SYSTEM.settings_of(scenario({"distance_die": 6, "hit_faces": 2, "max_losses": 0, "bunkers": ["F/c3"],
                                          "fire_terrain": {"town": -2}, "sides": ["US", "Germany"]}))
    rules = LandingRules.from_settings(custom, MAP)
    assert (rules.distance_sides, rules.hit_faces, rules.max_losses, rules.bunkers, rules.fire_terrain) == (
        6, 2, 0, frozenset({MAP.parse("F/c3")}), {"town": -2})
    # the one resolver: the game's settings are the system's reading of the scenario
    g = new_game(scenario({"hit_faces": 3}), "s")
    assert LandingRules.of(g.state) == rules_of(scenario({"hit_faces": 3}))
    assert g.state.sides == ("Allied", "Axis")


def test_the_plan_setting_reuses_the_landings_fields() -> None:
    fields = SYSTEM.rules.settings.field("plan").fields
    assert fields == proc().params.fields
    plan = SYSTEM.settings_of(SC)["plan"]
    assert plan["groups"]["B"] == (SC.map.parse("F/h4"), SC.map.parse("G/c3"))
    assert plan["units"][2] == {"id": "A-3 Dummy", "group": "A", "kind": "paratrooper", "drop": 0, "strength": 1, "dummy": True}
    assert plan["enemy"][0]["hex"] == SC.map.parse("F/d2") and plan["enemy"][0]["attack"] == {"paratrooper": 3, "glider": 5}


BAD_SETTINGS = [
    ({"directions": ["N"]}, "Direction die faces 1..6: must list 6..6 items"),
    ({"directions": ["N", "NE", "SE", "S", "SW", "W"]}, "Direction die faces 1..6 6: must be one of N, NE, SE, S, SW, NW"),
    ({"distance_die": 1}, "Distance die \\(sides\\): must be a whole number 2..20, not 1"),
    ({"distance_die": True}, "Distance die \\(sides\\): must be a whole number"),
    ({"hit_faces": 7}, "HIT faces of a special die: must be a whole number 0..6, not 7"),
    ({"max_losses": -1}, "Most units lost off the map: must be a whole number >= 0"),
    ({"bunkers": ["Z/a1"]}, "Bunkers 1: Z/a1: there is no board Z"),
    ({"bunkers": "F/c3"}, "Bunkers: must list"),
    ({"fire_terrain": {"woods": "x"}}, "Opportunity fire terrain modifiers woods: must be a whole number"),
    ({"fire_terrain": {"woods": True}}, "Opportunity fire terrain modifiers woods: must be a whole number"),
    ({"fire_terrain": [1]}, "Opportunity fire terrain modifiers: must be an object"),
    ({"sides": ["Allied"]}, "Sides"),
    ({"colour": "red"}, "unknown setting\\(s\\): colour"),
    ({"plan": []}, "Written landing plan: must be an object"),
    ({"plan": {"drops": []}}, "Written landing plan: unknown field\\(s\\): drops"),
    ({"plan": {"units": [{}]}}, "Written landing plan, Landing units 1, Unit: missing"),
    ({"plan": {"units": [{"id": "u", "dummy": "yes"}]}}, "Landing units 1, Dummy: must be yes or no"),
    ({"plan": {"units": [{"id": "u", "kind": "tank"}]}}, "Landing units 1, Kind: must be one of paratrooper, glider"),
    ({"plan": {"units": [{"id": "u", "size": 2}]}}, "Landing units 1: unknown field\\(s\\): size"),
    ({"plan": {"groups": {"Q": ["F/c3"]}}}, "Drop points: unknown field\\(s\\): Q"),
    ({"plan": {"groups": {"A": []}}}, "Drop points, Group A: must list 1..2 items"),
    ({"plan": {"groups": {"A": ["F/c3", "F/c4", "F/c5"]}}}, "Drop points, Group A: must list 1..2 items"),
    ({"plan": {"groups": {"A": ["F/z99"]}}}, "Drop points, Group A 1: F/z99"),
    ({"plan": {"enemy": [{"id": "e", "hex": "F/c3", "attack": {"tank": 2}}]}}, "unknown entry “tank” \\(one of paratrooper, glider\\)"),
    ({"plan": {"enemy": [{"id": "e", "hex": "F/c3", "attack": {"glider": 13}}]}}, "Base attack dice by target kind glider: must be a whole number 0..12, not 13"),
    ({"plan": {"enemy": [{"id": "e"}]}}, "Enemy units \\(opportunity fire\\) 1, Hex: missing"),
    ({"plan": {"friendly": ["nowhere"]}}, "“nowhere” is not a hex name"),
]


@pytest.mark.parametrize("settings, message", BAD_SETTINGS)
def test_malformed_settings_and_plans_are_refused_with_a_data_error(settings: dict[str, Any], message: str) -> None:
    sc = scenario(settings)
    with pytest.raises(DataError, match="^settings: .*" + message):
        SYSTEM.settings_of(sc)
    with pytest.raises(DataError, match=message):
        new_game(sc, "x")
    with pytest.raises(DataError, match=message):
        rules_of(sc)


def test_settings_outside_the_army_group_key_are_refused() -> None:
    sc = Scenario("AG plug", "army_group", MAP, Terrain(), {"army_group": {}, "wind": 3})
    with pytest.raises(DataError, match="unknown setting\\(s\\) for Army Group .*: wind"):
        new_game(sc, "x")


def test_a_hostile_link_with_a_malformed_plan_fails_at_decode() -> None:
    data = SC.to_data()
    data["settings"] = copy.deepcopy(data["settings"])
    data["settings"]["army_group"]["plan"] = {"units": [{}]}
    save = {"airhead": FORMAT_VERSION, "scenario": data, "seed": "x", "actions": [{"type": "start", "procedure": NAME, "params": {}}]}
    text = json.dumps(save)
    with pytest.raises(CodecError, match="scenario: settings: Written landing plan, Landing units 1, Unit: missing"):
        decode_save(text)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"))).decode("ascii").rstrip("=")
    with pytest.raises(CodecError, match="Written landing plan, Landing units 1, Unit: missing"):
        decode_link(f"#a{FORMAT_VERSION}.{packed}")


# ---------------------------------------------------------------------------- parameters
def test_form_defaults_are_the_scenarios_written_plan() -> None:
    g = new_game(SC, "d")
    raw = SC.settings["army_group"]["plan"]
    d = proc().defaults(g.state)
    assert d["groups"] == raw["groups"]
    blank = {"group": "A", "kind": "paratrooper", "drop": 0, "strength": 1, "dummy": False}
    assert d["units"] == [dict(blank, **u) for u in raw["units"]]
    assert d["enemy"] == [dict({"fired": 0, "dummy": False}, **e) for e in raw["enemy"]]
    assert d["friendly"] == []
    json.dumps(d)  # plain JSON, ready for the form
    # the form's values read exactly as the plan the start falls back on
    assert proc().read(g.state, d) == proc().read(g.state, {})
    # a scenario without a plan: the fields' own defaults
    assert proc().defaults(new_game(scenario(), "e").state) == {"groups": {}, "units": [], "enemy": [], "friendly": []}


def test_parameters_left_out_come_from_the_plan() -> None:
    g = new_game(SC, "f")
    ev = g.apply({"type": "start", "procedure": NAME, "params": {"units": [{"id": "solo", "group": "R"}]}})
    assert [e.cause for e in ev if e.cause.startswith("wave")] == [
        "wave A: Group A drops at F/d5", "wave B: Group B drops at F/h4 and G/c3", "wave R: Group R drops at G/f6"]
    p = g.waiting_for()
    assert p is not None and p.label == "Landing of solo (paratrooper, Group R) from drop point G/f6: direction and distance dice"
    assert g.log_lines()[0] == "#1 start Army Group landing: 1 landing unit: solo (paratrooper, Group R)"
    d = g.state.procedure.data if g.state.procedure else None
    assert isinstance(d, Drop) and [e.id for e in d.enemy] == ["GE Inf 1", "GE Inf 2", "GE MG"]


def test_start_refusals_become_action_errors() -> None:
    g = new_game(scenario(), "r")

    def start(params: dict[str, Any]) -> None:
        g.apply({"type": "start", "procedure": NAME, "params": params})

    with pytest.raises(ActionError, match="unknown parameter\\(s\\): wind"):
        start({"wind": 3, "units": [{"id": "u"}]})
    with pytest.raises(ActionError, match="AG Landing: the landing needs at least one unit"):
        start({"groups": {"A": ["F/c3"]}})
    with pytest.raises(ActionError, match="unit ids must be unique"):
        start({"groups": {"A": ["F/c3"]}, "units": [{"id": "u"}], "enemy": [{"id": "u", "hex": "F/d2"}]})
    with pytest.raises(ActionError, match="AG Landing: u: Group B has no drop point"):
        start({"groups": {"A": ["F/c3"]}, "units": [{"id": "u", "group": "B"}]})
    with pytest.raises(ActionError, match="AG Landing: u: Group A has no second drop point"):
        start({"groups": {"A": ["F/c3"]}, "units": [{"id": "u", "drop": 1}]})
    with pytest.raises(ActionError, match="Landing units 1, Strength \\(losses it can take\\): must be a whole number 1..20, not 0"):
        start({"groups": {"A": ["F/c3"]}, "units": [{"id": "u", "strength": 0}]})
    assert g.state.procedure is None and not g.entries


def test_landing_and_enemy_units_are_read_through_fields() -> None:
    assert Paratrooper.from_data({"id": "x", "dummy": True}) == Paratrooper("x", dummy=True)
    with pytest.raises(DataError, match="a landing unit: unknown field\\(s\\): bogus"):
        Paratrooper.from_data({"id": "x", "bogus": 1})
    with pytest.raises(DataError, match="a landing unit, Army Group: must be one of A, B, R"):
        Paratrooper.from_data({"id": "x", "group": "Q"})
    e = enemy_unit({"id": "GE", "hex": MAP.parse("F/d2"), "attack": {"glider": 4}, "fired": 2}, "Axis")
    assert (e.side, e.hex, dict(e.facts)) == ("Axis", MAP.parse("F/d2"), {"attack.glider": 4, "fired": 2})
    assert enemy_data(e, MAP) == {"id": "GE", "hex": "F/d2", "attack": {"glider": 4}, "fired": 2}


# ---------------------------------------------------------------------------- odds
#: What the old planner (present.plan_odds before the plug) printed for the built-in sample.
OLD_SAMPLE_LINES = (
    "A-1 Para: lost 53.3%, eliminated 0.0%, displaced 1.7%, expected losses 1.10",
    "A-2 Para: lost 53.3%, eliminated 0.0%, displaced 1.7%, expected losses 1.10",
    "A-3 Dummy: lost 53.3%, eliminated 3.6%, displaced 0.0%, expected losses 0.57",
    "B-1 Glider: lost 41.7%, eliminated 0.3%, displaced 1.7%, expected losses 0.87",
    "B-2 Para: lost 43.3%, eliminated 0.0%, displaced 3.3%, expected losses 0.91",
    "R-1 Glider HQ: lost 50.0%, eliminated 4.2%, displaced 0.0%, expected losses 0.54",
)
OLD_NOTE = "Opportunity fire is not included (it depends on the defender)."


def test_odds_are_the_old_planners_lines_and_heat() -> None:
    g = new_game(SC, "o")
    p = proc()
    odds = p.odds(g.state, p.read(g.state, p.defaults(g.state)))
    assert odds.lines == OLD_SAMPLE_LINES
    assert odds.notes == (OLD_NOTE,)
    v = odds.view
    assert (v.heat_unit, v.heat_label) == ("units", "expected units ending alive in each hex")
    heat = {SC.map.name(h): x for h, x in v.heat}
    assert len(heat) == 99 and sum(heat.values()) == pytest.approx(2.967438271604935)
    assert heat["F/d1"] == pytest.approx(0.1) and heat["G/d5"] == pytest.approx(0.008037551440329218)
    assert [(SC.map.name(h), role) for h, role in v.marks] == [
        ("F/d5", "target"), ("F/h4", "target"), ("G/c3", "target"), ("G/f6", "target")]
    facts = {f.key: f.value for f in odds.facts}
    assert facts["units"] == "6" and facts["alive"] == "2.97"
    # the start action's own reading: no parameters at all is the written plan
    assert p.odds(g.state, p.read(g.state, {})).lines == OLD_SAMPLE_LINES


def test_odds_with_settings_match_the_old_planner() -> None:
    m = HexMap.grid([["F", "G"], ["H", "I"]], 8, 6)
    sc = scenario({"hit_faces": 2, "max_losses": 1, "directions": ["S", "SW", "NW", "N", "NE", "SE"], "bunkers": ["H/d3"]},
                  {"F/c2": HexTerrain("woods", obstacle=1), "G/b3": HexTerrain("town", obstacle=1),
                   "H/d3": HexTerrain("fields", trench=True)}, m)
    params = {"groups": {"A": ["F/e5", "H/c2"], "R": ["G/b4"]},
              "units": [{"id": "a1", "strength": 3}, {"id": "a2", "kind": "glider", "drop": 1, "strength": 2},
                        {"id": "d", "dummy": True, "drop": 1}, {"id": "r", "group": "R", "kind": "glider"}],
              "enemy": [{"id": "e", "hex": "G/b3", "attack": {"paratrooper": 2}}], "friendly": ["F/e4", "H/c3"]}
    g = new_game(sc, "o")
    odds = proc().odds(g.state, proc().read(g.state, params))
    assert odds.lines == (
        "a1: lost 45.8%, eliminated 0.0%, displaced 2.8%, expected losses 1.39",
        "a2: lost 51.4%, eliminated 0.9%, displaced 1.4%, expected losses 1.06",
        "d: lost 51.4%, eliminated 1.7%, displaced 1.4%, expected losses 0.53",
        "r: lost 47.2%, eliminated 1.4%, displaced 0.0%, expected losses 0.49",
    )
    heat = {m.name(h): x for h, x in odds.view.heat}
    assert len(heat) == 93 and sum(heat.values()) == pytest.approx(2.0010288065843587)
    assert heat["H/d3"] == pytest.approx(0.01646090534979424) and heat["F/e6"] == pytest.approx(0.027777777777777776)


def test_odds_refuse_what_the_start_refuses() -> None:
    g = new_game(scenario(), "o")
    p = proc()
    with pytest.raises(RulesError, match="at most two Army Groups"):
        p.odds(g.state, p.read(g.state, {"groups": {"A": ["F/c3"], "B": ["F/c3"], "R": ["F/c3"]}, "units": [{"id": "a"}]}))
    with pytest.raises(RulesError, match="needs at least one unit"):
        p.odds(g.state, p.read(g.state, {"groups": {"A": ["F/c3"]}}))
    assert p.has_odds and not p.has_heatmap


# ---------------------------------------------------------------------------- the map
def test_view_while_under_way() -> None:
    g = new_game(scenario({}, {"F/c2": HexTerrain("fields")}), "v")
    g.apply({"type": "start", "procedure": NAME, "params": EXAMPLE})
    p = proc()
    assert g.state.procedure is not None
    h = MAP.parse
    assert p.view(g.state, g.state.procedure) == View(marks=((h("F/c5"), "target"),))
    g.apply({"type": "dice", "values": [1, 3]})  # US-1 comes down in F/c2
    assert p.view(g.state, g.state.procedure) == View(marks=((h("F/c5"), "target"),), paths=((h("F/c5"), h("F/c2")),))
    g.apply({"type": "dice", "values": [3]})
    g.apply({"type": "choose", "choice": "no fire"})
    g.apply({"type": "dice", "values": [4, 1]})  # US-G comes down in F/c6
    assert p.view(g.state, g.state.procedure) == View(
        marks=((h("F/c5"), "target"), (h("F/c2"), "landed")), paths=((h("F/c5"), h("F/c2")), (h("F/c5"), h("F/c6"))))


def test_outcome_view_summary_and_counters() -> None:
    g = play_example()
    out = g.state.outcomes[-1]
    p = proc()
    h = MAP.parse
    assert p.outcome_view(g.state, out) == View(marks=((h("F/c2"), "landed"), (h("F/c1"), "landed")))
    assert p.summary(out) == "2 of 2 units landed (none lost off the map, none eliminated); 1 disorganised next game turn."
    units = g.state.counters.units
    assert [(u.id, u.side, u.kind, u.hex, sorted(u.status), u.label, dict(u.facts)) for u in units] == [
        ("US-1", "Allied", "paratrooper", h("F/c2"), [], "US-1", {"group": "A", "strength": 2, "losses": 0}),
        ("US-G", "Allied", "glider", h("F/c1"), ["disorganised"], "US-G", {"group": "A", "strength": 2, "losses": 1}),
    ]
    assert not g.state.counters.markers  # the enemy units are the defender's: not placed by the landing
    # the scenario's sides name the side that lands (the first) and the defender (the second)
    g2 = play_example(["US", "Germany"])
    assert {u.side for u in g2.state.counters.units} == {"US"}
    g3 = new_game(scenario({"sides": ["US", "Germany"]}), "s")
    g3.apply({"type": "start", "procedure": NAME, "params": EXAMPLE})
    assert g3.state.procedure is not None and [e.side for e in g3.state.procedure.data.enemy] == ["Germany"]


def test_summary_of_the_fixtures_outcome() -> None:
    fx = json.loads((Path(__file__).parents[1] / "data" / "main_v1" / "army_group_drop.json").read_text(encoding="utf-8"))
    out = fx["outcomes"][-1]
    assert proc().summary(out) == "3 of 6 units landed (3 lost off the map, none eliminated); 1 disorganised next game turn."
    g = new_game(SC, "x")
    assert proc().outcome_view(g.state, out) == View(marks=tuple((SC.map.parse(n), "landed") for n in ("F/d6", "F/i7", "G/c1")))
    one = {"procedure": NAME, "units": [{"id": "u", "group": "A", "kind": "glider", "hex": None, "status": "eliminated",
                                         "losses": 1, "disorganised": False}], "enemy": []}
    assert proc().summary(one) == "0 of 1 unit landed (none lost off the map, 1 eliminated)."


def test_lost_and_eliminated_units_are_not_placed_and_dummies_are_not_revealed() -> None:
    g = new_game(scenario(), "o")
    g.apply({"type": "start", "procedure": NAME, "params": {
        "groups": {"A": ["F/d5"]},
        "units": [{"id": "u1", "strength": 2}, {"id": "d1", "dummy": True}, {"id": "d2", "dummy": True}, {"id": "gone"}],
        "enemy": [{"id": "e1", "hex": "F/d1", "attack": {"paratrooper": 2}}],
    }})
    g.apply({"type": "dice", "values": [1, 2]})  # u1: F/d3
    g.apply({"type": "choose", "choice": "no fire"})
    g.apply({"type": "dice", "values": [1, 4]})  # d1: F/d1, held by the enemy: the dummy is eliminated
    g.apply({"type": "dice", "values": [4, 1]})  # d2: F/d6
    g.apply({"type": "choose", "choice": "no fire"})
    g.apply({"type": "dice", "values": [1, 9]})  # gone: off the map
    assert g.waiting_for() is None
    out = g.state.outcomes[-1]
    assert [(u["id"], u["status"]) for u in out["units"]] == [("u1", "landed"), ("d1", "eliminated"), ("d2", "landed"), ("gone", "lost")]
    units = g.state.counters.units
    assert [u.id for u in units] == ["u1", "d2"]
    for u in units:  # a landed dummy looks like any other unit on the map
        assert "dummy" not in " ".join(sorted(u.status)) + u.label + u.kind + json.dumps(dict(u.facts))
    assert units[1].facts == {"group": "A", "strength": 1, "losses": 0}
    assert "dummy" not in proc().summary(out)


def test_ids_stay_unique_in_the_counters_layer() -> None:
    g = new_game(scenario(), "u")
    for _ in range(2):
        g.apply({"type": "start", "procedure": NAME, "params": {"groups": {"A": ["F/d5"]}, "units": [{"id": "u"}]}})
        g.apply({"type": "dice", "values": [4, 1]})
    assert [(u.id, u.label) for u in g.state.counters.units] == [("u", "u"), ("u (2)", "u")]
