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
from ..game import ActionError, GameState, ProcState, Procedure, Prompt, StepResult, register
from ..hexes import DIRECTION_NAMES, opposite
from ..tables import load_table

__all__ = [
    "RULE_DIRECTION",
    "RULE_SPEED",
    "SPEEDS",
    "WindError",
    "Wind",
    "orientations",
    "wind_direction",
    "wind_speed",
    "current_wind",
    "WindProcedure",
]

RULE_DIRECTION = "PL I.D Wind Direction"
RULE_SPEED = "PL I.E Wind Speed"
SPEEDS: tuple[str, ...] = ("Low", "Gusty", "High")


class WindError(ValueError):
    """A wind, orientation or speed is invalid."""


@dataclass(frozen=True)
class Wind:
    """The wind of a turn: the map hexside (0..5) it blows from, and its speed."""

    from_side: int
    speed: str

    def __post_init__(self) -> None:
        if self.from_side not in range(6):
            raise WindError(f"wind hexside must be 0..5, not {self.from_side!r}")
        if self.speed not in SPEEDS:
            raise WindError(f"wind speed must be one of {', '.join(SPEEDS)}, not {self.speed!r}")

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
        """Inverse of :meth:`to_data`."""
        if not isinstance(data, Mapping) or set(data) != {"from", "speed"}:
            raise WindError('a wind is {"from": hexside N..NW, "speed": Low|Gusty|High}')
        if data["from"] not in DIRECTION_NAMES:
            raise WindError(f"wind hexside must be one of {', '.join(DIRECTION_NAMES)}")
        return cls(DIRECTION_NAMES.index(data["from"]), data["speed"])


def orientations() -> dict[str, str]:
    """Mapboard orientations of the wind table, with their labels."""
    return {k: v["label"] for k, v in load_table("pl_wind")["orientations"].items()}


def wind_direction(face: int, orientation: str = "1") -> tuple[int, str]:
    """The map hexside (0..5) the wind blows from on a die ``face``, and its printed compass name."""
    table = load_table("pl_wind")["orientations"]
    if orientation not in table:
        raise WindError(f"mapboard orientation must be one of {', '.join(table)}, not {orientation!r}")
    if not 1 <= face <= 6:
        raise WindError(f"the wind direction die shows 1..6, not {face}")
    entry = table[orientation]["faces"][face - 1]
    return DIRECTION_NAMES.index(entry["hexside"]), str(entry["compass"])


def wind_speed(face: int) -> str:
    """Low, Gusty or High on a die ``face``."""
    if not 1 <= face <= 6:
        raise WindError(f"the wind speed die shows 1..6, not {face}")
    return str(load_table("pl_wind")["speed"][face - 1])


def current_wind(state: GameState, params: Mapping[str, Any], turn: int) -> Wind:
    """The wind given in ``params["wind"]``, else the one rolled for ``turn`` (the latest wind
    procedure's outcome for that turn); raise :class:`ActionError` if there is none."""
    if "wind" in params:
        try:
            return Wind.from_data(params["wind"])
        except WindError as e:
            raise ActionError(str(e)) from None
    for out in reversed(state.outcomes):
        if out.get("procedure") == WindProcedure.name and out.get("turn") == turn:
            return Wind.from_data(out["wind"])
    raise ActionError(f"no wind for turn {turn}: roll it first (panzer_leader.wind) or give 'wind'")


def _orientation(state: GameState, params: Mapping[str, Any]) -> str:
    pl = state.scenario.settings.get("panzer_leader", {})
    default = pl.get("orientation", "1") if isinstance(pl, Mapping) else "1"
    o = params.get("orientation", default)
    if not isinstance(o, str) or o not in orientations():
        raise ActionError(f"mapboard orientation must be one of {', '.join(orientations())}")
    return o


def turn_of(params: Mapping[str, Any]) -> int:
    """The ``turn`` parameter of a Panzer Leader procedure (default 1), checked."""
    t = params.get("turn", 1)
    if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= 99:
        raise ActionError("turn must be a whole number 1..99")
    return t


@register
class WindProcedure(Procedure):
    """Roll the wind for a turn. Params: ``turn`` (default 1), ``orientation`` ("1" or "2";
    default from the scenario's ``settings.panzer_leader.orientation``)."""

    name = "panzer_leader.wind"
    title = "Wind (Panzer Leader)"
    systems = ("panzer_leader",)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        extra = set(params) - {"turn", "orientation"}
        if extra:
            raise ActionError(f"unknown parameter(s): {', '.join(sorted(extra))}")
        data = {"turn": turn_of(params), "orientation": _orientation(state, params)}
        return StepResult(ProcState(self.name, "direction", data))

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        if proc.step == "direction":
            o = str(proc.data["orientation"])
            return Prompt("roll", f"{RULE_DIRECTION} (orientation {o})", f"Wind direction die, turn {proc.data['turn']}", dr("direction"))
        return Prompt("roll", RULE_SPEED, f"Wind speed die, turn {proc.data['turn']}", dr("speed"))

    def roll(self, state: GameState, proc: ProcState, roll: Roll) -> StepResult:
        face = roll.values[0]
        o = str(proc.data["orientation"])
        if proc.step == "direction":
            side, compass = wind_direction(face, o)
            rule = f"{RULE_DIRECTION} (orientation {o}, {face})"
            events = (
                ev.roll(rule, f"wind direction die {face}"),
                ev.result(rule, f"the wind blows from the {compass} (map hexside {DIRECTION_NAMES[side]}); drift is toward {DIRECTION_NAMES[opposite(side)]}"),
            )
            return StepResult(ProcState(self.name, "speed", dict(proc.data, side=side)), events)
        speed = wind_speed(face)
        wind = Wind(int(proc.data["side"]), speed)
        rule = f"{RULE_SPEED} ({face})"
        events = (
            ev.roll(rule, f"wind speed die {face}"),
            ev.result(rule, f"turn {proc.data['turn']}: wind {wind.describe()}"),
        )
        outcome = {"procedure": self.name, "turn": proc.data["turn"], "wind": wind.to_data()}
        return StepResult(None, events, outcome=outcome)
