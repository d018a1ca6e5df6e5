"""An action's cost does not grow with the game's length (issue #28): for every procedure of
every system, the generated worst game of ``tools/bench_worst.py`` (the procedure played again
and again in a heavy scenario, up to the caps), one action among the last of the game costs the
work of one among the first of the procedure's.

Counted, not timed: the work is :mod:`airhead.work`'s units, spent as a replay spends them (a
metered block), so the figures are the same on every machine. Shorter games than the bench's
5,000 actions keep the layer quick; the bench prints the same figures at 5,000
(``first_units`` / ``last_units``)."""

from __future__ import annotations

from typing import Any

import pytest
from airhead import work
from airhead.systems import SYSTEMS, new_game
from tools.bench_worst import generate

#: Actions generated per procedure, and how many are compared at each end.
LENGTH, PART = 1_200, 200
#: How much more than an early action a late one may spend (units per action): reading a
#: procedure's own outcomes so far is counted (a unit each, :meth:`GameState.outcomes_of`).
SLACK = 1.25

PROCEDURES = [pytest.param(s, p, id=p) for s in SYSTEMS for p in s.procedures]


def _per_action(game: Any, actions: list[dict[str, Any]]) -> float:
    with work.metered(10**15), work.collector_paused():
        for a in actions:
            game.apply(a)
        return work.spent() / len(actions)


@pytest.mark.parametrize("system,proc", PROCEDURES)
def test_an_action_late_in_the_game_costs_what_one_early_in_it_did(system: Any, proc: str) -> None:
    sc, actions = generate(system, proc, LENGTH)
    setup = next((i for i, a in enumerate(actions) if a["type"] == "start"), len(actions))  # the heavy scenario's edits
    if len(actions) - setup < 3 * PART:  # the procedure cannot begin again and again (e.g. one aircraft's arrival)
        assert new_game(sc, "worst", actions).actions  # it still replays
        return
    early = _per_action(new_game(sc, "worst", actions[:setup]), actions[setup:setup + PART])
    late = _per_action(new_game(sc, "worst", actions[:-PART]), actions[-PART:])
    assert late <= early * SLACK + 1, f"{proc}: {early:.1f} units an action among the first {PART}, {late:.1f} among the last"
