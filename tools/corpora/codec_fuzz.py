"""Real saves and links of every system: the corpus the codec's fuzz run mutates.

Its mutations are in :mod:`.mutations`, the hand-made hostile inputs in :mod:`.hostile`, the check
that an input is refused or opens fully in :mod:`.opening`.

Used by ``tests/core/test_codec_fuzz.py`` (the fuzz run in the test suite) and ``tools/bench_decode.py``
(the decode and open times of the same corpus). Everything is deterministic: a corpus is a
function of its random seed.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from airhead.boards import HexMap
from airhead.codec import encode_save
from airhead.errors import AirheadError
from airhead.game import Game
from airhead.hexes import Hexside
from airhead.present import procedure_menu
from airhead.scenario import Scenario
from airhead.sealed import seal
from airhead.systems import BUILTINS, RETIRED, SYSTEMS, builtin, get, new_game
from airhead.terrain import HexTerrain, Terrain

#: The saves of earlier versions the corpus starts from (data the tests keep, read, not imported).
DATA = Path(__file__).resolve().parents[2] / "tests" / "core" / "data"
FORMAT = 2


# ---------------------------------------------------------------------- real games to mutate
def _try(game: Game, action: dict[str, Any]) -> bool:
    try:
        game.apply(action)
    except AirheadError:
        return False
    return True


def _finish(game: Game, limit: int = 40) -> None:
    """Answer the procedure under way (app dice, first choice) until it is done."""
    for _ in range(limit):
        p = game.waiting_for()
        if p is None:
            return
        if not _try(game, {"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": p.options[0]}):
            break
    if game.waiting_for() is not None:
        _try(game, {"type": "cancel"})


def _play_menu(game: Game, extra: dict[str, dict[str, Any]]) -> None:
    """Start every procedure of the menu with the form's initial values (plus ``extra``) and play
    it through."""
    for item in procedure_menu(game):
        params = {**item["values"], **extra.get(item["name"], {})}
        if _try(game, {"type": "start", "procedure": item["name"], "params": params}):
            _finish(game)


def _edits(game: Game, names: list[str]) -> None:
    """Map, unit and marker edits, a note, a phase advance, undo and redo, a seal and its reveal."""
    terrain = [t for t in game.system.terrain_types if t != "open"]
    actions: list[dict[str, Any]] = [
        {"type": "edit", "op": "hex", "hex": names[3], "set": {"t": terrain[0], "lvl": 1}},
        {"type": "edit", "op": "hex", "hex": names[9], "set": {"t": terrain[-1]}},
        {"type": "edit", "op": "side", "hex": names[5], "dir": "NE", "feature": "hedge", "on": True},
        {"type": "edit", "op": "unit", "id": "u1", "side": game.state.sides[0], "kind": "squad", "hex": names[7],
         "status": ["broken"], "label": "1st squad"},
        {"type": "edit", "op": "marker", "id": "m1", "kind": "Starshell", "hex": names[8],
         "expires": game.system.track.phases[0].key},
        {"type": "note", "text": "a note <b>&amp;</b> ✓ \u2603"},
        {"type": "undo"},
        {"type": "redo"},
        {"type": "edit", "op": "unit", "id": "u1", "remove": True},
    ]
    for action in actions:
        _try(game, action)
    plan = {"hexes": names[:3], "turn": 1}
    sealed = seal(plan, salt="0123456789abcdef0123456789abcdef")
    side = game.state.sides[0]
    _try(game, {"type": "seal", "side": side, "label": "plan", "code": sealed.code})
    _try(game, {"type": "advance"})
    _try(game, {"type": "reveal", "side": side, "label": "plan", "plan": plan, "salt": sealed.salt})


def _custom_scenario(system: str) -> Scenario:
    """A small scenario of ``system`` carried whole in the save (map, terrain, hexsides, notes)."""
    base = builtin(get(system).scenarios[0])
    m = HexMap.asl([["4*"]]) if get(system).map_kind == "geoboards" else HexMap.grid([["A", "B*"]], 8, 6)
    hexes = m.hexes()
    types = [t for t in get(system).terrain_types if t != "open"]
    terrain = {hexes[i * 7]: HexTerrain(types[i % len(types)], base_level=i % 3) for i in range(12)}
    sides = {Hexside.of(hexes[i * 5], i % 6): frozenset({"hedge"}) for i in range(6)}
    settings: dict[str, Any] = {}
    if system == "asl":
        settings = dict(base.settings)
    return Scenario(f"custom {system} «map»", system, m, Terrain(terrain, sides), settings, "notes: <i>x</i>")


@lru_cache(maxsize=None)
def seed_saves() -> tuple[tuple[str, str], ...]:
    """``(label, save text)`` of real games of every system: the format-1 fixtures recorded by an
    older Airhead, and format-2 games played here (procedures, edits, seals, undo, custom maps)."""
    out: list[tuple[str, str]] = []
    for path in sorted((DATA / "main_v1").glob("*.json")):
        fx = json.loads(path.read_text(encoding="utf-8"))
        out.append((f"v1 {path.stem}", json.dumps(fx["save"], ensure_ascii=False)))
    extra = {"asl.glider_landing": {"ilh": "1H5"}, "asl.random_location": {"from": "1C9"}}
    for name in BUILTINS:
        game = new_game(builtin(name), f"fuzz-{name}")
        names = [game.scenario.map.name(h) for h in game.scenario.map.hexes()]
        _edits(game, names)
        _play_menu(game, extra)
        out.append((f"played {name}", encode_save(game)))
    # carried whole (with a written plan in its settings, if any): each non-ASL system's scenarios
    for name in [n for n in BUILTINS + RETIRED if get(builtin(n).system).map_kind == "grid"]:
        whole = replace(builtin(name), builtin="")
        game = new_game(whole, f"whole-{name}")
        _play_menu(game, extra)
        out.append((f"whole {name}", encode_save(game)))
    for system in (s.key for s in SYSTEMS):
        sc = _custom_scenario(system)
        game = new_game(sc, "custom")
        names = [sc.map.name(h) for h in sc.map.hexes()]
        _edits(game, names)
        _play_menu(game, {"asl.glider_landing": {"ilh": names[40]}, "asl.random_location": {"from": names[41]}})
        out.append((f"custom {system}", encode_save(game)))
    return tuple(out)


def link_of_text(text: str) -> str:
    """The share link of a save's text, whatever the text holds (lone surrogates pass as they are)."""
    raw = text.encode("utf-8", "surrogatepass")
    return f"#a{FORMAT}." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
