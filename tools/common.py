"""Paths, output helpers, running commands, content hashes and stamps (standard library only)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
BUILD = ROOT / "build"
WEB = ROOT / "web"
NODE_MODULES = WEB / "node_modules"
E2E = ROOT / "e2e"
CHROMIUM = Path("/usr/bin/chromium")

# Never part of a content hash or a copy of the sources.
IGNORED_NAMES = ("__pycache__", "*.pyc", "*.pyo", "*.egg-info", ".mypy_cache", ".pytest_cache")


class LayerError(Exception):
    """A step of a layer failed; the message says which."""


# ----------------------------------------------------------------------------- output helpers

_local = threading.local()


def say(msg: str = "") -> None:
    kept: bytearray | None = getattr(_local, "kept", None)
    if kept is not None:
        kept += (msg + "\n").encode()
    else:
        print(msg, flush=True)


@contextmanager
def captured() -> Iterator[bytearray]:
    """Within: what say() and run() print in this thread is kept in the bytearray yielded
    instead (a layer running beside another one prints it when it is done)."""
    kept = bytearray()
    _local.kept = kept
    try:
        yield kept
    finally:
        _local.kept = None


def header(title: str) -> None:
    say()
    say("=" * 78)
    say(f"== {title}")
    say("=" * 78)


def step(msg: str) -> None:
    say(f"-- {msg}")


# ----------------------------------------------------------------------------- running commands

def clean_env() -> dict[str, str]:
    """The environment for child processes: the venv first on PATH, no stray PYTHONPATH."""
    env = dict(os.environ)
    # PYTHONDONTWRITEBYTECODE goes too: a warm run reuses the bytecode of the last one (pytest's
    # rewritten test modules, tools/: ~5 of the CPython layer's CPU seconds), in __pycache__/
    # folders git and the bundle's hashes ignore (IGNORED_NAMES)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONDONTWRITEBYTECODE"):
        env.pop(var, None)
    env["VIRTUAL_ENV"] = str(VENV)
    env["PATH"] = f"{VENV / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, tail: bool = False) -> tuple[int, str]:
    """Run cmd with its stdout+stderr streamed through as it comes (kept instead, inside
    captured()).

    Returns the exit code and (when tail) the last 64 KiB of output, for parsing summaries.
    """
    args = [str(c) for c in cmd]
    step("$ " + " ".join(args) + (f"   (in {cwd.relative_to(ROOT)}/)" if cwd != ROOT else ""))
    try:
        proc = subprocess.Popen(
            args, cwd=cwd, env=clean_env(), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
    except FileNotFoundError as exc:
        say(f"!! cannot run {args[0]}: {exc}")
        return 127, ""
    assert proc.stdout is not None
    meter = TreeCPU(proc.pid)
    kept = bytearray()
    elsewhere: bytearray | None = getattr(_local, "kept", None)
    out = sys.stdout.buffer
    fd = proc.stdout.fileno()
    while chunk := os.read(fd, 65536):
        if elsewhere is not None:
            elsewhere += chunk
        else:
            out.write(chunk)
            out.flush()
        if tail:
            kept += chunk
            del kept[:-65536]
    # wait4: the exit status and the CPU time of the command and every descendant it waited
    # for (pytest-xdist's workers, ...); a browser's renderers are not waited for by anyone
    # under the command, so the process tree is also sampled while it runs (TreeCPU)
    _, status, usage = os.wait4(proc.pid, 0)
    sampled = meter.stop()
    rc = proc.returncode = os.waitstatus_to_exitcode(status)
    _local.cpu = child_cpu() + max(usage.ru_utime + usage.ru_stime, sampled)
    return rc, kept.decode("utf-8", "replace")


class TreeCPU:
    """The CPU seconds of a process and all its descendants, sampled from /proc once a second
    (each process's last reading kept, so one gone since still counts): a lower bound that
    sees what no waited parent reports (Chromium's renderers). 0 where /proc is missing.

    Cheap (issue #43): the tree is cached, so a sample lists /proc's pids and reads the stat
    file of the tree's members and of pids new since the last sample only (not all ~100 of a
    busy machine's); a member stays one when reparented to init. Every ``rescan``-th sample
    reads them all again, so a reused pid cannot hide a new descendant for long."""

    def __init__(self, pid: int, every: float = 1.0, rescan: int = 30) -> None:
        self.pid, self.every, self.rescan = pid, every, rescan
        self.seen: dict[tuple[int, str], float] = {}
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.tree: dict[int, str] = {}  # member pid -> its start time (told apart from a reuse)
        self.known: set[int] = set()  # pids already read, in the tree or not
        self.samples = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._loop, name=f"cpu-{pid}", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while not self.done.wait(self.every):
            self.sample()

    def _stat(self, pid: int) -> tuple[int, str, float] | None:
        """(parent pid, start time, CPU seconds) of a process, None once gone."""
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            # after the name: state ppid ... utime(12) stime(13) ... starttime(20)
            return int(fields[1]), fields[19].decode(), (int(fields[11]) + int(fields[12])) / self.tick
        except (OSError, IndexError, ValueError):
            return None

    def sample(self) -> None:
        try:
            pids = {int(d) for d in os.listdir("/proc") if d.isdigit()}
        except OSError:
            return
        full = self.samples % self.rescan == 0
        self.samples += 1
        if full:
            self.known.clear()
        fresh = pids - self.known
        self.known = pids
        parent: dict[int, int] = {}
        cpu: dict[int, tuple[str, float]] = {}
        for pid in fresh | (self.tree.keys() & pids):
            stat = self._stat(pid)
            if stat is not None:
                parent[pid], start, used = stat
                cpu[pid] = start, used
        # a member whose start time changed is a reused pid: out of the tree, its parent decides
        tree = {pid for pid, start in self.tree.items() if pid in cpu and cpu[pid][0] == start}
        tree.add(self.pid)
        grew = True
        while grew:
            more = {pid for pid, ppid in parent.items() if ppid in tree} - tree
            tree |= more
            grew = bool(more)
        self.tree = {pid: cpu[pid][0] for pid in tree if pid in cpu}
        for pid, start in self.tree.items():
            self.seen[(pid, start)] = cpu[pid][1]

    def stop(self) -> float:
        self.done.set()
        self.thread.join()
        return sum(self.seen.values())


def child_cpu() -> float:
    """CPU seconds (user + system) of the commands run() has run in this thread so far."""
    cpu: float = getattr(_local, "cpu", 0.0)
    return cpu


def check(cmd: Sequence[str | Path], what: str, *, cwd: Path = ROOT) -> None:
    rc, _ = run(cmd, cwd=cwd)
    if rc != 0:
        raise LayerError(f"{what} failed (exit {rc})")


# ----------------------------------------------------------------------------- hashing / stamps

def sha256_of(paths: Iterable[Path], extra: str = "") -> str:
    """Hash of the contents (and repo-relative names) of the given files, in order."""
    h = hashlib.sha256(extra.encode())
    for p in paths:
        h.update(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p).encode() + b"\0")
        h.update(p.read_bytes() if p.is_file() else b"<missing>")
        h.update(b"\0")
    return h.hexdigest()


def tree_files(top: Path) -> list[Path]:
    """Files under top, sorted, without caches and build debris."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if not ignored(d))
        found += [Path(dirpath) / f for f in sorted(filenames) if not ignored(f)]
    return found


def ignored(name: str) -> bool:
    return any(fnmatch(name, pat) for pat in IGNORED_NAMES)


def stamp_ok(stamp: Path, digest: str) -> bool:
    return stamp.is_file() and stamp.read_text().strip() == digest


def write_stamp(stamp: Path, digest: str) -> None:
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest + "\n")
