"""An immutable mapping whose edits cost O(1), however large it is and however many came before.

Replay keeps one game state per action (undo needs them), and every map edit or unit placed
makes a new state. Copying a dict per edit made replay quadratic; a :class:`VersionedMap`
instead shares one dict between all the versions derived from each other (a *family*), with
Baker's "rerooting" trick for persistent arrays:

- the shared dict holds the content of one version of the family, its *root*;
- every other version holds one difference (a key and its value, or its absence) and the
  version it differs from, a chain that ends at the root;
- reading a version first makes it the root: the differences on the way are applied to the dict
  and reversed, so the versions passed become differences pointing to it.

Reading the newest version (replay), the one before it (undo) or the one after (redo) costs
O(1); reading any version costs the number of edits between it and the version read last, so
things that are used apart (two games) should each :meth:`~VersionedMap.fork` their own family. Every
version stays immutable and correct; rerooting is invisible except in time. Not thread-safe (the
core runs in one thread, in Pyodide as on CPython).

A family holds at most :data:`FAMILY_LIMIT` versions: the next edit starts a new family with a
copy of the dict (amortised O(size / FAMILY_LIMIT) per edit). Versions refer to each other in a
chain, and freeing a chain frees it recursively: under Pyodide a chain of ~3,000 versions
overflowed the stack when a long game was dropped, so no chain is ever longer than that limit.

Iteration (``keys``, ``values``, ``items``, ``for k in m``) walks a copy of the content, so code
that reads another version of the same family inside the loop stays correct. Its order is
unspecified: sort for output.
"""

from __future__ import annotations

from typing import Any, Generic, ItemsView, Iterator, KeysView, Mapping, TypeVar, ValuesView, overload

from .work import spend

__all__ = ["VersionedMap"]

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")


class _Missing:
    """The value of a key a version does not hold (distinct from every stored value)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()

#: The most versions one family holds (so the longest chain freed recursively; see the module).
FAMILY_LIMIT = 128


class VersionedMap(Mapping[K, V], Generic[K, V]):
    """An immutable mapping; :meth:`set` and :meth:`delete` return a new version in O(1)."""

    __slots__ = ("_data", "_diff", "_family")

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._data: dict[Any, Any] = dict(items) if items is not None else {}
        #: None for the root; else (key, value or _MISSING, the version this one differs from).
        self._diff: tuple[Any, Any, VersionedMap[K, V]] | None = None
        #: Shared by the family: how many versions it holds.
        self._family: list[int] = [1]

    # ------------------------------------------------------------------ rerooting
    # (the readers test ``_diff is None`` themselves before calling it: the root, the version
    # most reads are of, is then read without a call, which Pyodide makes dear)
    def _reroot(self) -> dict[Any, Any]:
        """Make this version the root of its family and return the shared dict (its content)."""
        if self._diff is None:
            return self._data
        path: list[VersionedMap[K, V]] = []
        node: VersionedMap[K, V] = self
        while node._diff is not None:
            path.append(node)
            node = node._diff[2]
        spend(len(path))  # each difference applied is a unit of work (airhead.work)
        data = self._data
        for v in reversed(path):  # from the one next to the root back to this one
            assert v._diff is not None
            key, value, root = v._diff
            old = data.get(key, _MISSING)
            if value is _MISSING:
                del data[key]
            else:
                data[key] = value
            root._diff = (key, old, v)
            v._diff = None
        return data

    def _derive(self, key: Any, value: Any) -> VersionedMap[K, V]:
        data = self._data if self._diff is None else self._reroot()
        old = data.get(key, _MISSING)
        if old is value:
            return self
        if self._family[0] >= FAMILY_LIMIT:  # a new family: this one's chains stay short
            fresh: VersionedMap[K, V] = VersionedMap(data)
            if value is _MISSING:
                del fresh._data[key]
            else:
                fresh._data[key] = value
            return fresh
        self._family[0] += 1
        new: VersionedMap[K, V] = VersionedMap.__new__(VersionedMap)
        new._data = data
        new._diff = None
        new._family = self._family
        if value is _MISSING:
            del data[key]
        else:
            data[key] = value
        self._diff = (key, old, new)
        return new

    # ------------------------------------------------------------------ editing
    def set(self, key: K, value: V) -> VersionedMap[K, V]:
        """A version with ``key`` mapped to ``value`` (this one is unchanged)."""
        return self._derive(key, value)

    def delete(self, key: K) -> VersionedMap[K, V]:
        """A version without ``key`` (this one if it has no ``key``)."""
        return self._derive(key, _MISSING)

    def fork(self) -> VersionedMap[K, V]:
        """The same content in a family of its own (a copy: O(size)). A game forks its
        starting terrain, so two games of one scenario never reroot each other's storage."""
        return VersionedMap(self._reroot())

    # ------------------------------------------------------------------ reading
    def current(self) -> Mapping[K, V]:
        """This version's content as a read-only view, valid until another version of the
        family is read or edited (for hot loops: one lookup without the rerooting check)."""
        return self._data if self._diff is None else self._reroot()

    def __getitem__(self, key: K) -> V:
        value: V = (self._data if self._diff is None else self._reroot())[key]
        return value

    @overload
    def get(self, key: K) -> V | None: ...
    @overload
    def get(self, key: K, default: V | D) -> V | D: ...
    def get(self, key: K, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        return (self._data if self._diff is None else self._reroot()).get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in (self._data if self._diff is None else self._reroot())

    def __len__(self) -> int:
        return len(self._reroot())

    def snapshot(self) -> dict[K, V]:
        """A plain dict with this version's content (a copy: O(size), one unit of work per item,
        :mod:`airhead.work`)."""
        data = self._reroot()
        spend(len(data))
        return dict(data)

    def __iter__(self) -> Iterator[K]:
        data = self._reroot()
        spend(len(data))
        return iter(list(data))

    def keys(self) -> KeysView[K]:
        return self.snapshot().keys()

    def values(self) -> ValuesView[V]:
        return self.snapshot().values()

    def items(self) -> ItemsView[K, V]:
        return self.snapshot().items()

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, VersionedMap):
            return self.snapshot() == other.snapshot()
        if isinstance(other, Mapping):
            return self.snapshot() == dict(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"VersionedMap({self.snapshot()!r})"
