"""A board's SSR terrain options as VASL defines them (No Hedges, Brush to Open Ground, Level 2 to
Level 1, Light Woods …), applied to the terrain of a map's hexes.

The rules are facts of VASL's shared board metadata, kept as Airhead's own table
(``tables/vasl_ssr.json``, citing it); how a rule changes a hex follows VASL's ``VASLBoard``:

* ``terrainMap`` — terrain ``from`` becomes ``to``: a hex whose terrain is ``from`` (as Airhead
  reads that VASL terrain: its type, label and water) takes ``to``'s, keeping its ground level;
  a hexside feature (Wall, Hedge, Cliff) is taken away for Open Ground or becomes ``to``'s.
* ``elevationMap`` — ground level ``from`` becomes ``to``.
* ``terrainToElevationMap`` — terrain ``from`` becomes Open Ground at level ``to``.
* ``elevationToTerrainMap`` — ground level ``from`` becomes terrain ``to`` at level 0.
* ``ignore`` — a valid SSR that changes no terrain; ``customCode`` — VASL applies it in code
  (No Bridge, Roads to Paths, Palm Trees …): refused here as not applied yet, never ignored.

A game's list of options may also name a board's own option, with its board (``10:BSO_10_PondToOG``,
:mod:`.board_ssr`): a picture over that board only, it changes no terrain, and is passed over here.

:func:`apply_ssr` changes each hex's terrain as derived from the board; :func:`ssr_grid` (and
:func:`ssr_board`) changes the board's terrain grid the same way, pixel by pixel, as VASL changes
its LOS data before tracing (``VASLBoard.applyColorSSRules``): the precise line of sight reads the
board with the options applied. Both read the same rules and the same terrain codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from ..errors import DataError, quoted
from ..hexes import Hex, Hexside
from ..tables import shared_table, terrain_types
from ..terrain import HexTerrain, Terrain, Water
from .derive import Code, DerivedBoard, codes
from .losdata import Grid

__all__ = ["SsrRule", "ssr_rules", "apply_ssr", "ssr_grid", "ssr_board", "KINDS", "describe_options"]

#: The kinds of rule VASL defines, in its words.
KINDS = ("terrainMap", "elevationMap", "terrainToElevationMap", "elevationToTerrainMap", "ignore", "customCode")


@dataclass(frozen=True)
class SsrRule:
    """One of VASL's LOS SSR rules: its name, kind, and what it changes from and to."""

    name: str
    kind: str
    source: str | int | None = None
    target: str | int | None = None
    note: str = ""

    def describe(self) -> str:
        """The rule as a player reads it: ``Brush to Open Ground``, ``level 2 to level 1``."""
        def word(v: str | int | None) -> str:
            return f"level {v}" if isinstance(v, int) else str(v)
        if self.kind in ("ignore", "customCode"):
            return self.name
        return f"{word(self.source)} to {word(self.target)}"


@lru_cache(maxsize=1)
def ssr_rules() -> Mapping[str, SsrRule]:
    """Every rule of ``tables/vasl_ssr.json`` by its VASL name."""
    out: dict[str, SsrRule] = {}
    for name, r in shared_table("vasl_ssr")["rules"].items():
        if r["type"] not in KINDS:
            raise DataError(f"SSR rule {name}: unknown kind {r['type']!r}")
        out[name] = SsrRule(name, r["type"], r.get("from"), r.get("to"), r.get("note", ""))
    return out


@lru_cache(maxsize=1)
def _by_name() -> Mapping[str, Code]:
    return {c.name: c for c in sorted(codes().values(), key=lambda c: -c.code)}  # the lowest code of a name


def _code(rule: SsrRule, name: object) -> Code:
    code = _by_name().get(str(name))
    if code is None:
        raise DataError(f"SSR {rule.name}: VASL terrain {name!r} is not in Airhead's table of VASL terrain")
    return code


def _is(t: HexTerrain, code: Code) -> bool:
    """True if the hex's terrain is what Airhead reads ``code`` as."""
    water = t.water.kind if t.water is not None else ""
    return t.terrain == (code.terrain or "open") and t.label == code.label and water == code.water


def _as(t: HexTerrain, code: Code, level: float | None = None) -> HexTerrain:
    """The hex with ``code``'s terrain (its obstacle the type's usual), at ``level`` if given."""
    kind = code.terrain or "open"
    obstacle = code.height if code.building or (kind == "woods" and code.height > 1) else terrain_types("terrain_asl")[kind].obstacle
    return replace(t, terrain=kind, obstacle=obstacle, label=code.label, shellholes=code.shellholes,
                   trench=code.trench, water=Water(code.water, code.fordable) if code.water else None,
                   base_level=t.base_level if level is None else level)


#: A board's own option as a game names it (``10:BSO_10_PondToOG``): its picture only.
_BOARD_OPTION = re.compile(r"^[A-Za-z0-9]{1,12}:")


def describe_options(names: Sequence[str]) -> str:
    """The options ``names`` as the game's log writes them: ``BrushToOpenGround (Brush to Open
    Ground); 10:BSO_10_PondToOG (board 10's own option: its picture only, the terrain stays as
    printed)``."""
    rules = ssr_rules()
    out = []
    for n in names:
        if _BOARD_OPTION.match(n):
            board = n.split(":", 1)[0]
            out.append(f"{n} (board {board}'s own option: its picture only, the terrain stays as printed)")
        elif n in rules and rules[n].describe() != n:
            out.append(f"{n} ({rules[n].describe()})")
        else:
            out.append(n)
    return "; ".join(out)


def _chosen(names: Sequence[str]) -> list[SsrRule]:
    """The rules ``names`` (a board's own option, a picture only, is passed over);
    :class:`DataError` names one that is not VASL's or that Airhead does not apply."""
    rules = ssr_rules()
    chosen = []
    for name in names:
        if _BOARD_OPTION.match(name):
            continue
        rule = rules.get(name)
        if rule is None:
            raise DataError(f"{quoted(name)} is not one of VASL's SSR terrain options")
        if rule.kind == "customCode":
            raise DataError(f"the SSR option {name} is applied by VASL's own code, which Airhead does not have yet")
        chosen.append(rule)
    return chosen


def apply_ssr(terrain: Terrain, names: Sequence[str], hexes: Iterable[Hex]) -> Terrain:
    """``terrain`` with VASL's SSR rules ``names`` applied in turn to ``hexes`` (the map's) and its
    hexsides; :class:`DataError` names a rule that is not VASL's or that Airhead does not apply."""
    chosen = _chosen(names)
    cells: dict[Hex, HexTerrain] = dict(terrain.hexes)
    for h in hexes:
        cells.setdefault(h, terrain.at(h))
    sides: dict[Hexside, frozenset[str]] = dict(terrain.sides)
    for rule in chosen:
        if rule.kind == "terrainMap":
            a, b = _code(rule, rule.source), _code(rule, rule.target)
            if a.side:
                for key, feats in list(sides.items()):
                    if a.side in feats:
                        sides[key] = (feats - {a.side}) | ({b.side} if b.side else set())
                continue
            cells = {h: _as(t, b) if _is(t, a) else t for h, t in cells.items()}
        elif rule.kind == "elevationMap":
            src, dst = float(rule.source or 0), float(rule.target or 0)
            cells = {h: replace(t, base_level=dst) if t.base_level == src else t for h, t in cells.items()}
        elif rule.kind == "terrainToElevationMap":
            a, og = _code(rule, rule.source), _code(rule, "Open Ground")
            lv = float(rule.target or 0)
            cells = {h: _as(t, og, lv) if _is(t, a) else t for h, t in cells.items()}
        elif rule.kind == "elevationToTerrainMap":
            b, src = _code(rule, rule.target), float(rule.source or 0)
            cells = {h: _as(t, b, 0) if t.base_level == src else t for h, t in cells.items()}
    return Terrain(cells, sides)


def _byte(level: str | int | None) -> int:
    """A ground level as the grid's elevation byte (a signed byte: level -1 is 255)."""
    return int(level or 0) & 0xFF


def _runs(plane: bytes | bytearray, value: int) -> list[tuple[int, int]]:
    """The runs ``(start, end)`` of ``plane`` holding the byte ``value``."""
    return [m.span() for m in re.finditer(re.escape(bytes((value,))) + b"+", plane)]


def ssr_grid(grid: Grid, names: Sequence[str]) -> Grid:
    """``grid`` with VASL's SSR rules ``names`` applied in turn to every pixel, as VASL's
    ``VASLBoard`` changes its LOS data: ``terrainMap`` turns each pixel of terrain ``from`` into
    ``to``; ``elevationMap`` each pixel at level ``from`` to ``to``; ``terrainToElevationMap``
    each pixel of terrain ``from`` into Open Ground at level ``to``; ``elevationToTerrainMap``
    each pixel at level ``from`` into terrain ``to`` at level 0. A whole plane is translated at a
    time (:meth:`bytes.translate`, runs of a byte), never a pixel at a time in Python."""
    cells, elev = bytes(grid.terrain), bytes(grid.elevation)
    for rule in _chosen(names):
        if rule.kind == "terrainMap":
            table = bytearray(range(256))
            table[_code(rule, rule.source).code] = _code(rule, rule.target).code
            cells = cells.translate(table)
        elif rule.kind == "elevationMap":
            table = bytearray(range(256))
            table[_byte(rule.source)] = _byte(rule.target)
            elev = elev.translate(table)
        elif rule.kind in ("terrainToElevationMap", "elevationToTerrainMap"):
            to_terrain = rule.kind == "elevationToTerrainMap"
            code = _code(rule, rule.target if to_terrain else "Open Ground").code
            level = 0 if to_terrain else _byte(rule.target)
            runs = _runs(elev, _byte(rule.source)) if to_terrain else _runs(cells, _code(rule, rule.source).code)
            if runs:
                c, e = bytearray(cells), bytearray(elev)
                for a, b in runs:
                    c[a:b] = bytes((code,)) * (b - a)
                    e[a:b] = bytes((level,)) * (b - a)
                cells, elev = bytes(c), bytes(e)
    return replace(grid, terrain=cells, elevation=elev)


#: (archive SHA-256, options) -> the board with its grid changed by them; a few boards at a time.
_BOARDS: dict[tuple[str, tuple[str, ...]], DerivedBoard] = {}
_BOARDS_MAX = 8


def ssr_board(board: DerivedBoard, names: Sequence[str]) -> DerivedBoard:
    """``board`` whose archive's terrain grid has VASL's SSR rules ``names`` applied
    (:func:`ssr_grid`), kept per board and options; its archive's ``sha256`` names the options
    too (``…+NoHedges,Level2ToLevel1``), so what is kept per board's grid is kept apart; ``board``
    itself when ``names`` changes no terrain (none, or a board's own options only)."""
    names = [n for n in names if not _BOARD_OPTION.match(n)]
    if not names:
        return board
    key = (board.archive.sha256, tuple(names))
    got = _BOARDS.get(key)
    if got is None:
        archive = replace(board.archive, grid=ssr_grid(board.archive.grid, names),
                          sha256=f"{board.archive.sha256}+{','.join(names)}")
        got = replace(board, archive=archive)
        if len(_BOARDS) >= _BOARDS_MAX:
            _BOARDS.pop(next(iter(_BOARDS)))
        _BOARDS[key] = got
    return got
