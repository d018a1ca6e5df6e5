"""Hex geometry: directions, distance, lines, rings, rotation, reflection, layout."""

from __future__ import annotations

import math

from airhead.hexes import (
    DIRECTIONS,
    Hex,
    Hexside,
    Layout,
    Point,
    asl_direction,
    direction_between,
    from_asl_direction,
    line,
    opposite,
)
from hypothesis import given
from hypothesis import strategies as st

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)

O = Hex(0, 0)


def test_six_directions_are_unit_steps_clockwise_from_north() -> None:
    assert [O.neighbor(d) for d in range(6)] == [Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)]
    assert all(O.distance(O.neighbor(d)) == 1 for d in range(6))
    assert [opposite(d) for d in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [asl_direction(d) for d in range(6)] == [1, 2, 3, 4, 5, 6]
    assert [from_asl_direction(n) for n in range(1, 7)] == list(range(6))


def test_distance_and_cube_invariant() -> None:
    h = Hex(3, -7)
    assert h.q + h.r + h.s == 0
    assert O.distance(h) == 7
    assert Hex(2, 2).distance(Hex(-1, 0)) == 5


def test_ray_walks_the_hex_grain() -> None:
    assert O.ray(2, 3) == [Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert direction_between(O, Hex(3, 0)) == 2
    assert direction_between(O, Hex(2, 1)) is None


def test_rings_and_ranges() -> None:
    assert O.ring(0) == [O]
    r1 = O.ring(1)
    assert r1[0] == Hex(0, -1) and set(r1) == set(O.neighbors())
    r3 = O.ring(3)
    assert len(r3) == 18 and len(set(r3)) == 18 and all(O.distance(h) == 3 for h in r3)
    # consecutive ring hexes are adjacent and the ring goes clockwise from north
    assert all(a.distance(b) == 1 for a, b in zip(r3, r3[1:] + r3[:1]))
    assert r3[3] == O.neighbor(1, 3)
    assert len(O.within(3)) == 37


def test_rotation_is_clockwise_sixty_degrees() -> None:
    assert Hex(0, -1).rotate(O) == Hex(1, -1)  # N -> NE
    assert Hex(0, -2).rotate(O, 2) == Hex(2, 0)  # N -> SE
    assert Hex(0, -1).rotate(O, -1) == Hex(-1, 0)  # N -> NW
    c = Hex(4, -2)
    assert c.neighbor(0, 2).rotate(c, 3) == c.neighbor(3, 2)


def test_point_reflection_about_hex_and_hexside() -> None:
    c = Hex(2, 1)
    assert c.neighbor(0, 2).reflect_point(c) == c.neighbor(3, 2)
    side = Hexside.of(O, 2)  # between O and its SE neighbour
    assert O.reflect_hexside(side) == Hex(1, 0)
    assert Hex(0, -1).reflect_hexside(side) == Hex(1, 1)


def test_hexside_canonical_form() -> None:
    a = Hex(3, 3)
    for d in range(6):
        s = Hexside.of(a, d)
        assert s == Hexside.of(a.neighbor(d), opposite(d))
        assert 0 <= s.direction <= 2
        assert set(s.hexes()) == {a, a.neighbor(d)}
    assert Hexside.between(a, a.neighbor(4)) == Hexside.of(a, 4)


def test_line_along_grain_has_single_hexes() -> None:
    ln = line(O, Hex(0, 4))
    assert ln.steps == (O, Hex(0, 1), Hex(0, 2), Hex(0, 3), Hex(0, 4))
    assert not ln.along_hexside


def test_line_along_hexside_is_reported_not_nudged() -> None:
    # (0,0) -> (1,1) runs along the alternate hex grain, exactly down the hexside between
    # (1,0) and (0,1): the middle step is that pair.
    ln = line(O, Hex(1, 1))
    assert ln.along_hexside
    assert ln.steps[0] == O and ln.steps[-1] == Hex(1, 1)
    assert set(ln.steps[1]) == {Hex(1, 0), Hex(0, 1)}  # type: ignore[arg-type]


def test_ordinary_line() -> None:
    ln = line(O, Hex(3, -1))
    assert not ln.along_hexside
    assert ln.hexes[0] == O and ln.hexes[-1] == Hex(3, -1)
    assert all(a.distance(b) == 1 for a, b in zip(ln.hexes, ln.hexes[1:]))


def test_layout_flat_topped() -> None:
    lay = Layout(10.0)
    assert lay.center(O) == Point(0.0, 0.0)
    n = lay.center(Hex(0, -1))
    assert n.x == 0 and math.isclose(n.y, -10 * math.sqrt(3))
    se = lay.center(Hex(1, 0))
    assert math.isclose(se.x, 15) and math.isclose(se.y, 5 * math.sqrt(3))
    a, b = lay.hexside_segment(Hexside.of(O, 0))
    assert math.isclose(a.y, b.y) and a.y < 0  # the north hexside is horizontal, above the centre


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, st.integers(-7, 7))
def test_rotation_preserves_distance(a: Hex, c: Hex, k: int) -> None:
    assert a.rotate(c, k).distance(c) == a.distance(c)
    assert a.rotate(c, k).rotate(c, -k) == a
    assert a.rotate(c, 6) == a


@given(hexes, hexes)
def test_reflection_is_an_involution(a: Hex, c: Hex) -> None:
    assert a.reflect_point(c).reflect_point(c) == a
    assert a.reflect_point(c).distance(c) == a.distance(c)
    s = Hexside.of(c, 1)
    assert a.reflect_hexside(s).reflect_hexside(s) == a


@given(hexes, hexes)
def test_lines_are_connected_and_symmetric(a: Hex, b: Hex) -> None:
    ln = line(a, b)
    assert len(ln.steps) == a.distance(b) + 1
    assert ln.steps[0] == a and ln.steps[-1] == b
    back = line(b, a)
    assert [set(s) if isinstance(s, tuple) else {s} for s in back.steps][::-1] == [
        set(s) if isinstance(s, tuple) else {s} for s in ln.steps
    ]


@given(hexes)
def test_pixel_round_trip(h: Hex) -> None:
    lay = Layout(17.0, Point(3.0, -5.0))
    assert lay.pixel_to_hex(lay.center(h)) == h


def test_direction_vectors_sum_to_zero() -> None:
    assert sum(dq for dq, _ in DIRECTIONS) == 0 and sum(dr for _, dr in DIRECTIONS) == 0
