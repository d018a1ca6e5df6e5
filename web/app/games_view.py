"""The Games panel's markup, from what :class:`games.Games` knows (plain values in, HTML out):
this game (its name, whether it is saved, Save / Export / Share and the share section), the
boards a game needs, new games, the saved games (each openable, renamable, deletable, or listed
as damaged with its data to download) and import. Every name and reason is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dom import E

#: The longest game name kept (characters).
MAX_NAME = 80


@dataclass
class Saved:
    """One saved game as listed: its id, name, the line under it, why it cannot be opened ("" if
    it can), and whether it is the game on screen."""

    gid: str
    name: str
    meta: str
    bad: str
    current: bool


@dataclass
class PanelData:
    """What the panel shows (see :func:`panel_html`)."""

    status: str
    saved: bool
    current_name: str
    renaming: str | None
    deleting: str | None
    share: str  # the share section's markup (share_panel.Share.html)
    new: list[tuple[str, str]]  # (built-in scenario key, its name)
    games: list[Saved] = field(default_factory=list)
    opening: bool = False
    unavailable: str = ""  # why the store could not be opened ("" when it could)
    missing: list[tuple[str, str]] = field(default_factory=list)  # (board id, its description)


def rename_form(gid: str, name: str) -> str:
    return (f"<span class='row'><input class='rename-input' data-id='{E(gid, quote=True)}' value='{E(name, quote=True)}'"
            f" maxlength='{MAX_NAME}' aria-label='New name'>"
            f"<button type='button' class='btn primary' data-act='g-rename-ok' data-id='{E(gid, quote=True)}'>OK</button>"
            f"<button type='button' class='btn subtle' data-act='g-rename-cancel'>Cancel</button></span>")


def _saved_html(g: Saved, d: PanelData) -> str:
    q = E(g.gid, quote=True)
    head = rename_form(g.gid, g.name) if d.renaming == g.gid and not g.bad else f"<b class='g-name'>{E(g.name)}</b>"
    if d.deleting == g.gid:
        buttons = (f"<button type='button' class='btn danger' data-act='g-delete-ok' data-id='{q}'>Delete for good</button>"
                   "<button type='button' class='btn subtle' data-act='g-delete-cancel'>Keep</button>")
    elif g.bad:
        buttons = (f"<button type='button' class='btn' data-act='g-export-raw' data-id='{q}'>Download its data</button>"
                   f"<button type='button' class='btn subtle' data-act='g-open' data-id='{q}'>Try again</button>"
                   f"<button type='button' class='btn subtle' data-act='g-delete' data-id='{q}'>Delete</button>")
    else:
        buttons = (f"<button type='button' class='btn' data-act='g-open' data-id='{q}'>Open</button>"
                   f"<button type='button' class='btn' data-act='g-rename' data-id='{q}'>Rename</button>"
                   f"<button type='button' class='btn subtle' data-act='g-delete' data-id='{q}'>Delete</button>")
    problem = f"<p class='error damage'>Cannot be opened: {E(g.bad)}.</p>" if g.bad else ""
    return (f"<li class='saved-game{' current' if g.current else ''}{' damaged' if g.bad else ''}' data-id='{q}'>{head}"
            f"{'<br>' if g.meta else ''}<small class='hint'>{E(g.meta)}</small>{problem}"
            f"<div class='row'>{buttons}</div></li>")


def panel_html(d: PanelData) -> str:
    """The whole Games panel."""
    if d.renaming == "current":
        current = rename_form("current", d.current_name)
    else:
        current = (f"<b id='games-current-name'>{E(d.current_name)}</b> "
                   "<button type='button' class='btn subtle' data-act='g-rename' data-id='current'>Rename</button>")
    new = "".join(
        f"<button type='button' class='btn' data-act='g-new' data-scenario='{E(key, quote=True)}' id='games-new-{E(key, quote=True)}'>"
        f"{E(name)}</button>" for key, name in d.new)
    if d.opening:
        listing = "<li class='hint' id='games-opening'>Opening your saved games…</li>"
    else:
        listing = "".join(_saved_html(g, d) for g in d.games) or "<li class='hint'>No saved games yet.</li>"
    unavailable = "" if not d.unavailable else (
        "<p class='error' id='games-unavailable'>Saved games are unavailable: this browser did not let Airhead "
        f"open its storage ({E(d.unavailable)}; private browsing or blocked site data can do this). "
        "You can still play, export this game to a file and import files, and share links — but nothing is "
        "kept when you close the page: export the game to keep it.</p>")
    missing = ""
    if d.missing:
        which = "".join(f"<li>board {E(bid)}: {E(text)}</li>" for bid, text in d.missing)
        missing = (
            "<section class='missing-boards' id='games-missing'><h3>Boards needed</h3>"
            f"<p>This game is played on boards that are not on this device yet:</p><ul>{which}</ul>"
            "<p class='hint'>Import each board's file (from the VASL board library, the same version), or open the "
            "game on blank terrain: the map's terrain is then empty until you import the file.</p>"
            "<div class='row'><label class='btn primary file'>Import the board file"
            "<input type='file' id='games-board-file' multiple></label>"
            "<button type='button' class='btn' data-act='g-board-blank' id='games-board-blank'>Open on blank terrain</button>"
            "<button type='button' class='btn subtle' data-act='g-board-cancel'>Cancel</button></div></section>")
    return f"""{missing}
<section class="games-current">
  <h3>This game</h3>
  <p>{current}</p>
  <p id="games-status" class="hint" data-saved="{'1' if d.saved else '0'}">{E(d.status)}</p>
  <div class="row">
    <button type="button" class="btn" data-act="g-save" id="games-save"{' disabled' if d.saved else ''}>Save</button>
    <button type="button" class="btn" data-act="g-export" id="games-export">Export file</button>
    <button type="button" class="btn primary" data-act="g-share" id="share-make">Share</button>
  </div>
  {d.share}
</section>
<section><h3>New game</h3><div class="choices">{new}</div>
<p class="hint">To play on your own ASL boards, import their VASL board files (Edit → Your VASL boards), then
build a New map on them.</p></section>
<section><h3>Saved games</h3>{unavailable}<ul id="games-list" class="games-list">{listing}</ul></section>
<section><h3>Import</h3>
  <label class="btn file">Import a save file (or a link in a text file)
    <input type="file" id="games-import" accept=".json,.txt,application/json,text/plain"></label>
</section>"""


def meta_line(rec: dict[str, Any], actions: int, when: str) -> str:
    """The line under a saved game's name: its scenario, actions and when it was saved."""
    return f"{rec.get('scenario', '')} · {actions} actions · {when}"
