"""What a viewer above the terrain sees of one hex, for the rules that ask it (each hex read
whole, as :mod:`.los` reads it; no thread is traced):

* :func:`top_above` — how far a hex's terrain rises above a viewer (E1.7: "1 full level higher").
* :func:`blind_hex` (:class:`Blind`) — a ground viewer's Blind Hex behind a lower obstacle, from a
  table the player enters (:class:`~.los_settings.BlindTable`; B10.23's numbers are not in the seeds).
* :func:`aerial` (:class:`Aerial`) — E7.25 Aerial LOS (:mod:`.e7.aerial_los`) with the season and
  the Hindrance of the hex before the target.

Re-exported by :mod:`.los` (its public API). Readings: ``docs/rules-notes.md``, "LOS at hex level".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..frozen import replace
from ..hexes import Hex, Hexside
from ..tables import TerrainType
from ..terrain import HexTerrain, Terrain
from .e7.aerial_los import AerialSight, aerial_sight
from .los_settings import BlindTable, LosSettings, Name, Where, _hinders, _levels, _line, _loc, _read, _types

__all__ = ["top_above", "Blind", "blind_hex", "Aerial", "aerial"]


def top_above(terrain: Terrain, viewer: Where, h: Hex, *, settings: LosSettings | None = None,
              types: Mapping[str, TerrainType] | None = None) -> float:
    """How many levels the top of hex ``h``'s terrain (ground plus obstacle or Hindrance) is above
    ``viewer`` (negative: below). E1.7 EX: the T7 woods are 1 full level higher than a firer at
    ground level in R6, 0 for one on level 1."""
    v = _loc(viewer)
    t = terrain.at(h)
    r = _read(t, _types(types).get(t.terrain), settings or LosSettings())
    top = r.ground + max(r.obstacle, r.height)
    return top - terrain.at(v.hex).base_level - v.level  # whole and half levels: exact


# ---------------------------------------------------------------- Blind Hexes (ground viewer)


@dataclass(frozen=True)
class Blind:
    """Whether ``target`` is a Blind Hex to a higher ground viewer behind ``by``: ``blind`` is
    None when the table has no entry (``ask`` then says what the players must decide)."""

    target: Hex
    blind: bool | None
    by: Hex | None = None
    count: int | None = None
    ask: str = ""

    def explain(self, name: Name) -> str:
        """One log-style line."""
        if self.by is None:
            return f"{name(self.target)}: no lower obstacle between: not a Blind Hex (B10.23)"
        if self.blind is None:
            return f"{name(self.target)} behind {name(self.by)}: {self.ask}"
        n = f"{self.count} Blind Hex{'es' if self.count != 1 else ''}"
        return f"{name(self.target)} behind {name(self.by)} ({n}): {'a Blind Hex' if self.blind else 'seen'} (B10.23)"


def blind_hex(terrain: Terrain, viewer: Where, target: Hex, table: BlindTable | None, *,
              settings: LosSettings | None = None, types: Mapping[str, TerrainType] | None = None) -> Blind:
    """B10.23 for a ground viewer above an obstacle: the obstacle nearest ``target`` whose top is
    above the target's ground and not above the viewer makes ``target`` Blind if it lies within
    the table's count of hexes behind it (``table[(obstacle height, levels the viewer is above
    its top)]``). Without that entry the answer is None and the players decide."""
    v = _loc(viewer)
    s = settings or LosSettings()
    ty = _types(types)
    zv = float(terrain.at(v.hex).base_level) + v.level  # whole and half levels: exact
    zt = float(terrain.at(target).base_level)
    found: tuple[Hex, float, float] | None = None
    for h in _line(v.hex, target).hexes[1:-1]:
        r = _read(terrain.at(h), ty.get(terrain.at(h).terrain), s)
        top = r.ground + r.obstacle
        if r.obstacle and zt < top <= zv:
            found = (h, r.obstacle, zv - top)
        elif r.ground > zt and r.ground <= zv:
            found = (h, r.ground - zt, zv - r.ground)
    if found is None:
        return Blind(target, False)
    h, hgt, above = found
    count = (table or {}).get((float(hgt), float(above)))
    if count is None:
        return Blind(target, None, h, None, f"the players decide: Blind Hexes behind a {_levels(hgt)} obstacle "
                                            f"seen from {_levels(above)} above it are not in the rule text Airhead has (B10.23)")
    return Blind(target, h.distance(target) <= count, h, count)


# ---------------------------------------------------------------- E7.25 Aerial LOS


@dataclass(frozen=True)
class Aerial:
    """E7.25 Aerial LOS to ``sight.target`` (:class:`~.aerial_los.AerialSight`) and, when seen,
    the LOS Hindrance DRM of the hex just before it toward the aircraft (``hindered_by``)."""

    sight: AerialSight
    drm: int = 0
    hindered_by: Hex | None = None
    what: str = ""

    @property
    def blind(self) -> bool:
        """True if the target is a Blind Hex to the Aerial viewer."""
        return self.sight.blind

    def explain(self, name: Name) -> list[str]:
        """The aerial answer in log style."""
        lines = self.sight.explain(name)
        if self.hindered_by is not None:
            lines.insert(-1, f"{name(self.hindered_by)}: {self.what}: +{self.drm} LOS Hindrance (E7.25)")
        return lines


def _seasoned(t: HexTerrain, ty: TerrainType | None, s: LosSettings) -> HexTerrain:
    """A hex as an obstacle this season: a Hindrance is no obstacle, a type out of its Hindrance
    season is what its ``off_season`` says, a half-level type half a level high."""
    if ty is None:
        return t
    if _hinders(ty, s) or (ty.hindrance > 0 and ty.season and ty.off_season != "obstacle"):
        return replace(t, obstacle=0)
    if ty.half_level:
        return replace(t, obstacle=0.5)
    if s.orchard_full and ty.hindrance > 0 and ty.season and t.obstacle < 1:
        return replace(t, obstacle=1)
    return t


def aerial(terrain: Terrain, target: Hex, toward: int, *, settings: LosSettings | None = None,
           types: Mapping[str, TerrainType] | None = None, bocage: bool = True) -> Aerial:
    """E7.25: what an Aerial viewer looking at ``target`` along the hex grain from ``toward``
    (0..5: the viewer lies that way) sees (:func:`~.aerial_los.aerial_sight`), the season
    applied; when seen, a Hindrance in the hex just before it adds its DRM (the E7.3 EX: K10
    behind an out-of-season orchard in K9 is attacked with +1)."""
    s = settings or LosSettings()
    ty = _types(types)
    near = target.neighbor(toward)
    around = [target, *target.neighbors()]
    local = Terrain({h: _seasoned(terrain.at(h), ty.get(terrain.at(h).terrain), s) for h in around},
                    {Hexside.of(target, d): terrain.side(target, d) for d in range(6)})
    sight = aerial_sight(local, target, toward, bocage=bocage, types={k: v.label for k, v in ty.items()})
    if sight.blind:
        return Aerial(sight)
    t = terrain.at(near)
    r = _read(t, ty.get(t.terrain), s)
    drm = r.hindrance + (s.smoke if t.smoke else 0)
    return Aerial(sight, drm, near if drm else None, r.what if r.hindrance else "SMOKE")
