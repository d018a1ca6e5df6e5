"""Sealed notes (the Play panel's last section): a secret kept on this device, only its
commitment code entering the game until it is revealed; the codes in the game, revealed with the
plan and salt this device holds (or a secret file brings); each revealed plan and whether it
matches its code. When the device's storage is full, nothing is sealed before the player has the
secret as a file.

Element ids used by the e2e tests: ``seal-*``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from airhead.errors import AirheadError
from airhead.present import seals_panel
from dom import E, download, el, into_view, store, stored
from picked import picked_file
from pyscript import document


class Seals:
    """The sealed-notes section of the Play panel, for ``play``'s game (``play.game``,
    ``play.act``)."""

    def __init__(self, play: Any) -> None:
        self.play = play

    def click(self, act: str, target: Any) -> bool:
        """A sealed-notes button; False if ``act`` is not one of this section's."""
        if act == "seal":
            self.seal()
        elif act == "reveal":
            self.reveal(str(target.dataset.code))
        elif act == "seal-download":
            self.download_and_seal()
        elif act == "seal-cancel":
            self.cancel()
        else:
            return False
        return True

    def render(self) -> None:
        """Seal a secret note on this device (only its commitment code enters the game), list the
        codes in the game, reveal the ones whose plan and salt this device holds (or that a
        secret file brings), and show each revealed plan."""
        host = el("seals")
        if host is None:
            return
        typed = {k: str(el(k).value) for k in ("seal-side", "seal-label", "seal-plan") if el(k) is not None}
        v = seals_panel(self.play.game, _stored_seals())
        rows = []
        for x in v["sealed"]:
            btn = (f"<button type='button' class='btn' data-act='reveal' data-code='{E(x['code'], quote=True)}'>Reveal</button>"
                   if x["held"] else "<span class='hint'>sealed on another device</span>")
            rows.append(f"<li><b>{E(x['side'])}</b> {E(x['label'])}: <code class='seal-code'>{E(x['code'])}</code> {btn}</li>")
        for x in v["revealed"]:
            rows.append(f"<li class='revealed {'ok' if x['valid'] else 'bad'}'><b>{E(x['side'])}</b> {E(x['label'])}: "
                        f"{E(x['verdict'])}<div class='seal-plan-text'>{E(x['plan'])}</div></li>")
        elsewhere = v["elsewhere"]
        offer = ""
        pending = _PENDING.get("game") is self.play.game
        if pending:
            offer = ("<div id='seal-offer' class='seal-offer' role='alert'><p><b>This device's storage is full:</b> the "
                     "secret cannot be kept here, so nothing was sealed yet. Download it to a file (the secret and "
                     "its key), then seal — you reveal it later from that file. Or cancel, free some space and "
                     "seal again.</p><div class='row'>"
                     "<button type='button' class='btn primary' data-act='seal-download' id='seal-download'>Download the secret and seal</button>"
                     "<button type='button' class='btn subtle' data-act='seal-cancel' id='seal-cancel'>Cancel</button></div></div>")
        from_file = ("<label class='btn file'>Reveal from a secret file<input type='file' id='seal-file' "
                     "accept='.json,application/json,text/plain'></label>") if elsewhere else ""
        host.innerHTML = f"""
<h3>Sealed notes</h3>
<p class='hint'>Write down secret information on this device. The game — and every link — gets only its
commitment code until you reveal it, and anyone can then check it was not changed.</p>
<div class='form'>
  <label>Side <input id='seal-side' value='Allied' maxlength='24'></label>
  <label>What <input id='seal-label' value='landing plan' maxlength='48'></label>
  <label>Secret <textarea id='seal-plan' rows='3'></textarea></label>
  <button type='button' class='btn primary' data-act='seal' id='seal-button'{' disabled' if pending else ''}>Seal</button>
</div>
{offer}<p id='seal-error' class='error' role='alert'></p><p id='seal-status' class='ok' role='status'></p>
<ul id='seal-list' class='seal-list'>{''.join(rows)}</ul>{from_file}"""
        for k, text in typed.items():  # keep what was being typed across redraws
            el(k).value = text

    def error(self, text: str) -> None:
        box = el("seal-error") or el("prompt-error")
        if box is not None:
            box.textContent = text

    def seal(self, request: dict[str, Any] | None = None) -> None:
        """Seal the secret note, or (``request``) the plan of the form on screen. The secret is
        kept on this device *before* its code enters the game; if the browser refuses to keep it
        (storage full), nothing is sealed and the player is offered the secret as a file first."""
        from airhead.sealed import seal

        from_form = request is not None
        if request is None:
            text = str(el("seal-plan").value).strip()
            if not text:
                self.error("write the secret to seal first")
                return
            request = {"side": str(el("seal-side").value).strip(), "label": str(el("seal-label").value).strip(), "plan": text}
        try:
            sealed = seal(request["plan"])
        except AirheadError as e:
            self.error(str(e))
            return
        side, label = str(request["side"]), str(request["label"])
        record = {"plan": sealed.plan, "salt": sealed.salt, "side": side, "label": label}
        kept = _device_seals()
        kept[sealed.code] = record
        if not _save_seals(kept):  # full or blocked: do not seal a plan that would be lost
            _PENDING.clear()
            _PENDING.update(game=self.play.game, code=sealed.code, record=record)
            document.body.dataset.sealStorage = "full"
            self.render()
            return
        if self.play.act({"type": "seal", "side": side, "label": label, "code": sealed.code}):
            box = el("seal-plan")
            if box is not None and request.get("plan") == str(box.value).strip():
                box.value = ""
            self.said(f"Sealed: the {side} player's {label}. Only its code ({sealed.code[:10]}…) is in the game "
                      "until it is revealed (Sealed notes, at the bottom of the Play tab).", from_form)
        else:
            kept.pop(sealed.code, None)
            _save_seals(kept)

    def said(self, text: str, at_form: bool) -> None:
        """Confirm a seal where the player tapped: under the plan's form, or in Sealed notes."""
        box = (el("plan-status") if at_form else None) or el("seal-status")
        if box is not None:
            box.textContent = text
            into_view(box)

    def download_and_seal(self) -> None:
        """Storage refused the secret: download it as a file, then seal (kept in memory for this
        session too, so it can be revealed without the file until the page is closed)."""
        if _PENDING.get("game") is not self.play.game:
            return
        code, record = str(_PENDING["code"]), dict(_PENDING["record"])
        _PENDING.clear()
        download(f"airhead-secret-{_slug(record['side'])}-{_slug(record['label'])}.json",
                 json.dumps({"airhead_secret": 1, "code": code, **record}, ensure_ascii=False, indent=1))
        _SESSION_SEALS[code] = record
        if self.play.act({"type": "seal", "side": record["side"], "label": record["label"], "code": code}):
            box = el("seal-plan")
            if box is not None and str(record["plan"]) == str(box.value).strip():
                box.value = ""
                self.render()
        else:
            _SESSION_SEALS.pop(code, None)

    def cancel(self) -> None:
        _PENDING.clear()
        self.render()

    def reveal(self, code: str) -> None:
        """Reveal a seal of this game with the plan and salt this device holds for its code."""
        entry = _stored_seals().get(code)
        sealed = next(((s, lb) for s, lb, c in self.play.game.state.seals if c == code), None)
        if entry is None or sealed is None:
            self.error("this device does not hold that secret")
            return
        side, label = sealed
        self.play.act({"type": "reveal", "side": side, "label": label, "plan": entry["plan"], "salt": entry["salt"]})

    async def reveal_file(self, inp: Any) -> None:
        """Reveal from a secret file downloaded when this device's storage was full."""
        from airhead.sealed import MAX_PLAN_BYTES

        f = await picked_file(inp, 4 * MAX_PLAN_BYTES)
        if f is None:
            return
        try:
            if f.text is None:
                raise ValueError("it is too large to be a secret file" if f.too_large else "it could not be read")
            text = f.text
            if _too_deep(text, 32):
                raise ValueError("it is not an Airhead secret file")
            data = json.loads(text)
            if not isinstance(data, dict) or not isinstance(data.get("code"), str):
                raise ValueError("it is not an Airhead secret file")
            record = _usable({k: data.get(k) for k in ("plan", "salt", "side", "label")})
            if record is None:
                raise ValueError("it is not an Airhead secret file")
        except (json.JSONDecodeError, UnicodeError):  # ValueErrors in a parser's words, not a player's
            self.error(f"{f.name} cannot be used: it is not an Airhead secret file")
            return
        except ValueError as e:
            self.error(f"{f.name} cannot be used: {e}")
            return
        code = data["code"]
        if not any(c == code for _s, _lb, c in self.play.game.state.seals):
            self.error(f"{f.name} holds the secret of another seal (code {code[:40]}), not one of this game's")
            return
        _SESSION_SEALS[code] = record
        kept = _device_seals()
        kept[code] = record
        _save_seals(kept)  # keep it on this device if there is room now
        self.reveal(code)


SEALS_KEY = "airhead-sealed-plans"
#: Secrets this session holds that the device's storage refused (revealable until the page closes).
_SESSION_SEALS: dict[str, dict[str, Any]] = {}
#: A seal waiting for the player's word after storage refused its secret: game, code, record.
_PENDING: dict[str, Any] = {}


def _usable(entry: Any) -> dict[str, Any] | None:
    """A stored secret as a record with its plan, salt, side and label, or None if damaged."""
    if not isinstance(entry, dict) or "plan" not in entry or not isinstance(entry.get("salt"), str):
        return None
    return {"plan": entry["plan"], "salt": entry["salt"], "side": str(entry.get("side", "")),
            "label": str(entry.get("label", ""))}


def _device_seals() -> dict[str, Any]:
    """The secrets in this device's storage, as stored (by commitment code)."""
    raw = stored(SEALS_KEY)
    try:
        data = json.loads(raw) if raw else {}
    except (ValueError, RecursionError):  # unreadable storage: start empty, never crash
        return {}
    return data if isinstance(data, dict) else {}


def _stored_seals() -> dict[str, Any]:
    """The secrets this device holds, usable ones only: its storage's and this session's (never
    leave the device until revealed)."""
    out = {str(code): rec for code, e in _device_seals().items() if (rec := _usable(e)) is not None}
    out.update(_SESSION_SEALS)
    return out


def _save_seals(data: dict[str, Any]) -> bool:
    """Write the device's secrets; False if the browser refused (full or blocked storage)."""
    return store(SEALS_KEY, json.dumps(data))



def _too_deep(text: str, limit: int) -> bool:
    """True if JSON ``text`` nests brackets deeper than ``limit`` (one linear pass, strings
    skipped): checked before parsing, Pyodide's stack being small."""
    depth, in_str, esc = 0, False, False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _slug(text: Any) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", str(text)).strip("-")[:30] or "secret"
