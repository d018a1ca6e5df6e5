"""The glider landings of one turn's Air Phase (``panzer_leader.gliders``, seed 001 III), prompt
by prompt: for each glider the anti-aircraft result entered at the table, then its landing die
and the wind shift; then the two-glider check. Each load that lands is placed on the map.

It strings together the rule functions of :mod:`.gliders`; the planner's odds come from
:mod:`.odds`, through the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .. import events as ev
from ..counters import Counters, Unit
from ..dice import Roll, dr
from ..errors import DataError
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
from .forces import PLATOON_FIELDS, Platoon
from .gliders import AA_RESULTS, entry_hex, glider_landing, too_many_gliders, wind_shift
from .plan import check_against_plan
from .wind import TURN, WIND, Wind, current_wind

__all__ = ["GLIDERS", "PlannedGlider", "GliderResult", "Flight", "GliderLanding"]

#: The gliders of a turn: each with its target, heading and load (PL III.A, III.C).
GLIDERS = Field("gliders", "Gliders", "list", lo=1, hi=24, rule="PL III", item=Field("gliders", "Glider", "record", fields=(
    Field("id", "Glider", "text", lo=1, hi=24),
    Field("target", "Target hex", "hex", rule="PL III.A"),
    Field("heading", "Heading (direction of flight)", "direction", style="compass", rule="PL III.A",
          help="the glider enters the board along its target's hex row, flying this way"),
    Field("load", "Load (leave out: a rifle platoon named for the glider)", "record", default=None, rule="PL III.C",
          fields=PLATOON_FIELDS),
)))


@dataclass(frozen=True)
class PlannedGlider:
    """A glider of the plan: its id, target hex, heading (0..5) and load."""

    id: str
    target: Hex
    heading: int
    load: Platoon


@dataclass(frozen=True)
class GliderResult:
    """How a glider ended: its hex (None: off the map or shot down), ``landed``, ``lost`` or
    ``eliminated``, and whether its load is dispersed."""

    id: str
    hex: Hex | None
    status: str
    dispersed: bool = False


@dataclass(frozen=True)
class Flight:
    """A turn's glider landings under way: the wind, the gliders, the next one (``i``), the
    anti-aircraft result entered for it, and the results so far."""

    turn: int
    wind: Wind
    gliders: tuple[PlannedGlider, ...]
    i: int = 0
    aa: str = "no effect"
    results: tuple[GliderResult, ...] = ()



class GliderLanding(Procedure[Flight]):
    """The glider landings of one turn's Air Phase (PL III).

    Params: ``turn``; ``wind`` (default: the wind rolled for the turn); ``gliders`` [{"id",
    "target", "heading" (N..NW), "load": {"id", "type", "battery"}}].
    """

    name = "panzer_leader.gliders"
    title = "Glider landing (Panzer Leader)"
    params = Schema((TURN, WIND, GLIDERS))

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The current Game Turn and the gliders of the scenario's written plan."""
        out = super().defaults(state)
        out["turn"] = state.turn.game_turn
        plan = (state.settings.get("plan") or {}).get("gliders")
        if plan:
            out.update(Schema((GLIDERS,)).dump(plan, state.scenario.map))
        return out

    def plan(self, state: GameState, params: Mapping[str, Any]) -> tuple[Flight, list[ev.Event]]:
        """The gliders a plan describes, with the opening events (the wind, each glider's entry
        hex, each target against the written plan)."""
        m = state.scenario.map
        turn = int(params.get("turn", 1))
        wind = current_wind(state, params.get("wind"), turn)
        gliders: list[PlannedGlider] = []
        events: list[ev.Event] = [ev.info("PL III.F", f"turn {turn}: wind {wind.describe()}: gliders shift {wind_shift(wind.speed)} hex(es) toward {DIRECTION_NAMES[wind.downwind]}")]
        for g in params["gliders"]:
            load = Platoon.from_params(g["load"]) if g.get("load") is not None else Platoon(g["id"])
            target, heading = g["target"], int(g["heading"])
            tname, entry = m.name(target), m.name(entry_hex(m, target, heading))
            what = "an artillery battery" if load.battery else "a platoon"
            events.append(ev.info("PL III.A / III.C", f"glider {g['id']} ({what}: {load.type}) enters at {entry} heading {DIRECTION_NAMES[heading]} along the hex row of {tname}", (entry, tname)))
            note = check_against_plan(state, turn, "glider", tname)
            if note is not None:
                events.append(note)
            gliders.append(PlannedGlider(g["id"], target, heading, load))
        ids = [g.id for g in gliders]
        if len(set(ids)) != len(ids):
            raise DataError("glider ids must be unique", "gliders")
        return Flight(turn, wind, tuple(gliders)), events

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        flight, events = self.plan(state, params)
        return StepResult(ProcState(self.name, "aa", flight), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[Flight]) -> Prompt:
        g = proc.data.gliders[proc.data.i]
        if proc.step == "aa":
            return Prompt("choice", "PL III.D / I.G", f"Anti-aircraft fire on glider {g.id} (enter the standard PL result)", None, AA_RESULTS)
        return Prompt("roll", "PL III.F.1", f"Landing die for glider {g.id} targeted on {state.scenario.map.name(g.target)}", dr("landing"))

    def choose(self, state: GameState, proc: ProcState[Flight], choice: str) -> StepResult:
        d = proc.data
        g = d.gliders[d.i]
        if choice == "X":
            ev1 = ev.result("PL III.D", f"glider {g.id} is eliminated by anti-aircraft fire with its {g.load.type}")
            return self._next(state, replace(d, results=d.results + (GliderResult(g.id, None, "eliminated"),)), [ev1])
        text = "no effect" if choice == "no effect" else "D: the glider's load will land dispersed"
        return StepResult(ProcState(self.name, "land", replace(d, aa=choice)), (ev.info("PL III.D", f"anti-aircraft fire on glider {g.id}: {text}"),))

    def roll(self, state: GameState, proc: ProcState[Flight], roll: Roll) -> StepResult:
        m = state.scenario.map
        d = proc.data
        g = d.gliders[d.i]
        wind = d.wind
        face = roll.values[0]
        tname = m.name(g.target)
        final, how, point = glider_landing(g.target, g.heading, face, wind)
        pname, fname = m.name(point), m.name(final)
        shift = wind_shift(wind.speed)
        events = [
            ev.roll(f"PL III.F.1 ({face})", f"landing die {face} for glider {g.id}"),
            ev.result(f"PL III.F.1 ({face})", f"{how}: {pname}", (tname, pname)),
            ev.result(f"PL III.F.2 ({wind.speed})", f"shifted {shift} hex{'es' if shift > 1 else ''} downwind ({DIRECTION_NAMES[wind.downwind]}): {fname}", (pname, fname)),
        ]
        if m.in_play(final):
            rec = GliderResult(g.id, final, "landed", d.aa == "D")
        else:
            events.append(ev.result("PL III.F.2 (off the board)", f"glider {g.id} lands off the board: lost with its {g.load.type}"))
            rec = GliderResult(g.id, None, "lost")
        return self._next(state, replace(d, aa="no effect", results=d.results + (rec,)), events)

    def _next(self, state: GameState, d: Flight, events: list[ev.Event]) -> StepResult:
        d = replace(d, i=d.i + 1)
        if d.i < len(d.gliders):
            return StepResult(ProcState(self.name, "aa", d), tuple(events))
        m = state.scenario.map
        over = sorted(too_many_gliders(r.hex for r in d.results if r.status == "landed" and r.hex is not None), key=m.name)
        for h in over:
            n = m.name(h)
            count = sum(1 for r in d.results if r.hex == h)
            events.append(ev.result("PL III.E", f"{count} gliders land in {n}, more than two: every friendly unit in {n} is dispersed", (n,)))
        results = tuple(replace(r, dispersed=True) if r.hex in over else r for r in d.results)
        landed = sum(1 for r in results if r.status == "landed")
        events.append(ev.result("PL III", f"turn {d.turn}: {landed} of {len(results)} gliders landed"))
        outcome = {"procedure": self.name, "turn": d.turn, "wind": d.wind.to_data(),
                   "gliders": [{"id": r.id, "hex": m.name(r.hex) if r.hex is not None else None, "status": r.status, "dispersed": r.dispersed}
                               for r in results],
                   "dispersed_hexes": [m.name(h) for h in over]}
        return StepResult(None, tuple(events), counters=self._land(state, d, results), outcome=outcome)

    def _land(self, state: GameState, d: Flight, results: Sequence[GliderResult]) -> Counters:
        """Each landed glider's load (a platoon or a battery) as a unit of the side moving first;
        a glider shot down or lost off the board places nothing."""
        counters = state.counters
        side = state.sides[0]
        for g, r in zip(d.gliders, results):
            if r.status != "landed" or r.hex is None:
                continue
            flags = frozenset({"dispersed"}) if r.dispersed else frozenset()
            kind = "battery" if g.load.battery else "platoon"
            facts: dict[str, int | str | bool] = {"type": g.load.type, "glider": g.id, "landed_turn": d.turn}
            counters = counters.put(Unit(counters.free_id(g.load.id), side, kind, r.hex, flags, label=g.load.id, facts=facts))
        return counters

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """Exact odds of the planned landings in the wind for the turn: each glider lost off the
        board or dispersed (more than two in its hex), and where it may land."""
        from .odds import glider_odds

        d, _ = self.plan(state, params)
        m = state.scenario.map
        heat: dict[Hex, Fraction] = {}
        lines: list[str] = []
        for go in glider_odds(m, d.wind, [(g.id, g.target, g.heading) for g in d.gliders]):
            for h, p in go.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            lines.append(f"glider {go.id}: lost {percent(go.lost)}, dispersed {percent(go.dispersed)}")
        lines.append("Anti-aircraft fire is not included (entered at the table).")
        targets = tuple(dict.fromkeys(g.target for g in d.gliders))
        return Odds(
            facts=(Fact("wind", "Wind", f"turn {d.turn}: {d.wind.describe()}"),
                   Fact("shift", "Wind shift", f"{wind_shift(d.wind.speed)} hex(es) toward {DIRECTION_NAMES[d.wind.downwind]}")),
            lines=tuple(lines),
            view=View(marks=tuple((h, "target") for h in targets),
                      paths=tuple((entry_hex(m, g.target, g.heading), g.target) for g in d.gliders),
                      heat=tuple((h, float(p)) for h, p in sorted(heat.items(), key=lambda kv: m.name(kv[0]))),
                      heat_unit="units", heat_label="expected gliders landing in each hex"),
        )

    def view(self, state: GameState, proc: ProcState[Flight]) -> View:
        """Each glider's flight from its entry hex to its target; the landings so far."""
        m = state.scenario.map
        d = proc.data
        targets = tuple(dict.fromkeys(g.target for g in d.gliders))
        marks = tuple((h, "target") for h in targets)
        marks += tuple((r.hex, "landed") for r in d.results if r.hex is not None)
        paths = tuple((entry_hex(m, g.target, g.heading), g.target) for g in d.gliders)
        return View(marks=marks, paths=paths)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        """Where the gliders landed."""
        m = state.scenario.map
        landed = dict.fromkeys(m.parse(r["hex"], allow_offboard=True) for r in outcome["gliders"] if r.get("hex"))
        return View(marks=tuple((h, "landed") for h in landed))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        """E.g. ``Glider landing, turn 1: 2 of 2 gliders landed (0 dispersed).``"""
        gl = outcome["gliders"]
        landed = [r for r in gl if r["status"] == "landed"]
        disp = sum(1 for r in landed if r["dispersed"])
        text = f"Glider landing, turn {outcome['turn']}: {len(landed)} of {len(gl)} gliders landed ({disp} dispersed)"
        lost = sum(1 for r in gl if r["status"] == "lost")
        shot = sum(1 for r in gl if r["status"] == "eliminated")
        if lost:
            text += f", {lost} lost off the board"
        if shot:
            text += f", {shot} shot down"
        return text + "."
