"""What the Pyodide layer runs of tests/core (a pytest plugin: run_core_tests.mjs loads it).

The Pyodide layer is there to find what differs between CPython 3.11 and the browser's Python
(Pyodide, CPython 3.14 on WebAssembly): the language and standard library of another version,
another libm (floats), the wasm stack (deep recursion), memory, no threads, signals or
subprocesses, zlib and json as built there, set and dict order, hashing. Every test file of
tests/core runs in it, so every module is imported and exercised there. What it leaves to the
CPython layer is repetition: the many examples a property draws, the thousands of cases a
cross-check compares, checks that run the same code again on more inputs to find a fault in
the *logic*, which is the same in both interpreters (docs/web.md, "The Pyodide layer").

- A Hypothesis property draws ``1/EXAMPLE_SHARE`` of its examples in Pyodide (at least
  ``MIN_EXAMPLES``), but for those that already set their own count for Pyodide (OWN_COUNT).
- A cross-check below (``CPYTHON_ONLY``) runs on CPython only, or (``ONE_CASE``) with one
  case of its parameters: each compares two readings of the same rules computed by the same
  interpreter (a shortcut and a full trace, a verdict and its explanation, the odds and a
  brute-force count), over many cases; the concrete
  outcomes of the same code (hexes, verdicts, odds, logs) are asserted by the other tests of
  its file, which all run in Pyodide.
"""

from __future__ import annotations

from typing import Any

import pytest

EXAMPLE_SHARE = 5
MIN_EXAMPLES = 10

#: Properties whose example count already says what Pyodide draws (``IN_PYODIDE``).
OWN_COUNT = {
    "tests/core/test_codec.py::test_random_text_only_raises_codec_errors",
    "tests/core/test_plug.py::test_any_json_is_read_or_refused_with_a_data_error",
    "tests/core/test_codec_fuzz.py::test_property_any_mutated_save_is_refused_or_opens_fully",
    "tests/core/test_codec_fuzz.py::test_property_any_bytes_in_a_link_or_file_are_refused_or_open",
}

#: Cross-checks run on CPython only: test -> what in Pyodide still covers its code.
CPYTHON_ONLY: dict[str, str] = {
    "tests/core/asl/test_los_rules.py::test_every_explanation_line_agrees_with_its_verdict":
        "~16,000 traces of the fixture board, each explanation against its verdict: in Pyodide the "
        "same check runs on a painted map (test_los_painted_rules.py, one case) and the verdicts "
        "of test_los_rules.py's other tests",
    "tests/core/asl/e8/test_perf_exact_odds.py::test_glider_odds_equal_the_brute_force_count_and_sum_to_exactly_one":
        "exact E8 odds against a brute-force walk of every roll (Fractions: integer arithmetic): in "
        "Pyodide the odds are checked against the procedure played through every dice outcome "
        "(test_asl_gliders_odds.py) and the chain tests of the same file",
    "tests/core/asl/test_los_grid_ssr.py::test_a_board_under_an_option_reads_as_the_board_drawn_so":
        "300 traces of a board under Woods to Brush against the board drawn so: in Pyodide the "
        "options' traced verdicts (test_an_ssr_option_changes_the_traced_verdict) and their grids "
        "are checked",
}

#: Parametrized cross-checks that run one case only in Pyodide: the case kept -> what the
#: others compare.
ONE_CASE: dict[str, str] = {
    "tests/core/asl/test_los_painted_rules.py::test_every_explanation_line_agrees_with_its_verdict_on_a_painted_map[settings0]":
        "explanations against verdicts on a painted map, under a second set of LOS settings",
    "tests/core/asl/test_viewshed.py::test_fast_verdicts_match_the_full_trace[0-kw0]":
        "the viewshed's shortcut against the full trace, at four more levels and settings",
    "tests/core/asl/e8/test_asl_gliders_odds_shared.py::test_each_ilhs_landings_are_the_same_with_and_without_sharing[1]":
        "E8 landings with and without shared work, on five more random maps",
    "tests/core/asl/e8/test_asl_gliders_odds_shared.py::test_the_heatmap_and_the_odds_are_the_same_with_and_without_sharing[0]":
        "the heatmap and odds with and without shared work, on two more random maps",
    "tests/core/asl/e8/test_asl_gliders_odds_occupied.py::test_the_odds_with_occupants_are_those_worked_out_cold[1]":
        "odds among occupants with the memo warm against worked out cold, on three more seeds",
    "tests/core/asl/test_los_rules.py::test_every_line_agrees_with_its_verdict_along_walls_and_at_one_range[ranges-each-crossed]":
        "explanations against verdicts on the walled board and under the other readings (Pyodide still checks the "
        "walled board's and the one-range board's verdicts under both readings: test_los_rules.py's tests above it)",
}


def _base(nodeid: str) -> str:
    return nodeid.split("[", 1)[0]


def _scale(item: pytest.Item) -> None:
    fn: Any = getattr(item, "obj", None)
    current = getattr(fn, "_hypothesis_internal_use_settings", None)
    if current is None or not getattr(fn, "is_hypothesis_test", False) or _base(item.nodeid) in OWN_COUNT:
        return
    from hypothesis import settings

    wanted = max(MIN_EXAMPLES, current.max_examples // EXAMPLE_SHARE)
    if wanted < current.max_examples:
        # Hypothesis reads the test's settings from this attribute when the test is called
        fn._hypothesis_internal_use_settings = settings(current, max_examples=wanted)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    one_case = {_base(kept) for kept in ONE_CASE}
    keep, drop = [], []
    for item in items:
        base = _base(item.nodeid)
        if base in CPYTHON_ONLY or (base in one_case and item.nodeid not in ONE_CASE):
            drop.append(item)
            continue
        _scale(item)
        keep.append(item)
    collected = {i.nodeid for i in items} | {_base(i.nodeid) for i in items}
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    stale = sorted((CPYTHON_ONLY.keys() | OWN_COUNT | ONE_CASE.keys()) - collected)
    if stale and config.args == ["tests/core"] and not config.getoption("keyword"):
        print(f"\n[pyodide] tests/pyodide/pyodide_selection.py names tests that are not there: {stale}")
