"""A board's own SSR options on a tablet (#39 item 3): a board file whose SSRControls lists two
special overlays, imported; one chosen in New map and the other added in This game's settings,
each drawn over the board's picture, the player told it changes the picture only, and the log
saying so. The board file is written by Airhead's own writer in VASL's format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tools.board_writer import write_board
from conftest import start_app
from playing import import_boards, new_map, tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def board_file(tmp_path: Path) -> str:
    path = tmp_path / "bd06"
    path.write_bytes(write_board({
        "name": "06", "version": "6.1", "hexes": {"C2": {"code": 60}},
        "ssrControls": [{"rule": "BSO_06_PondToOG", "name": "Remove the Pond"},
                        {"rule": "SSO_06_J1", "name": "J1: A scenario's overlay"}],
        "overlays": {"BSO_06_PondToOG": [{"image": "BSO_06_PondToOG.png", "x": 470, "y": 357, "width": 69, "height": 125}],
                     "SSO_06_J1": [{"image": "SSO_06_J1.png", "x": 100, "y": 100, "width": 80, "height": 60}]}}))
    return str(path)


def test_a_boards_own_options_are_drawn_over_its_picture_and_change_the_picture_only(page: Any, tmp_path: Path,
                                                                                     artifacts: Path) -> None:
    start_app(page)  # (the shared page: a restart empties the device's boards store too)
    tap(page, "#tab-edit")
    import_boards(page, [board_file(tmp_path)], 1)
    status = str(page.locator("#boards-status").text_content())
    assert "Its own SSR options" in status and "BSO_06_PondToOG (Remove the Pond), SSO_06_J1" in status
    new_map(page, "Pond", "6*", ssr="BSO_06_PondToOG")
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 2")  # the board's, the pond's
    note = str(page.locator("#new-map-note").text_content())
    assert "board 6: BSO_06_PondToOG (Remove the Pond), SSO_06_J1 (J1: A scenario's overlay)" in note
    assert "changes the picture only: the terrain stays as printed" in note
    page.screenshot(path=str(artifacts / "board-options-pond.png"))
    # the other one added in play: drawn too, and logged as a picture only
    tap(page, "#game-settings summary")
    assert "board 6: BSO_06_PondToOG" in page.locator("#game-ssr-now").inner_text()
    page.locator("#game-ssr").fill("SSO_06_J1")
    tap(page, "#apply-settings")
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 3")
    done = page.locator("#game-set-done").inner_text()
    assert "6:SSO_06_J1 (board 6's own option: its picture only, the terrain stays as printed)" in done
