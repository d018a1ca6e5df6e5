"""Every system through forms only, in a tablet viewport: the Army Group landing, the Panzer
Leader wind, written plan, paradrop and gliders, and an ASL Random Location — each planned in
its generated form, with exact odds on the map, then resolved by dice, its result on the map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import actions, open_play
from playing import choose, dice, tap, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")


def pick_procedure(page: Any, dom_id: str) -> None:
    tap(page, f"#{dom_id}")
    page.wait_for_selector(f"#{dom_id}[aria-pressed='true']")


def start(page: Any) -> None:
    before = actions(page)
    tap(page, "#plan-start")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def typed(page: Any, *rolls: tuple[str, str]) -> None:
    """Type each roll as a player at the table does, the prompt waiting for its rule each time."""
    for rule, faces in rolls:
        waiting(page, rule)
        dice(page, faces)


def drawn_units(page: Any, kind: str) -> dict[str, list[str]]:
    """The units of ``kind`` drawn on the map, hex by hex, sorted (a stack draws its first three)."""
    drawn = page.eval_on_selector_all(f".overlay .counter.unit.kind-{kind}", "els => els.map(e => [e.dataset.hex, e.dataset.unit])")
    out: dict[str, list[str]] = {}
    for hex_name, unit in drawn:
        out.setdefault(hex_name, []).append(unit)
    return {h: sorted(units) for h, units in out.items()}


def no_json_box(page: Any) -> None:
    """The Play panel has no free-form data box: every plan is a form."""
    for area in page.locator("#plan textarea").all():
        raise AssertionError(f"a text box in the planner: {area.get_attribute('id')}")


def test_army_group_drop_through_its_form(page: Any, artifacts: Path) -> None:
    open_play(page, "army_group_landing")
    assert "Army Group" in page.locator("#scenario-name").inner_text()
    assert page.locator("#proc-army-group-landing").get_attribute("aria-pressed") == "true"
    no_json_box(page)
    # the form holds the scenario's plan: Groups and their drop points, units, the enemy
    assert page.locator("#f-groups-A-0").input_value() == "F/d5"
    assert page.locator("#f-units-0-id").input_value() == "A-1 Para"
    page.wait_for_selector("#odds-lines")
    lines = page.locator("#odds-lines").inner_text()
    assert "A-1 Para: lost " in lines and "expected losses" in lines
    assert page.locator(".overlay .heat polygon").count() > 10
    # change the plan in the form: the odds follow
    page.locator("#f-units-0-strength").fill("3")
    page.locator("#f-units-0-strength").dispatch_event("change")
    page.wait_for_function("() => document.getElementById('odds-lines').textContent.includes('A-1 Para')")
    page.screenshot(path=str(artifacts / "play-army-group-odds.png"))
    start(page)
    # the dice typed as rolled at the table (direction d6, distance d10; HIT on a 6), and no
    # opportunity fire: A-2 Para drifts off the map, B-1 Glider takes a loss in the city
    land = {"A-1 Para": "1 1", "A-2 Para": "6 10", "A-3 Para": "3 1", "B-1 Glider": "4 1", "B-2 Para": "5 1",
            "R-1 Glider HQ": "6 1"}
    damage = {"A-1 Para": "1", "B-1 Glider": "6 1 1", "B-2 Para": "1", "R-1 Glider HQ": "1 1 1 1"}
    for unit, faces in land.items():
        typed(page, ("AG Landing", faces))
        if unit in damage:
            typed(page, ("AG Terrain Damage", damage[unit]))
        if unit != "A-2 Para":
            waiting(page, "AG Opportunity Fire")
            choose(page, "no fire")
    page.wait_for_selector("#prompt-result")
    result = page.locator("#prompt-result").inner_text()
    assert result.endswith("5 of 6 units landed (1 lost off the map, none eliminated)."), result
    # the units down, on the map, where the dice put them
    assert drawn_units(page, "paratrooper") == {"F/d4": ["A-1 Para"], "F/e5": ["A-3 Para"], "G/b4": ["B-2 Para"]}
    assert drawn_units(page, "glider") == {"F/h5": ["B-1 Glider"], "G/e5": ["R-1 Glider HQ"]}
    page.screenshot(path=str(artifacts / "play-army-group-landed.png"))
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert "wave A: Group A drops at F/d5" in log
    assert "A-1 Para (paratrooper, Group A, strength 3)" in log
    assert "A-2 Para drifts 10 hexes NW of F/d5: off the map" in log and "1 HIT: B-1 Glider takes 1 loss" in log


def test_panzer_leader_wind_then_paradrop_and_gliders(page: Any, artifacts: Path) -> None:
    open_play(page, "panzer_leader_drop")
    no_json_box(page)
    # the paradrop's odds need the turn's wind: the page says so
    pick_procedure(page, "proc-panzer-leader-paradrop")
    assert page.locator("#f-drops-0-target").input_value() == "A/f3"
    page.wait_for_function("() => document.getElementById('plan-error').textContent.includes('roll it first')")
    pick_procedure(page, "proc-panzer-leader-wind")
    start(page)
    # the dice typed as rolled at the table: a Low wind from the S (orientation 1: die 4, speed 1)
    typed(page, ("PL I.D", "4"), ("PL I.E", "1"))
    assert page.locator("#prompt-result").inner_text().endswith("Wind for turn 1: Low from S.")
    pick_procedure(page, "proc-panzer-leader-paradrop")
    # one more stick for the second drop (7 sticks planned there; two platoons' worth is 8)
    tap(page, "#f-drops-1-platoons-add")
    page.locator("#f-drops-1-platoons-2-id").fill("9/A")
    page.locator("#f-drops-1-platoons-2-sticks").fill("1")
    page.locator("#f-drops-1-platoons-2-sticks").dispatch_event("change")
    page.wait_for_selector("#odds-lines")
    assert "stick 9/A.1" in page.locator("#odds-lines").inner_text()
    page.screenshot(path=str(artifacts / "play-panzer-leader-odds.png"))
    start(page)
    # drift die 3 on A/f3 (Low: pattern C, 4-2-2 downwind, N), 2 on B/b5 (pattern B, 6-2); the
    # Jump Survival die in Clear: 1 disperses (the first and last sticks), 6 lands unharmed
    typed(page, ("PL II.C", "3"), ("PL II.C", "2"), ("PL II.D", "1"), *[("PL II.D", "6")] * 14, ("PL II.D", "1"))
    assert page.locator("#prompt-result").inner_text().endswith(
        "Paradrop, turn 1: 16 of 16 sticks down (2 dispersed), 0 lost off the board, 0 eliminated.")
    # the drift diagrams as rolled, drawn on the map: most sticks per hex
    heat = page.eval_on_selector_all(".overlay .heat polygon", "els => els.map(e => [e.dataset.hex, e.dataset.p])")
    assert dict(heat) == {"A/f3": "4.000", "A/f2": "2.000", "A/f1": "2.000", "B/b5": "6.000", "B/b4": "2.000"}
    assert sorted(page.eval_on_selector_all(".overlay .heat text", "els => els.map(e => e.textContent)")) == ["2", "2", "2", "4", "6"]
    assert page.locator(".overlay .mark-target[data-hex='A/f3']").count() == 1
    # the sticks where they came down (a stack shows its first three and counts the others)
    assert drawn_units(page, "stick") == {
        "A/f3": ["1/A.1", "1/A.2", "1/A.3"], "A/f2": ["2/A.1", "2/A.2"], "A/f1": ["2/A.3", "2/A.4"],
        "B/b5": ["3/A.1", "3/A.2", "3/A.3"], "B/b4": ["4/A.3", "9/A.1"]}
    dispersed = page.eval_on_selector_all(".overlay .counter.unit.status-dispersed", "els => els.map(e => e.dataset.unit)")
    assert sorted(dispersed) == ["1/A.1", "9/A.1"]
    page.screenshot(path=str(artifacts / "play-panzer-leader-drift.png"))
    pick_procedure(page, "proc-panzer-leader-gliders")
    start(page)
    # no anti-aircraft effect on either glider; landing die 3 (on target) then 6 (long, one hex on)
    for landing in ("3", "6"):
        waiting(page, "PL III.D")
        choose(page, "no effect")
        typed(page, ("PL III.F.1", landing))
    assert page.locator("#prompt-result").inner_text().endswith("Glider landing, turn 1: 2 of 2 gliders landed (0 dispersed).")
    # each shifted one hex downwind by the Low wind (III.F.2): A/h4 to A/h3, A/i3 to A/i2
    assert drawn_units(page, "platoon") == {"A/h3": ["5/B"]}
    assert drawn_units(page, "battery") == {"A/i2": ["75/1"]}
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert "PL II.C" in log and "PL III.F.1" in log
    assert "stick 9/A.1 lands in B/b4" in log and "long: A/i3" in log


def test_random_location_from_the_app(page: Any) -> None:
    open_play(page)
    pick_procedure(page, "proc-asl-random-location")
    tap(page, "#pick-f-from")
    box = page.locator("#hex-1C9").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.locator("#f-from").input_value() == "1C9"
    start(page)
    page.wait_for_selector("#prompt[data-waiting='E8.211']", state="attached")
    page.locator("#prompt-dice").fill("2 2")
    before = actions(page)
    tap(page, "#prompt-enter")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    assert page.locator("#prompt-result").inner_text().endswith("Random Location from 1C9: 1E8.")
    assert page.locator(".overlay .arrow[data-from='1C9'][data-to='1E8']").count() == 1


def test_turn_track_advances_from_the_play_panel(page: Any) -> None:
    open_play(page)
    assert page.locator("#turn-text").inner_text() == "Game Turn 1, Allied Player Turn: Rally Phase (RPh)"
    before = actions(page)
    tap(page, "#turn-next")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    assert page.locator("#turn-text").inner_text() == "Game Turn 1, Allied Player Turn: Prep Fire Phase (PFPh)"


def test_panzer_leader_written_plan_sealed_from_its_form(page: Any) -> None:
    open_play(page, "panzer_leader_drop")
    pick_procedure(page, "proc-panzer-leader-landing-plan")
    tap(page, "#secret-show-Allied")  # the plan is the Allied player's secret (#14 item 5)
    assert page.locator("#f-plan-0-target").input_value() == "A/f3"
    assert page.locator("#plan-start").count() == 0  # a written plan is only ever sealed (PL I)
    before = actions(page)
    tap(page, "#plan-seal")  # sealed on this device: only its commitment code enters the game
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    code = page.locator(".seal-code").inner_text()
    said = page.locator("#plan-status")  # #32 item 9: the seal is confirmed where it was tapped
    assert said.is_visible() and said.inner_text().startswith("Sealed: the Allied player's landing plan")
    assert code[:10] in said.inner_text()
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert code in log and "A/f3" not in log
    tap(page, "#tab-play")
    tap(page, "#seal-list button[data-act='reveal']")
    page.wait_for_selector(".seal-list .revealed.ok")
    pick_procedure(page, "proc-panzer-leader-wind")
    start(page)
    # the wind typed as rolled at the table (a Low wind from the S: die 4, speed 1); the paradrop's
    # check against the written plan reads only the turn and the target hex
    typed(page, ("PL I.D", "4"), ("PL I.E", "1"))
    assert page.locator("#prompt-result").inner_text().endswith("Wind for turn 1: Low from S.")
    pick_procedure(page, "proc-panzer-leader-paradrop")
    start(page)
    tap(page, "#tab-log")
    assert "paradrop on A/f3, turn 1, matches the written plan" in page.locator("#log-list").inner_text()
