"""The browsers' Debian packages install in one apt step that waits for apt's lock: a fake
`apt-get` first reports the lock held by another apt run (as a fresh machine's own apt job, or a
second layer, would), then succeeds; the step waits, says so, and installs every package at once."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import env  # noqa: E402
from tools.common import LayerError  # noqa: E402

FAKE_APT = """#!/bin/sh
echo "$@" >> "{log}"
n=$(cat "{count}" 2>/dev/null || echo 0)
n=$((n + 1))
echo $n > "{count}"
if [ $n -le {locked} ]; then
  echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
  exit 100
fi
if [ "{fail_install}" = yes ] && [ "$1" = install ]; then
  echo "E: Failed to fetch something" >&2
  exit 100
fi
exit 0
"""


def fake_apt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locked: int, fail_install: bool = False) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    script = bin_dir / "apt-get"
    script.write_text(FAKE_APT.format(log=log, count=tmp_path / "count", locked=locked,
                                      fail_install="yes" if fail_install else "no"))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setattr(env.os, "geteuid", lambda: 0)
    monkeypatch.setattr(env, "APT_LOCK_POLL_SECONDS", 0.0)
    return log


def test_a_held_lock_is_waited_for_and_every_package_installs_in_one_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    log = fake_apt(tmp_path, monkeypatch, locked=2)
    env.apt_install(["chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"], "the browsers")
    calls = log.read_text().splitlines()
    assert calls == ["update", "update", "update", "install -y chromium firefox-esr webkit2gtk-driver xvfb"]
    assert "apt's lock is held by another apt run: waiting" in capsys.readouterr().out


def test_a_lock_held_past_the_bound_is_refused_with_the_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_apt(tmp_path, monkeypatch, locked=1000)
    monkeypatch.setattr(env, "APT_LOCK_WAIT_SECONDS", 0.003)
    with pytest.raises(LayerError, match="lock was still held.*install them yourself"):
        env.apt_install(["chromium"], "Chromium")


def test_another_failure_is_tried_once_more_then_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = fake_apt(tmp_path, monkeypatch, locked=0, fail_install=True)
    with pytest.raises(LayerError, match=r"apt-get install chromium failed \(exit 100\)"):
        env.apt_install(["chromium"], "Chromium")
    assert log.read_text().splitlines() == ["update", "install -y chromium", "install -y chromium"]


def test_both_browser_layers_ask_for_their_packages_together(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(env.Path, "exists", lambda self: False)
    assert env.missing_debian_packages({"e2e", "engines"}) == [
        "chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"]
    # the engines layer times Chromium's starts beside the others'
    assert env.missing_debian_packages({"engines"}) == ["chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"]
