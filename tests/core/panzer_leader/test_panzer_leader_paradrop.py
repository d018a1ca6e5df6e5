"""Panzer Leader airborne variant (seed 001): wind, paradrops by sticks, jump survival, platoons."""

from __future__ import annotations

from typing import Any

import pytest
from airhead.boards import HexMap
from airhead.counters import Unit
from airhead.game import ActionError
from airhead.hexes import Hex
from airhead.panzer_leader import capabilities, night
from airhead.panzer_leader.paradrop import (
    LandedStick,
    attackers,
    drift_letter,
    drift_pattern,
    form_platoons,
    jump_survival,
    overstacked,
    stick_landings,
    survival_row,
)
from airhead.panzer_leader.plan import visible_outcomes
from airhead.panzer_leader.wind import Wind, wind_direction, wind_speed
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain, Water

MAP = HexMap.grid([["A"]], 12, 10)


def h(name: str) -> Hex:
    return MAP.parse(name, allow_offboard=True)


def scenario(terrain: dict[str, HexTerrain] | None = None, orientation: str = "1") -> Scenario:
    t = Terrain({MAP.parse(k): v for k, v in (terrain or {}).items()})
    return Scenario("PL test", "panzer_leader", MAP, t, {"panzer_leader": {"orientation": orientation}})


def platoons(*ids: str, sticks: int = 4) -> list[dict[str, Any]]:
    return [{"id": i, "type": "rifle", "sticks": sticks} for i in ids]


def test_drift_pattern_chart_is_the_seed_table() -> None:
    assert [drift_letter("Low", f) for f in range(1, 7)] == list("ABCDEF")
    assert [drift_letter("Gusty", f) for f in range(1, 7)] == list("GHIJKL")
    assert [drift_letter("High", f) for f in range(1, 7)] == list("MNOPQR")
    assert drift_pattern("A") == (8,)
    assert drift_pattern("I") == (0, 1, 0, 1, 1, 1, 1, 1, 1)
    assert drift_pattern("R") == (0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1)


def test_wind_procedure_second_orientation_from_the_west() -> None:
    g = new_game(scenario(orientation="2"), "w")
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 2}})
    p = g.waiting_for()
    assert p is not None and p.rule == "PL I.D" and p.label == "Wind direction die, turn 2 (diagram for mapboard orientation 2)"
    ev = g.apply({"type": "dice", "values": [5]})
    assert ev[-1].cause == "the wind blows from the W (map hexside N); drift is toward S"
    assert ev[-2].cause == "wind direction die 5 (diagram for mapboard orientation 2)" and ev[-1].rule == "PL I.D"
    ev = g.apply({"type": "dice", "values": [3]})
    assert ev[-1].rule == "PL I.E" and ev[-1].cause == "turn 2: wind Gusty from N" and ev[-2].cause == "wind speed die 3"
    assert g.state.outcomes[-1] == {"procedure": "panzer_leader.wind", "turn": 2, "wind": {"from": "N", "speed": "Gusty"}}
    assert wind_direction(5, "1") == (4, "SW") and [wind_speed(f) for f in range(1, 7)] == ["Low", "Low", "Gusty", "Gusty", "High", "High"]


def test_seed_example_i_pattern_with_wind_from_the_west() -> None:
    # "there is a gusty wind and a 3 is rolled on the Drift Pattern Chart, indicating ... an I
    # pattern. The wind is from the west." Orientation 2: printed west is the map's N hexside.
    g = new_game(scenario(orientation="2"), "i")
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 1}})
    g.apply({"type": "dice", "values": [5]})
    g.apply({"type": "dice", "values": [3]})
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "turn": 1, "drops": [{"target": "A/f1", "platoons": platoons("1", "2")}]}})
    p = g.waiting_for()
    assert p is not None and p.rule == "PL II.C"
    assert p.label == "Drift die for the 8 sticks targeted on A/f1 (Gusty wind, Drift Pattern Chart)"
    ev = g.apply({"type": "dice", "values": [3]})
    assert ev[0].render() == "PL II.C  roll      drift die 3 for A/f1, Gusty wind (Drift Pattern Chart)"
    assert ev[1].render() == "PL II.C  result    Drift Pattern Chart: pattern I"
    shown = ev[2]
    assert shown.rule == "PL II.C"
    assert shown.hexes == tuple(f"A/f{r}" for r in range(1, 10))  # the pattern, for the map view
    assert shown.cause == "Drift Diagram I: most sticks per hex downwind from A/f1 toward S: A/f2 1, A/f4 1, A/f5 1, A/f6 1, A/f7 1, A/f8 1, A/f9 1"
    landings = [e.cause for e in ev if e.cause.startswith("stick")]
    assert landings == [
        "stick 1.1 lands in A/f2", "stick 1.2 lands in A/f4", "stick 1.3 lands in A/f5", "stick 1.4 lands in A/f6",
        "stick 2.1 lands in A/f7", "stick 2.2 lands in A/f8", "stick 2.3 lands in A/f9",
        'stick 2.4 lands in A/f10, beyond the 7 sticks of Drift Diagram I (setting "Sticks beyond a drift diagram": '
        'they land one per hex further downwind)',
    ]
    # jump survival for each of the 8 sticks (open ground: Clear row)
    for face in (1, 2, 3, 4, 5, 6, 6, 6):
        p = g.waiting_for()
        assert p is not None and p.rule == "PL II.D" and p.label.endswith("(Jump Survival Chart, Clear)")
        g.apply({"type": "dice", "values": [face]})
    assert g.waiting_for() is None
    out = g.state.outcomes[-1]
    assert out["patterns"]["A/f1"][:3] == [["A/f1", 0], ["A/f2", 1], ["A/f3", 0]]
    assert [s["dispersed"] for s in out["sticks"]] == [True] + [False] * 7


def test_drift_is_rolled_once_per_target_hex_per_turn() -> None:
    g = new_game(scenario(), "o")
    wind = {"from": "N", "speed": "Low"}
    with pytest.raises(ActionError, match="targeted twice"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "wind": wind, "drops": [{"target": "A/c3", "platoons": platoons("1")}, {"target": "A/c3", "platoons": platoons("2")}]}})
    with pytest.raises(ActionError, match=r"at most two full platoons \(8 sticks\) may be targeted for one hex \(PL II.B\), not 12"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "wind": wind, "drops": [{"target": "A/c3", "platoons": platoons("1", "2", "3")}]}})
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": wind, "drops": [{"target": "A/c3", "platoons": platoons("1")}]}})
    g.apply({"type": "dice", "values": [1]})
    for _ in range(4):
        g.apply({"type": "dice", "values": [6]})
    with pytest.raises(ActionError, match="already determined this turn"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "wind": wind, "drops": [{"target": "A/c3", "platoons": platoons("2")}]}})
    with pytest.raises(ActionError, match="no wind for turn 3"):
        g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "turn": 3, "drops": [{"target": "A/c3", "platoons": platoons("2")}]}})


def test_off_the_board_is_lost_and_more_than_two_platoons_disperse_the_hex() -> None:
    g = new_game(scenario(), "s")
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": {"from": "N", "speed": "Low"},
        "drops": [{"target": "A/d5", "platoons": platoons("1", "2")},    # A: all 8 in A/d5
                  {"target": "A/d4", "platoons": platoons("3", "4")},    # B: 6 in A/d4, 2 in A/d5
                  {"target": "A/d10", "platoons": platoons("5")}],       # C: 4, 2, 2 from the edge
    }})
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "dice", "values": [2]})
    ev = g.apply({"type": "dice", "values": [3]})
    assert [e.cause for e in ev if "drifts off" in e.cause] == []  # C puts all 4 sticks in A/d10
    over = [e for e in ev if e.rule == "PL I.F"]
    assert [e.cause for e in over] == ["10 sticks land in A/d5, more than two platoons' worth: every friendly unit in A/d5 is dispersed"]
    assert stick_landings(h("A/d10"), Wind(0, "Low"), "C", 8)[4:] == [h("A/d11")] * 2 + [h("A/d12")] * 2
    g2 = new_game(scenario(), "s")
    g2.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/d10", "platoons": platoons("1", "2")}]}})
    ev = g2.apply({"type": "dice", "values": [3]})
    assert [e.cause for e in ev if "drifts off the board" in e.cause] == [
        "stick 2.1 drifts off the board: lost", "stick 2.2 drifts off the board: lost",
        "stick 2.3 drifts off the board: lost", "stick 2.4 drifts off the board: lost"]
    assert ev[2].cause == "Drift Diagram C: most sticks per hex downwind from A/d10 toward S: A/d10 4; then 2 more hexes off the board"
    assert overstacked([h("A/a1")] * 9) == {h("A/a1")} and overstacked([h("A/a1")] * 8) == set()


def test_jump_survival_chart() -> None:
    assert [jump_survival("Forest", f) for f in range(1, 7)] == ["X", "X", "X", "X", "D", "-"]
    assert [jump_survival("Town", f) for f in range(1, 7)] == ["X", "X", "X", "D", "-", "-"]
    assert [jump_survival("Slope", f) for f in range(1, 7)] == ["X", "D", "-", "-", "-", "-"]
    assert [jump_survival("Clear", f) for f in range(1, 7)] == ["D", "-", "-", "-", "-", "-"]
    assert {jump_survival("Sea", f) for f in range(1, 7)} == {"X"}
    t = Terrain({h("A/a1"): HexTerrain("woods", obstacle=1), h("A/a2"): HexTerrain("water", water=Water("stream")),
                 h("A/a3"): HexTerrain("water", water=Water("river")), h("A/a4"): HexTerrain("gully")})
    assert [survival_row(t, h(f"A/a{r}")) for r in range(1, 6)] == ["Forest", "Stream", "Sea", "Gully", "Clear"]


def test_landing_among_enemy_units_and_on_mines() -> None:
    g = new_game(scenario({"A/c3": HexTerrain("woods", obstacle=1, minefield=2)}), "e")
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/c3", "platoons": platoons("1", sticks=2)}],
        "enemy": [{"id": "Pz", "hex": "A/c3"}, {"id": "Flak", "hex": "A/c3", "fired_aa": True}, {"id": "Inf", "hex": "A/c3", "dispersed": True}]}})
    g.apply({"type": "dice", "values": [1]})
    p = g.waiting_for()
    assert p is not None and p.rule == "PL II.D" and p.label == "Jump survival die for stick 1.1 in A/c3 (Jump Survival Chart, Forest)"
    ev = g.apply({"type": "dice", "values": [4]})
    assert ev[-1].cause == "X: stick 1.1 is eliminated" and ev[-1].rule == "PL II.D"
    assert ev[-2].cause == "survival die 4 for stick 1.1 in A/c3 (Jump Survival Chart, Forest)"
    ev = g.apply({"type": "dice", "values": [5]})
    causes = [e.cause for e in ev]
    assert "D: stick 1.2 is dispersed" in causes
    assert "sticks 1.2 landed among enemy units in A/c3: attacked at once by Pz (resolve with the PL CRT)" in causes
    assert any(c.startswith("sticks in A/c3 landed on mines: minefield attack (strength 2)") for c in causes)
    enemy = [Unit("a", "German", "unit", h("A/c3")), Unit("b", "German", "unit", h("A/c3"), frozenset({"dispersed"})),
             Unit("c", "German", "unit", h("A/c3"), frozenset({"fired_aa"}))]
    assert [e.id for e in attackers(enemy, h("A/c3"))] == ["a"]


def test_forming_whole_platoons() -> None:
    sticks = [LandedStick(f"1.{k}", "rifle", "A/c3", 1) for k in range(1, 4)] + [
        LandedStick("2.1", "rifle", "A/c3", 1), LandedStick("2.2", "rifle", "A/c3", 1, dispersed=True),
        LandedStick("3.1", "engineer", "A/c3", 1), LandedStick("4.1", "rifle", "A/d4", 1)]
    assert form_platoons(sticks, [], 1) == []  # not on the turn of landing
    assert form_platoons(sticks, [], 2) == [("A/c3", "rifle", ["1.1", "1.2", "1.3", "2.1"])]
    assert form_platoons(sticks, ["A/c3"], 2) == []  # the hex must be free of enemy units


def test_landing_plan_is_hidden_from_the_opponent_and_checked() -> None:
    g = new_game(scenario(), "p")
    ev = g.apply({"type": "start", "procedure": "panzer_leader.landing_plan", "params": {
        "plan": [{"turn": 1, "kind": "paradrop", "target": "A/c3"}]}})
    assert ev[-1].cause == "the Allied landing plan is written down: 1 landing, hidden from the German player"
    assert all(not e.hexes for e in ev)
    assert visible_outcomes(g.state.outcomes, "German") == [] and len(visible_outcomes(g.state.outcomes, "Allied")) == 1
    ev = g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/c3", "platoons": platoons("1")}, {"target": "A/h3", "platoons": platoons("2")}]}})
    assert [e.cause for e in ev if e.rule == "PL I"] == [
        "paradrop on A/c3, turn 1, matches the written plan", "paradrop on A/h3, turn 1, is NOT in the written plan"]


def test_night_and_special_capabilities() -> None:
    assert [night.night_range(r) for r in (0, 1, 5, 8)] == [0, 0, 2, 4]
    assert night.night_spotting(10) == 4 and night.night_spotting(3) == 3
    assert night.night_movement(8, vehicle=True) == 5 and night.night_movement(2, vehicle=True) == 0
    assert night.night_movement(4, vehicle=True, wagon=True) == 4 and night.night_movement(1, vehicle=False) == 1
    assert capabilities.can_do("demolish bridges", paratroop=True, complete_platoon=True)
    assert not capabilities.can_do("remove mines", paratroop=True, complete_platoon=False)
    assert capabilities.aa_capable(88) and capabilities.aa_capable(90) and not capabilities.aa_capable(75)
    with pytest.raises(ValueError):
        capabilities.can_do("fly", paratroop=True, complete_platoon=True)


def test_a_sealed_landing_plan_counts_once_revealed_and_matching() -> None:
    from airhead.sealed import seal

    plan = [{"turn": 1, "kind": "paradrop", "target": "A/c3"}]
    s = seal(plan)
    g = new_game(scenario(), "p")
    g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": s.code})
    g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": plan, "salt": s.salt})
    ev = g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/c3", "platoons": platoons("1")}]}})
    assert [e.cause for e in ev if e.rule == "PL I"] == ["paradrop on A/c3, turn 1, matches the written plan"]
    # a tampered reveal is flagged and never counts as the plan
    g2 = new_game(scenario(), "p")
    g2.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": s.code})
    g2.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": [{"turn": 1, "kind": "paradrop", "target": "A/h3"}], "salt": s.salt})
    ev = g2.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": {"from": "N", "speed": "Low"}, "drops": [{"target": "A/h3", "platoons": platoons("1")}]}})
    assert [e for e in ev if e.rule == "PL I"] == []
