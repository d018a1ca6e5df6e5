"""The Edit tab shows only the chosen tool's fields (#14 item 10); the bridge tool lays a bridge on
a painted map and takes it away."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import actions, hex_center, start_app

pytestmark = pytest.mark.usefixtures("no_page_errors")


def test_only_the_chosen_tools_fields_show(page: Any) -> None:
    start_app(page)  # (the shared page, restarted in place: no reload)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-edit").tap()
    assert page.locator("#edit-terrain").is_visible() and not page.locator("#edit-level").is_visible()
    assert not page.locator("#edit-feature").is_visible() and not page.locator("#edit-occupant").is_visible()
    page.locator("input[name='edit-mode'][value='level']").check()
    assert page.locator("#edit-level").is_visible() and not page.locator("#edit-terrain").is_visible()
    assert page.locator("#edit-level").input_value() == "", "no level is painted until the player types one"
    page.locator("input[name='edit-mode'][value='blaze']").check()
    assert "Blaze" in page.locator("#edit-fields").inner_text()
    assert not page.locator("#edit-level").is_visible()
    # Every tool's fields, checkboxes included, show under that tool only.
    for mode in page.locator("input[name='edit-mode']").evaluate_all("els => els.map(e => e.value)"):
        page.locator(f"input[name='edit-mode'][value='{mode}']").check()
        shown = page.locator("#edit-fields [data-tool]").evaluate_all(
            "els => els.map(e => [e.dataset.tool, e.getClientRects().length > 0])")
        wrong = [tool for tool, visible in shown if visible != (tool == mode)]
        assert not wrong, f"under the {mode} tool, these tools' fields show or hide wrongly: {wrong}"


def test_the_bridge_tool_lays_a_bridge_and_takes_it_away(page: Any) -> None:
    start_app(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-edit").tap()
    page.locator("input[name='edit-mode'][value='bridge']").check()
    assert page.locator("#edit-bridge-axis").is_visible() and not page.locator("#edit-terrain").is_visible()
    bridges = page.locator("#map .bridge").count()

    def tap(name: str) -> None:
        before = actions(page)
        page.touchscreen.tap(*hex_center(page, name))
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)

    page.locator("#edit-bridge-axis").select_option("NE–SW")
    page.locator("#edit-bridge-foot").check()
    tap("1G5")
    assert page.locator("#map .bridge").count() == bridges + 1
    page.locator("#tab-hex").tap()
    page.touchscreen.tap(*hex_center(page, "1G5"))
    page.wait_for_function("() => document.body.dataset.selected === '1G5'")
    assert "foot bridge, NE–SW" in page.locator("#info").inner_text()
    page.locator("#tab-edit").tap()  # the same bridge tapped again: taken away
    tap("1G5")
    assert page.locator("#map .bridge").count() == bridges
    page.locator("#tab-log").tap()  # logged in the rules' words, never as the edit's data
    log = page.locator("#log-list").inner_text()
    assert "edit 1G5: bridge laid along NE–SW (footbridge)" in log and "edit 1G5: bridge taken away" in log
    assert "{" not in log and '"' not in log
