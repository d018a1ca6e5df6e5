"""Your VASL boards (Edit tab): the player's own board files, imported, listed and deleted; read
into the core's board library when a game on them opens; their pictures drawn under the map.

Views only: reading a board and what it means is the core's (``airhead.vasl``). The files stay
on this device, in IndexedDB (``window.airheadBoards`` in boot.js: "airhead-boards"), never in a
save or a link, which name each board by name, version and SHA-256. Element ids used by the e2e
tests: ``boards-*``; ``<body data-boards="N">`` (boards stored), ``data-board-import`` (the last
import: ``ok`` or ``error``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from airhead.errors import AirheadError
from airhead.vasl.archive import MAX_ARCHIVE_BYTES
from airhead.vasl.refusals import size_words
from airhead.vasl.board_ssr import pictured_options
from airhead.vasl.library import LIBRARY, board_art, board_id, card_name, cell_board
from dom import E
from dom import el as _el
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

#: The picture formats a browser draws, by the core's name for them.
MIME = {"gif": "image/gif", "png": "image/png", "jpeg": "image/jpeg"}




def _games(names: list[str]) -> str:
    """``“A”``, ``“A” and “B”``, ``“A”, “B” and 2 more``: the games a warning names."""
    shown = names[:4]
    more = len(names) - len(shown)
    if more:
        return f"{', '.join(shown)} and {more} more"
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{max(n, 1) / 1e3:.0f} kB"


class Boards:
    """The device's boards: the list, the import, the pictures, and loading before a game opens."""

    def __init__(self, play: Any, redraw: Callable[[], None], imported: Callable[[list[str]], None] | None = None) -> None:
        self.play = play
        self.redraw = redraw  # draw the map again (a board imported or deleted: its art)
        self.imported = imported  # boards just imported (a game opened on blank terrain opens again on them)
        self.rows: list[dict[str, Any]] = []
        self.status = ""
        self.error = ""
        self.deleting: str | None = None
        self.art_on = True
        self.urls: dict[str, str] = {}  # sha256 (and sha256/overlay name) -> the picture's blob: address
        self.store_ok = True
        #: The games that use a board file (by its SHA-256), named for the warning before it is deleted.
        self.users: Callable[[str], list[str]] | None = None
        self._proxies: list[Any] = []
        for name, fn in (("click", self._click), ("change", self._changed)):
            p = create_proxy(fn)
            self._proxies.append(p)
            _el("edit").addEventListener(name, p)
        play.art_for = self.art_for

    # ------------------------------------------------------------------ storage
    async def start(self) -> None:
        """The boards this device holds (their facts only: a file is read when a game needs it)."""
        LIBRARY.clear()
        await self.refresh()

    async def refresh(self) -> None:
        try:
            rows = await window.airheadBoards.list()
            self.rows = sorted((dict(r) for r in rows.to_py()), key=lambda r: (str(r.get("name")), str(r.get("version"))))
            self.store_ok = True
        except Exception as e:  # noqa: BLE001 - IndexedDB missing, blocked, full
            self.rows, self.store_ok = [], False
            window.console.error(f"listing the stored boards: {e!r}")
            self.error = ("Your boards cannot be listed: this browser would not open its storage for Airhead "
                          "(a private window, or site data turned off in its settings, can do this).")
        document.body.dataset.boards = str(len(self.rows))
        self.render()

    def stored(self, sha: str) -> bool:
        return any(r.get("sha256") == sha for r in self.rows)

    async def ensure(self, shas: Iterable[str]) -> None:
        """Read the boards a game names into the core's library, from this device's storage (a
        board the device lacks is left out: opening the game then names it)."""
        for sha in shas:
            if LIBRARY.get(sha) is not None or not self.stored(sha):
                continue
            try:
                data = await window.airheadBoards.get(sha)
                if data is not None and not is_none(data):
                    LIBRARY.add(data.to_bytes())
            except Exception as e:  # noqa: BLE001 - a damaged stored board: opening says it is missing
                window.console.error(f"board {sha[:12]} could not be read: {e!r}")

    def unread(self, layout: list[list[str]]) -> list[str]:
        """The stored boards a new map's layout names (``2 4*``: boards 2 and 4) that are not in
        the core's library yet (:meth:`ensure` reads them, so that the map brings their terrain)."""
        wanted = {(cell_board(cell) or "").lower() for row in layout for cell in row}
        return [str(r.get("sha256")) for r in self.rows
                if card_name(str(r.get("name", ""))).lower() in wanted and LIBRARY.get(str(r.get("sha256"))) is None]

    def names(self) -> list[str]:
        """The names of the boards stored on this device (New map lists them when a name is unknown)."""
        return [str(r.get("name", "")) for r in self.rows]

    async def import_files(self, inp: Any) -> list[str]:
        """Import every file picked in ``inp``; the SHA-256s of the boards now on this device."""
        files = inp.files
        if files is None or is_none(files) or files.length == 0:
            return []
        picked = [files.item(i) for i in range(files.length)]
        inp.value = ""
        done: list[str] = []
        self.error = ""
        for f in picked:
            name, size = str(f.name), int(f.size)
            self.status = f"Reading {name}…"
            self.render()
            sha = await self._import_one(f, name, size)
            if sha is not None:
                done.append(sha)
            else:
                self.status = ""  # the reading is over: the error says why
        await self.refresh()
        self.redraw()
        if done and self.imported is not None:
            self.imported(done)
        return done

    async def _import_one(self, f: Any, name: str, size: int) -> str | None:
        """Read, check and store one picked file; its SHA-256, or None with :attr:`error` saying
        why it was refused (the core's own words; nothing is stored from a refused file)."""
        try:
            if size > MAX_ARCHIVE_BYTES:
                raise AirheadError(f"this file is too large to be a VASL board file ({size_words(size)}; a board file is "
                                   f"at most {size_words(MAX_ARCHIVE_BYTES)})")
            data = (await f.arrayBuffer()).to_bytes()
            board = LIBRARY.add(data)  # read and checked whole before anything is stored
        except AirheadError as e:  # the core's refusal (a BoardError) says what is wrong and where
            self._refused(f"{name} was not imported: {e}")
            return None
        except Exception as e:  # noqa: BLE001 - the core refuses with a BoardError; anything else is ours
            window.console.error(f"reading {name}: {e!r}")
            self._refused(f"{name} was not imported: Airhead could not read it as a VASL board file.")
            return None
        sha, m = board.archive.sha256, board.archive.metadata
        facts = {"sha256": sha, "name": m.name, "version": m.version, "size": len(data),
                 "added": float(window.Date.now()), "width": m.width, "height": m.height, "file": name[:80],
                 "picture": board.archive.image is not None}
        try:
            await window.airheadBoards.put(to_js(facts, dict_converter=window.Object.fromEntries), to_js(data))
        except Exception as e:  # noqa: BLE001 - storage full or refused: nothing stored (one transaction)
            if not self.stored(sha):
                LIBRARY.remove(sha)  # not kept in this page either: the file was refused
            window.console.error(f"storing {name}: {e!r}")
            self._refused(f"{name} was not imported: this browser would not keep it. The device's storage may be "
                          "full (delete boards or games you no longer need, or free space on the device), or a "
                          "private window or the browser's settings may refuse to keep site data; then try again.")
            return None
        try:
            how = f"Type {board_id(board)} in New map to play on it."
            own = pictured_options(board.archive)
            if own:
                how += (" Its own SSR options, typed in New map's SSR terrain options (each drawn over its picture, "
                        "the picture only: the terrain stays as printed): "
                        + ", ".join(f"{o.rule} ({o.name})" for o in own[:12]) + ".")
        except AirheadError as e:  # read whole, but its hexes cannot lie on a map: say why
            how = f"It cannot go on a map: {e}."
        self.status = f"Imported VASL board {m.name}, version {m.version or '?'}. {how}"
        document.body.dataset.boardImport = "ok"
        return sha

    def _refused(self, message: str) -> None:
        """A file refused: its reason shown (after any other file's of the same import)."""
        self.error = f"{self.error} {message}".strip()
        document.body.dataset.boardImport = "error"

    def _users(self, sha: str) -> list[str]:
        return self.users(sha) if self.users is not None else []

    def _name(self, sha: str) -> str:
        return next((str(r.get("name", "?")) for r in self.rows if r.get("sha256") == sha), "?")

    async def delete(self, sha: str) -> None:
        """Delete a stored board; the status then says what is true: it is gone, and what the
        games that use it do without it (#42 item 3)."""
        name, users = self._name(sha), self._users(sha)
        self.error = ""
        try:
            await window.airheadBoards.remove(sha)
        except Exception as e:  # noqa: BLE001
            window.console.error(f"deleting board {sha[:12]}: {e!r}")
            self.error = "The board could not be deleted: this browser's storage refused. Reload the page and try again."
            self.status = ""
        else:
            self.status = f"Deleted VASL board {name} from this device." + (
                f" {_games(users)} {'uses' if len(users) == 1 else 'use'} it: the game on screen keeps the terrain "
                "it has; a saved game that uses it asks for the board's file when it is opened (import it again, "
                "or open it on blank terrain)." if users else "")
        LIBRARY.remove(sha)
        for key in [k for k in self.urls if k == sha or k.startswith(sha + "/")]:
            window.URL.revokeObjectURL(self.urls.pop(key))
        self.deleting = None
        await self.refresh()
        self.redraw()

    # ------------------------------------------------------------------ the map's pictures
    def art_for(self, scenario: Any) -> list[Any]:
        """The pictures of ``scenario``'s imported boards this device holds, placed under its
        hexes (:data:`airhead.svg.Art`; none when the player chose the terrain colours): a board
        whose file holds no picture a browser draws keeps its terrain colours, and the map says so."""
        if not self.art_on or not getattr(scenario, "boards", None):
            return []
        hrefs = {}
        for bid, ref in scenario.boards.items():
            board = LIBRARY.get(ref.sha256)
            img = board.archive.image if board is not None else None
            if img is None or img.format not in MIME:
                continue
            url = self.urls.get(ref.sha256)
            if url is None:
                blob = window.Blob.new(to_js([to_js(img.data)]), to_js({"type": MIME[img.format]},
                                                                      dict_converter=window.Object.fromEntries))
                url = self.urls[ref.sha256] = str(window.URL.createObjectURL(blob))
            hrefs[bid] = url

        def overlay(board: Any, img: Any) -> str:  # an SSR option's overlay picture, one address each
            key = f"{board.archive.sha256}/{img.name}"
            got = self.urls.get(key)
            if got is None:
                blob = window.Blob.new(to_js([to_js(img.data)]), to_js({"type": MIME.get(img.format, "image/gif")},
                                                                      dict_converter=window.Object.fromEntries))
                got = self.urls[key] = str(window.URL.createObjectURL(blob))
            return got

        return [a.svg() for a in board_art(scenario.map, scenario.boards, hrefs, ssr=tuple(scenario.ssr),
                                           overlay_href=overlay)]

    # ------------------------------------------------------------------ events and drawing
    def _spawn(self, coro: Any) -> None:
        import asyncio

        task = asyncio.ensure_future(coro)
        task.add_done_callback(lambda t: None if t.cancelled() or t.exception() is None
                               else window.console.error(repr(t.exception())))

    def _click(self, ev: Any) -> None:
        target = ev.target.closest("[data-act]")
        if not target:
            return
        act, sha = str(target.dataset.act), str(target.getAttribute("data-sha") or "")
        if act == "b-delete":
            self.deleting = sha
            self.render()
        elif act == "b-delete-ok":
            self._spawn(self.delete(sha))
        elif act == "b-delete-cancel":
            self.deleting = None
            self.render()

    def _changed(self, ev: Any) -> None:
        if str(ev.target.id) == "boards-file":
            self._spawn(self.import_files(ev.target))
        elif str(ev.target.id) == "boards-art":
            self.art_on = bool(ev.target.checked)
            self.redraw()

    def render(self) -> None:
        host = _el("boards-section")
        if host is None or is_none(host):
            return
        items = []
        for r in self.rows:
            warn = ""
            sha = E(str(r.get("sha256", "")), quote=True)
            added = str(window.Date.new(float(r.get("added") or 0)).toLocaleDateString())
            if self.deleting == r.get("sha256"):
                users = self._users(str(r.get("sha256")))
                warn = (f"<p class='board-warning' role='alert' id='boards-delete-warning'>{E(_games(users))} "
                        f"{'uses' if len(users) == 1 else 'use'} this board: without its file "
                        f"{'it opens' if len(users) == 1 else 'they open'} only once you import it again, "
                        "or on blank terrain.</p>" if users else
                        "<p class='hint' id='boards-delete-warning'>No game saved on this device uses this board.</p>")
                buttons = (f"<button type='button' class='btn danger' data-act='b-delete-ok' data-sha='{sha}'>Delete for good</button>"
                           "<button type='button' class='btn subtle' data-act='b-delete-cancel'>Keep</button>")
            else:
                buttons = f"<button type='button' class='btn subtle' data-act='b-delete' data-sha='{sha}'>Delete</button>"
            items.append(
                f"<li class='board' data-sha='{sha}'><b>VASL board {E(str(r.get('name', '?')))}</b> "
                f"<small class='hint'>(in New map: <code>{E(card_name(str(r.get('name', '?'))))}</code>)</small> "
                f"<small class='hint'>version {E(str(r.get('version') or '?'))} · {int(r.get('width') or 0)} × "
                f"{int(r.get('height') or 0)} hexes · {_size(int(r.get('size') or 0))} · added {E(added)}"
                + (" · no picture in this file: its map shows terrain colours" if r.get("picture") is False else "")
                + "</small>"
                f"{warn}<div class='row'>{buttons}</div></li>")
        listing = "".join(items) or "<li class='hint'>No boards yet.</li>"
        problem = f"<p class='error' role='alert' id='boards-error'>{E(self.error)}</p>" if self.error else ""
        art = (f"<label class='check'><input type='checkbox' id='boards-art'{' checked' if self.art_on else ''}> "
               "Draw the boards' own pictures under the map (off: terrain colours)</label>")
        host.innerHTML = f"""
<p class='hint'>Play on the boards you own: import their VASL board files (from the VASL board library,
one file per board, e.g. <code>bd02</code>). They stay on this device; a shared game names them, and
the other device imports its own copy.</p>
<label class='btn file'>Import board files<input type='file' id='boards-file' multiple></label>
<p id='boards-status' class='hint' role='status'>{E(self.status)}</p>{problem}
<ul id='boards-list' class='games-list'>{listing}</ul>
{art}"""
