"""Glider rules (seed 001, III).

* III.A: a glider enters the board heading in the direction, and along the hex row, of its target.
* III.C: it carries one full platoon or one artillery battery.
* III.D: it may be fired on by anti-aircraft fire in the Air Phase (:mod:`.anti_aircraft`).
* III.E: at most two gliders land in a hex per game turn; more → every friendly unit there
  dispersed (:mod:`.stacking`).
* III.F.1: a die: 1-2 short, 3-4 on target, 5-6 long (one hex back or forward along the flight).
* III.F.2: then shifted 1 / 2 / 3 hexes for a Low / Gusty / High wind "in that direction": downwind
  (default) or, read literally, toward the hexside the wind blows from (:data:`GLIDER_SHIFT`).

Pure functions for each step; :class:`.gliders_procedures.GliderLanding` strings them together;
:mod:`.odds` enumerates the dice through the same functions.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from ..boards import HexMap
from ..errors import DataError, quoted
from ..fields import Field
from ..hexes import Hex, opposite
from ..tables import shared_table
from .anti_aircraft import AA_RESULTS
from .stacking import GLIDERS_PER_HEX
from .wind import Wind

__all__ = [
    "AA_RESULTS",
    "GLIDERS_PER_HEX",
    "GLIDER_SHIFT",
    "SHIFT_READINGS",
    "entry_hex",
    "landing_point",
    "wind_shift",
    "shift_direction",
    "glider_landing",
    "too_many_gliders",
]

#: The two readings of III.F.2's "shift the glider unit one hex in that direction", with their
#: log wording: the wind direction is where it blows *from* (I.D), but everything else drifts
#: downwind.
SHIFT_READINGS: dict[str, str] = {
    "downwind": "downwind",
    "toward the wind's hexside": "toward the hexside the wind blows from",
}

GLIDER_SHIFT = Field("glider_shift", "Glider wind shift", "choice", choices=tuple(SHIFT_READINGS), default="downwind",
                     rule="PL III.F.2",
                     help="\"shift the glider unit one hex in that direction\": downwind, or literally toward the "
                          "hexside the wind blows from (I.D gives the direction the wind blows from)")


def entry_hex(hexmap: HexMap, target: Hex, heading: int) -> Hex:
    """The board-edge hex where a glider heading ``heading`` enters on its target's hex row (III.A)."""
    if not hexmap.in_play(target):
        raise ValueError("the target hex is not on the board")
    back = opposite(heading)
    h, before = target, target.neighbor(back)
    while hexmap.in_play(before):
        h, before = before, before.neighbor(back)
    return h


def landing_point(target: Hex, heading: int, face: int) -> tuple[Hex, str]:
    """III.F.1: 1-2 short (one hex before the target along the flight), 3-4 on target, 5-6 long."""
    if not 1 <= face <= 6:
        raise ValueError(f"the glider landing die shows 1..6, not {face}")
    if face <= 2:
        return target.neighbor(opposite(heading)), "short"
    if face <= 4:
        return target, "on target"
    return target.neighbor(heading), "long"


def wind_shift(speed: str) -> int:
    """III.F.2: hexes a glider is shifted downwind: Low 1, Gusty 2, High 3."""
    return int(shared_table("pl_wind")["glider_shift"][speed])


def shift_direction(wind: Wind, reading: str = "downwind") -> int:
    """III.F.2: the direction (0..5) a glider is shifted in: downwind, or toward the hexside the
    wind blows from (:data:`GLIDER_SHIFT`)."""
    if reading not in SHIFT_READINGS:
        raise DataError(f"glider wind shift: one of {', '.join(SHIFT_READINGS)}, not {quoted(reading)}")
    return wind.downwind if reading == "downwind" else wind.from_side


def glider_landing(target: Hex, heading: int, face: int, wind: Wind, reading: str = "downwind") -> tuple[Hex, str, Hex]:
    """Where a glider lands: ``(final hex, short/on target/long, hex before the wind shift)``."""
    point, how = landing_point(target, heading, face)
    return point.neighbor(shift_direction(wind, reading), wind_shift(wind.speed)), how, point


def too_many_gliders(hexes: Iterable[Hex]) -> set[Hex]:
    """Hexes where more than two gliders landed (III.E; earlier landings of the turn:
    :func:`.stacking.glider_hexes_over`)."""
    return {h for h, n in Counter(hexes).items() if n > GLIDERS_PER_HEX}
