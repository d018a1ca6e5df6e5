"""Panzer Leader airborne variant (seed 001) III: glider entry, drift and landing limits."""

from __future__ import annotations

import pytest
from airhead.boards import HexMap
from airhead.game import ActionError
from airhead.hexes import Hex
from airhead.panzer_leader.gliders import (
    entry_hex,
    glider_landing,
    landing_point,
    too_many_gliders,
    wind_shift,
)
from airhead.panzer_leader.wind import Wind, wind_direction
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game

MAP = HexMap.grid([["A"]], 12, 10)
SC = Scenario("PL gliders", "panzer_leader", MAP)


def h(name: str) -> Hex:
    return MAP.parse(name, allow_offboard=True)


def test_short_on_target_long_along_the_flight() -> None:
    assert [landing_point(h("A/f5"), 0, f)[1] for f in range(1, 7)] == ["short"] * 2 + ["on target"] * 2 + ["long"] * 2
    assert landing_point(h("A/f5"), 0, 1)[0] == h("A/f6")  # flying N: short is one hex S
    assert landing_point(h("A/f5"), 0, 6)[0] == h("A/f4")
    assert [wind_shift(s) for s in ("Low", "Gusty", "High")] == [1, 2, 3]


def test_seed_example_short_with_a_gusty_wind_from_hexside_five() -> None:
    # "a glider has been targeted for hex A. A gusty wind is blowing from the number five hexside.
    # The die roll indicates the glider would land short of hex A. The drift correction makes the
    # actual landing occur in hex B." Hexside five (die 5, orientation 1) is the map's SW hexside;
    # the glider flies N (the printed flight direction is lost), so short is one hex S of A, then
    # two hexes NE.
    side, _ = wind_direction(5, "1")
    wind = Wind(side, "Gusty")
    final, how, point = glider_landing(h("A/f5"), 0, 2, wind)
    assert (how, MAP.name(point), MAP.name(final)) == ("short", "A/f6", "A/h5")
    g = new_game(SC, "g")
    ev = g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
        "wind": {"from": "SW", "speed": "Gusty"},
        "gliders": [{"id": "G1", "target": "A/f5", "heading": "N", "load": {"id": "1/B", "type": "rifle"}}]}})
    assert ev[-1].cause == "glider G1 (a platoon: rifle) enters at A/f10 heading N along the hex row of A/f5"
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.options == ("no effect", "D", "X") and p.rule == "PL III.D"
    g.apply({"type": "choose", "choice": "no effect"})
    ev = g.apply({"type": "dice", "values": [2]})
    assert [e.render() for e in ev[:3]] == [
        "PL III.F.1 roll      landing die 2 for glider G1",
        "PL III.F.1 result    short: A/f6",
        "PL III.F.2 result    Gusty wind: shifted 2 hexes downwind (NE): A/h5",
    ]
    assert g.state.outcomes[-1]["gliders"] == [{"id": "G1", "hex": "A/h5", "status": "landed", "dispersed": False}]


def test_entry_on_the_target_hex_row() -> None:
    assert entry_hex(MAP, h("A/f5"), 0) == h("A/f10")
    assert entry_hex(MAP, h("A/f5"), 3) == h("A/f1")
    e = entry_hex(MAP, h("A/f5"), 2)
    assert not MAP.in_play(e.neighbor(5)) and h("A/f5") in e.ray(2, 10)


def test_more_than_two_gliders_in_a_hex_disperse_it_and_aa_results() -> None:
    g = new_game(SC, "g")
    gl = [{"id": f"G{i}", "target": "A/f5", "heading": "N"} for i in range(1, 5)]
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {"wind": {"from": "S", "speed": "Low"}, "gliders": gl}})
    g.apply({"type": "choose", "choice": "X"})  # G1 shot down
    for _ in range(3):
        g.apply({"type": "choose", "choice": "D"})
        ev = g.apply({"type": "dice", "values": [3]})  # on target, 1 hex N: A/f4
    assert ev[-2].cause == "3 gliders land in A/f4, more than two in a game turn: every friendly unit in A/f4 is dispersed"
    out = g.state.outcomes[-1]
    assert [(r["id"], r["status"], r["hex"], r["dispersed"]) for r in out["gliders"]] == [
        ("G1", "eliminated", None, False), ("G2", "landed", "A/f4", True), ("G3", "landed", "A/f4", True), ("G4", "landed", "A/f4", True)]
    assert too_many_gliders([h("A/a1"), h("A/a1")]) == set()


def test_glider_off_the_board_is_lost_and_bad_input() -> None:
    g = new_game(SC, "g")
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
        "wind": {"from": "S", "speed": "High"}, "gliders": [{"id": "G", "target": "A/f2", "heading": "N", "load": {"id": "75", "type": "75mm", "battery": True}}]}})
    g.apply({"type": "choose", "choice": "no effect"})
    ev = g.apply({"type": "dice", "values": [6]})
    assert ev[3].cause == "glider G lands off the board: lost with its 75mm"
    with pytest.raises(ActionError, match=r"Heading \(direction of flight\): must be one of"):
        g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
            "wind": {"from": "S", "speed": "High"}, "gliders": [{"id": "G", "target": "A/f2", "heading": "E"}]}})
    with pytest.raises(ActionError, match="Wind speed: must be one of"):
        g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
            "wind": {"from": "S", "speed": "Calm"}, "gliders": [{"id": "G", "target": "A/f2", "heading": "N"}]}})


def test_builtin_sample_scenario_plays_through() -> None:
    sc = builtin("panzer_leader_drop")
    g = new_game(sc, "sample")
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 1}})
    g.apply({"type": "roll"})
    g.apply({"type": "roll"})
    plan = sc.settings["panzer_leader"]["plan"]
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": dict(plan["paradrop"], turn=1)})
    while g.waiting_for() is not None:
        g.apply({"type": "roll"})
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": dict(plan["gliders"], turn=1)})
    while (p := g.waiting_for()) is not None:
        g.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": "no effect"})
    assert [o["procedure"] for o in g.state.outcomes] == ["panzer_leader.wind", "panzer_leader.paradrop", "panzer_leader.gliders"]
    assert all(e.rule.startswith("PL ") for e in g.events() if not e.cause.startswith("begin "))  # every line cites its rule
