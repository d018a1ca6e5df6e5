"""Army Group standard landing rules (seed 002): waves, drop points, drift, terrain damage.

The Allied player lands one Army Group at a time, waves A, then B, then R, each at a drop point
(or spread over two drop points on maps sharing a side); at most two Groups share a drop hex.
Each unit rolls a direction die (faces mapped to N, NE, SE, S, SW, NW by default) and a distance
die (d10; d12 in scenarios of 4 or 6 maps) and lands that many hexes from its drop point:

* off the map: lost for the game (a scenario may cap these losses: see :func:`touchdown`; what a
  unit does once the cap is reached is a setting, :data:`LOSS_CAP`);
* in an occupied hex: the owner moves it to an adjacent hex; if the hex held an enemy unit the
  paratrooper also takes a loss "even if it was a dummy; in this case the dummy is eliminated"
  (which dummy: a setting, :data:`DUMMY`);
* then the terrain of its hex damages it: a number of special dice by terrain and kind
  (paratrooper or glider), each HIT a loss (``tables/ag_landing.json``); water has no row (a
  setting, :data:`WATER`);
* then the enemy may make opportunity fire (:mod:`.opportunity_fire`).

Every step here is a pure function; :class:`~.landing_procedures.ArmyGroupLanding` strings them into a
procedure and :mod:`.odds` enumerates the dice through the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal, Mapping, Sequence

from ..boards import HexMap
from ..errors import RulesError, quoted
from ..fields import Field
from ..hexes import Hex
from ..plug import GameState
from ..tables import shared_table, terrain_types
from ..terrain import Terrain
from .forces import GROUPS, Paratrooper

__all__ = [
    "RULE",
    "RULE_DAMAGE",
    "TERRAIN_TABLE",
    "DUMMY",
    "DUMMY_READINGS",
    "LOSS_CAP",
    "LOSS_CAP_READINGS",
    "WATER",
    "WATER_READINGS",
    "setting_note",
    "water_hex",
    "LandingRules",
    "Touchdown",
    "distance_die_sides",
    "maps_share_side",
    "check_drop_points",
    "wave_order",
    "drift",
    "touchdown",
    "displacement_options",
    "damage_dice",
    "is_hit",
    "count_hits",
]

RULE = "AG Landing"
RULE_DAMAGE = "AG Terrain Damage"
#: The terrain table of the Army Group system (its terrain labels).
TERRAIN_TABLE = "terrain_generic"

#: "If the hex was occupied by an enemy unit, the paratrooper unit will take a loss even if it
#: was a dummy; in this case the dummy is eliminated": the two readings of "it", with their log
#: wording.
DUMMY_READINGS: dict[str, str] = {
    "enemy": "the dummy is the enemy unit in the hex",
    "landing": "the dummy is the landing unit",
}
DUMMY = Field("dummy", "Which unit is the dummy in an enemy-occupied hex", "choice", choices=tuple(DUMMY_READINGS),
              default="enemy", rule=f"{RULE}",
              help="enemy: the paratrooper takes its loss even if the enemy unit there was a dummy, and that dummy is "
                   "eliminated; landing: a landing dummy is eliminated by the loss (enemy dummies count as units)")

#: Once the scenario's cap of units lost off the map is reached, a unit that would drift off it:
LOSS_CAP_READINGS: dict[str, str] = {
    "edge": "it lands on the last hex of its drift line on the map",
    "reroll": "its dice are rolled again",
}
LOSS_CAP = Field("loss_cap", "At the cap of units lost", "choice", choices=tuple(LOSS_CAP_READINGS), default="edge",
                 rule=RULE, help="once the scenario's most units lost off the map are lost, a unit that would drift off "
                                 "the map lands on the map edge, or rolls its dice again")

#: A unit landing in a water hex (the terrain-damage table has no water row):
WATER_READINGS: dict[str, str] = {
    "no damage": "no row, no damage dice",
    "eliminated": "a unit landing in water is eliminated",
}
WATER = Field("water", "Landing in water", "choice", choices=tuple(WATER_READINGS), default="no damage", rule=RULE_DAMAGE,
              help="the terrain-damage table has no water row: no damage, or the unit is eliminated")


def setting_note(f: Field, value: str) -> str:
    """How the log flags a result a setting decided: ``(setting "Landing in water": ...)``."""
    return f'(setting "{f.label}": {value})'


# ---------------------------------------------------------------------------- rules settings
@dataclass(frozen=True)
class LandingRules:
    """The editable parts of the rules: direction mapping, distance die, HIT faces, loss cap.

    Defaults come from ``tables/ag_landing.json``; a scenario's ``settings.army_group`` may set
    ``directions`` (six names), ``distance_die``, ``hit_faces``, ``max_losses``, ``bunkers``
    (hex names), ``fire_terrain`` (terrain → modifier) and the readings ``dummy``, ``loss_cap``
    and ``water``: see :mod:`.system`.
    """

    directions: tuple[int, ...]
    distance_sides: int
    hit_faces: int
    max_losses: int | None = None
    bunkers: frozenset[Hex] = frozenset()
    fire_terrain: Mapping[str, int] | None = None
    dummy: str = "enemy"
    loss_cap: str = "edge"
    water: str = "no damage"

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any], hexmap: HexMap) -> LandingRules:
        """The rules from the system's typed settings (``state.settings``); the distance die
        defaults to the map's (:func:`distance_die_sides`)."""
        sides = settings.get("distance_die")
        return cls(
            tuple(settings["directions"]),
            distance_die_sides(hexmap) if sides is None else int(sides),
            int(settings["hit_faces"]),
            settings.get("max_losses"),
            frozenset(settings.get("bunkers") or ()),
            settings.get("fire_terrain"),
            str(settings.get("dummy") or DUMMY.default),
            str(settings.get("loss_cap") or LOSS_CAP.default),
            str(settings.get("water") or WATER.default),
        )

    @classmethod
    def of(cls, state: GameState) -> LandingRules:
        """The rules a game plays with. (For a scenario without a game:
        ``LandingRules.from_settings(SYSTEM.settings_of(scenario), scenario.map)``.) Read once
        per settings: a landing asks at every step, and a state's settings change only by an
        edit, which makes new ones."""
        settings, hexmap = state.settings, state.scenario.map
        last = _LAST.get(cls)
        if last is not None and last[0] is settings and last[1] is hexmap:
            kept: LandingRules = last[2]
            return kept
        got = cls.from_settings(settings, hexmap)
        _LAST[cls] = (settings, hexmap, got)
        return got

    def describe_hits(self) -> str:
        """E.g. ``HIT on 6``."""
        if self.hit_faces == 0:
            return "no HIT faces"
        lo = 7 - self.hit_faces
        return "HIT on 6" if lo == 6 else f"HIT on {lo}-6"


#: The rules :meth:`LandingRules.of` read last, with the settings and the map it read them from
#: (held, so that no other object can take their ids).
_LAST: dict[type, tuple[Mapping[str, Any], HexMap, Any]] = {}


def distance_die_sides(hexmap: HexMap) -> int:
    """A d10 for the distance, a d12 in scenarios of 4 or more maps (the seed: "4/6 maps")."""
    table = shared_table("ag_landing")["distance_die"]
    return int(table["large"]) if len(hexmap.placements) >= int(table["large_from_maps"]) else int(table["default"])


# ---------------------------------------------------------------------------- drop points and waves
def maps_share_side(hexmap: HexMap, a: Hex, b: Hex) -> bool:
    """True if ``a`` and ``b`` lie on the same map or on two maps with a common side."""
    pa, pb = hexmap.board_of(a), hexmap.board_of(b)
    if pa is None or pb is None:
        return False
    dc, dr = abs(pa.column - pb.column), abs(pa.row - pb.row)
    return dc + dr <= 1


def check_drop_points(hexmap: HexMap, plan: Mapping[str, Sequence[Hex]]) -> None:
    """AG Landing: check each Group's drop point(s); raise :class:`~airhead.errors.RulesError`
    with a message for the player.

    One drop point per Group, or two on maps sharing a side; every drop point in play; at most two
    Army Groups per drop hex.
    """
    users: dict[Hex, list[str]] = {}
    for group, points in plan.items():
        if group not in GROUPS:
            raise RulesError(f"{RULE}: unknown Army Group {quoted(group)} (the waves are {', '.join(GROUPS)})")
        if not 1 <= len(points) <= 2:
            raise RulesError(f"{RULE}: Group {group} needs one drop point, or two on maps sharing a side")
        for p in points:
            if not hexmap.in_play(p):
                raise RulesError(f"{RULE}: Group {group}: the drop point {hexmap.name(p)} is not on the map")
        if len(points) == 2 and not maps_share_side(hexmap, points[0], points[1]):
            a, b = (hexmap.name(p) for p in points)
            raise RulesError(f"{RULE}: Group {group}: drop points {a} and {b} are on maps without a common side")
        for p in dict.fromkeys(points):
            users.setdefault(p, []).append(group)
    for p, groups in users.items():
        if len(groups) > 2:
            raise RulesError(
                f"{RULE}: {hexmap.name(p)} is already the drop point of Groups {groups[0]} and {groups[1]}: "
                f"at most two Army Groups may choose the same drop hex, so Group {groups[2]} cannot"
            )


def wave_order(units: Iterable[Paratrooper]) -> list[Paratrooper]:
    """Units in landing order: Group A's wave, then B, then R; within a Group as listed."""
    return sorted(units, key=lambda u: GROUPS.index(u.group))


# ---------------------------------------------------------------------------- drift
def drift(drop: Hex, direction_face: int, distance: int, rules: LandingRules) -> Hex:
    """The hex ``distance`` hexes from ``drop`` in the direction of the direction die's face."""
    if not 1 <= direction_face <= 6 or not 1 <= distance <= rules.distance_sides:
        raise ValueError(f"direction die 1..6 and distance die 1..{rules.distance_sides}")
    return drop.neighbor(rules.directions[direction_face - 1], distance)


LandingKind = Literal["clear", "friendly", "enemy", "lost", "edge", "reroll"]


@dataclass(frozen=True)
class Touchdown:
    """Where a unit comes down and what is there: ``clear``, ``friendly`` or ``enemy`` occupied,
    ``lost`` off the map; or, off the map once the scenario's loss cap is reached, ``edge`` (it
    lands on the last hex of its drift line on the map) or ``reroll`` (its dice are rolled
    again), as the ``loss_cap`` setting says."""

    hex: Hex
    kind: LandingKind


def touchdown(
    hexmap: HexMap,
    drop: Hex,
    direction_face: int,
    distance: int,
    rules: LandingRules,
    friendly: frozenset[Hex],
    enemy: frozenset[Hex],
    lost_so_far: int = 0,
) -> Touchdown:
    """Where the unit lands and what it finds there (enemy wins over friendly)."""
    h = drift(drop, direction_face, distance, rules)
    if not hexmap.in_play(h):
        if rules.max_losses is None or lost_so_far < rules.max_losses:
            return Touchdown(h, "lost")
        if rules.loss_cap == "reroll":
            return Touchdown(h, "reroll")
        d = rules.directions[direction_face - 1]
        k = max(i for i in range(distance + 1) if hexmap.in_play(drop.neighbor(d, i)))
        h = drop.neighbor(d, k)
        kind: LandingKind = "enemy" if h in enemy else "friendly" if h in friendly else "edge"
        return Touchdown(h, kind)
    if h in enemy:
        return Touchdown(h, "enemy")
    if h in friendly:
        return Touchdown(h, "friendly")
    return Touchdown(h, "clear")


def displacement_options(hexmap: HexMap, h: Hex, friendly: frozenset[Hex], enemy: frozenset[Hex]) -> list[Hex]:
    """Adjacent hexes the owner may move a unit to from an occupied hex: on the map and free of
    any unit (if none is free, those free of enemy units; none at all → the unit is lost)."""
    around = [n for n in h.neighbors() if hexmap.in_play(n)]
    free = [n for n in around if n not in friendly and n not in enemy]
    return free or [n for n in around if n not in enemy]


# ---------------------------------------------------------------------------- terrain damage
def _row(key: str) -> dict[str, Any]:
    rows: dict[str, Any] = shared_table("ag_landing")["damage"]
    row = rows.get(key)
    if isinstance(row, dict) and "as" in row:
        row = rows.get(row["as"])
    return row if isinstance(row, dict) else {}


def water_hex(terrain: Terrain, h: Hex) -> bool:
    """True for a water hex without a row in the terrain-damage table (see :data:`WATER`)."""
    t = terrain.at(h)
    return not _row(t.terrain) and (t.terrain == "water" or t.water is not None)


def damage_dice(terrain: Terrain, h: Hex, kind: str, rules: LandingRules, table: str = TERRAIN_TABLE) -> tuple[int, tuple[str, ...]]:
    """AG Terrain Damage: special dice for a unit of ``kind`` landing in ``h``, and the table rows
    that give them (e.g. ``("Woods 4",)`` or ``("Cultivated Fields 1", "Trenches +1")``);
    ``table`` is the terrain table naming terrain without a row."""
    t = terrain.at(h)
    row = _row(t.terrain)
    types = terrain_types(table)
    label = types[t.terrain].label if t.terrain in types else t.terrain
    if row:
        n = int(row[kind])
        parts = [f"{row['label'].split(' (')[0]} {n if n else 'ok'}"]
    else:
        n = 0
        parts = [f"{label}: no row in the table"]
    extras = shared_table("ag_landing")["damage_extra"]
    present: list[str] = []
    if t.trench:
        present.append("trench")
    if h in rules.bunkers:
        present.append("bunker")
    for feature in ("river_side", "stream_side"):
        if any(feature in terrain.side(h, d) for d in range(6)):
            present.append(feature)
    for key in present:
        add = int(extras[key][kind])
        n += add
        parts.append(f"{extras[key]['label']} {'+' + str(add) if add else 'ok'}")
    return n, tuple(parts)


def is_hit(face: int, hit_faces: int) -> bool:
    """True if a special die showing ``face`` (1..6) is a HIT: the top ``hit_faces`` faces are."""
    if not 1 <= face <= 6:
        raise ValueError(f"a special die shows 1..6, not {face}")
    return face > 6 - hit_faces


def count_hits(faces: Iterable[int], hit_faces: int) -> int:
    """HITs among special dice."""
    return sum(1 for f in faces if is_hit(f, hit_faces))
