"""View data computed in the core: prompts, the log, glider previews, overlays."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from airhead.game import Game
from airhead.present import PresentError, glider_preview, heatmap_view, last_hexes, log_view, overlay_svg, prompt_view
from airhead.scenario import builtin

SC = builtin()


def test_prompt_and_log_views() -> None:
    g = Game(SC, "v")
    assert prompt_view(g) is None
    g.apply({"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}})
    p = prompt_view(g)
    assert p == {"kind": "roll", "rule": "E8.211", "label": "Random Location DR from 1C9",
                 "text": "Random Location DR from 1C9 (E8.211): colored d6 + white d6",
                 "dice": [["colored", 6], ["white", 6]], "options": []}
    g.apply({"type": "dice", "values": [2, 2]})
    assert last_hexes(g) == ["1C9", "1E8"]
    g.apply({"type": "note", "text": "<b>hi</b>"})
    g.apply({"type": "undo"})
    log = log_view(g)
    assert [e["n"] for e in log] == [1, 2, 3, 4]
    assert log[2]["undone"] is True and log[2]["text"] == "note: <b>hi</b>"
    assert log[1]["events"][1]["rule"] == "E8.211" and log[1]["events"][1]["hexes"] == ["1C9", "1E8"]
    assert last_hexes(g) == ["1C9", "1E8"]


def test_glider_preview() -> None:
    pv = glider_preview(SC, SC.terrain, "1G9", 5)
    assert pv["ilh"] == "1G9" and pv["avenue"] == ["1H8", "1I8", "1J7", "1K7", "1L6"]
    assert pv["drm"] == -5 and pv["reasons"][0].startswith("E8.22    modifier  -5")
    assert abs(sum(o["p"] for o in pv["outcomes"]) - 1) < 1e-12
    assert next(iter(pv["landing"])) == "1G9"
    with pytest.raises(PresentError):
        glider_preview(SC, SC.terrain, "9Z9", 5)
    with pytest.raises(PresentError):
        glider_preview(SC, SC.terrain, "1G9", 0)


def test_heatmap_and_overlay() -> None:
    heat = heatmap_view(SC, SC.terrain, 5)
    assert len(heat) == len(SC.map.hexes()) and all(0 <= p <= 1 for p in heat.values())
    assert heat["2M3"] < heat["1G9"]  # a river hex is worse than open ground
    svg = overlay_svg(SC, marks={"1G9": "ilh", "1H8": "avenue"}, path=["1C9", "1C8", "1E7"],
                      heat={"1G9": heat["1G9"]})
    root = ET.fromstring(svg)
    assert root.get("class") == "overlay"
    assert [p.get("class") for p in root.iter("polygon") if p.get("data-hex")] == ["mark mark-ilh", "mark mark-avenue"]
    assert [(a.get("data-from"), a.get("data-to")) for a in root.iter("line")] == [("1C9", "1C8"), ("1C8", "1E7")]
    assert [t.text for t in root.iter("text")] == [str(round(heat["1G9"] * 100))]


def test_procedure_menus_come_from_the_scenarios_plans() -> None:
    from airhead.present import procedure_menu

    ag = procedure_menu(builtin("army_group_drop"))
    assert [i["name"] for i in ag] == ["army_group.landing"]
    assert ag[0]["params"]["groups"]["A"] == ["F/d5"]
    pl = procedure_menu(builtin("panzer_leader_drop"))
    assert [i["name"] for i in pl] == ["panzer_leader.wind", "panzer_leader.landing_plan", "panzer_leader.paradrop", "panzer_leader.gliders"]
    assert pl[1]["params"]["plan"][0] == {"turn": 1, "kind": "paradrop", "target": "A/f3"}


def test_plan_odds_use_the_procedures_own_reading_of_the_plan() -> None:
    from fractions import Fraction

    from airhead.army_group.forces import Paratrooper
    from airhead.army_group.landing import LandingRules
    from airhead.army_group.odds import unit_odds
    from airhead.game import ActionError
    from airhead.present import plan_odds, procedure_menu

    sc = builtin("army_group_drop")
    g = Game(sc, "o")
    params = procedure_menu(sc)[0]["params"]
    odds = plan_odds(g, "army_group.landing", params)
    first = params["units"][0]
    m = sc.map
    direct = unit_odds(m, sc.terrain, Paratrooper.from_data(first), m.parse(params["groups"]["A"][0]),
                       LandingRules.from_scenario(sc), frozenset(), frozenset(m.parse(e["hex"]) for e in params["enemy"]))
    assert odds["lines"][0].startswith(f"{first['id']}: lost {float(direct.lost):.1%}")
    assert abs(sum(odds["heat"].values()) - sum(float(sum(unit_odds(
        m, sc.terrain, Paratrooper.from_data(u), m.parse(params["groups"][u["group"]][u.get("drop", 0)]),
        LandingRules.from_scenario(sc), frozenset(), frozenset(m.parse(e["hex"]) for e in params["enemy"])).hexes.values(), Fraction(0)))
        for u in params["units"])) < 1e-9
    pl = builtin("panzer_leader_drop")
    gp = Game(pl, "o")
    drops = procedure_menu(pl)[2]["params"]
    with pytest.raises(ActionError, match="roll it first"):
        plan_odds(gp, "panzer_leader.paradrop", drops)
    gp.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 1}})
    while gp.waiting_for() is not None:
        gp.apply({"type": "roll"})
    od = plan_odds(gp, "panzer_leader.paradrop", drops)
    assert od["lines"][0].startswith("stick ") and od["heat"]
    gl = plan_odds(gp, "panzer_leader.gliders", procedure_menu(pl)[3]["params"])
    assert gl["lines"][0].startswith("glider Horsa 1: lost ")
    with pytest.raises(ActionError, match="no odds"):
        plan_odds(gp, "panzer_leader.wind", {"turn": 2})


def test_overlay_heat_of_expected_units() -> None:
    svg = overlay_svg(SC, heat={"1G9": 1.5, "1G8": 0.75, "1G7": 0.001}, heat_unit="units")
    root = ET.fromstring(svg)
    assert [t.text for t in root.iter("text")] == ["1.50", "0.75"]  # negligible hexes left out
    fills = {p.get("data-p"): p.get("opacity") for p in root.iter("polygon")}
    assert float(fills["1.500"]) > float(fills["0.750"])


def test_overlay_counts_for_drift_diagrams() -> None:
    root = ET.fromstring(overlay_svg(SC, heat={"1G9": 2.0, "1G8": 1.0, "1G7": 0.0}, heat_unit="count"))
    assert [t.text for t in root.iter("text")] == ["2", "1", "0"]  # a diagram's zeros are shown too
