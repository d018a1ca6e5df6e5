"""Every system through forms only, in a tablet viewport: the Army Group landing, the Panzer
Leader wind, written plan, paradrop and gliders, and an ASL Random Location — each planned in
its generated form, with exact odds on the map, then resolved by dice, its result on the map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import actions, open_play
from playing import tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def pick_procedure(page: Any, dom_id: str) -> None:
    tap(page, f"#{dom_id}")
    page.wait_for_selector(f"#{dom_id}[aria-pressed='true']")


def start(page: Any) -> None:
    before = actions(page)
    tap(page, "#plan-start")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


# What the prompt waits for next, in one call: null when it waits for nothing, else the game's
# actions so far and the control a player taps (the first choice offered, else the app's dice).
NEXT_STEP = """() => {
  if (!document.querySelector("#prompt[data-waiting]:not([data-waiting=''])")) return null;
  const choice = "#prompt button[data-act='choose']";
  return [Number(document.body.dataset.actions || 0), document.querySelector(choice) ? choice : "#prompt-roll"];
}"""


def roll_until_done(page: Any, limit: int = 200) -> int:
    rolls = 0
    while rolls < limit and (step := page.evaluate(NEXT_STEP)):
        before, control = step
        tap(page, control)
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
        rolls += 1
    return rolls


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
    assert roll_until_done(page) > 5
    page.wait_for_selector("#prompt-result")
    result = page.locator("#prompt-result").inner_text()
    landed = re.search(r"(\d+) of \d+ units? landed", result)
    assert landed, result
    # the units down, on the map (the app's dice: a new game's seed is random, all may be lost)
    assert page.locator(".overlay .counter.unit").count() >= min(1, int(landed.group(1)))
    page.screenshot(path=str(artifacts / "play-army-group-landed.png"))
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert "wave A: Group A drops at F/d5" in log
    assert "A-1 Para (paratrooper, Group A, strength 3)" in log


def test_panzer_leader_wind_then_paradrop_and_gliders(page: Any, artifacts: Path) -> None:
    open_play(page, "panzer_leader_drop")
    no_json_box(page)
    # the paradrop's odds need the turn's wind: the page says so
    pick_procedure(page, "proc-panzer-leader-paradrop")
    assert page.locator("#f-drops-0-target").input_value() == "A/f3"
    page.wait_for_function("() => document.getElementById('plan-error').textContent.includes('roll it first')")
    pick_procedure(page, "proc-panzer-leader-wind")
    start(page)
    roll_until_done(page)
    assert "wind" in page.locator("#prompt-result").inner_text().lower()
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
    assert roll_until_done(page) >= 2
    # the drift diagrams as rolled, drawn on the map: most sticks per hex, digit by digit
    digits = page.eval_on_selector_all(".overlay .heat text", "els => els.map(e => e.textContent)")
    assert digits and all(d.isdigit() for d in digits)
    assert page.locator(".overlay .mark-target[data-hex='A/f3']").count() == 1
    assert page.locator(".overlay .counter.unit.kind-stick").count() >= 1
    page.screenshot(path=str(artifacts / "play-panzer-leader-drift.png"))
    pick_procedure(page, "proc-panzer-leader-gliders")
    start(page)
    roll_until_done(page)
    assert "gliders landed" in page.locator("#prompt-result").inner_text()
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert "PL II.C" in log and "PL III.F.1" in log


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
    roll_until_done(page)
    pick_procedure(page, "proc-panzer-leader-paradrop")
    start(page)
    tap(page, "#tab-log")
    assert "paradrop on A/f3, turn 1, matches the written plan" in page.locator("#log-list").inner_text()
