"""Wind (seed 001, I.D Wind Direction Determination and I.E Wind Speed Determination).

Before each turn a die gives the hexside the wind blows *from*, read on the diagram for the
mapboard orientation, and a second die its speed: Low, Gusty or High. Both diagrams and the speed
chart are missing from the seed: ``tables/pl_wind.json`` holds Airhead's reconstruction (see
docs/rules-notes.md) for the player to check and edit.

A wind is the map hexside it blows from (0..5: N, NE, SE, S, SW, NW as Airhead draws the map) and
its speed; everything drifts *downwind*, toward the opposite hexside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .. import events as ev
from ..dice import Roll, dr
from ..errors import ActionError, DataError, quoted
from ..fields import Field, Schema
from ..hexes import DIRECTION_NAMES, opposite
from ..plug import GameState, Procedure, ProcState, Prompt, StepResult
from ..tables import shared_table

__all__ = [
    "RULE_DIRECTION",
    "RULE_SPEED",
    "SPEEDS",
    "TURN",
    "WIND",
    "Wind",
    "orientations",
    "wind_direction",
    "wind_speed",
    "current_wind",
    "WindProcedure",
]

RULE_DIRECTION = "PL I.D"
RULE_SPEED = "PL I.E"
SPEEDS: tuple[str, ...] = ("Low", "Gusty", "High")


@dataclass(frozen=True)
class Wind:
    """The wind of a turn: the map hexside (0..5) it blows from, and its speed."""

    from_side: int
    speed: str

    def __post_init__(self) -> None:
        if self.from_side not in range(6):
            raise DataError(f"wind hexside must be 0..5, not {quoted(self.from_side)}")
        if self.speed not in SPEEDS:
            raise DataError(f"wind speed must be one of {', '.join(SPEEDS)}, not {quoted(self.speed)}")

    @property
    def downwind(self) -> int:
        """The direction things drift: away from the hexside the wind comes from."""
        return opposite(self.from_side)

    def describe(self) -> str:
        """E.g. ``Gusty from N``."""
        return f"{self.speed} from {DIRECTION_NAMES[self.from_side]}"

    def to_data(self) -> dict[str, str]:
        """JSON form ``{"from": "N", "speed": "Gusty"}``."""
        return {"from": DIRECTION_NAMES[self.from_side], "speed": self.speed}

    @classmethod
    def from_data(cls, data: Any) -> Wind:
        """Inverse of :meth:`to_data`; :class:`~airhead.errors.DataError` if malformed."""
        return cls.from_params(WIND.parse(data))

    @classmethod
    def from_params(cls, values: Mapping[str, Any]) -> Wind:
        """From the typed values of a :data:`WIND` field (``from`` already 0..5)."""
        return cls(int(values["from"]), str(values["speed"]))


def orientations() -> dict[str, str]:
    """Mapboard orientations of the wind table, with their labels."""
    return {k: v["label"] for k, v in shared_table("pl_wind")["orientations"].items()}


def wind_direction(face: int, orientation: str = "1") -> tuple[int, str]:
    """The map hexside (0..5) the wind blows from on a die ``face``, and its printed compass name."""
    table = shared_table("pl_wind")["orientations"]
    if orientation not in table:
        raise DataError(f"mapboard orientation must be one of {', '.join(table)}, not {quoted(orientation)}")
    if not 1 <= face <= 6:
        raise DataError(f"the wind direction die shows 1..6, not {face}")
    entry = table[orientation]["faces"][face - 1]
    return DIRECTION_NAMES.index(entry["hexside"]), str(entry["compass"])


def wind_speed(face: int) -> str:
    """Low, Gusty or High on a die ``face``."""
    if not 1 <= face <= 6:
        raise DataError(f"the wind speed die shows 1..6, not {face}")
    return str(shared_table("pl_wind")["speed"][face - 1])


#: The ``turn`` parameter of every Panzer Leader procedure (1 when left out, as in old saves).
TURN = Field("turn", "Game Turn", "int", lo=1, hi=99, default=1, rule="PL II.A",
             help="the turn whose Air Phase this is")

#: The ``wind`` parameter of the landings: left out, the wind rolled for the turn is used.
WIND = Field("wind", "Wind (leave out: the wind rolled for the turn)", "record", default=None, rule="PL I.D / I.E", fields=(
    Field("from", "Wind blows from (map hexside)", "direction", style="compass", rule="PL I.D"),
    Field("speed", "Wind speed", "choice", choices=SPEEDS, rule="PL I.E"),
))

#: The mapboard orientation the wind direction diagram is read for (PL I.D).
ORIENTATION = Field("orientation", "Mapboard orientation", "choice", choices=tuple(orientations()), default="1",
                    rule="PL I.D", help="; ".join(f"{k}: {v}" for k, v in orientations().items()))


def current_wind(state: GameState, wind: Mapping[str, Any] | None, turn: int) -> Wind:
    """The wind given (typed values of :data:`WIND`), else the one rolled for ``turn`` (the
    latest wind procedure's outcome for that turn); :class:`ActionError` if there is none."""
    if wind is not None:
        return Wind.from_params(wind)
    for out in reversed(state.outcomes_of(WindProcedure.name)):
        if out.get("turn") == turn:
            return Wind.from_data(out["wind"])
    raise ActionError(f"no wind for turn {turn}: roll it first (Wind), or give the wind in the plan")


@dataclass(frozen=True)
class _Rolling:
    """The wind being rolled: its turn, the orientation, and the hexside once the first die is in."""

    turn: int
    orientation: str
    side: int | None = None


class WindProcedure(Procedure[_Rolling]):
    """Roll the wind for a turn. Params: ``turn`` (default 1), ``orientation`` ("1" or "2";
    default the scenario's ``orientation`` setting)."""

    name = "panzer_leader.wind"
    title = "Wind (Panzer Leader)"
    params = Schema((TURN, ORIENTATION))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The orientation comes from the scenario unless the action says otherwise."""
        return {"orientation": state.settings["orientation"]}

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The current Game Turn and the scenario's orientation."""
        return {"turn": state.turn.game_turn, "orientation": state.settings["orientation"]}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """E.g. ``turn 2, mapboard orientation 1``."""
        bits = [f"turn {params['turn']}"] if "turn" in params else []
        if "orientation" in params:
            bits.append(f"mapboard orientation {params['orientation']}")
        return ", ".join(bits)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        return StepResult(ProcState(self.name, "direction", _Rolling(params["turn"], params["orientation"])))

    def prompt(self, state: GameState, proc: ProcState[_Rolling]) -> Prompt:
        d = proc.data
        if proc.step == "direction":
            return Prompt("roll", RULE_DIRECTION, f"Wind direction die, turn {d.turn} (diagram for mapboard orientation {d.orientation})",
                          dr("direction"))
        return Prompt("roll", RULE_SPEED, f"Wind speed die, turn {d.turn}", dr("speed"))

    def roll(self, state: GameState, proc: ProcState[_Rolling], roll: Roll) -> StepResult:
        face = roll.values[0]
        d = proc.data
        if proc.step == "direction":
            side, compass = wind_direction(face, d.orientation)
            events = (
                ev.roll(RULE_DIRECTION, f"wind direction die {face} (diagram for mapboard orientation {d.orientation})"),
                ev.result(RULE_DIRECTION, f"the wind blows from the {compass} (map hexside {DIRECTION_NAMES[side]}); drift is toward {DIRECTION_NAMES[opposite(side)]}"),
            )
            return StepResult(ProcState(self.name, "speed", _Rolling(d.turn, d.orientation, side)), events)
        assert d.side is not None
        wind = Wind(d.side, wind_speed(face))
        events = (
            ev.roll(RULE_SPEED, f"wind speed die {face}"),
            ev.result(RULE_SPEED, f"turn {d.turn}: wind {wind.describe()}"),
        )
        outcome = {"procedure": self.name, "turn": d.turn, "wind": wind.to_data()}
        return StepResult(None, events, outcome=outcome)

    def summary(self, outcome: Mapping[str, Any]) -> str:
        """E.g. ``Wind for turn 1: Gusty from NE.``"""
        w = outcome["wind"]
        return f"Wind for turn {outcome['turn']}: {w['speed']} from {w['from']}."
