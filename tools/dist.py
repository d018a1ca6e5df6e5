"""`build.py dist`: the app as a static folder for any HTTPS static host, under any sub-path.

The bundle already uses relative URLs only (the page, PyScript's config, the service worker and
its scope, the manifest's start URL), so the folder is build/bundle/ without what only the dev
server and the tests use: the precompressed ``.gz``/``.br`` copies (a static host compresses by
itself), the benchmark pages and the test manifest ``precache.json``. A share link is made from
the page's own address, so links point wherever the folder is hosted. Pyodide's
``python_stdlib.zip`` is left out too: the app loads its own, precompiled standard library
(``python_stdlib_app.zip``); the source one is for the benchmark's bare page, and
``python_stdlib_bench.zip`` (the precompiled one before its trim) for its micropip page.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tools.bundle import prepare_web
from tools.common import ROOT, say

DIST = ROOT / "dist"
LEFT_OUT_SUFFIXES = (".gz", ".br")
# the app loads python_stdlib_app.zip; the other two are the benchmark pages' (tools/bundle.py)
LEFT_OUT_NAMES = ("precache.json", "python_stdlib.zip", "python_stdlib_bench.zip")
LEFT_OUT_DIRS = ("bench",)


def _skip(rel: Path) -> bool:
    return (rel.suffix in LEFT_OUT_SUFFIXES or rel.name in LEFT_OUT_NAMES
            or (len(rel.parts) > 1 and rel.parts[0] in LEFT_OUT_DIRS))


def copy_dist(bundle: Path, out: Path) -> tuple[int, int]:
    """Copy the bundle's files a static host needs into ``out`` (replaced); (files, bytes)."""
    if out.exists():
        shutil.rmtree(out)
    files = total = 0
    for src in sorted(bundle.rglob("*")):
        rel = src.relative_to(bundle)
        if not src.is_file() or _skip(rel):
            continue
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        files += 1
        total += src.stat().st_size
    return files, total


def make_dist(out: Path = DIST) -> Path:
    """Build the bundle and write the static folder ``out``."""
    bundle = prepare_web()
    files, total = copy_dist(bundle, out)
    say(f"wrote {out} ({files} files, {total / 1e6:.1f} MB): put this folder on any HTTPS static host "
        "(any sub-path), open it once online, and it works offline from then on (README).")
    return out
