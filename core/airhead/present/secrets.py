"""Secrets at the table (#14 item 5): what a procedure's form holds in secret and for whom, a
plan as one side's player may know it, and the hidden inputs the page reads back unchanged."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..fields import Field
from ..game import Game
from ..plug import Procedure

__all__ = ["secrets_view", "secret_path", "hide_secrets", "secret_inputs", "flat_inputs"]


def _secret_paths(fields: Sequence[Field], prefix: str = "") -> list[tuple[str, Field, bool]]:
    """Every secret field under ``fields``: ``(pattern, field, top)`` — the pattern is the form's
    input path with ``*`` for any row or key (``passengers``, ``units.*.dummy``); ``top``: a field
    of the form itself, not of a row."""
    out: list[tuple[str, Field, bool]] = []
    for f in fields:
        path = f"{prefix}{f.key}"
        if f.secret:
            out.append((path, f, not prefix))
        elif f.kind == "record":
            out.extend((p, sub, False) for p, sub, _ in _secret_paths(f.fields, path + "."))
        elif f.kind in ("list", "mapping") and f.item is not None:
            if f.item.secret:
                out.append((path + ".*", f.item, False))
            elif f.item.kind == "record":
                out.extend((p, sub, False) for p, sub, _ in _secret_paths(f.item.fields, path + ".*."))
    return out


def _secret_side(game: Game, proc: Procedure[Any], f: Field, values: Mapping[str, Any]) -> str:
    """The side whose secret field ``f`` is: its ``owner``, else the side that seals the
    procedure's plan (read from the plan's open fields), else the side moving first."""
    first, second = game.state.sides
    if f.owner == "first":
        return first
    if f.owner == "second":
        return second
    secret = {x.key for x in proc.params if x.secret}
    open_values = {k: v for k, v in {**proc.fallbacks(game.state), **values}.items() if k not in secret}
    try:
        side = proc.sealed_plan(open_values)[0]
    except (ValueError, TypeError, KeyError, AttributeError):  # a half-written form: AirheadError is a ValueError
        side = ""
    return side or first


def _what(proc: Procedure[Any], f: Field, top: bool) -> str:
    """A secret in the players' words: the plan's seal label (``glider manifest``, ``landing
    plan``), ``dummy flags`` for a yes/no field of each row, else the field's label."""
    if top and proc.seal_label:
        return proc.seal_label
    if f.kind == "bool":
        return f"{f.label.lower()} flags" if not top else f"{f.label.lower()} flag"
    return f.label.lower()


def secrets_view(game: Game, name: str, values: Mapping[str, Any] | None = None,
                 viewer: str | None = None) -> dict[str, Any]:
    """What procedure ``name``'s form holds in secret and for whom, with the form's ``values``
    (JSON) and ``viewer`` (the side whose player confirmed "this is the <side> player", or None):
    ``{"viewer", "fields": [{"path", "label", "side", "what", "shown"}], "sides": [{"side", "what",
    "shown", "text", "button"}]}``. ``path`` is the input path with ``*`` for any row
    (``units.*.dummy``); a field is ``shown`` only to its own side's player. The core decides what
    is secret (:attr:`~airhead.fields.Field.secret`) and whose (:attr:`~airhead.fields.Field.owner`,
    else the side that seals the plan); the page only draws it."""
    proc = game.system.procedure(name)
    vals = dict(values or {})
    fields = []
    sides: dict[str, list[str]] = {}
    for path, f, top in _secret_paths(proc.params.fields):
        side = _secret_side(game, proc, f, vals)
        what = _what(proc, f, top)
        fields.append({"path": path, "label": f.label, "side": side, "what": what, "shown": side == viewer})
        if what not in sides.setdefault(side, []):
            sides[side].append(what)
    out = []
    for side, whats in sides.items():
        what = " and ".join(whats)
        shown = side == viewer
        text = (f"Showing the {side} player's {what}: tap 'Hide again' before the device changes hands" if shown else
                f"Hidden: the {side} player's {what} — tap 'I am the {side} player' to see it")
        out.append({"side": side, "what": what, "shown": shown, "text": text, "button": f"I am the {side} player"})
    return {"viewer": viewer or "", "fields": fields, "sides": out}


def secret_path(view: Mapping[str, Any], path: str) -> dict[str, Any] | None:
    """The secret field (of :func:`secrets_view`) an input path lies in (``units.2.dummy`` in
    ``units.*.dummy``, ``passengers.0.name`` in ``passengers``), or None."""
    parts = str(path).split(".")
    for f in view.get("fields", ()):
        pat = str(f["path"]).split(".")
        if len(parts) >= len(pat) and all(p == "*" or p == q for p, q in zip(pat, parts)):
            return dict(f)
    return None


def _positions(data: Any, pattern: Sequence[str], at: str = "") -> list[tuple[Any, Any, str]]:
    """The places in JSON ``data`` a pattern names (``*``: every row or key), each as
    ``(container, key, input path)``."""
    if not pattern:
        return []
    head, rest = pattern[0], pattern[1:]
    if isinstance(data, list):
        keys: list[Any] = list(range(len(data))) if head == "*" else (
            [int(head)] if head.isdigit() and int(head) < len(data) else [])
    elif isinstance(data, dict):
        keys = list(data) if head == "*" else ([head] if head in data else [])
    else:
        return []
    out: list[tuple[Any, Any, str]] = []
    for k in keys:
        path = f"{at}.{k}" if at else str(k)
        out.extend([(data, k, path)] if not rest else _positions(data[k], rest, path))
    return out


def _hidden(game: Game, name: str, values: Mapping[str, Any], viewer: str | None) -> list[tuple[str, Field]]:
    proc = game.system.procedure(name)
    view = secrets_view(game, name, values, viewer)
    fields = {p: f for p, f, _ in _secret_paths(proc.params.fields)}
    return [(str(x["path"]), fields[str(x["path"])]) for x in view["fields"] if not x["shown"]]


def hide_secrets(game: Game, name: str, values: Mapping[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """The plan (JSON ``values``) as ``viewer``'s player may know it: every secret of another side
    put back to its field's default (left out if it has none). The odds and the heatmap on screen
    are worked out from this, so that they give away no secret (an enemy dummy that makes no
    opportunity fire)."""
    out: dict[str, Any] = _json_copy(dict(values))
    for path, f in _hidden(game, name, out, viewer):
        for box, key, _ in _positions(out, path.split(".")):
            if f.required or f.default is None:
                if isinstance(box, dict):
                    del box[key]
            else:
                box[key] = _json_copy(f.default)
    return out


def secret_inputs(game: Game, name: str, values: Mapping[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """The form inputs (path -> text or checkbox state, as :meth:`~airhead.fields.Schema.from_form`
    reads them) of every secret hidden from ``viewer``, from the plan's JSON ``values``: a hidden
    secret is not drawn, and the page reads it back from here, so hiding it changes nothing."""
    out: dict[str, Any] = {}
    for path, f in _hidden(game, name, values, viewer):
        for box, key, at in _positions(dict(values), path.split(".")):
            flat_inputs(f, box[key], at, out)
    return out


def flat_inputs(f: Field, value: Any, path: str, out: dict[str, Any]) -> None:
    """``value`` (JSON) of field ``f`` as the form's inputs at ``path``."""
    if value is None:
        return
    k = f.kind
    if k == "record":
        if not f.required:
            out[f"{path}.on"] = True
        if isinstance(value, dict):
            for sub in f.fields:
                flat_inputs(sub, value.get(sub.key), f"{path}.{sub.key}", out)
    elif k == "list" and f.item is not None:
        rows = value if isinstance(value, list) else []
        out[f"{path}.count"] = str(len(rows))
        for i, v in enumerate(rows):
            flat_inputs(f.item, v, f"{path}.{i}", out)
    elif k == "mapping" and f.item is not None:
        if isinstance(value, dict):
            for key, v in value.items():
                if not f.choices:
                    out[f"{path}.{key}.key"] = str(key)
                flat_inputs(f.item, v, f"{path}.{key}", out)
    elif k == "bool":
        out[path] = bool(value)
    elif k != "any":
        out[path] = str(value)


def _json_copy(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _json_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_json_copy(v) for v in x]
    return x
