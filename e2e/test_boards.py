"""The player's own VASL boards on a tablet: board files (written by Airhead's own writer in
VASL's format, never one of VASL's) imported through the file picker, a map built on them with
their pictures under the hexes, an E8 landing and a line of sight read from their terrain, an
offline reload that keeps them and answers a tap, and the game's link opened on another device,
which names the boards it lacks until their files are imported there. On the shared page: what
a first visit loads (exactly the offline copy's list, the wasm once) is read on the first visit
of e2e/test_snapshot.py."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from tools.board_writer import write_board
from conftest import actions, another_device, hex_center, offline_requests, start_app, wait_ready
from playing import dice, import_boards, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")

DESC = json.loads((Path(__file__).resolve().parents[1] / "tests" / "core" / "data" / "fixture_board.json").read_text())


def board_files(tmp_path: Path) -> list[str]:
    paths = []
    for name in ("02", "04"):
        path = tmp_path / f"bd{name}"
        path.write_bytes(write_board(dict(DESC, name=name)))
        paths.append(str(path))
    return paths


def booted(page: Any) -> None:
    wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)


def log_text(page: Any) -> str:
    page.locator("#tab-log").tap()
    return str(page.locator("#log-list").inner_text())


def test_boards_imported_played_on_offline_and_shared(page: Any, server: Any, tmp_path: Path,
                                                       artifacts: Path) -> None:
    files = board_files(tmp_path)
    start_app(page)
    # import both files through the picker
    page.locator("#tab-edit").tap()
    import_boards(page, files, 2)
    listing = page.locator("#boards-list").inner_text()
    assert "VASL board 02" in listing and "VASL board 04" in listing and "version 1.2" in listing
    # a file that is not a board is refused, and nothing is stored
    junk = tmp_path / "notes.zip"
    junk.write_bytes(b"PK\x03\x04 not really a zip")
    page.set_input_files("#boards-file", [str(junk)])
    page.wait_for_selector("#boards-error", state="attached")
    assert "notes.zip was not imported: this file is not a VASL board file. Import a board's file as VASL keeps it" in \
        page.locator("#boards-error").inner_text()
    assert page.evaluate("document.body.dataset.boards") == "2"
    assert "Reading" not in page.locator("#boards-status").inner_text()  # the reading is over
    # a hostile board (its members compressed with LZMA, which VASL never uses): the true reason
    lzma = tmp_path / "bd07"
    with zipfile.ZipFile(io.BytesIO(write_board(dict(DESC, name="07")))) as src, \
            zipfile.ZipFile(lzma, "w", zipfile.ZIP_LZMA) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
    page.set_input_files("#boards-file", [str(lzma)])
    page.wait_for_function("document.querySelector('#boards-error')?.textContent.includes('bd07')")
    assert "bd07 was not imported: this board file was re-packed: its part “BoardMetadata.xml” is compressed with LZMA" in \
        page.locator("#boards-error").inner_text()
    assert "Reading" not in page.locator("#boards-status").inner_text()
    assert page.evaluate("document.body.dataset.boards") == "2"  # nothing stored
    # a map on boards 2 and 4: their pictures under the hexes, their terrain in the Hex tab
    page.locator(".newmap summary").tap()
    page.locator("#new-name").fill("On my boards")
    page.locator("#new-layout").fill("2 4")
    page.locator("#new-map").tap()
    page.wait_for_selector("#hex-4C2", state="attached")
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 2")
    page.screenshot(path=str(artifacts / "boards-map.png"))
    page.locator("#tab-hex").tap()
    page.touchscreen.tap(*hex_center(page, "2J4"))
    page.wait_for_function("() => document.body.dataset.selected === '2J4'")
    info = page.locator("#info").inner_text()
    assert "Woods" in info and "Read from VASL board 02, version 1.2, hex J4: centre dot in Woods" in info
    # line of sight along the hexside of the woods of 2C2 and 2C3, read from the board
    page.touchscreen.tap(*hex_center(page, "2B2"))
    page.wait_for_function("() => document.body.dataset.selected === '2B2'")
    page.wait_for_selector("#tool-los")
    page.locator("#tool-los").tap()
    page.wait_for_selector("#tool-wait")
    page.touchscreen.tap(*hex_center(page, "2F2"))
    page.wait_for_selector("#tool-result")
    lines = page.locator("#tool-lines li").all_inner_texts()
    assert lines[-1].startswith("LOS ") and "blocked" in lines[-1].lower() and any("2C2" in x for x in lines)
    # what 2F2 (the hex last tapped) sees within 6 hexes from its first level: drawn on the map
    page.wait_for_selector("#tool-options-sees")
    page.locator("#f-sees-reach").fill("6")
    page.locator("#f-sees-level").fill("1")
    page.locator("#tool-sees").tap()
    page.wait_for_selector("#tool-result")
    lines = page.locator("#tool-lines li").all_inner_texts()
    assert lines[0] == "What 2F2 (level 1) sees at ground level within 6 hexes, traced over your boards' terrain"
    shaded = page.evaluate("document.querySelectorAll('#overlay-layer .mark-unseen').length")
    assert shaded > 10 and any(x == f"{shaded} hexes out of LOS (shaded)" for x in lines)
    assert page.locator("#f-sees-reach").input_value() == "6"  # the choice stays
    page.screenshot(path=str(artifacts / "boards-viewshed.png"))
    # an E8 landing in 2E7 facing Wind Direction 5: the Avenue over the board's hill and woods
    page.locator("#tab-play").tap()
    page.locator("#f-ilh").fill("2E7")
    page.locator("#f-wind").select_option("5")
    page.locator("#plan-start").tap()
    waiting(page, "E8.22")
    dice(page, "3 4")
    log = log_text(page)
    assert "2 consecutive hexes clear of Obstacles: 2F6, 2G6" in log
    assert "Obstacle 3 levels above the ILH's Base Level in 2J4" in log
    played = actions(page)
    page.locator("#tab-games").tap()
    page.wait_for_function("document.body.dataset.saveState === 'saved'")
    page.locator("#share-make").tap()
    link = page.locator("#share-link").input_value()
    # offline: the app, the game and the boards come back with no network
    page.wait_for_selector("body[data-offline='1']", state="attached", timeout=60_000)
    server.take_log()
    page.context.set_offline(True)
    page.reload()
    booted(page)
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 2")
    assert actions(page) == played and log_text(page) == log
    page.locator("#tab-hex").tap()  # a tap offline: the hex's terrain read from the device's board
    page.touchscreen.tap(*hex_center(page, "2J4"))
    page.wait_for_function("() => document.body.dataset.selected === '2J4'")
    assert "Read from VASL board 02, version 1.2, hex J4: centre dot in Woods" in page.locator("#info").inner_text()
    page.screenshot(path=str(artifacts / "offline-reload.png"))
    assert offline_requests(server) == [], "an offline reload reached the server"
    page.context.set_offline(False)
    # a new map on a fresh start (no game on the boards opened): they are read from the device
    start_app(page, "default")  # (the app started again in place, the device's storage kept)
    assert page.locator("#map image.board-art").count() == 0
    page.locator("#tab-edit").tap()
    page.locator(".newmap summary").tap()
    # a name that is no imported board is refused with the device's boards, never drawn blank
    page.locator("#new-layout").fill("4b")
    page.locator("#new-map").tap()
    page.wait_for_selector("#edit-error:has-text('board 4b is not among the imported boards (2, 4): import its "
                           "file, or write blank:4b for a blank geoboard')", state="attached")
    # SSR terrain options are VASL's names: another is refused with the reason
    page.locator("#new-layout").fill("4")
    page.locator("#new-ssr").fill("LightWoods, Snowy")
    page.locator("#new-map").tap()
    page.wait_for_selector("#edit-error:has-text(\"“Snowy” is not one of VASL's SSR terrain options\")", state="attached")
    page.locator("#new-ssr").fill("LightWoods")
    # a geoboard number with no file is a blank geoboard, and New map says so
    page.locator("#new-layout").fill("4 5")
    page.locator("#new-map").tap()
    page.wait_for_selector("#new-map-note:has-text('Board 5 is a blank geoboard: no board file of that name is "
                           "imported')", state="attached")
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 1")
    page.locator(".newmap summary").tap()  # (a new map draws the tab again, New map closed)
    page.locator("#new-name").fill("Board 4 turned")
    page.locator("#new-layout").fill("4*")
    page.locator("#new-map").tap()
    page.wait_for_function("document.getElementById('scenario-name').textContent === 'Board 4 turned'")
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 1")
    page.locator("#tab-hex").tap()
    page.touchscreen.tap(*hex_center(page, "4W5"))
    page.wait_for_function("() => document.body.dataset.selected === '4W5'")
    assert "Read from VASL board 04, version 1.2, hex W5: centre dot in Shallow Stream" in page.locator("#info").inner_text()
    # another device: the link names the boards it lacks; their files imported, the game opens as it was
    another_device(page, "/#" + link.split("#", 1)[1])
    page.wait_for_selector("#games-missing", state="visible")
    missing = page.locator("#games-missing").inner_text()
    assert "board 2: VASL board 02, version 1.2" in missing and "board 4: VASL board 04, version 1.2" in missing
    page.screenshot(path=str(artifacts / "boards-missing.png"))
    # board 2's file only: board 4 is still asked for
    page.set_input_files("#games-board-file", files[:1])
    page.wait_for_selector("body[data-boards='1']", state="attached", timeout=30_000)
    page.wait_for_selector("#notice:has-text('Still missing: board 4')", state="attached")
    assert "board 2: VASL board 02" not in page.locator("#games-missing").inner_text()
    # open it on blank terrain: the header says so; board 4's file imported later, it opens on it
    page.locator("#games-board-blank").tap()
    page.wait_for_function("document.body.dataset.linkResult === 'ok'")
    assert "Board 4 on blank terrain: its file is not on this device" in page.locator("#scenario-warning").inner_text()
    assert page.locator("#map image.board-art").count() == 1
    page.locator("#tab-edit").tap()
    page.locator("#boards-box summary").tap()
    page.set_input_files("#boards-file", files[1:])
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 2", timeout=30_000)
    assert page.locator("#scenario-warning").is_hidden()
    assert actions(page) == played and log_text(page) == log
