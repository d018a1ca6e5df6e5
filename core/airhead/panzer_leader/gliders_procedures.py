"""The glider landings of one turn's Air Phase (``panzer_leader.gliders``, seed 001 III), prompt
by prompt: for each glider the anti-aircraft fire at it (III.D: the result entered at the table,
or rolled with the AA numbers), then its landing die and the wind shift; then the landing limits
of the game turn (III.E, I.F). Each load that lands is placed on the map.

It strings together the rule functions of :mod:`.gliders`, :mod:`.anti_aircraft` and
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
from ..errors import ActionError, DataError
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
from .anti_aircraft import AA_RESULTS, RULE_GLIDERS, AAFire, aa_chances, aa_fire_field, aa_result, read_fires
from .forces import PLATOON_FIELDS, Platoon, count, describe_platoon, describe_wind, listed, setting_note
from .gliders import GLIDER_SHIFT, SHIFT_READINGS, entry_hex, glider_landing, shift_direction, wind_shift
from .plan import check_against_plan
from .stacking import (
    RULE_GLIDERS as RULE_LIMIT,
)
from .stacking import (
    disperse,
    dispersed_too,
    equivalent_sticks,
    glider_hexes_over,
    gliders_this_turn,
    on_the_map,
    overstack_events,
    overstacked_hexes,
)
from .wind import TURN, WIND, Wind, current_wind

__all__ = ["GLIDERS", "AA", "PlannedGlider", "GliderResult", "Flight", "GliderLanding"]

#: The gliders of a turn: each with its target, heading and load (PL III.A, III.C).
GLIDERS = Field("gliders", "Gliders", "list", lo=1, hi=24, rule="PL III", item=Field("gliders", "Glider", "record", fields=(
    Field("id", "Glider", "text", lo=1, hi=24),
    Field("target", "Target hex", "hex", rule="PL III.A"),
    Field("heading", "Heading (direction of flight)", "direction", style="compass", rule="PL III.A",
          help="the glider enters the board along its target's hex row, flying this way"),
    Field("load", "Load (leave out: a rifle platoon named for the glider)", "record", default=None, rule="PL III.C",
          fields=PLATOON_FIELDS),
)))

#: Anti-aircraft fire at the gliders (PL III.D, I.G). None listed: the result for every glider is
#: entered at the table (as before this list existed).
AA = aa_fire_field("the glider", RULE_GLIDERS,
                   "leave empty to enter a result for every glider at the table; otherwise only the fires listed, "
                   "rolled when their AA numbers are given", pick="rows:gliders.id")


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
    anti-aircraft result so far for it, the results so far, the anti-aircraft fires listed (none:
    a result entered for every glider) and the one now resolved (``fi``)."""

    turn: int
    wind: Wind
    gliders: tuple[PlannedGlider, ...]
    i: int = 0
    aa: str = "no effect"
    results: tuple[GliderResult, ...] = ()
    fires: tuple[AAFire, ...] = ()
    fi: int = 0


class GliderLanding(Procedure[Flight]):
    """The glider landings of one turn's Air Phase (PL III).

    Params: ``turn``; ``wind`` (default: the wind rolled for the turn); ``gliders`` [{"id",
    "target", "heading" (N..NW), "load": {"id", "type", "battery"}}]; ``aa`` [{"at": glider,
    "unit", "kill", "disperse"}].
    """

    name = "panzer_leader.gliders"
    title = "Glider landing (Panzer Leader)"
    start_work = 80  # the flight planned: ~0.12 ms of CPython (tools/work_calibrate.py)
    step_work = 100  # a glider's landing and its hex's effects: ~0.15 ms
    params = Schema((TURN, WIND, GLIDERS, AA))

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The current Game Turn and the gliders of the scenario's written plan."""
        out = super().defaults(state)
        out["turn"] = state.turn.game_turn
        plan = (state.settings.get("plan") or {}).get("gliders")
        if plan:
            out.update(Schema((GLIDERS,)).dump(plan, state.scenario.map))
        return out

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """E.g. ``turn 1, gliders Horsa 1 (5/B) on A/h4 heading NE and Horsa 2 (75/1 (battery)) on A/h4 heading NE``."""
        bits = [f"turn {params['turn']}"] if isinstance(params.get("turn"), int) else []
        wind = describe_wind(params.get("wind"))
        if wind:
            bits.append(wind)
        gliders = params.get("gliders")
        if isinstance(gliders, list) and gliders:
            each = []
            for g in gliders:
                if isinstance(g, Mapping):
                    load = f" ({describe_platoon(g['load'])})" if isinstance(g.get("load"), Mapping) else ""
                    each.append(f"{str(g.get('id', '?'))[:24]}{load} on {str(g.get('target', '?'))[:16]} heading {str(g.get('heading', '?'))[:8]}")
            bits.append(f"{'glider' if len(each) == 1 else 'gliders'} {listed(each)}")
        aa = params.get("aa")
        if isinstance(aa, list) and aa:
            bits.append(count(len(aa), "anti-aircraft fire"))
        return ", ".join(bits)

    def plan(self, state: GameState, params: Mapping[str, Any]) -> tuple[Flight, list[ev.Event]]:
        """The gliders a plan describes, with the opening events (the wind and its shift, each
        glider's entry hex, each target against the written plan)."""
        m = state.scenario.map
        turn = int(params.get("turn", 1))
        wind = current_wind(state, params.get("wind"), turn)
        reading = str(state.settings.get("glider_shift") or "downwind")
        shift = wind_shift(wind.speed)
        gliders: list[PlannedGlider] = []
        events: list[ev.Event] = [ev.info("PL III.F", f"turn {turn}: wind {wind.describe()}: gliders shift {shift} hex{'es' if shift != 1 else ''} "
                                                      f"toward {DIRECTION_NAMES[shift_direction(wind, reading)]} "
                                                      f"{setting_note(GLIDER_SHIFT, SHIFT_READINGS[reading])}")]
        for g in params["gliders"]:
            load = Platoon.from_params(g["load"]) if g.get("load") is not None else Platoon(g["id"])
            target, heading = g["target"], int(g["heading"])
            tname, entry = m.name(target), m.name(entry_hex(m, target, heading))
            what = "an artillery battery" if load.battery else "a platoon"
            events.append(ev.info("PL III.A", f"glider {g['id']} ({what}: {load.type}) enters at {entry} heading {DIRECTION_NAMES[heading]} along the hex row of {tname}", (entry, tname)))
            note = check_against_plan(state, turn, "glider", tname)
            if note is not None:
                events.append(note)
            gliders.append(PlannedGlider(g["id"], target, heading, load))
        ids = [g.id for g in gliders]
        if len(set(ids)) != len(ids):
            raise DataError("glider ids must be unique", "gliders")
        fires = read_fires(params.get("aa") or (), state.settings.get("aa_units") or (), ids, "glider")
        return Flight(turn, wind, tuple(gliders), fires=fires), events

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        flight, events = self.plan(state, params)
        return self._begin(state, flight, events)

    # -- III.D anti-aircraft fire, glider by glider ----------------------------------------
    def _fires_at(self, d: Flight, start: int) -> int | None:
        """The next listed fire at the glider now landing, from ``start`` on."""
        g = d.gliders[d.i]
        return next((k for k in range(start, len(d.fires)) if d.fires[k].at == g.id), None)

    def _begin(self, state: GameState, d: Flight, events: list[ev.Event]) -> StepResult:
        """The glider now landing: its anti-aircraft fire first (entered for every glider when
        none is listed), then its landing die."""
        if not d.fires:
            return StepResult(ProcState(self.name, "aa", d), tuple(events))
        k = self._fires_at(d, 0)
        if k is None:
            return StepResult(ProcState(self.name, "land", d), tuple(events))
        return StepResult(ProcState(self.name, "aa", replace(d, fi=k)), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[Flight]) -> Prompt:
        d = proc.data
        g = d.gliders[d.i]
        if proc.step == "aa":
            if not d.fires:
                return Prompt("choice", RULE_GLIDERS, f"Anti-aircraft fire on glider {g.id} (enter the result of your PL rules)", None, AA_RESULTS)
            f = d.fires[d.fi]
            if f.rolled:
                return Prompt("roll", RULE_GLIDERS, f"Anti-aircraft fire by {f.by()} at glider {g.id} ({f.numbers()})", dr("AA"))
            return Prompt("choice", RULE_GLIDERS, f"Anti-aircraft fire by {f.by()} at glider {g.id}: enter the result of your PL rules",
                          None, AA_RESULTS)
        return Prompt("roll", "PL III.F.1", f"Landing die for glider {g.id} targeted on {state.scenario.map.name(g.target)}", dr("landing"))

    def choose(self, state: GameState, proc: ProcState[Flight], choice: str) -> StepResult:
        d = proc.data
        if proc.step != "aa" or (d.fires and d.fires[d.fi].rolled):
            raise ActionError(f"{self.title} is not waiting for a choice")
        return self._aa(state, d, choice, None)

    def _aa(self, state: GameState, d: Flight, result: str, face: int | None) -> StepResult:
        """III.D: one anti-aircraft result: X shoots the glider down with its load, D makes the
        load land dispersed."""
        g = d.gliders[d.i]
        events: list[ev.Event] = []
        by = ""
        if d.fires:
            f = d.fires[d.fi]
            by = f" by {f.by()}"
            if face is not None:
                events.append(ev.roll(RULE_GLIDERS, f"anti-aircraft die {face}{by} at glider {g.id} ({f.numbers()})"))
        if result == "X":
            events.append(ev.result(RULE_GLIDERS, f"glider {g.id} is eliminated by anti-aircraft fire{by} with its {g.load.type}"))
            return self._next(state, replace(d, aa="no effect", results=d.results + (GliderResult(g.id, None, "eliminated"),)), events)
        text = "no effect" if result == "no effect" else "D: the glider's load will land dispersed"
        events.append(ev.info(RULE_GLIDERS, f"anti-aircraft fire{by} on glider {g.id}: {text}"))
        aa = "D" if result == "D" or d.aa == "D" else "no effect"
        k = self._fires_at(d, d.fi + 1) if d.fires else None
        if k is not None:
            return StepResult(ProcState(self.name, "aa", replace(d, aa=aa, fi=k)), tuple(events))
        return StepResult(ProcState(self.name, "land", replace(d, aa=aa)), tuple(events))

    # -- III.F landing ---------------------------------------------------------------------
    def roll(self, state: GameState, proc: ProcState[Flight], roll: Roll) -> StepResult:
        d = proc.data
        if proc.step == "aa":
            f = d.fires[d.fi]
            face = roll.values[0]
            assert f.kill is not None and f.disperse is not None
            return self._aa(state, d, aa_result(face, f.kill, f.disperse), face)
        m = state.scenario.map
        g = d.gliders[d.i]
        wind = d.wind
        face = roll.values[0]
        tname = m.name(g.target)
        reading = str(state.settings.get("glider_shift") or "downwind")
        final, how, point = glider_landing(g.target, g.heading, face, wind, reading)
        pname, fname = m.name(point), m.name(final)
        shift = wind_shift(wind.speed)
        events = [
            ev.roll("PL III.F.1", f"landing die {face} for glider {g.id}"),
            ev.result("PL III.F.1", f"{how}: {pname}", (tname, pname)),
            ev.result("PL III.F.2", f"{wind.speed} wind: shifted {shift} hex{'es' if shift > 1 else ''} {SHIFT_READINGS[reading]} "
                                    f"({DIRECTION_NAMES[shift_direction(wind, reading)]}): {fname}", (pname, fname)),
        ]
        if m.in_play(final):
            rec = GliderResult(g.id, final, "landed", d.aa == "D")
        else:
            events.append(ev.result("PL III.F.2", f"glider {g.id} lands off the board: lost with its {g.load.type}"))
            rec = GliderResult(g.id, None, "lost")
        return self._next(state, replace(d, aa="no effect", results=d.results + (rec,)), events)

    def _next(self, state: GameState, d: Flight, events: list[ev.Event]) -> StepResult:
        d = replace(d, i=d.i + 1, fi=0)
        if d.i < len(d.gliders):
            return self._begin(state, d, events)
        return self._limits(state, d, events)

    def _limits(self, state: GameState, d: Flight, events: list[ev.Event]) -> StepResult:
        """III.E, I.F: more than two gliders in a hex this game turn, or more than two platoons'
        worth with what already counts there, disperses every friendly unit in the hex."""
        m = state.scenario.map
        side = state.sides[0]
        down = [r.hex for r in d.results if r.status == "landed" and r.hex is not None]
        earlier = gliders_this_turn(state.counters, side, d.turn)
        too_many = glider_hexes_over(down, earlier)
        here = Counter(down)
        for h in sorted(too_many, key=m.name):
            n = m.name(h)
            before = f" after {earlier[h]} earlier this game turn" if earlier.get(h) else ""
            events.append(ev.result(RULE_LIMIT, f"{count(here[h], 'glider')} land{'s' if here[h] == 1 else ''} in {n}{before}, more than two "
                                                f"in a game turn: every friendly unit in {n} is dispersed", (n,)))
            events.extend(dispersed_too(state, h, RULE_LIMIT))
        reading = str(state.settings.get("stacking") or "every friendly unit")
        already = on_the_map(state.counters, side, d.turn, reading)
        load = equivalent_sticks("platoon")
        heavy = overstacked_hexes(Counter({h: k * load for h, k in here.items()}), already) - too_many
        for h in sorted(heavy, key=m.name):
            events.extend(overstack_events(state, h, here[h] * load, f"{count(here[h], 'glider load')} land{'s' if here[h] == 1 else ''}", d.turn))
        over = sorted(too_many | heavy, key=m.name)
        results = tuple(replace(r, dispersed=True) if r.hex in over else r for r in d.results)
        landed = sum(1 for r in results if r.status == "landed")
        events.append(ev.result("PL III", f"turn {d.turn}: {landed} of {len(results)} gliders landed"))
        outcome = {"procedure": self.name, "turn": d.turn, "wind": d.wind.to_data(),
                   "gliders": [{"id": r.id, "hex": m.name(r.hex) if r.hex is not None else None, "status": r.status, "dispersed": r.dispersed}
                               for r in results],
                   "dispersed_hexes": [m.name(h) for h in over]}
        return StepResult(None, tuple(events), counters=self._land(state, d, results, over), outcome=outcome)

    def _land(self, state: GameState, d: Flight, results: Sequence[GliderResult], over: Sequence[Hex]) -> Counters:
        """Each landed glider's load (a platoon or a battery) as a unit of the side moving first;
        a glider shot down or lost off the board places nothing. Friendly units already in a hex
        over a landing limit are dispersed (III.E, I.F)."""
        side = state.sides[0]
        counters, _ = disperse(state.counters, side, over)
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
        """Exact odds of the planned landings in the wind for the turn, with the game's settings
        and the gliders and units already on the map: each glider lost off the board, shot down
        (rolled anti-aircraft fire) or dispersed, and where it may land."""
        from .odds import glider_odds

        d, _ = self.plan(state, params)
        m = state.scenario.map
        side = state.sides[0]
        reading = str(state.settings.get("stacking") or "every friendly unit")
        shift = str(state.settings.get("glider_shift") or "downwind")
        chances = {g.id: aa_chances(f for f in d.fires if f.at == g.id) for g in d.gliders if any(f.at == g.id for f in d.fires)}
        heat: dict[Hex, Fraction] = {}
        lines: list[str] = []
        for go in glider_odds(m, d.wind, [(g.id, g.target, g.heading) for g in d.gliders], reading=shift,
                              already=on_the_map(state.counters, side, d.turn, reading),
                              earlier=gliders_this_turn(state.counters, side, d.turn),
                              aa={k: c for k, c in chances.items() if c is not None}):
            for h, p in go.hexes.items():
                heat[h] = heat.get(h, Fraction(0)) + p
            shot = f", shot down {percent(go.shot_down)}" if chances.get(go.id) is not None else ""
            lines.append(f"glider {go.id}: lost {percent(go.lost)}, dispersed {percent(go.dispersed)}{shot}")
        entered = [g.id for g in d.gliders if g.id in chances and chances[g.id] is None]
        if not d.fires:
            lines.append("Anti-aircraft fire is not included (entered at the table).")
        elif entered:
            lines.append(f"Anti-aircraft fire entered at the table is not included ({'glider' if len(entered) == 1 else 'gliders'} {listed(entered)}).")
        targets = tuple(dict.fromkeys(g.target for g in d.gliders))
        return Odds(
            facts=(Fact("wind", "Wind", f"turn {d.turn}: {d.wind.describe()}"),
                   Fact("shift", "Wind shift", f"{wind_shift(d.wind.speed)} hex(es) toward {DIRECTION_NAMES[shift_direction(d.wind, shift)]}")),
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
