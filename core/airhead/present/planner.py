"""The planner's view model: the procedure menu with each form and its initial values (a table
pack pre-fills them), a form's inputs read as the procedure reads them, the exact odds and the
heatmap of a plan, and what sealing a plan puts on the device."""

from __future__ import annotations

from typing import Any, Mapping

from ..boards import HexMap
from ..errors import DataError
from ..game import Game
from ..plug import Odds, Procedure
from ..systems import get
from ..tablepack import prefill_fields, prefill_values
from .overlay import view_data

__all__ = ["procedure_menu", "pack_view", "form_values", "form_params", "seal_request", "odds_view", "heatmap_view"]


def procedure_menu(game: Game, pack: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every procedure of the game's system, in menu order: its name and title, its form (the
    schema's fields) with initial values, and whether it has odds and a heatmap. ``pack``: the
    values of the device's table pack (:mod:`airhead.tablepack`), which pre-fill the fields
    that name an entry."""
    state = game.state
    out = []
    under_way = _started_params(game)
    for p in game.system.rules.menu_order():
        fields, values = p.params.describe(), p.defaults(state)
        if under_way is not None and under_way[0] == p.name:  # the plan under way, after a reload too,
            secret = {f.key for f in p.params if f.secret}  # but never its secrets (E8.1 Passengers)
            values = {**values, **{k: v for k, v in under_way[1].items() if k not in secret}}
        if pack:
            prefill_fields(fields, pack, state.settings)
            values = prefill_values(p.params.fields, values, pack, state.settings)
        out.append({
            "name": p.name,
            "title": p.title,
            "group": game.system.rules.group_of(p.name),
            "under_way": under_way is not None and under_way[0] == p.name,
            "fields": fields,
            "values": values,
            "has_odds": p.has_odds,
            "has_heatmap": p.has_heatmap,
            "seal_label": p.seal_label,
            "seal_only": p.seal_only,
        })
    return out


def _started_params(game: Game) -> tuple[str, dict[str, Any]] | None:
    """The procedure under way and the parameters it was started with (its last start action
    in effect), or None when none is under way."""
    proc = game.state.procedure
    if proc is None:
        return None
    for en in reversed(game.entries):
        a = en.action
        if not en.undone and a.get("type") == "start" and a.get("procedure") == proc.procedure:
            params = a.get("params")
            return proc.procedure, dict(params) if isinstance(params, Mapping) else {}
    return None


def pack_view(system_key: str, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table-pack editor's data for a system: its entries as form fields (each with its
    rule) and the device's values; ``entries`` is empty when the system has none."""
    system = get(system_key)
    return {"system": system.key, "title": system.title, "entries": system.rules.pack.describe(),
            "values": dict(values or {})}


def _proc(game: Game, name: str) -> Procedure[Any]:
    return game.system.procedure(name)


def form_values(game: Game, name: str, flat: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON a form's inputs hold (see :meth:`~airhead.fields.Schema.from_form`), not yet
    checked: what the form shows again after a row is added or removed."""
    return _proc(game, name).params.from_form(flat)


def form_params(game: Game, name: str, flat: Mapping[str, Any]) -> dict[str, Any]:
    """A start action's JSON parameters from a form's inputs, checked exactly as starting the
    procedure checks them: :class:`DataError` names the field (``path``)."""
    proc = _proc(game, name)
    params = proc.params.from_form(flat)
    if proc.seal_label:  # the plan's secret part is sealed and waits for its reveal: start without it
        side, _ = proc.sealed_plan(params)
        if game.state.sealed(side, proc.seal_label_for(params)) is not None:
            params = {k: v for k, v in params.items() if not proc.params.field(k).secret}
    proc.read(game.state, params)
    return params


def seal_request(game: Game, name: str, flat: Mapping[str, Any]) -> dict[str, Any]:
    """What sealing the form's plan puts on this device: ``{"side", "label", "plan"}``, checked
    as starting it would be; :class:`DataError` if the procedure's plans are not sealed."""
    proc = _proc(game, name)
    if not proc.seal_label:
        raise DataError(f"a {proc.title} plan is not sealed")
    params = form_params(game, name, flat)
    side, plan = proc.sealed_plan(params)
    return {"side": side, "label": proc.seal_label_for(params), "plan": plan}


def _odds_data(m: HexMap, odds: Odds) -> dict[str, Any]:
    return {
        "facts": [{"key": f.key, "label": f.label, "value": f.value} for f in odds.facts],
        "reasons": list(odds.reasons),
        "tables": [{"key": t.key, "title": t.title, "rows": [[label, p] for label, p in t.rows]} for t in odds.tables],
        "lines": list(odds.lines),
        "notes": list(odds.notes),
        "view": view_data(m, odds.view),
    }


def odds_view(game: Game, name: str, params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The exact odds of a planned procedure, read exactly as starting it would read it (same
    checks, same settings): facts, reasons, tables, lines, notes and what the map shows; None if
    the procedure has no odds. A plan the procedure refuses raises its error."""
    proc = _proc(game, name)
    if not proc.has_odds:
        return None
    state = game.state
    odds = proc.odds(state, proc.read(state, params))
    return None if odds is None else _odds_data(state.scenario.map, odds)


def heatmap_view(game: Game, name: str, params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The heatmap of a plan still being written (only the fields it needs must be filled)."""
    proc = _proc(game, name)
    if not proc.has_heatmap:
        return None
    state = game.state
    view = proc.heatmap(state, proc.read_some(state, params))
    return None if view is None else view_data(state.scenario.map, view)
