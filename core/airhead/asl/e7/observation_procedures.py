"""The ASL E7.6–7.62 procedures: an Observation Plane brought in for a side, and its sighting —
cut in the source (E7.61): the players rule it — with the E7.62 Mistaken Attack, the opponent's
Fire For Effect with the plane's OBA placed on the closest non-hidden unit of the plane's side.

Heavy AA at an Observation Plane is :class:`.anti_aircraft_procedures.HeavyAA`; Aerial Combat
(:class:`.air_support_procedures.AerialCombat`) takes it as a target that cannot fire back. The rule
functions are in :mod:`.observation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...counters import Marker
from ...errors import ActionError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...dice import DR, Roll
from ...formats import SAVED_BEFORE
from ...plug import OVERRIDE, Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, View, percent
from ..turn_rules import attacked_this_turn, observation_sighting_turn
from .aerial_los import mist_lv_hindrance
from .air_bars import check_air
from .air_support import Aircraft, aircraft_of, write_aircraft
from .mistaken_attack_procedures import blind_units
from .ground_support import (
    RECORDED,
    sighting_fields,
    sighting_morale,
    sighting_odds,
    sighting_rows,
    sighting_tc,
    sighting_terms,
)
from .observation import (
    BATTERY_ACCESS,
    DYO_COST,
    FFE_KIND,
    NATIONALITIES,
    SIGHTING_61,
    SIGHTING_CUT,
    TYPE,
    YEARS,
    check_one_per_side,
    inherent_radio,
    mistaken_fire_mission,
    new_plane,
    observation_available,
)

__all__ = ["ObservationPlane", "ObservationSighting", "CONFIRM_NATIONALITY"]

#: E7.6 is cut after "to the U.S., German, or British/": the players confirm any other nationality.
CONFIRM_NATIONALITY: tuple[str, ...] = ("available: bring it in", "not available")


# ---------------------------------------------------------------------- E7.6 bring one in
@dataclass(frozen=True)
class _Entry:
    side: str
    nationality: str
    year: int
    label: str


class ObservationPlane(Procedure[_Entry]):
    """E7.6: a side's Observation Plane (one per side in a scenario; 1943–45; U.S., German or
    British, any other nationality confirmed by the players since the list is cut) comes into
    play just offboard (E7.61): an aircraft of type Observation off the map, with its inherent
    radio. No dice.

    Params: ``side``, ``nationality``, ``name``; the year is the scenario's ``year`` setting."""

    name = "asl.observation_plane"
    title = "Observation Plane (E7.6)"
    params = Schema((
        Field("side", "Side", "text", lo=1, hi=24, rule="E7.6", pick="side"),
        Field("nationality", "Nationality", "text", lo=1, hi=24, default="U.S.", rule="E7.6",
              help="U.S., German or British; for any other, see your rulebook: the players confirm"),
        Field("name", "Name", "text", lo=1, hi=24, default="Observation Plane"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The side of the current Player Turn."""
        return {"side": state.sides[state.turn.player]}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('side', '')} ({params.get('nationality', 'U.S.')}): {params.get('name', 'Observation Plane')}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        side, nat, label = params["side"], params["nationality"], params["name"]
        barred = check_air(state, params)  # E7.2: never at night or in Overcast
        if side not in state.sides:
            raise DataError(f"the side must be {state.sides[0]} or {state.sides[1]}", "side")
        year = int(state.settings.get("year", 1944))
        if year not in YEARS:
            raise RulesError(observation_available(nat, year) + " (the scenario's year setting)")
        earlier = next((str(o.get("plane")) for o in state.outcomes_of(self.name)
                        if o.get("side") == side and o.get("entered")), "")
        check_one_per_side(state.counters, side, earlier)
        if any(label in (u.label, u.id) for u in state.counters.units):
            raise DataError(f"a unit is already named {label}: give the Observation Plane another name", "name")
        e = _Entry(side, nat, year, label)
        if nat in NATIONALITIES:
            return self._enter(state, e, barred + [ev.info("E7.6", f"available during 1943-45 to the U.S., German or "
                                                           f"British: {nat}, {year}")])
        return StepResult(ProcState(self.name, "nationality", e), tuple(barred))

    def prompt(self, state: GameState, proc: ProcState[_Entry]) -> Prompt:
        e = proc.data
        return Prompt("choice", "E7.6", f"E7.6: an Observation Plane is available to the U.S., German, or British; for "
                      f"others see your rulebook: players decide: is one available to {e.nationality}?",
                      options=CONFIRM_NATIONALITY)

    def choose(self, state: GameState, proc: ProcState[_Entry], choice: str) -> StepResult:
        e = proc.data
        if choice not in CONFIRM_NATIONALITY:
            raise ActionError(f"choose one of: {', '.join(CONFIRM_NATIONALITY)}")
        if choice == CONFIRM_NATIONALITY[1]:
            events = (ev.result("E7.6", f"no Observation Plane for {e.side}: not available to {e.nationality} (the players' "
                                "ruling, by your rulebook)"),)
            return StepResult(None, events, outcome={"procedure": self.name, "side": e.side, "nationality": e.nationality,
                                                      "entered": False})
        return self._enter(state, e, [ev.info("E7.6", f"available to {e.nationality} in {e.year}: the players' ruling (by "
                                              "your rulebook)")])

    def _enter(self, state: GameState, e: _Entry, events: list[Event]) -> StepResult:
        plane = new_plane(state.counters, e.side, e.label)
        counters = write_aircraft(state.counters, plane)
        events = events + [
            ev.result("E7.6", f"{e.side} brings in its Observation Plane, {plane.name} (one per side in a scenario; DYO cost "
                      f"{DYO_COST} points, in the OBA section of the DYO purchase Roster)"),
            ev.info("E7.61", f"{plane.name} does not take counter form: it is kept just offboard (off the map) until Recalled "
                    "(the rest of E7.61 is in your rulebook: the players rule its sighting)"),
            ev.info("E7.6", f"{plane.name} has an inherent radio, replacing the one of an OBA battery; held in Aerial Melee "
                    "it loses Radio Contact"),
            ev.info("E7.6", "only Heavy AA (E7.52) and Aerial Combat can attack it; it cannot fire back"),
        ]
        out = {"procedure": self.name, "side": e.side, "nationality": e.nationality, "year": e.year, "plane": plane.name,
               "entered": True}
        return StepResult(None, tuple(events), counters=counters, outcome=out)

    def summary(self, outcome: Mapping[str, Any]) -> str:
        if not outcome.get("entered"):
            return f"No Observation Plane for {outcome['side']} ({outcome['nationality']}: the players' ruling)."
        return (f"{outcome['side']} brings in its Observation Plane ({outcome['plane']}), kept off the map, with its "
                "inherent radio.")


# ---------------------------------------------------------------------- E7.61 / E7.62 sighting
#: E7.3's Sighting TC DRM of the easiest target in the hex (none for an empty hex).
SIGHT_FIELDS: tuple[Field, ...] = sighting_fields()


@dataclass(frozen=True)
class _Look:
    plane: Aircraft
    target: Hex
    candidates: tuple[tuple[int, str, Hex], ...] = ()
    flags: tuple[tuple[str, Any], ...] = ()
    legacy: bool = False


class ObservationSighting(Procedure[_Look]):
    """E7.61 / E7.62: an Observation Plane's Sighting TC of a hex — E7.6: it "is subject to normal
    aircraft rules", so the E7.3 Sighting TC (Morale Level 8, the DRM of the easiest target; an
    empty hex has none), E7.31 Recall on an Original 12 and E7.32 a Mistaken Attack on a Final ≥ 12
    — and on a Mistaken Attack (E7.62) the opponent's one Fire Mission with the plane's OBA:
    Battery Access (C1, not in the source rules) confirmed by the players, then a Fire For Effect
    marker on the plane side's closest non-hidden ground unit to the original target in the plane's
    LOS. What a passed TC lets the plane do (E7.61 is cut; its OBA follows C1) is the players'.

    Params: ``plane`` (an Observation Plane in play), ``target`` (the hex it tries to sight; it may
    be empty, E7.3 EXC), the ``sight_*`` DRM of its easiest target, the agreement box. A start
    saved before the Sighting TC was rolled (no agreement key) is the players' ruling it was then."""

    name = "asl.observation_sighting"
    title = "Observation Plane sighting (E7.61–7.62)"
    params = Schema((
        Field("plane", "Observation Plane", "text", lo=1, hi=24, rule="E7.61", pick="units:aircraft"),
        Field("target", "Hex it tries to sight", "hex", rule="E7.61",
              help="the original target of its sighting (an Observation Plane may target an empty hex, E7.3)"),
        *SIGHT_FIELDS,
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The current Player Turn's Observation Plane, else the first one in play; in Mist the
        Mist row ticked (E7.25: an LV Hindrance to Aerial LOS)."""
        side = state.sides[state.turn.player]
        planes = [a for a in aircraft_of(state.counters) if a.type == TYPE and not a.recalled]
        mine = next((a for a in planes if a.side == side), planes[0] if planes else None)
        out: dict[str, Any] = {"plane": mine.name if mine is not None else None}
        if state.settings.get("weather") == "Mist":
            out["sight_mist"] = True
        return out

    def _flags(self, state: GameState, plane: Aircraft, target: Hex, params: Mapping[str, Any]) -> dict[str, Any]:
        """The easiest target's E7.3 flags: the form's, and "attacked by a friendly plane during
        this Player Turn" read from the record (a unit of the target hex a plane of this side
        attacked)."""
        flags: dict[str, Any] = {r.key: params.get(f"sight_{r.key}") for r in sighting_rows() if r.key != RECORDED}
        hit = attacked_this_turn(state, plane.side)
        flags[RECORDED] = bool(hit) and any(u.name in hit for u in state.counters.units_at(target))
        return flags

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """E7.3: the chance the Sighting TC passes, of E7.31 Recall and of an E7.32 Mistaken Attack."""
        plane = self._plane(state, str(params["plane"]))
        check_air(state, params, [params["target"]])
        observation_sighting_turn(state, params, plane.name)
        terms = sighting_terms(self._flags(state, plane, params["target"], params))
        so = sighting_odds(sum(v for v, _ in terms))
        facts = (Fact("pass", f"Sighting TC passes (Final DR ≤ {sighting_morale()})", percent(so["pass"])),
                 Fact("recall", "Recall (Original 12, E7.31)", percent(so["recall"])),
                 Fact("mistaken", "Mistaken Attack (Final DR ≥ 12, E7.32)", percent(so["mistaken"])))
        return Odds(facts=facts, reasons=tuple(f"{v:+d} {why}" for v, why in terms),
                    notes=("E7.25: " + mist_lv_hindrance("Mist", None),) if
                    state.settings.get("weather") == "Mist" else (),
                    view=View(marks=((params["target"], "target"),)))

    def _plane(self, state: GameState, name: str) -> Aircraft:
        plane = next((a for a in aircraft_of(state.counters) if a.type == TYPE and name in (a.name, a.id)), None)
        if plane is None:
            raise RulesError(f"E7.6: there is no Observation Plane named {name} in play: bring one in with Observation "
                             "Plane (E7.6)")
        if plane.recalled:
            raise RulesError(f"E7.24: {plane.name} is Recalled: it leaves play at the end of this phase")
        return plane

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('plane', 'Observation Plane')} sights {params.get('target', '')}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        plane = self._plane(state, str(params["plane"]))
        barred = check_air(state, params, [params["target"]])  # E7.2: night, Overcast, a target in Fog
        legacy = bool(params.get(SAVED_BEFORE))  # a start of a save format before the rules of the turn
        turn = barred + ([] if legacy else observation_sighting_turn(state, params, plane.name))
        m = state.scenario.map
        target: Hex = params["target"]
        events: list[Event] = turn + [ev.info("E7.61", f"{plane.name} ({plane.side}) tries to sight {m.label(target)}",
                                              [m.name(target)])]
        if not inherent_radio(plane.melee):
            events.append(ev.info("E7.6", f"{plane.name} is held in Aerial Melee: it has lost Radio Contact"))
        if legacy:
            return StepResult(ProcState(self.name, "sight", _Look(plane, target, legacy=True)), tuple(events))
        flags = tuple(sorted(self._flags(state, plane, target, params).items()))
        if params.get("sight_mist"):
            events.append(ev.info("E7.25", mist_lv_hindrance("Mist", None)))
        return StepResult(ProcState(self.name, "tc", _Look(plane, target, flags=flags)), tuple(events))

    def roll(self, state: GameState, proc: ProcState[_Look], roll: Roll) -> StepResult:
        if proc.step != "tc":
            raise ActionError("the sighting is not waiting for dice")
        look = proc.data
        m = state.scenario.map
        terms = sighting_terms(dict(look.flags))
        tc = sighting_tc(roll.total, sum(v for v, _ in terms))
        events: list[Event] = [ev.roll("E7.3", f"Sighting TC {roll.describe()}")]
        events += [ev.modifier("E7.3", v, why) for v, why in terms]
        verdict = "passed" if tc.passed else "failed"
        events.append(ev.result("E7.3", f"Final DR {tc.final} vs Morale Level {sighting_morale()}: {verdict}"
                                + (" (what the plane then does with its OBA is C1, in your rulebook)" if tc.passed else ""),
                                [m.name(look.target)]))
        counters = None
        if tc.recall:
            events.append(ev.result("E7.31", f"Original 12: {look.plane.name} is Recalled at the end of the MPh (the rest "
                                    "of E7.31 is cut: the players rule whether its sighting still counts)"))
            recalled = replace(look.plane, recalled=True)
            counters = write_aircraft(state.counters, recalled)
            look = replace(look, plane=recalled)
        if tc.mistaken:
            opp = state.sides[1] if look.plane.side == state.sides[0] else state.sides[0]
            events.append(ev.result("E7.62", f"Final DR {tc.final} ≥ 12: a Mistaken Attack (E7.32): {opp} calls for a Fire "
                                    f"For Effect immediately with {look.plane.name}'s OBA — no Sighting TC, Radio Contact or "
                                    "Spotting Rounds needed"))
            return StepResult(ProcState(self.name, "battery", look), tuple(events), counters=counters)
        res = self._finish(state, look, "sighted" if tc.passed else "not sighted", events, counters=counters)
        return res

    def prompt(self, state: GameState, proc: ProcState[_Look]) -> Prompt:
        look = proc.data
        m = state.scenario.map
        if proc.step == "tc":
            return Prompt("roll", "E7.3", f"Sighting TC DR by {look.plane.name} at {m.label(look.target)} (Morale Level "
                          f"{sighting_morale()})", DR)
        if proc.step == "sight":
            return Prompt("choice", "E7.61", f"E7.61 Sighting by {look.plane.name} at {m.label(look.target)} — {SIGHTING_CUT}: "
                          "players decide", options=SIGHTING_61)
        if proc.step == "battery":
            return Prompt("choice", "E7.62", f"E7.62 Mistaken Attack: the opponent calls for a Fire For Effect with "
                          f"{look.plane.name}'s OBA if Battery Access is achieved (C1, in your rulebook): say "
                          "which", options=BATTERY_ACCESS)
        if proc.step == "aim":
            return Prompt("choice", "E7.62", "E7.62: these units are equally close to the original target: the opponent "
                          "chooses the Fire Mission's target", options=self._aims(state, look))
        raise ActionError("the sighting has no such step")

    def _aims(self, state: GameState, look: _Look) -> tuple[str, ...]:
        m = state.scenario.map
        return tuple(f"{n} in {m.label(h)}" for _, n, h in look.candidates)

    def choose(self, state: GameState, proc: ProcState[_Look], choice: str) -> StepResult:
        look = proc.data
        m = state.scenario.map
        opp = state.sides[1] if look.plane.side == state.sides[0] else state.sides[0]
        if proc.step == "sight":
            if choice not in SIGHTING_61:
                raise ActionError(f"choose one of: {', '.join(SIGHTING_61)}")
            if choice != SIGHTING_61[2]:
                events = [ev.result("E7.61", f"the players rule: {choice} ({SIGHTING_CUT})")]
                if choice == SIGHTING_61[0] and look.plane.melee:
                    events.append(ev.info("E7.6", f"{look.plane.name} has lost Radio Contact (held in Aerial Melee)"))
                return self._finish(state, look, "sighted" if choice == SIGHTING_61[0] else "not sighted", events)
            events = [ev.result("E7.62", f"a Mistaken Attack opportunity (E7.32): {opp} calls for a Fire For Effect "
                                f"immediately with {look.plane.name}'s OBA — no Sighting TC, Radio Contact or Spotting Rounds "
                                "needed")]
            return StepResult(ProcState(self.name, "battery", look), tuple(events))
        if proc.step == "battery":
            if choice not in BATTERY_ACCESS:
                raise ActionError(f"choose one of: {', '.join(BATTERY_ACCESS)}")
            if choice == BATTERY_ACCESS[1]:
                events = [ev.result("E7.62", "Battery Access is not achieved: no Mistaken Attack occurs (the players' answer, "
                                    "by C1 in their rulebook)")]
                return self._finish(state, look, "no Battery Access", events)
            found = tuple(mistaken_fire_mission(state.counters, look.plane.side, look.target, blind_units(state)))
            events = [ev.info("E7.62", "Battery Access is achieved (the players' answer): one Fire Mission")]
            if not found:
                events.append(ev.result("E7.62", f"no non-hidden {look.plane.side} ground unit on the map in the plane's LOS: "
                                        "no Fire Mission"))
                return self._finish(state, look, "no target", events)
            look = replace(look, candidates=found)
            if len(found) > 1:
                return StepResult(ProcState(self.name, "aim", look), tuple(events))
            return self._ffe(state, look, found[0], opp, events)
        if proc.step == "aim":
            aims = self._aims(state, look)
            if choice not in aims:
                raise ActionError(f"choose one of: {', '.join(aims)}")
            return self._ffe(state, look, look.candidates[aims.index(choice)], opp, [])
        raise ActionError("the sighting is not waiting for a choice")

    def _ffe(self, state: GameState, look: _Look, aim: tuple[int, str, Hex], opp: str, events: list[Event]) -> StepResult:
        m = state.scenario.map
        k, unit, h = aim
        marker = Marker(state.counters.free_id(FFE_KIND), FFE_KIND, h, side=opp, label=f"FFE ({look.plane.name})", rule="E7.62")
        counters = state.counters.mark(marker)
        events = list(events) + [
            ev.result("E7.62", f"{opp} places the Fire For Effect of {look.plane.name}'s OBA on {unit} in {m.label(h)}: the "
                      f"{look.plane.side} non-hidden ground unit closest to {m.label(look.target)} ({k} hex{'es' if k != 1 else ''}) "
                      "in the plane's LOS", [m.name(h)]),
            ev.info("E7.62", "if the FFE is not accurately placed (C1.3 in your rulebook: roll it at the table), move "
                    "the marker in Edit and Correct it toward that unit or the original AR in the next PFPh or DFPh"),
        ]
        return self._finish(state, look, "FFE", events, counters=counters, ffe=(unit, h))

    def _finish(self, state: GameState, look: _Look, result: str, events: list[Event], counters: Any = None,
                ffe: tuple[str, Hex] | None = None) -> StepResult:
        m = state.scenario.map
        out: dict[str, Any] = {"procedure": self.name, "plane": look.plane.name, "side": look.plane.side,
                               "target": m.name(look.target), "result": result}
        if not look.legacy:
            out["rolled"] = True
        if ffe is not None:
            out["unit"], out["ffe"] = ffe[0], m.name(ffe[1])
        return StepResult(None, tuple(events), counters=counters, outcome=out)

    def view(self, state: GameState, proc: ProcState[_Look]) -> View:
        return View(marks=((proc.data.target, "target"),))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        marks = [(m.parse(outcome["target"]), "target")]
        if outcome.get("ffe"):
            marks.append((m.parse(outcome["ffe"]), "landed"))
        return View(marks=tuple(marks))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        plane, res = outcome["plane"], outcome["result"]
        how = "its Sighting TC" if outcome.get("rolled") else "the players' ruling"
        return {
            "sighted": f"{plane} sights {outcome['target']} ({how}).",
            "not sighted": f"{plane} does not sight {outcome['target']} ({how}).",
            "no Battery Access": f"Mistaken Attack: no Battery Access, so no Fire Mission by {plane}'s OBA.",
            "no target": f"Mistaken Attack: no {outcome['side']} unit to fire at, so no Fire Mission by {plane}'s OBA.",
            "FFE": f"Mistaken Attack: the opponent's Fire For Effect with {plane}'s OBA lands on {outcome.get('unit')} in "
                   f"{outcome.get('ffe')}.",
        }.get(str(res), f"{plane}: {res}.")
