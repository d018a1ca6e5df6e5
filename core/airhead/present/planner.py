"""The planner's view model: the procedure menu with each form and its initial values (a table
pack pre-fills them), a form's inputs read as the procedure reads them, the exact odds and the
heatmap of a plan, and what sealing a plan puts on the device."""

from __future__ import annotations

from typing import Any, Mapping

from ..boards import HexMap
from ..errors import AirheadError, DataError
from ..game import Game
from ..picks import form_picks
from ..plug import Odds, Procedure
from ..systems import get
from ..tablepack import prefill_fields, prefill_values
from .overlay import view_data
from .secrets import hide_secrets, secret_inputs, secret_path, secrets_view

__all__ = ["procedure_menu", "pack_view", "form_values", "form_params", "seal_request", "odds_view", "heatmap_view",
           "plan_panel", "form_inputs", "picks_view"]


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


def _by_hex(m: HexMap, rows: list[list[Any]]) -> list[list[Any]]:
    """A table whose every row names a hex ("Where it lands") listed as a map is read: by board,
    column and row (:meth:`HexMap.order`), not as text (2GG10 before 2GG4); other tables as given."""
    try:
        keys = [m.order(m.parse(str(label))) for label, _ in rows]
    except DataError:
        return rows
    return [row for _, row in sorted(zip(keys, rows), key=lambda kr: kr[0])]


def _odds_data(m: HexMap, odds: Odds) -> dict[str, Any]:
    return {
        "facts": [{"key": f.key, "label": f.label, "value": f.value} for f in odds.facts],
        "reasons": list(odds.reasons),
        "tables": [{"key": t.key, "title": t.title, "rows": _by_hex(m, [[label, p] for label, p in t.rows])}
                   for t in odds.tables],
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


def form_inputs(game: Game, name: str, drawn: Mapping[str, Any], kept: Mapping[str, Any] | None = None,
                viewer: str | None = None) -> dict[str, Any]:
    """The whole form's inputs: those ``drawn`` on screen, and every secret hidden from
    ``viewer`` (not drawn) read back from the plan ``kept`` (JSON), so hiding one changes nothing."""
    flat = dict(drawn)
    for path, v in secret_inputs(game, name, kept or {}, viewer).items():
        flat.setdefault(path, v)
    return flat


def picks_view(game: Game, name: str, values: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """What each input of procedure ``name``'s form that names a counter, a side or a row may be
    picked from (``values``: the form as JSON): input path -> ``[{"value", "label", "hex",
    "fill"}]`` (``hex``: where the counter is, "" off the map; ``fill``: other inputs of its row,
    path -> value, a pick fills too). Inputs with nothing to offer are left out."""
    proc = _proc(game, name)
    return {path: [p.data() for p in picks] for path, picks in form_picks(proc, game.state, values).items()}


def _secret_error(view: Mapping[str, Any], path: str) -> str:
    """A complaint about a field hidden from this player, in words that give nothing away."""
    hit = secret_path(view, path) if path else None
    if hit is None or hit["shown"]:
        return ""
    return (f"The {hit['side']} player's {hit['what']} is not complete: only they can see it "
            f"(tap 'I am the {hit['side']} player').")


def plan_panel(game: Game, name: str, drawn: Mapping[str, Any], kept: Mapping[str, Any] | None = None,
               viewer: str | None = None, *, heat: bool = False) -> dict[str, Any]:
    """The planner's view model for procedure ``name``'s form as it stands, in one reading:
    ``drawn`` are the inputs on screen (path -> text or checkbox state), ``kept`` the plan as the
    planner last held it (its hidden secrets are read back from there), ``viewer`` the side whose
    player may see their secrets. Returns ``{"inputs"`` (the whole form's inputs), ``"values"``
    (the form as JSON, unchecked), ``"secrets"`` (:func:`~airhead.present.secrets_view`),
    ``"picks"`` (:func:`picks_view`), ``"params"`` (the checked start parameters, or None), ``"error"`` (None, or ``{"text",
    "path", "missing"}``: why the plan cannot start, ``missing`` when only a field is still
    empty), ``"odds"`` and ``"heat"`` (the odds and, with ``heat``, the heatmap, both worked out
    from the plan as this player may know it: no other side's secret in them)}``."""
    proc = _proc(game, name)
    flat = form_inputs(game, name, drawn, kept, viewer)
    values = proc.params.from_form(flat)
    secrets = secrets_view(game, name, values, viewer)
    out: dict[str, Any] = {"inputs": flat, "values": values, "secrets": secrets, "params": None, "error": None,
                           "odds": None, "heat": None, "picks": picks_view(game, name, values)}
    if heat and proc.has_heatmap:
        try:
            out["heat"] = heatmap_view(game, name, hide_secrets(game, name, values, viewer))
        except AirheadError:
            out["heat"] = None
    try:
        params = form_params(game, name, flat)
        out["odds"] = odds_view(game, name, hide_secrets(game, name, params, viewer)) if proc.has_odds else None
    except AirheadError as e:
        path = getattr(e, "path", "") if isinstance(e, DataError) else ""
        out["error"] = {"text": _secret_error(secrets, str(path)) or str(e), "path": str(path or ""),
                        "missing": str(e).endswith(": missing")}
        out["odds"] = None
        return out
    out["params"] = params
    return out
