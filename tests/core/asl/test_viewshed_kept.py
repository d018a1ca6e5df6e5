"""What the viewshed keeps between calls (issue #38, speed): each board's hex bounds, made once per
board's terrain grid and season (``board_pixels.hex_bounds``), and the threads' shapes
(``los_grid_path``), give the answers a fresh board gives, and a change of terrain (an SSR
option, the season, a hex changed in play) is seen at once. Airhead's own test boards."""

from __future__ import annotations

import json
import math
import random
from functools import lru_cache
from pathlib import Path

from airhead.asl import board_pixels, los_grid_path
from airhead.asl.board_pixels import board_hex, centre, frames_of, heights, hex_bounds
from airhead.asl.los import Location, LosSettings
from airhead.asl.los_grid import sights, trace
from airhead.asl.viewshed import viewshed
from airhead.game import Game
from airhead.hexes import Hex, round_axial
from airhead.systems import load_scenario, new_game
from airhead.vasl.library import LIBRARY, scenario_data
from airhead.vasl.ssr import ssr_board
from tools.board_writer import write_board

DESC = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))
VIEWERS = ("2D6", "2J5", "4M5", "2GG6", "4C3")


@lru_cache(maxsize=None)
def archive(name: str) -> bytes:
    return write_board(dict(DESC, name=name))


def board_game(ssr: tuple[str, ...] = ()) -> Game:
    boards = [LIBRARY.add(archive("02")), LIBRARY.add(archive("04"))]
    return new_game(load_scenario(scenario_data([["2", "4"]], boards, ssr=list(ssr))), "kept")


def forget() -> None:
    """Drop everything kept: the next answer is a fresh board's."""
    board_pixels._TABLES.clear()
    los_grid_path._forget()


def answers(game: Game, level: float = 0) -> list[tuple[object, ...]]:
    """The viewsheds of :data:`VIEWERS` and one explained trace from each."""
    m = game.state.scenario.map
    out: list[tuple[object, ...]] = []
    for name in VIEWERS:
        v = viewshed(game.state, m.parse(name), level=level, reach=10)
        far = max(v.unseen or tuple(h for h, _d in v.seen), key=lambda h: (h.distance(m.parse(name)), h.q, h.r))
        out.append((v.seen, v.unseen, tuple(trace(game.state.scenario, Location(m.parse(name), level), far).explain(m.name))))
    return out


def test_answers_once_kept_are_a_fresh_boards() -> None:
    """Viewsheds and traces read with every table and shape kept (in any order, after other
    viewers' and the other season's) are those of a fresh board, hex by hex and line by line."""
    game = board_game()
    fresh = []
    for level in (0, 1):
        forget()
        fresh.append(answers(game, level))
    sc = game.state.scenario
    pairs = [(Location(sc.map.parse("2J5")), Location(h)) for h in sc.map.parse("2J5").within(6)[1:] if sc.map.in_play(h)]
    list(sights(sc, pairs, settings=LosSettings(in_season=False)))  # the other season's tables, kept beside
    for level in (1, 0):
        assert answers(game, level) == fresh[level]
    assert answers(board_game(), 0) == fresh[0]  # another game on the same boards reads the same tables


def test_tables_are_kept_per_board_grid_and_season() -> None:
    board = LIBRARY.add(archive("02"))
    assert hex_bounds(board, True) is hex_bounds(board, True)
    assert hex_bounds(board, False) is not hex_bounds(board, True)
    mapped = ssr_board(board, ["WoodsToBrush"])
    assert hex_bounds(mapped, True) is not hex_bounds(board, True)
    (col, row) = next((c, r) for c, r in board.geometry.hexes() if board.geometry.name(c, r) == "C2")  # woods
    assert hex_bounds(board, True).get((col, row)) == (0, 2)  # woods: a level (2 half levels) on level 0
    got = hex_bounds(mapped, True).get((col, row))
    assert got is not None and got[1] < 2  # brush, once the option maps the woods


def test_an_ssr_option_is_seen_by_a_viewshed_once_another_is_kept() -> None:
    plain, brush = board_game(), board_game(("WoodsToBrush",))
    m = plain.state.scenario.map
    before = viewshed(plain.state, m.parse("2D6"), reach=8)
    after = viewshed(brush.state, m.parse("2D6"), reach=8)
    forget()
    assert viewshed(brush.state, m.parse("2D6"), reach=8) == after  # as fresh
    assert viewshed(plain.state, m.parse("2D6"), reach=8) == before
    behind = m.parse("2C2")  # in the woods of 2C2/2C3, seen through them once they are brush
    assert behind in before.unseen or m.parse("2F2") in before.unseen
    assert len(after.unseen) < len(before.unseen)


def test_the_season_is_seen_by_a_viewshed_once_the_other_is_kept() -> None:
    """An orchard blocks in season and only hinders out of it, grain hinders in season only: the
    verdicts from 2N2 past the fixture's orchards (M3, M4) and grain (O6, O7) follow the season
    in whichever order the seasons are asked, as a fresh board's and the full trace do."""
    sc = board_game().state.scenario
    m = sc.map
    viewer = m.parse("2N2")
    pairs = [(Location(viewer), Location(h)) for h in viewer.within(6)[1:] if m.in_play(h)]

    def verdicts(in_season: bool) -> dict[str, tuple[bool, int]]:
        return {m.name(g.b.hex): (g.blocked, g.drm) for g in sights(sc, pairs, settings=LosSettings(in_season=in_season))}

    forget()
    fresh = {season: verdicts(season) for season in (True, False)}
    forget()
    assert {season: verdicts(season) for season in (False, True)} == fresh
    assert (fresh[True]["2K5"], fresh[False]["2K5"]) == ((True, 0), (False, 2))  # the orchards
    assert (fresh[True]["2O8"], fresh[False]["2O8"]) == ((False, 2), (False, 0))  # the grain
    for season in (True, False):
        for a, b in pairs:
            full = trace(sc, a, b, settings=LosSettings(in_season=season))
            assert fresh[season][m.name(b.hex)] == (full.blocked, full.drm), (season, m.name(b.hex))


def test_a_hex_changed_in_play_is_seen_by_the_next_viewshed() -> None:
    game = board_game()
    m = game.state.scenario.map
    before = viewshed(game.state, m.parse("2H2"), reach=6)
    game.apply({"type": "edit", "op": "hex", "hex": "2H3", "set": {"t": "woods", "obs": 1}})
    after = viewshed(game.state, m.parse("2H2"), reach=6)
    assert m.parse("2H4") in after.unseen and m.parse("2H4") not in before.unseen


def test_a_hex_bound_holds_every_pixel_a_thread_in_it_can_read() -> None:
    """A thread's point in a hex reads a pixel whose centre is within √2 pixels of it: every
    pixel whose centre lies within 1.5 pixels of the hex (by its six sides) is in the bound, so
    a viewshed skipping the hex skips nothing that matters."""
    sc = board_game().state.scenario
    rng = random.Random(38)
    frames = frames_of(sc)
    table = heights(True)
    checked = 0
    for h in rng.sample([h for h, _n in sc.map.iter_names()], 40):
        for f in frames:
            at = board_hex(f, h)
            got = None if at is None else hex_bounds(f.board, True).get(at)
            if got is None:
                continue
            checked += 1
            grid = f.board.archive.grid
            g = f.board.geometry
            cx, cy = f.vx + f.sign * (centre(h)[0] - f.ax) * f.kx, f.vy + f.sign * (centre(h)[1] - f.ay) * f.ky
            radius, half = g.hex_width / 1.5, g.hex_height / 2
            slope = math.hypot(half, radius / 2)
            ground = height = 0
            for x in range(int(cx - radius - 3), int(cx + radius + 3)):
                for y in range(int(cy - half - 3), int(cy + half + 3)):
                    u, v = abs(x + 0.5 - cx), abs(y + 0.5 - cy)
                    if max(v - half, (v - half * (radius - u) / (radius / 2)) * (radius / 2) / slope) <= 1.5:
                        ground = max(ground, grid.elevation[x * grid.grid_height + y])
                        height = max(height, table[grid.terrain[x * grid.grid_height + y]])
            assert got[0] >= ground and got[1] >= height, (sc.map.name(h), got, (ground, height))
    assert checked > 20


def _reference(dq: int, dr: int, eq: float, er: float) -> list[tuple[int, int]]:
    """The hexes of a segment as they were found before (issue #38): from each hex, the hex
    holding the point a millionth of the segment past where the segment leaves it (clipping)."""
    xa, ya = 1.5 * eq, math.sqrt(3) * (er + eq / 2)
    xd, yd = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)
    cur = round_axial(eq, er)
    out = [cur]
    for _ in range(4 * max(abs(dq), abs(dr), abs(dq + dr)) + 4):
        sp = los_grid_path._span(1.5 * cur[0], math.sqrt(3) * (cur[1] + cur[0] / 2), xa, ya, xd, yd)
        if sp is None or sp[1] >= 1.0:
            break
        t = sp[1] + 1e-6
        nxt = round_axial(eq + dq * t, er + dr * t)
        if nxt == cur:
            break
        out.append(nxt)
        cur = nxt
    return out


def test_threads_step_through_the_hexes_clipping_finds() -> None:
    """Every thread shape within 16 hexes (those a viewshed of range 16 traces), moved beside its
    line as a thread along a hexside is, or a hair aside: stepping across the hexside left (and
    turning a shape of the first sixth) meets the hexes clipping and rounding meet, in order."""
    forget()
    for h in Hex(0, 0).within(16)[1:]:
        dq, dr = h.q, h.r
        x, y = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)
        length = math.hypot(x, y)
        for o in (0.0, 0.04, -0.04, 1e-6, -1e-6):
            ox, oy = round(-y / length * o, 9), round(x / length * o, 9)
            if o == 0.0 and los_grid_path._along(dq, dr):
                continue  # a centre line through vertices: still clipped and rounded (_traverse_exact)
            eq = ox / 1.5
            want = _reference(dq, dr, eq, oy / math.sqrt(3) - eq / 2)
            got = los_grid_path._line(dq, dr, ox, oy)
            assert [(q, r) for q, r, _t0, _t1 in got] == want, (dq, dr, o)
            assert all(t0 <= t1 + 1e-9 for _q, _r, t0, t1 in got) and got[-1][3] == 1.0
