"""The other game systems in the page: the Army Group landing and the Panzer Leader paradrop,
each planned from its sample scenario with exact odds on the map, then resolved by dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import wait_ready


def open_play(page: Any, scenario: str) -> None:
    page.goto(f"/?scenario={scenario}")
    wait_ready(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-play").tap()


def roll_until_done(page: Any, limit: int = 200) -> int:
    rolls = 0
    while page.locator("#prompt[data-waiting]:not([data-waiting=''])").count() and rolls < limit:
        before = int(page.evaluate("document.body.dataset.actions"))
        choice = page.locator("#prompt button[data-act='choose']")
        if choice.count():
            choice.first.tap()
        else:
            page.locator("#prompt-roll").tap()
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
        rolls += 1
    return rolls


def test_army_group_drop_with_odds(page: Any, artifacts: Path) -> None:
    open_play(page, "army_group_drop")
    assert "Army Group" in page.locator("#scenario-name").inner_text()
    page.locator("#proc-odds-0").tap()
    page.wait_for_selector("#proc-odds-lines")
    lines = page.locator("#proc-odds-lines").inner_text()
    assert "A-1 Para: lost " in lines and "expected losses" in lines
    assert page.locator(".overlay .heat polygon").count() > 10
    page.screenshot(path=str(artifacts / "play-army-group-odds.png"))
    page.locator("#proc-start-0").tap()
    assert roll_until_done(page) > 5
    page.locator("#tab-log").tap()
    log = page.locator("#log-list").inner_text()
    assert "wave A: Group A drops at F/d5" in log


def test_panzer_leader_wind_then_paradrop_odds_and_drop(page: Any, artifacts: Path) -> None:
    open_play(page, "panzer_leader_drop")
    # the paradrop's odds need the turn's wind: the page says so
    page.locator("#proc-odds-2").tap()
    assert "roll it first" in page.locator("#plan-error").inner_text()
    page.locator("#proc-start-0").tap()
    roll_until_done(page)
    page.locator("#proc-odds-2").tap()
    page.wait_for_selector("#proc-odds-lines")
    assert "stick " in page.locator("#proc-odds-lines").inner_text()
    page.screenshot(path=str(artifacts / "play-panzer-leader-odds.png"))
    page.locator("#proc-start-2").tap()
    assert roll_until_done(page) >= 2
    # the drift diagrams as rolled, drawn on the map: most sticks per hex, digit by digit
    digits = page.eval_on_selector_all(".overlay .heat text", "els => els.map(e => e.textContent)")
    assert digits and all(d.isdigit() for d in digits)
    assert page.locator(".overlay .mark-ilh[data-hex='A/f3']").count() == 1  # a target hex
    page.screenshot(path=str(artifacts / "play-panzer-leader-drift.png"))
    page.locator("#tab-log").tap()
    log = page.locator("#log-list").inner_text()
    assert "PL II.C" in log
