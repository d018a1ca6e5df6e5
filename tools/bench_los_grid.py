"""Benchmark of the line of sight traced over an imported board's pixels (issue #27), the same code
on CPython and in Pyodide: Airhead's own busy test board (terrain in every hex, bench_boards.py),
and an open board (the thread walked to its end), the longest thread across each (A5 to GG6, 32
hexes, no hexside run); the median of 15 traces in ms.
Prints one JSON line; nothing is asserted."""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "core", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

#: Issue #27's target in Pyodide: one precise LOS across a full geoboard (it follows a finger).
TRACE_MS = 10


def main() -> None:
    from airhead.asl.los_grid import trace
    from airhead.systems import load_scenario
    from airhead.vasl.library import LIBRARY, scenario_data
    from airhead.vasl.writer import write_board
    from tools.bench_boards import busy_board

    figures = {}
    for label, desc in (("busy", dict(busy_board(), name="07", image=False)), ("open", {"name": "08", "image": False})):
        board = LIBRARY.add(write_board(desc))
        bid = board.name.lstrip("0")
        sc = load_scenario(scenario_data([[bid]], [board]))
        m = sc.map
        a, b = m.parse(f"{bid}A5"), m.parse(f"{bid}GG6")
        ts = []
        for _ in range(15):
            t0 = time.perf_counter()
            sight = trace(sc, a, b)
            ts.append((time.perf_counter() - t0) * 1000)
        figures[label] = {"ms": round(statistics.median(ts), 2), "result": sight.result}
    print(json.dumps({"python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
                      "figures": figures, "target_ms": TRACE_MS}))


if __name__ == "__main__":
    main()
