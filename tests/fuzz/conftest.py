"""The fuzz layer's options: ``--fuzz-count N`` mutants (default: about 20 s on CPython here),
``--fuzz-seed S``; ``build.py test --long-fuzz`` passes a count ten times larger."""

from __future__ import annotations

import sys
from pathlib import Path

# The repository's root, for tools.corpora (the generated corpora the tests and benches share).
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fuzz-count", type=int, default=300, help="mutated games to check")
    parser.addoption("--fuzz-seed", type=int, default=2828, help="the seed of the mutations")


@pytest.fixture
def fuzz_count(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--fuzz-count"))


@pytest.fixture
def fuzz_seed(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--fuzz-seed"))
