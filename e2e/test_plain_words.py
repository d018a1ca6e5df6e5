"""Plain words everywhere (#14): every panel of every built-in scenario, every procedure's form
and odds, read as a player reads them, holds no Python repr, internal id or developer note."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import open_play

pytestmark = pytest.mark.usefixtures("no_page_errors")

#: What a player must never read (the issue's list).
BAD = ("{'", "[{", "@0,", "Traceback", "JsNull", "not in the seed")


def _scan(page: Any, where: str) -> None:
    text = str(page.evaluate("() => document.getElementById('side').innerText + '\\n' + "
                             "(document.getElementById('notice') ? document.getElementById('notice').innerText : '')"))
    found = [b for b in BAD if b in text]
    assert not found, f"{where}: the page shows {found}: …{text[max(0, text.find(found[0]) - 80):text.find(found[0]) + 80]}…"


@pytest.mark.parametrize("scenario", ["default", "panzer_leader_drop", "army_group_landing"])
def test_every_panel_and_procedure_speaks_plain_words(page: Any, scenario: str) -> None:
    open_play(page, scenario)
    _scan(page, f"{scenario}: Play")
    names = page.locator("#proc-menu button").evaluate_all("els => els.map(e => e.id)")
    assert names, "a procedure menu"
    for proc in names:
        page.locator(f"#{proc}").tap()
        page.wait_for_selector(f"#{proc}[aria-pressed='true']", state="attached")
        start = page.locator("#plan-start")
        if start.count():
            start.tap()  # shows what is missing, in words
        _scan(page, f"{scenario}: {proc}")
    box = page.locator("#map .hex").nth(40).bounding_box()  # any hex (grid names hold a '/')
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for tab in ("#tab-hex", "#tab-log", "#tab-edit", "#tab-games"):
        page.locator(tab).tap()
        _scan(page, f"{scenario}: {tab}")
