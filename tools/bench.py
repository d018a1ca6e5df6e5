"""`python build.py bench`: the app against a bare PyScript page, side by side in one run.

Both pages come from the same build/bundle/ (same Pyodide, same PyScript, same server with
precompressed gzip), in Debian's Chromium driven over a bare DevTools pipe (tools/bench_cdp.py:
Page, Emulation, Runtime.evaluate, never Runtime.enable, so the page starts as in a player's
browser; `--playwright` drives it with Playwright instead, whose Runtime domain makes every
throw inside Pyodide's start capture a detailed stack: docs/web.md). The
bare page is a stock PyScript page: it loads the trimmed standard library as sources
(pyodide/python_stdlib.zip) and compiles what it imports at every start; the app loads its own,
precompiled one (pyodide/python_stdlib_app.zip; the micropip variant too, through
bench/app-stdlib.mjs). Measured:

- cold time to interactive: a fresh persistent profile (empty HTTP cache, no service worker);
  for the app the visit lasts until the service worker has stored the offline copy and the
  page has made its memory snapshot (web/snapshot.mjs);
- warm time to interactive: the same profile after a browser restart (an incognito context would
  re-download the wasm; both pages are served by the HTTP cache, revalidated with 304s); the app
  restores its snapshot ("app, no snapshot" is the same page with ?nosnap: neither made nor used);
- offline time to interactive (the app): the same profile relaunched with the network off, so
  the service worker serves every file from its cache (and the snapshot is restored);
- time to interactive = performance.now() when <body data-ready="1"> appears (navigation start
  is 0), recorded in the page by a MutationObserver; for the app also when its Play panel is
  ready (<body data-play="1">, just after the map: the rules are loaded then);
- bytes on the wire for the first visit: response body bytes the server sent (gzip where the file
  has a .gz), including the app's service-worker fill after boot;
- JS heap after boot: Runtime.getHeapUsage after a forced GC (Pyodide's wasm linear memory is an
  ArrayBuffer outside this figure).

Each round interleaves the app and the bare page (app cold, bare cold, app warm, bare warm, app
offline: paired_visits), then the other pages; the app/bare ratios are taken pair by pair and
printed as their median with quartiles and range, and the other figures as medians. Figures only: nothing is asserted. A visit
whose browser or renderer crashed (a known flake of Chromium here, docs/web.md) is retried up to
twice; a page that still fails is left out of that round, and the summary is always printed, with
each figure next to its target (issue #15).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tools.bench_cdp import BrowserFailed, RawChromium, disable_features_switch  # noqa: E402
from tools.devserver import BundleServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        disable_features_switch()]
PAGES = {
    "app": "index.html",
    "bare PyScript": "bench/bare.html",
    "app, no snapshot": "index.html?nosnap",
    "app, no service worker": "index.html?nosw",
    "app, wheel via micropip": "bench/micropip.html?nosw",
}
#: Issue #43: cold start 0.6x the bare page's, warm start 0.4x (a memory snapshot), first visit
#: no heavier than the bare page's 4.3 MB.
TARGETS = {"cold": 0.6, "warm": 0.4, "wire_mb": 4.3}
#: How long the app's first visit may take to make its snapshot (a Pyodide of its own, in a worker).
SNAPSHOT_TIMEOUT = 120_000
RETRIES = 2
#: A warm start's phases as web/snapshot.mjs marks them (status.phases), in the bench's words.
WARM_PHASES = (("lookup", "snapshot found"), ("read", "read"),
               ("wasm", "Pyodide's module up"), ("python", "heap restored"),
               ("loaded", "interpreter handed to PyScript"))
#: The runtime's files whose fetches the bench reads (resource timing) after each visit.
RESOURCES = (("mjs", "pyodide/pyodide.asm.mjs"), ("wasm", "pyodide/pyodide.asm.wasm"))
READY_PROBE = """
new MutationObserver((_, obs) => {
  const d = document.body && document.body.dataset;
  if (d && d.ready === "1" && window.__readyAt === undefined) window.__readyAt = performance.now();
  if (d && d.play === "1" && window.__playAt === undefined) window.__playAt = performance.now();
  if (window.__readyAt !== undefined && window.__playAt !== undefined) obs.disconnect();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready", "data-play"]});
"""


class _PlaywrightTab:
    """The old driver (`--playwright`): Playwright's persistent context, which enables `Runtime`,
    `Network` and `Log` in the page and its workers, as the e2e suite does (bench_cdp.py: what
    that costs a start, and why a player's browser does not pay it)."""

    def __init__(self, pw: Any, profile: Path) -> None:
        self.ctx = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1024, "height": 768}, has_touch=True)
        try:
            self.ctx.add_init_script(READY_PROBE)
            self.page = self.ctx.pages[0] if self.ctx.pages else self.ctx.new_page()
        except BaseException:
            self.ctx.close()
            raise

    def offline(self) -> None:
        self.ctx.set_offline(True)

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def wait_for(self, expression: str, timeout: float) -> None:
        self.page.wait_for_function(expression, timeout=timeout * 1000, polling=50)

    def heap(self) -> float:
        cdp = self.ctx.new_cdp_session(self.page)
        cdp.send("HeapProfiler.enable")
        cdp.send("HeapProfiler.collectGarbage")
        return float(cdp.send("Runtime.getHeapUsage")["usedSize"])

    def close(self) -> None:
        self.ctx.close()


class _RawTab:
    """The bench's driver: Chromium over a bare DevTools pipe, no `Runtime.enable` (bench_cdp.py),
    the page's figures read with `Runtime.evaluate` after the fact."""

    def __init__(self, profile: Path) -> None:
        self.browser = RawChromium(CHROMIUM, ARGS, profile)
        try:
            self.browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": READY_PROBE})
        except BaseException:
            self.browser.close()
            raise

    def offline(self) -> None:
        self.browser.send("Network.emulateNetworkConditions", {
            "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def goto(self, url: str) -> None:
        self.browser.send("Page.navigate", {"url": url})

    def evaluate(self, expression: str) -> Any:
        return self.browser.evaluate(expression)

    def wait_for(self, expression: str, timeout: float) -> None:
        self.browser.wait_for(expression, timeout)

    def heap(self) -> float:
        self.browser.send("HeapProfiler.enable")
        self.browser.send("HeapProfiler.collectGarbage")
        return float(self.browser.send("Runtime.getHeapUsage")["usedSize"])

    def close(self) -> None:
        self.browser.close()


#: Set by --playwright: the visits driven by Playwright (Runtime on), as before issue #43's fix.
PLAYWRIGHT: list[Any] = []


def visit(profile: Path, url: str, server: BundleServer, wait_offline: bool,
          offline: bool = False) -> dict[str, float]:
    tab: _PlaywrightTab | _RawTab = _PlaywrightTab(PLAYWRIGHT[0], profile) if PLAYWRIGHT else _RawTab(profile)
    try:
        server.take_log()
        if offline:
            tab.offline()
        tab.goto(url)
        tab.wait_for("window.__readyAt !== undefined || document.body?.dataset.bootError", 120)
        if tab.evaluate("document.body.dataset.bootError"):
            raise SystemExit(f"{url}: boot failed: "
                             + tab.evaluate("document.getElementById('boot-error-text').textContent"))
        tti = float(tab.evaluate("window.__readyAt"))
        play = None
        if tab.evaluate("!!document.getElementById('tab-play')"):  # the app: its Play panel follows the map
            tab.wait_for("window.__playAt !== undefined || document.body.dataset.bootError", 60)
            play = tab.evaluate("window.__playAt")
        snap: dict[str, Any] = tab.evaluate(
            "window.airheadSnapshot ? JSON.parse(JSON.stringify(window.airheadSnapshot)) : {}")
        if wait_offline:  # let the service worker store the app, and the page make its snapshot
            tab.wait_for("!!document.querySelector('body[data-offline]')", 60)
            if snap.get("state") in ("none", "failed", "making"):
                tab.wait_for("!!document.querySelector(\"body[data-snapshot='stored'], "
                             "body[data-snapshot='error']\")", SNAPSHOT_TIMEOUT / 1000)
                snap = tab.evaluate("JSON.parse(JSON.stringify(window.airheadSnapshot))")
        else:
            time.sleep(0.3)
        heap = tab.heap()
        log = server.take_log()
        result = {"tti": tti / 1000, "wire": float(sum(n for _, status, n in log)),
                  "requests": float(len(log)), "heap": heap,
                  "restored": float(snap.get("state") == "restored")}
        if play is not None:
            result["play"] = float(play) / 1000
        if snap.get("state") == "stored":
            result.update(snap_bytes=float(snap["bytes"]), snap_stored=float(snap["stored"]),
                          snap_make=float(snap["makeMs"]) / 1000)
        if snap.get("state") == "restored":
            result["snap_restore"] = float(snap["restoreMs"]) / 1000
            # when each phase of the restore ended (web/snapshot.mjs status.phases)
            for phase, at in (snap.get("phases") or {}).items():
                result[f"phase_{phase}"] = float(at) / 1000
        # where the app's start-up goes: the interpreter handed to PyScript (snapshot.mjs), main.py
        # starting (its first line marks "Drawing the map…" through boot.js, after boot.js's own
        # mark of that name when the wheel arrived: the last one), ready
        # when the runtime's two big files were asked for and arrived (resource timing, ms):
        # both pages fetch them the same way, so a later start or end is the page's own doing
        for key, name in RESOURCES:
            got = tab.evaluate(f"(performance.getEntriesByType('resource').find((e) => e.name.endsWith('{name}'))"
                               " || null)?.toJSON() ?? null")
            if got:
                result[f"res_{key}_start"] = float(got["fetchStart"]) / 1000
                result[f"res_{key}_end"] = float(got["responseEnd"]) / 1000
        main_at = tab.evaluate("(performance.getEntriesByName('airhead: Drawing the map…').at(-1) || {}).startTime")
        if main_at and snap.get("loadedAt"):
            result.update(handed=float(snap["loadedAt"]) / 1000, main=float(main_at) / 1000,
                          files_ms=float(snap.get("filesMs", 0)))
        return result
    finally:
        tab.close()


def visits(server: BundleServer, url: str, app: bool,
           what: str) -> dict[str, dict[str, float]] | None:
    """A cold visit in a fresh profile, then a warm one (and for the app an offline one);
    retried when the browser crashed."""
    for attempt in range(RETRIES + 1):
        try:
            with tempfile.TemporaryDirectory(prefix="airhead-bench-") as tmp:
                out = {"cold": visit(Path(tmp), url, server, wait_offline=app),
                       "warm": visit(Path(tmp), url, server, wait_offline=False)}
                if app:
                    out["offline"] = visit(Path(tmp), url, server, wait_offline=False, offline=True)
            return out
        except (BrowserFailed, PlaywrightError) as exc:
            first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
            again = "retrying" if attempt < RETRIES else "left out of this round"
            print(f"{what}: the browser failed ({first}); {again}", flush=True)
    return None


PAIR = ("app", "bare PyScript")


def paired_visits(server: BundleServer, what: str) -> dict[str, dict[str, dict[str, float]]] | None:
    """The app and the bare page interleaved, each on a fresh profile of its own: app cold, bare
    cold, app warm, bare warm, app offline. Each of the app's starts runs back to back with the
    bare page's same kind of start, so a change in the machine's load moves both alike and their
    ratio holds; retried (the pair) when the browser crashed."""
    app_url, bare_url = (server.url + PAGES[name] for name in PAIR)
    for attempt in range(RETRIES + 1):
        try:
            with tempfile.TemporaryDirectory(prefix="airhead-bench-") as ta, \
                    tempfile.TemporaryDirectory(prefix="airhead-bench-") as tb:
                app: dict[str, dict[str, float]] = {}
                bare: dict[str, dict[str, float]] = {}
                app["cold"] = visit(Path(ta), app_url, server, wait_offline=True)
                bare["cold"] = visit(Path(tb), bare_url, server, wait_offline=False)
                app["warm"] = visit(Path(ta), app_url, server, wait_offline=False)
                bare["warm"] = visit(Path(tb), bare_url, server, wait_offline=False)
                app["offline"] = visit(Path(ta), app_url, server, wait_offline=False, offline=True)
            return {PAIR[0]: app, PAIR[1]: bare}
        except (BrowserFailed, PlaywrightError) as exc:
            first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
            again = "retrying" if attempt < RETRIES else "left out of this round"
            print(f"{what}: the browser failed ({first}); {again}", flush=True)
    return None


def spread(values: list[float]) -> str:
    """Median, quartiles and range of paired ratios, in words."""
    if len(values) < 2:
        return f"{values[0]:.2f} (one round: no spread; --rounds 5 or more)" if values else "no pair"
    q = statistics.quantiles(values, n=4, method="inclusive")
    return (f"median {statistics.median(values):.2f}, middle half {q[0]:.2f}-{q[2]:.2f}, "
            f"range {min(values):.2f}-{max(values):.2f} over {len(values)} rounds")


def _miss(value: float, target: float) -> str:
    return "" if value <= target else "   <- above target"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--bundle", type=Path, default=ROOT / "build" / "bundle")
    ap.add_argument("--only", action="append", help="measure only these pages (and the bare one)")
    ap.add_argument("--playwright", action="store_true",
                    help="drive the visits with Playwright (Runtime on: what the automation pays, not a player)")
    a = ap.parse_args()
    pages = {k: v for k, v in PAGES.items() if not a.only or k in a.only or k == "bare PyScript"}
    results: dict[str, dict[str, list[float]]] = {k: {} for k in pages}
    cold_by_round: list[dict[str, float]] = []
    warm_by_round: list[dict[str, float]] = []
    with BundleServer(a.bundle, port=0) as server, contextlib.ExitStack() as stack:
        if a.playwright:
            PLAYWRIGHT.append(stack.enter_context(sync_playwright()))
        server.start()
        t0 = time.monotonic()
        for rnd in range(a.rounds):
            cold_by_round.append({})
            warm_by_round.append({})
            pair = paired_visits(server, f"round {rnd + 1}: app and bare page") if "app" in pages else None
            for name, path in pages.items():
                if name in PAIR and "app" in pages:
                    got = pair[name] if pair else None
                else:
                    got = visits(server, server.url + path, name == "app", f"round {rnd + 1}: {name}")
                if got is None:
                    continue
                r = results[name]
                for kind, figures in got.items():
                    for k, v in figures.items():
                        r.setdefault(f"{kind}_{k}", []).append(v)
                cold, warm = got["cold"], got["warm"]
                cold_by_round[-1][name] = cold["tti"]
                warm_by_round[-1][name] = warm["tti"]
                more = f", offline {got['offline']['tti']:.2f} s" if "offline" in got else ""
                if "restored" in warm and name == "app":
                    more += ", warm restored the snapshot" if warm["restored"] else ", warm WITHOUT a snapshot"
                print(f"round {rnd + 1}: {name:24} cold {cold['tti']:.2f} s, warm {warm['tti']:.2f} s{more}, "
                      f"first visit {cold['wire'] / 1e6:.2f} MB in {cold['requests']:.0f} responses",
                      flush=True)
        server.shutdown()
    med = {n: {k: statistics.median(v) for k, v in r.items()} for n, r in results.items() if r}
    print()
    load = os.getloadavg()  # how busy the machine was: every figure moves with it, the bare page's most
    driver = "Playwright (Runtime on)" if a.playwright else "a bare DevTools pipe, no Runtime.enable"
    print(f"median of {a.rounds} rounds, {time.monotonic() - t0:.0f} s, headless Chromium, 1024x768, driven by {driver}; "
          f"load average {load[0]:.1f} (1 min), {load[1]:.1f} (5 min) on {os.cpu_count()} cores")
    if "app" not in med or "bare PyScript" not in med:
        print("no complete round for the app and the bare page: no ratios"
              + (" (every visit crashed)" if "app" in pages else " (--only left the app out)"))
        return 1
    app, bare = med["app"], med["bare PyScript"]
    print(f"{'page':26} {'cold TTI':>9} {'warm TTI':>9} {'1st-visit wire':>15} {'JS heap':>9}")
    for name, m in med.items():
        print(f"{name:26} {m['cold_tti']:8.2f}s {m['warm_tti']:8.2f}s {m['cold_wire'] / 1e6:12.2f} MB "
              f"{m['cold_heap'] / 1e6:6.1f} MB")
    # Ratios of paired visits (each round's app and bare starts of one kind ran back to back:
    # paired_visits), their median and spread: a ratio of medians would mix rounds whose load differed.
    print()
    for kind, by_round, label in (("cold", cold_by_round, "cold"),
                                  ("warm", warm_by_round, "warm (memory snapshot restored)")):
        paired = [r["app"] / r["bare PyScript"] for r in by_round if "app" in r and "bare PyScript" in r]
        mid = statistics.median(paired) if paired else float("nan")
        print(f"ratio app/bare, {label}, paired: {spread(paired)}   (target <= {TARGETS[kind]})"
              + _miss(mid, TARGETS[kind]))
    nosnap = med.get("app, no snapshot")
    if nosnap:
        print(f"ratio app/bare, warm without the snapshot (?nosnap): {nosnap['warm_tti'] / bare['warm_tti']:.2f}")
    if "offline_tti" in app:
        print(f"app offline (service worker, snapshot restored): {app['offline_tti']:.2f} s, "
              f"ratio to the bare page's warm start {app['offline_tti'] / bare['warm_tti']:.2f}")
    if "cold_snap_bytes" in app:
        print(f"memory snapshot: heap {app['cold_snap_bytes'] / 1e6:.1f} MB, stored on the device "
              f"{app['cold_snap_stored'] / 1e6:.1f} MB (zero pages left out), 0 bytes on the wire; "
              f"made in {app['cold_snap_make']:.1f} s after the offline copy; "
              f"restore {app.get('warm_snap_restore', float('nan')):.2f} s of the warm start")
    if "cold_main" in app:
        print(f"app cold start, where the time goes: the interpreter handed to PyScript at {app['cold_handed']:.2f} s "
              f"(its files written in {app['cold_files_ms']:.0f} ms), main.py started at {app['cold_main']:.2f} s, "
              f"ready at {app['cold_tti']:.2f} s (main.py: its imports, the first map, {app['cold_tti'] - app['cold_main']:.2f} s)")
    if "warm_phase_python" in app:
        phases = ", ".join(f"{label} {app[f'warm_phase_{key}']:.2f} s" for key, label in WARM_PHASES
                           if f"warm_phase_{key}" in app)
        main = f", main.py started {app['warm_main']:.2f} s" if "warm_main" in app else ""
        print(f"app warm start, where the time goes (medians): {phases}{main}, ready {app['warm_tti']:.2f} s")
    if "warm_res_wasm_start" in app and "warm_res_wasm_start" in bare:
        print("warm start, the runtime's fetches (medians, start-end): "
              + "; ".join(f"{label} " + ", ".join(f"{key} {m[f'warm_res_{key}_start']:.2f}-{m[f'warm_res_{key}_end']:.2f} s"
                                                   for key, _ in RESOURCES if f"warm_res_{key}_start" in m)
                          for label, m in (("app", app), ("bare", bare))))
    for name, m in med.items():  # the app's pages: the Play panel (the scenario's rules loaded), after the map
        if "cold_play" in m and "warm_play" in m:
            print(f"{name}, Play panel ready: cold {m['cold_play']:.2f} s, warm {m['warm_play']:.2f} s"
                  + (f", offline {m['offline_play']:.2f} s" if "offline_play" in m else "")
                  + f" ({m['warm_play'] - m['warm_tti']:.2f} s after the map on a warm start)")
    restored = sum(results["app"].get("warm_restored", []))
    print(f"warm visits that restored the snapshot: {restored:.0f} of {len(results['app'].get('warm_restored', []))}")
    wire = app["cold_wire"] / 1e6
    print(f"first visit on the wire: {wire:.2f} MB   (target <= {TARGETS['wire_mb']} MB; "
          f"bare page {bare['cold_wire'] / 1e6:.2f} MB){_miss(wire, TARGETS['wire_mb'])}")
    print(f"JS heap after boot: app {app['cold_heap'] / 1e6:.1f} MB, bare {bare['cold_heap'] / 1e6:.1f} MB")
    mp = med.get("app, wheel via micropip")
    if mp:
        print(f"wheel via micropip instead of unpacked: cold {mp['cold_tti']:.2f} s vs {app['cold_tti']:.2f} s, "
              f"warm {mp['warm_tti']:.2f} s vs {app['warm_tti']:.2f} s, "
              f"{(mp['cold_wire'] - app['cold_wire']) / 1e3:+.0f} kB on the wire")
    return 0


if __name__ == "__main__":
    sys.exit(main())
