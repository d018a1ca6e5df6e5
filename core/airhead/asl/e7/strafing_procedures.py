"""The ASL E7.4 Ground Support procedure (``asl.strafing``): one aircraft's strafing run or Point
Attack, from its Sighting TC (E7.3) through the Light AA fire in every hex it flies (E7.51) to its
MG and bomb attacks (E7.41 / E7.42), prompt by prompt, its steps a table (:attr:`Strafing.steps`).
The attacks' steps are in :mod:`.strafing_attacks`.

The attack a plan describes, checked, and the planner's odds are in :mod:`.strafing`; the rule
functions are in :mod:`.ground_support` (E7.3–7.43), :mod:`.anti_aircraft` (E7.5–7.52, shared with
E8.21) and :mod:`.air_support` (the aircraft on the counters).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...dice import DR, Roll
from ...errors import ActionError, quoted
from ...events import Event
from ...hexes import asl_direction
from ...plug import GameState, Odds, ProcState, Prompt, Step, StepResult, View
from .aerial_los import mist_lv_hindrance
from .air_support import added_off_map, aircraft_of, write_aircraft
from .mistaken_attack_procedures import blind_units, mistaken_attack_now
from .anti_aircraft import aircraft_aa_result, aerial_drm_from_seed, mark_aa_mode, retains_rof
from .ground_support import (
    POINT,
    STRAFE,
    easiest_target,
    mistaken_targets,
    sighting_morale,
    sighting_terms,
    sighting_tc,
)
from ..turn_rules import STRAFING_RUN, ground_attack_turn
from .strafing import (
    BOMB_AT,
    STATED,
    STRAFING_PARAMS,
    Strike,
    current_plan,
    restate,
    statement_options,
    strafed_beyond,
    strike_plan,
)
from .strafing_attacks import StrafingAttacks
from .strafing_odds import strike_odds

__all__ = ["Strafing", "AA_DECIDE", "RECALL_31", "MISTAKEN_32", "MISTAKEN_SAVED", "NO_MORE_AA", "DUMMY_25"]

#: E7.25: a Sighting TC that reveals only a Dummy unit: the aircraft counts it as its one Sighting
#: TC for that turn, or not (subject to Light AA fire either way).
DUMMY_25: tuple[str, ...] = ("count it as its only Sighting TC this turn", "do not count it")
NO_MORE_AA = "no more Light AA fire here"
#: E7.511 / E7.512: a Light AA result whose text is cut: the players decide.
AA_DECIDE: tuple[str, ...] = ("no effect", "Damaged", "eliminated", "Recalled")
#: E7.31: an Original 12 is Recall; the rest of the rule is cut.
RECALL_31: tuple[str, ...] = ("Recalled at the end of the MPh; the attack goes on as the TC says", "Recalled: no attack")
#: E7.32: "The ATTACKER may then immediately move the aircraft ... and attack": made now, the run
#: goes on as Mistaken Attack (E7.32) (:func:`.mistaken_attack_procedures.mistaken_attack_now`).
MISTAKEN_32: tuple[str, ...] = ("make the Mistaken Attack now (E7.32)", "no Mistaken Attack")
#: The choice a game saved before the Mistaken Attack procedure made: the run ends, as it then did.
MISTAKEN_SAVED = "Mistaken Attack made (resolved at the table)"


class Strafing(StrafingAttacks):
    """One aircraft's strafing run or Point Attack (E7.3–7.51), with its planner.

    Params: the aircraft (a counter's name on the map, else its type, bombs, Damaged and MG
    Disabled), the initial target hex and the Hex Grain it flies along, strafing run or Point
    Attack, its Aerial DRM (table pack ``aerial_drm.{year}``), where it drops its bombs, the target
    units (hex, kind, IFT DRM, To Hit numbers, Sighting DRM flags), the Light AA (name, hex, ★
    Vehicle Kill Number, ROF, DRM) and the players' Blind Hex rulings.
    """

    name = STRAFING_RUN
    title = "Strafing run / Point attack (E7.4)"
    start_work = 550  # the run's plan, each target hex as the aircraft sees it: ~0.6 ms of CPython (tools/work_calibrate.py)
    step_work = 200  # a Sighting TC, a Light AA shot or an attack read on the plan: ~0.25 ms
    params = STRAFING_PARAMS

    # -- parameters ------------------------------------------------------------------------
    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The side: the first aircraft's on the map, else the first side; the Aerial DRM of a
        1944 FB from the 4G6 EX."""
        planes = [a for a in aircraft_of(state.counters) if a.type != "Observation"]  # E7.6: it makes no ground attack
        out: dict[str, Any] = {"side": planes[0].side if planes else state.sides[0]}
        if planes:
            out["aircraft"] = planes[0].name
        seed = aerial_drm_from_seed(int(state.settings.get("year", 1944)))
        if seed is not None:
            out["aerial_drm"] = seed
        return out

    def read(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        return super().read(state, current_plan(raw))

    def read_some(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        return super().read_some(state, current_plan(raw))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text: the aircraft, its attack, the target hex and the grain."""
        bits = [f"{params.get('aircraft', 'aircraft')}: {params.get('attack', STRAFE)} on {params.get('target')}"]
        if params.get("grain") is not None:
            bits.append(f"along Hex Grain {params['grain']}")
        if params.get("bomb_at") not in (None, BOMB_AT[0]):
            bits.append(f"bombs at the {params['bomb_at']}")
        n = len(params.get("units") or [])
        if n:
            bits.append(f"{n} target unit{'s' if n > 1 else ''}")
        k = len(params.get("aa") or [])
        if k:
            bits.append(f"{k} Light AA weapon{'s' if k > 1 else ''}")
        return ", ".join(bits)

    def plan(self, state: GameState, p: Mapping[str, Any]) -> Strike:
        """The attack a plan describes, checked against E7.4–7.42 (:func:`.strafing.strike_plan`)."""
        return strike_plan(state, p)

    # -- the procedure ---------------------------------------------------------------------
    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        g = strike_plan(state, params)
        m = state.scenario.map
        run = g.run
        where = "adjacent to" if run.stuka and run.kind == POINT else "four hexes from"
        events = ground_attack_turn(state, params, g.plane.name, g.plane.side) + [
            ev.info("E7.4", f"{g.plane.describe()}: {run.kind} on {m.label(run.target)} along Hex Grain "
                    f"{asl_direction(run.grain)}" + ("; it states Strafing Run or Point Attack just before its second "
                                                     "attack" if g.statement else ""), [m.name(run.target)]),
            ev.info("E7.401" if run.kind == STRAFE else ("E7.403" if run.stuka else "E7.402"),
                    f"placed in {m.label(run.entry)}, {where} the initial target hex and facing it; it flies "
                    f"{', '.join(m.label(h) for h in run.path)}; target hex{'es' if len(run.targets) > 1 else ''} "
                    f"{', '.join(m.label(h) for h in run.targets)}", [m.name(h) for h in run.path]),
        ]
        for h, d in g.hindrance:
            events.append(ev.info("E7.25", f"{m.label(h)} is seen through a +{d} LOS Hindrance: it applies to the attack", [m.name(h)]))
        return StepResult(ProcState(self.name, "sight", g), tuple(events))

    # -- what each step waits for (the table is :attr:`steps`, at the end) ------------------
    def _ask_sight(self, state: GameState, g: Strike) -> Prompt:
        m = state.scenario.map
        return Prompt("roll", "E7.3", f"Sighting TC DR by {g.plane.name} from {m.label(g.run.entry)} at {m.label(g.run.target)}", DR)

    def _ask_recall(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("choice", "E7.31", "E7.31: an Original 12 is Recall at the end of the MPh; the rest is in your "
                      "rulebook: players decide", options=RECALL_31)

    def _ask_dummy(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("choice", "E7.25", f"E7.25: the Sighting TC reveals only a Dummy unit in {state.scenario.map.label(g.run.target)}: "
                      f"count it as {g.plane.name}'s only allowed Sighting TC for this turn?", options=DUMMY_25)

    def _ask_mistaken(self, state: GameState, g: Strike) -> Prompt:
        who = "; ".join(g.candidates) or "no DEFENDER unit found on the map"
        return Prompt("choice", "E7.32", f"E7.32 Mistaken Attack, directed by the opponent, on the closest DEFENDER unit "
                      f"({who}): make it now (Mistaken Attack (E7.32) follows: the target, then its MG attack)?",
                      options=MISTAKEN_32, legacy=(MISTAKEN_SAVED,))

    def _ask_state(self, state: GameState, g: Strike) -> Prompt:
        m = state.scenario.map
        ok, why = statement_options(g, m)
        s = g.run.stops[g.stop]
        beyond = strafed_beyond(g)
        planned = next(w for w, k in STATED.items() if k == g.run.kind)
        strafe = (f"attacks {', '.join(m.label(h) for h in beyond)} from four hexes{' each' if len(beyond) > 1 else ''} "
                  f"(7-12 column) and flies on to "
                  f"{m.label(beyond[-1])}" if beyond else
                  f"attacks no other hex (no target unit is listed beyond {m.label(g.run.target)}) and flies on to it")
        text = (f"E7.4: {g.plane.name} must state whether it is making a Strafing Run or a Point Attack before resolving "
                f"its second attack, from {m.label(s.hex)} (the plan: a {planned}). A Strafing Run {strafe}; a Point "
                f"Attack attacks {m.label(g.run.target)} again from three hexes (0-6 column), then flies on to it")
        if why:
            text += "; " + "; ".join(why)
        return Prompt("choice", "E7.4", text, options=ok)

    def _ask_aa(self, state: GameState, g: Strike) -> Prompt:
        opts = tuple(f"{f.name} fires" for f, left, done in zip(g.aa, g.fire_left, g.fired_here) if left and not done)
        return Prompt("choice", "E7.51", f"Light AA fire at {g.plane.name} in {state.scenario.map.label(g.here)}",
                      options=opts + (NO_MORE_AA,))

    def _ask_aa_dr(self, state: GameState, g: Strike) -> Prompt:
        assert g.firing is not None
        return Prompt("roll", "E7.511", f"Light AA DR by {g.aa[g.firing].name} at {g.plane.name} in "
                      f"{state.scenario.map.label(g.here)}", DR)

    def _ask_aa_decide(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("choice", g.decide.split(":")[0], g.decide, options=AA_DECIDE)

    # -- the players' choices ----------------------------------------------------------------
    def _recall_chosen(self, state: GameState, g: Strike, choice: str) -> StepResult:
        g = replace(g, recall=True)
        events = [ev.result("E7.31", f"{g.plane.name}: {choice} (the players' decision)")]
        if choice == RECALL_31[1]:
            return self._finish(state, g, "recalled", events)
        if not g.sighted:  # "as the TC says": failed, no ground attack this Player Turn (E7.3)
            return self._finish(state, g, "not sighted", events)
        return self._sighted(state, g, events)

    def _dummy_chosen(self, state: GameState, g: Strike, choice: str) -> StepResult:
        counted = choice == DUMMY_25[0]
        events = [ev.result("E7.25", f"{g.plane.name} {'counts' if counted else 'does not count'} that Sighting TC as its "
                                     "only one this turn; it is subject to Light AA fire regardless, and makes no attack")]
        return self._advance(state, replace(g, dummy=counted), events)

    def _mistaken_chosen(self, state: GameState, g: Strike, choice: str) -> StepResult:
        if choice == MISTAKEN_32[0]:  # E7.32 "immediately": the run goes on as Mistaken Attack (E7.32)
            events = [ev.result("E7.32", f"{g.plane.name} makes the Mistaken Attack now (the opponent directs it)")]
            done = self._finish(state, g, "mistaken attack", events)
            return mistaken_attack_now(state, done, g.plane.name, g.run.target, g.fp)
        events = [ev.result("E7.32", f"{choice} (the players' decision; the opponent directs it)")]
        return self._finish(state, g, "mistaken attack" if choice == MISTAKEN_SAVED else "no attack", events)

    def _stated(self, state: GameState, g: Strike, choice: str) -> StepResult:
        """E7.4: the attack stated just before the second attack; the run from here on is the one
        that statement makes (:func:`.strafing.restate`)."""
        m = state.scenario.map
        if choice not in STATED:
            raise ActionError(f"state a {' or a '.join(STATED)}")
        g = restate(g, choice, m)
        run = g.run
        rule = "E7.401" if run.kind == STRAFE else "E7.402"
        events = [ev.result("E7.4", f"{g.plane.name} states a {choice} just before resolving its second attack"),
                  ev.info(rule, f"from {m.label(g.here)} it flies {', '.join(m.label(h) for h in run.path[g.stop + 1:])}; target "
                          f"hex{'es' if len(run.targets) > 1 else ''} {', '.join(m.label(h) for h in run.targets)}",
                          [m.name(h) for h in run.path[g.stop:]])]
        if g.bomb_at != BOMB_AT[0] and g.plane.bombs and g.bomb_stop is None:
            events.append(ev.info("E7.42", f"this {choice} makes no {g.bomb_at}: {g.plane.name} keeps its bombs"))
        return self._advance(state, g, events)

    def _aa_chosen(self, state: GameState, g: Strike, choice: str) -> StepResult:
        if choice == NO_MORE_AA:
            events = [ev.info("E7.51", f"no more Light AA fire at {g.plane.name} in {state.scenario.map.label(g.here)}")]
            return self._advance(state, replace(g, aa_done=True), events)
        firer = choice[: -len(" fires")]
        i = next((i for i, f in enumerate(g.aa) if f.name == firer), None)
        if i is None:
            raise ActionError(f"no Light AA weapon named {quoted(firer, 24)}")
        return StepResult(ProcState(self.name, "aa_dr", replace(g, firing=i)))

    def _aa_decided(self, state: GameState, g: Strike, choice: str) -> StepResult:
        rule = g.decide.split(":")[0]
        events = [ev.result(rule, f"the players decide: {choice}")]
        g = replace(g, decide="")
        if choice == "eliminated":
            return self._finish(state, g, "eliminated", events)
        if choice == "Damaged":
            return self._damage(state, g, events, rule)
        if choice == "Recalled":
            g = replace(g, recall=True)
        return self._after_aa_shot(state, g, events)

    # -- E7.3 Sighting TC ------------------------------------------------------------------
    def _sight(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        m = state.scenario.map
        here = [u for u in g.units if u.hex == g.run.target]
        best = here[easiest_target([u.flags() for u in here])]
        terms = sighting_terms(best.flags())
        drm = sum(v for v, _ in terms)
        tc = sighting_tc(roll.total, drm)
        events = [ev.roll("E7.3", f"Sighting TC {roll.describe()}"),
                  ev.info("E7.3", f"against the easiest target in {m.label(g.run.target)}: {best.name}")]
        events += [ev.modifier("E7.3", v, why) for v, why in terms]
        mist = mist_lv_hindrance(str(state.settings.get("weather", "")), g.run.entry.distance(g.run.target))
        if mist:
            events.append(ev.info("E7.25", mist))
        ok = "passed" if tc.passed else "failed: no ground attack this Player Turn, and immune to Light AA (E7.3)"
        events.append(ev.result("E7.3", f"Final DR {tc.final} vs Morale Level {sighting_morale()}: {ok}", [m.name(g.run.target)]))
        if tc.mistaken:
            d = g.plane.side
            found = mistaken_targets(state.counters, d, g.run.target, blind_units(state))
            cands = tuple(f"{n} in {m.label(h)}, {k} hex{'es' if k != 1 else ''}" for k, n, h in found)
            events.append(ev.result("E7.32", f"Final DR {tc.final} ≥ 12: Mistaken Attack on the DEFENDER's closest unit "
                                    "(not in a completely Blind Hex), directed by the opponent"))
            g = replace(g, candidates=cands)
            if tc.recall:
                events.append(ev.result("E7.31", f"Original 12: {g.plane.name} is Recalled at the end of the MPh"))
                g = replace(g, recall=True)
            return StepResult(ProcState(self.name, "mistaken", g), tuple(events))
        if tc.recall:
            return StepResult(ProcState(self.name, "recall", replace(g, sighted=tc.passed)), tuple(events))
        if not tc.passed:
            return self._finish(state, g, "not sighted", events)
        return self._sighted(state, g, events)

    def _sighted(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        """A passed Sighting TC: on with the run, unless it reveals only Dummies (E7.25: the
        players choose whether it counts as the aircraft's one Sighting TC this turn)."""
        here = [u for u in g.units if u.hex == g.run.target]
        if here and all(u.kind == "Dummy" for u in here):
            return StepResult(ProcState(self.name, "dummy", g), tuple(events))
        return self._advance(state, g, events)

    # -- the run: Light AA and attacks, hex by hex ------------------------------------------
    def _advance(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        """On to the next thing the run does: Light AA in this hex, the attack from it, the next hex."""
        m = state.scenario.map
        while g.stop < len(g.run.stops):
            s = g.run.stops[g.stop]
            order = ("attack", "aa") if s.attack_first else ("aa", "attack")
            for what in order:
                if what == "aa" and not g.aa_done:
                    if any(left and not done for left, done in zip(g.fire_left, g.fired_here)):
                        return StepResult(ProcState(self.name, "aa", g), tuple(events))
                    g = replace(g, aa_done=True)
                if what == "attack" and g.dummy is not None:  # E7.25: Light AA, and no attack
                    return self._finish(state, g, "dummy", events)
                if what == "attack" and g.stop == 1 and g.statement and not g.stated:
                    return StepResult(ProcState(self.name, "state", g), tuple(events))  # E7.4, just before its second attack
                if what == "attack" and not g.attack_done:
                    if s.target is None:
                        g = replace(g, attack_done=True)
                        continue
                    return self._attack(state, g, events)
            nxt = g.stop + 1
            if nxt >= len(g.run.stops):
                break
            g = replace(g, stop=nxt, aa_done=False, attack_done=False, attack_step="", fired_here=tuple(False for _ in g.aa))
            events = list(events) + [ev.info("E7.401", f"{g.plane.name} moves to {m.label(g.here)} along the Hex Grain", [m.name(g.here)])]
        return self._finish(state, g, "done", events)

    def _light_aa(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.511 / E7.512: one Light AA DR on the ★ Vehicle line, with the aircraft's Aerial DRM."""
        m = state.scenario.map
        assert g.firing is not None
        i, f = g.firing, g.aa[g.firing]
        final = roll.total + g.aerial_drm + f.drm
        events = [ev.roll("E7.511", f"Light AA by {f.name} ({m.label(f.hex)}, {f.hex.distance(g.here)} hexes: Aerial Range "
                          f"{2 * f.hex.distance(g.here)}): Original {roll.describe()}")]
        events.append(ev.modifier("E7.511", g.aerial_drm, f"{g.plane.name}'s Aerial DRM ({g.year})"))
        if f.drm:
            events.append(ev.modifier("E7.511", f.drm, f"{f.name}'s other DRM"))
        res = aircraft_aa_result(roll.total, final, f.kill, str(state.settings.get("e8_aa_below_kill", "eliminated")))
        keep = retains_rof(roll.value("colored"), f.rof)
        g = replace(g, fire_left=g.fire_left[:i] + (keep,) + g.fire_left[i + 1:],
                    fired_here=g.fired_here[:i] + (True,) + g.fired_here[i + 1:], firing=None)
        text = {
            "no effect": "no effect",
            "damaged": "equals the Kill Number: Damaged",
            "eliminated": "below the Kill Number: eliminated (E8.21's reading: see the setting)",
            "one more": "one more than the Kill Number",
            "unlikely kill": "an Original 2: Unlikely Kill (E7.512)",
        }[res]
        events.append(ev.result("E7.511", f"Final DR {final} vs ★ Vehicle Kill Number {f.kill}: {text}"))
        events.append(ev.info("E7.51", f"{f.name} {'retains' if keep else 'has no'} Multiple ROF (colored dr "
                              f"{roll.value('colored')}, ROF {f.rof})"))
        noted = g.aa_noted or tuple(False for _ in g.aa)
        if noted[i]:
            return self._light_aa_effect(state, g, events, res)
        # E7.5: the first shot at the aircraft puts the weapon's unit in AA mode (an AA counter)
        counters, aa_events, _ = mark_aa_mode(state.counters, f.name, "aerial", at=f.hex, vehicular_aamg=f.vehicular_aamg)
        g = replace(g, aa_noted=noted[:i] + (True,) + noted[i + 1:])
        step = self._light_aa_effect(replace(state, counters=counters), g, events + list(aa_events), res)
        return step if step.counters is not None else replace(step, counters=counters)

    def _light_aa_effect(self, state: GameState, g: Strike, events: list[Event], res: str) -> StepResult:
        """E7.511 / E7.512: what a Light AA result does to the aircraft (the cut results: the players')."""
        if res == "eliminated":
            return self._finish(state, g, "eliminated", events)
        if res == "damaged":
            return self._damage(state, g, events, "E7.511")
        if res == "one more":
            g = replace(g, decide="E7.511: one more than the Kill Number: your rulebook says what it does; players decide")
            return StepResult(ProcState(self.name, "aa_decide", g), tuple(events))
        if res == "unlikely kill":
            g = replace(g, decide="E7.512: an Original 2 gives the attacker a chance of success: your rulebook says "
                        "how; players decide")
            return StepResult(ProcState(self.name, "aa_decide", g), tuple(events))
        return self._after_aa_shot(state, g, events)

    def _damage(self, state: GameState, g: Strike, events: list[Event], rule: str) -> StepResult:
        """E7.226: Damaged (and Recalled unless held in Melee); a second Damage eliminates."""
        if g.plane.damaged:
            events = list(events) + [ev.result("E7.226", f"{g.plane.name} was already Damaged: eliminated")]
            return self._finish(state, g, "eliminated", events)
        g = replace(g, plane=replace(g.plane, damaged=True), recall=True)
        events = list(events) + [ev.result("E7.226", f"{g.plane.name} is Damaged: Recalled at the end of the phase (E7.24); "
                                           "it completes its run")]
        return self._after_aa_shot(state, g, events)

    def _after_aa_shot(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        if not any(left and not done for left, done in zip(g.fire_left, g.fired_here)):
            g = replace(g, aa_done=True)
        return self._advance(state, g, events)

    # -- the end ---------------------------------------------------------------------------
    def _finish(self, state: GameState, g: Strike, result: str, events: list[Event]) -> StepResult:
        m = state.scenario.map
        plane = g.plane
        events = list(events)
        if result == "eliminated":
            plane = replace(plane, eliminated=True)
            events.append(ev.result("E7.23", f"{plane.name} is shot down (2 VP)"))
        else:
            if g.recall:
                plane = replace(plane, recalled=True)
            if result == "done":
                events.append(ev.info("E7.401", f"{plane.name} has received all Light AA fire in {m.label(g.here)}: moved to an "
                                      "out-of-the-way corner of the map, immune to Light AA until it attacks again"))
            plane = replace(plane, hex=None)
        counters = write_aircraft(state.counters, plane)
        added = not plane.eliminated and state.counters.unit(plane.id) is None
        if added:  # an aircraft typed into the form: kept off the map from now on
            events.append(added_off_map(plane, "E7.4"))
        outcome = {
            "procedure": self.name,
            "aircraft": plane.name,
            "result": result,
            "target": m.name(g.run.target),
            "path": [m.name(h) for h in g.run.path[: g.stop + 1]],
            "damaged": plane.damaged,
            "mg_disabled": plane.mg_disabled,
            "recalled": plane.recalled,
            "side": plane.side,
            "attacked": list(g.attacked),
        }
        if g.dummy is not None:
            outcome["counted"] = g.dummy
        if g.stated:
            outcome["stated"] = g.stated
        if g.lookups:
            outcome["lookups"] = list(g.lookups)
        if added:
            outcome["added"] = True
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The entry hex, path and target hexes; the Sighting TC chance; the Light AA odds in every
        hex flown; the To Hit and bomb Direct Hit / Near Miss chances of every target unit
        (:func:`.strafing_odds.strike_odds`)."""
        return strike_odds(state, params)

    def view(self, state: GameState, proc: ProcState[Strike]) -> View:
        g = proc.data
        run = g.run
        marks = ((run.entry, "ilh"),) + tuple((h, "target") for h in run.targets) + ((g.here, "landed"),)
        return View(marks=marks, paths=(run.path,), labels=tuple((f.hex, f"AA {f.name}") for f in g.aa))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        path = tuple(m.parse(h, allow_offboard=True) for h in outcome.get("path", ()))
        return View(marks=((m.parse(outcome["target"], allow_offboard=True), "target"),), paths=(path,) if len(path) > 1 else ())

    def summary(self, outcome: Mapping[str, Any]) -> str:
        name, res = outcome["aircraft"], outcome["result"]
        where = outcome.get("target", "")
        text = {
            "done": f"{name} completed its attack on {where}",
            "eliminated": f"{name} was shot down",
            "not sighted": f"{name} failed its Sighting TC: no attack",
            "recalled": f"{name} is Recalled without attacking",
            "mistaken attack": outcome.get("mistaken_note") or f"{name} made a Mistaken Attack, directed by the opponent",
            "no attack": f"{name} made no attack",
            "dummy": f"{name}'s Sighting TC revealed only a Dummy: no attack"
                     + ("" if outcome.get("counted", True) else " (not counted as its Sighting TC this turn)"),
        }.get(res, f"{name}: {res}")
        extra = [w for w, on in (("Damaged", outcome.get("damaged")), ("MG Disabled", outcome.get("mg_disabled")),
                                 ("Recalled", outcome.get("recalled") and res != "recalled")) if on]
        looks = [str(x) for x in outcome.get("lookups") or ()]  # what the players read on their own tables
        look = f" To look up: {'; '.join(looks)}." if looks else ""
        added = f" {name} had no counter on the map: it was added off the map." if outcome.get("added") else ""
        return text + (f" ({', '.join(extra)})" if extra else "") + "." + look + added

    steps = {
        "sight": Step(_ask_sight, roll=_sight),
        "recall": Step(_ask_recall, choose=_recall_chosen),
        "dummy": Step(_ask_dummy, choose=_dummy_chosen),
        "mistaken": Step(_ask_mistaken, choose=_mistaken_chosen),
        "state": Step(_ask_state, choose=_stated),
        "aa": Step(_ask_aa, choose=_aa_chosen),
        "aa_dr": Step(_ask_aa_dr, roll=_light_aa),
        "aa_decide": Step(_ask_aa_decide, choose=_aa_decided),
        "mg_th": Step(StrafingAttacks._ask_mg_th, roll=StrafingAttacks._mg_th),
        "mg_tk": Step(StrafingAttacks._ask_mg_tk, roll=StrafingAttacks._mg_tk),
        "mg_ift": Step(StrafingAttacks._ask_mg_ift, roll=StrafingAttacks._mg_ift),
        "bomb_th": Step(StrafingAttacks._ask_bomb_th, roll=StrafingAttacks._bomb_th),
        "bomb_effect": Step(StrafingAttacks._ask_bomb_effect, roll=StrafingAttacks._bomb_effect),
    }
