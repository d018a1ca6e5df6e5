"""Map tools (a system's answers without dice: line of sight, what a viewer sees): the presenter
runs them generically from the plug."""

from __future__ import annotations

import pytest

from airhead import systems
from airhead.errors import DataError
from airhead.fields import Schema
from airhead.game import Game
from airhead.hexes import Hex
from airhead.plug import GameState, Rules, System, Tool, View
from airhead.present import tool_view, tools_view
from airhead.scenario import Scenario
from airhead.turns import Phase, Track


def _distance(state: GameState, hexes: tuple[Hex, ...], options: object) -> tuple[tuple[str, ...], View]:
    a, b = hexes
    m = state.scenario.map
    return (f"{m.label(a)} to {m.label(b)}: {a.distance(b)} hexes",), View(paths=((a, b),), marks=((b, "target"),))


def _game() -> Game:
    rules = Rules((), Schema(what="setting"), Track((Phase("RPh", "Rally Phase"),)),
                  tools=(Tool("range", "Range", 2, _distance, "tap two hexes"),))
    sys_ = System("asl", "Advanced Squad Leader", "terrain_asl", "geoboards", (), lambda: rules)
    return Game(Scenario.from_data(dict(systems.builtin().to_data(), settings={})), "s", system=sys_)


def test_tools_are_listed_and_run_by_hex_names() -> None:
    game = _game()
    assert tools_view(game) == [{"key": "range", "title": "Range", "hexes": 2, "help": "tap two hexes"}]
    out = tool_view(game, "range", ["1P5", "1P7"])
    assert out["lines"] == ["1P5 to 1P7: 2 hexes"]
    assert out["view"]["paths"] == [["1P5", "1P7"]] and out["view"]["marks"] == [["1P7", "target"]]


def test_bad_tool_requests_are_refused_in_words() -> None:
    game = _game()
    with pytest.raises(DataError, match="no map tool"):
        tool_view(game, "nvr", ["1P5"])
    with pytest.raises(DataError, match="needs 2 hexes"):
        tool_view(game, "range", ["1P5"])
    with pytest.raises(DataError):
        tool_view(game, "range", ["1P5", "ZZ99"])
