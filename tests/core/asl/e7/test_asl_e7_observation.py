"""ASL E7.6–7.62 Observation Planes, played through the reducer: bringing one in (one per side,
1943–45, the cut nationality list confirmed by the players), kept off the map with its inherent
radio; Heavy AA and Aerial Combat the only attacks on it (it cannot fire back); its sighting (cut:
the players rule it) and the E7.62 Mistaken Attack placing the opponent's Fire For Effect; replay;
the procedures in the ASL menu's E7 group."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.asl.e7.air_support import aircraft_of
from airhead.boards import HexMap
from airhead.codec import CodecError, decode_link, encode_link
from airhead.errors import ActionError
from airhead.game import Game
from airhead.present import procedure_menu
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import saved_before_turn_rules

B4 = HexMap.asl([["4"]])
BRING = {"type": "start", "procedure": "asl.observation_plane", "params": {"side": "Allied", "nationality": "U.S.", "name": "Grasshopper"}}


def sc(**settings: Any) -> Scenario:
    return Scenario("Observation", "asl", B4, Terrain(), {"sides": ["Axis", "Allied"], **settings})


def game(*actions: dict[str, Any], **settings: Any) -> Game:
    return new_game(sc(**settings), "obs", list(actions))


def lines(evs: Any) -> list[str]:
    return [e.render() for e in evs]


def unit(uid: str, side: str, h: str, kind: str = "squad", **kw: Any) -> dict[str, Any]:
    return {"type": "edit", "op": "unit", "id": uid, "side": side, "kind": kind, "hex": h, **kw}


# --------------------------------------------------------------------- E7.6 bring one in
def test_7_6_an_observation_plane_comes_in_off_the_map_with_its_inherent_radio() -> None:
    g = game()
    log = lines(g.apply(BRING))
    assert log[1:] == [
        "E7.6     info      available during 1943-45 to the U.S., German or British: U.S., 1944",
        "E7.6     result    Allied brings in its Observation Plane, Grasshopper (one per side in a scenario; DYO cost 25 "
        "points, in the OBA section of the DYO purchase Roster)",
        "E7.61    info      Grasshopper does not take counter form: it is kept just offboard (off the map) until Recalled "
        "(the rest of E7.61 is in your rulebook: the players rule its sighting)",
        "E7.6     info      Grasshopper has an inherent radio, replacing the one of an OBA battery; held in Aerial Melee it "
        "loses Radio Contact",
        "E7.6     info      only Heavy AA (E7.52) and Aerial Combat can attack it; it cannot fire back",
    ]
    (p,) = aircraft_of(g.state.counters)
    assert (p.name, p.side, p.type, p.hex, p.bombs) == ("Grasshopper", "Allied", "Observation", None, False)
    u = g.state.counters.unit(p.id)
    assert u is not None and u.kind == "aircraft" and u.hex is None
    assert g.system.procedure("asl.observation_plane").summary(g.state.outcomes[-1]) == (
        "Allied brings in its Observation Plane (Grasshopper), kept off the map, with its inherent radio.")


def test_7_6_one_per_side_in_a_scenario_even_after_it_is_gone() -> None:
    g = game(BRING)
    with pytest.raises(ActionError, match="E7.6: Allied already has an Observation Plane \\(Grasshopper\\): only one per side"):
        g.apply(dict(BRING, params=dict(BRING["params"], name="Cub")))
    g.apply({"type": "start", "procedure": "asl.observation_plane", "params": {"side": "Axis", "nationality": "German",
                                                                              "name": "Storch"}})
    assert sorted(a.name for a in aircraft_of(g.state.counters)) == ["Grasshopper", "Storch"]
    # shot down by Heavy AA, it is gone from the counters; still only one per side in the scenario
    g.apply({"type": "advance"})  # the Axis PFPh
    g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "gun_side": "Axis", "aircraft": "Grasshopper"}})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "choose", "choice": "eliminated"})
    assert [a.name for a in aircraft_of(g.state.counters)] == ["Storch"]
    with pytest.raises(ActionError, match="Allied already had an Observation Plane in this scenario \\(Grasshopper\\)"):
        g.apply(dict(BRING, params=dict(BRING["params"], name="Cub")))


@pytest.mark.parametrize("year", [1939, 1942])
def test_7_6_only_during_43_45(year: int) -> None:
    g = game(year=year)
    with pytest.raises(ActionError, match=f"available only during 1943-45 \\(not {year}\\)"):
        g.apply(BRING)
    assert aircraft_of(g.state.counters) == ()


def test_7_6_the_nationality_list_is_cut_the_players_confirm() -> None:
    ask = dict(BRING, params={"side": "Allied", "nationality": "Russian", "name": "Po-2"})
    g = game(ask)
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.6" and p.options == ("available: bring it in", "not available")
    assert "for others see your rulebook" in p.label and "Russian" in p.label
    g.apply({"type": "choose", "choice": "not available"})
    assert aircraft_of(g.state.counters) == () and not g.state.outcomes[-1]["entered"]
    # not brought in: the side may still bring one in
    g.apply(ask)
    evs = lines(g.apply({"type": "choose", "choice": "available: bring it in"}))
    assert "players' ruling" in evs[0] and [a.name for a in aircraft_of(g.state.counters)] == ["Po-2"]


def test_a_name_already_used_is_refused() -> None:
    g = game(unit("Grasshopper", "Allied", "4A1"))
    with pytest.raises(ActionError, match="a unit is already named Grasshopper"):
        g.apply(BRING)


# --------------------------------------------------------------------- attacks on it
def test_heavy_aa_is_how_ground_units_attack_it() -> None:
    g = game(BRING, unit("88L", "Axis", "4G6", "gun"), {"type": "advance"})
    d = g.system.procedure("asl.heavy_aa").defaults(g.state)
    assert d["aircraft"] == "Grasshopper"  # the enemy aircraft in play, off the map included
    log = lines(g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "Grasshopper"}}))
    assert "E7.6     info      Heavy AA is the only way ground units can attack an Observation Plane" in log
    g.apply({"type": "dice", "values": [2, 2]})
    g.apply({"type": "choose", "choice": "Damaged"})
    (p,) = aircraft_of(g.state.counters)
    assert p.damaged and p.recalled and p.hex is None
    assert g.state.counters.unit("88L").status == {"aa"}  # type: ignore[union-attr]


def test_it_makes_no_strafing_run_and_the_strafing_form_skips_it() -> None:
    fb = unit("fb1", "Allied", "4C3", "aircraft", label="P-47")
    g = game(BRING, fb)
    assert g.system.procedure("asl.strafing").defaults(g.state)["aircraft"] == "P-47"
    with pytest.raises(ActionError, match="E7.6: Grasshopper is an Observation Plane"):
        g.apply({"type": "start", "procedure": "asl.strafing", "params": {
            "aircraft": "Grasshopper", "target": "4G6", "grain": 2, "units": [{"name": "sq", "hex": "4G6"}]}})


def test_aerial_combat_takes_it_as_a_target_that_cannot_fire_back() -> None:
    g = game(BRING, unit("bf", "Axis", "4C3", "aircraft", label="Bf 109"))
    g.apply({"type": "advance", "phase": "CCPh"})  # the Axis CCPh
    plan = g.system.procedure("asl.aerial_combat").defaults(g.state)
    rows = {r["name"]: r for r in plan["planes"]}
    assert rows["Grasshopper"]["type"] == "Observation"
    rows["Bf 109"]["target"] = "Grasshopper"
    g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": plan})
    p = g.waiting_for()
    assert p is not None and p.label == "Aerial Combat DR (attack): Bf 109 attacks Grasshopper"
    evs = lines(g.apply({"type": "dice", "values": [3, 3]}))
    assert "E7.221   modifier  -1  Target is not a FB" in evs  # Final 5: Damaged
    assert any("Grasshopper is Damaged" in x for x in evs)
    # no return fire from the Observation Plane: the Dogfight ends
    while (p := g.waiting_for()) is not None:
        assert "Grasshopper attacks" not in p.label
        g.apply({"type": "choose", "choice": p.options[-1]})
    planes = {a.name: a for a in aircraft_of(g.state.counters)}
    assert "Grasshopper" not in planes or planes["Grasshopper"].damaged


# --------------------------------------------------------------------- E7.61 / E7.62
# A sighting of a save format before the rules of the turn (format 2) started without the
# agreement key was made before the Observation Plane rolled its Sighting TC: the players ruled
# it, and such a game replays so (these tests). The Sighting TC itself:
# tests/core/asl/e7/test_asl_e7_e1_phases.py.
def sight(g: Game, target: str = "4G4", **kw: Any) -> Game:
    """``g`` saved in format 2 with the sighting started, opened again."""
    return saved_before_turn_rules(g, {"type": "start", "procedure": "asl.observation_sighting",
                                       "params": {"target": target, **kw}})


def sight_lines(g: Game) -> list[str]:
    return lines(g.entries[-1].events)


def test_7_61_sighting_is_cut_the_players_rule_it() -> None:
    g = game(BRING)
    assert g.system.procedure("asl.observation_sighting").defaults(g.state)["plane"] == "Grasshopper"
    g = sight(g)
    assert sight_lines(g)[1] == "E7.61    info      Grasshopper (Allied) tries to sight 4G4"
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.61" and "is in your rulebook" in p.label
    assert p.options == ("target sighted", "target not sighted", "Mistaken Attack opportunity (E7.32)")
    g.apply({"type": "choose", "choice": "target sighted"})
    out = g.state.outcomes[-1]
    assert out["result"] == "sighted" and g.system.procedure("asl.observation_sighting").summary(out) == (
        "Grasshopper sights 4G4 (the players' ruling).")


def test_held_in_aerial_melee_it_has_lost_radio_contact() -> None:
    g = game(BRING)
    pid = aircraft_of(g.state.counters)[0].id
    g.apply({"type": "edit", "op": "unit", "id": pid, "side": "Allied", "kind": "aircraft", "label": "Grasshopper", "hex": None,
             "status": ["Observation", "melee"]})
    assert "E7.6     info      Grasshopper is held in Aerial Melee: it has lost Radio Contact" in sight_lines(sight(g))


def test_sighting_needs_an_observation_plane_in_play() -> None:
    g = game(unit("fb1", "Allied", "4C3", "aircraft", label="P-47"))
    with pytest.raises(CodecError, match="there is no Observation Plane named P-47 in play"):
        sight(g, plane="P-47")  # refused: not a question of the turn


def test_7_62_mistaken_attack_places_the_opponents_ffe_on_the_closest_unit() -> None:
    g = game(BRING, unit("sq", "Allied", "4G6"), unit("hs", "Allied", "4G9"), unit("far", "Allied", "4A1"),
             unit("hid", "Allied", "4G5", status=["hidden"]), unit("ger", "Axis", "4G4"))
    g = sight(g)
    evs = lines(g.apply({"type": "choose", "choice": "Mistaken Attack opportunity (E7.32)"}))
    assert evs == ["E7.62    result    a Mistaken Attack opportunity (E7.32): Axis calls for a Fire For Effect immediately "
                   "with Grasshopper's OBA — no Sighting TC, Radio Contact or Spotting Rounds needed"]
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.62" and "Battery Access" in p.label and "(C1, in your rulebook)" in p.label
    evs = lines(g.apply({"type": "choose", "choice": "Battery Access achieved: Fire For Effect"}))
    # the hidden unit in G5 and the Axis unit in the target hex are not its targets; sq in G6 is the closest
    assert evs[1] == ("E7.62    result    Axis places the Fire For Effect of Grasshopper's OBA on sq in 4G6: the Allied "
                      "non-hidden ground unit closest to 4G4 (2 hexes) in the plane's LOS")
    assert "C1.3" in evs[2] and "next PFPh or DFPh" in evs[2]
    (ffe,) = g.state.counters.markers
    assert (ffe.kind, ffe.hex, ffe.side, ffe.rule) == ("FFE", B4.parse("4G6"), "Axis", "E7.62")
    out = g.state.outcomes[-1]
    assert g.system.procedure("asl.observation_sighting").summary(out) == (
        "Mistaken Attack: the opponent's Fire For Effect with Grasshopper's OBA lands on sq in 4G6.")


def test_7_62_no_battery_access_no_mistaken_attack() -> None:
    g = game(BRING, unit("sq", "Allied", "4G6"))
    g = sight(g)
    g.apply({"type": "choose", "choice": "Mistaken Attack opportunity (E7.32)"})
    evs = lines(g.apply({"type": "choose", "choice": "no Battery Access: no Mistaken Attack"}))
    assert evs[0].startswith("E7.62    result    Battery Access is not achieved: no Mistaken Attack occurs")
    assert g.state.counters.markers == () and g.state.outcomes[-1]["result"] == "no Battery Access"


def test_7_62_equally_close_units_the_opponent_chooses_and_none_no_fire_mission() -> None:
    g = game(BRING, unit("a", "Allied", "4G3"), unit("b", "Allied", "4G5"))
    g = sight(g)
    g.apply({"type": "choose", "choice": "Mistaken Attack opportunity (E7.32)"})
    g.apply({"type": "choose", "choice": "Battery Access achieved: Fire For Effect"})
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.62" and p.options == ("a in 4G3", "b in 4G5")
    g.apply({"type": "choose", "choice": "b in 4G5"})
    assert [m.hex for m in g.state.counters.markers] == [B4.parse("4G5")]
    g2 = game(BRING)
    g2 = sight(g2)
    g2.apply({"type": "choose", "choice": "Mistaken Attack opportunity (E7.32)"})
    evs = lines(g2.apply({"type": "choose", "choice": "Battery Access achieved: Fire For Effect"}))
    assert "no non-hidden Allied ground unit on the map in the plane's LOS: no Fire Mission" in evs[-1]
    assert g2.state.counters.markers == ()


# --------------------------------------------------------------------- replay and the menu
def test_replay_is_deterministic_through_the_reducer() -> None:
    acts = [BRING, unit("sq", "Allied", "4G6"),
            {"type": "start", "procedure": "asl.observation_sighting", "params": {"target": "4G4"}},
            {"type": "choose", "choice": "Mistaken Attack opportunity (E7.32)"},
            {"type": "choose", "choice": "Battery Access achieved: Fire For Effect"}]
    a, b = saved_before_turn_rules(game(), *acts), saved_before_turn_rules(game(), *acts)
    assert a.log_lines() == b.log_lines() and a.state.counters.markers == b.state.counters.markers
    c = decode_link(encode_link(a)).to_game()
    assert c.log_lines() == a.log_lines() and c.state.counters.units == a.state.counters.units
    assert c.state.counters.markers == a.state.counters.markers


def test_the_procedures_are_in_the_asl_menu_in_the_e7_group() -> None:
    menu = {p["name"]: p for p in procedure_menu(game())}
    for name, title in (("asl.observation_plane", "Observation Plane (E7.6)"),
                        ("asl.observation_sighting", "Observation Plane sighting (E7.61–7.62)")):
        assert menu[name]["group"] == "Air Support (E7)" and menu[name]["title"] == title
