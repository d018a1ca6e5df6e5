"""ASL E7 and E1 rules of the turn (issue #29 item 1): each procedure checks the phase, the Player
Turn and the once-per-turn limits its rule names, from the turn track and this Player Turn's
record; out of them it is refused citing the rule, unless the players agree to do it anyway."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from airhead.asl.e7.air_support import aircraft_of
from airhead.boards import HexMap
from airhead.codec import FORMAT_VERSION, CodecError, SaveData, decode_save, encode_save
from airhead.errors import ActionError, TurnError
from airhead.game import Game
from airhead.plug import OVERRIDE
from airhead.present import plan_panel
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain
from airhead.turns import Turn
from airhead.work import metered, spent

from playing import at, saved_before_turn_rules

B4 = HexMap.asl([["4"]])
AGREED = "the players agree to do it anyway"


def sc(**settings: Any) -> Scenario:
    return Scenario("turn", "asl", B4, Terrain(), {"sides": ["Allied", "Axis"], **settings})


def go(g: Game, phase: str, times: int = 1) -> None:
    for _ in range(times):
        g.apply({"type": "advance", "phase": phase})


def infos(evs: Any, rule: str) -> list[str]:
    return [e.cause for e in evs if e.rule == rule and e.kind == "info"]


# ---------------------------------------------------------------------- E7.4 / E7.401 / E7.3
FB = {"type": "edit", "op": "unit", "id": "fb1", "side": "Allied", "kind": "aircraft", "hex": "4C3", "label": "FB 1"}
FB2 = dict(FB, id="fb2", label="FB 2")


def strafe(g: Game, aircraft: str = "FB 1", **params: Any) -> list[Any]:
    return g.apply({"type": "start", "procedure": "asl.strafing",
                    "params": {"aircraft": aircraft, "target": "4G6", "grain": 2, "bomb_at": "no bombs",
                               "units": [{"name": "4-6-7", "hex": "4G6", "sight_unconcealed": True}], **params}})


def test_e7_4_a_strafing_run_in_the_opponents_mph_or_the_planes_dfph_only() -> None:
    # "Aircraft may attack ground targets ... anytime during the opponent's MPh (or the plane's DFPh)"
    g = new_game(sc(), "e7.4", [FB])
    for where in ([], at("MPh", 0)):  # the RPh, then the Allied plane's own MPh
        h = new_game(sc(), "e7.4", [FB, *where])
        with pytest.raises(ActionError, match="^E7.4: a strafing run or Point Attack is made in the opponent's Movement "
                                              "Phase or the aircraft's own Defensive Fire Phase \\(FB 1 is Allied's\\); "
                                              "it is now the (Rally|Movement) Phase"):
            strafe(h)
    go(g, "MPh", 2)  # the Axis MPh
    strafe(g)
    assert g.waiting_for() is not None and g.waiting_for().rule == "E7.3"  # type: ignore[union-attr]
    g.apply({"type": "cancel"})
    go(g, "DFPh")  # the Allied plane's DFPh (in the Axis Player Turn)
    strafe(g)
    assert g.waiting_for() is not None


def test_e7_4_out_of_its_phase_the_players_may_agree_and_the_log_says_so() -> None:
    g = new_game(sc(), "e7.4", [FB])
    evs = strafe(g, **{OVERRIDE.key: True})
    assert [t for t in infos(evs, "E7.4") if AGREED in t] == [
        "E7.4: a strafing run or Point Attack is made in the opponent's Movement Phase or the aircraft's own Defensive "
        "Fire Phase (FB 1 is Allied's); it is now the Rally Phase (RPh) of Game Turn 1, Allied Player Turn — " + AGREED]
    assert OVERRIDE.label == "We agree to do it anyway (out of its phase or turn)"
    assert OVERRIDE.key in {f.key for f in g.system.procedure("asl.strafing").params}


def test_e7_4_the_planner_shows_the_refusal_in_plain_words() -> None:
    g = new_game(sc(), "plan", [FB])
    form = {"aircraft": "FB 1", "target": "4G6", "grain": "2", "units.count": "1", "units.0.name": "4-6-7",
            "units.0.hex": "4G6"}
    err = plan_panel(g, "asl.strafing", form)["error"]
    assert err is not None and err["text"].startswith("E7.4: a strafing run or Point Attack is made in the opponent's "
                                                      "Movement Phase")
    assert plan_panel(g, "asl.strafing", dict(form, out_of_phase=True))["error"] is None


def _done(g: Game, sight: list[int]) -> None:
    """Answer the run: the Sighting TC dice, then an IFT DR for each attack."""
    g.apply({"type": "dice", "values": sight})
    while g.waiting_for() is not None:
        p = g.waiting_for()
        assert p is not None
        g.apply({"type": "dice", "values": [3, 4]} if p.kind == "roll" else {"type": "choose", "choice": p.options[-1]})


def test_e7_401_one_attack_per_player_turn() -> None:
    # "At this point it cannot attack again during that Player Turn ... until it attacks again in a
    # subsequent Player Turn"
    g = new_game(sc(), "e7.401", [FB, *at("MPh")])
    strafe(g)
    _done(g, [1, 1])
    assert g.state.outcomes[-1]["result"] == "done" and g.state.outcomes[-1]["attacked"] == ["4-6-7"]
    with pytest.raises(ActionError, match="^E7.401: FB 1 has already made its attack this Player Turn"):
        strafe(g)
    go(g, "DFPh")  # still the same Player Turn
    with pytest.raises(ActionError, match="^E7.401"):
        strafe(g)
    go(g, "MPh", 2)  # the next Axis MPh: a subsequent Player Turn
    strafe(g)


def test_e7_3_a_failed_sighting_tc_bars_ground_attacks_that_player_turn() -> None:
    # "Failure to pass a Sighting TC results in the aircraft being unable to make a ground attack
    # ... during that Player Turn"; one Sighting TC per turn (E7.25)
    g = new_game(sc(), "e7.3", [FB, *at("MPh")])
    strafe(g)
    g.apply({"type": "dice", "values": [5, 6]})  # 11 - 2: failed
    assert g.state.outcomes[-1]["result"] == "not sighted"
    with pytest.raises(ActionError, match="^E7.3: FB 1 failed its Sighting TC this Player Turn: it may make no ground "
                                          "attack during that Player Turn"):
        strafe(g)
    strafe(g, "FB 2", units=[{"name": "4-6-7", "hex": "4G6"}])  # another plane is not barred


def test_e7_3_attacked_by_a_friendly_plane_this_player_turn_is_read_from_the_record() -> None:
    # "-1 Target has been attacked by a friendly plane during this Player Turn"
    row = "Target has been attacked by a friendly plane during this Player Turn"
    g = new_game(sc(), "rec", [FB, FB2, *at("MPh")])
    assert "sight_attacked" not in {f.key for f in g.system.procedure("asl.strafing").params.field("units").item.fields}  # type: ignore[union-attr]
    strafe(g)
    _done(g, [1, 1])
    evs = strafe(g, "FB 2")
    evs = g.apply({"type": "dice", "values": [4, 4]})
    assert ("modifier", -1, row) in [(e.kind, e.value, e.cause) for e in evs if e.rule == "E7.3"]
    g.apply({"type": "cancel"})
    go(g, "MPh", 2)  # the next Axis MPh: the record is this Player Turn's only
    strafe(g, "FB 2")
    evs = g.apply({"type": "dice", "values": [4, 4]})
    assert row not in [e.cause for e in evs]
    # a save that ticked it by hand: the key is read and left to the record
    h = new_game(sc(), "rec", [FB, *at("MPh")])
    strafe(h, units=[{"name": "4-6-7", "hex": "4G6", "sight_attacked": True}])
    evs = h.apply({"type": "dice", "values": [4, 4]})
    assert row not in [e.cause for e in evs]


def test_e7_25_a_sighting_tc_revealing_only_a_dummy_counts_if_the_players_choose() -> None:
    # "Should such a Sighting TC reveal only a Dummy unit, the aircraft has the option of whether or
    # not to count that Sighting TC as its only allowed Sighting TC for that turn, but is subject to
    # Light AA fire regardless of his choice."
    dummy = [{"name": "? stack", "hex": "4G6", "kind": "Dummy"}]
    aa = [{"name": "20L", "hex": "4L4", "kill": 5, "rof": 1}]
    for choice, again in (("do not count it", True), ("count it as its only Sighting TC this turn", False)):
        g = new_game(sc(), "e7.25", [FB, *at("MPh")])
        strafe(g, units=dummy, aa=aa, aerial_drm=3)
        g.apply({"type": "dice", "values": [1, 1]})
        p = g.waiting_for()
        assert p is not None and p.rule == "E7.25" and p.options == ("count it as its only Sighting TC this turn",
                                                                     "do not count it")
        g.apply({"type": "choose", "choice": choice})
        p = g.waiting_for()
        assert p is not None and p.rule == "E7.51"  # Light AA regardless
        g.apply({"type": "choose", "choice": "no more Light AA fire here"})
        out = g.state.outcomes[-1]
        assert g.waiting_for() is None and out["result"] == "dummy" and out["counted"] is not again
        assert out["attacked"] == []
        if again:
            strafe(g)  # its Sighting TC this turn is still to take
            assert g.waiting_for() is not None and g.waiting_for().rule == "E7.3"  # type: ignore[union-attr]
        else:
            with pytest.raises(ActionError, match="^E7.25: FB 1's Sighting TC this turn revealed only a Dummy and was "
                                                  "counted"):
                strafe(g)


# ---------------------------------------------------------------------- E7.2 / E7.21
def arrival(g: Game, **params: Any) -> list[Any]:
    return g.apply({"type": "start", "procedure": "asl.air_arrival", "params": {"exponent": 3, OVERRIDE.key: False, **params}})


def test_e7_2_the_arrival_dr_in_its_sides_rph_and_entry_in_its_mph() -> None:
    # "he makes a dr during the RPh of each of his Player Turns ... his Air Support must be placed
    # onboard in his next MPh"
    g = new_game(sc(), "e7.2", at("PFPh", 0))
    with pytest.raises(ActionError, match="^E7.2: Allied's Air Support arrival dr is made in the Rally Phase of Allied's "
                                          "Player Turn; it is now the Prep Fire Phase"):
        arrival(g)
    with pytest.raises(ActionError, match="^E7.2: on Game Turn 1 no arrival dr can have passed"):
        arrival(g, arrived=True)  # a game set up mid-scenario is at a later Game Turn
    go(g, "MPh")
    with pytest.raises(ActionError, match="^E7.2: on Game Turn 1 no arrival dr can have passed"):
        arrival(g, arrived=True)
    arrival(g, arrived=True, **{OVERRIDE.key: True})
    assert g.waiting_for() is not None and g.waiting_for().rule == "E7.21"  # type: ignore[union-attr]
    g.apply({"type": "cancel"})
    go(g, "RPh")  # the Axis RPh: not the Allied player's
    with pytest.raises(ActionError, match="^E7.2: Allied's Air Support arrival dr is made in the Rally Phase of Allied's"):
        arrival(g, side="Allied")
    arrival(g, side="Axis")


def test_e7_21_an_aircraft_exits_in_an_enemy_mph_and_may_not_return() -> None:
    # "voluntarily exited during an enemy MPh (unless engaged in Aerial Melee)" / "once an aircraft
    # leaves the mapboard it may not return"
    g = new_game(sc(), "e7.21", [FB, dict(FB2, status=["melee"]), *at("MPh", 0)])
    exit_ = {"type": "start", "procedure": "asl.air_exit", "params": {"aircraft": "FB 1"}}
    with pytest.raises(ActionError, match="^E7.21: an aircraft exits voluntarily during an enemy Movement Phase"):
        g.apply(exit_)
    go(g, "MPh")  # the Axis MPh
    with pytest.raises(ActionError, match="E7.21: FB 2 is engaged in Aerial Melee"):
        g.apply({"type": "start", "procedure": "asl.air_exit", "params": {"aircraft": "FB 2"}})
    evs = g.apply(exit_)
    assert "FB 1 leaves the mapboard: once an aircraft leaves the mapboard it may not return" in [e.cause for e in evs]
    assert [a.name for a in aircraft_of(g.state.counters)] == ["FB 2"]
    with pytest.raises(ActionError, match="^E7.21: FB 1 has left the mapboard: once an aircraft leaves the mapboard it may "
                                          "not return"):
        strafe(g)
    with pytest.raises(ActionError, match="^E7.21: FB 1 has left the mapboard"):
        g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "FB 1"}})


def test_e7_22_aerial_combat_in_the_attackers_ccph() -> None:
    # "To enter Aerial Combat, a player places his FB on top of one or more enemy aircraft during
    # the CCPh" (the EX: "during the British CCPh")
    planes = [{"name": "FB 1", "side": "Allied", "target": "Bf 109"}, {"name": "Bf 109", "side": "Axis", "target": "FB 1"}]
    fight = {"type": "start", "procedure": "asl.aerial_combat", "params": {"attacker": "Allied", "planes": planes}}
    g = new_game(sc(), "e7.22", at("MPh", 0))
    with pytest.raises(ActionError, match="^E7.22: Aerial Combat is fought in the Close Combat Phase, the ATTACKER being "
                                          "the side whose CCPh it is \\(Allied attacks\\); it is now the Movement Phase"):
        g.apply(fight)
    go(g, "CCPh")
    with pytest.raises(ActionError, match="^E7.22"):
        g.apply({**fight, "params": {"attacker": "Axis", "planes": planes}})
    g.apply(fight)
    assert g.waiting_for() is not None and g.waiting_for().rule == "E7.221"  # type: ignore[union-attr]
    # sides typed into the form that are not the game's (the EX's British and German on a map of
    # Allied and Axis): whose Player Turn it is cannot be read, only the phase is checked
    typed = [dict(planes[0], side="British"), dict(planes[1], side="German")]
    ex = {"type": "start", "procedure": "asl.aerial_combat", "params": {"attacker": "British", "planes": typed}}
    h = new_game(sc(), "e7.22", at("CCPh"))  # the Axis CCPh
    h.apply(ex)
    assert h.waiting_for() is not None
    with pytest.raises(ActionError, match="^E7.22"):
        new_game(sc(), "e7.22", at("MPh")).apply(ex)


# ---------------------------------------------------------------------- E1.12 / E1.92
NIGHT = {"night": True}
NVR = {"type": "start", "procedure": "asl.nvr_change", "params": {}}


def test_e1_12_no_nvr_change_dr_in_the_opening_player_turn_and_once_per_rph() -> None:
    # "At the start of each subsequent RPh after the opening Player Turn of every night scenario, a
    # NVR Change DR is made"
    g = new_game(sc(**NIGHT), "e1.12")
    with pytest.raises(ActionError, match="^E1.12: the NVR Change DR is made at the start of each Rally Phase after the "
                                          "opening Player Turn; it is now the Rally Phase \\(RPh\\) of Game Turn 1, "
                                          "Allied Player Turn"):
        g.apply(NVR)
    go(g, "PFPh")
    with pytest.raises(ActionError, match="^E1.12"):
        g.apply(NVR)
    go(g, "RPh")  # the Axis RPh: after the opening Player Turn
    g.apply(NVR)
    g.apply({"type": "dice", "values": [1, 1]})
    with pytest.raises(ActionError, match="^E1.12: the NVR Change DR of this Rally Phase has already been made"):
        g.apply(NVR)
    odds = g.system.procedure("asl.nvr_change").odds(g.state, {})
    assert odds is not None and odds.notes[0].startswith("E1.12: the NVR Change DR of this Rally Phase")
    evs = g.apply({**NVR, "params": {OVERRIDE.key: True}})
    assert any(AGREED in t for t in infos(evs, "E1.12"))


SHELL = {"type": "start", "procedure": "asl.starshell",
         "params": {"firer": "leader", "aim": "4C3", "method": "placed by the players (rule text cut)"}}  # earlier words, still read


def shell(g: Game, side: str, **params: Any) -> list[Any]:
    return g.apply({**SHELL, "params": {**SHELL["params"], "side": side, **params}})  # type: ignore[dict-item]


def test_e1_92_a_starshell_in_its_sides_pfph_or_defensive_first_fire() -> None:
    # "Starshells may be fired in either the PFPh or Defensive First Fire/" (cut)
    g = new_game(sc(**NIGHT), "e1.92")
    with pytest.raises(ActionError, match="^E1.92: a Starshell is fired in its side's Prep Fire Phase or during Defensive "
                                          "First Fire \\(the opponent's Movement Phase; the rest of the rule is in your "
                                          "rulebook\\); Allied fires it, it is now the Rally Phase"):
        shell(g, "Allied")
    go(g, "PFPh")
    shell(g, "Allied")  # its own PFPh
    g.apply({"type": "cancel"})
    with pytest.raises(ActionError, match="^E1.92"):
        shell(g, "Axis")  # the opponent's PFPh
    go(g, "MPh")
    assert g.system.procedure("asl.starshell").defaults(g.state)["side"] == "Axis"
    shell(g, "Axis")  # Defensive First Fire
    g.apply({"type": "cancel"})
    with pytest.raises(ActionError, match="^E1.92"):
        shell(g, "Allied")  # the moving side in its MPh
    go(g, "DFPh")  # the text is cut: the players decide, with the box
    with pytest.raises(ActionError, match="^E1.92: Starshells may be fired in the PFPh or 'Defensive First Fire…' — the "
                                          "rest is in your rulebook: the players decide whether Axis \\(the DEFENDER\\) may fire "
                                          "one in this Defensive Fire Phase"):
        shell(g, "Axis")
    evs = shell(g, "Axis", **{OVERRIDE.key: True})
    assert any(AGREED in t for t in infos(evs, "E1.92"))
    g.apply({"type": "cancel"})
    evs = shell(g, "Allied", **{OVERRIDE.key: True})
    assert any(AGREED in t for t in infos(evs, "E1.92"))


# ---------------------------------------------------------------------- saved games and the record
def test_a_game_saved_before_the_checks_replays_with_the_agreement_said() -> None:
    # a format-2 save (before the rules of the turn): a strafing run with the turn track unused
    actions = [FB, {"type": "start", "procedure": "asl.strafing",
                    "params": {"aircraft": "FB 1", "target": "4G6", "grain": 2, "bomb_at": "no bombs",
                               "units": [{"name": "4-6-7", "hex": "4G6", "sight_unconcealed": True, "sight_attacked": True}]}},
               {"type": "dice", "values": [1, 1]}]
    g = saved_before_turn_rules(new_game(sc(), "old"), *actions)
    assert g.older == 3 and g.actions[1]["params"][OVERRIDE.key] is True
    lines = [e.cause for e in g.entries[1].events]
    assert lines[0] == ("this game was saved before Airhead checked that rule: the action is replayed as the players' "
                        "agreement to do it anyway")
    assert any(AGREED in t for t in lines)
    text = encode_save(g)  # saved again: the newest format, saying how many of its actions are older
    assert f'"airhead": {FORMAT_VERSION}' in text and '"older_actions": 3' in text and '"format3_actions": 3' in text
    again = decode_save(text).to_game()  # the action carries the agreement itself
    assert again.log_lines() == [ln for ln in g.log_lines() if "saved before Airhead" not in ln]
    with pytest.raises(CodecError):  # only a refusal of the turn is taken as agreed
        saved_before_turn_rules(new_game(sc(), "old"), FB, {**actions[1], "params": {**actions[1]["params"], "target": "4Z9"}})  # type: ignore[dict-item]
    assert isinstance(TurnError("x"), ValueError)


def test_a_save_of_the_current_format_is_never_taken_as_agreed() -> None:
    # #41 item 2: a save's age is its format version, never a missing key. A format-3 save (or a
    # link built by hand) whose start leaves the agreement key out is played by the rules of the
    # turn: refused, with the rule
    actions = [FB, {"type": "start", "procedure": "asl.strafing",
                    "params": {"aircraft": "FB 1", "target": "4G6", "grain": 2, "bomb_at": "no bombs",
                               "units": [{"name": "4-6-7", "hex": "4G6", "sight_unconcealed": True}]}}]
    text = encode_save(SaveData(sc(), "new", tuple(actions)))
    assert f'"airhead": {FORMAT_VERSION}' in text and "older_actions" not in text and "format3_actions" not in text
    with pytest.raises(CodecError, match="^the game does not replay: action 2: E7.4: a strafing run or Point Attack is "
                                         "made in the opponent's Movement Phase"):
        decode_save(text).to_game()
    with pytest.raises(ActionError, match="^E7.4: a strafing run"):  # played now, without the key: not agreed
        new_game(sc(), "new", actions[:1]).apply(actions[1])
    with pytest.raises(CodecError, match="says 5 of its actions are of an older format, but it has 2"):
        decode_save(text.replace(f'"airhead": {FORMAT_VERSION}', f'"airhead": {FORMAT_VERSION}, "older_actions": 5'))
    with pytest.raises(CodecError, match="says 5 of its actions are of format 3 or older, but it has 2"):
        decode_save(text.replace(f'"airhead": {FORMAT_VERSION}', f'"airhead": {FORMAT_VERSION}, "format3_actions": 5'))


def test_this_player_turns_record_is_read_from_the_index() -> None:
    # an action's cost does not grow with the game's length: only this Player Turn's outcomes are read
    state = new_game(sc(), "idx").state
    for i in range(30):  # thirty outcomes in earlier Player Turns, three in this one
        state = replace(state, turn=Turn(1 + i // 8, (i // 4) % 2, 2))
        state = replace(state, outcomes=state.with_outcome({"procedure": "asl.strafing", "n": i}))
    state = replace(state, turn=Turn(5, 0, 2))
    for i in range(3):
        state = replace(state, outcomes=state.with_outcome({"procedure": "asl.strafing", "n": 100 + i}))
    with metered():
        got = state.this_turn("asl.strafing", "asl.air_exit")
        assert spent() == 3
    assert [o["n"] for o in got] == [100, 101, 102]
    assert replace(state, turn=Turn(5, 1, 0)).this_turn("asl.strafing") == ()


def test_the_keyed_record_of_a_player_turn_agrees_with_reading_the_turns_outcomes() -> None:
    # the arrival and strafing checks read the record by key, in O(1): what a walk of this Player
    # Turn's outcomes gives (an uncounted Dummy is not filed under its aircraft, E7.25)
    import random

    from airhead.asl.turn_rules import attacked_this_turn

    rnd = random.Random(4)
    state = new_game(sc(), "keys").state
    for i in range(200):
        if rnd.random() < 0.1:
            state = replace(state, turn=Turn(1 + i // 50, rnd.randrange(2), 2))
        o = rnd.choice([{"procedure": "asl.air_arrival", "side": rnd.choice(("Allied", "Axis"))},
                        {"procedure": "asl.strafing", "aircraft": rnd.choice(("FB 1", "FB 2")), "side": rnd.choice(("Allied", "Axis")),
                         "result": rnd.choice(("dummy", "not sighted", "attacked")), "counted": rnd.choice((True, False)),
                         "attacked": rnd.sample(("a", "b", "c"), rnd.randrange(3))}])
        state = replace(state, outcomes=state.with_outcome(o))
        runs = state.this_turn("asl.strafing")
        for side in ("Allied", "Axis"):
            arrived = any(x.get("side") == side for x in state.this_turn("asl.air_arrival"))
            assert (state.this_turn_under("asl.air_arrival", ("side", side))[0] > 0) == arrived
            hit = attacked_this_turn(state, side)
            for n in "abcd":
                assert (n in hit) == any(x.get("side") == side and n in x.get("attacked", ()) for x in runs)
        for name in ("FB 1", "FB 2"):
            counted = [x for x in runs if x.get("aircraft") == name and not (x.get("result") == "dummy" and x.get("counted") is False)]
            with metered():
                last = state.this_turn_under("asl.strafing", ("aircraft", name))[1]
                assert spent() == 1
            assert last is (counted[-1] if counted else None)
            every = [x for x in runs if x.get("aircraft") == name]  # E7.32 reads the last run, counted or not
            assert state.this_turn_under("asl.strafing", ("run", name))[1] is (every[-1] if every else None)
