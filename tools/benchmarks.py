"""`build.py bench`: tools/bench.py (the page in Chromium, run with the venv's Python), then the
E8 heatmap on CPython and in Pyodide under Node. Figures printed, never asserted."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tools.bundle import prepare_web
from tools.common import ROOT, TOOLS, VENV_PY, LayerError, run, say
from tools.env import ensure_chromium


def run_benchmarks(rounds: int) -> int:
    try:
        prepare_web()
        ensure_chromium()
    except LayerError as exc:
        say(f"!! {exc}")
        return 1
    rc, _ = run([VENV_PY, TOOLS / "bench.py", "--rounds", str(rounds)])
    return bench_heatmap() or rc


def bench_heatmap() -> int:
    """E8 ILH heatmap on a four-board map, CPython next to Pyodide (figures only, no targets
    asserted: < 1 s is the floor, < 250 ms lets the page redraw it live as the wind changes)."""
    say("== E8 heatmap: four geoboards (1,332 candidate ILHs), CPython vs Pyodide (Node, V8)")
    figures = {}
    commands: tuple[tuple[str, list[str | Path]], ...] = (
        ("CPython", [VENV_PY, TOOLS / "bench_heatmap.py"]),
        ("Pyodide", ["node", TOOLS / "bench_heatmap.mjs"]),
    )
    for label, cmd in commands:
        proc = subprocess.run([str(c) for c in cmd], cwd=ROOT, capture_output=True, text=True)
        line = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
        if proc.returncode != 0 or not line.startswith("{"):
            say(f"!! {label} heatmap bench failed:\n{proc.stderr[-2000:]}")
            return 1
        figures[label] = json.loads(line)
    for label, f in figures.items():
        warm = ", ".join(f"{v:.0f}" for v in f["warm_ms"])
        say(f"   {label:8} {f['python']}: heatmap cold {f['cold_ms']:.0f} ms, after a wind change {warm} ms; "
            f"one glider's odds with Light AA {f['odds_ms']:.0f} ms")
    c, p = figures["CPython"], figures["Pyodide"]
    say(f"   Pyodide / CPython (cold heatmap): {p['cold_ms'] / max(c['cold_ms'], 0.1):.1f}x")
    return 0
