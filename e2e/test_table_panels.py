"""#14 items 6 and 8 at the table: Undo, Redo and the log's slider say what they did and scroll
the log to it, "Back to now" sits on the Log tab; the map key explains the map's colours,
patterns and marks; the heatmap has a key, its button looks pressed, its colours stay inside
the map's frame."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import actions, open_play, start_app
from playing import dice, start_landing, tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def tap_and_wait(page: Any, selector: str) -> None:
    before = actions(page)
    page.locator(selector).tap()
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def in_pane(page: Any, n: int) -> bool:
    """True if log entry #n is inside the Log pane's visible box."""
    return bool(page.evaluate("""n => {
        const pane = document.getElementById('log').getBoundingClientRect();
        const e = document.querySelector(`#log-list li.entry[data-n='${n}']`).getBoundingClientRect();
        return e.top >= pane.top - 1 && e.top + 20 <= pane.bottom + 1;
    }""", n))


def test_undo_redo_and_slider_say_what_they_did(page: Any, artifacts: Path) -> None:
    open_play(page)
    for _ in range(14):  # a log longer than the pane
        tap_and_wait(page, "#turn-next")
    start_landing(page)
    dice(page, "1 1")
    n = actions(page)  # 16 entries: the dice are the last
    tap(page, "#tab-log")
    assert page.locator("#log-position").inner_text() == f"Now: {n} actions in effect"
    page.evaluate("document.getElementById('log').scrollTop = 0")
    assert not in_pane(page, n)

    tap_and_wait(page, "#log-undo")
    status = page.locator("#log-status").inner_text()
    assert status.startswith(f"Undone: #{n} ") and "1" in status
    # the counter does not go up: it says what the moment shown is
    assert page.locator("#log-position").inner_text() == f"Now: {n - 1} of {n} actions in effect, 1 undone"
    assert page.locator(f"#log-list li.entry[data-n='{n}']").get_attribute("class") == "entry undone changed"
    assert in_pane(page, n), "the log scrolls to the entry Undo took back"
    page.screenshot(path=str(artifacts / "log-undo.png"))

    page.evaluate("document.getElementById('log').scrollTop = 0")
    tap_and_wait(page, "#log-redo")
    assert page.locator("#log-status").inner_text().startswith(f"Redone: #{n} ")
    assert page.locator("#log-position").inner_text() == f"Now: {n} actions in effect"
    assert in_pane(page, n)

    # the slider: an earlier moment, said in words; Back to now is right here on the Log tab
    assert page.locator("#log-live").is_hidden()
    page.evaluate("document.getElementById('log').scrollTop = 1e6")
    page.locator("#log-step").fill("2")
    page.wait_for_selector("#log-position:has-text('after log entry #2 of')")
    assert in_pane(page, 2)
    assert "entry" in page.locator("#log-status").inner_text()
    tap(page, "#log-live")
    page.wait_for_selector("#log-live", state="hidden")
    assert page.locator("#log-position").inner_text().startswith("Now: ")
    assert page.locator("#log-list .future").count() == 0


def test_heatmap_key_pressed_button_and_clip(page: Any, artifacts: Path) -> None:
    open_play(page)
    page.locator("#f-ilh").fill("1G9")
    page.locator("#f-ilh").dispatch_event("change")
    button = page.locator("#plan-heat")
    off_bg = button.evaluate("b => getComputedStyle(b).backgroundColor")
    button.tap()
    page.wait_for_selector(".overlay .heat polygon", state="attached")
    assert button.get_attribute("aria-pressed") == "true"
    assert button.evaluate("b => getComputedStyle(b).backgroundColor") != off_bg, "a pressed toggle looks pressed"
    legend = page.locator("#map-legend")
    assert legend.is_visible()
    assert legend.locator(".heat-label").inner_text().strip()
    stops = legend.locator(".heat-stop").all_inner_texts()
    assert [s.strip() for s in stops] == ["0%", "25%", "50%", "75%", "100%"]
    clip = page.evaluate("getComputedStyle(document.querySelector('#overlay-layer .heat')).clipPath")
    assert "board-clip" in clip, clip
    page.screenshot(path=str(artifacts / "heatmap-key.png"))
    button.tap()
    page.wait_for_selector(".overlay .heat polygon", state="detached")
    assert button.get_attribute("aria-pressed") == "false"
    assert legend.is_hidden()


def test_map_key_explains_the_map(page: Any, artifacts: Path) -> None:
    start_app(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#map-key-toggle")
    body = page.locator("#map-key-body")
    assert body.is_visible()
    text = body.inner_text()
    for words in ("Orchard", "dotted", "Marsh", "hatched", "+1, +2", "obstacle", "L1, L2", "Hedge", "Brown bar"):
        assert words in text, words
    assert body.locator(".swatch").count() >= 10
    page.screenshot(path=str(artifacts / "map-key.png"))
    open_play(page, "army_group_landing")  # another map: its own key
    tap(page, "#map-key-toggle")
    text = page.locator("#map-key-body").inner_text()
    assert "Bocage" in text and "Orchard" not in text and "River" in text
