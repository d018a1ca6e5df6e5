"""Dice: a seeded roller whose position is game state, and dice typed in from the table.

The roller is counter-based: die number ``n`` of seed ``s`` is drawn from
``sha256(f"airhead-dice-v1:{s}:{n}")`` by rejection sampling. It needs no floating point and no
platform generator, so the same seed and position give the same dice on CPython and in Pyodide,
and its whole state is ``(seed, position)`` — a few bytes in a save or a link.

ASL distinguishes the dr (one die) from the DR (two dice, the *colored* die read apart from the
*white* one, e.g. Random Location: colored = direction, white = distance). A :class:`DiceSpec`
says which dice a roll needs and how they are named; a :class:`Roll` keeps each die apart.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Iterable, Literal, Sequence

from .errors import DataError, quoted

__all__ = [
    "Die",
    "DiceSpec",
    "Roll",
    "SeededDice",
    "DR",
    "DR_COLORED_WHITE",
    "dr",
    "parse_typed",
]


@dataclass(frozen=True)
class Die:
    """One die of a roll: its name ("colored", "white", "direction") and number of faces."""

    name: str
    sides: int = 6

    def __post_init__(self) -> None:
        if not 2 <= self.sides <= 100:
            raise DataError(f"a die has 2..100 sides, not {self.sides}")


@dataclass(frozen=True)
class DiceSpec:
    """The dice a roll needs, e.g. an ASL DR is a colored and a white d6."""

    dice: tuple[Die, ...]
    label: str = ""

    @property
    def count(self) -> int:
        """How many dice."""
        return len(self.dice)

    def describe(self) -> str:
        """Human text such as ``colored d6 + white d6``."""
        return " + ".join(f"{d.name} d{d.sides}" for d in self.dice)

    def to_data(self) -> list[list[object]]:
        """JSON form: ``[[name, sides], ...]``."""
        return [[d.name, d.sides] for d in self.dice]


#: ASL DR: colored and white d6, read apart.
DR = DiceSpec((Die("colored"), Die("white")), "DR")
DR_COLORED_WHITE = DR


def dr(name: str = "dr") -> DiceSpec:
    """A single d6 (an ASL dr)."""
    return DiceSpec((Die(name),), "dr")


@dataclass(frozen=True)
class Roll:
    """A roll: the values of each die of its spec, where they came from, and what it was for."""

    spec: DiceSpec
    values: tuple[int, ...]
    source: Literal["seeded", "typed"]
    purpose: str = ""
    rule: str = ""

    @property
    def total(self) -> int:
        """Sum of the dice (an ASL DR)."""
        return sum(self.values)

    def value(self, name: str) -> int:
        """The value of the die called ``name``."""
        for d, v in zip(self.spec.dice, self.values):
            if d.name == name:
                return v
        raise KeyError(name)

    def describe(self) -> str:
        """``DR 6 (colored 4, white 2)`` / ``dr 3``."""
        if len(self.values) == 1:
            return f"{self.spec.label or 'dr'} {self.values[0]}"
        parts = ", ".join(f"{d.name} {v}" for d, v in zip(self.spec.dice, self.values))
        return f"{self.spec.label or 'roll'} {self.total} ({parts})"


@dataclass(frozen=True)
class SeededDice:
    """The app's dice: deterministic from ``seed``; ``position`` counts the dice drawn so far."""

    seed: str
    position: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.seed, str) or not 1 <= len(self.seed) <= 64:
            raise DataError("a dice seed is text of 1..64 characters")
        if not isinstance(self.position, int) or self.position < 0:
            raise DataError("dice position must be a non-negative integer")

    def _draw(self, n: int, sides: int) -> tuple[int, int]:
        """Die value drawn at counter ``n`` (and the counter after it)."""
        limit = (2**256 // sides) * sides
        while True:
            digest = hashlib.sha256(f"airhead-dice-v1:{self.seed}:{n}".encode()).digest()
            x = int.from_bytes(digest, "big")
            n += 1
            if x < limit:
                return x % sides + 1, n

    def roll(self, spec: DiceSpec, purpose: str = "", rule: str = "") -> tuple[Roll, SeededDice]:
        """Roll ``spec``; return the roll and the roller moved past it."""
        n = self.position
        values: list[int] = []
        for d in spec.dice:
            v, n = self._draw(n, d.sides)
            values.append(v)
        return Roll(spec, tuple(values), "seeded", purpose, rule), SeededDice(self.seed, n)


_SPLIT = re.compile(r"[\s,;+/]+")


def parse_typed(spec: DiceSpec, values: str | Sequence[object], purpose: str = "", rule: str = "") -> Roll:
    """Check dice typed in from a physical roll: one whole number per die, each a face of it.

    Accepts ``"4 2"``, ``"4,2"`` or ``[4, 2]``; ``"42"`` is read as two dice when two d6 are
    expected. Raises :class:`DataError` with a message fit to show the player.
    """
    items: Iterable[object]
    if isinstance(values, str):
        text = values.strip()
        if not text:
            raise DataError(f"enter {spec.count} {'die' if spec.count == 1 else 'dice'}: {spec.describe()}")
        if len(text) > 64:
            raise DataError("that is far too long for a dice roll")
        parts = [p for p in _SPLIT.split(text) if p]
        if len(parts) == 1 and spec.count > 1 and len(parts[0]) == spec.count and all(d.sides <= 9 for d in spec.dice):
            parts = list(parts[0])
        items = parts
    else:
        items = list(values)
    out: list[int] = []
    for item in items:
        if isinstance(item, bool):
            raise DataError(f"{quoted(item)} is not a die value")
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, str) and item.isdigit() and item.isascii() and len(item) <= 3:
            out.append(int(item))
        else:
            raise DataError(f"{quoted(item, 20)} is not a number")
    if len(out) != spec.count:
        raise DataError(f"expected {spec.count} {'die' if spec.count == 1 else 'dice'} ({spec.describe()}), got {len(out)}")
    for d, v in zip(spec.dice, out):
        if not 1 <= v <= d.sides:
            raise DataError(f"{v} is not a face of a d{d.sides} (the {d.name} die)")
    return Roll(spec, tuple(out), "typed", purpose, rule)
