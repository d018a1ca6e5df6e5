"""Where a VASL board's hexes lie on its pixel grid, and what they are called.

As VASL's ``Map.getHexCenterPoint`` and ``getGEOHexName`` place them: hex columns are
``hexWidth`` apart from ``X0`` (the A1 centre's x, 0 when the metadata gives none or a negative
one); in each column the hexes are ``hexHeight`` apart, from ``Y0`` (the A1 centre's y, half a
hex when none or negative is given), and every second column (B, D, ...) starts half a hex
higher and holds one hex more. Column letters run A..Z, AA..ZZ; the first column of a board
whose A1 centre lies 901 pixels to its left (VASL's "b" halves of boards 1..9) is Q. Rows count
from 1 in columns A, C, ... and from 0 in columns B, D, ...

A hex is flat-topped: its top and bottom edges run ``hexWidth / 3`` either side of its centre,
its pointed sides reach ``2 × hexWidth / 3`` (VASL's ``gridToHex`` splits columns in thirds).
A pixel ``(x, y)`` belongs to the hex whose outline holds the point ``(x, y)``; one exactly on a
hexside, to the hex below it (or, on a column's edge, to its right).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from .archive import BoardMetadata

__all__ = ["BoardGeometry", "column_letters"]


@lru_cache(maxsize=512)
def _half_heights(cx: float, hex_width: float, hex_height: float, grid_width: int) -> tuple[tuple[int, float], ...]:
    """The pixel columns of a hex centred at ``cx`` on the grid, each with the half height of the
    hex there (the same for every hex of a column of hexes)."""
    third = hex_width / 3
    half = hex_height / 2
    out = []
    for x in range(max(math.ceil(cx - 2 * third), 0), min(math.ceil(cx + 2 * third), grid_width)):
        dx = abs(x - cx)
        out.append((x, half if dx <= third else half * (2 * third - dx) / third))
    return tuple(out)


def column_letters(col: int, ab_board: bool = False) -> str:
    """VASL's column letters of column index ``col`` (0 = A; for an "ab" board 0 = Q)."""
    if ab_board:
        if col < 10:
            return chr(ord("Q") + col)
        return chr(ord("A") + (col - 10) % 26) * 2
    letter = chr(ord("A") + col % 26)
    return letter * (col // 26 + 1)


@dataclass(frozen=True)
class BoardGeometry:
    """The hex grid of one board on its own pixels (``grid_width`` × ``grid_height``)."""

    width: int
    height: int
    hex_width: float
    hex_height: float
    x0: float
    y0: float
    row_offset: int
    ab_board: bool
    grid_width: int
    grid_height: int

    @classmethod
    def of(cls, meta: BoardMetadata, grid_width: int, grid_height: int) -> BoardGeometry:
        """The geometry VASL gives a board of this metadata and grid."""
        ax = meta.a1_center_x
        ay = meta.a1_center_y
        hh = meta.hex_height
        x0 = 0.0 if ax is None or ax < 0 else ax
        y0 = hh / 2 if ay is None or ay < 0 else ay
        row_offset = int(-ay / hh) + 1 if ay is not None and ay < 0 else 0
        return cls(meta.width, meta.height, meta.hex_width, hh, x0, y0, row_offset,
                   ax is not None and ax == -901, grid_width, grid_height)

    # ------------------------------------------------------------ hexes
    def hexes(self) -> Iterator[tuple[int, int]]:
        """Every hex as ``(col, row)`` indexes, column by column (``height + col % 2`` a column)."""
        for col in range(self.width):
            for row in range(self.height + col % 2):
                yield col, row

    def name(self, col: int, row: int) -> str:
        """The hex's name on the board (``A1``, ``B0``, ``GG10``)."""
        return f"{column_letters(col, self.ab_board)}{row + self.row_offset + (1 if col % 2 == 0 else 0)}"

    def center(self, col: int, row: int) -> tuple[float, float]:
        """The hex's centre dot in the board's pixels."""
        return (self.x0 + self.hex_width * col,
                self.y0 + self.hex_height * row - self.hex_height / 2 * (col % 2))

    def center_pixel(self, col: int, row: int) -> tuple[int, int]:
        """The grid pixel VASL reads for the centre dot (``Hex.java``): the dot's coordinates moved
        onto the grid when they lie a pixel off it (VASL's ``fixMapEdgePoints``: the last column's
        dots, at x = grid width), then truncated — the pixel the art paints the dot on. (Clipped to
        the grid.)"""
        cx, cy = self.edge_fix(*self.center(col, row))
        return (min(max(int(cx), 0), self.grid_width - 1), min(max(int(cy), 0), self.grid_height - 1))

    def edge_fix(self, x: float, y: float) -> tuple[float, float]:
        """A point a pixel or two off the grid's edge moved onto it, as VASL's ``fixMapEdgePoints``."""
        x = 0.0 if x == -1.0 else x
        y = 0.0 if y == -1.0 else y
        if int(x) in (self.grid_width, self.grid_width + 1):
            x = self.grid_width - 1.0
        if int(y) in (self.grid_height, self.grid_height + 1):
            y = self.grid_height - 1.0
        return x, y

    def spans(self, col: int, row: int) -> list[tuple[int, int, int]]:
        """The hex's pixels on the grid, as ``(x, y0, y1)`` runs (rows ``y0 <= y < y1``)."""
        cx, cy = self.center(col, row)
        gh = self.grid_height
        ceil = math.ceil
        columns = _half_heights(cx, self.hex_width, self.hex_height, self.grid_width)
        if cy - self.hex_height / 2 >= 0 and ceil(cy + self.hex_height / 2) <= gh:  # all of it on the grid
            # (half open: a pixel on a hexside is the lower hex's)
            return [(x, y0, y1) for x, h in columns if (y1 := ceil(cy + h)) > (y0 := ceil(cy - h))]
        out = []
        for x, h in columns:
            y0 = max(ceil(cy - h), 0)
            y1 = min(ceil(cy + h), gh)
            if y1 > y0:
                out.append((x, y0, y1))
        return out

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        """The six corners, from the east one clockwise (screen coordinates, y down)."""
        cx, cy = self.center(col, row)
        t, h = self.hex_width / 3, self.hex_height / 2
        return [(cx + 2 * t, cy), (cx + t, cy + h), (cx - t, cy + h), (cx - 2 * t, cy), (cx - t, cy - h), (cx + t, cy - h)]

    def side(self, col: int, row: int, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The end points of the hexside facing ``direction`` (0 = N, clockwise)."""
        cs = self.corners(col, row)
        return cs[(4 + direction) % 6], cs[(5 + direction) % 6]

    def neighbour(self, col: int, row: int, direction: int) -> tuple[int, int]:
        """The ``(col, row)`` indexes of the hex across the hexside facing ``direction``
        (may lie off the board)."""
        lower = col % 2 == 0  # columns A, C, ... sit half a hex lower than B, D, ...
        if direction == 0:
            return col, row - 1
        if direction == 3:
            return col, row + 1
        dc = 1 if direction in (1, 2) else -1
        if direction in (1, 5):  # NE, NW
            return col + dc, row if lower else row - 1
        return col + dc, row + 1 if lower else row  # SE, SW
