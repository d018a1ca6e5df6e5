"""Units and markers on (or off) the map: the game-wide layer that outlives one procedure.

A landing writes the gliders, sticks and units it put down; a later procedure reads them (a
previously landed glider is an obstacle to the next one); the map draws them. Markers (a
Starshell, a Gunflash, a wreck) may expire at the end of a named phase of the turn track
(:mod:`airhead.turns`). Like everything else in a game, the layer is rebuilt from the actions
on replay: procedures change it only through their :class:`~airhead.plug.StepResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping

from .hexes import Hex
from .versioned import VersionedMap

__all__ = ["Unit", "Marker", "Counters"]

Fact = int | str | bool

#: Status flags as a player reads them (others: the flag with spaces for underscores).
_STATUS_WORDS = {"mg_disabled": "MG disabled", "aa": "AA mode"}


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

    def describe(self) -> str:
        """In a player's words: ``FB 1 (aircraft, Allied): damaged, MG disabled``."""
        status = ", ".join(_STATUS_WORDS.get(x, x.replace("_", " ")) for x in sorted(self.status))
        return f"{self.name} ({self.kind}, {self.side})" + (f": {status}" if status else "")

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


class Counters:
    """Every unit and marker in play, in the order they were placed; immutable.

    Placing, moving or removing a counter returns a new layer in O(1), whatever the number of
    counters and of changes before it (the versions share their storage, see
    :class:`~airhead.versioned.VersionedMap`); :attr:`units` and :attr:`markers` list them in
    the order they were placed (one that replaces a counter with its id keeps its place).
    """

    __slots__ = ("_units", "_markers", "_expiring", "_placed", "_ulist", "_mlist", "_by_hex")

    def __init__(self, units: Iterable[Unit] = (), markers: Iterable[Marker] = ()) -> None:
        self._units: VersionedMap[str, tuple[int, Unit]] = VersionedMap()
        self._markers: VersionedMap[str, tuple[int, Marker]] = VersionedMap()
        self._expiring: VersionedMap[str, str] = VersionedMap()
        self._placed = 0
        self._ulist: tuple[Unit, ...] | None = None
        self._mlist: tuple[Marker, ...] | None = None
        self._by_hex: dict[Hex, tuple[tuple[Unit, ...], tuple[Marker, ...]]] | None = None
        done = self.put(*units).mark(*markers)
        self._units, self._markers, self._expiring, self._placed = done._units, done._markers, done._expiring, done._placed

    def _with(self, units: VersionedMap[str, tuple[int, Unit]] | None = None,
              markers: VersionedMap[str, tuple[int, Marker]] | None = None,
              expiring: VersionedMap[str, str] | None = None, placed: int | None = None) -> Counters:
        c: Counters = Counters.__new__(Counters)
        c._units = self._units if units is None else units
        c._markers = self._markers if markers is None else markers
        c._expiring = self._expiring if expiring is None else expiring
        c._placed = self._placed if placed is None else placed
        c._ulist = c._mlist = None
        c._by_hex = None
        return c

    # ------------------------------------------------------------------ reading
    @property
    def units(self) -> tuple[Unit, ...]:
        """Every unit, in the order they were placed (sorted once per layer: O(units log units),
        whatever the number of markers)."""
        if self._ulist is None:
            self._ulist = tuple(u for _, u in sorted(self._units.values(), key=_first))
        return self._ulist

    @property
    def markers(self) -> tuple[Marker, ...]:
        """Every marker, in the order they were placed (sorted once per layer)."""
        if self._mlist is None:
            self._mlist = tuple(m for _, m in sorted(self._markers.values(), key=_first))
        return self._mlist

    def _ordered(self) -> tuple[tuple[Unit, ...], tuple[Marker, ...]]:
        return self.units, self.markers

    def unit(self, uid: str) -> Unit | None:
        """The unit with id ``uid``, if any."""
        got = self._units.get(uid)
        return None if got is None else got[1]

    def marker(self, mid: str) -> Marker | None:
        """The marker with id ``mid``, if any."""
        got = self._markers.get(mid)
        return None if got is None else got[1]

    def _at(self, h: Hex) -> tuple[tuple[Unit, ...], tuple[Marker, ...]]:
        if self._by_hex is None:  # once per layer: O(n)
            by_hex: dict[Hex, tuple[list[Unit], list[Marker]]] = {}
            units, markers = self._ordered()
            for u in units:
                if u.hex is not None:
                    by_hex.setdefault(u.hex, ([], []))[0].append(u)
            for mk in markers:
                if mk.hex is not None:
                    by_hex.setdefault(mk.hex, ([], []))[1].append(mk)
            self._by_hex = {k: (tuple(us), tuple(ms)) for k, (us, ms) in by_hex.items()}
        return self._by_hex.get(h, ((), ()))

    def units_at(self, h: Hex) -> tuple[Unit, ...]:
        """Units in hex ``h``."""
        return self._at(h)[0]

    def markers_at(self, h: Hex) -> tuple[Marker, ...]:
        """Markers in hex ``h``."""
        return self._at(h)[1]

    def kinds_at(self, h: Hex) -> frozenset[str]:
        """Kinds of every unit and marker in hex ``h``."""
        us, ms = self._at(h)
        return frozenset(u.kind for u in us) | frozenset(m.kind for m in ms)

    def free_id(self, base: str) -> str:
        """``base``, or ``base (2)``, ``base (3)``... if a unit or marker already has that id."""
        uid, n = base, 1
        while uid in self._units or uid in self._markers:
            n += 1
            uid = f"{base} ({n})"
        return uid

    # ------------------------------------------------------------------ changing
    def put(self, *units: Unit) -> Counters:
        """Add units; one with the id of a unit already here replaces it where it stands."""
        table, placed = self._units, self._placed
        for u in units:
            old = table.get(u.id)
            if old is None:
                placed += 1
            table = table.set(u.id, (placed if old is None else old[0], u))
        return self._with(units=table, placed=placed)

    def mark(self, *markers: Marker) -> Counters:
        """Add markers; one with the id of a marker already here replaces it."""
        table, expiring, placed = self._markers, self._expiring, self._placed
        for mk in markers:
            old = table.get(mk.id)
            if old is None:
                placed += 1
            table = table.set(mk.id, (placed if old is None else old[0], mk))
            expiring = expiring.set(mk.id, mk.expires) if mk.expires else expiring.delete(mk.id)
        return self._with(markers=table, expiring=expiring, placed=placed)

    def remove(self, uid: str) -> Counters:
        """Without the unit (or marker) with id ``uid``."""
        return self._with(units=self._units.delete(uid), markers=self._markers.delete(uid),
                          expiring=self._expiring.delete(uid))

    def expire(self, phase: str) -> tuple[Counters, tuple[Marker, ...]]:
        """The layer at the end of phase ``phase``: markers that expire then are removed (and
        returned, for the log, in the order they were placed). Costs the number of markers
        that expire at all, not of every marker."""
        if not phase or not self._expiring:
            return self, ()
        gone = sorted((got for mid, at in self._expiring.items() if at == phase
                       for got in (self._markers[mid],)), key=_first)
        if not gone:
            return self, ()
        markers, expiring = self._markers, self._expiring
        for _, mk in gone:
            markers, expiring = markers.delete(mk.id), expiring.delete(mk.id)
        return self._with(markers=markers, expiring=expiring), tuple(mk for _, mk in gone)

    # ------------------------------------------------------------------ value
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Counters):
            return NotImplemented
        return self is other or (self.units == other.units and self.markers == other.markers)

    def __hash__(self) -> int:
        return hash((self.units, self.markers))

    def __repr__(self) -> str:
        return f"Counters(units={self.units!r}, markers={self.markers!r})"


def _first(entry: tuple[int, Any]) -> int:
    return int(entry[0])
