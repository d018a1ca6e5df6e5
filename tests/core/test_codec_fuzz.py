"""The fuzz run of issue #13: every link or file is either refused with a CodecError or is a
game the app can show — replay it, draw its map, build its Play panel, save and share it again
(``opening.open_fully``): real saves of every system, the adversarial inputs, 10,000 mutated
saves and links (1,000 in Pyodide) and two hypothesis properties.

No test asserts a time: a hang is caught by a watchdog far above the budget (20 x), where the
platform has signals. The figures against the budget (refused in 100 ms, opened in 1 s on
CPython) are ``tools/bench_decode.py``'s (``build.py bench``). The limits themselves and each
kind of refusal are ``test_codec_limits.py``'s."""

from __future__ import annotations

import json

import pytest
from airhead.codec import CodecError, SaveData, decode_any, decode_save
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tools.corpora import codec_fuzz
from tools.corpora.codec_fuzz import link_of_text, seed_saves
from tools.corpora.hostile import adversarial
from tools.corpora.mutations import _nodes, mutants
from tools.corpora.opening import IN_PYODIDE, OPEN_WATCHDOG, Case, check, open_fully, watchdog

#: Mutated saves and links per fuzz run: the issue asks for at least 10,000 (fewer in Pyodide,
#: which runs the same tests several times slower).
FUZZ_COUNT = 1_000 if IN_PYODIDE else 10_000
#: The largest games a save may hold are opened by test_codec_limits.py.
HEAVY = ("one 200x200", "8x8 ASL", "the most terrain", "the largest save", "5000 notes", "5000 hex edits", "5000 units", "2500 ")
CASES = [c for c in adversarial() if not c.label.startswith(HEAVY)]


# ---------------------------------------------------------------------- real saves and adversarial inputs
@pytest.mark.parametrize("label,text", seed_saves(), ids=[label for label, _ in seed_saves()])
def test_every_real_save_opens_fully_and_round_trips(label: str, text: str) -> None:
    for candidate in (text, link_of_text(text)):
        data = decode_any(candidate)
        game = open_fully(data)
        assert decode_any(link_of_text(codec_fuzz.encode_save(game))) == SaveData.of(game)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.label)
def test_adversarial_inputs_are_refused_or_open_fully(case: Case) -> None:
    with watchdog(OPEN_WATCHDOG, case.label):
        outcome = check(case)
    if case.label.startswith(("8x8 maps", "one 200x201", "5001 notes", "1e999", "a 5000-digit", "a 16-digit",
                              "depth 33", "lone surrogate")) or "quote" in case.label or "bracket" in case.label:
        assert outcome == "refused", case.label
    if case.label.startswith("depth 32"):
        assert outcome == "opened", case.label


# ---------------------------------------------------------------------- the fuzz run and properties
def test_fuzz_mutated_saves_and_links_are_refused_or_open_fully() -> None:
    outcomes: dict[str, int] = {}
    # a mutant whose decoded data is exactly one opened before (its JSON as a save writes it, which
    # tells 1, 1.0 and true apart: about one in five of those that decode) opens as that one did
    # (opening is deterministic): it is decoded and counted, not opened again
    opened: dict[str, str] = {}
    for case in mutants(1313, FUZZ_COUNT):
        with watchdog(OPEN_WATCHDOG, case.label):
            outcome = check(case, opened)  # raises a Defect naming the mutation
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert sum(outcomes.values()) == FUZZ_COUNT
    # the mutations reach every stage: refused at decode, refused at replay, and games that open
    assert outcomes["refused"] > FUZZ_COUNT // 2
    assert outcomes.get("refused at replay", 0) > FUZZ_COUNT // 100
    assert outcomes.get("opened", 0) > FUZZ_COUNT // 100


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**16), 10**16) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20) | st.sampled_from(["\ud800", "1C9", "1H5", "A/f3", "woods", "roll", "N", "@1,1", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def mutated_saves(draw: st.DrawFn) -> str:
    """A real save with one to three of its values replaced by arbitrary JSON."""
    label, text = draw(st.sampled_from(seed_saves()))
    obj = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        nodes = [path for path, _ in _nodes(obj) if path]
        path = draw(st.sampled_from(nodes))
        parent = obj
        for k in path[:-1]:
            parent = parent[k]
        if draw(st.booleans()) or not isinstance(parent, dict):
            parent[path[-1]] = draw(JSON_VALUES)
        else:
            del parent[path[-1]]
    out = json.dumps(obj, ensure_ascii=draw(st.booleans()))
    return link_of_text(out) if draw(st.booleans()) else out


@given(mutated_saves())
@settings(max_examples=60 if IN_PYODIDE else 300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_property_any_mutated_save_is_refused_or_opens_fully(text: str) -> None:
    check(Case("hypothesis", text))


@given(st.binary(max_size=400))
@settings(max_examples=100 if IN_PYODIDE else 400, deadline=None)
def test_property_any_bytes_in_a_link_or_file_are_refused_or_open(raw: bytes) -> None:
    for text in (raw.decode("latin-1"), link_of_text(raw.decode("utf-8", "surrogateescape"))):
        check(Case("bytes", text))
    try:
        decode_save(raw)
    except CodecError:
        pass
