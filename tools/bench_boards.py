"""Benchmark of reading a VASL board archive (issue #26), the same code on CPython and in Pyodide:
a standard 33 x 10 geoboard written by Airhead's own writer with terrain in every hex and a wall
on every third hex's south hexside (busier than any real board), read, derived, and the Python
memory it keeps (tracemalloc). Prints one JSON line: {"python": ..., "read_ms", "derive_ms",
"total_ms", "kept_mb", "targets": {...}}. Nothing here asserts a time.
"""

from __future__ import annotations

import json
import platform
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "core", ROOT):  # the core, and tools.board_writer (the board this bench reads)
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

#: Issue #26's targets: import and derive one standard board; the Python memory kept for its grid.
CPYTHON_MS, PYODIDE_MS, KEPT_MB = 300, 1000, 3.0
_CODES = (60, 24, 41, 0, 63, 65, 50, 25, 42, 0)


def busy_board() -> dict[str, object]:
    """A description with terrain in every hex of a geoboard."""
    from airhead.vasl.geometry import column_letters

    hexes: dict[str, object] = {}
    sides = []
    n = 0
    for col in range(33):
        for row in range(10 + col % 2):
            name = f"{column_letters(col)}{row + (1 if col % 2 == 0 else 0)}"
            hexes[name] = {"code": _CODES[n % len(_CODES)], "level": (col // 4) % 4, "cover": 0.8}
            if n % 3 == 0 and row < 9:
                sides.append([name, "S", 72])
            n += 1
    return {"name": "99", "version": "1", "hexes": hexes, "sides": sides}


def main() -> None:
    from airhead.vasl.archive import read_archive
    from airhead.vasl.derive import derive
    from tools.board_writer import write_board

    data = write_board(busy_board())
    best_read = best_derive = 1e9
    for _ in range(3):
        t0 = time.perf_counter()
        arch = read_archive(data)
        t1 = time.perf_counter()
        board = derive(arch)
        t2 = time.perf_counter()
        best_read, best_derive = min(best_read, (t1 - t0) * 1000), min(best_derive, (t2 - t1) * 1000)
    del arch, board
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = derive(read_archive(data))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    pyodide = sys.platform == "emscripten"
    print(json.dumps({
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
        "bytes": len(data), "hexsides": len(kept.sides), "read_ms": round(best_read, 1),
        "derive_ms": round(best_derive, 1), "total_ms": round(best_read + best_derive, 1),
        "kept_mb": round((after - before) / 1e6, 2),
        "targets": {"total_ms": PYODIDE_MS if pyodide else CPYTHON_MS, "kept_mb": KEPT_MB},
    }))


if __name__ == "__main__":
    main()
