"""ASL line of sight at hex level (B10 in spirit; used by E1 Night, E7.25 and E8.23).

A line runs between hex centres (:func:`airhead.hexes.line`); each hex it crosses is read from
the map and the terrain table at the height the line has there, and the answer is explained hex
by hex, in the log's style. It is an approximation of printed artwork: wherever it decides a
roll, the app shows it and lets the players overrule it.

Public API (all pure; ``types`` defaults to the ASL terrain table):

* :class:`Location` — a hex and a level above its base level (a unit on level 1 of a building).
* :class:`LosSettings` — the readings that are settings (:data:`SETTING_FIELDS` for a system's
  schema; :meth:`LosSettings.from_settings` reads them from ``state.settings``).
* :func:`los` ``(terrain, a, b) -> Sight`` — blocked or clear, the total Hindrance DRM, every hex
  and hexside crossed with its height against the line and its effect; ``Sight.explain(name)``.
* :func:`top_above` — how far a hex's terrain rises above a viewer (E1.7: "1 full level higher").
* :func:`blind_hex` — a ground viewer's Blind Hex behind a lower obstacle, from a table the player
  enters (:class:`BlindTable`; B10.23's numbers are not in the seeds).
* :func:`aerial` — E7.25 Aerial LOS (:mod:`.aerial_los`) with the season and the Hindrance of the
  hex before the target.
* :func:`illuminated_zone` — E1.94 / E1.941: a Blaze's Illuminated Zone and the hexes its
  obstacles leave in shadow, the Blaze read as a viewer.
* :func:`los_view`, :func:`explain` — the LOS thread between two hexes for the map, and in words.

Readings (``docs/rules-notes.md``, "LOS at hex level"): a Location's height is its hex's base
level plus its level; terrain between ends at different levels is read as A6 reads it, as on
imported boards (:mod:`.los_heights`: height advantage, Blind Hexes counted), or against a line
whose height is interpolated between the ends (setting ``los_slope``); an obstacle, higher ground or a hexside feature whose top is
above the line there blocks (level with it: setting ``los_level_obstacle``); the ends' own hexes
and hexsides never block or hinder; each Hindrance above the line adds its DRM and a total of
``los_hindrance_limit`` (6) blocks; where the line runs exactly along a hexside, ``los_hexside``
says whether both sides or either side must block (the lesser or the greater Hindrance counts).

One concern past 600 lines: the hex-level trace and the readings built on it (a Blind Hex, the
aerial view, a Blaze's zone, the map's thread) share its private reading of a hex (``_read``,
``_trace``); apart, each would need those internals exported.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import ceil, floor
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, Protocol, Union

from ..frozen import replace
from ..errors import DataError, RulesError
from ..fields import Field
from ..hexes import DIRECTIONS, Hex, HexLine, Hexside, Step, line
from ..plug import View
from ..tables import TerrainType, hexside_heights, terrain_types
from ..terrain import HexTerrain, Terrain
from ..work import spend, worked_out
from .e7.aerial_los import AerialSight, aerial_sight

if TYPE_CHECKING:
    from ..plug import GameState

__all__ = ["RULE", "Location", "LosSettings", "SETTING_FIELDS", "BLIND_PACK_FIELD", "BlindTable", "blind_table",
           "Crossing", "Sight", "los", "top_above", "Blind", "blind_hex", "Aerial", "aerial", "Zone",
           "blaze_range", "illuminated_zone", "los_view", "explain"]

RULE = "LOS at hex level"
TABLE = "terrain_asl"

Name = Callable[[Hex], str]
#: A ground viewer's Blind Hexes (B10.23, not in the seeds): (obstacle height, levels the viewer
#: is above its top) -> how many hexes behind it are Blind. The player enters it.
BlindTable = Mapping[tuple[float, float], int]


def _half(value: Any, what: str, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise DataError(f"{what} must be a number")
    if not lo <= value <= hi or value * 2 != int(value * 2):
        raise DataError(f"{what} must be a whole or half level from {lo:g} to {hi:g}")
    return float(value)


@dataclass(frozen=True)
class Location:
    """A hex and a level above its base level (0: ground level; 1: a building's first level)."""

    hex: Hex
    level: float = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", _half(self.level, "a Location's level", -1, 20))


Where = Union[Location, Hex]


#: The terrain whose Locations end in a Rooftop one level above the building's highest level.
BUILDINGS = frozenset({"building", "wooden_building"})


def rooftop(t: HexTerrain, level: float) -> bool:
    """True if ``level`` in a hex of terrain ``t`` is its building's Rooftop: the level just
    above the building's highest level (a building ``obstacle`` high has ``floor(obstacle)``)."""
    return t.terrain in BUILDINGS and t.obstacle > 0 and level == floor(t.obstacle) + 1


def end_height(t: HexTerrain, level: float) -> Fraction:
    """The height a thread is traced from at ``level`` in a hex of terrain ``t``: its base level
    plus the level, half a level lower on a building's Rooftop, which sits on the building's
    half-level top (B23.8, as VASL reads it: its LOS is traced from its level less ½)."""
    z = Fraction(t.base_level) + Fraction(level)
    return z - Fraction(1, 2) if rooftop(t, level) else z


def _loc(x: Where) -> Location:
    return x if isinstance(x, Location) else Location(x)


@dataclass(frozen=True)
class LosSettings:
    """The readings of LOS that are settings (defaults documented in the rules notes).

    ``hexside``: a line exactly along a hexside is blocked only if ``"both"`` hexes block (the
    lesser Hindrance counts) or if ``"either"`` does (the greater counts); ``hindrance_limit``:
    a total Hindrance DRM that blocks; ``in_season``: grain hinders in season, an orchard out of
    season (the table's ``season`` column); ``slope``: ``"interpolate"`` the line's height
    between unequal ends, or ``"blind_hexes"``: only what is above both ends blocks, and what is
    between them blinds the lower end by ``blind`` (a :data:`BlindTable`, else the player is
    asked), or ``"asl"``: A6 as on imported boards (:mod:`.los_heights`: height advantage, Blind
    Hexes counted as VASL counts them); ``level_blocks``: an obstacle level with the line blocks; ``smoke``: the SMOKE
    Hindrance DRM (E.6 is not in the seeds: 0 until the player sets it); ``orchard_full``: a type
    that is an obstacle out of its Hindrance season (an orchard in season) is a full-level
    obstacle, whatever height its hex is painted (the E7.3 EX's Blind Hex behind the K9 orchard);
    ``wall_along``: on imported boards, a wall or hedge on a hexside the thread runs along (it
    does not cross it) blocks as VASL reads it, or (the default) only one it crosses does;
    ``orchard_level``: an orchard in season is a Hindrance, not an obstacle, to a thread whose
    ends are both at its ground level (B14.2 as VASL reads it), or (False) an obstacle there too;
    ``per_range``: on imported boards, of the Hindrance hexes at one range from the first end only
    the greatest counts (as VASL counts them), or (the default, A6) each Hindrance hex counts;
    ``brush_hinders``: brush is a half-level +1 Hindrance (as VASL reads B12, the default), or
    (False) a half-level obstacle.
    """

    hexside: Literal["both", "either"] = "both"
    hindrance_limit: int = 6
    in_season: bool = True
    slope: Literal["interpolate", "blind_hexes", "asl"] = "asl"
    level_blocks: bool = False
    smoke: int = 0
    blind: tuple[tuple[tuple[float, float], int], ...] = ()
    orchard_full: bool = True
    wall_along: bool = False
    orchard_level: bool = True
    per_range: bool = False
    brush_hinders: bool = True

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any], blind: BlindTable | None = None) -> LosSettings:
        """The LOS settings of a game (``state.settings``; absent keys keep their defaults)."""
        return cls(
            hexside="either" if settings.get("los_hexside") == EITHER else "both",
            hindrance_limit=int(settings.get("los_hindrance_limit", 6)),
            in_season=settings.get("los_season", IN_SEASON) != OUT_OF_SEASON,
            slope="blind_hexes" if settings.get("los_slope") == BLIND_HEXES else "interpolate"
            if settings.get("los_slope") == INTERPOLATED else "asl",
            level_blocks=settings.get("los_level_obstacle") == "blocks",
            smoke=int(settings.get("los_smoke_drm", 0)),
            blind=tuple(sorted((blind or {}).items())),
            orchard_full=settings.get("los_orchard", ORCHARD_FULL) != ORCHARD_PAINTED,
            wall_along=settings.get("los_wall_along") == WALL_ALONG_BLOCKS,
            orchard_level=settings.get("los_orchard_level", ORCHARD_LEVEL_HINDERS) != ORCHARD_LEVEL_BLOCKS,
            per_range=settings.get("los_hindrance_count") == COUNT_PER_RANGE,
            brush_hinders=settings.get("los_brush", BRUSH_HINDERS) != BRUSH_OBSTACLE,
        )


BOTH, EITHER = "both sides must block", "either side blocks"
IN_SEASON, OUT_OF_SEASON = "in season", "out of season"
INTERPOLATED, BLIND_HEXES = "interpolated between the ends", "only above both ends (Blind Hex table)"
AS_ASL = "height advantage and Blind Hexes counted (A6, as on imported boards)"
ORCHARD_FULL, ORCHARD_PAINTED = "a full-level obstacle (E7.3 EX)", "as high as its hex is painted"
ORCHARD_LEVEL_HINDERS, ORCHARD_LEVEL_BLOCKS = "a Hindrance (as VASL reads B14.2)", "an obstacle"
WALL_ALONG_CROSSED, WALL_ALONG_BLOCKS = "only a wall or hedge it crosses", "also one it runs along (as VASL reads it)"
COUNT_EACH, COUNT_PER_RANGE = "each Hindrance hex crossed", "one per range from the firer (as VASL counts them)"
BRUSH_HINDERS, BRUSH_OBSTACLE = "a half-level Hindrance, +1 (as VASL reads it)", "a half-level obstacle"

#: The LOS settings as schema fields (a system adds them to its settings schema).
SETTING_FIELDS: tuple[Field, ...] = (
    Field("los_hexside", "LOS along a hexside", "choice", choices=(BOTH, EITHER), default=BOTH, rule=RULE,
          help="a line running exactly along a hexside: blocked only if the hexes on both sides block, or if either does"),
    Field("los_hindrance_limit", "Hindrance total that blocks LOS", "int", lo=1, hi=20, default=6, rule=RULE,
          help="LOS Hindrance DRM add up; this total blocks the line (ASL's 6; not in the rule text Airhead has: change it if your rules differ)"),
    Field("los_season", "Season", "choice", choices=(IN_SEASON, OUT_OF_SEASON), default=IN_SEASON, rule="E1.7, E7.3",
          help="grainfields hinder in season (E1.7 EX), orchards out of season (E7.3 EX)"),
    Field("los_slope", "LOS between different levels", "choice", choices=(AS_ASL, INTERPOLATED, BLIND_HEXES),
          default=AS_ASL, rule=RULE,
          help="on a painted map, how terrain between a higher and a lower end is read: by height advantage and Blind Hexes "
               "counted as on imported boards (A6), against a line whose height is interpolated between the ends, or by "
               "the Blind Hex table you enter (imported boards always count Blind Hexes)"),
    Field("los_level_obstacle", "An obstacle level with the line", "choice", choices=("does not block", "blocks"),
          default="does not block", rule=RULE, help="an obstacle whose top is exactly at the line's height"),
    Field("los_smoke_drm", "SMOKE Hindrance DRM", "int", lo=0, hi=9, default=0, rule="E.6",
          help="E.6 is not in the rule text Airhead has: enter the DRM your rules give"),
    Field("los_orchard", "An orchard in season", "choice", choices=(ORCHARD_FULL, ORCHARD_PAINTED), default=ORCHARD_FULL,
          rule="E7.3, E7.25", help="the E7.3 example's in-season orchard in K9 makes K10 a Blind Hex to an aircraft, and only "
                                   "full-level obstacles do (E7.25)"),
    Field("los_orchard_level", "An orchard in season, seen at its own level", "choice",
          choices=(ORCHARD_LEVEL_HINDERS, ORCHARD_LEVEL_BLOCKS), default=ORCHARD_LEVEL_HINDERS, rule="B14.2",
          help="a line of sight whose two ends are both at an in-season orchard's ground level: the orchard hinders it "
               "(+1, as VASL reads the rule) or blocks it; from a higher or lower level it is an obstacle either way "
               "(the E7.3 example's Blind Hex)"),
    Field("los_wall_along", "A thread along a wall or hedge hexside", "choice", choices=(WALL_ALONG_CROSSED, WALL_ALONG_BLOCKS),
          default=WALL_ALONG_CROSSED, rule="B9.2",
          help="on imported boards: whether a wall or hedge blocks a line of sight that runs exactly along its hexside "
               "without crossing it (VASL's engine says it does)"),
    Field("los_hindrance_count", "Hindrances counted", "choice", choices=(COUNT_EACH, COUNT_PER_RANGE), default=COUNT_EACH,
          rule=RULE, help="on imported boards: every Hindrance hex the line crosses adds its DRM, or, as VASL's engine "
                          "counts them, only the greatest of the hexes at the same range from the firer (a line crossing "
                          "a hexside near a vertex passes through two such hexes)"),
    Field("los_brush", "Brush", "choice", choices=(BRUSH_HINDERS, BRUSH_OBSTACLE), default=BRUSH_HINDERS, rule="B12",
          help="on a painted map: brush is half a level high; a line of sight at its level is hindered (+1, as VASL "
               "reads B12, and as imported boards' brush always is) or blocked by it; from a level above, neither"),
)

#: A table-pack entry for :data:`BlindTable`: keys ``"<obstacle height>/<levels above>"``.
BLIND_PACK_FIELD = Field("blind_hexes", "Blind Hexes behind an obstacle", "mapping", rule="B10.23", default=None, hi=64,
                         item=Field("count", "Blind Hexes", "int", lo=0, hi=20),
                         help="'height/above': Blind Hexes behind an obstacle that high, seen from that many levels above its top")


def blind_table(data: Mapping[str, Any]) -> dict[tuple[float, float], int]:
    """A :data:`BlindTable` from JSON ``{"1/1": 2, ...}`` (obstacle height / levels above its top:
    Blind Hexes); :class:`DataError` on anything else."""
    if not isinstance(data, Mapping) or len(data) > 64:
        raise DataError("a Blind Hex table is at most 64 entries 'height/above': count")
    out: dict[tuple[float, float], int] = {}
    for k, v in data.items():
        parts = str(k).split("/")
        try:
            hgt, above = (float(p) for p in parts) if len(parts) == 2 else (None, None)
        except ValueError:
            hgt = above = None
        if hgt is None or above is None:
            raise DataError(f"a Blind Hex table key is 'height/above' (e.g. 1/1), not {str(k)[:20]!r}")
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 20:
            raise DataError("a Blind Hex count is a whole number from 0 to 20")
        out[(_half(hgt, "an obstacle height", 0, 20), _half(above, "a height above an obstacle", 0, 20))] = v
    return out


# ---------------------------------------------------------------- reading a hex


@dataclass(frozen=True)
class _Read:
    """A hex as LOS reads it: ground, obstacle height (0: none), hindrance DRM and height."""

    ground: Fraction
    obstacle: Fraction
    hindrance: int
    height: Fraction
    smoke: bool
    what: str


def _types(types: Mapping[str, TerrainType] | None) -> Mapping[str, TerrainType]:
    return terrain_types(TABLE) if types is None else types


def _hinders(ty: TerrainType | None, s: LosSettings) -> bool:
    if ty is None or ty.hindrance <= 0 or (ty.key == "brush" and not s.brush_hinders):  # B12: setting los_brush
        return False
    return ty.season == "" or (ty.season == "in") == s.in_season


def level_hindrance(ty: TerrainType | None, s: LosSettings) -> int:
    """The Hindrance DRM terrain of type ``ty`` adds, instead of blocking, to a thread whose ends
    are both at its ground level: an orchard in season (an obstacle out of its Hindrance season)
    with setting ``orchard_level`` (B14.2 as VASL reads it: its ``split`` terrain); else 0."""
    if ty is None or not s.orchard_level or not ty.season or ty.off_season != "obstacle" or _hinders(ty, s):
        return 0
    return ty.hindrance


def _read(t: HexTerrain, ty: TerrainType | None, s: LosSettings) -> _Read:
    label = ty.label if ty else t.terrain.replace("_", " ")
    h = Fraction(1, 2) if ty is not None and ty.half_level else Fraction(t.obstacle)
    obstacle, hind, what = h, 0, label
    if _hinders(ty, s):
        assert ty is not None
        obstacle, hind = Fraction(0), ty.hindrance
        what = f"{label} ({'in' if s.in_season else 'out of'} season)" if ty.season else label
    elif ty is not None and ty.hindrance > 0 and ty.season:
        what = f"{label} ({'in' if s.in_season else 'out of'} season)"
        if ty.off_season != "obstacle":
            obstacle = Fraction(0)
        elif s.orchard_full:
            obstacle = max(obstacle, Fraction(1))
    if t.blaze is not None and Fraction(t.blaze) > obstacle:
        obstacle, what = max(Fraction(t.blaze), Fraction(1, 2)), f"a Blaze in {label}"
    if t.terrain == "open" and not obstacle:
        what = "open ground"
    return _Read(Fraction(t.base_level), obstacle, hind, h if hind else Fraction(0), t.smoke, what)


def _levels(x: Fraction | float) -> str:
    x = Fraction(x)
    n = abs(x)
    word = "half a level" if n == Fraction(1, 2) else f"{float(n):g} level{'' if n == 1 else 's'}"
    return word


def _against(d: Fraction, ref: str = "the line") -> str:
    if d == 0:
        return f"level with {ref}"
    return f"{_levels(d)} {'above' if d > 0 else 'below'} {ref}"


def _at(z: Fraction) -> str:
    return "ground level" if z == 0 else f"level {float(z):g}"


# ---------------------------------------------------------------- the line


@lru_cache(maxsize=4096)
def _line_from_origin(dq: int, dr: int) -> HexLine:
    return line(Hex(0, 0), Hex(dq, dr))


def _line(a: Hex, b: Hex) -> HexLine:
    """:func:`airhead.hexes.line` from ``a`` to ``b``, translated from a cached line from the
    origin (the exact line does not change when both ends move by whole hexes)."""
    def move(st: Step) -> Step:
        return a + st if isinstance(st, Hex) else tuple(a + h for h in st)
    base = _line_from_origin(b.q - a.q, b.r - a.r)
    return HexLine(tuple(move(st) for st in base.steps), base.spans)


@dataclass(frozen=True)
class Crossing:
    """One hex (or hexside: two hexes) the line crosses: what is there, its top against the line's
    height at that point (levels; positive above), its effect in words, whether it blocks, and the
    Hindrance DRM it adds."""

    hexes: tuple[Hex, ...]
    what: str
    height: float
    effect: str
    blocks: bool = False
    drm: int = 0
    side: bool = False
    ref: str = "the line"

    def line(self, name: Name) -> str:
        """This crossing as one log-style line."""
        where = " | ".join(name(h) for h in self.hexes)
        where = f"hexside {where}" if self.side else where
        return f"{where}: {self.what}, {_against(Fraction(self.height), self.ref)}: {self.effect}"


@dataclass(frozen=True)
class Sight:
    """The answer of :func:`los`: blocked or clear, the total Hindrance DRM, what blocks (``by``:
    its hexes; ``cause``: ``"obstacle"``, ``"ground"``, ``"hexside"``, ``"hindrances"``,
    ``"blind"``, or ``""``), every crossing in order, the line's hexes, and questions the rules
    leave to the players (``asks``)."""

    a: Location
    b: Location
    blocked: bool
    drm: int
    crossings: tuple[Crossing, ...]
    path: tuple[Hex, ...]
    by: tuple[Hex, ...] = ()
    cause: str = ""
    asks: tuple[str, ...] = ()
    heights: tuple[float, float] = (0.0, 0.0)
    roofs: tuple[bool, bool] = (False, False)  # each end on its building's Rooftop (B23.8)

    def explain(self, name: Name) -> list[str]:
        """The answer in log style: the ends, one line per crossing, then the verdict."""
        za, zb = self.heights

        def at(loc: Location, z: float, roof: bool) -> str:
            return (f"Rooftop, level {loc.level:g}: traced from {_at(Fraction(z))}, half a level lower (B23.8)" if roof
                    else _at(Fraction(z)))

        lines = [f"Line of sight from {name(self.a.hex)} ({at(self.a, za, self.roofs[0])}) to "
                 f"{name(self.b.hex)} ({at(self.b, zb, self.roofs[1])})"]
        lines += [c.line(name) for c in self.crossings]
        if self.blocked:
            what = {"hindrances": f"Hindrances add up to +{self.drm}", "blind": "a Blind Hex"}.get(self.cause, "")
            by = " and ".join(name(h) for h in self.by)
            lines.append(f"LOS blocked: {what or by} ({RULE})" if not what else f"LOS blocked: {what}, {by} ({RULE})")
        else:
            lines.append(f"LOS clear{f', +{self.drm} Hindrance DRM' if self.drm else ''} ({RULE})")
        lines += [f"For the players: {q}" for q in self.asks]
        return lines


def _side_height(sides: Mapping[str, float], feats: frozenset[str], minimum: float) -> tuple[Fraction, str]:
    best, what = Fraction(0), ""
    for f in sorted(feats):
        hgt = Fraction(sides.get(f, 0))
        if hgt > best and hgt >= minimum:
            best, what = hgt, f
    return best, what


def _trace(terrain: Terrain, a: Location, b: Location, s: LosSettings, types: Mapping[str, TerrainType],
           sides: Mapping[str, float], *, minimum: float = 0, hindrances: bool = True) -> Sight:
    """The line from ``a`` to ``b``; obstacles under ``minimum`` levels and (without
    ``hindrances``) Hindrances are ignored (E1.941 shadows)."""
    ta, tb = terrain.at(a.hex), terrain.at(b.hex)
    za, zb = end_height(ta, a.level), end_height(tb, b.level)
    ln = _line(a.hex, b.hex)
    n = len(ln.steps) - 1
    low, high = min(za, zb), max(za, zb)
    lower_end = a if za < zb else b
    crossings: list[Crossing] = []
    blockers: list[tuple[Hex, ...]] = []
    cause = ""
    drm = 0
    asks: list[str] = []

    def z_at(t: Fraction) -> Fraction:
        return high if s.slope == "asl" else za + (zb - za) * t

    higher = b.hex if zb > za else a.hex
    asl = s.slope == "asl"
    ref = "the higher end" if asl and za != zb else "the line"

    def _hinders_here(top: Fraction, height: Fraction, z: Fraction, where: Hex) -> bool:
        """Does a Hindrance whose top is ``top`` hinder here?"""
        if not asl:
            return top > z
        if top > high or (top == high and (high > low or height != int(height))):
            return True
        if low < top < high and height >= 1:
            return _asl(top, where, False)[0]
        return False

    def judge(top: Fraction, z: Fraction, where: Hex, crest: bool = False) -> tuple[bool, str]:
        """Does a top at this point block? (and the effect in words)"""
        if s.slope == "asl":
            return _asl(top, where, crest)
        if s.slope == "blind_hexes":
            if top > high or (s.level_blocks and top == high == low):
                return True, "blocks"
            if top > low:
                return _blind_effect(top, where)
            return False, "below the line"
        if top > z or (top == z and s.level_blocks):
            return True, "blocks"
        return False, "below the line"

    def _asl(top: Fraction, where: Hex, crest: bool) -> tuple[bool, str]:
        """A6 as :mod:`.los_heights` reads it (the same counts as on imported boards)."""
        if high == low:  # both ends at one level: the same reading as the line's
            return (True, "blocks") if top > high or (top == high and s.level_blocks and not crest) else (False, "below the line")
        if top > high:
            return True, "higher than both ends: blocks (A6.2)"
        if top == high:
            return True, "as high as the higher end, no height advantage over it: blocks (A6.2)"
        if not crest:  # Blind Hexes count an obstacle's whole levels (VASL's height), not its half level
            top = Fraction(floor(top))
        if top > low:
            rs, rt = where.distance(higher), where.distance(lower_end.hex)
            n = floor(2 * top + rs // 5 - high - low)
            n = max(n, 0) if crest else max(n + 1, 1)
            where_ = f"the lower end is {rt} hex{'es' if rt != 1 else ''} behind it"
            if rt <= n:
                return True, f"{where_}, within its {n} Blind Hex{'es' if n != 1 else ''}: blocks (A6.4)"
            return False, f"{where_}, beyond its {n} Blind Hex{'es' if n != 1 else ''} (A6.4)"
        return False, "not higher than the lower end"

    def _blind_effect(top: Fraction, where: Hex) -> tuple[bool, str]:
        hgt = top - terrain.at(where).base_level
        above = high - top
        table = dict(s.blind)
        count = table.get((float(hgt), float(above)))
        if count is None:
            asks.append(f"is the lower end a Blind Hex behind this {_levels(hgt)} obstacle seen from "
                        f"{_levels(above)} above it? (B10.23: enter the Blind Hex table)")
            return False, "between the ends: a Blind Hex question for the players"
        d = where.distance(lower_end.hex)
        if d <= count:
            return True, f"{count} Blind Hex{'es' if count != 1 else ''} behind it: blocks"
        return False, f"{count} Blind Hex{'es' if count != 1 else ''} behind it: the lower end is beyond them"

    def one(h: Hex, t: Fraction) -> tuple[bool, int, list[Crossing], str]:
        z = z_at(t)
        r = _read(terrain.at(h), types.get(terrain.at(h).terrain), s)
        out: list[Crossing] = []
        blocks, add, why = False, 0, ""
        if (r.ground > low if asl else r.ground > z and (s.slope == "interpolate" or r.ground > low)):
            hit, eff = judge(r.ground, z, h, crest=True)
            blocks, why = hit, "ground" if hit else ""
            out.append(Crossing((h,), "higher ground (a crest)", float(r.ground - z), eff, hit, ref=ref))
        split = level_hindrance(types.get(terrain.at(h).terrain), s) if hindrances and za == zb == r.ground else 0
        if r.obstacle and split and not r.hindrance:  # an orchard in season seen at its own level (B14.2)
            add += split
            out.append(Crossing((h,), r.what, float(r.ground + r.obstacle - z),
                                f"+{split} Hindrance: both ends at its level (B14.2, as VASL reads it; setting)", False, split, ref=ref))
        elif r.obstacle and r.obstacle >= minimum:
            top = r.ground + r.obstacle
            hit, eff = judge(top, z, h)
            if hit and not blocks:
                blocks, why = True, "blind" if "Blind Hex" in eff else "obstacle"
            out.append(Crossing((h,), r.what, float(top - z), eff, hit, ref=ref))
        if hindrances and r.hindrance:
            top = r.ground + r.height
            if _hinders_here(top, r.height, z, h):
                add += r.hindrance
                out.append(Crossing((h,), r.what, float(top - z), f"+{r.hindrance} Hindrance", False, r.hindrance, ref=ref))
            else:
                out.append(Crossing((h,), r.what, float(top - z), "below the line" if not asl else "no effect", ref=ref))
        if hindrances and r.smoke:
            if s.smoke:
                add += s.smoke
                out.append(Crossing((h,), "SMOKE", 0.0, f"+{s.smoke} Hindrance", False, s.smoke))
            else:
                out.append(Crossing((h,), "SMOKE", 0.0, "a Hindrance whose DRM is not set (E.6)"))
                asks.append("what Hindrance DRM does the SMOKE on the line add? (E.6)")
        if not out:
            what = r.what if r.ground == 0 else f"{r.what} at {_at(r.ground)}"
            out.append(Crossing((h,), what, float(r.ground - z), "no effect", ref=ref))
        return blocks, add, out, why

    def hexside(x: Hex, y: Hex, t: Fraction) -> Crossing | None:
        feats = terrain.side_between(x, y)
        hgt, what = _side_height(sides, feats, minimum)
        if not what:
            return None
        ground = max(Fraction(terrain.at(x).base_level), Fraction(terrain.at(y).base_level))
        top = ground + hgt
        z = z_at(t)
        if asl:
            if any(x.distance(e) == 1 and y.distance(e) == 1 for e in (a.hex, b.hex)):
                hit, eff = False, "touches an end's hex at a corner: ignored (B9.2, as VASL reads it)"
            elif what == "bocage":  # a full-level obstacle on its hexside (B9.52)
                hit, eff = judge(top, z, x if x.distance(lower_end.hex) < y.distance(lower_end.hex) else y)
            elif za == zb == ground or top > high:
                hit, eff = True, "blocks" if za == zb else "higher than both ends: blocks (A6.2)"
            else:
                hit, eff = False, "the ends are not both at its level (B9.2)"
            return Crossing((x, y), f"a {what.replace('_', ' ')}", float(top - z), eff, hit, side=True, ref=ref)
        hit, eff = judge(top, z, x if x.distance(lower_end.hex) < y.distance(lower_end.hex) else y)
        return Crossing((x, y), f"a {what.replace('_', ' ')}", float(top - z), eff, hit, side=True)

    steps = ln.steps
    for i in range(1, n):
        st = steps[i]
        t = ln.at(i)
        if isinstance(st, Hex):
            hit, add, cs, why = one(st, t)
            crossings += cs
            drm += add
            if hit:
                blockers.append((st,))
                cause = cause or why
            continue
        results = [one(h, t) for h in st]
        hits = [r[0] for r in results]
        adds = [r[1] for r in results]
        both = s.hexside == "both"
        hit = all(hits) if both else any(hits)
        for *_, cs, _ in results:  # a hex that blocks alone does not block a line along its hexside
            crossings += cs if hit else [replace(c, blocks=False, effect="would block, but only on its side of the hexside "
                                                                         "the line runs along") if c.blocks else c for c in cs]
        if both:
            free = [d for hh, d in zip(hits, adds) if not hh]
            add = min(free) if free else max(adds)
        else:
            add = max(adds)
        drm += add
        pair = tuple(st)
        feature = hexside(pair[0], pair[1], t) if len(pair) == 2 and pair[0].distance(pair[1]) == 1 else None
        rule = "both sides must block" if both else "either side blocks"
        verdict = "blocks" if hit else "does not block"
        crossings.append(Crossing(pair, "the line runs along this hexside", 0.0,
                                  f"{rule}: {verdict}{f', +{add} Hindrance' if add else ''}", hit, 0, side=True))
        if feature is not None and not both and feature.blocks:
            crossings.append(feature)
            hit = True
        elif feature is not None:
            crossings.append(replace(feature, blocks=False, effect="along the line, not crossed: no effect"))
        if hit:
            blockers.append(pair)
            cause = cause or next((r[3] for r in results if r[0]), "hexside")
    # hexsides crossed between single-hex steps (the ends' own hexsides never block)
    for i in range(1, n - 1):
        x, y = steps[i], steps[i + 1]
        if isinstance(x, Hex) and isinstance(y, Hex) and x.distance(y) == 1:
            c = hexside(x, y, ln.spans[i][1])
            if c is not None:
                crossings.append(c)
                if c.blocks:
                    blockers.append((x, y))
                    cause = cause or "hexside"
    blocked = bool(blockers)
    if not blocked and drm >= s.hindrance_limit:
        blocked, cause = True, "hindrances"
        blockers = [c.hexes for c in crossings if c.drm]
    by = tuple(dict.fromkeys(h for hs in blockers for h in hs))
    return Sight(a, b, blocked, drm, tuple(crossings), tuple(ln.hexes), by, cause, tuple(dict.fromkeys(asks)),
                 (float(za), float(zb)), (rooftop(ta, a.level), rooftop(tb, b.level)))


def los(terrain: Terrain, a: Where, b: Where, *, settings: LosSettings | None = None,
        types: Mapping[str, TerrainType] | None = None, sides: Mapping[str, float] | None = None) -> Sight:
    """Line of sight from ``a`` to ``b`` (Locations, or hexes at ground level), explained.

    ``types``: the terrain table (default ASL's); ``sides``: the height of each hexside feature
    (default the table's ``"sides"``)."""
    return _trace(terrain, _loc(a), _loc(b), settings or LosSettings(), _types(types),
                  hexside_heights(TABLE) if sides is None else sides)


def top_above(terrain: Terrain, viewer: Where, h: Hex, *, settings: LosSettings | None = None,
              types: Mapping[str, TerrainType] | None = None) -> float:
    """How many levels the top of hex ``h``'s terrain (ground plus obstacle or Hindrance) is above
    ``viewer`` (negative: below). E1.7 EX: the T7 woods are 1 full level higher than a firer at
    ground level in R6, 0 for one on level 1."""
    v = _loc(viewer)
    t = terrain.at(h)
    r = _read(t, _types(types).get(t.terrain), settings or LosSettings())
    top = r.ground + max(r.obstacle, r.height)
    return float(top - Fraction(terrain.at(v.hex).base_level) - Fraction(v.level))


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
    zv = Fraction(terrain.at(v.hex).base_level) + Fraction(v.level)
    zt = Fraction(terrain.at(target).base_level)
    found: tuple[Hex, Fraction, Fraction] | None = None
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


# ---------------------------------------------------------------- E1.94 Blaze Illuminated Zone, E1.941 shadows


class Shadow(Protocol):
    """A thread from a Blaze that something blocks (:class:`Sight`, or one traced over a board)."""

    @property
    def b(self) -> Location: ...

    @property
    def by(self) -> tuple[Hex, ...]: ...


@dataclass(frozen=True)
class Zone:
    """E1.94: a Blaze's Illuminated Zone (``radius`` = 2 × ``levels`` blazing levels) — ``lit``
    hexes, the Blaze's own first — and E1.941: the hexes in its shadow, each with the
    :class:`Sight` from the Blaze that shows what blocks it."""

    blaze: Hex
    levels: int
    radius: int
    lit: tuple[Hex, ...]
    shadows: tuple[Shadow, ...]

    @property
    def shadow(self) -> tuple[Hex, ...]:
        """The hexes in shadow (quasi-Blind Hexes, E1.941)."""
        return tuple(s.b.hex for s in self.shadows)

    def explain(self, name: Name) -> list[str]:
        """The zone in log style: its range, then each shadow and what casts it."""
        lines = [f"Blaze in {name(self.blaze)}: {self.levels} blazing level{'s' if self.levels != 1 else ''}, "
                 f"an Illuminated Zone of {self.radius} hexes (E1.94)"]
        for s in self.shadows:
            by = " and ".join(name(h) for h in s.by)
            lines.append(f"{name(s.b.hex)} is in shadow behind {by} (E1.941)")
        return lines

    def view(self) -> View:
        """The zone for the map: the lit hexes outlined together, shadows marked."""
        return View(marks=((self.blaze, "blaze"),) + tuple((h, "shadow") for h in self.shadow),
                    zones=((f"Illuminated Zone ({self.radius} hexes)", self.lit),),
                    labels=tuple((h, "shadow") for h in self.shadow))


def blaze_range(levels: int) -> int:
    """E1.94: a Blaze's Illuminated Zone reaches twice its blazing levels (Rooftops excluded)."""
    if levels < 1:
        raise DataError("a Blaze has at least one blazing level")
    return 2 * levels


#: The direction (0..5) of each neighbour's offset.
_DIRECTION = {d: i for i, d in enumerate(DIRECTIONS)}
#: Units of work per step of a line a Blaze's zone checks for anything that could shadow it
#: (:func:`_clear`) instead of tracing it: a few terrain reads' worth.
CLEAR_STEP = 4


def illuminated_zone(terrain: Terrain, blaze_hex: Hex, *, settings: LosSettings | None = None,
                     types: Mapping[str, TerrainType] | None = None, sides: Mapping[str, float] | None = None,
                     in_play: Callable[[Hex], bool] | None = None, level: float = 0) -> Zone:
    """E1.94: the Illuminated Zone of the Blaze in ``blaze_hex`` — range twice its blazing levels
    (``HexTerrain.blaze`` rounded up, at least one: Rooftops are not modelled, so the blaze
    height counts no Rooftop) — and E1.941: its shadows, the Blaze read as a viewer at ``level``
    (ground level) whose LOS only obstacles of ≥ one level (higher ground included) block;
    Hindrances never shadow. ``in_play`` keeps only the hexes on the map."""
    t = terrain.at(blaze_hex)
    if t.blaze is None:
        raise RulesError("there is no Blaze in that hex (E1.94)")
    levels = max(1, ceil(t.blaze))
    radius = blaze_range(levels)
    s = settings or LosSettings()
    ty = _types(types)
    sd = hexside_heights(TABLE) if sides is None else sides
    viewer = Location(blaze_hex, level)
    lit: list[Hex] = [blaze_hex]
    shadows: list[Sight] = []
    za = float(t.base_level) + float(level)
    tops: dict[Hex, tuple[float, float, int]] = {}
    for h in blaze_hex.within(radius)[1:]:
        if in_play is not None and not in_play(h):
            continue
        if s.hindrance_limit > 0 and _clear(terrain, blaze_hex, h, min(za, float(terrain.at(h).base_level)), s, ty, tops):
            lit.append(h)
            continue
        sight = _trace(terrain, viewer, Location(h), s, ty, sd, minimum=1, hindrances=False)
        (shadows.append(sight) if sight.blocked else lit.append(h))
    return Zone(blaze_hex, levels, radius, tuple(lit), tuple(shadows))


def _clear(terrain: Terrain, a: Hex, b: Hex, low: float, s: LosSettings, ty: Mapping[str, TerrainType],
           tops: dict[Hex, tuple[float, float, int]]) -> bool:
    """True if nothing between the ends of the line from ``a`` to ``b`` could cast a shadow on it
    (E1.941: an obstacle of a level or more, higher ground, a hexside feature), so that
    :func:`_trace` would find it clear: higher ground blocks only above the line's lower end
    (``low``), an obstacle only if its top reaches it, and a hexside feature is left to the
    trace. ``tops`` keeps each hex's ground, its obstacle's top (-inf: under a level) and which of
    its hexsides have a feature (a bit a direction; levels are whole or half: floats hold them
    exactly). The
    line's steps are worked out as a traced line's are (:func:`airhead.work.worked_out`); each
    step checked costs :data:`CLEAR_STEP` units."""
    base = _line_from_origin(b.q - a.q, b.r - a.r)
    steps = base.steps
    worked_out((b.q - a.q, b.r - a.r), len(steps))
    spend(CLEAR_STEP * len(steps))
    n = len(steps) - 1
    for i in range(1, n):
        st = steps[i]
        for o in ((st,) if isinstance(st, Hex) else st):
            h = a + o
            got = tops.get(h)
            if got is None:
                here = terrain.at(h)
                r = _read(here, ty.get(here.terrain), s)
                got = tops[h] = (float(r.ground), float(r.ground + r.obstacle) if r.obstacle >= 1 else float("-inf"),
                                 sum(1 << d for d in range(6) if terrain.side(h, d)))
            if got[0] > low or got[1] >= low:
                return False
        # a hexside feature the line runs along or crosses between two hexes short of its ends
        nxt = steps[i + 1] if i < n - 1 else None
        pair = st if not isinstance(st, Hex) else (st, nxt) if isinstance(nxt, Hex) else ()
        if len(pair) == 2:
            d = _DIRECTION.get((pair[1].q - pair[0].q, pair[1].r - pair[0].r))
            if d is not None and tops[a + pair[0]][2] >> d & 1:
                return False
    return True


# ---------------------------------------------------------------- the map's LOS thread


def _source(source: Terrain | GameState) -> tuple[Terrain, LosSettings | None, Mapping[str, TerrainType] | None]:
    if isinstance(source, Terrain):
        return source, None, None
    return source.terrain, LosSettings.from_settings(source.settings), source.system.terrain_types


def los_view(source: Terrain | GameState, a: Where, b: Where, *, settings: LosSettings | None = None) -> View:
    """The LOS thread from ``a`` to ``b`` for the map: the line, its ends, what blocks
    (``los-block``, labelled "blocks") and what hinders (``los-hindrance``, labelled "+1"), and at
    the far end the verdict ("no LOS" or the total DRM)."""
    terrain, st, types = _source(source)
    sight = los(terrain, a, b, settings=settings or st, types=types)
    marks: list[tuple[Hex, str]] = [(sight.a.hex, "los-end"), (sight.b.hex, "los-end")]
    labels: list[tuple[Hex, str]] = []
    for c in sight.crossings:
        if c.blocks:
            marks += [(h, "los-block") for h in c.hexes]
            labels += [(h, "blocks") for h in c.hexes if not c.side]
        elif c.drm:
            marks.append((c.hexes[0], "los-hindrance"))
            labels.append((c.hexes[0], f"+{c.drm}"))
    verdict = "no LOS" if sight.blocked else (f"LOS +{sight.drm}" if sight.drm else "LOS")
    labels.append((sight.b.hex, verdict))
    return View(marks=tuple(dict.fromkeys(marks)), paths=((sight.a.hex, sight.b.hex),), labels=tuple(dict.fromkeys(labels)))


def explain(source: Terrain | GameState, a: Where, b: Where, name: Name, *, settings: LosSettings | None = None) -> list[str]:
    """The LOS from ``a`` to ``b`` in words, one line per hex crossed (:meth:`Sight.explain`)."""
    terrain, st, types = _source(source)
    return los(terrain, a, b, settings=settings or st, types=types).explain(name)

