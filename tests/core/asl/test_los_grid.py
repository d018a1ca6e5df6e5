"""Line of sight over an imported board's pixels (asl/los_grid.py): on Airhead's own test boards
(never VASL's), each reading against the hex-level one, symmetry, turned boards, threads across
a board edge, the players' changes, and agreement with the hex-level reading where every hex is
uniform."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from airhead.__main__ import main
from airhead.asl.los import Location, LosSettings, los
from airhead.asl.los_grid import trace
from airhead.scenario import Scenario
from airhead.systems import load_scenario
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

DESC = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def archive(name: str) -> bytes:
    return write_board(dict(DESC, name=name))


def scenario(layout: str = "2 4") -> Scenario:
    boards = [LIBRARY.add(archive("02")), LIBRARY.add(archive("04"))]
    return load_scenario(scenario_data([row.split() for row in layout.split(";")], boards))


def both(sc: Scenario, a: str, b: str, **kw: Any) -> tuple[Any, Any]:
    m = sc.map
    s = LosSettings(**kw) if kw else None
    return trace(sc, m.parse(a), m.parse(b), settings=s), los(sc.terrain, m.parse(a), m.parse(b), settings=s)


def test_woods_along_a_hexside_block_with_both_sides_wooded() -> None:
    sc = scenario()
    fine, coarse = both(sc, "2B2", "2F2")  # along the 2C2 / 2C3 hexside: woods on both sides
    assert fine.result == "blocked" and coarse.blocked
    assert sc.map.name(fine.blocked_at) in ("2C2", "2C3")
    lines = fine.explain(sc.map.name)
    assert lines[0] == "Line of sight from 2B2 (ground level) to 2F2 (ground level), traced over the boards' terrain"
    assert "both sides must block" in lines[1] and lines[-1].startswith("LOS blocked in 2C")


def test_a_clump_of_woods_off_the_centre_dot_is_seen_by_the_precise_trace_only() -> None:
    """2E7's woods lie along its north hexside, off its centre dot: the hex reads as open ground,
    the thread along that hexside passes through the woods' pixels on one side."""
    sc = scenario()
    fine, coarse = both(sc, "2D6", "2F6")
    assert fine.result == "clear" and not coarse.blocked  # both sides must block (the default)
    fine, coarse = both(sc, "2D6", "2F6", hexside="either")
    assert fine.result == "blocked" and sc.map.name(fine.blocked_at) == "2E7" and not coarse.blocked


def test_hills_block_by_their_ground() -> None:
    sc = scenario()
    fine, coarse = both(sc, "2H4", "2K6")
    assert fine.blocked and coarse.blocked
    g = next(x for x in fine.hexes if x.effect == "blocks")
    assert (g.what, g.why) == ("ground at level 2", "higher than both ends (A6.2)")
    # from level 3 of the hill down to the plain, over level-1 ground next to the lower end: a
    # crest line at range 1 from the higher end casts no Blind Hex (A6.4, VASL's isBlindHex)
    m = sc.map
    down = trace(sc, Location(m.parse("2J5"), 0), Location(m.parse("2L5"), 0))
    assert down.result == "clear"
    assert {m.name(g.hex): (g.top, g.effect) for g in down.hexes} == {"2K5": (1.0, ""), "2K6": (1.0, "")}
    assert all("beyond its 0 Blind Hexes (A6.4)" in g.why for g in down.hexes)


def test_a_wall_blocks_at_ground_level_unless_on_an_end_hexside() -> None:
    sc = scenario()
    m = sc.map
    fine, coarse = both(sc, "2Q7", "2T4")  # across the wall on 2S5's south hexside
    assert fine.blocked and coarse.blocked
    assert [(m.name(g.hex), g.what, g.effect) for g in fine.hexes if g.effect] == [("2S6", "wall on its N hexside", "blocks")]
    near = trace(sc, m.parse("2S5"), m.parse("2S7"))  # the wall on 2S5's own hexside: ignored (B9.2, VASL)
    assert near.result == "clear"
    assert [(m.name(g.hex), g.what, g.effect, g.why) for g in near.hexes] == [
        ("2S6", "wall on its N hexside", "", "on an end's own hexside: ignored (B9.2)")]


def test_a_change_made_by_the_players_is_read_whole() -> None:
    sc = scenario()
    m = sc.map
    cleared = sc.with_terrain(sc.terrain.clear_hex(m.parse("2C2")).clear_hex(m.parse("2C3")))
    fine = trace(cleared, m.parse("2B2"), m.parse("2F2"))
    assert not fine.blocked
    assert any(g.whole for g in fine.hexes if m.name(g.hex) in ("2C2", "2C3"))


def test_turned_boards_and_threads_across_a_board_edge() -> None:
    sc = scenario("2 4*")
    m = sc.map
    fine, coarse = both(sc, "4F2", "4B2")  # board 4 turned: its woods in 4C2 / 4C3 still between
    assert fine.blocked and coarse.blocked
    across, coarse2 = both(sc, "2EE3", "4DD3")  # open ground on both boards, across their edge
    assert across.result == "clear" and not coarse2.blocked
    assert {"2GG5", "4FF5"} <= {m.name(g.hex) for g in across.hexes}
    straight = scenario("2 4")
    fine3, coarse3 = both(straight, "2EE3", "4F3")  # across the edge, into board 4's woods
    assert fine3.blocked and coarse3.blocked and straight.map.name(fine3.blocked_at) in ("4C3", "4D3", "4C2", "4D4")


def test_symmetry_at_ground_level() -> None:
    sc = scenario("2")
    hexes = [h for h, _n in sc.map.iter_names() if not sc.map.is_half_hex(h)]
    rng = random.Random(7)
    for _ in range(60):
        a, b = rng.sample(hexes, 2)
        ab, ba = trace(sc, a, b), trace(sc, b, a)
        assert ab.blocked == ba.blocked, (sc.map.name(a), sc.map.name(b))


@lru_cache(maxsize=None)
def uniform() -> Scenario:
    """A board whose hexes are each one terrain, whole, with no hexside features."""
    rng = random.Random(3)
    hexes: dict[str, Any] = {}
    from airhead.vasl.geometry import column_letters

    for col in range(33):
        for row in range(10 + col % 2):
            name = f"{column_letters(col)}{row + (1 if col % 2 == 0 else 0)}"
            roll = rng.random()
            if roll < 0.12:
                hexes[name] = {"code": 60}
            elif roll < 0.18:
                hexes[name] = {"code": 41}
            elif roll < 0.24:
                hexes[name] = {"level": 1}
    board = LIBRARY.add(write_board({"name": "09", "version": "1", "hexes": hexes, "image": False}))
    return load_scenario(scenario_data([["9"]], [board]))


def test_on_uniform_hexes_the_precise_and_hex_level_readings_agree() -> None:
    """Every thread within range 8, with the default setting los_hexside ("both sides must block").
    A thread crossing a hexside at its midpoint at an angle crosses it at both levels (issue #29);
    one along a hexside reads both sides at both levels. Through a vertex the hex-level line
    crosses no hex it meets only at that point, where the precise trace reads both sides: under
    "either side blocks" the two may differ there, a difference both readings show."""
    from airhead.asl.los_grid import _crossed
    from airhead.hexes import line

    sc = uniform()
    m = sc.map
    hexes = [h for h, _n in m.iter_names() if not m.is_half_hex(h)]
    rng = random.Random(11)
    checked = 0
    for _ in range(200):
        a, b = rng.sample(hexes, 2)
        if a.distance(b) > 8:
            continue
        if not _crossed(a, b)[1]:
            assert not line(a, b).along_hexside  # only a thread that meets a vertex can run along a hexside
        fine, coarse = trace(sc, a, b), los(sc.terrain, a, b)
        assert fine.blocked == coarse.blocked, (m.name(a), m.name(b), fine.explain(m.name), coarse.explain(m.name))
        checked += 1
    assert checked >= 20


def test_threads_meet_a_vertex_only_in_a_third_of_directions() -> None:
    """A centre-to-centre thread meets a vertex (along a hexside, or through a hexspine's end)
    exactly when dq/g ≡ dr/g (mod 3): checked against the exact hex-level line on every thread
    up to 12 hexes long."""
    from fractions import Fraction

    from airhead.asl.los_grid import _crossed
    from airhead.hexes import Hex

    def meets_vertex(dq: int, dr: int) -> bool:  # exactly: some t in (0, 1) puts both 3·t·d on the same non-zero residue
        n = max(abs(dq), abs(dr), abs(dq + dr))
        for k in range(1, 3 * n * 6):
            t = Fraction(k, 3 * n * 6)
            q, r = 3 * t * dq, 3 * t * dr
            if q.denominator == r.denominator == 1 and int(q) % 3 == int(r) % 3 != 0:
                return True
        return False

    for dq in range(-12, 13):
        for dr in range(-12, 13):
            if (dq, dr) != (0, 0) and max(abs(dq), abs(dr), abs(dq + dr)) <= 12:
                assert _crossed(Hex(0, 0), Hex(dq, dr))[1] == meets_vertex(dq, dr), (dq, dr)


def test_los_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("02", "04"):
        (tmp_path / f"bd{name}").write_bytes(archive(name))
    args = ["los", "--board", str(tmp_path / "bd02"), "--board", str(tmp_path / "bd04"), "--map", "2 4", "2D6", "2F6"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "clear" and out["blocked_at"] is None and out["hindrances"] == []
    assert out["hex_level"] == {"result": "clear"} and out["lines"][0].startswith("Line of sight from 2D6")
    assert main(["los", "--board", str(tmp_path / "bd02"), "--map", "2", "2B2", "2F2"]) == 0
    text = capsys.readouterr().out
    assert "LOS blocked in 2C" in text and "(read hex by hex, as on a painted map: blocked)" in text
    assert main(["los", "--board", str(tmp_path / "bd02"), "--map", "2", "2B2", "9F2"]) == 2
    assert "no board 9" in capsys.readouterr().err


def test_the_hex_panels_line_of_sight_tool_traces_the_board_and_says_where_readings_differ() -> None:
    from airhead.asl.map_tools import line_of_sight
    from airhead.systems import new_game

    sc = scenario("2")
    m = sc.map
    g = new_game(sc, "s")
    # over the wall on 2S5's south hexside, crossed at an angle: the hex-level line crosses it too
    # (issue #29: it used to take that crossing for a run along the hexside and see past the wall)
    wall, _ = line_of_sight(g.state, (m.parse("2R6"), m.parse("2U4")), {})
    assert wall[0] == "Line of sight from 2R6 (ground level) to 2U4 (ground level), traced over the boards' terrain"
    assert "2S6: wall on its N hexside, top at level 0.5: blocks — both ends are at its level (B9.2)" in wall
    assert wall[-1] == "LOS blocked in 2S6"  # both readings agree: one verdict
    lines, view = line_of_sight(g.state, (m.parse("2R6"), m.parse("2P8")), {})  # the woods drawn into the road hex 2Q8
    assert "2Q8: Woods, top at level 1: blocks — an obstacle higher than both ends (A6.2)" in lines
    at = lines.index("LOS blocked in 2Q8")
    assert lines[at + 1] == "Read hex by hex, as on a painted map: LOS clear; the board's own terrain applies"
    assert lines[at + 2:] and all(x.startswith("Hex by hex: ") for x in lines[at + 2:])  # that reading, hex by hex
    assert any("2Q8: Road" in x for x in lines[at + 2:])
    assert (m.parse("2Q8"), "blocks") in view.labels and (m.parse("2P8"), "no LOS") in view.labels
    same, _ = line_of_sight(g.state, (m.parse("2B2"), m.parse("2F2")), {})
    assert same[-1].startswith("LOS blocked in 2C")  # both readings agree: one verdict
    painted = new_game(load_scenario({"name": "x", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}}), "s")
    plain, _ = line_of_sight(painted.state, (painted.scenario.map.parse("4B2"), painted.scenario.map.parse("4F2")), {})
    assert "traced over the boards' terrain" not in plain[0]


def test_smoke_and_a_blaze_in_a_changed_hex_read_as_at_hex_level() -> None:
    sc = scenario("2")
    m = sc.map
    smoky = sc.with_terrain(sc.terrain.update_hex(m.parse("2C6"), smoke=True))
    fine = trace(smoky, m.parse("2A6"), m.parse("2E6"), settings=LosSettings(smoke=2))
    assert fine.result == "hindered" and fine.hindrances == ((m.parse("2C6"), 2),)
    assert trace(smoky, m.parse("2A6"), m.parse("2E6")).result == "clear"  # SMOKE's DRM not set: no Hindrance
    lit = sc.with_terrain(sc.terrain.update_hex(m.parse("2C6"), blaze=1))
    blazing = trace(lit, m.parse("2A6"), m.parse("2E6"))
    assert blazing.blocked_at == m.parse("2C6") and "Blaze" in next(g.what for g in blazing.hexes if g.effect)


def test_a_threads_hexes_are_those_a_dense_sampling_finds() -> None:
    """The hexes a thread passes through (walked hexside to hexside) are those 64 samples a hex
    find along it, a hair to either side too where it meets a vertex."""
    import math

    from airhead.asl.los_grid import _SQRT3, _crossed_from_origin
    from airhead.hexes import round_axial

    for dq in range(-12, 13):
        for dr in range(-12, 13):
            n = max(abs(dq), abs(dr), abs(dq + dr))
            if not 0 < n <= 12:
                continue
            rel, along = _crossed_from_origin(dq, dr)
            nudge = 1e-6 / math.hypot(1.5 * dq, _SQRT3 * (dr + dq / 2))
            lines = [(0.0, 0.0)] + ([(-nudge * (dq + 2 * dr), nudge * (2 * dq + dr)),
                                     (nudge * (dq + 2 * dr), -nudge * (2 * dq + dr))] if along else [])
            dense = {round_axial(dq * i / (64 * n) + eq, dr * i / (64 * n) + er) for eq, er in lines for i in range(64 * n + 1)}
            assert set(rel) == dense and rel[0] == (0, 0) and (dq, dr) in rel, (dq, dr)


def test_on_uniform_hexes_the_hex_level_a6_reading_agrees_from_every_level() -> None:
    """Setting "LOS between different levels: height advantage and Blind Hexes counted" reads a
    painted map hex by hex as the board's pixels are read (A6, Blind Hexes counted as VASL counts
    them): on uniform hexes the two agree on every thread that meets no vertex, from ground level
    and levels 1 and 2, both ways."""
    from airhead.asl.los_grid import _crossed

    sc = uniform()
    m = sc.map
    s = LosSettings(slope="asl")
    hexes = [h for h, _n in m.iter_names() if not m.is_half_hex(h)]
    rng = random.Random(38)
    checked = 0
    for _ in range(400):
        a, b = rng.sample(hexes, 2)
        if a.distance(b) > 10 or _crossed(a, b)[1]:
            continue
        for la, lb in ((rng.choice((0, 1, 2)), 0), (0, rng.choice((1, 2)))):
            x, y = Location(a, la), Location(b, lb)
            fine, coarse = trace(sc, x, y, settings=s), los(sc.terrain, x, y, settings=s)
            assert fine.blocked == coarse.blocked, (m.name(a), la, m.name(b), lb, fine.explain(m.name), coarse.explain(m.name))
            checked += 1
    assert checked >= 100
