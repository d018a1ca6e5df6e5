"""Results where they happen (#14 item 3): the last roll drawn as dice with its sentence in Play,
the map bringing the action into view; the table pack panel and the map tools (#11, #12)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import open_play

pytestmark = pytest.mark.usefixtures("no_page_errors")


def _in_view(page: Any, name: str) -> bool:
    return bool(page.evaluate("""name => {
        const host = document.getElementById('map').getBoundingClientRect();
        const r = document.getElementById('hex-' + name).getBoundingClientRect();
        return r.left >= host.left && r.right <= host.right && r.top >= host.top && r.bottom <= host.bottom;
    }""", name))


def test_a_roll_is_drawn_as_dice_with_one_sentence_and_the_map_follows(page: Any) -> None:
    open_play(page)
    page.locator("#zoom-in").tap()
    page.locator("#zoom-in").tap()
    page.locator("#zoom-in").tap()
    page.locator("#f-ilh").fill("2X5")  # far from the start view at this zoom
    page.locator("#f-ilh").dispatch_event("change")
    assert not _in_view(page, "2X5")
    page.locator("#plan-start").tap()
    page.wait_for_selector("#prompt[data-waiting='E8.22']", state="attached")
    assert _in_view(page, "2X5"), "Start frames the ILH"
    before = int(page.evaluate("document.body.dataset.actions"))
    page.locator("#prompt-dice").fill("4 2")
    page.locator("#prompt-enter").tap()
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    card = page.locator("#last-roll")
    assert card.locator("svg.die-colored").get_attribute("aria-label") == "colored die: 4"
    assert card.locator("svg.die-white").get_attribute("aria-label") == "white die: 2"
    assert card.locator("svg.die-colored circle").count() == 4 and card.locator("svg.die-white circle").count() == 2
    text = page.locator("#last-roll-text").inner_text()
    assert text.startswith("E8.22 Landing DR 6 (colored 4, white 2)") and "lands in" in text
    assert "typed in" in card.inner_text()
