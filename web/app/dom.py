"""What every panel's renderer uses of the page, written once: an element by id, JavaScript's
null as None, text escaped for markup, event listeners kept alive, the device's storage, a file
offered for download, a node scrolled into view and a message for whoever debugs the page.

Panels draw what ``airhead.present`` returns; this module knows no panel and no rule.
"""

from __future__ import annotations

import html
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

#: Escapes player and core text for HTML (quotes too with ``quote=True``).
E = html.escape


def nn(x: Any) -> Any:
    """JavaScript null/undefined as None (Pyodide may hand back ``jsnull``, which is not None)."""
    return None if x is None or is_none(x) else x


def el(id_: str) -> Any:
    """The element with id ``id_``, or None (never JavaScript's null)."""
    return nn(document.getElementById(id_))


def into_view(node: Any, pane_id: str = "play") -> None:
    """Scroll panel ``pane_id``, by as little as it takes, so that ``node`` lies inside it and
    inside the window (a confirmation written under a form the player tapped near the bottom)."""
    pane = el(pane_id)
    if node is None or pane is None or pane.hidden:
        return
    p, r = pane.getBoundingClientRect(), node.getBoundingClientRect()
    top, bottom = max(0.0, float(p.top)), min(float(window.innerHeight), float(p.bottom))
    if float(r.bottom) > bottom:
        pane.scrollTop = float(pane.scrollTop) + min(float(r.bottom) - bottom + 8, float(r.top) - top)
    elif float(r.top) < top:
        pane.scrollTop = max(0.0, float(pane.scrollTop) - (top - float(r.top)) - 8)


def attr(node: Any, name: str) -> str:
    """An element's attribute as text ("" when it has none)."""
    v = nn(node.getAttribute(name))
    return "" if v is None else str(v)


class Listeners:
    """Event listeners a panel adds, their proxies kept for the page's life (a dropped proxy
    would be a dead listener)."""

    def __init__(self) -> None:
        self._proxies: list[Any] = []

    def add(self, node: Any, name: str, fn: Callable[[Any], None]) -> None:
        p = create_proxy(fn)
        self._proxies.append(p)
        node.addEventListener(name, p)


def console_error(text: str) -> None:
    """A fault worth a developer's look (never shown to the player in these words)."""
    window.console.error(text)


def stored(key: str) -> str | None:
    """The device's ``localStorage`` value for ``key``; None if absent, blocked or unreadable."""
    try:
        raw = nn(window.localStorage.getItem(key))
    except Exception:  # noqa: BLE001 - storage blocked (private mode, a sandbox)
        return None
    return None if raw is None else str(raw)


def store(key: str, value: str) -> bool:
    """Keep ``value`` in the device's ``localStorage``; False if the browser refused (full or blocked)."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001 - full or blocked storage
        return False
    return True


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file named ``name``."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    document.body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10000)
