"""Benchmark of hostile input: how long the codec takes to refuse it, and how long an accepted
game takes to open, over the adversarial inputs and a fuzz run of mutated saves and links
(``tools/corpora/hostile.py``, ``tools/corpora/mutations.py``: the corpus the test suite checks).

Prints one JSON line: {"python": ..., "cases": N, "refused": N, "opened": N,
"refuse_ms": worst time to refuse at decode, "refuse_case": ..., "refuse_replay_ms": worst time
to decode and replay up to the action refused, "decode_ms": worst decode of an accepted input,
"open_ms": worst open (decode, replay, first draw), "open_case": ..., "phases": {...}}.
"Open" is what the app does before it shows a game: decode, replay, draw the map, and build the
Play panel (menu, prompt, log, turn track, overlay, the first procedure's odds). Targets (issue
#13): refused in 100 ms, opened in 1 s, on CPython. Nothing here asserts a time.

Usage: bench_decode.py [--fuzz N] [--repeat K]   (each case is timed K times, the best kept)
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "core", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


def open_phases(text: str) -> dict[str, float] | None:
    """Times (ms) of each phase of opening ``text`` as the app does; None if it is refused."""
    from airhead.codec import CodecError, decode_any
    from airhead.svg import render_map
    from tools.corpora.opening import first_draw

    t0 = time.perf_counter()
    try:
        data = decode_any(text)
    except CodecError:
        return {"refuse": (time.perf_counter() - t0) * 1000}
    t1 = time.perf_counter()
    try:
        game = data.to_game()
    except CodecError:
        return {"decode": (t1 - t0) * 1000, "refuse_replay": (time.perf_counter() - t1) * 1000}
    t2 = time.perf_counter()
    render_map(game.scenario, game.state.terrain)
    t3 = time.perf_counter()
    first_draw(game)
    t4 = time.perf_counter()
    return {"decode": (t1 - t0) * 1000, "replay": (t2 - t1) * 1000, "map": (t3 - t2) * 1000, "panel": (t4 - t3) * 1000}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fuzz", type=int, default=3000, help="mutated saves and links after the adversarial inputs")
    ap.add_argument("--repeat", type=int, default=2, help="time the slowest cases again, keep the best")
    args = ap.parse_args()
    from tools.corpora import hostile, mutations

    cases = list(hostile.adversarial()) + list(mutations.mutants(20261122, args.fuzz))
    results: list[tuple[str, dict[str, float]]] = []
    for case in cases:
        ph = open_phases(case.text)
        assert ph is not None
        results.append((case.label, ph))
    by_label = {c.label: c for c in cases}

    def total(ph: dict[str, float]) -> float:
        return sum(ph.values())

    def refusing(ph: dict[str, float]) -> float:
        return ph["refuse"] if "refuse" in ph else 0.0

    # the slowest again, to keep the best of --repeat runs: a busy machine's pause is not the code's
    for key in (total, refusing):
        results.sort(key=lambda r: key(r[1]), reverse=True)
        for i, (label, ph) in enumerate(results[:20]):
            for _ in range(args.repeat - 1):
                again = open_phases(by_label[label].text)
                assert again is not None
                if key(again) < key(ph):
                    ph = again
            results[i] = (label, ph)
    at_decode = [(label, ph) for label, ph in results if "refuse" in ph]
    at_replay = [(label, ph) for label, ph in results if "refuse_replay" in ph]
    opened = [(label, ph) for label, ph in results if "map" in ph]
    worst_refuse = max(at_decode, key=lambda r: r[1]["refuse"])
    worst_replay_refuse = max(at_replay, key=lambda r: total(r[1]), default=("none in this run", {"refuse_replay": 0.0}))
    worst_open = max(opened, key=lambda r: total(r[1]))
    worst_decode = max(opened, key=lambda r: r[1]["decode"])
    print(json.dumps({
        "python": f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})",
        "cases": len(results), "refused": len(at_decode) + len(at_replay), "opened": len(opened),
        "refuse_ms": round(worst_refuse[1]["refuse"], 1), "refuse_case": worst_refuse[0],
        "refuse_replay_ms": round(total(worst_replay_refuse[1]), 1), "refuse_replay_case": worst_replay_refuse[0],
        "decode_ms": round(worst_decode[1]["decode"], 1), "decode_case": worst_decode[0],
        "open_ms": round(total(worst_open[1]), 1), "open_case": worst_open[0],
        "phases": {k: round(v, 1) for k, v in worst_open[1].items()},
        "slowest": [[label, round(total(ph), 1)] for label, ph in sorted(results, key=lambda r: total(r[1]), reverse=True)[:8]],
    }))


if __name__ == "__main__":
    main()
