"""tools.common.run: the command's exit code (also a signal's), and the CPU time it and its
children used, added up per thread for the layer's CPU figure in `build.py test`'s summary."""

from __future__ import annotations

import sys
import threading

from tools.common import captured, child_cpu, run

SPIN = "import subprocess, sys\nsum(range(3_000_000))\n" \
       "subprocess.run([sys.executable, '-c', 'sum(range(3_000_000))'])\nsys.exit(3)"


def test_exit_code_and_cpu_of_the_command_and_its_child_are_kept() -> None:
    before = child_cpu()
    with captured():
        rc, _ = run([sys.executable, "-c", SPIN])
    assert rc == 3
    assert child_cpu() > before


def test_a_killed_command_reports_the_signal() -> None:
    with captured():
        rc, _ = run([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGTERM)"])
    assert rc == -15


def test_each_thread_counts_its_own_commands() -> None:
    seen: list[float] = []

    def other() -> None:
        seen.append(child_cpu())

    with captured():
        run([sys.executable, "-c", SPIN])
    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [0.0]
