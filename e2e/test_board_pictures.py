"""A board's own picture on a tablet (#39 item 4): a board file with a picture and one without
(written by Airhead's own writer in VASL's format, never one of VASL's) imported, a map built with
the pictured board cropped and turned: its picture is drawn where the board lies, turned with
it and shown through its hexes in play; the board with no picture is listed as such, keeps its
terrain colours, and the map says so."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from airhead.tables import terrain_types
from PIL import Image
from tools.board_writer import write_board
from conftest import hex_center, start_app
from playing import import_boards, new_map, tap

pytestmark = pytest.mark.usefixtures("no_page_errors")


def files(tmp_path: Path) -> list[str]:
    out = []
    for name, desc in (("bd09", {"name": "09", "version": "6.1", "hexes": {"C2": {"code": 60}, "P5": {"code": 60}}}),
                       ("bd02", {"name": "02", "version": "6.4", "image": False, "hexes": {"C2": {"code": 60}}})):
        path = tmp_path / name
        path.write_bytes(write_board(desc))
        out.append(str(path))
    return out


def rgb(fill: str) -> tuple[int, int, int]:
    return int(fill[1:3], 16), int(fill[3:5], 16), int(fill[5:7], 16)


def test_a_cropped_turned_boards_picture_beside_a_board_with_none(page: Any, tmp_path: Path, artifacts: Path) -> None:
    start_app(page)  # (the shared page: a restart empties the device's boards store too)
    tap(page, "#tab-edit")
    import_boards(page, files(tmp_path), 2)
    rows = page.locator("#boards-list li").all_inner_texts()
    two = next(r for r in rows if "VASL board 02" in r)
    nine = next(r for r in rows if "VASL board 09" in r)
    assert "no picture in this file: its map shows terrain colours" in two and "no picture" not in nine
    new_map(page, "Pictures", "9[A-P]* 2")
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 1")
    tap(page, "#tab-play")  # the map at its start view, the edit panel closed
    page.wait_for_function("document.querySelector('#map image.board-art').getBoundingClientRect().width > 0")
    # board 9's picture, turned and clipped to its hexes in play
    img = page.locator("#map image.board-art")
    assert img.get_attribute("data-board") == "9" and "rotate(180" in (img.get_attribute("transform") or "")
    assert page.evaluate("document.querySelector('#map image.board-art').parentElement.getAttribute('clip-path')"
                         ).startswith("url(#art-clip-")
    # where the board lies: its hexes' centres on the picture's (56.25 × 64.5 pixels a hex, 1800 × 645
    # in all; turned, its pixel (0, 0) at the bottom right)
    box = img.bounding_box()
    assert box is not None
    for name, (px, py) in (("9C2", (112.5, 96.75)), ("9P5", (15 * 56.25, 32.25 + 4.5 * 64.5))):
        x, y = hex_center(page, name)
        assert abs(box["x"] + box["width"] * (1 - px / 1800) - x) < 1.5, name
        assert abs(box["y"] + box["height"] * (1 - py / 645) - y) < 1.5, name
    # drawn: 9P5's woods (at the cropped edge) are the picture's, the hex an outline over it; board
    # 2's in terrain colours
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    page.screenshot(path=str(artifacts / "board-pictures.png"))
    woods = rgb(terrain_types("terrain_asl")["woods"].fill)
    x, y = hex_center(page, "9P5")
    seen = shot.getpixel((round(x + 4), round(y + 3)))
    assert all(abs(a - b) <= 6 for a, b in zip(seen, woods)), seen
    assert page.evaluate("document.getElementById('hex-9P5').parentElement.classList.contains('shown')")
    assert not page.evaluate("document.getElementById('hex-2C2').parentElement.classList.contains('shown')")
    names = page.evaluate("[...document.querySelectorAll('#map text.boardname')].map(t => t.textContent)")
    assert "board 2: no picture in its file: terrain colours" in names and "board 9 (rotated)" in names
