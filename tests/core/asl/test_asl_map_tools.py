"""ASL map tools through the presenter (#12 "In the app"): the LOS thread between two tapped
hexes with what blocks it, a Blaze's Illuminated Zone with its shadows, night visibility."""

from __future__ import annotations

import pytest

from airhead.errors import AirheadError
from airhead.game import Game
from airhead.present import tool_view, tools_view
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game


def _game(settings: dict[str, object] | None = None) -> Game:
    sc = builtin()
    if settings is not None:
        sc = Scenario.from_data(dict(sc.to_data(), settings={**sc.to_data().get("settings", {}), **settings}))
    return new_game(sc, "tools")


def _edit(game: Game, name: str, **terrain: object) -> None:
    game.apply({"type": "edit", "op": "hex", "hex": name, "set": terrain})


def test_asl_lists_its_tools() -> None:
    assert [t["key"] for t in tools_view(_game())] == ["los", "sees", "nvr", "blaze", "aerial", "night_here", "night_fire"]


def test_line_of_sight_blocked_by_woods_between_explained_and_drawn() -> None:
    game = _game()
    _edit(game, "1I5", t="woods", obs=1)
    out = tool_view(game, "los", ["1I3", "1I7"])
    assert out["lines"][0].startswith("Line of sight from 1I3")
    assert any("1I5" in line and "block" in line for line in out["lines"])
    assert out["lines"][-1].startswith("LOS blocked")
    assert ["1I5", "los-block"] in out["view"]["marks"] and ["1I7", "no LOS"] in out["view"]["labels"]
    clear = tool_view(game, "los", ["1I3", "1I2"])
    assert clear["lines"][-1].startswith("LOS clear") and ["1I2", "LOS"] in clear["view"]["labels"]


def test_a_blaze_lights_twice_its_levels_and_says_when_there_is_none() -> None:
    game = _game()
    _edit(game, "1R8", t="wooden_building", obs=1, blaze=1)
    out = tool_view(game, "blaze", ["1R8"])
    assert "an Illuminated Zone of 2 hexes (E1.94)" in out["lines"][0]
    label, hexes = out["view"]["zones"][0]
    assert "1R8" in hexes and "1R10" in hexes and "1R5" not in hexes
    with pytest.raises(AirheadError, match="no Blaze in 1R7"):
        tool_view(game, "blaze", ["1R7"])


def test_night_visibility_follows_the_current_nvr() -> None:
    with pytest.raises(AirheadError, match="Night rules are not in effect"):
        tool_view(_game(), "nvr", ["1R8"])
    game = _game({"night": True, "base_nvr": 2})
    out = tool_view(game, "nvr", ["1R8"])
    assert out["lines"][0].startswith("Base NVR 2: from 1R8")
    label, hexes = out["view"]["zones"][0]
    assert label == "within NVR 2" and "1R10" in hexes and "1R5" not in hexes


def test_night_visibility_lists_illuminated_hexes_by_hex_not_by_distance() -> None:
    """#42 item 10: the Illuminated hexes beyond the NVR are named in board, column, row order."""
    game = _game({"night": True, "base_nvr": 1})
    _edit(game, "1R8", t="wooden_building", obs=1, blaze=1)
    out = tool_view(game, "nvr", ["1R4"])
    line = next(x for x in out["lines"] if x.startswith("beyond the NVR but Illuminated"))
    named = line.split("by range: ")[1].split(" (E1.101)")[0].split(", ")
    assert len(named) > 2
    game_map = game.state.scenario.map
    assert named == sorted(named, key=lambda n: game_map.order(game_map.parse(n)))
