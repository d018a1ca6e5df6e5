"""Random Location DR, as used by E8.211 (Evasive Action) and other ASL rules.

The colored dr gives the direction (1..6 clockwise from straight up the column), the white dr
the distance in hexes. The seed's examples pin this down: C9 → C8 on DR 2 (colored 1, white 1);
C8 → E7 on a colored 2 with white 2; P10 → P12 on a 6 DR with colored 4 (white 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ... import events as ev
from ...boards import player_name
from ...dice import DR, Roll
from ...fields import Field, Schema
from ...hexes import Hex, from_asl_direction
from ...plug import GameState, Procedure, ProcState, Prompt, StepResult, View

__all__ = ["random_location", "RandomLocation"]


def random_location(start: Hex, colored: int, white: int) -> Hex:
    """The hex ``white`` hexes from ``start`` in ASL direction ``colored``."""
    if not (1 <= colored <= 6 and 1 <= white <= 6):
        raise ValueError("Random Location needs a colored and a white dr of 1..6")
    return start.neighbor(from_asl_direction(colored), white)


@dataclass(frozen=True)
class _From:
    start: Hex
    rule: str


class RandomLocation(Procedure[_From]):
    """Move a hex by a Random Location DR. Params: ``from`` (hex name), ``rule`` (citing rule)."""

    name = "asl.random_location"
    title = "Random Location"
    params = Schema((
        Field("from", "From hex", "hex", offboard=True, help="the hex the Random Location DR moves from"),
        Field("rule", "Rule that calls for it", "text", lo=1, hi=16, default="E8.211"),
    ))

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        return StepResult(ProcState(self.name, "dr", _From(params["from"], params["rule"])))

    def prompt(self, state: GameState, proc: ProcState[_From]) -> Prompt:
        name = state.scenario.map.label(proc.data.start)
        return Prompt("roll", proc.data.rule, f"Random Location DR from {name}", DR)

    def roll(self, state: GameState, proc: ProcState[_From], roll: Roll) -> StepResult:
        m = state.scenario.map
        rule = proc.data.rule
        start = proc.data.start
        colored, white = roll.value("colored"), roll.value("white")
        dest = random_location(start, colored, white)
        a, b = m.name(start), m.name(dest)
        shown = m.label(dest)
        where = "" if m.in_play(dest) or shown != b else " (off the playing area)"
        events = (
            ev.roll(rule, f"Random Location {roll.describe()}"),
            ev.result(rule, f"{white} hex{'es' if white > 1 else ''} in direction {colored}: {m.label(start)} -> {shown}{where}", (a, b)),
        )
        return StepResult(None, events, outcome={"procedure": self.name, "from": a, "hex": b})

    def view(self, state: GameState, proc: ProcState[_From]) -> View:
        return View(marks=((proc.data.start, "target"),))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        a, b = m.parse(outcome["from"], allow_offboard=True), m.parse(outcome["hex"], allow_offboard=True)
        return View(marks=((b, "landed"),), paths=((a, b),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"Random Location from {player_name(outcome['from'])}: {player_name(outcome['hex'])}."
