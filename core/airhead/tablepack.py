"""Table packs: a player's own numbers for the tables the source rules do not print.

The seeds cite tables they do not include (the ASL IFT, the To Hit and To Kill tables, the
aircraft's Aerial DRM by year). Airhead never invents those numbers: each is asked for in the
form field that needs it, with the rule that wants it. A player may keep a **table pack** on the
device — a JSON file of their own numbers — that pre-fills those fields::

    {"airhead_table_pack": 1, "system": "asl", "title": "My E7 numbers",
     "values": {"aerial_drm.1944": 3, "mg_to_kill.44F": 5}}

A system lists the entries its pack may hold (``Rules.pack``, a :class:`~airhead.fields.Schema`
of optional fields); a procedure field names the entry that pre-fills it (``Field.pack``, which
may hold ``{setting}`` placeholders filled from the game's settings, e.g. ``aerial_drm.{year}``).
The pack stays on the device: a start action carries the numbers it used, so a save or a link
replays without any pack. A pack file is untrusted input: it is read with the codec's bounded
JSON reader and every entry is checked by its field.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .codec import CodecError, _loads
from .errors import DataError, quoted
from .fields import Field, Schema
from .plug import System

__all__ = ["PACK_FORMAT", "MAX_PACK_CHARS", "PackError", "read_pack", "write_pack", "entries", "resolve_key",
           "prefill_fields", "prefill_values"]

PACK_FORMAT = 1
MAX_PACK_CHARS = 100_000


class PackError(DataError):
    """A table pack that cannot be read (its message is fit to show a player)."""


def entries(system: System) -> Schema:
    """The entries a pack of ``system`` may hold (each an optional field with its rule)."""
    return system.rules.pack


def read_pack(system: System, text: str) -> dict[str, Any]:
    """The checked ``values`` of a pack file for ``system``; :class:`PackError` if it is not one.

    Bounded: at most :data:`MAX_PACK_CHARS` characters, the codec's JSON limits, every value
    checked by its entry's field; unknown entries are refused by name."""
    if not isinstance(text, str):
        raise PackError("a table pack is a JSON text file")
    if len(text) > MAX_PACK_CHARS:
        raise PackError(f"this file is too large for a table pack ({len(text):,} characters; at most {MAX_PACK_CHARS:,})")
    try:
        obj = _loads(text)
    except CodecError as e:
        raise PackError(f"this is not a table pack: {e}") from None
    if not isinstance(obj, dict) or "airhead_table_pack" not in obj:
        raise PackError("this is not an Airhead table pack (it has no \"airhead_table_pack\" entry)")
    version = obj.get("airhead_table_pack")
    if version != PACK_FORMAT:
        raise PackError(f"this table pack has format {str(version)[:12]}; this Airhead reads format {PACK_FORMAT}")
    if obj.get("system") != system.key:
        raise PackError(f"this table pack is for {quoted(obj.get('system'), 24)}, not for {system.title}")
    values = obj.get("values", {})
    if not isinstance(values, dict):
        raise PackError("a table pack's \"values\" must be an object of numbers")
    schema = entries(system)
    try:
        return schema.parse(values)
    except DataError as e:
        raise PackError(f"table pack: {e}") from None


def write_pack(system: System, values: Mapping[str, Any], title: str = "") -> str:
    """The pack file holding ``values`` (checked as :func:`read_pack` checks them)."""
    checked = entries(system).parse(dict(values))
    obj = {"airhead_table_pack": PACK_FORMAT, "system": system.key, "title": title[:80],
           "values": entries(system).dump(checked)}
    return json.dumps(obj, indent=1, ensure_ascii=False)


class _Settings(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


def resolve_key(key: str, settings: Mapping[str, Any]) -> str:
    """A field's ``pack`` key with its ``{setting}`` placeholders filled in."""
    if "{" not in key:
        return key
    try:
        return key.format_map(_Settings({k: str(v) for k, v in settings.items()}))
    except (ValueError, IndexError, AttributeError):
        return key


def _value(desc: Mapping[str, Any], pack: Mapping[str, Any], settings: Mapping[str, Any]) -> Any:
    key = desc.get("pack")
    return pack.get(resolve_key(key, settings)) if isinstance(key, str) else None


def prefill_fields(descs: list[dict[str, Any]], pack: Mapping[str, Any], settings: Mapping[str, Any]) -> None:
    """Give every described field (:meth:`Field.describe`) whose pack entry is in ``pack`` that
    value as its default, rows of lists included; marks it ``from_pack``. In place."""
    for d in descs:
        v = _value(d, pack, settings)
        if v is not None:
            d["default"], d["from_pack"] = v, True
        if isinstance(d.get("fields"), list):
            prefill_fields(d["fields"], pack, settings)
        item = d.get("item")
        if isinstance(item, dict):
            prefill_fields([item], pack, settings)
            row = d.get("new_item")
            if isinstance(row, dict) and isinstance(item.get("fields"), list):
                for f in item["fields"]:
                    if f.get("from_pack"):
                        row[f["key"]] = f["default"]


def prefill_values(fields: tuple[Field, ...], values: dict[str, Any], pack: Mapping[str, Any],
                   settings: Mapping[str, Any]) -> dict[str, Any]:
    """A form's initial values with each empty field whose pack entry is in ``pack`` filled in
    (list rows included: a row's empty field takes the entry of its item's field)."""
    out = dict(values)
    for f in fields:
        if f.pack:
            v = pack.get(resolve_key(f.pack, settings))
            if v is not None and out.get(f.key) is None:
                out[f.key] = v
        if f.kind == "list" and f.item is not None and f.item.fields and isinstance(out.get(f.key), list):
            rows = []
            for row in out[f.key]:
                if isinstance(row, dict):
                    row = prefill_values(f.item.fields, row, pack, settings)
                rows.append(row)
            out[f.key] = rows
    return out
