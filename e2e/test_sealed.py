"""Sealed plans in the page: the game gets only a commitment code; an honest reveal matches and
a plan changed after sealing is flagged."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import wait_ready

pytestmark = pytest.mark.usefixtures("no_page_errors")

PLAN = '[{"turn": 1, "kind": "glider", "target": "1P5"}]'


def seal(page: Any) -> str:
    page.goto("/")
    wait_ready(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-play").tap()
    page.locator("#seal-plan").fill(PLAN)
    page.locator("#seal-button").tap()
    page.wait_for_selector(".seal-code")
    code = page.locator(".seal-code").inner_text()
    assert len(code) == 24
    page.locator("#tab-log").tap()
    log = page.locator("#log-list").inner_text()
    assert code in log and "1P5" not in log
    page.locator("#tab-play").tap()
    return code


def test_honest_reveal_matches(page: Any) -> None:
    seal(page)
    page.locator("#seal-list button[data-act='reveal']").tap()
    page.wait_for_selector(".seal-list .revealed.ok")
    assert "matches its code" in page.locator("#seal-list").inner_text()


def test_tampered_plan_is_flagged(page: Any) -> None:
    code = seal(page)
    page.evaluate("""code => {
        const all = JSON.parse(localStorage.getItem('airhead-sealed-plans'));
        all[code].plan = [{turn: 1, kind: 'glider', target: '2A1'}];
        localStorage.setItem('airhead-sealed-plans', JSON.stringify(all));
    }""", code)
    page.locator("#seal-list button[data-act='reveal']").tap()
    page.wait_for_selector(".seal-list .revealed.bad")
    assert "MISMATCH" in page.locator("#seal-list").inner_text()
    page.locator("#tab-log").tap()
    assert "does NOT match commitment code" in page.locator("#log-list").inner_text()
