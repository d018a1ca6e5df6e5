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


@pytest.mark.parametrize("system, change", [
    ("asl", {"x": None}),  # a key the system does not have, reset
    ("asl", {"x": 1}),
    ("asl", {"orientation": None}),  # another system's key
    ("panzer_leader", {"base_nvr": None}),
    ("panzer_leader", {"x": None}),
    ("army_group", {"night": None}),
])
def test_a_setting_the_system_does_not_have_is_refused_not_a_fault(system: str, change: dict[str, object]) -> None:
    g = new_game(builtin(get(system).scenarios[0]), "s1")
    with pytest.raises(ActionError, match="unknown setting"):
        g.apply({"type": "edit", "op": "settings", "set": change})
    assert g.state.scenario.settings == g.scenario.settings and len(g.actions) == 0


def test_a_save_with_such_an_edit_is_refused_by_the_codec() -> None:
    from airhead.codec import CodecError, SaveData

    g = new_game(builtin("default"), "s1")
    data = SaveData(g.scenario, "s1", ({"type": "edit", "op": "settings", "set": {"x": None}},))
    with pytest.raises(CodecError, match="action 1: unknown setting"):
        data.to_game()


def test_settings_edits_are_held_to_a_scenarios_caps() -> None:
    from airhead.scenario import MAX_SETTINGS_CHARS

    g = new_game(builtin("default"), "s1")
    g.apply({"type": "edit", "op": "settings", "set": {"night": True}})
    year = get("asl").rules.settings.field("year")
    assert year.kind  # a real setting, set with a value too large for a scenario's settings
    with pytest.raises(ActionError, match="at most"):
        g.apply({"type": "edit", "op": "settings", "set": {"year": "x" * MAX_SETTINGS_CHARS}})
    assert g.state.settings["night"] is True and len(g.actions) == 1


def test_an_edit_reads_only_what_it_changes_and_gives_what_a_whole_read_gives() -> None:
    for name in ("default", "panzer_leader_drop", "army_group_drop"):
        sc = builtin(name)
        system = get(sc.system)
        g = new_game(sc, "s1")
        for f in system.rules.settings.fields:
            if f.key == "sides":
                continue
            try:
                g.apply({"type": "edit", "op": "settings", "set": {f.key: None}})
            except ActionError:
                continue
            assert g.state.settings == system.settings_of(g.state.scenario), (name, f.key)
