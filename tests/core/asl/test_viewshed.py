"""What a hex sees (asl/viewshed.py) and the consumers of line of sight (asl/sight.py) on imported
boards and painted maps: the fast verdicts agree with the full trace thread by thread, the
viewshed tool's options, a Blaze's shadows and the Night visibility tool traced over a board's
pixels. Boards are Airhead's own test boards (never VASL's)."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from airhead.asl.e1.illumination import gunflash_in_view, light_sources
from airhead.asl.los import Location, LosSettings
from airhead.asl.los_zone import illuminated_zone
from airhead.asl.los_grid import GridSight, sights, trace
from airhead.asl.sight import sight, zone
from airhead.asl.viewshed import viewshed
from airhead.errors import DataError
from airhead.game import Game
from airhead.present import tool_view, tools_view
from airhead.scenario import Scenario
from airhead.systems import builtin, load_scenario, new_game
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

DESC = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def archive(name: str) -> bytes:
    return write_board(dict(DESC, name=name))


def board_game(layout: str = "2 4", settings: dict[str, object] | None = None) -> Game:
    boards = [LIBRARY.add(archive("02")), LIBRARY.add(archive("04"))]
    data = scenario_data([row.split() for row in layout.split(";")], boards)
    if settings:
        data = dict(data, settings={**data.get("settings", {}), **settings})
    return new_game(load_scenario(data), "viewshed")


def painted_game(settings: dict[str, object] | None = None) -> Game:
    sc = builtin()
    if settings is not None:
        sc = Scenario.from_data(dict(sc.to_data(), settings={**sc.to_data().get("settings", {}), **settings}))
    return new_game(sc, "viewshed")


@pytest.mark.parametrize("level,kw", [(0, {}), (1, {}), (0, {"hexside": "either"}), (0, {"level_blocks": True}),
                                      (2, {"in_season": False})])
def test_fast_verdicts_match_the_full_trace(level: int, kw: dict[str, object]) -> None:
    """:func:`sights` skips the pixels of hexes holding nothing as high as the thread: its verdict
    (blocked, Hindrance DRM, where) is the full trace's, thread by thread, from viewers on
    woods, hills, buildings and open ground, and toward them."""
    sc = board_game().state.scenario
    m = sc.map
    s = LosSettings(**kw)  # type: ignore[arg-type]
    rng = random.Random(5 + level)
    hexes = [h for h, _n in m.iter_names()]
    for _ in range(6):
        v = rng.choice(hexes)
        targets = [h for h in v.within(9) if h != v and m.in_play(h)]
        pairs = [(Location(v, level), Location(h)) for h in targets] + [(Location(h), Location(v, level)) for h in targets[::3]]
        for (a, b), fast in zip(pairs, sights(sc, pairs, settings=s)):
            full = trace(sc, a, b, settings=s)
            assert (fast.blocked, fast.drm, fast.blocked_at) == (full.blocked, full.drm, full.blocked_at), \
                (m.name(a.hex), m.name(b.hex), full.explain(m.name))


def test_viewshed_on_boards_agrees_with_line_of_sight_hex_by_hex() -> None:
    game = board_game()
    m = game.state.scenario.map
    v = viewshed(game.state, m.parse("2D6"), reach=8)
    assert v.precise and v.reach == 8 and not v.toward
    seen = dict(v.seen)
    for h in [*seen, *v.unseen]:
        s = trace(game.state.scenario, m.parse("2D6"), h)
        assert (h in seen) == (not s.blocked) and seen.get(h, s.drm) == s.drm, m.name(h)
    assert seen and v.unseen
    assert m.parse("2C2") in v.unseen or m.parse("2F2") in v.unseen  # the woods 2C2/2C3 hide what lies behind
    lines = v.explain(m.label)
    assert lines[0] == "What 2D6 (ground level) sees at ground level within 8 hexes, traced over your boards' terrain"
    view = v.view()
    assert (m.parse("2D6"), "viewer") in view.marks
    assert {h for h, role in view.marks if role == "unseen"} == set(v.unseen)
    assert {h for h, role in view.marks if role == "seen-hindered"} == {h for h, d in seen.items() if d}


def test_higher_viewers_see_more_and_who_sees_mirrors_what_is_seen_at_ground_level() -> None:
    game = board_game()
    m = game.state.scenario.map
    low = viewshed(game.state, m.parse("2J5"), reach=6)
    high = viewshed(game.state, m.parse("2J5"), reach=6, level=3)
    assert len(high.seen) >= len(low.seen)
    seen_by = viewshed(game.state, m.parse("2J5"), reach=6, mode="seen")
    assert seen_by.toward and seen_by.explain(m.label)[0].startswith("Who can see 2J5 (ground level)")
    # at ground level both ways agree but where a thread meets a vertex (traced to either side)
    agree = len({h for h, _d in seen_by.seen} ^ {h for h, _d in low.seen})
    assert agree <= len(low.seen) // 10 + 2


def test_viewshed_on_a_painted_map_reads_hex_by_hex() -> None:
    game = painted_game()
    m = game.state.scenario.map
    game.apply({"type": "edit", "op": "hex", "hex": "1I5", "set": {"t": "woods", "obs": 1}})
    v = viewshed(game.state, m.parse("1I3"), reach=5)
    assert not v.precise and v.explain(m.label)[0].endswith("read hex by hex")
    assert m.parse("1I7") in v.unseen and m.parse("1I2") in dict(v.seen)


def test_the_viewshed_tool_takes_its_options_and_refuses_bad_ones() -> None:
    game = board_game()
    tool = next(t for t in tools_view(game) if t["key"] == "sees")
    assert tool["hexes"] == 1 and [o["key"] for o in tool["options"]] == ["mode", "level", "reach"]
    out = tool_view(game, "sees", ["2D6"], {"reach": 4, "level": 1})
    assert out["lines"][0].startswith("What 2D6 (level 1) sees at ground level within 4 hexes")
    assert ["2D6", "viewer"] in out["view"]["marks"]
    assert any(role == "unseen" for _h, role in out["view"]["marks"])
    default = tool_view(game, "sees", ["2D6"])
    assert "within 16 hexes" in default["lines"][0]
    with pytest.raises(DataError):
        tool_view(game, "sees", ["2D6"], {"reach": 99})
    with pytest.raises(DataError):
        tool_view(game, "sees", ["2D6"], {"level": "high"})


def test_a_blaze_on_a_board_casts_shadows_traced_over_its_pixels() -> None:
    game = board_game()
    m = game.state.scenario.map
    game.apply({"type": "edit", "op": "hex", "hex": "2D2", "set": {"blaze": 2}})  # two hexes from the woods 2C2/2C3
    z = zone(game.state, m.parse("2D2"))
    assert z.radius == 4 and m.parse("2D2") in z.lit
    shadow = {m.name(h) for h in z.shadow}
    assert {"2B2", "2A2", "2D5"} <= shadow  # behind the woods of 2C2 / 2C3 / 2D3
    assert {"2F2", "2E1", "2H2"} <= {m.name(h) for h in z.lit}  # open ground east of the Blaze
    sc = game.state.scenario.with_terrain(game.state.terrain)
    for h in z.lit[1:] + z.shadow:
        s = trace(sc, Location(m.parse("2D2")), Location(h))
        assert isinstance(s, GridSight)
        if h in z.shadow:
            assert s.blocked
    assert zone(game.state, m.parse("2D2")) is z  # kept while the terrain is the same
    painted = illuminated_zone(game.state.terrain, m.parse("2D2"), in_play=m.in_play)
    assert set(painted.lit) | set(painted.shadow) == set(z.lit) | set(z.shadow)  # the same hexes in range
    assert any(s.kind == "Blaze" and s.lit == z.lit for s in light_sources(game.state))


def test_gunflash_in_view_and_night_visibility_use_the_board() -> None:
    game = board_game(settings={"night": True, "base_nvr": 3})
    m = game.state.scenario.map
    state = game.state
    line = sight(state, m.parse("2B2"), m.parse("2F2"))
    assert isinstance(line, GridSight) and line.blocked
    game.apply({"type": "edit", "op": "marker", "id": "GF", "kind": "Gunflash", "hex": "2F2"})
    state = game.state
    seen, why = gunflash_in_view(state, m.parse("2B2"), m.parse("2F2"))
    assert not seen and "out of LOS" in why[0]
    out = tool_view(game, "nvr", ["2B2"])
    label, hexes = out["view"]["zones"][0]
    assert label == "within NVR 3" and "2B2" in hexes and "2C2" in hexes
    assert "2E2" not in hexes  # in range, behind the woods 2C2 / 2C3
    assert any("in range but out of LOS" in x for x in out["lines"])


def test_e8_and_e7_25_read_obstacles_along_the_grain_on_boards() -> None:
    """2E7's woods lie along its north hexside, off its centre dot: read whole, 2E7 is open ground;
    on the north-south grain line through its centre (an Avenue of Approach, an aircraft's line
    of sight along the grain) the woods are crossed: an Obstacle one level high."""
    from airhead.asl.e8.gliders import Approach, landing_terms
    from airhead.asl.los import aerial
    from airhead.asl.board_pixels import grain
    from airhead.asl.sight import aerial_terrain, along_grain

    game = board_game()
    state = game.state
    m = state.scenario.map
    e7 = m.parse("2E7")
    assert state.terrain.at(e7).obstacle == 0
    top, what = grain(state.scenario, e7, 0) or (None, "")
    assert top == 1 and what == "Woods"
    north = along_grain(state, state.terrain, 0)
    assert north.at(e7).obstacle == 1 and along_grain(state, state.terrain, 3) is north  # one line, kept
    # E8.22: an Avenue south of 2E6 (the glider facing north) meets the woods in 2E7 at once
    appr = Approach(m, m.parse("2E6"), 0)
    whole, along = landing_terms(state.terrain, appr), landing_terms(north, appr)
    assert whole.clear[:1] == (e7,) and along.clear == () and along.obstacle_hex == e7
    # E7.25: 2E8 seen by an aircraft to the north, past 2E7: a Blind Hex only as the board draws it
    assert not aerial(state.terrain, m.parse("2E8"), 0).blind
    assert aerial(aerial_terrain(state, m.parse("2E8")), m.parse("2E8"), 0).blind
    # a painted map keeps its hexes whole
    painted = painted_game().state
    assert along_grain(painted, painted.terrain, 0) is painted.terrain
