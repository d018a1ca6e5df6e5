"""Night modifications (seed 001, I.C), in effect only when the scenario says so.

1. All ranges halved, rounded down. 2. Spotting limited to four hexes. 3. Vehicular movement
cut by 3 MP (wagons excepted).
"""

from __future__ import annotations

from ..errors import DataError

__all__ = ["RULE", "NIGHT_SPOTTING", "night_range", "night_spotting", "night_movement"]

RULE = "PL I.C Night Modifications"
#: I.C.2: the most hexes a unit can spot at night.
NIGHT_SPOTTING = 4


def night_range(range_hexes: int) -> int:
    """I.C.1: a weapon's range at night: half, rounded down."""
    if range_hexes < 0:
        raise DataError("a range cannot be negative")
    return range_hexes // 2


def night_spotting(spotting_hexes: int) -> int:
    """I.C.2: a spotting distance limited to four hexes."""
    if spotting_hexes < 0:
        raise DataError("a spotting distance cannot be negative")
    return min(spotting_hexes, NIGHT_SPOTTING)


def night_movement(mp: int, *, vehicle: bool, wagon: bool = False) -> int:
    """I.C.3: movement points at night: vehicles lose 3 MP (not below 0); wagons and
    non-vehicles keep theirs."""
    if mp < 0:
        raise DataError("movement points cannot be negative")
    if not vehicle or wagon:
        return mp
    return max(0, mp - 3)
