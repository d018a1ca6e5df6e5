"""Hostile input for the codec: real saves and links to mutate, the mutations, adversarial inputs,
and the check that an input is either refused or opens fully.

Used by ``tests/core/test_codec_fuzz.py`` (the fuzz run in the test suite) and ``tools/bench_decode.py``
(the decode and open times of the same corpus). Everything is deterministic: a corpus is a
function of its random seed.

"Opens fully" is what the app does with a game it opens (issue #13: a link that decodes is a game
the app can show): replay it, draw its map, build the Play panel (procedure menu, prompt, log,
turn track, what the map shows, the odds and heatmap of every procedure with the form's initial
values) and save, export and share it again.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import signal
import sys
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from airhead.boards import HexMap
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
from airhead.hexes import Hexside
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
from airhead.scenario import Scenario
from airhead.sealed import seal
from airhead.svg import render_map
from airhead.systems import BUILTINS, RETIRED, SYSTEMS, builtin, get, new_game
from airhead.terrain import HexTerrain, Terrain

#: The saves of earlier versions the corpus starts from (data the tests keep, read, not imported).
DATA = Path(__file__).resolve().parents[2] / "tests" / "core" / "data"
FORMAT = 2
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


# ---------------------------------------------------------------------- mutations
JSON_ALPHABET = '{}[]":,\\ 0123456789-+.eEtrufalsnAZaz/#\n\t\u00e9\u2603\U0001F600\ud800'
LINK_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.#%! "
INF, HUGE = "@@inf@@", "@@huge@@"  # placeholders for number text json.dumps cannot write


def _flip(rnd: random.Random, s: str, alphabet: str) -> str:
    chars = list(s)
    for _ in range(rnd.randint(1, 6)):
        if chars:
            chars[rnd.randrange(len(chars))] = rnd.choice(alphabet)
    return "".join(chars)


def _text_mutation(rnd: random.Random, s: str, other: str, alphabet: str) -> tuple[str, str]:
    """A byte-level mutation of ``s``: flips, truncation, splice with ``other``, duplicated,
    deleted or inserted chunks."""
    n = len(s)
    i, j = sorted((rnd.randrange(n + 1), rnd.randrange(n + 1)))
    op = rnd.randrange(6)
    if op == 0:
        return "flip", _flip(rnd, s, alphabet)
    if op == 1:
        return "truncate", s[: rnd.randrange(n + 1)]
    if op == 2:
        return "splice", s[:i] + other[rnd.randrange(len(other) + 1):]
    if op == 3:
        return "duplicate", s[:j] + s[i:j] * rnd.randint(1, 20) + s[j:]
    if op == 4:
        return "delete", s[:i] + s[j:]
    return "insert", s[:i] + "".join(rnd.choices(alphabet, k=rnd.randint(1, 12))) + s[i:]


def _nodes(obj: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """Every node of a JSON value with its path (keys and indexes from the top)."""
    out: list[tuple[tuple[Any, ...], Any]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), obj)]
    while stack:
        path, node = stack.pop()
        out.append((path, node))
        if isinstance(node, dict):
            stack.extend((path + (k,), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((path + (i,), v) for i, v in enumerate(node))
    return out


def _deep(depth: int) -> Any:
    v: Any = 1
    for i in range(depth):
        v = [v] if i % 2 else {"k": v}
    return v


def _strange(rnd: random.Random, old: Any) -> Any:
    """A value of another type or an extreme of the same one."""
    pool: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: 0, lambda: -1, lambda: 7, lambda: 10**15 - 1, lambda: -(10**14),
        lambda: 1.5, lambda: -0.0, lambda: 1e308, lambda: INF, lambda: HUGE,
        lambda: "", lambda: "x" * rnd.choice([33, 65, 130, 501, 4001]), lambda: "\ud800", lambda: "a\udfffb",
        lambda: "\U0001F600", lambda: "<script>", lambda: "1A1", lambda: "A/a1", lambda: "@3,-2", lambda: "@-99999,99999",
        lambda: "N", lambda: "\x00\x1f", lambda: [], lambda: {}, lambda: [old], lambda: {"x": old},
        lambda: _deep(rnd.choice([5, 20, 31, 40])), lambda: [old] * rnd.choice([2, 40, 1200]),
    ]
    if isinstance(old, str):
        pool += [lambda: old.upper(), lambda: old + "\ud800", lambda: old * 3, lambda: old[:-1], lambda: " " + old]
    if isinstance(old, (int, float)) and not isinstance(old, bool):
        pool += [lambda: old + 1, lambda: -old, lambda: old * 1000, lambda: float(old) + 0.5]
    return rnd.choice(pool)()


#: Words of the game a plausible mutation puts in place of a text (hexes, directions, procedures,
#: terrain, sides, phases, action types).
WORDS = ("1A1", "1H5", "1C9", "1GG10", "2A5", "4C3", "4P10", "A/a1", "A/f3", "B/b5", "F/d5", "G/c3", "A/l8",
         "N", "NE", "SE", "S", "SW", "NW", "asl.glider_landing", "asl.random_location", "panzer_leader.wind",
         "panzer_leader.paradrop", "panzer_leader.gliders", "army_group.landing", "woods", "building", "open",
         "Allied", "Axis", "German", "roll", "dice", "choose", "cancel", "advance", "undo", "redo", "edit", "hex",
         "unit", "marker", "MPh", "Air", "glider", "squad", "wreck", "hedge", "paradrop", "rifle", "Clear")


def _plausible(rnd: random.Random, old: Any) -> Any:
    """A value of the same type a player's data could hold: another hex, direction, word or
    small number."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return rnd.choice([old + 1, old - 1, 0, 1, 2, 6, 12, rnd.randint(1, 6)])
    if isinstance(old, float):
        return rnd.choice([old + 0.5, -old, 0.5])
    if isinstance(old, str):
        return rnd.choice(WORDS)
    if isinstance(old, list) and old:
        return old[:-1] if rnd.random() < 0.5 else old + [rnd.choice(old)]
    return _strange(rnd, old)


def _json_mutation(rnd: random.Random, obj: Any) -> str:
    """Mutate one node of a parsed save in place; return what was done."""
    path: tuple[Any, ...] = ()
    node = obj
    while isinstance(node, (dict, list)) and node and (not path or rnd.random() < 0.9):  # a random descent
        key = rnd.choice(list(node)) if isinstance(node, dict) else rnd.randrange(len(node))
        path, node = path + (key,), node[key]
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1] if path else None
    op = rnd.randrange(6)
    if key is None:
        return "none"
    if op == 0:
        parent[key] = _strange(rnd, node)
        return "swap"
    if op == 1:
        parent[key] = _plausible(rnd, node)
        return "tweak"
    if op == 2:
        del parent[key]
        return "drop"
    if op == 3 and isinstance(node, list) and node:
        node.extend(rnd.choice(node) for _ in range(rnd.choice([1, 5, 200, 6000])))
        return "grow"
    if op == 4 and isinstance(node, dict):
        node[rnd.choice(["x", "type", "hex", "t", "extra", "\ud800", "__proto__"])] = _strange(rnd, None)
        return "add"
    if isinstance(parent, list):
        parent.insert(rnd.randrange(len(parent) + 1), _strange(rnd, node))
        return "insert"
    parent[key] = _strange(rnd, node)
    return "swap"


def _dump(rnd: random.Random, obj: Any) -> str:
    text = json.dumps(obj, ensure_ascii=rnd.random() < 0.5, indent=rnd.choice([None, None, None, None, None, 1]))
    return text.replace(f'"{INF}"', rnd.choice(["1e999", "-1e999", "1E400"])).replace(
        f'"{HUGE}"', rnd.choice(["9" * 16, "-" + "9" * 30, "1" * 5000, "123456789012345678901234567890.5"]))


@dataclass(frozen=True)
class Case:
    """One fuzz input: how it was made and its text (a save or a link)."""

    label: str
    text: str


def mutants(seed: int, count: int) -> Iterator[Case]:
    """``count`` mutated saves and links of :func:`seed_saves`, the same for the same ``seed``."""
    rnd = random.Random(seed)
    seeds = seed_saves()
    for i in range(count):
        name, text = rnd.choice(seeds)
        other = rnd.choice(seeds)[1]
        kind = i % 10
        if kind < 3:  # bytes of a link
            link = link_of_text(text)
            tag, frag = link[:4], link[4:]
            op, frag = _text_mutation(rnd, frag, link_of_text(other)[4:], LINK_ALPHABET)
            yield Case(f"#{i} {name}: link {op}", tag + frag)
        elif kind < 5:  # characters of a save file
            op, mutated = _text_mutation(rnd, text, other, JSON_ALPHABET)
            yield Case(f"#{i} {name}: save {op}", mutated)
        elif kind < 6:  # characters of the JSON inside a link (past the compression)
            op, mutated = _text_mutation(rnd, text, other, JSON_ALPHABET)
            yield Case(f"#{i} {name}: link json {op}", link_of_text(mutated))
        else:  # JSON-level: one to three nodes swapped, dropped, grown...
            obj = json.loads(text)
            ops = [_json_mutation(rnd, obj) for _ in range(rnd.choice([1, 1, 1, 2, 3]))]
            mutated = _dump(rnd, obj)
            as_link = rnd.random() < 0.4
            yield Case(f"#{i} {name}: {'link' if as_link else 'save'} {'+'.join(ops)}",
                       link_of_text(mutated) if as_link else mutated)


# ---------------------------------------------------------------------- adversarial inputs
def _save(scenario: Any, actions: list[Any] | None = None, seed: Any = "s") -> dict[str, Any]:
    return {"airhead": FORMAT, "seed": seed, "scenario": scenario, "actions": actions or []}


def _grid(columns: int, rows: int, maps: list[list[str]], system: str = "panzer_leader", **more: Any) -> dict[str, Any]:
    return {"name": "big", "system": system, "map": {"kind": "grid", "columns": columns, "rows": rows, "maps": maps}, **more}


@lru_cache(maxsize=None)
def adversarial() -> tuple[Case, ...]:
    """Inputs made to hurt: quote and backslash storms, deep nesting, huge numbers, lone
    surrogates, maps of millions of hexes, the most terrain and actions a save may carry."""
    out: list[Case] = []

    def add(label: str, obj: Any, link: bool = True) -> None:
        text = obj if isinstance(obj, str) else json.dumps(obj)
        if not text.startswith("{"):  # read as a save file (decode_any takes anything else for a link)
            text = '{"airhead": 2, "seed": ' + text + "}"
        out.append(Case(f"{label} (save)", text))
        if link:
            out.append(Case(f"{label} (link)", link_of_text(text)))

    # the pre-scan's worst cases: unterminated strings, escapes, brackets inside and outside strings
    for n in (100, 100_000, 300_000):  # up to 900 KB: under the 1 MB a save may have
        add(f"{n} quotes", '"' * n)
        add(f"{n} quote-backslash", '"\\' * n)
        add(f"{n} quote-a", '"a' * n)
        add(f"{n} bracket-quote", '["' * n)
        add(f"{n} open brackets", "[" * n)
        add(f"{n} nested pairs", "[" * n + "]" * n)
        add(f"{n} empty strings and brackets", '""[' * n)
    add("a 90-character link's worth of quotes", '"' + '\\"' * 50_000)
    for depth in (32, 33):  # the save (1), its actions (2), a reveal (3), its plan nested 29 or 30 deep
        plan = _deep(depth - 3)
        sealed = seal(plan, salt="0" * 32)
        add(f"depth {depth}", json.dumps(_save({"builtin": "default"}, [
            {"type": "seal", "side": "Allied", "label": "plan", "code": sealed.code},
            {"type": "reveal", "side": "Allied", "label": "plan", "plan": plan, "salt": sealed.salt}])))
    # numbers and text
    base = json.dumps(_save({"builtin": "default"}, [{"type": "dice", "values": [4, 2]}]))
    add("1e999", base.replace('"s"', '"s", "x": 1e999').replace("[4, 2]", "[1e999, 2]"))
    add("a 5000-digit number", base.replace("[4, 2]", "[" + "9" * 5000 + ", 2]"))
    add("a 16-digit number", base.replace("[4, 2]", "[1234567890123456, 2]"))
    for where in ("seed", "name", "note", "params", "reveal", "settings", "hex key", "notes"):
        sc: Any = {"builtin": "default"}
        actions: list[Any] = []
        seed: Any = "s"
        if where == "seed":
            seed = "s\ud800"
        elif where in ("name", "settings", "hex key", "notes"):
            sc = {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}}
            sc.update({"name": {"name": "n\ud800"}, "settings": {"settings": {"weather": "Clear\udc00"}},
                       "hex key": {"hexes": {"4C3\ud800": {}}}, "notes": {"notes": "\udbff"}}[where])
        elif where == "note":
            actions = [{"type": "note", "text": "\ud83d"}]
        elif where == "params":
            actions = [{"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9\ud800"}}]
        else:
            s = seal(["plan"], salt="0" * 32)
            actions = [{"type": "seal", "side": "Allied", "label": "plan", "code": s.code},
                       {"type": "reveal", "side": "Allied", "label": "plan", "plan": ["\ud800"], "salt": "0" * 32}]
        add(f"lone surrogate in {where}", json.dumps(_save(sc, actions, seed)))
    # wrong JSON types where the codec reads a shape
    for label, sc in [
        ("system a list", {"name": "n", "system": ["asl"], "map": {"kind": "asl", "boards": [["4"]]}}),
        ("system a number", {"name": "n", "system": 7, "map": {"kind": "asl", "boards": [["4"]]}}),
        ("settings a list", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}, "settings": []}),
        ("settings root a list", {**_grid(10, 8, [["A"]]), "settings": {"panzer_leader": [1]}}),
        ("settings plan drops [{}]", {**_grid(10, 8, [["A"]]), "settings": {"panzer_leader": {"plan": {"paradrop": {"drops": [{}]}}}}}),
        ("map columns a string", _grid("10", 8, [["A"]])),  # type: ignore[arg-type]
        ("map columns a float", _grid(10.0, 8, [["A"]])),  # type: ignore[arg-type]
        ("map boards a string", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": "4"}}),
        ("map boards of numbers", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [[4]]}}),
        ("hexes a list", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}, "hexes": []}),
        ("hex terrain a number", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}, "hexes": {"4C3": 1}}),
        ("hex level huge", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}, "hexes": {"4C3": {"lvl": 1e300}}}),
        ("sides a string", {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}, "sides": {"4C3:N": "hedge"}}),
    ]:
        add(label, _save(sc))
    # the size of what a link describes
    add("8x8 maps of 200x200 hexes", _save(_grid(200, 200, [[f"M{r}{c}" for c in range(8)] for r in range(8)])))
    add("one 200x201 map", _save(_grid(200, 201, [["A"]])))
    add("one 200x200 map", _save(_grid(200, 200, [["A"]])))
    add("8x8 ASL geoboards", _save({"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [
        [str(8 * r + c + 1) for c in range(8)] for r in range(8)]}}))
    add("the most terrain and hexsides", _save(_most_terrain()))
    add("the largest save: the most terrain and hexsides, and hex edits", largest_save())
    # refused only once all of it is read: what a refusal can cost at the size limits
    add("the largest save, its last action broken", largest_save()[:-3] + ',"type":"x"}]}')
    add("the largest save, its last terrain hex broken",  # a level no map has
        _last_broken(largest_save(), "hexes", lambda hex_: {**hex_, "lvl": 1000}))
    add("the largest save, its last hexside broken",  # a feature that is not a name
        _last_broken(largest_save(), "sides", lambda _: ["hedge", 7]))
    add("5000 notes", _save({"builtin": "default"}, [{"type": "note", "text": "x" * 160}] * 5000))
    add("5001 notes", _save({"builtin": "default"}, [{"type": "note", "text": "x"}] * 5001))
    add("5000 hex edits", _save({"builtin": "default"}, [
        {"type": "edit", "op": "hex", "hex": f"1{c}{r}", "set": {"t": "woods", "lvl": (r + len(c)) % 3}}
        for r in range(1, 10) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"] * 21))
    add("5000 units", _save({"builtin": "default"}, [
        {"type": "edit", "op": "unit", "id": f"u{i}", "kind": "squad", "hex": "1C5"} for i in range(5000)]))
    add("2500 random locations", _save({"builtin": "default"}, [
        {"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}}, {"type": "roll"}] * 2500))
    add("2500 glider landings started and cancelled", _save({"builtin": "default"}, [
        {"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": "1H5", "wind": 5}}, {"type": "cancel"}] * 2500))
    return tuple(out)


@lru_cache(maxsize=None)
def largest_save() -> str:
    """The most a save may describe and draw: :func:`_most_terrain` and as many hex edits as fit
    in the rest of a save, each giving a hex everything the map draws."""
    from airhead.scenario import MAX_TERRAIN_HEXES

    most = _most_terrain()
    text = json.dumps(_save(most), separators=(",", ":"))
    free = [n for _, n in HexMap.grid([["A"]], 200, 200).iter_names()][-MAX_TERRAIN_HEXES:]  # none has terrain yet
    edit = {"type": "edit", "op": "hex", "hex": "", "set": {"t": "woods", "lvl": 1, "obs": 2, "blaze": 1,
            "water": {"kind": "river"}, "bridge": {"axis": 1}, "mines": 3, "occ": ["wreck", "glider", "vehicle"]}}
    room = (MAX_JSON_BYTES - len(text)) // (len(json.dumps(edit, separators=(",", ":"))) + 12)
    return json.dumps(_save(most, [{**edit, "hex": n} for n in free[:room]]), separators=(",", ":"))


def _last_broken(text: str, table: str, broken: Callable[[Any], Any]) -> str:
    """``text`` (a save) with the last entry of its scenario's ``table`` ("hexes" or "sides")
    made ``broken(entry)``: refused only once everything before it is read."""
    data = json.loads(text)
    entries = data["scenario"][table]
    last = list(entries)[-1]
    entries[last] = broken(entries[last])
    return json.dumps(data, separators=(",", ":"))


#: Tenths of :func:`_most_terrain`'s hexes drawn in full (the rest: a type and a level), as many
#: as a save's size allows.
HEAVY_TENTHS = 2


def _most_terrain() -> dict[str, Any]:
    """A 200 x 200 map with as much terrain and as many hexside features as a scenario may hold
    (:data:`MAX_TERRAIN_HEXES` hexes, a share of them with everything the map draws, as many as
    fit in a save with the hexside features)."""
    from airhead.scenario import MAX_SIDE_FEATURES, MAX_TERRAIN_HEXES

    m = HexMap.grid([["A"]], 200, 200)
    names = [n for _, n in m.iter_names()]
    types = [t for t in get("panzer_leader").terrain_types if t != "open"]
    heavy = {"obs": 2, "blaze": 1, "water": {"kind": "river"}, "bridge": {"axis": 1}, "mines": 3,
             "occ": ["wreck", "glider", "vehicle"]}  # everything the map draws for a hex
    hexes = {n: {"t": types[i % len(types)], "lvl": i % 3 + 1, **(heavy if i % 10 < HEAVY_TENTHS else {})}
             for i, n in enumerate(names[:MAX_TERRAIN_HEXES])}
    sides = {f"{n}:{d}": ["hedge"] for n in names[-(MAX_SIDE_FEATURES // 3):] for d in ("N", "NE", "SE")}
    return _grid(200, 200, [["A"]], hexes=hexes, sides=sides)


# ---------------------------------------------------------------------- the check
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


def open_fully(data: SaveData) -> Game:
    """Do with decoded data what the app does when it opens a game (replay, first draw, the Play
    panel, save/export/share again); raise :class:`CodecError` if the replay refuses it, and
    let any other exception out: it is a defect."""
    game = data.to_game()
    svg = render_map(game.scenario, game.state.terrain)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
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


def check(case: Case) -> str:
    """``refused`` (CodecError at decode), ``refused at replay`` or ``opened``; a
    :class:`Defect` (with the case's label) for anything else."""
    try:
        data = decode_any(case.text)
    except CodecError:
        return "refused"
    except Exception as e:
        raise Defect(f"{case.label}: decode raised {type(e).__name__}: {e}") from e
    try:
        open_fully(data)
    except CodecError:
        return "refused at replay"
    except Defect as e:
        raise Defect(f"{case.label}: {e}") from e
    except Exception as e:
        raise Defect(f"{case.label}: opening raised {type(e).__name__}: {e}") from e
    return "opened"
