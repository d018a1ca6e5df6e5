"""E1.94 / E1.941 on painted maps (asl/los_zone.py): a Blaze's shadows are the LOS the Blaze would
have as a viewing unit, read by the same trace as :func:`los` (A6.3 depressions, bridges passed
beneath, A6.8 Example 2, B23.71 rowhouse walls, Blind Hexes, the hexside and season settings), and
the zone's shortcut for lines nothing could shadow gives what tracing every line gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from airhead.asl.los import TABLE, Location, LosSettings, _trace, los
from airhead.asl.los_settings import _types
from airhead.asl.los_zone import illuminated_zone
from airhead.hexes import Hex
from airhead.tables import hexside_heights
from airhead.terrain import Bridge, HexTerrain, Terrain

CENTRE = Hex(0, 0)
AREA = CENTRE.within(6)
HEXES = st.sampled_from(CENTRE.within(3))
#: Terrain that casts shadows or changes how a line is read (hills, depressions, bridges, woods,
#: one- and two-level buildings, a Blaze in rubble) and, in :data:`ANY`, what never shadows
#: (Hindrances, half-level terrain, SMOKE).
SOLID = [HexTerrain(), HexTerrain(), HexTerrain(base_level=1), HexTerrain(base_level=2),
         HexTerrain("depression", base_level=-1), HexTerrain("depression", base_level=-1),
         HexTerrain("woods", obstacle=1), HexTerrain("woods", base_level=1, obstacle=1),
         HexTerrain("building", obstacle=1), HexTerrain("building", obstacle=2), HexTerrain("building", obstacle=2.5),
         HexTerrain("wooden_building", base_level=1, obstacle=1), HexTerrain("building", base_level=-1, obstacle=1),
         HexTerrain("rubble", blaze=1), HexTerrain("road", bridge=Bridge(0)),
         HexTerrain("depression", base_level=-1, bridge=Bridge(1)), HexTerrain("road", base_level=1, bridge=Bridge(1))]
ANY = SOLID + [HexTerrain("grain", obstacle=0.5), HexTerrain("orchard", obstacle=0.5), HexTerrain("brush", obstacle=0.5),
               HexTerrain(smoke=True), HexTerrain("building", obstacle=0.5)]
#: Every setting that can change a shadow: how ends at different levels are read (with a Blind
#: Hex table), along a hexside, level obstacles, the season, the orchard's height and its reading
#: at its own level, brush.
SETTINGS = st.builds(LosSettings, slope=st.sampled_from(["asl", "interpolate", "blind_hexes"]),
                     hexside=st.sampled_from(["both", "either"]), level_blocks=st.booleans(), in_season=st.booleans(),
                     orchard_full=st.booleans(), orchard_level=st.booleans(), brush_hinders=st.booleans(),
                     hindrance_limit=st.sampled_from([1, 6]), smoke=st.sampled_from([0, 2]),
                     blind=st.sampled_from([(), (((1.0, 1.0), 2), ((1.0, 2.0), 1), ((2.0, 1.0), 3))]))


@st.composite
def maps(draw: st.DrawFn, kinds: list[HexTerrain], features: tuple[str, ...]) -> Terrain:
    """A busy painted map: most hexes of the area painted, hexside features (rowhouse walls most
    often between buildings' hexes)."""
    t = Terrain(draw(st.dictionaries(st.sampled_from(AREA), st.sampled_from(kinds), min_size=20, max_size=90)))
    for h, d, f in draw(st.lists(st.tuples(st.sampled_from(AREA), st.integers(0, 5), st.sampled_from(features)),
                                 max_size=24)):
        t = t.add_side(h, d, f)
    return t


def _traced(t: Terrain, h: Hex, level: float, s: LosSettings, radius: int) -> list[tuple[Hex, bool]]:
    """Each hex of the zone and whether the full trace from the Blaze finds it in shadow."""
    return [(x, _trace(t, Location(h, level), Location(x), s, _types(None), hexside_heights(TABLE), minimum=1,
                       hindrances=False).blocked) for x in h.within(radius)[1:]]


@settings(max_examples=150, deadline=None)
@given(maps(ANY, ("wall", "hedge", "bocage", "cliff", "rowhouse_wall", "rowhouse_wall")), HEXES,
       st.sampled_from([1, 2, 3]), st.sampled_from([0, 0, 1, 2]), SETTINGS, st.sampled_from(SOLID))
def test_the_shortcut_gives_what_tracing_every_hex_of_the_zone_gives(t: Terrain, h: Hex, height: int, level: int,
                                                                     s: LosSettings, under: HexTerrain) -> None:
    # the Blaze in any solid terrain (a building, a depression, a hill...), a viewer at a level
    t = t.set_hex(h, HexTerrain(under.terrain, base_level=under.base_level, obstacle=under.obstacle, bridge=under.bridge,
                                blaze=height))
    z = illuminated_zone(t, h, settings=s, level=level)
    traced = _traced(t, h, level, s, z.radius)
    assert z.lit == (h,) + tuple(x for x, blocked in traced if not blocked)
    assert z.shadow == tuple(x for x, blocked in traced if blocked)


@settings(max_examples=120, deadline=None)
@given(maps(SOLID, ("bocage", "cliff", "rowhouse_wall", "rowhouse_wall")), HEXES, st.sampled_from([1, 2, 3]),
       st.sampled_from([0, 0, 1]), SETTINGS, st.sampled_from(SOLID))
def test_on_a_map_of_obstacles_the_shadows_are_where_los_is_blocked(t: Terrain, h: Hex, height: int, level: int,
                                                                     s: LosSettings, under: HexTerrain) -> None:
    # no Hindrance, no half-level terrain, no wall or hedge (under a level): a Blaze's shadows are
    # exactly the hexes a unit in its place has no LOS to, by the public los()
    t = t.set_hex(h, HexTerrain(under.terrain, base_level=under.base_level, obstacle=under.obstacle, bridge=under.bridge,
                                blaze=height))
    z = illuminated_zone(t, h, settings=s, level=level)
    assert set(z.shadow) == {x for x in h.within(z.radius)[1:] if los(t, Location(h, level), x, settings=s).blocked}


def _shadow(t: Terrain, blaze: Hex, x: Hex, s: LosSettings | None = None) -> tuple[bool, str]:
    z = illuminated_zone(t, blaze, settings=s)
    got = [sh for sh in z.shadows if sh.b.hex == x]
    return bool(got), got[0].cause if got else ""


def test_e1_941_a_rowhouse_wall_on_the_blazes_own_hexside_casts_a_shadow() -> None:
    # B23.71: a burning rowhouse does not light the next house through their common wall
    a, b, c = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    t = Terrain({a: HexTerrain("building", obstacle=1, blaze=1), b: HexTerrain("building", obstacle=1)})
    assert _shadow(t, a, b) == (False, "")
    walled = t.add_side(a, 0 if a.neighbor(0) == b else next(d for d in range(6) if a.neighbor(d) == b), "rowhouse_wall")
    assert _shadow(walled, a, b) == (True, "hexside")
    assert _shadow(walled, a, c)[0]  # and the hex beyond, seen through the wall's hexside
    # a lit hex in a rowhouse whose wall faces the Blaze: as a viewer, the Blaze's line enters it
    # through that wall (the far end's own hexside, B23.71)
    d = next(d for d in range(6) if b.neighbor(d) == c)
    far = Terrain({a: HexTerrain(blaze=1), c: HexTerrain("building", obstacle=1)})
    assert _shadow(far, a, c) == (False, "")
    assert _shadow(far.add_side(b, d, "rowhouse_wall"), a, c) == (True, "hexside")
    assert los(far.add_side(b, d, "rowhouse_wall"), a, c).blocked


def test_e1_941_a6_8_example_2_the_next_hex_of_a_building_at_another_height() -> None:
    # a Blaze at ground level in a building; the next building hex stands a level higher (a hill):
    # as a viewer there, the Blaze would not see it (A6.8 Example 2), so it lies in shadow
    a, b = Hex(0, 0), Hex(1, 0)
    t = Terrain({a: HexTerrain("building", obstacle=1, blaze=1), b: HexTerrain("building", base_level=1, obstacle=1)})
    assert _shadow(t, a, b) == (True, "obstacle")
    assert los(t, a, b).blocked
    # the same hex as open ground on the hill is lit
    assert _shadow(t.set_hex(b, HexTerrain(base_level=1)), a, b) == (False, "")


def test_e1_941_a_blaze_in_a_gully_lights_only_what_a6_3_lets_it_see() -> None:
    # a Blaze in a gully hex, the gully running east; a hex two levels up three hexes away is lit
    # along the gully but not across its bank (A6.3: the thread leaves the depression too soon)
    g = [Hex(q, 0) for q in range(0, 3)]
    t = Terrain({h: HexTerrain("depression", base_level=-1) for h in g})
    t = t.update_hex(g[0], blaze=2)
    along, across = Hex(3, 0), Hex(0, 3)
    t = t.set_hex(along, HexTerrain(base_level=1)).set_hex(across, HexTerrain(base_level=1))
    s = LosSettings(slope="interpolate")
    assert los(t, g[0], along, settings=s).blocked == _shadow(t, g[0], along, s)[0]
    assert not _shadow(t, g[0], along, s)[0]
    assert _shadow(t, g[0], across, s)[0] and los(t, g[0], across, settings=s).blocked


def test_e1_941_a_bridge_above_the_blaze_is_passed_beneath() -> None:
    # a Blaze in a gully lights the gully under a road bridge: the bridge casts no shadow
    g = [Hex(q, 0) for q in range(0, 4)]
    t = Terrain({h: HexTerrain("depression", base_level=-1) for h in g})
    t = t.update_hex(g[0], blaze=2).set_hex(g[1], HexTerrain("road", base_level=0, bridge=Bridge(0)))
    assert not _shadow(t, g[0], g[3])[0] and not los(t, g[0], g[3]).blocked
