"""The bundle ships each precompiled module as bytecode *instead of* its source (tools/bundle.py
_bytecode_in_place): the airhead wheel's start-up modules in the wheel, the views in app-pyc.zip."""

from __future__ import annotations

import base64
import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from tools import bundle, pyscript_package
from tools.common import LayerError


def _wheel(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr("airhead-0.1.0.dist-info/RECORD", "stale\n")
    return path


def test_sources_are_replaced_by_their_bytecode(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "airhead-0.1.0-py3-none-any.whl", {
        "airhead/__init__.py": b"", "airhead/svg.py": b"X = 1\n", "airhead/asl/system.py": b"Y = 2\n",
        "airhead/tables/terrain.json": b"{}"})
    compiled = tmp_path / "app-pyc.zip"
    with zipfile.ZipFile(compiled, "w") as z:
        for name in ("airhead/__init__.pyc", "airhead/svg.pyc", "details.pyc", "play.pyc"):
            z.writestr(name, b"code of " + name.encode())
    views = tmp_path / "views.zip"
    moved, names = bundle._bytecode_in_place(wheel, compiled, views)
    assert (moved, names) == (2, ["details.py", "play.py"])
    with zipfile.ZipFile(wheel) as z:
        files = z.namelist()
        record = z.read("airhead-0.1.0.dist-info/RECORD").decode().splitlines()
        svg = z.read("airhead/svg.pyc")
    # the precompiled modules as bytecode only; the others, and the data, as they were
    assert files == ["airhead/__init__.pyc", "airhead/svg.pyc", "airhead/asl/system.py",
                     "airhead/tables/terrain.json", "airhead-0.1.0.dist-info/RECORD"]
    assert svg == b"code of airhead/svg.pyc"
    digest = base64.urlsafe_b64encode(hashlib.sha256(svg).digest()).rstrip(b"=").decode()
    assert f"airhead/svg.pyc,sha256={digest},{len(svg)}" in record
    assert not [r for r in record if r.startswith("airhead/svg.py,")]
    with zipfile.ZipFile(views) as z:
        assert z.namelist() == ["details.pyc", "play.pyc"]


def test_bytecode_of_a_module_the_wheel_lacks_stops_the_build(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "airhead-0.1.0-py3-none-any.whl", {"airhead/__init__.py": b""})
    compiled = tmp_path / "app-pyc.zip"
    with zipfile.ZipFile(compiled, "w") as z:
        z.writestr("airhead/gone.pyc", b"code")
    with pytest.raises(LayerError, match="airhead/gone.pyc"):
        bundle._bytecode_in_place(wheel, compiled, tmp_path / "views.zip")


def test_pyscripts_bytecode_goes_with_the_views_but_is_no_view(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "airhead-0.1.0-py3-none-any.whl", {"airhead/__init__.py": b""})
    compiled = tmp_path / "app-pyc.zip"
    with zipfile.ZipFile(compiled, "w") as z:
        for name in ("main.pyc", "pyscript/__pycache__/context.cpython-314.pyc"):
            z.writestr(name, b"code")
    views = tmp_path / "views.zip"
    assert bundle._bytecode_in_place(wheel, compiled, views) == (0, ["main.py"])
    with zipfile.ZipFile(views) as z:
        assert z.namelist() == ["main.pyc", "pyscript/__pycache__/context.cpython-314.pyc"]


def _artifact(path: Path, files: dict[str, str]) -> Path:
    path.write_text("// an artifact\nexport default " + json.dumps({"pyscript": files}, indent=2) + ";\n")
    return path


def test_pyscripts_package_must_be_what_its_core_chunk_writes(tmp_path: Path) -> None:
    files = {"__init__.py": "from pyscript.context import window\n", "context.py": 'import js\nwindow = js\nX = "\\u00e9"\n'}
    artifact = _artifact(tmp_path / "pyscript.js", files)
    dist = tmp_path / "dist"
    dist.mkdir()
    chunk = "".join(f"{json.dumps(name)}:{json.dumps(src, ensure_ascii=False)}," for name, src in files.items())
    (dist / "core-abc.js").write_text(f"const a={{pyscript:{{{chunk}}}}};", encoding="utf-8")
    assert pyscript_package.check(dist, artifact) == 2
    (dist / "core-abc.js").write_text(chunk.replace("window = js", "window = None"), encoding="utf-8")
    with pytest.raises(LayerError, match="pyscript/context.py"):
        pyscript_package.check(dist, artifact)
