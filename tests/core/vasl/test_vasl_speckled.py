"""Speckled terrain (grain) read around the centre dot or on the dot's pixel, as VASL reads it: the
map's setting "Speckled terrain (grain) read" (#38 item 4; docs/rules-notes.md), on a board our own
writer paints: D4 mostly grain with an open-ground pixel under its dot, F4 mostly open ground with
a grain speck under its dot."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from airhead.asl.los import Location
from airhead.asl.los_grid import trace
from airhead.codec import decode_link, decode_save, encode_link, encode_save
from airhead.errors import DataError
from airhead.systems import load_scenario, new_game
from airhead.terrain import HexTerrain
from airhead.vasl import read_board
from airhead.vasl.derive import AROUND_DOT, ON_DOT, SPECKLED_KEY, DerivedBoard, dot_pixel
from airhead.vasl.geometry import BoardGeometry
from airhead.vasl.library import LIBRARY, hex_reading, scenario_data
from airhead.vasl.losdata import Grid, write_losdata
from tools.board_writer import board_grid, write_board

GRAIN = 24
GRAIN_HEX = HexTerrain("grain", obstacle=0.5)
DESC: dict[str, Any] = {"name": "gr", "width": 10, "height": 6, "image": False}


def board_file(share: float = 0.7, seed: int = 38) -> bytes:
    """D4: grain on ``share`` of its pixels, open ground under its dot; F4 the reverse."""
    meta, grid = board_grid(DESC)
    geo = BoardGeometry.of(meta, grid.grid_width, grid.grid_height)
    terr, gh = bytearray(grid.terrain), grid.grid_height
    rng = random.Random(seed)
    for name, dot in (("D4", 0), ("F4", GRAIN)):
        col, row = next((c, r) for c, r in geo.hexes() if geo.name(c, r) == name)
        for x, y0, y1 in geo.spans(col, row):
            for y in range(y0, y1):
                terr[x * gh + y] = GRAIN if rng.random() < (share if name == "D4" else 1 - share) else 0
        cx, cy = dot_pixel(geo, col, row)
        terr[cx * gh + cy] = dot
    g2 = Grid(grid.width, grid.height, grid.grid_width, grid.grid_height, grid.elevation, bytes(terr), grid.stairways)
    return write_board(DESC, members={"LOSData": write_losdata(g2)})


def board() -> DerivedBoard:
    return LIBRARY.add(board_file())


def scenario(reading: str | None = None) -> Any:
    data = scenario_data([["gr"]], [board()])
    if reading is not None:
        data["settings"] = {SPECKLED_KEY: reading}
    return load_scenario(data)


def test_both_readings_are_derived_and_each_says_which_it_is() -> None:
    b = read_board(board_file())
    assert b.hexes["D4"].terrain == GRAIN_HEX and b.hexes["F4"].terrain == HexTerrain()
    assert "speckled art, read around the dot: grain on " in b.hexes["D4"].why
    dot = b.read(ON_DOT)
    assert dot["D4"].terrain == HexTerrain() and dot["F4"].terrain == GRAIN_HEX
    assert dot["D4"].why.startswith("centre dot in Open Ground (")
    assert "speckled art, read on the dot's pixel, as VASL reads it: grain on " in dot["D4"].why
    assert dot["F4"].why.startswith("centre dot in Grain (")
    assert set(b.dot_read) >= {"D4", "F4"} and "C2" not in b.dot_read  # only hexes with grain near the dot
    assert b.read(AROUND_DOT) is b.hexes


def test_the_map_reads_its_boards_as_its_setting_chooses_and_the_hex_panel_says_so() -> None:
    around, dot, old = scenario(AROUND_DOT), scenario(ON_DOT), scenario()
    m = around.map
    d4, f4 = m.parse("grD4"), m.parse("grF4")
    assert around.terrain.at(d4) == GRAIN_HEX and around.terrain.at(f4) == HexTerrain()
    assert dot.terrain.at(d4) == HexTerrain() and dot.terrain.at(f4) == GRAIN_HEX
    assert old.terrain == around.terrain  # a save from before the setting reads around the dot
    assert "read around the dot" in hex_reading(around, d4)
    assert "read on the dot's pixel, as VASL reads it" in hex_reading(dot, d4)
    assert "changed in this game" not in hex_reading(dot, d4)
    with pytest.raises(DataError, match="Speckled terrain"):
        scenario("on the dot")


def test_changed_in_play_the_boards_are_read_again_and_a_players_edit_stays() -> None:
    g = new_game(scenario(), "s")
    m = g.scenario.map
    d4, f4, e4 = m.parse("grD4"), m.parse("grF4"), m.parse("grE4")
    g.apply({"type": "edit", "op": "hex", "hex": "grD4", "set": {"t": "woods"}})
    events = g.apply({"type": "edit", "op": "settings", "set": {SPECKLED_KEY: ON_DOT}})
    t = g.state.terrain
    assert t.at(d4).terrain == "woods" and t.at(f4) == GRAIN_HEX and t.at(e4) == HexTerrain()
    assert g.state.scenario.base.at(d4) == HexTerrain() and g.state.scenario.base.at(f4) == GRAIN_HEX
    assert "Speckled terrain (grain) read on the dot's pixel, as VASL reads it" in events[-1].cause
    assert events[-1].cause.endswith("; the boards' hexes read again: 2 hexes now read otherwise")
    assert "read on the dot's pixel" in hex_reading(g.state.scenario, f4)
    for back in (decode_save(encode_save(g)).to_game(), decode_link(encode_link(g)).to_game()):
        assert back.state.terrain == g.state.terrain and back.state.scenario.base.at(f4) == GRAIN_HEX
    g.apply({"type": "edit", "op": "settings", "set": {SPECKLED_KEY: None}})  # back to the default
    assert g.state.terrain.at(f4) == HexTerrain() and g.state.terrain.at(d4).terrain == "woods"
    g.apply({"type": "undo"})
    g.apply({"type": "undo"})
    assert g.state.terrain.at(f4) == HexTerrain() and g.state.scenario.base.at(f4) == HexTerrain()


def test_lines_of_sight_read_the_grain_pixels_whichever_reading() -> None:
    around, dot = scenario(AROUND_DOT), scenario(ON_DOT)
    for a, b in (("grD1", "grD6"), ("grF1", "grF6"), ("grC3", "grG5"), ("grD4", "grF4")):
        la, lb = Location(around.map.parse(a), 0), Location(around.map.parse(b), 0)
        s1, s2 = trace(around, la, lb), trace(dot, la, lb)
        assert (s1.result, s1.drm, s1.blocked_at, s1.hindrances) == (s2.result, s2.drm, s2.blocked_at, s2.hindrances)
    assert trace(around, Location(around.map.parse("grD1"), 0), Location(around.map.parse("grD6"), 0)).drm > 0


def test_the_command_line_reads_on_the_dot_with_a_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from airhead.__main__ import main

    path = tmp_path / "bdgr"
    path.write_bytes(board_file())
    assert main(["board", "info", str(path), "--json"]) == 0
    around = json.loads(capsys.readouterr().out)
    assert main(["board", "info", str(path), "--json", "--speckled-on-dot"]) == 0
    dot = json.loads(capsys.readouterr().out)
    assert (around["speckled"], dot["speckled"]) == (AROUND_DOT, ON_DOT)
    assert (around["hexes"]["D4"]["terrain"], dot["hexes"]["D4"]["terrain"]) == ("grain", "open")
    assert (around["hexes"]["F4"]["terrain"], dot["hexes"]["F4"]["terrain"]) == ("open", "grain")
    assert "on the dot's pixel" in dot["hexes"]["F4"]["why"]
    runs = []
    for extra in ([], ["--speckled-on-dot"]):
        assert main(["los", "--board", str(path), "--map", "gr", "grD1", "grD6", "--json", *extra]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0]["result"] == runs[1]["result"] and runs[0]["drm"] == runs[1]["drm"]
