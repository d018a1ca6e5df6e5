"""ASL E7.2 arrival and E7.21 entry: each rule quoted, played through the game with typed dice."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.asl.e7.air_support import aircraft_count, aircraft_of, arrives, bombs_received
from airhead.boards import HexMap
from airhead.errors import ActionError
from airhead.plug import OVERRIDE
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.tablepack import prefill_values
from airhead.terrain import Terrain

from playing import at, saved_before_turn_rules

B4 = HexMap.asl([["4"]])


def scenario(**settings: Any) -> Scenario:
    return Scenario("E7 arrival", "asl", B4, Terrain({}), {"weather": "Clear", "sides": ["British", "German"], **settings})


def start(g: Any, **params: Any) -> Any:
    """Start the arrival as the form does (its agreement box unticked unless given)."""
    return g.apply({"type": "start", "procedure": "asl.air_arrival", "params": {"exponent": 3, OVERRIDE.key: False, **params}})


def to_turn(n: int) -> list[dict[str, Any]]:
    """Advance to the British RPh of Game Turn ``n``."""
    return [{"type": "advance", "phase": "RPh"} for _ in range(2 * (n - 1))]


def arrived(sc: Scenario) -> Any:
    """A game whose first side's arrival dr passed (a typed 1 on Game Turn 2), now in that side's
    MPh: "his Air Support must be placed onboard in his next MPh"."""
    g = new_game(sc, "e7", to_turn(2))
    start(g)
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "advance", "phase": "MPh"})
    return g


def test_e7_2_arrival_dr_must_be_less_than_the_game_turn() -> None:
    # "he makes a dr during the RPh of each of his Player Turns until he rolls < the current Game
    # Turn Number. Once he does this, his Air Support must be placed onboard in his next MPh."
    assert arrives(2, 3) and not arrives(3, 3) and not arrives(1, 1)
    g = new_game(scenario(), "e7", to_turn(3))
    assert g.state.turn.game_turn == 3 and g.state.describe_turn().endswith("British Player Turn: Rally Phase (RPh)")
    start(g)
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.2" and "needs < Game Turn 3" in p.label
    evs = g.apply({"type": "dice", "values": [3]})
    assert [e.cause for e in evs if e.kind == "result"] == ["3 is not < Game Turn 3: no Air Support this Player Turn (roll again next RPh)"]
    assert g.waiting_for() is None and aircraft_of(g.state.counters) == ()
    with pytest.raises(ActionError, match="E7.2: British has already made its Air Support arrival dr this Player Turn"):
        start(g)  # one dr in each of his RPh
    for a in to_turn(2):  # the British RPh of Game Turn 4
        g.apply(a)
    start(g)
    evs = g.apply({"type": "dice", "values": [3]})
    assert "3 < Game Turn 4: British Air Support must be placed onboard in the next MPh" in [e.cause for e in evs]
    # E7.21 "Upon mapboard entry, another Air Support dr ...": the entry drs wait for that MPh
    assert g.waiting_for() is None and aircraft_of(g.state.counters) == ()
    out = g.state.outcomes[-1]
    assert (out["arrived"], out["entered"]) == (True, False)
    assert g.system.procedure("asl.air_arrival").summary(out) == "British's Air Support arrives: it enters in British's " \
                                                                 "next Movement Phase."
    assert "E7.21: the entry drs are made upon mapboard entry: in British's Movement Phase, start Air Support arrival " \
           "again and the entry drs follow (the game's record holds the passed dr)" in [f"{e.rule}: {e.cause}" for e in evs]
    proc = g.system.procedure("asl.air_arrival")
    assert proc.defaults(g.state)["arrived"] is False  # the box is for games set up mid-scenario: the record decides
    g.apply({"type": "advance", "phase": "MPh"})
    start(g)  # the form as it comes: no box ticked
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.21"
    g.apply({"type": "dice", "values": [4]})
    g.apply({"type": "dice", "values": [6]})
    assert len(aircraft_of(g.state.counters, "British")) == 2
    assert g.state.outcomes[-1]["entered"] is True


def test_e7_21_entry_at_once_only_by_the_players_agreement_or_in_a_game_saved_before() -> None:
    # the entry drs right after the RPh dr are out of their phase: the agreement box lets them
    # follow at once (logged); a start of a format-2 save (before the rules of the turn) with no
    # box did so then, and replays so
    action = {"type": "start", "procedure": "asl.air_arrival", "params": {"exponent": 3}}
    agreed = new_game(scenario(), "e7", to_turn(2))
    agreed.apply({**action, "params": {"exponent": 3, OVERRIDE.key: True}})
    saved = saved_before_turn_rules(new_game(scenario(), "e7", to_turn(2)), action)
    for g, why in ((agreed, "the players agree to do it anyway"),
                   (saved, "this game was saved before Airhead checked it, so they follow as it then did")):
        evs = g.apply({"type": "dice", "values": [1]})
        assert f"the entry drs follow at once, not in British's next Movement Phase: {why}" in [e.cause for e in evs]
        p = g.waiting_for()
        assert p is not None and p.rule == "E7.21"
    now = new_game(scenario(), "e7", to_turn(2))  # the same start played now, without the key: not agreed
    now.apply(action)
    evs = now.apply({"type": "dice", "values": [1]})
    assert now.waiting_for() is None and now.state.outcomes[-1]["entered"] is False


def test_e7_2_on_game_turn_1_the_arrival_dr_cannot_succeed_the_prompt_and_odds_say_so() -> None:
    # "he makes a dr during the RPh of each of his Player Turns until he rolls < the current Game
    # Turn Number": the dr is made, but on Game Turn 1 none is < 1 (#32 item 3)
    g = new_game(scenario(), "e7")
    proc = g.system.procedure("asl.air_arrival")
    odds = proc.odds(g.state, proc.read(g.state, {"exponent": 3, OVERRIDE.key: False}))
    assert [(f.label, f.value) for f in odds.facts][:1] == [("Arrival dr < Game Turn 1", "0.0%")]
    assert odds.notes[0].startswith("E7.2: on Game Turn 1 no dr is < 1: the arrival dr cannot succeed")
    assert [r for r in odds.tables[0].rows] == [("1 aircraft", 1 / 3), ("2 aircraft", 1 / 3), ("3 aircraft", 1 / 3)]
    start(g)
    p = g.waiting_for()
    assert p is not None and p.label == ("RPh Air Support arrival dr for British: on Game Turn 1 no dr is < 1, so it cannot "
                                         "succeed (roll again in the next RPh)")
    g.apply({"type": "dice", "values": [1]})
    assert g.state.outcomes[-1]["arrived"] is False
    h = new_game(scenario(), "e7", to_turn(3))
    odds = proc.odds(h.state, proc.read(h.state, {"exponent": 3, OVERRIDE.key: False}))
    assert [(f.label, f.value) for f in odds.facts] == [("Arrival dr < Game Turn 3", "33.3%"), ("Bombs (dr ≤ 3)", "50.0%")]


@pytest.mark.parametrize(("entry", "n"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_e7_21_number_of_aircraft_is_the_dr_halved_fru(entry: int, n: int) -> None:
    # "another Air Support dr (halved; FRU) must be made to determine the number of aircraft"
    assert aircraft_count(entry) == n
    g = arrived(scenario())  # "placed onboard in his next MPh"
    start(g, hex="4E5", name="Typhoon")
    g.apply({"type": "dice", "values": [entry]})
    g.apply({"type": "dice", "values": [6]})
    planes = aircraft_of(g.state.counters, "British")
    assert [a.name for a in planes] == [f"Typhoon {i + 1}" for i in range(n)]
    assert all(a.hex == B4.parse("4E5") for a in planes)


def test_e7_21_bombs_and_type_on_a_dr_at_most_the_exponent() -> None:
    # "one more dr is made for all aircraft as a group to determine if they are armed with bombs
    # (and in some cases to see if Stukas or Fighter-Bombers ... are received) by rolling ≤ the
    # exponent of the applicable Air Support Number ... All aircraft received will be of the same
    # type and armament."
    assert bombs_received(3, 3) and not bombs_received(4, 3)
    for bombs_dr, kind, bombs in ((3, "Stuka", True), (4, "FB", False)):
        g = arrived(scenario(sides=["German", "British"]))
        start(g, type_bombs="Stuka", type_else="FB")
        g.apply({"type": "dice", "values": [5]})
        evs = g.apply({"type": "dice", "values": [bombs_dr]})
        planes = aircraft_of(g.state.counters)
        assert len(planes) == 3 and {(a.side, a.type, a.bombs) for a in planes} == {("German", kind, bombs)}
        assert any(e.rule == "E7.21" and f"exponent 3: all 3 aircraft are {kind}" in e.cause for e in evs)
        assert g.state.outcomes[-1]["bombs"] is bombs


def test_the_exponent_is_asked_for_and_a_table_pack_fills_it() -> None:
    # the 7.1 Air Support table is not in the seed: the exponent is a form field with a pack entry
    g = new_game(scenario(), "e7")
    proc = g.state.system.procedure("asl.air_arrival")
    field = proc.params.field("exponent")
    assert field.required and field.pack == "air_support_exponent" and "7.1" in field.rule
    assert "air_support_exponent" in [f.key for f in g.state.system.rules.pack]
    with pytest.raises(ActionError, match="exponent"):
        g.apply({"type": "start", "procedure": "asl.air_arrival", "params": {}})
    values = prefill_values(tuple(proc.params), proc.defaults(g.state), {"air_support_exponent": 2}, g.state.settings)
    assert values["exponent"] == 2 and values["side"] == "British"


def test_e7_2_the_record_decides_arrival_and_entry() -> None:
    # "he makes a dr during the RPh of each of his Player Turns until he rolls < the current Game
    # Turn Number. Once he does this, his Air Support must be placed onboard in his next MPh" and
    # E7.21 "Upon mapboard entry": the game's record, not a box, says which (#41 item 1)
    g = new_game(scenario(), "e7", to_turn(2))
    g.apply({"type": "advance", "phase": "MPh"})  # this RPh made no arrival dr
    with pytest.raises(ActionError, match="^E7.2: British's Air Support arrival dr is made in the Rally Phase"):
        start(g)  # no passed dr on record: nothing enters
    g = arrived(scenario())
    start(g)  # the record: the dr passed in this Player Turn's RPh
    assert g.waiting_for().rule == "E7.21"  # type: ignore[union-attr]
    g.apply({"type": "dice", "values": [6]})
    g.apply({"type": "dice", "values": [1]})
    assert len(aircraft_of(g.state.counters, "British")) == 3
    for params in ({}, {"arrived": True}):  # twice in one MPh: once only, box or none
        with pytest.raises(ActionError, match="^E7.21: British's Air Support has already entered the mapboard"):
            start(g, **params)
    for a in to_turn(2):  # the next British RPh: no dr after arrival
        g.apply(a)
    with pytest.raises(ActionError, match="^E7.21: British's Air Support has already entered the mapboard"):
        start(g)


def test_e7_2_a_passed_dr_whose_mph_went_by_enters_only_by_agreement() -> None:
    # "placed onboard in his next MPh": the record shows that MPh has gone by
    g = new_game(scenario(), "e7", to_turn(2))
    start(g)
    g.apply({"type": "dice", "values": [1]})
    for a in to_turn(2):
        g.apply(a)
    with pytest.raises(ActionError, match="^E7.2: British's arrival dr passed: its Air Support is placed onboard in "
                                          "British's next Movement Phase \\(its dr passed in an earlier Player Turn"):
        start(g)  # nor a second arrival dr in this RPh
    g.apply({"type": "advance", "phase": "MPh"})
    evs = start(g, **{OVERRIDE.key: True})
    assert any("the players agree to do it anyway" in e.cause for e in evs)
    assert g.waiting_for().rule == "E7.21"  # type: ignore[union-attr]


def test_e7_2_the_mid_scenario_box_only_where_the_record_shows_no_dr_and_the_log_says_so() -> None:
    # a game set up mid-scenario, after its arrival dr passed: the box stands for that dr
    g = new_game(scenario(), "e7", [*to_turn(3), {"type": "advance", "phase": "MPh"}])
    evs = start(g, arrived=True)
    assert "E7.2: a game set up mid-scenario: the players say British's arrival dr passed before this game's record " \
           "began (the record shows none)" in [f"{e.rule}: {e.cause}" for e in evs]
    assert g.waiting_for().rule == "E7.21"  # type: ignore[union-attr]
    h = arrived(scenario())  # the record holds the dr: the box changes nothing
    evs = start(h, arrived=True)
    assert any("the record shows British's passed arrival dr" in e.cause for e in evs)
    assert h.waiting_for().rule == "E7.21"  # type: ignore[union-attr]
    proc = h.system.procedure("asl.air_arrival")
    assert {f.key: f.label for f in proc.params}["arrived"] == "Game set up mid-scenario: its arrival dr passed before this record"


def test_e7_2_a_format_2_arrival_with_its_fog_box_still_opens() -> None:
    # Fog is now each attacked Location's (a scenario setting): the 2 -> 3 migration leaves out the
    # arrival's old box (always unticked in a saved start: a ticked one was refused)
    base = new_game(scenario(), "e7", to_turn(2))
    g = saved_before_turn_rules(base, {"type": "start", "procedure": "asl.air_arrival",
                                       "params": {"exponent": 3, "fog": False, OVERRIDE.key: False}})
    assert "fog" not in g.actions[-1]["params"] and g.waiting_for() is not None
    with pytest.raises(ActionError, match="unknown parameter"):  # played now, the box is gone
        start(new_game(scenario(), "e7", to_turn(2)), fog=False)
