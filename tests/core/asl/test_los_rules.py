"""Line of sight by the rules over a board's pixels (issue #38): heights as A6 reads them (height
advantage, Blind Hexes behind an obstacle or a crest line at ranges 2, 5, 6 and 10), walls and
hedges by hexside, threads along a board's edges, symmetry, and every explanation line agreeing
with its verdict. Boards are Airhead's own test boards (never VASL's)."""

from __future__ import annotations

import json
import math
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from airhead.asl.los import Location, LosSettings, SETTING_FIELDS
from airhead.asl.los_heights import A68, OWN_SIDE
from airhead.asl.los_settings import BUILDINGS, COUNT_EACH, COUNT_PER_RANGE, WALL_ALONG_BLOCKS, WALL_ALONG_CROSSED, rooftop
from airhead.asl.los_grid import GridSight, trace
from airhead.hexes import Hex
from airhead.scenario import Scenario
from airhead.systems import load_scenario
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

#: Lanes down the columns of a 13 x 14 board: a viewer in row 1 (0 in odd columns), an obstacle
#: (woods) or a crest line (a single hex of level-1 ground) some hexes down, targets behind it.
RULES = {
    "name": "11", "version": "1", "width": 13, "height": 14, "image": False,
    "hexes": {"B3": {"code": 60}, "D6": {"code": 60}, "F7": {"code": 60}, "H10": {"code": 60}, "K4": {"code": 60}},
    "levels": {"C3": 1, "E6": 1, "G7": 1, "J10": 1},
    "sides": [["L4", "S", 72], ["I4", "S", 73]],
}
#: A 12 x 10 board: woods under its top and bottom edges and in its last (half) column; a wall
#: along a hexside a thread runs along.
EDGES = {
    "name": "12", "version": "1", "width": 12, "height": 10, "image": False,
    "hexes": {"C1": {"code": 60}, "C10": {"code": 60}, "L4": {"code": 60}},
    "sides": [["F6", "SW", 72]],
}
#: A 9 x 10 board: one-level stone buildings in B2 (the viewer's), B5 and B8, a two-level one in E2 and a one-level one in E5; an orchard in H5 between a one-level
#: building in H2 and H8.
ROOFS = {
    "name": "14", "version": "1", "width": 9, "height": 10, "image": False,
    "hexes": {"B2": {"code": 41}, "B5": {"code": 41}, "B8": {"code": 41}, "E2": {"code": 42}, "E5": {"code": 41},
              "H2": {"code": 41}, "H5": {"code": 63}},
    "buildings": {"B2": "Stone Building, 1 Level", "B5": "Stone Building, 1 Level", "B8": "Stone Building, 1 Level",
                  "E2": "Stone Building, 2 Level", "E5": "Stone Building, 1 Level", "H2": "Stone Building, 1 Level"},
}
#: A 9 x 8 board: orchards in D5 and E5, both two hexes from C4 on the thread from C4 to F6.
RANGES = {"name": "15", "version": "1", "width": 9, "height": 8, "image": False,
          "hexes": {"D5": {"code": 63}, "E5": {"code": 63}}}
FIXTURE = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def board(which: str) -> Scenario:
    desc = {"rules": RULES, "edges": EDGES, "roofs": ROOFS, "ranges": RANGES, "fixture": dict(FIXTURE, name="13")}[which]
    b = LIBRARY.add(write_board(desc))
    return load_scenario(scenario_data([[b.name.lstrip("0")]], [b]))


def see(which: str, a: str, b: str, la: float = 0, lb: float = 0, **kw: Any) -> GridSight:
    sc = board(which)
    m = sc.map
    return trace(sc, Location(m.parse(a), la), Location(m.parse(b), lb), settings=LosSettings(**kw) if kw else None)


def at(s: GridSight) -> Hex:
    """The hex where ``s`` is blocked (it is)."""
    assert s.blocked_at is not None
    return s.blocked_at


def why(s: GridSight) -> str:
    sc = board("rules")
    return " | ".join(s.explain(sc.map.name))


# ---------------------------------------------------------------- heights (A6.2, A6.4)

def test_height_advantage() -> None:
    """Woods (top at level 1) in 11K4: from ground level they block; from level 1 they are as high
    as the higher end (A6.2); from level 2 the target four hexes behind is past their one Blind
    Hex."""
    assert see("rules", "11K1", "11K8").blocked
    one = see("rules", "11K1", "11K8", la=1)
    assert one.blocked and board("rules").map.name(at(one)) == "11K4"
    assert "as high as the higher end" in next(g.why for g in one.hexes if g.effect == "blocks")
    two = see("rules", "11K1", "11K8", la=2)
    assert not two.blocked, why(two)
    assert any("beyond its 1 Blind Hex (A6.4)" in g.why for g in two.hexes)


@pytest.mark.parametrize("lane,viewer,obstacle,blind,seen", [
    ("B", 1, 3, [4], [5]),                 # range 2: 1 Blind Hex
    ("D", 1, 6, [7, 8], [9]),              # range 5: 2
    ("F", 1, 7, [8, 9], [10]),             # range 6: 2
    ("H", 0, 10, [11, 12, 13], [14]),      # range 10: 3
])
def test_blind_hexes_behind_woods(lane: str, viewer: int, obstacle: int, blind: list[int], seen: list[int]) -> None:
    """From level 2 over level-1 woods to ground level: VASL's isBlindHex gives 2 × 1 + range // 5
    − 2 − 0 + 1 Blind Hexes (at least 1)."""
    for row in blind:
        s = see("rules", f"11{lane}{viewer}", f"11{lane}{row}", la=2)
        assert s.blocked and board("rules").map.name(at(s)) == f"11{lane}{obstacle}", why(s)
        assert "Blind Hex" in next(g.why for g in s.hexes if g.effect == "blocks")
    for row in seen:
        s = see("rules", f"11{lane}{viewer}", f"11{lane}{row}", la=2)
        assert not s.blocked, why(s)


@pytest.mark.parametrize("lane,viewer,crest,blind,seen", [
    ("C", 1, 3, [], [4, 5]),               # range 2: a crest line casts none
    ("E", 1, 6, [7], [8]),                 # range 5: 1
    ("G", 1, 7, [8], [9]),                 # range 6: 1
    ("J", 0, 10, [11, 12], [13]),          # range 10: 2
])
def test_blind_hexes_behind_a_crest_line(lane: str, viewer: int, crest: int, blind: list[int], seen: list[int]) -> None:
    """From level 2 over a level-1 crest line to ground level: 2 × 1 + range // 5 − 2 − 0 (at
    least 0)."""
    for row in blind:
        s = see("rules", f"11{lane}{viewer}", f"11{lane}{row}", la=2)
        assert s.blocked and board("rules").map.name(at(s)) == f"11{lane}{crest}", why(s)
        assert "a crest line" in next(g.why for g in s.hexes if g.effect == "blocks")
    for row in seen:
        s = see("rules", f"11{lane}{viewer}", f"11{lane}{row}", la=2)
        assert not s.blocked, why(s)


def test_heights_are_symmetric() -> None:
    """A6 reads the higher and the lower end the same whichever looks: each lane both ways."""
    sc = board("rules")
    m = sc.map
    for lane, top in (("B", 14), ("D", 14), ("F", 14), ("H", 14), ("C", 14), ("E", 14), ("G", 14), ("J", 14), ("K", 14)):
        first = 0 if lane in "BDFHJ" else 1
        for row in range(first + 2, top + 1):
            for lv in (0, 1, 2):
                a, b = Location(m.parse(f"11{lane}{first}"), lv), Location(m.parse(f"11{lane}{row}"))
                assert trace(sc, a, b).blocked == trace(sc, b, a).blocked, (lane, row, lv)


def test_a_half_level_hindrance_below_the_higher_end_does_not_hinder() -> None:
    """Grain (half a level) in the fixture's 2O6/2O7: it hinders a thread at ground level, not one
    from level 1."""
    sc = board("fixture")
    m = sc.map
    low = trace(sc, Location(m.parse("13N6")), Location(m.parse("13P7")))
    high = trace(sc, Location(m.parse("13N6"), 1), Location(m.parse("13P7")))
    assert low.drm >= 1 and high.drm == 0, (low.explain(m.name), high.explain(m.name))
    assert any("a half-level Hindrance below the higher end" in g.why for g in high.hexes)


def test_a_rooftop_is_traced_half_a_level_lower() -> None:
    """B23.8 as VASL reads it: a building's Rooftop (the level above its highest) sits on its
    half-level top, so a thread from it is traced half a level lower. From 14B2's Rooftop (level
    2, traced from 1.5) the one-level building in 14B5 (top at 1.5) is as high as the higher end
    and blocks the ground behind it; from level 2 of the two-level 14E2 (not a Rooftop) the
    one-level 14E5 is below the higher end and 14E8, three hexes behind it, is past its Blind Hex."""
    roof = see("roofs", "14B2", "14B8", la=2)
    assert roof.blocked and board("roofs").map.name(at(roof)) == "14B5", why(roof)
    assert roof.heights == (1.5, 0.0) and roof.roofs == (True, False)
    assert "Rooftop, level 2: traced from level 1.5, half a level lower (B23.8)" in roof.explain(board("roofs").map.name)[0]
    assert see("roofs", "14B8", "14B2", lb=2).blocked  # the same both ways
    both = see("roofs", "14B2", "14B8", la=2, lb=2)  # Rooftop to Rooftop: 14B5 is level with both, not higher
    assert not both.blocked and "level with both ends, not higher (A6.2)" in next(
        g.why for g in both.hexes if board("roofs").map.name(g.hex) == "14B5"), why(both)
    upper = see("roofs", "14E2", "14E8", la=2)
    assert not upper.blocked and upper.roofs == (False, False), why(upper)
    assert see("roofs", "14E2", "14E8", la=3).heights == (2.5, 0.0)  # E2's Rooftop


def test_an_orchard_in_season_hinders_a_thread_at_its_own_level() -> None:
    """B14.2 as VASL reads it (setting ``los_orchard_level``, default): the in-season orchard in
    14H5 adds +1 to a thread from 14H2 to 14H8 at ground level; from 14H2's first level it is an
    obstacle as high as the higher end (A6.2); with the other choice it blocks at ground level too."""
    same = see("roofs", "14H2", "14H8")
    assert not same.blocked and same.drm == 1, why(same)
    line = next(g for g in same.hexes if g.effect == "hinders")
    assert board("roofs").map.name(line.hex) == "14H5" and "a Hindrance, not an obstacle (B14.2" in line.why
    up = see("roofs", "14H2", "14H8", la=1)
    assert up.blocked and "as high as the higher end" in next(g.why for g in up.hexes if g.effect == "blocks")
    blocks = LosSettings.from_settings({"los_orchard_level": "an obstacle"})
    sc = board("roofs")
    m = sc.map
    assert trace(sc, Location(m.parse("14H2")), Location(m.parse("14H8")), settings=blocks).blocked
    assert any(f.key == "los_orchard_level" for f in SETTING_FIELDS)
    _consistent(same, m.name)


def test_a_thread_runs_between_the_centre_dots_pixels() -> None:
    """VASL reads a hex's centre at its dot's pixel, coordinates truncated (B1's dot at 56.25,
    64.5 is pixel 56, 64), and traces from there: so does the walk (a thread grazing a corner of
    woods by a pixel is read as VASL reads it)."""
    from airhead.asl.board_pixels import centre, frames_of
    from airhead.asl.los_grid import _dot

    sc = board("roofs")
    f = frames_of(sc)[0]
    for name in ("14B1", "14C5", "14H8"):
        x, y = _dot(*centre(sc.map.parse(name)), frames_of(sc))
        px, py = f.vx + f.sign * (x - f.ax) * f.kx, f.vy + f.sign * (y - f.ay) * f.ky
        cx, cy = centre(sc.map.parse(name))
        gx, gy = f.vx + f.sign * (cx - f.ax) * f.kx, f.vy + f.sign * (cy - f.ay) * f.ky
        assert (round(px, 6), round(py, 6)) == (float(int(gx + 1e-6)), float(int(gy + 1e-6))), name


# ---------------------------------------------------------------- walls and hedges (B9.2)

@pytest.mark.parametrize("lane", ["L", "I"])
def test_walls_and_hedges_by_hexside(lane: str) -> None:
    """A wall (lane L) or hedge (lane I) on the hexside below row 4: at range 2 it is always an
    end's own hexside (ignored); at ranges 3 and 4 it blocks; from a building's first level it
    does not (the ends are not both at its level)."""
    m = board("rules").map
    assert not see("rules", f"11{lane}4", f"11{lane}6").blocked
    assert not see("rules", f"11{lane}3", f"11{lane}5").blocked
    three = see("rules", f"11{lane}3", f"11{lane}6")
    assert three.blocked and m.name(at(three)) in (f"11{lane}4", f"11{lane}5"), why(three)
    assert "both ends are at its level (B9.2)" in next(g.why for g in three.hexes if g.effect == "blocks")
    assert see("rules", f"11{lane}2", f"11{lane}6").blocked
    assert see("rules", f"11{lane}6", f"11{lane}2").blocked
    high = see("rules", f"11{lane}2", f"11{lane}6", la=1)
    assert not high.blocked and any("not both at its level" in g.why for g in high.hexes), why(high)


def test_a_wall_along_the_thread_blocks_as_vasl_reads_it_unless_the_setting_says_crossed_only() -> None:
    """A thread along the walled hexside between 12F6 and its SW neighbour, six hexes long: the
    wall blocks it as VASL reads it (the default), or, with the setting "only a wall or hedge it
    crosses", it does not cross the wall."""
    sc = board("edges")
    m = sc.map
    f6 = m.parse("12F6")
    a = Hex(f6.q - 2, f6.r - 1)  # the wall's hexside is (2, 1) | (1, 2) from a: along the thread to a + (3, 3)
    b = Hex(a.q + 3, a.r + 3)
    crossed = LosSettings.from_settings({"los_wall_along": WALL_ALONG_CROSSED})
    assert not crossed.wall_along and LosSettings().wall_along and LosSettings.from_settings({}).wall_along
    clear = trace(sc, a, b, settings=crossed)
    assert not clear.blocked and any("does not cross" in g.why for g in clear.hexes), clear.explain(m.name)
    assert "runs along a hexside" in clear.notes[0]
    vasl = trace(sc, a, b)
    assert vasl.blocked, vasl.explain(m.name)
    line = next(ln for ln in vasl.explain(m.name) if ln.startswith(m.name(at(vasl)) + ":"))
    assert ": blocks — the line runs along this hexside: a wall or hedge along the line blocks it" in line, line
    assert "setting \"A thread along a wall or hedge hexside\"" in line and "both ends are at its level (B9.2)" in line, line
    _consistent(vasl, m.name)
    _consistent(clear, m.name)
    assert trace(sc, a, b, settings=LosSettings.from_settings({"los_wall_along": WALL_ALONG_BLOCKS})).blocked
    field = next(f for f in SETTING_FIELDS if f.key == "los_wall_along")
    assert field.default == WALL_ALONG_BLOCKS and set(field.choices) == {WALL_ALONG_BLOCKS, WALL_ALONG_CROSSED}


def test_two_hindrance_hexes_at_one_range_count_once_unless_the_setting_counts_each() -> None:
    """15C4 to 15F6 crosses the orchards in D5 and E5, both 2 hexes from C4 (no vertex, no
    hexside run): as VASL counts them (the default) only one, and the other's line says which hex
    counts instead; the same from F6 (both are 1 hex from it); with the setting "each Hindrance hex
    crossed" (A6's words) each (+2)."""
    sc = board("ranges")
    m = sc.map
    a, b = m.parse("15C4"), m.parse("15F6")
    each = trace(sc, a, b, settings=LosSettings.from_settings({"los_hindrance_count": COUNT_EACH}))
    assert not each.blocked and each.drm == 2 and not each.notes, each.explain(m.name)
    assert sorted(m.name(h) for h, _d in each.hindrances) == ["15D5", "15E5"]
    for x, y in ((a, b), (b, a)):
        once = trace(sc, x, y)
        assert not once.blocked and once.drm == 1, once.explain(m.name)
        counted = m.name(once.hindrances[0][0])
        other = ({"15D5", "15E5"} - {counted}).pop()
        line = next(ln for ln in once.explain(m.name) if ln.startswith(other + ":"))
        assert f"not counted: {counted} is as far from the first end" in line, line
        assert once.explain(m.name)[-1] == "LOS clear, Hindrance DRM +1"
    field = next(f for f in SETTING_FIELDS if f.key == "los_hindrance_count")
    assert field.default == COUNT_PER_RANGE and set(field.choices) == {COUNT_PER_RANGE, COUNT_EACH}
    assert LosSettings.from_settings({"los_hindrance_count": COUNT_PER_RANGE}).per_range
    assert LosSettings.from_settings({}).per_range and LosSettings().per_range
    assert not LosSettings.from_settings({"los_hindrance_count": COUNT_EACH}).per_range


# ---------------------------------------------------------------- a board's edges

@pytest.mark.parametrize("a,b,woods", [("12B0", "12F0", "12C1"), ("12B10", "12F10", "12C10"), ("12L1", "12L8", "12L4")])
def test_threads_along_a_boards_edge_read_the_board(a: str, b: str, woods: str) -> None:
    """Along the top and bottom edges (between half hexes) only the side on the board is read;
    down the last, half column the grid's last pixels are read."""
    s = see("edges", a, b)
    assert s.blocked and board("edges").map.name(at(s)) == woods, s.explain(board("edges").map.name)
    if a[3:] == b[3:]:
        assert "at the board's edge: only the side on the board is read" in s.notes[0]


# ---------------------------------------------------------------- every line true

def _consistent(s: GridSight, name: Any, limit: int = 6) -> None:
    lines = s.explain(name)
    by_effect = [g for g in s.hexes if g.effect == "blocks"]
    hinders = [g for g in s.hexes if g.effect == "hinders"]
    where = (lines, name(s.a.hex), name(s.b.hex))
    if s.blocked:
        by_hindrances = sum(g.drm for g in hinders) >= limit and not any(g.hex == s.blocked_at for g in by_effect)
        assert lines[-1] == f"LOS blocked in {name(s.blocked_at)}" + (
            f": Hindrances add up to +{s.drm}, which blocks (setting)" if by_hindrances else ""), where
        assert any(g.hex == s.blocked_at for g in by_effect) or by_hindrances, where
    else:
        assert lines[-1] == "LOS clear" + (f", Hindrance DRM +{s.drm}" if s.drm else ""), where
    if not s.blocked:
        assert not by_effect, where
    # a blocking line exists iff the verdict is blocked (a hex that blocks, or the Hindrances' total)
    blocking = [ln for ln in lines[1 + len(s.notes):-1] if re.search(r"^[^:]+: .*: blocks( —|$)", ln)]
    assert bool(blocking) == s.blocked or (s.blocked and by_hindrances), where
    # the Hindrance total is the sum of the DRMs the lines say are counted; the others say they are not
    said = sum(int(d) for ln in lines for d in re.findall(r": hinders \(\+(\d+)\)", ln))
    assert said == s.drm == sum(g.drm for g in hinders) and {g.hex for g in hinders} == {h for h, _d in s.hindrances}, where
    ends = (s.a.hex, s.b.hex)
    for g in s.hexes:
        assert g.effect == "" or g.why, where  # what blocks or hinders says why
        if g.hex in ends:
            # an end's own hex is listed only where it blocks by a rule of the end's own hex:
            # A6.8 Example 2 (the thread from the other end, in the same building, enters it still
            # inside the building) or B23.71 (a rowhouse wall on its own hexside)
            assert g.effect == "blocks" and g.hex == s.blocked_at, where
            line = g.line(name, ends)
            if g.end is not None:
                assert g.end in ends and g.end != g.hex and g.why == A68, where
                assert (f"from {name(g.end)} the thread must leave the building before it leaves {name(g.end)} to reach "
                        f"a Location at another height; it enters {name(g.hex)}, the other end's hex, still inside the "
                        "building: blocks (A6.8 Example 2") in line, where
            else:
                assert g.why.endswith(OWN_SIDE), where
        elif g.end is not None:  # A6.8 Example 2 between the ends
            assert g.end in ends and "it is still inside the building here: blocks (A6.8 Example 2" in g.line(name, ends), where
        if g.effect == "hinders same range":
            assert g.by in {h for h, _d in s.hindrances}, where  # the hex it names is counted
    assert len(lines) == 1 + len(s.notes) + len(s.hexes) + 1


def test_hindrances_that_add_up_to_the_limit_say_so() -> None:
    """Grain in 13O6/13O7 (the fixture's): with a Hindrance limit of 1 the first one blocks."""
    sc = board("fixture")
    m = sc.map
    s = trace(sc, Location(m.parse("13N6")), Location(m.parse("13P7")), settings=LosSettings(hindrance_limit=1))
    assert s.blocked, s.explain(m.name)
    assert s.explain(m.name)[-1] == f"LOS blocked in {m.name(at(s))}: Hindrances add up to +1, which blocks (setting)"
    _consistent(s, m.name, limit=1)


#: The two readings of imported boards' settings: as VASL reads them (the defaults), and A6's words.
AS_VASL, AS_WORDS = LosSettings(), LosSettings(wall_along=False, per_range=False)


@pytest.mark.parametrize(("settings", "viewers"), [(AS_VASL, 12), (AS_WORDS, 12)], ids=["as-vasl", "each-crossed"])
def test_every_explanation_line_agrees_with_its_verdict(settings: LosSettings, viewers: int) -> None:
    """Every pair of hexes of the fixture board from a seeded sample of viewers (ground level and
    level 1 and 2), and from each hex the board reads as a building (every level up to its Rooftop,
    B23.8: the adjacent hexes of one building at other heights, A6.8 Example 2), within range 9,
    under both readings of a wall along the thread and of Hindrances at one range: the verdict
    follows from the lines."""
    sc = board("fixture")
    m = sc.map
    hexes = [h for h, _n in m.iter_names()]
    rng = random.Random(38)
    houses = {h: math.floor(sc.terrain.at(h).obstacle) + 1 for h in hexes if sc.terrain.at(h).terrain in BUILDINGS}
    assert sorted(m.name(h) for h in houses) == ["13S4", "13S5", "13T6", "13U3", "13V2"]
    assert all(rooftop(sc.terrain.at(h), top) for h, top in houses.items())
    count = 0
    for v in rng.sample(hexes, viewers) + list(houses):
        for lv in range(houses[v] + 1) if v in houses else (0, 1, 2):
            for h in v.within(9)[1:]:
                if not m.in_play(h):
                    continue
                _consistent(trace(sc, Location(v, lv), Location(h), settings=settings), m.name)
                count += 1
    assert count > 80 * (viewers + len(houses))


@pytest.mark.parametrize("settings", [AS_VASL, AS_WORDS], ids=["as-vasl", "each-crossed"])
@pytest.mark.parametrize("which", ["edges", "ranges"])
def test_every_line_agrees_with_its_verdict_along_walls_and_at_one_range(which: str, settings: LosSettings) -> None:
    """Every pair of hexes of the boards with a walled hexside a thread runs along (edges) and two
    Hindrances at one range (ranges), under both readings: the verdict follows from the lines."""
    sc = board(which)
    m = sc.map
    hexes = [h for h, _n in m.iter_names() if m.in_play(h)]
    for v in hexes[::5]:
        for h in hexes:
            if h != v:
                _consistent(trace(sc, Location(v), Location(h), settings=settings), m.name)
