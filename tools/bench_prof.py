"""Where a replayed action's time goes, on CPython and in Pyodide (not part of ``build.py bench``).

Games: 5,000 notes and advances, 5,000 mixed actions (``bench_replay.actions``) and the worst
games (``bench_worst.generate``) of a few procedures, written as links to build/prof/.

    bench_prof.py gen                         write the games (CPython: the generators are slow in Pyodide)
    bench_prof.py time [--only S] [--profile S]   each phase of opening each game (decode, replay with
                                              the time per action type, the view, the map, the first
                                              draw), and a cProfile of the replay of those named S
    bench_prof.py trace S REPS                each action's least time over REPS replays, to
                                              build/prof/NAME.cpython.json / .pyodide.json
    bench_prof.py open S REPS                 the least time of REPS opens as the app does it
    ... --core DIR                            import airhead from DIR (relative to the repo root), e.g.
                                              an older commit's core/ extracted under build/, to compare

In Pyodide: ``node tools/bench_py.mjs bench_prof.py time``. Wall-clock figures on a shared
machine vary by half from run to run: compare the least of several runs, alternated.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / sys.argv[sys.argv.index("--core") + 1] if "--core" in sys.argv else ROOT / "core"
for p in (CORE, ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
OUT = ROOT / "build" / "prof"


def gen() -> None:
    from airhead.codec import SaveData, encode_link
    from airhead.systems import SYSTEMS, builtin
    from tools.bench_replay import actions
    from tools.bench_worst import generate

    OUT.mkdir(parents=True, exist_ok=True)
    sc = builtin("default")
    notes = [{"type": "note", "text": f"n{i}"} if i % 5 else {"type": "advance"} for i in range(5_000)]
    games = {"notes": (sc, notes), "mixed": (sc, actions(5_000))}
    for system in SYSTEMS:
        for proc in ("asl.random_location", "asl.nvr_table", "panzer_leader.wind", "army_group.landing", "asl.illuminating_round", "panzer_leader.gliders"):
            if proc in system.procedures:
                games[proc] = generate(system, proc, 5_000)
    for name, (s, acts) in games.items():
        (OUT / f"{name}.link").write_text(encode_link(SaveData(s, "worst", tuple(acts))))
        print(name, len(acts))


def timed(only: str, profile: str) -> None:
    import gc

    from airhead import work
    from airhead.codec import decode_link
    from airhead.svg import render_map
    from airhead.systems import new_game
    from tools.corpora import opening

    rows = {}
    for path in sorted(OUT.glob("*.link")):
        name = path.stem
        if only not in name:
            continue
        link = path.read_text()
        decode_link(link)  # warm: modules, tables
        t0 = time.perf_counter()
        data = decode_link(link)
        t1 = time.perf_counter()
        g = new_game(data.scenario, data.seed)
        per: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        pr = None
        if profile and profile in name:
            import cProfile
            pr = cProfile.Profile()
        t2 = time.perf_counter()
        with work.metered(work.REPLAY_BUDGET), work.collector_paused():
            if pr:
                pr.enable()
            for a in data.actions:
                t = time.perf_counter()
                g.apply(a)
                k = a["type"] if a["type"] != "edit" else "edit." + a["op"]
                per[k][0] += 1
                per[k][1] += time.perf_counter() - t
            if pr:
                pr.disable()
            units = work.spent()
        t3 = time.perf_counter()
        with work.metered(work.DRAW_BUDGET), work.collector_paused():
            g.view()
        t4 = time.perf_counter()
        render_map(g.scenario, g.state.terrain)
        t5 = time.perf_counter()
        opening.first_draw(g)
        t6 = time.perf_counter()
        n = len(data.actions)
        row = {"n": n, "decode_ms": round((t1 - t0) * 1e3, 1), "replay_ms": round((t3 - t2) * 1e3, 1),
               "us_per_action": round((t3 - t2) * 1e6 / n, 1), "units": units, "view_ms": round((t4 - t3) * 1e3, 1),
               "map_ms": round((t5 - t4) * 1e3, 1), "first_draw_ms": round((t6 - t5) * 1e3, 1),
               "by_type_us": {k: [c, round(t * 1e6 / c, 1)] for k, (c, t) in sorted(per.items())}}
        rows[name] = row
        print(name, json.dumps(row), file=sys.stderr)
        if pr:
            import io
            import pstats
            s = io.StringIO()
            st = pstats.Stats(pr, stream=s)
            st.sort_stats("tottime").print_stats(35)
            print(s.getvalue(), file=sys.stderr)
            s = io.StringIO()
            st = pstats.Stats(pr, stream=s)
            st.sort_stats("cumulative").print_stats(45)
            print(s.getvalue(), file=sys.stderr)
        del g
        gc.collect()
    print(json.dumps({"python": f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})", "rows": rows}))



def trace(only: str, reps: int = 3) -> None:
    """Per-action times (the least of ``reps`` replays) to build/prof/NAME.IMPL.json."""
    from airhead import work
    from airhead.codec import decode_link
    from airhead.systems import new_game

    impl = "pyodide" if sys.platform == "emscripten" else "cpython"
    for path in sorted(OUT.glob("*.link")):
        if only not in path.stem:
            continue
        data = decode_link(path.read_text())
        best = [1e9] * len(data.actions)
        for _ in range(reps):
            t0 = time.perf_counter()
            g = new_game(data.scenario, data.seed)
            with work.metered(work.REPLAY_BUDGET), work.collector_paused():
                for i, a in enumerate(data.actions):
                    t = time.perf_counter()
                    g.apply(a)
                    best[i] = min(best[i], time.perf_counter() - t)
            print(path.stem, "rep", round((time.perf_counter() - t0) * 1e3), "ms", file=sys.stderr)
        (OUT / f"{path.stem}.{impl}.json").write_text(json.dumps([round(b * 1e6, 1) for b in best]))
        print(path.stem, impl, CORE.name if CORE.parent.name != "base" else "base", round(sum(best) * 1e3, 1), "ms",
              round(sum(best) * 1e6 / len(best), 1), "us/action", file=sys.stderr)



def opens(only: str, reps: int) -> None:
    """The least of ``reps`` opens (decode, replay, first draw as the app does) of each game."""
    from airhead.codec import decode_link

    from tools.corpora.game_fuzz import open_as_the_app_does

    impl = "pyodide" if sys.platform == "emscripten" else "cpython"
    for path in sorted(OUT.glob("*.link")):
        if only not in path.stem:
            continue
        link = path.read_text()
        best, units = 1e9, 0
        for _ in range(reps):
            t0 = time.perf_counter()
            units = open_as_the_app_does(decode_link(link))
            best = min(best, time.perf_counter() - t0)
        print(path.stem, impl, CORE.name if CORE.parent.name != "base" else "base", "open", round(best * 1e3), "ms",
              units, "units", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["gen"]:
        gen()
    elif sys.argv[1:2] == ["open"]:
        opens(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1:2] == ["trace"]:
        trace(sys.argv[2], int(sys.argv[3]))
    else:
        args = sys.argv[2:]
        only = args[args.index("--only") + 1] if "--only" in args else ""
        prof = args[args.index("--profile") + 1] if "--profile" in args else ""
        timed(only, prof)
