"""The state of a game: everything replaying its actions rebuilds.

:class:`GameState` is immutable; the reducer (:mod:`airhead.game`) makes a new one per action.
Beside the scenario, the terrain as edited and the dice position it holds what outlives one
procedure: the turn track position, the units and markers, finished procedures' outcomes and
sealed plans.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .counters import Counters
from .dice import SeededDice
from .errors import DataError
from .plug import ProcState, Prompt, System
from .scenario import Scenario
from .terrain import Terrain
from .turns import Turn

__all__ = ["GameState", "initial_state"]


@dataclass(frozen=True)
class GameState:
    """Everything replay rebuilds.

    ``settings`` are the scenario's settings as the system reads them (typed, with defaults), the
    one source every procedure, preview and odds uses.
    """

    system: System
    scenario: Scenario
    settings: Mapping[str, Any]
    terrain: Terrain
    dice: SeededDice
    procedure: ProcState[Any] | None = None
    outcomes: tuple[Mapping[str, Any], ...] = ()
    seals: tuple[tuple[str, str, str], ...] = ()
    turn: Turn = field(default_factory=Turn)
    counters: Counters = field(default_factory=Counters)

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides, the one that moves first first."""
        s = self.settings.get("sides") or ("Allied", "Axis")
        return str(s[0]), str(s[1])

    def sealed(self, side: str, label: str) -> str | None:
        """The commitment code ``side`` sealed under ``label`` and not yet revealed, if any."""
        for sd, lb, code in self.seals:
            if sd == side and lb == label:
                return code
        return None

    def revealed(self, label: str) -> list[Mapping[str, Any]]:
        """Revealed plans under ``label`` (each with ``side``, ``plan`` and ``valid``)."""
        return [o for o in self.outcomes if o.get("procedure") == "reveal" and o.get("label") == label]

    def waiting_for(self) -> Prompt | None:
        """The prompt of the procedure under way, or None when no procedure is running."""
        if self.procedure is None:
            return None
        return self.system.procedure(self.procedure.procedure).prompt(self, self.procedure)

    def describe_turn(self) -> str:
        """E.g. ``Game Turn 1, Allied Player Turn: Rally Phase (RPh)``."""
        return self.system.track.describe(self.turn, self.sides)


def initial_state(system: System, scenario: Scenario, seed: str) -> GameState:
    """The state before any action; :class:`~airhead.errors.DataError` if the scenario does not
    fit the system (its terrain types, its settings)."""
    if scenario.system != system.key:
        raise DataError(f"a {scenario.system} scenario cannot be played with the {system.title} rules")
    system.check_terrain(scenario)
    return GameState(system, scenario, system.settings_of(scenario), scenario.terrain, SeededDice(seed))
