"""Build tools import no test code (#31 item 4): no module under tools/ imports from tests/ or a
module that lives there, nor puts a tests/ folder on sys.path. Tests may import tools (the
generated corpora both use are in tools/corpora/)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
#: Names a module under tests/ could be imported by (with its folder on sys.path).
TEST_MODULES = {p.stem for p in TESTS.rglob("*.py")} | {"tests"}


def _imports(tree: ast.AST) -> list[str]:
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append(arg.value)
    return out


def test_no_module_under_tools_imports_test_code() -> None:
    wrong: list[str] = []
    tools = sorted((ROOT / "tools").rglob("*.py"))
    assert tools
    for path in tools:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT)
        for name in _imports(ast.parse(text, str(path))):
            if name.split(".")[0] in TEST_MODULES:
                wrong.append(f"{rel} imports {name}")
        wrong += [f"{rel}:{i} puts tests/ on sys.path" for i, line in enumerate(text.splitlines(), 1)
                  if "sys.path" in line and "tests" in line]
    for path in sorted((ROOT / "tools").glob("*.mjs")):
        wrong += [f"{path.relative_to(ROOT)}:{i} puts tests/ on sys.path" for i, line in
                  enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "sys.path" in line and "tests" in line]
    assert not wrong, "\n".join(wrong)
