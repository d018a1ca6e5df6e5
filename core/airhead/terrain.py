"""Terrain: what is in each hex and on each hexside, with an editing API.

A :class:`Terrain` is immutable: every edit returns a new one in O(1), so game states can share it,
replays stay exact and linear in the number of edits. Hexes not listed are open ground at level 0 with no obstacle.

Terrain *types* ("woods", "building", ...) are data per game system (``tables/terrain_*.json``,
see :mod:`airhead.tables`); this module stores the key and checks it against that table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .frozen import replace
from .errors import DataError, quoted
from .fields import Field, parse_fields
from .hexes import Hex, Hexside
from .versioned import VersionedMap
from .work import METER as _METER
from .work import over as _over
from .work import spend

__all__ = [
    "Water",
    "Bridge",
    "HexTerrain",
    "Terrain",
    "HEXSIDE_FEATURES",
    "OCCUPANTS",
]


#: Hexside features the core knows about.
HEXSIDE_FEATURES: tuple[str, ...] = ("hedge", "wall", "bocage", "cliff", "crest", "roadblock", "river_side", "stream_side",
                                     "rowhouse_wall")
#: What can stand in a hex: vehicles, wrecks and landed gliders (E8.23 counts them together).
OCCUPANTS: tuple[str, ...] = ("vehicle", "wreck", "glider")
WATER_KINDS: tuple[str, ...] = ("river", "stream", "canal", "pond", "ocean")


def _half_levels(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DataError(f"{what} must be a number, not {quoted(value)}")
    if value != value or abs(value) > 100 or (value * 2) != int(value * 2):
        raise DataError(f"{what} must be a whole or half level between -100 and 100, not {quoted(value)}")
    return float(value) if value != int(value) else int(value)


#: The highest Blaze (in blazing levels): E1.94 gives up to 4 (a building of level 3), its
#: Illuminated Zone twice as many hexes; 6 leaves room for taller buildings of a player's board.
MAX_BLAZE = 6


@dataclass(frozen=True)
class Water:
    """Water in a hex: its kind and whether it can be forded or is frozen."""

    kind: str = "river"
    fordable: bool = False
    frozen: bool = False

    def __post_init__(self) -> None:
        if self.kind not in WATER_KINDS:
            raise DataError(f"unknown water kind {quoted(self.kind)} (one of {', '.join(WATER_KINDS)})")


@dataclass(frozen=True)
class Bridge:
    """A bridge; ``axis`` is the direction (0..2) its roadway runs along, and its opposite."""

    axis: int = 0
    foot: bool = False

    def __post_init__(self) -> None:
        if self.axis not in (0, 1, 2):
            raise DataError(f"bridge axis must be 0 (N-S), 1 (NE-SW) or 2 (SE-NW), not {quoted(self.axis)}")

    def parallels(self, direction: int) -> bool:
        """True if a line along ``direction`` (0..5) runs along the bridge."""
        return direction % 3 == self.axis


@dataclass(frozen=True)
class HexTerrain:
    """Everything the rules may ask about one hex.

    ``obstacle`` is the obstacle's height in levels above the base level (woods 1, a two-level
    building 2, an orchard 0.5); ``blaze`` the blazing level height when the hex is ablaze.
    """

    terrain: str = "open"
    base_level: float = 0
    obstacle: float = 0
    blaze: float | None = None
    water: Water | None = None
    bridge: Bridge | None = None
    minefield: int = 0
    shellholes: bool = False
    trench: bool = False
    smoke: bool = False
    occupants: tuple[str, ...] = ()
    label: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, str) or not self.terrain or len(self.terrain) > 32:
            raise DataError(f"terrain type must be a short name, not {quoted(self.terrain)}")
        # (a whole number in bounds is already what _half_levels makes of it: most hexes)
        if type(self.base_level) is not int or not -100 <= self.base_level <= 100:
            object.__setattr__(self, "base_level", _half_levels(self.base_level, "base level"))
        if type(self.obstacle) is not int or not 0 <= self.obstacle <= 100:
            object.__setattr__(self, "obstacle", _half_levels(self.obstacle, "obstacle height"))
        if self.obstacle < 0:
            raise DataError("obstacle height cannot be negative")
        if self.blaze is not None:
            object.__setattr__(self, "blaze", _half_levels(self.blaze, "blaze height"))
            if self.blaze > MAX_BLAZE:  # E1.94: its range, and the work of its Illuminated Zone
                raise DataError(f"blaze height must be at most {MAX_BLAZE} levels (E1.94: a level-3 building "
                                f"burns 4 levels high), not {quoted(self.blaze)}")
        if isinstance(self.minefield, bool) or not isinstance(self.minefield, int) or not 0 <= self.minefield <= 99:
            raise DataError(f"minefield strength must be 0..99, not {quoted(self.minefield)}")
        for o in self.occupants:
            if o not in OCCUPANTS:
                raise DataError(f"unknown occupant {quoted(o)} (one of {', '.join(OCCUPANTS)})")
        if len(self.occupants) > 20:
            raise DataError("at most 20 occupants in a hex")
        if not isinstance(self.label, str) or len(self.label) > 80:
            raise DataError("a hex label is text of at most 80 characters")

    @property
    def top(self) -> float:
        """Level of the top of the obstacle (base level + obstacle height)."""
        return self.base_level + self.obstacle

    def is_default(self) -> bool:
        """True if this is plain open ground at level 0."""
        return self == _OPEN

    def to_data(self) -> dict[str, Any]:
        """Compact JSON-able form (defaults omitted)."""
        out: dict[str, Any] = {}
        if self.terrain != "open":
            out["t"] = self.terrain
        if self.base_level:
            out["lvl"] = self.base_level
        if self.obstacle:
            out["obs"] = self.obstacle
        if self.blaze is not None:
            out["blaze"] = self.blaze
        if self.water is not None:
            w: dict[str, Any] = {"kind": self.water.kind}
            if self.water.fordable:
                w["fordable"] = True
            if self.water.frozen:
                w["frozen"] = True
            out["water"] = w
        if self.bridge is not None:
            b: dict[str, Any] = {"axis": self.bridge.axis}
            if self.bridge.foot:
                b["foot"] = True
            out["bridge"] = b
        if self.minefield:
            out["mines"] = self.minefield
        for key in ("shellholes", "trench", "smoke"):
            if getattr(self, key):
                out[key] = True
        if self.occupants:
            out["occ"] = list(self.occupants)
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_data(cls, data: Any) -> HexTerrain:
        """Inverse of :meth:`to_data`; raise :class:`DataError` on anything unexpected."""
        if type(data) is dict and _HEX_KEYS.issuperset(data):
            quick = _quick_hex(cls, data)
            if quick is not None:
                return quick
        return cls.from_fields(data)

    @classmethod
    def from_fields(cls, data: Any) -> HexTerrain:
        """:meth:`from_data` field by field (:data:`HEX_FIELDS`), naming what is wrong."""
        d = parse_fields(HEX_FIELDS, data, None, "hex terrain")
        w, b = d["water"], d["bridge"]
        return cls(
            terrain=d["t"],
            base_level=d["lvl"],
            obstacle=d["obs"],
            blaze=d["blaze"],
            water=None if w is None else Water(w["kind"], w["fordable"], w["frozen"]),
            bridge=None if b is None else Bridge(b["axis"], b["foot"]),
            minefield=d["mines"],
            shellholes=d["shellholes"],
            trench=d["trench"],
            smoke=d["smoke"],
            occupants=d["occ"],
            label=d["label"],
        )


#: The waters and bridges :func:`_quick_hex` made, by their values (only valid ones are kept, so
#: at most a few dozen: the records are immutable, one serves every hex that has it).
_WATERS: dict[tuple[str, bool, bool], Water] = {}
_BRIDGES: dict[tuple[int, bool], Bridge] = {}


def _quick_hex(cls: type[HexTerrain], d: dict[str, Any]) -> HexTerrain | None:
    """:meth:`HexTerrain.from_data` of a hex whose every value reads as it is (the JSON types
    :data:`HEX_FIELDS` asks for, in their bounds), in one pass; None for anything else, which
    ``from_data`` then reads field by field and says what is wrong. A scenario holds up to
    10,000 hexes: reading them is most of the time a large save takes to open or to refuse.
    (``tests/core/test_terrain_dice.py`` checks it gives what the field-by-field reading gives.)"""
    get = d.get
    t = get("t", "open")
    label = get("label", "")
    occ = get("occ", ())
    if type(t) is not str or type(label) is not str or len(label) > 80:
        return None
    if occ != ():
        if type(occ) is not list or len(occ) > 20 or not all(type(o) is str and 0 < len(o) <= 32 for o in occ):
            return None
        occ = tuple(occ)
    flags = [get(key, False) for key in ("shellholes", "trench", "smoke")]
    if not all(f is True or f is False for f in flags):
        return None
    w = get("water")
    b = get("bridge")
    try:
        water = None
        if w is not None:
            if type(w) is not dict or not _WATER_KEYS.issuperset(w):
                return None
            kind, fordable, frozen = w.get("kind", "river"), w.get("fordable", False), w.get("frozen", False)
            if type(kind) is not str or not 0 < len(kind) <= 32 or type(fordable) is not bool \
                    or type(frozen) is not bool:
                return None
            water = _WATERS.get((kind, fordable, frozen))
            if water is None:
                water = _WATERS[(kind, fordable, frozen)] = Water(kind, fordable, frozen)  # a valid one: few
        bridge = None
        if b is not None:
            if type(b) is not dict or not _BRIDGE_KEYS.issuperset(b):
                return None
            axis, foot = b.get("axis", 0), b.get("foot", False)
            if type(axis) is not int or type(foot) is not bool:
                return None
            bridge = _BRIDGES.get((axis, foot))
            if bridge is None:
                bridge = _BRIDGES[(axis, foot)] = Bridge(axis, foot)
        lvl, obs, blaze, mines = get("lvl", 0), get("obs", 0), get("blaze"), get("mines", 0)
        if (cls is HexTerrain and 0 < len(t) <= 32 and type(lvl) is int and -100 <= lvl <= 100
                and type(obs) is int and 0 <= obs <= 100 and (blaze is None or type(blaze) is int and 0 <= blaze <= MAX_BLAZE)
                and type(mines) is int and 0 <= mines <= 99 and all(o in OCCUPANTS for o in occ)):
            # every value already what __post_init__ would keep: stored as __init__ stores them,
            # without a frozen field's slow setting one by one (most of a large save's reading)
            made: HexTerrain = object.__new__(cls)
            made.__dict__.update(terrain=t, base_level=lvl, obstacle=obs, blaze=blaze, water=water, bridge=bridge,
                                 minefield=mines, shellholes=flags[0], trench=flags[1], smoke=flags[2],
                                 occupants=occ, label=label)
            return made
        return cls(terrain=t, base_level=lvl, obstacle=obs, blaze=blaze, water=water, bridge=bridge,
                   minefield=mines, shellholes=flags[0], trench=flags[1], smoke=flags[2], occupants=occ, label=label)
    except DataError:
        return None


#: A hex's terrain as JSON (:meth:`HexTerrain.to_data`): compact keys; levels, heights and
#: occupants are checked by :class:`HexTerrain` itself.
HEX_FIELDS: tuple[Field, ...] = (
    Field("t", "terrain type", "text", lo=1, hi=32, default="open"),
    Field("lvl", "base level", "any", default=0),
    Field("obs", "obstacle height", "any", default=0),
    Field("blaze", "blaze", "any", default=None),
    Field("water", "water", "record", default=None, fields=(
        Field("kind", "water kind", "text", lo=1, hi=32, default="river"),
        Field("fordable", "fordable", "bool", default=False),
        Field("frozen", "frozen", "bool", default=False),
    )),
    Field("bridge", "bridge", "record", default=None, fields=(
        Field("axis", "bridge axis", "int", default=0),
        Field("foot", "foot bridge", "bool", default=False),
    )),
    Field("mines", "minefield", "any", default=0),
    Field("shellholes", "shellholes", "bool", default=False),
    Field("trench", "trench", "bool", default=False),
    Field("smoke", "SMOKE", "bool", default=False),
    Field("occ", "occupants", "list", hi=20, default=[], item=Field("occ", "occupant", "text", lo=1, hi=32)),
    Field("label", "label", "text", hi=80, default=""),
)


_OPEN = HexTerrain()


class Terrain:
    """The terrain of a whole map: per-hex :class:`HexTerrain` and per-hexside features.

    Immutable. :attr:`hexes` and :attr:`sides` are read-only mappings of the hexes and hexsides
    that differ from open ground. An edit (:meth:`set_hex`, :meth:`add_side`...) returns a new
    terrain in O(1), whatever the size of the map and the number of edits before it: the
    versions share their storage (:class:`~airhead.versioned.VersionedMap`), so a game can keep
    the terrain of every state for undo.
    """

    __slots__ = ("_hexes", "_sides", "_blazes", "_blaze_list")

    def __init__(self, hexes: Mapping[Hex, HexTerrain] | None = None,
                 sides: Mapping[Hexside, Iterable[str]] | None = None) -> None:
        fsides = {s: frozenset(f) for s, f in (sides or {}).items() if f}
        for fs in fsides.values():
            bad = fs - set(HEXSIDE_FEATURES)
            if bad:
                raise DataError(f"unknown hexside feature(s): {', '.join(sorted(bad))}")
        self._hexes: VersionedMap[Hex, HexTerrain] = VersionedMap(
            {h: t for h, t in (hexes or {}).items() if not t.is_default()})
        self._sides: VersionedMap[Hexside, frozenset[str]] = VersionedMap(fsides)
        self._blazes: VersionedMap[Hex, float] = VersionedMap(
            {h: t.blaze for h, t in self._hexes.items() if t.blaze is not None})
        self._blaze_list: tuple[Hex, ...] | None = None

    @classmethod
    def _of(cls, hexes: VersionedMap[Hex, HexTerrain], sides: VersionedMap[Hexside, frozenset[str]],
            blazes: VersionedMap[Hex, float]) -> Terrain:
        """A terrain of already-checked versions (no copy, no check: O(1))."""
        t: Terrain = cls.__new__(cls)
        t._hexes, t._sides, t._blazes, t._blaze_list = hexes, sides, blazes, None
        return t

    def fork(self) -> Terrain:
        """An equal terrain whose edits share no storage with this one's (O(size), once per
        game: games of one scenario then never slow each other down)."""
        return Terrain._of(self._hexes.fork(), self._sides.fork(), self._blazes.fork())

    @property
    def hexes(self) -> Mapping[Hex, HexTerrain]:
        """Every hex that is not open ground at level 0 (read-only; iteration order unspecified)."""
        return self._hexes

    @property
    def sides(self) -> Mapping[Hexside, frozenset[str]]:
        """Every hexside with features (read-only; iteration order unspecified)."""
        return self._sides

    @property
    def blazes(self) -> tuple[Hex, ...]:
        """Every hex with a Blaze, in map order (by column, then row): kept as the terrain is
        edited, so a night's light reads its Blazes without walking every hex of terrain."""
        if self._blaze_list is None:
            self._blaze_list = tuple(sorted(self._blazes, key=lambda h: (h.q, h.r)))
        else:
            spend(len(self._blaze_list))
        return self._blaze_list

    def __hash__(self) -> int:
        return hash((frozenset(self._hexes.items()), frozenset(self._sides.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terrain) and self._hexes == other._hexes and self._sides == other._sides

    def __repr__(self) -> str:
        return f"Terrain({len(self._hexes)} hexes, {len(self._sides)} hexsides)"

    # ------------------------------------------------------------------ reading
    def at(self, h: Hex) -> HexTerrain:
        """Terrain of a hex (open ground at level 0 if nothing was set); one unit of work
        (:mod:`airhead.work`)."""
        _METER.left -= 1
        if _METER.left < 0:
            _over()
        m = self._hexes  # VersionedMap.current() inlined: the hottest read of the rules
        t: HexTerrain = (m._data if m._diff is None else m._reroot()).get(h, _OPEN)
        return t

    def side(self, h: Hex, direction: int) -> frozenset[str]:
        """Features on the hexside of ``h`` facing ``direction`` (0..5)."""
        return self._sides.current().get(Hexside.of(h, direction), frozenset())

    def side_between(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features on the hexside between adjacent hexes ``a`` and ``b``."""
        return self._sides.current().get(Hexside.between(a, b), frozenset())

    # ------------------------------------------------------------------ editing
    def set_hex(self, h: Hex, terrain: HexTerrain) -> Terrain:
        """A copy with ``h`` set to ``terrain`` (O(1))."""
        if not isinstance(terrain, HexTerrain):
            raise DataError(f"a hex's terrain must be a HexTerrain, not {type(terrain).__name__}")
        hexes = self._hexes.delete(h) if terrain.is_default() else self._hexes.set(h, terrain)
        blazes = self._blazes
        if terrain.blaze is not None:
            blazes = blazes.set(h, terrain.blaze)
        elif h in blazes:
            blazes = blazes.delete(h)
        return Terrain._of(hexes, self._sides, blazes)

    def update_hex(self, h: Hex, **changes: Any) -> Terrain:
        """A copy with some fields of ``h`` changed, e.g. ``update_hex(h, terrain="woods", obstacle=1)``."""
        try:
            new = replace(self.at(h), **changes)
        except TypeError as e:
            raise DataError(str(e)) from None
        return self.set_hex(h, new)

    def clear_hex(self, h: Hex) -> Terrain:
        """A copy with ``h`` back to open ground."""
        return self.set_hex(h, _OPEN)

    def add_side(self, h: Hex, direction: int, feature: str) -> Terrain:
        """A copy with ``feature`` on the hexside of ``h`` facing ``direction``."""
        if feature not in HEXSIDE_FEATURES:
            raise DataError(f"unknown hexside feature {quoted(feature)} (one of {', '.join(HEXSIDE_FEATURES)})")
        key = Hexside.of(h, direction)
        return Terrain._of(self._hexes, self._sides.set(key, self._sides.get(key, frozenset()) | {feature}), self._blazes)

    def remove_side(self, h: Hex, direction: int, feature: str) -> Terrain:
        """A copy without ``feature`` on that hexside."""
        key = Hexside.of(h, direction)
        left = self._sides.get(key, frozenset()) - {feature}
        return Terrain._of(self._hexes, self._sides.set(key, left) if left else self._sides.delete(key), self._blazes)

    def place(self, h: Hex, occupant: str) -> Terrain:
        """A copy with a vehicle, wreck or landed glider added to ``h``."""
        t = self.at(h)
        return self.set_hex(h, replace(t, occupants=t.occupants + (occupant,)))

    def remove(self, h: Hex, occupant: str) -> Terrain:
        """A copy with one ``occupant`` removed from ``h``."""
        t = self.at(h)
        occ = list(t.occupants)
        if occupant not in occ:
            raise DataError(f"there is no {occupant} to remove")
        occ.remove(occupant)
        return self.set_hex(h, replace(t, occupants=tuple(occ)))

    def features(self) -> Iterable[tuple[Hexside, frozenset[str]]]:
        """Every hexside with features."""
        return self._sides.items()


#: The keys a hex, its water and its bridge may have (for :func:`_quick_hex`).
_HEX_KEYS = frozenset(f.key for f in HEX_FIELDS)
_RECORD_KEYS = {field.key: frozenset(f.key for f in field.fields) for field in HEX_FIELDS if field.fields}
_WATER_KEYS, _BRIDGE_KEYS = _RECORD_KEYS["water"], _RECORD_KEYS["bridge"]
