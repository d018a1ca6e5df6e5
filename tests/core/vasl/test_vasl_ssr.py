"""The board's SSR terrain options as VASL defines them (#39 item 3, the data table and its
application to hex terrain): each a fact of VASL's shared board metadata, applied hex by hex."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.errors import DataError
from airhead.hexes import DIRECTION_NAMES
from airhead.systems import load_scenario
from airhead.terrain import HexTerrain, Water
from airhead.vasl.derive import codes
from airhead.vasl.library import LIBRARY, scenario_data
from airhead.vasl.ssr import apply_ssr, ssr_rules
from tools.board_writer import write_board


def board() -> Any:
    return LIBRARY.add(write_board({"name": "ssr", "image": False, "levels": {"J5": 2},
                                    "hexes": {"C2": {"code": 25}, "D3": {"code": 60}, "E4": {"code": 24},
                                              "F5": {"code": 32}},
                                    "sides": [["H5", "N", 72], ["K5", "N", 73]]}))


def scenario() -> Any:
    return load_scenario(scenario_data([["ssr"]], [board()]))


def applied(names: list[str]) -> tuple[Any, Any]:
    sc = scenario()
    return sc.map, apply_ssr(sc.terrain, names, sc.map.hexes())


def test_the_table_is_vasls_and_names_only_terrain_airhead_reads() -> None:
    rules = ssr_rules()
    assert len(rules) == 130
    assert rules["BrushToOpenGround"].describe() == "Brush to Open Ground"
    assert rules["Level2ToLevel1"].describe() == "level 2 to level 1"
    assert rules["WoodsToLevel1"].kind == "terrainToElevationMap" and rules["NoBridge"].kind == "customCode"
    assert rules["Level1ToLevel_1"].target == -1 and "_1" in rules["Level1ToLevel_1"].note
    names = {c.name for c in codes().values()}
    for r in rules.values():
        for v in (r.source, r.target):
            if isinstance(v, str):
                assert v in names, f"{r.name}: {v}"


def test_terrain_maps_change_the_hexes_and_hexsides() -> None:
    m, t = applied(["BrushToOpenGround"])
    assert t.at(m.parse("ssrC2")) == HexTerrain()
    assert t.at(m.parse("ssrD3")) == HexTerrain("woods", obstacle=1)
    m, t = applied(["LightWoods", "NoGrain", "DryStreams"])
    assert t.at(m.parse("ssrD3")) == HexTerrain("woods", obstacle=1, label="Light Woods")
    assert t.at(m.parse("ssrE4")) == HexTerrain()
    assert t.at(m.parse("ssrF5")) == HexTerrain("depression", label="Dry Stream")
    before = scenario().terrain.at(m.parse("ssrF5"))
    assert before.water == Water("stream", True)
    m, t = applied(["NoWalls", "HedgesToBocage"])
    n = DIRECTION_NAMES.index("N")
    assert t.side(m.parse("ssrH5"), n) == frozenset() and t.side(m.parse("ssrK5"), n) == {"bocage"}
    m, t = applied(["WallsToBocage"])
    assert t.side(m.parse("ssrH5"), n) == {"bocage"} and t.side(m.parse("ssrK5"), n) == {"hedge"}


def test_level_maps() -> None:
    m, t = applied(["Level2ToLevel1"])
    assert t.at(m.parse("ssrJ5")).base_level == 1
    m, t = applied(["WoodsToLevel1"])
    assert t.at(m.parse("ssrD3")) == HexTerrain(base_level=1)
    m, t = applied(["Level2ToWoods"])
    assert t.at(m.parse("ssrJ5")) == HexTerrain("woods", obstacle=1)
    m, t = applied(["Level0ToGrain"])
    assert t.at(m.parse("ssrA1")) == HexTerrain("grain", obstacle=terrain_obstacle("grain"))
    assert t.at(m.parse("ssrJ5")).base_level == 2 and t.at(m.parse("ssrJ5")).terrain == "open"


def terrain_obstacle(kind: str) -> float:
    from airhead.tables import terrain_types

    return terrain_types("terrain_asl")[kind].obstacle


def test_a_rule_not_vasls_or_not_applied_is_refused_and_one_that_changes_nothing_is_kept() -> None:
    sc = scenario()
    with pytest.raises(DataError, match="“Snowy” is not one of VASL's SSR terrain options"):
        apply_ssr(sc.terrain, ["Snowy"], sc.map.hexes())
    with pytest.raises(DataError, match="the SSR option NoBridge is applied by VASL's own code"):
        apply_ssr(sc.terrain, ["NoBridge"], sc.map.hexes())
    same = apply_ssr(sc.terrain, ["NoWhiteHexIDs"], sc.map.hexes())
    assert all(same.at(h) == sc.terrain.at(h) for h in sc.map.hexes()) and dict(same.sides) == dict(sc.terrain.sides)


def test_a_scenario_names_its_ssr_options_and_a_save_or_link_brings_them_back(tmp_path: Any,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from airhead.__main__ import main
    from airhead.codec import decode_link, decode_save, encode_link, encode_save
    from airhead.systems import new_game
    from airhead.vasl.library import parse_ssr

    assert parse_ssr("nohedges, Level2ToLevel1") == ["NoHedges", "Level2ToLevel1"]
    with pytest.raises(DataError, match="“Snowy” is not one of VASL's SSR terrain options"):
        parse_ssr("NoHedges Snowy")
    sc = load_scenario(scenario_data([["ssr"]], [board()], ssr=["NoWalls", "Level2ToLevel1"]))
    m, t = sc.map, sc.terrain
    assert sc.to_data()["ssr"] == ["NoWalls", "Level2ToLevel1"] and "hexes" not in sc.to_data()
    assert t.at(m.parse("ssrJ5")).base_level == 1 and t.side(m.parse("ssrH5"), DIRECTION_NAMES.index("N")) == frozenset()
    game = new_game(sc, "s")
    for back in (decode_save(encode_save(game)).to_game(), decode_link(encode_link(game)).to_game()):
        assert back.scenario == sc and back.scenario.terrain.at(m.parse("ssrJ5")).base_level == 1
    for bad in ("NoWalls", ["x" * 61], ["NoWalls"] * 17, ["Snowy"]):
        with pytest.raises(DataError):
            load_scenario({**sc.to_data(), "ssr": bad})
    path = tmp_path / "bdssr"
    path.write_bytes(write_board({"name": "ssr", "image": False, "levels": {"J5": 2}}))
    assert main(["svg", "--board", str(path), "--map", "ssr", "--ssr", "Level2ToLevel1"]) == 0
    capsys.readouterr()
    assert main(["svg", "--ssr", "NoWalls"]) == 2
    assert "give the map with --map" in capsys.readouterr().err
    assert main(["los", "--board", str(path), "--map", "ssr", "--ssr", "Snowy", "ssrA1", "ssrC1"]) == 2
    assert "“Snowy” is not one of VASL's SSR terrain options" in capsys.readouterr().err


def test_board_info_applies_ssr_options(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from airhead.__main__ import main

    path = tmp_path / "bdssr"
    path.write_bytes(write_board({"name": "ssr", "image": False, "levels": {"J5": 2}, "hexes": {"C2": {"code": 25}},
                                  "sides": [["H5", "N", 72]]}))
    assert main(["board", "info", str(path), "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)["hexes"]
    assert plain["H5"]["hexsides"] == {"N": "wall"} and plain["J5"]["level"] == 2 and plain["C2"]["terrain"] == "brush"
    assert main(["board", "info", str(path), "--json", "--ssr", "NoWalls,Level2ToLevel1,BrushToOpenGround"]) == 0
    hexes = json.loads(capsys.readouterr().out)["hexes"]
    assert hexes["H5"]["hexsides"] == {} and hexes["H4"]["hexsides"] == {}
    assert hexes["J5"]["level"] == 1 and hexes["J5"]["why"].endswith(
        "; SSR NoWalls, Level2ToLevel1, BrushToOpenGround changed it")
    assert hexes["C2"]["terrain"] == "open" and hexes["A1"] == {k: v for k, v in plain["A1"].items()}
    assert main(["board", "info", str(path), "--ssr", "LightWoods"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "(with the SSR terrain options LightWoods)" and len(out) == 2 + 346


def test_the_hex_panel_names_the_option_that_changed_what_the_board_reads() -> None:
    """#42 (a doubt met in the re-walk): under Level2ToLevel1 the Hex panel's reading of a hill
    hex no longer reads "level 2" alone: it names the option that made it level 1."""
    from airhead.vasl.library import hex_reading

    sc = load_scenario(scenario_data([["ssr"]], [board()], ssr=["NoWalls", "Level2ToLevel1"]))
    j5 = hex_reading(sc, sc.map.parse("ssrJ5"))
    assert j5.endswith("; then Level2ToLevel1 (level 2 to level 1) in this game"), j5
    assert "NoWalls" not in j5
    assert "in this game" not in hex_reading(sc, sc.map.parse("ssrC2"))
