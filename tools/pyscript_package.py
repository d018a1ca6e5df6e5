"""PyScript's own Python package (`pyscript`), precompiled into app-pyc.zip by the bundle
(tools/bundle.py, tools/pycompile.mjs --pyscript): where its sources are, and the check that they
are what the PyScript the page loads writes (docs/web.md, "PyScript's start, looked into")."""

from __future__ import annotations

import json
from pathlib import Path

from tools.common import NODE_MODULES, LayerError

# PyScript's own Python package (`pyscript`), which PyScript writes into the working directory and
# imports from source at every start, before main.py: its sources as @pyscript/core ships them
# (an artifact its dist embeds; check() checks they are the same), compiled by
# tools/pycompile.mjs into app-pyc.zip's pyscript/__pycache__/ (docs/web.md, "PyScript's start").
ARTIFACT = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"


def sources(artifact: Path) -> dict[str, str]:
    """PyScript's ``pyscript`` package as its artifact (ARTIFACT, ``export default {...}``,
    a JSON object literal) holds it: {relative path: source}."""
    text = artifact.read_text(encoding="utf-8")
    start, end = text.find("export default"), text.rfind("}")
    if start < 0 or end < start:
        raise LayerError(f"{artifact.name}: not PyScript's stdlib artifact (no export default)")
    tree = json.loads(text[text.index("{", start):end + 1])
    out: dict[str, str] = {}

    def walk(node: dict[str, object], base: str) -> None:
        for name, value in node.items():
            if isinstance(value, str):
                out[base + name] = value
            elif isinstance(value, dict):
                walk(value, f"{base}{name}/")

    walk(tree, "")
    return out


def check(dist: Path, artifact: Path = ARTIFACT) -> int:
    """The build precompiles PyScript's package from its artifact: each source must be in the
    PyScript the page loads (its core chunk writes it, JSON-encoded), else the page would write
    other sources (the bytecode is checked-hash: it would only be compiled again, every start)."""
    chunks = [p.read_text(encoding="utf-8") for p in sorted(dist.glob("core-*.js"))]
    package = sources(artifact)
    if "pyscript/__init__.py" not in package:
        raise LayerError(f"{artifact}: no pyscript/__init__.py")
    missing = [rel for rel, src in package.items()
               if not any(json.dumps(src, ensure_ascii=False)[1:-1] in c for c in chunks)]
    if missing:
        raise LayerError(f"PyScript's core chunk does not write {', '.join(missing)} as {artifact.name} "
                         "has it: update ARTIFACT in tools/pyscript_package.py")
    return len(package)
