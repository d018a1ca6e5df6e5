"""Benchmark of replay: a game of map edits, and a game of the longest kind a save may hold.

Prints one JSON line: {"python": ..., "edits": 1500, "edits_ms": ..., "actions": 5000,
"actions_ms": ..., "first_us": ..., "last_us": ..., "target_ms": 1000}.
edits = 1,500 hex edits replayed (issue #13: 6.8 s in the browser before replay was linear);
actions = 5,000 actions (the codec's limit) of every kind: hex and hexside edits, units and
markers, phases, sealed plans, undo and redo; first_us / last_us = the mean cost of an action
among the first and the last 500 of them (equal when replay is linear); target = issue #13's
budget for opening any save on CPython.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from typing import Any


def actions(n: int) -> list[dict[str, Any]]:
    """``n`` actions of every kind the reducer takes without a procedure."""
    from airhead.sealed import seal
    from airhead.systems import builtin

    sc = builtin("default")
    names = [sc.map.name(h) for h in sc.map.hexes()]
    terrains = ("woods", "brush", "grain", "open")
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < n:
        h = names[(7 * i) % len(names)]
        k = i % 10
        if k in (0, 1, 2):
            out.append({"type": "edit", "op": "hex", "hex": h, "set": {"t": terrains[i % 4], "lvl": i % 3}})
        elif k == 3:
            out.append({"type": "edit", "op": "side", "hex": h, "dir": "N", "feature": "hedge", "on": i % 20 != 3})
        elif k == 4:
            out.append({"type": "edit", "op": "unit", "id": f"u{i}", "kind": "squad", "hex": h})
        elif k == 5:
            out.append({"type": "edit", "op": "marker", "id": f"m{i}", "kind": "wreck", "hex": h})
        elif k == 6:
            out.append({"type": "advance"} if i % 40 == 6 else {"type": "note", "text": f"note {i}"})
        elif k == 7:
            s = seal({"hex": h, "turn": i % 9 + 1}, f"{i:032x}")
            out += [{"type": "seal", "side": "Allied", "label": f"plan {i}", "code": s.code},
                    {"type": "reveal", "side": "Allied", "label": f"plan {i}", "plan": s.plan, "salt": s.salt}]
        elif k == 8:
            out += [{"type": "undo"}, {"type": "redo"}]
        else:
            out.append({"type": "edit", "op": "unit", "id": f"u{i - 5}", "kind": "squad", "hex": names[i % len(names)]})
        i += 1
    return out[:n]


def main() -> None:
    from airhead.systems import builtin, new_game

    sc = builtin("default")
    names = [sc.map.name(h) for h in sc.map.hexes()]
    edits = [{"type": "edit", "op": "hex", "hex": names[(7 * i) % len(names)], "set": {"t": ("woods", "brush", "grain")[i % 3]}}
             for i in range(1_500)]
    new_game(sc, "bench", edits[:50])  # warm up: rules tables loaded
    t0 = time.perf_counter()
    new_game(sc, "bench", edits)
    edits_ms = (time.perf_counter() - t0) * 1000

    many = actions(5_000)
    t0 = time.perf_counter()
    g = new_game(sc, "bench", many)
    actions_ms = (time.perf_counter() - t0) * 1000
    first = time.perf_counter()
    new_game(sc, "bench", many[:500])
    first_us = (time.perf_counter() - first) * 1e6 / 500
    rest = new_game(sc, "bench", many[:4_500])
    t0 = time.perf_counter()
    for a in many[4_500:]:
        rest.apply(a)
    last_us = (time.perf_counter() - t0) * 1e6 / 500
    assert rest.log_lines() == g.log_lines()
    print(json.dumps({"python": f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})",
                      "edits": len(edits), "edits_ms": round(edits_ms, 1), "actions": len(many),
                      "actions_ms": round(actions_ms, 1), "first_us": round(first_us, 1), "last_us": round(last_us, 1),
                      "target_ms": 1000}))


if __name__ == "__main__":
    main()
