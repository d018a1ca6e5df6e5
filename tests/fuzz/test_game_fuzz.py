"""The fuzz layer (issue #28): games played through every procedure of every system, mutated
as a hostile sender would, each refused with a documented error (a CodecError: the codec's, or
the replay's refusal, or the work budget's SizeError) or opened fully within the work budget
(``game_fuzz.check``). Seeded: a failure names its mutant, and the same seed makes it again.
No time is asserted: a hang is caught by a watchdog far above the budget."""

from __future__ import annotations

from airhead.systems import SYSTEMS
from tools.corpora import game_fuzz
from tools.corpora.opening import OPEN_WATCHDOG, watchdog


def test_the_corpus_plays_every_procedure_of_every_system() -> None:
    started = {a["procedure"] for p in game_fuzz.corpus() for a in p.actions if a["type"] == "start"}
    every = {name for s in SYSTEMS for name in s.procedures}
    # the few a form filled at random cannot begin (a strafing run's lane, a jettison in the
    # plane's own MPh...) are reached by the mutations' starts of every procedure
    assert len(started) >= len(every) * 3 // 4, sorted(every - started)
    assert {p.system for p in game_fuzz.corpus()} == {s.key for s in SYSTEMS}


def test_mutated_games_are_refused_or_open_fully_within_the_budget(fuzz_count: int, fuzz_seed: int) -> None:
    outcomes: dict[str, int] = {}
    for m in game_fuzz.mutants(fuzz_seed, fuzz_count):
        with watchdog(OPEN_WATCHDOG, m.label):
            outcome = game_fuzz.check(m)  # raises a Defect naming the mutant
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert sum(outcomes.values()) == fuzz_count
    # the mutations reach both ends: games that open, and games refused at replay
    assert outcomes.get("opened", 0) > fuzz_count // 10, outcomes
    assert outcomes.get("refused at replay", 0) > fuzz_count // 10, outcomes
