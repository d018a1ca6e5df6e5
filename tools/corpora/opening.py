"""The check that an input is refused or opens fully as the app opens a game, under a CPU-time watchdog.

"Opens fully" (issue #13: a link that decodes is a game the app can show): replay it, draw its
map, build the Play panel (procedure menu, prompt, log, turn track, what the map shows, the odds
and heatmap of every procedure with the form's initial values) and save, export and share it
again. The corpora it checks: :mod:`.codec_fuzz` (real games), :mod:`.mutations`, :mod:`.hostile`.
"""

from __future__ import annotations

import hashlib
import json
import signal
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from airhead.codec import (
    MAX_JSON_BYTES,
    MAX_LINK_CHARS,
    CodecError,
    SaveData,
    SizeError,
    decode_any,
    decode_link,
    decode_save,
    encode_link,
    encode_save,
)
from airhead.errors import AirheadError
from airhead.game import Game
from airhead.present import (
    heatmap_view,
    last_hexes,
    log_view,
    map_view,
    odds_view,
    overlay,
    procedure_menu,
    prompt_view,
    result_view,
    turn_view,
    view_data,
)
from airhead.svg import render_map

IN_PYODIDE = sys.platform == "emscripten"
#: Watchdogs 20 x the budget (refused in 100 ms, opened in 1 s on CPython).
REFUSE_WATCHDOG, OPEN_WATCHDOG = 2.0, 20.0


class Hang(Exception):
    """The watchdog fired: far beyond the time budget."""


@contextmanager
def watchdog(seconds: float, what: str) -> Iterator[None]:
    """Fail (instead of hanging the suite) if the block spends ``seconds`` of this process's CPU
    time; a no-op without signals (Pyodide). Never a timing assertion: only a hang, far above the
    budget, trips it. CPU time, not the wall clock, so a machine loaded by other work never trips
    it (a hang is a loop, and spends CPU)."""
    if IN_PYODIDE or not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum: int, frame: Any) -> None:
        raise Hang(f"{what}: still running after {seconds:g} s of CPU time (20 x the budget)")

    old = signal.signal(signal.SIGVTALRM, fire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old)


@dataclass(frozen=True)
class Case:
    """One fuzz input: how it was made and its text (a save or a link)."""

    label: str
    text: str


class Defect(AssertionError):
    """An input did something other than being refused with CodecError or opening fully."""


#: Odds and heatmaps already computed, by :func:`_planner_key`.
_PLANNED: set[str] = set()


def _state_key(game: Game) -> str:
    """What a procedure's odds and heatmap are computed from, with the plan: the state without
    its dice (the hooks never roll). Mutants often differ only in a seed, a name or a note: their
    odds are then computed once (by this key and the plan), which keeps the fuzz run short."""
    st = game.state
    data = st.scenario.with_terrain(st.terrain).to_data()
    data.pop("name", None)
    data.pop("notes", None)
    text = json.dumps(data, sort_keys=True, default=repr)
    text += repr((st.settings, st.counters, st.turn, st.outcomes, st.procedure, st.seals))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def first_draw(game: Game) -> None:
    """What the Play panel draws when a game opens: the procedure menu, the prompt, the log, the
    turn, the first procedure's odds (a refusal is shown under its form) and the map's overlay
    with them (the open-time benchmarks and the game fuzz time or meter this)."""
    menu = procedure_menu(game)
    prompt_view(game), log_view(game), turn_view(game)
    extra: Any = None
    if menu and menu[0]["has_odds"]:
        try:
            od = odds_view(game, menu[0]["name"], menu[0]["values"])
            extra = od["view"] if od else None
        except AirheadError:
            pass
    overlay(game, extra)


def open_fully(data: SaveData, svg_out: list[str] | None = None) -> Game:
    """Do with decoded data what the app does when it opens a game (replay, first draw, the Play
    panel, save/export/share again); raise :class:`CodecError` if the replay refuses it, and
    let any other exception out: it is a defect. ``svg_out``: gets the map's SVG (for a test that
    measures it without drawing the map a second time)."""
    game = data.to_game()
    svg = render_map(game.scenario, game.state.terrain)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    if svg_out is not None:
        svg_out.append(svg)
    m = game.scenario.map
    menu = procedure_menu(game)
    json.dumps([menu, prompt_view(game), log_view(game), turn_view(game), result_view(game), last_hexes(game),
                view_data(m, map_view(game))], allow_nan=False)
    overlay(game)
    state_key = _state_key(game)
    drawn = False
    for item in menu:
        key = hashlib.sha256(json.dumps([state_key, item["name"], item["values"]], default=repr).encode(
            "utf-8", "surrogatepass")).hexdigest()
        if key in _PLANNED:
            continue
        _PLANNED.add(key)
        for view in (odds_view, heatmap_view):
            try:
                shown = view(game, item["name"], item["values"])
            except AirheadError:
                continue  # the Play panel shows the reason under the form
            if shown is not None:
                json.dumps(shown, allow_nan=False)
                if not drawn:  # the map draws a plan's view as the overlay's extra layer
                    overlay(game, shown.get("view", shown))
                    drawn = True
    again = SaveData.of(game)
    text = encode_save(game)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_JSON_BYTES:  # a file holds the UTF-8 bytes
        raise Defect("the game's save is larger than a save may be")
    try:
        if decode_save(text) != again:
            raise Defect("the game does not save and open again as it was")
    except CodecError as e:
        raise Defect(f"the game's save is refused: {e}") from e
    link = encode_link(game)
    try:
        if decode_link(link) != again:
            raise Defect("the game's share link does not open as it was")
    except SizeError:
        if len(link) <= MAX_LINK_CHARS:
            raise
    except CodecError as e:
        raise Defect(f"the game's share link is refused: {e}") from e
    return game


def check(case: Case, seen: dict[str, str] | None = None) -> str:
    """``refused`` (CodecError at decode), ``refused at replay`` or ``opened``; a
    :class:`Defect` (with the case's label) for anything else. ``seen``: the outcome of each
    decoded data opened before, by its JSON as a save writes it (which tells 1, 1.0 and true
    apart): data exactly as before is not opened again (opening is deterministic)."""
    try:
        data = decode_any(case.text)
    except CodecError:
        return "refused"
    except Exception as e:
        raise Defect(f"{case.label}: decode raised {type(e).__name__}: {e}") from e
    key = json.dumps([data.scenario.to_data(), data.seed, data.actions, data.older, data.format3],
                     default=repr) if seen is not None else ""
    if seen is not None and key in seen:
        return seen[key]
    try:
        open_fully(data)
        outcome = "opened"
    except CodecError:
        outcome = "refused at replay"
    except Defect as e:
        raise Defect(f"{case.label}: {e}") from e
    except Exception as e:
        raise Defect(f"{case.label}: opening raised {type(e).__name__}: {e}") from e
    if seen is not None:
        seen[key] = outcome
    return outcome
