"""Boards' hex grids: ASL geoboards (column letters, first hex, the part in play) and the plain
grid maps of the other games (:class:`GridBoard`).

A geoboard (:class:`AslBoard`) is ``columns`` × ``rows`` hexes: columns ``A..Z`` then ``AA..GG``,
rows numbered; odd-lettered columns (A, C, ...) hold rows 1..rows, even-lettered ones (B, D, ...)
sit half a hex lower and hold rows 0..rows, whose 0 and last are half hexes cut by the long
edges; the first and last columns are half hexes cut by the short edges.

A board whose hexes are named from another first hex than A1 (VASL's "b" boards from Q1, the
lower halves of double boards from A11) and a board cropped to some hexrows and rows (``A-P``,
``1-5``: a scenario card's "hexrows A-P only") keep their hexes' names: the offsets are added to
a hex's local column and row when it is named. A cropped edge keeps whole hexes (no half hexes:
the hexrows named are in play whole).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .errors import DataError, quoted

__all__ = ["AslBoard", "GridBoard", "asl_column_letters", "asl_column_number", "first_hex", "crop_of"]


def asl_column_letters(n: int) -> str:
    """Column letters of column number ``n`` (1 = A, 26 = Z, 27 = AA, 33 = GG, 53 = AAA)."""
    if n < 1:
        raise ValueError(f"column number must be >= 1, not {n}")
    k, i = divmod(n - 1, 26)
    return chr(ord("A") + i) * (k + 1)


def asl_column_number(letters: str) -> int:
    """Column number of ASL column letters (``A`` → 1, ``GG`` → 33)."""
    up = letters.upper()
    if not up or not up.isalpha() or not up.isascii() or len(set(up)) != 1:
        raise ValueError(f"{quoted(letters, 8)} is not a column (A..Z, AA..GG, ...)")
    return (len(up) - 1) * 26 + ord(up[0]) - ord("A") + 1


@dataclass(frozen=True)
class AslBoard:
    """The hex grid of an ASL board (33 × 10 for a geoboard), or the part of it in play.

    ``col0`` and ``row0`` are added to a local column number and row to name a hex (a "b" board:
    ``col0 = 16``, its first column Q). ``crop`` is how many columns were cut from its left and
    right, rows from its top and bottom (``columns`` × ``rows`` are what is left); ``col0`` and
    ``row0`` include the cut, so the board's own first hex is column ``col0 - crop[0] + 1``.
    """

    columns: int = 33
    rows: int = 10
    col0: int = 0
    row0: int = 0
    crop: tuple[int, int, int, int] = (0, 0, 0, 0)

    naming: Literal["asl"] = "asl"

    def __post_init__(self) -> None:
        if not (1 <= self.columns <= 200 and 1 <= self.rows <= 200):
            raise DataError(f"an ASL board must have 1..200 columns and 1..200 rows, not {self.columns}x{self.rows}")
        if min(self.crop) < 0 or self.col0 < self.crop[0] or self.row0 < self.crop[2] or self.row0 > 400:
            raise DataError("a board's crop lies outside the board")
        if (self.col0 - self.crop[0]) % 2 or self.col0 > 400:
            raise DataError("a board's first hex is in an odd-lettered column (A, C, ..., Q), of row 1 or beyond")

    # ------------------------------------------------------------ the whole board
    @property
    def full(self) -> tuple[int, int]:
        """The whole board's size in hexes, before any crop."""
        left, right, top, bottom = self.crop
        return self.columns + left + right, self.rows + top + bottom

    @property
    def first(self) -> str:
        """The name of the whole board's first hex (``A1``; ``Q1`` on a "b" board)."""
        return f"{asl_column_letters(1 + self.col0 - self.crop[0])}{1 + self.row0 - self.crop[2]}"

    @property
    def cropped(self) -> str:
        """The crop as a map's data gives it (``A-P``, ``1-5``, ``A-P,1-5``; empty if none)."""
        left, right, top, bottom = self.crop
        parts = []
        if left or right:
            parts.append(f"{self.letters(1)}-{self.letters(self.columns)}")
        if top or bottom:
            parts.append(f"{1 + self.row0}-{self.rows + self.row0}")
        return ",".join(parts)

    def letters(self, col: int) -> str:
        """The column letters of local column ``col``."""
        return asl_column_letters(col + self.col0)

    @property
    def width(self) -> int:
        """Column stride when boards sit side by side (edge half-hex columns are shared)."""
        return self.columns - 1

    @property
    def height2(self) -> int:
        """Doubled-row stride when boards sit above one another (edge half hexes are shared)."""
        return 2 * self.rows

    # ------------------------------------------------------------ local positions
    def _low(self, col: int) -> int:
        """1 for a column half a hex lower (even-lettered: B, D, ...)."""
        return 1 if (col + self.col0) % 2 == 0 else 0

    def local_y2(self, col: int, row: int) -> int:
        """Doubled local row of ``row`` in column ``col`` (even-lettered columns half a hex lower)."""
        return 2 * row + self._low(col)

    def local_row(self, col: int, y2: int) -> int:
        """Row number of doubled local row ``y2`` in column ``col``."""
        return (y2 - self._low(col)) // 2

    def row_range(self, col: int) -> tuple[int, int]:
        """First and last row number of a column (local: without ``row0``)."""
        return (0 if self._low(col) and not self.crop[2] else 1), self.rows

    def contains(self, col: int, y2: int) -> bool:
        """True if the local doubled position is a (whole or half) hex of the board."""
        if not 1 <= col <= self.columns:
            return False
        lo, hi = self.row_range(col)
        return lo <= self.local_row(col, y2) <= hi

    def is_half(self, col: int, y2: int) -> bool:
        """True for the half hexes cut by the board's own edges (a crop keeps whole hexes)."""
        left, right, top, bottom = self.crop
        if (col == 1 and not left) or (col == self.columns and not right):
            return True
        row = self.local_row(col, y2)
        return bool(self._low(col)) and ((row == 0 and not top) or (row == self.rows and not bottom))

    @property
    def extent(self) -> tuple[int, int, int, int]:
        """Local doubled bounds ``(x0, x1, y0, y1)``; a board's own edges pass through these
        centres (turning the board 180° maps ``(c, y2)`` to ``(x0 + x1 - c, y0 + y1 - y2)``)."""
        return 1, self.columns, 1, 2 * self.rows + 1


_HEX = re.compile(r"^(?P<col>[A-Za-z]+)(?P<row>[0-9]+)$")


def first_hex(bid: str, text: str, columns: int, rows: int) -> AslBoard:
    """The grid of a board of ``columns`` × ``rows`` whose first hex is ``text`` (``Q1``)."""
    m = _HEX.match(text)
    try:
        col0 = asl_column_number(m["col"]) - 1 if m else -1
    except ValueError:
        col0 = -1
    if m is None or col0 < 0 or int(m["row"]) < 1 or len(text) > 8:
        raise DataError(f"board {bid[:12]}'s first hex is a hex name like Q1, not {quoted(text, 8)}")
    return AslBoard(columns, rows, col0, int(m["row"]) - 1)


_RANGE = re.compile(r"^(?P<a>[A-Za-z]+|[0-9]+)\s*[-–]\s*(?P<b>[A-Za-z]+|[0-9]+)$")


def crop_of(bid: str, board: AslBoard, text: str) -> AslBoard:
    """``board`` cropped to the hexrows and rows ``text`` names, by the board's own hex names:
    ``A-P`` (hexrows A to P), ``1-5`` (rows 1 to 5), ``A-P,1-5`` (both); refused with the reason
    when they are not on the board."""
    if board.crop != (0, 0, 0, 0):
        raise DataError(f"board {bid[:12]} is cropped once")
    cols: tuple[int, int] | None = None
    rows: tuple[int, int] | None = None
    for part in text.replace(";", ",").split(","):
        m = _RANGE.match(part.strip())
        if m is None:
            raise DataError(f"board {bid[:12]}: a crop is hexrows like A-P or rows like 1-5, not {quoted(part.strip(), 12)}")
        a, b = m["a"], m["b"]
        if a.isdigit() != b.isdigit():
            raise DataError(f"board {bid[:12]}: {part.strip()[:12]} mixes a hexrow and a row")
        if a.isdigit():
            if rows is not None:
                raise DataError(f"board {bid[:12]}: give its rows once")
            rows = (int(a) - board.row0, int(b) - board.row0)
        else:
            if cols is not None:
                raise DataError(f"board {bid[:12]}: give its hexrows once")
            try:
                cols = (asl_column_number(a) - board.col0, asl_column_number(b) - board.col0)
            except ValueError as e:
                raise DataError(f"board {bid[:12]}: {e}") from None
    c0, c1 = cols or (1, board.columns)
    r0, r1 = rows or (1, board.rows)
    if not 1 <= c0 <= c1 <= board.columns:
        raise DataError(f"board {bid[:12]}'s hexrows run {board.letters(1)}..{board.letters(board.columns)}: "
                        f"it cannot be cropped to {text.strip()[:16]}")
    if not 1 <= r0 <= r1 <= board.rows:
        raise DataError(f"board {bid[:12]}'s rows run {1 + board.row0}..{board.rows + board.row0}: "
                        f"it cannot be cropped to {text.strip()[:16]}")
    crop = (c0 - 1, board.columns - c1, r0 - 1, board.rows - r1)
    return AslBoard(c1 - c0 + 1, r1 - r0 + 1, board.col0 + crop[0], board.row0 + crop[2], crop)


@dataclass(frozen=True)
class GridBoard:
    """A plain rectangular hex map of whole hexes (``columns`` × ``rows``), lettered a, b, c...

    ``low`` says which columns sit half a hex lower: ``"odd"`` (a, c, e, ...; the default, as
    seed 002's example needs: both F/c1 and F/c2 are adjacent to F/d2) or ``"even"``.
    """

    columns: int
    rows: int
    low: Literal["odd", "even"] = "odd"
    naming: Literal["grid"] = "grid"

    def __post_init__(self) -> None:
        if not (2 <= self.columns <= 200 and 1 <= self.rows <= 200):
            raise DataError(f"a grid map must have 2..200 columns and 1..200 rows, not {self.columns}x{self.rows}")
        if self.low not in ("odd", "even"):
            raise DataError("a grid map's columns that sit half a hex lower are the odd ones (a, c, e, ...) or the even "
                            f"ones (b, d, f, ...), not {quoted(self.low, 12)}")

    @property
    def x_shift(self) -> int:
        """Global column offset that keeps the doubled-coordinate parity (1 when odd columns are low)."""
        return 1 if self.low == "odd" else 0

    @property
    def width(self) -> int:
        """Column stride when maps sit side by side (kept even so the column shift continues)."""
        return self.columns + (self.columns % 2)

    @property
    def height2(self) -> int:
        """Doubled-row stride when maps sit above one another."""
        return 2 * self.rows

    def _low(self, col: int) -> int:
        return 1 if (col % 2 == 1) == (self.low == "odd") else 0

    @property
    def row0(self) -> int:
        """Grid maps name their rows from 1."""
        return 0

    def letters(self, col: int) -> str:
        """The column letters of column ``col`` (``a``, ``b``, ...)."""
        return asl_column_letters(col).lower()

    def local_y2(self, col: int, row: int) -> int:
        """Doubled local row of ``row`` in column ``col``."""
        return 2 * row + self._low(col)

    def local_row(self, col: int, y2: int) -> int:
        """Row number of doubled local row ``y2`` in column ``col``."""
        return (y2 - self._low(col)) // 2

    def row_range(self, col: int) -> tuple[int, int]:
        """First and last row number of a column."""
        return 1, self.rows

    def contains(self, col: int, y2: int) -> bool:
        """True if the local doubled position is a hex of the map."""
        if not 1 <= col <= self.columns:
            return False
        return 1 <= self.local_row(col, y2) <= self.rows

    def is_half(self, col: int, y2: int) -> bool:
        """Grid maps have no half hexes."""
        return False

    @property
    def extent(self) -> tuple[int, int, int, int]:
        """Local doubled bounds ``(x0, x1, y0, y1)`` of the hex centres; a 180° rotation maps
        ``(c, y2)`` to ``(x0 + x1 - c, y0 + y1 - y2)`` (valid for an even number of columns)."""
        return 1, self.columns, 2, 2 * self.rows + 1
