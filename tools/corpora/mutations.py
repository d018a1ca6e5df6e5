"""Real saves and links mutated (a link's bytes, a save's characters, its JSON nodes), the same for a seed."""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterator

from .codec_fuzz import link_of_text, seed_saves
from .opening import Case

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


def mutants(seed: int, count: int) -> Iterator[Case]:
    """``count`` mutated saves and links of :func:`seed_saves`, the same for the same ``seed``."""
    rnd = random.Random(seed)
    seeds = seed_saves()
    # the unmutated seeds' links, compressed once (not twice for every link mutant): the same text
    links = {text: link_of_text(text) for _, text in seeds}
    for i in range(count):
        name, text = rnd.choice(seeds)
        other = rnd.choice(seeds)[1]
        kind = i % 10
        if kind < 3:  # bytes of a link
            link = links[text]
            tag, frag = link[:4], link[4:]
            op, frag = _text_mutation(rnd, frag, links[other][4:], LINK_ALPHABET)
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
