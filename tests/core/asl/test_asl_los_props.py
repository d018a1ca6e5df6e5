"""Properties of ASL LOS at hex level (asl/los.py) on random small maps: symmetry, adjacent hexes,
open ground, and adding an obstacle never opens a line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from airhead.asl.los import LosSettings, Location, los
from airhead.asl.los_zone import illuminated_zone
from airhead.hexes import Hex
from airhead.terrain import Bridge, HexTerrain, Terrain

CENTRE = Hex(0, 0)
AREA = CENTRE.within(4)                      # 61 hexes
SIDE_FEATURES = ("wall", "hedge", "bocage", "cliff", "rowhouse_wall")
KINDS = st.sampled_from([
    HexTerrain(), HexTerrain(base_level=1), HexTerrain(base_level=2), HexTerrain("depression", base_level=-1),
    HexTerrain("woods", obstacle=1), HexTerrain("building", obstacle=2), HexTerrain("grain", obstacle=0.5),
    HexTerrain("orchard", obstacle=0.5), HexTerrain("brush", obstacle=0.5), HexTerrain(smoke=True),
    HexTerrain("woods", base_level=1, obstacle=1), HexTerrain("rubble", blaze=1),
    HexTerrain("road", bridge=Bridge(0)), HexTerrain("depression", base_level=-1, bridge=Bridge(1)),
    HexTerrain("building", obstacle=2.5),
])
HEXES = st.sampled_from(AREA)
SETTINGS = st.builds(LosSettings, hexside=st.sampled_from(["both", "either"]), in_season=st.booleans(),
                     level_blocks=st.booleans(), hindrance_limit=st.integers(2, 6), smoke=st.integers(0, 3))


@st.composite
def maps(draw: st.DrawFn) -> Terrain:
    hexes = draw(st.dictionaries(HEXES, KINDS, max_size=25))
    t = Terrain(hexes)
    for h, d, f in draw(st.lists(st.tuples(HEXES, st.integers(0, 5), st.sampled_from(SIDE_FEATURES)), max_size=8)):
        t = t.add_side(h, d, f)
    return t


FAST = settings(max_examples=100, deadline=None)


@FAST
@given(maps(), HEXES, HEXES, st.sampled_from([0, 1]), SETTINGS)
def test_los_is_symmetric_at_equal_levels(t: Terrain, a: Hex, b: Hex, level: int, s: LosSettings) -> None:
    ab = los(t, Location(a, level), Location(b, level), settings=s)
    ba = los(t, Location(b, level), Location(a, level), settings=s)
    # what blocks is the same both ways; ``cause`` names the first blocker met, which depends on the end
    assert (ab.blocked, ab.drm, set(ab.by)) == (ba.blocked, ba.drm, set(ba.by))


@FAST
@given(maps(), HEXES, HEXES, st.sampled_from([0, 0.5, 1, 2]), st.sampled_from([0, 1, 2]))
def test_los_is_symmetric_between_different_levels_too(t: Terrain, a: Hex, b: Hex, la: float, lb: float) -> None:
    # the line's height is interpolated, so reversing it changes nothing
    ab, ba = los(t, Location(a, la), Location(b, lb)), los(t, Location(b, lb), Location(a, la))
    assert (ab.blocked, ab.drm) == (ba.blocked, ba.drm)


@FAST
@given(maps(), HEXES, st.integers(0, 5), SETTINGS)
def test_adjacent_hexes_always_see_each_other(t: Terrain, a: Hex, d: int, s: LosSettings) -> None:
    s_ = los(t, a, a.neighbor(d), settings=s)
    if "rowhouse_wall" in t.side_between(a, a.neighbor(d)) and {t.at(a).terrain, t.at(a.neighbor(d)).terrain} & {"building"}:
        return  # B23.71: a rowhouse wall on their hexside blocks (test_los_painted_rules)
    assert not s_.blocked and s_.drm == 0 and s_.crossings == ()


@FAST
@given(HEXES, HEXES, st.sampled_from([-1, 0, 1, 3]), SETTINGS)
def test_a_clear_open_map_never_blocks(a: Hex, b: Hex, base: int, s: LosSettings) -> None:
    flat = Terrain({h: HexTerrain(base_level=base) for h in AREA}) if base else Terrain()
    sight = los(flat, a, b, settings=s)
    assert not sight.blocked and sight.drm == 0 and sight.asks == ()


@FAST
@given(maps(), HEXES, HEXES, HEXES)
def test_an_added_obstacle_never_opens_a_line(t: Terrain, a: Hex, b: Hex, extra: Hex) -> None:
    before = los(t, a, b)
    after = los(t.set_hex(extra, HexTerrain("building", base_level=t.at(extra).base_level, obstacle=3)), a, b)
    assert after.blocked or not before.blocked


@settings(max_examples=40, deadline=None)
@given(maps(), HEXES)
def test_a_blaze_zone_splits_its_hexes_into_lit_and_shadow(t: Terrain, h: Hex) -> None:
    z = illuminated_zone(t.update_hex(h, blaze=1), h)
    assert z.radius == 2 and z.lit[0] == h
    assert set(z.lit) | set(z.shadow) == set(h.within(2)) and not set(z.lit) & set(z.shadow)
    # every shadow is explained by something on its line from the Blaze
    assert all(s.blocked and s.by for s in z.shadows)


@FAST
@given(HEXES, HEXES, st.integers(-30, 30), st.integers(-30, 30))
def test_the_cached_line_is_the_exact_line(a: Hex, b: Hex, dq: int, dr: int) -> None:
    from airhead.asl.los import _line
    from airhead.hexes import line
    a, b = a + Hex(dq, dr), b + Hex(dq, dr)
    assert _line(a, b) == line(a, b)


BLIND = st.builds(LosSettings, slope=st.sampled_from(["interpolate", "blind_hexes"]), hexside=st.sampled_from(["both", "either"]),
                  in_season=st.booleans(), level_blocks=st.booleans(), orchard_full=st.booleans())


@FAST
@given(maps(), HEXES, st.sampled_from([1, 2, 0.5]), st.sampled_from([0, 1]), BLIND)
def test_a_blaze_zone_is_what_tracing_every_hex_gives(t: Terrain, h: Hex, height: float, level: int, s: LosSettings) -> None:
    # the zone skips the trace of a line nothing could shadow: the same lit hexes and shadows as
    # tracing every line (E1.941: obstacles of a level or more, higher ground, hexside features)
    from airhead.asl.los import _trace
    from airhead.asl.los_settings import _types
    from airhead.tables import hexside_heights
    from airhead.asl.los import TABLE

    t = t.update_hex(h, blaze=height)
    z = illuminated_zone(t, h, settings=s, level=level)
    traced = [(x, _trace(t, Location(h, level), Location(x), s, _types(None), hexside_heights(TABLE), minimum=1, hindrances=False))
              for x in h.within(z.radius)[1:]]
    assert z.lit == (h,) + tuple(x for x, sight in traced if not sight.blocked)
    assert z.shadows == tuple(sight for _, sight in traced if sight.blocked)
