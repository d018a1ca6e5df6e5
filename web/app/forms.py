"""Forms built from a procedure's field descriptions (``airhead.fields``): markup only.

No browser imports and no rules: the core describes each field (its kind, label, rule, range,
options, whether it is secret) and this module turns the description and the current JSON
values into inputs. Every input carries ``data-path`` — ``ilh``, ``aa.0.kill``, a list's
``aa.count``, an optional record's ``wind.on`` — which is how the page reads the form back
(``airhead.fields.Schema.from_form`` turns those inputs into JSON). All text is escaped.

Secrets (#14 item 5): given ``airhead.present.secrets_view`` of the form, a secret field hidden
from the player holding the device is not drawn at all — no input, no value, not in the DOM —
only "Passengers: hidden (the Allied player's secret)"; a bar above the form names each side's
hidden secrets with its "I am the <side> player" button, and "Hide again" once one is shown.
"""

from __future__ import annotations

import html
import json
from typing import Any

from airhead.present import rule_badge

E = html.escape

__all__ = ["form_html", "input_id", "secrets_bar", "picks_html", "long_choice", "radios_html"]

#: A choice with an option longer than this many characters is a list of radio buttons, each
#: option's words whole (wrapping on a phone), never a menu: a menu shows the option chosen on one
#: line and cuts a long one short (#42 item 8). Its value is the checked button's.
LONG_CHOICE = 30


def input_id(path: str) -> str:
    """The element id of the input at ``path`` (``aa.0.kill`` -> ``f-aa-0-kill``)."""
    return "f-" + path.replace(".", "-")


def _attr(v: Any) -> str:
    return E(str(v), quote=True)


def _label(f: dict[str, Any], for_id: str = "") -> str:
    rule = f" <span class='rule'>{E(rule_badge(f['rule']))}</span>" if rule_badge(f.get("rule") or "") else ""
    secret = " <span class='secret' title='kept secret'>secret</span>" if f.get("secret") else ""
    target = f" for='{_attr(for_id)}'" if for_id else ""
    return f"<span class='flabel'{target}>{E(f['label'])}{rule}{secret}</span>"


def _help(f: dict[str, Any]) -> str:
    return f"<small class='hint'>{E(f['help'])}</small>" if f.get("help") else ""


def long_choice(options: list[Any]) -> bool:
    """Whether a choice's options (``(value, label)`` pairs) are too long for a menu."""
    return any(len(str(label)) > LONG_CHOICE for _, label in options)


def radios_html(iid: str, legend: str, options: list[Any], value: Any, attrs: str = "", help_html: str = "") -> str:
    """A choice as radio buttons (see :data:`LONG_CHOICE`): a fieldset ``iid`` titled ``legend``
    (markup), a button per ``(value, label)`` option, ``attrs`` on each (its ``data-path``)."""
    rows = "".join(
        f"<label class='check radio'><input type='radio' name='{_attr(iid)}' id='{_attr(iid)}-{i}' value='{_attr(v)}'"
        f"{' checked' if str(v) == str(value) else ''} {attrs}> <span class='flabel'>{E(str(label))}</span></label>"
        for i, (v, label) in enumerate(options))
    return f"<fieldset class='radios' id='{_attr(iid)}'><legend>{legend}</legend>{rows}</fieldset>{help_html}"


def _scalar(f: dict[str, Any], value: Any, path: str) -> str:
    """One input for a hex, direction, int, choice, bool or text field."""
    iid = input_id(path)
    k = f["kind"]
    common = f"id='{_attr(iid)}' data-path='{_attr(path)}' data-kind='{_attr(k)}'"
    if k == "bool":
        checked = " checked" if value else ""
        return f"<label class='check'><input type='checkbox' {common}{checked}> {_label(f)}</label>{_help(f)}"
    if k == "choice" and long_choice(f.get("options", [])):
        return radios_html(iid, _label(f), f["options"], value, f"data-path='{_attr(path)}' data-kind='choice'", _help(f))
    if k in ("direction", "choice"):
        opts = "".join(
            f"<option value='{_attr(v)}'{' selected' if str(v) == str(value) else ''}>{E(str(label))}</option>"
            for v, label in f.get("options", []))
        chosen = any(str(v) == str(value) for v, _ in f.get("options", []))
        blank = "" if chosen else "<option value='' selected>—</option>"  # nothing chosen yet: say so
        return f"<label>{_label(f)}<select {common}>{blank}{opts}</select>{_help(f)}</label>"
    text = "" if value is None else str(value)
    if k == "int":
        lo = f" min='{f['lo']}'" if "lo" in f else ""
        hi = f" max='{f['hi']}'" if "hi" in f else ""
        return (f"<label>{_label(f)}<input type='number' inputmode='numeric' step='1'{lo}{hi} {common} "
                f"value='{_attr(text)}'>{_help(f)}</label>")
    if k == "hex":
        return (f"<label>{_label(f)}<span class='row'><input {common} value='{_attr(text)}' maxlength='16' "
                f"autocapitalize='characters' autocomplete='off' placeholder='Pick, or type'>"
                f"<button type='button' class='btn pick' data-act='pick' data-path='{_attr(path)}' id='pick-{_attr(iid)}'>Pick</button>"
                f"</span>{_help(f)}</label>")
    hi = f" maxlength='{f['hi']}'" if "hi" in f else ""
    if f.get("pick"):  # it names a counter, a side or a row: a list to pick from (filled by the planner)
        on_map = str(f["pick"]).startswith("units")
        pick = (f"<button type='button' class='btn pick' data-act='pick' data-path='{_attr(path)}' id='pick-{_attr(iid)}' "
                f"hidden>Pick</button>") if on_map else ""
        return (f"<label>{_label(f)}<span class='row'><input {common} value='{_attr(text)}'{hi} autocomplete='off' "
                f"placeholder='{'Pick, or type' if on_map else 'Choose, or type'}'>{pick}</span>{_help(f)}</label>"
                f"<div class='picks' id='picks-{_attr(iid)}' data-for='{_attr(path)}' role='group' "
                f"aria-label='{_attr(f['label'])}: choose' hidden></div>")
    return f"<label>{_label(f)}<input {common} value='{_attr(text)}'{hi} autocomplete='off'>{_help(f)}</label>"


def picks_html(path: str, picks: list[dict[str, Any]], value: str) -> str:
    """The list a field naming a counter, a side or a row is picked from (``airhead.present.
    picks_view``): a button per name, the one the field holds pressed. A counter's button carries
    its hex (a tap on the map picks from that hex) and the inputs of its row it fills too."""
    out = []
    for p in picks:
        on = str(p["value"]) == value
        fill = E(json.dumps(p.get("fill") or {}), quote=True)
        out.append(f"<button type='button' class='chip{' on' if on else ''}' data-act='pick-name' data-path='{_attr(path)}' "
                   f"data-value='{_attr(p['value'])}' data-hex='{_attr(p.get('hex') or '')}' data-fill='{fill}' "
                   f"aria-pressed='{'true' if on else 'false'}'>{E(str(p['label']))}</button>")
    return "".join(out)


Hidden = list[dict[str, Any]]  # the secret fields (of secrets_view) not shown to this player


def _hidden_at(hidden: Hidden, path: str) -> dict[str, Any] | None:
    """The hidden secret whose pattern (``units.*.dummy``) is exactly ``path``, or None."""
    parts = path.split(".")
    for h in hidden:
        pat = str(h["path"]).split(".")
        if len(pat) == len(parts) and all(p == "*" or p == q for p, q in zip(pat, parts)):
            return h
    return None


def _secret_placeholder(h: dict[str, Any]) -> str:
    """What stands where a hidden secret would be drawn: its label and whose it is, no value."""
    return (f"<p class='secret-hidden' data-secret='{_attr(h['path'])}'><span class='flabel'>{E(h['label'])}</span> "
            f"hidden <span class='hint'>(the {E(h['side'])} player's secret)</span></p>")


def secrets_bar(view: dict[str, Any] | None) -> str:
    """The line above a form holding secrets: each side's hidden secrets with its "I am the
    <side> player" button, or what is shown with "Hide again"."""
    if not view or not view.get("sides"):
        return ""
    lines = []
    for x in view["sides"]:
        slug = "".join(c if c.isalnum() else "-" for c in str(x["side"]))
        if x["shown"]:
            btn = "<button type='button' class='btn' data-act='secret-hide' id='secret-hide'>Hide again</button>"
        else:
            btn = (f"<button type='button' class='btn' data-act='secret-show' data-side='{_attr(x['side'])}' "
                   f"id='secret-show-{_attr(slug)}'>{E(x['button'])}</button>")
        lines.append(f"<p class='secret-line{' shown' if x['shown'] else ''}' data-side='{_attr(x['side'])}'>"
                     f"<span>{E(x['text'])}</span> {btn}</p>")
    return f"<div class='secret-bar' id='secret-bar' role='group' aria-label='Secrets'>{''.join(lines)}</div>"


def _record_fields(fields: list[dict[str, Any]], value: Any, path: str, hidden: Hidden) -> str:
    vals = value if isinstance(value, dict) else {}
    return "".join(_field(sub, vals.get(sub["key"], sub.get("default")), f"{path}.{sub['key']}" if path else sub["key"], hidden)
                   for sub in fields)


def _field(f: dict[str, Any], value: Any, path: str, hidden: Hidden) -> str:
    k = f["kind"]
    if k == "any":
        return ""
    h = _hidden_at(hidden, path) if f.get("secret") and hidden else None
    if h is not None:  # another side's secret: nothing of it is drawn
        return _secret_placeholder(h)
    if k == "record":
        on = value is not None
        inner = _record_fields(f.get("fields", []), value, path, hidden)
        if f.get("required"):
            return f"<fieldset class='record' data-record='{_attr(path)}'><legend>{_label(f)}</legend>{inner}{_help(f)}</fieldset>"
        toggle = (f"<label class='check'><input type='checkbox' id='{_attr(input_id(path + '.on'))}' data-path='{_attr(path)}.on'"
                  f" data-act='toggle'{' checked' if on else ''}> {_label(f)}</label>")
        return (f"<fieldset class='record optional{' off' if not on else ''}' data-record='{_attr(path)}'>{toggle}{_help(f)}"
                f"<div class='record-body'{'' if on else ' hidden'}>{inner}</div></fieldset>")
    if k == "list":
        item = f["item"]
        items = value if isinstance(value, list) else []
        rows = []
        for i, v in enumerate(items):
            p = f"{path}.{i}"
            body = (_record_fields(item.get("fields", []), v, p, hidden) if item["kind"] == "record"
                    else _field(dict(item, label=f"{item['label']} {i + 1}"), v, p, hidden))
            rows.append(f"<li class='list-row' data-row='{_attr(p)}'><div class='row-body'>{body}</div>"
                        f"<button type='button' class='btn subtle' data-act='row-del' data-path='{_attr(p)}' "
                        f"aria-label='Remove {E(item['label'])} {i + 1}'>Remove</button></li>")
        full = "hi" in f and len(items) >= f["hi"]
        add = ("" if full else f"<button type='button' class='btn' data-act='row-add' data-path='{_attr(path)}' "
               f"id='{_attr(input_id(path))}-add'>Add {E(item['label'])}</button>")
        count = f"<input type='hidden' data-path='{_attr(path)}.count' value='{len(items)}'>"
        return (f"<fieldset class='list' data-list='{_attr(path)}' id='{_attr(input_id(path))}'><legend>{_label(f)}</legend>{_help(f)}"
                f"{count}<ol class='rows'>{''.join(rows)}</ol>{add}</fieldset>")
    if k == "mapping":
        item = f["item"]
        vals = value if isinstance(value, dict) else {}
        keys = f.get("keys") or list(vals)
        inner = "".join(_field(dict(item, label=str(key), required=False), vals.get(key), f"{path}.{key}", hidden) for key in keys)
        return f"<fieldset class='mapping' data-mapping='{_attr(path)}'><legend>{_label(f)}</legend>{_help(f)}{inner}</fieldset>"
    return _scalar(f, value, path)


def form_html(fields: list[dict[str, Any]], values: dict[str, Any], secrets: dict[str, Any] | None = None,
              id_prefix: str = "") -> str:
    """The inputs of a form for ``fields`` (their descriptions) holding ``values`` (JSON);
    ``secrets`` (``airhead.present.secrets_view``): the secrets not shown to this player are left
    out, and a bar above the form offers each side's "I am the <side> player". ``id_prefix``: a
    second form on the page (a map tool's options) prefixes its element ids (``f-<prefix>level``)
    so that they stay unique; its ``data-path`` values are unchanged."""
    hidden = [x for x in (secrets or {}).get("fields", ()) if not x.get("shown")]
    body = _record_fields(fields, values, "", hidden)
    if id_prefix:  # every id and label target this module writes starts with input_id's "f-"
        body = body.replace("id='f-", f"id='f-{id_prefix}").replace("for='f-", f"for='f-{id_prefix}").replace(
            "id='pick-f-", f"id='pick-f-{id_prefix}").replace("id='picks-f-", f"id='picks-f-{id_prefix}")
    return secrets_bar(secrets) + "<div class='form'>" + body + "</div>"
