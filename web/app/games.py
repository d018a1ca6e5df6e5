"""The Games panel: new games, saved games (IndexedDB), export/import; its share section (links
and QR codes) is drawn by :mod:`share_panel`.

Views only: every save, link and file goes through the core's codec (``airhead.codec``), which
validates it; nothing read from a link, a file or storage is ever put into the page as markup
(names and notes are escaped). Element ids used by the e2e tests: ``games-*``, ``share-*``,
``notice``; ``<body data-games="1">`` when the panel has restored the last game (or found that it
cannot), ``<body data-save-state>`` (``saved`` once the game on screen is stored as it is).

Storage: ``pyscript.storage("airhead-games")`` (IndexedDB), keys ``game:<id>`` holding
``{"name", "scenario", "actions", "updated", "save", "dice"}`` (``save`` is the codec's save
text) and ``current`` (the id of the game open last). Every write is followed by ``await
sync()``; a failed write (a full disk) is reported, the game stays open in memory and the store
is re-read so that the list shows what really is saved.

Nothing lost: opening a game (a saved one, a link, a file, a new game or a new map) is atomic —
decoded, replayed and drawn in full before it becomes the current game; any failure leaves the
game on screen and every stored game as they were and says so. A saved game that cannot be
opened is listed as damaged with its raw data to download. A change is handed to IndexedDB
before the page hides or unloads.

The current game's life — opening it atomically, saving it, every storage failure — shares one
state (which game, saved or not, its revision), held here: saving and the store's steps are
inherited from :class:`games_store.SavedGames`; the panel's markup is :mod:`games_view`, its share
section :mod:`share_panel`, its notices :mod:`notice`.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any, Callable

from airhead.codec import (
    MAX_JSON_BYTES,
    board_files,
    CodecError,
    decode_any,
    decode_link,
    decode_save,
    encode_save,
)
from airhead.errors import AirheadError
from airhead.game import Game
from airhead.systems import BUILTINS, builtin, builtin_name, new_game
from airhead.vasl.library import LIBRARY, MissingBoardError
from dom import attr as _attr
from dom import download
from dom import el as _el
from dom import nn as _nn
from games_store import PREFIX, SavedGames, clean_name, now_ms, stored_number
from games_view import PanelData, Saved, meta_line, panel_html
from notice import Notices
from picked import picked_file
from share_panel import Share
from pyscript import document, window

DICE_MODES = ("both", "app", "table")


def _when(ms: float) -> str:
    return str(window.Date.new(ms).toLocaleString())


def file_stem(name: str) -> str:
    """A safe file name for an export."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.")[:60]
    return stem or "airhead-game"


class OpenFailed(Exception):
    """Opening a game failed; ``reason`` is fit for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _blank_warning(blank: list[str]) -> str:
    """What the line under the header says of the boards a game was opened without ("" if none)."""
    if not blank:
        return ""
    if len(blank) == 1:
        return (f"Board {blank[0]} on blank terrain: its file is not on this device; import it (Edit tab, Your VASL "
                "boards) to see its terrain.")
    return (f"Boards {', '.join(blank[:-1])} and {blank[-1]} on blank terrain: their files are not on this device; "
            "import them (Edit tab, Your VASL boards) to see their terrain.")


class Games(SavedGames):
    """Owns which saved game (if any) the current game is, and the Games panel."""

    def __init__(self, play: Any, set_title: Callable[..., None],
                 show_tab: Callable[[str], None] | None = None) -> None:
        self.play = play
        self.set_title = set_title
        self.show_tab = show_tab
        self.store: Any = None
        self.store_state = "opening"  # "opening", "open" or "unavailable"
        self.store_problem = ""
        self.current_id: str | None = None
        self.current_name = clean_name(play.game.scenario.name)
        self.saved = False
        self.opened_with = 0  # actions the game had when it was opened (see may_replace)
        self.save_problem = ""
        self.revision = 0  # counts changes of the game on screen and games opened
        self.changes = 0  # counts changes only (actions, dice mode)
        self.failure = ""  # why the last game could not be opened
        self.save_waiting = False  # a save was asked for while the store was still opening
        self.queued = -1  # the revision last handed to the store (see flush)
        self.damaged: dict[str, str] = {}  # saved games that could not be opened: id -> reason
        self.renaming: str | None = None
        self.deleting: str | None = None
        self.share = Share(self)  # the share link, its QR code
        self.serial = 0
        self.links = 0
        self.writes = 0
        self.notices = Notices()  # the message box; faults reported in plain words
        self.boards: Any = None  # the player's VASL boards (app/boards.py): loaded before a game on them opens
        self.missing: tuple[Any, ...] = ()  # (board id, BoardRef) a game asked for that this device lacks
        self.retry: Callable[[], Any] | None = None  # opens that game again (once the boards are here)
        self.blank_boards: set[str] = set()  # the boards the game on screen was opened without
        play.on_change = self.changed
        play.on_open = self.open_new_map
        self._listen(_el("games"), "click", self._click)
        self._listen(_el("games"), "change", self._changed_input)
        self._listen(_el("games"), "keydown", self._key)
        self._listen(window, "hashchange", lambda ev: self.spawn(self.open_hash_async()))
        # a change not yet handed to IndexedDB is written before the page hides or unloads
        self._listen(document, "visibilitychange",
                     lambda ev: self.flush() if str(document.visibilityState) == "hidden" else None)
        self._listen(window, "pagehide", lambda ev: self.flush())
        self._save_state("unsaved")
        self.render()

    # ------------------------------------------------------------------ plumbing (notice.py)
    def _listen(self, node: Any, name: str, fn: Callable[[Any], None]) -> None:
        self.notices.listen(node, name, fn)

    def spawn(self, coro: Any) -> None:
        self.notices.spawn(coro)

    def _done(self, task: Any) -> None:
        self.notices.done(task)

    def _log_fault(self, e: BaseException) -> None:
        self.notices.fault(e)

    def report(self, e: BaseException) -> None:
        self.notices.report(e)

    def notice(self, text: str, error: bool = False, cause: str = "") -> None:
        self.notices.show(text, error, cause)

    def hide_notice(self) -> None:
        self.notices.hide()


    # ------------------------------------------------------------------ start-up
    async def start(self) -> None:
        """Open the store, reopen the last game, then open a link in the address (if any).
        Whatever fails, the app ends up usable: the last game that cannot be opened is listed as
        damaged (the Games tab is shown), and ``<body data-games="1">`` is always set."""
        try:
            await self.open_store()
            if self.store is not None and (self.changes > 0 or self.save_waiting):
                self.spawn(self.save_current())  # played while the store opened: keep it, list the last game
            elif self.store is not None and self.serial == 0 and "scenario=" not in str(window.location.search):
                # (?scenario=NAME asks for that scenario: then the last game is listed, not reopened)
                cur = self.store.get("current")
                if isinstance(cur, str) and cur and PREFIX + cur in self.store:
                    t0 = float(window.performance.now())
                    await self.load_boards(self.store.get(PREFIX + cur))
                    opened = self.open_saved(cur, boot=True)
                    # (the bench: the last game's boards read, decoded, replayed and drawn, in ms)
                    document.body.dataset.openMs = str(round(float(window.performance.now()) - t0))
                    if opened != "ok" and self.show_tab is not None:
                        self.show_tab("games")
            await self.open_hash_async()
        finally:
            if document.body.classList.contains("reopening"):  # the first paint hid the sample map (main.py)
                document.body.classList.remove("reopening")
                if self.serial == 0:  # the game it named did not open: the header names what is shown
                    self.set_title(self.play.game.scenario.name)
            self.render()
            document.body.dataset.games = "1"


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

    async def load_boards(self, source: Any) -> None:
        """Read the boards a save (its text, or a stored record) or a link names into the core's
        library before it is decoded."""
        if isinstance(source, dict):
            source = source.get("save")
        if self.boards is not None and isinstance(source, str):
            await self.boards.ensure(board_files(source))

    def open_game(self, make: Callable[[], Game], game_id: str | None, name: str | Callable[[Game], str],
                  saved: bool, what: str, dice: Any = None, ask: bool = True, after: str = "",
                  retry: Callable[[], Any] | None = None) -> str:
        """Decode and replay (``make``), then show the game atomically. Returns ``"ok"`` (it is
        the current game), ``"kept"`` (the player kept the unsaved game on screen) or ``"error"``
        (a notice says why, starting with ``what``; nothing changed, ``self.failure`` holds the
        reason)."""
        try:
            game = make()
            if ask and not self.may_replace():
                return "kept"
            self.show(game, game_id, name(game) if callable(name) else name, saved, dice=dice)
        except MissingBoardError as e:  # the player imports the board (or opens it blank) and tries again
            self.failure = str(e)
            self.missing, self.retry = e.missing, retry
            ids = [bid for bid, _ref in e.missing]
            names = f"board {ids[0]}" if len(ids) == 1 else f"boards {', '.join(ids[:-1])} and {ids[-1]}"
            self.notice(f"{what}: its game is played on {names}, not on this device yet. Import the board files "
                        "(Games tab, Boards needed).", error=True, cause="open")
            self.render()
            if self.show_tab is not None:
                self.show_tab("games")
            return "error"
        except Exception as e:  # noqa: BLE001 - any failure: nothing changes, the player is told
            self.failure = self._reason(e)
            self.notice(f"{what} cannot be opened: {self.failure}. {after or 'The game on screen and your saved games are unchanged.'}",
                        error=True, cause="open")
            return "error"
        return "ok"

    def _reason(self, e: BaseException) -> str:
        """Why a game could not be opened, in a player's words (a fault is also logged)."""
        if isinstance(e, OpenFailed):
            return e.reason
        if isinstance(e, AirheadError):
            return str(e)
        self._log_fault(e)
        return "a fault in Airhead stopped it from being shown"

    def show(self, game: Game, game_id: str | None, name: str, saved: bool, dice: Any = None) -> None:
        """Make ``game`` the current game: drawn in full first (``Play.load``), then this panel's
        state switches; if anything raises, both are put back and the error is raised."""
        before = (self.current_id, self.current_name, self.saved, self.opened_with, self.save_problem,
                  self.share.link, self.serial)

        def commit() -> None:
            self.opened_with = len(game.actions)
            self.current_id = game_id
            self.current_name = clean_name(name) or clean_name(game.scenario.name)
            self.saved = saved
            self.save_problem = ""
            self.share.link = ""
            self.serial += 1
            refs = getattr(game.scenario, "boards", {})
            blank = [bid for bid, ref in refs.items() if LIBRARY.blank(ref.sha256)]
            self.blank_boards = {refs[bid].sha256 for bid in blank}
            self.set_title(game.scenario.name, _blank_warning(blank))
            self.missing, self.retry = (), None
            self.notices.clear("open")  # a game is open: why another could not open is no longer the news
            self.render()

        dice_before = self.play.dice_mode
        if dice in DICE_MODES:
            self.play.dice_mode = str(dice)  # dice are chosen per game (put back if this fails)
        try:
            self.play.load(game, then=commit)
        except BaseException:
            self.play.dice_mode = dice_before
            (self.current_id, self.current_name, self.saved, self.opened_with, self.save_problem,
             self.share.link, self.serial) = before
            try:
                self.render()
            except Exception as e:  # noqa: BLE001
                self._log_fault(e)
            raise
        self.revision += 1
        document.body.dataset.gameSerial = str(self.serial)
        self._save_state("saved" if saved else ("unsaved" if self.store is not None else "off"))

    def open_new_map(self, game: Game) -> bool:
        """Play's on_open: a new map from the editor is a new game, saved at once."""
        if self.open_game(lambda: game, None, lambda g: f"{g.scenario.name}, {_when(now_ms())}", False,
                          "The new map") != "ok":
            return False
        self.spawn(self.save_current())
        return True

    def changed(self, game: Game) -> None:
        """Play's on_change: autosave after every action."""
        self.saved = False
        self.revision += 1
        self.changes += 1
        self.share.changed(game)
        self._save_state("saving" if self.store is not None else "off")
        self.spawn(self.save_current())


    # ------------------------------------------------------------------ links
    async def open_hash_async(self) -> None:
        """:meth:`open_hash`, its boards read from this device's storage first."""
        frag = str(window.location.hash)[1:]
        if frag:
            await self.load_boards(frag)
        self.open_hash()

    def open_hash(self) -> None:
        """Open the game in the address's fragment as a new, unsaved game (never over a save)."""
        frag = str(window.location.hash)[1:]
        if not frag:
            return
        self.links += 1
        result = self.open_game(lambda: decode_link(frag).to_game(), None, lambda g: f"{g.scenario.name} (shared)",
                                False, "This link", retry=self.open_hash)
        if result == "ok":
            self.notice("Opened a shared game. It is not saved yet: it is saved at your first action, "
                        "or tap Save in the Games tab.")
        document.body.dataset.linkResult = result
        document.body.dataset.links = str(self.links)

    # ------------------------------------------------------------------ saved games


    def new_game(self, name: str) -> None:
        if name not in BUILTINS:
            return
        if self.open_game(lambda: new_game(builtin(name), secrets.token_hex(8)), None,
                          lambda g: f"{g.scenario.name}, {_when(now_ms())}", False, "The new game") == "ok":
            self.spawn(self.save_current())


    def open_saved(self, game_id: str, boot: bool = False) -> str:
        """Open a saved game (at boot: the one open last). One that cannot be opened is kept,
        listed as damaged with its data to download; nothing else changes."""
        key = PREFIX + game_id
        if self.store is None or key not in self.store:
            self.notice("That saved game is gone.", error=True)
            self.render()
            return "error"
        entry = self.store.get(key)
        name = self._entry_name(game_id)

        def make() -> Game:
            if not isinstance(entry, dict) or not isinstance(entry.get("save"), str):
                raise OpenFailed("its stored record is damaged")
            return decode_save(entry["save"]).to_game()

        what = f"Your last game “{name}”" if boot else f"The saved game “{name}”"
        after = ("It is kept in the Games tab: download its data or delete it there. "
                 "Your other saved games are unchanged.")
        dice = entry.get("dice") if isinstance(entry, dict) else None
        result = self.open_game(make, game_id, name, True, what, dice=dice, ask=not boot, after=after,
                                retry=lambda: self.open_saved(game_id))
        if result == "error":
            self.damaged[game_id] = self.failure
            document.body.dataset.damaged = str(len(self.damaged))
            self.render()
        elif result == "ok":
            self.damaged.pop(game_id, None)
            if not boot:
                self._set_current(game_id)
                self.spawn(self._sync())
        return result


    def export(self) -> None:
        download(file_stem(self.current_name) + ".airhead.json", encode_save(self.play.game))

    def export_raw(self, game_id: str) -> None:
        """A saved game that cannot be opened: its stored data as it is, to keep or to send."""
        entry = self.store.get(PREFIX + game_id) if self.store is not None else None
        if isinstance(entry, dict) and isinstance(entry.get("save"), str):
            text = entry["save"]
        else:
            try:
                text = json.dumps(entry, ensure_ascii=False, default=str)
            except (TypeError, ValueError):
                text = str(entry)
        download(file_stem(self._entry_name(game_id)) + ".airhead.json", text)

    async def import_file(self, inp: Any) -> None:
        f = await picked_file(inp, MAX_JSON_BYTES)
        if f is None:
            return
        fname = f.name

        def make() -> Game:
            if f.too_large:
                raise CodecError(f"the file is too large ({f.size:,} bytes; at most {MAX_JSON_BYTES:,})")
            return decode_any("\0" if f.text is None else f.text).to_game()  # unreadable: refused as not a game

        name = re.sub(r"(\.airhead)?\.(json|txt)$", "", fname, flags=re.I)
        if f.text is not None:
            await self.load_boards(f.text)

        def again() -> str:
            return self.open_game(make, None, lambda g: name or g.scenario.name, False, fname, retry=again)

        result = again()
        document.body.dataset.importResult = result
        if result == "ok" and await self.save_current():
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
            self.share.make()
        elif act == "g-copy":
            self.spawn(self.share.copy())
        elif act == "g-native":
            self.spawn(self.share.native())
        elif act == "g-qr":
            self.spawn(self.share.qr())
        elif act == "g-open":
            self.spawn(self.open_saved_async(gid))
        elif act == "g-board-blank":
            for _bid, ref in self.missing:
                LIBRARY.stand_in(ref.sha256)
            self.try_again()
        elif act == "g-board-cancel":
            self.missing, self.retry = (), None
            self.render()
        elif act == "g-export-raw":
            self.export_raw(gid)
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
        elif str(ev.target.id) == "games-board-file" and self.boards is not None:
            self.spawn(self.import_missing(ev.target))

    async def import_missing(self, inp: Any) -> None:
        """The missing board's file, picked here: imported (Your VASL boards), then the game opened."""
        await self.boards.import_files(inp)
        if all(LIBRARY.get(ref.sha256) is not None for _bid, ref in self.missing):
            self.try_again()
        else:
            self.missing = tuple((bid, ref) for bid, ref in self.missing if LIBRARY.get(ref.sha256) is None)
            left = "; ".join(f"board {bid} ({ref.describe()})" for bid, ref in self.missing)
            err = getattr(self.boards, "error", "")
            self.notice(f"Still missing: {left}. {err or 'That file is another board or another version.'}", error=True,
                        cause="open")
            self.render()

    def boards_imported(self, shas: list[str]) -> None:
        """Boards just imported: a game on screen that was opened on blank terrain for one of them
        is opened again on it (its actions replayed: nothing is lost)."""
        game = getattr(self.play, "game", None)
        if game is None or not self.blank_boards.intersection(shas):
            return
        saved, gid, name = self.saved, self.current_id, self.current_name
        self.open_game(lambda: decode_save(encode_save(game)).to_game(), gid, name, saved, "This game", ask=False)

    def try_again(self) -> None:
        retry = self.retry
        self.missing, self.retry = (), None
        self.render()
        if retry is not None:
            retry()

    async def open_saved_async(self, game_id: str) -> None:
        """:meth:`open_saved`, its boards read from this device's storage first."""
        if self.store is not None:
            await self.load_boards(self.store.get(PREFIX + game_id))
        self.open_saved(game_id)

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        host = _el("games")
        if host is None:
            return
        if self.saved:
            status = "Saved"
        elif self.store_state == "opening":
            status = "Opening your saved games…"
        elif self.store is None:
            status = "Not saved (this browser's storage is unavailable): export it to keep it"
        elif self.save_problem:
            status = f"Not saved ({self.save_problem}): export it to keep it"
        elif self.current_id is None:
            status = "Not saved yet: saved at your first action"
        else:
            status = "Saving…"
        games = []
        for gid, entry in self.entries():
            rec = entry if isinstance(entry, dict) else {}
            bad = self.damaged.get(gid) or ("" if isinstance(entry, dict) else "its stored record is damaged")
            meta = meta_line(rec, int(stored_number(rec.get("actions"))), _when(stored_number(rec.get("updated")))) if rec else ""
            games.append(Saved(gid, self._entry_name(gid), meta, bad, gid == self.current_id))
        host.innerHTML = panel_html(PanelData(
            status=status, saved=self.saved, current_name=self.current_name, renaming=self.renaming,
            deleting=self.deleting, share=self.share.html(), new=[(n, builtin_name(n)) for n in BUILTINS],
            games=games, opening=self.store_state == "opening",
            unavailable=self.store_problem if self.store_state == "unavailable" else "",
            missing=[(bid, ref.describe()) for bid, ref in self.missing]))
        self.share.drawn()
        document.body.dataset.savedGames = str(len(self.entries()))
