"""Core test settings: Hypothesis never judges a test by its speed (no deadline: speed is measured
by `build.py bench`, not asserted; a loaded 2-core machine or Pyodide must not fail a test), and
draws the same examples on every run unless asked to explore."""

from __future__ import annotations

import sys
from pathlib import Path

# The repository's root, for tools.corpora (the generated corpora the tests and benches share).
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

import os

from hypothesis import settings

# A run of the suite draws the same examples every time (derandomize): a red `.ci/run` then means
# a change broke something, never that a new random example was tried. AIRHEAD_EXPLORE=1 draws
# fresh examples to look for new faults; a fault found so becomes an explicit test.
settings.register_profile("airhead", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None)
settings.load_profile("explore" if os.environ.get("AIRHEAD_EXPLORE") == "1" else "airhead")
