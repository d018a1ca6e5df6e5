"""The bench scripts (``tools/bench*.py``) never rot unseen: ``build.py bench`` runs them, the
suite does not, and the boards bench once failed for a wave after the fixture writer moved (an
import path). Without running a benchmark, each script is imported, every name it imports
(at its top and inside its functions, where most of them import the core) is found, its entry
function exists and what its ``__main__`` block calls is defined, and every script
``benchmarks.py`` runs is there. Cheap: the modules are imported once (~1 s), nothing is timed."""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "core", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

SCRIPTS = sorted((ROOT / "tools").glob("bench*.py"))
#: The entry function of each script that has no ``main`` (``build.py bench`` calls
#: ``benchmarks.run_benchmarks``; ``bench_prof.py`` is run by hand, ``time`` its default;
#: ``bench_cdp.py`` is ``bench.py``'s browser driver, a library).
ENTRY = {"benchmarks": "run_benchmarks", "bench_prof": "timed", "bench_cdp": "RawChromium"}


def _imports(tree: ast.AST) -> list[tuple[str, list[str]]]:
    """Every ``import M`` and ``from M import a, b`` of a module, wherever it is (functions too)."""
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.module, [a.name for a in node.names]))
    return out


def _ours(module: str) -> bool:
    return module.split(".")[0] in ("airhead", "tools")


def _submodule(name: str) -> bool:
    """True if ``name`` is a module (``from airhead.asl import e8``)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, AttributeError):  # its parent is a module, not a package
        return False


def test_the_bench_scripts_are_all_found() -> None:
    assert len(SCRIPTS) >= 10 and ROOT / "tools" / "bench_boards.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_bench_script_imports_what_it_names_and_has_its_entry(script: Path) -> None:
    tree = ast.parse(script.read_text(encoding="utf-8"), str(script))
    for module, names in _imports(tree):
        if not _ours(module) and importlib.util.find_spec(module.split(".")[0]) is None:
            continue  # a third-party package this environment lacks (Playwright outside e2e): not ours to check
        mod = importlib.import_module(module)
        for name in names:
            assert hasattr(mod, name) or _submodule(f"{module}.{name}"), f"{script.name}: {module} has no {name}"
    try:
        mod = importlib.import_module(f"tools.{script.stem}")
    except ImportError as e:  # Playwright, outside the e2e layer's environment
        if e.name is None or _ours(e.name):
            raise
        pytest.skip(f"{script.name} needs {e.name}, which this environment lacks")
    entry = ENTRY.get(script.stem, "main")
    assert callable(getattr(mod, entry, None)), f"{script.name} has no {entry}()"
    for node in tree.body:  # what `python tools/bench_x.py` runs is defined
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and not hasattr(builtins, call.func.id):
                    assert callable(getattr(mod, call.func.id, None)), f"{script.name}'s __main__ calls {call.func.id}()"


def test_every_script_the_bench_runs_is_there() -> None:
    text = (ROOT / "tools" / "benchmarks.py").read_text(encoding="utf-8")
    named = set(re.findall(r"\b(bench[a-z_]*\.(?:py|mjs))\b", text))
    assert named, "benchmarks.py names no script"
    for name in named:
        assert (ROOT / "tools" / name).is_file() or (ROOT / "web" / "bench" / name).is_file(), name
