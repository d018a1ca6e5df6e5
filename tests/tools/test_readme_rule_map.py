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


def test_every_rules_module_is_named_in_the_readme() -> None:
    """Every module of a rule system and of the board reader is named in the README, by its path
    under core/airhead/ (a board reader's or a system's plug module by its file name), so a
    module added or split off is one hop from the page a reader starts on."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = []
    for package in ("asl", "panzer_leader", "army_group", "vasl"):
        for path in sorted((CORE / package).rglob("*.py")):
            rel = path.relative_to(CORE).as_posix()
            if path.name == "__init__.py" or f"`{rel}`" in text:
                continue
            if (package == "vasl" or path.name == "system.py") and f"`{path.name}`" in text:
                continue
            missing.append(rel)
    assert not missing, f"the README names no {', '.join(missing)}"
