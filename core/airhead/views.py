"""What a procedure shows, as plain data: the map's :class:`View` and the planner's
:class:`Odds` (re-exported by :mod:`airhead.plug`, the seam)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from .hexes import Hex

__all__ = ["View", "Fact", "Table", "percent", "Odds"]


@dataclass(frozen=True)
class View:
    """What the map draws for a procedure, as plain data.

    ``marks``: hexes outlined by role (``ilh``, ``avenue``, ``target``, ``landed``...);
    ``paths``: arrows from hex to hex; ``zones``: groups of hexes outlined together with a label;
    ``heat``: a value per hex (``heat_unit``: ``%`` probability, ``units`` expected units,
    ``count`` whole numbers) with ``heat_label`` for the legend; ``labels``: short text in a hex.
    """

    marks: tuple[tuple[Hex, str], ...] = ()
    paths: tuple[tuple[Hex, ...], ...] = ()
    zones: tuple[tuple[str, tuple[Hex, ...]], ...] = ()
    heat: tuple[tuple[Hex, float], ...] = ()
    heat_unit: Literal["%", "units", "count"] = "%"
    heat_label: str = ""
    labels: tuple[tuple[Hex, str], ...] = ()

    def merged(self, other: View) -> View:
        """Both views on one map (``other``'s heat wins if both have heat)."""
        heat, unit, label = (other.heat, other.heat_unit, other.heat_label) if other.heat else (self.heat, self.heat_unit, self.heat_label)
        return View(self.marks + other.marks, self.paths + other.paths, self.zones + other.zones, heat, unit, label,
                    self.labels + other.labels)


@dataclass(frozen=True)
class Fact:
    """One line of a plan's facts: ``key`` (for the page), label and value."""

    key: str
    label: str
    value: str


@dataclass(frozen=True)
class Table:
    """A table of probabilities: ``key`` (for the page), title and ``(label, probability)`` rows."""

    key: str
    title: str
    rows: tuple[tuple[str, float], ...]


def percent(p: float | Fraction) -> str:
    """A probability as odds lines print it: ``12.5%``."""
    return f"{float(p):.1%}"


@dataclass(frozen=True)
class Odds:
    """A planned procedure's exact odds, explained: facts, the modifiers with their rules
    (rendered log lines), tables of outcomes, one line per unit where there are many, what the
    odds assume, and what the map shows."""

    facts: tuple[Fact, ...] = ()
    reasons: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    view: View = field(default_factory=View)
