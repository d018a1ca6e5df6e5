"""LOS on a painted map (asl/los.py, hex by hex) under the readings imported boards apply (issue #38,
asl/los_heights.py): A6.3 depressions, a bridge a thread passes beneath, A6.8 Example 2, B23.71
rowhouse walls; each checked both ways where the rule is symmetric, and every explanation line of
a painted fixture map's traced pairs agrees with its verdict."""

from __future__ import annotations

import random
from typing import Any

import pytest
from airhead.asl.los import Location, LosSettings, Sight, los
from airhead.asl.los_heights import A68, ENTERS, EXITS, OWN_SIDE, UNDER
from airhead.boards import HexMap
from airhead.terrain import Bridge, HexTerrain, Terrain

B3 = HexMap.asl([["3"]])
P = B3.parse
N = B3.name
GULLY = HexTerrain("depression", base_level=-1)
BRIDGE = HexTerrain("road", bridge=Bridge(0))
TWO_LEVELS = HexTerrain("building", obstacle=2.5)   # levels 0-2, its Rooftop level 3
ROW = HexTerrain("building", obstacle=1.5)          # levels 0-1, its Rooftop level 2


def terrain(**hexes: HexTerrain) -> Terrain:
    return Terrain({P(f"3{k}"): v for k, v in hexes.items()})


def loc(name: str, level: float = 0) -> Location:
    return Location(P(f"3{name}"), level)


def both(t: Terrain, a: Location, b: Location, **kw: Any) -> tuple[Sight, Sight]:
    """The thread both ways: the same verdict, Hindrance and blocking hexes (the rules read here are symmetric)."""
    ab, ba = los(t, a, b, **kw), los(t, b, a, **kw)
    assert (ab.blocked, ab.drm, set(ab.by)) == (ba.blocked, ba.drm, set(ba.by)), (ab.explain(N), ba.explain(N))
    return ab, ba


def names(hexes: Any) -> list[str]:
    return [N(h) for h in hexes]


# ---------------------------------------------------------------- A6.3: a Location in a depression

def test_a_depression_end_sees_out_only_within_the_other_ends_height() -> None:
    # a level-2 hill in D2, a gully in D7 (level -1): range 5, the hill 3 levels higher. The thread
    # must stay in the depression while the range to D2 is more than 3: D6 (range 4) is open ground
    # at level 0, out of the depression: blocked. By heights alone it was clear (a crest line 2
    # levels below the higher end, 0 Blind Hexes)
    t = terrain(D2=HexTerrain(base_level=2), D7=GULLY)
    ab, ba = both(t, loc("D2"), loc("D7"))
    assert ab.blocked and names(ab.by) == ["3D6"] and ab.cause == "ground"
    assert ab.explain(N)[-2].startswith("3D6: open ground, 2 levels below the higher end: " + ENTERS)
    assert "3D6: open ground, 2 levels below the higher end: the thread " + EXITS in ba.explain(N)
    # the gully running on to D6: the thread stays in it there, and leaves it within range 3: clear
    assert not both(t.set_hex(P("3D6"), GULLY), loc("D2"), loc("D7"))[0].blocked
    # from 6 levels up (higher by more than the range) the depression changes nothing: clear
    assert not both(t.set_hex(P("3D2"), HexTerrain(base_level=5)), loc("D2"), loc("D7"))[0].blocked


def test_a_building_level_sees_into_a_depression_within_its_height() -> None:
    # level 1 of a building in D4 (height 1) to the gully in D7 (-1), range 3: 2 levels higher; D6
    # (range 2 from D4) and D5 (range 1) are within it: clear. From D3, range 4: D6 (range 3) is not: blocked
    t = terrain(D7=GULLY, D4=ROW)
    assert not both(t, loc("D4", 1), loc("D7"))[0].blocked
    t = terrain(D7=GULLY, D3=ROW)
    s, _ = both(t, loc("D3", 1), loc("D7"))
    assert s.blocked and names(s.by) == ["3D6"], s.explain(N)
    # a unit above the depression's ground level is not in it: the rule does not restrict it
    assert not los(terrain(D7=GULLY, D3=ROW, D2=HexTerrain(base_level=3)), loc("D2"), loc("D7")).blocked


def test_a_gully_is_seen_along_and_from_its_edge() -> None:
    along = terrain(D3=GULLY, D4=GULLY, D5=GULLY, D6=GULLY, D7=GULLY)
    assert not both(along, loc("D3"), loc("D7"))[0].blocked
    # adjacent hexes: nothing between
    assert not both(terrain(D7=GULLY), loc("D6"), loc("D7"))[0].blocked
    # where it bends out of the line, the open ground between (level 0) is higher than both ends (A6.2)
    bend = terrain(D3=GULLY, D4=GULLY, D6=GULLY, D7=GULLY)
    s, _ = both(bend, loc("D3"), loc("D7"))
    assert s.blocked and names(s.by) == ["3D5"]


# ---------------------------------------------------------------- a bridge over a depression

def test_a_thread_along_a_gully_passes_beneath_a_bridge() -> None:
    # D5 a road bridge at level 0 over the gully: ground above both ends (-1), but the thread
    # passes beneath the bridge: neither blocked nor hindered, and the line says why
    t = terrain(D3=GULLY, D4=GULLY, D5=BRIDGE, D6=GULLY, D7=GULLY)
    s, _ = both(t, loc("D3"), loc("D7"))
    assert not s.blocked and s.drm == 0
    assert f"3D5: a bridge at ground level, 1 level above the higher end: {UNDER}" in s.explain(N) or \
        f"3D5: a bridge at ground level, 1 level above the line: {UNDER}" in s.explain(N)
    # the same hex without its bridge is a bank across the gully: it blocks (A6.2)
    assert both(t.set_hex(P("3D5"), HexTerrain("road")), loc("D3"), loc("D7"))[0].blocked
    # a bridge level with ground-level ends is crossed, not passed beneath
    flat = los(terrain(D5=BRIDGE), loc("D3"), loc("D7"))
    assert not flat.blocked and not any(UNDER in line for line in flat.explain(N))


# ---------------------------------------------------------------- A6.8 Example 2

def test_ground_level_does_not_see_the_upper_level_of_the_adjacent_hex_of_its_building() -> None:
    t = terrain(D4=TWO_LEVELS, D5=TWO_LEVELS)
    s, back = both(t, loc("D4"), loc("D5", 1))
    # each end's thread enters the other end's hex of the building at a level it is not above
    assert s.blocked and set(names(s.by)) == {"3D4", "3D5"} and [c.effect for c in s.crossings] == [A68, A68]
    assert s.explain(N)[1] == ("3D5: Stone Building, 1 level above the higher end: from 3D4 the thread must leave the "
                               "building before it leaves 3D4 to reach a Location at another height; it enters 3D5, the "
                               "other end's hex, still inside the building: blocks (A6.8 Example 2, as VASL reads it)")
    assert s.explain(N)[2].startswith("3D4: Stone Building, ") and s.explain(N)[2].endswith(
        "from 3D5 the thread must leave the building before it leaves 3D5 to reach a Location at another height; it "
        "enters 3D4, the other end's hex, still inside the building: blocks (A6.8 Example 2, as VASL reads it)")
    assert both(t, loc("D4"), loc("D5", 2))[0].blocked
    # the same level, or ground level to ground level: they see each other
    assert not both(t, loc("D4", 1), loc("D5", 1))[0].blocked
    assert not both(t, loc("D4"), loc("D5"))[0].blocked
    # a building's Location to another height beyond open ground: the thread leaves the building first
    hill = terrain(D4=TWO_LEVELS, D6=HexTerrain(base_level=1))
    assert not both(hill, loc("D4"), loc("D6"))[0].blocked
    # ... but not when the next hex on the thread is building still, to a level the end is not above:
    # from level 2 in D4 over D5's building (its levels up to 2, its top 2.5) to a level-3 hill in D6,
    # the building is no A6.2 obstacle (below the higher end, not above the lower), A6.8 blocks
    up = hill.set_hex(P("3D5"), TWO_LEVELS).set_hex(P("3D6"), HexTerrain(base_level=3))
    s, _ = both(up, loc("D4", 2), loc("D6"))
    assert s.blocked and names(s.by) == ["3D5"] and [c.effect for c in s.crossings if c.blocks] == [A68], s.explain(N)
    assert any(ln.endswith("from 3D4 the thread must leave the building before it leaves 3D4 to reach a Location at "
                           "another height; it is still inside the building here: blocks (A6.8 Example 2, as VASL reads it)")
               for ln in s.explain(N)), s.explain(N)
    assert not los(up.set_hex(P("3D4"), HexTerrain()), loc("D4", 2), loc("D6")).blocked


# ---------------------------------------------------------------- B23.71 rowhouse walls

def test_a_rowhouse_wall_blocks_even_on_the_ends_own_hexside() -> None:
    d4, d5 = P("3D4"), P("3D5")
    t = terrain(D4=ROW, D5=ROW).add_side(d4, 3, "rowhouse_wall")     # the hexside D4 | D5
    for la in (0, 1):
        s, _ = both(t, loc("D4", la), loc("D5", la))
        assert s.blocked and s.cause == "hexside" and set(s.by) == {d4, d5}
        assert s.crossings[-1].effect.endswith(OWN_SIDE) and s.crossings[-1].side
    # two Rooftops see over it (VASL exempts a Rooftop end); one Rooftop end does not
    assert not both(t, loc("D4", 2), loc("D5", 2))[0].blocked
    assert both(t, loc("D4", 2), loc("D5", 0))[0].blocked
    # without the wall, two hexes of a building see each other at one level
    assert not both(terrain(D4=ROW, D5=ROW), loc("D4"), loc("D5"))[0].blocked
    # a plain wall on an end's own hexside is ignored (B9.2): only a rowhouse wall is read there
    assert not los(terrain(D4=ROW, D5=ROW).add_side(d4, 3, "wall"), loc("D4"), loc("D5")).blocked
    # the wall on the hexside a thread leaves D5 by, from D6 (open) to D5: blocks at range 1 too
    assert los(t, loc("D5"), loc("D4")).blocked


# ---------------------------------------------------------------- every line true

def consistent(s: Sight, limit: int = 6) -> None:
    """The verdict follows from the lines: something blocks exactly when the thread is blocked (or the
    Hindrances reach the limit), what blocks says so, and nothing that does not block says it does."""
    lines = s.explain(N)
    where = lines
    blocking = [c for c in s.crossings if c.blocks]
    if s.blocked and s.cause != "hindrances":
        assert blocking and set(s.by) == {h for c in blocking for h in c.hexes}, where
        assert lines[-1].startswith("LOS blocked: "), where
    elif s.blocked:
        assert not blocking and s.drm >= limit, where
    else:
        assert not blocking and s.drm < limit and lines[-1].startswith("LOS clear"), where
    ends = (s.a.hex, s.b.hex)
    for c in s.crossings:
        if c.blocks:
            assert "block" in c.effect and "does not block" not in c.effect, where
        else:
            assert not c.effect.endswith("blocks") and ": blocks (" not in c.effect, where
        if c.end is not None:  # A6.8 Example 2 names the end whose thread has not left its building
            assert c.blocks and c.end in ends and c.end not in c.hexes and c.effect == A68, where
            other = c.hexes[0] in ends  # the other end's own hex, entered still inside the building
            assert ("the other end's hex, still inside the building" in c.line(N, ends)) == other, where
    if not any(c.side and c.what == "the line runs along this hexside" for c in s.crossings):
        assert s.drm == sum(c.drm for c in s.crossings), where


def painted_fixture() -> Terrain:
    """A painted map holding everything these readings read: a winding gully with a bridge, a hill,
    woods, grain, two-level buildings and a row of rowhouses with their walls, a wall and a hedge."""
    t = Terrain()
    for name in ("C5", "D5", "E6", "F6", "G7", "H7", "I8", "J8", "K9", "E7", "F7"):
        t = t.set_hex(P(f"3{name}"), GULLY)
    t = t.set_hex(P("3G7"), HexTerrain("depression", base_level=-1, bridge=Bridge(1)))
    t = t.set_hex(P("3H6"), BRIDGE)
    for name in ("B2", "C2", "C3", "D2", "D3"):
        t = t.set_hex(P(f"3{name}"), HexTerrain(base_level=1))
    t = t.set_hex(P("3C1"), HexTerrain(base_level=2))
    for name in ("F3", "G3", "G4", "H4"):
        t = t.set_hex(P(f"3{name}"), HexTerrain("woods", obstacle=1))
    for name in ("B8", "C8", "C9"):
        t = t.set_hex(P(f"3{name}"), HexTerrain("grain", obstacle=0.5))
    for name in ("I2", "I3", "J3"):
        t = t.set_hex(P(f"3{name}"), TWO_LEVELS)
    for name in ("E8", "E9", "E10"):
        t = t.set_hex(P(f"3{name}"), ROW)
    t = t.add_side(P("3E8"), 3, "rowhouse_wall").add_side(P("3E9"), 3, "rowhouse_wall")
    return t.add_side(P("3H9"), 2, "wall").add_side(P("3B5"), 3, "hedge")


@pytest.mark.parametrize("settings", [LosSettings(), LosSettings(hexside="either", level_blocks=True)])
def test_every_explanation_line_agrees_with_its_verdict_on_a_painted_map(settings: LosSettings) -> None:
    t = painted_fixture()
    hexes = [h for h, _n in B3.iter_names() if B3.in_play(h) and h.distance(P("3F6")) <= 7]
    rng = random.Random(38)
    viewers = [P(f"3{n}") for n in ("D5", "G7", "E9", "I3", "C2", "F7")] + rng.sample(hexes, 4)
    count = 0
    for v in viewers:
        for lv in (0, 1, 2):
            for h in hexes:
                if h == v:
                    continue
                s = los(t, Location(v, lv), Location(h), settings=settings)
                consistent(s, settings.hindrance_limit)
                back = los(t, Location(h), Location(v, lv), settings=settings)
                assert (s.blocked, s.drm, set(s.by)) == (back.blocked, back.drm, set(back.by)), (s.explain(N), back.explain(N))
                count += 1
    assert count > 1200


def test_the_fixture_exercises_every_new_reading() -> None:
    t = painted_fixture()
    words = set()
    hexes = [h for h, _n in B3.iter_names() if B3.in_play(h) and h.distance(P("3F6")) <= 7]
    for v in [P(f"3{n}") for n in ("D5", "G7", "E9", "I3", "F7")]:
        for lv in (0, 1):
            for h in hexes:
                if h != v:
                    words |= {c.effect for c in los(t, Location(v, lv), Location(h)).crossings}
    for rule in (ENTERS, "the thread " + EXITS, A68, UNDER):
        assert rule in words, rule
    assert any(w.endswith(OWN_SIDE) for w in words)

