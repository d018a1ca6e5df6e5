"""The README's "Find a rule by its number" table names files that exist: a rule is one hop away
only if the hop lands (a module moved or renamed must be moved in the table too)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core" / "airhead"


def test_every_file_the_rule_map_names_exists() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("### Find a rule by its number", 1)[1].split("\n\n", 2)[1]
    paths = {p for p in re.findall(r"`([\w/*.]+\.py|[\w]+/)`", table)}
    assert len(paths) > 20, "the rule map lost its table"
    for p in sorted(paths):
        found = list(CORE.glob(p)) if "*" in p else [CORE / p] if (CORE / p).exists() else []
        assert found, f"README's rule map names {p}, which is not under core/airhead/"
