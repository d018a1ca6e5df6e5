"""Anti-aircraft fire on transport planes and gliders (seed 001, I.G "Gliders and transport planes
may be subjected to anti-aircraft fire in the anti-aircraft phase"; III.D "Gliders are subject to
anti-aircraft fire during the Air Phase"; I.H transport planes follow the standard PL rules).

The standard PL anti-aircraft rules are not in the seed, so Airhead never invents their numbers.
Each fire is either

* **entered**: the players resolve it at the table and enter the result — no effect, ``D``
  (the load lands dispersed) or ``X`` (the plane or glider is shot down with its load); or
* **rolled**: the players give the fire's *AA numbers* from their own rules (the die rolls that
  give ``X``, and those that give ``D``), in the plan or once for each AA unit in the scenario's
  ``aa_units`` setting, and the app rolls one die.

A transport plane carries one platoon (II.B), so a plane is named by its platoon.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..errors import DataError
from ..fields import Field

__all__ = [
    "RULE_PLANES",
    "RULE_GLIDERS",
    "AA_RESULTS",
    "NUMBER_FIELDS",
    "AA_UNITS",
    "aa_fire_field",
    "AAFire",
    "read_fires",
    "aa_result",
    "aa_chances",
]

RULE_PLANES = "PL I.G"
RULE_GLIDERS = "PL III.D"

#: What anti-aircraft fire may do to a plane or a glider (entered as the players' PL rules give it).
AA_RESULTS: tuple[str, ...] = ("no effect", "D", "X")

#: The AA numbers of one fire: the die rolls (1..n) that shoot the aircraft down, and those (up to
#: n, above the first) that disperse its load. Both from the players' own PL rules.
NUMBER_FIELDS: tuple[Field, ...] = (
    Field("kill", "X (shot down) on a die roll up to", "int", lo=0, hi=6, default=None, rule="PL I.G",
          help="from your PL rules; leave both numbers blank to enter the result at the table"),
    Field("disperse", "D (load dispersed) on a die roll up to", "int", lo=0, hi=6, default=None, rule="PL I.G",
          help="at least the X number; from your PL rules"),
)

#: The scenario's AA units with their AA numbers (used by a fire that names the unit and gives no
#: numbers of its own).
AA_UNITS = Field("aa_units", "Anti-aircraft units and their AA numbers", "list", hi=50, default=[], rule="PL I.G, I.B.2",
                 help="a fire naming one of these units without numbers of its own is rolled with these numbers",
                 item=Field("aa_units", "AA unit", "record", fields=(
                     Field("unit", "AA unit", "text", lo=1, hi=24, rule="PL I.B.2"),
                 ) + NUMBER_FIELDS))


def aa_fire_field(target: str, rule: str, help: str, pick: str = "") -> Field:
    """The ``aa`` parameter of a landing: its anti-aircraft fires, each at one ``target`` (the
    platoon whose plane is fired at, or the glider; ``pick``: the rows it is picked from)."""
    return Field("aa", "Anti-aircraft fire", "list", hi=50, default=[], rule=rule, help=help,
                 item=Field("aa", "AA fire", "record", fields=(
                     Field("at", f"Fired at ({target})", "text", lo=1, hi=24, rule=rule, pick=pick),
                     Field("unit", "AA unit", "text", lo=0, hi=24, default="", rule="PL I.B.2", pick="setting:aa_units.unit"),
                 ) + NUMBER_FIELDS))


@dataclass(frozen=True)
class AAFire:
    """One anti-aircraft fire: its target (a platoon's plane or a glider), the firing unit, and
    its AA numbers (None: the result is entered at the table)."""

    at: str
    unit: str = ""
    kill: int | None = None
    disperse: int | None = None

    @property
    def rolled(self) -> bool:
        """True if the app rolls it (its AA numbers are known)."""
        return self.kill is not None

    def by(self) -> str:
        """Who fires, for the log: ``88 Flak`` or ``anti-aircraft fire``."""
        return self.unit or "anti-aircraft fire"

    def numbers(self) -> str:
        """E.g. ``X on 1, D on 2-3`` (the numbers it is rolled with)."""
        assert self.kill is not None and self.disperse is not None
        parts = []
        if self.kill:
            parts.append(f"X on {_span(1, self.kill)}")
        if self.disperse > self.kill:
            parts.append(f"D on {_span(self.kill + 1, self.disperse)}")
        return ", ".join(parts) or "no result possible"


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def read_fires(values: Iterable[Mapping[str, Any]], units: Sequence[Mapping[str, Any]], targets: Sequence[str], what: str) -> tuple[AAFire, ...]:
    """The fires of a plan (typed values of :func:`aa_fire_field`), each checked: its target is
    one of ``targets`` (``what`` names them in messages); numbers left out come from the scenario's
    ``aa_units`` setting when it lists the firing unit; ``D`` numbers are at least the ``X`` ones."""
    known = {str(u["unit"]): u for u in units}
    out = []
    for v in values:
        at, unit = str(v["at"]), str(v.get("unit") or "")
        if at not in targets:
            raise DataError(f"anti-aircraft fire at {at}: there is no {what} {at} in this landing", "aa")
        kill, disperse = v.get("kill"), v.get("disperse")
        if kill is None and disperse is None and unit in known:
            kill, disperse = known[unit].get("kill"), known[unit].get("disperse")
        if kill is not None or disperse is not None:
            kill = int(kill or 0)
            disperse = max(kill, int(disperse if disperse is not None else kill))
        out.append(AAFire(at, unit, kill, disperse))
    return tuple(out)


def aa_result(face: int, kill: int, disperse: int) -> str:
    """A rolled fire: ``X`` on a die roll up to ``kill``, ``D`` up to ``disperse``, else no effect."""
    if not 1 <= face <= 6:
        raise DataError(f"the anti-aircraft die shows 1..6, not {face}")
    if face <= kill:
        return "X"
    if face <= disperse:
        return "D"
    return "no effect"


def aa_chances(fires: Iterable[AAFire]) -> tuple[Fraction, Fraction] | None:
    """Probability that the fires at one target shoot it down, and that they leave it flying but
    dispersed; None if any of them is entered at the table (its odds are unknown)."""
    survive = Fraction(1)  # not shot down by any fire
    clean = Fraction(1)  # no result from any fire
    for f in fires:
        if f.kill is None or f.disperse is None:
            return None
        x = Fraction(sum(1 for face in range(1, 7) if aa_result(face, f.kill, f.disperse) == "X"), 6)
        none = Fraction(sum(1 for face in range(1, 7) if aa_result(face, f.kill, f.disperse) == "no effect"), 6)
        survive *= 1 - x
        clean *= none
    return 1 - survive, survive - clean
