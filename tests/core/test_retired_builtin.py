"""#14 item 5: the built-in Army Group scenario no longer names its dummy. It is offered as
``army_group_landing`` (the unit "A-3 Para"); the ``army_group_drop`` of earlier Airheads (the unit
"A-3 Dummy") is retired: not offered for new games, but its saves and links replay as they were."""

from __future__ import annotations

import json
from pathlib import Path

from airhead import systems
from airhead.codec import decode_link, decode_save, encode_link, encode_save
from airhead.systems import builtin, new_game
from playing import play_out
from wording import reworded

OLD_SAVE = Path(__file__).parent / "data" / "main_v1" / "army_group_drop.json"


def _unit_ids(name: str) -> list[str]:
    return [u["id"] for u in builtin(name).settings["army_group"]["plan"]["units"]]


def test_the_new_scenario_names_no_dummy_and_is_otherwise_the_same() -> None:
    new, old = builtin("army_group_landing"), builtin("army_group_drop")
    assert "army_group_landing" in systems.BUILTINS and "army_group_drop" not in systems.BUILTINS
    assert _unit_ids("army_group_landing") == ["A-1 Para", "A-2 Para", "A-3 Para", "B-1 Glider", "B-2 Para", "R-1 Glider HQ"]
    assert "A-3 Dummy" in _unit_ids("army_group_drop")
    text = json.dumps(new.to_data())
    assert "Dummy" not in text and "army_group.landing" not in text and "seed 0" not in text
    assert new.map == old.map and new.terrain == old.terrain


def test_a_landing_of_the_new_scenario_logs_no_dummy() -> None:
    g = new_game(builtin("army_group_landing"), "s1")
    g.apply({"type": "start", "procedure": "army_group.landing", "params": {}})
    play_out(g)
    assert g.waiting_for() is None
    log = "\n".join(g.log_lines())
    assert "A-3 Para" in log and "Dummy" not in log and "dummy" not in log.replace("dummies", "")


def test_saves_and_links_of_the_retired_scenario_still_replay_as_they_were() -> None:
    fixture = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    for data in (decode_save(json.dumps(fixture["save"])), decode_link(fixture["link"])):
        g = data.to_game()
        assert g.scenario.builtin == "army_group_drop"
        assert g.log_lines() == reworded(fixture["log"])
        again = decode_save(encode_save(g)).to_game()  # saved again: still the retired scenario, by name
        assert again.scenario.builtin == "army_group_drop" and again.log_lines() == reworded(fixture["log"])
        assert decode_link(encode_link(g)).to_game().log_lines() == reworded(fixture["log"])
