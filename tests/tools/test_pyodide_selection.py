"""The Pyodide layer's selection (tests/pyodide/pyodide_selection.py) names tests that exist: a
test renamed or moved must be named again there, or it runs in full in Pyodide (docs/web.md)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _selection() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pyodide_selection", ROOT / "tests" / "pyodide" / "pyodide_selection.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tests(path: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def _parametrized(fn: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Call) and ast.unparse(d.func).endswith("parametrize") for d in fn.decorator_list)


def test_every_test_the_selection_names_exists_with_a_reason() -> None:
    sel = _selection()
    for nodeid in [*sel.CPYTHON_ONLY, *sel.OWN_COUNT, *sel.ONE_CASE]:
        path, name = nodeid.split("::")
        fn = _tests(path).get(name.split("[")[0])
        assert fn is not None, f"{nodeid}: no such test (renamed? name it again in tests/pyodide/pyodide_selection.py)"
        if nodeid in sel.ONE_CASE:
            assert "[" in name and _parametrized(fn), f"{nodeid}: ONE_CASE names one case of a parametrized test"
    assert all(len(why) > 20 for why in [*sel.CPYTHON_ONLY.values(), *sel.ONE_CASE.values()])
