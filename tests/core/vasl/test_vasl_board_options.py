"""A board's own SSR options (#39 item 3): its ``SSRControls`` read from its archive, each option
said to change the terrain (a shared option), the picture only (its overlay drawn over the board's
picture, placed, turned and cropped with it) or nothing Airhead can apply (and why); chosen in New
map's text, in play and on the command line, named with its board in a save and a link. Boards are
written by Airhead's own fixture writer (``tools/board_writer.py``); no VASL file is kept."""

from __future__ import annotations

import io
import json
import math
import zipfile
from functools import lru_cache
from typing import Any

import pytest

from airhead.codec import decode_link, decode_save, encode_link, encode_save
from airhead.errors import ActionError, DataError
from airhead.svg import render_map
from airhead.systems import load_scenario, new_game
from airhead.vasl import read_board
from airhead.vasl.archive import read_archive
from airhead.vasl.board_ssr import (
    NONE, PICTURE, TERRAIN, board_options, check_board_options, option_effect, pictured_options,
)
from airhead.vasl.library import LIBRARY, board_art, map_boards, parse_ssr, scenario_data
from tools.board_writer import write_board

SQRT3 = math.sqrt(3)
OWN = [{"rule": "BSO_ov_PondToOG", "name": "Remove the Pond"},
       {"rule": "SSO_ov_J1", "name": "J1: Two pictures"},
       {"rule": "BSO_ov_Lost", "name": "Its picture is not in the file"},
       {"rule": "BSO_ov_Nothing", "name": "No picture placed"},
       {"rule": "WallToCactus", "name": "Cactus walls"},
       {"rule": "NoHedges", "name": "No hedges"}]
OVERLAYS = {"BSO_ov_PondToOG": [{"image": "BSO_ov_PondToOG.png", "x": 470, "y": 357, "width": 69, "height": 125}],
            "SSO_ov_J1": [{"image": "J1a.png", "x": 0, "y": 0, "width": 30, "height": 20, "color": "#00ff00"},
                          {"image": "J1b.png", "x": 900, "y": 300, "width": 40, "height": 10}],
            "BSO_ov_Lost": [{"image": "Lost.png", "x": 5, "y": 5, "present": False}],
            "NoRoads": [{"image": "ov_NoRoads.png", "x": 1, "y": 1, "width": 1798, "height": 643}]}


@lru_cache(maxsize=None)
def archive(name: str = "ov", controls: Any = None) -> bytes:
    return write_board({"name": name, "hexes": {"C2": {"code": 60}, "E4": {"code": 25}},
                        "sides": [["H5", "N", 73]], "ssrControls": OWN if controls is None else controls,
                        "overlays": OVERLAYS, "underlays": ["WallToCactus"]})


def board(name: str = "ov") -> Any:
    return LIBRARY.add(archive(name))


def scenario(layout: str = "ov", ssr: str = "") -> Any:
    return load_scenario(scenario_data([r.split() for r in layout.split(";")], [board()], ssr_text=ssr))


def test_the_archive_keeps_the_options_file_and_the_overlay_pictures_it_places() -> None:
    a = read_archive(archive())
    md = a.metadata
    assert md.overlay_rules["BSO_ov_PondToOG"] == (("BSO_ov_PondToOG.png", 470, 357),)
    assert md.overlay_rules["SSO_ov_J1"] == (("J1a.png", 0, 0), ("J1b.png", 900, 300))  # a set of two
    assert md.underlay_rules == ("WallToCactus",)
    assert sorted(a.overlays) == ["BSO_ov_PondToOG.png", "J1a.png", "J1b.png", "ov_NoRoads.png"]
    pond = a.overlays["BSO_ov_PondToOG.png"]
    assert (pond.format, pond.width, pond.height) == ("png", 69, 125)
    options, why = board_options(a)
    assert why == "" and [o.rule for o in options] == [o["rule"] for o in OWN]
    assert options[0].name == "Remove the Pond"


def test_each_option_says_what_it_does_here() -> None:
    a = board().archive
    kinds = {o.rule: option_effect(a, o.rule) for o in board_options(a)[0]}
    assert kinds["BSO_ov_PondToOG"].kind == kinds["SSO_ov_J1"].kind == PICTURE
    assert "changes the picture only: the terrain stays as printed" in kinds["BSO_ov_PondToOG"].words
    assert kinds["BSO_ov_Lost"] == kinds["BSO_ov_Lost"].__class__(NONE, "its picture (Lost.png) is not in this file")
    assert kinds["BSO_ov_Nothing"].kind == NONE and "places no picture" in kinds["BSO_ov_Nothing"].words
    assert kinds["WallToCactus"].kind == NONE and "pattern" in kinds["WallToCactus"].words
    assert kinds["NoHedges"].kind == TERRAIN
    assert [o.rule for o in pictured_options(a)] == ["BSO_ov_PondToOG", "SSO_ov_J1"]  # what a player may choose


def test_an_unreadable_options_file_lists_none_and_says_why_the_board_still_reads() -> None:
    b = read_board(archive("bad", "<SSRControls><Option></SSRControls>"))
    options, why = board_options(b.archive)
    assert options == () and len(b.hexes) == 33 * 10 + 16
    assert why == ("this board file is damaged: its list of its own SSR options (SSRControls) is garbled or cut short "
                   "(at line 1). Get a fresh copy of the board from VASL's board library.")
    with pytest.raises(DataError, match="board bad lists no SSR options of its own here: this board file is damaged"):
        check_board_options(["bad:BSO_x"], ["bad"], {"bad": None}, {"bad": b})
    # a broken overlay entry is left out, as VASL leaves it out: never the board
    with zipfile.ZipFile(io.BytesIO(archive())) as zf:
        xml = zf.read("BoardMetadata.xml").replace(b'x="470"', b'x="4.7e2"')
    desc = {"name": "ov", "ssrControls": OWN, "overlays": OVERLAYS}
    a = read_archive(write_board(desc, members={"BoardMetadata.xml": xml}))
    assert "BSO_ov_PondToOG" not in a.metadata.overlay_rules and "SSO_ov_J1" in a.metadata.overlay_rules
    assert option_effect(a, "BSO_ov_PondToOG").kind == NONE


def test_typed_options_are_named_with_their_board() -> None:
    b = board()
    assert parse_ssr("nohedges, bso_ov_pondtoog ov:SSO_ov_J1 BSO_ov_PondToOG", {"ov": b}) == \
        ["NoHedges", "ov:BSO_ov_PondToOG", "ov:SSO_ov_J1"]
    with pytest.raises(DataError, match="BSO_ov_Lost cannot be applied: its picture \\(Lost.png\\) is not in this file"):
        parse_ssr("BSO_ov_Lost", {"ov": b})
    with pytest.raises(DataError, match="WallToCactus cannot be applied: VASL paints it as a pattern"):
        parse_ssr("WallToCactus", {"ov": b})
    with pytest.raises(DataError, match="nor one of this map's boards' own options"):
        parse_ssr("BSO_ov_Pond", {"ov": b})
    with pytest.raises(DataError, match="this map has no imported board 7"):
        parse_ssr("7:BSO_ov_PondToOG", {"ov": b})
    with pytest.raises(DataError, match="not one of VASL's SSR terrain options"):
        parse_ssr("BSO_ov_PondToOG")  # no board on the map


def test_a_picture_option_changes_no_terrain_and_a_save_and_a_link_bring_it_back() -> None:
    plain, sc = scenario(), scenario(ssr="BSO_ov_PondToOG SSO_ov_J1")
    assert sc.ssr == ("ov:BSO_ov_PondToOG", "ov:SSO_ov_J1") and sc.to_data()["ssr"] == list(sc.ssr)
    assert sc.terrain == plain.terrain and sc.base == plain.base  # the terrain stays as printed
    game = new_game(sc, "s")
    for back in (decode_save(encode_save(game)).to_game(), decode_link(encode_link(game)).to_game()):
        assert back.scenario == sc and back.scenario.ssr == sc.ssr
    data = sc.to_data()
    for bad, says in ((["ov:BSO_ov_Nope"], "no SSR option BSO_ov_Nope of its own"),
                      (["ov:BSO_ov_Nothing"], "cannot be applied"),
                      (["ov:NoHedges"], "choose it as NoHedges"),
                      (["9:BSO_ov_PondToOG"], "the map has no board 9"),
                      (["ov:a:b"], "“ov:a:b” is not a board's own SSR option as a game names it: the board, a colon")):
        with pytest.raises(DataError, match=says):
            load_scenario({**data, "ssr": bad})
    with pytest.raises(DataError, match="blank geoboard here"):
        check_board_options(["5:BSO_ov_PondToOG"], ["ov", "5"], {"ov": object()}, {})
    # a board's file not on this device: its option is kept (it changes the picture only)
    check_board_options(["ov:BSO_x"], ["ov"], {"ov": object()}, {})


def test_an_option_chosen_in_play_is_logged_as_a_picture_only() -> None:
    g = new_game(scenario(ssr="NoHedges"), "s")
    before = g.state.terrain
    g.apply({"type": "edit", "op": "ssr", "set": ["NoHedges", "ov:BSO_ov_PondToOG"]})
    assert g.state.scenario.ssr == ("NoHedges", "ov:BSO_ov_PondToOG") and g.state.terrain == before
    said = g.entries[-1].events[-1].cause
    assert said == ("SSR terrain options applied to the map: ov:BSO_ov_PondToOG (board ov's own option: its picture "
                    "only, the terrain stays as printed)")
    with pytest.raises(ActionError, match="BSO_ov_Lost cannot be applied"):
        g.apply({"type": "edit", "op": "ssr", "set": ["NoHedges", "ov:BSO_ov_PondToOG", "ov:BSO_ov_Lost"]})


def on_map(f: Any, px: float, py: float, size: float = 24.0) -> tuple[float, float]:
    """Where a point of board ov's own pixels lies on the map (A1's centre at the map's A1)."""
    kx, ky = 56.25 / (1.5 * size), 64.5 / (SQRT3 * size)
    return f[0] + (px - 0) / kx, f[1] + (py - 32.25) / ky


def test_the_overlays_are_drawn_over_their_board_placed_turned_and_cropped_with_it() -> None:
    sc = scenario("ov", "NoRoads BSO_ov_PondToOG SSO_ov_J1")
    hrefs: dict[str, str] = {}
    art = board_art(sc.map, sc.boards, {"ov": "base.png"}, ssr=sc.ssr,
                    overlay_href=lambda b, img: hrefs.setdefault(img.name, f"{img.name}!"))
    assert [a.href for a in art] == ["base.png", "ov_NoRoads.png!", "BSO_ov_PondToOG.png!", "J1a.png!", "J1b.png!"]
    base, _roads, pond = art[0], art[1], art[2]
    kx, ky = 56.25 / 36, 64.5 / (SQRT3 * 24)
    # the pond's picture at its x, y on the board's pixels, at the board's scale
    assert (round(pond.x - base.x, 2), round(pond.y - base.y, 2)) == (round(470 / kx, 2), round(357 / ky, 2))
    assert (round(pond.width, 2), round(pond.height, 2)) == (round(69 / kx, 2), round(125 / ky, 2))
    # turned: the pond's box turned 180° about the board's centre, its picture turned with it
    t = load_scenario(scenario_data([["ov*"]], [board()], ssr_text="BSO_ov_PondToOG"))
    tb, tp = board_art(t.map, t.boards, {"ov": "b"}, ssr=t.ssr, overlay_href=lambda b, img: "p")
    assert tp.rotated and tb.rotated
    assert round(tp.x + tp.width, 2) == round(tb.x + tb.width - 470 / kx, 2)
    assert round(tp.y + tp.height, 2) == round(tb.y + tb.height - 357 / ky, 2)
    # cropped: the overlay shows through the same hexes in play as the board's picture
    c = load_scenario(scenario_data([["ov[A-P]"]], [board()], ssr_text="BSO_ov_PondToOG"))
    cb, cp = board_art(c.map, c.boards, {"ov": "b"}, ssr=c.ssr, overlay_href=lambda b, img: "p")
    assert cb.clip and cp.clip == cb.clip
    # no picture of the board drawn: no overlay either; another board's option: not this board's
    assert [a.href for a in board_art(sc.map, sc.boards, {}, ssr=sc.ssr, overlay_href=lambda b, i: "p")] == [""]
    assert len(board_art(sc.map, sc.boards, {"ov": "b"}, ssr=["x:BSO_ov_PondToOG"], overlay_href=lambda b, i: "p")) == 1
    svg = render_map(sc, art=[a.svg() for a in art])
    assert svg.count("<image ") == 5 and svg.index('href="base.png"') < svg.index('href="BSO_ov_PondToOG.png!"')


def test_the_command_line_lists_applies_and_draws_the_options(tmp_path: Any, capsys: Any) -> None:
    from airhead.__main__ import main

    path = tmp_path / "bdov"
    path.write_bytes(archive())
    assert main(["board", "info", str(path), "--ssr", "BSO_ov_PondToOG,NoHedges", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ssr"] == ["ov:BSO_ov_PondToOG", "NoHedges"]
    assert {o["rule"]: o["effect"] for o in data["options"]}["BSO_ov_PondToOG"] == "picture"
    assert data["overlays"] == [{"image": "BSO_ov_PondToOG.png", "x": 470, "y": 357, "width": 69, "height": 125}]
    assert data["hexes"]["H5"]["hexsides"] == {}  # NoHedges took the hedge off; the pond changed no hex
    assert data["hexes"]["C2"]["terrain"] == "woods"
    assert main(["board", "info", str(path), "--ssr", "BSO_ov_PondToOG"]) == 0
    out = capsys.readouterr().out
    assert "  BSO_ov_Lost: Its picture is not in the file — its picture (Lost.png) is not in this file" in out
    assert "  ov:BSO_ov_PondToOG: board ov's own option, drawn over the board's picture; it changes the picture only" in out
    assert main(["board", "info", str(path), "--ssr", "BSO_ov_Nothing"]) == 2
    assert "BSO_ov_Nothing cannot be applied" in capsys.readouterr().err
    assert main(["los", "--board", str(path), "--map", "ov", "--ssr", "ov:BSO_ov_PondToOG", "ovA1", "ovE1"]) == 0
    assert "clear" in capsys.readouterr().out.lower()
    assert main(["svg", "--board", str(path), "--map", "ov*", "--ssr", "BSO_ov_PondToOG", "--art"]) == 0
    assert capsys.readouterr().out.count("<image ") == 2


def test_map_boards_are_the_boards_this_device_holds() -> None:
    sc = scenario()
    assert list(map_boards(sc.boards)) == ["ov"] and list(map_boards(sc.to_data()["boards"])) == ["ov"]
