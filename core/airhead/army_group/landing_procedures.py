"""The Army Group landing procedure (``army_group.landing``): the drop turn, unit by unit.

The whole operation is one game turn, the drop turn (seed 002). :class:`ArmyGroupLanding` strings
together the rule functions of :mod:`.landing` (drift, occupied hexes, terrain damage) and
:mod:`.opportunity_fire`, waiting for each roll and choice; the planner's odds come from
:mod:`.odds`, through the same functions and the same settings. The units that land are put on
the map (``state.counters``) when the drop is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Mapping

from ..frozen import replace
from .. import events as ev
from ..boards import HexMap
from ..counters import Counters, Unit
from ..dice import DiceSpec, Die, Roll
from ..errors import ActionError, DataError, RulesError
from ..events import Event
from ..fields import Field, Schema
from ..hexes import DIRECTION_NAMES, Hex
from ..plug import (
    Fact,
    GameState,
    Odds,
    ProcState,
    Prompt,
    Step,
    Stepped,
    StepResult,
    View,
    percent,
)
from .forces import (
    ENEMY_FIELDS,
    GROUPS,
    PARATROOPER_FIELDS,
    Paratrooper,
    attack_dice,
    earlier_fires,
    enemy_data,
    enemy_unit,
    is_dummy,
    with_fire,
)
from .landing import (
    DUMMY,
    DUMMY_READINGS,
    LOSS_CAP,
    LOSS_CAP_READINGS,
    RULE,
    RULE_DAMAGE,
    WATER,
    WATER_READINGS,
    LandingRules,
    check_drop_points,
    count_hits,
    damage_dice,
    displacement_options,
    drift,
    setting_note,
    touchdown,
    water_hex,
    wave_order,
)
from .odds import unit_odds
from .opportunity_fire import RULE as FIRE_RULE
from .opportunity_fire import fire_dice, terrain_fire_modifier

__all__ = ["LANDING_PARAMS", "Queued", "Landed", "Current", "Drop", "ArmyGroupLanding"]

#: The landing's parameters (and the scenario's written plan, ``settings.army_group.plan``).
LANDING_PARAMS = Schema((
    Field("groups", "Drop points", "record", default={}, rule=RULE,
          help="each Army Group's drop point, or two on maps with a common side",
          fields=tuple(Field(g, f"Group {g}", "list", lo=1, hi=2, default=None, rule=RULE,
                             item=Field(g, "Drop point", "hex")) for g in GROUPS)),
    Field("units", "Landing units", "list", hi=200, default=[], rule=RULE,
          item=Field("units", "Landing unit", "record", fields=PARATROOPER_FIELDS)),
    Field("enemy", "Enemy units (opportunity fire)", "list", hi=100, default=[], rule=FIRE_RULE,
          item=Field("enemy", "Enemy unit", "record", fields=ENEMY_FIELDS)),
    Field("friendly", "Hexes already held by Allied units", "list", default=[], rule=RULE,
          item=Field("friendly", "Hex", "hex")),
))

Status = Literal["landed", "lost", "eliminated"]


@dataclass(frozen=True)
class Queued:
    """A landing unit waiting its turn, with the drop point it lands from."""

    unit: Paratrooper
    at: Hex


@dataclass(frozen=True)
class Landed:
    """How a unit's landing ended: its hex (None: lost), status, losses and disorganisation."""

    unit: Paratrooper
    at: Hex
    hex: Hex | None
    status: Status
    losses: int = 0
    disorganised: bool = False

    def to_data(self, m: HexMap) -> dict[str, Any]:
        """The outcome's record of the unit."""
        return {"id": self.unit.id, "group": self.unit.group, "kind": self.unit.kind,
                "hex": m.name(self.hex) if self.hex is not None else None, "status": self.status,
                "losses": self.losses, "disorganised": self.disorganised}


@dataclass(frozen=True)
class Current:
    """The unit now landing: where it is, its losses, the hexes it may be moved to, its
    terrain-damage dice and the enemy units that have fired at it."""

    hex: Hex | None = None
    losses: int = 0
    disorganised: bool = False
    options: tuple[Hex, ...] = ()
    dice: int = 0
    rows: str = ""
    fired_by: tuple[str, ...] = ()
    firer: str = ""
    fire_dice: int = 0


@dataclass(frozen=True)
class Drop:
    """The drop under way: the Groups' drop points, the units in landing order, the enemy, the
    hexes held before the drop, the results so far, the unit now landing (``i``) and the enemy
    dummies eliminated so far."""

    points: tuple[tuple[str, tuple[Hex, ...]], ...]
    queue: tuple[Queued, ...]
    enemy: tuple[Unit, ...]
    friendly: tuple[Hex, ...]
    i: int = 0
    results: tuple[Landed, ...] = ()
    lost: int = 0
    cur: Current = field(default_factory=Current)
    gone: tuple[Unit, ...] = ()

    @property
    def now(self) -> Queued:
        """The unit now landing."""
        return self.queue[self.i]

    def occupied(self) -> tuple[frozenset[Hex], frozenset[Hex]]:
        """Hexes held by friendly units (before the drop, and landed in it) and by the enemy."""
        friendly = set(self.friendly) | {r.hex for r in self.results if r.status == "landed" and r.hex is not None}
        enemy = {e.hex for e in self.enemy if e.hex is not None}
        return frozenset(friendly), frozenset(enemy)


def _dice(n: int, kind: str) -> str:
    """``1 attack die``, ``3 attack dice``."""
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


def _special(n: int, label: str) -> DiceSpec:
    return DiceSpec(tuple(Die("special") for _ in range(n)), label)


def _can_fire(e: Unit, kind: str, rules: LandingRules) -> bool:
    """True if the enemy unit may make opportunity fire at a landing unit of ``kind``: it has
    attack dice against it and is not a dummy (when dummies are enemy units, the default)."""
    return (attack_dice(e, kind) or 0) > 0 and not (rules.dummy == "enemy" and is_dummy(e))



# ---------------------------------------------------------------------------- the procedure
class ArmyGroupLanding(Stepped[Drop]):
    """The drop turn: every unit of Groups A, B, R lands, takes terrain damage and opportunity fire.

    Params (each optional; missing ones come from the scenario's ``settings.army_group.plan``):
    ``groups`` {"A": ["F/c3"], "B": [...]} drop points; ``units`` [{"id", "group", "kind",
    "drop", "strength", "dummy"}]; ``enemy`` [{"id", "hex", "attack", "fired"}]; ``friendly``
    hex names already held by Allied units.
    """

    name = "army_group.landing"
    start_work = 300  # the landing's units planned: ~0.33 ms of CPython (tools/work_calibrate.py)
    step_work = 100  # a unit landing, its damage and fire: ~0.15 ms of CPython (tools/work_calibrate.py)
    title = "Army Group landing"
    params = LANDING_PARAMS

    # ---------------------------------------------------------------- parameters
    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The scenario's written plan (``settings.army_group.plan``) for what the start action
        leaves out."""
        plan = state.settings.get("plan")
        return self.params.dump(plan, state.scenario.map) if plan else {}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text for the start action: drop points, landing units with their strength, enemy
        units and Allied-held hexes, in words (no dummy is named: the defender reads the log)."""
        bits = []
        groups = params.get("groups")
        if isinstance(groups, Mapping):
            pts = [f"Group {g} at {' and '.join(str(x)[:16] for x in v)}" for g, v in groups.items() if isinstance(v, list) and v]
            if pts:
                bits.append("; ".join(pts))
        units = params.get("units")
        if isinstance(units, list) and units:
            each = []
            for u in units:
                if not isinstance(u, Mapping):
                    continue
                strength = u.get("strength", 1)
                extra = [str(u.get("kind", "paratrooper")), f"Group {u.get('group', 'A')}"]
                if isinstance(strength, int) and strength != 1:
                    extra.append(f"strength {strength}")
                each.append(f"{str(u.get('id', '?'))[:24]} ({', '.join(str(x)[:16] for x in extra)})")
            bits.append(f"{len(each)} landing unit{'s' if len(each) != 1 else ''}: {', '.join(each)}")
        enemy = params.get("enemy")
        if isinstance(enemy, list) and enemy:
            each = [f"{str(e.get('id', '?'))[:24]} in {str(e.get('hex', '?'))[:16]}" for e in enemy if isinstance(e, Mapping)]
            bits.append(f"enemy: {', '.join(each)}")
        friendly = params.get("friendly")
        if isinstance(friendly, list) and friendly:
            bits.append(f"Allied units already in {', '.join(str(h)[:16] for h in friendly)}")
        return "; ".join(bits)

    def plan(self, state: GameState, p: Mapping[str, Any]) -> Drop:
        """The drop a plan describes (typed parameters), checked against the landing rules."""
        m = state.scenario.map
        points = {g: tuple(hs) for g, hs in (p.get("groups") or {}).items() if hs is not None}
        check_drop_points(m, points)
        units = [Paratrooper(**u) for u in p.get("units") or ()]
        enemy = tuple(enemy_unit(e, state.sides[1]) for e in p.get("enemy") or ())
        friendly = tuple(p.get("friendly") or ())
        if not units:
            raise RulesError(f"{RULE}: the landing needs at least one unit")
        ids = [u.id for u in units] + [e.id for e in enemy]
        if len(set(ids)) != len(ids):
            raise DataError("unit ids must be unique", "units")
        queue = []
        for u in wave_order(units):
            if u.group not in points:
                raise RulesError(f"{RULE}: {u.id}: Group {u.group} has no drop point")
            if u.drop >= len(points[u.group]):
                raise RulesError(f"{RULE}: {u.id}: Group {u.group} has no second drop point")
            queue.append(Queued(u, points[u.group][u.drop]))
        ordered = tuple((g, points[g]) for g in GROUPS if g in points)
        return Drop(ordered, tuple(queue), enemy, friendly)

    # ---------------------------------------------------------------- start
    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        d = self.plan(state, params)
        rules = LandingRules.of(state)
        events = [
            ev.info(RULE, f"wave {g}: Group {g} drops at {' and '.join(m.name(p) for p in pts)}", [m.name(p) for p in pts])
            for g, pts in d.points
        ]
        events.append(ev.info(RULE, f"direction die: {', '.join(f'{i + 1}={DIRECTION_NAMES[x]}' for i, x in enumerate(rules.directions))}; distance die d{rules.distance_sides}"))
        return StepResult(ProcState(self.name, "drift", d), tuple(events))

    # ---------------------------------------------------------------- prompts
    # ---------------------------------------------------------------- what each step waits for
    def _ask_drift(self, state: GameState, d: Drop) -> Prompt:
        m = state.scenario.map
        q, u = d.now, d.now.unit
        who = f"{u.id} ({u.kind}, Group {u.group})"  # a dummy is not named: the defender sees this prompt too
        spec = DiceSpec((Die("direction", 6), Die("distance", LandingRules.of(state).distance_sides)), "landing")
        return Prompt("roll", RULE, f"Landing of {who} from drop point {m.name(q.at)}: direction and distance dice", spec)

    @staticmethod
    def _here(state: GameState, d: Drop) -> str:
        return state.scenario.map.name(d.cur.hex) if d.cur.hex is not None else ""

    def _ask_displace(self, state: GameState, d: Drop) -> Prompt:
        m = state.scenario.map
        return Prompt("choice", RULE, f"{d.now.unit.id} came down in occupied {self._here(state, d)}: the Allied player "
                      "moves it to an adjacent hex", None, tuple(m.name(o) for o in d.cur.options))

    def _ask_damage(self, state: GameState, d: Drop) -> Prompt:
        cur, rules = d.cur, LandingRules.of(state)
        return Prompt("roll", RULE_DAMAGE, f"Terrain damage to {d.now.unit.id} in {self._here(state, d)} ({cur.rows}): "
                      f"{cur.dice} special {'die' if cur.dice == 1 else 'dice'} ({rules.describe_hits()})",
                      _special(cur.dice, "special dice"))

    def _ask_fire(self, state: GameState, d: Drop) -> Prompt:
        u, cur, rules = d.now.unit, d.cur, LandingRules.of(state)
        opts = tuple(e.id for e in d.enemy if e.id not in cur.fired_by and _can_fire(e, u.kind, rules))
        return Prompt("choice", FIRE_RULE, f"Opportunity fire at {u.id} in {self._here(state, d)}: the defender picks a "
                      "firing unit or 'no fire'", None, opts + ("no fire",))

    def _ask_fire_dice(self, state: GameState, d: Drop) -> Prompt:
        cur = d.cur
        return Prompt("roll", FIRE_RULE, f"Opportunity fire by {cur.firer} at {d.now.unit.id}: {_dice(cur.fire_dice, 'special')} "
                      f"({LandingRules.of(state).describe_hits()})", _special(cur.fire_dice, "attack dice"))

    # ---------------------------------------------------------------- steps
    def _to_step(self, step: str, d: Drop, events: list[Event]) -> StepResult:
        return StepResult(ProcState(self.name, step, d), tuple(events))

    def _next_unit(self, state: GameState, d: Drop, events: list[Event]) -> StepResult:
        d = replace(d, i=d.i + 1, cur=Current())
        if d.i < len(d.queue):
            return self._to_step("drift", d, events)
        m = state.scenario.map
        landed = sum(1 for r in d.results if r.status == "landed")
        lost = sum(1 for r in d.results if r.status == "lost")
        elim = sum(1 for r in d.results if r.status == "eliminated")
        events.append(ev.result(RULE, f"landing complete: {landed} landed, {lost} lost off the map, {elim} eliminated; the game continues with the first game turn"))
        outcome = {"procedure": self.name, "units": [r.to_data(m) for r in d.results],
                   "enemy": [enemy_data(e, m) for e in d.enemy] + [dict(enemy_data(e, m), eliminated=True) for e in d.gone]}
        return StepResult(None, tuple(events), counters=self._placed(state, d), outcome=outcome)

    @staticmethod
    def _placed(state: GameState, d: Drop) -> Counters:
        """The counters with every unit that landed (lost and eliminated ones are not placed)."""
        counters = state.counters
        side = state.sides[0]
        for r in d.results:
            if r.status != "landed" or r.hex is None:
                continue
            u = r.unit
            status = frozenset({"disorganised"}) if r.disorganised else frozenset()
            facts: dict[str, int | str | bool] = {"group": u.group, "strength": u.strength, "losses": r.losses}
            counters = counters.put(Unit(counters.free_id(u.id), side, u.kind, r.hex, status, label=u.id, facts=facts))
        return counters

    def _finish_unit(self, state: GameState, d: Drop, status: Status, events: list[Event]) -> StepResult:
        cur = d.cur
        rec = Landed(d.now.unit, d.now.at, cur.hex, status, cur.losses, cur.disorganised)
        return self._next_unit(state, replace(d, results=d.results + (rec,)), events)

    @staticmethod
    def _loss(d: Drop, n: int) -> tuple[Drop, bool]:
        """Add ``n`` losses to the unit now landing; True if it is eliminated."""
        u = d.now.unit
        losses = d.cur.losses + n
        return replace(d, cur=replace(d.cur, losses=losses)), n > 0 and (u.dummy or losses >= u.strength)

    def _to_damage(self, state: GameState, d: Drop, events: list[Event]) -> StepResult:
        m = state.scenario.map
        u = d.now.unit
        h = d.cur.hex
        assert h is not None
        rules = LandingRules.of(state)
        n, rows = damage_dice(state.terrain, h, u.kind, rules, state.system.terrain_table)
        d = replace(d, cur=replace(d.cur, dice=n, rows=f"{', '.join(rows)}, {u.kind}s"))
        name = m.name(h)
        if water_hex(state.terrain, h):
            flag = setting_note(WATER, WATER_READINGS[rules.water])
            if rules.water == "eliminated":
                events.append(ev.result(RULE_DAMAGE, f"{u.id} lands in water in {name}: eliminated {flag}", (name,)))
                d = replace(d, cur=replace(d.cur, losses=max(d.cur.losses, u.strength)))
                return self._finish_unit(state, d, "eliminated", events)
            events.append(ev.result(RULE_DAMAGE, f"no terrain damage to {u.id} in {name} ({d.cur.rows}) {flag}", (name,)))
            return self._to_fire(state, d, events)
        if n == 0:
            events.append(ev.result(RULE_DAMAGE, f"no terrain damage to {u.id} in {name} ({d.cur.rows})", (name,)))
            return self._to_fire(state, d, events)
        return self._to_step("damage", d, events)

    def _to_fire(self, state: GameState, d: Drop, events: list[Event]) -> StepResult:
        if not d.enemy:
            return self._finish_unit(state, d, "landed", events)
        return self._to_step("fire", d, events)

    # ---------------------------------------------------------------- input
    def _damage(self, state: GameState, d: Drop, roll: Roll) -> StepResult:
        """AG Landing: the terrain's special dice, one loss per HIT."""
        u, here, rules = d.now.unit, self._here(state, d), LandingRules.of(state)
        hits = count_hits(roll.values, rules.hit_faces)
        rule = RULE_DAMAGE
        events = [ev.roll(rule, f"terrain damage to {u.id} in {here} ({d.cur.rows}): {d.cur.dice} special "
                                f"{'die' if d.cur.dice == 1 else 'dice'}: {', '.join(map(str, roll.values))}")]
        events.append(ev.result(rule, f"{hits} HIT{'s' if hits != 1 else ''}: {u.id} takes {hits} loss{'es' if hits != 1 else ''}" if hits else f"no HIT: no damage to {u.id}", (here,)))
        d, dead = self._loss(d, hits)
        if dead:
            events.append(ev.result(rule, f"{u.id} is eliminated", (here,)))
            return self._finish_unit(state, d, "eliminated", events)
        return self._to_fire(state, d, events)

    def _fire_dice(self, state: GameState, d: Drop, roll: Roll) -> StepResult:
        """AG Opportunity Fire: the firer's attack dice, one loss per HIT (and disorganised)."""
        u, here, rules = d.now.unit, self._here(state, d), LandingRules.of(state)
        hits = count_hits(roll.values, rules.hit_faces)
        events = [ev.roll(FIRE_RULE, f"{d.cur.firer} rolls {_dice(d.cur.fire_dice, 'attack')}: {', '.join(map(str, roll.values))}")]
        if hits:
            d = replace(d, cur=replace(d.cur, disorganised=True))
            events.append(ev.result(FIRE_RULE, f"{hits} HIT{'s' if hits != 1 else ''}: {u.id} takes {hits} loss{'es' if hits != 1 else ''} and is disorganised next game turn", (here,)))
            d, dead = self._loss(d, hits)
            if dead:
                events.append(ev.result(FIRE_RULE, f"{u.id} is eliminated", (here,)))
                return self._finish_unit(state, d, "eliminated", events)
        else:
            events.append(ev.result(FIRE_RULE, f"no HIT on {u.id}", (here,)))
        return self._to_step("fire", d, events)

    def _drift(self, state: GameState, d: Drop, roll: Roll) -> StepResult:
        """AG Landing: the direction and distance dice, then what the unit finds where it lands."""
        m = state.scenario.map
        q = d.now
        u = q.unit
        at = m.name(q.at)
        rules = LandingRules.of(state)
        events: list[Event] = []
        face, dist = roll.value("direction"), roll.value("distance")
        direction = rules.directions[face - 1]
        friendly, enemy = d.occupied()
        td = touchdown(m, q.at, face, dist, rules, friendly, enemy, d.lost)
        name = m.name(td.hex)
        events.append(ev.roll(RULE, f"direction die {face} = {DIRECTION_NAMES[direction]}"))
        events.append(ev.roll(RULE, f"distance die d{rules.distance_sides} {dist}"))
        d = replace(d, cur=replace(d.cur, hex=td.hex, losses=0))
        hexes = f"{dist} hex{'es' if dist > 1 else ''} {DIRECTION_NAMES[direction]} of {at}"
        if td.kind == "lost":
            events.append(ev.result(RULE, f"{u.id} drifts {hexes}: off the map, lost for the rest of the game", (at,)))
            d = replace(d, lost=d.lost + 1, cur=replace(d.cur, hex=None))
            return self._finish_unit(state, d, "lost", events)
        cap = setting_note(LOSS_CAP, LOSS_CAP_READINGS[rules.loss_cap])
        if td.kind == "reroll":
            events.append(ev.info(RULE, f"{u.id} would drift {hexes}, off the map, but the scenario's cap of {rules.max_losses} units lost "
                                        f"is reached: its dice are rolled again {cap}", (at,)))
            return self._to_step("drift", replace(d, cur=Current()), events)
        if td.kind == "edge" or (rules.max_losses is not None and not m.in_play(drift(q.at, face, dist, rules))):
            events.append(ev.info(RULE, f"the scenario's cap of {rules.max_losses} units lost is reached: {u.id} lands on the map edge in {name} {cap}", (name,)))
        events.append(ev.result(RULE, f"{u.id} lands {hexes}: {name}", (at, name)))
        if td.kind == "enemy":
            reading = setting_note(DUMMY, DUMMY_READINGS[rules.dummy])
            landing_dummy = rules.dummy == "landing" and u.dummy
            text = f"{name} is held by the enemy: {u.id} takes a loss"
            events.append(ev.result(RULE, text + (f" (it was a dummy: it is eliminated) {reading}" if landing_dummy else ""), (name,)))
            dummies = tuple(e for e in d.enemy if e.hex == td.hex and is_dummy(e)) if rules.dummy == "enemy" else ()
            if dummies:
                ids = ", ".join(e.id for e in dummies)
                events.append(ev.result(RULE, f"{ids} in {name} {'was a dummy' if len(dummies) == 1 else 'were dummies'}: "
                                              f"{'it is' if len(dummies) == 1 else 'they are'} eliminated {reading}", (name,)))
                d = replace(d, enemy=tuple(e for e in d.enemy if e not in dummies), gone=d.gone + dummies)
                friendly, enemy = d.occupied()
            d, dead = self._loss(d, 1)
            if dead:
                events.append(ev.result(RULE, f"{u.id} is eliminated", (name,)))
                return self._finish_unit(state, d, "eliminated", events)
        if td.kind in ("enemy", "friendly") or (td.kind == "edge" and (td.hex in friendly or td.hex in enemy)):
            opts = displacement_options(m, td.hex, friendly, enemy)
            if not opts:
                events.append(ev.result(RULE, f"no adjacent hex is free for {u.id}: lost", (name,)))
                d = replace(d, cur=replace(d.cur, hex=None))
                return self._finish_unit(state, d, "lost", events)
            return self._to_step("displace", replace(d, cur=replace(d.cur, options=tuple(opts))), events)
        return self._to_damage(state, d, events)

    def _displaced(self, state: GameState, d: Drop, choice: str) -> StepResult:
        m, u, cur, here = state.scenario.map, d.now.unit, d.cur, self._here(state, d)
        to = next(o for o in cur.options if m.name(o) == choice)
        events = [ev.result(RULE, f"the Allied player moves {u.id} from {here} to {choice}", (here, choice))]
        return self._to_damage(state, replace(d, cur=replace(cur, hex=to)), events)

    def _fire_chosen(self, state: GameState, d: Drop, choice: str) -> StepResult:
        if choice == "no fire":
            events = [ev.info(FIRE_RULE, f"no further opportunity fire at {d.now.unit.id}")]
            return self._finish_unit(state, d, "landed", events)
        return self._fire(state, d, choice)

    def _fire(self, state: GameState, d: Drop, choice: str) -> StepResult:
        """AG Opportunity Fire: the attack dice of one enemy unit's fire at the unit now landing."""
        m = state.scenario.map
        u = d.now.unit
        cur = d.cur
        assert cur.hex is not None
        here = m.name(cur.hex)
        k, firer = next((k, e) for k, e in enumerate(d.enemy) if e.id == choice)
        assert firer.hex is not None
        there = m.name(firer.hex)
        adjacent = firer.hex.distance(cur.hex) == 1
        t = state.terrain.at(cur.hex).terrain
        tmod, known = terrain_fire_modifier(t, LandingRules.of(state).fire_terrain)
        types = state.system.terrain_types
        label = types[t].label if t in types else t
        fd = fire_dice(attack_dice(firer, u.kind) or 0, tmod, label if known else f"{label}: no modifier listed",
                       earlier_fires(firer), adjacent)
        events = [ev.info(FIRE_RULE, f"{choice} in {there} fires at {u.id} in {here}: base attack dice {fd.base} (against {u.kind}s)", (there, here))]
        events.extend(ev.modifier(FIRE_RULE, v, why) for v, why in fd.modifiers)
        d = replace(d, cur=replace(cur, fired_by=cur.fired_by + (choice,)))
        if fd.total == 0:
            events.append(ev.result(FIRE_RULE, f"{choice} has no attack dice left: no effect"))
            return self._to_step("fire", d, events)
        enemy = d.enemy[:k] + (with_fire(firer),) + d.enemy[k + 1:]
        events.append(ev.result(FIRE_RULE, f"the defender rolls {fd.total} {'die' if fd.total == 1 else 'dice'}"))
        d = replace(d, enemy=enemy, cur=replace(d.cur, firer=choice, fire_dice=min(fd.total, 12)))
        return self._to_step("fire_dice", d, events)

    # ---------------------------------------------------------------- the planner and the map
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """Exact odds of the planned drop, unit by unit (see :mod:`.odds` for what they assume):
        lost, eliminated, displaced, expected losses, and the expected units ending alive in each
        hex. Opportunity fire is left out."""
        d = self.plan(state, params)
        m = state.scenario.map
        rules = LandingRules.of(state)
        friendly, enemy = frozenset(d.friendly), frozenset(e.hex for e in d.enemy if e.hex is not None)
        heat: dict[str, Fraction] = {}
        lines: list[str] = []
        lost = eliminated = losses = Fraction(0)
        for q in d.queue:
            uo = unit_odds(m, state.terrain, q.unit, q.at, rules, friendly, enemy)
            for h, p in uo.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            lost, eliminated, losses = lost + uo.lost, eliminated + uo.eliminated, losses + uo.expected_losses
            lines.append(f"{q.unit.id}: lost {percent(uo.lost)}, eliminated {percent(uo.eliminated)}, displaced {percent(uo.displaced)}, "
                         f"expected losses {float(uo.expected_losses):.2f}")
        alive = sum(heat.values(), Fraction(0))
        facts = (
            Fact("units", "Units landing", str(len(d.queue))),
            Fact("alive", "Expected units ending alive on the map", f"{float(alive):.2f}"),
            Fact("lost", "Expected units lost off the map", f"{float(lost):.2f}"),
            Fact("eliminated", "Expected units eliminated", f"{float(eliminated):.2f}"),
            Fact("losses", "Expected losses (a unit lost or eliminated counts its strength)", f"{float(losses):.2f}"),
        )
        targets = tuple((p, "target") for _, pts in d.points for p in dict.fromkeys(pts))
        view = View(marks=targets, heat=tuple((m.parse(h), float(p)) for h, p in sorted(heat.items())),
                    heat_unit="units", heat_label="expected units ending alive in each hex")
        return Odds(facts=facts, lines=tuple(lines),
                    notes=("Opportunity fire is not included (it depends on the defender).",), view=view)

    def view(self, state: GameState, proc: ProcState[Drop]) -> View:
        """The drop points, each unit's drift so far (arrows) and the hexes units landed in."""
        d = proc.data
        marks: list[tuple[Hex, str]] = [(p, "target") for _, pts in d.points for p in dict.fromkeys(pts)]
        paths: list[tuple[Hex, ...]] = []
        for r in d.results:
            if r.hex is not None:
                paths.append((r.at, r.hex))
                if r.status == "landed":
                    marks.append((r.hex, "landed"))
        if d.cur.hex is not None:
            paths.append((d.now.at, d.cur.hex))
        return View(marks=tuple(marks), paths=tuple(paths))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        """The hexes the units landed in."""
        m = state.scenario.map
        landed = dict.fromkeys(m.parse(u["hex"]) for u in outcome.get("units", ()) if u.get("status") == "landed" and u.get("hex"))
        return View(marks=tuple((h, "landed") for h in landed))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        """E.g. ``4 of 6 units landed (2 lost off the map, none eliminated); 1 disorganised next game turn.``"""
        units = list(outcome.get("units", ()))

        def count(status: str) -> str:
            n = sum(1 for u in units if u.get("status") == status)
            return str(n) if n else "none"

        landed = sum(1 for u in units if u.get("status") == "landed")
        text = f"{landed} of {len(units)} {'unit' if len(units) == 1 else 'units'} landed ({count('lost')} lost off the map, {count('eliminated')} eliminated)"
        dis = sum(1 for u in units if u.get("status") == "landed" and u.get("disorganised"))
        return text + (f"; {dis} disorganised next game turn." if dis else ".")

    steps = {
        "drift": Step(_ask_drift, roll=_drift),
        "displace": Step(_ask_displace, choose=_displaced),
        "damage": Step(_ask_damage, roll=_damage),
        "fire": Step(_ask_fire, choose=_fire_chosen),
        "fire_dice": Step(_ask_fire_dice, roll=_fire_dice),
    }
