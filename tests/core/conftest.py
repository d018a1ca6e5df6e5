"""Core test settings: Hypothesis never judges a test by its speed (no deadline: speed is measured
by `build.py bench`, not asserted; a loaded 2-core machine or Pyodide must not fail a test)."""

from __future__ import annotations

import sys
from pathlib import Path

# The repository's root, for tools.corpora (the generated corpora the tests and benches share).
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

from hypothesis import settings

settings.register_profile("airhead", deadline=None)
settings.load_profile("airhead")
