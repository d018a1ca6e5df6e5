"""The page's own pins agree with the build's: the QR library the Games panel fetches on first
use (web/app/share_panel.py) is the wheel requirements-pyodide.txt pins and the bundle ships."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_qr_wheel_the_page_fetches_is_the_pinned_one() -> None:
    tree = ast.parse((ROOT / "web" / "app" / "share_panel.py").read_text(encoding="utf-8"))
    wheel = next(n.value.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "SEGNO_WHEEL" for t in n.targets)
                 and isinstance(n.value, ast.Constant))
    pin = re.search(r"^segno==([\w.]+)$", (ROOT / "requirements-pyodide.txt").read_text(encoding="utf-8"), re.M)
    assert pin, "requirements-pyodide.txt pins no segno"
    assert wheel == f"segno-{pin.group(1)}-py3-none-any.whl", (
        f"share_panel.SEGNO_WHEEL is {wheel}, but segno=={pin.group(1)} is pinned: change both together")
