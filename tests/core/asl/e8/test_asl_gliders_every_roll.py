"""The default scenario's glider landing from 1G9 asks the same three steps whatever is rolled.

Many e2e tests play this landing (e2e/playing.py start_landing, finish_landing), their dice typed;
test_play's Roll test rolls the app's dice, whose seed is new each game: they rely on it asking
the Landing DR (E8.22), then the Crash dr (E8.23), then Final Fire (E8.3), and ending, for every
roll.
"""

from __future__ import annotations

import itertools

import pytest
from airhead.systems import builtin, new_game


@pytest.mark.parametrize("answer", [0, -1])
def test_landing_from_1g9_asks_landing_dr_crash_dr_final_fire_for_every_roll(answer: int) -> None:
    sc = builtin("default")
    fresh = new_game(sc, "p")
    params = {**fresh.system.procedures["asl.glider_landing"].defaults(fresh.state), "ilh": "1G9"}
    for colored, white, crash in itertools.product(range(1, 7), repeat=3):
        g = new_game(sc, "x")
        g.apply({"type": "start", "procedure": "asl.glider_landing", "params": params})
        rolls = iter([[colored, white], [crash]])
        asked: list[tuple[str, str]] = []
        while (p := g.waiting_for()) is not None and len(asked) < 4:
            asked.append((p.kind, p.rule))
            if p.kind == "roll":
                g.apply({"type": "dice", "values": next(rolls)})
            else:
                g.apply({"type": "choose", "choice": str(p.options[answer])})
        assert asked == [("roll", "E8.22"), ("roll", "E8.23"), ("choice", "E8.3")], (colored, white, crash)
        assert g.waiting_for() is None
