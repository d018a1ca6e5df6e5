"""Benchmark of the worst games a link may hold, procedure by procedure (issue #28).

For every procedure of every system (from the registry, ``airhead.systems.SYSTEMS``), a
generated worst case: the system's first built-in scenario made heavy (for ASL a night with
Blazes as high as a Blaze may be, Starshells, aircraft, Cloaking counters and a hundred units;
for the others a hundred units), then the procedure played again and again with the dice
(its form filled as a player could, ``tools/corpora/game_fuzz.py``) until the game holds the most
actions a save may (5,000) or its replay the most work (``airhead.work.REPLAY_BUDGET``).

Prints one JSON line: {"python": ..., "budget_units": ..., "procedures": [{"procedure", "actions",
"units", "open_ms" (decode, replay and first draw as the app does), "refused" (the codec refused
it: then "open_ms" is the time it took to refuse), "first_us"/"last_us" (one action's time among
the procedure's first 500, after the heavy scenario's edits, and the game's last 500),
"first_units"/"last_units" (its work)}...]}. Targets: open <= 1 s on CPython, <= 2 s in the
page; a refusal <= 100 ms. Nothing here asserts a time (``tests/fuzz/test_flat_cost.py``
checks the work).

Usage: bench_worst.py [--only SUBSTRING] [--actions N]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "core", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


#: Blazes as high as a Blaze may be in the ASL worst cases: their zones are what the map's first
#: draw reads (with an Illuminating Round finished, six leave the draw within
#: ``airhead.work.DRAW_BUDGET``; eight take it past: such a link is refused).
BLAZES = 6


def heavy_setup(system: str, names: list[str], sides: tuple[str, ...]) -> list[dict[str, Any]]:
    """Actions that make a scenario as heavy as a procedure of ``system`` may meet."""
    from airhead.terrain import MAX_BLAZE

    a, b = sides[0], sides[1]
    out: list[dict[str, Any]] = []
    if system == "asl":
        out.append({"type": "edit", "op": "settings", "set": {"night": True, "base_nvr": 3}})
        out += [{"type": "edit", "op": "hex", "hex": names[(97 * i + 40) % len(names)],
                 "set": {"t": "woods", "obs": 1, "blaze": MAX_BLAZE}} for i in range(BLAZES)]
        out += [{"type": "edit", "op": "marker", "id": f"S{i}", "kind": "Starshell", "hex": names[(53 * i) % len(names)]}
                for i in range(20)]
        out += [{"type": "edit", "op": "unit", "id": f"{n} {i}", "side": side, "kind": "aircraft", "hex": None,
                 "status": st} for i in range(5) for n, side, st in (("FB", a, ["bombs"]), ("Ju", b, ["Stuka"]))]
        out += [{"type": "edit", "op": "unit", "id": f"Cloaking {c}", "side": b, "kind": "cloaking",
                 "hex": names[(31 * i + 7) % len(names)]} for i, c in enumerate("ABCD")]
        out.append({"type": "edit", "op": "unit", "id": "AA 1", "side": b, "kind": "squad", "hex": names[60], "status": ["aa"]})
    out += [{"type": "edit", "op": "unit", "id": f"q{i}", "side": (a, b)[i % 2], "kind": "squad",
             "hex": names[(17 * i + 3) % len(names)]} for i in range(100)]
    return out


def _params(game: Any, proc: str, rnd: random.Random) -> dict[str, Any] | None:
    """Parameters a player could give ``proc`` that begin it in ``game``'s state (tried on a copy)."""
    from airhead.errors import AirheadError
    from airhead.present import procedure_menu

    from tools.corpora.game_fuzz import _value

    item = next(i for i in procedure_menu(game) if i["name"] == proc)
    names = [game.scenario.map.name(h) for h in game.scenario.map.hexes()]
    words = [u.name for u in game.state.counters.units]
    for attempt in range(40):
        params = dict(item["values"])
        for f in item["fields"]:
            empty = params.get(f["key"]) in ((None, "") if attempt < 20 else (None, "", []))
            if attempt >= 30 or (attempt >= 1 and empty):
                params[f["key"]] = _value(rnd, f, names, words)
        trial = game.prefix(len(game.actions))
        try:
            trial.apply({"type": "start", "procedure": proc, "params": params})
        except AirheadError:
            continue
        return params
    return None


def generate(system: Any, proc: str, most: int) -> tuple[Any, list[dict[str, Any]]]:
    """The scenario and the actions of ``proc``'s worst case (see the module)."""
    from airhead import work
    from airhead.errors import AirheadError
    from airhead.systems import builtin, new_game

    sc = builtin(system.scenarios[0])
    names = [sc.map.name(h) for h in sc.map.hexes()]
    game = new_game(sc, "worst")
    for a in heavy_setup(system.key, names, game.state.sides):
        try:
            game.apply(a)
        except AirheadError:
            pass
    rnd = random.Random(proc)
    params = _params(game, proc, rnd)
    if params is None:
        return sc, list(game.actions)
    try:
        with work.metered(work.REPLAY_BUDGET - work.REPLAY_BUDGET // 50):  # its replay stays under the budget
            while len(game.actions) < most:
                try:
                    game.apply({"type": "start", "procedure": proc, "params": params})
                except AirheadError:
                    break
                for _ in range(60):
                    p = game.waiting_for()
                    if p is None or len(game.actions) >= most:
                        break
                    game.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": p.options[0]})
                if game.waiting_for() is not None and len(game.actions) < most:
                    game.apply({"type": "cancel"})
    except work.OverBudget:
        pass
    return sc, list(game.actions)[:most]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="procedures whose name holds this")
    ap.add_argument("--actions", type=int, default=5_000)
    args = ap.parse_args()
    from airhead import work
    from airhead.codec import CodecError, SaveData, decode_link, encode_link
    from airhead.systems import SYSTEMS, new_game

    from tools.corpora.game_fuzz import open_as_the_app_does

    rows = []
    for system in SYSTEMS:
        for proc in system.procedures:
            if args.only not in proc:
                continue
            sc, actions = generate(system, proc, args.actions)
            link = encode_link(SaveData(sc, "worst", tuple(actions)))
            refused = False
            units = 0
            t0 = time.perf_counter()
            try:
                units = open_as_the_app_does(decode_link(link))
            except CodecError:
                refused = True
            open_ms = (time.perf_counter() - t0) * 1000
            row: dict[str, Any] = {"procedure": proc, "actions": len(actions), "units": units,
                                   "open_ms": round(open_ms, 1), "refused": refused}
            setup = next((i for i, a in enumerate(actions) if a["type"] == "start"), len(actions))  # the heavy scenario's edits
            if len(actions) - setup >= 1_000:
                for part, key, before in ((actions[setup:setup + 500], "first", actions[:setup]),
                                          (actions[-500:], "last", actions[:-500])):
                    g = new_game(sc, "worst", before)
                    t0 = time.perf_counter()
                    with work.metered(10**15), work.collector_paused():  # as a replay applies them
                        for a in part:
                            g.apply(a)
                        row[f"{key}_units"] = round(work.spent() / len(part), 1)
                    row[f"{key}_us"] = round((time.perf_counter() - t0) * 1e6 / len(part), 1)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    print(json.dumps({"python": f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})",
                      "budget_units": work.REPLAY_BUDGET, "procedures": rows}))


if __name__ == "__main__":
    main()
