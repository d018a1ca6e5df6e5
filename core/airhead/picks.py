"""What a form field that names a counter, a side or a row may be picked from (#32 item 2).

A text field declares what it names (:attr:`airhead.fields.Field.pick`); :func:`form_picks`
lists, for every such input of a form as it stands, the names that fit — the sides of the game,
the counters in play (of some kinds), what the form's rows or the game's settings name — each
with where it is on the map and the fields of its row it fills too (a strafing target's hex, an
aircraft's side). A procedure narrows a list where its rules say more
(:meth:`airhead.plug.Procedure.picks`: a Dogfight plane's target is an enemy plane). Typing a name
stays possible: a list only offers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .fields import Field

if TYPE_CHECKING:
    from .plug import GameState, Procedure

__all__ = ["Pick", "field_picks", "form_picks", "MAX_PICKS"]

#: The most names one list offers (a long one is still typed).
MAX_PICKS = 60


@dataclass(frozen=True)
class Pick:
    """One name a field may take: ``value`` (what the field gets), ``label`` (how the list shows
    it), ``hex`` (where its counter is, "" off the map), ``fill`` (other inputs of its row, by
    path, and what they get)."""

    value: str
    label: str
    hex: str = ""
    fill: tuple[tuple[str, str], ...] = ()

    def data(self) -> dict[str, Any]:
        """As JSON."""
        return {"value": self.value, "label": self.label, "hex": self.hex, "fill": dict(self.fill)}


def _rows(values: Mapping[str, Any], key: str, sub: str) -> list[str]:
    rows = values.get(key)
    out: list[str] = []
    for r in rows if isinstance(rows, list) else ():
        v = r.get(sub) if isinstance(r, Mapping) else None
        if isinstance(v, str) and v.strip() and v.strip() not in out:
            out.append(v.strip())
    return out


def field_picks(state: GameState, f: Field, values: Mapping[str, Any], row: str) -> list[Pick]:
    """What field ``f`` at a row whose path is ``row`` ("" at the top) may be picked from, read
    from ``f.pick`` (see :class:`~airhead.fields.Field`); ``values``: the whole form as JSON."""
    spec = f.pick
    kind, _, arg = spec.partition(":")
    if kind == "side":
        return [Pick(s, s) for s in state.sides]
    if kind in ("rows", "setting"):
        key, _, sub = arg.partition(".")
        source = values if kind == "rows" else state.settings
        return [Pick(v, v) for v in _rows(source, key, sub)][:MAX_PICKS]
    if kind != "units":
        return []
    kinds = [k for k in arg.split(",") if k and not k.startswith("!")]
    not_kinds = {k[1:] for k in arg.split(",") if k.startswith("!")}
    m = state.scenario.map
    counters = state.counters
    every = (u for k in kinds for u in counters.units_of_kind(k)) if kinds else iter(counters.units)
    units = (u for u in every if u.kind not in not_kinds)  # read lazily: at most MAX_PICKS are kept
    out: list[Pick] = []
    seen: set[str] = set()
    prefix = f"{row}." if row else ""
    for u in units:
        if u.name in seen:
            continue
        seen.add(u.name)
        where = m.name(u.hex) if u.hex is not None else ""
        fill: list[tuple[str, str]] = []
        for key, what in f.fills:
            got = where if what == "hex" else u.side if what == "side" else ""
            if got:
                fill.append((prefix + key, got))
        label = f"{u.name} · {where}" if where else f"{u.name} · off the map"
        out.append(Pick(u.name, label, where, tuple(fill)))
        if len(out) >= MAX_PICKS:
            break
    return out


def _walk(fields: Sequence[Field], values: Any, path: str) -> list[tuple[str, Field]]:
    """Every input path of a pickable field, with the field, for the form's values as they stand."""
    out: list[tuple[str, Field]] = []
    vals = values if isinstance(values, Mapping) else {}
    for f in fields:
        p = f"{path}.{f.key}" if path else f.key
        v = vals.get(f.key)
        if f.kind == "record":
            out += _walk(f.fields, v, p)
        elif f.kind == "list" and f.item is not None:
            for i, row in enumerate(v if isinstance(v, list) else ()):
                if f.item.kind == "record":
                    out += _walk(f.item.fields, row, f"{p}.{i}")
                elif f.item.pick:
                    out.append((f"{p}.{i}", f.item))
        elif f.pick and f.kind == "text":
            out.append((p, f))
    return out


def form_picks(proc: Procedure[Any], state: GameState, values: Mapping[str, Any]) -> dict[str, list[Pick]]:
    """For each input of ``proc``'s form (``values``: the form as JSON) that names something,
    what it may be picked from (lists left out when empty)."""
    out: dict[str, list[Pick]] = {}
    for path, f in _walk(proc.params.fields, values, ""):
        row = path.rpartition(".")[0]
        got = proc.picks(state, values, path, f)
        picks = field_picks(state, f, values, row) if got is None else got
        if picks:
            out[path] = picks
    return out
