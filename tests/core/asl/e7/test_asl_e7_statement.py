"""ASL E7.4: "An aircraft must always state whether it is making a Strafing or Point Attack just
before resolving its second attack" — the statement is a prompt just before the second attack; the
run's later hexes, Light AA and bombs follow it (E7.401 / E7.402 / E7.42); a Stuka's placement
states it (E7.403); a run a save format before 4 recorded keeps its plan's kind."""

from __future__ import annotations

import json
from typing import Any

import pytest

from airhead.asl.e7.strafing_procedures import Strafing
from airhead.boards import HexMap
from airhead.codec import FORMAT_VERSION, decode_save, encode_save
from airhead.errors import ActionError
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import at

B19 = HexMap.asl([["19"]])
SQUAD = {"name": "4-6-7", "hex": "19K7", "sight_unconcealed": True}
HS = {"name": "HS", "hex": "19K9"}
NO_AA = {"type": "choose", "choice": "no more Light AA fire here"}


def open19() -> Scenario:
    return Scenario("open", "asl", B19, Terrain(), {})


def start(params: dict[str, Any]) -> Game:
    return new_game(open19(), "e7", [*at("MPh"), {"type": "start", "procedure": "asl.strafing", "params": params}])


def causes(events: Any) -> list[str]:
    return [e.cause for e in events]


def test_7_4_a_planned_strafing_run_states_a_point_attack_just_before_its_second_attack() -> None:
    # E7.402: "After a FB has made its initial attack from four hexes away and has moved toward that
    # target to the next hex ... it may attack the same target hex again ... from only three hexes
    # away ... the 0-6 column"; then on "until it occupies its target hex" for Light AA
    g = start({"target": "19K7", "grain": 4, "units": [SQUAD, HS], "aa": [{"name": "20L", "hex": "19L8", "kill": 5, "rof": 3}],
               "aerial_drm": 3})
    g.apply({"type": "dice", "values": [1, 1]})  # Sighting TC from 19K3
    g.apply(NO_AA)
    g.apply({"type": "dice", "values": [3, 3]})  # the first attack, as planned: 19K7 from four hexes
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.51" and "in 19K4" in p.label  # Light AA in the second hex first
    g.apply(NO_AA)
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.rule == "E7.4"
    assert p.options == ("Strafing Run", "Point Attack")
    assert p.label == ("E7.4: FB 1 must state whether it is making a Strafing Run or a Point Attack before resolving its "
                       "second attack, from 19K4 (the plan: a Strafing Run). A Strafing Run attacks 19K9 from four hexes "
                       "(7-12 column) and flies on to 19K9; a Point Attack attacks 19K7 again from three hexes (0-6 "
                       "column), then flies on to it")
    ev = g.apply({"type": "choose", "choice": "Point Attack"})
    assert [(e.rule, e.cause) for e in ev[:3]] == [
        ("E7.4", "FB 1 states a Point Attack just before resolving its second attack"),
        ("E7.402", "from 19K4 it flies 19K5, 19K6, 19K7; target hex 19K7"),
        ("E7.402", "FB 1 attacks 19K7 from 19K4 (3 hexes: Aerial Range 6, 0-6 column)")]
    ev = g.apply({"type": "dice", "values": [2, 2]})  # the second attack: 19K7 again, not the HS in 19K9
    assert "MG vs 4-6-7: IFT Final DR 4 (Original 4, DRM +0) on the 12 FP column: read the result on your IFT" in causes(ev)
    for hx in ("19K5", "19K6", "19K7"):  # on to the target hex, Light AA in each
        p = g.waiting_for()
        assert p is not None and p.rule == "E7.51" and f"in {hx}" in p.label
        g.apply(NO_AA)
    assert g.state.procedure is None
    out = g.state.outcomes[-1]
    assert out["path"] == ["19K3", "19K4", "19K5", "19K6", "19K7"] and out["stated"] == "Point Attack"
    assert out["attacked"] == ["4-6-7"]


def test_7_4_a_planned_point_attack_states_a_strafing_run_on_to_the_last_hex_it_attacks() -> None:
    # E7.401: from each hex "another attack DR on a new target hex four hexes distant", then on
    # "until it occupies the last hex it attacked"; the HS in 19K9 may be listed in a Point Attack's
    # plan: it is a target only if the FB states a Strafing Run
    g = start({"target": "19K7", "grain": 4, "attack": "point attack", "units": [SQUAD, HS]})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [3, 3]})
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.4" and "(the plan: a Point Attack)" in p.label
    ev = g.apply({"type": "choose", "choice": "Strafing Run"})
    assert ("E7.401", "from 19K4 it flies 19K5, 19K6, 19K7, 19K8, 19K9; target hexes 19K7, 19K9") in [
        (e.rule, e.cause) for e in ev]
    # 19K8 holds no listed unit: no attack from 19K4; the HS is attacked from 19K5
    assert not any("attacks 19K8" in c for c in causes(ev))
    assert "FB 1 attacks 19K9 from 19K5 (4 hexes: Aerial Range 8, 7-12 column)" in causes(ev)
    p = g.waiting_for()
    assert p is not None and p.label == "MG attack (12 FP) by FB 1 on 19K9: IFT Effects DR"
    g.apply({"type": "dice", "values": [2, 3]})
    assert g.state.procedure is None
    out = g.state.outcomes[-1]
    assert out["path"] == ["19K3", "19K4", "19K5", "19K6", "19K7", "19K8", "19K9"]
    assert out["attacked"] == ["4-6-7", "HS"] and out["stated"] == "Strafing Run"


def test_7_42_the_bombs_follow_the_statement() -> None:
    # E7.42: "A FB can bomb any target four hexes distant as part of its Strafing Run (or three
    # hexes distant if making the second attack of a Point Attack)": bombs at the second attack
    # fall on 19K7 from three hexes if it states a Point Attack
    units = [dict(SQUAD, bomb_th=8), dict(HS, bomb_th=6)]
    g = start({"target": "19K7", "grain": 4, "bomb_at": "second attack", "units": units})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [3, 3]})
    g.apply({"type": "choose", "choice": "Point Attack"})
    g.apply({"type": "dice", "values": [5, 5]})  # the MG
    p = g.waiting_for()
    assert p is not None and p.label == "Bomb To Hit DR by FB 1 on 19K7"
    ev = g.apply({"type": "dice", "values": [3, 4]})
    assert ev[0].cause == "Bomb To Hit DR 7 (colored 3, white 4) (0-6 column)"
    assert "4-6-7: hit on ≤ 8: hit" in causes(ev)
    # a Strafing Run's third attack has no Point Attack to fall in: the FB keeps its bombs
    g = start({"target": "19K7", "grain": 4, "bomb_at": "third attack",
               "units": [SQUAD, dict(HS, bomb_th=6), {"name": "crew", "hex": "19K10", "bomb_th": 5}]})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [3, 3]})
    ev = g.apply({"type": "choose", "choice": "Point Attack"})
    assert ("E7.42", "this Point Attack makes no third attack: FB 1 keeps its bombs") in [(e.rule, e.cause) for e in ev]


def test_7_4_a_statement_the_plans_numbers_cannot_resolve_is_not_offered_and_the_prompt_says_why() -> None:
    # the Tiger's 0-6 column MG To Hit number (a Point Attack's second attack) is not typed
    tiger = {"name": "Tiger", "hex": "19K7", "kind": "AFV", "mg_th_far": 6, "sight_unconcealed": True}
    g = start({"target": "19K7", "grain": 4, "units": [tiger]})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [5, 5]})  # MG To Hit: a miss
    p = g.waiting_for()
    assert p is not None and p.options == ("Strafing Run",)
    assert "a Point Attack cannot be resolved: E7.41: type the MG To Hit number (0-6 column) of Tiger" in p.label
    with pytest.raises(ActionError, match="“Point Attack” is not one of Strafing Run"):
        g.apply({"type": "choose", "choice": "Point Attack"})
    g.apply({"type": "choose", "choice": "Strafing Run"})
    assert g.state.procedure is None and g.state.outcomes[-1]["path"] == ["19K3", "19K4", "19K5", "19K6", "19K7"]


def test_7_403_a_stukas_placement_states_its_attack_no_prompt() -> None:
    # "A Stuka must start a Point Attack from a hex adjacent to its target hex": its placement states it
    g = start({"target": "19K7", "grain": 4, "type": "Stuka", "mg_fp": 4, "attack": "point attack", "units": [SQUAD]})
    g.apply({"type": "dice", "values": [1, 1]})
    while (p := g.waiting_for()) is not None:
        assert p.rule != "E7.4"
        g.apply({"type": "dice", "values": [3, 3]})
    assert "stated" not in g.state.outcomes[-1]


def test_7_4_planner_odds_give_the_other_statement_through_the_same_run() -> None:
    g0 = new_game(open19(), "p", at("MPh"))
    proc = g0.system.procedure("asl.strafing")
    assert isinstance(proc, Strafing)
    plan = {"target": "19K7", "grain": 4, "units": [dict(SQUAD, bomb_th=8), dict(HS, bomb_th=6)], "bomb_at": "second attack",
            "aa": [{"name": "20L", "hex": "19L8", "kill": 5, "rof": 3}], "aerial_drm": 3}
    odds = proc.odds(g0.state, proc.read(g0.state, plan))
    i = next(i for i, ln in enumerate(odds.lines) if ln.startswith("E7.4:"))
    assert odds.lines[i] == ("E7.4: it states Strafing Run or Point Attack just before its second attack. The above is "
                             "the planned Strafing Run; if it states a Point Attack it flies 19K4, 19K5, 19K6, 19K7 "
                             "(target hex 19K7):")
    assert odds.lines[i + 1].startswith("  Attack from 19K4 on 19K7 (0-6 column): the aircraft gets there in ")
    assert odds.lines[i + 2] == "    bombs vs 4-6-7: hit 72.2%"  # ≤ 8
    assert odds.lines[i + 3].startswith("  Light AA by the end of its run in 19K7: shot down ")


FORMAT3_RUN = [*at("MPh"), {"type": "start", "procedure": "asl.strafing",
                            "params": {"target": "19K7", "grain": 4, "attack": "point attack", "units": [SQUAD],
                                       "out_of_phase": False}},
               {"type": "dice", "values": [1, 1]}, {"type": "dice", "values": [3, 3]}, {"type": "dice", "values": [2, 2]}]


def test_7_4_a_format_3_save_replays_its_run_with_the_plans_kind_and_saves_as_the_newest_format() -> None:
    # a save's age is its format version: a run format 3 recorded had no statement prompt
    text = json.dumps({"airhead": 3, "scenario": open19().to_data(), "seed": "e7", "actions": FORMAT3_RUN})
    g = decode_save(text).to_game()
    assert g.state.procedure is None and g.format3 == len(FORMAT3_RUN) and g.older == 0
    out = g.state.outcomes[-1]
    assert out["path"] == ["19K3", "19K4", "19K5", "19K6", "19K7"] and "stated" not in out
    again = encode_save(g)
    assert f'"airhead": {FORMAT_VERSION}' in again and f'"format3_actions": {len(FORMAT3_RUN)}' in again
    assert decode_save(again).to_game().log_lines() == g.log_lines()
    # the same actions as format 4 records them: the run waits for the statement
    with pytest.raises(Exception, match="waiting for E7.4: FB 1 must state"):
        decode_save(text.replace('"airhead": 3', '"airhead": 4')).to_game()
    # a new run after the format-3 ones in the same game is asked
    g.apply({"type": "advance", "phase": "DFPh"})
    g.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"aircraft": "FB 2", "target": "19K7", "grain": 4, "units": [SQUAD]}})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [3, 3]})
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.4"
