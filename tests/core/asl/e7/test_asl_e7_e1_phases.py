"""Issue #29, the rest of item 1 and item 3's E7 rules: each test names its rule and plays in the
phase the rule names (``playing.at``).

E7.21 the entry drs upon mapboard entry are in tests/core/asl/e7/test_asl_e7_arrival.py; here: E1.11 the
NVR table at the game's start, E1.93 the IR's phase (cut), E7.6 / E7.3 the Observation Plane's
Sighting TC (once per Player Turn, E7.31, E7.32 / E7.62), E7.32 a Mistaken Attack played, E7.25
Mist as an LV Hindrance by Aerial Range."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.asl.e7.aerial_los import aerial_range, mist_lv_hindrance
from airhead.asl.e7.air_support import aircraft_of
from airhead.asl.e7.strafing_procedures import RECALL_31
from airhead.boards import HexMap
from airhead.errors import ActionError
from airhead.game import Game
from airhead.plug import OVERRIDE
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import at, saved_before_turn_rules

B4 = HexMap.asl([["4"]])
AGREED = "the players agree to do it anyway"
NO = {OVERRIDE.key: False}  # the form's agreement box, unticked


def sc(**settings: Any) -> Scenario:
    return Scenario("phases", "asl", B4, Terrain(), {"sides": ["Allied", "Axis"], **settings})


def causes(evs: Any) -> list[str]:
    return [f"{e.rule}: {e.cause}" for e in evs]


def unit(uid: str, side: str, h: str, kind: str = "squad", **kw: Any) -> dict[str, Any]:
    return {"type": "edit", "op": "unit", "id": uid, "side": side, "kind": kind, "hex": h, **kw}


# ---------------------------------------------------------------------- E1.11
NVR_TABLE = {"type": "start", "procedure": "asl.nvr_table", "params": dict(NO)}


def test_e1_11_the_nvr_table_dr_prior_to_setup_once() -> None:
    # "make a DR on the NVR table prior to setup but after rolling for Weather"
    g = new_game(sc(night=True), "e1.11")
    g.apply(NVR_TABLE)  # the game's start: the first side's RPh of Game Turn 1
    g.apply({"type": "dice", "values": [1, 1]})
    with pytest.raises(ActionError, match="^E1.11: the NVR table DR of this scenario has already been made"):
        g.apply(NVR_TABLE)
    h = new_game(sc(night=True), "e1.11", at("MPh", 0))
    with pytest.raises(ActionError, match="^E1.11: the NVR table DR is made prior to setup \\(at the start of the game, "
                                          "before the first Player Turn's play\\); it is now the Movement Phase"):
        h.apply(NVR_TABLE)
    proc = h.system.procedure("asl.nvr_table")
    assert proc.odds(h.state, proc.read(h.state, NO)).notes[0].startswith("E1.11: the NVR table DR is made prior to setup")
    evs = h.apply({**NVR_TABLE, "params": {OVERRIDE.key: True}})
    assert any(AGREED in c for c in causes(evs))


def test_e1_11_a_game_saved_before_the_check_replays_as_agreed() -> None:
    actions = [*at("MPh", 0), {"type": "start", "procedure": "asl.nvr_table", "params": {}}, {"type": "dice", "values": [3, 4]}]
    g = saved_before_turn_rules(new_game(sc(night=True), "e1.11"), *actions)  # a format-2 save
    assert g.state.outcomes[-1]["procedure"] == "asl.nvr_table"
    assert any("saved before Airhead checked that rule" in line for line in g.log_lines())
    with pytest.raises(ActionError, match="^action 2: E1.11: the NVR table DR is made prior to setup"):
        new_game(sc(night=True), "e1.11", actions)  # the same actions now: not agreed


# ---------------------------------------------------------------------- E1.93
def test_e1_93_the_phase_of_an_ir_is_cut_the_log_says_the_players_decide() -> None:
    # "IR may be fired only via Indirect Fire, and only by OBA/" (cut)
    g = new_game(sc(night=True), "e1.93", at("PFPh", 0))
    evs = g.apply({"type": "start", "procedure": "asl.illuminating_round", "params": {"firer": "OBA", "hex": "4E5"}})
    assert "E1.93: an IR is fired only via Indirect Fire (OBA); the phases Indirect Fire is made in are in your " \
           "rulebook (after 'only by OBA'): the players decide that it may be fired now" in causes(evs)


# ---------------------------------------------------------------------- E7.6 / E7.3 / E7.31 / E7.32 / E7.62
BRING = {"type": "start", "procedure": "asl.observation_plane", "params": {"side": "Allied", "nationality": "U.S.",
                                                                           "name": "Grasshopper"}}


def sighting(g: Game, target: str = "4G4", **kw: Any) -> list[Any]:
    return g.apply({"type": "start", "procedure": "asl.observation_sighting",
                    "params": {"plane": "Grasshopper", "target": target, **NO, **kw}})


def test_e7_61_the_observation_plane_rolls_its_sighting_tc_once_per_player_turn() -> None:
    # E7.6: "subject to normal aircraft rules"; E7.3: Morale Level 8, cumulative DRM; E7.25 "its
    # only allowed Sighting TC for that turn"; E7.61's phase is cut: the log says so
    g = new_game(sc(), "e7.61", [BRING, unit("sq", "Axis", "4G4")])
    proc = g.system.procedure("asl.observation_sighting")
    params = proc.read(g.state, {"plane": "Grasshopper", "target": "4G4", "sight_building": True, **NO})
    odds = proc.odds(g.state, params)
    assert [(f.label, f.value) for f in odds.facts] == [
        ("Sighting TC passes (Final DR ≤ 8)", "27.8%"), ("Recall (Original 12, E7.31)", "2.8%"),
        ("Mistaken Attack (Final DR ≥ 12, E7.32)", "27.8%")]  # +3 building: Original ≤ 5 passes, ≥ 9 mistaken
    evs = sighting(g, sight_building=True)
    assert "E7.61: the phase in which an Observation Plane sights is in the part of E7.61 cut from the rule text: the " \
           "players decide it" in causes(evs)
    p = g.waiting_for()
    assert p is not None and p.kind == "roll" and p.rule == "E7.3"
    evs = g.apply({"type": "dice", "values": [2, 3]})
    assert "E7.3: Final DR 8 vs Morale Level 8: passed (what the plane then does with its OBA is C1, in your rulebook)" \
        in causes(evs)
    out = g.state.outcomes[-1]
    assert (out["result"], out["rolled"]) == ("sighted", True)
    assert proc.summary(out) == "Grasshopper sights 4G4 (its Sighting TC)."
    with pytest.raises(ActionError, match="^E7.3: Grasshopper has already taken its Sighting TC this Player Turn"):
        sighting(g)
    g.apply({"type": "advance", "phase": "RPh"})  # the next Player Turn
    sighting(g)
    assert g.waiting_for() is not None


def test_e7_31_e7_62_an_original_12_recalls_it_and_a_final_12_is_a_mistaken_attack_fire_mission() -> None:
    # E7.31 "An Original Sighting TC DR of 12 results in Recall at the end of the MPh"; E7.32 "A
    # Final Sighting TC DR ≥12 results in a Mistaken Attack"; E7.62 the opponent's FFE
    g = new_game(sc(), "e7.62", [BRING, unit("mine", "Allied", "4G5"), unit("far", "Allied", "4G9")])
    sighting(g)
    evs = g.apply({"type": "dice", "values": [6, 6]})
    assert "E7.31: Original 12: Grasshopper is Recalled at the end of the MPh (the rest of E7.31 is cut: the players " \
           "rule whether its sighting still counts)" in causes(evs)
    assert any(c.startswith("E7.62: Final DR 12 ≥ 12: a Mistaken Attack (E7.32): Axis calls for a Fire For Effect") for c in causes(evs))
    assert [a.recalled for a in aircraft_of(g.state.counters)] == [True]
    g.apply({"type": "choose", "choice": "Battery Access achieved: Fire For Effect"})
    out = g.state.outcomes[-1]
    assert (out["result"], out["unit"], out["ffe"]) == ("FFE", "mine", "4G5")


def test_e7_25_mist_is_an_lv_hindrance_by_aerial_range() -> None:
    # "LV Hindrances (Mist; 3.32) also apply to Aerial LOS, as per the Aerial Range (E.5)"; E7.402
    # "three hexes away (six-hex Aerial Range)"
    assert aerial_range(3) == 6 and aerial_range(9) == 18
    assert mist_lv_hindrance("Clear", 4) == ""
    assert mist_lv_hindrance("Mist", 4) == ("Mist is an LV Hindrance to Aerial LOS too, as per the Aerial Range: read its "
                                            "DRM on your rulebook's E3.32 at an Aerial Range of 8 hexes (4 hexes away)")
    g = new_game(sc(weather="Mist"), "e7.25", [BRING])
    proc = g.system.procedure("asl.observation_sighting")
    assert proc.defaults(g.state)["sight_mist"] is True  # the Sighting TC's "+1 Mist/" row, from the weather
    evs = sighting(g, sight_mist=True)
    assert any(c.startswith("E7.25: Mist is an LV Hindrance to Aerial LOS too") for c in causes(evs))
    evs = g.apply({"type": "dice", "values": [4, 4]})
    assert "E7.3: Final DR 9 vs Morale Level 8: failed" in causes(evs)


# ---------------------------------------------------------------------- E7.32 Mistaken Attack
FB = unit("fb1", "Allied", "4C3", "aircraft", label="FB 1")


def strafe(g: Game) -> None:
    g.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"aircraft": "FB 1", "target": "4G6", "grain": 2, "bomb_at": "no bombs", **NO,
                        "units": [{"name": "4-6-7", "hex": "4G6", "sight_unconcealed": True}]}})


MISTAKE = {"type": "start", "procedure": "asl.mistaken_attack", "params": {**NO}}


def test_e7_32_a_mistaken_attack_is_played_on_the_closest_own_unit_after_the_tc_that_gave_it() -> None:
    # "A Final Sighting TC DR ≥12 results in a Mistaken Attack ... attack (without a new Sighting
    # TC) the DEFENDER's non-hidden onboard ground unit that is closest (in hexes) to the aircraft's
    # initial target ... (ATTACKER's choice of equidistant targets)"
    g = new_game(sc(), "e7.32", [FB, unit("a", "Allied", "4G5"), unit("b", "Allied", "4G7"), unit("far", "Allied", "4A1"),
                                 unit("hid", "Allied", "4G6", status=["hidden"]), *at("MPh")])
    with pytest.raises(ActionError, match="^E7.32: a Mistaken Attack is made immediately after a Sighting TC with a Final "
                                          "DR ≥ 12; FB 1's last Sighting TC this Player Turn left none to make"):
        g.apply({**MISTAKE, "params": {"aircraft": "FB 1", "target": "4G6", **NO}})
    strafe(g)
    g.apply({"type": "dice", "values": [6, 5]})  # 11 - 2 (not concealed) = 9: failed; Final 9 is no Mistaken Attack
    assert g.state.outcomes[-1]["result"] == "not sighted"
    h = new_game(sc(), "e7.32", [FB, unit("a", "Allied", "4G5"), unit("b", "Allied", "4G7"), unit("far", "Allied", "4A1"),
                                 unit("hid", "Allied", "4G6", status=["hidden"]), *at("MPh")])
    h.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"aircraft": "FB 1", "target": "4G6", "grain": 2, "bomb_at": "no bombs", **NO,
                        "units": [{"name": "4-6-7", "hex": "4G6"}]}})
    h.apply({"type": "dice", "values": [6, 6]})  # Final 12: Mistaken Attack (and E7.31 Recall)
    p = h.waiting_for()
    assert p is not None and p.rule == "E7.32"
    h.apply({"type": "choose", "choice": p.options[0]})  # made now: the run goes on as Mistaken Attack (E7.32)
    assert h.state.outcomes[-1]["result"] == "mistaken attack"
    assert h.state.procedure is not None and h.state.procedure.procedure == "asl.mistaken_attack"
    h.apply({"type": "cancel"})  # the players may start it from the menu instead, the target's IFT DRM typed
    proc = h.system.procedure("asl.mistaken_attack")
    assert {k: proc.defaults(h.state)[k] for k in ("aircraft", "target")} == {"aircraft": "FB 1", "target": "4G6"}
    evs = h.apply(MISTAKE)
    p = h.waiting_for()
    assert p is not None and p.rule == "E7.32" and p.options == ("a in 4G5", "b in 4G7")  # equidistant: ATTACKER's choice
    evs = h.apply({"type": "choose", "choice": "b in 4G7"})
    p = h.waiting_for()
    assert p is not None and p.label == "FB 1's MG attack on b: IFT Effects DR (12 FP)"  # 1944: 12 FP (E7.41)
    evs = h.apply({"type": "dice", "values": [6, 6]})
    assert "E7.41: 12 FP vs b: Final DR 12: read the result on your rulebook's IFT" in causes(evs)
    assert "E7.41: Original 12: FB 1's MG breaks down for good (MG Disabled)" in causes(evs)
    out = h.state.outcomes[-1]
    assert (out["unit"], out["hex"], out["attacked"], out["mg_disabled"]) == ("b", "4G7", ["b"], True)
    assert [a.mg_disabled for a in aircraft_of(h.state.counters)] == [True]
    assert proc.summary(out) == "FB 1's Mistaken Attack on b in 4G7: 12 FP, IFT Final DR 12 (read it on your IFT)."
    with pytest.raises(ActionError, match="^E7.223: FB 1's MG is Disabled"):
        h.apply(MISTAKE)


def test_e7_32_a_mistaken_attack_the_players_chose_not_to_make_is_not_made_from_the_menu_either() -> None:
    # "The ATTACKER may then immediately move the aircraft ... and attack": declined, it is not made
    # later; the refusal says why in words that fit (not "no such Sighting TC": it had one)
    g = new_game(sc(), "e7.32", [FB, unit("a", "Allied", "4G5"), *at("MPh")])
    g.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"aircraft": "FB 1", "target": "4G6", "grain": 2, "bomb_at": "no bombs", **NO,
                        "units": [{"name": "4-6-7", "hex": "4G6"}]}})
    g.apply({"type": "dice", "values": [6, 6]})  # Final 12: Mistaken Attack (and E7.31 Recall)
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.32", p
    g.apply({"type": "choose", "choice": "no Mistaken Attack"})
    with pytest.raises(ActionError, match="^E7.32: .*FB 1's last Sighting TC this Player Turn left none to make "
                                          r"\(none yet, its Final DR < 12, or the players chose no Mistaken Attack\)"):
        g.apply({**MISTAKE, "params": {"aircraft": "FB 1", "target": "4G6", **NO}})


def test_e7_31_either_recall_choice_can_be_made() -> None:
    # E7.31: an Original 12 is Recall (the rest cut: the players decide); each choice offered is
    # one a choose action takes (steps.MAX_CHOICE): the first was once too long for its 64
    for choice, result in ((RECALL_31[0], "not sighted"), (RECALL_31[1], "recalled")):
        g = new_game(sc(), "e7.31", [FB, *at("MPh")])
        strafe(g)  # unconcealed: -2
        g.apply({"type": "dice", "values": [6, 6]})  # Original 12, Final 10: failed, and Recall
        p = g.waiting_for()
        assert p is not None and p.rule == "E7.31" and p.options == RECALL_31
        evs = causes(g.apply({"type": "choose", "choice": choice}))
        assert f"E7.31: FB 1: {choice} (the players' decision)" in evs
        assert g.waiting_for() is None and g.state.outcomes[-1]["result"] == result


def test_e7_25_the_aerial_view_tool_gives_the_aerial_range_blind_hexes_and_mist() -> None:
    # E7.25: "All Aerial units are considered to be at sufficient elevation to reduce the number of
    # Blind Hexes created by any full-level-or-higher LOS Obstacle to one hex"; "LV Hindrances
    # (Mist; 3.32) also apply to Aerial LOS, as per the Aerial Range (E.5)"
    from airhead.present import tool_view
    from airhead.systems import builtin

    base = builtin()
    mist = Scenario.from_data(dict(base.to_data(), settings={**base.to_data().get("settings", {}), "weather": "Mist"}))
    game = new_game(mist, "aerial")
    game.apply({"type": "edit", "op": "hex", "hex": "1I5", "set": {"t": "woods", "obs": 1}})
    out = tool_view(game, "aerial", ["1I2", "1I6"])  # the woods in 1I5 is just before 1I6: Blind
    assert out["lines"][0] == "Aerial view from 1I2 to 1I6: 4 hexes along the grain, Aerial Range 8 hexes (E7.402)"
    assert ["1I6", "los-block"] in out["view"]["marks"]
    assert out["lines"][-1] == ("Mist is an LV Hindrance to Aerial LOS too, as per the Aerial Range: read its DRM on your "
                                "rulebook's E3.32 at an Aerial Range of 8 hexes (4 hexes away) (E7.25)")
    seen = tool_view(game, "aerial", ["1I2", "1I7"])  # one Blind Hex only: 1I7, two behind the woods, is seen
    assert ["1I7", "los-end"] in seen["view"]["marks"]
    with pytest.raises(Exception, match="not on a hex grain"):
        tool_view(game, "aerial", ["1I2", "1K7"])


# ---------------------------------------------------------------------- E7.25 in a strafing run
def test_e7_25_mist_on_the_strafing_runs_sighting_tc_and_attacks_at_their_own_aerial_range() -> None:
    # E7.25: "LV Hindrances (Mist; 3.32) also apply to Aerial LOS, as per the Aerial Range (E.5)":
    # the Sighting TC from the entry hex (four hexes: Aerial Range 8) and each attack from its hex
    g = new_game(sc(weather="Mist"), "mist", [FB, *at("MPh")])
    evs = causes(g.apply({"type": "start", "procedure": "asl.strafing",
                          "params": {"aircraft": "FB 1", "target": "4G6", "grain": 2, "bomb_at": "no bombs", **NO,
                                     "units": [{"name": "4-6-7", "hex": "4G6", "sight_unconcealed": True}]}}))
    evs = causes(g.apply({"type": "dice", "values": [2, 2]}))  # passed
    mist = "E7.25: Mist is an LV Hindrance to Aerial LOS too, as per the Aerial Range: read its DRM on your rulebook's E3.32 "
    assert mist + "at an Aerial Range of 8 hexes (4 hexes away)" in evs
    attack = next(i for i, c in enumerate(evs) if c.startswith("E7.401: FB 1 attacks 4G6 from"))
    assert "(4 hexes: Aerial Range 8" in evs[attack] and evs[attack + 1] == mist + "at an Aerial Range of 8 hexes (4 hexes away)"
    clear = new_game(sc(), "mist", [FB, *at("MPh")])
    strafe(clear)
    assert not any("Mist" in c for c in causes(clear.apply({"type": "dice", "values": [2, 2]})))


def test_e7_25_the_strafing_run_reads_blind_hexes_with_the_systems_terrain_types_as_the_aerial_view_tool(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # E7.25 / the 7.3 EX: the run's Blind Hexes and LOS Hindrances are read as the Aerial view tool
    # reads them, through the system's terrain types (for ASL the same table los.aerial defaults
    # to: passing them changes no verdict today, it keeps one source)
    from airhead.asl.e7 import strafing
    from airhead.asl.e7.strafing import blind_hexes, strike_plan
    from airhead.hexes import opposite
    from airhead.present import tool_view
    from airhead.tables import terrain_types

    got: list[Any] = []
    real = strafing.aerial

    def spy(*a: Any, **kw: Any) -> Any:
        got.append(kw.get("types"))
        return real(*a, **kw)

    monkeypatch.setattr(strafing, "aerial", spy)
    paint = [{"type": "edit", "op": "hex", "hex": h, "set": s} for h, s in
             (("4G7", {"t": "woods", "obs": 1}), ("4G9", {"t": "orchard"}), ("4G10", {"t": "grain"}))]
    g = new_game(sc(), "types", [FB, *paint, *at("MPh")])
    proc = g.system.procedure("asl.strafing")
    params = proc.read(g.state, {"aircraft": "FB 1", "target": "4G6", "grain": 4, "bomb_at": "no bombs", **NO,
                                 "units": [{"name": "4-6-7", "hex": "4G6"}]})
    run = strike_plan(g.state, params).run
    lane = tuple(run.target.neighbor(run.grain, i) for i in range(1, 4))
    read = blind_hexes(g.state, params, run, lane)
    assert got and all(t is g.system.terrain_types for t in got)  # the system's types, as the tool passes them
    assert g.system.terrain_types == terrain_types("terrain_asl")  # ASL's table: the same verdicts as the default
    for h in lane:
        viewer = h.neighbor(opposite(run.grain), 4)
        marks = tool_view(g, "aerial", [g.scenario.map.name(viewer), g.scenario.map.name(h)])["view"]["marks"]
        assert [g.scenario.map.name(h), "los-block" if read[h][0] else "los-end"] in marks
    assert [read[h][0] for h in lane] == [False, True, False]  # the woods in 4G7 blinds 4G8 only (one hex)
    assert read[lane[2]][2] == 0  # 4G9 is seen over the open 4G8
