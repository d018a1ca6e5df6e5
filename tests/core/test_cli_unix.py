"""The command line behaves as Unix tools do (#43 item 7): a closed pipe ends it quietly, every
refusal is one line on standard error with exit status 2 (``validate`` answers a save it refuses
with 1), never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from airhead.__main__ import main
from tools.board_writer import write_board

BOARD = {"name": "02", "image": False, "hexes": {"C3": {"code": 60}}}


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_a_closed_pipe_ends_it_quietly(tmp_path: Path) -> None:
    path = tmp_path / "bd02"
    path.write_bytes(write_board(BOARD))
    # the reader closes its end at once (as `| head -0` does): every write after meets a broken pipe
    p = subprocess.Popen([sys.executable, "-m", "airhead", "board", "info", "--json", str(path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 141
    assert err == ""


@pytest.mark.parametrize("args, said", [
    (["board", "info", "/no/such/bd02"], "airhead: /no/such/bd02: No such file or directory"),
    (["svg", "--board", "/no/such/bd02", "--map", "2"], "airhead: /no/such/bd02: No such file or directory"),
    (["replay", "#a1.garbage"], "airhead: "),
    (["svg", "--map", "blank:4 blank:4"], "airhead: the map places board 4 twice"),
    (["svg", "--map", "4b"], "airhead: board 4b is not among the imported boards (none): import its file, or write blank:4b"),
])
def test_a_refusal_is_one_line_on_stderr_with_status_2(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith(said) and out.err.count("\n") == 1 and "Traceback" not in out.err


def test_a_bad_board_file_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bd02"
    bad.write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    assert main(["board", "info", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"airhead: {bad}") and err.count("\n") == 1


def test_validate_answers_a_bad_save_with_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "#a1.garbage"]) == 1
    assert capsys.readouterr().err.startswith("airhead: ")


def test_the_map_text_of_new_map_and_a_blank_board_on_purpose(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "default"]) == 0
    assert main(["svg", "--map", "blank:4b blank:5*;blank:a blank:6"]) == 0
    svg = capsys.readouterr().out
    assert "board 4b" in svg and "board 5 (rotated)" in svg and "board a" in svg
