"""Line of sight's shared vocabulary: a Location and its height, the LOS settings, and a hex as
LOS reads it (used by the hex-by-hex trace :mod:`.los`, the pixel walk :mod:`.los_grid`, the
Blaze's zone :mod:`.los_zone` and the heights :mod:`.los_heights`).

* :class:`Location` — a hex and a level above its base level (a unit on level 1 of a building);
  :func:`end_height` the height a thread is traced from there (a Rooftop half a level lower, B23.8).
* :class:`LosSettings` — the readings that are settings (:data:`SETTING_FIELDS` for a system's
  schema; :meth:`LosSettings.from_settings` reads them from ``state.settings``).
* :data:`BlindTable`, :func:`blind_table` — a ground viewer's Blind Hexes the player enters (B10.23).
* ``_line`` — the hexes and hexsides a line between two hex centres crosses (cached).
* ``_read`` — a hex's ground, obstacle, Hindrance and name this season; :func:`level_hindrance` —
  an in-season orchard seen at its own level (B14.2 as VASL reads it).

Readings: ``docs/rules-notes.md``, "LOS at hex level" and "LOS over a board's grid".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import floor
from typing import Any, Callable, Literal, Mapping, Union

from ..errors import DataError
from ..fields import Field
from ..formats import VASL_LOS_FORMAT
from ..hexes import Hex, HexLine, Step, line
from ..tables import TerrainType, terrain_types
from ..terrain import HexTerrain

__all__ = ["RULE", "TABLE", "Name", "Location", "Where", "BUILDINGS", "rooftop", "end_height", "LosSettings",
           "SETTING_FIELDS", "FORMER_DEFAULTS", "BLIND_PACK_FIELD", "BlindTable", "blind_table", "level_hindrance"]

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


def end_height(t: HexTerrain, level: float) -> float:
    """The height a thread is traced from at ``level`` in a hex of terrain ``t``: its base level
    plus the level, half a level lower on a building's Rooftop, which sits on the building's
    half-level top (B23.8, as VASL reads it: its LOS is traced from its level less ½). Whole and
    half levels: a float holds them exactly."""
    z = float(t.base_level + level)
    return z - 0.5 if rooftop(t, level) else z


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
    does not cross it) blocks as VASL reads it (the default), or (False) only one it crosses does;
    ``orchard_level``: an orchard in season is a Hindrance, not an obstacle, to a thread whose
    ends are both at its ground level (B14.2 as VASL reads it), or (False) an obstacle there too;
    ``per_range``: on imported boards, of the Hindrance hexes at one range from the first end only
    the greatest counts (as VASL counts them, the default), or (False) each Hindrance hex counts;
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
    wall_along: bool = True
    orchard_level: bool = True
    per_range: bool = True
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
            wall_along=settings.get("los_wall_along", WALL_ALONG_BLOCKS) != WALL_ALONG_CROSSED,
            orchard_level=settings.get("los_orchard_level", ORCHARD_LEVEL_HINDERS) != ORCHARD_LEVEL_BLOCKS,
            per_range=settings.get("los_hindrance_count", COUNT_PER_RANGE) != COUNT_EACH,
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
    Field("los_wall_along", "A thread along a wall or hedge hexside", "choice", choices=(WALL_ALONG_BLOCKS, WALL_ALONG_CROSSED),
          default=WALL_ALONG_BLOCKS, rule="B9.2",
          help="on imported boards: whether a wall or hedge blocks a line of sight that runs exactly along its hexside "
               "without crossing it (VASL's engine says it does; A6 is not in the rule text Airhead has)"),
    Field("los_hindrance_count", "Hindrances counted", "choice", choices=(COUNT_PER_RANGE, COUNT_EACH),
          default=COUNT_PER_RANGE, rule=RULE,
          help="on imported boards: as VASL's engine counts them, only the greatest of the Hindrance hexes at the same "
               "range from the firer (a line crossing a hexside near a vertex passes through two such hexes), or every "
               "Hindrance hex the line crosses adds its DRM (A6 is not in the rule text Airhead has)"),
    Field("los_brush", "Brush", "choice", choices=(BRUSH_HINDERS, BRUSH_OBSTACLE), default=BRUSH_HINDERS, rule="B12",
          help="on a painted map: brush is half a level high; a line of sight at its level is hindered (+1, as VASL "
               "reads B12, and as imported boards' brush always is) or blocked by it; from a level above, neither"),
)

#: The LOS settings whose default changed with a save format (:data:`~airhead.formats.VASL_LOS_FORMAT`),
#: with their defaults before it: a game saved before plays on with them (both apply to
#: imported boards only; docs/rules-notes.md, "LOS over a board's grid").
FORMER_DEFAULTS: dict[int, dict[str, str]] = {VASL_LOS_FORMAT: {"los_hindrance_count": COUNT_EACH, "los_wall_along": WALL_ALONG_CROSSED}}

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
    """A hex as LOS reads it: ground, obstacle height (0: none), hindrance DRM and height (levels:
    whole or half levels, which floats hold exactly, as they hold their sums and differences)."""

    ground: float
    obstacle: float
    hindrance: int
    height: float
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
    # floats, not Fractions: a hex's levels are whole or half levels (HexTerrain checks them),
    # exact in a float, and the trace reads some 10^5 hexes a Blaze's zone
    h = 0.5 if ty is not None and ty.half_level else float(t.obstacle)
    obstacle, hind, what = h, 0, label
    if _hinders(ty, s):
        assert ty is not None
        obstacle, hind = 0.0, ty.hindrance
        what = f"{label} ({'in' if s.in_season else 'out of'} season)" if ty.season else label
    elif ty is not None and ty.hindrance > 0 and ty.season:
        what = f"{label} ({'in' if s.in_season else 'out of'} season)"
        if ty.off_season != "obstacle":
            obstacle = 0.0
        elif s.orchard_full:
            obstacle = max(obstacle, 1.0)
    if t.blaze is not None and t.blaze > obstacle:
        obstacle, what = max(float(t.blaze), 0.5), f"a Blaze in {label}"
    if t.terrain == "open" and not obstacle:
        what = "open ground"
    return _Read(float(t.base_level), obstacle, hind, h if hind else 0.0, t.smoke, what)


def _levels(x: Fraction | float) -> str:
    x = Fraction(x)
    n = abs(x)
    word = "half a level" if n == Fraction(1, 2) else f"{float(n):g} level{'' if n == 1 else 's'}"
    return word


def _against(d: Fraction | float, ref: str = "the line") -> str:
    if d == 0:
        return f"level with {ref}"
    return f"{_levels(d)} {'above' if d > 0 else 'below'} {ref}"


def _at(z: Fraction | float) -> str:
    return "ground level" if z == 0 else f"level {float(z):g}"


# ---------------------------------------------------------------- the line


@lru_cache(maxsize=4096)
def _line_from_origin(dq: int, dr: int) -> HexLine:
    return line(Hex(0, 0), Hex(dq, dr))


def _line(a: Hex, b: Hex) -> HexLine:
    """:func:`airhead.hexes.line` from ``a`` to ``b``, translated from a cached line from the
    origin (the exact line does not change when both ends move by whole hexes). Made anew, so
    that tracing it is counted (:class:`~airhead.hexes.HexLine`), of steps kept per pair of ends."""
    return HexLine(_steps(a, b), _line_from_origin(b.q - a.q, b.r - a.r).spans)


@lru_cache(maxsize=8192)
def _steps(a: Hex, b: Hex) -> tuple[Step, ...]:
    """The steps of :func:`_line` (a Blaze's zone and a viewshed trace the same pairs again)."""
    def move(st: Step) -> Step:
        return a + st if isinstance(st, Hex) else tuple(a + h for h in st)
    return tuple(move(st) for st in _line_from_origin(b.q - a.q, b.r - a.r).steps)
