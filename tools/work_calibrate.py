"""How well the work meter (:mod:`airhead.work`) counts each procedure's time, on this machine
(issue #28; not part of ``build.py bench``).

For every procedure of every system, its worst-case game (``tools/bench_worst.py``, 1,500
actions) is replayed three times; per kind of action (its start, a roll or dice, a choice) the
least time and the units it spent are printed, with the units a procedure's ``start_work`` or
``step_work`` should add so that a unit is about a microsecond of this CPython, as
:data:`airhead.work.ACTION` assumes (a plain action, e.g. an NVR Table DR, is ~40 units for
~40 µs). A procedure whose time runs well past its units lets a link open past its budget.
Compare on a quiet machine: wall-clock figures on a shared one vary by half.

Usage: work_calibrate.py [SUBSTRING ...]   (only the procedures whose name holds one)
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "core", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


def main() -> None:
    from airhead import work
    from airhead.systems import SYSTEMS, new_game

    from tools.bench_worst import generate

    wanted = sys.argv[1:]
    for system in SYSTEMS:
        for proc in system.procedures:
            if wanted and not any(w in proc for w in wanted):
                continue
            sc, actions = generate(system, proc, 1_500)
            setup = next((i for i, a in enumerate(actions) if a["type"] == "start"), len(actions))
            if len(actions) - setup < 200:
                print(f"{proc:28} begins too few times to measure")
                continue
            best: dict[str, tuple[float, int, int]] = {}
            for _ in range(3):
                g = new_game(sc, "worst", actions[:setup])
                us: dict[str, float] = defaultdict(float)
                units: dict[str, int] = defaultdict(int)
                n: dict[str, int] = defaultdict(int)
                with work.metered(10**15), work.collector_paused():
                    for a in actions[setup:]:
                        kind = {"dice": "roll"}.get(a["type"], a["type"])
                        if kind == "start" and a["procedure"] != proc:
                            kind = "other"
                        u0, t0 = work.spent(), time.perf_counter()
                        g.apply(a)
                        us[kind] += (time.perf_counter() - t0) * 1e6
                        units[kind] += work.spent() - u0
                        n[kind] += 1
                for kind in n:
                    if kind not in best or us[kind] < best[kind][0]:
                        best[kind] = (us[kind], units[kind], n[kind])
            cells = []
            for kind, (t, u, c) in sorted(best.items()):
                short = round((t - u) / c, -1)
                cells.append(f"{kind} {t / c:5.0f} us / {u / c:4.0f} units" + (f" (+{short:.0f})" if short > 20 else ""))
            print(f"{proc:28} " + "; ".join(cells), flush=True)


if __name__ == "__main__":
    main()
