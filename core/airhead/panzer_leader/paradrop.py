"""Paratroop rules (seed 001, II): drops by sticks, drift, jump survival, landing among the enemy.

* II.B: one platoon per plane load, dropped by sticks; at most two full platoons targeted per hex.
* II.C: one die per target hex per turn on the Drift Pattern Chart (wind speed × die → A..R); the
  letter's Drift Diagram says how many sticks may land in the target hex and in each hex
  downwind of it (reading: docs/rules-notes.md). Sticks always drift downwind; off the board →
  lost; more than two platoons' worth in one hex → every friendly unit there dispersed (I.F,
  :mod:`.stacking`). Sticks beyond a diagram's total: a setting (:data:`EXTRA_STICKS`).
* III.C: artillery is never airdropped (a setting keeps the seed's scenario exception).
* II.D: each stick rolls on the Jump Survival Chart by terrain: X eliminated, D dispersed, -.
* II.E: sticks landing among enemy units are attacked at once by every undispersed enemy unit
  there that did not fire in this turn's anti-aircraft segment (resolved with the PL CRT).
* II.F: no movement on the drop turn. II.G: minefield attacks. II.H: forming whole platoons.

Pure functions for each step; :class:`.paradrop_procedures.Paradrop` strings them together;
:mod:`.odds` enumerates the dice through the same functions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..counters import Unit
from ..errors import DataError, quoted
from ..fields import Field
from ..hexes import Hex
from ..tables import load_table
from ..terrain import Terrain
from .stacking import hex_limit
from .wind import Wind

__all__ = [
    "EXTRA_STICKS",
    "EXTRA_READINGS",
    "AIRDROP_ARTILLERY",
    "sticks_per_platoon",
    "hex_limit",
    "drift_letter",
    "drift_pattern",
    "pattern_hexes",
    "pattern_total",
    "extra_sticks",
    "stick_landings",
    "survival_row",
    "jump_survival",
    "overstacked",
    "attackers",
    "LandedStick",
    "form_platoons",
]


#: What becomes of sticks beyond a drift diagram's total (the diagrams E..J and R hold 6 or 7
#: sticks, a target hex may be targeted by 8), with their log wording.
EXTRA_READINGS: dict[str, str] = {
    "continue downwind": "they land one per hex further downwind",
    "lost": "they are lost",
    "dispersed": "they land dispersed in the diagram's last hex",
}

EXTRA_STICKS = Field("extra_sticks", "Sticks beyond a drift diagram", "choice", choices=tuple(EXTRA_READINGS),
                     default="continue downwind", rule="PL II.C",
                     help="the rules do not say: one per hex further downwind, lost, or dispersed in the diagram's last hex")

AIRDROP_ARTILLERY = Field("airdrop_artillery", "Artillery may be airdropped (scenario exception)", "bool", default=False,
                          rule="PL III.C", help="\"Artillery may only be carried in gliders, never airdropped (Exception: "
                                                "Scenario 10, Groesbeek Heights)\"")


def _table() -> dict[str, Any]:
    return load_table("pl_paradrop")


def sticks_per_platoon() -> int:
    """Sticks in a full platoon (4: pattern A puts 8 sticks, two platoons, in the target hex)."""
    return int(_table()["sticks_per_platoon"])


# ---------------------------------------------------------------------------- II.C drift
def drift_letter(speed: str, face: int) -> str:
    """Drift Pattern Chart: the pattern letter for a wind speed and a die (II.C)."""
    chart = _table()["chart"]
    if speed not in chart:
        raise DataError(f"wind speed must be one of {', '.join(chart)}, not {quoted(speed)}")
    if not 1 <= face <= 6:
        raise DataError(f"the drift die shows 1..6, not {face}")
    return str(chart[speed][face - 1])


def drift_pattern(letter: str) -> tuple[int, ...]:
    """The Drift Diagram of a letter as Airhead reads it: most sticks per hex, target hex first,
    then each hex further downwind."""
    pattern = _table()["pattern"]
    if letter not in pattern:
        raise DataError(f"no drift diagram {quoted(letter)} (A..R)")
    return tuple(int(c) for c in pattern[letter])


def pattern_hexes(target: Hex, wind: Wind, letter: str) -> list[tuple[Hex, int]]:
    """Each hex of the letter's pattern laid downwind of ``target``, with its most sticks."""
    return [(target.neighbor(wind.downwind, i), cap) for i, cap in enumerate(drift_pattern(letter))]


def pattern_total(letter: str) -> int:
    """Most sticks the letter's Drift Diagram holds in all."""
    return sum(drift_pattern(letter))


def extra_sticks(letter: str, sticks: int) -> int:
    """How many of ``sticks`` sticks (the last ones in jump order) are beyond the diagram."""
    return max(0, sticks - pattern_total(letter))


def stick_landings(target: Hex, wind: Wind, letter: str, sticks: int, extra: str = "continue downwind") -> list[Hex | None]:
    """Where each of ``sticks`` sticks lands, in jump order: they fill the pattern's hexes in
    order up to each hex's number. Sticks beyond the pattern's total (:data:`EXTRA_STICKS`):
    ``continue downwind`` one per hex; ``lost`` (None); ``dispersed`` in the pattern's last hex
    that takes sticks (the caller disperses them)."""
    out: list[Hex | None] = []
    pattern = pattern_hexes(target, wind, letter)
    for h, cap in pattern:
        for _ in range(cap):
            if len(out) == sticks:
                return out
            out.append(h)
    if extra not in EXTRA_READINGS:
        raise DataError(f"sticks beyond a drift diagram: one of {', '.join(EXTRA_READINGS)}, not {quoted(extra)}")
    last = next((h for h, cap in reversed(pattern) if cap), target)
    i = len(pattern)
    while len(out) < sticks:
        if extra == "lost":
            out.append(None)
        elif extra == "dispersed":
            out.append(last)
        else:
            out.append(target.neighbor(wind.downwind, i))
            i += 1
    return out


def overstacked(hexes: Iterable[Hex], limit: int | None = None) -> set[Hex]:
    """Hexes where more than two platoons' worth of sticks landed (I.F, II.C)."""
    cap = hex_limit() if limit is None else limit
    return {h for h, n in Counter(hexes).items() if n > cap}


# ---------------------------------------------------------------------------- II.D survival
def survival_row(terrain: Terrain, h: Hex) -> str:
    """The Jump Survival Chart row of a hex: by water kind (a stream is Stream, other water Sea),
    else by terrain type (``terrain_rows`` of the table; unknown types read as Clear)."""
    t = terrain.at(h)
    table = _table()
    if t.water is not None:
        return str(table["water_rows"].get(t.water.kind, "Sea"))
    return str(table["terrain_rows"].get(t.terrain, "Clear"))


def jump_survival(row: str, face: int) -> str:
    """Paratroop Jump Survival Chart: ``X`` eliminated, ``D`` dispersed, ``-`` no effect."""
    chart = _table()["survival"]
    if row not in chart:
        raise DataError(f"no Jump Survival Chart row {quoted(row)}")
    if not 1 <= face <= 6:
        raise DataError(f"the survival die shows 1..6, not {face}")
    return str(chart[row][face - 1])


# ---------------------------------------------------------------------------- II.E, II.H
def attackers(enemy: Sequence[Unit], h: Hex) -> list[Unit]:
    """Enemy units in hex ``h`` that attack landing paratroops at once: undispersed and not fired
    in this turn's anti-aircraft segment (II.E)."""
    return [e for e in enemy if e.hex == h and not e.status & {"dispersed", "fired_aa"}]


@dataclass(frozen=True)
class LandedStick:
    """A stick on the map: its type, hex, the turn it landed and whether it is dispersed."""

    id: str
    type: str
    hex: str
    turn: int
    dispersed: bool = False


def form_platoons(sticks: Sequence[LandedStick], enemy_hexes: Iterable[str], turn: int) -> list[tuple[str, str, list[str]]]:
    """Platoons that may form at the start of friendly turn ``turn`` (II.H): undispersed sticks of
    the same type, not landed this turn, in a hex free of enemy units; any plane loads mix.

    Returns ``(hex, type, stick ids)`` for each whole platoon that can form.
    """
    per = sticks_per_platoon()
    blocked = set(enemy_hexes)
    pools: dict[tuple[str, str], list[str]] = {}
    for s in sticks:
        if s.dispersed or s.turn >= turn or s.hex in blocked:
            continue
        pools.setdefault((s.hex, s.type), []).append(s.id)
    out = []
    for (h, typ), ids in sorted(pools.items()):
        for k in range(len(ids) // per):
            out.append((h, typ, ids[k * per:(k + 1) * per]))
    return out
