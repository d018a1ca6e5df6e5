"""The paradrops of one turn's Air Phase (``panzer_leader.paradrop``, seed 001 II), prompt by
prompt: anti-aircraft fire at the transport planes (I.G), a drift die per target hex, the
two-platoon check (I.F, with what is already on the map), a Jump Survival die per stick, then
enemy units and mines where sticks came down; the sticks that land alive are placed on the map.

It strings together the rule functions of :mod:`.paradrop`, :mod:`.anti_aircraft` and
:mod:`.stacking`; the planner's odds come from :mod:`.odds`, through the same functions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..frozen import replace
from .. import events as ev
from ..counters import Counters, Unit
from ..dice import Roll, dr
from ..errors import ActionError, DataError, RulesError
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
from .anti_aircraft import AA_RESULTS, RULE_PLANES, AAFire, aa_chances, aa_fire_field, aa_result, read_fires
from .forces import ENEMY_FIELDS, PLATOON_FIELDS, Platoon, count, describe_platoon, describe_wind, enemy_unit, listed, setting_note
from .paradrop import (
    AIRDROP_ARTILLERY,
    EXTRA_READINGS,
    EXTRA_STICKS,
    attackers,
    drift_letter,
    extra_sticks,
    jump_survival,
    pattern_hexes,
    pattern_total,
    stick_landings,
    survival_row,
)
from .plan import check_against_plan
from .stacking import disperse, hex_limit, on_the_map, overstack_events, overstacked_hexes
from .wind import TURN, WIND, Wind, current_wind

__all__ = ["DROPS", "ENEMY", "AA", "PATTERN_HEAT_LABEL", "STATUSES", "Stick", "Target", "Drop", "Paradrop"]

#: What the map shows of the drift diagrams as rolled (the view and the outcome's view).
PATTERN_HEAT_LABEL = "most sticks per hex of the drift diagram as rolled"

#: The drops of a turn: each target hex with the platoons targeted on it (PL II.B, II.C).
DROPS = Field("drops", "Drops", "list", lo=1, hi=16, rule="PL II.B", item=Field("drops", "Drop", "record", fields=(
    Field("target", "Target hex", "hex", rule="PL II.C"),
    Field("platoons", "Platoons", "list", lo=1, hi=8, rule="PL II.B",
          help="at most two full platoons per target hex", item=Field("platoons", "Platoon", "record", fields=PLATOON_FIELDS)),
)))

#: Enemy units where sticks may land (PL II.E).
ENEMY = Field("enemy", "Enemy units", "list", hi=100, default=[], rule="PL II.E",
              item=Field("enemy", "Enemy unit", "record", fields=ENEMY_FIELDS))

#: Anti-aircraft fire at the transport planes, one plane per platoon (PL I.G, II.B).
AA = aa_fire_field("the platoon's plane", RULE_PLANES,
                   "each fire at one platoon's plane, before the drop; with its AA numbers the app rolls, without them "
                   "you enter the result of your PL rules", pick="rows:platoons.id")

#: Stick statuses in the outcome: on the map, lost off the board or beyond the diagram, eliminated
#: by the Jump Survival Chart, shot down with its plane.
STATUSES = ("landed", "lost", "extra lost", "eliminated", "shot down")


@dataclass(frozen=True)
class Stick:
    """One stick of a drop: its id, unit type, platoon and target hex; once it has drifted, its
    hex (None: not on the map), status (see :data:`STATUSES`; ``planned`` before it jumps),
    whether it is dispersed and its Jump Survival Chart row."""

    id: str
    type: str
    platoon: str
    target: Hex
    hex: Hex | None = None
    status: str = "planned"
    dispersed: bool = False
    row: str = ""


@dataclass(frozen=True)
class Target:
    """A target hex and the sticks targeted on it, in jump order."""

    hex: Hex
    sticks: tuple[Stick, ...]


@dataclass(frozen=True)
class Drop:
    """A turn's paradrops under way: the wind, the targets, the defending units, the
    anti-aircraft fires (the next one: ``ai``), the sticks that have drifted, the drift diagrams
    rolled, the next target (``ti``) or stick (``si``), and the hexes over the two-platoon limit."""

    turn: int
    wind: Wind
    targets: tuple[Target, ...]
    enemy: tuple[Unit, ...] = ()
    ti: int = 0
    sticks: tuple[Stick, ...] = ()
    si: int = 0
    patterns: tuple[tuple[Hex, tuple[tuple[Hex, int], ...]], ...] = ()
    dispersed_hexes: tuple[Hex, ...] = ()
    aa: tuple[AAFire, ...] = ()
    ai: int = 0


class Paradrop(Stepped[Drop]):
    """The paradrops of one turn's Air Phase (PL II).

    Params: ``turn``; ``wind`` {"from", "speed"} (default: the wind rolled for the turn);
    ``drops`` [{"target": "A/e5", "platoons": [{"id", "type", "sticks"}]}]; ``enemy``
    [{"id", "hex", "dispersed", "fired_aa"}]; ``aa`` [{"at": platoon, "unit", "kill", "disperse"}].
    """

    name = "panzer_leader.paradrop"
    title = "Paradrop (Panzer Leader)"
    start_work = 250  # the drop planned: ~0.3 ms of CPython (tools/work_calibrate.py)
    step_work = 180  # a stick's drift and landing: ~0.2 ms
    params = Schema((TURN, WIND, DROPS, ENEMY, AA))

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The current Game Turn and the drops of the scenario's written plan."""
        out = super().defaults(state)
        out["turn"] = state.turn.game_turn
        plan = (state.settings.get("plan") or {}).get("paradrop")
        if plan:
            out.update(Schema((DROPS, ENEMY)).dump(plan, state.scenario.map))
        return out

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """E.g. ``turn 1, drops on A/f3 (1/A and 2/A) and B/b5 (3/A and 4/A (3 sticks)), 2 enemy units``."""
        bits = [f"turn {params['turn']}"] if isinstance(params.get("turn"), int) else []
        wind = describe_wind(params.get("wind"))
        if wind:
            bits.append(wind)
        drops = params.get("drops")
        if isinstance(drops, list) and drops:
            each = [f"{str(d.get('target', '?'))[:16]} ({listed([describe_platoon(p) for p in d.get('platoons') or []])})"
                    for d in drops if isinstance(d, Mapping)]
            bits.append(f"drops on {listed(each)}")
        for key, what in (("enemy", "enemy unit"), ("aa", "anti-aircraft fire")):
            v = params.get(key)
            if isinstance(v, list) and v:
                bits.append(count(len(v), what))
        return ", ".join(bits)

    def plan(self, state: GameState, params: Mapping[str, Any]) -> tuple[Drop, list[ev.Event]]:
        """The drops a plan describes, checked against PL II.B, II.C and III.C, with the opening
        events (the wind, each target against the written plan)."""
        m = state.scenario.map
        turn = int(params.get("turn", 1))
        wind = current_wind(state, params.get("wind"), turn)
        limit = hex_limit()
        done = {t for o in state.outcomes_of(self.name) if o.get("turn") == turn for t in o["patterns"]}
        targets: list[Target] = []
        events: list[ev.Event] = [ev.info("PL II.C", f"turn {turn}: wind {wind.describe()}; sticks drift toward {DIRECTION_NAMES[wind.downwind]}")]
        airdrop_artillery = bool(state.settings.get("airdrop_artillery"))
        for d in params["drops"]:
            target: Hex = d["target"]
            tname = m.name(target)
            if any(t.hex == target for t in targets):
                raise RulesError(f"{tname} is targeted twice: drift is determined once per target hex (PL II.C)")
            if tname in done:
                raise RulesError(f"drift for {tname} was already determined this turn (PL II.C)")
            platoons = [Platoon.from_params(p) for p in d["platoons"]]
            for p in platoons:
                if p.battery and not airdrop_artillery:
                    raise RulesError(f"{p.id} is an artillery battery: artillery may only be carried in gliders, never airdropped (PL III.C)")
                if p.battery:
                    events.append(ev.info("PL III.C", f"{p.id} is an artillery battery, airdropped on {tname} by the scenario's exception "
                                          + setting_note(AIRDROP_ARTILLERY, "yes"), (tname,)))
            sticks = tuple(Stick(sid, p.type, p.id, target) for p in platoons for sid in p.stick_ids())
            if not 0 < len(sticks) <= limit:
                raise RulesError(f"{tname}: at most two full platoons ({limit} sticks) may be targeted for one hex (PL II.B), not {len(sticks)}")
            targets.append(Target(target, sticks))
            note = check_against_plan(state, turn, "paradrop", tname)
            if note is not None:
                events.append(note)
        ids = [s.id for t in targets for s in t.sticks]
        if len(set(ids)) != len(ids):
            raise DataError("stick ids must be unique (platoon ids repeat?)", "drops")
        enemy = tuple(enemy_unit(e, state.sides[1]) for e in params.get("enemy", ()))
        platoon_ids = list(dict.fromkeys(s.platoon for t in targets for s in t.sticks))
        fires = read_fires(params.get("aa") or (), state.settings.get("aa_units") or (), platoon_ids, "platoon")
        return Drop(turn, wind, tuple(targets), enemy, aa=fires), events

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        drop, events = self.plan(state, params)
        if drop.aa:
            return self._next_aa(state, drop, 0, events)
        return StepResult(ProcState(self.name, "drift", drop), tuple(events))

    # -- what each step waits for ------------------------------------------------------------
    def _ask_aa(self, state: GameState, d: Drop) -> Prompt:
        f = d.aa[d.ai]
        if f.rolled:
            return Prompt("roll", RULE_PLANES, f"Anti-aircraft fire by {f.by()} at the plane of {f.at} ({f.numbers()})", dr("AA"))
        return Prompt("choice", RULE_PLANES, f"Anti-aircraft fire by {f.by()} at the plane of {f.at}: enter the result of your PL rules",
                      None, AA_RESULTS)

    def _aa_rolled(self, state: GameState, d: Drop, roll: Roll) -> StepResult:
        f = d.aa[d.ai]
        face = roll.values[0]
        assert f.kill is not None and f.disperse is not None
        return self._aa(state, d, aa_result(face, f.kill, f.disperse), face)

    def _aa_entered(self, state: GameState, d: Drop, choice: str) -> StepResult:
        return self._aa(state, d, choice, None)

    def _ask_drift(self, state: GameState, d: Drop) -> Prompt:
        t = d.targets[d.ti]
        n = sum(1 for s in t.sticks if s.status != "shot down")
        return Prompt("roll", "PL II.C", f"Drift die for the {n} sticks targeted on {state.scenario.map.name(t.hex)} "
                      f"({d.wind.speed} wind, Drift Pattern Chart)", dr("drift"))

    def _drift_rolled(self, state: GameState, d: Drop, roll: Roll) -> StepResult:
        return self._drift(state, d, roll.values[0])

    def _ask_survival(self, state: GameState, d: Drop) -> Prompt:
        s = d.sticks[d.si]
        assert s.hex is not None
        return Prompt("roll", "PL II.D", f"Jump survival die for stick {s.id} in {state.scenario.map.name(s.hex)} "
                      f"(Jump Survival Chart, {s.row})", dr("survival"))

    def _survival_rolled(self, state: GameState, d: Drop, roll: Roll) -> StepResult:
        return self._survival(state, d, roll.values[0])

    # -- I.G anti-aircraft fire -------------------------------------------------------------
    @staticmethod
    def _shot_down(d: Drop, platoon: str) -> bool:
        return any(s.platoon == platoon and s.status == "shot down" for t in d.targets for s in t.sticks)

    def _next_aa(self, state: GameState, d: Drop, ai: int, events: list[ev.Event]) -> StepResult:
        """The next fire at a plane still flying (a plane shot down is not fired at again)."""
        while ai < len(d.aa) and self._shot_down(d, d.aa[ai].at):
            events.append(ev.info(RULE_PLANES, f"the plane of {d.aa[ai].at} is already shot down: no fire by {d.aa[ai].by()}"))
            ai += 1
        if ai < len(d.aa):
            return StepResult(ProcState(self.name, "aa", replace(d, ai=ai)), tuple(events))
        return self._next_drift(state, d, 0, events)

    def _aa(self, state: GameState, d: Drop, result: str, face: int | None) -> StepResult:
        """I.G: one anti-aircraft fire at a transport plane: X shoots it down with its platoon's
        sticks, D makes them land dispersed."""
        f = d.aa[d.ai]
        events: list[ev.Event] = []
        if face is not None:
            events.append(ev.roll(RULE_PLANES, f"anti-aircraft die {face} by {f.by()} at the plane of {f.at} ({f.numbers()})"))
        sticks = [s for t in d.targets for s in t.sticks if s.platoon == f.at]
        where = tuple(dict.fromkeys(state.scenario.map.name(s.target) for s in sticks))
        if result == "X":
            events.append(ev.result(RULE_PLANES, f"X: {f.by()} shoots down the plane of {f.at} with its {count(len(sticks), 'stick')}", where))
        elif result == "D":
            events.append(ev.result(RULE_PLANES, f"D: {f.by()} at the plane of {f.at}: its sticks will land dispersed", where))
        else:
            events.append(ev.result(RULE_PLANES, f"no effect: {f.by()} at the plane of {f.at}", where))

        def hit(s: Stick) -> Stick:
            if s.platoon != f.at:
                return s
            return replace(s, status="shot down") if result == "X" else replace(s, dispersed=True) if result == "D" else s

        targets = tuple(replace(t, sticks=tuple(hit(s) for s in t.sticks)) for t in d.targets)
        return self._next_aa(state, replace(d, targets=targets), d.ai + 1, events)

    # -- II.C drift ------------------------------------------------------------------------
    def _next_drift(self, state: GameState, d: Drop, ti: int, events: list[ev.Event]) -> StepResult:
        """The next target with sticks still to jump; a target whose planes were all shot down
        rolls no drift die."""
        m = state.scenario.map
        while ti < len(d.targets) and all(s.status == "shot down" for s in d.targets[ti].sticks):
            t = d.targets[ti]
            events.append(ev.info("PL II.C", f"no stick jumps over {m.name(t.hex)}: no drift die", (m.name(t.hex),)))
            d = replace(d, sticks=d.sticks + t.sticks)
            ti += 1
        if ti < len(d.targets):
            return StepResult(ProcState(self.name, "drift", replace(d, ti=ti)), tuple(events))
        return self._after_drift(state, replace(d, ti=ti), events)

    def _drift(self, state: GameState, d: Drop, face: int) -> StepResult:
        """II.C: the drift die of one target hex, its diagram, and where each stick lands."""
        m = state.scenario.map
        wind = d.wind
        t = d.targets[d.ti]
        tname = m.name(t.hex)
        letter = drift_letter(wind.speed, face)
        cells = tuple(pattern_hexes(t.hex, wind, letter))
        shown = ", ".join(f"{m.name(h)} {c}" for h, c in cells if c and m.in_play(h))
        off = sum(1 for h, c in cells if c and not m.in_play(h))
        if off:
            shown = f"{shown}; then {count(off, 'more hex')} off the board" if shown else f"all {count(off, 'hex')} off the board"
        events = [
            ev.roll("PL II.C", f"drift die {face} for {tname}, {wind.speed} wind (Drift Pattern Chart)", hexes=(tname,)),
            ev.result("PL II.C", f"Drift Pattern Chart: pattern {letter}"),
            ev.info("PL II.C", f"Drift Diagram {letter}: most sticks per hex downwind from {tname} toward {DIRECTION_NAMES[wind.downwind]}: {shown}",
                    [m.name(h) for h, _ in cells if m.in_play(h)]),
        ]
        reading = str(state.settings.get("extra_sticks") or "continue downwind")
        jumpers = [s for s in t.sticks if s.status != "shot down"]
        landings = iter(stick_landings(t.hex, wind, letter, len(jumpers), reading))
        first_extra = len(jumpers) - extra_sticks(letter, len(jumpers))
        beyond = f"beyond the {pattern_total(letter)} sticks of Drift Diagram {letter}"
        flag = setting_note(EXTRA_STICKS, EXTRA_READINGS[reading])
        sticks = list(d.sticks)
        k = 0
        for s in t.sticks:
            if s.status == "shot down":
                sticks.append(s)
                continue
            h = next(landings)
            extra = k >= first_extra
            k += 1
            if h is None:
                events.append(ev.result("PL II.C", f"stick {s.id}, {beyond}, is lost {flag}", (tname,)))
                sticks.append(replace(s, status="extra lost"))
                continue
            name = m.name(h)
            if not m.in_play(h):
                events.append(ev.result("PL II.C", f"stick {s.id} drifts off the board: lost", (tname,)))
                sticks.append(replace(s, hex=None, status="lost"))
                continue
            if extra and reading == "dispersed":
                events.append(ev.result("PL II.C", f"stick {s.id}, {beyond}, lands dispersed in {name} {flag}", (name,)))
                sticks.append(replace(s, hex=h, status="landed", dispersed=True, row=survival_row(state.terrain, h)))
                continue
            text = f"stick {s.id} lands in {name}" + (f", {beyond} {flag}" if extra else "")
            events.append(ev.result("PL II.C", text, (name,)))
            sticks.append(replace(s, hex=h, status="landed", row=survival_row(state.terrain, h)))
        d = replace(d, sticks=tuple(sticks), patterns=d.patterns + ((t.hex, cells),))
        return self._next_drift(state, d, d.ti + 1, events)

    def _after_drift(self, state: GameState, d: Drop, events: list[ev.Event]) -> StepResult:
        """I.F, II.C: more than two platoons' worth landing in a hex (with what already counts
        there) disperses every friendly unit in it."""
        m = state.scenario.map
        side = state.sides[0]
        reading = str(state.settings.get("stacking") or "every friendly unit")
        landed = [s for s in d.sticks if s.status == "landed" and s.hex is not None]
        landing = Counter(s.hex for s in landed if s.hex is not None)
        already = on_the_map(state.counters, side, d.turn, reading)
        over = sorted(overstacked_hexes(landing, already), key=m.name)
        for h in over:
            events.extend(overstack_events(state, h, landing[h], f"{count(landing[h], 'stick')} land{'s' if landing[h] == 1 else ''}", d.turn))
        sticks = tuple(replace(s, dispersed=True) if s.hex in over else s for s in d.sticks)
        return self._next_survival(state, replace(d, sticks=sticks, dispersed_hexes=tuple(over)), 0, events)

    # -- II.D survival ---------------------------------------------------------------------
    def _survival(self, state: GameState, d: Drop, face: int) -> StepResult:
        """II.D: one stick's Jump Survival Chart die."""
        m = state.scenario.map
        s = d.sticks[d.si]
        assert s.hex is not None
        name = m.name(s.hex)
        res = jump_survival(s.row, face)
        events = [ev.roll("PL II.D", f"survival die {face} for stick {s.id} in {name} (Jump Survival Chart, {s.row})", hexes=(name,))]
        if res == "X":
            s = replace(s, status="eliminated")
            events.append(ev.result("PL II.D", f"X: stick {s.id} is eliminated", (name,)))
        elif res == "D":
            s = replace(s, dispersed=True)
            events.append(ev.result("PL II.D", f"D: stick {s.id} is dispersed", (name,)))
        else:
            events.append(ev.result("PL II.D", f"– (no effect): stick {s.id} lands unharmed", (name,)))
        d = replace(d, sticks=d.sticks[:d.si] + (s,) + d.sticks[d.si + 1:])
        return self._next_survival(state, d, d.si + 1, events)

    def _next_survival(self, state: GameState, d: Drop, start: int, events: list[ev.Event]) -> StepResult:
        i = start
        while i < len(d.sticks) and d.sticks[i].status != "landed":
            i += 1
        if i < len(d.sticks):
            return StepResult(ProcState(self.name, "survival", replace(d, si=i)), tuple(events))
        return self._finish(state, d, events)

    def _finish(self, state: GameState, d: Drop, events: list[ev.Event]) -> StepResult:
        """II.E enemy units and II.G mines where sticks landed; the sticks placed on the map."""
        m = state.scenario.map
        alive = [s for s in d.sticks if s.status == "landed" and s.hex is not None]
        for h in sorted({s.hex for s in alive if s.hex is not None}, key=m.name):
            hexname = m.name(h)
            here = [s.id for s in alive if s.hex == h]
            att = attackers(d.enemy, h)
            if att:
                events.append(ev.result("PL II.E", f"sticks {', '.join(here)} landed among enemy units in {hexname}: attacked at once by {', '.join(e.id for e in att)} (resolve with the PL CRT)", (hexname,)))
            elif any(e.hex == h for e in d.enemy):
                events.append(ev.info("PL II.E", f"enemy units in {hexname} are dispersed or fired in the anti-aircraft segment: no immediate attack", (hexname,)))
            mines = state.terrain.at(h).minefield
            if mines:
                events.append(ev.info("PL II.G", f"sticks in {hexname} landed on mines: minefield attack (strength {mines}) at the appropriate time in the turn sequence", (hexname,)))
        tally = Counter(s.status for s in d.sticks)
        disp = sum(1 for s in alive if s.dispersed)
        text = f"turn {d.turn}: {len(alive)} sticks down ({disp} dispersed), {tally['lost']} lost off the board, {tally['eliminated']} eliminated"
        text += "".join(f", {tally[k]} {what}" for k, what in (("extra lost", "lost beyond the drift diagram"), ("shot down", "shot down with their planes")) if tally[k])
        events.append(ev.result("PL II", text))
        events.append(ev.info("PL II.F", "sticks dropped this turn may not move (they may join CAT attacks without the -2 DRM) and may form whole platoons from a later friendly turn (II.H)"))
        sticks = [{"id": s.id, "type": s.type, "platoon": s.platoon, "target": m.name(s.target),
                   "hex": m.name(s.hex) if s.hex is not None else None, "status": s.status, "dispersed": s.dispersed}
                  for s in d.sticks]
        outcome = {"procedure": self.name, "turn": d.turn, "wind": d.wind.to_data(),
                   "patterns": {m.name(t): [[m.name(h), c] for h, c in cells] for t, cells in d.patterns},
                   "sticks": sticks, "dispersed_hexes": [m.name(h) for h in d.dispersed_hexes]}
        return StepResult(None, tuple(events), counters=self._land(state, d, alive), outcome=outcome)

    def _land(self, state: GameState, d: Drop, alive: Sequence[Stick]) -> Counters:
        """The sticks that came down alive, as units of the side moving first (PL II.F, II.H);
        friendly units already in a hex over the two-platoon limit are dispersed (I.F)."""
        side = state.sides[0]
        counters, _ = disperse(state.counters, side, d.dispersed_hexes)
        for s in alive:
            flags = frozenset({"dispersed"}) if s.dispersed else frozenset()
            facts: dict[str, int | str | bool] = {"type": s.type, "platoon": s.platoon, "landed_turn": d.turn}
            counters = counters.put(Unit(counters.free_id(s.id), side, "stick", s.hex, flags, label=s.id, facts=facts))
        return counters

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """Exact odds of the planned drops in the wind for the turn, with the game's settings and
        what is already on the map: each stick lost, eliminated, dispersed or shot down, the
        expected losses, and the chance each hex gets over two platoons."""
        from .odds import paradrop_odds

        d, _ = self.plan(state, params)
        m = state.scenario.map
        side = state.sides[0]
        reading = str(state.settings.get("stacking") or "every friendly unit")
        platoons = {s.id: s.platoon for t in d.targets for s in t.sticks}
        fired = {f.at for f in d.aa}
        chances = {p: aa_chances(f for f in d.aa if f.at == p) for p in fired}
        po = paradrop_odds(m, state.terrain, d.wind, [(t.hex, [s.id for s in t.sticks]) for t in d.targets],
                           extra=str(state.settings.get("extra_sticks") or "continue downwind"),
                           already=on_the_map(state.counters, side, d.turn, reading), platoons=platoons,
                           aa={p: c for p, c in chances.items() if c is not None})
        heat: dict[Hex, Fraction] = {}
        lines: list[str] = []
        for s in po.sticks:
            for h, p in s.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            shot = f", shot down {percent(s.shot_down)}" if platoons[s.id] in fired else ""
            lines.append(f"stick {s.id}: lost {percent(s.lost)}, eliminated {percent(s.eliminated)}, dispersed {percent(s.dispersed)}{shot}")
        lines.append(f"expected sticks lost or eliminated: {float(po.expected_losses):.2f}")
        lines += [f"{m.name(h)} over two platoons: {percent(p)}" for h, p in po.overstacked.items() if p]
        notes = ["Attacks by enemy units where sticks land (PL II.E) and minefield attacks (PL II.G) are not included."]
        entered = sorted(p for p, c in chances.items() if c is None)
        if entered:
            notes.append(f"Anti-aircraft fire entered at the table is not included (the plane{'s' if len(entered) > 1 else ''} of {listed(entered)}).")
        return Odds(
            facts=(Fact("wind", "Wind", f"turn {d.turn}: {d.wind.describe()}"),
                   Fact("sticks", "Sticks dropped", str(len(po.sticks))),
                   Fact("expected_losses", "Expected sticks lost or eliminated", f"{float(po.expected_losses):.2f}")),
            lines=tuple(lines),
            notes=tuple(notes),
            view=View(marks=tuple((t.hex, "target") for t in d.targets),
                      heat=tuple((h, float(p)) for h, p in sorted(heat.items(), key=lambda kv: m.name(kv[0]))),
                      heat_unit="units", heat_label="expected sticks ending alive in each hex"),
        )

    def view(self, state: GameState, proc: ProcState[Drop]) -> View:
        """The targets, the sticks down so far, and the drift diagrams rolled (most sticks per hex)."""
        d = proc.data
        targets = tuple(t.hex for t in d.targets)
        landed = tuple(s.hex for s in d.sticks if s.status == "landed" and s.hex is not None)
        return _pattern_view(targets, landed, d.patterns)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        """The targets, the hexes where sticks came down, and the drift diagrams as rolled."""
        m = state.scenario.map

        def hx(name: str) -> Hex:
            return m.parse(name, allow_offboard=True)

        patterns = tuple((hx(t), tuple((hx(n), int(c)) for n, c in cells)) for t, cells in outcome["patterns"].items())
        landed = tuple(hx(s["hex"]) for s in outcome["sticks"] if s["status"] == "landed" and s["hex"])
        return _pattern_view(tuple(t for t, _ in patterns), landed, patterns)

    def summary(self, outcome: Mapping[str, Any]) -> str:
        """E.g. ``Paradrop, turn 1: 9 sticks down (0 dispersed), 6 lost off the board, 0 eliminated.``"""
        sticks = outcome["sticks"]
        alive = [s for s in sticks if s["status"] == "landed"]
        lost = sum(1 for s in sticks if s["status"] == "lost")
        elim = sum(1 for s in sticks if s["status"] == "eliminated")
        disp = sum(1 for s in alive if s["dispersed"])
        more = "".join(f", {n} {what}" for what, n in (
            ("lost beyond the drift diagram", sum(1 for s in sticks if s["status"] == "extra lost")),
            ("shot down with their planes", sum(1 for s in sticks if s["status"] == "shot down"))) if n)
        return (f"Paradrop, turn {outcome['turn']}: {len(alive)} of {len(sticks)} sticks down ({disp} dispersed), "
                f"{lost} lost off the board, {elim} eliminated{more}.")

    steps = {
        "aa": Step(_ask_aa, roll=_aa_rolled, choose=_aa_entered),  # dice, or the result of the players' own rules
        "drift": Step(_ask_drift, roll=_drift_rolled),
        "survival": Step(_ask_survival, roll=_survival_rolled),
    }


def _pattern_view(targets: tuple[Hex, ...], landed: tuple[Hex, ...],
                  patterns: tuple[tuple[Hex, tuple[tuple[Hex, int], ...]], ...]) -> View:
    """Targets marked, hexes with sticks down marked, and the drift diagrams as rolled as counts
    (zeros included, to compare with the printed diagrams)."""
    counts: dict[Hex, int] = {}
    for _, cells in patterns:
        for h, cap in cells:
            counts[h] = counts.get(h, 0) + cap
    marks = tuple((t, "target") for t in targets)
    marks += tuple((h, "landed") for h in dict.fromkeys(landed) if h not in targets)
    return View(marks=marks, heat=tuple((h, float(c)) for h, c in counts.items()), heat_unit="count",
                heat_label=PATTERN_HEAT_LABEL if counts else "")
