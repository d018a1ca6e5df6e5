"""The strafing planner's view of a run's four hexes along the grain (E7.25, E7.3, the 7.3 EX):
which are Blind Hexes, on the map and in words, and which the aircraft may attack without another
Sighting TC."""

from __future__ import annotations

from typing import Any

from airhead.asl.e7.strafing_procedures import Strafing
from airhead.boards import HexMap
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

from playing import at

B19 = HexMap.asl([["19"]])
SQUAD = {"name": "4-6-7", "hex": "19K7", "sight_building": True, "sight_unconcealed": True}


def odds(params: dict[str, Any], **settings: Any) -> Any:
    t = Terrain({B19.parse("19K7"): HexTerrain("building", obstacle=1), B19.parse("19K9"): HexTerrain("orchard", obstacle=0.5)})
    g = new_game(Scenario("7.3 EX", "asl", B19, t, dict(settings)), "lane", at("MPh"))
    proc = g.system.procedure("asl.strafing")
    assert isinstance(proc, Strafing)
    return proc.odds(g.state, proc.read(g.state, {"target": "19K7", "grain": 4, "units": [SQUAD], **params}))


def test_7_3_example_blind_hexes_k8_and_k10_shown_and_k9_attackable_without_a_new_tc() -> None:
    # "K8 and K10 cannot be attacked because they are Blind Hexes ..., but K9 can be attacked
    # without an additional Sighting TC": K8 as the map reads it, K10 as the players rule it
    od = odds({"blind_hexes": ["19K10"]})
    assert {f.key: f.value for f in od.facts}["blind"] == "19K8, 19K10"
    assert od.lines[1:4] == (
        "19K8: a Blind Hex (19K7: Stone Building (a full-level Obstacle), 1 level above 19K8: one Blind Hex behind it): "
        "it cannot be attacked (E7.25)",
        "19K9: seen: it may be attacked from 19K5 without another Sighting TC (E7.3)",
        "19K10: a Blind Hex (the players' ruling): it cannot be attacked (E7.25)",
    )
    assert sorted(B19.name(h) for h, r in od.view.marks if r == "los-block") == ["19K10", "19K8"]
    assert sorted(B19.name(h) for h, t in od.view.labels if t == "Blind") == ["19K10", "19K8"]


def test_7_3_example_k10_with_the_orchard_out_of_season_is_seen_through_a_plus_1_hindrance() -> None:
    # "[EXC: K10 could be attacked with a +1 LOS Hindrance DRM if the K9 orchard were out-of-season]"
    od = odds({}, los_season="out of season")
    assert {f.key: f.value for f in od.facts}["blind"] == "19K8"
    assert "19K10: seen through a +1 LOS Hindrance: it may be attacked from 19K6 without another Sighting TC (E7.3)" in od.lines


def test_a_point_attack_has_no_lane_and_an_open_map_no_blind_hex() -> None:
    assert "blind" not in {f.key for f in odds({"attack": "point attack"}).facts}
    g = new_game(Scenario("open", "asl", B19, Terrain(), {}), "open", at("MPh"))
    proc = g.system.procedure("asl.strafing")
    od = proc.odds(g.state, proc.read(g.state, {"target": "19K7", "grain": 4, "units": [SQUAD]}))
    assert {f.key: f.value for f in od.facts}["blind"] == "none"
    assert not [r for _, r in od.view.marks if r == "los-block"]
    # the lane's hexes off the map (board 19 ends at row 10) hold no target: not listed
    od = proc.odds(g.state, proc.read(g.state, {"target": "19K9", "grain": 4, "units": [dict(SQUAD, hex="19K9")]}))
    assert [x for x in od.lines if "without another Sighting TC" in x] == [
        "19K10: seen: it may be attacked from 19K6 without another Sighting TC (E7.3)"]
