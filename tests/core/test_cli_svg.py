"""The command line and the SVG map of the default scenario."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from airhead.__main__ import main
from airhead.codec import FORMAT_VERSION, encode_link, encode_save
from airhead.errors import DataError
from airhead.svg import render_map
from airhead.systems import builtin, new_game

SVG = "{http://www.w3.org/2000/svg}"


def test_default_scenario_contents() -> None:
    sc = builtin()
    m, t = sc.map, sc.terrain
    assert sc.system == "asl" and m.to_data() == {"kind": "asl", "boards": [["1", "2"]]}
    kinds = {h.terrain for h in t.hexes.values()}
    assert {"woods", "building", "wooden_building", "water", "orchard", "grain"} <= kinds
    assert {h.obstacle for h in t.hexes.values() if h.terrain == "building"} >= {1, 2, 3}
    assert max(h.base_level for h in t.hexes.values()) == 2  # a hill
    bridge = t.at(m.parse("2M5"))
    assert bridge.bridge is not None and bridge.water is not None and bridge.water.kind == "river"
    feats = set().union(*(f for _, f in t.features()))
    assert {"hedge", "wall", "crest"} <= feats
    with pytest.raises(DataError, match="no built-in scenario"):
        builtin("nope")


def test_svg_draws_every_hex_with_its_name_and_terrain() -> None:
    sc = builtin()
    root = ET.fromstring(render_map(sc))
    polys = {p.get("data-hex"): p for p in root.iter(f"{SVG}polygon") if p.get("data-hex")}
    assert len(polys) == len(sc.map.hexes())
    assert polys["1C3"].get("id") == "hex-1C3"
    assert polys["1C3"].get("fill") != polys["1A1"].get("fill")  # level 2 hill vs level 0
    names = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "hexname"}
    assert {"1A1", "1GG10", "2P5", "2B0"} <= names
    sides = [ln for ln in root.iter(f"{SVG}line") if (ln.get("class") or "").startswith("side")]
    assert {s.get("class") for s in sides} >= {"side hedge", "side wall", "side crest"}
    assert any(ln.get("class") == "bridge" for ln in root.iter(f"{SVG}line"))
    levels = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "level"}
    assert "L2" in levels and "+3" in levels
    boards = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "boardname"]
    assert boards == ["board 1", "board 2"]


def test_svg_of_edited_terrain() -> None:
    sc = builtin()
    g = new_game(sc, "s", [{"type": "edit", "op": "hex", "hex": "1A1", "set": {"t": "woods", "obs": 1}}])
    root = ET.fromstring(render_map(sc, g.state.terrain))
    fills = [p.get("fill") for p in root.iter(f"{SVG}polygon") if p.get("fill") == "#4f8a3c"]
    base = [p.get("fill") for p in ET.fromstring(render_map(sc)).iter(f"{SVG}polygon") if p.get("fill") == "#4f8a3c"]
    assert len(fills) == len(base) + 1


def test_cli_svg_writes_a_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "map.svg"
    assert main(["svg", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None


def test_cli_replay_prints_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = new_game(builtin(), "cli", [{"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}},
                                {"type": "dice", "values": [2, 2]}])
    save = tmp_path / "game.json"
    save.write_text(encode_save(g), encoding="utf-8")
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "E8.211   result    2 hexes in direction 2: 1C9 -> 1E8" in out
    assert main(["replay", encode_link(g, "http://127.0.0.1:8000/")]) == 0
    assert "1C9 -> 1E8" in capsys.readouterr().out


def test_cli_validate_and_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert "ok: Airhead sample map" in capsys.readouterr().out
    assert main(["link", "--base", "http://127.0.0.1:8000/"]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith(f"http://127.0.0.1:8000/#a{FORMAT_VERSION}.")
    assert main(["validate", link]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"airhead": 99}', encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "newer Airhead" in capsys.readouterr().err
    assert main(["validate", "#a1.garbage"]) == 1


def test_svg_draws_occupants() -> None:
    sc = builtin()
    t = sc.terrain.place(sc.map.parse("1G6"), "glider").place(sc.map.parse("1G6"), "wreck")
    root = ET.fromstring(render_map(sc, t))
    badges = [g.get("class") for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("occupant")]
    assert badges == ["occupant glider", "occupant wreck"]
