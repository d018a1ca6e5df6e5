"""The map editor: paint terrain, set levels, toggle hexsides, place wrecks; build a new map from
geoboards and play on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import actions, hex_center, start_app
from playing import tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def tap_hex(page: Any, name: str) -> None:
    before = actions(page)
    page.touchscreen.tap(*hex_center(page, name))
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def mode(page: Any, name: str) -> None:
    page.locator(f"input[name='edit-mode'][value='{name}']").check()


def test_edit_terrain_sides_and_occupants_then_undo(page: Any, artifacts: Path) -> None:
    start_app(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#tab-edit")
    page.locator("#edit-terrain").select_option("woods")
    tap_hex(page, "1B2")
    mode(page, "level")
    page.locator("#edit-level").fill("2")
    tap_hex(page, "1B4")
    mode(page, "place")
    page.locator("#edit-occupant").select_option("wreck")
    tap_hex(page, "1C6")
    assert page.locator("#map .occupant.wreck").count() == 1
    walls = page.locator("#map line.side.wall").count()
    mode(page, "side")
    page.touchscreen.tap(*hex_center(page, "1D6"))
    page.locator("#edit-feature").select_option("wall")
    before = actions(page)
    tap(page, "#edit-side-NE")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    assert page.locator("#map line.side.wall").count() == walls + 1
    page.screenshot(path=str(artifacts / "editor.png"))
    # the Hex tab reads the edited terrain
    tap(page, "#tab-hex")
    page.touchscreen.tap(*hex_center(page, "1B2"))
    page.wait_for_function("() => document.body.dataset.selected === '1B2'")
    assert "Woods" in page.locator("#info").inner_text()
    page.touchscreen.tap(*hex_center(page, "1B4"))
    page.wait_for_function("() => document.body.dataset.selected === '1B4'")
    assert "Level2" in page.locator("#info").inner_text().replace("\n", "").replace("\t", "").replace(" ", "")
    # every edit is logged and can be undone
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()  # in the rules' words, never the edit's data
    assert "edit the NE hexside of 1D6: wall added" in log and "hexside 1D6–1E6: wall added" in log
    assert "edit 1B2: Woods" in log and "{" not in log
    tap(page, "#log-undo")
    page.wait_for_selector(".log-list .entry.undone")
    assert page.locator("#map line.side.wall").count() == walls


def test_new_map_from_geoboards_and_play_on_it(page: Any) -> None:
    start_app(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#tab-edit")
    tap(page, ".newmap summary")
    # a map with a repeated board is refused with the reason, and nothing changes
    page.locator("#new-layout").fill("4 4")
    tap(page, "#new-map")
    assert "the map places board 4 twice" in page.locator("#edit-error").inner_text()
    assert page.locator("#hex-1A1").count() == 1
    page.locator("#new-name").fill("Boards 4 and 5")
    page.locator("#new-layout").fill("4 5*")
    tap(page, "#new-map")
    page.wait_for_selector("#hex-5A5", state="attached")
    assert page.locator("#hex-4GG5").count() == 1 and page.locator("#hex-1A1").count() == 0
    assert page.locator("#scenario-name").inner_text() == "Boards 4 and 5"
    # play on the new map
    tap(page, "#tab-play")
    page.locator("#f-ilh").fill("4P10")
    page.locator("#f-wind").select_option("2")
    tap(page, "#plan-start")
    page.wait_for_selector("#prompt[data-waiting='E8.22']", state="attached")
    assert page.locator(".overlay .mark-ilh[data-hex='4P10']").count() == 1


def test_the_game_in_play_becomes_a_night_game(page: Any) -> None:
    """Edit → This game's settings: the built-in day scenario made a night game (E1.1), logged in
    words, read by the rules from then on, undone with the log's Undo."""
    start_app(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#tab-edit")
    tap(page, "#game-settings summary")
    night = page.locator("#game-set-night")
    assert not night.is_checked()
    tap(page, "#apply-settings")
    assert page.locator("#game-set-done").inner_text() == "Nothing changed: every setting is as it was."
    night.check()
    page.locator("#game-set-base_nvr").fill("2")
    before = actions(page)
    tap(page, "#apply-settings")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    done = page.locator("#game-set-done").inner_text()
    assert done == "Scenario settings changed: Base NVR (hexes) 2; Night rules in effect (SSR) on.", done
    assert page.locator("#game-set-night").is_checked()  # drawn again at the values in play
    # a wrong value is refused with its reason, and nothing is logged
    page.locator("#game-set-base_nvr").fill("9")
    before = actions(page)
    tap(page, "#apply-settings")
    page.wait_for_function("() => document.querySelector('#edit-error').textContent !== ''")
    assert "Base NVR (hexes): must be a whole number 0..6, not 9" in page.locator("#edit-error").inner_text()
    assert actions(page) == before
    # the log says it in words; Undo takes it back
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text()
    assert "change the scenario's settings: Base NVR (hexes) 2, Night rules in effect (SSR) on" in log
    assert "base_nvr" not in log
    tap(page, "#log-undo")
    page.wait_for_selector(".log-list .entry.undone")
    tap(page, "#tab-edit")
    tap(page, "#game-settings summary")  # closed
    tap(page, "#game-settings summary")  # opened again: the values in play
    assert not page.locator("#game-set-night").is_checked()
