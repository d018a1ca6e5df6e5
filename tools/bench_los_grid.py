"""Benchmark of the line of sight traced over an imported board's pixels (issue #27), the same code
on CPython and in Pyodide: Airhead's own busy test board (terrain in every hex, bench_boards.py),
and an open board (the thread walked to its end), the longest thread across each (A5 to GG6, 32
hexes, no hexside run); the median of 15 traces in ms. Then a viewshed of range 16 from the middle
of a map of four boards with terrain in one hex in three (hills, woods, buildings, walls): the
first one (no board's table of hex bounds made, no thread shape kept) and the median of five more
from other hexes; each also in CPU time (what a loaded machine's other work does not add to).
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

#: Issue #27's targets in Pyodide: one precise LOS across a full geoboard (it follows a finger); a
#: viewshed of range 16 on a map of four boards.
TRACE_MS = 10
VIEWSHED_MS = 300


def main() -> None:
    from airhead.asl.los_grid import trace
    from airhead.systems import load_scenario
    from airhead.vasl.library import LIBRARY, scenario_data
    from tools.board_writer import write_board
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
                      "figures": figures, "target_ms": TRACE_MS, "viewshed": viewsheds(), "viewshed_target_ms": VIEWSHED_MS}))


def viewsheds() -> dict[str, float]:
    """The first viewshed of range 16 on four boards, and the median of five more."""
    from airhead.asl import board_pixels, los_grid_path
    from airhead.asl.viewshed import viewshed
    from tools.bench_odds import cpu_clock
    from airhead.systems import get, load_scenario
    from airhead.game import Game
    from airhead.vasl.library import LIBRARY, scenario_data
    from tools.board_writer import write_board
    from tools.bench_boards import busy_board

    CPU = cpu_clock()
    desc = busy_board()
    hexes = dict(list(desc["hexes"].items())[::3])  # type: ignore[attr-defined]
    sides = list(desc["sides"])[::3]  # type: ignore[call-overload]
    boards = [LIBRARY.add(write_board(dict(desc, name=name, hexes=hexes, sides=sides, image=False))) for name in ("11", "12", "13", "14")]
    game = Game(load_scenario(scenario_data([["11", "12"], ["13", "14"]], boards)), "bench", system=get("asl"))
    m = game.state.scenario.map
    los_grid_path._forget()
    board_pixels._TABLES.clear()
    board_pixels._GRAINS.clear()
    c0, t0 = CPU(), time.perf_counter()
    first = viewshed(game.state, m.parse("11GG10"), reach=16)
    cold, cold_cpu = (time.perf_counter() - t0) * 1000, (CPU() - c0) * 1000
    ts, cpu = [], []
    for name in ("12E5", "13Z3", "14K6", "11P5", "12Y9"):
        c0, t0 = CPU(), time.perf_counter()
        viewshed(game.state, m.parse(name), reach=16)
        ts.append((time.perf_counter() - t0) * 1000)
        cpu.append((CPU() - c0) * 1000)
    return {"first_ms": round(cold, 1), "ms": round(statistics.median(ts), 1), "hexes": len(first.seen) + len(first.unseen),
            "seen": len(first.seen), "first_cpu_ms": round(cold_cpu, 1), "cpu_ms": round(statistics.median(cpu), 1)}


if __name__ == "__main__":
    main()
