"""Core test settings: Hypothesis never judges a test by its speed (no deadline: speed is measured
by `build.py bench`, not asserted; a loaded 2-core machine or Pyodide must not fail a test)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("airhead", deadline=None)
settings.load_profile("airhead")
