"""The ASL E7.2 / E7.21 procedure *Air Support arrival*: the RPh arrival dr (< the Game Turn),
then, upon mapboard entry in the side's next MPh, the entry drs (number of aircraft, bombs and
type); the aircraft are placed on the counters. The rule functions are in :mod:`.air_support`;
the turn's checks in :mod:`..turn_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...dice import Roll, dr
from ...errors import RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...formats import SAVED_BEFORE
from ...plug import OVERRIDE, Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View, percent
from ..turn_rules import AIR_ARRIVAL, ENTRY, arrival_conditions, arrival_turn
from .air_bars import check_air
from .air_support import (
    AIRCRAFT_TYPES,
    Aircraft,
    AircraftType,
    aircraft_count,
    arrives,
    bombs_received,
    write_aircraft,
)

__all__ = ["AirArrival", "kind_of"]


def kind_of(t: str) -> AircraftType:
    """The aircraft type a form's choice names."""
    return "Stuka" if t == "Stuka" else "Observation" if t == "Observation" else "FB"


# ---------------------------------------------------------------------- E7.2 / E7.21 arrival
@dataclass(frozen=True)
class _Arrival:
    side: str
    name: str
    exponent: int
    type_bombs: AircraftType
    type_else: AircraftType
    hex: Hex | None
    count: int = 0
    #: After a passed dr, the entry drs at once: "agreed" (the players' agreement box) or "saved"
    #: (a start of a save format before the rules of the turn, :data:`SAVED_BEFORE`: as Airhead
    #: then played it); "" in the next MPh, as E7.2 says.
    enter_now: str = ""


class AirArrival(Procedure[_Arrival]):
    """E7.2 arrival (RPh dr < Game Turn) and E7.21 entry (number of aircraft, bombs and type);
    places the aircraft on the counters.

    Params: ``side`` (who received Air Support), ``exponent`` (of the Air Support Number, 7.1
    table: not in the source rules), ``type_bombs`` / ``type_else`` (the type received on a dr ≤ /
    > the exponent, as the 7.1 table says),
    ``arrived`` (a game set up mid-scenario: its arrival dr passed before the record began; the
    record decides otherwise, :func:`~airhead.asl.turn_rules.arrival_turn`), ``name``, ``hex``."""

    name = AIR_ARRIVAL
    title = "Air Support arrival (E7.2)"
    params = Schema((
        Field("side", "Side receiving Air Support", "text", lo=1, hi=24, rule="E7.2", pick="side"),
        Field("exponent", "Air Support Number: exponent (7.1 table)", "int", lo=0, hi=6, rule="E7.21 (7.1 table)",
              pack="air_support_exponent",
              help="from your rulebook's 7.1 Air Support table: type your scenario's exponent"),
        Field("type_bombs", "Type received on a dr ≤ the exponent (with bombs)", "choice", choices=AIRCRAFT_TYPES[:2],
              default="FB", rule="E7.21 (7.1 table)"),
        Field("type_else", "Type received otherwise (no bombs)", "choice", choices=AIRCRAFT_TYPES[:2], default="FB",
              rule="E7.21 (7.1 table)"),
        Field("arrived", "Game set up mid-scenario: its arrival dr passed before this record", "bool", default=False,
              rule="E7.2",
              help="only for a game set up after its Air Support's arrival dr passed: the game's own record "
                   "otherwise decides whether this is the arrival dr or the entry drs"),
        Field("name", "Aircraft name", "text", lo=1, hi=16, default="Aircraft"),
        Field("hex", "Hex to place them in (optional)", "hex", default=None, rule="E7.21",
              help="aircraft may be placed anywhere on the mapboard"),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The side of the current Player Turn (the arrival dr is made in its own RPh)."""
        return {"side": state.sides[state.turn.player]}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        bits = [f"{params['side']}" if params.get("side") else "", f"Air Support Number exponent {params.get('exponent')}"]
        if params.get("arrived"):
            bits.append("game set up mid-scenario, arrival dr passed before its record")
        return ", ".join(b for b in bits if b)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        barred = check_air(state, params)  # E7.2: never at night or in Overcast (Fog: each attacked Location's)
        turn, step = arrival_turn(state, params, params["side"], bool(params["arrived"]))
        turn = barred + turn
        a = _Arrival(params["side"], params["name"], params["exponent"], kind_of(params["type_bombs"]),
                     kind_of(params["type_else"]), params.get("hex"),
                     enter_now="agreed" if params.get(OVERRIDE.key) else "saved" if params.get(SAVED_BEFORE) else "")
        if step == ENTRY:
            return StepResult(ProcState(self.name, "entry", a), (*turn, ev.info("E7.2", f"{a.side} Air Support enters this MPh")))
        return StepResult(ProcState(self.name, "arrival", a), tuple(turn))

    def prompt(self, state: GameState, proc: ProcState[_Arrival]) -> Prompt:
        a = proc.data
        if proc.step == "arrival":
            turn = state.turn.game_turn
            if turn <= 1:
                return Prompt("roll", "E7.2", f"RPh Air Support arrival dr for {a.side}: on Game Turn 1 no dr is < 1, so it "
                              "cannot succeed (roll again in the next RPh)", dr("arrival dr"))
            return Prompt("roll", "E7.2", f"RPh Air Support arrival dr for {a.side} (needs < Game Turn {turn})",
                          dr("arrival dr"))
        if proc.step == "entry":
            return Prompt("roll", "E7.21", f"Entry dr for {a.side} Air Support: number of aircraft (halved, FRU)", dr("entry dr"))
        return Prompt("roll", "E7.21", f"Bombs dr for all {a.count} aircraft (bombs on ≤ {a.exponent})", dr("bombs dr"))

    def roll(self, state: GameState, proc: ProcState[_Arrival], roll: Roll) -> StepResult:
        a = proc.data
        v = roll.total
        if proc.step == "arrival":
            turn = state.turn.game_turn
            if not arrives(v, turn):
                events = (ev.roll("E7.2", f"arrival dr {v}"),
                          ev.result("E7.2", f"{v} is not < Game Turn {turn}: no Air Support this Player Turn (roll again next RPh)"))
                return StepResult(None, events, outcome={"procedure": self.name, "side": a.side, "arrived": False, "count": 0})
            events = (ev.roll("E7.2", f"arrival dr {v}"),
                      ev.result("E7.2", f"{v} < Game Turn {turn}: {a.side} Air Support must be placed onboard in the next MPh"))
            if not a.enter_now:
                told = ev.info("E7.21", f"the entry drs are made upon mapboard entry: in {a.side}'s Movement Phase, start "
                                        "Air Support arrival again and the entry drs follow (the game's record holds "
                                        "the passed dr)")
                passed = {"procedure": self.name, "side": a.side, "arrived": True, "entered": False, "count": 0}
                return StepResult(None, (*events, told), outcome=passed, conditions=arrival_conditions(passed))
            why = ("the players agree to do it anyway" if a.enter_now == "agreed" else
                   "this game was saved before Airhead checked it, so they follow as it then did")
            now_ = ev.info("E7.21", f"the entry drs follow at once, not in {a.side}'s next Movement Phase: {why}")
            return StepResult(ProcState(self.name, "entry", a), (*events, now_))
        if proc.step == "entry":
            n = aircraft_count(v)
            entry = (ev.roll("E7.21", f"entry dr {v}"), ev.result("E7.21", f"{v} halved, rounded up: {n} aircraft"))
            return StepResult(ProcState(self.name, "bombs", replace(a, count=n)), entry)
        bombs = bombs_received(v, a.exponent)
        kind = a.type_bombs if bombs else a.type_else
        what = f"{kind} with bombs" if bombs else f"{kind} without bombs"
        out: list[Event] = [ev.roll("E7.21", f"bombs dr {v}"),
                  ev.result("E7.21", f"{v} {'≤' if bombs else '>'} exponent {a.exponent}: all {a.count} aircraft are {what}")]
        counters = state.counters
        placed = []
        for i in range(a.count):
            label = f"{a.name} {i + 1}"
            plane = Aircraft(counters.free_id(label), a.side, kind, bombs, label=label, hex=a.hex)
            counters = write_aircraft(counters, plane)
            placed.append(label)
        where = f" in {state.scenario.map.label(a.hex)}" if a.hex is not None else ""
        out.append(ev.result("E7.21", f"placed onboard{where}: {', '.join(placed)}",
                                [state.scenario.map.name(a.hex)] if a.hex is not None else []))
        outcome = {"procedure": self.name, "side": a.side, "arrived": True, "entered": True, "count": a.count, "type": kind, "bombs": bombs,
                   "aircraft": placed, "hex": state.scenario.map.name(a.hex) if a.hex is not None else None}
        return StepResult(None, tuple(out), counters=counters, outcome=outcome, conditions=arrival_conditions(outcome))

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """E7.2: the chance the arrival dr is < the Game Turn (none on Game Turn 1); E7.21: the
        number of aircraft (the entry dr halved, FRU) and the chance of bombs (dr ≤ the exponent)."""
        check_air(state, params)
        side = str(params.get("side", ""))
        arrived = arrival_turn(state, params, side, bool(params.get("arrived")))[1] == ENTRY  # out of its phase: the planner says so
        six = range(1, 7)
        count: dict[int, Fraction] = {}
        for v in six:
            count[aircraft_count(v)] = count.get(aircraft_count(v), Fraction(0)) + Fraction(1, 6)
        exponent = params.get("exponent")
        facts: list[Fact] = []
        notes: list[str] = []
        if not arrived:
            turn = state.turn.game_turn
            p = Fraction(sum(1 for v in six if arrives(v, turn)), 6)
            facts.append(Fact("arrival", f"Arrival dr < Game Turn {turn}", percent(p)))
            if turn <= 1:
                notes.append("E7.2: on Game Turn 1 no dr is < 1: the arrival dr cannot succeed this Player Turn; it is "
                             "made again in each of the side's Rally Phases until it succeeds.")
            else:
                notes.append("On a success the aircraft enter in the side's next Movement Phase (E7.2), where the entry "
                             "drs are made (E7.21).")
        if isinstance(exponent, int):
            facts.append(Fact("bombs", f"Bombs (dr ≤ {exponent})", percent(Fraction(sum(1 for v in six
                                                                                     if bombs_received(v, exponent)), 6))))
        rows = tuple((f"{n} aircraft", float(q)) for n, q in sorted(count.items()))
        return Odds(facts=tuple(facts), tables=(Table("count", "Number of aircraft (entry dr halved, FRU)", rows),),
                    notes=tuple(notes))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        if not outcome.get("hex"):
            return View()
        h = state.scenario.map.parse(outcome["hex"])
        return View(marks=((h, "target"),), labels=((h, f"{outcome['count']} {outcome['type']}"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        if not outcome.get("arrived"):
            return f"No Air Support for {outcome['side']} this Player Turn."
        if outcome.get("entered") is False:
            return f"{outcome['side']}'s Air Support arrives: it enters in {outcome['side']}'s next Movement Phase."
        arms = "with bombs" if outcome.get("bombs") else "without bombs"
        return f"{outcome['side']} receives {outcome['count']} {outcome['type']} {arms}."
