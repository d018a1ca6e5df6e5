"""The app's standard library keeps only what the page imports (tools/bundle.py, docs/web.md)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from tools import bundle


def test_only_the_compiled_modules_the_late_sources_and_the_codecs_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "python_stdlib_app.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("xml/sax/", b"")
        z.writestr("typing.pyc", b"compiled")
        z.writestr("xml/sax/saxutils.py", b'"""Sax."""\n# a comment\nX = 1\n')
        z.writestr("urllib/parse.py", b"Y = 2  # kept\n")
        z.writestr("encodings/latin_1.py", b"Z = 3\n")
        z.writestr("argparse.py", b"never = True\n")
        z.writestr("http/server.py", b"never = True\n")
        # segno's SVG writer imports xml.sax.saxutils, and saxutils urllib.request: the page
        # imports saxutils with a stand-in for it (web/app/share_panel.py), so it is left out
        z.writestr("urllib/request.py", b"never = True\n")
        z.writestr("email/__init__.py", b"never = True\n")
        z.writestr("importlib/metadata/__init__.py", b"never = True\n")
    kept, dropped, _, _ = bundle._trim_app_stdlib(path)
    with zipfile.ZipFile(path) as z:
        names = sorted(z.namelist())
        sax = z.read("xml/sax/saxutils.py").decode()
    assert names == ["encodings/latin_1.py", "typing.pyc", "urllib/parse.py", "xml/sax/", "xml/sax/saxutils.py"]
    assert (kept, dropped) == (3, 5)
    assert sax == "\n\nX = 1\n", "shipped without its docstring and comments, same lines"


def test_the_late_modules_are_left_to_their_sources() -> None:
    """pycompile imports what the views import to compile the standard library they use: never the
    late modules (xml.sax.saxutils would compile the urllib.request the page leaves out)."""
    names = bundle.view_imports()
    assert "zipfile" in names and "asyncio" in names
    assert not set(names) & set(bundle.STDLIB_LATE)


def test_the_lock_file_keeps_micropip_and_what_it_needs(tmp_path: Path) -> None:
    src, dst, whl = tmp_path / "lock.json", tmp_path / "out.json", tmp_path / "micropip-1-py3-none-any.whl"
    whl.write_bytes(b"wheel")
    src.write_text(json.dumps({"info": {}, "packages": {
        "micropip": {"depends": ["packaging"], "file_name": "x", "sha256": "y"},
        "packaging": {"depends": [], "file_name": "p"}, "numpy": {"depends": [], "file_name": "n"}}}))
    bundle._patch_lock(src, dst, whl)
    lock = json.loads(dst.read_text())
    assert sorted(lock["packages"]) == ["micropip", "packaging"]
    assert lock["packages"]["micropip"]["file_name"] == whl.name
