"""Hand-made hostile inputs for the codec: storms of quotes, deep nesting, huge numbers and maps, the largest save."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable

from airhead.boards import HexMap
from airhead.codec import MAX_JSON_BYTES
from airhead.sealed import seal
from airhead.systems import get

from .codec_fuzz import FORMAT, link_of_text
from .mutations import _deep
from .opening import Case

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
