"""The Panzer Leader airborne variant on the systems plug: settings, turn track, form defaults,
odds, views, summaries and the units a landing puts on the map."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from airhead.boards import HexMap
from airhead.codec import decode_save
from airhead.errors import ActionError, DataError
from airhead.game import Game
from airhead.hexes import Hex
from airhead.panzer_leader import SYSTEM
from airhead.panzer_leader.odds import glider_odds, paradrop_odds
from airhead.panzer_leader.paradrop_procedures import PATTERN_HEAT_LABEL
from airhead.panzer_leader.wind import Wind
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game
from playing import play_out

MAP = HexMap.grid([["A"]], 12, 10)
SAMPLE = builtin("panzer_leader_drop")
SM = SAMPLE.map


def h(name: str) -> Hex:
    return MAP.parse(name, allow_offboard=True)


def sh(name: str) -> Hex:
    return SM.parse(name, allow_offboard=True)


def scenario(settings: dict[str, Any] | None = None) -> Scenario:
    return Scenario("PL plug", "panzer_leader", MAP, settings={"panzer_leader": settings or {}})


def rolled(seed: str = "fixture-pl") -> Game:
    """The sample scenario with the wind of turn 1 rolled (Gusty from NE with this seed)."""
    g = new_game(SAMPLE, seed)
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 1}})
    g.apply({"type": "roll"})
    g.apply({"type": "roll"})
    return g


def finish(g: Game) -> None:
    play_out(g, lambda p: "no effect")


def proc(name: str) -> Any:
    return SYSTEM.procedure(name)


# ---------------------------------------------------------------------- settings and track
def test_procedures_in_menu_order_with_their_titles() -> None:
    assert [(p.name, p.title) for p in SYSTEM.rules.procedures] == [
        ("panzer_leader.wind", "Wind (Panzer Leader)"),
        ("panzer_leader.landing_plan", "Written landing plan (Panzer Leader)"),
        ("panzer_leader.paradrop", "Paradrop (Panzer Leader)"),
        ("panzer_leader.gliders", "Glider landing (Panzer Leader)"),
    ]
    assert SYSTEM.rules.settings_root == "panzer_leader"


def test_settings_defaults_and_rules() -> None:
    st = new_game(scenario(), "s").state
    assert dict(st.settings) == {"orientation": "1", "night": False, "stacking": "every friendly unit", "extra_sticks": "continue downwind",
                                 "glider_shift": "downwind", "airdrop_artillery": False, "aa_units": (), "plan": None,
                                 "sides": ("Allied", "German")}
    assert st.sides == ("Allied", "German")
    schema = SYSTEM.rules.settings
    assert schema.field("orientation").choices == ("1", "2") and schema.field("orientation").rule == "PL I.D"
    assert schema.field("night").rule == "PL I.C" and schema.field("night").kind == "bool"
    plan = schema.field("plan")
    assert plan.default is None and [f.key for f in plan.fields] == ["paradrop", "gliders"]
    assert [f.key for f in plan.fields[0].fields] == ["drops", "enemy"] and [f.key for f in plan.fields[1].fields] == ["gliders"]
    # the sample's written plan is read once, typed: hexes parsed, defaults filled in
    sample = new_game(SAMPLE, "s").state.settings
    assert sample["orientation"] == "1" and sample["night"] is True
    first = sample["plan"]["paradrop"]["drops"][0]
    assert first["target"] == sh("A/f3") and first["platoons"][0] == {"id": "1/A", "type": "rifle", "sticks": 4, "battery": False}
    assert sample["plan"]["gliders"]["gliders"][0]["heading"] == 1  # NE
    assert sample["plan"]["gliders"]["gliders"][1]["load"]["battery"] is True


@pytest.mark.parametrize("settings, message", [
    ({"plan": {"paradrop": {"drops": [{}]}}}, r"settings: Written plan .*Paradrop, Drops 1, Target hex: missing"),
    ({"plan": {"paradrop": {"drops": [{"target": "Z/a1", "platoons": [{"id": "1"}]}]}}}, r"there is no board Z"),
    ({"plan": {"gliders": {"gliders": [{"id": "G", "target": "A/f5", "heading": "E"}]}}}, r"Heading .*: must be one of N, NE"),
    ({"plan": {"paradrop": {"drops": [{"target": "A/f5", "platoons": [{"id": "1", "sticks": 5}]}]}}}, r"Sticks: must be a whole number 1..4"),
    ({"plan": {"airdrop": {}}}, r"unknown field\(s\): airdrop"),
    ({"orientation": "3"}, r"Mapboard orientation: must be one of 1, 2"),
    ({"night": "yes"}, r"Night: must be yes or no"),
    ({"weather": "Clear"}, r"unknown setting\(s\): weather"),
])
def test_malformed_settings_are_refused_when_the_scenario_is_read(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message):
        SYSTEM.settings_of(scenario(settings))
    with pytest.raises(DataError, match=message):
        new_game(scenario(settings), "x")


def test_a_hostile_link_with_a_malformed_plan_fails_at_decode() -> None:
    data = dict(SAMPLE.to_data(), settings={"panzer_leader": {"plan": {"paradrop": {"drops": [{}]}}}})
    save = {"airhead": 1, "scenario": data, "seed": "x", "actions": []}
    with pytest.raises(DataError, match="Target hex: missing"):
        decode_save(json.dumps(save))


def test_turn_track_is_the_air_phase_then_the_rest() -> None:
    g = new_game(scenario(), "t")
    assert g.state.describe_turn() == "Game Turn 1, Allied Player Turn: Air Phase (Air)"
    g.apply({"type": "advance"})
    assert g.state.describe_turn() == "Game Turn 1, Allied Player Turn: rest of the Player Turn (standard PL sequence) (Rest)"
    g.apply({"type": "advance"})
    assert g.state.describe_turn() == "Game Turn 1, German Player Turn: Air Phase (Air)"
    assert SYSTEM.track.rule == "PL II.A" and SYSTEM.track.phases[0].rule == "PL II.A"


# ---------------------------------------------------------------------- form defaults
def test_defaults_come_from_the_settings_and_the_turn() -> None:
    g = new_game(SAMPLE, "d")
    st = g.state
    assert proc("panzer_leader.wind").defaults(st) == {"turn": 1, "orientation": "1"}
    lp = proc("panzer_leader.landing_plan").defaults(st)
    assert lp["side"] == "Allied" and lp["hidden_from"] == "German"
    assert lp["plan"] == [{"turn": 1, "kind": "paradrop", "target": "A/f3"}, {"turn": 1, "kind": "paradrop", "target": "B/b5"},
                          {"turn": 1, "kind": "glider", "target": "A/h4"}, {"turn": 1, "kind": "glider", "target": "A/h4"}]
    pd = proc("panzer_leader.paradrop").defaults(st)
    assert pd["turn"] == 1 and "wind" not in pd
    assert pd["drops"][1] == {"target": "B/b5", "platoons": [{"id": "3/A", "type": "rifle", "sticks": 4, "battery": False},
                                                            {"id": "4/A", "type": "engineer", "sticks": 3, "battery": False}]}
    assert pd["enemy"][1] == {"id": "88 Flak", "hex": "B/b6", "dispersed": False, "fired_aa": True}
    gl = proc("panzer_leader.gliders").defaults(st)
    assert gl["gliders"][0] == {"id": "Horsa 1", "target": "A/h4", "heading": "NE",
                                "load": {"id": "5/B", "type": "rifle", "sticks": 4, "battery": False}}
    # every default reads back through the procedure's own schema
    for p in SYSTEM.rules.procedures:
        p.read(st, p.defaults(st))
    # on Game Turn 2 the forms offer turn 2
    for _ in range(4):
        g.apply({"type": "advance"})
    assert g.state.turn.game_turn == 2
    assert proc("panzer_leader.paradrop").defaults(g.state)["turn"] == 2
    assert proc("panzer_leader.landing_plan").defaults(g.state)["plan"][0]["turn"] == 2
    # no written plan: the fields' own defaults
    bare = new_game(scenario({"orientation": "2"}), "b").state
    assert proc("panzer_leader.wind").defaults(bare) == {"turn": 1, "orientation": "2"}
    assert proc("panzer_leader.paradrop").defaults(bare) == {"turn": 1, "enemy": [], "aa": []}
    assert proc("panzer_leader.landing_plan").defaults(bare)["plan"] == []


def test_turn_defaults_to_1_and_the_orientation_to_the_setting() -> None:
    g = new_game(scenario({"orientation": "2"}), "o")
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {}})
    p = g.waiting_for()
    assert p is not None and p.rule == "PL I.D" and p.label == "Wind direction die, turn 1 (diagram for mapboard orientation 2)"
    g.apply({"type": "cancel"})
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"orientation": "1", "turn": 3}})
    p = g.waiting_for()
    assert p is not None and p.rule == "PL I.D" and p.label == "Wind direction die, turn 3 (diagram for mapboard orientation 1)"


def test_wind_and_glider_load_parameters() -> None:
    g = new_game(scenario(), "w")
    with pytest.raises(ActionError, match=r"Wind blows from .*: must be one of N, NE, SE, S, SW, NW, not “W”"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "wind": {"from": "W", "speed": "Low"}, "drops": [{"target": "A/c3", "platoons": [{"id": "1"}]}]}})
    with pytest.raises(ActionError, match=r"Wind speed: missing"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "wind": {"from": "N"}, "drops": [{"target": "A/c3", "platoons": [{"id": "1"}]}]}})
    with pytest.raises(ActionError, match=r"unknown parameter\(s\): winds"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {"winds": {}, "drops": []}})
    typed = proc("panzer_leader.gliders").read(g.state, {"wind": {"from": "SW", "speed": "Gusty"},
                                                         "gliders": [{"id": "G1", "target": "A/f5", "heading": "N"}]})
    assert typed["turn"] == 1 and typed["wind"] == {"from": 4, "speed": "Gusty"}
    assert typed["gliders"][0] == {"id": "G1", "target": h("A/f5"), "heading": 0, "load": None}
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
        "wind": {"from": "SW", "speed": "Gusty"}, "gliders": [{"id": "G1", "target": "A/f5", "heading": "N"}]}})
    # the load left out is a rifle platoon named for the glider
    assert g.events()[-1].cause == "glider G1 (a platoon: rifle) enters at A/f10 heading N along the hex row of A/f5"
    g.apply({"type": "choose", "choice": "no effect"})
    g.apply({"type": "dice", "values": [3]})
    u = g.state.counters.unit("G1")
    assert u is not None and u.kind == "platoon" and u.side == "Allied" and u.facts["type"] == "rifle"


# ---------------------------------------------------------------------- odds
def test_paradrop_odds_lines_facts_and_view() -> None:
    g = rolled()
    st = g.state
    p = proc("panzer_leader.paradrop")
    raw = p.defaults(st)
    odds = p.odds(st, p.read(st, raw))
    assert odds is not None
    wind = Wind(1, "Gusty")  # NE, as rolled
    direct = paradrop_odds(SM, st.terrain, wind, [
        (sh("A/f3"), ["1/A.1", "1/A.2", "1/A.3", "1/A.4", "2/A.1", "2/A.2", "2/A.3", "2/A.4"]),
        (sh("B/b5"), ["3/A.1", "3/A.2", "3/A.3", "3/A.4", "4/A.1", "4/A.2", "4/A.3"])])
    expected = [f"stick {s.id}: lost {float(s.lost):.1%}, eliminated {float(s.eliminated):.1%}, dispersed {float(s.dispersed):.1%}"
                for s in direct.sticks]
    expected.append(f"expected sticks lost or eliminated: {float(direct.expected_losses):.2f}")
    expected += [f"{SM.name(x)} over two platoons: {float(q):.1%}" for x, q in direct.overstacked.items() if q]
    assert list(odds.lines) == expected
    facts = {f.key: f.value for f in odds.facts}
    assert facts["expected_losses"] == f"{float(direct.expected_losses):.2f}"
    assert facts["wind"] == "turn 1: Gusty from NE"
    assert odds.view.heat_unit == "units" and odds.view.heat_label == "expected sticks ending alive in each hex"
    assert odds.view.marks == ((sh("A/f3"), "target"), (sh("B/b5"), "target"))
    total = sum((sum(s.hexes.values(), Fraction(0)) for s in direct.sticks), Fraction(0))
    assert abs(sum(v for _, v in odds.view.heat) - float(total)) < 1e-9
    assert odds.notes and all("not included" in n for n in odds.notes)


def test_glider_odds_lines_and_view() -> None:
    g = rolled()
    st = g.state
    p = proc("panzer_leader.gliders")
    odds = p.odds(st, p.read(st, p.defaults(st)))
    assert odds is not None
    direct = glider_odds(SM, Wind(1, "Gusty"), [("Horsa 1", sh("A/h4"), 1), ("Horsa 2", sh("A/h4"), 1)])
    assert list(odds.lines) == [f"glider {x.id}: lost {float(x.lost):.1%}, dispersed {float(x.dispersed):.1%}" for x in direct] + [
        "Anti-aircraft fire is not included (entered at the table)."]
    assert odds.view.heat_unit == "units" and odds.view.marks == ((sh("A/h4"), "target"),)
    assert odds.view.paths == ((sh("A/a7"), sh("A/h4")),) * 2  # the flight along the target's hex row


def test_odds_need_the_wind_of_the_turn() -> None:
    st = new_game(SAMPLE, "n").state
    for name in ("panzer_leader.paradrop", "panzer_leader.gliders"):
        p = proc(name)
        with pytest.raises(ActionError, match="roll it first"):
            p.odds(st, p.read(st, p.defaults(st)))
        assert p.has_odds and not p.has_heatmap
    assert not proc("panzer_leader.wind").has_odds and not proc("panzer_leader.landing_plan").has_odds
    # a plan the procedure refuses is refused by its odds too (PL II.C)
    p = proc("panzer_leader.paradrop")
    twice = {"wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/c3", "platoons": [{"id": "1"}]},
                                                             {"target": "A/c3", "platoons": [{"id": "2"}]}]}
    with pytest.raises(Exception, match="targeted twice"):
        p.odds(st, p.read(st, twice))
    many = {"wind": {"from": "N", "speed": "Low"}, "drops": [{"target": f"A/c{r}", "platoons": [{"id": str(r)}]} for r in range(1, 8)]}
    with pytest.raises(DataError, match="exact odds take 1..6 target hexes"):
        p.odds(st, p.read(st, many))


# ---------------------------------------------------------------------- views, summaries, units
def test_paradrop_view_draws_the_drift_diagrams_as_rolled() -> None:
    g = rolled()
    p = proc("panzer_leader.paradrop")
    g.apply({"type": "start", "procedure": p.name, "params": p.defaults(g.state)})
    under_way = g.state.procedure
    assert under_way is not None
    v = p.view(g.state, under_way)
    assert v.marks == ((sh("A/f3"), "target"), (sh("B/b5"), "target")) and v.heat == ()
    g.apply({"type": "roll"})  # drift for A/f3: pattern J (see the compatibility fixture)
    v = p.view(g.state, g.state.procedure)
    heat = dict(v.heat)
    assert v.heat_unit == "count" and v.heat_label == PATTERN_HEAT_LABEL
    assert heat[sh("A/f3")] == 0 and heat[sh("A/e3")] == 1 and heat[sh("A/d4")] == 0 and len(heat) == 10  # zeros included
    assert (sh("A/e3"), "landed") in v.marks
    finish(g)
    out = g.state.outcomes[-1]
    ov = p.outcome_view(g.state, out)
    counts: dict[Hex, float] = {}
    for cells in out["patterns"].values():
        for name, cap in cells:
            counts[sh(name)] = counts.get(sh(name), 0) + cap
    assert dict(ov.heat) == counts and ov.heat_unit == "count" and ov.heat_label == PATTERN_HEAT_LABEL
    assert ov.marks[:2] == ((sh("A/f3"), "target"), (sh("B/b5"), "target"))
    assert {x for x, role in ov.marks if role == "landed"} == {sh(s["hex"]) for s in out["sticks"] if s["status"] == "landed"}
    assert p.summary(out) == "Paradrop, turn 1: 9 of 15 sticks down (0 dispersed), 6 lost off the board, 0 eliminated."


def test_landed_sticks_become_units_and_lost_ones_do_not() -> None:
    g = rolled()
    p = proc("panzer_leader.paradrop")
    g.apply({"type": "start", "procedure": p.name, "params": p.defaults(g.state)})
    finish(g)
    out = g.state.outcomes[-1]
    units = g.state.counters.units
    landed = [s for s in out["sticks"] if s["status"] == "landed"]
    assert [u.id for u in units] == [s["id"] for s in landed]
    first = units[0]
    assert (first.side, first.kind, first.hex, first.label) == ("Allied", "stick", sh("A/e3"), "1/A.1")
    assert first.facts == {"type": "rifle", "platoon": "1/A", "landed_turn": 1} and first.status == frozenset()
    assert g.state.counters.unit("2/A.1") is None  # lost off the board: not placed
    # a dispersed stick is flagged; ids stay unique when the same ids land again
    g2 = new_game(scenario(), "u")
    for turn in (1, 2):
        g2.apply({"type": "start", "procedure": p.name, "params": {
            "turn": turn, "wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/c3", "platoons": [{"id": "1", "sticks": 1}]}]}})
        g2.apply({"type": "dice", "values": [1]})
        g2.apply({"type": "dice", "values": [1]})  # Clear 1: D
    us = g2.state.counters.units
    assert [u.id for u in us] == ["1.1", "1.1 (2)"] and all(u.status == {"dispersed"} for u in us)


def test_glider_views_summary_and_units() -> None:
    g = rolled()
    p = proc("panzer_leader.gliders")
    g.apply({"type": "start", "procedure": p.name, "params": p.defaults(g.state)})
    under_way = g.state.procedure
    assert under_way is not None
    v = p.view(g.state, under_way)
    assert v.marks == ((sh("A/h4"), "target"),) and v.paths == ((sh("A/a7"), sh("A/h4")),) * 2
    g.apply({"type": "choose", "choice": "D"})
    g.apply({"type": "dice", "values": [3]})  # on target, 2 hexes SW: A/f5
    v = p.view(g.state, g.state.procedure)
    assert (sh("A/f5"), "landed") in v.marks
    g.apply({"type": "choose", "choice": "X"})
    out = g.state.outcomes[-1]
    assert out["gliders"] == [{"id": "Horsa 1", "hex": "A/f5", "status": "landed", "dispersed": True},
                              {"id": "Horsa 2", "hex": None, "status": "eliminated", "dispersed": False}]
    assert p.outcome_view(g.state, out).marks == ((sh("A/f5"), "landed"),)
    assert p.summary(out) == "Glider landing, turn 1: 1 of 2 gliders landed (1 dispersed), 1 shot down."
    (u,) = g.state.counters.units
    assert (u.id, u.side, u.kind, u.hex, u.status) == ("5/B", "Allied", "platoon", sh("A/f5"), frozenset({"dispersed"}))
    assert u.facts == {"type": "rifle", "glider": "Horsa 1", "landed_turn": 1}


def test_battery_loads_and_glider_lost_off_the_board() -> None:
    g = new_game(scenario(), "b")
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
        "wind": {"from": "S", "speed": "Low"}, "gliders": [
            {"id": "G1", "target": "A/f5", "heading": "N", "load": {"id": "75/1", "type": "75mm battery", "battery": True}},
            {"id": "G2", "target": "A/f1", "heading": "N"}]}})
    for face in (3, 6):
        g.apply({"type": "choose", "choice": "no effect"})
        g.apply({"type": "dice", "values": [face]})
    (u,) = g.state.counters.units
    assert u.id == "75/1" and u.kind == "battery" and u.hex == h("A/f4")
    assert proc("panzer_leader.gliders").summary(g.state.outcomes[-1]) == (
        "Glider landing, turn 1: 1 of 2 gliders landed (0 dispersed), 1 lost off the board.")


def test_wind_and_plan_summaries_and_the_sealed_plan() -> None:
    g = rolled()
    assert proc("panzer_leader.wind").summary(g.state.outcomes[-1]) == "Wind for turn 1: Gusty from NE."
    lp = proc("panzer_leader.landing_plan")
    g.apply({"type": "start", "procedure": lp.name, "params": {"plan": [{"turn": 1, "kind": "glider", "target": "A/h4"}]}})
    out = g.state.outcomes[-1]
    assert out == {"procedure": lp.name, "side": "Allied", "hidden_from": "German",
                   "plan": [{"turn": 1, "kind": "glider", "target": "A/h4"}]}
    assert lp.summary(out) == "The Allied landing plan is written down: 1 landing, hidden from the German player."
    assert lp.seal_label == "landing plan"
    assert lp.sealed_plan({"side": "Allied", "plan": [{"turn": 1, "kind": "paradrop", "target": "A/f3"}]}) == (
        "Allied", [{"turn": 1, "kind": "paradrop", "target": "A/f3"}])
    with pytest.raises(ActionError, match=r"Landings: must list 1..64 items"):
        g.apply({"type": "start", "procedure": lp.name, "params": {"plan": []}})
    with pytest.raises(ActionError, match=r"Kind: must be one of paradrop, glider"):
        g.apply({"type": "start", "procedure": lp.name, "params": {"plan": [{"turn": 1, "kind": "drop", "target": "A/h4"}]}})
