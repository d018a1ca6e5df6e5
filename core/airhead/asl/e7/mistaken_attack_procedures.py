"""ASL E7.32: a Mistaken Attack, played after the Sighting TC that gave it.

"A Final Sighting TC DR ≥12 results in a Mistaken Attack (even if the Sighting TC was passed). The
ATTACKER may then immediately move the aircraft (but only onboard; he may not exit it from play by
moving it offboard) and attack (without a new Sighting TC) the DEFENDER's non-hidden onboard ground
unit that is closest (in hexes) to the aircraft's initial target and not in a completely Blind Hex
(ATTACKER's choice of equidistant targets). If strafing, this attack must be continued (using MG/"
— cut there. The aircraft attacks in the opponent's MPh (E7.4), so the DEFENDER is the aircraft's
own side: the opponent (the ATTACKER) directs it at one of its own units.

A strafing run or Point Attack whose Sighting TC gave one goes on into it when the players choose
to make it now (:func:`mistaken_attack_now`, the way Sniper vs Cloaking goes on as Cloaking lost;
the target's IFT DRM is then added by the players to the Final DR logged). The procedure
*Mistaken Attack (E7.32)* can also be started from the menu after the run that gave it (the record of this Player Turn, :func:`~..turn_rules.mistaken_attack_turn`): it finds
the target (:func:`.ground_support.mistaken_targets`, the ATTACKER choosing among equally close
ones), and resolves the MG attack as E7.41 does — the FP by year (a Stuka's typed), one IFT
Effects DR the players read on their IFT, an Original 12 disabling the MG. What the cut text says
about continuing it (a strafing run's further hexes, bombs) is the players' at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...dice import DR, Roll
from ...errors import ActionError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import OVERRIDE, GameState, Procedure, ProcState, Prompt, StepResult, View
from ..turn_rules import MISTAKEN_ATTACK, STRAFING_RUN, mistaken_attack_turn
from .air_bars import check_air
from .air_support import Aircraft, aircraft_of, write_aircraft
from .ground_support import mg_breakdown, mg_fp, mistaken_targets

__all__ = ["MistakenAttack", "CUT_32", "mistaken_attack_now", "blind_units"]

#: E7.32 is cut after "If strafing, this attack must be continued (using MG/".
CUT_32 = ("the rest of E7.32 (after 'If strafing, this attack must be continued (using MG') is in your "
          "rulebook: the players continue it at the table")


@dataclass(frozen=True)
class _Mistake:
    plane: Aircraft
    target: Hex
    fp: int
    drm: int
    candidates: tuple[tuple[int, str, Hex], ...]
    aim: tuple[int, str, Hex] | None = None
    #: The target's IFT DRM is not typed (the run went on into the attack): the players add it.
    untyped: bool = False


def blind_units(state: GameState) -> Mapping[Hex, bool]:
    """E7.32 / E7.62 "not in a completely Blind Hex": hexes of units that are completely Blind to an
    aircraft (surrounded, E7.25, on the terrain as an aircraft sees around it), each read when it
    is asked for."""
    from ..sight import aerial_terrain
    from .aerial_los import BlindUnits

    return BlindUnits(lambda h: aerial_terrain(state, h), state.counters)


class MistakenAttack(Procedure[_Mistake]):
    """E7.32: the aircraft's Mistaken Attack on the closest non-hidden onboard ground unit of its
    own side (the DEFENDER's) to its initial target, not in a completely Blind Hex; the ATTACKER
    chooses among equally close ones; an MG attack without a new Sighting TC.

    Params: ``aircraft`` and ``target`` (its initial target hex; both from this Player Turn's run
    that gave the Mistaken Attack), ``mg_fp`` (a Stuka's; a FB's comes from the year, E7.41),
    ``drm`` (the target's IFT DRM, from the players' IFT and TEM), the agreement box."""

    name = MISTAKEN_ATTACK
    title = "Mistaken Attack (E7.32)"
    start_work = 250  # the nearest units of its side, their hexes' Blindness: ~0.4 ms of CPython (tools/work_calibrate.py)
    params = Schema((
        Field("aircraft", "Aircraft", "text", lo=1, hi=24, rule="E7.32", pick="units:aircraft"),
        Field("target", "Its initial target hex", "hex", rule="E7.32",
              help="the hex of the Sighting TC that gave the Mistaken Attack"),
        Field("mg_fp", "MG FP", "int", lo=1, hi=36, default=None, rule="E7.41", pack="stuka_mg_fp",
              help="a FB's comes from the year (6 / 8 / 12); type a Stuka's"),
        Field("drm", "The target's IFT DRM (TEM, Hindrances)", "int", lo=-9, hi=9, default=0, rule="E7.41",
              help="from your rulebook's IFT and the target's terrain"),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The aircraft and initial target of this Player Turn's run that gave a Mistaken Attack."""
        run = next((o for o in reversed(state.this_turn(STRAFING_RUN)) if o.get("result") == "mistaken attack"), None)
        if run is None:
            return {}
        return {"aircraft": run.get("aircraft"), "target": run.get("target")}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('aircraft', 'aircraft')}, initial target {params.get('target')}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        name = str(params["aircraft"])
        plane = next((a for a in aircraft_of(state.counters) if name in (a.name, a.id)), None)
        if plane is None:
            raise RulesError(f"E7.32: there is no aircraft named {name} in play")
        if plane.type == "Observation":
            raise RulesError("E7.62: an Observation Plane's Mistaken Attack is a Fire Mission: play it in Observation "
                             "Plane sighting")
        if plane.mg_disabled:
            raise RulesError(f"E7.223: {plane.name}'s MG is Disabled: it may not attack with it ({CUT_32})")
        events = check_air(state, params, [params["target"]]) + mistaken_attack_turn(state, params, plane.name)
        fp = params.get("mg_fp")
        if fp is None:
            if plane.type == "Stuka":
                raise RulesError("E7.41 gives only the FB's MG FP: type the Stuka's (MG FP)")
            fp = mg_fp(int(state.settings.get("year", 1944)))
        m = state.scenario.map
        target: Hex = params["target"]
        found = tuple(mistaken_targets(state.counters, plane.side, target, blind_units(state)))
        events += [ev.info("E7.32", f"{plane.name} makes a Mistaken Attack without a new Sighting TC, directed by the "
                                    f"ATTACKER; it may move only onboard (not off the map)")]
        drm = params.get("drm")
        d = _Mistake(plane, target, int(fp), int(drm or 0), found, untyped=drm is None)
        if not found:
            events.append(ev.result("E7.32", f"no non-hidden onboard {plane.side} ground unit outside a completely Blind "
                                             f"Hex: no Mistaken Attack", [m.name(target)]))
            return self._finish(state, d, events, None)
        if len(found) == 1:
            return self._aimed(state, replace(d, aim=found[0]), events)
        return StepResult(ProcState(self.name, "aim", d), tuple(events))

    def _aims(self, state: GameState, d: _Mistake) -> tuple[str, ...]:
        m = state.scenario.map
        return tuple(f"{n} in {m.label(h)}" for _, n, h in d.candidates)

    def _aimed(self, state: GameState, d: _Mistake, events: list[Event]) -> StepResult:
        assert d.aim is not None
        m = state.scenario.map
        k, unit, h = d.aim
        events = events + [ev.info("E7.32", f"the target: {unit} in {m.label(h)}, the {d.plane.side} unit closest to "
                                            f"{m.label(d.target)} ({k} hex{'es' if k != 1 else ''})", [m.name(h)])]
        return StepResult(ProcState(self.name, "mg", d), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Mistake]) -> Prompt:
        d = proc.data
        if proc.step == "aim":
            return Prompt("choice", "E7.32", "These units are equally close to the initial target: the ATTACKER chooses "
                          "which one the Mistaken Attack attacks", options=self._aims(state, d))
        assert d.aim is not None
        return Prompt("roll", "E7.41", f"{d.plane.name}'s MG attack on {d.aim[1]}: IFT Effects DR ({d.fp} FP)", DR)

    def choose(self, state: GameState, proc: ProcState[_Mistake], choice: str) -> StepResult:
        d = proc.data
        aims = self._aims(state, d)
        if proc.step != "aim" or choice not in aims:
            raise ActionError(f"choose one of: {', '.join(aims)}")
        return self._aimed(state, replace(d, aim=d.candidates[aims.index(choice)]),
                           [ev.info("E7.32", f"the ATTACKER chooses {choice}")])

    def roll(self, state: GameState, proc: ProcState[_Mistake], roll: Roll) -> StepResult:
        d = proc.data
        if proc.step != "mg" or d.aim is None:
            raise ActionError("the Mistaken Attack is not waiting for dice")
        final = roll.total + d.drm
        events: list[Event] = [ev.roll("E7.41", f"IFT Effects {roll.describe()}")]
        if d.drm:
            events.append(ev.modifier("E7.41", d.drm, "the target's IFT DRM (the players')"))
        if d.untyped:
            events.append(ev.result("E7.41", f"{d.fp} FP vs {d.aim[1]}: Original DR {final}: add the target's IFT DRM (its "
                                             "TEM, Hindrances) and read the result on your rulebook's IFT",
                                    [state.scenario.map.name(d.aim[2])]))
        else:
            events.append(ev.result("E7.41", f"{d.fp} FP vs {d.aim[1]}: Final DR {final}: read the result on your "
                                             "rulebook's IFT", [state.scenario.map.name(d.aim[2])]))
        counters = None
        plane = d.plane
        if mg_breakdown(roll.total):
            plane = replace(plane, mg_disabled=True)
            counters = write_aircraft(state.counters, plane)
            events.append(ev.result("E7.41", f"Original 12: {plane.name}'s MG breaks down for good (MG Disabled)"))
        events.append(ev.info("E7.32", CUT_32))
        return self._finish(state, replace(d, plane=plane), events, final, counters)

    def _finish(self, state: GameState, d: _Mistake, events: list[Event], final: int | None,
                counters: Any = None) -> StepResult:
        m = state.scenario.map
        out: dict[str, Any] = {"procedure": self.name, "aircraft": d.plane.name, "side": d.plane.side,
                               "target": m.name(d.target), "attacked": [d.aim[1]] if d.aim and final is not None else []}
        if d.aim is not None and final is not None:
            out.update(unit=d.aim[1], hex=m.name(d.aim[2]), fp=d.fp, final=final, mg_disabled=d.plane.mg_disabled)
            if d.untyped:
                out["drm_untyped"] = True
        return StepResult(None, tuple(events), counters=counters, outcome=out)

    def view(self, state: GameState, proc: ProcState[_Mistake]) -> View:
        d = proc.data
        marks = [(d.target, "target")] + [(h, "landed") for _, _, h in d.candidates]
        return View(marks=tuple(marks))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        marks = [(m.parse(outcome["target"]), "target")]
        if outcome.get("hex"):
            marks.append((m.parse(outcome["hex"]), "landed"))
        return View(marks=tuple(marks))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        if not outcome.get("unit"):
            return f"{outcome['aircraft']}: no unit to make its Mistaken Attack on."
        if outcome.get("drm_untyped"):
            return (f"{outcome['aircraft']}'s Mistaken Attack on {outcome['unit']} in {outcome['hex']}: {outcome['fp']} FP, "
                    f"IFT Original DR {outcome['final']} (add the target's IFT DRM and read it on your IFT).")
        return (f"{outcome['aircraft']}'s Mistaken Attack on {outcome['unit']} in {outcome['hex']}: {outcome['fp']} FP, "
                f"IFT Final DR {outcome['final']} (read it on your IFT).")


def mistaken_attack_now(state: GameState, run: StepResult, aircraft: str, target: Hex, fp: int) -> StepResult:
    """E7.32 "The ATTACKER may then immediately move the aircraft ... and attack": the strafing
    run's last step ``run`` (its outcome "mistaken attack", its aircraft written back) and, at
    once, the Mistaken Attack on ``target``'s closest own unit — the ATTACKER's choice of equals,
    then the MG attack's IFT DR, the target's IFT DRM left to the players. A rule that forbids it
    now (the MG Disabled, a Stuka's MG FP not typed) is logged instead: the run ends there and the
    players may start Mistaken Attack (E7.32) from the menu."""
    assert run.outcome is not None
    mid = state.changed(counters=run.counters if run.counters is not None else state.counters,
                        outcomes=state.with_outcome(run.outcome))
    proc = state.system.procedure(MISTAKEN_ATTACK)
    try:
        params = {**proc.read(mid, {"aircraft": aircraft, "target": state.scenario.map.name(target), "mg_fp": fp,
                                    OVERRIDE.key: False}), "drm": None}
        step = proc.start(mid, params)
    except (RulesError, DataError) as e:
        note = f"{aircraft}'s Sighting TC gave a Mistaken Attack, which it cannot make now: the log says why"
        return replace(run, events=run.events + (ev.info("E7.32", f"no Mistaken Attack now: {e}"),),
                       outcome={**run.outcome, "mistaken_note": note})
    head = ev.info("", f"begin {proc.title}")
    outcome = dict(run.outcome)
    if step.proc is None:  # ended at once: no unit of its side to attack (its own outcome says the same)
        outcome["mistaken_note"] = f"{aircraft}'s Sighting TC gave a Mistaken Attack: no unit of its side could be attacked"
    return StepResult(step.proc, run.events + (head,) + step.events,
                      counters=step.counters if step.counters is not None else run.counters, outcome=outcome)
