"""ASL E7.21: an aircraft leaves the mapboard and may not return.

"Each aircraft remains on the mapboard until eliminated (7.22, 7.511, 7.52), Recalled (7.24), or
voluntarily exited during an enemy MPh (unless engaged in Aerial Melee; 7.22)" and "once an
aircraft leaves the mapboard it may not return". The procedure *Aircraft exit (E7.21)* takes an
aircraft off the counters and records it; a later procedure naming it is refused
(:func:`~.turn_rules.exited`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ... import events as ev
from ...errors import ActionError, RulesError
from ...fields import Field, Schema
from ...plug import OVERRIDE, GameState, Procedure, ProcState, Prompt, StepResult
from .air_support import aircraft_of
from ..turn_rules import AIR_EXIT, exit_turn, exited, phasing_side

__all__ = ["AirExit", "no_return"]


def no_return(state: GameState, name: str) -> None:
    """E7.21: refuse an aircraft that has left the mapboard."""
    if exited(state, name):
        raise RulesError(f"E7.21: {name} has left the mapboard: once an aircraft leaves the mapboard it may not return")


@dataclass(frozen=True)
class _Nothing:
    pass


class AirExit(Procedure[_Nothing]):
    """E7.21: an aircraft on the map exits voluntarily during an enemy MPh (not while in Aerial
    Melee); it is removed from the counters and may not return."""

    name = AIR_EXIT
    title = "Aircraft exit (E7.21)"
    params = Schema((
        Field("aircraft", "Aircraft", "text", lo=1, hi=24, rule="E7.21", pick="units:aircraft", help="the name of an aircraft on the map"),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The first aircraft of the side whose Player Turn it is not (it exits in an enemy MPh)."""
        other = next((s for s in state.sides if s != phasing_side(state)), "")
        first = next((a.name for a in aircraft_of(state.counters, other) if not a.melee), None)
        return {"aircraft": first}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return str(params.get("aircraft", ""))

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        name = params["aircraft"]
        a = next((x for x in aircraft_of(state.counters) if x.name == name), None)
        if a is None:
            raise RulesError(f"E7.21: there is no aircraft named {name} on the map")
        if a.melee:
            raise RulesError(f"E7.21: {a.name} is engaged in Aerial Melee (E7.22): it may not exit")
        events = exit_turn(state, params, a.name, a.side)
        events.append(ev.result("E7.21", f"{a.name} leaves the mapboard: once an aircraft leaves the mapboard it may not "
                                         "return"))
        return StepResult(None, tuple(events), counters=state.counters.remove(a.id),
                          outcome={"procedure": self.name, "aircraft": a.name, "side": a.side})

    def prompt(self, state: GameState, proc: ProcState[_Nothing]) -> Prompt:
        raise ActionError("Aircraft exit takes no dice")

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"{outcome['aircraft']} left the mapboard (E7.21): it may not return."
