"""What `build.py dist` and tools/bundle.py ship (issue #14, "Getting it onto tablets"). The dist
folder served under a sub-path, its first visit and offline use: e2e/test_snapshot.py."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from tools.bundle import STDLIB_LATE


# The dist folder under a sub-path: its first visit plays, links there and works offline, in
# e2e/test_snapshot.py, whose snapshot steps share that first visit.


def test_the_bundle_ships_no_byte_the_page_never_reads(bundle: Path, precache: dict[str, Any]) -> None:
    """What tools/bundle.py trims from the first visit (docs/web.md, "What the first visit weighs"):
    no long description in a wheel, no command line, no source beside its bytecode, no standard
    library the page never imports (urllib.request, email, importlib.metadata...)."""
    wheels = sorted((bundle / "wheels").glob("*.whl"))
    assert [w.name.split("-")[0] for w in wheels] == ["airhead", "segno"]
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
            meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA")))
        assert b"\n\n" not in meta and b"Description" not in meta, f"{wheel.name}: a long description"
        assert not [n for n in names if n.endswith((".pyi", "/cli.py", "/board_cli.py", "/__main__.py"))], wheel.name
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
    compiled = {n[:-1] for n in names if n.endswith(".pyc")}
    assert {"airhead/svg.py", "airhead/game.py"} <= compiled, "the start-up modules are shipped as bytecode"
    assert not compiled & names, "a module shipped both as source and as bytecode"
    with zipfile.ZipFile(bundle / "wheels" / "app-pyc.zip") as z:
        views = set(z.namelist())
    assert {"details.pyc", "mapview.pyc", "play.pyc"} <= views
    assert "main.pyc" in views and not [p.name for p in (bundle / "app").iterdir() if p.suffix == ".py"]
    assert '<script type="py" config="./config.json">import main</script>' in (bundle / "index.html").read_text()
    assert sorted(f for f in precache["files"] if f.startswith("app/")) == ["app/first-map.svg"]
    with zipfile.ZipFile(bundle / "pyodide" / "python_stdlib_app.zip") as z:
        std = z.namelist()
    sources = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in std
               if n.endswith(".py") and not n.startswith("encodings/")}
    assert sources and sources <= set(STDLIB_LATE), sorted(sources - set(STDLIB_LATE))
    assert not [n for n in std if n.startswith(("urllib/request", "email/", "http/", "importlib/metadata/"))
                and not n.endswith("/")]
