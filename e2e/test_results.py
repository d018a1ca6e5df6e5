"""Results where they happen (#14 item 3): the last roll drawn as dice with its sentence in Play,
the map bringing the action into view; the table pack panel and the map tools (#11, #12)."""

from __future__ import annotations

import json

from typing import Any

import pytest
from conftest import open_play
from playing import start_landing, tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def _in_view(page: Any, name: str) -> bool:
    return bool(page.evaluate("""name => {
        const host = document.getElementById('map').getBoundingClientRect();
        const r = document.getElementById('hex-' + name).getBoundingClientRect();
        return r.left >= host.left && r.right <= host.right && r.top >= host.top && r.bottom <= host.bottom;
    }""", name))


def test_a_roll_is_drawn_as_dice_with_one_sentence_and_the_map_follows(page: Any) -> None:
    open_play(page)
    tap(page, "#zoom-in")
    tap(page, "#zoom-in")
    tap(page, "#zoom-in")
    page.locator("#f-ilh").fill("2X5")  # far from the start view at this zoom
    page.locator("#f-ilh").dispatch_event("change")
    assert not _in_view(page, "2X5")
    tap(page, "#plan-start")
    page.wait_for_selector("#prompt[data-waiting='E8.22']", state="attached")
    assert _in_view(page, "2X5"), "Start frames the ILH"
    before = int(page.evaluate("document.body.dataset.actions"))
    page.locator("#prompt-dice").fill("4 2")
    tap(page, "#prompt-enter")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    card = page.locator("#last-roll")
    assert card.locator("svg.die-colored").get_attribute("aria-label") == "colored die: 4"
    assert card.locator("svg.die-white").get_attribute("aria-label") == "white die: 2"
    assert card.locator("svg.die-colored circle").count() == 4 and card.locator("svg.die-white circle").count() == 2
    text = page.locator("#last-roll-text").inner_text()
    assert text.startswith("E8.22 Landing DR 6 (colored 4, white 2)") and "lands in" in text
    assert "typed in" in card.inner_text()


def test_line_of_sight_between_two_tapped_hexes_is_drawn_and_explained(page: Any) -> None:
    from conftest import hex_center, start_app

    start_app(page)  # (the shared page, restarted in place: no reload)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.touchscreen.tap(*hex_center(page, "1I3"))
    page.wait_for_selector("#tool-los")
    assert page.locator("#tool-los").inner_text() == "Line of sight from 1I3"
    tap(page, "#tool-los")
    page.wait_for_selector("#tool-wait")
    page.touchscreen.tap(*hex_center(page, "1K4"))  # behind the 1K3 woods? read the answer, not the guess
    page.wait_for_selector("#tool-result")
    lines = page.locator("#tool-lines li").all_inner_texts()
    assert lines[0].startswith("Line of sight from 1I3") and lines[-1].startswith("LOS ")
    assert page.locator("#overlay-layer .mark-los-end").count() == 2
    assert page.locator("#overlay-layer .arrow, #overlay-layer path, #overlay-layer line").count() >= 1


def test_table_numbers_kept_on_the_device_fill_the_forms(page: Any) -> None:
    open_play(page)
    page.wait_for_selector("#pack:not([hidden])", state="attached")
    tap(page, "#pack-summary")
    key = page.locator("#pack-0").get_attribute("data-key")
    assert key == "air_support_exponent"
    page.locator("#pack-0").fill("2")
    tap(page, "#pack-save")
    page.wait_for_function("() => document.getElementById('pack-summary').textContent.includes('(1 of')")
    assert "Kept on this device" in page.locator("#pack-status").inner_text()
    tap(page, "#proc-asl-air-arrival")
    assert page.locator("#f-exponent").input_value() == "2"
    open_play(page)  # the app started again on what this device stored, as a reload starts it
    tap(page, "#proc-asl-air-arrival")
    assert page.locator("#f-exponent").input_value() == "2", "the numbers stay on the device"


def test_a_table_file_is_imported_and_a_wrong_one_refused(page: Any) -> None:
    """Import a table file: its numbers fill the form; a file that is not one, or is too large to
    be one (never read), is refused in words and changes nothing."""
    open_play(page)
    page.wait_for_selector("#pack:not([hidden])", state="attached")
    tap(page, "#pack-summary")

    def pick(name: str, data: bytes) -> str:
        before = page.locator("#pack-status").inner_text()
        page.locator("#pack-file").set_input_files({"name": name, "mimeType": "application/json", "buffer": data})
        page.wait_for_function("t => document.getElementById('pack-status').textContent !== t", arg=before)
        return str(page.locator("#pack-status").inner_text())

    good = json.dumps({"airhead_table_pack": 1, "system": "asl", "title": "mine",
                       "values": {"air_support_exponent": 3}}).encode()
    assert pick("mine.json", good) == "Imported 1 number from mine.json."
    assert pick("notes.json", b"shopping list").startswith("notes.json was not imported: ")
    huge = b" " * (4 * 100_000 + 1)  # over 4 x MAX_PACK_CHARS bytes
    assert pick("huge.json", huge) == "huge.json was not imported: it is too large to be a table file"
    tap(page, "#proc-asl-air-arrival")
    assert page.locator("#f-exponent").input_value() == "3", "a refused file changes nothing"


def test_the_plan_under_way_is_shown_again_after_a_reload(page: Any) -> None:
    """#14 item 10: after a reload mid-landing the plan form was blank."""
    open_play(page)
    start_landing(page)
    page.wait_for_selector("body[data-save-state='saved']", state="attached")
    open_play(page)  # the app started again on what this device stored, as a reload starts it
    page.wait_for_selector("#prompt[data-waiting='E8.22']", state="attached")
    assert page.locator("#proc-asl-glider-landing").get_attribute("aria-pressed") == "true"
    assert page.locator("#f-ilh").input_value() == "1G9"
