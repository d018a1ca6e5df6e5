"""Sealed plans (commitment codes) and stepping through a game's log."""

from __future__ import annotations

import pytest
from airhead.codec import decode_link, encode_link
from airhead.errors import DataError
from airhead.game import ActionError, Game
from airhead.panzer_leader.plan import written_plan
from airhead.sealed import CODE_PATTERN, MAX_OPEN_SEALS, PLAN_TEXT, commitment, describe_plan, is_legacy, seal, verify
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
    assert g.state.sealed("Allied", "landing plan") == commitment(PLAN, SALT)  # still sealed


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


# ---------------------------------------------------------------------- issue #13
PL_PLAN = [{"turn": 1, "kind": "paradrop", "target": "A/f3"}]


def test_a_bogus_reveal_does_not_use_up_the_seal() -> None:
    g = new_game(builtin("panzer_leader_drop"), "s")
    sealed = seal(PL_PLAN)
    g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": sealed.code})
    # anyone may send a reveal in the Allied name; without the Allied plan and salt it opens nothing
    bogus = [{"turn": 1, "kind": "paradrop", "target": "B/b5"}]
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": bogus, "salt": "f" * 32})
    assert ev[0].cause.startswith(f"MISMATCH: the Allied landing plan revealed does NOT match commitment code {sealed.code}")
    assert "stays sealed" in ev[0].cause and "It read: turn 1, kind paradrop, target B/b5" in ev[0].cause
    assert g.state.sealed("Allied", "landing plan") == sealed.code
    assert written_plan(g.state) is None  # a failed attempt is no written plan
    # the sealing side's own reveal still opens it, and its plan is the written plan
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": PL_PLAN, "salt": sealed.salt})
    assert ev[0].cause.startswith("Allied reveals the landing plan: it matches commitment code")
    assert g.state.sealed("Allied", "landing plan") is None
    assert [r["valid"] for r in g.state.revealed("landing plan")] == [False, True]
    assert written_plan(g.state) == PL_PLAN
    with pytest.raises(ActionError, match="sealed no landing plan"):
        g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": PL_PLAN, "salt": sealed.salt})
    again = new_game(builtin("panzer_leader_drop"), "s", g.actions)  # and so on replay
    assert again.log_lines() == g.log_lines()


def test_the_revealed_plan_is_in_the_log_in_plain_words() -> None:
    g = sealed_game()
    g.apply({"type": "seal", "side": "Allied", "label": "note", "code": commitment("Hold the bridge\nat 2H5\tuntil turn 3", SALT)})
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": PLAN, "salt": SALT})
    assert ev[0].cause == (f"Allied reveals the landing plan: it matches commitment code {commitment(PLAN, SALT)}. "
                           "The landing plan reads: landings turn 2, kind glider, target 1P5")
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "note", "plan": "Hold the bridge\nat 2H5\tuntil turn 3", "salt": SALT})
    assert ev[0].cause.endswith("The note reads: Hold the bridge at 2H5 until turn 3")
    assert "The note reads: Hold the bridge at 2H5 until turn 3" in "\n".join(g.log_lines())


def test_a_plan_reads_as_plain_words_bounded() -> None:
    plan = [{"turn": 1, "kind": "paradrop", "target": "A/f3"}, {"turn": 2, "kind": "glider", "target": "B/b5"}]
    assert describe_plan(plan) == "turn 1, kind paradrop, target A/f3; turn 2, kind glider, target B/b5"
    assert describe_plan({"units": ["1/A", "2/A"], "drop": {"hex": "A/f3", "sticks": 3}, "night": False, "aa": None}) == \
        "units (1/A, 2/A), drop (hex A/f3, sticks 3), night no, aa none"
    assert describe_plan([]) == "none" and describe_plan(2.5) == "2.5"
    assert describe_plan("a\u202eb\x00c\n\nd") == "a b c d"  # no control or direction-changing characters
    long = describe_plan([{"target": "A/f3", "note": "x" * 5000}] * 3)
    assert len(long) == PLAN_TEXT and long.endswith("…")
    deep: object = "bottom"
    for _ in range(30):
        deep = {"k": [deep, 1]}
    text = describe_plan(deep)
    assert len(text) <= PLAN_TEXT and "…" in text
    for shown in (describe_plan(plan), long, text):
        assert not any(c in shown for c in "{}[]'\"")  # no JSON or Python notation


def test_commitment_codes_have_at_least_128_bits() -> None:
    code = seal(PLAN).code
    assert CODE_PATTERN.match(code) and not is_legacy(code)
    assert len(code.replace("-", "")) * 5 >= 128  # base32: 5 bits a character
    assert len(code) == 34


def test_codes_made_before_the_long_ones_still_verify() -> None:
    # a seal and reveal recorded by Airhead main before the plug (tests/core/data/main_v1)
    old, plan, salt = "OY6Q-RIJT-PMU2-G6JW-R2BG", [{"kind": "paradrop", "target": "A/f3", "turn": 1}], SALT
    assert CODE_PATTERN.match(old) and is_legacy(old)
    assert verify(plan, salt, old) and commitment(plan, salt).startswith(old + "-")
    assert not verify([{"kind": "paradrop", "target": "A/f4", "turn": 1}], salt, old)
    assert not verify(plan, salt, old[:-5]) and not verify(plan, salt, old + "-AAAA")
    g = new_game(builtin("panzer_leader_drop"), "s")
    g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": old})
    ev = g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": plan, "salt": salt})
    assert ev[0].cause == f"Allied reveals the landing plan: it matches commitment code {old}"  # as that version logged it
    for bad in ("ABCD-EFGH-IJKL-MNOP", "ABCD-EFGH-IJKL-MNOP-QRST-UVWX", "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567"):
        with pytest.raises(ActionError, match="commitment code looks like ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23"):
            g.apply({"type": "seal", "side": "Axis", "label": "x", "code": bad})


def test_a_plan_that_cannot_be_sealed_is_refused_with_a_message() -> None:
    g = sealed_game()
    for plan, why in (("\ud800", "broken character"), ({"x": float("inf")}, "plain JSON data")):
        with pytest.raises(ActionError, match=why):
            g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": plan, "salt": SALT})
    with pytest.raises(DataError, match="broken character"):
        seal("\udfff")
    assert g.state.sealed("Allied", "landing plan") is not None


def test_open_seals_are_bounded() -> None:
    g = new_game(builtin(), "s")
    for i in range(MAX_OPEN_SEALS):
        g.apply({"type": "seal", "side": "Allied", "label": f"plan {i}", "code": commitment(i, SALT)})
    with pytest.raises(ActionError, match=f"at most {MAX_OPEN_SEALS} sealed plans"):
        g.apply({"type": "seal", "side": "Allied", "label": "one more", "code": commitment(-1, SALT)})
    g.apply({"type": "reveal", "side": "Allied", "label": "plan 7", "plan": 7, "salt": SALT})
    g.apply({"type": "seal", "side": "Allied", "label": "one more", "code": commitment(-1, SALT)})
