"""Typed fields: one schema says what a procedure's parameters or a system's settings are.

From a :class:`Schema` the app builds its forms (:meth:`Schema.describe`), JSON from an action,
a link, a file or a form is checked and read (:meth:`Schema.parse`), and values go back to JSON
(:meth:`Schema.dump`). Parsing happens once, at the edge: a hex name becomes a
:class:`~airhead.hexes.Hex`, a direction (ASL 1..6 or a compass name) becomes 0..5 — the one
encoding inside the core — and a list becomes a tuple. Every problem is a
:class:`~airhead.errors.DataError` that names the field (``path``) in the player's words::

    AA = Field("aa", "Light AA", "list", hi=8, default=[], item=Field("aa", "Light AA weapon", "record", fields=(
        Field("name", "Name", "text", lo=1, hi=24),
        Field("kill", "Kill Number", "int", lo=2, hi=12, rule="E8.21"),
    )))

Kinds: ``hex``, ``direction``, ``int``, ``choice``, ``bool``, ``text``, ``list`` (of ``item``),
``record`` (of ``fields``), ``mapping`` (keys, optionally from ``choices``, to ``item``) and
``any`` (JSON kept as it is, for data another check reads: a sealed plan, terrain to set).
A field is required unless it has a ``default`` (a JSON value; ``None`` makes it optional).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, Mapping, Protocol, Sequence

from .errors import DataError, quoted
from .hexes import DIRECTION_NAMES, Hex, asl_direction

__all__ = ["Kind", "REQUIRED", "Field", "Schema", "check_record"]

Kind = Literal["hex", "direction", "int", "choice", "bool", "text", "list", "record", "mapping", "any"]
KINDS: tuple[str, ...] = ("hex", "direction", "int", "choice", "bool", "text", "list", "record", "mapping", "any")


class HexMap(Protocol):
    """What a field needs of a map (:class:`airhead.boards.HexMap`): hex names both ways."""

    def parse(self, name: str, *, allow_offboard: bool = False) -> Hex:
        """The hex named ``name``; a DataError if it names none."""

    def name(self, h: Hex) -> str:
        """The name of hex ``h``."""


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


#: The ``default`` of a field that must be given.
REQUIRED: Any = _Required()

MAX_TEXT = 500


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _clip(v: Any, n: int = 24) -> str:
    """A short, safe rendering of a bad value for a player's message (:func:`~airhead.errors.quoted`)."""
    return quoted(v, n)


@dataclass(frozen=True)
class Field:
    """One typed field of a form, an action's parameters or a system's settings."""

    key: str
    label: str
    kind: Kind
    default: Any = REQUIRED
    rule: str = ""
    help: str = ""
    lo: int | None = None  # int: least value; text: shortest; list: fewest items
    hi: int | None = None  # int: greatest value; text: longest; list and mapping: most items
    choices: tuple[str, ...] = ()  # choice: the options; mapping: the allowed keys (if any)
    item: Field | None = None  # list and mapping: each value
    fields: tuple[Field, ...] = ()  # record: its fields
    style: Literal["", "asl", "compass"] = ""  # direction: ASL numbers 1..6 (names accepted) or compass names
    offboard: bool = False  # hex: names beyond the board's edge are allowed
    secret: bool = False  # hidden from the log and the opponent (E8.1 Passengers)
    #: Whose secret it is (a ``secret`` field): ``""`` the side that seals the procedure's plan
    #: (``Procedure.sealed_plan``), ``"first"`` the side moving first, ``"second"`` the other.
    owner: Literal["", "first", "second"] = ""
    #: The key of the table-pack entry that pre-fills this field (a number the seeds do not
    #: print, e.g. ``"aerial_drm.{year}"``: ``{setting}`` is replaced by that setting's value).
    pack: str = ""
    #: What a text field names, offered as a list to pick from (:mod:`airhead.picks`): ``"side"``
    #: (a side of the game), ``"units"`` or ``"units:aircraft,glider"`` (the counters in play, of
    #: those kinds; ``"units:!aircraft"`` all but those), ``"rows:<list>.<key>"`` (what the form's rows of ``<list>`` name),
    #: ``"setting:<list>.<key>"`` (what a list among the game's settings names).
    pick: str = ""
    #: Fields of the same record a picked counter fills too: ``(key, what)`` with ``what`` one
    #: of ``"hex"`` (where it is) and ``"side"``.
    fills: tuple[tuple[str, str], ...] = ()
    #: A choice's earlier words, ``(old, new)``: a save or a link written with the old one reads
    #: as the new (the words on screen changed, the games did not).
    renamed: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")
        if self.kind in ("list", "mapping") and self.item is None:
            raise ValueError(f"{self.key}: a {self.kind} field needs an item field")

    @property
    def required(self) -> bool:
        """True if the field must be given."""
        return self.default is REQUIRED

    # ------------------------------------------------------------------ JSON -> values
    def parse(self, raw: Any, m: HexMap | None = None, where: str = "", path: str = "") -> Any:
        """The Python value of JSON ``raw``; raise :class:`DataError` naming the field."""
        where = where or self.label
        path = path or self.key
        k = self.kind
        if k == "any":
            return raw
        if k == "hex":
            if not isinstance(raw, str) or not 1 <= len(raw) <= 16:
                raise self._bad(where, path, "must be a hex name")
            if m is None:
                raise self._bad(where, path, "no map to read the hex on")
            try:
                return m.parse(raw, allow_offboard=self.offboard)
            except DataError as e:  # the map's HexNameError
                raise self._bad(where, path, str(e)) from None
        if k == "direction":
            if self.style == "asl" and _whole(raw) and 1 <= raw <= 6:
                return int(raw) - 1
            if isinstance(raw, str) and raw in DIRECTION_NAMES:
                return DIRECTION_NAMES.index(raw)
            if self.style == "asl":
                raise self._bad(where, path, f"must be 1..6 or one of {', '.join(DIRECTION_NAMES)}, not {_clip(raw)}")
            raise self._bad(where, path, f"must be one of {', '.join(DIRECTION_NAMES)}, not {_clip(raw)}")
        if k == "int":
            if not _whole(raw):
                raise self._bad(where, path, f"must be a whole number, not {_clip(raw)}")
            lo = -math.inf if self.lo is None else self.lo
            hi = math.inf if self.hi is None else self.hi
            if not lo <= raw <= hi:
                raise self._bad(where, path, f"must be a whole number {self._range()}, not {raw}")
            return int(raw)
        if k == "choice":
            raw = next((new for old, new in self.renamed if raw == old), raw)
            if not isinstance(raw, str) or raw not in self.choices:
                raise self._bad(where, path, f"must be one of {', '.join(self.choices)}, not {_clip(raw)}")
            return raw
        if k == "bool":
            if not isinstance(raw, bool):
                raise self._bad(where, path, "must be yes or no (true or false)")
            return raw
        if k == "text":
            lo = 0 if self.lo is None else self.lo
            hi = MAX_TEXT if self.hi is None else self.hi
            if not isinstance(raw, str) or not lo <= len(raw) <= hi:
                raise self._bad(where, path, f"must be text of {lo}..{hi} characters" if lo else f"must be text of at most {hi} characters")
            return raw
        if k == "list":
            assert self.item is not None
            lo = 0 if self.lo is None else self.lo
            hi = 1000 if self.hi is None else self.hi
            if not isinstance(raw, list) or not lo <= len(raw) <= hi:
                what = f"{lo}..{hi}" if lo else f"at most {hi}"
                raise self._bad(where, path, f"must list {what} {'item' if hi == 1 else 'items'}")
            return tuple(self.item.parse(v, m, f"{where} {i + 1}", f"{path}.{i}") for i, v in enumerate(raw))
        if k == "record":
            return parse_fields(self.fields, raw, m, where, path, what="field")
        assert self.item is not None  # mapping
        hi = 1000 if self.hi is None else self.hi
        if not isinstance(raw, dict) or len(raw) > hi:
            raise self._bad(where, path, f"must be an object of at most {hi} entries")
        if self.item.kind == "any" and not self.choices and all(type(key) is str and len(key) <= 48 for key in raw):
            return dict(raw)  # (a save's 10,000 hexes: no per-entry names to build when nothing is wrong)
        out: dict[str, Any] = {}
        for key, v in raw.items():
            if not isinstance(key, str) or (self.choices and key not in self.choices) or len(key) > 48:
                allowed = f" (one of {', '.join(self.choices)})" if self.choices else ""
                raise self._bad(where, path, f"unknown entry {_clip(key)}{allowed}")
            out[key] = self.item.parse(v, m, f"{where} {key}", f"{path}.{key}")
        return out

    def quick(self, raw: Any) -> Any:
        """What :meth:`parse` returns for a plain value that reads as it is (text, a whole number,
        yes/no, a choice, any JSON), without naming the field; ``_ABSENT`` otherwise (then
        :meth:`parse` reads it, or says what is wrong)."""
        k = self.kind
        if k == "any":
            return raw
        if k == "text":
            if isinstance(raw, str) and (self.lo or 0) <= len(raw) <= (MAX_TEXT if self.hi is None else self.hi):
                return raw
        elif k == "int":
            if _whole(raw) and (self.lo is None or raw >= self.lo) and (self.hi is None or raw <= self.hi):
                return int(raw)
        elif k == "bool":
            if raw is True or raw is False:
                return raw
        elif k == "choice":
            if isinstance(raw, str) and raw in self.choices:
                return raw
        elif k == "list" and self.item is not None and self.item.kind in _QUICK_ITEMS:
            if isinstance(raw, list) and (self.lo or 0) <= len(raw) <= (1000 if self.hi is None else self.hi):
                items = tuple(self.item.quick(v) for v in raw)
                if _ABSENT not in items:
                    return items
        return _ABSENT

    def _range(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"{self.lo}..{self.hi}"
        if self.lo is not None:
            return f">= {self.lo}"
        return f"<= {self.hi}"

    @staticmethod
    def _bad(where: str, path: str, problem: str) -> DataError:
        return DataError(f"{where}: {problem}", path)

    # ------------------------------------------------------------------ values -> JSON
    def dump(self, value: Any, m: HexMap | None = None) -> Any:
        """The JSON form of a value :meth:`parse` returned."""
        k = self.kind
        if value is None:
            return None
        if k == "hex":
            if m is None:
                raise DataError(f"{self.label}: no map to name the hex on", self.key)
            h: Hex = value
            return m.name(h)
        if k == "direction":
            return asl_direction(value) if self.style == "asl" else DIRECTION_NAMES[value]
        if k == "list":
            assert self.item is not None
            return [self.item.dump(v, m) for v in value]
        if k == "record":
            return dump_fields(self.fields, value, m)
        if k == "mapping":
            assert self.item is not None
            return {key: self.item.dump(v, m) for key, v in value.items()}
        return value

    # ------------------------------------------------------------------ forms
    def options(self) -> list[tuple[Any, str]]:
        """The choices a form offers as ``(JSON value, label)``: directions and choices."""
        if self.kind == "direction":
            if self.style == "asl":
                return [(asl_direction(d), f"{asl_direction(d)} ({n})") for d, n in enumerate(DIRECTION_NAMES)]
            return [(n, n) for n in DIRECTION_NAMES]
        if self.kind == "choice":
            return [(c, c) for c in self.choices]
        return []

    def describe(self) -> dict[str, Any]:
        """Plain data a form is built from (JSON-able)."""
        out: dict[str, Any] = {"key": self.key, "label": self.label, "kind": self.kind, "required": self.required}
        if not self.required:
            out["default"] = self.default
        for name in ("rule", "help"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.lo is not None:
            out["lo"] = self.lo
        if self.hi is not None:
            out["hi"] = self.hi
        if self.kind in ("direction", "choice"):
            out["options"] = [[v, label] for v, label in self.options()]
        if self.kind == "mapping" and self.choices:
            out["keys"] = list(self.choices)
        if self.item is not None:
            out["item"] = self.item.describe()
            out["new_item"] = self.item.blank()
        if self.fields:
            out["fields"] = [f.describe() for f in self.fields]
        if self.offboard:
            out["offboard"] = True
        if self.secret:
            out["secret"] = True
        if self.pack:
            out["pack"] = self.pack
        if self.pick:
            out["pick"] = self.pick
        return out

    def blank(self) -> Any:
        """The JSON a form starts a new value from (a new row of a list)."""
        if not self.required and self.default is not None:
            return self.default
        if self.kind == "record":
            return {f.key: f.blank() for f in self.fields}
        if self.kind == "list":
            return []
        if self.kind == "mapping":
            return {}
        if self.kind == "bool":
            return False
        if self.kind in ("direction", "choice"):
            opts = self.options()
            return opts[0][0] if opts else None
        if self.kind == "int":
            return self.lo if self.lo is not None else 0
        return ""

    def from_form(self, flat: Mapping[str, Any], path: str) -> Any:
        """The JSON value of this field from a form's inputs (``flat``: input path -> its text or
        checkbox state; see :meth:`Schema.from_form`). Missing or blank optional inputs give
        :data:`_ABSENT`."""
        k = self.kind
        if k == "record":
            if not self.required and f"{path}.on" in flat and not flat[f"{path}.on"]:
                return _ABSENT
            out = {}
            for f in self.fields:
                v = f.from_form(flat, f"{path}.{f.key}")
                if v is not _ABSENT:
                    out[f.key] = v
            return out
        if k == "list":
            assert self.item is not None
            count = flat.get(f"{path}.count")
            n = int(count) if isinstance(count, (int, str)) and str(count).isdigit() else 0
            rows = []
            for i in range(min(n, 1000)):
                v = self.item.from_form(flat, f"{path}.{i}")
                if v is not _ABSENT:
                    rows.append(v)
                elif self.item.kind in ("hex", "text"):
                    rows.append("")  # a blank row stays a row: its check then names it
            return rows
        if k == "mapping":
            assert self.item is not None
            keys = self.choices or tuple(
                str(flat[p]) for p in sorted(flat) if p.startswith(f"{path}.") and p.endswith(".key"))
            out2 = {}
            for key in keys:
                v = self.item.from_form(flat, f"{path}.{key}")
                if v is not _ABSENT:
                    out2[key] = v
            return out2
        if path not in flat:
            return _ABSENT
        raw = flat[path]
        if k == "bool":
            return bool(raw) and raw not in ("false", "0", "off")
        text = str(raw).strip()
        if text == "" and (k != "text" or not self.required):
            return _ABSENT
        if k == "int":
            try:
                return int(text)
            except ValueError:
                raise DataError(f"{self.label}: must be a whole number, not {_clip(text)}", path) from None
        if k == "direction" and self.style == "asl" and text.isdigit():
            return int(text)
        if k == "hex":
            return text.upper() if text[:1].isdigit() else text
        return text


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


_ABSENT: Any = _Absent()


#: Item kinds a list of which :meth:`Field.quick` reads.
_QUICK_ITEMS = ("text", "int", "bool", "choice")
#: Field kinds whose parsed value is immutable and the same on every map: a default of one of
#: them (or a list of them) is parsed once.
_PLAIN_KINDS = ("int", "choice", "bool", "text", "direction", "any")
#: The keys of each field tuple parse_fields has read (by id; the tuple is kept with its keys).
_KEYS: dict[int, tuple[Sequence[Field], frozenset[str]]] = {}


def _keys(fields: Sequence[Field]) -> frozenset[str]:
    hit = _KEYS.get(id(fields))
    if hit is not None and hit[0] is fields:
        return hit[1]
    keys = frozenset(f.key for f in fields)
    if len(_KEYS) > 512:  # field tuples made on the fly: keep the cache small
        _KEYS.clear()
    _KEYS[id(fields)] = (fields, keys)
    return keys


def _default(f: Field, m: HexMap | None, sub: str, p: str) -> Any:
    """The parsed default of ``f`` (parsed once when it cannot depend on the map)."""
    cached = f.__dict__.get("_parsed_default", _ABSENT)
    if cached is not _ABSENT:
        return cached
    value = f.parse(f.default, m, sub, p)
    if f.kind in _PLAIN_KINDS or (f.kind == "list" and f.item is not None and f.item.kind in _PLAIN_KINDS[:-1]):
        f.__dict__["_parsed_default"] = value  # not a dataclass field: equality and repr ignore it
    return value


def parse_fields(fields: Sequence[Field], raw: Any, m: HexMap | None, where: str = "", path: str = "",
                 what: str = "field") -> dict[str, Any]:
    """Parse a JSON object field by field: unknown keys refused, missing ones defaulted."""
    if not isinstance(raw, dict):
        prefix = f"{where}: " if where else ""
        raise DataError(f"{prefix}must be an object", path)
    known = _keys(fields)
    if not known.issuperset(raw):
        prefix = f"{where}: " if where else ""
        extra = [str(k) for k in raw if k not in known]
        raise DataError(f"{prefix}unknown {what}(s): {', '.join(sorted(extra))[:80]}", path)
    out: dict[str, Any] = {}
    for f in fields:
        v = raw.get(f.key)
        if v is not None:
            quick = f.quick(v)
            if quick is not _ABSENT:
                out[f.key] = quick
                continue
        elif f.default is not REQUIRED:
            if f.default is None:
                out[f.key] = None
                continue
            cached = f.__dict__.get("_parsed_default", _ABSENT)
            if cached is not _ABSENT:
                out[f.key] = cached
                continue
        sub = f"{where}, {f.label}" if where else f.label
        p = f"{path}.{f.key}" if path else f.key
        if v is not None:
            out[f.key] = f.parse(v, m, sub, p)
        elif f.default is REQUIRED:
            raise DataError(f"{sub}: missing", p)
        else:
            out[f.key] = _default(f, m, sub, p)
    return out


def dump_fields(fields: Sequence[Field], values: Mapping[str, Any], m: HexMap | None) -> dict[str, Any]:
    """JSON of parsed values (optional fields left empty are left out)."""
    out = {}
    for f in fields:
        v = values.get(f.key)
        if v is not None:
            out[f.key] = f.dump(v, m)
    return out


@dataclass(frozen=True)
class Schema:
    """The fields of a procedure's parameters or a system's settings, in form order."""

    fields: tuple[Field, ...] = ()
    what: str = "parameter"  # names unknown keys in messages ("unknown parameter(s): x")

    def __iter__(self) -> Any:
        return iter(self.fields)

    def field(self, key: str) -> Field:
        """The field named ``key``."""
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(key)

    def parse(self, raw: Any, m: HexMap | None = None) -> dict[str, Any]:
        """Check JSON ``raw`` and read it into typed values; raise :class:`DataError`."""
        return parse_fields(self.fields, raw, m, what=self.what)

    def dump(self, values: Mapping[str, Any], m: HexMap | None = None) -> dict[str, Any]:
        """JSON of typed values (the inverse of :meth:`parse`)."""
        return dump_fields(self.fields, values, m)

    def describe(self) -> list[dict[str, Any]]:
        """Plain data a form is built from."""
        return [f.describe() for f in self.fields]

    def from_form(self, flat: Mapping[str, Any]) -> dict[str, Any]:
        """JSON parameters from a form's inputs, before :meth:`parse` checks them.

        ``flat`` maps an input's path to its value: ``"ilh"`` -> ``"1C9"``, ``"aa.0.kill"`` ->
        ``"6"``, checkboxes to True/False; a list's ``"<path>.count"`` is its number of rows and an
        optional record's ``"<path>.on"`` whether it is given. Blank optional inputs are left out.
        """
        out = {}
        for f in self.fields:
            v = f.from_form(flat, f.key)
            if v is not _ABSENT:
                out[f.key] = v
        return out


def check_record(raw: Any, fields: Sequence[Field], what: str, m: HexMap | None = None) -> dict[str, Any]:
    """Check a JSON object against ``fields`` (the one helper for every record read from
    outside: units, passengers, firers): unknown fields refused, types and ranges checked."""
    return parse_fields(fields, raw, m, where=what, what="field")
