"""Maps as scenario cards set them, on a tablet (#39 items 1, 2, 3 and 6): a geoboard file and
the two halves of board 4 (the "b" half named from Q, as VASL's 4b) imported, a map of different
sizes built on them with an SSR terrain option, their pictures under the hexes, and an E8 landing
resolved on the b board. Board files are written by Airhead's own writer in VASL's format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tools.board_writer import write_board
from conftest import start_app
from playing import dice, import_boards, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")

HALF = {"width": 17, "height": 20, "hexWidth": 56.3125, "hexHeight": 64.5, "version": "6.5"}


def files(tmp_path: Path) -> list[str]:
    descs = {"bd02": {"name": "02", "version": "6.4", "hexes": {"C2": {"code": 60}}},
             "bd4a": {**HALF, "name": "4a", "hexes": {"C3": {"code": 60}}},
             "bd4b": {**HALF, "name": "4b", "A1CenterX": -901, "A1CenterY": 32.25,
                      "hexes": {"Q3": {"code": 60}, "T8": {"code": 60}}}}
    out = []
    for name, desc in descs.items():
        path = tmp_path / name
        path.write_bytes(write_board(desc))
        out.append(str(path))
    return out


def test_a_mixed_map_of_a_geoboard_and_a_b_board_with_an_ssr_option(page: Any, tmp_path: Path, artifacts: Path) -> None:
    start_app(page)  # (the shared page: a restart empties the device's boards store too)
    page.locator("#tab-edit").tap()
    import_boards(page, files(tmp_path), 3)
    listing = page.locator("#boards-list").inner_text()
    assert "VASL board 4b" in listing and "(in New map: 4b)" in listing and "(in New map: 2)" in listing
    page.locator(".newmap summary").tap()
    page.locator("#new-name").fill("Mixed")
    page.locator("#new-layout").fill("2\n4a 4b")
    page.locator("#new-ssr").fill("LightWoods")
    page.locator("#new-map").tap()
    page.wait_for_function("document.getElementById('scenario-name').textContent === 'Mixed'", timeout=30_000)
    page.wait_for_selector("#hex-4bR3", state="attached")  # (Q is shared with 4a: named 4aQ3)
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 3")
    assert page.locator("#new-map-note").inner_text() == ""  # every board imported: nothing drawn blank
    page.screenshot(path=str(artifacts / "board-maps-mixed.png"))
    # an E8 landing on the b board, its hexes named from Q
    page.locator("#tab-play").tap()
    page.locator("#f-ilh").fill("4bT10")
    page.locator("#f-wind").select_option("5")
    page.locator("#plan-start").tap()
    waiting(page, "E8.22")
    dice(page, "3 4")
    page.locator("#tab-log").tap()
    log = str(page.locator("#log-list").inner_text())
    assert "4bT10" in log and "E8.22" in log
