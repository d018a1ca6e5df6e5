"""E1.51 through the app's procedure: "A squad ascending Crest Line and entering woods must expend
five MF ({2 [entering woods] x2 [moving to higher elevation] = 4} +1 [entering Concealment
Terrain Location at night] = 5)."""

from __future__ import annotations

import pytest

from airhead.errors import ActionError
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game


def _game(night: bool):  # type: ignore[no-untyped-def]
    sc = builtin()
    data = sc.to_data()
    return new_game(Scenario.from_data(dict(data, settings={**data.get("settings", {}), "night": night})), "mf")


def test_the_1_51_example_five_mf_into_woods_up_a_crest_line_at_night() -> None:
    game = _game(True)  # 1E4: woods on a level-1 hill
    game.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "1E4", "day_mf": 4}})
    assert game.state.outcomes[-1]["mf"] == 5
    lines = [e.render() for e in game.entries[-1].events]
    assert any("E1.51" in x and "+1" in x and "Concealment Terrain Location at night" in x for x in lines)
    assert lines[-1].endswith("5 MF to enter 1E4")


def test_by_day_or_into_open_ground_the_daytime_cost_stands() -> None:
    day = _game(False)
    day.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "1E4", "day_mf": 4}})
    assert day.state.outcomes[-1]["mf"] == 4
    night = _game(True)
    night.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "1E5", "day_mf": 1}})
    assert night.state.outcomes[-1]["mf"] == 1
    night.apply({"type": "start", "procedure": "asl.night_mf",
                 "params": {"to": "1E5", "day_mf": 1, "concealment": "Concealment Terrain"}})
    assert night.state.outcomes[-1]["mf"] == 2  # the players' ruling


def test_a_terrain_type_the_table_is_silent_on_is_left_to_the_players() -> None:
    game = _game(True)
    game.apply({"type": "edit", "op": "hex", "hex": "1E5", "set": {"t": "crag"}})
    from airhead.asl.e1.night_movement import concealment_terrain

    if concealment_terrain("crag") is None:
        with pytest.raises(ActionError, match="choose it in the form"):
            game.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "1E5", "day_mf": 2}})
