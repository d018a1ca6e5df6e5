"""The Games panel: new games, saved games (IndexedDB), export/import, share links and QR codes.

Views only: every save, link and file goes through the core's codec (``airhead.codec``), which
validates it; nothing read from a link, a file or storage is ever put into the page as markup
(names and notes are escaped). Element ids used by the e2e tests: ``games-*``, ``share-*``,
``notice``; ``<body data-games="1">`` when the panel has restored the last game.

Storage: ``pyscript.storage("airhead-games")`` (IndexedDB), keys ``game:<id>`` holding
``{"name", "scenario", "actions", "updated", "save"}`` (``save`` is the codec's save text) and
``current`` (the id of the game open last). Every write is followed by ``await sync()``; a
failed write (a full disk) is reported, the game stays open in memory and the store is re-read
so that the list shows what really is saved.
"""

from __future__ import annotations

import asyncio
import html
import re
import secrets
from typing import Any, Callable

from airhead.codec import (
    MAX_JSON_BYTES,
    CodecError,
    decode_any,
    decode_link,
    decode_save,
    encode_link,
    encode_save,
)
from airhead.game import Game
from airhead.systems import BUILTINS, builtin, new_game
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

E = html.escape
STORE = "airhead-games"
PREFIX = "game:"
# The QR library: a pinned pure-Python wheel shipped in the bundle (build.py copies it from
# requirements-pyodide.txt), installed with micropip the first time a QR code is asked for.
SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"
MAX_NAME = 80


def _nn(x: Any) -> Any:
    """JavaScript null/undefined as None (Pyodide may hand back ``jsnull``, which is not None)."""
    return None if x is None or is_none(x) else x


def _el(id_: str) -> Any:
    return _nn(document.getElementById(id_))


def _attr(el: Any, name: str) -> str:
    v = _nn(el.getAttribute(name))
    return "" if v is None else str(v)


def _now() -> float:
    return float(window.Date.now())


def _when(ms: float) -> str:
    return str(window.Date.new(ms).toLocaleString())


def clean_name(text: str) -> str:
    """A game name as stored: one line, at most MAX_NAME characters."""
    return " ".join(str(text).split())[:MAX_NAME]


def file_stem(name: str) -> str:
    """A safe file name for an export."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.")[:60]
    return stem or "airhead-game"


class Games:
    """Owns which saved game (if any) the current game is, and the Games panel."""

    def __init__(self, play: Any, set_title: Callable[[str], None]) -> None:
        self.play = play
        self.set_title = set_title
        self.store: Any = None
        self.current_id: str | None = None
        self.current_name = clean_name(play.game.scenario.name)
        self.saved = False
        self.opened_with = 0  # actions the game had when it was opened (see may_replace)
        self.save_problem = ""
        self.renaming: str | None = None
        self.deleting: str | None = None
        self.share_link = ""
        self.qr_svg = ""  # the QR code drawn for qr_for (kept across redraws while the link holds)
        self.qr_for = ""
        self.serial = 0
        self.links = 0
        self.writes = 0
        self.unexpected = 0
        self._proxies: list[Any] = []
        self._notice_timer: Any = None
        play.on_change = self.changed
        self._listen(_el("games"), "click", self._click)
        self._listen(_el("games"), "change", self._changed_input)
        self._listen(_el("games"), "keydown", self._key)
        self._listen(window, "hashchange", lambda ev: self.open_hash())
        self.render()

    # ------------------------------------------------------------------ plumbing
    def _listen(self, el: Any, name: str, fn: Callable[[Any], None]) -> None:
        def safe(ev: Any) -> None:
            try:
                fn(ev)
            except Exception as e:  # noqa: BLE001 - never let a view error escape to the page
                self.report(e)

        p = create_proxy(safe)
        self._proxies.append(p)
        el.addEventListener(name, p)

    def spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        task.add_done_callback(self._done)

    def _done(self, task: Any) -> None:
        if task.cancelled():
            return
        e = task.exception()
        if e is not None:
            self.report(e)

    def report(self, e: BaseException) -> None:
        """A bug, not a player's mistake: counted, logged as a console error, shown briefly."""
        import traceback

        self.unexpected += 1
        document.body.dataset.unexpected = str(self.unexpected)
        window.console.error("".join(traceback.format_exception(e)))
        self.notice(f"Something went wrong: {e}", error=True)

    def notice(self, text: str, error: bool = False) -> None:
        """A message at the top of the page (as text, never markup)."""
        box = _el("notice")
        if box is None:
            box = document.createElement("div")
            box.id = "notice"
            box.setAttribute("role", "alert")
            document.body.appendChild(box)
            self._listen(box, "click", lambda ev: self.hide_notice())
        box.className = "notice error" if error else "notice"
        box.textContent = text
        box.hidden = False
        document.body.dataset.notice = "error" if error else "info"
        if self._notice_timer is not None:
            window.clearTimeout(self._notice_timer)
            self._notice_timer = None
        if not error:
            p = create_proxy(lambda: self.hide_notice())
            self._proxies.append(p)
            self._notice_timer = window.setTimeout(p, 8000)

    def hide_notice(self) -> None:
        box = _el("notice")
        if box is not None:
            box.hidden = True
        document.body.dataset.notice = ""

    # ------------------------------------------------------------------ start-up
    async def start(self) -> None:
        """Open the store, reopen the last game, then open a link in the address (if any)."""
        await self.open_store()
        # ?scenario=NAME asks for that scenario: then the last game is listed, not reopened
        if self.store is not None and "scenario=" not in str(window.location.search):
            cur = self.store.get("current")
            entry = self.store.get(PREFIX + str(cur)) if cur else None
            if isinstance(entry, dict):
                try:
                    game = decode_save(str(entry.get("save", ""))).to_game()
                except CodecError as e:
                    self.notice(f"Your last game could not be reopened: {e}", error=True)
                else:
                    if entry.get("dice") in ("both", "app", "table"):
                        self.play.dice_mode = str(entry["dice"])
                    self.show(game, str(cur), str(entry.get("name", "")), saved=True)
        self.open_hash()
        self.render()
        document.body.dataset.games = "1"

    async def open_store(self) -> None:
        try:
            from pyscript import storage

            self.store = await storage(STORE)
        except Exception as e:  # noqa: BLE001 - IndexedDB missing or blocked (private mode)
            self.store = None
            self.notice(f"Saved games are unavailable in this browser ({e}). Export games to keep them.", error=True)

    # ------------------------------------------------------------------ the current game
    def may_replace(self) -> bool:
        """Nothing lost: replacing a game that is not saved (storage full, or a shared game
        not yet saved) needs the player's word; exporting it first keeps it."""
        game = getattr(self.play, "game", None)
        if self.saved or game is None or len(game.actions) <= self.opened_with:
            return True  # saved, or unchanged since it was opened (a link can open it again)
        ok = bool(window.confirm(
            "The game on screen is not saved. Replace it anyway?\n"
            "(Cancel keeps it: export it from the Games tab to keep a copy.)"))
        if not ok:
            self.notice("Kept the unsaved game on screen. Export it (Games → Export file) to keep a copy.", error=True)
        return ok

    def show(self, game: Game, game_id: str | None, name: str, saved: bool) -> None:
        self.play.load(game)
        self.opened_with = len(game.actions)
        self.current_id = game_id
        self.current_name = clean_name(name) or clean_name(game.scenario.name)
        self.saved = saved
        self.save_problem = ""
        self.share_link = ""
        self.serial += 1
        document.body.dataset.gameSerial = str(self.serial)
        self.set_title(game.scenario.name)
        self.render()

    def changed(self, game: Game) -> None:
        """Play's on_change: autosave after every action."""
        self.saved = False
        if self.share_link:
            self.share_link = encode_link(game, self._base())
        self.spawn(self.save_current())

    async def save_current(self) -> bool:
        game = self.play.game
        if self.store is None:
            self.save_problem = "storage unavailable"
            self.render()
            return False
        if self.current_id is None:
            self.current_id = secrets.token_hex(6)
        key = PREFIX + self.current_id
        entry = {"name": self.current_name, "scenario": game.scenario.name, "actions": len(game.actions),
                 "updated": _now(), "save": encode_save(game), "dice": getattr(self.play, "dice_mode", "both")}
        try:
            self.store[key] = entry
            self.store["current"] = self.current_id
            await self.store.sync()
        except Exception as e:  # noqa: BLE001 - QuotaExceededError and friends
            await self.storage_failed(e)
            return False
        self._written()
        self.saved = True
        self.save_problem = ""
        document.body.dataset.saved = str(len(game.actions))
        if str(window.location.hash).startswith("#a"):
            # a linked game is now a saved game: a reload reopens the save, not the old link
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        self.render()
        return True

    async def storage_failed(self, err: Exception) -> None:
        text = str(err)
        full = "quota" in text.lower() or getattr(err, "name", "") == "QuotaExceededError"
        self.saved = False
        self.save_problem = "storage full" if full else "not saved"
        document.body.dataset.saveError = "quota" if full else "error"
        why = "The browser's storage is full" if full else f"Saving failed ({text[:120]})"
        self.notice(f"{why}: this game stays open but is NOT saved. Export it (Games → Export file) "
                    "to keep it; your other saved games are unchanged.", error=True)
        # The failed write left the in-memory copy ahead of IndexedDB: read the truth again.
        await self.open_store()
        self.render()

    # ------------------------------------------------------------------ links
    def _base(self) -> str:
        return str(window.location.href).split("#", 1)[0]

    def open_hash(self) -> None:
        """Open the game in the address's fragment as a new, unsaved game (never over a save)."""
        frag = str(window.location.hash)[1:]
        if not frag:
            return
        self.links += 1
        try:
            game = decode_link(frag).to_game()
        except CodecError as e:
            result = "error"
            self.notice(f"This link cannot be opened: {e}. Your current game and saved games are unchanged.",
                        error=True)
        except Exception as e:  # noqa: BLE001 - a bug in the codec must not break the page
            result = "error"
            self.unexpected += 1
            document.body.dataset.unexpected = str(self.unexpected)
            self.notice(f"This link cannot be opened ({type(e).__name__}). Your games are unchanged.", error=True)
        else:
            if self.may_replace():
                result = "ok"
                self.show(game, None, f"{game.scenario.name} (shared)", saved=False)
                self.notice("Opened a shared game. It is not saved yet: it is saved at your first action, "
                            "or tap Save in the Games tab.")
            else:
                result = "kept"
        document.body.dataset.linkResult = result
        document.body.dataset.links = str(self.links)

    def make_link(self) -> None:
        self.share_link = encode_link(self.play.game, self._base())
        self.render()
        box = _el("share-link")
        if box is not None:
            box.focus()
            box.select()

    async def copy_link(self) -> None:
        status = _el("share-status")
        try:
            await window.navigator.clipboard.writeText(self.share_link)
            status.textContent = "Link copied."
        except Exception:  # noqa: BLE001 - no clipboard API or no permission
            box = _el("share-link")
            box.focus()
            box.select()
            ok = False
            try:
                ok = bool(document.execCommand("copy"))
            except Exception:  # noqa: BLE001
                ok = False
            status.textContent = "Link copied." if ok else "Select the link above and copy it."

    async def native_share(self) -> None:
        try:
            await window.navigator.share(to_js({"title": "Airhead: " + self.current_name, "url": self.share_link},
                                               dict_converter=window.Object.fromEntries))
        except Exception:  # noqa: BLE001 - cancelled by the player, or refused
            pass

    async def show_qr(self) -> None:
        box, status = _el("share-qr"), _el("share-status")
        if not self.share_link:
            self.make_link()
            box, status = _el("share-qr"), _el("share-status")
        status.textContent = "Drawing the QR code…"
        try:
            segno = await load_segno()
        except Exception as e:  # noqa: BLE001
            status.textContent = f"The QR code library could not be loaded ({e})."
            return
        try:
            qr = segno.make(self.share_link, error="m", micro=False)
        except Exception:  # noqa: BLE001 - segno.DataOverflowError: too long for any QR version
            status.textContent = "This game is too long for a QR code: share the link instead."
            return
        size = qr.symbol_size(scale=1, border=4)[0]
        scale = max(2, 300 // size)
        self.qr_svg = qr.svg_inline(scale=scale, border=4, dark="#000", light="#fff", omitsize=False)
        self.qr_for = self.share_link
        box.innerHTML = self.qr_svg
        box.hidden = False
        status.textContent = "Scan the QR code to open this game on another device."
        document.body.dataset.qr = "1"

    # ------------------------------------------------------------------ saved games
    def entries(self) -> list[tuple[str, dict[str, Any]]]:
        if self.store is None:
            return []
        out = [(k[len(PREFIX):], v) for k, v in self.store.items() if str(k).startswith(PREFIX) and isinstance(v, dict)]
        out.sort(key=lambda kv: -float(kv[1].get("updated", 0) or 0))
        return out

    def new_game(self, name: str) -> None:
        if name not in BUILTINS:
            return
        if not self.may_replace():
            return
        game = new_game(builtin(name), secrets.token_hex(8))
        self.show(game, None, f"{game.scenario.name}, {_when(_now())}", saved=False)
        self.spawn(self.save_current())

    def open_saved(self, game_id: str) -> None:
        entry = self.store.get(PREFIX + game_id) if self.store is not None else None
        if not isinstance(entry, dict):
            self.notice("That saved game is gone.", error=True)
            self.render()
            return
        try:
            game = decode_save(str(entry.get("save", ""))).to_game()
        except CodecError as e:
            self.notice(f"This saved game cannot be opened: {e}", error=True)
            return
        if not self.may_replace():
            return
        if entry.get("dice") in ("both", "app", "table"):
            self.play.dice_mode = str(entry["dice"])  # dice are chosen per game
        self.show(game, game_id, str(entry.get("name", "")), saved=True)
        self.store["current"] = game_id
        self.spawn(self._sync())

    async def _sync(self) -> None:
        try:
            await self.store.sync()
        except Exception as e:  # noqa: BLE001
            await self.storage_failed(e)
            return
        self._written()

    def _written(self) -> None:
        """A write reached IndexedDB (``<body data-writes>`` counts them: tests wait for it)."""
        self.writes += 1
        document.body.dataset.writes = str(self.writes)

    async def rename(self, game_id: str, new: str) -> None:
        name = clean_name(new)
        self.renaming = None
        if not name:
            self.render()
            return
        if game_id == "current":
            self.current_name = name
            if self.current_id is None:
                self.render()
                return
            game_id = self.current_id
        entry = self.store.get(PREFIX + game_id) if self.store is not None else None
        if game_id == self.current_id:
            self.current_name = name
        if not isinstance(entry, dict):
            self.render()
            return
        self.store[PREFIX + game_id] = {**entry, "name": name}
        await self._sync()
        self.render()

    async def delete(self, game_id: str) -> None:
        self.deleting = None
        if self.store is None or PREFIX + game_id not in self.store:
            self.render()
            return
        del self.store[PREFIX + game_id]
        if game_id == self.current_id:
            # the game stays open, unsaved: deleting a save never loses what is on screen
            self.current_id = None
            self.saved = False
            if "current" in self.store:
                del self.store["current"]
        await self._sync()
        self.render()

    def export(self) -> None:
        text = encode_save(self.play.game)
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = file_stem(self.current_name) + ".airhead.json"
        document.body.appendChild(a)
        a.click()
        a.remove()
        p = create_proxy(lambda: window.URL.revokeObjectURL(url))
        self._proxies.append(p)
        window.setTimeout(p, 10000)

    async def import_file(self, inp: Any) -> None:
        files = _nn(inp.files)
        if files is None or files.length == 0:
            return
        f = files.item(0)
        inp.value = ""
        try:
            if int(f.size) > MAX_JSON_BYTES:
                raise CodecError(f"the file is too large ({int(f.size):,} bytes; at most {MAX_JSON_BYTES:,})")
            text = str(await f.text())
            game = decode_any(text).to_game()
        except CodecError as e:
            self.notice(f"{f.name} cannot be imported: {e}. Your current game and saved games are unchanged.",
                        error=True)
            document.body.dataset.importResult = "error"
            return
        name = re.sub(r"(\.airhead)?\.(json|txt)$", "", str(f.name), flags=re.I) or game.scenario.name
        if not self.may_replace():
            return
        self.show(game, None, name, saved=False)
        document.body.dataset.importResult = "ok"
        if await self.save_current():
            self.notice(f"Imported {self.current_name}.")

    # ------------------------------------------------------------------ events
    def _click(self, ev: Any) -> None:
        target = _nn(ev.target.closest("[data-act]"))
        if target is None:
            return
        act = str(target.dataset.act)
        gid = _attr(target, "data-id")
        if act == "g-new":
            self.new_game(_attr(target, "data-scenario"))
        elif act == "g-save":
            self.spawn(self.save_current())
        elif act == "g-export":
            self.export()
        elif act == "g-share":
            self.make_link()
        elif act == "g-copy":
            self.spawn(self.copy_link())
        elif act == "g-native":
            self.spawn(self.native_share())
        elif act == "g-qr":
            self.spawn(self.show_qr())
        elif act == "g-open":
            self.open_saved(gid)
        elif act == "g-rename":
            self.renaming = gid
            self.deleting = None
            self.render()
            box = _nn(document.querySelector(".rename-input"))
            if box is not None:
                box.focus()
                box.select()
        elif act == "g-rename-ok":
            box = _nn(document.querySelector(".rename-input"))
            self.spawn(self.rename(gid, str(box.value) if box is not None else ""))
        elif act == "g-rename-cancel":
            self.renaming = None
            self.render()
        elif act == "g-delete":
            self.deleting = gid
            self.renaming = None
            self.render()
        elif act == "g-delete-ok":
            self.spawn(self.delete(gid))
        elif act == "g-delete-cancel":
            self.deleting = None
            self.render()

    def _key(self, ev: Any) -> None:
        if str(ev.key) == "Enter" and "rename-input" in str(ev.target.className):
            self.spawn(self.rename(_attr(ev.target, "data-id"), str(ev.target.value)))

    def _changed_input(self, ev: Any) -> None:
        if str(ev.target.id) == "games-import":
            self.spawn(self.import_file(ev.target))

    # ------------------------------------------------------------------ drawing
    def _rename_form(self, gid: str, name: str) -> str:
        return (f"<span class='row'><input class='rename-input' data-id='{E(gid, quote=True)}' value='{E(name, quote=True)}'"
                f" maxlength='{MAX_NAME}' aria-label='New name'>"
                f"<button type='button' class='btn primary' data-act='g-rename-ok' data-id='{E(gid, quote=True)}'>OK</button>"
                f"<button type='button' class='btn subtle' data-act='g-rename-cancel'>Cancel</button></span>")

    def render(self) -> None:
        host = _el("games")
        if host is None:
            return
        if self.saved:
            status = "Saved"
        elif self.save_problem:
            status = f"Not saved ({self.save_problem}): export it to keep it"
        elif self.current_id is None:
            status = "Not saved yet: saved at your first action"
        else:
            status = "Saving…"
        if self.renaming == "current":
            current = self._rename_form("current", self.current_name)
        else:
            current = (f"<b id='games-current-name'>{E(self.current_name)}</b> "
                       "<button type='button' class='btn subtle' data-act='g-rename' data-id='current'>Rename</button>")
        native = ""
        if self.share_link and _nn(getattr(window.navigator, "share", None)) is not None:
            native = "<button type='button' class='btn' data-act='g-native' id='share-native'>Share…</button>"
        share = ""
        if self.share_link:
            share = (f"<input id='share-link' class='share-link' readonly value='{E(self.share_link, quote=True)}' aria-label='Share link'>"
                     f"<div class='row'><button type='button' class='btn' data-act='g-copy' id='share-copy'>Copy link</button>{native}"
                     "<button type='button' class='btn' data-act='g-qr' id='share-qr-button'>QR code</button></div>")
        share += "<p id='share-status' class='hint' aria-live='polite'></p><div id='share-qr' class='qr' hidden></div>"
        new = "".join(
            f"<button type='button' class='btn' data-act='g-new' data-scenario='{E(n, quote=True)}' id='games-new-{E(n, quote=True)}'>"
            f"{E(builtin(n).name)}</button>" for n in BUILTINS)
        items = []
        for gid, entry in self.entries():
            q = E(gid, quote=True)
            name = str(entry.get("name", "")) or "(no name)"
            meta = (f"{E(str(entry.get('scenario', '')))} · {int(entry.get('actions', 0) or 0)} actions · "
                    f"{E(_when(float(entry.get('updated', 0) or 0)))}")
            cur = " current" if gid == self.current_id else ""
            if self.renaming == gid:
                head = self._rename_form(gid, name)
            else:
                head = f"<b class='g-name'>{E(name)}</b>"
            if self.deleting == gid:
                buttons = (f"<button type='button' class='btn danger' data-act='g-delete-ok' data-id='{q}'>Delete for good</button>"
                           "<button type='button' class='btn subtle' data-act='g-delete-cancel'>Keep</button>")
            else:
                buttons = (f"<button type='button' class='btn' data-act='g-open' data-id='{q}'>Open</button>"
                           f"<button type='button' class='btn' data-act='g-rename' data-id='{q}'>Rename</button>"
                           f"<button type='button' class='btn subtle' data-act='g-delete' data-id='{q}'>Delete</button>")
            items.append(f"<li class='saved-game{cur}' data-id='{q}'>{head}<br><small class='hint'>{meta}</small>"
                         f"<div class='row'>{buttons}</div></li>")
        listing = "".join(items) or "<li class='hint'>No saved games yet.</li>"
        unavailable = "" if self.store is not None else "<p class='error'>Saved games are unavailable in this browser.</p>"
        host.innerHTML = f"""
<section class="games-current">
  <h3>This game</h3>
  <p>{current}</p>
  <p id="games-status" class="hint" data-saved="{'1' if self.saved else '0'}">{E(status)}</p>
  <div class="row">
    <button type="button" class="btn" data-act="g-save" id="games-save"{' disabled' if self.saved else ''}>Save</button>
    <button type="button" class="btn" data-act="g-export" id="games-export">Export file</button>
    <button type="button" class="btn primary" data-act="g-share" id="share-make">Share</button>
  </div>
  {share}
</section>
<section><h3>New game</h3><div class="choices">{new}</div></section>
<section><h3>Saved games</h3>{unavailable}<ul id="games-list" class="games-list">{listing}</ul></section>
<section><h3>Import</h3>
  <label class="btn file">Import a save file (or a link in a text file)
    <input type="file" id="games-import" accept=".json,.txt,application/json,text/plain"></label>
</section>"""
        if self.share_link and self.qr_for == self.share_link:
            box = _el("share-qr")
            box.innerHTML = self.qr_svg
            box.hidden = False
        document.body.dataset.savedGames = str(len(self.entries()))


_segno: Any = None


async def load_segno() -> Any:
    """Install the QR library with micropip from the bundle's own wheel (offline: the service
    worker precaches the micropip and segno wheels as on-demand files)."""
    global _segno
    if _segno is not None:
        return _segno
    try:
        import segno  # type: ignore[import-not-found]
    except ImportError:
        import pyodide_js  # type: ignore[import-not-found]

        await pyodide_js.loadPackage("micropip")
        import micropip  # type: ignore[import-not-found]

        url = str(window.URL.new(f"wheels/{SEGNO_WHEEL}", window.location.href).href)
        await micropip.install(url, deps=False)
        import segno  # type: ignore[import-not-found]
    _segno = segno
    return segno
