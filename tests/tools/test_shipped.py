"""The Python the page ships (tools/shipped.py): no comments or docstrings, the same code, every
line where it was."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import sys
import textwrap
import tokenize
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.common import LayerError  # noqa: E402
from tools.shipped import short_metadata, strip_python, stripped_wheel  # noqa: E402

SHIPPED = sorted([*(ROOT / "core" / "airhead").rglob("*.py"), *(ROOT / "web" / "app").glob("*.py")])


def _statements(tree: ast.AST) -> list[tuple[str, int]]:
    """Every statement but docstrings (and the ``...`` standing for one), with its line."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not (
                isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and (isinstance(node.value.value, str) or node.value.value is Ellipsis)):
            out.append((type(node).__name__, node.lineno))
    return out


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_module_keeps_its_code_and_its_lines(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    out = strip_python(source, path.name)
    assert out.count("\n") == source.count("\n")
    assert _statements(ast.parse(out)) == _statements(ast.parse(source))
    assert not [t for t in tokenize.generate_tokens(io.StringIO(out).readline) if t.type == tokenize.COMMENT]
    assert len(out) < len(source) or "#" not in source


def test_docstrings_and_comments_go_and_the_lines_stay() -> None:
    source = textwrap.dedent('''\
        """Module doc."""
        import math  # why


        class Plan:
            """A plan.

            Two lines."""

            def only(self) -> None:
                """Nothing else in here."""

            def odds(self) -> float:  # the odds
                """Say the odds."""
                # a comment line
                return math.pi  # pi
        def same_line(): """kept: it shares its line"""
        text = "a # is not a comment"
        ''')
    out = strip_python(source)
    lines = out.splitlines()
    assert len(lines) == len(source.splitlines())
    assert lines[0] == "" and lines[1] == "import math"
    assert lines[5:8] == ["", "", ""]
    assert lines[10] == "        ..."
    assert lines[12] == "    def odds(self) -> float:" and lines[13:15] == ["", ""]
    assert lines[15] == "        return math.pi"
    assert lines[16] == 'def same_line(): """kept: it shares its line"""'
    assert lines[17] == 'text = "a # is not a comment"'
    ns: dict[str, object] = {}
    exec(compile(out, "stripped", "exec"), ns)
    plan = ns["Plan"]()  # type: ignore[operator]
    assert plan.odds() == pytest.approx(3.14159, abs=1e-5) and plan.only() is None


def test_a_broken_module_is_refused() -> None:
    with pytest.raises(SyntaxError):
        strip_python("def f(:\n")


README = "# w\n\nA long description: the whole README, " + "words " * 4000 + "\n"
METADATA = ("Metadata-Version: 2.4\nName: w\nVersion: 1.0\nSummary: A summary\n"
            "Description-Content-Type: text/markdown\n\n" + README)


def _record_row(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def test_the_shipped_wheel_is_stored_stripped_and_its_record_follows(tmp_path: Path) -> None:
    src, dst = tmp_path / "w-1.0-py3-none-any.whl", tmp_path / "out.whl"
    module = b'"""Doc."""\nX = 1  # one\n'
    record = "w/__init__.py,sha256=x,1\nw-1.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("w/__init__.py", module)
        z.writestr("w/data.json", b'{"a": 1}')
        z.writestr("w/__main__.py", b"print('the command line')\n")
        z.writestr("w/stubs.pyi", b"X: int\n")
        z.writestr("w-1.0.dist-info/METADATA", METADATA)
        z.writestr("w-1.0.dist-info/RECORD", record)
    before, after = stripped_wheel(src, dst, ("w/__main__.py", "*.pyi"))
    assert (before, after) == (len(module), len(b"\nX = 1\n"))
    with zipfile.ZipFile(dst) as z:
        assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
        assert z.namelist() == ["w/__init__.py", "w/data.json", "w-1.0.dist-info/METADATA", "w-1.0.dist-info/RECORD"]
        assert z.read("w/__init__.py") == b"\nX = 1\n"
        assert z.read("w/data.json") == b'{"a": 1}'
        meta = z.read("w-1.0.dist-info/METADATA")
        rows = z.read("w-1.0.dist-info/RECORD").decode().splitlines()
    assert meta == b"Metadata-Version: 2.4\nName: w\nVersion: 1.0\nSummary: A summary\n"
    assert rows == [_record_row("w/__init__.py", b"\nX = 1\n"), _record_row("w/data.json", b'{"a": 1}'),
                    _record_row("w-1.0.dist-info/METADATA", meta), "w-1.0.dist-info/RECORD,,"]


def test_a_description_field_goes_too() -> None:
    """The long description may also be a folded ``Description:`` field (older metadata)."""
    meta = (b"Metadata-Version: 2.1\nName: w\nDescription: First line\n        |second line\n"
            b"        |third\nKeywords: a b\n")
    assert short_metadata(meta) == b"Metadata-Version: 2.1\nName: w\nKeywords: a b\n"


def test_a_change_of_code_would_be_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check behind every strip: if the result parsed to other code, the build stops."""
    import tools.shipped as shipped

    real = shipped._without_docstrings
    calls = iter([0, 1])
    monkeypatch.setattr(shipped, "_without_docstrings", lambda tree: real(tree) + str(next(calls)))
    with pytest.raises(LayerError, match="would change its code"):
        strip_python("X = 1\n")
