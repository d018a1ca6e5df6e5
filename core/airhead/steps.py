"""A procedure's step as data: its state under way, the prompt it waits on, and what a step
produces (re-exported by :mod:`airhead.plug`, the seam)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Literal, Mapping, TypeVar

from .counters import Counters
from .dice import DiceSpec
from .events import Event
from .terrain import Terrain

__all__ = ["Condition", "ProcState", "MAX_CHOICE", "Prompt", "StepResult"]

D = TypeVar("D")

#: A game-wide condition's value (the current NVR, the cloud cover).
Condition = int | str | bool


@dataclass(frozen=True)
class ProcState(Generic[D]):
    """A procedure under way: its registered name, its current step and its own typed data."""

    procedure: str
    step: str
    data: D


#: The longest choice a ``choose`` action carries (:data:`airhead.actions.ACTIONS`): a prompt
#: never offers a longer option, which no player could then pick.
MAX_CHOICE = 120


@dataclass(frozen=True)
class Prompt:
    """What a procedure is waiting for: a roll (which dice) or a choice (which options)."""

    kind: Literal["roll", "choice"]
    rule: str
    label: str
    dice: DiceSpec | None = None
    options: tuple[str, ...] = ()
    #: Choices no longer offered that a game saved before still makes (its actions replay as
    #: then): accepted, never shown.
    legacy: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        long = next((o for o in self.options if len(o) > MAX_CHOICE), None)
        if long is not None:  # a fault in the rules' code, not a player's: never an AirheadError
            raise ValueError(f"an option longer than a choose action may carry ({MAX_CHOICE}): {long!r}")

    def describe(self) -> str:
        """E.g. ``Random Location DR from 1C9 (E8.211): colored d6 + white d6``."""
        what = self.dice.describe() if self.dice else "one of " + ", ".join(self.options)
        return f"{self.label} ({self.rule}): {what}"


@dataclass(frozen=True)
class StepResult:
    """What a procedure step produced: its next state (None when finished), its events, and
    optionally changed terrain, changed units and markers, and a final outcome."""

    proc: ProcState[Any] | None
    events: tuple[Event, ...] = ()
    terrain: Terrain | None = None
    counters: Counters | None = None
    outcome: Mapping[str, Any] | None = None
    #: Game-wide conditions changed by this step (merged into :attr:`airhead.plug.GameState.conditions`; a
    #: value of None removes the key), e.g. ``{"nvr": 4}`` after an E1.12 NVR change.
    conditions: Mapping[str, Condition | None] | None = None
