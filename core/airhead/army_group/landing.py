"""Army Group standard landing rules (seed 002): waves, drop points, drift, terrain damage.

The Allied player lands one Army Group at a time, waves A, then B, then R, each at a drop point
(or spread over two drop points on maps sharing a side); at most two Groups share a drop hex.
Each unit rolls a direction die (faces mapped to N, NE, SE, S, SW, NW by default) and a distance
die (d10; d12 in scenarios of 4 or 6 maps) and lands that many hexes from its drop point:

* off the map: lost for the game (a scenario may cap these losses: see :func:`touchdown`);
* in an occupied hex: the owner moves it to an adjacent hex; if the hex held an enemy unit the
  paratrooper also takes a loss (a dummy is eliminated);
* then the terrain of its hex damages it: a number of special dice by terrain and kind
  (paratrooper or glider), each HIT a loss (``tables/ag_landing.json``);
* then the enemy may make opportunity fire (:mod:`.opportunity_fire`).

Every step here is a pure function; :class:`ArmyGroupLanding` strings them into a procedure and
:mod:`.odds` enumerates the dice through the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal, Mapping, Sequence

from .. import events as ev
from ..boards import HexMap, HexNameError
from ..dice import DiceSpec, Die, Roll
from ..game import ActionError, GameState, ProcState, Procedure, Prompt, StepResult, register
from ..hexes import DIRECTION_NAMES, Hex
from ..scenario import Scenario
from ..tables import load_table, terrain_types
from ..terrain import Terrain
from . import opportunity_fire as of
from .forces import GROUPS, EnemyUnit, ForceError, Paratrooper

__all__ = [
    "RULE",
    "RULE_DAMAGE",
    "LandingError",
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
    "ArmyGroupLanding",
]

RULE = "AG Landing"
RULE_DAMAGE = "AG Terrain Damage"


class LandingError(ValueError):
    """A landing plan breaks the rules (drop points, waves, units)."""


# ---------------------------------------------------------------------------- rules settings
@dataclass(frozen=True)
class LandingRules:
    """The editable parts of the rules: direction mapping, distance die, HIT faces, loss cap.

    Defaults come from ``tables/ag_landing.json``; a scenario's ``settings.army_group`` may set
    ``directions`` (six names), ``distance_die``, ``hit_faces``, ``max_losses``, ``bunkers``
    (hex names) and ``fire_terrain`` (terrain → modifier).
    """

    directions: tuple[int, ...]
    distance_sides: int
    hit_faces: int
    max_losses: int | None = None
    bunkers: frozenset[Hex] = frozenset()
    fire_terrain: Mapping[str, int] | None = None

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> LandingRules:
        """The rules as the scenario's settings adjust the table's defaults."""
        table = load_table("ag_landing")
        raw = scenario.settings.get("army_group", {})
        if not isinstance(raw, Mapping):
            raise LandingError("settings.army_group must be an object")
        names = raw.get("directions", table["directions"])
        if not isinstance(names, list) or len(names) != 6 or any(n not in DIRECTION_NAMES for n in names):
            raise LandingError(f"directions must list six of {', '.join(DIRECTION_NAMES)} (die faces 1..6)")
        sides = raw.get("distance_die", distance_die_sides(scenario.map))
        hit = raw.get("hit_faces", table["hit_faces"])
        cap = raw.get("max_losses")
        for value, what, lo, hi in ((sides, "distance_die", 2, 20), (hit, "hit_faces", 0, 6)):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise LandingError(f"{what} must be a whole number {lo}..{hi}")
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
            raise LandingError("max_losses must be a whole number >= 0 or null")
        bunkers = raw.get("bunkers", [])
        try:
            bset = frozenset(scenario.map.parse(b) for b in bunkers)
        except (HexNameError, TypeError, AttributeError) as e:
            raise LandingError(f"bunkers: {e}") from None
        fire = raw.get("fire_terrain")
        if fire is not None and (
            not isinstance(fire, Mapping) or any(isinstance(v, bool) or not isinstance(v, int) for v in fire.values())
        ):
            raise LandingError("fire_terrain must map terrain types to whole-number modifiers")
        return cls(tuple(DIRECTION_NAMES.index(n) for n in names), sides, hit, cap, bset, fire)

    def describe_hits(self) -> str:
        """E.g. ``HIT on 6``."""
        if self.hit_faces == 0:
            return "no HIT faces"
        lo = 7 - self.hit_faces
        return "HIT on 6" if lo == 6 else f"HIT on {lo}-6"


def distance_die_sides(hexmap: HexMap) -> int:
    """A d10 for the distance, a d12 in scenarios of 4 or more maps (the seed: "4/6 maps")."""
    table = load_table("ag_landing")["distance_die"]
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
    """Check each Group's drop point(s); raise :class:`LandingError` with a message for the player.

    One drop point per Group, or two on maps sharing a side; every drop point in play; at most two
    Army Groups per drop hex.
    """
    users: dict[Hex, list[str]] = {}
    for group, points in plan.items():
        if group not in GROUPS:
            raise LandingError(f"unknown Army Group {group!r} (the waves are {', '.join(GROUPS)})")
        if not 1 <= len(points) <= 2:
            raise LandingError(f"Group {group} needs one drop point, or two on maps sharing a side")
        for p in points:
            if not hexmap.in_play(p):
                raise LandingError(f"Group {group}: the drop point {hexmap.name(p)} is not on the map")
        if len(points) == 2 and not maps_share_side(hexmap, points[0], points[1]):
            a, b = (hexmap.name(p) for p in points)
            raise LandingError(f"Group {group}: drop points {a} and {b} are on maps without a common side")
        for p in dict.fromkeys(points):
            users.setdefault(p, []).append(group)
    for p, groups in users.items():
        if len(groups) > 2:
            raise LandingError(
                f"{hexmap.name(p)} is already the drop point of Groups {groups[0]} and {groups[1]}: "
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


LandingKind = Literal["clear", "friendly", "enemy", "lost", "edge"]


@dataclass(frozen=True)
class Touchdown:
    """Where a unit comes down and what is there: ``clear``, ``friendly`` or ``enemy`` occupied,
    ``lost`` off the map, or ``edge`` (off the map but the scenario's loss cap is reached, so it
    lands on the last hex of its drift line on the map)."""

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
    rows: dict[str, Any] = load_table("ag_landing")["damage"]
    row = rows.get(key)
    if isinstance(row, dict) and "as" in row:
        row = rows.get(row["as"])
    return row if isinstance(row, dict) else {}


def damage_dice(terrain: Terrain, h: Hex, kind: str, rules: LandingRules, system: str = "army_group") -> tuple[int, tuple[str, ...]]:
    """Special dice of terrain damage for a unit of ``kind`` landing in ``h``, and the table rows
    that give them (e.g. ``("Woods 4",)`` or ``("Cultivated Fields 1", "Trenches +1")``)."""
    t = terrain.at(h)
    row = _row(t.terrain)
    label = terrain_types(system)[t.terrain].label if t.terrain in terrain_types(system) else t.terrain
    if row:
        n = int(row[kind])
        parts = [f"{row['label'].split(' (')[0]} {n if n else 'ok'}"]
    else:
        n = 0
        parts = [f"{label}: no row in the table, ok"]
    extras = load_table("ag_landing")["damage_extra"]
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


def _special(n: int, label: str) -> DiceSpec:
    return DiceSpec(tuple(Die("special") for _ in range(n)), label)


# ---------------------------------------------------------------------------- the procedure
def _want(cond: bool, msg: str) -> None:
    if not cond:
        raise ActionError(msg)


@register
class ArmyGroupLanding(Procedure):
    """The drop turn: every unit of Groups A, B, R lands, takes terrain damage and opportunity fire.

    Params (each optional; missing ones come from the scenario's ``settings.army_group.plan``):
    ``groups`` {"A": ["F/c3"], "B": [...]} drop points; ``units`` [{"id", "group", "kind",
    "drop", "strength", "dummy"}]; ``enemy`` [{"id", "hex", "attack", "fired"}]; ``friendly``
    hex names already held by Allied units.
    """

    name = "army_group.landing"
    title = "Army Group landing"
    systems = ("army_group",)

    # ---------------------------------------------------------------- start
    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        sc = state.scenario
        m = sc.map
        extra = set(params) - {"groups", "units", "enemy", "friendly"}
        _want(not extra, f"unknown parameter(s): {', '.join(sorted(extra))}")
        plan = sc.settings.get("army_group", {}).get("plan", {}) if isinstance(sc.settings.get("army_group"), Mapping) else {}
        merged = {k: params.get(k, plan.get(k)) for k in ("groups", "units", "enemy", "friendly")}
        try:
            rules = LandingRules.from_scenario(sc)
            groups_raw = merged["groups"] or {}
            _want(isinstance(groups_raw, Mapping), "groups must map Army Groups to drop points")
            points = {g: [m.parse(p) for p in ps] for g, ps in groups_raw.items()}
            check_drop_points(m, points)
            units = [Paratrooper.from_data(u) for u in (merged["units"] or [])]
            enemy = [EnemyUnit.from_data(e) for e in (merged["enemy"] or [])]
            for e in enemy:
                m.parse(e.hex)
            friendly = [m.name(m.parse(f)) for f in (merged["friendly"] or [])]
        except (LandingError, ForceError, HexNameError, TypeError, AttributeError) as e:
            raise ActionError(str(e)) from None
        _want(bool(units), "the landing needs at least one unit")
        ids = [u.id for u in units] + [e.id for e in enemy]
        _want(len(set(ids)) == len(ids), "unit ids must be unique")
        queue = []
        for u in wave_order(units):
            _want(u.group in points, f"{u.id}: Group {u.group} has no drop point")
            _want(u.drop < len(points[u.group]), f"{u.id}: Group {u.group} has no second drop point")
            queue.append(dict(u.to_data(), at=m.name(points[u.group][u.drop])))
        events = [
            ev.info(RULE, f"wave {g}: Group {g} drops at {' and '.join(m.name(p) for p in points[g])}", [m.name(p) for p in points[g]])
            for g in GROUPS
            if g in points
        ]
        events.append(ev.info(RULE, f"direction die: {', '.join(f'{i + 1}={DIRECTION_NAMES[d]}' for i, d in enumerate(rules.directions))}; distance die d{rules.distance_sides}"))
        data = {"queue": queue, "i": 0, "enemy": [e.to_data() for e in enemy], "friendly": friendly,
                "results": [], "lost": 0, "cur": {}}
        return StepResult(ProcState(self.name, "drift", data), tuple(events))

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _unit(proc: ProcState) -> dict[str, Any]:
        return dict(proc.data["queue"][proc.data["i"]])

    @staticmethod
    def _occupied(state: GameState, data: Mapping[str, Any]) -> tuple[frozenset[Hex], frozenset[Hex]]:
        m = state.scenario.map
        friendly = {m.parse(f) for f in data["friendly"]}
        friendly |= {m.parse(r["hex"]) for r in data["results"] if r["status"] == "landed"}
        enemy = {m.parse(e["hex"]) for e in data["enemy"]}
        return frozenset(friendly), frozenset(enemy)

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        d = proc.data
        u = self._unit(proc)
        rules = LandingRules.from_scenario(state.scenario)
        who = f"{u['id']} ({u['kind']}{', dummy' if u['dummy'] else ''}, Group {u['group']})"
        cur = d["cur"]
        if proc.step == "drift":
            spec = DiceSpec((Die("direction", 6), Die("distance", rules.distance_sides)), "landing")
            return Prompt("roll", f"{RULE} (direction and distance dice)", f"Landing of {who} from drop point {u['at']}", spec)
        if proc.step == "displace":
            return Prompt("choice", f"{RULE} (occupied hex)", f"{u['id']} came down in occupied {cur['hex']}: the Allied player moves it to an adjacent hex", None, tuple(cur["options"]))
        if proc.step == "damage":
            return Prompt("roll", f"{RULE_DAMAGE} ({cur['rows']})", f"Terrain damage to {u['id']} in {cur['hex']}: {cur['dice']} special dice ({rules.describe_hits()})", _special(cur["dice"], "special dice"))
        if proc.step == "fire":
            opts = [e["id"] for e in d["enemy"] if e["id"] not in cur["fired_by"] and e["attack"].get(u["kind"], 0) > 0]
            return Prompt("choice", of.RULE, f"Opportunity fire at {u['id']} in {cur['hex']}: the defender picks a firing unit or 'no fire'", None, tuple(opts) + ("no fire",))
        if proc.step == "fire_dice":
            return Prompt("roll", of.RULE, f"Opportunity fire by {cur['firer']} at {u['id']}: {cur['fire_dice']} special dice ({rules.describe_hits()})", _special(cur["fire_dice"], "attack dice"))
        raise ActionError(f"unknown step {proc.step}")

    def _next_unit(self, state: GameState, data: dict[str, Any], events: list[ev.Event]) -> StepResult:
        data["i"] += 1
        data["cur"] = {}
        if data["i"] < len(data["queue"]):
            return StepResult(ProcState(self.name, "drift", data), tuple(events))
        res = data["results"]
        landed = sum(1 for r in res if r["status"] == "landed")
        lost = sum(1 for r in res if r["status"] == "lost")
        elim = sum(1 for r in res if r["status"] == "eliminated")
        events.append(ev.result(RULE, f"landing complete: {landed} landed, {lost} lost off the map, {elim} eliminated; the game continues with the first game turn"))
        outcome = {"procedure": self.name, "units": res, "enemy": data["enemy"]}
        return StepResult(None, tuple(events), outcome=outcome)

    def _finish_unit(self, state: GameState, data: dict[str, Any], u: Mapping[str, Any], status: str, events: list[ev.Event]) -> StepResult:
        cur = data["cur"]
        rec = {"id": u["id"], "group": u["group"], "kind": u["kind"], "hex": cur.get("hex"), "status": status,
               "losses": cur.get("losses", 0), "disorganised": bool(cur.get("disorganised", False))}
        data["results"] = list(data["results"]) + [rec]
        return self._next_unit(state, data, events)

    def _loss(self, u: Mapping[str, Any], cur: dict[str, Any], n: int) -> bool:
        """Add ``n`` losses; True if the unit is eliminated."""
        cur["losses"] = cur.get("losses", 0) + n
        return n > 0 and (bool(u["dummy"]) or cur["losses"] >= int(u["strength"]))

    def _to_damage(self, state: GameState, data: dict[str, Any], u: Mapping[str, Any], events: list[ev.Event]) -> StepResult:
        m = state.scenario.map
        cur = data["cur"]
        rules = LandingRules.from_scenario(state.scenario)
        h = m.parse(cur["hex"])
        n, rows = damage_dice(state.terrain, h, u["kind"], rules)
        cur["dice"], cur["rows"] = n, f"{', '.join(rows)}, {u['kind']}s"
        if n == 0:
            events.append(ev.result(f"{RULE_DAMAGE} ({cur['rows']})", f"no terrain damage to {u['id']} in {cur['hex']}", (cur["hex"],)))
            return self._to_fire(state, data, u, events)
        return StepResult(ProcState(self.name, "damage", data), tuple(events))

    def _to_fire(self, state: GameState, data: dict[str, Any], u: Mapping[str, Any], events: list[ev.Event]) -> StepResult:
        data["cur"].setdefault("fired_by", [])
        if not data["enemy"]:
            return self._finish_unit(state, data, u, "landed", events)
        return StepResult(ProcState(self.name, "fire", data), tuple(events))

    # ---------------------------------------------------------------- input
    def roll(self, state: GameState, proc: ProcState, roll: Roll) -> StepResult:
        m = state.scenario.map
        data = dict(proc.data)
        data["cur"] = dict(data["cur"])
        cur = data["cur"]
        u = self._unit(proc)
        rules = LandingRules.from_scenario(state.scenario)
        events: list[ev.Event] = []
        if proc.step == "drift":
            face, dist = roll.value("direction"), roll.value("distance")
            d = rules.directions[face - 1]
            friendly, enemy = self._occupied(state, data)
            drop = m.parse(u["at"])
            td = touchdown(m, drop, face, dist, rules, friendly, enemy, int(data["lost"]))
            name = m.name(td.hex)
            events.append(ev.roll(f"{RULE} (direction die)", f"direction die {face} = {DIRECTION_NAMES[d]}"))
            events.append(ev.roll(f"{RULE} (distance die)", f"distance die d{rules.distance_sides} {dist}"))
            cur.update(hex=name, losses=0)
            if td.kind == "lost":
                data["lost"] = int(data["lost"]) + 1
                events.append(ev.result(f"{RULE} (off the map)", f"{u['id']}: {u['at']} -> {name} is off the map: lost for the rest of the game", (u["at"],)))
                cur["hex"] = None
                return self._finish_unit(state, data, u, "lost", events)
            if td.kind == "edge" or (rules.max_losses is not None and not m.in_play(drift(drop, face, dist, rules))):
                events.append(ev.info(f"{RULE} (loss cap)", f"the scenario's cap of {rules.max_losses} units lost is reached: {u['id']} lands on the map edge in {name}", (name,)))
            events.append(ev.result(RULE, f"{u['id']} lands {dist} hex{'es' if dist > 1 else ''} {DIRECTION_NAMES[d]} of {u['at']}: {name}", (u["at"], name)))
            if td.kind == "enemy":
                events.append(ev.result(f"{RULE} (enemy-occupied hex)", f"{name} is held by the enemy: {u['id']} takes a loss" + (" (a dummy is eliminated)" if u["dummy"] else ""), (name,)))
                if self._loss(u, cur, 1):
                    events.append(ev.result(f"{RULE} (enemy-occupied hex)", f"{u['id']} is eliminated", (name,)))
                    return self._finish_unit(state, data, u, "eliminated", events)
            if td.kind in ("enemy", "friendly") or (td.kind == "edge" and (td.hex in friendly or td.hex in enemy)):
                opts = displacement_options(m, td.hex, friendly, enemy)
                if not opts:
                    events.append(ev.result(f"{RULE} (occupied hex)", f"no adjacent hex is free for {u['id']}: lost", (name,)))
                    cur["hex"] = None
                    return self._finish_unit(state, data, u, "lost", events)
                cur["options"] = [m.name(o) for o in opts]
                return StepResult(ProcState(self.name, "displace", data), tuple(events))
            return self._to_damage(state, data, u, events)
        if proc.step == "damage":
            hits = count_hits(roll.values, rules.hit_faces)
            rule = f"{RULE_DAMAGE} ({cur['rows']})"
            events.append(ev.roll(rule, f"{cur['dice']} special dice: {', '.join(map(str, roll.values))}"))
            events.append(ev.result(rule, f"{hits} HIT{'s' if hits != 1 else ''}: {u['id']} takes {hits} loss{'es' if hits != 1 else ''}" if hits else f"no HIT: no damage to {u['id']}", (cur["hex"],)))
            if self._loss(u, cur, hits):
                events.append(ev.result(rule, f"{u['id']} is eliminated", (cur["hex"],)))
                return self._finish_unit(state, data, u, "eliminated", events)
            return self._to_fire(state, data, u, events)
        if proc.step == "fire_dice":
            hits = count_hits(roll.values, rules.hit_faces)
            events.append(ev.roll(of.RULE, f"{cur['firer']} rolls {cur['fire_dice']} attack dice: {', '.join(map(str, roll.values))}"))
            if hits:
                cur["disorganised"] = True
                events.append(ev.result(of.RULE, f"{hits} HIT{'s' if hits != 1 else ''}: {u['id']} takes {hits} loss{'es' if hits != 1 else ''} and is disorganised next game turn", (cur["hex"],)))
                if self._loss(u, cur, hits):
                    events.append(ev.result(of.RULE, f"{u['id']} is eliminated", (cur["hex"],)))
                    return self._finish_unit(state, data, u, "eliminated", events)
            else:
                events.append(ev.result(of.RULE, f"no HIT on {u['id']}", (cur["hex"],)))
            return StepResult(ProcState(self.name, "fire", data), tuple(events))
        raise ActionError(f"{self.title} is not waiting for dice")

    def choose(self, state: GameState, proc: ProcState, choice: str) -> StepResult:
        m = state.scenario.map
        data = dict(proc.data)
        data["cur"] = dict(data["cur"])
        cur = data["cur"]
        u = self._unit(proc)
        events: list[ev.Event] = []
        if proc.step == "displace":
            events.append(ev.result(f"{RULE} (occupied hex)", f"the Allied player moves {u['id']} from {cur['hex']} to {choice}", (cur["hex"], choice)))
            cur["hex"] = choice
            return self._to_damage(state, data, u, events)
        if proc.step == "fire":
            if choice == "no fire":
                events.append(ev.info(of.RULE, f"no further opportunity fire at {u['id']}"))
                return self._finish_unit(state, data, u, "landed", events)
            enemy = [dict(e) for e in data["enemy"]]
            firer = next(e for e in enemy if e["id"] == choice)
            target = m.parse(cur["hex"])
            adjacent = m.parse(firer["hex"]).distance(target) == 1
            t = state.terrain.at(target).terrain
            tmod, known = of.terrain_fire_modifier(t, LandingRules.from_scenario(state.scenario).fire_terrain)
            label = terrain_types(state.scenario.system)[t].label if t in terrain_types(state.scenario.system) else t
            fd = of.fire_dice(int(firer["attack"][u["kind"]]), tmod, label if known else f"{label}: not in the seed, read as 0", int(firer["fired"]), adjacent)
            events.append(ev.info(of.RULE, f"{choice} in {firer['hex']} fires at {u['id']} in {cur['hex']}: base attack dice {fd.base} (against {u['kind']}s)", (firer["hex"], cur["hex"])))
            events.extend(ev.modifier(of.RULE, v, why) for v, why in fd.modifiers)
            cur["fired_by"] = list(cur.get("fired_by", [])) + [choice]
            if fd.total == 0:
                events.append(ev.result(of.RULE, f"{choice} has no attack dice left: no effect"))
                return StepResult(ProcState(self.name, "fire", data), tuple(events))
            firer["fired"] = int(firer["fired"]) + 1
            data["enemy"] = enemy
            events.append(ev.result(of.RULE, f"the defender rolls {fd.total} {'die' if fd.total == 1 else 'dice'}"))
            cur["firer"], cur["fire_dice"] = choice, min(fd.total, 12)
            return StepResult(ProcState(self.name, "fire_dice", data), tuple(events))
        raise ActionError(f"{self.title} is not waiting for a choice")
