"""A game played to the end of its procedure in the core tests: every roll rolled, every choice
made by a rule of the test's (by default the prompt's last option)."""

from __future__ import annotations

from typing import Any, Callable

from airhead.game import Game


def play_out(g: Game, choose: Callable[[Any], str] = lambda p: str(p.options[-1]), limit: int = 200) -> None:
    """Answer ``g``'s prompts until it waits for nothing; fails if it still waits after ``limit``."""
    for _ in range(limit):
        p = g.waiting_for()
        if p is None:
            return
        g.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": choose(p)})
    raise AssertionError(f"the procedure still waits after {limit} answers: {g.waiting_for()}")


def at(phase: str, player: int = 1) -> list[dict[str, Any]]:
    """The ``advance`` actions from a new game to ``phase`` of Game Turn 1's Player Turn ``player``
    (0: the side that moves first; by default the other side's, where the first side's aircraft
    attack, E7.4, and fire Starshells during Defensive First Fire, E1.92)."""
    go = {"type": "advance", "phase": phase}
    if player == 0:
        return [] if phase == "RPh" else [go]
    return [go] if phase == "RPh" else [go, go]


def saved_before_turn_rules(g: Game, *actions: dict[str, Any]) -> Game:
    """``g`` with ``actions`` after its own, all as a save of format 2 records them (before the
    rules of the turn, :data:`airhead.formats.TURN_RULES_FORMAT`), opened through the codec: they
    replay as Airhead then played them."""
    import json

    from airhead.codec import decode_save

    sc: Any = {"builtin": g.scenario.builtin} if g.scenario.builtin else g.scenario.to_data()
    text = json.dumps({"airhead": 2, "scenario": sc, "seed": g.seed, "actions": [*g.actions, *actions]})
    return decode_save(text).to_game()
