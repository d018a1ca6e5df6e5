"""Table packs (issue #11): a player's own numbers pre-fill the fields that name them; a pack
file is untrusted input; and game-wide conditions set by a procedure outlive it."""

from __future__ import annotations

import json
from typing import Any, Mapping

import pytest

from airhead.fields import Field, Schema
from airhead.game import Game
from airhead.plug import Procedure, ProcState, Prompt, Rules, StepResult, System
from airhead.present import pack_view, procedure_menu
from airhead.scenario import Scenario
from airhead.tablepack import PackError, read_pack, resolve_key, write_pack
from airhead.turns import Phase, Track
from airhead import systems
from airhead.present import planner

PACK = Schema((
    Field("aerial_drm.1944", "Aerial DRM of a 1944 FB", "int", lo=-6, hi=6, default=None, rule="E7.511"),
    Field("kill", "★ Vehicle Kill Number", "int", lo=2, hi=12, default=None, rule="E7.511"),
), what="table entry")


class SetNVR(Procedure[None]):
    name = "t.nvr"
    title = "Set the NVR"
    params = Schema((
        Field("nvr", "NVR", "int", lo=0, hi=6),
        Field("drm", "Aerial DRM", "int", lo=-6, hi=6, default=None, pack="aerial_drm.{year}"),
        Field("aa", "Light AA", "list", default=[], item=Field("aa", "weapon", "record", fields=(
            Field("name", "Name", "text", lo=1, hi=24),
            Field("kill", "Kill", "int", lo=2, hi=12, default=None, pack="kill"),
        ))),
    ))

    def start(self, state: Any, params: Mapping[str, Any]) -> StepResult:
        return StepResult(None, conditions={"nvr": params["nvr"], "gone": None})

    def prompt(self, state: Any, proc: ProcState[None]) -> Prompt:
        raise AssertionError


def _system() -> System:
    rules = Rules((SetNVR(),), Schema((Field("year", "Year", "int", lo=1939, hi=1945, default=1944),), what="setting"),
                  Track((Phase("RPh", "Rally Phase"),)), pack=PACK)
    return System("asl", "Advanced Squad Leader", "terrain_asl", "geoboards", (), lambda: rules)


def _scenario() -> Scenario:
    sc = systems.builtin()
    return Scenario.from_data(dict(sc.to_data(), settings={}))


def test_a_pack_file_round_trips_and_is_checked() -> None:
    sys_ = _system()
    text = write_pack(sys_, {"aerial_drm.1944": 3, "kill": 6}, "mine")
    assert read_pack(sys_, text) == {"aerial_drm.1944": 3, "kill": 6}
    bad = [
        ("[]", "not an Airhead table pack"),
        ('{"airhead_table_pack": 2, "system": "asl"}', "format 2"),
        ('{"airhead_table_pack": 1, "system": "pl"}', "not for Advanced Squad Leader"),
        ('{"airhead_table_pack": 1, "system": "asl", "values": {"kill": 40}}', "2..12"),
        ('{"airhead_table_pack": 1, "system": "asl", "values": {"ift": 1}}', "unknown"),
        ("[" * 5000, "nested too deeply"),
        ("x" * 200_000, "too large"),
    ]
    for text, words in bad:
        with pytest.raises(PackError, match=words):
            read_pack(sys_, text)


def test_pack_keys_take_settings() -> None:
    assert resolve_key("aerial_drm.{year}", {"year": 1944}) == "aerial_drm.1944"
    assert resolve_key("aerial_drm.{month}", {}) == "aerial_drm.?"
    assert resolve_key("kill", {}) == "kill"


def test_the_pack_prefills_forms_and_list_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    sys_ = _system()
    monkeypatch.setattr(planner, "get", lambda key: sys_)
    game = Game(_scenario(), "s", system=sys_)
    plain = procedure_menu(game)[0]
    assert "drm" not in plain["values"]
    item = procedure_menu(game, {"aerial_drm.1944": 3, "kill": 6})[0]
    assert item["values"]["drm"] == 3
    drm = next(f for f in item["fields"] if f["key"] == "drm")
    assert drm["default"] == 3 and drm["from_pack"] and drm["pack"] == "aerial_drm.{year}"
    aa = next(f for f in item["fields"] if f["key"] == "aa")
    assert aa["new_item"]["kill"] == 6
    view = pack_view("asl", {"kill": 6})
    assert [e["key"] for e in view["entries"]] == ["aerial_drm.1944", "kill"] and view["values"] == {"kill": 6}


def test_conditions_outlive_the_procedure_and_replay() -> None:
    sys_ = _system()
    game = Game(_scenario(), "s", system=sys_)
    game.apply({"type": "start", "procedure": "t.nvr", "params": {"nvr": 4}})
    assert game.state.conditions == {"nvr": 4} and game.state.procedure is None
    game.apply({"type": "undo"})
    assert game.state.conditions == {}
    assert json.dumps(dict(game.state.conditions)) == "{}"
