"""The web bundle recipe: build/bundle/ as served (docs/web.md), standard library only.

The page, PyScript, Pyodide (trimmed stdlib, patched lock), the airhead wheel, precompiled
start-up bytecode, icons, config.json, sw.js with its precache list, and a .gz and .br beside each
compressible file. Rebuilt (atomically) only when an input changed.

The app's Python is found, not listed: web/app/main.py is the page (run by index.html's
inline <script type="py">import main</script>, shipped as main.pyc) and every other web/app/*.py is a view module beside it (`app_modules()`),
shipped as bytecode only (app-pyc.zip); the bytecode precompilation uses that one list.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import html
import json
import math
import re
import shutil
import struct
import time
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path

from tools import pyscript_package
from tools.common import (
    BUILD, NODE_MODULES, ROOT, TOOLS, WEB, LayerError, check, sha256_of, stamp_ok, step,
    write_stamp,
)
from tools.env import (
    PYODIDE_WHEELS, build_wheel, ensure_node_modules, ensure_pyodide_wheels, ensure_venv,
    install_wheel,
)
from tools.shipped import strip_python, stripped_file, stripped_wheel, write_wheel

BUNDLE = BUILD / "bundle"
BUNDLE_STAMP = BUILD / ".bundle.sha256"  # beside, not inside, the served folder
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# What Pyodide's page side loads (the npm package also has consoles, typings and source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# The app's standard library (tools/pycompile.mjs): the trimmed python_stdlib.zip with what the
# app and Pyodide's boot import precompiled, in place of the sources. snapshot.mjs loads it
# (stdLibURL); python_stdlib.zip stays beside it for the benchmark's bare PyScript page only.
APP_STDLIB = "python_stdlib_app.zip"
# The @pyscript/core chunks the page loads with a JSON config and a Pyodide <script type="py">
# (found by recording the page's requests with Playwright; e2e/test_snapshot.py checks the page
# still loads exactly the precache list, so a PyScript upgrade that changes this fails a test).
# Not loaded, so neither precached: codemirror (py-editor), xterm (py-terminal), toml (TOML
# configs), MicroPython, py-game, zip, storage.
PYSCRIPT_LOADED = ("core.js", "core.css", "core-*.js", "error-*.js", "deprecations-manager-*.js",
                   "donkey-*.js", "py-editor-*.js", "py-game-*.js", "py-terminal-*.js")
# The page's own files (besides its Python, found in web/app/ by app_modules()). sw.js,
# snapshot.mjs and snapshot-worker.mjs are templates filled in by build_bundle().
PAGE_FILES = ("index.html", "boot.js", "styles.css", "manifest.webmanifest", "sw.js", "snapshot.mjs",
              "snapshot-worker.mjs", "early.js")
# filled in by build_bundle, not copied as they are (early.js: inlined into index.html's head)
TEMPLATES = ("sw.js", "snapshot.mjs", "snapshot-worker.mjs", "early.js")
BENCH_FILES = ("bench/bare.html", "bench/bare.json", "bench/app-stdlib.mjs")
APP_DIR = WEB / "app"
APP_ENTRY = "main.py"  # the page: web/app/main.py, run by index.html's <script type="py">import main</script>
# ... which goes into app-pyc.zip as main.pyc with the views, so PyScript runs one inline line
# instead of parsing the page's ~280 (Pyodide parses it into a Python AST first: ~10-40 ms of
# every start's CPU) and fetching a file of its own once the interpreter is up (docs/web.md)
PAGE_LINE = '<script type="py" config="./config.json">import main</script>'
# What app/main.py imports at start-up: precompiled to .pyc at build time (tools/pycompile.mjs).
# airhead.game is not needed by the first paint (the play panel imports it just after): it is
# listed so it is precompiled and held by the memory snapshot all the same.
STARTUP_IMPORTS = ("airhead.scenario", "airhead.systems", "airhead.svg", "airhead.tables", "details", "airhead.game")
# The command line (python -m airhead, its board commands): never run in the page, so left out
# of the bundle's wheel (and of the snapshot, and of the standard library it would import).
COMMAND_LINE = ("airhead/__main__.py", "airhead/board_cli.py")
# The default scenario's map as the page's first paint shows it: drawn at build time by the same
# wheel in the same Pyodide (STARTUP_RUN), shipped as app/first-map.svg, put in the page by boot.js
# while the runtime loads and kept by web/app/main.py, so a start that shows the default scenario
# draws its first map before any rule is imported (the Play panel draws it again from the game,
# and keeps the map on screen when its drawing is identical: data-digest).
FIRST_MAP = "first-map.json"  # what STARTUP_RUN writes
FIRST_MAP_SVG = "first-map.svg"
# ... and what pycompile runs after the start-up imports (tools/pycompile.mjs --run): the default
# scenario's map, written into its OUT_DIR (reading the scenario imports importlib's resource
# readers, precompiled with the rest).
STARTUP_RUN = ("import json\nfrom airhead.systems import builtin\nfrom airhead.svg import render_map\n"
               "s = builtin('default')\n"
               f"with open('/work/out/{FIRST_MAP}', 'w', encoding='utf-8') as f:\n"
               "    json.dump({'scenario': 'default', 'name': s.name, 'svg': render_map(s)}, f)\n")
# What the memory snapshot holds besides STARTUP_IMPORTS (snapshot_imports()): just after the
# first paint the play panel imports the presenter, the codec and the scenario's rules modules
# (compiled from source at every start, ~0.5 s in the browser); a restored interpreter has every
# airhead module already (but the command line), and these views, which need no page.
SNAPSHOT_VIEWS = ("forms",)
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
                 ".txt", ".zip", ".whl"}
BUNDLE_FORMAT = "10"  # bump to force a rebuild when the recipe changes in a way hashes miss


def app_modules() -> list[str]:
    """The app's modules beside its entry: every web/app/*.py but main.py, sorted by name.

    PyScript's "files" unpacks them next to main.py (config.json); they are preloaded,
    precached and precompiled. A new file in web/app/ joins them with no edit here.
    """
    if not (APP_DIR / APP_ENTRY).is_file():
        raise LayerError(f"{APP_DIR.relative_to(ROOT)}/{APP_ENTRY} is missing (the PyScript entry)")
    return sorted(p.name for p in APP_DIR.glob("*.py")
                  if p.is_file() and p.name != APP_ENTRY and not p.name.startswith("."))


def web_files(modules: Sequence[str]) -> list[str]:
    """The page's own files, relative to web/ (and to the bundle they are copied into; the view
    modules only until they are compiled: the bundle ships their bytecode, app-pyc.zip)."""
    return [*PAGE_FILES, f"app/{APP_ENTRY}", *(f"app/{m}" for m in modules), *BENCH_FILES]


def web_inputs(modules: Sequence[str]) -> list[Path]:
    files = [WEB / f for f in web_files(modules)] + [WEB / "package-lock.json"]
    return files + [PYODIDE_PKG / f for f in PYODIDE_FILES] + [
        Path(__file__), TOOLS / "shipped.py", TOOLS / "pycompile.mjs", TOOLS / "compress.mjs"]


def _trim_stdlib(src: Path, dst: Path) -> tuple[int, int]:
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


def _stored_zip(src: Path, dst: Path) -> None:
    """``src`` rewritten with *stored* entries (same names, order, dates and contents): the server's
    brotli over the whole archive then beats deflate entry by entry (the airhead wheel 305 ->
    207 kB on the wire). A wheel's RECORD hashes the files, not their compression."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info), compress_type=zipfile.ZIP_STORED)


def _bytecode_in_place(wheel: Path, compiled: Path, views_out: Path) -> tuple[int, list[str]]:
    """The precompiled modules (``compiled``: tools/pycompile.mjs's sourceless airhead/svg.pyc,
    details.pyc...) shipped *instead of* their sources: the airhead ones go into ``wheel`` in
    place of their .py (its RECORD follows), the views' into ``views_out``. A module is loaded
    from its bytecode either way (unchecked-hash .pyc); sending its source too only cost bytes
    on the wire. Tracebacks keep each frame's file and line, without the line's text. Returns
    (how many airhead modules, the views' file names: details.py...; PyScript's package,
    pyscript/__pycache__/..., goes into ``views_out`` too, not counted)."""
    with zipfile.ZipFile(compiled) as z:
        pyc = {i.filename: z.read(i) for i in z.infolist()}
    with zipfile.ZipFile(wheel) as z:
        entries = [(i, z.read(i)) for i in z.infolist()]
    names = {i.filename for i, _ in entries}
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    moved = 0
    for info, data in entries:
        code = pyc.pop(info.filename + "c", None) if info.filename.endswith(".py") else None
        if code is None:
            out.append((info, data))
            continue
        moved += 1
        out.append((zipfile.ZipInfo(info.filename + "c", date_time=info.date_time), code))
    stray = sorted(n for n in pyc if n.startswith("airhead/"))
    if stray:
        raise LayerError(f"precompiled modules not in {wheel.name}: {', '.join(stray)}")
    if not any(n.endswith("/RECORD") for n in names):
        raise LayerError(f"{wheel.name} has no RECORD: not a wheel")
    write_wheel(wheel, out)
    with zipfile.ZipFile(views_out, "w", zipfile.ZIP_STORED) as z:
        for name, code in sorted(pyc.items()):
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), code)
    return moved, sorted(n.removesuffix("c") for n in pyc if "/" not in n)


def _first_map_svg(drawn: Path, dst: Path) -> None:
    """app/first-map.svg from what STARTUP_RUN wrote ({"scenario", "name", "svg"}): the map's SVG
    marked as the build's drawing of that scenario, with its name (web/app/main.py reads both)."""
    first = json.loads(drawn.read_text(encoding="utf-8"))
    svg = first["svg"]
    if first.get("scenario") != "default" or not svg.startswith("<svg "):
        raise LayerError(f"{drawn.name}: not the default scenario's map")
    # data-digest: web/app/mapview.py's digest of this drawing (the Play panel's first drawing of
    # the same map is then not put in the page again)
    mark = (f'<svg data-first-map="default" data-name="{html.escape(first["name"], quote=True)}" '
            f'data-digest="{hashlib.sha256(svg.encode("utf-8")).hexdigest()}" ')
    dst.write_text(mark + svg[len("<svg "):], encoding="utf-8")


def _patch_lock(src: Path, dst: Path, micropip_whl: Path) -> None:
    """The lock file with micropip's entry only (and what it depends on), pointed at the PyPI wheel
    we ship (its sha256 differs): the bundle ships no other package, and the page reads the whole
    lock at every start (111 -> ~1 kB)."""
    lock = json.loads(src.read_text())
    packages = lock["packages"]
    keep, todo = {}, ["micropip"]
    while todo:
        name = todo.pop()
        if name not in keep:
            keep[name] = packages[name]
            todo += packages[name].get("depends", [])
    entry = keep["micropip"]
    entry["file_name"] = micropip_whl.name
    entry["sha256"] = hashlib.sha256(micropip_whl.read_bytes()).hexdigest()
    lock["packages"] = keep
    dst.write_text(json.dumps(lock, separators=(",", ":")))


# Standard-library modules the page imports after start-up (compiled ones aside): what the QR
# code's segno imports (web/app/share_panel.py), found by drawing one on a `?selfcheck` page and
# asking window.airheadFromSource(). python_stdlib_app.zip keeps their sources (and the codecs'),
# stripped of comments and docstrings; every other source goes: what the page imports at
# start-up is precompiled (tools/pycompile.mjs; e2e test_selfcheck: nothing else comes from
# source), the rest it never imports. Not urllib.request (an HTTP client, with http.client,
# email and quopri behind it): xml.sax.saxutils imports it for a function segno never
# calls, and share_panel.py imports saxutils with a stand-in for it; nor importlib.metadata
# (share_panel.py refreshes the one path finder instead of importlib.invalidate_caches()). The
# untrimmed archive stays for the bench's micropip page (micropip imports much more: STDLIB_BENCH).
STDLIB_LATE = (
    "datetime", "gzip", "ipaddress", "urllib", "urllib.parse", "xml.sax", "xml.sax._exceptions",
    "xml.sax.handler", "xml.sax.saxutils", "xml.sax.xmlreader",
)
STDLIB_BENCH = "python_stdlib_bench.zip"


def _late_sources() -> set[str]:
    files = set()
    for module in STDLIB_LATE:
        path = module.replace(".", "/")
        files |= {f"{path}.py", f"{path}/__init__.py"}
    return files


def _trim_app_stdlib(path: Path) -> tuple[int, int, int, int]:
    """python_stdlib_app.zip without the sources the page never imports (STDLIB_LATE): (sources
    kept, sources dropped, bytes before, bytes after)."""
    late = _late_sources()
    kept = dropped = 0
    before = path.stat().st_size
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if name.endswith(".py"):
                if name not in late and not name.startswith("encodings/"):
                    dropped += 1
                    continue
                kept += 1
                try:
                    data = strip_python(data.decode(), name).encode()
                except (LayerError, SyntaxError, UnicodeDecodeError, ValueError):
                    pass  # (a syntax CPython 3.11 cannot parse: shipped as it is)
            zout.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    tmp.replace(path)
    return kept, dropped, before, path.stat().st_size


def _png(size: int, maskable: bool) -> bytes:
    """The app icon (a light hex with a drop-zone mark on dark green), drawn with analytic
    anti-aliasing: standard library only, so no image tool is needed on a fresh machine."""
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
            col: tuple[int, ...] = bg
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
    data = path.read_bytes()
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    if len(packed) < len(data) * 0.95:
        path.with_name(path.name + ".gz").write_bytes(packed)


def snapshot_imports(wheel: Path) -> list[str]:
    """What the snapshot worker imports (web/snapshot-worker.mjs): STARTUP_IMPORTS, then every
    module of the airhead ``wheel`` (source or bytecode) but the command line, then
    SNAPSHOT_VIEWS."""
    with zipfile.ZipFile(wheel) as z:
        found = sorted({".".join(Path(n).with_suffix("").parts) for n in z.namelist()
                        if n.startswith("airhead/") and n.endswith((".py", ".pyc"))})
    cli = {".".join(Path(n).with_suffix("").parts) for n in COMMAND_LINE}
    names = [n.removesuffix(".__init__") for n in found if n not in cli]
    if "airhead.asl.system" not in names:
        raise LayerError(f"{wheel.name} holds no airhead.asl.system: not the airhead wheel")
    return list(dict.fromkeys([*STARTUP_IMPORTS, *names, *SNAPSHOT_VIEWS]))


def view_imports() -> list[str]:
    """Every module name web/app/*.py imports (main.py too, at any depth; absolute imports
    only) but the late ones (STDLIB_LATE: shipped as sources, and importing xml.sax.saxutils here
    would compile the urllib.request the page leaves out): tools/pycompile.mjs imports them to
    find the standard library the views use."""
    names: set[str] = set()
    for path in sorted(APP_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
    return sorted(names - set(STDLIB_LATE))


def precache_paths(bundle: Path) -> list[str]:
    """Exactly the files the app loads, as paths relative to the bundle root (sw.js's PRECACHE)."""
    wheel = sorted((bundle / "wheels").glob("airhead-*.whl"))
    paths = ["index.html", "boot.js", "snapshot.mjs", "styles.css", "manifest.webmanifest", "config.json",
             f"app/{FIRST_MAP_SVG}", "icons/icon-192.png", "icons/icon-512.png",
             "icons/icon-maskable-512.png"]
    for pattern in PYSCRIPT_LOADED:
        found = sorted((bundle / "pyscript").glob(pattern))
        if not found:
            raise LayerError(f"@pyscript/core has no {pattern}: update PYSCRIPT_LOADED in tools/bundle.py")
        paths += [f"pyscript/{p.name}" for p in found]
    paths += [f"pyodide/{f}" for f in PYODIDE_FILES if f != "python_stdlib.zip"] + [f"pyodide/{APP_STDLIB}"]
    paths += [f"wheels/{w.name}" for w in wheel]
    paths += ["wheels/app-pyc.zip"]
    return paths + on_demand_paths(bundle)


# Wheels from requirements-pyodide.txt the app loads only when a player asks (the QR code:
# segno, unpacked by web/app/share_panel.py). Shipped in wheels/ and precached (so QR works offline), but
# never loaded at boot: precache.json lists them as "on_demand" for the e2e tests.
ON_DEMAND_WHEELS = ("segno-*.whl",)
# ... shipped stripped like the app's own Python (tools/shipped.py), without what the page never
# imports: segno's command line, its helpers (vCard, WiFi... codes), its type stubs.
ON_DEMAND_LEAVE_OUT = ("segno/cli.py", "segno/helpers.py", "*.pyi", "*.dist-info/entry_points.txt")


def on_demand_paths(bundle: Path) -> list[str]:
    # snapshot-worker.mjs: loaded after boot, to make the memory snapshot (docs/web.md)
    paths = ["snapshot-worker.mjs"]
    for pattern in ON_DEMAND_WHEELS:
        found = sorted((bundle / "wheels").glob(pattern))
        if len(found) != 1:
            raise LayerError(f"expected one {pattern} in the bundle (pin it in requirements-pyodide.txt)")
        paths.append(f"wheels/{found[0].name}")
    return paths


# The bundle's parts as the bench weighs them: (part, fnmatch patterns over precached paths); the
# first part that matches a file takes it, and the last takes what is left.
PARTS = (
    ("fetched after boot: QR code wheel, snapshot worker", ("wheels/segno-*", "snapshot-worker.mjs")),
    ("Pyodide: the wasm runtime", ("pyodide/pyodide.asm.wasm",)),
    ("Pyodide: its JavaScript and lock file", ("pyodide/*.mjs", "pyodide/*.json")),
    ("Python's standard library (precompiled)", (f"pyodide/{APP_STDLIB}",)),
    ("the rules: airhead wheel (bytecode + sources)", ("wheels/airhead-*",)),
    ("the views' bytecode (app-pyc.zip)", ("wheels/app-pyc.zip",)),
    ("the first map (app/)", ("app/*",)),
    ("PyScript", ("pyscript/*",)),
    ("the page: HTML, JS, CSS, icons, manifest", ("*",)),
)


def wire_size(bundle: Path, rel: str) -> int:
    """What the server sends for one file: its smallest form (.br, .gz or as is)."""
    return min((bundle / (rel + ext)).stat().st_size for ext in ("", ".gz", ".br") if (bundle / (rel + ext)).is_file())


def bundle_weights(bundle: Path) -> list[tuple[str, int, int, int]]:
    """The first visit's files by part: (part, files, bytes on the wire, bytes unpacked), from
    precache.json (every file the app loads, the after-boot ones included: the fill stores them)."""
    import fnmatch

    paths = json.loads((bundle / "precache.json").read_text())["files"]
    out: dict[str, list[int]] = {name: [0, 0, 0] for name, _ in PARTS}
    for rel in paths:
        name = next(n for n, pats in PARTS if any(fnmatch.fnmatch(rel, p) for p in pats))
        row = out[name]
        row[0] += 1
        row[1] += wire_size(bundle, rel)
        row[2] += (bundle / rel).stat().st_size
    return [(name, *row) for name, row in out.items() if row[0]]  # type: ignore[misc]


def service_worker(template: str, bundle: Path, paths: Sequence[str]) -> tuple[str, str, dict[str, str]]:
    """sw.js from its template: (script, cache name, {path: sha256 of the file's content}).

    The cache name hashes the precached names and contents and the template, so two different
    workers never share a cache: an update fills a cache of its own, and a failed one can
    delete it without touching the active build's (docs/web.md, "Service worker").
    """
    hashes = {rel: hashlib.sha256((bundle / rel).read_bytes()).hexdigest() for rel in paths}
    h = hashlib.sha256(template.encode() + b"\0")
    for rel in paths:
        h.update(rel.encode() + b"\0" + hashes[rel].encode() + b"\0")
    cache = "airhead-" + h.hexdigest()[:16]
    for marker in ('"__CACHE__"', "__PRECACHE__"):
        if template.count(marker) != 1:
            raise LayerError(f"web/sw.js must hold {marker} exactly once")
    sw = template.replace('"__CACHE__"', json.dumps(cache)).replace(
        "__PRECACHE__", json.dumps(hashes, indent=1))
    return sw, cache, hashes


def _fill(template: str, marker: str, value: str) -> str:
    if template.count(marker) != 1:
        raise LayerError(f"a web template must hold {marker} exactly once")
    return template.replace(marker, value)


def _early_script(files: list[str], key: str) -> str:
    """web/early.js filled in, without its comment lines (index.html's head script)."""
    text = (WEB / "early.js").read_text()
    for marker, value in (("__FILES__", json.dumps(files)),
                          ("__FIRST_MAP__", json.dumps(f"./app/{FIRST_MAP_SVG}")),
                          ("__SNAPSHOT_KEY__", json.dumps(key))):
        text = _fill(text, marker, value)
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//")]
    if "</" in text:
        raise LayerError("web/early.js must not hold '</' (it is inlined in a <script>)")
    return "\n" + "\n".join(lines) + "\n  "


def snapshot_key(bundle: Path, paths: Sequence[str]) -> str:
    """The memory snapshot's key (snapshot.mjs): a hash of snapshot.mjs's template (its restore
    code) and of every file the page loads but snapshot.mjs, sw.js and index.html (whose head
    script names the key) (Pyodide, the wheels, config.json, the app's Python, the snapshot
    worker with its import list), so a snapshot is only ever restored by the build that made it."""
    h = hashlib.sha256(b"airhead-snapshot\0" + (WEB / "snapshot.mjs").read_bytes() + b"\0")
    for rel in sorted(paths):
        h.update(rel.encode() + b"\0" + hashlib.sha256((bundle / rel).read_bytes()).digest())
    return h.hexdigest()[:24]


def build_bundle() -> Path:
    """build/bundle/: the page, PyScript, Pyodide, the wheel, icons, sw.js; .gz beside each
    compressible file. Rebuilt (atomically) only when an input changed."""
    ensure_node_modules()
    ensure_pyodide_wheels()
    wheel = build_wheel()
    modules = app_modules()
    micropip = sorted(PYODIDE_WHEELS.glob("micropip-*.whl"))[-1]
    on_demand = [w for pat in ON_DEMAND_WHEELS for w in sorted(PYODIDE_WHEELS.glob(pat))]
    inputs = web_inputs(modules) + [wheel, micropip, *on_demand] + sorted(PYSCRIPT_DIST.iterdir())
    digest = sha256_of(inputs, extra=BUNDLE_FORMAT)
    if stamp_ok(BUNDLE_STAMP, digest) and (BUNDLE / "sw.js").is_file():
        step(f"{BUNDLE.relative_to(ROOT)}/ up to date (cached)")
        return BUNDLE
    t0 = time.monotonic()
    tmp = BUILD / "bundle.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    # the app's Python is shipped without comments and docstrings (tools/shipped.py)
    (tmp / "wheels").mkdir(parents=True)
    before, after = stripped_wheel(wheel, tmp / "wheels" / wheel.name, COMMAND_LINE)  # stored entries too
    for rel in web_files(modules):
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        if rel.startswith("app/") and rel.endswith(".py"):
            b, a = stripped_file(WEB / rel, tmp / rel)
            before, after = before + b, after + a
        elif rel not in TEMPLATES:
            shutil.copy2(WEB / rel, tmp / rel)
    step(f"the app's Python without comments and docstrings: {before:,} -> {after:,} bytes")
    (tmp / "pyscript").mkdir()
    for f in sorted(PYSCRIPT_DIST.iterdir()):
        if f.suffix in (".js", ".css"):
            shutil.copy2(f, tmp / "pyscript" / f.name)
    pyscript_package.check(tmp / "pyscript")  # before the slow precompile: a mismatch stops at once
    (tmp / "pyodide").mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        shutil.copy2(PYODIDE_PKG / name, tmp / "pyodide" / name)
    kept, dropped = _trim_stdlib(PYODIDE_PKG / "python_stdlib.zip", tmp / "pyodide" / "python_stdlib.zip")
    step(f"python_stdlib.zip: kept {kept} entries, dropped {dropped} "
         f"({(PYODIDE_PKG / 'python_stdlib.zip').stat().st_size:,} -> "
         f"{(tmp / 'pyodide' / 'python_stdlib.zip').stat().st_size:,} bytes)")
    # Precompiled bytecode for what the app imports at start-up (tools/pycompile.mjs, docs/web.md)
    pyc_out = BUILD / "pyc.tmp"
    if pyc_out.exists():
        shutil.rmtree(pyc_out)
    pyc_out.mkdir(parents=True)
    held = snapshot_imports(tmp / "wheels" / wheel.name)  # what the memory snapshot imports
    check(["node", TOOLS / "pycompile.mjs", PYODIDE_PKG, tmp / "wheels" / wheel.name,
           tmp / "pyodide" / "python_stdlib.zip", tmp / "app", pyc_out, *STARTUP_IMPORTS,
           "--run", STARTUP_RUN, "--views", *modules, APP_ENTRY, "--pyscript", pyscript_package.ARTIFACT,
           "--also", *held, *view_imports()],
          "precompiling the start-up modules and the app's standard library in Pyodide")
    shutil.move(pyc_out / APP_STDLIB, tmp / "pyodide" / APP_STDLIB)
    shutil.copy2(tmp / "pyodide" / APP_STDLIB, tmp / "pyodide" / STDLIB_BENCH)
    kept_src, dropped_src, before_b, after_b = _trim_app_stdlib(tmp / "pyodide" / APP_STDLIB)
    step(f"{APP_STDLIB}: kept {kept_src} sources the page imports after start-up, dropped {dropped_src} it "
         f"never imports ({before_b:,} -> {after_b:,} bytes)")
    moved, views = _bytecode_in_place(tmp / "wheels" / wheel.name, pyc_out / "app-pyc.zip",
                                      tmp / "wheels" / "app-pyc.zip")
    _first_map_svg(pyc_out / FIRST_MAP, tmp / "app" / FIRST_MAP_SVG)
    shutil.rmtree(pyc_out)
    if views != sorted([*modules, APP_ENTRY]):
        raise LayerError(f"pycompile compiled the views {views}, not {modules} and {APP_ENTRY}")
    for m in [*modules, APP_ENTRY]:  # the views and the page ship as bytecode only (app-pyc.zip)
        (tmp / "app" / m).unlink()
    step(f"bytecode in place of source: {moved} airhead modules in the wheel, {len(views)} views in app-pyc.zip")
    # the wheels with stored entries (brotli-compressed as a whole by the server)
    _stored_zip(micropip, tmp / "pyodide" / micropip.name)
    _patch_lock(PYODIDE_PKG / "pyodide-lock.json", tmp / "pyodide" / "pyodide-lock.json",
                tmp / "pyodide" / micropip.name)
    for w in on_demand:
        stripped_wheel(w, tmp / "wheels" / w.name, ON_DEMAND_LEAVE_OUT)
    (tmp / "icons").mkdir()
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (tmp / "icons" / name).write_bytes(_png(size, maskable))
    # PyScript configs: the app unpacks its wheel with "files" (docs/web.md says why); the
    # micropip variant is kept for the benchmark that backs that choice.
    # "interpreter": snapshot.mjs wraps Pyodide's loadPyodide (early start, memory snapshot)
    # snapshot.mjs fetches them at once and writes them from JavaScript (FILES), not PyScript
    app_files = {f"./wheels/{wheel.name}": "./*", "./wheels/app-pyc.zip": "./*"}
    config = {"interpreter": "./snapshot.mjs"}
    (tmp / "config.json").write_text(json.dumps(config, indent=1))
    (tmp / "bench" / "micropip.json").write_text(json.dumps(
        {"interpreter": "./app-stdlib.mjs", "packages": [f"../wheels/{wheel.name}"],
         "files": {"../wheels/app-pyc.zip": "./*"}}, indent=1))
    # Preload PyScript's main chunk (imported by core.js) and Pyodide's loader and runtime script
    # (snapshot.mjs starts the interpreter as soon as it runs): downloaded while the wasm compiles.
    html = (WEB / "index.html").read_text()
    marker = "  <!-- build.py: preload links"
    if marker not in html:
        raise LayerError("web/index.html lost its preload marker comment")
    if PAGE_LINE not in html:
        raise LayerError(f"web/index.html does not run the page as {PAGE_LINE}")
    # ... and the chunks PyScript imports as it starts (PYSCRIPT_LOADED): each was a round trip
    # after core.js's (a revalidation on a warm start), before PyScript asked for the interpreter.
    chunks = [p for pat in PYSCRIPT_LOADED if pat.endswith("-*.js") for p in sorted((tmp / "pyscript").glob(pat))]
    preload = "".join(f'  <link rel="modulepreload" href="./pyscript/{p.name}">\n' for p in chunks)
    preload += "".join(f'  <link rel="modulepreload" href="./pyodide/{name}">\n'
                       for name in ("pyodide.mjs", "pyodide.asm.mjs"))
    # The service worker: the precache list with each file's sha256 (the worker keeps a body
    # only if it hashes to it) and a cache name from those files and the worker's own code.
    (tmp / "snapshot-worker.mjs").write_text(_fill(
        (WEB / "snapshot-worker.mjs").read_text(), "__SNAPSHOT_IMPORTS__", json.dumps(held)))
    paths = precache_paths(tmp)
    # (not index.html's: its head script names the key; nothing in it goes into the snapshot)
    key = snapshot_key(tmp, [p for p in paths if p not in ("snapshot.mjs", "sw.js", "index.html")])
    # web/early.js, inlined: the app's files (snapshot.mjs FILES), the first map and this build's
    # snapshot fetched or read as the page is parsed, taken by snapshot.mjs and boot.js.
    preload += f"  <script>{_early_script(list(app_files), key)}</script>\n"
    html = re.sub(r"  <!-- build.py: preload links.*?-->\n", lambda m: preload, html)
    (tmp / "index.html").write_text(html)
    variant = html.replace('config="./config.json"', 'config="./micropip.json"')
    # the micropip variant loads Pyodide through PyScript itself (no early start, no snapshot)
    variant = variant.replace('  <script type="module" src="./snapshot.mjs"></script>\n', "")
    variant = re.sub(r"  <script>\s*window\.airheadEarly = .*?</script>\n", "", variant, flags=re.S)
    variant = re.sub(r'(href|src)="\./', r'\1="../', variant)
    (tmp / "bench" / "micropip.html").write_text(variant)
    (tmp / "snapshot.mjs").write_text(_fill(_fill((WEB / "snapshot.mjs").read_text(), "__SNAPSHOT_KEY__", key),
                                            "__FILES__", json.dumps(app_files)))
    sw, cache, hashes = service_worker((WEB / "sw.js").read_text(), tmp, paths)
    (tmp / "sw.js").write_text(sw)
    (tmp / "precache.json").write_text(json.dumps({"cache": cache, "files": paths,
                                                   "on_demand": on_demand_paths(tmp),
                                                   "sha256": hashes}, indent=1))
    compressible = [f for f in sorted(tmp.rglob("*")) if f.is_file() and f.suffix in GZIP_SUFFIXES]
    for f in compressible:
        _gzip_file(f)
    check(["node", TOOLS / "compress.mjs", BUILD / "brotli-cache", tmp, *sorted(GZIP_SUFFIXES)],
          "brotli compression")
    if BUNDLE.exists():
        shutil.rmtree(BUNDLE)
    tmp.rename(BUNDLE)
    write_stamp(BUNDLE_STAMP, digest)
    raw = sum((BUNDLE / p).stat().st_size for p in paths)
    wire = sum(wire_size(BUNDLE, p) for p in paths)
    step(f"built {BUNDLE.relative_to(ROOT)}/ in {time.monotonic() - t0:.1f} s: cache {cache}, "
         f"{len(paths)} precached files, {raw:,} bytes ({wire:,} compressed)")
    return BUNDLE


def prepare_web() -> Path:
    """Everything `serve` and `bench` need: venv, the wheel (installed), node_modules, bundle."""
    ensure_venv()
    install_wheel(build_wheel())
    return build_bundle()
