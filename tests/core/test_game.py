"""The reducer: procedures that wait for input, dice from the roller or the table, undo/redo, replay."""

from __future__ import annotations

import pytest
from airhead.game import (
    ActionError,
    ReplayError,
    apply,
    check_action,
    initial_state,
)
from airhead.systems import builtin, get, new_game

SC = builtin("default")


def start_rl(hexname: str) -> dict[str, object]:
    return {"type": "start", "procedure": "asl.random_location", "params": {"from": hexname}}


def test_random_location_waits_for_a_dr_and_moves_the_hex() -> None:
    # E8 EX: the glider in C9 makes a Random Location DR of 2 -> C8; later DR 4 (colored 2) -> E7.
    # (the default scenario has boards 1 and 2; the geometry is the same on every geoboard)
    g = new_game(SC, "seed")
    g.apply(start_rl("1C9"))
    p = g.waiting_for()
    assert p is not None and p.kind == "roll" and p.rule == "E8.211"
    assert p.describe() == "Random Location DR from 1C9 (E8.211): colored d6 + white d6"
    events = g.apply({"type": "dice", "values": [1, 1]})
    assert [e.render() for e in events] == [
        "E8.211   roll      Random Location DR 2 (colored 1, white 1)",
        "E8.211   result    1 hex in direction 1: 1C9 -> 1C8",
    ]
    assert g.state.outcomes[-1] == {"procedure": "asl.random_location", "from": "1C9", "hex": "1C8"}
    assert g.waiting_for() is None
    g.apply(start_rl("1C8"))
    g.apply({"type": "dice", "values": [2, 2]})
    assert g.state.outcomes[-1]["hex"] == "1E7"
    assert g.events()[-1].hexes == ("1C8", "1E7")


def test_random_location_off_the_board_is_named_and_flagged() -> None:
    g = new_game(SC, "s")
    g.apply(start_rl("1P10"))
    ev = g.apply({"type": "dice", "values": [4, 2]})
    assert ev[-1].cause == "2 hexes in direction 4: 1P10 -> 1P12 (off the playing area)"


def test_seeded_roll_and_typed_roll_both_answer_a_prompt() -> None:
    g = new_game(SC, "table-7")
    g.apply(start_rl("1H5"))
    before = g.state.dice.position
    ev = g.apply({"type": "roll"})
    assert g.state.dice.position == before + 2
    assert ev[0].kind == "roll" and "Random Location DR" in ev[0].cause
    g.apply(start_rl("1H5"))
    g.apply({"type": "dice", "values": [3, 3]})
    assert g.state.dice.position == before + 2  # typed dice do not move the roller


def test_wrong_input_is_refused_and_nothing_is_logged() -> None:
    g = new_game(SC, "s")
    with pytest.raises(ActionError, match="nothing is waiting"):
        g.apply({"type": "roll"})
    g.apply(start_rl("1C9"))
    with pytest.raises(ActionError, match="7 is not a face of a d6"):
        g.apply({"type": "dice", "values": [7, 1]})
    with pytest.raises(ActionError, match="not a choice"):
        g.apply({"type": "choose", "choice": "x"})
    with pytest.raises(ActionError, match="finish or cancel"):
        g.apply(start_rl("1C9"))
    with pytest.raises(ActionError, match="cannot be edited"):
        g.apply({"type": "edit", "op": "hex", "hex": "1C9", "set": {"t": "woods"}})
    assert len(g.actions) == 1
    g.apply({"type": "cancel"})
    assert g.waiting_for() is None


@pytest.mark.parametrize(
    "action,msg",
    [
        ({"type": "fly"}, "unknown action type"),
        ({"type": "roll", "x": 1}, "unknown field"),
        ({"type": "dice", "values": "42"}, "dice values: must list 1..12 items"),
        ({"type": "dice", "values": [True, 1]}, "must be a whole number"),
        ({"type": "note", "text": "x" * 501}, "at most 500"),
        ({"type": "start", "procedure": "nope"}, "unknown procedure"),
        ({"type": "start", "procedure": "asl.random_location", "params": {"from": "9Z99"}}, "no board 9"),
        ({"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9", "x": 1}}, "unknown parameter"),
        ({"type": "edit", "op": "hex", "hex": "1Q99", "set": {}}, "not a hex of board 1"),
        ({"type": "edit", "op": "hex", "hex": "1C3", "set": {"t": "lava"}}, "unknown terrain “lava”"),
        ({"type": "edit", "op": "side", "hex": "1C3", "dir": "E", "feature": "hedge"}, "hexside direction: must be one of N, NE"),
        ([1, 2], "must be an object"),
    ],
)
def test_bad_actions(action: object, msg: str) -> None:
    g = new_game(SC, "s")
    with pytest.raises(ActionError, match=msg):
        g.apply(action)


def test_map_edits() -> None:
    g = new_game(SC, "s")
    g.apply({"type": "edit", "op": "hex", "hex": "1A3", "set": {"t": "woods", "obs": 1}})
    h = SC.map.parse("1A3")
    assert g.state.terrain.at(h).terrain == "woods" and g.state.terrain.at(h).obstacle == 1
    g.apply({"type": "edit", "op": "hex", "hex": "1A3", "set": {"t": None, "obs": None, "lvl": 2}})
    assert g.state.terrain.at(h).terrain == "open" and g.state.terrain.at(h).base_level == 2
    g.apply({"type": "edit", "op": "side", "hex": "1A3", "dir": "S", "feature": "wall"})
    assert g.state.terrain.side(h, 3) == {"wall"}
    g.apply({"type": "edit", "op": "side", "hex": "1A4", "dir": "N", "feature": "wall", "on": False})
    assert g.state.terrain.side(h, 3) == frozenset()
    assert g.scenario.terrain == SC.terrain  # the scenario itself is untouched


def test_undo_and_redo_are_logged_and_restore_state() -> None:
    g = new_game(SC, "s")
    g.apply(start_rl("1C9"))
    g.apply({"type": "roll"})
    first = g.state.outcomes[-1]["hex"]
    g.apply({"type": "undo"})
    assert g.waiting_for() is not None and g.state.outcomes == ()
    # undo restores the dice position: rolling again gives the same result (undo is no reroll)
    g.apply({"type": "roll"})
    assert g.state.outcomes[-1]["hex"] == first
    g.apply({"type": "undo"})
    g.apply({"type": "undo"})
    assert g.waiting_for() is None
    g.apply({"type": "redo"})
    assert g.waiting_for() is not None
    with pytest.raises(ActionError, match="nothing to undo"):
        new_game(SC, "s").apply({"type": "undo"})
    log = g.log_lines()
    assert log[0] == "#1 start Random Location: from 1C9"
    assert "#2 roll  [undone]" in log
    assert any(line.startswith("#7 redo") for line in log)
    assert log[-1].startswith("waiting for Random Location DR from 1C9")


def test_new_action_after_undo_clears_redo() -> None:
    g = new_game(SC, "s")
    g.apply({"type": "note", "text": "a"})
    g.apply({"type": "undo"})
    g.apply({"type": "note", "text": "b"})
    assert not g.can_redo
    with pytest.raises(ActionError, match="nothing to redo"):
        g.apply({"type": "redo"})


def test_replay_rebuilds_the_same_state_and_log() -> None:
    actions: list[dict[str, object]] = [
        {"type": "edit", "op": "hex", "hex": "1B3", "set": {"t": "woods", "obs": 1}},
        start_rl("1C9"), {"type": "roll"}, {"type": "undo"}, {"type": "roll"},
        start_rl("1E5"), {"type": "dice", "values": [6, 3]}, {"type": "undo"}, {"type": "redo"},
    ]
    a = new_game(SC, "xyz", actions)
    b = new_game(SC, "xyz")
    for act in actions:
        b.apply(act)
    assert a.state == b.state and a.log_lines() == b.log_lines()


def test_replay_error_names_the_action() -> None:
    with pytest.raises(ReplayError, match="action 2: nothing is waiting"):
        new_game(SC, "s", [{"type": "note", "text": "x"}, {"type": "roll"}])


def test_apply_is_pure() -> None:
    s0 = initial_state(get(SC.system), SC, "p")
    s1, _ = apply(s0, start_rl("1C9"))
    s2, ev = apply(s1, {"type": "roll"})
    s2b, ev_b = apply(s1, {"type": "roll"})
    assert s2 == s2b and ev == ev_b and s1.procedure is not None and s0.procedure is None


def test_check_action_returns_a_copy() -> None:
    a = {"type": "note", "text": "hi"}
    b = check_action(a)
    assert b == a and b is not a


def test_golden_replay_is_identical_on_every_platform() -> None:
    # The log was recorded on CPython; this test runs on CPython and in Pyodide alike.
    import json
    from pathlib import Path

    from airhead.codec import decode_save

    golden = json.loads((Path(__file__).parent / "data" / "golden_game.json").read_text(encoding="utf-8"))
    game = decode_save(json.dumps(golden["save"])).to_game()
    assert game.log_lines() == golden["log"]
    assert game.state.dice.position == 2 * 24 + 2 * 0  # undone rolls rewind the dice


def test_an_action_whose_type_is_not_text_is_refused_plainly() -> None:
    from airhead.systems import builtin, new_game

    game = new_game(builtin("default"), "s")
    for bad in ([], {}, ["roll"], 3, None):
        with pytest.raises(ActionError, match="unknown action type"):
            game.apply({"type": bad})
