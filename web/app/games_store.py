"""The Games panel's saved games in IndexedDB: opening the store, saving the game on screen
(handed over at once, then synced; every failure reported in plain words), listing, renaming and
deleting saved games, and the save signal ``<body data-save-state>``.

:class:`SavedGames` is the base of :class:`games.Games`, which holds the state these steps share
(which game is on screen, saved or not, its revision) and draws the panel.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from airhead.codec import board_files, encode_save
from games_view import MAX_NAME
from pyscript import document, window

STORE = "airhead-games"
PREFIX = "game:"
#: Seconds to wait for IndexedDB to open (a blocked or broken store never answers) and for a
#: write to finish, before the app says saved games are unavailable or the save failed.
STORE_TIMEOUT = 8.0
SYNC_TIMEOUT = 20.0


def now_ms() -> float:
    """The time now, in milliseconds (the browser's ``Date.now()``)."""
    return float(window.Date.now())


def stored_number(x: Any) -> float:
    """A number read from a stored record (anything else counts as 0)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x or x in (float("inf"), float("-inf")):
        return 0.0
    return float(x)


def clean_name(text: str) -> str:
    """A game name as stored: one line, at most MAX_NAME characters."""
    return " ".join(str(text).split())[:MAX_NAME]


#: localStorage: the name of the game a reload reopens (main.py reads it at the first paint).
REOPENING_KEY = "airhead.reopening"


def _remember_reopening(name: str) -> None:
    """Keep (or, with "", forget) the name of the game the next start reopens."""
    try:
        if name:
            window.localStorage.setItem(REOPENING_KEY, name)
        else:
            window.localStorage.removeItem(REOPENING_KEY)
    except Exception:  # noqa: BLE001 - storage full or blocked: the first paint shows the sample's title
        pass


class SavedGames:
    """The saved games of :class:`games.Games` (its base): the store and the current game's save."""

    play: Any
    store: Any
    store_state: str
    store_problem: str
    current_id: str | None
    current_name: str
    saved: bool
    opened_with: int
    save_problem: str
    revision: int
    serial: int
    save_waiting: bool
    queued: int
    writes: int
    damaged: dict[str, str]
    renaming: str | None
    deleting: str | None

    if TYPE_CHECKING:  # drawn and told by games.Games
        def render(self) -> None: ...
        def notice(self, text: str, error: bool = False, cause: str = "") -> None: ...
        def spawn(self, coro: Any) -> None: ...

    def _save_state(self, state: str) -> None:
        """``<body data-save-state>``: ``saved`` (stored as it is on screen), ``saving``,
        ``unsaved`` (a shared game not saved yet), ``error`` (the last write failed) or ``off``
        (no storage). Tests wait on it instead of on time."""
        document.body.dataset.saveState = state

    async def open_store(self, quiet: bool = False) -> None:
        """Open IndexedDB (bounded in time: a blocked store never answers)."""
        try:
            from pyscript import storage

            store = await asyncio.wait_for(storage(STORE), STORE_TIMEOUT)
        except Exception as e:  # noqa: BLE001 - IndexedDB missing, blocked, broken (private mode)
            self.store = None
            self.store_state = "unavailable"
            self.store_problem = "it did not answer" if isinstance(e, asyncio.TimeoutError) else "it refused"
            self._save_state("off")
            document.body.dataset.storage = "unavailable"
            if not quiet:
                self.notice("Saved games are unavailable in this browser (its storage cannot be opened). You can "
                            "still play, export the game to a file, import files and share links.", error=True)
            self.render()
            return
        self.store = store
        self.store_state = "open"
        document.body.dataset.storage = "open"

    def _put(self) -> tuple[str, int, int, int] | None:
        """Hand the current game to the store (queued at once; ``sync`` waits for the write)."""
        if self.store is None:
            return None
        game = self.play.game
        if self.current_id is None:
            self.current_id = secrets.token_hex(6)
        entry = {"name": self.current_name, "scenario": game.scenario.name, "actions": len(game.actions),
                 "updated": now_ms(), "save": encode_save(game), "dice": getattr(self.play, "dice_mode", "both")}
        self.store[PREFIX + self.current_id] = entry
        self._set_current(self.current_id)
        self.queued = self.revision
        document.body.dataset.saveQueued = str(len(game.actions))  # (tests: handed over before the page hid)
        return self.current_id, self.revision, self.serial, len(game.actions)

    def _set_current(self, game_id: str) -> None:
        """The game a reload reopens: its id in the store, its name on the device for the first
        paint ("Opening …" instead of the sample map's title, #42 item 3)."""
        assert self.store is not None
        self.store["current"] = game_id
        _remember_reopening(self._entry_name(game_id) if game_id != self.current_id else self.current_name)

    def flush(self) -> None:
        """The page hides or unloads: a change not yet handed to IndexedDB is handed now."""
        if self.store is None or self.queued >= self.revision or self.saved:
            return
        if self.play.game is None or (self.current_id is None and len(self.play.game.actions) <= self.opened_with):
            return  # a shared game nobody changed: nothing to keep
        try:
            self._put()
        except Exception as e:  # noqa: BLE001 - the page is going away: log only
            window.console.error(f"saving before the page hid failed: {e!r}")
        self.spawn(self._sync())

    async def save_current(self) -> bool:
        if self.store is None and self.store_state == "opening":
            self.save_waiting = True  # saved by start() once the store is open
            self._save_state("saving")
            return False
        if self.store is None:
            self.save_problem = "storage unavailable"
            self._save_state("off")
            self.render()
            return False
        self._save_state("saving")
        put = None
        try:
            put = self._put()
            assert put is not None
            await asyncio.wait_for(self.store.sync(), SYNC_TIMEOUT)
        except Exception as e:  # noqa: BLE001 - QuotaExceededError and friends
            await self.storage_failed(e, mine=put is None or put[2] == self.serial)
            return False
        self._written()
        _gid, rev, serial, n = put
        if rev == self.revision and serial == self.serial:  # nothing changed meanwhile
            self.saved = True
            self.save_problem = ""
            document.body.dataset.saved = str(n)
            self._save_state("saved")
            if str(window.location.hash).startswith("#a"):
                # a linked game is now a saved game: a reload reopens the save, not the old link
                window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        self.render()
        return True

    async def storage_failed(self, err: Exception, mine: bool = True) -> None:
        """A write failed (``mine``: while the game on screen is the one it was writing)."""
        text = str(err)
        full = "quota" in text.lower() or getattr(err, "name", "") == "QuotaExceededError"
        if mine:
            self.saved = False
            self.save_problem = "storage full" if full else "not saved"
            self._save_state("error")
        document.body.dataset.saveError = "quota" if full else "error"
        if full:
            why = "The browser's storage is full"
        elif isinstance(err, asyncio.TimeoutError):
            why = "Saving did not finish (the browser's storage did not answer)"
        else:
            why = "Saving failed (the browser's storage refused it)"
        # The failed write left the in-memory copy ahead of IndexedDB: read the truth again.
        await self.open_store(quiet=True)
        if mine:
            self.notice(f"{why}: this game stays open but is NOT saved. Export it (Games → Export file) "
                        "to keep it; your other saved games are unchanged.", error=True)
        else:
            self.notice(f"{why}: the last change to the game you left was NOT saved; "
                        "your other saved games are unchanged.", error=True)
        self.render()

    def entries(self) -> list[tuple[str, Any]]:
        """The saved games as ``(id, record)``, newest first (a damaged record is listed too)."""
        if self.store is None:
            return []
        out = [(str(k)[len(PREFIX):], v) for k, v in self.store.items() if str(k).startswith(PREFIX)]
        out.sort(key=lambda kv: -stored_number(kv[1].get("updated") if isinstance(kv[1], dict) else 0))
        return out

    def using(self, sha: str) -> list[str]:
        """The games that use the board file ``sha``: the saved games by name, and the game on
        screen if it is not saved yet (deleting the board warns with them: #42 item 3)."""
        out = []
        for gid, entry in self.entries():
            save = entry.get("save") if isinstance(entry, dict) else None
            if isinstance(save, str) and sha in board_files(save):
                out.append(f"“{self._entry_name(gid)}”")
        game = getattr(self.play, "game", None)
        refs = getattr(getattr(game, "scenario", None), "boards", None) or {}
        if self.current_id is None and any(ref.sha256 == sha for ref in refs.values()):
            out.append("the game on screen (not saved yet)")
        return out

    def _entry_name(self, game_id: str) -> str:
        entry = self.store.get(PREFIX + game_id) if self.store is not None else None
        name = entry.get("name") if isinstance(entry, dict) else None
        return clean_name(name) if isinstance(name, str) and clean_name(name) else "(no name)"

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
        if self.store.get("current") == game_id:
            _remember_reopening(name)
        await self._sync()
        self.render()

    async def delete(self, game_id: str) -> None:
        self.deleting = None
        self.damaged.pop(game_id, None)
        document.body.dataset.damaged = str(len(self.damaged))
        if self.store is None or PREFIX + game_id not in self.store:
            self.render()
            return
        del self.store[PREFIX + game_id]
        if game_id == self.current_id:
            # the game stays open, unsaved: deleting a save never loses what is on screen
            self.current_id = None
            self.saved = False
            self._save_state("unsaved")
        if self.store.get("current") == game_id:
            del self.store["current"]
            _remember_reopening("")
        await self._sync()
        self.render()
