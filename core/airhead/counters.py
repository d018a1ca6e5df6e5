"""Units and markers on (or off) the map: the game-wide layer that outlives one procedure.

A landing writes the gliders, sticks and units it put down; a later procedure reads them (a
previously landed glider is an obstacle to the next one); the map draws them. Markers (a
Starshell, a Gunflash, a wreck) may expire at the end of a named phase of the turn track
(:mod:`airhead.turns`). Like everything else in a game, the layer is rebuilt from the actions
on replay: procedures change it only through their :class:`~airhead.steps.StepResult`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .frozen import replace
from .hexes import Hex
from .versioned import VersionedMap
from .work import spend

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


#: What a layer is made of (the rest is read from it).
_FIELDS = ("_units", "_markers", "_expiring", "_placed", "_uhex", "_mhex", "_ukind", "_mkind", "_utally", "_next")

#: An index: a key (a hex, a kind) -> the ids of the counters under it with their placing numbers.
_Index = VersionedMap[Any, VersionedMap[str, int]]
_EMPTY: VersionedMap[str, int] = VersionedMap()


def _indexed(index: _Index, key: Any, cid: str, placed: int) -> _Index:
    """``index`` with ``cid`` (placed ``placed``) under ``key``: O(1)."""
    inner = index.get(key)
    return index.set(key, (inner if inner is not None else VersionedMap()).set(cid, placed))


def _unindexed(index: _Index, key: Any, cid: str) -> _Index:
    """``index`` without ``cid`` under ``key``: O(1)."""
    inner = index.get(key)
    if inner is None or cid not in inner:
        return index
    left = inner.delete(cid)
    return index.set(key, left) if left else index.delete(key)


class Counters:
    """Every unit and marker in play, in the order they were placed; immutable.

    Placing, moving or removing a counter returns a new layer in O(1), whatever the number of
    counters and of changes before it (the versions share their storage, see
    :class:`~airhead.versioned.VersionedMap`); :attr:`units` and :attr:`markers` list them in
    the order they were placed (one that replaces a counter with its id keeps its place).
    Indexes by hex and by kind are kept up to date the same way, so :meth:`units_at`,
    :meth:`markers_at`, :meth:`has_at`, :meth:`units_of_kind`, :meth:`markers_of_kind` and
    :meth:`count_of_kind` cost what they return, never the number of counters in play; so are
    the side tallies of :meth:`count_at`, :meth:`gliders_landed_at` and :meth:`undispersed_at`
    (what the landing limits weigh in a hex, PL I.F, III.E).
    """

    __slots__ = ("_units", "_markers", "_expiring", "_placed", "_ulist", "_mlist",
                 "_uhex", "_mhex", "_ukind", "_mkind", "_utally", "_next", "_read")

    def __init__(self, units: Iterable[Unit] = (), markers: Iterable[Marker] = ()) -> None:
        self._units: VersionedMap[str, tuple[int, Unit]] = VersionedMap()
        self._markers: VersionedMap[str, tuple[int, Marker]] = VersionedMap()
        self._expiring: VersionedMap[str, str] = VersionedMap()
        self._placed = 0
        self._uhex: _Index = VersionedMap()
        self._mhex: _Index = VersionedMap()
        self._ukind: _Index = VersionedMap()
        self._mkind: _Index = VersionedMap()
        self._utally: _Index = VersionedMap()
        self._next: VersionedMap[str, int] = VersionedMap()
        self._ulist: tuple[Unit, ...] | None = None
        self._mlist: tuple[Marker, ...] | None = None
        self._read: dict[tuple[str, Any], tuple[Any, ...]] = {}
        done = self.put(*units).mark(*markers)
        for name in _FIELDS:
            setattr(self, name, getattr(done, name))

    def _with(self, **changed: Any) -> Counters:
        c: Counters = Counters.__new__(Counters)
        for name in _FIELDS:
            setattr(c, name, changed[name] if name in changed else getattr(self, name))
        c._ulist = c._mlist = None
        c._read = {}
        return c

    # ------------------------------------------------------------------ reading
    @property
    def units(self) -> tuple[Unit, ...]:
        """Every unit, in the order they were placed (sorted once per layer: O(units log units),
        whatever the number of markers). A whole read: a unit of work per unit (:mod:`airhead.work`),
        so a rule that walks every unit on each action is held to a replay's budget."""
        if self._ulist is None:
            self._ulist = tuple(u for _, u in sorted(self._units.values(), key=_first))
        spend(len(self._ulist))
        return self._ulist

    @property
    def markers(self) -> tuple[Marker, ...]:
        """Every marker, in the order they were placed (sorted once per layer); a unit of work per
        marker, as :attr:`units`."""
        if self._mlist is None:
            self._mlist = tuple(m for _, m in sorted(self._markers.values(), key=_first))
        spend(len(self._mlist))
        return self._mlist

    def unit(self, uid: str) -> Unit | None:
        """The unit with id ``uid``, if any."""
        got = self._units.get(uid)
        return None if got is None else got[1]

    def marker(self, mid: str) -> Marker | None:
        """The marker with id ``mid``, if any."""
        got = self._markers.get(mid)
        return None if got is None else got[1]

    def _listed(self, what: str, key: Any) -> tuple[Any, ...]:
        """The units (``what`` "uhex", "ukind") or markers ("mhex", "mkind") under ``key``, in the
        order they were placed; read once per layer and key, a unit of work per counter read
        (:mod:`airhead.work`: a rule that walks all of a kind on each action is held to the budget)."""
        got = self._read.get((what, key))
        if got is None:
            inner = getattr(self, "_" + what).get(key)
            table = self._units if what[0] == "u" else self._markers
            got = () if inner is None else tuple(table[cid][1] for _, cid in sorted((n, c) for c, n in inner.items()))
            self._read[(what, key)] = got
        spend(len(got))
        return got

    def units_at(self, h: Hex) -> tuple[Unit, ...]:
        """Units in hex ``h``, in the order they were placed."""
        units: tuple[Unit, ...] = self._listed("uhex", h)
        return units

    def markers_at(self, h: Hex) -> tuple[Marker, ...]:
        """Markers in hex ``h``, in the order they were placed."""
        markers: tuple[Marker, ...] = self._listed("mhex", h)
        return markers

    def units_of_kind(self, kind: str) -> tuple[Unit, ...]:
        """Units of kind ``kind`` (on or off the map), in the order they were placed."""
        units: tuple[Unit, ...] = self._listed("ukind", kind)
        return units

    def markers_of_kind(self, kind: str) -> tuple[Marker, ...]:
        """Markers of kind ``kind`` (on or off the map), in the order they were placed."""
        markers: tuple[Marker, ...] = self._listed("mkind", kind)
        return markers

    def units_in(self, hexes: Iterable[Hex]) -> tuple[Unit, ...]:
        """Units in any of these hexes, in the order they were placed (what :attr:`units`
        filtered by hex gives, reading those hexes only)."""
        placed = sorted((n, c) for h in set(hexes) for inner in (self._uhex.get(h),) if inner is not None
                        for c, n in inner.items())
        spend(len(placed))
        return tuple(self._units[cid][1] for _, cid in placed)

    def markers_of_kinds(self, *kinds: str) -> tuple[Marker, ...]:
        """Markers of any of these kinds, in the order they were placed (what :attr:`markers`
        filtered by kind gives, without reading the others)."""
        if len(kinds) == 1:
            return self.markers_of_kind(kinds[0])
        got = self._read.get(("mkinds", kinds))
        if got is None:
            placed = sorted((n, c) for k in kinds for inner in (self._mkind.get(k),) if inner is not None
                            for c, n in inner.items())
            got = tuple(self._markers[cid][1] for _, cid in placed)
            self._read[("mkinds", kinds)] = got
        spend(len(got))
        return got

    def count_of_kind(self, kind: str) -> int:
        """How many units and markers are of kind ``kind`` (O(1))."""
        return sum(len(inner) for inner in (self._ukind.get(kind), self._mkind.get(kind)) if inner is not None)

    def count_at(self, h: Hex, side: str, kind: str | None = None, landed_turn: Fact | None = None) -> int:
        """How many units of ``side`` are in hex ``h`` (of kind ``kind``, None: any; that landed in
        game turn ``landed_turn`` by their ``landed_turn`` fact, None: whenever): O(1)."""
        if landed_turn is None:
            key: tuple[Any, ...] = ("side", h, side) if kind is None else ("kind", h, side, kind)
        else:
            key = ("turn", h, side, landed_turn) if kind is None else ("kind turn", h, side, kind, landed_turn)
        inner = self._utally.get(key)
        return 0 if inner is None else len(inner)

    def gliders_landed_at(self, h: Hex, side: str, turn: Fact) -> int:
        """How many units of ``side`` in hex ``h`` came by glider (a ``glider`` fact) in game turn
        ``turn`` (their ``landed_turn`` fact): O(1)."""
        inner = self._utally.get(("glider", h, side, turn))
        return 0 if inner is None else len(inner)

    def undispersed_in(self, hexes: Iterable[Hex], side: str) -> tuple[Unit, ...]:
        """Units of ``side`` in any of these hexes without the ``dispersed`` flag, in the order
        they were placed (costs what it returns, not what else is in the hexes)."""
        placed = sorted((n, c) for h in set(hexes) for inner in (self._utally.get(("undispersed", h, side)),)
                        if inner is not None for c, n in inner.items())
        return tuple(self._units[cid][1] for _, cid in placed)

    def kinds_at(self, h: Hex) -> frozenset[str]:
        """Kinds of every unit and marker in hex ``h``."""
        return frozenset(u.kind for u in self.units_at(h)) | frozenset(m.kind for m in self.markers_at(h))

    def has_at(self, h: Hex, kind: str) -> bool:
        """True if a unit or marker of kind ``kind`` is in hex ``h`` (O(1))."""
        return (h, kind) in self._uhex or (h, kind) in self._mhex

    def free_id(self, base: str) -> str:
        """``base``, or the first of ``base (2)``, ``base (3)``... no unit or marker has. The
        search starts past the numbers known taken (kept as counters are placed and removed), so
        the hundredth Starshell costs what the second did; each id tried spends a unit of work
        (:mod:`airhead.work`)."""
        uid, tried = base, 1
        if uid in self._units or uid in self._markers:
            n = self._next.get(base, 2)
            uid = f"{base} ({n})"
            while uid in self._units or uid in self._markers:
                n, tried = n + 1, tried + 1
                uid = f"{base} ({n})"
            tried += 1
        spend(tried)
        return uid

    # ------------------------------------------------------------------ changing
    def put(self, *units: Unit) -> Counters:
        """Add units; one with the id of a unit already here replaces it where it stands."""
        table, placed, by_hex, by_kind, hints = self._units, self._placed, self._uhex, self._ukind, self._next
        tally = self._utally
        for u in units:
            old = table.get(u.id)
            if old is None:
                placed += 1
                hints = _taken(hints, u.id, table, self._markers)
            n = placed if old is None else old[0]
            by_hex, by_kind = _moved(by_hex, by_kind, None if old is None else old[1], u, n)
            tally = _retallied(tally, None if old is None else old[1], u, n)
            table = table.set(u.id, (n, u))
        return self._with(_units=table, _placed=placed, _uhex=by_hex, _ukind=by_kind, _utally=tally, _next=hints)

    def mark(self, *markers: Marker) -> Counters:
        """Add markers; one with the id of a marker already here replaces it."""
        table, expiring, placed = self._markers, self._expiring, self._placed
        by_hex, by_kind, hints = self._mhex, self._mkind, self._next
        for mk in markers:
            old = table.get(mk.id)
            if old is None:
                placed += 1
                hints = _taken(hints, mk.id, self._units, table)
            n = placed if old is None else old[0]
            by_hex, by_kind = _moved(by_hex, by_kind, None if old is None else old[1], mk, n)
            table = table.set(mk.id, (n, mk))
            expiring = expiring.set(mk.id, mk.expires) if mk.expires else expiring.delete(mk.id)
        return self._with(_markers=table, _expiring=expiring, _placed=placed, _mhex=by_hex, _mkind=by_kind, _next=hints)

    def remove(self, uid: str) -> Counters:
        """Without the unit (or marker) with id ``uid``."""
        changed: dict[str, Any] = {"_expiring": self._expiring.delete(uid), "_next": _freed(self._next, uid)}
        unit, marker = self._units.get(uid), self._markers.get(uid)
        if unit is not None:
            changed["_units"] = self._units.delete(uid)
            changed["_uhex"], changed["_ukind"] = _moved(self._uhex, self._ukind, unit[1], None, unit[0])
            changed["_utally"] = _retallied(self._utally, unit[1], None, unit[0])
        if marker is not None:
            changed["_markers"] = self._markers.delete(uid)
            changed["_mhex"], changed["_mkind"] = _moved(self._mhex, self._mkind, marker[1], None, marker[0])
        return self._with(**changed)

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
        markers, expiring, by_hex, by_kind, hints = self._markers, self._expiring, self._mhex, self._mkind, self._next
        for n, mk in gone:
            markers, expiring = markers.delete(mk.id), expiring.delete(mk.id)
            by_hex, by_kind = _moved(by_hex, by_kind, mk, None, n)
            hints = _freed(hints, mk.id)
        return (self._with(_markers=markers, _expiring=expiring, _mhex=by_hex, _mkind=by_kind, _next=hints),
                tuple(mk for _, mk in gone))

    # ------------------------------------------------------------------ value
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Counters):
            return NotImplemented
        return self is other or (self.units == other.units and self.markers == other.markers)

    def __hash__(self) -> int:
        return hash((self.units, self.markers))

    def __repr__(self) -> str:
        return f"Counters(units={self.units!r}, markers={self.markers!r})"


#: An id :meth:`Counters.free_id` may have made: its base and number (2 or more, no leading 0).
_NUMBERED = re.compile(r"(.*) \(([1-9][0-9]*)\)\Z", re.S)


def _numbered(cid: str) -> tuple[str, int] | None:
    got = _NUMBERED.match(cid)
    if got is None or int(got.group(2)) < 2:
        return None
    return got.group(1), int(got.group(2))


def _taken(hints: VersionedMap[str, int], cid: str, units: VersionedMap[str, Any],
           markers: VersionedMap[str, Any]) -> VersionedMap[str, int]:
    """``hints`` (for each base, the first number from 2 whose id no counter has, or a lower
    one) after id ``cid`` is taken: a hint reached moves past the ids taken (a unit of work
    each, :mod:`airhead.work`; each id is passed once as counters are placed one by one)."""
    got = _numbered(cid)
    if got is None or hints.get(got[0], 2) != got[1]:
        return hints
    base, n = got[0], got[1] + 1
    while f"{base} ({n})" in units or f"{base} ({n})" in markers:
        spend(1)
        n += 1
    return hints.set(base, n)


def _freed(hints: VersionedMap[str, int], cid: str) -> VersionedMap[str, int]:
    """``hints`` after id ``cid`` is given up (lowering a hint is always right)."""
    got = _numbered(cid)
    if got is None or got[1] >= hints.get(got[0], 2):
        return hints
    return hints.set(got[0], got[1])


def _first(entry: tuple[int, Any]) -> int:
    return int(entry[0])


def _moved(by_hex: _Index, by_kind: _Index, old: Unit | Marker | None, new: Unit | Marker | None,
           placed: int) -> tuple[_Index, _Index]:
    """The hex and kind indexes with a counter (placed ``placed``) changed from ``old`` to
    ``new`` (None: absent): O(1). The hex index holds each counter under its hex and under
    (its hex, its kind), for :meth:`Counters.has_at`."""
    cid = new.id if new is not None else old.id if old is not None else ""
    where_old = None if old is None or old.hex is None else old.hex
    where_new = None if new is None or new.hex is None else new.hex
    if where_old is not None and (where_old != where_new or old is None or new is None or old.kind != new.kind):
        assert old is not None
        by_hex = _unindexed(by_hex, (where_old, old.kind), cid)
        if where_old != where_new:
            by_hex = _unindexed(by_hex, where_old, cid)
    if where_new is not None and (where_old != where_new or old is None or new is None or old.kind != new.kind):
        assert new is not None
        by_hex = _indexed(by_hex, (where_new, new.kind), cid, placed)
        if where_old != where_new:
            by_hex = _indexed(by_hex, where_new, cid, placed)
    if old is not None and (new is None or old.kind != new.kind):
        by_kind = _unindexed(by_kind, old.kind, cid)
    if new is not None and (old is None or old.kind != new.kind):
        by_kind = _indexed(by_kind, new.kind, cid, placed)
    return by_hex, by_kind


def _tallies(u: Unit | None) -> frozenset[tuple[Any, ...]]:
    """The side tallies a unit is counted under (none off the map): its hex and side, with its
    kind, with the game turn it landed (a ``landed_turn`` fact), as a glider's load landed that
    turn (a ``glider`` fact), and while it is not dispersed."""
    if u is None or u.hex is None:
        return frozenset()
    h, s = u.hex, u.side
    keys: list[tuple[Any, ...]] = [("side", h, s), ("kind", h, s, u.kind)]
    turn = u.facts.get("landed_turn")
    if turn is not None:
        keys += [("turn", h, s, turn), ("kind turn", h, s, u.kind, turn)]
        if u.facts.get("glider"):
            keys.append(("glider", h, s, turn))
    if "dispersed" not in u.status:
        keys.append(("undispersed", h, s))
    return frozenset(keys)


def _retallied(tally: _Index, old: Unit | None, new: Unit | None, placed: int) -> _Index:
    """The side tallies with a unit (placed ``placed``) changed from ``old`` to ``new`` (None:
    absent): O(1)."""
    before, after = _tallies(old), _tallies(new)
    if before == after:
        return tally
    cid = new.id if new is not None else old.id if old is not None else ""
    for key in before - after:
        tally = _unindexed(tally, key, cid)
    for key in after - before:
        tally = _indexed(tally, key, cid, placed)
    return tally
