"""Format 5 changed two LOS defaults on imported boards to VASL's readings (one Hindrance per
range from the firer; a wall along the thread's hexside blocks): a game saved or linked at format
4 keeps the readings it was played with, a game of format 5 that omits them gets the new ones.
Decided by the format version, never by a missing key (docs/rules-notes.md)."""

from __future__ import annotations

import base64
import json
import zlib
from functools import lru_cache
from typing import Any

from airhead.asl.los_settings import (COUNT_EACH, COUNT_PER_RANGE, FORMER_DEFAULTS, SETTING_FIELDS, WALL_ALONG_BLOCKS,
                                      WALL_ALONG_CROSSED)
from airhead.asl.sight import sight
from airhead.codec import FORMAT_VERSION, CodecError, decode_link, decode_save, encode_link, encode_save
from airhead.formats import VASL_LOS_FORMAT
from airhead.game import Game
from airhead.hexes import Hex
from airhead.scenario import Scenario
from airhead.systems import builtin, load_scenario, new_game
from airhead.vasl.library import LIBRARY, scenario_data
from tools.board_writer import write_board

#: A 12 x 10 board: orchards in D5 and E5, both two hexes from C4 on the thread from C4 to F6;
#: a wall on J6's SW hexside, along the thread from two hexes before it to a hex past it.
BOARD = {"name": "16", "version": "1", "width": 12, "height": 10, "image": False,
         "hexes": {"D5": {"code": 63}, "E5": {"code": 63}}, "sides": [["J6", "SW", 72]]}


@lru_cache(maxsize=None)
def scenario() -> Scenario:
    b = LIBRARY.add(write_board(BOARD))
    return load_scenario(scenario_data([[b.name.lstrip("0")]], [b]))


def _along(sc: Scenario) -> tuple[Hex, Hex]:
    j6 = sc.map.parse("16J6")
    a = Hex(j6.q - 2, j6.r - 1)
    return a, Hex(a.q + 3, a.r + 3)


def readings(g: Game) -> tuple[int, bool]:
    """The game's LOS as its settings read it: the Hindrance DRM from C4 to F6 (2: each orchard;
    1: one per range) and whether the thread along the walled hexside is blocked."""
    st, m = g.state, g.state.scenario.map
    drm = sight(st, m.parse("16C4"), m.parse("16F6")).drm
    return drm, sight(st, *_along(st.scenario)).blocked


def as_format(text: str, version: int) -> dict[str, Any]:
    obj = json.loads(text)
    obj["airhead"] = version
    return obj


def link_of(obj: dict[str, Any]) -> str:
    raw = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return f"#a{obj['airhead']}." + base64.urlsafe_b64encode(zlib.compress(raw)).decode("ascii").rstrip("=")


def test_the_defaults_are_vasls_readings_from_format_5() -> None:
    assert FORMAT_VERSION == VASL_LOS_FORMAT == 5
    fields = {f.key: f for f in SETTING_FIELDS}
    assert fields["los_hindrance_count"].default == COUNT_PER_RANGE
    assert fields["los_wall_along"].default == WALL_ALONG_BLOCKS
    assert fields["los_hexside"].default == "both sides must block"  # stays: painted maps and the seeds' examples
    assert FORMER_DEFAULTS == {5: {"los_hindrance_count": COUNT_EACH, "los_wall_along": WALL_ALONG_CROSSED}}
    g = new_game(scenario(), "s")
    assert readings(g) == (1, True)


def test_a_format_4_save_and_link_keep_the_readings_they_were_played_with() -> None:
    g = new_game(scenario(), "s")
    text = encode_save(g)
    assert json.loads(text)["airhead"] == 5 and "los_hindrance_count" not in text  # defaults are left out
    old = as_format(text, 4)
    for data in (decode_save(json.dumps(old)), decode_link(link_of(old))):
        assert data.scenario.settings["los_hindrance_count"] == COUNT_EACH
        assert data.scenario.settings["los_wall_along"] == WALL_ALONG_CROSSED
        back = data.to_game()
        assert readings(back) == (2, False)
        again = encode_save(back)  # written out at format 5 with the old readings named: they stay
        assert json.loads(again)["airhead"] == 5 and readings(decode_save(again).to_game()) == (2, False)
        assert readings(decode_link(encode_link(back)).to_game()) == (2, False)
    # the same save read as format 5 (no migration): the new defaults
    assert readings(decode_save(text).to_game()) == (1, True)
    assert readings(decode_link(link_of(json.loads(text))).to_game()) == (1, True)


def test_a_format_4_game_keeps_a_reading_its_players_chose() -> None:
    sc = scenario()
    chose = load_scenario({**sc.to_data(), "settings": {"los_hindrance_count": COUNT_PER_RANGE}})
    old = as_format(encode_save(new_game(chose, "s")), 4)
    data = decode_save(json.dumps(old))
    assert data.scenario.settings["los_hindrance_count"] == COUNT_PER_RANGE  # theirs, not the old default
    assert readings(data.to_game()) == (1, False)


def test_a_format_4_settings_edit_back_to_the_default_means_the_default_then() -> None:
    g = new_game(scenario(), "s")
    g.apply({"type": "edit", "op": "settings", "set": {"los_hindrance_count": COUNT_PER_RANGE}})
    g.apply({"type": "edit", "op": "settings", "set": {"los_hindrance_count": None, "night": True}})
    now = decode_save(encode_save(g)).to_game()
    assert readings(now) == (1, True)  # format 5: back to today's default
    old = decode_save(json.dumps(as_format(encode_save(g), 4)))
    assert old.actions[1]["set"] == {"los_hindrance_count": COUNT_EACH, "night": True}
    then = old.to_game()
    assert then.state.settings["night"] is True and readings(then) == (2, False)
    assert "Hindrances counted each Hindrance hex crossed" in then.log_lines()[-2]


def test_games_the_change_does_not_touch_are_left_as_they_were() -> None:
    """A built-in scenario, a whole scenario on a painted map (these settings apply to imported
    boards only), another system's scenario: their settings unchanged."""
    for sc in (builtin("default"), load_scenario({**builtin("default").to_data(), "name": "painted"}),
               builtin("panzer_leader_drop")):
        text = encode_save(new_game(sc, "s"))
        data = decode_save(json.dumps(as_format(text, 4)))
        assert dict(data.scenario.settings) == dict(sc.settings)


def test_a_damaged_format_4_save_is_read_or_refused_with_a_reason() -> None:
    """The migration reads untrusted data: whatever shape the scenario, its settings or the actions
    have, the save is read (migrated) or refused with a :class:`CodecError`, never a crash."""
    base = as_format(encode_save(new_game(scenario(), "s")), 4)
    sc = base["scenario"]
    edit = {"type": "edit", "op": "settings", "set": "x"}
    variants = [{**base, "scenario": {**sc, "settings": []}}, {**base, "scenario": {**sc, "settings": "x"}},
                {**base, "scenario": {**sc, "boards": []}}, {**base, "scenario": {**sc, "system": 5}},
                {**base, "scenario": {**sc, "system": "nope"}}, {**base, "scenario": "x"}, {**base, "actions": "x"},
                {**base, "actions": [edit, 3]}, {k: v for k, v in base.items() if k != "actions"}]
    for v in variants:
        try:
            decode_save(json.dumps(v))
        except CodecError:
            pass
    data = decode_save(json.dumps({k: v for k, v in base.items() if k != "actions"}))
    assert data.actions == () and data.scenario.settings["los_hindrance_count"] == COUNT_EACH
