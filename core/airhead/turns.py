"""The turn track: a system's sequence of play and where the game stands on it.

A :class:`Track` is a system's phases (ASL: RPh PFPh MPh DFPh AFPh RtPh APh CCPh) and whether each
Game Turn has two Player Turns. A :class:`Turn` is a position on it. The ``advance`` action moves
the game to the next phase (or to a named one), logs it, and removes the markers that expire at
the end of each phase it leaves.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Phase", "Track", "Turn", "MAX_GAME_TURN"]

MAX_GAME_TURN = 99


@dataclass(frozen=True)
class Phase:
    """One phase of the sequence of play: its short key (``MPh``), its name and its rule."""

    key: str
    title: str
    rule: str = ""

    def describe(self) -> str:
        """E.g. ``Movement Phase (MPh)``."""
        return self.title if self.title == self.key else f"{self.title} ({self.key})"


@dataclass(frozen=True)
class Track:
    """A system's sequence of play: its phases in order, whether each Game Turn has two Player
    Turns, and the rule (or the table) that gives it."""

    phases: tuple[Phase, ...]
    player_turns: bool = True
    rule: str = ""

    def __post_init__(self) -> None:
        if not self.phases:
            raise ValueError("a turn track needs at least one phase")
        keys = [p.key for p in self.phases]
        if len(set(keys)) != len(keys):
            raise ValueError("phase keys must be unique")

    def phase(self, turn: Turn) -> Phase:
        """The phase the game is in."""
        return self.phases[turn.phase]

    def index(self, key: str) -> int:
        """The index of the phase with key ``key``; KeyError if there is none."""
        for i, p in enumerate(self.phases):
            if p.key == key:
                return i
        raise KeyError(key)

    def next(self, turn: Turn) -> Turn:
        """The position after ``turn``'s phase: the next phase, else the other Player Turn, else
        the next Game Turn."""
        if turn.phase + 1 < len(self.phases):
            return Turn(turn.game_turn, turn.player, turn.phase + 1)
        if self.player_turns and turn.player == 0:
            return Turn(turn.game_turn, 1, 0)
        return Turn(turn.game_turn + 1, 0, 0)

    def describe(self, turn: Turn, sides: tuple[str, str]) -> str:
        """E.g. ``Game Turn 2, Axis Player Turn: Movement Phase (MPh)``."""
        who = f", {sides[turn.player]} Player Turn" if self.player_turns else ""
        return f"Game Turn {turn.game_turn}{who}: {self.phase(turn).describe()}"


@dataclass(frozen=True, order=True)
class Turn:
    """A position on the track: Game Turn (from 1), Player Turn (0: the side that moves first,
    1: the other) and phase (index into the track)."""

    game_turn: int = 1
    player: int = 0
    phase: int = 0
