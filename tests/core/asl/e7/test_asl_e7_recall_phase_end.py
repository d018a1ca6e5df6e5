"""E7.24: a Recalled aircraft is removed from play at the end of the phase — the turn track's
phase end (``Rules.phase_end``) does it when the players advance, logged with its rule."""

from __future__ import annotations

from airhead.asl.e7.air_support import aircraft_of
from airhead.codec import decode_save, encode_save
from airhead.game import Game
from airhead.systems import builtin, new_game


def _game_with_planes() -> Game:
    g = new_game(builtin("default"), "r1")
    g.apply({"type": "edit", "op": "unit", "id": "P-47", "side": "Allied", "kind": "aircraft", "hex": None,
             "status": ["damaged", "recalled"]})
    g.apply({"type": "edit", "op": "unit", "id": "Typhoon", "side": "Allied", "kind": "aircraft", "hex": None,
             "status": ["damaged"]})
    return g


def test_a_recalled_aircraft_leaves_at_the_end_of_the_phase_and_no_other() -> None:
    g = _game_with_planes()
    phase = g.state.turn
    g.apply({"type": "advance"})
    names = [a.id for a in aircraft_of(g.state.counters)]
    assert names == ["Typhoon"]  # the Damaged, not Recalled, Typhoon stays
    ended = g.system.track.phase(phase).key
    events = g.entries[-1].events
    gone = [e for e in events if e.rule == "E7.24"]
    assert [e.cause for e in gone] == [f"P-47 is Recalled: removed from play at the end of the {ended} (not counted "
                                       "towards Casualty Victory Conditions)"]
    assert events[-1].kind == "info"  # the new phase is said last
    # replay gives the same
    again = decode_save(encode_save(g)).to_game()
    assert again.log_lines() == g.log_lines()
    # and undo brings it back
    g.apply({"type": "undo"})
    assert [a.id for a in aircraft_of(g.state.counters)] == ["P-47", "Typhoon"]


def test_advancing_several_phases_removes_it_once_at_the_first_phase_end() -> None:
    g = _game_with_planes()
    g.apply({"type": "advance", "phase": "CCPh"})
    assert len([e for e in g.entries[-1].events if e.rule == "E7.24"]) == 1
