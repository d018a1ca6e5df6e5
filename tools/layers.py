"""The test layers of `build.py test` and their summary table (standard library only).

Layers: set-up (.venv), the airhead wheel, then lanes side by side — in the background, mypy
--strict then pytest on CPython in one lane, the core tests inside Pyodide under Node then the
fuzz layer (tests/fuzz) in another (CORE_LANES); the web bundle and e2e (Playwright + Debian's
Chromium) in the foreground, with the cross-engine layer (Firefox ESR and WebKitGTK,
e2e_engines/) beside e2e once the bundle is built
(`--serial`: one after the other). A layer whose prerequisite did not pass is skipped; a failing
layer never stops the others.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from tools.bundle import build_bundle
from tools.common import (
    BUILD, E2E, ROOT, VENV, VENV_PY, LayerError, captured, child_cpu, header, run, say,
)
from tools.env import (
    PYODIDE_WHEELS, build_wheel, ensure_chromium, ensure_debian_packages, ensure_engines, ensure_node_modules,
    ensure_pyodide_wheels, ensure_venv, install_wheel,
)

PYODIDE_RUNNER = ROOT / "tests" / "pyodide" / "run_core_tests.mjs"
E2E_ENGINES = ROOT / "e2e_engines"


@dataclasses.dataclass
class Layer:
    name: str
    status: str = "not run"  # passed | failed | skipped | not run
    seconds: float = 0.0
    cpu: float = 0.0  # CPU seconds of its commands and their children (steadier than the wall clock under load)
    note: str = ""
    counts: dict[str, int] | None = None


# ----------------------------------------------------------------------------- pytest summaries

_SUMMARY = re.compile(r"^[=\s]*((?:\d+ [a-z]+(?:, )?)+|no tests ran) in [\d.]+s", re.M)


def pytest_counts(output: str) -> dict[str, int] | None:
    """passed/failed/skipped from pytest's last summary line ("3 passed, 1 skipped in 0.1s")."""
    matches = _SUMMARY.findall(output)
    if not matches:
        return None
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for n, kind in re.findall(r"(\d+) ([a-z]+)", matches[-1]):
        key = {"passed": "passed", "xpassed": "passed", "failed": "failed", "error": "failed",
               "errors": "failed", "skipped": "skipped", "xfailed": "skipped"}.get(kind)
        if key:
            counts[key] += int(n)
    return counts


def run_pytest(cmd: Sequence[str | Path], layer: Layer, what: str) -> None:
    rc, out = run(cmd, tail=True)
    layer.counts = pytest_counts(out)
    if rc == 5:
        raise LayerError(f"{what}: pytest collected no tests (exit 5)")
    if rc != 0:
        raise LayerError(f"{what}: pytest exit code {rc}")


# ----------------------------------------------------------------------------- layers

# Type-checked apart: the rules core, the build machinery (build.py, tools/), and the page's
# Python (web/app, with PyScript's and Pyodide's stubs: web/mypy.ini).
MYPY_TARGETS = (("core/airhead",), ("build.py", "tools"), ("--config-file", "web/mypy.ini", "web/app"))


def run_mypy(layer: Layer) -> None:
    failed = []
    for targets in MYPY_TARGETS:
        rc, _ = run([VENV_PY, "-m", "mypy", "--strict", *targets])
        if rc != 0:
            failed.append(f"mypy --strict {' '.join(targets)} failed (exit {rc})")
    if failed:
        raise LayerError("; ".join(failed))


#: The core layers' lanes, each a thread of its own beside the browser layers (``--serial``: one
#: after the other). The suite is CPU-bound on two cores, so lanes add no CPU; they keep the core
#: layers from ending in one long single-threaded tail after the browsers are done: the Pyodide
#: layer (one thread) starts at once beside mypy and the CPython tests, not after them.
CORE_LANES = (("mypy", "cpython"), ("pyodide", "fuzz"))

FUZZ = ROOT / "tests" / "fuzz"
#: Mutated games the fuzz layer checks: about 20 s on CPython here; ``--long-fuzz`` ten times more.
FUZZ_COUNT = 300


#: pytest-playwright (requirements-e2e.txt, in the same venv) is the e2e layer's: the other layers
#: do not load it (nor Playwright, ~0.2 CPU s a run).
NO_BROWSER_PLUGINS = ("-p", "no:playwright", "-p", "no:base_url")


def run_cpython_tests(layer: Layer) -> None:
    # The venv's pytest script (not `python -m pytest`) keeps the repo root off sys.path.
    # --durations: the layer's long poles, in the log (issue #43)
    run_pytest([VENV / "bin" / "pytest", "tests", "--ignore", FUZZ, *NO_BROWSER_PLUGINS, "--durations=8"], layer,
               "CPython tests")


def run_fuzz(layer: Layer, long: bool = False) -> str:
    """The fuzz layer (tests/fuzz): games played through every procedure of every system,
    mutated (seeded) and each refused with a documented error or opened fully within the work
    budget; ``long``: ten times as many."""
    count = FUZZ_COUNT * (10 if long else 1)
    run_pytest([VENV / "bin" / "pytest", FUZZ, "-p", "no:cacheprovider", *NO_BROWSER_PLUGINS, "--fuzz-count", str(count)],
               layer, "fuzz")
    return f"{count} mutated games"


def run_pyodide_tests(layer: Layer, wheel: Path) -> None:
    ensure_node_modules()
    ensure_pyodide_wheels()
    run_pytest(["node", PYODIDE_RUNNER, "--airhead-wheel", wheel, "--wheels-dir", PYODIDE_WHEELS,
                "-p", "no:cacheprovider", "tests/core", "--durations=12"], layer, "Pyodide tests")


def e2e_test_files() -> list[Path]:
    if not E2E.is_dir():
        return []
    return sorted(p for p in E2E.rglob("*.py")
                  if p.name.startswith("test_") or p.name.endswith("_test.py"))


def run_e2e(layer: Layer) -> None:
    """Browser end-to-end tests: Playwright for Python driving Debian's /usr/bin/chromium
    against build/bundle/ (built by the previous layer), served on a free 127.0.0.1 port.
    e2e/conftest.py overrides browser_type_launch_args with executable_path=/usr/bin/chromium.
    Never run `playwright install`: it downloads a browser, which cannot work here.
    """
    tests = e2e_test_files()
    if not tests:
        layer.status, layer.note = "skipped", "no tests in e2e/ yet"
        say("e2e/ has no tests yet: layer skipped.")
        return
    ensure_chromium()
    # Chromium's renderer has crashed ("Page crashed") a few times on a loaded 2-core machine
    # while Pyodide boots; such a test is rerun (at most twice). Assertion failures never are.
    # Most tests share one booted page (e2e/conftest.py); the slowest are listed after the run.
    run_pytest([VENV / "bin" / "pytest", "e2e", "-p", "no:cacheprovider", "--durations=12",
                "-n", "2", "--dist", "worksteal",
                "--reruns", "2", "--only-rerun", "Page crashed", "--only-rerun", "Target crashed",
                "--output", E2E / "artifacts" / "test-results",
                # every test's time, for finding the long poles (docs/web.md, "The long poles")
                "--junitxml", BUILD / "e2e-times.xml"], layer, "e2e tests")


def run_engines(layer: Layer) -> None:
    """The cross-engine layer: one tablet's session in Firefox ESR (WebDriver BiDi) and in
    WebKitGTK (WebKitWebDriver + MiniBrowser under xvfb-run), side by side, against
    build/bundle/ (e2e_engines/; the browsers are Debian's, installed by ensure_engines)."""
    ensure_engines()
    shutil.rmtree(ENGINE_STARTS, ignore_errors=True)
    try:
        run_pytest([VENV / "bin" / "pytest", E2E_ENGINES, "-p", "no:cacheprovider", "-n", "2", "--dist", "loadscope",
                    "-rs"], layer, "cross-engine tests")
    finally:
        table = engine_starts()
        if table:
            say("\n".join(table))
            layer.note = table[-1].strip()


#: Where e2e_engines/conftest.py writes each engine's start-up times ({engine}.json).
ENGINE_STARTS = BUILD / "engine-starts"


def engine_starts() -> list[str]:
    """Each engine's cold, warm and offline start (ms to ready, from body[data-boot-ms]) side by
    side, Chromium first; the last line is a one-line digest for the summary."""
    rows = {}
    for engine in ("chromium", "firefox", "webkit"):
        f = ENGINE_STARTS / f"{engine}.json"
        if f.is_file():
            rows[engine] = json.loads(f.read_text())
    if not rows:
        return []
    out = ["start-up to ready, ms (this run's load; cold: first visit, warm: the memory snapshot, offline: no network)",
           f"  {'engine':10} {'cold':>7} {'warm':>7} {'offline':>8}   {'Python ready cold/warm/offline':30}"
           "  snapshot warm/offline"]
    for engine, t in rows.items():
        states, python = t.get("snapshot", {}), t.get("python", {})
        out.append(f"  {engine:10} " + " ".join(f"{t.get(k, '-'):>{w}}" for k, w in
                                              (("cold", 7), ("warm", 7), ("offline", 8)))
                   + f"   {'/'.join(str(python.get(k, '-')) for k in ('cold', 'warm', 'offline')):30}"
                   + "  " + "/".join(states.get(k, "-") for k in ("warm", "offline")))
    out += [f"  ({engine}: {t['options']})" for engine, t in rows.items() if t.get("options")]
    out.append("starts cold/warm/offline s: " + ", ".join(
        f"{e} " + "/".join(f"{t[k] / 1000:.1f}" if k in t else "-" for k in ("cold", "warm", "offline"))
        for e, t in rows.items()))
    return out


# ----------------------------------------------------------------------------- the run

def run_layers(skip: set[str], serial: bool = False, long_fuzz: bool = False) -> int:
    """Every layer (but those in skip), then the summary table; 1 if any layer failed.

    After the set-up and the wheel, lanes run side by side (unless ``serial``): the core layers
    in the background, one thread per lane of CORE_LANES (their output kept and printed when the
    foreground is done), and the web bundle then the e2e tests in the foreground (streamed), the
    engines layer beside them. Without the browser layers, the first core lane is the
    foreground. ``long_fuzz``: the fuzz layer checks ten times as many mutants.
    """
    layers: list[Layer] = []
    t_all = time.monotonic()

    def layer(name: str, fn: Callable[..., object], *fn_args: object,
              needs: Layer | None = None, lay: Layer | None = None) -> Layer:
        if lay is None:
            lay = Layer(name)
            layers.append(lay)
        header(name)
        if needs is not None and needs.status != "passed":
            lay.status, lay.note = "skipped", f"needs '{needs.name}'"
            say(f"skipped: {lay.note}, which did not pass")
            return lay
        t0, cpu0 = time.monotonic(), child_cpu()
        try:
            note = fn(lay, *fn_args)
            if lay.status == "not run":
                lay.status = "passed"
                if isinstance(note, str):
                    lay.note = note
        except LayerError as exc:
            lay.status, lay.note = "failed", str(exc)
            say(f"!! {exc}")
        except Exception as exc:  # a bug or an OS error: report it, still run the other layers
            say(traceback.format_exc().rstrip())
            lay.status, lay.note = "failed", f"{type(exc).__name__}: {exc}"
        lay.seconds, lay.cpu = time.monotonic() - t0, child_cpu() - cpu0
        say(f"-- {name}: {lay.status.upper()} ({lay.seconds:.1f} s, {lay.cpu:.0f} CPU s)")
        return lay

    def setup(lay: Layer) -> str:
        return "venv " + ensure_venv()

    built: list[Path] = []

    def wheel(lay: Layer) -> str:
        w = build_wheel()
        install_wheel(w)
        built.append(w)
        return w.name

    venv = layer("setup: .venv + pinned test tools", setup)
    whl = layer("build: airhead wheel -> .venv", wheel, needs=venv)

    # The core layers: (skip key, name, function, prerequisite) in the summary's order, and the
    # background lane each runs in (CORE_LANES).
    core: dict[str, tuple[Layer, Callable[..., object], Layer]] = {}
    for key, name, fn, needs in (
        ("mypy", "mypy --strict core/airhead + tools/ + web/app", run_mypy, venv),
        ("cpython", f"pytest tests/ on CPython {sys.version.split()[0]}", run_cpython_tests, whl),
        ("pyodide", "pytest tests/core in Pyodide (Node)", lambda lay: run_pyodide_tests(lay, built[0]), whl),
        ("fuzz", "fuzz: mutated games (CPython)" + (", long run" if long_fuzz else ""),
         lambda lay: run_fuzz(lay, long_fuzz), whl),
    ):
        lay = Layer(name)
        layers.append(lay)
        if key in skip:
            lay.status, lay.note = "skipped", "--skip " + key
        else:
            core[key] = (lay, fn, needs)
    web = [Layer("build: web bundle"), Layer("e2e: Playwright + Chromium"),
           Layer("engines: Firefox ESR + WebKitGTK")]
    layers += web
    browsers = {"e2e", "engines"} - skip
    if not browsers:
        web[0].status, web[0].note = "skipped", "--skip e2e --skip engines"
    for key, lay in (("e2e", web[1]), ("engines", web[2])):
        if key in skip:
            lay.status, lay.note = "skipped", "--skip " + key

    lanes = [[core[key] for key in lane if key in core] for lane in CORE_LANES]
    lanes = [lane for lane in lanes if lane]

    def core_lane(lane: list[tuple[Layer, Callable[..., object], Layer]]) -> None:
        for lay, fn, needs in lane:
            layer(lay.name, fn, needs=needs, lay=lay)

    def web_lane() -> None:
        """The bundle, then e2e in the foreground with the cross-engine layer beside it (its
        output printed after e2e's), or one after the other with ``serial``."""
        if not browsers:
            return
        bundle = layer(web[0].name, lambda lay: str(build_bundle().relative_to(ROOT)) + "/", needs=whl,
                       lay=web[0])
        if "engines" in browsers and (serial or "e2e" not in browsers):
            if "e2e" in browsers:
                layer(web[1].name, run_e2e, needs=bundle, lay=web[1])
            layer(web[2].name, run_engines, needs=bundle, lay=web[2])
            return
        if "engines" not in browsers:
            layer(web[1].name, run_e2e, needs=bundle, lay=web[1])
            return
        kept = bytearray()

        def engines() -> None:
            with captured() as out:
                try:
                    layer(web[2].name, run_engines, needs=bundle, lay=web[2])
                finally:
                    kept.extend(out)

        beside = threading.Thread(target=engines, name="engines-layer")
        beside.start()
        try:
            layer(web[1].name, run_e2e, needs=bundle, lay=web[1])
        finally:
            beside.join()
        sys.stdout.buffer.write(bytes(kept))
        sys.stdout.flush()

    if browsers:  # every apt package first, in one step: the lanes' threads must never both run apt
        try:
            ensure_debian_packages(browsers)
        except LayerError as exc:
            say(f"!! {exc}")  # the layers that need them fail on it themselves
    if serial:
        for lane in lanes:
            core_lane(lane)
        web_lane()
    else:
        if whl.status == "passed" and browsers and "pyodide" in core:
            try:  # shared set-up first: the lanes must not both run `npm ci`
                ensure_node_modules()
                ensure_pyodide_wheels()
            except LayerError as exc:
                say(f"!! {exc}")  # the layers that need them fail on it themselves
        # every core lane in a thread of its own, its output kept and printed after the
        # foreground's (the browser layers', or without them the first lane's, streamed)
        background = lanes if browsers else lanes[1:]
        kept = [bytearray() for _ in background]

        def run_kept(lane: list[tuple[Layer, Callable[..., object], Layer]], out: bytearray) -> None:
            with captured() as buf:
                try:
                    core_lane(lane)
                finally:
                    out.extend(buf)

        if background:
            header("in the background: " + "; ".join(", ".join(lay.name for lay, _, _ in lane) for lane in background)
                   + " (output after the foreground's)")
        threads = [threading.Thread(target=run_kept, args=(lane, out), name=f"core-lane-{i}")
                   for i, (lane, out) in enumerate(zip(background, kept))]
        for thread in threads:
            thread.start()
        try:
            if browsers:
                web_lane()
            elif lanes:
                core_lane(lanes[0])
        finally:
            for thread in threads:
                thread.join()
        for out in kept:
            sys.stdout.buffer.write(bytes(out))
        sys.stdout.flush()

    total = time.monotonic() - t_all
    print_summary(layers, total, overlapped=not serial and len(lanes) + bool(browsers) > 1)
    failed = any(lay.status == "failed" for lay in layers)
    if not skip and not failed:  # the whole suite, green: its wall clock for `build.py bench`
        record = {"seconds": round(total, 1), "serial": serial, "when": time.strftime("%Y-%m-%d %H:%M"),
                  "layers": {lay.name: round(lay.seconds, 1) for lay in layers},
                  "cpu": {lay.name: round(lay.cpu, 1) for lay in layers}}
        (BUILD / "last-test.json").write_text(json.dumps(record, indent=1) + "\n")
    return 1 if failed else 0


def print_summary(layers: Sequence[Layer], total_seconds: float, overlapped: bool = False) -> None:
    header("summary")
    width = max(len(lay.name) for lay in layers)
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    for lay in layers:
        extra = ""
        if lay.counts:
            extra = ", ".join(f"{v} {k}" for k, v in lay.counts.items() if v)
            for k, v in lay.counts.items():
                totals[k] += v
        note = "; ".join(x for x in (extra, lay.note) if x)
        say(f"{lay.status.upper():8} {lay.name:{width}}  {lay.seconds:6.1f} s {lay.cpu:6.0f} CPU s  {note}")
    failed = [lay for lay in layers if lay.status == "failed"]
    cpu = sum(lay.cpu for lay in layers)
    say(f"{'':8} {'total':{width}}  {total_seconds:6.1f} s {cpu:6.0f} CPU s"
        + ("  (wall clock: the layers ran side by side, in lanes)"
           if overlapped else ""))
    say()
    say("RESULT: " + ("FAILED (" + ", ".join(lay.name for lay in failed) + ")" if failed else "OK"))
    # Closing line in the plain "N passed, N failed, N skipped" form, over all test layers.
    say(f"tests: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")
