"""The ASL E7.5 / E7.52 procedures: Heavy AA fire at an aircraft (or an Observation Plane, E7.6)
and the AA counter of a weapon on the map.

E7.52 is cut after its first sentence ("Only an AA Gun without a printed IFE may use Heavy AA fire
vs aircraft, and only during that Gun's PFPh/"): the procedure checks what that sentence says,
takes the dice, and asks the players for the result (no effect / Damaged / eliminated), which it
then applies to the aircraft on the counters. E7.5's text is cut too: the AA counter is placed and
removed as its surviving sentence says (:func:`.anti_aircraft.mark_aa_mode`); what AA mode costs
or restricts is the players' ruling. The rule functions are in :mod:`.anti_aircraft`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from ...frozen import replace
from ... import events as ev
from ...dice import DR, Roll
from ...errors import ActionError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import GameState, Procedure, ProcState, Prompt, StepResult, View
from .air_exit import no_return
from .air_support import AIRCRAFT_TYPES, Aircraft, AircraftType, added_off_map, aircraft_of, victory_points, write_aircraft
from .anti_aircraft import (
    AA_MODE_CUT,
    HEAVY_AA_CUT,
    HEAVY_AA_RESULTS,
    find_weapon,
    heavy_aa_check,
    heavy_aa_effect,
    heavy_aa_phase,
    mark_aa_mode,
)
from .observation import TYPE as OBSERVATION, check_one_per_side, may_attack

__all__ = ["HeavyAA", "AAMode", "PHASE_52", "AA_MODE_WHAT"]

#: E7.52 names only the Gun's PFPh before it is cut: in any other phase the players rule.
PHASE_52: tuple[str, ...] = ("fires now", "does not fire now")
#: E7.5: what the weapon does.
AA_MODE_WHAT: tuple[str, ...] = ("sets up in AA mode", "fires at an Aerial target", "fires at a ground target")


def _other(state: GameState, side: str) -> str:
    a, b = state.sides
    if side not in (a, b):
        raise DataError(f"the Gun's side must be {a} or {b}", "gun_side")
    return b if side == a else a


# ---------------------------------------------------------------------- E7.52 Heavy AA
@dataclass(frozen=True)
class Shot:
    """A Heavy AA attack under way: the Gun (its name, side, and its counter's id when it has one),
    the aircraft (``added``: typed in, with no counter on the map), the players' DRM, the dice."""

    gun: str
    gun_side: str
    gun_id: str | None
    plane: Aircraft
    added: bool
    drm: int
    original: int = 0
    final: int = 0


class HeavyAA(Procedure[Shot]):
    """E7.52 Heavy AA: an AA Gun without a printed IFE fires at an enemy aircraft (an Observation
    Plane included, E7.6) — the Gun's PFPh, or another phase the players allow (the text is cut) —,
    the DR, then the players' result applied to the aircraft on the counters, and the Gun's AA
    counter (E7.5) when it is a unit on the map.

    Params: ``gun`` (a unit on the map is read from its counter; else a typed name, its side
    ``gun_side``), ``printed_ife`` (refused: E7.52), ``aircraft`` (one on the counters, on or off
    the map; a typed one takes ``type`` and ``damaged`` and is added off the map), ``drm`` (what the
    players apply: the resolution text is cut)."""

    name = "asl.heavy_aa"
    title = "Heavy AA (E7.52)"
    params = Schema((
        Field("gun", "AA Gun", "text", lo=1, hi=24, rule="E7.52", pick="units:!aircraft", fills=(("gun_side", "side"),),
              help="a unit on the map is read from its counter (its side; its AA counter is kept); else type its name"),
        Field("printed_ife", "The Gun has a printed IFE", "bool", default=False, rule="E7.52",
              help="only an AA Gun without a printed IFE may use Heavy AA fire vs aircraft"),
        Field("gun_side", "Gun's side", "text", lo=1, hi=24, rule="E7.52", pick="side", help="read from its counter when it has one"),
        Field("aircraft", "Aircraft fired at", "text", lo=1, hi=24, rule="E7.52", pick="units:aircraft",
              help="an aircraft on the map, or an Observation Plane (off the map); one typed with no counter is added off the map"),
        Field("type", "Its type (an aircraft with no counter)", "choice", choices=AIRCRAFT_TYPES, default="FB", rule="E7.21"),
        Field("damaged", "Already Damaged (an aircraft with no counter)", "bool", default=False, rule="E7.226"),
        Field("drm", "DRM the players apply", "int", lo=-9, hi=9, default=0, rule="E7.52",
              help="how Heavy AA fire resolves is in your rulebook (E7.52): any DRM the players rule applies (none by default)"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The Gun's side: the current Player Turn's (its PFPh); the Gun: the first of that side's
        units in AA mode; the aircraft: the first enemy aircraft in play."""
        side = state.sides[state.turn.player]
        out: dict[str, Any] = {"gun_side": side}
        gun = next((u for u in state.counters.units if u.side == side and "aa" in u.status and u.kind != "aircraft"), None)
        if gun is not None:
            out["gun"] = gun.name
        plane = next((a for a in aircraft_of(state.counters) if a.side != side and not a.recalled), None)
        if plane is not None:
            out["aircraft"] = plane.name
        return out

    def describe_params(self, params: Mapping[str, Any]) -> str:
        bits = [f"{params.get('gun', 'AA Gun')} fires at {params.get('aircraft', 'an aircraft')}"]
        if params.get("printed_ife"):
            bits.append("a Gun with a printed IFE")
        if params.get("drm"):
            bits.append(f"DRM {int(params['drm']):+d}")
        return ", ".join(bits)

    def _plane(self, state: GameState, p: Mapping[str, Any], gun_side: str) -> tuple[Aircraft, bool]:
        name = p["aircraft"]
        plane = next((a for a in aircraft_of(state.counters) if name in (a.name, a.id)), None)
        if plane is None:
            no_return(state, name)  # E7.21: an aircraft that left the mapboard is not there to fire at
            t = p.get("type", "FB")
            kind: AircraftType = "Stuka" if t == "Stuka" else "Observation" if t == OBSERVATION else "FB"
            side = _other(state, gun_side)
            if kind == OBSERVATION:
                check_one_per_side(state.counters, side)
            plane = Aircraft(state.counters.free_id(name), side, kind, damaged=bool(p.get("damaged")), label=name)
            return plane, True
        if plane.recalled:
            raise RulesError(f"E7.24: {plane.name} is Recalled: it leaves play at the end of this phase")
        if plane.side == gun_side:
            raise RulesError(f"E7.5: {plane.name} is {plane.side}'s, like the Gun: AA fire is at enemy aircraft")
        return plane, False

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        phase = state.system.track.phase(state.turn)
        heavy_aa_check(bool(params["printed_ife"]), phase.key)
        unit = find_weapon(state.counters, params["gun"])
        gun = unit.name if unit is not None else params["gun"]
        gun_side = unit.side if unit is not None else params["gun_side"]
        plane, added = self._plane(state, params, gun_side)
        shot = Shot(gun, gun_side, unit.id if unit is not None else None, plane, added, int(params["drm"]))
        events: list[Event] = [ev.info("E7.52", f"{gun} ({gun_side}, an AA Gun without a printed IFE) fires Heavy AA at "
                                       f"{plane.describe()}")]
        if plane.type == OBSERVATION:
            events.append(ev.info("E7.6", may_attack("Heavy AA")[1].removeprefix("E7.6: ")))
        player = state.sides[state.turn.player]
        if heavy_aa_phase(phase.key, gun_side, player):
            events.append(ev.info("E7.52", f"{gun_side} {phase.title}: the Gun's PFPh"))
            return StepResult(ProcState(self.name, "dr", shot), tuple(events))
        return StepResult(ProcState(self.name, "phase", shot), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[Shot]) -> Prompt:
        s = proc.data
        if proc.step == "phase":
            phase = state.system.track.phase(state.turn)
            player = state.sides[state.turn.player]
            return Prompt("choice", "E7.52", f"E7.52 names only the Gun's PFPh — {HEAVY_AA_CUT}: players decide: may "
                          f"{s.gun} fire Heavy AA now ({phase.title}, {player} Player Turn)?", options=PHASE_52)
        if proc.step == "dr":
            return Prompt("roll", "E7.52", f"Heavy AA DR by {s.gun} at {s.plane.name}", DR)
        if proc.step == "result":
            return Prompt("choice", "E7.52", f"Heavy AA by {s.gun} at {s.plane.name}, Final DR {s.final} — {HEAVY_AA_CUT}, "
                          "so resolve it with your rulebook and choose the result", options=HEAVY_AA_RESULTS)
        raise ActionError("Heavy AA has no such step")

    def roll(self, state: GameState, proc: ProcState[Shot], roll: Roll) -> StepResult:
        if proc.step != "dr":
            raise ActionError("Heavy AA is not waiting for dice")
        s = proc.data
        final = roll.total + s.drm
        events = [ev.roll("E7.52", f"Heavy AA by {s.gun} at {s.plane.name}: Original {roll.describe()}")]
        if s.drm:
            events.append(ev.modifier("E7.52", s.drm, "the players' DRM"))
        events.append(ev.info("E7.52", f"Final DR {final}: {HEAVY_AA_CUT}: the players decide the result"))
        return StepResult(ProcState(self.name, "result", replace(s, original=roll.total, final=final)), tuple(events))

    def choose(self, state: GameState, proc: ProcState[Shot], choice: str) -> StepResult:
        s = proc.data
        if proc.step == "phase":
            if choice not in PHASE_52:
                raise ActionError(f"choose one of: {', '.join(PHASE_52)}")
            if choice == PHASE_52[0]:
                events = [ev.info("E7.52", f"{s.gun} fires now (the players' ruling: {HEAVY_AA_CUT})")]
                return StepResult(ProcState(self.name, "dr", s), tuple(events))
            events = [ev.result("E7.52", f"{s.gun} does not fire Heavy AA now (the players' ruling: {HEAVY_AA_CUT})")]
            out = {"procedure": self.name, "gun": s.gun, "side": s.gun_side, "aircraft": s.plane.name, "fired": False}
            return StepResult(None, tuple(events), outcome=out)
        if proc.step != "result":
            raise ActionError("Heavy AA is not waiting for a choice")
        if choice not in HEAVY_AA_RESULTS:
            raise ActionError(f"choose one of: {', '.join(HEAVY_AA_RESULTS)}")
        plane, effect = heavy_aa_effect(s.plane, choice, s.gun)
        events = [ev.result("E7.52", f"the players decide: {choice}"), *effect]
        if plane.eliminated:
            events.append(ev.result("E7.23", f"{plane.name} is shot down: removed from play, {victory_points(1)} Victory "
                                    f"Points to {s.gun_side} (A26.2)"))
        counters = write_aircraft(state.counters, plane)
        added = s.added and not plane.eliminated
        if added:
            events.append(added_off_map(plane, "E7.52"))
        gun_unit = state.counters.unit(s.gun_id) if s.gun_id is not None else None
        counters, aa_events, aa = mark_aa_mode(counters, s.gun, "aerial", at=gun_unit.hex if gun_unit is not None else None)
        events += aa_events
        m = state.scenario.map
        hexes = [m.name(h) for h in (gun_unit.hex if gun_unit else None, s.plane.hex) if h is not None]
        out = {"procedure": self.name, "gun": s.gun, "side": s.gun_side, "aircraft": plane.name, "type": plane.type,
               "fired": True, "original": s.original, "final": s.final, "result": choice, "damaged": plane.damaged,
               "recalled": plane.recalled, "eliminated": plane.eliminated, "added": added, "aa": aa, "hexes": hexes}
        return StepResult(None, tuple(events), counters=counters, outcome=out)

    def view(self, state: GameState, proc: ProcState[Shot]) -> View:
        s = proc.data
        gun = state.counters.unit(s.gun_id) if s.gun_id is not None else None
        marks: list[tuple[Hex, str]] = []
        if gun is not None and gun.hex is not None:
            marks.append((gun.hex, "ilh"))
        if s.plane.hex is not None:
            marks.append((s.plane.hex, "target"))
        return View(marks=tuple(marks))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        return View(marks=tuple((m.parse(h), "target") for h in outcome.get("hexes", ())))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        gun, plane = outcome["gun"], outcome["aircraft"]
        if not outcome.get("fired"):
            return f"{gun} does not fire Heavy AA now (the players' ruling: E7.52 names only the Gun's PFPh)."
        res = outcome["result"]
        if outcome.get("eliminated"):
            text = f"Heavy AA by {gun}: {plane} is eliminated ({victory_points(1)} VP to {outcome['side']})"
        elif res == "Damaged":
            text = f"Heavy AA by {gun}: {plane} is Damaged" + (", Recalled at the end of the phase" if outcome.get("recalled") else "")
        else:
            text = f"Heavy AA by {gun}: no effect on {plane}"
        if outcome.get("added"):
            text += f". {plane} had no counter on the map: it was added off the map"
        return text + "."


# ---------------------------------------------------------------------- E7.5 the AA counter
@dataclass(frozen=True)
class _Nothing:
    pass


class AAMode(Procedure[_Nothing]):
    """E7.5: a weapon on the map sets up in AA mode, fires at an Aerial target (an AA counter is
    placed) or at a ground target (its AA counter is removed); a Vehicular AAMG uses none. No dice.

    Params: ``weapon`` (a unit on the map), ``what`` it does, ``vehicular_aamg``."""

    name = "asl.aa_mode"
    title = "AA counter (E7.5)"
    params = Schema((
        Field("weapon", "Weapon (a unit on the map)", "text", lo=1, hi=24, rule="E7.5", pick="units:!aircraft",
              help="its AA counter is the unit's 'AA mode' status"),
        Field("what", "It", "choice", choices=AA_MODE_WHAT, default=AA_MODE_WHAT[1], rule="E7.5"),
        Field("vehicular_aamg", "Vehicular AAMG (no AA counter)", "bool", default=False, rule="E7.5"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The first unit of the current Player Turn's side in AA mode."""
        side = state.sides[state.turn.player]
        first = next((u.name for u in state.counters.units if u.side == side and "aa" in u.status and u.kind != "aircraft"), None)
        return {"weapon": first}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('weapon', 'weapon')} {params.get('what', AA_MODE_WHAT[1])}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        name = params["weapon"]
        if find_weapon(state.counters, name) is None:
            raise DataError(f"E7.5: there is no unit named {name} on the map: place it in Edit first (its AA counter is "
                            "its status)", "weapon")
        what = params["what"]
        fired_at: Literal["setup", "aerial", "ground"] = (
            "setup" if what == AA_MODE_WHAT[0] else "aerial" if what == AA_MODE_WHAT[1] else "ground")
        counters, events, change = mark_aa_mode(state.counters, name, fired_at, vehicular_aamg=bool(params["vehicular_aamg"]))
        events += (ev.info("E7.5", AA_MODE_CUT),)
        return StepResult(None, events, counters=counters,
                          outcome={"procedure": self.name, "weapon": name, "what": what, "change": change})

    def prompt(self, state: GameState, proc: ProcState[_Nothing]) -> Prompt:
        raise ActionError("the AA counter takes no dice")

    def summary(self, outcome: Mapping[str, Any]) -> str:
        w = outcome["weapon"]
        return {
            "placed": f"{w} is in AA mode (AA counter placed).",
            "kept": f"{w} stays in AA mode.",
            "removed": f"{w} leaves AA mode (AA counter removed).",
            "none": f"{w} was not in AA mode: no AA counter to remove.",
            "vehicular": f"{w} is a Vehicular AAMG: it uses no AA counter.",
        }.get(str(outcome.get("change")), f"{w}: AA counter unchanged.")
