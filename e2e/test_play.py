"""Playing through the page: the E8 long example with dice typed in at the table, the planner's
odds, the app's own dice, and undo/redo with log stepping. Screenshots land in e2e/artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import hex_center, open_play, start_app
from playing import add_row, start_landing, tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def waiting(page: Any, rule: str) -> None:
    page.wait_for_selector(f"#prompt[data-waiting='{rule}']", state="attached")


def choose(page: Any, option: str) -> None:
    tap(page, f"#prompt button[data-choice='{option}']")


def dice(page: Any, text: str) -> None:
    before = int(page.evaluate("document.body.dataset.actions"))
    page.locator("#prompt-dice").fill(text)
    tap(page, "#prompt-enter")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def test_long_e8_example_with_typed_dice(page: Any, artifacts: Path) -> None:
    open_play(page)
    # the menu lists every procedure of the scenario's system; the glider landing is first
    assert page.locator("#proc-asl-glider-landing").get_attribute("aria-pressed") == "true"
    assert page.locator("#proc-asl-random-location").count() == 1
    # plan: tap Pick, then the ILH on the map (1C9; board 1 of the default map has the EX's terrain:
    # a level-1 woods Obstacle in H5, open F6, G6, E7, C8)
    page.locator("#f-name").fill("Glider 1")
    tap(page, "#pick-f-ilh")
    page.touchscreen.tap(*hex_center(page, "1C9"))
    assert page.locator("#f-ilh").input_value() == "1C9"
    page.locator("#f-wind").select_option("5")
    tap(page, "#secret-show-Allied")  # the manifest is the Allied player's secret (#14 item 5)
    add_row(page, "passengers", {"name": "7-4-7", "kind": "squad", "pp": "10", "reduces_to": "3-3-7"})
    add_row(page, "passengers", {"name": "8-1", "kind": "leader", "pp": "0"}, at_once=True)
    add_row(page, "passengers", {"name": "MMG", "kind": "sw", "pp": "4"}, at_once=True)
    add_row(page, "aa", {"name": "FlaK", "kill": "6", "rof": "2"})
    page.wait_for_selector("#odds-avenue")
    assert page.locator("#odds-avenue").inner_text() == "1D8, 1E8, 1F7, 1G7, 1H6"
    assert page.locator("#odds-drm").inner_text() == "-5"
    assert "lands safely in its" in page.locator("#odds-table-outcomes").inner_text()
    assert page.locator(".overlay .mark-ilh[data-hex='1C9']").count() == 1
    assert page.locator(".overlay .mark-avenue").count() == 5
    assert page.locator("fieldset[data-list='passengers'] .secret").count() == 1  # the manifest is secret
    page.screenshot(path=str(artifacts / "play-plan.png"))

    tap(page, "#plan-start")
    waiting(page, "E8.21")
    choose(page, "FlaK fires")
    waiting(page, "E8.21")
    dice(page, "1 5")  # Original 6, Final 7: Evasive Action, ROF retained
    choose(page, "no more AA fire")
    waiting(page, "E8.211")
    dice(page, "1 1")  # Random Location DR 2 -> C8
    choose(page, "FlaK fires")
    dice(page, "1 4")  # Original 5, Final 6: Damaged
    choose(page, "no more AA fire")
    dice(page, "2 2")  # Random Location DR 4 (colored 2) -> E7
    choose(page, "no more AA fire")
    waiting(page, "E8.22")
    assert page.locator(".overlay .mark-ilh[data-hex='1E7']").count() == 1
    assert page.locator(".overlay .arrow").count() == 2  # C9 -> C8 -> E7
    dice(page, "4 2")  # Landing: colored 4 - 1 = 3, white 2: short by 2 -> G6
    waiting(page, "E8.23")
    dice(page, "1")  # Crash dr 1 + 5 = 6: safe
    waiting(page, "E8.3")
    choose(page, "no Final Fire")
    waiting(page, "E8.41")
    dice(page, "5 2")  # Random Selection: the 7-4-7
    page.wait_for_selector("#prompt-result")
    assert "Glider 1 landed Damaged in 1G6; Casualty Reduction: 7-4-7." in page.locator("#prompt-result").inner_text()
    # the result on the map: the glider and its contents as units in 1G6, the flight drawn
    assert page.locator(".overlay .counter.unit.kind-glider[data-hex='1G6']").count() == 1
    assert page.locator(".overlay .counter.unit[data-hex='1G6']").count() == 3  # stacked: glider, 3-3-7, 8-1 (+1 more)
    assert page.locator(".overlay .mark-landed[data-hex='1G6']").count() == 1
    page.screenshot(path=str(artifacts / "play-landed.png"))

    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    for line in [
        "E8.21 result Final DR 7 vs ★ Vehicle Kill Number 6: one more than the Kill Number: Evasive Action",
        "E8.211 result 1 hex in direction 1: new ILH 1C9 -> 1C8",
        "E8.22 modifier -2 2 consecutive hexes clear of Obstacles: 1F6, 1G6",
        "E8.22 result Final colored dr 3, white dr 2: short by 2: lands in 1G6",
        "E8.23 modifier +3 1G6 is a Blind Hex behind the Obstacle in 1H5",
        "E8.23 result Final Crash dr 6: ≤ 6: lands safely",
        "E8.41 result 7-4-7 suffers Casualty Reduction: Reduced to a 3-3-7",
        "E8.41 result 3-3-7 takes a NMC",
        "E8.41 result 8-1 takes a NMC",
    ]:
        assert line in log, f"missing from the log: {line}"
    assert "Glider 1 landed Damaged in 1G6; Casualty Reduction: 7-4-7." in log  # the result, in the log too
    page.screenshot(path=str(artifacts / "play-log.png"))

    # long-press the landing hex: its details list the units in it
    tap(page, "#tab-hex")
    page.touchscreen.tap(*hex_center(page, "1G6"))
    page.wait_for_selector("#info-counters")
    assert "Glider 1 (glider, Allied): damaged" in page.locator("#info-counters").inner_text()


def test_typed_dice_are_checked_and_app_dice_roll(page: Any) -> None:
    open_play(page)
    start_landing(page)
    page.locator("#prompt-dice").fill("7 2")
    tap(page, "#prompt-enter")
    assert "7 is not a face of a d6" in page.locator("#prompt-error").inner_text()
    page.locator("#prompt-dice").fill("x")
    tap(page, "#prompt-enter")
    assert "not a number" in page.locator("#prompt-error").inner_text()
    before = int(page.evaluate("document.body.dataset.actions"))
    tap(page, "#prompt-roll")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    waiting(page, "E8.23")


def test_undo_redo_and_log_stepping(page: Any) -> None:
    open_play(page)
    start_landing(page)
    dice(page, "1 1")
    waiting(page, "E8.23")
    tap(page, "#tab-log")
    tap(page, "#log-undo")
    page.wait_for_selector(".log-list .entry.undone")
    waiting(page, "E8.22")
    tap(page, "#log-redo")
    waiting(page, "E8.23")
    assert page.locator("#log-position").inner_text() == "Now: 2 actions in effect"
    # step back to the start of the log: the map and prompt show that moment
    page.locator("#log-step").fill("1")
    page.wait_for_selector("#log-position:has-text('after log entry #1 of 4')")
    assert page.locator(".log-list .entry.future").count() == 3
    tap(page, "#tab-play")
    tap(page, "#prompt button[data-act='live']")
    waiting(page, "E8.23")


def test_dice_mode_switch(page: Any) -> None:
    open_play(page)
    start_landing(page)
    tap(page, "#dice-mode-table")
    assert page.locator("#prompt-roll").count() == 0 and page.locator("#prompt-dice").count() == 1
    tap(page, "#dice-mode-app")
    assert page.locator("#prompt-roll").count() == 1 and page.locator("#prompt-dice").count() == 0
    # the switch saves the game: wait for the app's "saved" signal, not for time
    page.wait_for_selector("body[data-save-state='saved']", state="attached")
    # the choice is saved with the game (and is this device's default): the app started again
    # on what this device stored, as a reload starts it (restarted in place: conftest.start_app)
    start_app(page)
    tap(page, "#tab-play")
    start_landing(page)
    assert page.locator("#prompt-dice").count() == 0
    tap(page, "#dice-mode-both")


def test_long_press_shows_details_from_any_panel(page: Any) -> None:
    open_play(page)  # the Play panel is open; a long press still shows the hex's details
    x, y = hex_center(page, "1E4")
    cdp = page.context.new_cdp_session(page)
    point = [{"x": x, "y": y, "id": 0, "radiusX": 2, "radiusY": 2, "force": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_function("() => document.body.dataset.tab === 'info'", timeout=3000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert page.locator("#info-name").inner_text() == "1E4"
    assert "Woods" in page.locator("#info").inner_text()
    # while a hex field is being picked, a held press picks the hex (the Play panel stays)
    tap(page, "#tab-play")
    tap(page, "#pick-f-ilh")
    x, y = hex_center(page, "1C9")
    point = [{"x": x, "y": y, "id": 0, "radiusX": 2, "radiusY": 2, "force": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_function("() => document.getElementById('f-ilh').value === '1C9'", timeout=3000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert page.evaluate("document.body.dataset.tab") == "play"
    assert not page.evaluate("document.getElementById('pick-f-ilh').classList.contains('on')")
