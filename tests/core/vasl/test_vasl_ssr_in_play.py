"""VASL's SSR terrain options chosen in a running game (#39 item 3, This game's settings): an
edit recorded in the game's record, applied to the terrain as it stands; one already applied is
taken off only by Undo (docs/rules-notes.md, "SSR terrain options in play")."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.codec import decode_link, decode_save, encode_link, encode_save
from airhead.errors import ActionError
from airhead.game import check_action
from airhead.hexes import DIRECTION_NAMES
from airhead.systems import load_scenario, new_game
from airhead.terrain import HexTerrain
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

N = DIRECTION_NAMES.index("N")


def game(ssr: list[str] | None = None) -> Any:
    board = LIBRARY.add(write_board({"name": "ssr", "image": False, "levels": {"J5": 2},
                                     "hexes": {"C2": {"code": 25}, "D3": {"code": 60}},
                                     "sides": [["H5", "N", 72]]}))
    return new_game(load_scenario(scenario_data([["ssr"]], [board], ssr=ssr or [])), "s")


def test_an_option_chosen_in_play_changes_the_terrain_as_it_stands_and_is_logged() -> None:
    g = game(["NoWalls"])
    m = g.scenario.map
    g.apply({"type": "edit", "op": "hex", "hex": "ssrE4", "set": {"t": "brush"}})  # painted before
    events = g.apply({"type": "edit", "op": "ssr", "set": ["NoWalls", "BrushToOpenGround", "Level2ToLevel1"]})
    t = g.state.terrain
    assert t.at(m.parse("ssrC2")) == HexTerrain() and t.at(m.parse("ssrE4")) == HexTerrain()  # the painted one too
    assert t.at(m.parse("ssrJ5")).base_level == 1 and t.side(m.parse("ssrH5"), N) == frozenset()
    assert g.state.scenario.ssr == ("NoWalls", "BrushToOpenGround", "Level2ToLevel1")
    assert g.scenario.ssr == ("NoWalls",)  # the scenario as made stays; the record holds the change
    assert "Brush to Open Ground" in events[-1].cause and "level 2 to level 1" in events[-1].cause
    assert any("choose the SSR terrain options: NoWalls, BrushToOpenGround" in x for x in g.log_lines())
    for back in (decode_save(encode_save(g)).to_game(), decode_link(encode_link(g)).to_game()):
        assert back.state.terrain.at(m.parse("ssrJ5")).base_level == 1
        assert back.state.scenario.ssr == g.state.scenario.ssr
    g.apply({"type": "undo"})
    assert g.state.terrain.at(m.parse("ssrJ5")).base_level == 2 and g.state.scenario.ssr == ("NoWalls",)
    assert g.state.terrain.at(m.parse("ssrE4")) == HexTerrain("brush", obstacle=g.state.terrain.at(m.parse("ssrE4")).obstacle)


def test_an_option_already_applied_is_not_taken_off_in_play() -> None:
    g = game(["NoWalls"])
    with pytest.raises(ActionError, match="NoWalls is already applied .* Undo the change that chose it"):
        g.apply({"type": "edit", "op": "ssr", "set": ["BrushToOpenGround"]})
    with pytest.raises(ActionError, match="stay first"):
        g.apply({"type": "edit", "op": "ssr", "set": ["BrushToOpenGround", "NoWalls"]})
    with pytest.raises(ActionError, match="once"):
        g.apply({"type": "edit", "op": "ssr", "set": ["NoWalls", "NoHedges", "NoHedges"]})
    with pytest.raises(ActionError, match="once"):
        g.apply({"type": "edit", "op": "ssr", "set": ["NoWalls"]})  # nothing new
    with pytest.raises(ActionError, match="not one of VASL's SSR terrain options"):
        g.apply({"type": "edit", "op": "ssr", "set": ["NoWalls", "Snowy"]})
    with pytest.raises(ActionError, match="VASL's own code"):
        g.apply({"type": "edit", "op": "ssr", "set": ["NoWalls", "NoBridge"]})
    assert g.state.scenario.ssr == ("NoWalls",) and len(g.actions) == 0


def test_the_shape_of_an_ssr_edit_is_checked() -> None:
    for bad in ([], "NoWalls", ["x" * 61], ["NoWalls"] * 17, [3]):
        with pytest.raises(ActionError, match="SSR edit needs"):
            check_action({"type": "edit", "op": "ssr", "set": bad})
    with pytest.raises(ActionError, match="needs set"):
        check_action({"type": "edit", "op": "ssr"})
