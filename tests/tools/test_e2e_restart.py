"""The e2e restart keeps some views imported (web/app/main.py ``E2E_KEPT``): each must hold no
state of its own, so that a view imported once is the same as one imported again and a test
still starts on a just-booted app. Checked here on the sources: no ``global`` statement, no
module-level or class-level container that the module could fill (a mutable display is allowed
only as an UPPER_CASE constant the module never changes), and no top-level import of a view
that the restart reloads (a kept view would hold on to the old one)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "web" / "app"
MUTATORS = {"append", "extend", "insert", "add", "update", "setdefault", "pop", "popitem", "clear",
            "remove", "discard", "sort", "reverse"}
MUTABLE = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


def kept() -> tuple[str, ...]:
    tree = ast.parse((APP / "main.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "E2E_KEPT" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError("web/app/main.py has no E2E_KEPT")


def views() -> set[str]:
    return {p.stem for p in APP.glob("*.py") if p.name != "main.py"}


def _state(tree: ast.Module) -> list[str]:
    """What in this module is state of its own (empty: none)."""
    found: list[str] = []
    constants: set[str] = set()
    scopes: list[list[ast.stmt]] = [tree.body] + [n.body for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    for body in scopes:
        for stmt in body:
            if isinstance(stmt, ast.Assign):
                targets = stmt.targets
            elif isinstance(stmt, ast.AnnAssign):
                targets = [stmt.target]
            else:
                continue
            if not isinstance(stmt.value, MUTABLE):
                continue
            for t in targets:
                name = t.id if isinstance(t, ast.Name) else ast.unparse(t)
                if name.isupper() or (name.startswith("__") and name.endswith("__")):
                    constants.add(name)
                else:
                    found.append(f"a container {name} at line {stmt.lineno}")
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            found.append(f"a {type(node).__name__.lower()} statement at line {node.lineno}")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            for t in node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]:
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in constants:
                    found.append(f"{t.value.id} changed at line {node.lineno}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in constants:
            found.append(f"{node.func.value.id} changed at line {node.lineno}")
    return found


def test_every_kept_view_exists() -> None:
    assert set(kept()) <= views(), set(kept()) - views()


def test_a_kept_view_holds_no_state_and_imports_only_kept_views() -> None:
    keep, reloaded = set(kept()), views() - set(kept())
    faults: list[str] = []
    for name in sorted(keep):
        tree = ast.parse((APP / f"{name}.py").read_text(encoding="utf-8"))
        faults += [f"{name}.py: {what}" for what in _state(tree)]
        for node in tree.body:  # its top-level imports: bound once, kept with it
            if isinstance(node, ast.ImportFrom) and node.module in reloaded:
                faults.append(f"{name}.py imports {node.module}, which the restart reloads")
            elif isinstance(node, ast.Import):
                faults += [f"{name}.py imports {a.name}, which the restart reloads" for a in node.names if a.name in reloaded]
    assert not faults, "\n".join(faults)


def test_the_reloaded_views_hold_state_or_import_a_view_that_does() -> None:
    """Every view left out of E2E_KEPT has a reason (else keeping it would cost nothing)."""
    reloaded = views() - set(kept())
    for name in sorted(reloaded):
        tree = ast.parse((APP / f"{name}.py").read_text(encoding="utf-8"))
        imports = {n.module for n in tree.body if isinstance(n, ast.ImportFrom)}
        assert _state(tree) or imports & reloaded, f"{name}.py could be kept (E2E_KEPT)"
