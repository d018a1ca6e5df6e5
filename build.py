#!/usr/bin/env python3
"""Airhead's single build/test entry point.

    python build.py test     build the wheel; mypy --strict; pytest on CPython; the core
                             tests inside Pyodide under Node; e2e (browser) tests
    python build.py serve    build the web bundle (build/bundle/) and serve it on
                             http://127.0.0.1:8000 (--port N)
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
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
BUILD = ROOT / "build"
WHEELS = BUILD / "wheels"
STAGING = BUILD / "staging"
PYODIDE_WHEELS = BUILD / "pyodide-wheels"
WEB = ROOT / "web"
NODE_MODULES = WEB / "node_modules"
E2E = ROOT / "e2e"
CHROMIUM = Path("/usr/bin/chromium")

REQ_TEST = ROOT / "requirements-test.txt"
REQ_E2E = ROOT / "requirements-e2e.txt"  # added by the e2e issue; joins the venv when present
REQ_PYODIDE = ROOT / "requirements-pyodide.txt"
PYODIDE_RUNNER = ROOT / "tests" / "pyodide" / "run_core_tests.mjs"

# Tags of the Python inside npm pyodide 314.0.7 (see pyodide-lock.json "info").
PYODIDE_PY = "3.14"
PYODIDE_ABI = "cp314"
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"

# Stamps: a content hash written after a step succeeded; the step is skipped while it matches.
VENV_STAMP = VENV / ".airhead-requirements.sha256"
WHEEL_INSTALLED_STAMP = VENV / ".airhead-wheel.sha256"
WHEEL_SOURCE_STAMP = WHEELS / ".source.sha256"
NPM_STAMP = NODE_MODULES / ".airhead-lock.sha256"
PYODIDE_WHEELS_STAMP = PYODIDE_WHEELS / ".requirements.sha256"

# Files and folders that go into the wheel build (copied to build/staging so that setuptools'
# egg-info and build/lib never land in the source tree or leak stale modules into the wheel).
WHEEL_INPUT_FILES = ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "MANIFEST.in")
WHEEL_INPUT_DIRS = ("core",)
IGNORED_NAMES = ("__pycache__", "*.pyc", "*.pyo", "*.egg-info", ".mypy_cache", ".pytest_cache")


class LayerError(Exception):
    """A step of a layer failed; the message says which."""


@dataclasses.dataclass
class Layer:
    name: str
    status: str = "not run"  # passed | failed | skipped | not run
    seconds: float = 0.0
    note: str = ""
    counts: dict[str, int] | None = None


# ----------------------------------------------------------------------------- output helpers

def say(msg: str = "") -> None:
    print(msg, flush=True)


def header(title: str) -> None:
    say()
    say("=" * 78)
    say(f"== {title}")
    say("=" * 78)


def step(msg: str) -> None:
    say(f"-- {msg}")


def clean_env() -> dict[str, str]:
    """The environment for child processes: the venv first on PATH, no stray PYTHONPATH."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP"):
        env.pop(var, None)
    env["VIRTUAL_ENV"] = str(VENV)
    env["PATH"] = f"{VENV / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, tail: bool = False) -> tuple[int, str]:
    """Run cmd with its stdout+stderr streamed through as it comes.

    Returns the exit code and (when tail) the last 64 KiB of output, for parsing summaries.
    """
    args = [str(c) for c in cmd]
    step("$ " + " ".join(args) + (f"   (in {cwd.relative_to(ROOT)}/)" if cwd != ROOT else ""))
    try:
        proc = subprocess.Popen(
            args, cwd=cwd, env=clean_env(), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
    except FileNotFoundError as exc:
        say(f"!! cannot run {args[0]}: {exc}")
        return 127, ""
    assert proc.stdout is not None
    kept = bytearray()
    out = sys.stdout.buffer
    fd = proc.stdout.fileno()
    while chunk := os.read(fd, 65536):
        out.write(chunk)
        out.flush()
        if tail:
            kept += chunk
            del kept[:-65536]
    rc = proc.wait()
    return rc, kept.decode("utf-8", "replace")


def check(cmd: Sequence[str | Path], what: str, *, cwd: Path = ROOT) -> None:
    rc, _ = run(cmd, cwd=cwd)
    if rc != 0:
        raise LayerError(f"{what} failed (exit {rc})")


# ----------------------------------------------------------------------------- hashing / stamps

def sha256_of(paths: Iterable[Path], extra: str = "") -> str:
    """Hash of the contents (and repo-relative names) of the given files, in order."""
    h = hashlib.sha256(extra.encode())
    for p in paths:
        h.update(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p).encode() + b"\0")
        h.update(p.read_bytes() if p.is_file() else b"<missing>")
        h.update(b"\0")
    return h.hexdigest()


def tree_files(top: Path) -> list[Path]:
    """Files under top, sorted, without caches and build debris."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if not _ignored(d))
        found += [Path(dirpath) / f for f in sorted(filenames) if not _ignored(f)]
    return found


def _ignored(name: str) -> bool:
    from fnmatch import fnmatch
    return any(fnmatch(name, pat) for pat in IGNORED_NAMES)


def stamp_ok(stamp: Path, digest: str) -> bool:
    return stamp.is_file() and stamp.read_text().strip() == digest


def write_stamp(stamp: Path, digest: str) -> None:
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest + "\n")


# ----------------------------------------------------------------------------- set-up steps

def venv_requirement_files() -> list[Path]:
    return [REQ_TEST] + ([REQ_E2E] if REQ_E2E.is_file() else [])


def ensure_venv() -> str:
    """Create .venv and install the pinned requirements, unless the stamp says it's current."""
    reqs = venv_requirement_files()
    digest = sha256_of(reqs, extra=sys.version)
    if VENV_PY.exists() and stamp_ok(VENV_STAMP, digest):
        step(f"venv {VENV.relative_to(ROOT)}/ up to date (cached)")
        return "cached"
    if VENV.exists():
        step("requirements changed (or venv incomplete): recreating .venv/")
        shutil.rmtree(VENV)
    check([sys.executable, "-m", "venv", VENV], "creating the venv (on Debian: apt-get install python3-venv)")
    cmd: list[str | Path] = [VENV_PY, "-m", "pip", "install", "--disable-pip-version-check",
                             "--progress-bar", "off"]
    for r in reqs:
        cmd += ["-r", r]
    check(cmd, "pip install of the test requirements")
    write_stamp(VENV_STAMP, digest)
    return "installed"


def wheel_inputs() -> list[Path]:
    files = [ROOT / f for f in WHEEL_INPUT_FILES if (ROOT / f).is_file()]
    for d in WHEEL_INPUT_DIRS:
        files += tree_files(ROOT / d)
    return files


def the_wheel() -> Path | None:
    found = sorted(WHEELS.glob("airhead-*.whl"))
    return found[0] if len(found) == 1 else None


def build_wheel() -> Path:
    """Build build/wheels/airhead-*.whl from a clean copy of the sources (cached by content)."""
    digest = sha256_of(wheel_inputs())
    wheel = the_wheel()
    if wheel is not None and stamp_ok(WHEEL_SOURCE_STAMP, digest):
        step(f"{wheel.relative_to(ROOT)} up to date (cached)")
        return wheel
    for d in (WHEELS, STAGING):
        if d.exists():
            shutil.rmtree(d)
    STAGING.mkdir(parents=True)
    for f in WHEEL_INPUT_FILES:
        if (ROOT / f).is_file():
            shutil.copy2(ROOT / f, STAGING / f)
    for top in WHEEL_INPUT_DIRS:
        shutil.copytree(ROOT / top, STAGING / top, ignore=shutil.ignore_patterns(*IGNORED_NAMES))
    check([VENV_PY, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
           "--disable-pip-version-check", "-w", WHEELS, STAGING], "building the airhead wheel")
    wheel = the_wheel()
    if wheel is None:
        raise LayerError(f"expected exactly one airhead wheel in {WHEELS.relative_to(ROOT)}/")
    write_stamp(WHEEL_SOURCE_STAMP, digest)
    return wheel


def install_wheel(wheel: Path) -> None:
    """Install the built wheel into .venv (only when it differs from the installed one)."""
    digest = sha256_of([wheel])
    if stamp_ok(WHEEL_INSTALLED_STAMP, digest):
        step(f"{wheel.name} already installed in .venv/ (cached)")
    else:
        check([VENV_PY, "-m", "pip", "install", "--force-reinstall", "--no-deps",
               "--disable-pip-version-check", wheel], "installing the airhead wheel")
        write_stamp(WHEEL_INSTALLED_STAMP, digest)
    # The tests must exercise the installed wheel, never core/ on a path.
    probe = subprocess.run(
        [str(VENV_PY), "-c", "import airhead, os; print(os.path.realpath(airhead.__file__))"],
        cwd=ROOT, env=clean_env(), capture_output=True, text=True,
    )
    where = probe.stdout.strip()
    if probe.returncode != 0 or not where:
        raise LayerError(f"`import airhead` fails in .venv:\n{probe.stderr}")
    if Path(where).is_relative_to(ROOT / "core"):
        raise LayerError(f"airhead imports from the source tree ({where}), not from the wheel")
    step(f"airhead imports from {Path(where).parent}")


def ensure_node_modules() -> None:
    """`npm ci` in web/ when node_modules is missing or package-lock.json changed."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise LayerError(f"`{tool}` not found on PATH (need Node >= 18 and npm)")
    lock = WEB / "package-lock.json"
    if not lock.is_file():
        raise LayerError("web/package-lock.json is missing (run `npm install` in web/ and commit it)")
    digest = sha256_of([WEB / "package.json", lock])
    if stamp_ok(NPM_STAMP, digest) and (NODE_MODULES / "pyodide" / "pyodide.mjs").is_file():
        step("web/node_modules up to date (cached)")
        return
    check(["npm", "ci", "--no-audit", "--no-fund"], "npm ci in web/", cwd=WEB)
    write_stamp(NPM_STAMP, digest)


def ensure_pyodide_wheels() -> None:
    """Download the Pyodide-side wheels (micropip, pytest, hypothesis, ...) for Python 3.14."""
    digest = sha256_of([REQ_PYODIDE])
    if stamp_ok(PYODIDE_WHEELS_STAMP, digest):
        step(f"{PYODIDE_WHEELS.relative_to(ROOT)}/ up to date (cached)")
        return
    if PYODIDE_WHEELS.exists():
        shutil.rmtree(PYODIDE_WHEELS)
    PYODIDE_WHEELS.mkdir(parents=True)
    check([VENV_PY, "-m", "pip", "download", "--disable-pip-version-check", "--progress-bar", "off",
           "--no-deps",
           "--only-binary=:all:", "--python-version", PYODIDE_PY, "--implementation", "cp",
           "--abi", PYODIDE_ABI, "--abi", "none",
           "--platform", PYODIDE_PLATFORM, "--platform", "any",
           "-d", PYODIDE_WHEELS, "-r", REQ_PYODIDE], "downloading the Pyodide wheels")
    if not any(PYODIDE_WHEELS.glob("micropip-*.whl")):
        raise LayerError("requirements-pyodide.txt must pin micropip")
    write_stamp(PYODIDE_WHEELS_STAMP, digest)


def ensure_chromium() -> None:
    """Debian's Chromium for Playwright (Playwright's own browser download can't work here)."""
    if CHROMIUM.exists():
        step(f"{CHROMIUM} present")
        return
    if shutil.which("apt-get") is None:
        raise LayerError(f"{CHROMIUM} is missing and apt-get is not available: install Chromium "
                         f"(Debian/Ubuntu package `chromium`) so that {CHROMIUM} exists. "
                         "Do not run `playwright install`.")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    if sudo and shutil.which("sudo") is None:
        raise LayerError(f"{CHROMIUM} is missing: run `apt-get install -y chromium` as root")
    step(f"{CHROMIUM} missing: installing Debian's chromium with apt-get (~480 MB)")
    env_cmd = ["env", "DEBIAN_FRONTEND=noninteractive"]
    try:
        check(sudo + env_cmd + ["apt-get", "update"], "apt-get update")
        check(sudo + env_cmd + ["apt-get", "install", "-y", "chromium"], "apt-get install chromium")
    except LayerError as exc:
        raise LayerError(f"{exc}: install Chromium yourself (`sudo apt-get install -y chromium`)") from None
    if not CHROMIUM.exists():
        raise LayerError(f"{CHROMIUM} still missing after apt-get install chromium")


# ----------------------------------------------------------------------------- web bundle

BUNDLE = BUILD / "bundle"
BUNDLE_STAMP = BUILD / ".bundle.sha256"  # beside, not inside, the served folder
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# What Pyodide's page side loads (the npm package also has consoles, typings and source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# The @pyscript/core chunks the page loads with a JSON config and a Pyodide <script type="py">
# (found by recording the page's requests with Playwright; e2e/test_app.py checks the page
# still loads exactly the precache list, so a PyScript upgrade that changes this fails a test).
# Not loaded, so neither precached: codemirror (py-editor), xterm (py-terminal), toml (TOML
# configs), MicroPython, py-game, zip, storage.
PYSCRIPT_LOADED = ("core.js", "core.css", "core-*.js", "error-*.js", "deprecations-manager-*.js",
                   "donkey-*.js", "py-editor-*.js", "py-game-*.js", "py-terminal-*.js")
# The page's own files.
WEB_FILES = ("index.html", "boot.js", "styles.css", "manifest.webmanifest", "sw.js",
             "app/main.py", "app/details.py", "app/mapview.py", "app/play.py", "app/editor.py", "app/games.py",
             "bench/bare.html", "bench/bare.json")
APP_MODULES = ("details.py", "mapview.py", "play.py", "editor.py", "games.py")  # unpacked next to main.py by PyScript's "files"
# What app/main.py imports at start-up: precompiled to .pyc at build time (tools/pycompile.mjs).
STARTUP_IMPORTS = ("airhead.scenario", "airhead.svg", "airhead.tables", "details")
# Standard-library parts dropped from python_stdlib.zip (nothing in Airhead, PyScript or
# Pyodide's start-up imports them; e2e test_selfcheck imports every airhead module in the
# browser to prove it). Legacy 8-bit and CJK codecs go too: the app only speaks UTF-8.
STDLIB_DROP = ("multiprocessing/", "_pyrepl/", "unittest/", "xmlrpc/", "wsgiref/", "idlelib/",
               "tkinter/", "turtledemo/", "lib2to3/", "ensurepip/", "venv/", "curses/",
               "sqlite3/", "dbm/", "pydoc_data/",
               "pdb.py", "pydoc.py", "doctest.py", "imaplib.py", "mailbox.py", "pickletools.py",
               "optparse.py", "smtplib.py", "ftplib.py", "poplib.py", "turtle.py", "nntplib.py",
               "telnetlib.py", "cProfile.py", "profile.py", "pstats.py", "trace.py", "tabnanny.py",
               "webbrowser.py", "mailcap.py", "timeit.py", "this.py", "antigravity.py",
               "ctypes/", "_pyio.py", "difflib.py", "statistics.py")
# (tarfile stays: Pyodide's package loader imports it whenever a wheel is loaded as a package)
STDLIB_KEEP_CODECS = {"__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16",
                      "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "idna",
                      "punycode", "raw_unicode_escape", "unicode_escape", "charmap", "cp437",
                      "cp1252", "base64_codec", "hex_codec", "zlib_codec", "rot_13", "undefined",
                      "mbcs", "oem", "palmos", "iso8859_1", "iso8859_15"}
# Precompressed beside each file: .gz (gzip -9) and .br (brotli 11, tools/compress.mjs); the
# server sends .br when the client accepts br (Chromium does, even on http://127.0.0.1).
GZIP_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".webmanifest", ".py", ".svg",
                 ".txt", ".zip"}
BUNDLE_FORMAT = "4"  # bump to force a rebuild when the recipe changes in a way hashes miss


def web_inputs() -> list[Path]:
    files = [WEB / f for f in WEB_FILES] + [WEB / "package-lock.json"]
    return files + [PYODIDE_PKG / f for f in PYODIDE_FILES] + [
        Path(__file__), ROOT / "tools" / "pycompile.mjs", ROOT / "tools" / "compress.mjs"]


def _trim_stdlib(src: Path, dst: Path) -> tuple[int, int]:
    import zipfile

    kept = dropped = 0
    # Entries are STORED, not deflated: brotli over the whole archive (sent with Content-Encoding)
    # compresses it far better than deflate entry by entry (1.24 vs 1.75 MB on the wire), and
    # imports then skip zlib in wasm.
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            name = info.filename
            drop = name.startswith(STDLIB_DROP) or name in STDLIB_DROP
            if name.startswith("encodings/") and name.endswith((".py", ".pyc")):
                stem = name.split("/")[-1].rsplit(".", 1)[0]
                drop = stem not in STDLIB_KEEP_CODECS
            if drop:
                dropped += 1
                continue
            kept += 1
            zout.writestr(info, zin.read(info), compress_type=zipfile.ZIP_STORED)
    return kept, dropped


def _patch_lock(src: Path, dst: Path, micropip_whl: Path) -> None:
    """Point the lock file's micropip entry at the PyPI wheel we ship (its sha256 differs)."""
    import json

    lock = json.loads(src.read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = micropip_whl.name
    entry["sha256"] = hashlib.sha256(micropip_whl.read_bytes()).hexdigest()
    dst.write_text(json.dumps(lock, separators=(",", ":")))


def _png(size: int, maskable: bool) -> bytes:
    """The app icon (a light hex with a drop-zone mark on dark green), drawn with analytic
    anti-aliasing: standard library only, so no image tool is needed on a fresh machine."""
    import math
    import struct
    import zlib

    bg, hexc, mark, ring = (0x2F, 0x4F, 0x2F), (0xD9, 0xE4, 0xA6), (0xD9, 0x48, 0x0F), (0xF4, 0xF1, 0xE8)
    c = size / 2
    apothem = size * (0.30 if maskable else 0.38)
    axes = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (0, 60, 120)]
    rows = []
    for y in range(size):
        row = bytearray(b"\0")
        py = y + 0.5 - c
        for x in range(size):
            px = x + 0.5 - c
            d_hex = max(abs(px * ax + py * ay) for ax, ay in axes) - apothem
            r = math.hypot(px, py)
            d_ring = abs(r - apothem * 0.55) - size * 0.035
            d_dot = r - apothem * 0.22
            col = bg
            for d, fill in ((d_hex, hexc), (d_ring, ring), (d_dot, mark)):
                a = min(1.0, max(0.0, 0.5 - d))
                if a > 0:
                    col = tuple(round(f * a + b * (1 - a)) for f, b in zip(fill, col))
            row += bytes(col)
        rows.append(bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def _gzip_file(path: Path) -> None:
    import gzip

    data = path.read_bytes()
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    if len(packed) < len(data) * 0.95:
        path.with_name(path.name + ".gz").write_bytes(packed)


def precache_paths(bundle: Path) -> list[str]:
    """Exactly the files the app loads, as paths relative to the bundle root (sw.js's PRECACHE)."""
    wheel = sorted((bundle / "wheels").glob("airhead-*.whl"))
    paths = ["index.html", "boot.js", "styles.css", "manifest.webmanifest", "config.json",
             "app/main.py", *(f"app/{m}" for m in APP_MODULES),
             "icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-512.png"]
    for pattern in PYSCRIPT_LOADED:
        found = sorted((bundle / "pyscript").glob(pattern))
        if not found:
            raise LayerError(f"@pyscript/core has no {pattern}: update PYSCRIPT_LOADED in build.py")
        paths += [f"pyscript/{p.name}" for p in found]
    paths += [f"pyodide/{f}" for f in PYODIDE_FILES] + [f"wheels/{w.name}" for w in wheel]
    paths += ["wheels/app-pyc.zip"]
    return paths + on_demand_paths(bundle)


# Wheels from requirements-pyodide.txt the app loads only when a player asks (the QR code:
# segno, installed with micropip). Shipped in wheels/ and precached (so QR works offline), but
# never loaded at boot: precache.json lists them as "on_demand" for the e2e tests.
ON_DEMAND_WHEELS = ("segno-*.whl",)


def on_demand_paths(bundle: Path) -> list[str]:
    paths = [f"pyodide/{p.name}" for p in sorted((bundle / "pyodide").glob("micropip-*.whl"))]
    for pattern in ON_DEMAND_WHEELS:
        found = sorted((bundle / "wheels").glob(pattern))
        if len(found) != 1:
            raise LayerError(f"expected one {pattern} in the bundle (pin it in requirements-pyodide.txt)")
        paths.append(f"wheels/{found[0].name}")
    return paths


def build_bundle() -> Path:
    """build/bundle/: the page, PyScript, Pyodide, the wheel, icons, sw.js; .gz beside each
    compressible file. Rebuilt (atomically) only when an input changed."""
    import json

    ensure_node_modules()
    ensure_pyodide_wheels()
    wheel = build_wheel()
    micropip = sorted(PYODIDE_WHEELS.glob("micropip-*.whl"))[-1]
    on_demand = [w for pat in ON_DEMAND_WHEELS for w in sorted(PYODIDE_WHEELS.glob(pat))]
    inputs = web_inputs() + [wheel, micropip, *on_demand] + sorted(PYSCRIPT_DIST.iterdir())
    digest = sha256_of(inputs, extra=BUNDLE_FORMAT)
    if stamp_ok(BUNDLE_STAMP, digest) and (BUNDLE / "sw.js").is_file():
        step(f"{BUNDLE.relative_to(ROOT)}/ up to date (cached)")
        return BUNDLE
    t0 = time.monotonic()
    tmp = BUILD / "bundle.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    for rel in WEB_FILES:
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel != "sw.js":
            shutil.copy2(WEB / rel, tmp / rel)
    (tmp / "pyscript").mkdir()
    for f in sorted(PYSCRIPT_DIST.iterdir()):
        if f.suffix in (".js", ".css"):
            shutil.copy2(f, tmp / "pyscript" / f.name)
    (tmp / "pyodide").mkdir()
    for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        shutil.copy2(PYODIDE_PKG / f, tmp / "pyodide" / f)
    kept, dropped = _trim_stdlib(PYODIDE_PKG / "python_stdlib.zip", tmp / "pyodide" / "python_stdlib.zip")
    step(f"python_stdlib.zip: kept {kept} entries, dropped {dropped} "
         f"({(PYODIDE_PKG / 'python_stdlib.zip').stat().st_size:,} -> "
         f"{(tmp / 'pyodide' / 'python_stdlib.zip').stat().st_size:,} bytes)")
    # Precompiled bytecode for what the app imports at start-up (tools/pycompile.mjs, docs/web.md)
    pyc_out = BUILD / "pyc.tmp"
    if pyc_out.exists():
        shutil.rmtree(pyc_out)
    pyc_out.mkdir(parents=True)
    check(["node", ROOT / "tools" / "pycompile.mjs", PYODIDE_PKG, wheel,
           tmp / "pyodide" / "python_stdlib.zip", WEB / "app", pyc_out, *STARTUP_IMPORTS],
          "precompiling the start-up modules in Pyodide")
    shutil.move(pyc_out / "python_stdlib.zip", tmp / "pyodide" / "python_stdlib.zip")
    (tmp / "wheels").mkdir()
    shutil.move(pyc_out / "app-pyc.zip", tmp / "wheels" / "app-pyc.zip")
    shutil.rmtree(pyc_out)
    _patch_lock(PYODIDE_PKG / "pyodide-lock.json", tmp / "pyodide" / "pyodide-lock.json", micropip)
    shutil.copy2(micropip, tmp / "pyodide" / micropip.name)
    shutil.copy2(wheel, tmp / "wheels" / wheel.name)
    for w in on_demand:
        shutil.copy2(w, tmp / "wheels" / w.name)
    (tmp / "icons").mkdir()
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (tmp / "icons" / name).write_bytes(_png(size, maskable))
    # PyScript configs: the app unpacks its wheel with "files" (docs/web.md says why); the
    # micropip variant is kept for the benchmark that backs that choice.
    files = {f"./app/{m}": f"./{m}" for m in APP_MODULES}
    config = {"interpreter": "./pyodide/pyodide.mjs",
              "files": {f"./wheels/{wheel.name}": "./*", "./wheels/app-pyc.zip": "./*", **files}}
    (tmp / "config.json").write_text(json.dumps(config, indent=1))
    (tmp / "bench" / "micropip.json").write_text(json.dumps(
        {"interpreter": "../pyodide/pyodide.mjs", "packages": [f"../wheels/{wheel.name}"],
         "files": {f"../app/{m}": f"./{m}" for m in APP_MODULES}}, indent=1))
    # Preload PyScript's main chunk (imported by core.js) and what PyScript fetches only once
    # the interpreter is up (the wheel, the views): downloaded while the wasm compiles.
    html = (WEB / "index.html").read_text()
    marker = "  <!-- build.py: preload links"
    if marker not in html:
        raise LayerError("web/index.html lost its preload marker comment")
    preload = "".join(f'  <link rel="modulepreload" href="./pyscript/{p.name}">\n'
                      for p in sorted((tmp / "pyscript").glob("core-*.js")))
    preload += "".join(f'  <link rel="preload" href="./{p}" as="fetch" crossorigin="anonymous">\n'
                       for p in [f"wheels/{wheel.name}", "wheels/app-pyc.zip", "app/main.py",
                                 *(f"app/{m}" for m in APP_MODULES)])
    html = re.sub(r"  <!-- build.py: preload links.*?-->\n", lambda m: preload, html)
    (tmp / "index.html").write_text(html)
    variant = html.replace('config="./config.json"', 'config="./micropip.json"')
    variant = re.sub(r'(href|src)="\./', r'\1="../', variant)
    (tmp / "bench" / "micropip.html").write_text(variant)
    # The service worker: precache list and a cache name from the content of those files.
    paths = precache_paths(tmp)
    h = hashlib.sha256()
    for rel in paths:
        h.update(rel.encode() + b"\0" + (tmp / rel).read_bytes())
    cache = "airhead-" + h.hexdigest()[:16]
    sw = (WEB / "sw.js").read_text()
    sw = sw.replace('"__CACHE__"', json.dumps(cache)).replace("__PRECACHE__", json.dumps(paths, indent=1))
    (tmp / "sw.js").write_text(sw)
    (tmp / "precache.json").write_text(json.dumps({"cache": cache, "files": paths,
                                                       "on_demand": on_demand_paths(tmp)}, indent=1))
    compressible = [f for f in sorted(tmp.rglob("*")) if f.is_file() and f.suffix in GZIP_SUFFIXES]
    for f in compressible:
        _gzip_file(f)
    check(["node", ROOT / "tools" / "compress.mjs", BUILD / "brotli-cache", tmp, *sorted(GZIP_SUFFIXES)],
          "brotli compression")
    if BUNDLE.exists():
        shutil.rmtree(BUNDLE)
    tmp.rename(BUNDLE)
    write_stamp(BUNDLE_STAMP, digest)
    raw = sum((BUNDLE / p).stat().st_size for p in paths)
    wire = sum(min((BUNDLE / (p + ext)).stat().st_size for ext in ("", ".gz", ".br")
                   if (BUNDLE / (p + ext)).is_file()) for p in paths)
    step(f"built {BUNDLE.relative_to(ROOT)}/ in {time.monotonic() - t0:.1f} s: cache {cache}, "
         f"{len(paths)} precached files, {raw:,} bytes ({wire:,} compressed)")
    return BUNDLE


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

def run_mypy(layer: Layer) -> None:
    check([VENV_PY, "-m", "mypy", "--strict", "core/airhead"], "mypy --strict core/airhead")


def run_cpython_tests(layer: Layer) -> None:
    # The venv's pytest script (not `python -m pytest`) keeps the repo root off sys.path.
    run_pytest([VENV / "bin" / "pytest", "tests"], layer, "CPython tests")


def run_pyodide_tests(layer: Layer, wheel: Path) -> None:
    ensure_node_modules()
    ensure_pyodide_wheels()
    run_pytest(["node", PYODIDE_RUNNER, "--airhead-wheel", wheel,
                "--wheels-dir", PYODIDE_WHEELS], layer, "Pyodide tests")


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
    run_pytest([VENV / "bin" / "pytest", "e2e", "-p", "no:cacheprovider",
                "--reruns", "2", "--only-rerun", "Page crashed", "--only-rerun", "Target crashed",
                "--output", E2E / "artifacts" / "test-results"], layer, "e2e tests")


# ----------------------------------------------------------------------------- commands

def cmd_test(args: argparse.Namespace) -> int:
    skip: set[str] = set(args.skip or ())
    layers: list[Layer] = []
    t_all = time.monotonic()

    def layer(name: str, fn: Callable[..., object], *fn_args: object,
              needs: Layer | None = None) -> Layer:
        lay = Layer(name)
        layers.append(lay)
        header(name)
        if needs is not None and needs.status != "passed":
            lay.status, lay.note = "skipped", f"needs '{needs.name}'"
            say(f"skipped: {lay.note}, which did not pass")
            return lay
        t0 = time.monotonic()
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
            traceback.print_exc()
            lay.status, lay.note = "failed", f"{type(exc).__name__}: {exc}"
        lay.seconds = time.monotonic() - t0
        say(f"-- {name}: {lay.status.upper()} ({lay.seconds:.1f} s)")
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
    for key, name, fn in (
        ("mypy", "mypy --strict core/airhead", run_mypy),
        ("cpython", f"pytest tests/ on CPython {sys.version.split()[0]}", run_cpython_tests),
    ):
        if key in skip:
            layers.append(Layer(name, "skipped", note="--skip " + key))
            continue
        layer(name, fn, needs=whl if key == "cpython" else venv)
    if "pyodide" in skip:
        layers.append(Layer("pytest tests/core in Pyodide (Node)", "skipped", note="--skip pyodide"))
    else:
        layer("pytest tests/core in Pyodide (Node)",
              lambda lay: run_pyodide_tests(lay, built[0]), needs=whl)
    if "e2e" in skip:
        layers.append(Layer("build: web bundle", "skipped", note="--skip e2e"))
        layers.append(Layer("e2e: Playwright + Chromium", "skipped", note="--skip e2e"))
    else:
        bundle = layer("build: web bundle", lambda lay: str(build_bundle().relative_to(ROOT)) + "/",
                       needs=whl)
        layer("e2e: Playwright + Chromium", run_e2e, needs=bundle)

    # ---- summary
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
        say(f"{lay.status.upper():8} {lay.name:{width}}  {lay.seconds:6.1f} s  {note}")
    failed = [lay for lay in layers if lay.status == "failed"]
    say(f"{'':8} {'total':{width}}  {time.monotonic() - t_all:6.1f} s")
    say()
    say("RESULT: " + ("FAILED (" + ", ".join(lay.name for lay in failed) + ")" if failed else "OK"))
    # Closing line in the plain "N passed, N failed, N skipped" form, over all test layers.
    say(f"tests: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")
    return 1 if failed else 0


def prepare_web() -> Path:
    """Everything `serve` and `bench` need: venv, the wheel (installed), node_modules, bundle."""
    ensure_venv()
    install_wheel(build_wheel())
    return build_bundle()


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        bundle = prepare_web()
    except LayerError as exc:
        say(f"!! {exc}")
        return 1
    sys.path.insert(0, str(ROOT))
    from tools.devserver import serve

    serve(bundle, port=args.port)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        prepare_web()
        ensure_chromium()
    except LayerError as exc:
        say(f"!! {exc}")
        return 1
    rc, _ = run([VENV_PY, ROOT / "tools" / "bench.py", "--rounds", str(args.rounds)])
    return bench_heatmap() or rc


def bench_heatmap() -> int:
    """E8 ILH heatmap on a four-board map, CPython next to Pyodide (figures only, no targets
    asserted: < 1 s is the floor, < 250 ms lets the page redraw it live as the wind changes)."""
    import json

    say("== E8 heatmap: four geoboards (1,332 candidate ILHs), CPython vs Pyodide (Node, V8)")
    figures = {}
    for label, cmd in (("CPython", [VENV_PY, ROOT / "tools" / "bench_heatmap.py"]),
                       ("Pyodide", ["node", ROOT / "tools" / "bench_heatmap.mjs"])):
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
    p_test.add_argument("--skip", action="append", choices=["mypy", "cpython", "pyodide", "e2e"],
                        help="skip a layer (repeatable; for local iteration, not for CI)")
    p_test.set_defaults(func=cmd_test)
    p_serve = sub.add_parser(
        "serve", help="build the web bundle and serve it on http://127.0.0.1:8000",
        description="Installs what it needs (npm ci, .venv, the wheels), builds build/bundle/ "
                    "and serves it with explicit MIME types and precompressed brotli/gzip.")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.set_defaults(func=cmd_serve)
    p_bench = sub.add_parser(
        "bench", help="time to interactive, bytes on the wire and JS heap vs a bare PyScript page; "
                      "the E8 heatmap in Pyodide next to CPython",
        description="Builds the bundle and measures the app and a bare PyScript page from the "
                    "same bundle side by side in one run (figures printed, never asserted).")
    p_bench.add_argument("--rounds", type=int, default=3)
    p_bench.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
