"""E7.2's bars on every air procedure and E7.4's enemy units, driven through the procedures
(#41 item 3): "Air Support is never allowed during night or Overcast, or against a Location in or
beneath Fog"; "Aircraft may attack ground targets (but no Locations devoid of enemy units [EXC:
Observation Planes; subsequent hexes of a strafing run])"."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.boards import HexMap
from airhead.errors import ActionError
from airhead.game import Game
from airhead.plug import OVERRIDE
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import at

B4 = HexMap.asl([["4"]])
FB = {"type": "edit", "op": "unit", "id": "fb1", "side": "Allied", "kind": "aircraft", "hex": "4C3", "label": "FB 1"}
ME = {"type": "edit", "op": "unit", "id": "me", "side": "Axis", "kind": "aircraft", "hex": "4C4", "label": "Me 109"}
OBS = {"type": "edit", "op": "unit", "id": "obs", "side": "Allied", "kind": "aircraft", "hex": None, "label": "Grasshopper",
       "status": ["Observation"]}
SQ = {"type": "edit", "op": "unit", "id": "sq", "side": "Axis", "kind": "squad", "hex": "4G6", "label": "4-6-7"}
OWN = {"type": "edit", "op": "unit", "id": "own", "side": "Allied", "kind": "squad", "hex": "4G6", "label": "6-6-7"}
YES = {OVERRIDE.key: True}  # the phase is not what these tests are about


def sc(**settings: Any) -> Scenario:
    return Scenario("bars", "asl", B4, Terrain(), {"sides": ["Allied", "Axis"], **settings})


def run(attack: str = "strafing run", unit: str = "4-6-7", target: str = "4G6") -> dict[str, Any]:
    return {"type": "start", "procedure": "asl.strafing",
            "params": {"aircraft": "FB 1", "target": target, "grain": 2, "bomb_at": "no bombs", "attack": attack,
                       "units": [{"name": unit, "hex": target, "sight_unconcealed": True}], **YES}}


STARTS: dict[str, dict[str, Any]] = {
    "arrival": {"type": "start", "procedure": "asl.air_arrival", "params": {"exponent": 3, **YES}},
    "strafing run": run(),
    "point attack": run("point attack"),
    "bombs": {**run(), "params": {**run()["params"], "bomb_at": "first attack"}},
    "Dogfight": {"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
        {"name": "FB 1", "side": "Allied", "type": "FB", "target": "Me 109"},
        {"name": "Me 109", "side": "Axis", "type": "FB", "target": "FB 1"}], **YES}},
    "Observation Plane": {"type": "start", "procedure": "asl.observation_plane",
                          "params": {"side": "Axis", "nationality": "German", "name": "Storch"}},
    "Observation Plane sighting": {"type": "start", "procedure": "asl.observation_sighting",
                                   "params": {"plane": "Grasshopper", "target": "4G6", **YES}},
    "Mistaken Attack": {"type": "start", "procedure": "asl.mistaken_attack",
                        "params": {"aircraft": "FB 1", "target": "4G6", **YES}},
}


def game(**settings: Any) -> Game:
    return new_game(sc(**settings), "bars", [FB, ME, OBS, SQ, *at("MPh")])


@pytest.mark.parametrize("what", list(STARTS))
@pytest.mark.parametrize(("settings", "why"), [({"night": True}, "during night"), ({"weather": "Overcast"}, "in Overcast")])
def test_e7_2_night_and_overcast_bar_every_air_procedure(what: str, settings: dict[str, Any], why: str) -> None:
    g = game(**settings)
    with pytest.raises(ActionError, match=f"^E7.2: Air Support is never allowed {why}"):
        g.apply(STARTS[what])
    h = game()  # the same start by day in Clear weather is not barred by E7.2
    try:
        h.apply(STARTS[what])
    except ActionError as e:
        assert not str(e).startswith("E7.2: Air Support is never allowed"), e


@pytest.mark.parametrize("what", ["strafing run", "point attack", "bombs", "Observation Plane sighting", "Mistaken Attack"])
def test_e7_2_fog_is_the_attacked_locations_every_attack_on_it_reads_it(what: str) -> None:
    # the scenario's Fog over listed hexes: an attack on 4G6 is refused, one elsewhere is not
    g = game(fog="the hexes listed", fog_hexes=["4G6"])
    with pytest.raises(ActionError, match="^E7.2: Air Support is never allowed against a Location in or beneath Fog \\(4G6\\)"):
        g.apply(STARTS[what])
    whole = game(fog="every Location")
    with pytest.raises(ActionError, match="^E7.2: Air Support is never allowed against a Location in or beneath Fog"):
        whole.apply(STARTS[what])
    clear = game(fog="the hexes listed", fog_hexes=["4A1"])
    try:
        clear.apply(STARTS[what])
    except ActionError as e:
        assert "Fog" not in str(e), e


def test_e7_2_fog_does_not_bar_the_arrival_itself() -> None:
    # the arrival attacks no Location: Fog is read by each attack, not asked of the arrival
    g = new_game(sc(fog="every Location"), "bars", [{"type": "advance", "phase": "RPh"}] * 2)
    g.apply({"type": "start", "procedure": "asl.air_arrival", "params": {"exponent": 3}})
    assert g.waiting_for() is not None and g.waiting_for().rule == "E7.2"  # type: ignore[union-attr]


def test_e7_4_no_run_on_a_location_devoid_of_enemy_units() -> None:
    # a hex holding only the aircraft's own side's units: refused, by the counters' sides
    g = new_game(sc(), "bars", [FB, OWN, *at("MPh")])
    with pytest.raises(ActionError, match="^E7.4: aircraft may attack no Location devoid of enemy units; 4G6 holds none of "
                                          "Allied's enemy: only Allied's own units are there"):
        g.apply(run(unit="6-6-7"))
    with pytest.raises(ActionError, match="^E7.4: aircraft may attack no Location devoid of enemy units"):
        g.apply(run("point attack", unit="6-6-7"))
    g.apply(SQ)  # an Axis squad joins it: the run may go ahead
    g.apply(run(unit="4-6-7"))
    assert g.waiting_for() is not None and g.waiting_for().rule == "E7.3"  # type: ignore[union-attr]
    h = new_game(sc(), "bars", [FB, *at("MPh")])  # no counters there: the listed unit is the players' word
    h.apply(run(unit="4-6-7"))
    assert h.waiting_for() is not None
