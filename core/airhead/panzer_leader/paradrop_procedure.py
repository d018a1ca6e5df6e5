"""The paradrops of one turn's Air Phase (``panzer_leader.paradrop``, seed 001 II), prompt by
prompt: a drift die per target hex, the two-platoon check, a Jump Survival die per stick, then
enemy units and mines where sticks came down; the sticks that land alive are placed on the map.

It strings together the rule functions of :mod:`.paradrop`; the planner's odds come from
:mod:`.odds`, through the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .. import events as ev
from ..counters import Counters, Unit
from ..dice import Roll, dr
from ..errors import DataError, RulesError
from ..fields import Field, Schema
from ..hexes import DIRECTION_NAMES, Hex
from ..plug import (
    Fact,
    GameState,
    Odds,
    Procedure,
    ProcState,
    Prompt,
    StepResult,
    View,
    percent,
)
from .forces import ENEMY_FIELDS, PLATOON_FIELDS, Platoon, enemy_unit
from .paradrop import (
    attackers,
    drift_letter,
    hex_limit,
    jump_survival,
    overstacked,
    pattern_hexes,
    stick_landings,
    survival_row,
)
from .plan import check_against_plan
from .wind import TURN, WIND, Wind, current_wind

__all__ = ["DROPS", "ENEMY", "PATTERN_HEAT_LABEL", "Stick", "Target", "Drop", "Paradrop"]

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


@dataclass(frozen=True)
class Stick:
    """One stick of a drop: its id, unit type, platoon and target hex; once it has drifted, its
    hex (None: lost off the board), status (``landed``, ``lost``, ``eliminated``), whether it is
    dispersed and its Jump Survival Chart row."""

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
    """A turn's paradrops under way: the wind, the targets, the defending units, the sticks
    that have drifted, the drift diagrams rolled, and the next target (``ti``) or stick (``si``)."""

    turn: int
    wind: Wind
    targets: tuple[Target, ...]
    enemy: tuple[Unit, ...] = ()
    ti: int = 0
    sticks: tuple[Stick, ...] = ()
    si: int = 0
    patterns: tuple[tuple[Hex, tuple[tuple[Hex, int], ...]], ...] = ()
    dispersed_hexes: tuple[Hex, ...] = ()



class Paradrop(Procedure[Drop]):
    """The paradrops of one turn's Air Phase (PL II).

    Params: ``turn``; ``wind`` {"from", "speed"} (default: the wind rolled for the turn);
    ``drops`` [{"target": "A/e5", "platoons": [{"id", "type", "sticks"}]}]; ``enemy``
    [{"id", "hex", "dispersed", "fired_aa"}].
    """

    name = "panzer_leader.paradrop"
    title = "Paradrop (Panzer Leader)"
    params = Schema((TURN, WIND, DROPS, ENEMY))

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The current Game Turn and the drops of the scenario's written plan."""
        out = super().defaults(state)
        out["turn"] = state.turn.game_turn
        plan = (state.settings.get("plan") or {}).get("paradrop")
        if plan:
            out.update(Schema((DROPS, ENEMY)).dump(plan, state.scenario.map))
        return out

    def plan(self, state: GameState, params: Mapping[str, Any]) -> tuple[Drop, list[ev.Event]]:
        """The drops a plan describes, checked against PL II.B and II.C, with the opening events
        (the wind, and each target against the written plan)."""
        m = state.scenario.map
        turn = int(params.get("turn", 1))
        wind = current_wind(state, params.get("wind"), turn)
        limit = hex_limit()
        done = {t for o in state.outcomes if o.get("procedure") == self.name and o.get("turn") == turn for t in o["patterns"]}
        targets: list[Target] = []
        events: list[ev.Event] = [ev.info("PL II.C", f"turn {turn}: wind {wind.describe()}; sticks drift toward {DIRECTION_NAMES[wind.downwind]}")]
        for d in params["drops"]:
            target: Hex = d["target"]
            tname = m.name(target)
            if any(t.hex == target for t in targets):
                raise RulesError(f"{tname} is targeted twice: drift is determined once per target hex (PL II.C)")
            if tname in done:
                raise RulesError(f"drift for {tname} was already determined this turn (PL II.C)")
            platoons = [Platoon.from_params(p) for p in d["platoons"]]
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
        return Drop(turn, wind, tuple(targets), enemy), events

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        drop, events = self.plan(state, params)
        return StepResult(ProcState(self.name, "drift", drop), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[Drop]) -> Prompt:
        d = proc.data
        m = state.scenario.map
        if proc.step == "drift":
            t = d.targets[d.ti]
            return Prompt("roll", f"PL II.C Drift Pattern Chart ({d.wind.speed})",
                          f"Drift die for the {len(t.sticks)} sticks targeted on {m.name(t.hex)}", dr("drift"))
        s = d.sticks[d.si]
        assert s.hex is not None
        return Prompt("roll", f"PL II.D Jump Survival Chart ({s.row})", f"Jump survival die for stick {s.id} in {m.name(s.hex)}", dr("survival"))

    def roll(self, state: GameState, proc: ProcState[Drop], roll: Roll) -> StepResult:
        if proc.step == "drift":
            return self._drift(state, proc.data, roll.values[0])
        return self._survival(state, proc.data, roll.values[0])

    def _drift(self, state: GameState, d: Drop, face: int) -> StepResult:
        """II.C: the drift die of one target hex, its diagram, and where each stick lands."""
        m = state.scenario.map
        wind = d.wind
        t = d.targets[d.ti]
        tname = m.name(t.hex)
        letter = drift_letter(wind.speed, face)
        rule = f"PL II.C Drift Pattern Chart ({wind.speed}, {face})"
        cells = tuple(pattern_hexes(t.hex, wind, letter))
        named = [(m.name(h), cap) for h, cap in cells]
        shown = ", ".join(f"{n} {c}" for n, c in named if c)
        events = [
            ev.roll(rule, f"drift die {face} for {tname}"),
            ev.result(rule, f"pattern {letter}"),
            ev.info(f"PL II.C Drift Diagram {letter}", f"most sticks per hex downwind from {tname} toward {DIRECTION_NAMES[wind.downwind]}: {shown}",
                    [n for n, _ in named]),
        ]
        sticks = list(d.sticks)
        for s, h in zip(t.sticks, stick_landings(t.hex, wind, letter, len(t.sticks))):
            name = m.name(h)
            if not m.in_play(h):
                events.append(ev.result("PL II.C (off the board)", f"stick {s.id} drifts off the board ({name}): lost", (tname,)))
                sticks.append(replace(s, hex=None, status="lost"))
            else:
                events.append(ev.result(f"PL II.C Drift Diagram {letter}", f"stick {s.id} lands in {name}", (name,)))
                sticks.append(replace(s, hex=h, status="landed", row=survival_row(state.terrain, h)))
        d = replace(d, sticks=tuple(sticks), ti=d.ti + 1, patterns=d.patterns + ((t.hex, cells),))
        if d.ti < len(d.targets):
            return StepResult(ProcState(self.name, "drift", d), tuple(events))
        return self._after_drift(state, d, events)

    def _after_drift(self, state: GameState, d: Drop, events: list[ev.Event]) -> StepResult:
        """I.F, II.C: more than two platoons' worth in a hex disperses every friendly unit there."""
        m = state.scenario.map
        landed = [s for s in d.sticks if s.status == "landed"]
        over = sorted(overstacked(s.hex for s in landed if s.hex is not None), key=m.name)
        for h in over:
            n = m.name(h)
            count = sum(1 for s in landed if s.hex == h)
            events.append(ev.result("PL I.F / II.C (two platoons per hex)", f"{count} sticks land in {n}, more than two platoons' worth: every friendly unit in {n} is dispersed", (n,)))
        sticks = tuple(replace(s, dispersed=True) if s.hex in over else s for s in d.sticks)
        return self._next_survival(state, replace(d, sticks=sticks, dispersed_hexes=tuple(over)), 0, events)

    def _survival(self, state: GameState, d: Drop, face: int) -> StepResult:
        """II.D: one stick's Jump Survival Chart die."""
        m = state.scenario.map
        s = d.sticks[d.si]
        assert s.hex is not None
        name = m.name(s.hex)
        res = jump_survival(s.row, face)
        rule = f"PL II.D Jump Survival Chart ({s.row}, {face})"
        events = [ev.roll(rule, f"survival die {face} for stick {s.id} in {name}")]
        if res == "X":
            s = replace(s, status="eliminated")
            events.append(ev.result(rule, f"X: stick {s.id} is eliminated", (name,)))
        elif res == "D":
            s = replace(s, dispersed=True)
            events.append(ev.result(rule, f"D: stick {s.id} is dispersed", (name,)))
        else:
            events.append(ev.result(rule, f"-: no effect on stick {s.id}", (name,)))
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
        lost = sum(1 for s in d.sticks if s.status == "lost")
        elim = sum(1 for s in d.sticks if s.status == "eliminated")
        disp = sum(1 for s in alive if s.dispersed)
        events.append(ev.result("PL II", f"turn {d.turn}: {len(alive)} sticks down ({disp} dispersed), {lost} lost off the board, {elim} eliminated"))
        events.append(ev.info("PL II.F / II.H", "sticks dropped this turn may not move (they may join CAT attacks without the -2 DRM) and may form whole platoons from a later friendly turn"))
        sticks = [{"id": s.id, "type": s.type, "platoon": s.platoon, "target": m.name(s.target),
                   "hex": m.name(s.hex) if s.hex is not None else None, "status": s.status, "dispersed": s.dispersed}
                  for s in d.sticks]
        outcome = {"procedure": self.name, "turn": d.turn, "wind": d.wind.to_data(),
                   "patterns": {m.name(t): [[m.name(h), c] for h, c in cells] for t, cells in d.patterns},
                   "sticks": sticks, "dispersed_hexes": [m.name(h) for h in d.dispersed_hexes]}
        return StepResult(None, tuple(events), counters=self._land(state, d, alive), outcome=outcome)

    def _land(self, state: GameState, d: Drop, alive: Sequence[Stick]) -> Counters:
        """The sticks that came down alive, as units of the side moving first (PL II.F, II.H)."""
        counters = state.counters
        side = state.sides[0]
        for s in alive:
            flags = frozenset({"dispersed"}) if s.dispersed else frozenset()
            facts: dict[str, int | str | bool] = {"type": s.type, "platoon": s.platoon, "landed_turn": d.turn}
            counters = counters.put(Unit(counters.free_id(s.id), side, "stick", s.hex, flags, label=s.id, facts=facts))
        return counters

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """Exact odds of the planned drops in the wind for the turn: each stick lost, eliminated
        or dispersed, the expected losses, and the chance each hex gets over two platoons."""
        from .odds import paradrop_odds

        d, _ = self.plan(state, params)
        m = state.scenario.map
        po = paradrop_odds(m, state.terrain, d.wind, [(t.hex, [s.id for s in t.sticks]) for t in d.targets])
        heat: dict[Hex, Fraction] = {}
        lines: list[str] = []
        for s in po.sticks:
            for h, p in s.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            lines.append(f"stick {s.id}: lost {percent(s.lost)}, eliminated {percent(s.eliminated)}, dispersed {percent(s.dispersed)}")
        lines.append(f"expected sticks lost or eliminated: {float(po.expected_losses):.2f}")
        lines += [f"{m.name(h)} over two platoons: {percent(p)}" for h, p in po.overstacked.items() if p]
        return Odds(
            facts=(Fact("wind", "Wind", f"turn {d.turn}: {d.wind.describe()}"),
                   Fact("sticks", "Sticks dropped", str(len(po.sticks))),
                   Fact("expected_losses", "Expected sticks lost or eliminated", f"{float(po.expected_losses):.2f}")),
            lines=tuple(lines),
            notes=("Attacks by enemy units where sticks land (PL II.E) and minefield attacks (PL II.G) are not included.",),
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
        return (f"Paradrop, turn {outcome['turn']}: {len(alive)} of {len(sticks)} sticks down ({disp} dispersed), "
                f"{lost} lost off the board, {elim} eliminated.")


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
