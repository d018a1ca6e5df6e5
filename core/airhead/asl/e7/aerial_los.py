"""ASL E7.25 Aerial LOS: what an Aerial viewer (an aircraft; a glider on its Avenue of Approach)
sees of a hex, read at hex level from the map, with the answer explained hex by hex.

E7.25: an aircraft can see "any non-hidden unit that is not completely surrounded by LOS
obstacles at least one level higher than its own Location", and "All Aerial units are considered
to be at sufficient elevation to reduce the number of Blind Hexes created by any
full-level-or-higher LOS Obstacle to one hex, and to reduce any non-cliff Crest Line Blind hexes
to zero if there is ≤ 1 level elevation difference (see B10.23), and to see into any Depression
barring other LOS obstacles. To an Aerial viewer, the Blind Hex created by bocage is the hex
formed by the bocage hexside."

So every Blind Hex an Aerial viewer can have is the one hex right behind what blocks it: the
answer depends only on the viewed hex, its neighbour toward the viewer and the hexside between
them (and, for "completely surrounded", its six neighbours). :func:`blind_behind` decides from
exactly those (it takes them as hexes of terrain, so E8.221's reflected offboard terrain works),
:func:`aerial_sight` finds them along a hex grain (E7 strafing and sighting run along one),
:func:`surrounded` checks the six neighbours. E8.23 ("a Blind Hex as determined by the Avenue of
Approach") uses it; :func:`airhead.asl.los.aerial` wraps it for E7 (the season applied, the
Hindrance of the hex before the target); ground line of sight is :mod:`airhead.asl.los`.

The map is an approximation of printed artwork: wherever the answer decides a roll, the procedure
lets the players overrule it. Readings (``docs/rules-notes.md``, "E7.25"):

* a **full-level Obstacle** is a hex whose obstacle (woods, building) or Blaze is at least one
  level high; it blinds the hex behind it when its top is ≥ one level above that hex's base level;
  half-level obstacles (orchard, grain, brush) and SMOKE never do;
* a **Crest Line** is higher ground in the neighbour (a hill: its base level above the viewed
  hex's); it blinds only when it is ≥ 2 levels higher (≤ 1 level: zero Blind Hexes);
* a **cliff** hexside between them with the neighbour higher always blinds (cliffs are not
  reduced to zero);
* a **Depression** (terrain ``depression``) is seen into: higher ground at its edge never blinds
  it; full-level Obstacles and cliffs still do;
* **bocage** blinds the hex across the bocage hexside only where a rule asks (E8.23 says bocage
  creates no Blind Hex);
* a hex whose six neighbours all hold a LOS obstacle (full-level Obstacle or higher ground; for a
  Depression only full-level Obstacles) at least one level above its base level is unseen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from ...hexes import DIRECTIONS, Hex, Hexside
from ...terrain import HexTerrain, Terrain

if TYPE_CHECKING:
    from ...counters import Counters

__all__ = ["RULE", "Feature", "Look", "AerialSight", "blind_behind", "surrounded", "aerial_sight", "BlindUnits",
           "aerial_range", "mist_lv_hindrance"]

RULE = "E7.25"
DEPRESSION = "depression"


@dataclass(frozen=True)
class Feature:
    """One hex read as a LOS obstacle: its base level, the top of its full-level (or higher)
    Obstacle or Blaze (None without one), whether it is a Depression, and what it is in words."""

    hex: Hex
    base: float
    top: float | None
    what: str
    depression: bool = False


def _top(t: HexTerrain) -> float | None:
    """The level of the top of a hex's full-level (or higher) Obstacle or Blaze, None if none."""
    height = max(t.obstacle, t.blaze or 0)
    return t.base_level + height if height >= 1 else None


def _what(t: HexTerrain, types: Mapping[str, str] | None) -> str:
    if t.blaze is not None and t.blaze >= 1 and t.blaze >= t.obstacle:
        return "a Blaze"
    return (types or {}).get(t.terrain, t.terrain.replace("_", " "))


def _feature(h: Hex, t: HexTerrain, types: Mapping[str, str] | None) -> Feature:
    """Hex ``h`` as a LOS obstacle: a full-level (≥ 1 level) obstacle or Blaze counts, with its top
    at base level + height; half-level obstacles and SMOKE do not."""
    return Feature(h, t.base_level, _top(t), _what(t, types), t.terrain == DEPRESSION)


def _levels(x: float) -> str:
    n = int(x) if x == int(x) else x
    return f"{n} level{'' if abs(x) == 1 else 's'}"


@dataclass(frozen=True)
class Look:
    """One step of an explained answer: the hex looked at, what is there, its height in levels
    above the viewed hex's base level, and what it does to the view."""

    hex: Hex
    what: str
    height: float
    effect: str


@dataclass(frozen=True, init=False)
class AerialSight:
    """E7.25: whether an Aerial viewer sees ``target`` and why.

    ``cause`` is ``"obstacle"``, ``"cliff"``, ``"crest"``, ``"bocage"`` or ``"surrounded"`` when
    it is Blind (``by``: the hex that blocks), ``""`` when seen; ``looks`` explain every hex
    considered; ``note`` says when E7.25 is what makes it seen (a low crest, a Depression).
    """

    target: Hex
    blind: bool
    cause: str = ""
    by: Hex | None = None
    looks: tuple[Look, ...] = ()
    note: str = ""

    def __init__(self, target: Hex, blind: bool, cause: str = "", by: Hex | None = None, looks: tuple[Look, ...] = (),
                 note: str = "") -> None:
        # what the frozen dataclass's own __init__ stores, without object.__setattr__ per field
        # (the E8 odds read a Blind Hex per landing hex, thousands a heatmap)
        d = self.__dict__
        d["target"], d["blind"], d["cause"], d["by"], d["looks"], d["note"] = target, blind, cause, by, looks, note

    def explain(self, name: Callable[[Hex], str]) -> list[str]:
        """The answer in log style, one line per hex considered, then the verdict."""
        lines = [f"{name(lk.hex)}: {lk.what}, {_levels(lk.height)} above {name(self.target)}: {lk.effect}" for lk in self.looks]
        lines.append(f"{name(self.target)} is {'a Blind Hex' if self.blind else 'seen'} ({RULE})")
        return lines


def blind_behind(target: Hex, here: HexTerrain, near: Hex, there: HexTerrain, side: frozenset[str] = frozenset(), *,
                 bocage: bool = False, types: Mapping[str, str] | None = None) -> AerialSight:
    """E7.25: is ``target`` (terrain ``here``) Blind to an Aerial viewer looking past its neighbour
    ``near`` (terrain ``there``), across the hexside between them (features ``side``)?

    In this order: a full-level Obstacle or Blaze in ``near`` whose top is ≥ one level above the
    target's base level; a cliff hexside with ``near`` higher; bocage on the hexside (only if
    ``bocage``: E8.23 excludes it); higher ground in ``near`` (a crest line) ≥ 2 levels higher —
    ≤ 1 level makes zero Blind Hexes, and a Depression is seen into.
    """
    looks: list[Look] = []
    top = _top(there)
    if top is not None:
        up = top - here.base_level
        what = f"{_what(there, types)} (a full-level Obstacle)"
        if up >= 1:
            return AerialSight(target, True, "obstacle", near, (Look(near, what, up, "one Blind Hex behind it"),))
        looks.append(Look(near, what, up, "not higher than the viewed hex: no Blind Hex"))
    rise = there.base_level - here.base_level
    if rise <= 0 and not side:
        return AerialSight(target, False, "", None, tuple(looks))
    if "cliff" in side and rise > 0:
        looks.append(Look(near, "higher ground beyond a cliff hexside", rise, "a cliff: one Blind Hex below it"))
        return AerialSight(target, True, "cliff", near, tuple(looks))
    if bocage and "bocage" in side:
        looks.append(Look(near, "bocage on the hexside", max(rise, 0), "the Blind Hex is the hex across the bocage hexside"))
        return AerialSight(target, True, "bocage", near, tuple(looks))
    if rise > 0:
        if here.terrain == DEPRESSION:
            looks.append(Look(near, "higher ground (the Depression's edge)", rise, "an Aerial viewer sees into a Depression"))
            return AerialSight(target, False, "", None, tuple(looks), "an Aerial viewer sees into a Depression")
        if rise <= 1:
            looks.append(Look(near, "a crest line (higher ground)", rise, "≤ 1 level: reduced to zero Blind Hexes"))
            return AerialSight(target, False, "", None, tuple(looks), f"the crest line is only {_levels(rise)} higher")
        looks.append(Look(near, "a crest line (higher ground)", rise, "more than 1 level: one Blind Hex behind it"))
        return AerialSight(target, True, "crest", near, tuple(looks))
    return AerialSight(target, False, "", None, tuple(looks))


def surrounded(terrain: Terrain, target: Hex, types: Mapping[str, str] | None = None) -> AerialSight:
    """E7.25: a unit "completely surrounded by LOS obstacles at least one level higher than its own
    Location" is unseen: every neighbour holds a full-level Obstacle (or Blaze) whose top, or
    (except around a Depression) ground whose base level, is ≥ one level above ``target``'s base."""
    here = terrain.at(target)
    base, pit = here.base_level, here.terrain == DEPRESSION
    looks: list[Look] = []
    q, r = target.q, target.r
    for dq, dr in DIRECTIONS:  # target.neighbors(), made one at a time: most hexes stop at the first
        h = Hex(q + dq, r + dr)
        t = terrain.at(h)
        top = _top(t)
        if top is not None and top - base >= 1:
            looks.append(Look(h, f"{_what(t, types)} (a full-level Obstacle)", top - base, "higher LOS obstacle"))
        elif not pit and t.base_level - base >= 1:
            looks.append(Look(h, "higher ground", t.base_level - base, "higher LOS obstacle"))
        else:
            return AerialSight(target, False)
    return AerialSight(target, True, "surrounded", None, tuple(looks))


def aerial_sight(terrain: Terrain, target: Hex, toward: int, *, bocage: bool = True,
                 types: Mapping[str, str] | None = None) -> AerialSight:
    """E7.25: what an Aerial viewer looking at ``target`` along the hex grain from direction
    ``toward`` (0..5: the viewer lies that way) sees: unseen if :func:`surrounded`, else
    :func:`blind_behind` its neighbour that way. Bocage counts here (E7.25); E8.23 calls
    :func:`blind_behind` without it."""
    enclosed = surrounded(terrain, target, types)
    if enclosed.blind:
        return enclosed
    near = target.neighbor(toward)
    side = terrain.sides.get(Hexside.of(target, toward), frozenset())
    return blind_behind(target, terrain.at(target), near, terrain.at(near), side, bocage=bocage, types=types)


def aerial_range(hexes: int) -> int:
    """E7.402 / the 4G6 EX: the Aerial Range is twice the range in hexes ("three hexes away
    (six-hex Aerial Range)"; "nine hexes away (Aerial Range 18 hexes)")."""
    return 2 * hexes


def mist_lv_hindrance(weather: str, hexes: int | None) -> str:
    """E7.25: "LV Hindrances (Mist; 3.32) also apply to Aerial LOS, as per the Aerial Range (E.5)":
    in Mist, the sentence a player reads (its DRM by range is E3.32's table, not in the source
    rules: the players read it at the Aerial Range); '' in any other weather. ``hexes``: the range
    in hexes, None where the rules give none (an Observation Plane is offboard, E7.61)."""
    if weather != "Mist":
        return ""
    at = (f"at an Aerial Range of {aerial_range(hexes)} hexes ({hexes} hex{'es' if hexes != 1 else ''} away)"
          if hexes is not None else "at the Aerial Range the players judge (an Observation Plane is offboard, E7.61)")
    return (f"Mist is an LV Hindrance to Aerial LOS too, as per the Aerial Range: read its DRM on your rulebook's "
            f"E3.32 {at}")


class BlindUnits(Mapping[Hex, bool]):
    """E7.25 for E7.32 / E7.62: whether the units in each hex are completely Blind
    (:func:`surrounded`, on the terrain ``terrain_at`` gives around each hex), by the hexes that
    hold a unit; each hex read when it is asked for, so a Mistaken Attack reads the hexes it
    considers, not every unit's."""

    def __init__(self, terrain_at: Callable[[Hex], Terrain], counters: Counters) -> None:
        self._terrain_at, self._counters = terrain_at, counters
        self._seen: dict[Hex, bool] = {}

    def __getitem__(self, h: Hex) -> bool:
        got = self._seen.get(h)
        if got is None:
            if not self._counters.units_at(h):
                raise KeyError(h)
            got = self._seen[h] = surrounded(self._terrain_at(h), h).blind
        return got

    def __iter__(self) -> Iterator[Hex]:
        return iter(dict.fromkeys(u.hex for u in self._counters.units if u.hex is not None))

    def __len__(self) -> int:
        return sum(1 for _ in self)
