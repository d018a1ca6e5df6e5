"""Sealed plans (commitment codes) and stepping through a game's log."""

from __future__ import annotations

import pytest
from airhead.codec import decode_link, encode_link
from airhead.errors import DataError
from airhead.game import ActionError, Game
from airhead.sealed import CODE_PATTERN, commitment, seal, verify
from airhead.systems import builtin, new_game

PLAN = {"landings": [{"turn": 2, "kind": "glider", "target": "1P5"}]}
SALT = "0123456789abcdef0123456789abcdef"


def test_commitment_is_deterministic_and_binding() -> None:
    code = commitment(PLAN, SALT)
    assert CODE_PATTERN.match(code)
    assert code == commitment({"landings": [{"target": "1P5", "kind": "glider", "turn": 2}]}, SALT)  # key order irrelevant
    assert code != commitment({"landings": [{"turn": 2, "kind": "glider", "target": "1P6"}]}, SALT)
    assert code != commitment(PLAN, "f" * 32)
    s = seal(PLAN)
    assert verify(PLAN, s.salt, s.code) and not verify({"x": 1}, s.salt, s.code)
    assert seal(PLAN).salt != s.salt
    with pytest.raises(DataError):
        commitment(PLAN, "short")
    with pytest.raises(DataError):
        commitment({"x": float("nan")}, SALT)


def sealed_game() -> Game:
    g = new_game(builtin(), "s")
    g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": commitment(PLAN, SALT)})
    return g


def test_honest_reveal_matches() -> None:
    g = sealed_game()
    assert g.state.sealed("Allied", "landing plan") == commitment(PLAN, SALT)
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": PLAN, "salt": SALT})
    assert ev[0].cause.startswith("Allied reveals the landing plan: it matches commitment code ")
    (rev,) = g.state.revealed("landing plan")
    assert rev["valid"] is True and rev["plan"] == PLAN
    assert g.state.sealed("Allied", "landing plan") is None


def test_tampered_reveal_is_flagged() -> None:
    g = sealed_game()
    changed = {"landings": [{"turn": 2, "kind": "glider", "target": "2A1"}]}
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": changed, "salt": SALT})
    assert ev[0].cause.startswith("MISMATCH: the Allied landing plan revealed does NOT match")
    assert g.state.revealed("landing plan")[0]["valid"] is False


def test_reveal_and_seal_errors() -> None:
    g = sealed_game()
    with pytest.raises(ActionError, match="already sealed"):
        g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": commitment(PLAN, SALT)})
    with pytest.raises(ActionError, match="sealed no landing plan"):
        g.apply({"type": "reveal", "side": "German", "label": "landing plan", "plan": PLAN, "salt": SALT})
    with pytest.raises(ActionError, match="commitment code looks like"):
        g.apply({"type": "seal", "side": "German", "label": "x", "code": "nope"})
    with pytest.raises(ActionError, match="salt"):
        g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": PLAN, "salt": "z" * 32})


def test_a_shared_link_carries_the_code_not_the_plan() -> None:
    g = sealed_game()
    link = encode_link(g)
    again = decode_link(link).to_game()
    assert again.state.sealed("Allied", "landing plan") == commitment(PLAN, SALT)
    assert "1P5" not in repr(again.actions)


def test_stepping_through_the_log() -> None:
    g = new_game(builtin(), "s")
    g.apply({"type": "note", "text": "a"})
    g.apply({"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}})
    g.apply({"type": "roll"})
    g.apply({"type": "undo"})
    assert g.prefix(0).actions == []
    assert g.prefix(2).waiting_for() is not None
    assert g.prefix(3).state.outcomes[-1]["from"] == "1C9"
    assert g.prefix(4).waiting_for() is not None
    with pytest.raises(ActionError):
        g.prefix(9)
