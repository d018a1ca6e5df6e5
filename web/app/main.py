"""Airhead's page: draws the default scenario's map and shows a tapped hex's terrain.

Views only: every fact comes from the core (``airhead``); this file wires it to the page.
Its last start-up step sets ``<body data-ready="1">``, which the e2e tests wait for.
The default scenario's first map is drawn before any rule is imported (the build drew it,
boot.js put it in the page while the runtime loaded); the rules and the panels come just after
(``start_play``), and the Play panel draws the map again from the game (an identical map is kept).
"""

from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import document, window

if TYPE_CHECKING:  # imported after the first paint (start_play), for the checker only here
    from airhead.scenario import Scenario
    from editor import Editor
    from maptools import MapTools
    from play import Play

boot = window.airheadBoot
boot.stage("Drawing the map…", 90)

from dom import into_view  # noqa: E402 - after the progress message on purpose
from mapview import MapView  # noqa: E402


def _wanted() -> str:
    """The built-in scenario named by ``?scenario=...``, else "default".

    Read with the browser's URLSearchParams: urllib.parse would be compiled from source (with
    ipaddress) before the first paint of a cold start, ~0.15 s of it."""
    wanted = window.URLSearchParams.new(window.location.search).get("scenario")
    return str(wanted) if isinstance(wanted, str) else "default"  # a missing parameter is JS null


_scenario: "Scenario | None" = None


def start_scenario() -> "Scenario":
    """The built-in scenario this start shows (``?scenario=...``, one of airhead.systems.BUILTINS,
    else the default), loaded the first time it is asked for."""
    global _scenario
    if _scenario is None:
        from airhead.systems import BUILTINS, builtin

        wanted = _wanted()
        _scenario = builtin(wanted if wanted in BUILTINS else "default")
    return _scenario


def _first_map() -> tuple[str, str | None]:
    """The first map's name, and its SVG to draw (None: the one in the page is kept). A start that
    shows the default scenario keeps the build's drawing of it, which boot.js put in the page
    (``<svg data-first-map="default" data-name=...>``, tools/bundle.py FIRST_MAP): then the first
    paint imports no rule, decodes no scenario and draws nothing. Else it is drawn here."""
    drawn = document.querySelector("#map > svg[data-first-map='default']")
    if _wanted() == "default" and drawn:  # JS null is falsy
        return str(drawn.dataset.name), None
    from airhead.svg import render_map

    return start_scenario().name, render_map(start_scenario())


def _reopening() -> str:
    """The name of the saved game this start will reopen (kept on the device by games.py), or ""
    when it opens a link or a named scenario, or keeps none: then the sample is what is shown."""
    if str(window.location.hash) or "scenario=" in str(window.location.search):
        return ""
    try:
        name = window.localStorage.getItem("airhead.reopening")  # games_store.REOPENING_KEY
    except Exception:  # noqa: BLE001 - storage blocked
        return ""
    return str(name) if isinstance(name, str) else ""


first_name, first_svg = _first_map()
_reopen = _reopening()
document.body.classList.toggle("reopening", bool(_reopen))
document.getElementById("scenario-warning").hidden = True  # said again by the game that needs it
if _reopen:  # the player's game comes back: never the sample's map and title first (#42 item 3)
    document.getElementById("scenario-name").textContent = f"Opening {_reopen}…"
    document.title = f"Airhead: {_reopen}"
else:
    document.getElementById("scenario-name").textContent = first_name
    document.title = f"Airhead: {first_name}"
info = document.getElementById("info")


play: "Play | None" = None  # the play panel, created just after boot (see start_play)
tools: "MapTools | None" = None  # the map tools in the Hex panel (line of sight...), created with the play panel
editor: "Editor | None" = None  # the map editor (Edit tab), created with the play panel


def _describe(name: str) -> None:
    """The Hex panel: hex ``name`` as the game on screen has it (after any edits)."""
    from details import details_html

    current = play.shown() if play is not None else None
    shown = current.scenario.with_terrain(current.state.terrain) if current is not None else start_scenario()
    tools_html = tools.html(name) if tools is not None else ""
    info.innerHTML = details_html(shown, name, current.state.counters if current is not None else None) + tools_html
    document.body.dataset.selected = name


def show_hex(name: str) -> None:
    """A tap: the planner or the editor may use it (picking an ILH, painting); else details."""
    view.select(name)
    if play is not None and play.tap(name):
        view.unselect()  # picked for the plan: the hex shows the plan's own mark
        return
    if tools is not None:
        if tools.tap(name):  # the second hex of a line of sight
            _describe(name)
            show_tab("info")
            # the verdict and its first lines in view, not under the hex's details (#38 item 5)
            into_view(document.getElementById("tool-result"), "info")
            return
        tools.clear()
    if editor is not None and editor.tap(name):
        return
    _describe(name)


def _info_click(ev: Any) -> None:  # a DOM event
    target = ev.target.closest("[data-act]")
    if target and tools is not None:  # JS null arrives as a falsy JsNull
        tools.click(target)


def show_details(name: str) -> None:
    """Long-press: the hex's details, whatever panel was open (touch has no hover). While a hex
    field is being picked, a press held a little long still picks it: that is what the player
    is doing (and a busy tablet can deliver a quick tap's finger-up late)."""
    view.select(name)
    if play is not None and play.tap(name):
        view.unselect()
        return
    _describe(name)
    show_tab("info")


def show_tab(name: str) -> None:
    for tab in document.querySelectorAll(".tab"):
        on = tab.dataset.tab == name
        tab.setAttribute("aria-selected", "true" if on else "false")
        document.getElementById(str(tab.dataset.tab)).hidden = not on
    document.body.dataset.tab = name
    if name == "edit" and editor is not None and play is not None and editor.system != play.scenario.system:
        editor.render()


def _tab_click(ev: Any) -> None:  # a DOM event
    tab = ev.target.closest(".tab")
    if tab:  # JS null arrives as a falsy JsNull
        show_tab(str(tab.dataset.tab))


view = MapView(document.getElementById("map"), first_svg, show_hex)
del first_svg
view.on_long_press = show_details

for button_id, action in (
    ("zoom-in", lambda ev: view.zoom_center(1.4)),
    ("zoom-out", lambda ev: view.zoom_center(1 / 1.4)),
    ("zoom-fit", lambda ev: view.fit()),
):
    document.getElementById(button_id).addEventListener("click", create_proxy(action))

if "selfcheck" in str(window.location.search):
    # e2e: prove the trimmed standard library still imports every core module in the browser (but
    # the command line's), and say which standard-library modules came from source (none should)
    import importlib
    import pkgutil

    import airhead

    for mod in pkgutil.walk_packages(airhead.__path__, "airhead."):
        if mod.name != "airhead.__main__":  # the command line: never run in the page
            importlib.import_module(mod.name)

    def _from_source(*_args: Any) -> str:
        """The standard-library modules imported so far from their source, not precompiled
        (tools/pycompile.mjs: the app's standard library), comma-separated."""
        import sys

        return ",".join(sorted(
            name for name, m in list(sys.modules.items())
            if ".zip/" in str(getattr(getattr(m, "__spec__", None), "origin", None) or "")
            and str(getattr(m.__spec__, "origin", "")).endswith(".py")))

    window.airheadFromSource = create_proxy(_from_source)
    document.body.dataset.selfcheck = "ok"

document.querySelector(".tabs").addEventListener("click", create_proxy(_tab_click))


def start_play(*_args: Any) -> None:  # called from a JS timer
    """Load the rules' play panel after the map is up, so it never delays the first paint."""
    global play
    from play import Play

    play = Play(start_scenario(), view)
    from editor import Editor

    global editor
    editor = Editor(play)
    from maptools import MapTools

    global tools
    tools = MapTools(play)
    info.addEventListener("click", create_proxy(_info_click))
    document.body.dataset.play = "1"
    start_games()


def set_title(name: str, warning: str = "") -> None:
    """The game's name in the header, and under it what the player must know about the map on
    screen (a board on blank terrain), shown at every size until its cause is gone."""
    document.getElementById("scenario-name").textContent = name  # text, never markup
    document.title = f"Airhead: {name}"
    note = document.getElementById("scenario-warning")
    note.textContent = warning
    note.hidden = not warning


def start_games() -> None:
    """Saved games, share links and the Games tab (app/games.py), and the player's VASL boards
    (app/boards.py): reopens the last game (or, if it cannot be opened, shows the Games tab with it
    listed as damaged) and opens a link in the address; after the map and the play panel, so
    never before first paint."""
    import asyncio

    from games import Games

    from boards import Boards

    assert play is not None and editor is not None  # start_play made them
    games = Games(play, set_title, show_tab)
    boards = Boards(play, lambda: play.refresh(redraw=True), lambda shas: games.boards_imported(shas))
    games.boards = editor.boards = boards
    boards.users = games.using  # a board's delete names the games that use it
    boards.render()

    async def start() -> None:
        await boards.start()  # the boards this device holds, listed before a game on them opens
        await games.start()

    task = asyncio.ensure_future(start())
    task.add_done_callback(games._done)  # a fault is reported in plain words, never as a traceback


#: The views an e2e restart keeps imported (see _e2e_restart): each holds only functions, classes
#: and constants, no state of its own, and imports only views of this list, so a module imported
#: once is the same as one imported again (tests/tools/test_e2e_restart.py checks this of each).
#: The others are reloaded: seals_panel (the sealed plans of this session), share_panel (the QR
#: library once loaded), and play, games, which import them.
E2E_KEPT = ("boards", "details", "dom", "editor", "forms", "games_store", "games_view", "log_panel",
            "maptools", "mapview", "notice", "picked", "planner_panel", "prompt_panel", "tablepack_panel")

if "e2e" in str(window.location.search):
    # Browser tests only (e2e/conftest.py): start the app again in this interpreter, its views
    # with state of their own reloaded (E2E_KEPT: the rest would import the same code again), so
    # the tests share one booted page (they first remove the page's listeners, timers and
    # storage). No rules and nothing a player can reach.
    def _e2e_restart(source: str) -> None:
        import os
        import sys

        for name, mod in list(sys.modules.items()):
            where = str(getattr(mod, "__file__", None) or "")
            if name != "__main__" and name not in E2E_KEPT and where \
                    and os.path.dirname(os.path.abspath(where)) == os.getcwd():
                del sys.modules[name]
        exec(source, globals())

    window.airheadRestart = create_proxy(_e2e_restart)

document.body.dataset.ready = "1"
boot.ready()
window.setTimeout(create_proxy(start_play), 0)
