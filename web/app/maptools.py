"""Map tools in the Hex panel: a system's answers without dice (ASL line of sight between two
hexes, what a viewer sees at night), listed and run by ``airhead.present`` (``tools_view``,
``tool_view``). No rules here: titles, answers and what the map draws come from the core.

A one-hex tool runs on the selected hex; a two-hex tool starts from it and waits for the next
tap. A tool with options (the viewshed's level and range) shows their inputs beside its button
(``forms.form_html``), keeps what the player chose while the page is open, and says "Working…"
while a long answer is worked out. The answer is listed under the hex's details and drawn on
the map (the play panel's overlay) until another hex is described or another game is opened.

Element ids used by the e2e tests: ``tools``, ``tool-<key>``, ``tool-options-<key>``,
``tool-wait``, ``tool-busy``, ``tool-cancel``, ``tool-result``, ``tool-lines``.
"""

from __future__ import annotations

from typing import Any

from airhead.errors import DataError
from airhead.present import tool_view, tools_view
from dom import E
from forms import form_html
from pyscript import document
from pyscript.ffi import is_none


__all__ = ["MapTools"]


class MapTools:
    """The tools of the play panel's game; draws through ``play.tool_view``."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.waiting: tuple[str, str] | None = None  # (tool key, first hex) until the second tap
        self.result: dict[str, Any] | None = None
        self.error = ""
        self.busy = ""  # what is being worked out ("" when nothing)
        self.chosen: dict[str, dict[str, Any]] = {}  # tool key -> its options' inputs, as last used

    def html(self, name: str) -> str:
        """The tools block shown under hex ``name``'s details ("" if the system has none)."""
        tools = tools_view(self.play.shown())
        if not tools:
            return ""
        parts = []
        if self.waiting is not None:
            key, first = self.waiting
            title = next((t["title"] for t in tools if t["key"] == key), key)
            parts.append(f"<p id='tool-wait' class='hint' role='status'>{E(title)} from {E(first)}: tap the other hex. "
                         "<button type='button' class='btn subtle' data-act='tool-cancel' id='tool-cancel'>Cancel</button></p>")
        else:
            for t in tools:
                label = f"{t['title']} from {name}" if t["hexes"] == 2 else f"{t['title']} from {name}"
                tip = f" title='{E(t['help'], quote=True)}'" if t.get("help") else ""
                button = (f"<button type='button' class='btn' data-act='tool' data-key='{E(t['key'], quote=True)}' "
                          f"data-hex='{E(name, quote=True)}' id='tool-{E(t['key'], quote=True)}'{tip}>{E(label)}</button>")
                if t.get("options"):
                    key = E(t["key"], quote=True)
                    values = {o["key"]: self.chosen.get(t["key"], {}).get(o["key"], o.get("default")) for o in t["options"]}
                    button = (f"<div class='tool-options' id='tool-options-{key}' data-tool='{key}'>"
                              f"{form_html(t['options'], values, id_prefix=f'{key}-')}{button}</div>")
                parts.append(button)
        if self.busy:
            parts.append(f"<p id='tool-busy' class='hint' role='status'>{E(self.busy)}</p>")
        if self.error:
            parts.append(f"<p class='error' role='alert'>{E(self.error)}</p>")
        if self.result is not None:
            r = self.result
            lines = "".join(f"<li>{E(x)}</li>" for x in r["lines"])
            parts.append(f"<section id='tool-result' class='tool-result'><h3>{E(r['title'])}: {E(' to '.join(r['hexes']))}</h3>"
                         f"<ol id='tool-lines' class='tool-lines'>{lines}</ol>"
                         "<p class='hint'>Where your printed map says otherwise, the players decide.</p>"
                         "</section>")
        return f"<div id='tools' class='tools'><h3>On the map</h3><div class='row'>{''.join(parts)}</div></div>"

    def click(self, target: Any) -> bool:
        """A click in the Hex panel; True if it was a tool's button."""
        act = str(target.dataset.act)
        if act == "tool":
            key, name = str(target.dataset.key), str(target.dataset.hex)
            tool = next((t for t in tools_view(self.play.shown()) if t["key"] == key), None)
            if tool is None:
                return True
            if tool["hexes"] == 2:
                self.waiting, self.result, self.error = (key, name), None, ""
                self._draw(None)
            elif tool.get("options"):
                self.chosen[key] = _inputs(key)
                self._run_later(key, tool["title"], [name])
            else:
                self._run(key, [name])
            return True
        if act == "tool-cancel":
            self.waiting = None
            self._draw(None)
            return True
        return False

    def tap(self, name: str) -> bool:
        """A hex was tapped: True if a two-hex tool was waiting for it (the answer is shown)."""
        if self.waiting is None:
            return False
        key, first = self.waiting
        self.waiting = None
        self._run(key, [first, name])
        return True

    def clear(self) -> None:
        """Forget the answer (another hex described, another game opened)."""
        self.waiting, self.result, self.error = None, None, ""
        if getattr(self.play, "tool_view", None) is not None:
            self.play.tool_view = None
            self.play.draw_overlay()

    def _run(self, key: str, names: list[str]) -> None:
        form = self.chosen.get(key)
        try:
            self.result, self.error = tool_view(self.play.shown(), key, names, form=form), ""
        except DataError as e:
            self.result, self.error = None, str(e)
        self.busy = ""
        self._draw(self.result["view"] if self.result else None)

    def _run_later(self, key: str, title: str, names: list[str]) -> None:
        """Say "Working…" (the page draws it), then work the answer out."""
        import asyncio

        self.busy, self.result, self.error = f"{title} from {names[0]}: working…", None, ""
        self._draw(None)

        async def later() -> None:
            await asyncio.sleep(0.03)  # a frame for the browser to show the status
            self._run(key, names)

        asyncio.ensure_future(later())

    def _draw(self, view: dict[str, Any] | None) -> None:
        self.play.tool_view = view
        self.play.draw_overlay()
        host = document.getElementById("tools")
        if host is not None and not is_none(host):
            name = str(document.body.dataset.selected or "")
            host.outerHTML = self.html(name)


def _inputs(key: str) -> dict[str, Any]:
    """The inputs of tool ``key``'s options (``data-path`` -> text, or checked for a checkbox, or
    the checked radio button's value)."""
    out: dict[str, Any] = {}
    for el in document.querySelectorAll(f"#tool-options-{key} [data-path]"):
        path = str(el.dataset.path)
        if str(el.type) == "radio":  # a long choice's buttons (forms.radios_html): the checked one's value
            if el.checked or path not in out:
                out[path] = str(el.value) if el.checked else ""
            continue
        out[path] = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
    return out
