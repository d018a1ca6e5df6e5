"""What the memory snapshot holds (tools/bundle.py snapshot_imports(), web/snapshot-worker.mjs):
the start-up modules, every airhead module but the command line, and the views that need no
page, so that a restored interpreter opens the Play panel without compiling the rules."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.bundle import SNAPSHOT_VIEWS, STARTUP_IMPORTS, snapshot_imports  # noqa: E402
from tools.common import LayerError  # noqa: E402

CORE = ROOT / "core"
VIEWS = ROOT / "web" / "app"


def _wheel_of_core(path: Path) -> Path:
    """A zip with core/airhead as the airhead wheel holds it."""
    with zipfile.ZipFile(path, "w") as z:
        for f in sorted((CORE / "airhead").rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts:
                z.write(f, f.relative_to(CORE).as_posix())
        z.writestr("airhead-0.1.0.dist-info/RECORD", "")
    return path


def test_every_airhead_module_but_the_command_line_is_held(tmp_path: Path) -> None:
    names = snapshot_imports(_wheel_of_core(tmp_path / "airhead-0.1.0-py3-none-any.whl"))
    assert names[: len(STARTUP_IMPORTS)] == list(STARTUP_IMPORTS)
    assert names[-len(SNAPSHOT_VIEWS):] == list(SNAPSHOT_VIEWS)
    assert len(names) == len(set(names))
    modules = {".".join(p.relative_to(CORE).with_suffix("").parts).removesuffix(".__init__")
               for p in (CORE / "airhead").rglob("*.py")}
    assert {n for n in names if n.startswith("airhead")} == modules - {"airhead.__main__", "airhead.board_cli"}
    assert {"airhead.asl.e8.gliders_odds", "airhead.present", "airhead.codec", "airhead"} <= set(names)


def test_modules_shipped_as_bytecode_are_held_too(tmp_path: Path) -> None:
    """The bundle's wheel holds its start-up modules as bytecode only (tools/bundle.py)."""
    wheel = tmp_path / "airhead-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for name in ("airhead/__init__.pyc", "airhead/svg.pyc", "airhead/asl/__init__.py",
                     "airhead/asl/system.py", "airhead/board_cli.py", "airhead/__main__.py"):
            z.writestr(name, b"")
    names = snapshot_imports(wheel)
    assert {"airhead", "airhead.svg", "airhead.asl", "airhead.asl.system"} <= set(names)
    assert "airhead.board_cli" not in names and "airhead.__main__" not in names


def test_a_wheel_without_the_rules_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "airhead-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("airhead/__init__.py", "")
    with pytest.raises(LayerError, match="airhead.asl.system"):
        snapshot_imports(other)


@pytest.mark.parametrize("view", sorted({*SNAPSHOT_VIEWS, *(m for m in STARTUP_IMPORTS if "." not in m)}))
def test_the_views_held_need_no_page(view: str) -> None:
    """The worker that makes the snapshot has no page: no PyScript, no DOM, no JS proxies."""
    tree = ast.parse((VIEWS / f"{view}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                 else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
        assert not [n for n in names if n.split(".")[0] in ("pyscript", "js", "pyodide")], (view, names)


def test_the_whole_list_imports(tmp_path: Path) -> None:
    """Each name imports in a fresh interpreter, in the worker's order (here on CPython)."""
    names = snapshot_imports(_wheel_of_core(tmp_path / "airhead-0.1.0-py3-none-any.whl"))
    code = f"import importlib\nfor m in {names!r}: importlib.import_module(m)\nprint('ok')"
    env = {"PYTHONPATH": f"{CORE}:{VIEWS}", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
