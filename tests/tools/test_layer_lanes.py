"""tools.layers.run_layers: every layer runs once, the core layers in their lanes beside the
browser layers (or one after the other with --serial), a failing layer stops no other, and each
lane's output is printed whole (the layers' commands are replaced by stand-ins here)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

import tools.layers as layers
from tools.common import say

WHEEL = Path("airhead-0-py3-none-any.whl")


@pytest.fixture
def stand_ins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str]:
    """Each layer's work replaced by a line naming it and its thread; returns layer -> thread."""
    ran: dict[str, str] = {}

    def fake(key: str) -> Any:
        def work(*_: Any) -> str:
            ran[key] = threading.current_thread().name
            say(f"ran {key}")
            if key == "cpython":
                raise layers.LayerError("cpython failed on purpose")
            return key
        return work

    for key, fn in (("mypy", "run_mypy"), ("cpython", "run_cpython_tests"), ("fuzz", "run_fuzz"),
                    ("e2e", "run_e2e"), ("engines", "run_engines")):
        monkeypatch.setattr(layers, fn, fake(key))
    monkeypatch.setattr(layers, "run_pyodide_tests", lambda lay, wheel: fake("pyodide")())
    monkeypatch.setattr(layers, "build_bundle", lambda: (ran.__setitem__("bundle", threading.current_thread().name),
                                                        layers.ROOT / "build" / "bundle")[1])
    monkeypatch.setattr(layers, "ensure_venv", lambda: "cached")
    monkeypatch.setattr(layers, "build_wheel", lambda: WHEEL)
    for name in ("install_wheel", "ensure_debian_packages", "ensure_node_modules", "ensure_pyodide_wheels"):
        monkeypatch.setattr(layers, name, lambda *_: None)
    monkeypatch.setattr(layers, "BUILD", tmp_path)
    return ran


@pytest.mark.parametrize("serial", [False, True])
def test_every_layer_runs_once_in_its_lane(stand_ins: dict[str, str], capsys: pytest.CaptureFixture[str],
                                           serial: bool) -> None:
    assert layers.run_layers(set(), serial=serial) == 1  # the CPython stand-in fails
    out = capsys.readouterr().out
    assert set(stand_ins) == {"mypy", "cpython", "pyodide", "fuzz", "bundle", "e2e", "engines"}
    for key in ("mypy", "cpython", "pyodide", "fuzz", "e2e", "engines"):
        assert out.count(f"ran {key}\n") == 1, key
    assert "FAILED   pytest tests/ on CPython" in out and "PASSED   pytest tests/core in Pyodide" in out
    main = threading.main_thread().name
    if serial:
        assert set(stand_ins.values()) == {main}
    else:
        lanes = {stand_ins["mypy"], stand_ins["pyodide"]}
        assert len(lanes) == 2 and main not in lanes  # two lanes, beside the browser layers
        assert stand_ins["cpython"] == stand_ins["mypy"] and stand_ins["fuzz"] == stand_ins["pyodide"]
        assert stand_ins["e2e"] == main
        # a lane's output is printed in one piece, after the foreground's
        assert out.index("ran mypy") < out.index("ran cpython") < out.index("ran pyodide") < out.index("ran fuzz")
        assert out.index("ran e2e") < out.index("ran mypy")


def test_without_the_browsers_the_first_lane_is_the_foreground(stand_ins: dict[str, str]) -> None:
    layers.run_layers({"e2e", "engines"})
    main = threading.main_thread().name
    assert stand_ins["mypy"] == stand_ins["cpython"] == main
    assert stand_ins["pyodide"] == stand_ins["fuzz"] != main
    assert "bundle" not in stand_ins
