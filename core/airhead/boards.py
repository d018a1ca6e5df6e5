"""Boards, hex names and map assembly.

Inside, every hex is a :class:`~airhead.hexes.Hex`. Names exist only here, at the edges:

* ASL geoboards (:class:`AslBoard`): columns ``A..Z`` then ``AA..GG``, numbered rows, board
  number in front (``4P10``). Even-lettered columns (B, D, ..., P) sit half a hex lower than
  odd-lettered ones, as the E8 examples pin down (Avenue of Approach of C9 is D8, E8, F7, G7, H6).
  Odd columns hold rows 1..10; even columns rows 0..10, whose 0 and 10 are half hexes cut by the
  long edges; columns A and GG are half hexes cut by the short edges.
* Generic grids (:class:`GridBoard`) for the other games: ``F/d2`` is map ``F``, column ``d``,
  row 2; all hexes whole.

A :class:`HexMap` places boards side by side or above one another (each optionally rotated 180°:
where each board lies, and how a scenario card's boards meet, is :mod:`airhead.placement`),
names every hex — including hypothetical hexes beyond the playing area, which the procedures need
(``4K13``) — tells which hexes are in play, and reflects hexes across the map edge.

Positions are handled in *doubled* coordinates ``(x, y2)``: ``x`` is the global column and ``y2``
twice the row position, so a column shifted half a hex lower has an odd ``y2``. The invariant
``x + y2`` odd holds everywhere, and ``q = x``, ``r = (y2 - x - 1) // 2``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterator, Literal, Mapping, Sequence

from .errors import DataError, quoted
from .fields import Field, parse_fields
from .geoboards import AslBoard, GridBoard, asl_column_letters, asl_column_number, crop_of, first_hex
from .hexes import Hex
from .placement import Geometry, Placement, from_doubled, lay_out, to_doubled

__all__ = [
    "HexNameError",
    "AslBoard",
    "GridBoard",
    "Placement",
    "HexMap",
    "asl_column_letters",
    "asl_column_number",
    "to_doubled",
    "from_doubled",
    "player_name",
    "ASL_BOARD_ID",
]


class HexNameError(DataError):
    """A hex name cannot be parsed or names no hex of the map."""


_ASL_NAME = re.compile(r"^(?P<board>[0-9]+[a-z]?)(?P<col>[A-Za-z]+)(?P<row>-?[0-9]+)$")
_HEX_PART = re.compile(r"^(?P<col>[A-Za-z]+)(?P<row>-?[0-9]+)$")
#: An ASL board's id on a map: its name as a scenario card gives it (``4``, ``4b``, ``a``, ``BFPA``).
ASL_BOARD_ID = re.compile(r"^[A-Za-z0-9]{1,12}$")
_GRID_NAME = re.compile(r"^(?P<board>[A-Za-z0-9]+)/(?P<col>[A-Za-z]+)(?P<row>-?[0-9]+)$")
_RAW_NAME = re.compile(r"^@(?P<q>-?[0-9]+),(?P<r>-?[0-9]+)$")


def player_name(name: str) -> str:
    """A hex name kept in data (an outcome's ``hex``) as a player reads it without the map:
    the raw ``@q,r`` identifier of a hex beyond every board's grid becomes ``off board``
    (:meth:`HexMap.label` also says where it is mirrored to)."""
    return "off board" if _RAW_NAME.match(name) else name


#: The most hexes a map may have (half hexes included): a 200 × 200 grid, or 8 × 8 ASL geoboards
#: (about 22,000). A map is refused before any hex is computed, so a short link cannot describe
#: millions of hexes; the map's SVG is bounded with it.
MAX_MAP_HEXES = 40_000


def _hex_count(g: Geometry) -> int:
    """How many hexes a board has (an upper bound of its share of a map: edges may be shared)."""
    return sum(hi - lo + 1 for lo, hi in map(g.row_range, range(1, g.columns + 1)))


#: A map's JSON form (see :meth:`HexMap.to_data`); the layout itself is checked by hand.
MAP_FIELDS: tuple[Field, ...] = (
    Field("kind", "map kind", "choice", choices=("asl", "grid")),
    Field("boards", "ASL boards", "any", default=None),
    Field("maps", "grid maps", "any", default=None),
    Field("columns", "columns", "int", default=None),
    Field("rows", "rows", "int", default=None),
    Field("low", "columns set half a hex lower", "choice", choices=("odd", "even"), default="odd"),
    Field("first", "first hexes", "any", default=None),
    Field("crop", "crops", "any", default=None),
    Field("sizes", "board sizes", "any", default=None),
)


class HexMap:
    """A playing area assembled from boards, with names for every hex.

    >>> m = HexMap.asl([["4"]])
    >>> m.name(m.parse("4P10"))
    '4P10'
    """

    def __init__(self, placements: Sequence[Placement]) -> None:
        if not placements:
            raise DataError("a map needs at least one board")
        ids = [p.board_id for p in placements]
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise DataError(f"the map places board {twice[:12]} twice: each board goes on a map once")
        kinds = {p.geometry.naming for p in placements}
        if len(kinds) != 1:
            raise DataError("a map cannot mix ASL geoboards and generic grids")
        cells = {(p.column, p.row) for p in placements}
        if len(cells) != len(placements):
            raise DataError("two boards are placed in the same position")
        for p in placements:
            if p.geometry.naming == "asl" and not ASL_BOARD_ID.match(p.board_id):
                raise DataError(f"ASL boards are named by letters and digits (like 4, 4b or a), not {quoted(p.board_id, 16)}")
            if p.geometry.naming == "grid" and not re.fullmatch(r"[A-Za-z0-9]+", p.board_id):
                raise DataError(f"a grid map is named by letters and digits (like F), not {quoted(p.board_id, 16)}")
        total = sum(_hex_count(p.geometry) for p in placements)
        if total > MAX_MAP_HEXES:
            raise DataError(f"the map is too large: {total:,} hexes (at most {MAX_MAP_HEXES:,}, a 200 × 200 grid)")
        self.placements: tuple[Placement, ...] = tuple(placements)
        self.naming: str = placements[0].geometry.naming
        self._by_id = {p.board_id: p for p in placements}
        self._names: dict[Hex, str] = {}
        self._by_name: dict[str, Hex] = {}
        self._half: frozenset[Hex] = frozenset()
        self._hexes: tuple[Hex, ...] = self._compute_hexes()
        self._hexset = frozenset(self._hexes)
        #: The same hexes as (q, r) pairs: a tuple hashes in C, a Hex in Python (the E8 odds ask
        #: :meth:`in_play` some 10^4 times a heatmap).
        self._qrset = frozenset((h.q, h.r) for h in self._hexes)
        self._bounds: tuple[int, int, int, int] | None = None

    # ----------------------------------------------------------------- construction
    @classmethod
    def asl(cls, layout: Sequence[Sequence[str]], columns: int = 33, rows: int = 10,
            first: Mapping[str, str] | None = None, sizes: Mapping[str, tuple[int, int]] | None = None,
            crop: Mapping[str, str] | None = None) -> HexMap:
        """ASL boards laid out in rows of board ids; a trailing ``*`` turns a board 180°.

        ``HexMap.asl([["4", "5*"]])`` puts board 4 left of board 5, which is upside down;
        ``HexMap.asl([["4"], ["5"]])`` puts 4 above 5. Boards are ``columns`` × ``rows``
        (a geoboard's 33 × 10) unless ``sizes`` gives another (an imported VASL board: 17 × 20,
        a deluxe board's 15 × 5); ``first`` names the first hex of each board whose hexes are not
        named from A1 (``{"4b": "Q1"}``: a "b" board); ``crop`` the hexrows and rows of a board
        in play (``{"2": "A-P"}``). Boards meet where their edges meet hex for hex: side by side
        along a whole column of shared half hexes (or, both cropped there, whole hexes beside
        whole hexes), rows one under the other along their long edges, each row starting under
        the first board of the row above. Any other layout is refused with the reason.

        Built once for the same inputs (maps are immutable: games, scenarios and views share them).
        """
        try:
            key = (tuple(tuple(line) for line in layout), tuple(sorted(first.items())) if first else (),
                   tuple(sorted((k, tuple(v)) for k, v in sizes.items())) if sizes else (),
                   tuple(sorted(crop.items())) if crop else ())
            hash(key)
        except TypeError:  # not plain names: built anew, refused as it always was
            return cls._asl(layout, columns, rows, first, sizes, crop)
        return _asl_built(cls, key[0], columns, rows, key[1], key[2], key[3])  # type: ignore[arg-type]

    @classmethod
    def _asl(cls, layout: Sequence[Sequence[str]], columns: int, rows: int, first: Mapping[str, str] | None,
             sizes: Mapping[str, tuple[int, int]] | None, crop: Mapping[str, str] | None) -> HexMap:
        """:meth:`asl`, built anew."""
        if not (3 <= columns <= 200 and 1 <= rows <= 200):
            raise DataError(f"an ASL board must have 3..200 columns and 1..200 rows, not {columns}x{rows}")
        ids = [cell.rstrip("*") for line in layout for cell in line]
        for what, named in (("first hex", first), ("size", sizes), ("crop", crop)):
            unplaced = set(named or {}) - set(ids)
            if unplaced:
                raise DataError(f"the map gives the {what} of board {sorted(unplaced)[0][:12]}, which it does not place")
        shapes: dict[str, AslBoard] = {}
        for bid in ids:
            w, h = (sizes or {}).get(bid, (columns, rows))
            g = first_hex(bid, (first or {})[bid], w, h) if bid in (first or {}) else AslBoard(w, h)
            shapes[bid] = crop_of(bid, g, (crop or {})[bid]) if bid in (crop or {}) else g
        return cls(lay_out(layout, shapes))

    @classmethod
    def grid(cls, layout: Sequence[Sequence[str]], columns: int, rows: int, low: Literal["odd", "even"] = "odd") -> HexMap:
        """Generic maps of ``columns`` × ``rows`` hexes, laid out in rows of map ids (``*``: rotated);
        built once for the same inputs, as :meth:`asl`."""
        try:
            key = tuple(tuple(line) for line in layout)
            hash(key)
        except TypeError:
            return cls._grid(layout, columns, rows, low)
        return _grid_built(cls, key, columns, rows, low)  # type: ignore[arg-type]

    @classmethod
    def _grid(cls, layout: Sequence[Sequence[str]], columns: int, rows: int, low: Literal["odd", "even"]) -> HexMap:
        """:meth:`grid`, built anew."""
        geo = GridBoard(columns, rows, low)
        ps = [
            Placement(mid.rstrip("*"), c, r, mid.endswith("*"), geo)
            for r, ids in enumerate(layout)
            for c, mid in enumerate(ids)
        ]
        return cls(ps)

    def _compute_hexes(self) -> tuple[Hex, ...]:
        """Every hex in play, with its name (from the first board holding it, as :meth:`name`
        gives it) and the edge half hexes, in one pass over each board's own hexes."""
        names: dict[Hex, str] = {}
        holders: dict[Hex, int] = {}
        half: list[Hex] = []
        for p in self.placements:
            g = p.geometry
            for col in range(1, g.columns + 1):
                letters = g.letters(col)
                prefix = f"{p.board_id}{letters}" if g.naming == "asl" else f"{p.board_id}/{letters}"
                lo, hi = g.row_range(col)
                for row in range(lo, hi + 1):
                    y2 = g.local_y2(col, row)
                    h = from_doubled(*p.to_global(col, y2))
                    n = holders.get(h, 0)
                    holders[h] = n + 1
                    if n == 0:
                        names[h] = f"{prefix}{row + g.row0}"
                        if g.is_half(col, y2):
                            half.append(h)
        self._names = names
        self._by_name = {n: h for h, n in names.items()}
        self._half = frozenset(h for h in half if holders[h] == 1)
        return tuple(sorted(names, key=to_doubled))

    # ----------------------------------------------------------------- queries
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex in play (half hexes included), column by column."""
        return self._hexes

    def in_play(self, h: Hex) -> bool:
        """True if the hex is part of the playing area (whole or half hex)."""
        return (h.q, h.r) in self._qrset

    @property
    def cells(self) -> frozenset[tuple[int, int]]:
        """Every hex in play as a (q, r) pair (for loops that test thousands of hexes)."""
        return self._qrset

    def board_of(self, h: Hex) -> Placement | None:
        """The first board (in placement order) that holds the hex, or None off the map."""
        for p in self.placements:
            if p.contains(h):
                return p
        return None

    def is_half_hex(self, h: Hex) -> bool:
        """True for an edge half hex that no neighbouring board completes."""
        return h in self._half

    def bounds(self) -> tuple[int, int, int, int]:
        """Global doubled bounds of the playing area ``(x0, x1, y0, y1)`` (computed once: the
        E8 odds mirror thousands of offboard hexes through it)."""
        if self._bounds is None:
            bs = [p.bounds() for p in self.placements]
            self._bounds = min(b[0] for b in bs), max(b[1] for b in bs), min(b[2] for b in bs), max(b[3] for b in bs)
        return self._bounds

    def mirror_into_play(self, h: Hex) -> Hex:
        """Reflect an off-map hex across the map edge(s) it lies beyond (used by E8.221).

        The edges of ASL geoboards run through the centres of the edge half hexes, so the
        mirror image of a hex is again a hex: ``4P12`` (two hexes beyond the edge) mirrors to
        ``4P8``. Hexes already in play are returned unchanged.
        """
        x, y2 = to_doubled(h)
        x0, x1, y0, y1 = self.bounds()
        if self.naming == "grid":
            # whole-hex maps: the edge lies half a hex beyond the outer centres
            if x < x0:
                x = 2 * x0 - 1 - x
            elif x > x1:
                x = 2 * x1 + 1 - x
        else:
            if x < x0:
                x = 2 * x0 - x
            elif x > x1:
                x = 2 * x1 - x
        if y2 < y0:
            y2 = 2 * y0 - y2
        elif y2 > y1:
            y2 = 2 * y1 - y2
        if (x + y2) % 2 != 1:  # whole-hex mirror across a vertical edge shifts the column parity
            y2 += 1 if y2 < (y0 + y1) // 2 else -1
        return from_doubled(x, y2)

    # ----------------------------------------------------------------- names
    def name(self, h: Hex) -> str:
        """The hex's name: ``4P10`` / ``F/d2``; hypothetical hexes beyond the edge get the name
        of the nearest board's grid extended (``4K13``); ``@q,r`` when no such name exists."""
        known = self._names.get(h)
        if known is not None:  # a hex in play
            return known
        p = self.board_of(h)
        if p is None:
            p = self._nearest_board(h)
        c, y = p.to_local(*to_doubled(h))
        if c < 1:
            return f"@{h.q},{h.r}"
        g = p.geometry
        row = g.local_row(c, y) + g.row0
        if g.naming == "asl":
            return f"{p.board_id}{g.letters(c)}{row}"
        return f"{p.board_id}/{g.letters(c)}{row}"

    def order(self, h: Hex) -> tuple[int, str, int, int]:
        """How hexes are listed for players (#42 item 10): by board (numbers as numbers: 2 before
        10), then column, then row (``2GG4`` before ``2GG10``); a hex off the map after those of
        its nearest board."""
        p = self.board_of(h)
        off = p is None
        if p is None:
            p = self._nearest_board(h)
        c, y = p.to_local(*to_doubled(h))
        digits = "".join(ch for ch in p.board_id if ch.isdigit())
        return (int(digits) if digits else 0, p.board_id, int(off) * 10_000 + c, y)

    def label(self, h: Hex) -> str:
        """The hex as a player reads it: its :meth:`name` when that continues a board's grid
        (``4K13``), else ``off board (mirrored to 4B9)`` — never the raw ``@q,r`` identifier,
        which stays what :meth:`name` and :meth:`parse` use for data."""
        name = self.name(h)
        if not _RAW_NAME.match(name):
            return name
        mirror = self.mirror_into_play(h)
        return f"off board (mirrored to {self.name(mirror)})" if self.in_play(mirror) else "off board"

    def _nearest_board(self, h: Hex) -> Placement:
        x, y2 = to_doubled(h)

        def gap(p: Placement) -> int:
            x0, x1, y0, y1 = p.bounds()
            dx = max(x0 - x, 0, x - x1)
            dy = max(y0 - y2, 0, y2 - y1)
            return 2 * dx + dy

        return min(self.placements, key=gap)

    def parse(self, name: str, *, allow_offboard: bool = False) -> Hex:
        """The hex named ``name``; raise :class:`HexNameError` if it is not a hex of the map.

        With ``allow_offboard`` names may continue a board's grid beyond its edge (the seed's
        "hypothetical K13"); ``@q,r`` raw names are accepted then too.
        """
        known = self._by_name.get(name)
        if known is not None:  # the name of a hex in play, as name() writes it
            return known
        text = name.strip()
        raw = _RAW_NAME.match(text)
        if raw:
            h = Hex(int(raw["q"]), int(raw["r"]))
            if not allow_offboard and not self.in_play(h):
                raise HexNameError(f"{name} is not a hex in play")
            return h
        m = self._asl_match(text) if self.naming == "asl" else _GRID_NAME.match(text)
        if not m:
            example = "4P10" if self.naming == "asl" else "F/d2"
            raise HexNameError(f"{quoted(text, 24)} is not a hex name (expected a name like {example})")
        bid = m["board"]
        p = self._by_id.get(bid)
        if p is None:
            ids = ", ".join(pl.board_id for pl in self.placements)
            raise HexNameError(f"{name}: there is no board {bid} on this map (boards: {ids})")
        letters = m["col"]
        if self.naming == "asl" and letters != letters.upper():
            letters = letters.upper()
        g = p.geometry
        try:
            col = asl_column_number(letters) - (g.col0 if isinstance(g, AslBoard) else 0)
        except ValueError:
            raise HexNameError(f"{name}: {quoted(m['col'], 8)} is not a column (A..Z, AA..GG)") from None
        row = int(m["row"]) - g.row0
        lo, hi = g.row_range(col)
        y2 = g.local_y2(col, row)
        onboard = g.contains(col, y2) and lo <= row <= hi
        if not onboard and not allow_offboard:
            what = "board" if self.naming == "asl" else "map"
            if not 1 <= col <= g.columns:
                detail = f"columns run {g.letters(1)}..{g.letters(g.columns)}"
            else:
                detail = f"rows run {lo + g.row0}..{hi + g.row0} in column {letters}"
            raise HexNameError(f"{name} is not a hex of {what} {bid} ({detail})")
        return from_doubled(*p.to_global(col, y2))

    def _asl_match(self, text: str) -> dict[str, str] | None:
        """An ASL hex name split into board id, column letters and row, by the boards this map
        places (the longest id first: ``BFPAA1`` is hex A1 of board BFPA, ``4bQ1`` hex Q1 of
        4b); a name of a board not placed is split as ``4P10`` is, for the refusal to name it."""
        for bid in sorted(self._by_id, key=len, reverse=True):
            if text[:len(bid)].lower() == bid.lower():
                rest = _HEX_PART.match(text[len(bid):])
                if rest and len(set(rest["col"].upper())) == 1:
                    return {"board": bid, "col": rest["col"], "row": rest["row"]}
        m = _ASL_NAME.match(text)
        return None if m is None else {"board": m["board"], "col": m["col"], "row": m["row"]}

    def iter_names(self) -> Iterator[tuple[Hex, str]]:
        """Every hex in play with its name, column by column."""
        names = self._names
        for h in self._hexes:
            yield h, names[h]

    # ----------------------------------------------------------------- data form
    def to_data(self) -> dict[str, object]:
        """Plain JSON-able description (see :meth:`from_data`)."""
        if self.naming == "asl":
            rows: dict[int, list[str]] = {}
            for p in self.placements:
                rows.setdefault(p.row, []).append(p.board_id + ("*" if p.rotated else ""))
            out: dict[str, object] = {"kind": "asl", "boards": [rows[r] for r in sorted(rows)]}
            shapes = [(p.board_id, p.geometry) for p in self.placements if isinstance(p.geometry, AslBoard)]
            full = {g.full for _b, g in shapes}
            if len(full) == 1 and full != {(33, 10)}:  # boards all of another size than a geoboard's
                (w, h), = full
                out.update(columns=w, rows=h)
            elif len(full) > 1:
                out["sizes"] = {b: list(g.full) for b, g in shapes if g.full != (33, 10)}
            first = {b: g.first for b, g in shapes if g.first != "A1"}
            if first:
                out["first"] = first
            crop = {b: g.cropped for b, g in shapes if g.cropped}
            if crop:
                out["crop"] = crop
            return out
        g = self.placements[0].geometry
        rows = {}
        for p in self.placements:
            rows.setdefault(p.row, []).append(p.board_id + ("*" if p.rotated else ""))
        assert isinstance(g, GridBoard)
        return {"kind": "grid", "columns": g.columns, "rows": g.rows, "low": g.low, "maps": [rows[r] for r in sorted(rows)]}

    @classmethod
    def from_data(cls, data: object) -> HexMap:
        """Build a map from :meth:`to_data` output; raise :class:`DataError` on bad data."""
        d = parse_fields(MAP_FIELDS, data, None, "map")
        kind = d["kind"]
        key = "boards" if kind == "asl" else "maps"
        layout = d[key]
        if (
            not isinstance(layout, list)
            or not layout
            or len(layout) > 8
            or not all(isinstance(r, list) and 0 < len(r) <= 8 for r in layout)
            or not all(isinstance(b, str) and 0 < len(b) <= 13 for r in layout for b in r)
        ):
            raise DataError(f"map {key} must be 1..8 rows of 1..8 board ids")
        cols, rows_ = d["columns"], d["rows"]
        if kind == "grid" and (cols is None or rows_ is None):
            raise DataError("a grid map needs its columns and rows, each a whole number")
        first, crop, sizes = d["first"], d["crop"], d["sizes"]
        checks: tuple[tuple[str, object, Callable[[object], bool]], ...] = (
            ("first hexes", first, lambda v: isinstance(v, str) and len(v) <= 8),
            ("crops", crop, lambda v: isinstance(v, str) and len(v) <= 16),
            ("sizes", sizes, lambda v: type(v) is list and len(v) == 2 and all(type(n) is int for n in v)))
        for what, named, ok in checks:
            if named is not None and (kind != "asl" or type(named) is not dict or len(named) > 64 or not all(
                    isinstance(k, str) and len(k) <= 12 and ok(v) for k, v in named.items())):
                raise DataError(f"a map's {what} are given board by board for its ASL boards")
        return _built(kind, tuple(tuple(r) for r in layout), cols, rows_, d["low"],
                      tuple(sorted(first.items())) if first else (), tuple(sorted(crop.items())) if crop else (),
                      tuple(sorted((k, (v[0], v[1])) for k, v in sizes.items())) if sizes else ())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HexMap) and self.placements == other.placements

    def __hash__(self) -> int:
        return hash(self.placements)

    def __repr__(self) -> str:
        return f"HexMap.from_data({self.to_data()!r})"


@lru_cache(maxsize=32)
def _asl_built(cls: type[HexMap], layout: tuple[tuple[str, ...], ...], columns: int, rows: int,
               first: tuple[tuple[str, str], ...], sizes: tuple[tuple[str, tuple[int, int]], ...],
               crop: tuple[tuple[str, str], ...]) -> HexMap:
    """:meth:`HexMap.asl` once for the same inputs (bounded: the last 32 layouts)."""
    return cls._asl(layout, columns, rows, dict(first), dict(sizes), dict(crop))


@lru_cache(maxsize=4)
def _grid_built(cls: type[HexMap], layout: tuple[tuple[str, ...], ...], columns: int, rows: int,
                low: Literal["odd", "even"]) -> HexMap:
    """:meth:`HexMap.grid` once for the same inputs (the last 4: a grid may hold 40,000 hexes)."""
    return cls._grid(layout, columns, rows, low)


@lru_cache(maxsize=4)
def _built(kind: str, layout: tuple[tuple[str, ...], ...], columns: int | None, rows: int | None, low: Literal["odd", "even"],
           first: tuple[tuple[str, str], ...] = (), crop: tuple[tuple[str, str], ...] = (),
           sizes: tuple[tuple[str, tuple[int, int]], ...] = ()) -> HexMap:
    """A map read from data, built once for the same layout (maps are immutable: games, saves and
    the views share them)."""
    if kind == "asl":
        return HexMap.asl(layout, columns or 33, rows or 10, dict(first), dict(sizes), dict(crop))
    assert columns is not None and rows is not None
    return HexMap.grid(layout, columns, rows, low)
