"""Glider rules (seed 001, III).

* III.A: a glider enters the board heading in the direction, and along the hex row, of its target.
* III.C: it carries one full platoon or one artillery battery.
* III.D: it may be fired on by anti-aircraft fire in the Air Phase (resolved with the standard PL
  rules; the player enters the result).
* III.E: at most two gliders land in a hex per turn; more → every friendly unit there dispersed.
* III.F.1: a die: 1-2 short, 3-4 on target, 5-6 long (one hex back or forward along the flight).
* III.F.2: then shifted downwind 1 / 2 / 3 hexes for a Low / Gusty / High wind.

Pure functions for each step; :class:`.gliders_procedure.GliderLanding` strings them together;
:mod:`.odds` enumerates the dice through the same functions.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from ..boards import HexMap
from ..hexes import Hex, opposite
from ..tables import load_table
from .wind import Wind

__all__ = [
    "AA_RESULTS",
    "GLIDERS_PER_HEX",
    "entry_hex",
    "landing_point",
    "wind_shift",
    "glider_landing",
    "too_many_gliders",
]

#: What the player may enter for anti-aircraft fire on a glider (III.D, standard PL results).
AA_RESULTS: tuple[str, ...] = ("no effect", "D", "X")
#: Most gliders landing in one hex in one turn (III.E).
GLIDERS_PER_HEX = 2


def entry_hex(hexmap: HexMap, target: Hex, heading: int) -> Hex:
    """The board-edge hex where a glider heading ``heading`` enters on its target's hex row (III.A)."""
    if not hexmap.in_play(target):
        raise ValueError("the target hex is not on the board")
    back = opposite(heading)
    h = target
    while hexmap.in_play(h.neighbor(back)):
        h = h.neighbor(back)
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
    return int(load_table("pl_wind")["glider_shift"][speed])


def glider_landing(target: Hex, heading: int, face: int, wind: Wind) -> tuple[Hex, str, Hex]:
    """Where a glider lands: ``(final hex, short/on target/long, hex before the wind shift)``."""
    point, how = landing_point(target, heading, face)
    return point.neighbor(wind.downwind, wind_shift(wind.speed)), how, point


def too_many_gliders(hexes: Iterable[Hex]) -> set[Hex]:
    """Hexes where more than two gliders landed this turn (III.E)."""
    return {h for h, n in Counter(hexes).items() if n > GLIDERS_PER_HEX}
