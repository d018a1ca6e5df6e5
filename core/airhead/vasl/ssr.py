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

This is the hex-level reading (each hex's terrain as derived from the board); the board's pixels
under a precise line of sight are not changed by it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from ..errors import DataError
from ..hexes import Hex, Hexside
from ..tables import shared_table, terrain_types
from ..terrain import HexTerrain, Terrain, Water
from .derive import Code, codes

__all__ = ["SsrRule", "ssr_rules", "apply_ssr", "KINDS"]

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


def apply_ssr(terrain: Terrain, names: Sequence[str], hexes: Iterable[Hex]) -> Terrain:
    """``terrain`` with VASL's SSR rules ``names`` applied in turn to ``hexes`` (the map's) and its
    hexsides; :class:`DataError` names a rule that is not VASL's or that Airhead does not apply."""
    rules = ssr_rules()
    chosen = []
    for name in names:
        rule = rules.get(name)
        if rule is None:
            raise DataError(f"{name[:40]!r} is not one of VASL's SSR terrain options")
        if rule.kind == "customCode":
            raise DataError(f"the SSR option {name} is applied by VASL's own code, which Airhead does not have yet")
        chosen.append(rule)
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
