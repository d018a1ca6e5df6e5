"""New map, This game's settings and the board list on a tablet (1024 × 768) and a phone
(390 × 844), #42 items 3, 7 and 8 and #39 item 3: New map's options explained in the page (no
tooltip a finger cannot open), the grid's size asked only for a grid map, an SSR terrain option
chosen in This game's settings of a running game (and how the boards' grain is read, #38 item 4), and a board a saved game uses deleted only
after a warning naming that game, the status then saying what is true."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tools.board_writer import write_board
from conftest import TABLET, actions, start_app
from playing import acted, import_boards, tap

pytestmark = pytest.mark.usefixtures("no_page_errors")

PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(TABLET, id="tablet"), pytest.param(PHONE, id="phone")]

# Every element matched lies within the page's width (nothing cut off or to scroll sideways).
WITHIN = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null)
  .filter((e) => { const r = e.getBoundingClientRect(); return r.left < -1 || r.right > innerWidth + 1; })
  .map((e) => e.textContent.slice(0, 60))"""


def boot(page: Any, size: dict[str, int]) -> None:
    start_app(page, viewport=size)  # (the shared page: a restart empties the device's boards store too)
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#tab-edit")


@pytest.mark.parametrize("size", SIZES)
def test_new_map_explains_its_options_in_the_page(page: Any, size: dict[str, int], artifacts: Path) -> None:
    boot(page, size)
    tap(page, ".newmap summary")
    page.locator("#new-system").select_option("asl")
    # each setting's explanation written under it, none left to a tooltip
    assert page.locator("#new-settings .setting-help").count() >= 1
    assert page.locator("#new-settings [title]").count() == 0
    assert page.locator("#new-settings .setting-help").first.is_visible()
    # ASL geoboards: a board's size is its own; the SSR options apply, each explained when asked
    assert page.locator("#new-grid").is_hidden() and page.locator("#new-ssr").is_visible()
    tap(page, "#new-ssr-help .ssr-help")
    listing = page.locator("#new-ssr-help .ssr-list").inner_text()
    assert "BrushToOpenGround: Brush to Open Ground" in listing and "Level2ToLevel1: level 2 to level 1" in listing
    # how the boards' grain is read: the map's choice, beside the SSR options, explained (#38 item 4)
    speckled = page.locator("#new-speckled #new-set-vasl_speckled")
    assert speckled.is_visible() and "Speckled terrain (grain) read" in speckled.inner_text()
    assert "as VASL reads it" in speckled.inner_text() and page.locator("#new-set-vasl_speckled-0").is_checked()
    assert page.locator("#new-settings #new-set-vasl_speckled").count() == 0
    assert page.evaluate(WITHIN, ".newmap .setting-help, .newmap .ssr-list li, .newmap small") == []
    page.screenshot(path=str(artifacts / f"new-map-explained-{'phone' if size == PHONE else 'tablet'}.png"))
    # a grid map: its size is asked, VASL's SSR options are not
    grid = page.evaluate("() => [...document.querySelectorAll('#new-system option')].find((o) => o.textContent.includes('grid maps')).value")
    page.locator("#new-system").select_option(grid)
    assert page.locator("#new-grid").is_visible() and page.locator("#new-ssr-box").is_hidden()
    assert page.locator("#new-ssr-help").is_hidden() and page.locator("#new-speckled").is_hidden()
    assert page.locator("#new-settings [title]").count() == 0
    # a size that is not a whole number is refused in words, never Python's int() error
    page.locator("#new-cols").fill("2.5")
    tap(page, "#new-map")
    page.wait_for_selector("#edit-error:has-text('the grid’s columns are a whole number, like 10, not 2.5')", state="attached")
    assert "int()" not in page.locator("#edit-error").inner_text()


def board(tmp_path: Path) -> str:
    path = tmp_path / "bd02"
    path.write_bytes(write_board({"name": "02", "version": "6.4", "image": False, "levels": {"J5": 2},
                                  "hexes": {"C2": {"code": 25}}}))
    return str(path)


@pytest.mark.parametrize("size", SIZES)
def test_an_ssr_option_chosen_in_play_and_a_used_board_deleted_after_a_warning(page: Any, size: dict[str, int],
                                                                                tmp_path: Path, artifacts: Path) -> None:
    boot(page, size)
    import_boards(page, [board(tmp_path)], 1)
    tap(page, ".newmap summary")
    page.locator("#new-system").select_option("asl")
    page.locator("#new-name").fill("Brushy")
    page.locator("#new-layout").fill("2")
    tap(page, "#new-set-vasl_speckled-1")  # grain read on the dot's pixel, as VASL reads it
    tap(page, "#new-map")
    page.wait_for_function("document.getElementById('scenario-name').textContent === 'Brushy'", timeout=30_000)
    page.wait_for_selector("#hex-2C2", state="attached")
    page.wait_for_function("() => Number(document.body.dataset.savedGames || 0) >= 1",
                           timeout=30_000)
    # This game's settings: an SSR terrain option chosen in play, explained and logged
    tap(page, "#tab-edit")
    tap(page, "#game-settings summary")
    assert "None applied to this game" in page.locator("#game-ssr-now").inner_text()
    assert "Undo" in page.locator("#game-ssr-now").inner_text()
    assert page.locator("#game-speckled #game-set-vasl_speckled-1").is_checked()  # as New map chose it
    tap(page, "#game-set-vasl_speckled-0")  # and back to around the dot, with the SSR options
    page.locator("#game-ssr").fill("brushtoopenground, Level2ToLevel1")
    before = actions(page)
    tap(page, "#apply-settings")
    acted(page, before)
    page.wait_for_function("() => document.getElementById('game-set-done').textContent.includes('Brush to Open Ground')")
    assert "level 2 to level 1" in page.locator("#game-set-done").inner_text()
    assert "Applied to this game: BrushToOpenGround (Brush to Open Ground), Level2ToLevel1" in \
        page.locator("#game-ssr-now").inner_text()
    assert page.evaluate(WITHIN, ".gamesettings small, .gamesettings .setting-help") == []
    assert page.locator("#game-set-vasl_speckled-0").is_checked()
    # the same again changes nothing, and says so
    page.locator("#game-ssr").fill("BrushToOpenGround")
    tap(page, "#apply-settings")
    page.wait_for_function("() => document.getElementById('game-set-done').textContent.includes('already applied')")
    tap(page, "#tab-log")
    assert "SSR terrain options applied to the map" in page.locator("#log-list").inner_text()
    assert "Speckled terrain (grain) read around the dot" in page.locator("#log-list").inner_text()
    tap(page, "#tab-edit")
    # deleting the board the saved game uses: a warning naming it first, then a true status
    tap(page, "#boards-box summary")  # (the new map drew the tab again, the list folded)
    tap(page, "#boards-list [data-act='b-delete']")
    warning = page.locator("#boards-delete-warning").inner_text()
    assert "“Brushy" in warning and "uses this board" in warning
    page.screenshot(path=str(artifacts / f"board-delete-warning-{'phone' if size == PHONE else 'tablet'}.png"))
    tap(page, "#boards-list [data-act='b-delete-cancel']")
    assert page.locator("#boards-delete-warning").count() == 0 and page.locator("body[data-boards='1']").count() == 1
    tap(page, "#boards-list [data-act='b-delete']")
    tap(page, "#boards-list [data-act='b-delete-ok']")
    page.wait_for_selector("body[data-boards='0']", state="attached")
    status = page.locator("#boards-status").inner_text()
    assert status.startswith("Deleted VASL board 02 from this device.") and "“Brushy" in status
    assert "Imported" not in status
