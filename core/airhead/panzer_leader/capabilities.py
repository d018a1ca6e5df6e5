"""Special unit capabilities (seed 001, I.B).

1. Complete paratroop platoons have every capability of Engineer units: remove mines and blocks,
   demolish bridges, create blocks (standard PL rules), with the engineers' CAT odds and die-roll
   modifications. Sticks do not. 2. 88 mm and 90 mm artillery batteries may act in the
   anti-aircraft role.
"""

from __future__ import annotations

from ..errors import DataError, quoted

__all__ = ["RULE_ENGINEERS", "RULE_AA", "ENGINEER_TASKS", "engineer_capable", "can_do", "aa_capable"]

RULE_ENGINEERS = "PL I.B.1"
RULE_AA = "PL I.B.2"
#: What paratroop platoons may do as engineers (I.B.1).
ENGINEER_TASKS: tuple[str, ...] = ("remove mines", "remove blocks", "demolish bridges", "create blocks", "engineer CAT")
#: Gun calibres that may fire in the anti-aircraft role (I.B.2).
AA_CALIBRES_MM: tuple[int, ...] = (88, 90)


def engineer_capable(*, paratroop: bool, complete_platoon: bool) -> bool:
    """True for a complete paratroop platoon (never a stick)."""
    return paratroop and complete_platoon


def can_do(task: str, *, paratroop: bool, complete_platoon: bool) -> bool:
    """True if a paratroop unit may perform an engineer task (see :data:`ENGINEER_TASKS`)."""
    if task not in ENGINEER_TASKS:
        raise DataError(f"unknown engineer task {quoted(task)} (one of {', '.join(ENGINEER_TASKS)})")
    return engineer_capable(paratroop=paratroop, complete_platoon=complete_platoon)


def aa_capable(calibre_mm: int, *, artillery_battery: bool = True) -> bool:
    """True for an 88 mm or 90 mm artillery battery, which may fire in the anti-aircraft role."""
    return artillery_battery and calibre_mm in AA_CALIBRES_MM
