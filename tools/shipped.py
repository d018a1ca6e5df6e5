"""The Python the page ships: the app's own sources without comments and docstrings.

A player's browser never reads them, and they are a quarter of the airhead wheel on the wire.
Every line stays where it was (a comment's or docstring's lines are left empty), so a traceback
from the page names the same lines as the repository. The stripped module is checked to parse
to the same syntax tree as the original without its docstrings: the code that runs is the same.
"""

from __future__ import annotations

import ast
import base64
import copy
import fnmatch
import hashlib
import io
import tokenize
import zipfile
from collections.abc import Collection, Sequence
from pathlib import Path

from tools.common import LayerError


_BODIES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
_Body = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


def _with_docstring(tree: ast.Module) -> list[_Body]:
    """The module, classes and functions whose body starts with a docstring."""
    found: list[_Body] = []
    for node in ast.walk(tree):
        if isinstance(node, _BODIES) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found.append(node)
    return found


def _without_docstrings(tree: ast.Module) -> str:
    for node in _with_docstring(tree):
        node.body = node.body[1:] or [ast.Expr(ast.Constant(...))]
    return ast.dump(tree)


def strip_python(source: str, name: str = "<module>") -> str:
    """``source`` without comments and docstrings, every line kept at its number.

    A docstring that shares a line with other code is kept; one that is its body's only
    statement becomes ``...``. Raises LayerError if the result would not be the same code."""
    tree = ast.parse(source, name)
    lines = source.splitlines(keepends=True)
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            if row == 1 and tok.string.startswith("#!"):
                continue
            line = lines[row - 1]
            lines[row - 1] = line[:col].rstrip() + ("\n" if line.endswith("\n") else "")
    for node in _with_docstring(tree):
        doc, only = node.body[0], len(node.body) == 1
        first, last = doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1
        before = lines[first][:doc.col_offset]
        after = lines[last][doc.end_col_offset or 0:]
        if before.strip() or after.strip():
            continue  # on a line with other code: left as it is
        for i in range(first, last + 1):
            lines[i] = "\n"
        if only:
            lines[first] = before + "...\n"
    out = "".join(lines)
    try:
        same = _without_docstrings(ast.parse(out, name)) == _without_docstrings(tree)
    except SyntaxError as exc:
        raise LayerError(f"{name}: stripping its comments and docstrings broke it ({exc})") from exc
    if not same or out.count("\n") != source.count("\n"):
        raise LayerError(f"{name}: stripping its comments and docstrings would change its code")
    return out


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def short_metadata(data: bytes) -> bytes:
    """A wheel's METADATA without its long description (the README, as the body or a
    ``Description:`` field) and its content type: nothing reads it in the page, and it was a tenth
    of the airhead wheel on the wire. Name, version and the other fields stay."""
    head = data.decode("utf-8").replace("\r\n", "\n").split("\n\n", 1)[0].rstrip("\n")
    kept: list[str] = []
    skipping = False
    for line in head.split("\n"):
        if skipping and line[:1] in (" ", "\t"):
            continue  # a folded line of the field left out
        skipping = line.lower().startswith(("description:", "description-content-type:"))
        if not skipping:
            kept.append(line)
    return ("\n".join(kept) + "\n").encode("utf-8")


def write_wheel(dst: Path, entries: Sequence[tuple[zipfile.ZipInfo, bytes]]) -> None:
    """A wheel of ``entries`` (in order) with *stored* entries and a RECORD that lists exactly
    these files with their hashes (the one in ``entries``, if any, is rewritten)."""
    records = [info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD")]
    rows = [_record_line(info.filename, data) for info, data in entries
            if not info.filename.endswith("/") and info.filename not in records]
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info, data in entries:
            if info.filename in records:
                data = ("\n".join([*rows, f"{info.filename},,"]) + "\n").encode("utf-8")
            zout.writestr(copy.copy(info), data, compress_type=zipfile.ZIP_STORED)


def stripped_wheel(src: Path, dst: Path, leave_out: Collection[str] = ()) -> tuple[int, int]:
    """``src`` rewritten for the page: its modules stripped (:func:`strip_python`), its METADATA
    without the long description (:func:`short_metadata`), the files matching a pattern of
    ``leave_out`` (fnmatch: a command line the page never runs) left out, *stored* entries (the
    server's brotli over the whole archive beats deflate entry by entry) and a RECORD that
    follows. Returns the bytes of Python before and after."""
    before = after = 0
    with zipfile.ZipFile(src) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()
                   if not any(fnmatch.fnmatchcase(info.filename, pat) for pat in leave_out)]
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename.endswith(".py"):
            text = strip_python(data.decode("utf-8"), info.filename).encode("utf-8")
            before, after = before + len(data), after + len(text)
            data = text
        elif info.filename.endswith(".dist-info/METADATA"):
            data = short_metadata(data)
        out.append((info, data))
    write_wheel(dst, out)
    return before, after


def stripped_file(src: Path, dst: Path) -> tuple[int, int]:
    """One module of the page (web/app/*.py) written to ``dst`` stripped."""
    text = src.read_text(encoding="utf-8")
    out = strip_python(text, src.name)
    dst.write_text(out, encoding="utf-8")
    return len(text.encode("utf-8")), len(out.encode("utf-8"))
