"""Units and markers on (or off) the map: the game-wide layer that outlives one procedure.

A landing writes the gliders, sticks and units it put down; a later procedure reads them (a
previously landed glider is an obstacle to the next one); the map draws them. Markers (a
Starshell, a Gunflash, a wreck) may expire at the end of a named phase of the turn track
(:mod:`airhead.turns`). Like everything else in a game, the layer is rebuilt from the actions
on replay: procedures change it only through their :class:`~airhead.plug.StepResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, TypeVar

from .hexes import Hex

__all__ = ["Unit", "Marker", "Counters"]

Fact = int | str | bool


@dataclass(frozen=True)
class Unit:
    """A unit: its id, side, kind ("glider", "stick", "squad"...), hex (None: off the map),
    status flags ("damaged", "dispersed"...), the sides that see it (empty: every side), a
    display label and any system-specific facts (strength, losses)."""

    id: str
    side: str
    kind: str
    hex: Hex | None = None
    status: frozenset[str] = frozenset()
    visible_to: frozenset[str] = frozenset()
    label: str = ""
    facts: Mapping[str, Fact] = field(default_factory=dict, compare=True, hash=False)

    @property
    def name(self) -> str:
        """What a player calls it: its label, else its id."""
        return self.label or self.id

    def seen_by(self, side: str) -> bool:
        """True if ``side`` may see this unit."""
        return not self.visible_to or side in self.visible_to

    def moved(self, h: Hex | None) -> Unit:
        """The same unit in hex ``h`` (None: off the map)."""
        return replace(self, hex=h)

    def flagged(self, *add: str, remove: tuple[str, ...] = ()) -> Unit:
        """The same unit with status flags added and removed."""
        return replace(self, status=(self.status | frozenset(add)) - frozenset(remove))


@dataclass(frozen=True)
class Marker:
    """A marker: its id, kind ("wreck", "Starshell"...), hex, the side that placed it, the key
    of the phase at whose end it is removed ("" = it stays until removed), a label and the rule
    that governs it."""

    id: str
    kind: str
    hex: Hex | None
    side: str = ""
    expires: str = ""
    label: str = ""
    rule: str = ""

    @property
    def name(self) -> str:
        """What a player calls it."""
        return self.label or self.kind


C = TypeVar("C", Unit, Marker)


def _placed(placed: tuple[C, ...], new: tuple[C, ...]) -> tuple[C, ...]:
    """``placed`` with ``new`` added; one with the id of one already placed replaces it there."""
    out = list(placed)
    for c in new:
        i = next((k for k, x in enumerate(out) if x.id == c.id), None)
        if i is None:
            out.append(c)
        else:
            out[i] = c
    return tuple(out)


@dataclass(frozen=True)
class Counters:
    """Every unit and marker in play, in the order they were placed; immutable."""

    units: tuple[Unit, ...] = ()
    markers: tuple[Marker, ...] = ()

    def unit(self, uid: str) -> Unit | None:
        """The unit with id ``uid``, if any."""
        return next((u for u in self.units if u.id == uid), None)

    def put(self, *units: Unit) -> Counters:
        """Add units; one with the id of a unit already here replaces it where it stands."""
        return replace(self, units=_placed(self.units, units))

    def remove(self, uid: str) -> Counters:
        """Without the unit (or marker) with id ``uid``."""
        return Counters(tuple(u for u in self.units if u.id != uid), tuple(m for m in self.markers if m.id != uid))

    def mark(self, *markers: Marker) -> Counters:
        """Add markers; one with the id of a marker already here replaces it."""
        return replace(self, markers=_placed(self.markers, markers))

    def free_id(self, base: str) -> str:
        """``base``, or ``base (2)``, ``base (3)``... if a unit or marker already has that id."""
        uid, n = base, 1
        while self.unit(uid) is not None or self.marker(uid) is not None:
            n += 1
            uid = f"{base} ({n})"
        return uid

    def marker(self, mid: str) -> Marker | None:
        """The marker with id ``mid``, if any."""
        return next((m for m in self.markers if m.id == mid), None)

    def units_at(self, h: Hex) -> tuple[Unit, ...]:
        """Units in hex ``h``."""
        return tuple(u for u in self.units if u.hex == h)

    def markers_at(self, h: Hex) -> tuple[Marker, ...]:
        """Markers in hex ``h``."""
        return tuple(m for m in self.markers if m.hex == h)

    def kinds_at(self, h: Hex) -> frozenset[str]:
        """Kinds of every unit and marker in hex ``h``."""
        return frozenset(u.kind for u in self.units_at(h)) | frozenset(m.kind for m in self.markers_at(h))

    def expire(self, phase: str) -> tuple[Counters, tuple[Marker, ...]]:
        """The layer at the end of phase ``phase``: markers that expire then are removed (and
        returned, for the log)."""
        gone = tuple(m for m in self.markers if m.expires and m.expires == phase)
        if not gone:
            return self, ()
        return replace(self, markers=tuple(m for m in self.markers if m not in gone)), gone
