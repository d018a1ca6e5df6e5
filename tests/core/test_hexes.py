"""Hex geometry: directions, distance, lines, rings, rotation, reflection, layout."""

from __future__ import annotations

import math
from fractions import Fraction

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
    assert ln.steps[0] == a and ln.steps[-1] == b
    assert all(x.distance(y) == 1 for x, y in zip(ln.hexes, ln.hexes[1:]) if x != y)
    assert ln.spans[0][0] == 0 and ln.spans[-1][1] == 1
    assert all(p[1] == q[0] for p, q in zip(ln.spans, ln.spans[1:]))
    back = line(b, a)
    assert [set(s) if isinstance(s, tuple) else {s} for s in back.steps][::-1] == [
        set(s) if isinstance(s, tuple) else {s} for s in ln.steps
    ]


# Each hex's outline in axial coordinates about its centre (flat-topped corners at 0°, 60°, ...).
_CORNERS = [(Fraction(2, 3), Fraction(-1, 3)), (Fraction(1, 3), Fraction(1, 3)), (Fraction(-1, 3), Fraction(2, 3)),
            (Fraction(-2, 3), Fraction(1, 3)), (Fraction(-1, 3), Fraction(-1, 3)), (Fraction(1, 3), Fraction(-2, 3))]


def _clip(h: Hex, dq: int, dr: int) -> tuple[Fraction, Fraction, int] | None:
    """Cyrus-Beck: the part (t0, t1) of the segment from the origin to (dq, dr) inside hex ``h``'s
    outline (exact), and the edge (0..5, -1: none) its middle lies on; None if at most a point."""
    lo, hi = Fraction(0), Fraction(1)
    for i in range(6):
        (x0, y0), (x1, y1) = _CORNERS[i], _CORNERS[(i + 1) % 6]
        ex, ey = x1 - x0, y1 - y0
        # inside: cross(edge, p - corner) >= 0 (the corners run anticlockwise in axial (q, r))
        px, py = -h.q - x0, -h.r - y0  # p(0) relative to the corner
        c0 = ex * py - ey * px
        dc = ex * dr - ey * dq
        if dc == 0:
            if c0 < 0:
                return None
        elif dc > 0:
            lo = max(lo, -c0 / dc)
        else:
            hi = min(hi, -c0 / dc)
    if hi <= lo:
        return None
    m = (lo + hi) / 2
    on = [i for i in range(6)
          if (_CORNERS[(i + 1) % 6][0] - _CORNERS[i][0]) * (m * dr - h.r - _CORNERS[i][1])
          - (_CORNERS[(i + 1) % 6][1] - _CORNERS[i][1]) * (m * dq - h.q - _CORNERS[i][0]) == 0]
    return lo, hi, on[0] if on else -1


def test_lines_match_clipping_with_the_hex_outlines_within_range_8() -> None:
    """Issue #29: each step of :func:`line` is a hex whose inside the line passes through, or the
    two hexes of a hexside it runs exactly along (collinear), as clipping the line with every
    hex's outline finds them — for every pair of hexes within range 8 (a line does not change
    when both ends move by whole hexes; two other origins check that)."""
    for dq in range(-8, 9):
        for dr in range(-8, 9):
            if max(abs(dq), abs(dr), abs(dq + dr)) > 8:
                continue
            # a prefilter: the hexes whose centre lies within a circumradius (and a little) of the line
            reach = 1.01 * math.hypot(1.5 * dq, math.sqrt(3) * (dr + dq / 2)) / math.sqrt(3)
            near = [h for h in O.within(9)
                    if abs(1.5 * h.q * (dr + dq / 2) - (h.r + h.q / 2) * 1.5 * dq) <= reach + 1e-9]
            pieces: dict[tuple[Fraction, Fraction], set[Hex]] = {}
            for h in near:
                got = _clip(h, dq, dr)
                if got is not None:
                    lo, hi, edge = got
                    pieces.setdefault((lo, hi), set()).add(h)
                    if edge >= 0:  # along edge i: the neighbour across it (edge i faces direction (i + 2) % 6)
                        pieces[(lo, hi)].add(h.neighbor((edge + 2) % 6))
            expected = [(span, frozenset(hs)) for span, hs in sorted(pieces.items(), key=lambda kv: kv[0])]
            for a in (O, Hex(5, -3), Hex(-2, 7)):
                ln = line(a, a + Hex(dq, dr))
                found = [(span, frozenset(st - a for st in (s if isinstance(s, tuple) else (s,))))
                         for span, s in zip(ln.spans, ln.steps)]
                assert found == expected, (dq, dr)
                assert all(len(hs) in (1, 2) for _, hs in found)
                # only a line collinear with a hexside (the alternate hex grain) runs along one
                assert ln.along_hexside == ((dq, dr) != (0, 0) and (dq == dr or dq == -2 * dr or dr == -2 * dq))


def test_a_line_across_a_hexside_midpoint_at_an_angle_crosses_it() -> None:
    """Issue #29: (0,0) -> (-8,1) passes through the midpoint of the hexside between (-4,0) and
    (-4,1) at an angle: it enters both hexes, and runs along no hexside."""
    ln = line(O, Hex(-8, 1))
    assert not ln.along_hexside
    assert Hex(-4, 0) in ln.steps and Hex(-4, 1) in ln.steps
    # and a line that meets a vertex without running along a hexside ((4, 1) at t = 1/3, 2/3)
    assert not line(O, Hex(4, 1)).along_hexside
    # only a line collinear with a hexside runs along it: the alternate hex grain
    assert [s for s in line(O, Hex(2, 2)).steps if isinstance(s, tuple)] == [(Hex(0, 1), Hex(1, 0)), (Hex(1, 2), Hex(2, 1))]


@given(hexes)
def test_pixel_round_trip(h: Hex) -> None:
    lay = Layout(17.0, Point(3.0, -5.0))
    assert lay.pixel_to_hex(lay.center(h)) == h


def test_direction_vectors_sum_to_zero() -> None:
    assert sum(dq for dq, _ in DIRECTIONS) == 0 and sum(dr for _, dr in DIRECTIONS) == 0
