"""The finished procedures' outcomes of a game, indexed (:class:`Outcomes`): what
:class:`~airhead.plug.GameState` keeps so that a rule reads the outcomes of one procedure, or of
this Player Turn, without walking the others' — an action's cost never grows with the game's
length."""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator, Mapping, Sequence, overload

from .turns import Turn
from .versioned import VersionedMap
from .work import spend

__all__ = ["Outcomes"]


class Outcomes(Sequence[Mapping[str, Any]]):
    """The finished procedures' outcomes, in order: a read-only sequence (equal to the tuple of
    them), with an index by procedure name.

    :meth:`plus` costs O(1) however many came before: the versions made from each other share
    one list (and one list of positions per procedure name), each seeing its first ``n`` items;
    adding to a version that is not the newest of its list copies it (once, a unit of work per
    item, :mod:`airhead.work`), as after an undo. Beside the index, the record of the latest
    Player Turn of each procedure (:meth:`in_turn`: turns only move on, so older ones are dropped),
    and of each key a procedure's outcome is filed under (:meth:`under`: how many in the Player
    Turn and the last, O(1))."""

    __slots__ = ("_items", "_n", "_index", "_turns", "_keyed")

    def __init__(self, items: Iterable[Mapping[str, Any]] = ()) -> None:
        self._items: list[Mapping[str, Any]] = list(items)
        self._n = len(self._items)
        #: By procedure name: (the positions of its outcomes, shared; how many this version has).
        self._index: dict[str, tuple[list[int], int]] = {}
        for i, o in enumerate(self._items):
            pos = self._index.setdefault(str(o.get("procedure")), ([], 0))[0]
            pos.append(i)
            self._index[str(o.get("procedure"))] = (pos, len(pos))
        #: By procedure name: the Player Turn of its latest outcomes and how many they are (the
        #: last of its positions in the index: turns only move on).
        self._turns: Mapping[str, tuple[tuple[int, int], int]] = {}
        #: By (procedure name, key): the Player Turn record its latest outcomes under the key belong
        #: to (the position of the record's first outcome), how many, the last.
        self._keyed: VersionedMap[tuple[str, Hashable], tuple[int, int, Mapping[str, Any]]] = VersionedMap()

    def _indexed(self, key: str, i: int) -> dict[str, tuple[list[int], int]]:
        """The index with position ``i`` added under ``key`` (the name's list shared when this
        version holds all of it)."""
        pos, count = self._index.get(key, ([], 0))
        if len(pos) != count:
            pos = pos[:count]
        pos.append(i)
        return {**self._index, key: (pos, count + 1)}

    def plus(self, outcome: Mapping[str, Any], turn: Turn | None = None, keys: Iterable[Hashable] = ()) -> Outcomes:
        """These outcomes and ``outcome`` after them, reached in ``turn`` (if given: the record
        of that Player Turn kept, with ``outcome`` filed under ``keys``)."""
        items = self._items
        if not self._n:
            items = []
        elif len(items) != self._n:  # an older version: it gets a list of its own
            spend(self._n)
            items = items[:self._n]
        items.append(outcome)
        made: Outcomes = Outcomes.__new__(Outcomes)
        made._items, made._n = items, self._n + 1
        key = str(outcome.get("procedure"))
        made._index = self._indexed(key, self._n)
        made._turns, made._keyed = self._turns, self._keyed
        if turn is not None:
            when = (turn.game_turn, turn.player)
            was, run = self._turns.get(key, (when, 0))
            made._turns = {**self._turns, key: (when, (run if was == when else 0) + 1)}
            first = made._run_start(key)
            for k in dict.fromkeys(keys):
                got = made._keyed.get((key, k))
                made._keyed = made._keyed.set((key, k), (first, got[1] + 1 if got is not None and got[0] == first else 1, outcome))
        return made

    def _run_start(self, procedure: str) -> int:
        """The position of the first outcome of ``procedure``'s latest Player Turn record."""
        pos, count = self._index[procedure]
        return pos[count - self._turns[procedure][1]]

    def under(self, turn: Turn, procedure: str, key: Hashable) -> tuple[int, Mapping[str, Any] | None]:
        """How many outcomes of ``procedure`` reached in ``turn``'s Player Turn are filed under
        ``key``, and the last of them (None: none): O(1)."""
        was = self._turns.get(procedure)
        got = self._keyed.get((procedure, key))
        if was is None or got is None or was[0] != (turn.game_turn, turn.player) or got[0] != self._run_start(procedure):
            return 0, None
        return got[1], got[2]

    def in_turn(self, turn: Turn, *procedures: str) -> tuple[Mapping[str, Any], ...]:
        """The outcomes of these procedures reached in ``turn``'s Player Turn, in order."""
        when = (turn.game_turn, turn.player)
        got: list[tuple[int, Mapping[str, Any]]] = []
        for p in procedures:
            was, run = self._turns.get(p, (None, 0))
            if was == when:
                pos, count = self._index[p]
                got.extend((i, self._items[i]) for i in pos[count - run:count])
        return tuple(o for _, o in sorted(got, key=lambda x: x[0]))

    def count_in_turn(self, turn: Turn, *procedures: str) -> int:
        """How many outcomes these procedures reached in ``turn``'s Player Turn (O(1))."""
        when = (turn.game_turn, turn.player)
        return sum(run for was, run in (self._turns.get(p, (None, 0)) for p in procedures) if was == when)

    def of(self, *procedures: str) -> tuple[Mapping[str, Any], ...]:
        """The outcomes of these procedures, in order."""
        got = [(pos, count) for pos, count in (self._index.get(p, ([], 0)) for p in procedures)]
        where = got[0][0][:got[0][1]] if len(got) == 1 else sorted(i for pos, count in got for i in pos[:count])
        return tuple(self._items[i] for i in where)

    def count_of(self, *procedures: str) -> int:
        """How many outcomes these procedures have (O(1))."""
        return sum(self._index.get(p, ([], 0))[1] for p in procedures)

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Mapping[str, Any]: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Mapping[str, Any], ...]: ...
    def __getitem__(self, i: int | slice) -> Mapping[str, Any] | tuple[Mapping[str, Any], ...]:
        if isinstance(i, slice):
            return tuple(self._items[:self._n][i])
        if not -self._n <= i < self._n:
            raise IndexError("outcome index out of range")
        return self._items[i % self._n]

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        return iter(self._items[:self._n])

    def __reversed__(self) -> Iterator[Mapping[str, Any]]:
        items = self._items
        return (items[i] for i in range(self._n - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Outcomes):
            return self._n == other._n and (self._items is other._items or self._items[:self._n] == other._items[:other._n])
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Outcomes({list(self)!r})"
