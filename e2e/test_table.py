"""At the table (issue #14): the map follows a change of map — no stale selection, Fit fits the map
now shown."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import boot, hex_center, start_app
from playing import tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def fit_scale(page: Any) -> float:
    """The scale at which the map now drawn just fits its frame."""
    return float(page.evaluate("""() => {
        const host = document.getElementById('map');
        const vb = host.querySelector('svg').getAttribute('viewBox').split(' ').map(Number);
        return Math.min(host.clientWidth / vb[2], host.clientHeight / vb[3]);
    }"""))


def test_a_new_map_clears_the_selection_and_fit_fits_it(page: Any) -> None:
    start_app(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.touchscreen.tap(*hex_center(page, "1B2"))  # a hex the next map does not have
    page.wait_for_function("() => document.body.dataset.selected === '1B2'")
    tap(page, "#zoom-fit")
    old_fit = fit_scale(page)
    tap(page, "#tab-edit")
    tap(page, ".newmap summary")
    page.locator("#new-name").fill("Board 5")
    page.locator("#new-layout").fill("5")
    tap(page, "#new-map")
    page.wait_for_selector("#hex-5B5", state="attached")
    assert page.locator("#map .selection").count() == 0
    assert page.locator("#map .hex.selected").count() == 0
    assert not page.evaluate("document.body.dataset.lastError || ''")
    tap(page, "#zoom-fit")
    new_fit = fit_scale(page)
    assert abs(new_fit - old_fit) > 0.01, "the two maps should have different fit scales"
    shown = float(page.locator("#map").get_attribute("data-scale") or "0")
    assert abs(shown - new_fit) < 0.002, f"Fit shows scale {shown}, the new map fits at {new_fit:.3f}"


def test_a_notice_never_covers_the_tabs_and_can_be_closed(page: Any) -> None:
    """Issue #14 item 7: a notice covered the tabs and swallowed the tap meant for them; errors
    stayed until tapped. Now it sits over the map, the tabs work under it, and it closes."""
    boot(page, "#a2.this-link-is-damaged")  # opened with a damaged link in the address
    page.wait_for_selector("#notice:not([hidden])")
    assert "cannot be opened" in page.locator("#notice").inner_text()
    notice = page.locator("#notice").bounding_box()
    for tab in ("#tab-hex", "#tab-play", "#tab-log", "#tab-edit", "#tab-games"):
        box = page.locator(tab).bounding_box()
        assert notice and box
        apart = (notice["x"] + notice["width"] <= box["x"] or box["x"] + box["width"] <= notice["x"]
                 or notice["y"] + notice["height"] <= box["y"] or box["y"] + box["height"] <= notice["y"])
        assert apart, f"the notice covers {tab}"
    tap(page, "#tab-log")  # the tap reaches the tab while the notice is up
    page.wait_for_selector("#log:not([hidden])")
    assert page.locator("#notice").is_visible()
    tap(page, "#notice-close")
    page.wait_for_selector("#notice", state="hidden")
