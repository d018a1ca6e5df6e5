"""View data computed in the core, the same for every system: menus, forms, odds, prompts,
results, the log and overlays."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from airhead.counters import Counters, Marker, Unit
from airhead.errors import ActionError, DataError, RulesError
from airhead.plug import View
from airhead.present import (
    form_params,
    heatmap_view,
    last_hexes,
    log_view,
    odds_view,
    overlay,
    overlay_svg,
    procedure_menu,
    prompt_view,
    result_view,
    systems_view,
    turn_view,
)
from airhead.systems import BUILTINS, RETIRED, builtin, get, new_game

SC = builtin()
M = SC.map


def H(name: str):  # noqa: ANN201 - a Hex
    return M.parse(name, allow_offboard=True)


def test_prompt_and_log_views() -> None:
    g = new_game(SC, "v")
    assert prompt_view(g) is None
    g.apply({"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}})
    p = prompt_view(g)
    assert p == {"kind": "roll", "rule": "E8.211", "label": "Random Location DR from 1C9",
                 "text": "Random Location DR from 1C9 (E8.211): colored d6 + white d6",
                 "dice": [["colored", 6], ["white", 6]], "options": [], "procedure": "Random Location"}
    g.apply({"type": "dice", "values": [2, 2]})
    assert last_hexes(g) == ["1C9", "1E8"]
    assert result_view(g) == {"title": "Random Location", "text": "Random Location from 1C9: 1E8."}
    g.apply({"type": "note", "text": "<b>hi</b>"})
    g.apply({"type": "undo"})
    log = log_view(g)
    assert [e["n"] for e in log] == [1, 2, 3, 4]
    assert log[2]["undone"] is True and log[2]["text"] == "note: <b>hi</b>"
    assert log[1]["events"][1]["rule"] == "E8.211" and log[1]["events"][1]["hexes"] == ["1C9", "1E8"]
    assert log[1]["summary"] == "Random Location from 1C9: 1E8." and log[0]["summary"] == ""  # the roll finished it
    assert last_hexes(g) == ["1C9", "1E8"]


def test_menu_lists_every_procedure_of_the_system_with_its_form() -> None:
    menu = procedure_menu(new_game(SC, "m"))
    names = [i["name"] for i in menu]
    assert names[:2] == ["asl.glider_landing", "asl.air_arrival"] and names[-1] == "asl.random_location"
    assert sorted(names) == sorted(p.name for p in get("asl").rules.procedures)  # every procedure, once
    groups = [i["group"] for i in menu]
    assert groups[0] == "Gliders (E8)" and groups[1] == "Air Support (E7)" and "Night (E1)" in groups
    assert groups == sorted(groups, key=groups.index)  # each group's procedures together
    glider = menu[0]
    keys = [f["key"] for f in glider["fields"]]
    assert keys == ["name", "ilh", "wind", "nationality", "passengers", "aa", "night", "gusts", "damaged", "blind"]
    ilh = glider["fields"][1]
    assert ilh["kind"] == "hex" and ilh["rule"] == "E8.2" and ilh["required"] and ilh.get("offboard")
    wind = glider["fields"][2]
    assert wind["options"][4] == [5, "5 (SW)"]
    assert glider["values"]["wind"] == 5  # the scenario's Wind Direction (SW) as the form's default
    passengers = glider["fields"][4]
    assert passengers["secret"] and [f["key"] for f in passengers["item"]["fields"]][:3] == ["name", "kind", "pp"]
    assert glider["has_odds"] and glider["has_heatmap"]
    assert menu[1]["has_odds"] and not menu[1]["has_heatmap"]  # the arrival dr's chance (E7.2), none on Game Turn 1


def test_form_inputs_become_checked_parameters() -> None:
    g = new_game(SC, "f")
    flat = {"name": "Glider 1", "ilh": "1c9", "wind": "5", "nationality": "U.S.", "night": False, "damaged": False,
            "passengers.count": 2, "passengers.0.name": "7-4-7", "passengers.0.kind": "squad", "passengers.0.pp": "10",
            "passengers.0.reduces_to": "3-3-7", "passengers.1.name": "8-1", "passengers.1.kind": "leader", "passengers.1.pp": "",
            "aa.count": 1, "aa.0.name": "FlaK", "aa.0.kill": "6", "aa.0.rof": "2", "aa.0.drm": ""}
    params = form_params(g, "asl.glider_landing", flat)
    assert params["ilh"] == "1C9" and params["wind"] == 5 and params["aa"] == [{"name": "FlaK", "kill": 6, "rof": 2}]
    assert params["passengers"][1] == {"name": "8-1", "kind": "leader"}  # blank optional inputs are left out
    with pytest.raises(DataError) as e:
        form_params(g, "asl.glider_landing", dict(flat, **{"aa.0.kill": "13"}))
    assert e.value.path == "aa.0.kill" and "Kill Number: must be a whole number 2..12" in str(e.value)
    with pytest.raises(DataError, match="must be a whole number, not “x”"):
        form_params(g, "asl.glider_landing", dict(flat, **{"aa.0.kill": "x"}))


def test_glider_odds_use_the_same_reading_and_settings_as_the_procedure() -> None:
    g = new_game(SC, "o")
    od = odds_view(g, "asl.glider_landing", {"ilh": "1G9", "wind": 5})
    assert od is not None
    facts = {f["key"]: f["value"] for f in od["facts"]}
    assert facts == {"avenue": "1H8, 1I8, 1J7, 1K7, 1L6", "drm": "-5"}
    assert od["reasons"][0].startswith("E8.22    modifier  -5")
    outcomes = od["tables"][0]
    assert outcomes["key"] == "outcomes" and abs(sum(p for _, p in outcomes["rows"]) - 1) < 1e-12
    assert od["tables"][1]["rows"][0][0] == "1G9"
    assert ["1G9", "ilh"] in od["view"]["marks"] and sum(1 for _, r in od["view"]["marks"] if r == "avenue") == 5
    with pytest.raises(DataError, match="Intended Landing Hex"):
        odds_view(g, "asl.glider_landing", {"ilh": "9Z9", "wind": 5})
    # the scenario's "Light AA below the Kill Number" setting reaches the odds as it reaches the dice
    sc = builtin().__class__.from_data(dict(SC.to_data(), settings={"weather": "Clear", "wind": "SW", "e8_aa_below_kill": "damaged"}))
    g2 = new_game(sc, "o")
    aa = {"ilh": "1G9", "wind": 5, "aa": [{"name": "FlaK", "kill": 8}]}
    elim = dict(odds_view(g, "asl.glider_landing", aa)["tables"][0]["rows"])["eliminated"]  # type: ignore[index]
    elim2 = dict(odds_view(g2, "asl.glider_landing", aa)["tables"][0]["rows"])["eliminated"]  # type: ignore[index]
    assert elim2 < elim
    falling = builtin().__class__.from_data(dict(SC.to_data(), settings={"weather": "Falling Snow"}))
    with pytest.raises(RulesError, match="Falling Snow"):
        odds_view(new_game(falling, "o"), "asl.glider_landing", {"ilh": "1G9", "wind": 5})


def test_heatmap_needs_only_the_wind() -> None:
    g = new_game(SC, "h")
    heat = heatmap_view(g, "asl.glider_landing", {"wind": 5})
    assert heat is not None and heat["heat_unit"] == "%" and heat["heat_label"]
    assert len(heat["heat"]) == len(M.hexes()) and all(0 <= p <= 1 for p in heat["heat"].values())
    assert heat["heat"]["2M3"] < heat["heat"]["1G9"]  # a river hex is worse than open ground
    assert heatmap_view(g, "asl.random_location", {}) is None


def test_overlay_of_a_landing_under_way_then_finished() -> None:
    g = new_game(SC, "l")
    g.apply({"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": "1C9", "wind": 5, "name": "G1"}})
    root = ET.fromstring(overlay(g))
    assert [p.get("data-hex") for p in root.iter("polygon") if p.get("class") == "mark mark-ilh in-play"] == ["1C9"]
    assert sum(1 for p in root.iter("polygon") if str(p.get("class")).startswith("mark mark-avenue")) == 5
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "choose", "choice": "no Final Fire"})
    assert result_view(g) == {"title": "Glider landing (E8)", "text": "G1 landed safely in 1C9."}
    root = ET.fromstring(overlay(g))
    unit = next(e for e in root.iter("g") if e.get("data-unit") == "G1")
    assert unit.get("data-hex") == "1C9" and "kind-glider" in str(unit.get("class"))


def test_overlay_draws_views_counters_and_hits() -> None:
    view = View(marks=((H("1G9"), "ilh"), (H("1H8"), "avenue")), paths=((H("1C9"), H("1C8"), H("1E7")),),
                heat=((H("1G9"), 0.5),), labels=((H("1A3"), "2"),))
    counters = Counters((Unit("u1", "Allied", "stick", H("1B2"), frozenset({"dispersed"})),),
                        (Marker("s1", "Starshell", H("1B3"), expires="PFPh"),))
    root = ET.fromstring(overlay_svg(SC, view, counters=counters, hit=[H("1D4")]))
    assert root.get("class") == "overlay"
    marks = [(str(p.get("class")).replace(" in-play", ""), p.get("data-hex")) for p in root.iter("polygon")
             if str(p.get("class", "")).startswith("mark")]
    assert marks == [("mark mark-ilh", "1G9"), ("mark mark-avenue", "1H8"), ("mark mark-hit", "1D4")]
    assert [(a.get("data-from"), a.get("data-to")) for a in root.iter("line")] == [("1C9", "1C8"), ("1C8", "1E7")]
    texts = [t.text for t in root.iter("text")]
    assert "50%" in texts and "2" in texts and "u1" in texts
    unit = next(e for e in root.iter("g") if e.get("data-unit") == "u1")
    assert "status-dispersed" in str(unit.get("class"))
    assert next(e for e in root.iter("g") if e.get("data-marker") == "s1").get("data-hex") == "1B3"


def test_overlay_heat_units_and_counts() -> None:
    units = View(heat=((H("1G9"), 1.5), (H("1G8"), 0.75), (H("1G7"), 0.001)), heat_unit="units")
    root = ET.fromstring(overlay_svg(SC, units))
    assert [t.text for t in root.iter("text")] == ["1.50", "0.75"]  # negligible hexes left out
    fills = {p.get("data-p"): p.get("opacity") for p in root.iter("polygon")}
    assert float(fills["1.500"]) > float(fills["0.750"])
    counts = View(heat=((H("1G9"), 2.0), (H("1G8"), 1.0), (H("1G7"), 0.0)), heat_unit="count")
    assert [t.text for t in ET.fromstring(overlay_svg(SC, counts)).iter("text")] == ["2", "1", "0"]


def test_turn_view_and_systems() -> None:
    g = new_game(SC, "t")
    tv = turn_view(g)
    assert tv["text"] == "Game Turn 1, Allied Player Turn: Rally Phase (RPh)" and tv["phase"] == "RPh"
    assert [p["key"] for p in tv["phases"]] == ["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"]
    keys = [s["key"] for s in systems_view()]
    assert keys == ["asl", "panzer_leader", "army_group"]


def test_every_procedure_of_every_builtin_scenario_has_a_form() -> None:
    for name in BUILTINS + RETIRED:
        g = new_game(builtin(name), "all")
        for item in procedure_menu(g):
            assert item["title"] and item["fields"] and {f["key"] for f in item["fields"]} >= set(item["values"])
    with pytest.raises(ActionError, match="unknown procedure"):
        odds_view(new_game(SC, "x"), "panzer_leader.paradrop", {})
