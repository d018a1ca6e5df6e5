"""Sealed plans in the page: the game gets only a commitment code; an honest reveal matches and
shows the plan; a plan changed after sealing is flagged and does not open the seal; Reveal is
offered only where the plan and its salt are; and a browser whose storage refuses the secret
never gets a seal whose plan is lost (the secret is downloaded first and reveals from the file)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from airhead.sealed import verify
from conftest import actions, fault, start_app, wait_ready
from playing import tap

pytestmark = pytest.mark.usefixtures("no_page_errors")

PLAN = '[{"turn": 1, "kind": "glider", "target": "1P5"}]'
CODE = re.compile(r"^[A-Z2-7]{4}(-[A-Z2-7]{4}){4,}$")
# The browser's storage refuses the sealed secrets (the dice choice still saves): a full disk.
SECRETS_REFUSED = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key === "airhead-sealed-plans") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return setItem.call(this, key, value);
};
"""


def open_play(page: Any) -> None:
    start_app(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
    tap(page, "#tab-play")


def seal(page: Any) -> str:
    open_play(page)
    page.locator("#seal-plan").fill(PLAN)
    tap(page, "#seal-button")
    page.wait_for_selector(".seal-code")
    code = page.locator(".seal-code").inner_text()
    assert CODE.match(code), code
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert code in log and "1P5" not in log
    tap(page, "#tab-play")
    return code


def test_honest_reveal_matches_and_shows_the_plan(page: Any) -> None:
    seal(page)
    assert page.locator("#seal-plan").input_value() == ""
    tap(page, "#seal-list button[data-act='reveal']")
    page.wait_for_selector(".seal-list .revealed.ok")
    assert "matches its code" in page.locator("#seal-list").inner_text()
    # the revealed plan itself is shown, not just a verdict
    assert "1P5" in page.locator(".seal-list .revealed.ok .seal-plan-text").inner_text()
    assert page.locator(".seal-code").count() == 0  # the seal is open now


def test_tampered_plan_is_flagged_and_the_seal_stays(page: Any) -> None:
    code = seal(page)
    page.evaluate("""code => {
        const all = JSON.parse(localStorage.getItem('airhead-sealed-plans'));
        all[code].plan = [{turn: 1, kind: 'glider', target: '2A1'}];
        localStorage.setItem('airhead-sealed-plans', JSON.stringify(all));
    }""", code)
    tap(page, "#seal-list button[data-act='reveal']")
    page.wait_for_selector(".seal-list .revealed.bad")
    assert "MISMATCH" in page.locator("#seal-list").inner_text()
    assert "2A1" in page.locator(".seal-list .revealed.bad .seal-plan-text").inner_text()
    assert page.locator(".seal-code").inner_text() == code  # a failed reveal does not open the seal
    tap(page, "#tab-log")
    assert "does NOT match commitment code" in page.locator("#log-list").inner_text()
    tap(page, "#tab-play")
    # a damaged record on this device (its salt gone) is not offered for a reveal
    page.evaluate("""code => {
        const all = JSON.parse(localStorage.getItem('airhead-sealed-plans'));
        delete all[code].salt;
        localStorage.setItem('airhead-sealed-plans', JSON.stringify(all));
    }""", code)
    n = actions(page)
    tap(page, "#turn-next")  # any action redraws the seals
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=n)
    assert page.locator("#seal-list button[data-act='reveal']").count() == 0
    assert "sealed on another device" in page.locator("#seal-list").inner_text()


def test_storage_refusing_the_secret_never_loses_it(page: Any, tmp_path: Path, artifacts: Path) -> None:
    open_play(page)
    fault(page, SECRETS_REFUSED)  # from now on, in this page and after the reload below
    page.locator("#seal-plan").fill(PLAN)
    tap(page, "#seal-button")
    # nothing is sealed while the secret has nowhere to go; the player is told, the text stays
    page.wait_for_selector("#seal-offer")
    assert "storage is full" in page.locator("#seal-offer").inner_text()
    assert actions(page) == 0 and page.locator(".seal-code").count() == 0
    assert page.locator("#seal-plan").input_value() == PLAN
    page.locator("#seal-offer").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "seal-storage-full.png"))
    # the secret is downloaded first, then sealed
    with page.expect_download() as dl:
        tap(page, "#seal-download")
    secret_file = tmp_path / "secret.json"
    dl.value.save_as(secret_file)
    page.wait_for_selector(".seal-code")
    code = page.locator(".seal-code").inner_text()
    secret = json.loads(secret_file.read_text())
    assert secret["code"] == code and secret["plan"] == PLAN
    assert verify(secret["plan"], secret["salt"], code)  # the file alone opens the seal
    assert actions(page) == 1
    assert page.locator("#seal-list button[data-act='reveal']").count() == 1  # this session holds it
    page.wait_for_selector("body[data-save-state='saved']", state="attached")
    # another session on this device: the storage never held it, the file reveals it
    page.reload()
    wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
    tap(page, "#tab-play")
    assert actions(page) == 1
    assert page.locator("#seal-list button[data-act='reveal']").count() == 0
    assert "sealed on another device" in page.locator("#seal-list").inner_text()
    page.locator("#seal-file").set_input_files(str(secret_file))
    page.wait_for_selector(".seal-list .revealed.ok")
    assert "1P5" in page.locator(".seal-list .revealed.ok .seal-plan-text").inner_text()
    page.locator(".seal-list .revealed.ok").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "seal-revealed-from-file.png"))
