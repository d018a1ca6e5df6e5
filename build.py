#!/usr/bin/env python3
"""Airhead's single build/test entry point.

    python build.py test     build the wheel; mypy --strict; pytest on CPython; the core
                             tests inside Pyodide under Node; the fuzz layer of mutated games
                             (these four in the background; --long-fuzz: ten times more);
                             e2e (browser) tests in Chromium, and beside them one tablet's
                             session in Firefox ESR and WebKitGTK (--serial: one layer after
                             the other)
    python build.py serve    build the web bundle (build/bundle/) and serve it on
                             http://127.0.0.1:8000 (--host H, --port N)
    python build.py dist     the app as a static folder (dist/) for any HTTPS static host
    python build.py shots    docs/screens/: each tab at tablet and phone size (tools/screenshots.py)
    python build.py bench    cold/warm time to interactive, bytes on the wire and JS heap of
                             the app against a bare PyScript page (printed, never asserted)

Standard library only (Python >= 3.11): it bootstraps everything else.
  .venv/                    project venv with requirements-test.txt (reinstalled only when
                            that file changes: hash stamp in .venv/)
  web/node_modules/         `npm ci` from web/package-lock.json (again only when it changes)
  build/wheels/             the airhead wheel (rebuilt only when core/ or pyproject.toml change)
  build/pyodide-wheels/     wheels for Pyodide from requirements-pyodide.txt (cached the same way)
  build/bundle/             the web app as served: page, PyScript, Pyodide, wheel, icons, sw.js
                            and a .gz beside each compressible file (docs/web.md)
Everything generated lives under build/ or in ignored folders; nothing is written to core/.

This file only parses the command line; the tools/ package does the work (tools/__init__.py
says which module does what): set-up steps in tools/env.py, the bundle recipe in
tools/bundle.py, the test layers and their summary in tools/layers.py, `bench` in
tools/benchmarks.py.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

# The tools/ package sits beside this file (on sys.path even with -P / PYTHONSAFEPATH); it is
# imported inside the commands, after the Python version check in main().
ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def cmd_test(args: argparse.Namespace) -> int:
    from tools.layers import run_layers

    return run_layers(set(args.skip or ()), serial=args.serial, long_fuzz=args.long_fuzz)


def cmd_serve(args: argparse.Namespace) -> int:
    from tools.bundle import prepare_web
    from tools.common import LayerError, say

    try:
        bundle = prepare_web()
    except LayerError as exc:
        say(f"!! {exc}")
        return 1
    from tools.devserver import serve

    serve(bundle, port=args.port, host=args.host)
    return 0


def cmd_dist(args: argparse.Namespace) -> int:
    from tools.common import LayerError, say
    from tools.dist import make_dist

    try:
        make_dist(Path(args.out).resolve())
    except LayerError as exc:
        say(f"!! {exc}")
        return 1
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from tools.benchmarks import run_benchmarks

    return run_benchmarks(args.rounds)


def cmd_shots(args: argparse.Namespace) -> int:
    from tools.screenshots import make_screenshots

    return make_screenshots()


def main(argv: Sequence[str] | None = None) -> int:
    if sys.version_info < (3, 11):
        sys.exit("build.py needs Python >= 3.11")
    parser = argparse.ArgumentParser(
        prog="build.py", description="Airhead build, test and dev-server entry point.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p_test = sub.add_parser(
        "test", help="build the wheel; run mypy, pytest (CPython), pytest in Pyodide, e2e",
        description="Bootstraps .venv/, web/node_modules/ and build/ as needed (cached), then "
                    "runs every layer and exits non-zero if any failed.")
    p_test.add_argument("--skip", action="append", choices=["mypy", "cpython", "pyodide", "fuzz", "e2e", "engines"],
                        help="skip a layer (repeatable; for local iteration, not for CI)")
    p_test.add_argument("--serial", action="store_true",
                        help="run the layers one after the other (default: mypy, CPython and Pyodide "
                             "in the background while the bundle and e2e run)")
    p_test.add_argument("--long-fuzz", action="store_true",
                        help="the fuzz layer checks ten times as many mutated games (a few minutes)")
    p_test.set_defaults(func=cmd_test)
    p_serve = sub.add_parser(
        "serve", help="build the web bundle and serve it on http://127.0.0.1:8000",
        description="Installs what it needs (npm ci, .venv, the wheels), builds build/bundle/ "
                    "and serves it with explicit MIME types and precompressed brotli/gzip.")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--host", default="127.0.0.1",
                         help="address to listen on (0.0.0.0: every interface; other devices get no "
                              "offline mode over plain HTTP, see README)")
    p_serve.set_defaults(func=cmd_serve)
    p_dist = sub.add_parser(
        "dist", help="write the app as a static folder for any HTTPS static host (dist/)",
        description="Builds the bundle and copies what a static host needs into a folder: relative "
                    "URLs only, so it works under any sub-path; offline after one visit.")
    p_dist.add_argument("--out", default=str(ROOT / "dist"), help="folder to write (replaced)")
    p_dist.set_defaults(func=cmd_dist)
    p_bench = sub.add_parser(
        "bench", help="time to interactive, bytes on the wire and JS heap vs a bare PyScript page; "
                      "the E8 heatmap in Pyodide next to CPython",
        description="Builds the bundle and measures the app and a bare PyScript page from the "
                    "same bundle side by side in one run (figures printed, never asserted).")
    p_bench.add_argument("--rounds", type=int, default=5)
    p_bench.set_defaults(func=cmd_bench)
    p_shots = sub.add_parser(
        "shots", help="the screenshots of docs/screens/ (each tab at tablet and phone size)",
        description="Builds the bundle and writes docs/screens/<tab>-<tablet|phone>.png from the "
                    "default scenario with a glider landing resolved (Chromium via Playwright).")
    p_shots.set_defaults(func=cmd_shots)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
