"""The page's one message box and its fault reporting, shared by the panels.

A message is shown over the map's lower left corner (as text, never markup): never over the
tabs, so the tap meant for them still reaches them. It goes by itself — an error after
``NOTICE_ERROR_MS``, so it can be read — or with its close button or a tap, or as soon as its
cause is gone: a message given with a ``cause`` (a game that could not open for a missing
board) is taken down by ``clear(cause)`` when that is mended (the board imported, a game
opened), and a new message replaces the one shown (#42 item 3). A fault in Airhead
(not a player's mistake) is counted (``<body data-unexpected>``), logged to the console with its
traceback for whoever debugs it, and told to the player in plain words.

Element ids used by the e2e tests: ``notice``, ``notice-text``, ``notice-close``;
``<body data-notice>`` is ``info``, ``error`` or empty.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from dom import el
from pyodide.ffi import create_proxy
from pyscript import document, window

#: How long a notice stays (ms): long enough to read a long sentence twice.
NOTICE_INFO_MS = 8_000
NOTICE_ERROR_MS = 20_000


class Notices:
    """The message box, and what runs in the panels' event handlers and tasks: a fault there is
    reported, never let out to the page."""

    def __init__(self) -> None:
        self.unexpected = 0
        self._proxies: list[Any] = []
        self._timer: Any = None
        self.cause = ""  # what the message shown is about ("" : nothing that can be mended)

    def listen(self, node: Any, name: str, fn: Callable[[Any], None]) -> None:
        """``fn`` for ``name`` events on ``node``; a fault in it is reported."""
        def safe(ev: Any) -> None:
            try:
                fn(ev)
            except Exception as e:  # noqa: BLE001 - never let a view error escape to the page
                self.report(e)

        p = create_proxy(safe)
        self._proxies.append(p)
        node.addEventListener(name, p)

    def spawn(self, coro: Awaitable[Any]) -> None:
        """Run ``coro`` as a task; a fault in it is reported."""
        task = asyncio.ensure_future(coro)
        task.add_done_callback(self.done)

    def done(self, task: Any) -> None:
        """A task's end: its fault, if any, is reported."""
        if task.cancelled():
            return
        e = task.exception()
        if e is not None:
            self.report(e)

    def fault(self, e: BaseException) -> None:
        """A bug, not a player's mistake: counted (``<body data-unexpected>``), logged as a
        console error for whoever debugs it."""
        import traceback

        self.unexpected += 1
        document.body.dataset.unexpected = str(self.unexpected)
        window.console.error("".join(traceback.format_exception(e)))

    def report(self, e: BaseException) -> None:
        """A bug, not a player's mistake: counted, logged, and a plain message shown."""
        self.fault(e)
        self.show("Something went wrong in Airhead (the details are in the browser's console). "
                  "Your saved games are unchanged.", error=True)

    def show(self, text: str, error: bool = False, cause: str = "") -> None:
        """Show ``text`` (an error in red, for longer), replacing the message shown; ``cause``
        names what it is about, so that :meth:`clear` takes it down once that is mended."""
        self.cause = cause
        box = el("notice")
        if box is None:
            box = document.createElement("div")
            box.id = "notice"
            box.setAttribute("role", "alert")
            msg = document.createElement("span")
            msg.id = "notice-text"
            close = document.createElement("button")
            close.id = "notice-close"
            close.type = "button"
            close.className = "notice-close"
            close.setAttribute("aria-label", "Close this message")
            close.textContent = "\u00d7"
            box.appendChild(msg)
            box.appendChild(close)
            document.body.appendChild(box)
            self.listen(box, "click", lambda ev: self.hide())
        box.className = "notice error" if error else "notice"
        el("notice-text").textContent = text
        box.hidden = False
        document.body.dataset.notice = "error" if error else "info"
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        p = create_proxy(lambda: self.hide())
        self._proxies.append(p)
        self._timer = window.setTimeout(p, NOTICE_ERROR_MS if error else NOTICE_INFO_MS)

    def clear(self, *causes: str) -> None:
        """The message shown goes if it was about one of ``causes`` (now mended)."""
        if self.cause and self.cause in causes:
            self.hide()

    def hide(self) -> None:
        self.cause = ""
        box = el("notice")
        if box is not None:
            box.hidden = True
        document.body.dataset.notice = ""
