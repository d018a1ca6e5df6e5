"""The table-pack panel: a player's own numbers for the tables the source rules do not print.

Shown in Play (collapsed) when the game's system has table entries (``airhead.present.pack_view``).
The numbers are kept on this device (localStorage, one pack per system), never in a save or a
link: they only pre-fill the forms, and a started procedure carries the numbers it used. A pack
file is imported through ``airhead.tablepack.read_pack`` (bounded, every entry checked) and can
be downloaded again. No rules here: the entries, their labels and rules come from the core.

Element ids used by the e2e tests: ``pack``, ``pack-summary``, ``pack-<n>`` (the inputs, in the
entries' order), ``pack-save``, ``pack-clear``, ``pack-download``, ``pack-file``, ``pack-status``.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from airhead.errors import DataError
from airhead.present import pack_view, rule_badge
from airhead.systems import get
from airhead.tablepack import MAX_PACK_CHARS, read_pack, write_pack
from dom import E
from dom import el as _el
from pyodide.ffi import create_proxy
from picked import picked_file
from pyscript.ffi import is_none


__all__ = ["PackPanel", "stored_pack"]


def _key(system: str) -> str:
    return f"airhead-table-pack-{system}"


def stored_pack(system: str) -> dict[str, Any]:
    """The pack values this device keeps for ``system`` (checked again; damaged -> empty)."""
    from pyscript import window

    try:
        raw = window.localStorage.getItem(_key(system))
        if not raw or is_none(raw):
            return {}
        return read_pack(get(system), str(raw))
    except Exception:  # noqa: BLE001 - unreadable or damaged storage: no pack, never a crash
        return {}


def _store(system: str, values: dict[str, Any]) -> bool:
    from pyscript import window

    try:
        window.localStorage.setItem(_key(system), write_pack(get(system), values, "this device"))
    except Exception:  # noqa: BLE001 - full or blocked storage
        return False
    return True




class PackPanel:
    """Renders into ``#pack`` and calls ``on_change`` when the device's numbers change."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        self.on_change = on_change
        self.system = ""
        self.open = False
        self._proxies: list[Any] = []
        host = _el("pack")
        if host is not None:
            for name, fn in (("click", self._click), ("change", self._file)):
                p = create_proxy(fn)
                self._proxies.append(p)
                host.addEventListener(name, p)

    def render(self, system: str) -> None:
        """Draw the panel for ``system`` (hidden when it has no table entries)."""
        host = _el("pack")
        if host is None:
            return
        self.system = system
        view = pack_view(system, stored_pack(system))
        entries, values = view["entries"], view["values"]
        host.hidden = not entries
        if not entries:
            host.innerHTML = ""
            return
        old = host.querySelector("details")
        if old is not None and not is_none(old):
            self.open = bool(old.open)
        rows = []
        for i, f in enumerate(entries):
            v = values.get(f["key"])
            lo = f" min='{f['lo']}'" if "lo" in f else ""
            hi = f" max='{f['hi']}'" if "hi" in f else ""
            rule = f" <span class='rule'>{E(rule_badge(f['rule']))}</span>" if rule_badge(f.get("rule") or "") else ""
            helptext = f"<small class='hint'>{E(f['help'])}</small>" if f.get("help") else ""
            rows.append(f"<label>{E(f['label'])}{rule}<input type='number' inputmode='numeric' step='1'{lo}{hi} "
                        f"id='pack-{i}' data-key='{E(f['key'], quote=True)}' value='{'' if v is None else int(v)}'"
                        f" placeholder='not set'>{helptext}</label>")
        count = sum(1 for f in entries if values.get(f["key"]) is not None)
        host.innerHTML = (
            f"<details{' open' if self.open else ''}><summary id='pack-summary'>Your table numbers "
            f"({count} of {len(entries)} set)</summary>"
            "<p class='hint'>The rules cite tables they do not print (the IFT, To Hit and To Kill tables…). "
            "Numbers you keep here fill in the forms that ask for them; you can still change them there. "
            "They stay on this device: a saved game or a link keeps only the numbers a roll used.</p>"
            f"<div class='form'>{''.join(rows)}</div>"
            "<div class='row'><button type='button' class='btn primary' data-act='pack-save' id='pack-save'>Keep these numbers</button>"
            "<button type='button' class='btn' data-act='pack-download' id='pack-download'>Download as a file</button>"
            "<label class='btn file'>Import a table file<input type='file' id='pack-file' accept='.json,application/json' hidden></label>"
            "<button type='button' class='btn subtle' data-act='pack-clear' id='pack-clear'>Forget them</button></div>"
            "<p id='pack-status' class='hint' role='status' aria-live='polite'></p></details>")

    def _status(self, text: str, error: bool = False) -> None:
        box = _el("pack-status")
        if box is not None:
            box.textContent = text
            box.className = "error" if error else "hint"

    def _read_inputs(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        host = _el("pack")
        for el in host.querySelectorAll("input[data-key]"):
            text = str(el.value).strip()
            if text:
                try:
                    out[str(el.dataset.key)] = int(text)
                except ValueError:
                    raise DataError(f"'{text[:12]}' is not a whole number") from None
        return out

    def _click(self, ev: Any) -> None:
        target = ev.target.closest("[data-act]") if ev.target is not None else None
        if target is None or is_none(target):
            return
        act = str(target.dataset.act)
        if act == "pack-save":
            try:
                values = read_pack(get(self.system), write_pack(get(self.system), self._read_inputs()))
            except DataError as e:
                self._status(f"Not kept: {e}", True)
                return
            self._keep(values, "Kept on this device.")
        elif act == "pack-clear":
            self._keep({}, "Forgotten: the forms ask for every number again.")
        elif act == "pack-download":
            from dom import download

            download(f"airhead-table-numbers-{self.system}.json",
                     write_pack(get(self.system), stored_pack(self.system), "exported"))

    def _keep(self, values: dict[str, Any], text: str) -> None:
        if not _store(self.system, values):
            self._status("This device's storage refused the numbers (full or blocked); nothing changed.", True)
            return
        self.open = True
        self.render(self.system)
        self._status(text)
        self.on_change()

    def _file(self, ev: Any) -> None:
        inp = ev.target
        if inp is None or is_none(inp) or str(inp.id) != "pack-file":
            return
        import asyncio

        asyncio.ensure_future(self._import(inp))

    async def _import(self, inp: Any) -> None:
        f = await picked_file(inp, 4 * MAX_PACK_CHARS)
        if f is None:
            return
        try:
            if f.text is None:
                raise DataError("it is too large to be a table file" if f.too_large else "it could not be read")
            values = read_pack(get(self.system), f.text)
        except DataError as e:
            self._status(f"{f.name} was not imported: {e}", True)
            return
        except (UnicodeError, json.JSONDecodeError):
            self._status(f"{f.name} was not imported: it is not a table file Airhead wrote (its text cannot be read "
                         "as one).", True)
            return
        n = sum(v is not None for v in values.values())  # the entries the file leaves out are cleared
        self._keep(values, f"Imported {n} number{'' if n == 1 else 's'} from {f.name}.")
