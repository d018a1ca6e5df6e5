"""The work budget of a replay (airhead.work): counted, not clocked. A saved game whose replay
asks for more work than a game may is refused with the codec's SizeError, naming the action it
reached; the count is the same whatever the process computed before (the line-of-sight engine's
cache of line shapes warm or cold), and nothing is counted outside a replay. Each action costs
its fixed share, and what the map shows of the game is worked out within a budget of its own."""

from __future__ import annotations

import pytest
from airhead import work
from airhead.asl import los
from airhead.asl.e1.night_movement import LOSS_CAUSES
from airhead.codec import SaveData, SizeError, decode_link, encode_link
from airhead.errors import WorkError
from airhead.systems import builtin, new_game

SC = builtin("default")
NAMES = [SC.map.name(h) for h in SC.map.hexes()]


def _blazes_and_cloaking(blazes: int, height: int, losses: int) -> list[dict[str, object]]:
    """Blazes, a Cloaking counter, and Cloaking lost begun and cancelled again and again: each
    start reads whether its hex is Illuminated (every Blaze's Illuminated Zone, E1.94)."""
    out: list[dict[str, object]] = [{"type": "edit", "op": "hex", "hex": NAMES[31 * i + 5], "set": {"t": "woods", "obs": 1, "blaze": height}}
                                    for i in range(blazes)]
    out.append({"type": "edit", "op": "unit", "id": "Cloaking A", "side": "Axis", "kind": "cloaking", "hex": NAMES[300]})
    start = {"type": "start", "procedure": "asl.cloaking_lost", "params": {"letter": "A", "side": "Axis", "cause": LOSS_CAUSES[0][0]}}
    return out + [start, {"type": "undo"}] * losses


def _spent(actions: list[dict[str, object]]) -> int:
    with work.metered(10**12):
        new_game(SC, "s", actions)
        return work.spent()


def test_a_replay_over_the_budget_is_refused_with_the_action_it_reached() -> None:
    heavy = _blazes_and_cloaking(12, 6, 200)
    with pytest.raises(WorkError) as got:
        new_game(SC, "s", heavy)
    assert 12 < got.value.index < len(heavy) - 1
    data = SaveData(SC, "s", tuple(heavy))
    with pytest.raises(SizeError, match=f"too heavy to open.*action {got.value.index + 1:,}"):
        data.to_game()
    with pytest.raises(SizeError, match="too heavy to open"):
        decode_link(encode_link(data)).to_game()


def test_a_game_within_the_budget_opens_and_its_prefixes_too() -> None:
    light = _blazes_and_cloaking(2, 1, 3)
    assert _spent(light) < work.REPLAY_BUDGET
    g = new_game(SC, "s", light)
    assert g.prefix(len(light) - 1).actions == light[:-1]


def test_the_count_does_not_depend_on_what_was_computed_before() -> None:
    actions = _blazes_and_cloaking(3, 2, 4)
    los._line_from_origin.cache_clear()
    cold = _spent(actions)
    warm = _spent(actions)
    assert cold == warm > 0


def test_nothing_is_counted_outside_a_replay() -> None:
    assert work.spent() == 0
    g = new_game(SC, "s")
    for a in _blazes_and_cloaking(12, 4, 30):  # played live: the player's own work is not metered
        g.apply(a)
    assert work.METER.budget == work.UNMETERED and work.spent() == 0


def test_a_block_over_its_budget_stops_and_the_meter_comes_back() -> None:
    with pytest.raises(work.OverBudget):
        with work.metered(10):
            work.spend(11)
    assert work.METER.budget == work.UNMETERED
    with work.metered(100):
        with work.metered(50):
            work.spend(20)
        assert work.spent() == 20  # an inner block's work is the outer block's too


def test_a_blaze_is_at_most_as_high_as_the_rules_allow() -> None:
    from airhead.errors import ActionError
    from airhead.terrain import MAX_BLAZE, HexTerrain

    assert HexTerrain("woods", blaze=MAX_BLAZE).blaze == MAX_BLAZE
    with pytest.raises(Exception, match="at most 6 levels"):
        HexTerrain("woods", blaze=MAX_BLAZE + 0.5)
    g = new_game(SC, "s")
    with pytest.raises(ActionError, match="blaze height must be at most"):
        g.apply({"type": "edit", "op": "hex", "hex": "1C3", "set": {"t": "woods", "blaze": 100}})


def test_each_action_spends_its_fixed_share() -> None:
    """An action's check, log entry and new state count as work, however little its rules read."""
    notes = [{"type": "note", "text": f"n{i}"} for i in range(25)]
    assert _spent(notes) - _spent(notes[:5]) == 20 * work.ACTION


def _lit_by_an_ir(blazes: int) -> list[dict[str, object]]:
    """Blazes as high as a Blaze may be, then an Illuminating Round by OBA: the map then shows
    every light on the map, each Blaze's zone read through its shadows."""
    from airhead.terrain import MAX_BLAZE

    out: list[dict[str, object]] = [{"type": "edit", "op": "settings", "set": {"night": True}}]
    out += [{"type": "edit", "op": "hex", "hex": NAMES[(97 * i + 40) % len(NAMES)],
             "set": {"t": "woods", "obs": 1, "blaze": MAX_BLAZE}} for i in range(blazes)]
    return out + [{"type": "start", "procedure": "asl.illuminating_round",
                   "params": {"firer": "OBA", "hex": NAMES[200], "side": "Allied"}}]


def test_a_game_whose_map_takes_too_much_work_to_draw_is_refused() -> None:
    """What the map shows of a replayed game is worked out within its own budget
    (work.DRAW_BUDGET): a light one is kept for the first draw, a heavy one refused."""
    light = new_game(SC, "s", _lit_by_an_ir(1))
    assert light.state.procedure is None and light.view().zones  # worked out in the replay, kept
    heavy = _lit_by_an_ir(12)
    assert _spent(heavy[:-1]) < work.REPLAY_BUDGET
    with pytest.raises(WorkError, match="drawing the game as it stands"):
        new_game(SC, "s", heavy)
    with pytest.raises(SizeError, match="too heavy to open: drawing the map"):
        SaveData(SC, "s", tuple(heavy)).to_game()


def test_the_draw_may_spend_only_what_the_replay_left_of_the_open_budget() -> None:
    """A replay near its budget leaves the draw less than DRAW_BUDGET: replay and draw together
    stay within work.OPEN_BUDGET, the time a link may take to open."""
    lit = _lit_by_an_ir(5)
    alone = new_game(SC, "s", lit)  # five maximum Blazes: within the draw's own budget
    assert alone.view().zones
    played = new_game(SC, "s")
    with work.metered(10**12):  # the actions alone, as a replay applies them (no view)
        for a in lit:
            played.apply(a)
        replay = work.spent()
    notes = [{"type": "note", "text": f"n{i}"} for i in range((work.REPLAY_BUDGET - replay) // work.ACTION - 20)]
    heavy = notes + lit  # a replay just within its budget, then the same five Blazes to draw
    with pytest.raises(WorkError, match="drawing the game as it stands") as e:
        new_game(SC, "s", heavy)
    assert e.value.budget == work.OPEN_BUDGET
    with pytest.raises(SizeError, match="replaying it and drawing the map as it stands take more work"):
        SaveData(SC, "s", tuple(heavy)).to_game()
