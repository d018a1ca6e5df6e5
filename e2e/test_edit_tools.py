"""The Edit tab shows only the chosen tool's fields (#14 item 10)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import start_app

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
