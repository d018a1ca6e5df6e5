"""A board's SSR terrain options under the precise line of sight (#39 item 3): the trace over an
imported board's pixels reads the board's grid with VASL's LOS SSR rules applied, pixel by pixel,
as VASL does (``VASLBoard``): terrain maps, level maps, terrain to level; the viewshed, a Blaze's
shadows, an option chosen in play and the command line agree. Airhead's own test board."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from airhead.__main__ import main
from airhead.asl.los import Location
from airhead.asl.board_pixels import grain
from airhead.asl.los_grid import GridSight, sights, trace, zone
from airhead.asl.sight import sight
from airhead.asl.viewshed import viewshed
from airhead.scenario import Scenario
from airhead.systems import load_scenario, new_game
from airhead.terrain import HexTerrain
from airhead.vasl.library import LIBRARY, scenario_data
from airhead.vasl.ssr import ssr_board, ssr_grid
from tools.board_writer import write_board

#: brush in D2, D3; ground at level 2 in F4, F5; hedges on P3's north hexsides; woods in K2, K3.
DESC = {"name": "sx", "image": False, "levels": {"F4": 2, "F5": 2},
        "hexes": {"D2": {"code": 25}, "D3": {"code": 25}, "K2": {"code": 60}, "K3": {"code": 60}},
        "sides": [["P3", "N", 73], ["P3", "NE", 73], ["P3", "NW", 73]]}


@lru_cache(maxsize=None)
def archive() -> bytes:
    return write_board(DESC)


def scenario(*ssr: str) -> Scenario:
    return load_scenario(scenario_data([["sx"]], [LIBRARY.add(archive())], ssr=list(ssr)))


def verdict(sc: Scenario, a: str, b: str, level: float = 0) -> tuple[str, int]:
    m = sc.map
    s = trace(sc, Location(m.parse(a), level), Location(m.parse(b), level))
    return s.result, s.drm


@pytest.mark.parametrize("ssr, a, b, level, before, after", [
    ("BrushToOpenGround", "sxD1", "sxD5", 0, ("hindered", 2), ("clear", 0)),  # terrain map
    ("NoHedges", "sxP1", "sxP5", 0, ("blocked", 0), ("clear", 0)),  # a hexside feature mapped away
    ("Level2ToLevel1", "sxF2", "sxF7", 1, ("blocked", 0), ("clear", 0)),  # a level map
    ("BrushToLevel1", "sxD1", "sxD5", 0, ("hindered", 2), ("blocked", 0)),  # terrain to a level
    ("WoodsToBrush", "sxK1", "sxK5", 0, ("blocked", 0), ("hindered", 2)),
])
def test_an_ssr_option_changes_the_traced_verdict(ssr: str, a: str, b: str, level: float,
                                                  before: tuple[str, int], after: tuple[str, int]) -> None:
    assert verdict(scenario(), a, b, level) == before
    sc = scenario(ssr)
    assert verdict(sc, a, b, level) == after
    s = trace(sc, Location(sc.map.parse(a), level), Location(sc.map.parse(b), level))
    assert not any(g.whole for g in s.hexes)  # the board's pixels are read, not the hexes whole


def test_the_grid_is_mapped_pixel_by_pixel_and_kept_per_board_and_options() -> None:
    board = LIBRARY.add(archive())
    g = board.archive.grid
    mapped = ssr_grid(g, ["BrushToOpenGround", "Level2ToLevel1"])
    assert 25 in g.terrain and 25 not in mapped.terrain
    assert 2 in g.elevation and 2 not in mapped.elevation and mapped.elevation.count(1) == g.elevation.count(2)
    assert mapped.terrain.count(0) == g.terrain.count(0) + g.terrain.count(25)
    t2e = ssr_grid(g, ["BrushToLevel1"])
    assert t2e.elevation.count(1) == g.terrain.count(25) and 25 not in t2e.terrain
    one = ssr_board(board, ["NoHedges"])
    assert one is ssr_board(board, ["NoHedges"]) and ssr_board(board, []) is board
    assert one.archive.sha256 != board.archive.sha256 and 73 not in one.archive.grid.terrain


def test_the_viewshed_agrees_with_the_trace_under_an_option() -> None:
    sc = scenario("NoHedges", "Level2ToLevel1", "WoodsToBrush")
    m = sc.map
    pairs = [(Location(m.parse(a)), Location(m.parse(b))) for a, b in
             (("sxP1", "sxP5"), ("sxK1", "sxK5"), ("sxF2", "sxF7"), ("sxD1", "sxD5"), ("sxE3", "sxL4"))]
    fast = list(sights(sc, pairs))
    full = [trace(sc, a, b) for a, b in pairs]
    assert [(f.blocked, f.drm) for f in fast] == [(f.blocked, f.drm) for f in full]
    game = new_game(sc, "ssr")
    vs = viewshed(game.state, m.parse("sxP1"), reach=5)
    assert m.parse("sxP5") in dict(vs.seen) and vs.precise


def test_a_blazes_shadow_follows_the_option() -> None:
    def shadowed(sc: Scenario) -> bool:
        sc = sc.with_terrain(sc.terrain.set_hex(sc.map.parse("sxK1"), HexTerrain(blaze=2)))  # the woods K2, K3 shade K4
        return sc.map.parse("sxK4") in {s.b.hex for s in zone(sc, sc.map.parse("sxK1")).shadows}
    assert shadowed(scenario()) and not shadowed(scenario("WoodsToBrush"))


def test_an_option_chosen_in_play_reaches_the_trace() -> None:
    game = new_game(scenario(), "ssr")
    m = game.scenario.map
    a, b = m.parse("sxP1"), m.parse("sxP5")
    assert sight(game.state, a, b).blocked
    game.apply({"type": "edit", "op": "ssr", "set": ["NoHedges"]})
    assert not sight(game.state, a, b).blocked
    c, d = m.parse("sxK1"), m.parse("sxK5")
    assert sight(game.state, c, d).blocked
    game.apply({"type": "edit", "op": "hex", "hex": "sxK4", "set": {"t": "grain"}})  # a player's edit
    game.apply({"type": "edit", "op": "ssr", "set": ["NoHedges", "WoodsToBrush"]})
    s = sight(game.state, c, d)
    assert isinstance(s, GridSight) and s.result == "hindered"
    # the hexes the option changed are read from the board's pixels it changed, as a scenario's
    # own options are; the hex the players painted stays theirs, read whole
    assert {m.name(g.hex) for g in s.hexes if g.whole} == {"sxK4"}
    assert {m.name(h): d for h, d in s.hindrances} == {"sxK2": 1, "sxK3": 1, "sxK4": 1}


def test_the_command_line_applies_the_options(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "sx.zip"
    path.write_bytes(archive())
    out = []
    for ssr in ("", "NoHedges"):
        assert main(["los", "--board", str(path), "--map", "sx", "sxP1", "sxP5", "--json"] + (["--ssr", ssr] if ssr else [])) == 0
        out.append(json.loads(capsys.readouterr().out))
    assert out[0]["result"] == "blocked" and out[1]["result"] == "clear"
    assert out[1]["hex_level"]["result"] == "clear"


def test_the_grain_reading_of_e8_and_e7_follows_the_option() -> None:
    """A woods clump drawn off a hex's centre dot (E8.22's Avenue, E7.25's aerial view read it along
    the grain): Woods to Brush takes it off the line."""
    desc = dict(DESC, name="sg", hexes={"E7": {"code": 60, "cover": 0.3, "shift": [0, -28]}})
    board = LIBRARY.add(write_board(desc))
    for ssr, obstacle in (((), "Woods"), (("WoodsToBrush",), "")):
        sc = load_scenario(scenario_data([["sg"]], [board], ssr=list(ssr)))
        got = grain(sc, sc.map.parse("sgE7"), 0)  # north-south through the clump
        assert got is not None and got[1] == obstacle


def _recoded(node: Any, old: int, new: int) -> Any:
    """A board description with terrain code ``old`` drawn as ``new`` wherever it is painted."""
    if isinstance(node, dict):
        return {k: (new if k == "code" and v == old else _recoded(v, old, new)) for k, v in node.items()}
    if isinstance(node, list):
        return [_recoded(v, old, new) for v in node]
    return node


def test_a_board_under_an_option_reads_as_the_board_drawn_so() -> None:
    """The fixture board under Woods to Brush traces as the same board drawn with brush for its
    woods: every verdict, Hindrance and blocking hex the same, and each explanation ends in it."""
    fixture = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))
    mapped = load_scenario(scenario_data([["fw"]], [LIBRARY.add(write_board(dict(fixture, name="fw")))], ssr=["WoodsToBrush"]))
    drawn = load_scenario(scenario_data([["fw"]], [LIBRARY.add(write_board(_recoded(dict(fixture, name="fw", version="9"), 60, 25)))]))
    plain = load_scenario(scenario_data([["fw"]], [LIBRARY.add(write_board(dict(fixture, name="fw")))]))
    m = mapped.map
    hexes = [h for h, _n in m.iter_names()]
    rng = random.Random(39)
    count = changed = 0
    for v in rng.sample(hexes, 6):
        for lv in (0, 1):
            for h in v.within(6)[1:]:
                if not m.in_play(h):
                    continue
                one, two, before = (trace(sc, Location(v, lv), Location(h)) for sc in (mapped, drawn, plain))
                assert (one.result, one.drm, one.blocked_at) == (two.result, two.drm, two.blocked_at), one.explain(m.name)
                last = one.explain(m.name)[-1]
                assert last.startswith("LOS blocked in" if one.blocked else "LOS clear")
                count += 1
                changed += (before.result, before.drm) != (one.result, one.drm)
    assert count > 300 and changed > 10


def test_every_option_airhead_applies_maps_a_grid() -> None:
    from airhead.vasl.ssr import ssr_rules

    g = LIBRARY.add(archive()).archive.grid
    for name, rule in ssr_rules().items():
        if rule.kind != "customCode":
            out = ssr_grid(g, [name])
            assert (len(out.terrain), len(out.elevation)) == (len(g.terrain), len(g.elevation)), name
