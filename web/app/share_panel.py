"""The Games panel's share section: the game on screen as a link (the codec's, refused when it
would be too long to open), copied, handed to the device's own Share sheet, or drawn as a QR code
for another device's camera. The QR library (segno, pure Python) is unpacked from the bundle the
first time a code is asked for, so it works offline.

Element ids used by the e2e tests: ``share-*``; ``<body data-qr="1">`` once a code is drawn.
"""

from __future__ import annotations

from typing import Any

from airhead.codec import MAX_LINK_CHARS, encode_link
from airhead.game import Game
from dom import E, el, nn
from pyodide.ffi import to_js
from pyscript import document, window

# The QR library: a pinned pure-Python wheel shipped in the bundle (build.py copies it from
# requirements-pyodide.txt), unpacked into site-packages the first time a QR code is asked for.
SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"


def _base() -> str:
    """The page's address without its fragment (where a link's game is put)."""
    return str(window.location.href).split("#", 1)[0]


class Share:
    """The share link of ``games``' current game (``games.play.game``, ``games.current_name``,
    ``games.render``, ``games.notice``) and its QR code."""

    def __init__(self, games: Any) -> None:
        self.games = games
        self.link = ""
        self.qr_svg = ""  # the QR code drawn for qr_for (kept across redraws while the link holds)
        self.qr_for = ""

    def changed(self, game: Game) -> None:
        """The game changed: a link on screen follows it."""
        if self.link:
            self.link = encode_link(game, _base())

    def html(self) -> str:
        """The section's markup (inside the panel's "This game")."""
        out = ""
        if self.link:
            native = ""
            if nn(getattr(window.navigator, "share", None)) is not None:
                native = "<button type='button' class='btn' data-act='g-native' id='share-native'>Share…</button>"
            out = (f"<input id='share-link' class='share-link' readonly value='{E(self.link, quote=True)}' aria-label='Share link'>"
                   f"<div class='row'><button type='button' class='btn' data-act='g-copy' id='share-copy'>Copy link</button>{native}"
                   "<button type='button' class='btn' data-act='g-qr' id='share-qr-button'>QR code</button></div>")
        return out + "<p id='share-status' class='hint' aria-live='polite'></p><div id='share-qr' class='qr' hidden></div>"

    def drawn(self) -> None:
        """After the panel is drawn again: the QR code of the link still on screen stays."""
        if self.link and self.qr_for == self.link:
            box = el("share-qr")
            box.innerHTML = self.qr_svg
            box.hidden = False

    def make(self) -> None:
        """Share: the link of the game on screen, selected (or why there is none)."""
        link = encode_link(self.games.play.game, _base())
        if len(link) > MAX_LINK_CHARS:  # decode_link would refuse it
            self.link = ""
            self.games.render()
            self.games.notice(f"This game is too big for a link ({len(link):,} characters; a link holds at most "
                              f"{MAX_LINK_CHARS:,}). Export it to a file and send the file instead.", error=True)
            return
        self.link = link
        self.games.render()
        box = el("share-link")
        if box is not None:
            box.focus()
            box.select()

    async def copy(self) -> None:
        status = el("share-status")
        try:
            await window.navigator.clipboard.writeText(self.link)
            status.textContent = "Link copied."
        except Exception:  # noqa: BLE001 - no clipboard API or no permission
            box = el("share-link")
            box.focus()
            box.select()
            ok = False
            try:
                ok = bool(document.execCommand("copy"))
            except Exception:  # noqa: BLE001
                ok = False
            status.textContent = "Link copied." if ok else "Select the link above and copy it."

    async def native(self) -> None:
        try:
            await window.navigator.share(to_js({"title": "Airhead: " + self.games.current_name, "url": self.link},
                                               dict_converter=window.Object.fromEntries))
        except Exception:  # noqa: BLE001 - cancelled by the player, or refused
            pass

    async def qr(self) -> None:
        box, status = el("share-qr"), el("share-status")
        if not self.link:
            self.make()
            box, status = el("share-qr"), el("share-status")
        status.textContent = "Drawing the QR code…"
        try:
            segno = await load_segno()
        except Exception as e:  # noqa: BLE001
            window.console.error(f"loading the QR code library: {e!r}")
            status.textContent = ("The QR code could not be drawn: its part of Airhead did not load. Check the "
                                  "connection and try again; the link above works without it.")
            return
        try:
            code = segno.make(self.link, error="m", micro=False)
        except Exception:  # noqa: BLE001 - segno.DataOverflowError: too long for any QR version
            status.textContent = "This game is too long for a QR code: share the link instead."
            return
        size = code.symbol_size(scale=1, border=4)[0]
        scale = max(2, 300 // size)
        self.qr_svg = code.svg_inline(scale=scale, border=4, dark="#000", light="#fff", omitsize=False)
        self.qr_for = self.link
        box.innerHTML = self.qr_svg
        box.hidden = False
        status.textContent = "Scan the QR code to open this game on another device."
        document.body.dataset.qr = "1"


_segno: Any = None


def _saxutils() -> None:
    """segno's SVG writer imports xml.sax.saxutils (for escape and quoteattr), whose first line
    imports urllib.request, an HTTP client with the email parser behind it (about 50 kB on every
    first visit) for a function segno never calls (prepare_input_source): the page's standard
    library leaves it out (tools/bundle.py STDLIB_LATE), and saxutils is imported with an empty
    stand-in for it, which it alone keeps."""
    import sys

    if "xml.sax.saxutils" in sys.modules:
        return
    import types

    stand_in = types.ModuleType("urllib.request")
    real = sys.modules.setdefault("urllib.request", stand_in)
    try:
        import xml.sax.saxutils  # noqa: F401
    finally:
        if real is stand_in:
            del sys.modules["urllib.request"]


async def load_segno() -> Any:
    """The QR library, unpacked from the bundle's own wheel into site-packages the first time a
    QR code is asked for (offline: the service worker precaches the wheel as an on-demand file).
    A pure-Python wheel needs no installer: micropip is not loaded."""
    global _segno
    if _segno is not None:
        return _segno
    _saxutils()
    try:
        import segno  # type: ignore[import-not-found,import-untyped,unused-ignore]  # unpacked at run time
    except ImportError:
        import io
        import sys
        import zipfile

        url = str(window.URL.new(f"wheels/{SEGNO_WHEEL}", window.location.href).href)
        resp = await window.fetch(url)
        if not resp.ok:
            raise OSError(f"HTTP {resp.status}")
        data = (await resp.arrayBuffer()).to_bytes()
        site = next(p for p in sys.path if p.endswith("site-packages"))
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            wheel.extractall(site)
        # the path finder that saw no segno there goes, a new one looks again (not
        # importlib.invalidate_caches(): it imports importlib.metadata, which the bundle leaves out)
        sys.path_importer_cache.pop(site, None)
        import segno  # type: ignore[import-not-found,import-untyped,unused-ignore]  # unpacked at run time
    _segno = segno
    return segno
