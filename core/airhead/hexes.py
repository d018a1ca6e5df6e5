"""Hex geometry on a flat-topped grid, in cube/axial coordinates.

Coordinates follow Red Blob Games' "Hexagonal Grids" conventions for flat-topped hexes with
screen y growing downwards: ``q`` grows to the right (east), ``r`` grows down-left, and
``q + r + s == 0``. Board names ("4P10", "F/d2") exist only at the edges, in :mod:`airhead.boards`.

Directions are numbered 0..5 clockwise from straight up (north). ASL numbers the same
directions 1..6 (:func:`asl_direction`): 1 is up the column, 2 up-right, 3 down-right,
4 down, 5 down-left, 6 up-left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, Sequence, Union

from .work import traced

__all__ = [
    "Hex",
    "Hexside",
    "Span",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "HexLine",
    "Layout",
    "Point",
    "direction_between",
    "line",
    "hex_round",
    "round_axial",
    "opposite",
    "asl_direction",
    "from_asl_direction",
]

#: Axial (dq, dr) for directions 0..5 clockwise from north on a flat-topped grid.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: Compass names of the six directions (flat-topped hexes: no east or west neighbour).
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


def opposite(direction: int) -> int:
    """The direction pointing the other way (0..5)."""
    return (direction + 3) % 6


def asl_direction(direction: int) -> int:
    """ASL direction number (1..6, clockwise from up the column) of a direction 0..5."""
    return direction % 6 + 1


def from_asl_direction(number: int) -> int:
    """Direction 0..5 of an ASL direction number 1..6."""
    if not 1 <= number <= 6:
        raise ValueError(f"ASL direction must be 1..6, not {number}")
    return number - 1


@dataclass(frozen=True, order=True, slots=True, init=False)
class Hex:
    """A hex in axial coordinates; ``s`` is derived. Immutable and hashable."""

    q: int
    r: int

    def __init__(self, q: int, r: int) -> None:
        # what the frozen dataclass's own __init__ does (object.__setattr__ per field), through
        # the slots' setters: the rules make some 10^4 hexes a heatmap, this is ~40 % quicker
        _SET_Q(self, q)
        _SET_R(self, r)

    @property
    def s(self) -> int:
        """Third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This vector multiplied by ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin in hexes."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Distance in hexes (steps through hexsides)."""
        # (self - other).length() without the Hex between: line of sight asks it ~10^5 times a
        # Blaze's zone, where each Python-level call and object costs most in Pyodide
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # hashing and comparing a Hex are the rules' commonest steps (dict look-ups by hex): an int
    # from the coordinates (unique for |r| < 10^6) and the fields compared, no tuples made, is
    # ~40 % quicker a look-up on CPython, more in Pyodide, whose calls cost most
    def __hash__(self) -> int:
        return self.q * 1_000_003 + self.r

    def __eq__(self, other: object) -> bool:
        if type(other) is Hex:
            return self.q == other.q and self.r == other.r
        return NotImplemented

    def neighbor(self, direction: int, steps: int = 1) -> Hex:
        """The hex ``steps`` hexes away in ``direction`` (0..5), along the hex grain."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq * steps, self.r + dr * steps)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes, in direction order 0..5."""
        return [self.neighbor(d) for d in range(6)]

    def ray(self, direction: int, count: int, start: int = 1) -> list[Hex]:
        """``count`` hexes in a straight line along the hex grain, from ``start`` steps away."""
        return [self.neighbor(direction, i) for i in range(start, start + count)]

    def rotate(self, center: Hex, turns: int = 1) -> Hex:
        """Rotate about ``center`` by ``turns`` × 60° clockwise (negative: anticlockwise)."""
        q, r = self.q - center.q, self.r - center.r
        s = -q - r
        for _ in range(turns % 6):
            # clockwise on screen (y down) for flat-topped axial: (q, r, s) -> (-r, -s, -q)
            q, r, s = -r, -s, -q
        return Hex(center.q + q, center.r + r)

    def reflect_point(self, center: Hex) -> Hex:
        """Point reflection about the centre of ``center``: ``p' = 2c - p``."""
        return Hex(2 * center.q - self.q, 2 * center.r - self.r)

    def reflect_hexside(self, side: Hexside) -> Hex:
        """Point reflection about the midpoint of a hexside ``a|b``: ``p' = a + b - p``."""
        a, b = side.hexes()
        return Hex(a.q + b.q - self.q, a.r + b.r - self.r)

    def ring(self, radius: int) -> list[Hex]:
        """Hexes at exactly ``radius`` from this one, clockwise starting north."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        if radius == 0:
            return [self]
        result: list[Hex] = []
        h = self.neighbor(0, radius)
        # walking from the north corner clockwise: first leg goes SE (2)
        for leg in range(6):
            for _ in range(radius):
                result.append(h)
                h = h.neighbor((leg + 2) % 6)
        return result

    def within(self, radius: int) -> list[Hex]:
        """Every hex at distance ≤ ``radius``, centre first then ring by ring."""
        out: list[Hex] = []
        for k in range(radius + 1):
            out.extend(self.ring(k))
        return out

    def hexside(self, direction: int) -> Hexside:
        """The hexside of this hex facing ``direction``."""
        return Hexside.of(self, direction)


#: The setters of Hex's slots (for :meth:`Hex.__init__`).
_SET_Q: Callable[[Hex, int], None] = Hex.__dict__["q"].__set__
_SET_R: Callable[[Hex, int], None] = Hex.__dict__["r"].__set__


@dataclass(frozen=True, order=True, slots=True, init=False)
class Hexside:
    """A hexside, stored canonically as (hex, direction) with direction in 0..2."""

    hex: Hex
    direction: int

    def __init__(self, hex: Hex, direction: int) -> None:
        _SET_HEX(self, hex)  # as Hex.__init__
        _SET_DIRECTION(self, direction)

    @staticmethod
    def of(h: Hex, direction: int) -> Hexside:
        """The hexside of ``h`` facing ``direction`` (0..5), in canonical form."""
        direction %= 6
        if direction < 3:
            return Hexside(h, direction)
        return Hexside(h.neighbor(direction), direction - 3)

    @staticmethod
    def between(a: Hex, b: Hex) -> Hexside:
        """The hexside shared by adjacent hexes ``a`` and ``b``."""
        d = _DIRECTION_OF.get((b.q - a.q, b.r - a.r))  # (line of sight asks it at every hexside crossed)
        if d is None:
            raise ValueError(f"{a!r} and {b!r} are not adjacent")
        return Hexside.of(a, d)

    # as Hex's: no tuples made (a hexside feature is looked up at every hexside a line crosses)
    def __hash__(self) -> int:
        h = self.hex
        return (h.q * 1_000_003 + h.r) * 8 + self.direction

    def __eq__(self, other: object) -> bool:
        if type(other) is Hexside:
            return self.direction == other.direction and self.hex == other.hex
        return NotImplemented

    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes this side separates."""
        return self.hex, self.hex.neighbor(self.direction)


#: The direction 0..5 of each neighbour's (dq, dr).
_DIRECTION_OF: dict[tuple[int, int], int] = {d: i for i, d in enumerate(DIRECTIONS)}
#: The setters of Hexside's slots (for :meth:`Hexside.__init__`).
_SET_HEX: Callable[[Hexside, Hex], None] = Hexside.__dict__["hex"].__set__
_SET_DIRECTION: Callable[[Hexside, int], None] = Hexside.__dict__["direction"].__set__


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction 0..5 from ``a`` to ``b`` if ``b`` lies on a hex grain from ``a``, else None."""
    d = b - a
    n = d.length()
    if n == 0:
        return None
    for i, (dq, dr) in enumerate(DIRECTIONS):
        if d.q == dq * n and d.r == dr * n:
            return i
    return None


Step = Union[Hex, tuple[Hex, ...]]
#: Where a step lies on its line: the part ``(t0, t1)`` of the line from its first centre
#: (``t = 0``) to its last (``t = 1``) that lies in the step's hex or along its hexside.
Span = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class HexLine:
    """A line of sight/flight between two hex centres.

    Each step is a single hex the line passes through, or a tuple of the two hexes whose common
    hexside the line runs exactly along (collinear with it) at that step. ``spans`` gives each
    step's part of the line (:data:`Span`; empty for a line built by hand). The rules decide
    which applies; nothing is nudged.
    """

    steps: tuple[Step, ...]
    spans: tuple[Span, ...] = ()

    def __post_init__(self) -> None:
        # a line traced (line of sight, an Illuminated Zone's shadows): its rules read and weigh
        # each step, the costliest work per hex of the core (airhead.work)
        steps = self.steps
        first, last = steps[0], steps[-1]
        if isinstance(first, Hex) and isinstance(last, Hex):
            traced((last.q - first.q, last.r - first.r), len(steps))
        else:
            traced((0, 0), len(steps))

    @classmethod
    def _uncharged(cls, steps: tuple[Step, ...], spans: tuple[Span, ...] = ()) -> HexLine:
        """A line made by :func:`line`, whose callers cache it and charge it when they trace it
        (the count then does not depend on the cache)."""
        made: HexLine = cls.__new__(cls)
        object.__setattr__(made, "steps", steps)
        object.__setattr__(made, "spans", spans)
        return made

    @property
    def hexes(self) -> list[Hex]:
        """Every hex the line touches, in order (both hexes of a hexside step)."""
        out: list[Hex] = []
        for st in self.steps:
            if isinstance(st, Hex):
                out.append(st)
            else:
                out.extend(st)
        return out

    @property
    def along_hexside(self) -> bool:
        """True if some part of the line runs exactly along a hexside."""
        return any(not isinstance(st, Hex) for st in self.steps)

    def at(self, i: int) -> Fraction:
        """Where step ``i`` lies on the line: the middle of its span (``t`` from 0 to 1)."""
        if self.spans:
            t0, t1 = self.spans[i]
            return (t0 + t1) / 2
        return Fraction(i, max(len(self.steps) - 1, 1))


def _cube_round(q: Fraction | float, r: Fraction | float) -> Hex:
    return Hex(*round_axial(q, r))


def round_axial(q: Fraction | float, r: Fraction | float) -> tuple[int, int]:
    """The axial coordinates ``(q, r)`` of the hex holding the fractional axial position
    ``(q, r)`` (cube rounding), without making a :class:`Hex` (for loops that only look hexes up)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def hex_round(q: float, r: float) -> Hex:
    """The hex holding the fractional axial position ``(q, r)`` (cube rounding)."""
    return _cube_round(q, r)


def _cells(pq: int, pr: int, d: int) -> tuple[tuple[int, int], ...]:
    """The hexes whose outline (edges included) holds the axial point ``(pq / d, pr / d)``.

    A hex's outline is, in cube coordinates about its centre, ``max(|x - y|, |y - z|, |z - x|)
    <= 1``: its six hexsides lie on those three families of lines."""
    cq, cr = (2 * pq + d) // (2 * d), (2 * pr + d) // (2 * d)
    x, y = pq - cq * d, pr - cr * d
    z = -x - y
    if max(abs(x - y), abs(y - z), abs(z - x)) < d:  # strictly inside that hex: on no other's outline
        return ((cq, cr),)
    out = []
    for hq, hr in ((cq, cr), *((cq + a, cr + b) for a, b in DIRECTIONS)):
        x, y = pq - hq * d, pr - hr * d
        z = -x - y
        if max(abs(x - y), abs(y - z), abs(z - x)) <= d:
            out.append((hq, hr))
    return tuple(sorted(out))


def line(a: Hex, b: Hex) -> HexLine:
    """The hexes on the straight line between the centres of ``a`` and ``b``, in order.

    Exact (integer arithmetic): a step is each hex whose inside the line passes through (a hex
    it meets only at a vertex is not one), or the two hexes of a hexside the line runs exactly
    along — only a line collinear with a hexside does (one through a hexside's midpoint at an
    angle crosses it). Every hexside lies on a line where a cube coordinate difference
    (``q - r``, ``r - s`` or ``s - q``) about a hex centre is whole, so the line is cut where
    one of them is whole and each piece lies in one hex or along one hexside."""
    dq, dr = b.q - a.q, b.r - a.r
    if dq == dr == 0:
        return HexLine._uncharged((a,), ((Fraction(0), Fraction(1)),))
    ds = -dq - dr
    rates = [abs(c) for c in (dq - dr, dr - ds, ds - dq) if c]
    whole = math.lcm(*rates)  # t = j / whole at every cut
    cuts = sorted({k * (whole // c) for c in rates for k in range(c + 1)})
    steps: list[Step] = []
    spans: list[Span] = []
    last: tuple[tuple[int, int], ...] = ()
    start = 0
    for j0, j1 in zip(cuts, cuts[1:]):
        m = j0 + j1  # the piece's middle, t = m / (2 whole)
        cell = _cells(dq * m, dr * m, 2 * whole)
        if cell != last:
            if last:
                steps.append(a + Hex(*last[0]) if len(last) == 1 else tuple(a + Hex(*h) for h in last))
                spans.append((Fraction(start, whole), Fraction(j0, whole)))
            last, start = cell, j0
    steps.append(a + Hex(*last[0]) if len(last) == 1 else tuple(a + Hex(*h) for h in last))
    spans.append((Fraction(start, whole), Fraction(1)))
    return HexLine._uncharged(tuple(steps), tuple(spans))


@dataclass(frozen=True)
class Point:
    """A point in pixel space."""

    x: float
    y: float


@dataclass(frozen=True)
class Layout:
    """Hex <-> pixel conversion for flat-topped hexes of circumradius ``size``."""

    size: float = 30.0
    origin: Point = Point(0.0, 0.0)

    def center(self, h: Hex) -> Point:
        """Pixel centre of a hex."""
        x = self.size * 1.5 * h.q
        y = self.size * math.sqrt(3) * (h.r + h.q / 2)
        return Point(self.origin.x + x, self.origin.y + y)

    def corners(self, h: Hex) -> list[Point]:
        """The six corners, starting east and going clockwise (screen coordinates)."""
        c = self.center(h)
        return [
            Point(c.x + self.size * math.cos(math.radians(60 * i)), c.y + self.size * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]

    def hexside_segment(self, side: Hexside) -> tuple[Point, Point]:
        """The two end points of a hexside."""
        # corner i of a flat-topped hex is at angle 60*i (0 = east, clockwise with y down).
        # direction d (0 = N) faces the edge between corners (4 + d) % 6 and (5 + d) % 6.
        cs = self.corners(side.hex)
        d = side.direction
        return cs[(4 + d) % 6], cs[(5 + d) % 6]

    def pixel_to_hex(self, p: Point) -> Hex:
        """The hex containing a pixel (ties resolved by rounding)."""
        x = (p.x - self.origin.x) / self.size
        y = (p.y - self.origin.y) / self.size
        q = 2.0 / 3.0 * x
        r = -1.0 / 3.0 * x + math.sqrt(3) / 3.0 * y
        return _cube_round(q, r)


def hexes_on_grain(start: Hex, direction: int, count: int) -> Sequence[Hex]:
    """Alias of :meth:`Hex.ray`: ``count`` hexes beyond ``start`` in ``direction``."""
    return start.ray(direction, count)


def iter_spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """Iterate hexes within ``radius`` ring by ring."""
    yield from center.within(radius)
