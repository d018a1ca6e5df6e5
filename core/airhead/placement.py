"""Boards placed on a map: where each board's hexes lie (:class:`Placement`, in the doubled
coordinates :mod:`airhead.boards` explains), and how a scenario card's ASL boards sit together
(:func:`lay_out`: side by side along a column of shared half hexes, rows one under the other,
cropped edges against cropped edges), each refusal with its reason. :class:`~airhead.boards.HexMap`
names the hexes of the boards placed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from .errors import DataError
from .geoboards import AslBoard, GridBoard
from .hexes import Hex

__all__ = ["Geometry", "Placement", "to_doubled", "from_doubled", "lay_out"]


def to_doubled(h: Hex) -> tuple[int, int]:
    """Global doubled coordinates ``(x, y2)`` of a hex."""
    return h.q, 2 * h.r + h.q + 1


def from_doubled(x: int, y2: int) -> Hex:
    """The hex at global doubled coordinates; ``x + y2`` must be odd."""
    if (x + y2) % 2 != 1:
        raise ValueError(f"doubled coordinates ({x}, {y2}) do not name a hex centre")
    return Hex(x, (y2 - x - 1) // 2)


Geometry = AslBoard | GridBoard


@dataclass(frozen=True)
class Placement:
    """One board placed on a map: its id, its position in board units, and its rotation."""

    board_id: str
    column: int = 0
    row: int = 0
    rotated: bool = False
    geometry: Geometry = field(default_factory=AslBoard)
    #: Where the board's local (0, 0) lies in global doubled coordinates, when the map sets it
    #: (ASL maps of boards of different sizes); else from ``column`` and ``row``.
    at: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        g = self.geometry
        if self.rotated and isinstance(g, GridBoard) and g.columns % 2:
            raise DataError(f"map {self.board_id}: a grid map with an odd number of columns cannot be rotated 180°")

    def origin(self) -> tuple[int, int]:
        """Global doubled coordinates of the local position (0, 0)."""
        if self.at is not None:
            return self.at
        g = self.geometry
        shift = g.x_shift if isinstance(g, GridBoard) else 0
        return self.column * g.width + shift, self.row * g.height2

    def _turn(self, c: int, y: int) -> tuple[int, int]:
        """A local position turned 180° (its own inverse). An ASL board of an even number of
        columns (VASL's RBv2: 36) turned swaps its low and high columns, so it lies half a hex
        lower to keep its hexes on the map's (``x + y2`` odd)."""
        x0, x1, y0, y1 = self.geometry.extent
        shift = 1 if isinstance(self.geometry, AslBoard) and (x0 + x1) % 2 else 0
        return x0 + x1 - c, y0 + y1 + shift - y

    def to_local(self, x: int, y2: int) -> tuple[int, int]:
        """Global doubled position → local (column, doubled row) of this board."""
        ox, oy = self.origin()
        c, y = x - ox, y2 - oy
        if self.rotated:
            c, y = self._turn(c, y)
        return c, y

    def to_global(self, col: int, y2: int) -> tuple[int, int]:
        """Local (column, doubled row) → global doubled position."""
        if self.rotated:
            col, y2 = self._turn(col, y2)
        ox, oy = self.origin()
        return col + ox, y2 + oy

    def contains(self, h: Hex) -> bool:
        """True if the hex is on this board (half hexes included)."""
        c, y = self.to_local(*to_doubled(h))
        return self.geometry.contains(c, y)

    def bounds(self) -> tuple[int, int, int, int]:
        """Global doubled bounds ``(x0, x1, y0, y1)``."""
        x0, x1, y0, y1 = self.geometry.extent
        a = self.to_global(x0, y0)
        b = self.to_global(x1, y1)
        return min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])


def lay_out(layout: Sequence[Sequence[str]], shapes: Mapping[str, AslBoard]) -> list[Placement]:
    """ASL boards laid out in rows of board ids (a trailing ``*`` turns a board 180°), each of
    the shape ``shapes`` gives it, placed where their edges meet hex for hex (see
    :meth:`~airhead.boards.HexMap.asl`); :class:`DataError` says why a layout cannot be."""
    ps: list[Placement] = []
    above: tuple[int, set[bool], int, int, str] | None = None  # the row above: bottom y2, cuts, x0, x1, a board
    for r, line in enumerate(layout):
        placed: list[tuple[Placement, tuple[int, int, int, int]]] = []
        for c, cell in enumerate(line):
            bid, turned = cell.rstrip("*"), cell.endswith("*")
            g = shapes[bid]
            left, _right, top, _bottom = _edges(g, turned)
            x0, _x1, y0, _y1 = _spread(Placement(bid, c, r, turned, g, (0, 0)))
            if placed:
                prev, (_px0, px1, py0, py1) = placed[-1]
                if bool(_edges(prev.geometry, prev.rotated)[1]) != bool(left):
                    raise DataError(f"board {prev.board_id} and board {bid} cannot sit side by side: a cropped edge "
                                    "meets a board edge (whole hexes against half hexes)")
                ox, oy = px1 + (1 if left else 0) - x0, py0 - y0
            elif above is not None:
                if above[1] != {bool(top)}:
                    raise DataError(f"board {bid} cannot sit under board {above[4]}: a cropped edge meets a board "
                                    "edge (whole hexes against half hexes)")
                ox, oy = above[2] - x0, above[0] + (1 if top else 0) - y0
            else:
                ox, oy = 0, 0 if _on_grid(Placement(bid, c, r, turned, g, (0, 0))) else 1
            p = Placement(bid, c, r, turned, g, (ox, oy))
            if not _on_grid(p):
                where = f"beside board {placed[-1][0].board_id}" if placed else f"under board {above[4] if above else ''}"
                raise DataError(f"board {bid} cannot sit {where}: their hexes would lie half a hex apart "
                                "(its first hexrow is an even-lettered one)")
            box = _spread(p)
            if placed and (box[2], box[3]) != (py0, py1):
                raise DataError(f"board {prev.board_id} and board {bid} cannot sit side by side: they are "
                                f"{prev.geometry.rows} and {g.rows} hexes high, and their edges must meet hex for hex")
            placed.append((p, box))
        xs0, xs1 = placed[0][1][0], placed[-1][1][1]
        cuts = {bool(_edges(p.geometry, p.rotated)[3]) for p, _box in placed}
        above = (placed[0][1][3], cuts, xs0, xs1, placed[0][0].board_id)
        ps.extend(p for p, _box in placed)
    return ps


def _spread(p: Placement) -> tuple[int, int, int, int]:
    """The global doubled bounds ``(x0, x1, y0, y1)`` of a placed board's hex centres."""
    g = p.geometry
    xs: list[int] = []
    ys: list[int] = []
    for col in (1, g.columns):
        for row in g.row_range(col):
            x, y = p.to_global(col, g.local_y2(col, row))
            xs.append(x)
            ys.append(y)
    if g.columns > 1:  # the other column type's first and last rows
        for row in g.row_range(2):
            x, y = p.to_global(2, g.local_y2(2, row))
            ys.append(y)
    return min(xs), max(xs), min(ys), max(ys)


def _edges(g: Geometry, turned: bool) -> tuple[int, int, int, int]:
    """How much a crop cut from a placed board's left, right, top and bottom, on the map."""
    left, right, top, bottom = g.crop if isinstance(g, AslBoard) else (0, 0, 0, 0)
    return (right, left, bottom, top) if turned else (left, right, top, bottom)


def _on_grid(p: Placement) -> bool:
    """True if the placed board's hexes lie on the map's hex centres (``x + y2`` odd)."""
    g = p.geometry
    x, y = p.to_global(1, g.local_y2(1, g.row_range(1)[0]))
    return (x + y) % 2 == 1
