"""The board's own picture under the map (#39 item 4): aligned with its board's hexes, turned
and cropped with it (one picture clipped to the hexes in play, never cut up), found where VASL
keeps it, and a board whose file holds none drawn in terrain colours with its name saying so.
Boards are written by Airhead's own fixture writer (``tools/board_writer.py``)."""

from __future__ import annotations

import math
import re
import struct
import zlib
from functools import lru_cache
from typing import Any

from airhead.svg import NO_PICTURE, render_map
from airhead.systems import load_scenario
from airhead.vasl import read_board
from airhead.vasl.library import LIBRARY, board_art, scenario_data
from tools.board_writer import write_board

SQRT3 = math.sqrt(3)


@lru_cache(maxsize=None)
def archive(kind: str) -> bytes:
    if kind == "9":  # with its picture (a PNG drawn from its terrain)
        return write_board({"name": "09", "hexes": {"C2": {"code": 60}, "P5": {"code": 60}}})
    if kind == "2":  # no picture in the file
        return write_board({"name": "02", "image": False, "hexes": {"C2": {"code": 60}, "Q5": {"code": 60}}})
    raise KeyError(kind)


def scenario(layout: str, *kinds: str) -> Any:
    bs = [LIBRARY.add(archive(k)) for k in kinds]
    return load_scenario(scenario_data([r.split() for r in layout.split(";")], bs))


def centre(h: Any, size: float = 24.0) -> tuple[float, float]:
    return 1.5 * size * h.q, SQRT3 * size * (h.r + h.q / 2)


def on_picture(art: Any, px: float, py: float) -> tuple[float, float]:
    """Where a point of the board's own pixels (56.25 × 64.5 a hex) lies on the map."""
    kx, ky = 56.25 / 36, 64.5 / (SQRT3 * 24)
    if art.rotated:
        return art.x + art.width - px / kx, art.y + art.height - py / ky
    return art.x + px / kx, art.y + py / ky


def test_a_cropped_boards_picture_shows_through_its_hexes_in_play_only() -> None:
    sc = scenario("9[A-P]", "9")
    (art,) = board_art(sc.map, sc.boards, {"9": "nine.png"})
    assert art.href == "nine.png" and not art.rotated
    # the whole picture, placed as the whole board's (hexes keep their places: A1 on 9A1) ...
    assert (round(art.width, 2), round(art.height, 2)) == (1152.0, 415.69)
    for name, (px, py) in (("9A1", (0, 32.25)), ("9P5", (15 * 56.25, 32.25 + 4.5 * 64.5))):
        x, y = on_picture(art, px, py)
        cx, cy = centre(sc.map.parse(name))
        assert (round(x, 1), round(y, 1)) == (round(cx, 1), round(cy, 1))
    # ... seen through the hexes in play: A..P, the odd-lettered columns' 10 hexes, the others' 11
    assert len(art.clip) == 8 * 10 + 8 * 11 and set(art.clip) == set(sc.map.hexes())
    assert sc.map.parse("9P10") in art.clip
    svg = render_map(sc, art=[a.svg() for a in board_art(sc.map, sc.boards, {"9": "nine.png"})])
    assert svg.count("<image ") == 1 and '<g clip-path="url(#art-clip-0)"><image href="nine.png"' in svg
    clip = re.search(r'<clipPath id="art-clip-0">(.*?)</clipPath>', svg)
    assert clip is not None and clip.group(1).count("<polygon ") == 168
    # the cropped edge keeps whole hexes: the board's clip reaches P's outer corners, and no edge
    # line is drawn through them
    p5 = centre(sc.map.parse("9P5"))
    rect = re.search(r'<clipPath id="board-clip"><rect x="([-0-9.]+)" y="[-0-9.]+" width="([0-9.]+)"', svg)
    assert rect is not None and round(float(rect.group(1)) + float(rect.group(2)), 1) == round(p5[0] + 24, 1)


def test_a_turned_cropped_board_beside_a_board_with_no_picture() -> None:
    sc = scenario("9[A-P]* 2", "9", "2")
    arts = {a.board_id: a for a in board_art(sc.map, sc.boards, {"9": "nine.png"})}
    nine, two = arts["9"], arts["2"]
    assert nine.rotated and nine.href == "nine.png" and two.href == "" and two.clip == ()
    # turned 180° with its board: A1's centre (0, 32.25 on the picture) on the map's 9A1, at the right
    for name, (px, py) in (("9A1", (0, 32.25)), ("9P5", (15 * 56.25, 32.25 + 4.5 * 64.5)), ("9C2", (112.5, 96.75))):
        x, y = on_picture(nine, px, py)
        cx, cy = centre(sc.map.parse(name))
        assert (round(x, 1), round(y, 1)) == (round(cx, 1), round(cy, 1))
    assert set(nine.clip) == {h for h in sc.map.hexes() if sc.map.name(h).startswith("9")}
    svg = render_map(sc, art=[a.svg() for a in arts.values()])
    assert 'transform="rotate(180 ' in svg and svg.count("<image ") == 1
    # board 2 has no picture: its name says so and its woods keep their colour; board 9's hexes
    # are outlines over its picture
    assert f"board 2: {NO_PICTURE}" in svg and "board 9 (rotated)<" in svg
    shown = re.search(r'<g class="hexes shown"[^>]*>(.*?)</g>', svg)
    plain = re.search(r'<g class="hexes" [^>]*>(.*?)</g>', svg)
    assert shown is not None and plain is not None
    assert 'id="hex-9C2"' in shown.group(1) and 'id="hex-2C2"' in plain.group(1)
    assert 'id="hex-2C2"' not in shown.group(1) and 'id="hex-9P5"' in shown.group(1)
    terrain = re.search(r'<g class="terrain"[^>]*>(.*?)</g>', svg)
    assert terrain is not None and terrain.group(1).count("<polygon ") >= 2  # 2C2 and 2Q5's woods


def test_a_hex_changed_in_the_game_shows_its_change_over_the_picture() -> None:
    from airhead.terrain import HexTerrain

    sc = scenario("9", "9")
    h = sc.map.parse("9E5")
    art = [a.svg() for a in board_art(sc.map, sc.boards, {"9": "nine.png"})]
    changed = sc.terrain.set_hex(h, HexTerrain("woods", obstacle=1))
    svg = render_map(sc, changed, art=art)
    plain = re.search(r'<g class="hexes" [^>]*>(.*?)</g>', svg)
    assert plain is not None and 'id="hex-9E5"' in plain.group(1)  # drawn in its colours, over the picture
    shown = re.search(r'<g class="hexes shown"[^>]*>(.*?)</g>', svg)
    assert shown is not None and 'id="hex-9C2"' in shown.group(1) and 'id="hex-9E5"' not in shown.group(1)


def _png_header(width: int, height: int) -> bytes:
    body = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    ihdr = struct.pack(">I", len(body)) + b"IHDR" + body + struct.pack(">I", zlib.crc32(b"IHDR" + body) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + ihdr


def test_the_picture_is_found_where_vasl_keeps_it_and_placed_at_its_own_pixel_size() -> None:
    # the metadata names bd09.png; an archive whose named picture is missing falls back to the
    # board folder's own bdNN.gif (VASL's usual), read from its header, never decoded
    gif = b"GIF89a" + struct.pack("<HH", 1800, 645) + b"\x00" * 16
    plain = write_board({"name": "09", "image": False}, members={"bd09.GIF": gif})
    img = read_board(plain).archive.image
    assert img is not None and (img.format, img.width, img.height) == ("gif", 1800, 645)
    # a picture of another size than the grid is laid at its own pixels, as VASL draws it
    small = write_board({"name": "09", "image": False}, members={"bd09.png": _png_header(900, 645)})
    b = LIBRARY.add(small)
    sc = load_scenario(scenario_data([["9"]], [b]))
    (art,) = board_art(sc.map, sc.boards, {"9": "x.png"})
    assert (round(art.width, 2), round(art.height, 2)) == (576.0, 415.69)


def test_the_command_line_draws_a_cropped_turned_boards_picture(tmp_path: Any, capsys: Any) -> None:
    from airhead.__main__ import main

    for k in ("9", "2"):
        (tmp_path / f"bd0{k}").write_bytes(archive(k))
    files = [a for k in ("9", "2") for a in ("--board", str(tmp_path / f"bd0{k}"))]
    assert main(["svg", *files, "--map", "9[A-P]* 2", "--art"]) == 0
    svg = capsys.readouterr().out
    assert svg.count("<image ") == 1 and 'href="data:image/png;base64,' in svg and 'data-board="9"' in svg
    assert '<clipPath id="art-clip-0">' in svg and f"board 2: {NO_PICTURE}" in svg
