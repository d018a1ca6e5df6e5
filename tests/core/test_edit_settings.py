"""A running game's scenario settings (its SSR) changed by an ``edit`` action: logged in words,
read again by the system (a wrong value refused), undone, replayed from a save or a link, and
read by the rules from then on (a built-in day scenario made a night game)."""

from __future__ import annotations

import pytest

from airhead.codec import decode_link, decode_save, encode_link, encode_save
from airhead.errors import ActionError
from airhead.game import Game, check_action, describe_action
from airhead.systems import builtin, get, new_game

NIGHT = {"type": "edit", "op": "settings", "set": {"night": True, "base_nvr": 3}}


def _night_mf(g: Game) -> list[str]:
    """The Night MF cost (E1.51) into the brush of 1AA3, daytime cost 2: its result lines."""
    g.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "1AA3", "day_mf": 2}})
    return [e.cause for e in g.entries[-1].events if e.kind == "result"]


def test_a_day_scenario_becomes_a_night_game_and_the_rules_read_it() -> None:
    g = new_game(builtin("default"), "s1")
    assert g.state.settings["night"] is False
    assert _night_mf(g) == ["2 MF to enter 1AA3"]  # the day: no +1
    day = [e.cause for e in g.entries[-1].events]
    assert any("Night rules are not in effect" in t for t in day)

    g = new_game(builtin("default"), "s1")
    g.apply(NIGHT)
    assert g.state.settings["night"] is True and g.state.settings["base_nvr"] == 3
    assert g.state.scenario.settings == {**g.scenario.settings, "night": True, "base_nvr": 3}
    assert "night" not in g.scenario.settings  # the game's scenario (what a save carries) is as it was made
    night = _night_mf(g)
    assert night == ["3 MF to enter 1AA3"], night  # E1.51: +1 into Concealment Terrain


def test_the_change_is_logged_in_words_and_undone() -> None:
    g = new_game(builtin("default"), "s1")
    g.apply(NIGHT)
    lines = g.log_lines()
    assert "change the scenario's settings: Base NVR (hexes) 3, Night rules in effect (SSR) on" in lines[-2]
    assert lines[-1].endswith("scenario settings changed: Base NVR (hexes) 3; Night rules in effect (SSR) on")
    assert "base_nvr" not in " ".join(lines) and "True" not in " ".join(lines)
    g.apply({"type": "undo"})
    assert g.state.settings["night"] is False and g.state.scenario.settings == g.scenario.settings
    g.apply({"type": "redo"})
    assert g.state.settings["night"] is True


def test_null_puts_a_setting_back_to_its_default() -> None:
    g = new_game(builtin("default"), "s1")
    g.apply(NIGHT)
    g.apply({"type": "edit", "op": "settings", "set": {"night": None}})
    assert g.state.settings["night"] is False and g.state.settings["base_nvr"] == 3
    assert "Night rules in effect (SSR) back to its default" in describe_action(
        {"type": "edit", "op": "settings", "set": {"night": None}}, get("asl"))


@pytest.mark.parametrize("change, why", [
    ({"base_nvr": 99}, r"Base NVR \(hexes\): must be a whole number 0\.\.6, not 99"),
    ({"nope": 1}, "unknown setting"),
    ({"sides": ["Red", "Blue"]}, "the sides are set when the map is made"),
    ({"year": "soon"}, "year"),
])
def test_a_wrong_setting_is_refused_with_its_reason_and_changes_nothing(change: dict[str, object], why: str) -> None:
    g = new_game(builtin("default"), "s1")
    with pytest.raises(ActionError, match=why):
        g.apply({"type": "edit", "op": "settings", "set": change})
    assert g.state.scenario.settings == g.scenario.settings and len(g.actions) == 0


def test_the_shape_is_checked_before_it_is_applied() -> None:
    for bad in ({"type": "edit", "op": "settings"}, {"type": "edit", "op": "settings", "set": {}},
                {"type": "edit", "op": "settings", "set": [1]},
                {"type": "edit", "op": "settings", "set": {f"k{i}": i for i in range(40)}}):
        with pytest.raises(ActionError):
            check_action(bad)


def test_not_while_a_procedure_is_under_way() -> None:
    g = new_game(builtin("default"), "s1")
    g.apply({"type": "start", "procedure": "asl.nvr_table", "params": {}})
    with pytest.raises(ActionError, match="while a procedure is under way"):
        g.apply(NIGHT)


def test_a_save_and_a_link_replay_the_change() -> None:
    g = new_game(builtin("default"), "s1")
    g.apply(NIGHT)
    g.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "1AA3", "day_mf": 2}})
    for data in (decode_save(encode_save(g)), decode_link(encode_link(g))):
        again = data.to_game()
        assert again.state.settings == g.state.settings
        assert again.log_lines() == g.log_lines()


def test_a_system_with_a_settings_root_keeps_it() -> None:
    g = new_game(builtin("panzer_leader_drop"), "s1")
    key = next(f["key"] for f in get("panzer_leader").rules.settings.describe() if f["kind"] == "bool")
    before = bool(g.state.settings[key])
    g.apply({"type": "edit", "op": "settings", "set": {key: not before}})
    assert g.state.settings[key] is (not before)
    assert set(g.state.scenario.settings) == {"panzer_leader"}
    again = decode_save(encode_save(g)).to_game()
    assert again.state.settings == g.state.settings
