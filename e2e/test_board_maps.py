"""Maps as scenario cards set them, on a tablet (#39 items 1, 2, 3 and 6): a geoboard file and
the two halves of board 4 (the "b" half named from Q, as VASL's 4b) imported, a map of different
sizes built on them with an SSR terrain option shared by every board (VASL's Level1ToLevel0),
their pictures under the hexes, and an E8 landing resolved on the b board, whose Avenue of
Approach crosses a hill the option levels: the landing's modifiers and result are the levelled
terrain's. Board files are written by Airhead's own writer in VASL's format."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tools.board_writer import write_board
from conftest import hex_center, start_app
from playing import dice, import_boards, new_map, tap, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")

HALF = {"width": 17, "height": 20, "hexWidth": 56.3125, "hexHeight": 64.5, "version": "6.5"}


def files(tmp_path: Path) -> list[str]:
    descs = {"bd02": {"name": "02", "version": "6.4", "hexes": {"C2": {"code": 60}}},
             "bd4a": {**HALF, "name": "4a", "hexes": {"C3": {"code": 60}}},
             "bd4b": {**HALF, "name": "4b", "A1CenterX": -901, "A1CenterY": 32.25,
                      "hexes": {"Q3": {"code": 60}, "T8": {"code": 60}}, "levels": {"X3": 1}}}
    out = []
    for name, desc in descs.items():
        path = tmp_path / name
        path.write_bytes(write_board(desc))
        out.append(str(path))
    return out


def test_a_mixed_map_of_a_geoboard_and_a_b_board_with_an_ssr_option(page: Any, tmp_path: Path, artifacts: Path) -> None:
    start_app(page)  # (the shared page: a restart empties the device's boards store too)
    tap(page, "#tab-edit")
    import_boards(page, files(tmp_path), 3)
    listing = page.locator("#boards-list").inner_text()
    assert "VASL board 4b" in listing and "(in New map: 4b)" in listing and "(in New map: 2)" in listing
    new_map(page, "Mixed", "2\n4a 4b", ssr="LightWoods, Level1ToLevel0")
    page.wait_for_selector("#hex-4bR3", state="attached")  # (Q is shared with 4a: named 4aQ3)
    assert page.locator("#new-map-note").inner_text() == ""  # every board imported: nothing drawn blank
    # each board's own picture drawn where the board lies, 4b's beside 4a's under board 2
    tap(page, "#tab-play")  # the map at its start view, the edit panel closed
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 3")
    pictures = page.eval_on_selector_all("#map image.board-art", "els => els.map((e) => e.dataset.board).sort()")
    assert pictures == ["2", "4a", "4b"], pictures
    art = page.locator("#map image.board-art[data-board='4b']").bounding_box()
    x, y = hex_center(page, "4bU5")
    assert art and art["x"] < x < art["x"] + art["width"] and art["y"] < y < art["y"] + art["height"]
    assert page.locator("#map image.board-art[data-board='2']").bounding_box()["y"] < art["y"]  # type: ignore[index]
    page.screenshot(path=str(artifacts / "board-maps-mixed.png"))
    # the hill in 4bX3 (level 1 in the board file) levelled by the option: level 0 on the map
    tap(page, "#tab-hex")
    tap(page, "#zoom-fit")
    page.touchscreen.tap(*hex_center(page, "4bX3"))
    page.wait_for_function("() => document.body.dataset.selected === '4bX3'")
    info = page.locator("#info").inner_text()
    assert re.search(r"Level\s+0\b", info) and "hex X3: centre dot in Open Ground (100% of the hex); centre at level 1" in info
    # an E8 landing on the b board, its hexes named from Q, facing Wind Direction 5: its Avenue of
    # Approach (4bV4 ... 4bZ2) crosses 4bX3, a level 1 hill on the board file: levelled, no Obstacle
    tap(page, "#tab-play")
    page.locator("#f-ilh").fill("4bU5")
    page.locator("#f-wind").select_option("5")
    tap(page, "#plan-start")
    waiting(page, "E8.22")
    dice(page, "3 4")
    waiting(page, "E8.23")
    dice(page, "3")
    tap(page, "#tab-log")
    log = str(page.locator("#log-list").inner_text())
    assert "Avenue of Approach 4bV4, 4bW4, 4bX3, 4bY3, 4bZ2" in log
    assert re.search(r"-5\s+5 consecutive hexes clear of Obstacles: 4bV4, 4bW4, 4bX3, 4bY3, 4bZ2", log), log
    assert "Obstacle" not in log.split("clear of Obstacles")[1]  # no hill left in the Avenue
    assert "Final colored dr -2, white dr 4: lands in its ILH: lands in 4bU5" in log
    assert "Final Crash dr 3: ≤ 6: lands safely" in log
