"""Random Location DR, as used by E8.211 (Evasive Action) and other ASL rules.

The colored dr gives the direction (1..6 clockwise from straight up the column), the white dr
the distance in hexes. The seed's examples pin this down: C9 → C8 on DR 2 (colored 1, white 1);
C8 → E7 on a colored 2 with white 2; P10 → P12 on a 6 DR with colored 4 (white 2).
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import events as ev
from ..boards import HexMap, HexNameError
from ..dice import DR, Roll
from ..game import ActionError, GameState, ProcState, Procedure, Prompt, StepResult, register
from ..hexes import Hex, from_asl_direction

__all__ = ["random_location", "RandomLocation"]


def random_location(start: Hex, colored: int, white: int) -> Hex:
    """The hex ``white`` hexes from ``start`` in ASL direction ``colored``."""
    if not (1 <= colored <= 6 and 1 <= white <= 6):
        raise ValueError("Random Location needs a colored and a white dr of 1..6")
    return start.neighbor(from_asl_direction(colored), white)


def _parse(m: HexMap, name: Any) -> Hex:
    if not isinstance(name, str):
        raise ActionError("'from' must be a hex name")
    try:
        return m.parse(name, allow_offboard=True)
    except HexNameError as e:
        raise ActionError(str(e)) from None


@register
class RandomLocation(Procedure):
    """Move a hex by a Random Location DR. Params: ``from`` (hex name), ``rule`` (citing rule)."""

    name = "asl.random_location"
    title = "Random Location"
    systems = ("asl",)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        extra = set(params) - {"from", "rule"}
        if extra:
            raise ActionError(f"unknown parameter(s): {', '.join(sorted(extra))}")
        h = _parse(state.scenario.map, params.get("from"))
        rule = params.get("rule", "E8.211")
        if not isinstance(rule, str) or len(rule) > 16:
            raise ActionError("rule must be a short rule number")
        name = state.scenario.map.name(h)
        return StepResult(ProcState(self.name, "dr", {"from": name, "rule": rule}))

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        return Prompt("roll", str(proc.data["rule"]), f"Random Location DR from {proc.data['from']}", DR)

    def roll(self, state: GameState, proc: ProcState, roll: Roll) -> StepResult:
        m = state.scenario.map
        rule = str(proc.data["rule"])
        start = m.parse(str(proc.data["from"]), allow_offboard=True)
        colored, white = roll.value("colored"), roll.value("white")
        dest = random_location(start, colored, white)
        a, b = m.name(start), m.name(dest)
        where = "" if m.in_play(dest) else " (off the playing area)"
        events = (
            ev.roll(rule, f"Random Location {roll.describe()}"),
            ev.result(rule, f"{white} hex{'es' if white > 1 else ''} in direction {colored}: {a} -> {b}{where}", (a, b)),
        )
        return StepResult(None, events, outcome={"procedure": self.name, "from": a, "hex": b})
