"""Saves and links made by Airhead main before the systems plug (format 1) open and replay
identically: the same log, the same outcomes, the same dice position.

The fixtures in ``data/main_v1/`` were recorded with that version (one per system, with edits,
notes, seals, undo/redo, cancel and offboard landings) and are never regenerated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from airhead.codec import decode_link, decode_save
from wording import reworded

DATA = Path(__file__).parent / "data" / "main_v1"

FIXTURES = sorted(p.name for p in DATA.glob("*.json"))


@pytest.mark.parametrize("name", FIXTURES)
def test_save_and_link_from_main_v1_replay_identically(name: str) -> None:
    fx = json.loads((DATA / name).read_text(encoding="utf-8"))
    for data in (decode_save(json.dumps(fx["save"])), decode_link(fx["link"])):
        game = data.to_game()
        assert game.log_lines() == reworded(fx["log"])
        assert [dict(o) for o in game.state.outcomes] == fx["outcomes"]
        assert game.state.dice.position == fx["dice"]


def test_every_system_has_a_fixture() -> None:
    systems = {json.loads((DATA / n).read_text(encoding="utf-8"))["save"]["scenario"].get("builtin", "asl") for n in FIXTURES}
    assert {"default", "panzer_leader_drop", "army_group_drop"} <= systems
