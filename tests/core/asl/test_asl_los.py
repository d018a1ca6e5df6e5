"""ASL line of sight at hex level (asl/los.py): cases worked by hand on synthetic maps, the E1.7
EX's geometry, the E7.3 EX's Blind Hexes with the aerial mode, E1.94's zones and E1.941's
shadows. Every number asserted here is worked out in the comment beside it."""

from __future__ import annotations

from typing import Any

import pytest
from airhead.asl.los import (
    LosSettings, Location, SETTING_FIELDS, aerial, blind_hex, blind_table, explain, los,
    los_view, top_above,
)
from airhead.asl.los_zone import illuminated_zone
from airhead.boards import HexMap
from airhead.errors import AirheadError, DataError, RulesError
from airhead.fields import Schema
from airhead.hexes import Hex
from airhead.tables import hexside_heights, terrain_types
from airhead.terrain import HexTerrain, Terrain

B3 = HexMap.asl([["3"]])
P = B3.parse
N = B3.name
WOODS = HexTerrain("woods", obstacle=1)
GRAIN = HexTerrain("grain", obstacle=0.5)


def terrain(**hexes: HexTerrain) -> Terrain:
    return Terrain({P(f"3{k}"): v for k, v in hexes.items()})


def loc(name: str, level: float = 0) -> Location:
    return Location(P(f"3{name}"), level)


def names(hexes: Any) -> list[str]:
    return [N(h) for h in hexes]


# ---------------------------------------------------------------- the terrain table's LOS columns

def test_the_terrain_table_gives_hindrances_only_where_the_seeds_or_vasl_do() -> None:
    asl = terrain_types("terrain_asl")
    # E1.7 EX: "+1 LOS Hindrance for firing through the grainfield (in season)";
    # E7.3 EX: "+1 LOS Hindrance DRM if the K9 orchard were out-of-season". Nothing else hinders.
    assert (asl["grain"].hindrance, asl["grain"].season) == (1, "in")
    assert (asl["orchard"].hindrance, asl["orchard"].season, asl["orchard"].off_season) == (1, "out", "obstacle")
    # brush: VASL's Hindrance (its SharedBoardMetadata's Brush, as its Grain), B12 not in the seeds
    assert (asl["brush"].hindrance, asl["brush"].season, asl["brush"].half_level) == (1, "", True)
    assert {k for k, v in asl.items() if v.hindrance} == {"grain", "orchard", "brush"}
    # E1.51 EX: "+1 [entering Concealment Terrain Location at night]" for woods
    assert asl["woods"].concealment and not asl["open"].concealment
    assert asl["grain"].half_level and not asl["woods"].half_level
    assert hexside_heights("terrain_asl") == {"wall": 0.5, "hedge": 0.5, "bocage": 1.0}
    # other tables read the new columns with their defaults
    assert terrain_types("terrain_generic")["fields"].hindrance == 0


# ---------------------------------------------------------------- obstacles, levels, hills

def test_woods_between_block_and_a_unit_in_woods_sees_out() -> None:
    t = terrain(D5=WOODS)
    s = los(t, P("3D3"), P("3D7"))
    assert s.blocked and s.cause == "obstacle" and names(s.by) == ["3D5"]
    assert s.explain(N) == [
        "Line of sight from 3D3 (ground level) to 3D7 (ground level)",
        "3D4: open ground, level with the line: no effect",
        "3D5: Woods, 1 level above the line: blocks",
        "3D6: open ground, level with the line: no effect",
        "LOS blocked: 3D5 (LOS at hex level)",
    ]
    # the ends' own hexes never block: woods in both end hexes, open between
    assert not los(terrain(D3=WOODS, D7=WOODS), P("3D3"), P("3D7")).blocked
    # a Location is a hex and a level; a bare hex is ground level
    assert los(t, loc("D3"), loc("D7")) == s


def test_building_levels_see_over_woods_near_the_viewer_but_not_near_the_target() -> None:
    # viewer on level 2 of a building in D3 (height 2), target at ground level in D7 (4 hexes).
    # The line's height falls 2 -> 0: at D4 it is 1.5, at D6 it is 0.5.
    base = terrain(D3=HexTerrain("building", obstacle=3))
    near = base.set_hex(P("3D4"), WOODS)   # woods top 1 < 1.5: below the line
    far = base.set_hex(P("3D6"), WOODS)    # woods top 1 > 0.5: blocks
    # A6 (the default, as on imported boards): woods a level below the higher end blind the lower end
    # only within their 1 Blind Hex (2 x 1 + 3 // 5 - 2 - 0 + 1)
    s = los(near, loc("D3", 2), loc("D7"))
    assert not s.blocked and s.crossings[0].effect == "the lower end is 3 hexes behind it, beyond its 1 Blind Hex (A6.4)"
    assert s.crossings[0].line(N) == "3D4: Woods, 1 level below the higher end: the lower end is 3 hexes behind it, beyond its 1 Blind Hex (A6.4)"
    s = los(far, loc("D3", 2), loc("D7"))
    assert s.blocked and names(s.by) == ["3D6"] and s.cause == "blind"
    # the line's height interpolated (setting): the same verdicts here
    slope = LosSettings(slope="interpolate")
    s = los(near, loc("D3", 2), loc("D7"), settings=slope)
    assert not s.blocked and s.crossings[0].effect == "below the line" and s.crossings[0].height == -0.5
    s = los(far, loc("D3", 2), loc("D7"), settings=slope)
    assert s.blocked and names(s.by) == ["3D6"] and s.crossings[-1].height == 0.5
    # from level 1 the woods in D4 (top 1, line 0.75 there) block
    assert los(near, loc("D3", 1), loc("D7")).blocked
    # two first-level Locations over ground-level woods: the woods are level with the line
    two = near.set_hex(P("3D7"), HexTerrain("building", obstacle=2))
    s = los(two, loc("D3", 1), loc("D7", 1))
    assert not s.blocked and s.crossings[0].effect == "below the line" and s.crossings[0].height == 0
    # ... unless the setting says an obstacle level with the line blocks
    assert los(two, loc("D3", 1), loc("D7", 1), settings=LosSettings(level_blocks=True)).blocked


def test_a_rooftop_is_traced_half_a_level_lower_on_a_painted_map() -> None:
    # B23.8 as VASL reads it (as on imported boards): level 2 of a one-level building is its
    # Rooftop, traced from level 1.5; a one-level building (top 1.5) between is then as high as
    # the higher end and blocks (A6.2); level 1 is no Rooftop
    t = terrain(D3=HexTerrain("building", obstacle=1.5), D5=HexTerrain("building", obstacle=1.5))
    s = los(t, loc("D3", 2), loc("D8"))
    assert s.heights == (1.5, 0.0) and s.blocked and names(s.by) == ["3D5"], s.explain(N)
    assert s.explain(N)[0] == ("Line of sight from 3D3 (Rooftop, level 2: traced from level 1.5, half a level lower (B23.8)) "
                               "to 3D8 (ground level)")
    assert los(t, loc("D3", 1), loc("D8")).heights == (1.0, 0.0)
    assert los(terrain(D3=HexTerrain("building", obstacle=1.5)), loc("D3", 2), loc("D8")).heights == (1.5, 0.0)


def test_an_orchard_in_season_hinders_at_its_own_level_on_a_painted_map() -> None:
    # B14.2 as VASL reads it (setting los_orchard_level): both ends at the orchard's level, +1;
    # from a building's first level it is a full-level obstacle as high as the higher end
    t = terrain(D3=HexTerrain("building", obstacle=1.5), D5=HexTerrain("orchard", obstacle=0.5))
    s = los(t, loc("D3"), loc("D8"))
    assert not s.blocked and s.drm == 1, s.explain(N)
    assert s.explain(N)[2] == "3D5: Orchard (in season), 1 level above the line: +1 Hindrance: both ends at its level (B14.2, as VASL reads it; setting)"
    assert los(t, loc("D3", 1), loc("D8")).blocked
    assert los(t, loc("D3"), loc("D8"), settings=LosSettings(orchard_level=False)).blocked


def test_a_hill_crest_blocks_only_when_above_the_line() -> None:
    hill = HexTerrain(base_level=1)
    t = terrain(D5=hill)
    s = los(t, P("3D3"), P("3D7"))
    assert s.blocked and s.cause == "ground" and s.crossings[1].what == "higher ground (a crest)"
    # both ends on level-1 hills: the crest between is level with the line
    on_hills = t.set_hex(P("3D3"), hill).set_hex(P("3D7"), hill)
    assert not los(on_hills, P("3D3"), P("3D7")).blocked
    # from a level-2 hill: the line is at 1 at mid-way (D5): clear; nearer the target (D6, line 0.5): blocked
    high = terrain(D3=HexTerrain(base_level=2), D5=hill)
    assert not los(high, P("3D3"), P("3D7")).blocked
    # a level-1 crest line next to the target seen from level 2 three hexes away: A6 (the default)
    # counts 2 x 1 + 3 // 5 - 2 - 0 = 0 Blind Hexes behind it (VASL's isBlindHex): seen; the line's
    # height interpolated (setting) is 0.5 there: blocked
    crest = terrain(D3=HexTerrain(base_level=2), D6=hill)
    assert not los(crest, P("3D3"), P("3D7")).blocked
    assert los(crest, P("3D3"), P("3D7"), settings=LosSettings(slope="interpolate")).blocked
    # ... and a crest line one hex nearer at range 5 from a level-2 hill: 1 Blind Hex
    far = terrain(D1=HexTerrain(base_level=2), D6=hill)
    s = los(far, P("3D1"), P("3D7"))
    assert s.blocked and names(s.by) == ["3D6"] and s.crossings[-1].effect == "the lower end is 1 hex behind it, within its 1 Blind Hex: blocks (A6.4)"


def test_a_depression_is_seen_from_its_edge_and_from_above() -> None:
    gully = HexTerrain("depression", base_level=-1)
    t = terrain(D7=gully)
    # from D4 (3 hexes, ground level): the line is at -1/3 over D5 and -2/3 over D6, whose ground
    # (0) is above it
    s = los(t, P("3D4"), P("3D7"))
    assert s.blocked and s.cause == "ground" and names(s.by) == ["3D5", "3D6"]
    # from the edge (adjacent) nothing is crossed
    assert not los(t, P("3D6"), P("3D7")).blocked
    # from a level-2 hill 3 hexes away the line is at 1 over D5, 0 over D6: clear (level, not above)
    assert not los(t.set_hex(P("3D4"), HexTerrain(base_level=2)), P("3D4"), P("3D7")).blocked
    # along the gully: both ends and the hexes between at -1
    along = terrain(D4=gully, D5=gully, D6=gully, D7=gully)
    assert not los(along, P("3D4"), P("3D7")).blocked
    # a gully between two ground-level units is below the line
    assert not los(terrain(D5=gully), P("3D3"), P("3D7")).blocked


def test_a_wall_on_a_crossed_hexside_blocks_but_not_on_an_ends_hexside() -> None:
    d4, d5 = P("3D4"), P("3D5")
    wall = Terrain().add_side(d4, 3, "wall")           # the hexside D4 | D5 (D5 is south of D4)
    s = los(wall, P("3D3"), P("3D7"))
    assert s.blocked and s.cause == "hexside" and names(s.by) == ["3D4", "3D5"]
    assert "hexside 3D4 | 3D5: a wall, half a level above the line: blocks" in s.explain(N)
    # the wall on D4's hexside is an end's hexside for a unit in D4 or D5: it sees over it
    assert not los(wall, P("3D4"), P("3D7")).blocked
    assert not los(wall, P("3D2"), P("3D5")).blocked
    # a first-level viewer: the line is at 0.625 over the wall (top 0.5): below the line
    up = wall.set_hex(P("3D3"), HexTerrain("building", obstacle=2))
    assert not los(up, loc("D3", 1), loc("D7")).blocked
    # bocage is a full level high: it blocks that line too (line 0.625 < 1)
    boc = Terrain().add_side(d4, 3, "bocage").set_hex(P("3D3"), HexTerrain("building", obstacle=2))
    assert los(boc, loc("D3", 1), loc("D7")).blocked


ALLEY_A, ALLEY_B = Hex(10, 5), Hex(11, 6)      # distance 2; the line runs along the hexside
SIDE_1, SIDE_2 = Hex(10, 6), Hex(11, 5)        # between these two hexes


def test_a_line_along_a_hexside_under_each_setting() -> None:
    from airhead.hexes import line
    assert line(ALLEY_A, ALLEY_B).steps[1] == (SIDE_1, SIDE_2)
    both, either = LosSettings(hexside="both"), LosSettings(hexside="either")
    one = Terrain({SIDE_1: WOODS})
    assert not los(one, ALLEY_A, ALLEY_B, settings=both).blocked          # both sides must block
    s = los(one, ALLEY_A, ALLEY_B, settings=either)
    assert s.blocked and s.by == (SIDE_1, SIDE_2)                         # either side blocks
    two = Terrain({SIDE_1: WOODS, SIDE_2: WOODS})
    assert los(two, ALLEY_A, ALLEY_B, settings=both).blocked
    # hindrances: the lesser side counts under "both", the greater under "either"
    grain = Terrain({SIDE_1: GRAIN})
    assert los(grain, ALLEY_A, ALLEY_B, settings=both).drm == 0
    assert los(grain, ALLEY_A, ALLEY_B, settings=either).drm == 1
    woods_and_grain = Terrain({SIDE_1: WOODS, SIDE_2: GRAIN})
    s = los(woods_and_grain, ALLEY_A, ALLEY_B, settings=both)
    assert not s.blocked and s.drm == 1
    # the setting is read from a game's settings
    assert LosSettings.from_settings({"los_hexside": "either side blocks"}).hexside == "either"
    assert LosSettings.from_settings({}) == LosSettings()
    # a wall lying along the line: crossed only when either side blocks
    wall = Terrain().add_side(SIDE_1, 1, "wall")   # SIDE_1's NE hexside is the one toward SIDE_2
    assert not los(wall, ALLEY_A, ALLEY_B, settings=both).blocked
    # ... A6 (the default) ignores it: it touches both ends' hexes at a corner (B9.2, as VASL reads it)
    assert not los(wall, ALLEY_A, ALLEY_B, settings=either).blocked
    assert los(wall, ALLEY_A, ALLEY_B, settings=LosSettings(hexside="either", slope="interpolate")).blocked


def test_a_line_crossing_a_hexside_at_an_angle_is_not_along_it() -> None:
    """LOS at hex level (issue #29): only a line collinear with a hexside runs along it. The line
    from ``a`` to ``a + (-8, 1)`` passes through the midpoint of the hexside between ``a + (-4, 0)``
    and ``a + (-4, 1)`` at an angle: it crosses both hexes, so woods in either one blocks even
    under "both sides must block", and a wall on that hexside is crossed."""
    a = Hex(8, 3)
    b = a + Hex(-8, 1)
    left, right = a + Hex(-4, 0), a + Hex(-4, 1)  # the hexside between them: crossed at its midpoint
    for woods in (left, right):
        s = los(Terrain({woods: WOODS}), a, b, settings=LosSettings(hexside="both"))
        assert s.blocked and s.by == (woods,), s.explain(N)
        assert not any(c.side and "runs along" in c.what for c in s.crossings)
    wall = los(Terrain().add_side(left, 3, "wall"), a, b)  # the hexside left | right (right is south of left)
    assert wall.blocked and wall.cause == "hexside" and set(wall.by) == {left, right}


def test_hindrances_add_up_and_six_block() -> None:
    rows = {f"D{r}": GRAIN for r in range(2, 8)}         # six grain hexes between D1 and D8
    s = los(terrain(**rows), P("3D1"), P("3D8"))
    assert s.blocked and s.cause == "hindrances" and s.drm == 6 and len(s.by) == 6
    assert s.explain(N)[-1] == "LOS blocked: Hindrances add up to +6, 3D2 and 3D3 and 3D4 and 3D5 and 3D6 and 3D7 (LOS at hex level)"
    five = los(terrain(**{f"D{r}": GRAIN for r in range(2, 7)}), P("3D1"), P("3D8"))
    assert not five.blocked and five.drm == 5
    assert los(terrain(**{f"D{r}": GRAIN for r in range(2, 7)}), P("3D1"), P("3D8"),
               settings=LosSettings(hindrance_limit=5)).blocked
    # a grain hex a viewer looks down on from a level-1 hill is below the line (top 0.5, line 0.75)
    assert los(terrain(D2=HexTerrain(base_level=1), D3=GRAIN), P("3D2"), P("3D6")).drm == 0
    # SMOKE: its DRM is the players' (E.6 is not in the seeds)
    smoky = terrain(D4=HexTerrain(smoke=True))
    s = los(smoky, P("3D3"), P("3D5"))
    assert s.drm == 0 and s.asks == ("what Hindrance DRM does the SMOKE on the line add? (E.6)",)
    assert los(smoky, P("3D3"), P("3D5"), settings=LosSettings(smoke=2)).drm == 2


def test_the_e1_7_example_geometry() -> None:
    # E1.7 EX: "The attack of the 4-6-7 in 3R6 against the Russian 5-2-7 in T7 ... An Attack by the
    # 4-6-7 in T9 would also be subject to a +1 LOS Hindrance for firing through the grainfield (in
    # season). The Night LV DRM does not apply to either attack because the topmost height of the
    # T7 woods is 1 full level higher than the firers. If the 4-6-7 in R6 were on the first level of
    # that building, ... the topmost height of the T7 woods would not be a full level higher."
    t = terrain(R6=HexTerrain("building", obstacle=2), T7=WOODS, T8=GRAIN)
    s = los(t, P("3T9"), P("3T7"))
    assert not s.blocked and s.drm == 1
    assert "3T8: Grain (in season), half a level above the line: +1 Hindrance" in s.explain(N)
    assert los(t, P("3T9"), P("3T7"), settings=LosSettings(in_season=False)).drm == 0
    assert not los(t, P("3R6"), P("3T7")).blocked and not los(t, loc("R6", 1), P("3T7")).blocked
    assert top_above(t, P("3R6"), P("3T7")) == 1
    assert top_above(t, loc("R6", 1), P("3T7")) == 0
    assert top_above(t, P("3T9"), P("3T7")) == 1
    # symmetric: the Russian firing back sees the same
    assert los(t, P("3T7"), loc("R6", 1)).blocked is False


# ---------------------------------------------------------------- Blind Hexes, ground viewer

def test_ground_blind_hexes_come_from_the_players_table() -> None:
    # a viewer on level 2 of D3, a 1-level woods in D5, targets at ground level behind it
    t = terrain(D3=HexTerrain("building", obstacle=3), D5=WOODS)
    v = loc("D3", 2)
    unknown = blind_hex(t, v, P("3D7"), None)
    assert unknown.blind is None and unknown.by == P("3D5") and "B10.23" in unknown.ask
    table = {(1.0, 1.0): 1}          # a player's entry: 1 Blind Hex behind a 1-level obstacle seen from 1 above
    assert blind_hex(t, v, P("3D6"), table).blind is True
    assert blind_hex(t, v, P("3D7"), table).blind is False
    assert blind_hex(t, v, P("3D7"), table).explain(N) == "3D7 behind 3D5 (1 Blind Hex): seen (B10.23)"
    assert blind_hex(Terrain(), v, P("3D7"), table).blind is False
    # the same reading inside los: only what is above both ends blocks, the rest by the table
    bh = LosSettings(slope="blind_hexes", blind=tuple(table.items()))
    assert los(t, v, P("3D6"), settings=bh).blocked and los(t, v, P("3D6"), settings=bh).cause == "blind"
    assert not los(t, v, P("3D7"), settings=bh).blocked
    asks = los(t, v, P("3D7"), settings=LosSettings(slope="blind_hexes")).asks
    assert len(asks) == 1 and "Blind Hex table" in asks[0]
    # the table as JSON (a player's file)
    assert blind_table({"1/1": 1, "2/0.5": 3}) == {(1.0, 1.0): 1, (2.0, 0.5): 3}
    for bad in ({"x": 1}, {"1/1": -1}, {"1/1": True}, {"1/1/1": 2}, {"1/0.3": 1}, {str(i): 1 for i in range(65)}):
        with pytest.raises(DataError):
            blind_table(bad)


# ---------------------------------------------------------------- E7.25 aerial mode

def test_the_e7_3_example_blind_hexes_from_the_air() -> None:
    # E7.3 EX: "A 4-6-7 is in the 19K7 building ... The FB is moved to K3 and faced towards K7 ...
    # K8 and K10 cannot be attacked because they are Blind Hexes [EXC: K10 could be attacked with a
    # +1 LOS Hindrance DRM if the K9 orchard were out-of-season; B14.2], but K9 can be attacked".
    b19 = HexMap.asl([["19"]])
    q = b19.parse
    # the in-season orchard blinds K10 as a full-level obstacle: painted 1 level high here
    t = Terrain({q("19K7"): HexTerrain("building", obstacle=1), q("19K9"): HexTerrain("orchard", obstacle=1)})
    north = 0  # the aircraft lies north of the targets, up column K
    k8, k9, k10 = aerial(t, q("19K8"), north), aerial(t, q("19K9"), north), aerial(t, q("19K10"), north)
    assert k8.blind and k8.sight.by == q("19K7") and k8.sight.cause == "obstacle"
    assert k10.blind and k10.sight.by == q("19K9")
    assert not k9.blind and k9.drm == 0
    out = aerial(t, q("19K10"), north, settings=LosSettings(in_season=False))
    assert not out.blind and out.drm == 1 and out.hindered_by == q("19K9")
    assert out.explain(b19.name)[-2:] == ["19K9: Orchard (out of season): +1 LOS Hindrance (E7.25)", "19K10 is seen (E7.25)"]


@pytest.mark.parametrize("painted", [0, 0.5, 1])
def test_the_e7_3_example_orchard_in_season_is_a_full_level_obstacle_by_default(painted: float) -> None:
    # issue #29: the EX needs the in-season K9 orchard to make the Blind Hex K10 for an aerial
    # viewer, and E7.25 makes Blind Hexes only behind full-level obstacles: an orchard in season is
    # one (setting los_orchard, default), however its hex is painted (the table's default is 0.5)
    b19 = HexMap.asl([["19"]])
    q = b19.parse
    t = Terrain({q("19K7"): HexTerrain("building", obstacle=1), q("19K9"): HexTerrain("orchard", obstacle=painted)})
    k10 = aerial(t, q("19K10"), 0)
    assert k10.blind and k10.sight.by == q("19K9")
    as_painted = aerial(t, q("19K10"), 0, settings=LosSettings.from_settings({"los_orchard": "as high as its hex is painted"}))
    assert as_painted.blind == (painted >= 1)
    assert not aerial(t, q("19K10"), 0, settings=LosSettings(in_season=False)).blind
    # on the ground, too: from level 2 of a building in K7 the line to K10 passes K9 at 2/3 of a
    # level, over half a level but not over a full one
    line_up = Terrain({q("19K7"): HexTerrain("building", obstacle=2), q("19K9"): HexTerrain("orchard", obstacle=painted)})
    assert los(line_up, Location(q("19K7"), 2), q("19K10")).blocked
    painted_only = LosSettings.from_settings({"los_orchard": "as high as its hex is painted"})
    assert los(line_up, Location(q("19K7"), 2), q("19K10"), settings=painted_only).blocked == (painted >= 1)


# ---------------------------------------------------------------- E1.94 zones, E1.941 shadows

@pytest.mark.parametrize("blaze,radius", [(1, 2), (0.5, 2), (2, 4), (3, 6), (4, 8)])
def test_e1_94_example_zone_ranges(blaze: float, radius: int) -> None:
    # E1.94 EX: "Vehicle, brush, orchard, grainfield, woods, and single-story building blazes all
    # have a two-hex Illumination range. A two-story house casts a four-hex Illumination range if
    # both levels contain blazes. A building of level 2 or 3 has an Illumination zone of six - or
    # eight - hex range respectively if all levels are ablaze."
    h = P("3M5")
    z = illuminated_zone(Terrain({h: HexTerrain("building", obstacle=max(blaze, 1), blaze=blaze)}), h)
    assert z.radius == radius and z.levels == radius // 2
    assert len(z.lit) == 1 + 3 * radius * (radius + 1) and z.shadows == ()
    assert z.lit[0] == h


def test_e1_941_shadows_behind_obstacles_of_a_level_or_more() -> None:
    # a single-story building ablaze in D3 (range 2); woods in D4: D5 (behind it) is in shadow;
    # grain in E3 (a half-level Hindrance) casts none; the woods hex itself is lit: 19 hexes less one.
    t = terrain(D3=HexTerrain("building", obstacle=1, blaze=1), D4=WOODS, E3=GRAIN)
    z = illuminated_zone(t, P("3D3"))
    assert names(z.shadow) == ["3D5"]
    assert len(z.lit) == 19 - 1 and P("3D4") in z.lit and P("3E3") in z.lit
    assert z.explain(N) == ["Blaze in 3D3: 1 blazing level, an Illuminated Zone of 2 hexes (E1.94)",
                            "3D5 is in shadow behind 3D4 (E1.941)"]
    # a two-story house ablaze at both levels (range 4) with a hexside D4 | D5: a wall (half a
    # level) casts no shadow; bocage (a level) shadows D6 and D7 down the column (the hexside is
    # D5's own for the line to D5: a hex at a hexside is seen, as a viewer there sees over it)
    house = HexTerrain("building", obstacle=2, blaze=2)
    walled = terrain(D3=house).add_side(P("3D4"), 3, "wall")
    assert illuminated_zone(walled, P("3D3")).shadows == ()
    boc = terrain(D3=house).add_side(P("3D4"), 3, "bocage")
    zb = illuminated_zone(boc, P("3D3"))
    assert {"3D6", "3D7"} <= set(names(zb.shadow)) and P("3D5") in zb.lit
    v = z.view()
    assert (P("3D5"), "shadow") in v.marks and v.zones[0][0] == "Illuminated Zone (2 hexes)"
    # only the hexes in play
    assert P("3D1") not in illuminated_zone(t, P("3D3"), in_play=lambda h: h != P("3D1")).lit
    with pytest.raises(RulesError, match="no Blaze"):
        illuminated_zone(t, P("3D4"))


# ---------------------------------------------------------------- the map's view, settings, input

def test_the_los_view_draws_the_thread_and_what_blocks_or_hinders() -> None:
    t = terrain(D4=GRAIN, D6=WOODS)
    v = los_view(t, P("3D3"), P("3D7"))
    assert v.paths == ((P("3D3"), P("3D7")),)
    assert (P("3D4"), "los-hindrance") in v.marks and (P("3D6"), "los-block") in v.marks
    assert dict(v.labels) == {P("3D4"): "+1", P("3D6"): "blocks", P("3D7"): "no LOS"}
    assert dict(los_view(terrain(D4=GRAIN), P("3D3"), P("3D7")).labels)[P("3D7")] == "LOS +1"
    assert explain(t, P("3D3"), P("3D7"), N)[-1] == "LOS blocked: 3D6 (LOS at hex level)"


def test_the_los_view_of_a_game_reads_its_settings() -> None:
    from airhead.scenario import Scenario
    from airhead.systems import new_game
    t = Terrain({SIDE_1: WOODS})
    g = new_game(Scenario("los", "asl", B3, t, {"weather": "Clear", "wind": 5}), "x")
    # a game's settings without the LOS keys: the defaults (both sides must block)
    assert dict(los_view(g.state, ALLEY_A, ALLEY_B).labels)[ALLEY_B] == "LOS"
    assert dict(los_view(g.state, ALLEY_A, ALLEY_B, settings=LosSettings(hexside="either")).labels)[ALLEY_B] == "no LOS"
    # the settings as a schema a system adds: defaults, and read back
    values = Schema(SETTING_FIELDS).parse({"los_season": "out of season", "los_slope": "only above both ends (Blind Hex table)"})
    assert values["los_hindrance_limit"] == 6
    read = LosSettings.from_settings(values)
    assert (read.in_season, read.slope, read.hexside, read.hindrance_limit) == (False, "blind_hexes", "both", 6)


def test_locations_and_settings_refuse_bad_input() -> None:
    for bad in ("1", 0.3, 21, float("nan"), True):
        with pytest.raises(DataError):
            Location(P("3D3"), bad)  # type: ignore[arg-type]
    assert issubclass(DataError, AirheadError)


def test_a_hex_blocking_only_its_side_of_a_hexside_run_is_not_marked_as_blocking() -> None:
    """Along a hexside, with 'both sides must block' (the default), woods on one side alone leave
    the line clear, and neither the explanation nor the map says that hex blocks."""
    from airhead.asl.los import los, los_view
    from airhead.hexes import line
    from airhead.terrain import HexTerrain, Terrain

    a = Hex(0, 0)
    b = next(x for x in (Hex(2, -1), Hex(1, 1), Hex(-1, 2), Hex(3, -3)) if line(a, x).along_hexside)
    pair = next(st for st in line(a, b).steps if isinstance(st, tuple))
    t = Terrain({pair[0]: HexTerrain("woods", obstacle=1)})
    sight = los(t, a, b)
    assert not sight.blocked
    assert not any(c.blocks for c in sight.crossings)
    assert all(role != "los-block" for _h, role in los_view(t, a, b).marks)
