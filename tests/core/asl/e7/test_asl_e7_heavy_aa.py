"""ASL E7.52 Heavy AA and the E7.5 AA counter, played through the reducer: eligibility, the dice,
the players' result (the resolution text is cut) applied to the aircraft on the counters, the
Gun's AA counter, refusals, an aircraft typed with no counter, Light AA marking its firer in a
strafing run, replay, and the procedures in the ASL menu's E7 group."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.asl.e7.air_support import aircraft_of
from airhead.asl.e7.anti_aircraft import HEAVY_AA_RESULTS, heavy_aa_effect, heavy_aa_phase, mark_aa_mode
from airhead.asl.e7.air_support import Aircraft
from airhead.boards import HexMap
from airhead.codec import decode_link, encode_link
from airhead.counters import Counters, Unit
from airhead.errors import ActionError, RulesError
from airhead.game import Game
from airhead.present import procedure_menu
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import at

B4 = HexMap.asl([["4"]])
GUN = {"type": "edit", "op": "unit", "id": "88L", "side": "Axis", "kind": "gun", "hex": "4G6"}
FB = {"type": "edit", "op": "unit", "id": "fb1", "side": "Allied", "kind": "aircraft", "hex": "4C3", "label": "P-47",
      "status": ["bombs"]}
PFPH = {"type": "advance"}  # the Axis moves first: its PFPh


def sc() -> Scenario:
    return Scenario("Heavy AA", "asl", B4, Terrain(), {"sides": ["Axis", "Allied"]})


def game(*actions: dict[str, Any]) -> Game:
    return new_game(sc(), "heavy", list(actions))


def lines(evs: Any) -> list[str]:
    return [e.render() for e in evs]


def heavy(g: Game, dice: tuple[int, int] = (3, 4), result: str = "Damaged", **params: Any) -> list[str]:
    """Start Heavy AA, type the DR, choose the result; the log lines of the whole procedure."""
    out = lines(g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "P-47", **params}}))
    out += lines(g.apply({"type": "dice", "values": list(dice)}))
    out += lines(g.apply({"type": "choose", "choice": result}))
    return out


# --------------------------------------------------------------------- the rule functions
def test_7_52_the_result_applied_to_an_aircraft() -> None:
    fb = Aircraft("a", "Allied", "FB", label="P-47")
    same, ev = heavy_aa_effect(fb, "no effect", "88L")
    assert same == fb and ev[0].rule == "E7.52"
    hit, ev = heavy_aa_effect(fb, "Damaged", "88L")
    # E7.24: Recalled "due to Damage (7.226, 7.511, 7.52)"
    assert hit.damaged and hit.recalled and [e.rule for e in ev] == ["E7.52", "E7.24"]
    held, ev = heavy_aa_effect(Aircraft("a", "Allied", melee=True), "Damaged", "88L")
    assert held.damaged and not held.recalled and ev[-1].rule == "E7.226"  # held in Aerial Melee
    twice, ev = heavy_aa_effect(hit, "Damaged", "88L")
    assert twice.eliminated and "already Damaged" in ev[0].cause  # E7.226: a second Damage "by any means"
    assert heavy_aa_effect(fb, "eliminated", "88L")[0].eliminated
    with pytest.raises(RulesError):
        heavy_aa_effect(fb, "Recalled", "88L")


def test_7_52_only_in_the_guns_pfph_before_the_cut() -> None:
    assert heavy_aa_phase("PFPh", "Axis", "Axis")
    assert not heavy_aa_phase("PFPh", "Axis", "Allied") and not heavy_aa_phase("DFPh", "Axis", "Axis")


def test_7_5_the_aa_counter_on_the_units() -> None:
    c = Counters([Unit("g", "Axis", "gun", None, label="20L"), Unit("v", "Axis", "AFV", None, label="M16")])
    c, ev, change = mark_aa_mode(c, "20L", "aerial")
    assert change == "placed" and c.unit("g").status == {"aa"} and ev[0].rule == "E7.5"  # type: ignore[union-attr]
    c, _, change = mark_aa_mode(c, "20L", "aerial")
    assert change == "kept"
    c, ev, change = mark_aa_mode(c, "20L", "ground")
    assert change == "removed" and c.unit("g").status == frozenset()  # type: ignore[union-attr]
    c, ev, change = mark_aa_mode(c, "M16", "aerial", vehicular_aamg=True)
    assert change == "vehicular" and c.unit("v").status == frozenset() and "Vehicular AAMG" in ev[0].cause  # type: ignore[union-attr]
    same, ev, change = mark_aa_mode(c, "37L", "aerial")
    assert change == "untracked" and same is c and "no counter on the map" in ev[0].cause


# --------------------------------------------------------------------- the procedure
def test_heavy_aa_damages_an_aircraft_on_the_map_and_marks_the_gun_in_aa_mode() -> None:
    g = game(GUN, FB, PFPH)
    log = heavy(g)
    assert log == [
        "         info      begin Heavy AA (E7.52)",
        "E7.52    info      88L (Axis, an AA Gun without a printed IFE) fires Heavy AA at P-47 (FB, bombs)",
        "E7.52    info      Axis Prep Fire Phase: the Gun's PFPh",
        "E7.52    roll      Heavy AA by 88L at P-47: Original DR 7 (colored 3, white 4)",
        "E7.52    info      Final DR 7: the rest of E7.52, after 'only during that Gun's PFPh', is in your rulebook: the players decide the result",
        "E7.52    result    the players decide: Damaged",
        "E7.52    result    Heavy AA by 88L: P-47 is Damaged (Wound counter)",
        "E7.24    result    P-47 is Damaged: Recalled, it leaves play at the end of this phase (E7.226; not counted towards "
        "Casualty Victory Conditions)",
        "E7.5     info      88L attacks an Aerial target while not in AA mode: an AA counter is placed on it",
    ]
    (p47,) = aircraft_of(g.state.counters)
    assert p47.damaged and p47.recalled and p47.bombs and p47.hex == B4.parse("4C3")
    assert g.state.counters.unit("88L").status == {"aa"}  # type: ignore[union-attr]
    out = g.state.outcomes[-1]
    assert (out["result"], out["final"], out["aa"], out["added"]) == ("Damaged", 7, "placed", False)
    assert g.system.procedure("asl.heavy_aa").summary(out) == "Heavy AA by 88L: P-47 is Damaged, Recalled at the end of the phase."


def test_the_result_is_the_players_choice_from_a_fixed_list_saying_the_text_is_cut() -> None:
    g = game(GUN, FB, PFPH, {"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "P-47", "drm": 2}})
    p = g.waiting_for()
    assert p is not None and p.kind == "roll" and p.rule == "E7.52" and p.label == "Heavy AA DR by 88L at P-47"
    evs = lines(g.apply({"type": "dice", "values": [1, 2]}))
    assert "E7.52    modifier  +2  the players' DRM" in evs and evs[-1].startswith("E7.52    info      Final DR 5:")
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.options == HEAVY_AA_RESULTS == ("no effect", "Damaged", "eliminated")
    assert "Final DR 5" in p.label and "is in your rulebook" in p.label and "with your rulebook and choose" in p.label
    with pytest.raises(ActionError, match="“Recalled” is not one of no effect, Damaged, eliminated"):
        g.apply({"type": "choose", "choice": "Recalled"})


def test_a_damaged_aircraft_damaged_again_is_eliminated_and_scores() -> None:
    g = game(GUN, dict(FB, status=["damaged"]), PFPH)
    log = heavy(g, (5, 6))
    assert "E7.52    result    Heavy AA by 88L Damages P-47, already Damaged: it is eliminated (E7.226)" in log
    assert "E7.23    result    P-47 is shot down: removed from play, 2 Victory Points to Axis (A26.2)" in log
    assert aircraft_of(g.state.counters) == ()
    out = g.state.outcomes[-1]
    assert out["eliminated"] and g.system.procedure("asl.heavy_aa").summary(out) == "Heavy AA by 88L: P-47 is eliminated (2 VP to Axis)."


@pytest.mark.parametrize("result, damaged, left", [("no effect", False, 1), ("eliminated", False, 0)])
def test_no_effect_and_eliminated(result: str, damaged: bool, left: int) -> None:
    g = game(GUN, FB, PFPH)
    heavy(g, result=result)
    planes = aircraft_of(g.state.counters)
    assert len(planes) == left and all(not a.damaged and not a.recalled for a in planes)
    assert g.state.counters.unit("88L").status == {"aa"}  # type: ignore[union-attr]  # it fired at an aircraft either way


@pytest.mark.parametrize("params, edits, why", [
    ({"printed_ife": True}, [], "E7.52: only an AA Gun without a printed IFE may use Heavy AA fire vs aircraft"),
    ({"aircraft": "Spitfire"}, [dict(FB, id="sp", label="Spitfire", side="Axis")], "Spitfire is Axis's, like the Gun"),
    ({}, [dict(FB, status=["recalled"])], "E7.24: P-47 is Recalled"),
    ({"gun": "37L", "gun_side": "Nobody"}, [], "the Gun's side must be Axis or Allied"),
])
def test_refusals(params: dict[str, Any], edits: list[dict[str, Any]], why: str) -> None:
    g = game(GUN, FB, PFPH, *edits)  # placed in the PFPh: a Recalled aircraft leaves at a phase end (E7.24)
    if params.get("gun") == "37L":
        params = dict(params, aircraft="Typhoon")
    before = g.state.counters
    with pytest.raises(ActionError, match=why.replace("(", r"\(").replace(")", r"\)")):
        g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "P-47", **params}})
    assert g.state.procedure is None and g.state.counters is before


def test_outside_the_guns_pfph_the_players_rule_whether_it_fires() -> None:
    g = game(GUN, FB)  # the Axis RPh
    g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "P-47"}})
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and p.options == ("fires now", "does not fire now")
    assert "E7.52 names only the Gun's PFPh" in p.label and "is in your rulebook" in p.label and "Rally Phase" in p.label
    evs = lines(g.apply({"type": "choose", "choice": "does not fire now"}))
    assert evs[-1].startswith("E7.52    result    88L does not fire Heavy AA now (the players' ruling")
    assert g.state.counters.unit("88L").status == frozenset()  # type: ignore[union-attr]  # it did not fire
    assert "does not fire Heavy AA now" in g.system.procedure("asl.heavy_aa").summary(g.state.outcomes[-1])
    g.apply({"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "P-47"}})
    g.apply({"type": "choose", "choice": "fires now"})
    p = g.waiting_for()
    assert p is not None and p.kind == "roll"


def test_a_gun_typed_with_no_counter_changes_nothing_and_says_so() -> None:
    g = game(FB, PFPH)
    log = heavy(g, result="no effect", gun="37L", gun_side="Axis")
    assert log[-1] == ("E7.5     info      37L has no counter on the map: its AA counter is not kept here (nothing changed; "
                       "place it in Edit to track it)")
    assert g.state.outcomes[-1]["aa"] == "untracked" and [u.id for u in g.state.counters.units] == ["fb1"]


def test_an_aircraft_typed_with_no_counter_is_added_off_the_map_and_the_player_is_told() -> None:
    g = game(GUN, PFPH)
    log = heavy(g, aircraft="Typhoon", type="FB", damaged=False)
    assert ("E7.52    info      Typhoon had no counter on the map: it is added off the map (Allied FB), where later "
            "procedures read its status") in log
    (t,) = aircraft_of(g.state.counters)
    assert (t.name, t.side, t.hex, t.damaged, t.recalled) == ("Typhoon", "Allied", None, True, True)
    assert g.system.procedure("asl.heavy_aa").summary(g.state.outcomes[-1]) == (
        "Heavy AA by 88L: Typhoon is Damaged, Recalled at the end of the phase. Typhoon had no counter on the map: it was "
        "added off the map.")
    # shot down, it is not added
    g2 = game(GUN, PFPH)
    log = heavy(g2, aircraft="Typhoon", damaged=True)
    assert aircraft_of(g2.state.counters) == () and not any("added off the map" in x for x in log)


def test_the_form_starts_from_the_counters() -> None:
    g = game(dict(GUN, status=["aa"]), FB, PFPH)
    d = g.system.procedure("asl.heavy_aa").defaults(g.state)
    assert (d["gun"], d["gun_side"], d["aircraft"], d["printed_ife"], d["drm"]) == ("88L", "Axis", "P-47", False, 0)


# --------------------------------------------------------------------- E7.5 in the app
def test_the_aa_counter_procedure() -> None:
    g = game(GUN)
    evs = lines(g.apply({"type": "start", "procedure": "asl.aa_mode", "params": {"weapon": "88L", "what": "sets up in AA mode"}}))
    assert evs[1].startswith("E7.5     info      88L sets up in AA mode: an AA counter is placed on it")
    assert "what AA mode costs or restricts is in your rulebook" in evs[2]
    assert g.state.counters.unit("88L").status == {"aa"}  # type: ignore[union-attr]
    g.apply({"type": "start", "procedure": "asl.aa_mode", "params": {"weapon": "88L", "what": "fires at a ground target"}})
    assert g.state.counters.unit("88L").status == frozenset()  # type: ignore[union-attr]
    assert g.system.procedure("asl.aa_mode").summary(g.state.outcomes[-1]) == "88L leaves AA mode (AA counter removed)."
    with pytest.raises(ActionError, match="there is no unit named 20L on the map"):
        g.apply({"type": "start", "procedure": "asl.aa_mode", "params": {"weapon": "20L"}})


STRAFE = {"target": "4G6", "grain": 2, "aircraft": "P-47", "aerial_drm": 3,
          "units": [{"name": "4-6-7", "hex": "4G6", "sight_new_hex": True, "sight_unconcealed": True}]}


def test_light_aa_in_a_strafing_run_puts_its_unit_in_aa_mode_once() -> None:
    fire = [{"type": "dice", "values": [5, 6]}, {"type": "choose", "choice": "FlaKPz fires"}]
    aa = [{"name": "FlaKPz", "hex": "4L4", "kill": 5, "rof": 2}, {"name": "M16", "hex": "4L5", "kill": 5, "vehicular_aamg": True}]
    flak = {"type": "edit", "op": "unit", "id": "flak", "side": "Axis", "kind": "AFV", "hex": "4L4", "label": "FlaKPz"}
    m16 = {"type": "edit", "op": "unit", "id": "m16", "side": "Axis", "kind": "AFV", "hex": "4L5", "label": "M16"}
    g = game(*at("MPh", 0), flak, m16, FB, {"type": "start", "procedure": "asl.strafing", "params": dict(STRAFE, aa=aa)}, *fire)
    evs = lines(g.apply({"type": "dice", "values": [1, 3]}))  # Final 7: no effect; ROF kept
    assert evs[3] == "E7.51    info      FlaKPz retains Multiple ROF (colored dr 1, ROF 2)"
    assert evs[4] == "E7.5     info      FlaKPz attacks an Aerial target while not in AA mode: an AA counter is placed on it"
    assert g.state.counters.unit("flak").status == {"aa"}  # type: ignore[union-attr]  # at once, mid-run
    g.apply({"type": "choose", "choice": "M16 fires"})
    evs = lines(g.apply({"type": "dice", "values": [4, 3]}))
    assert any("M16 is a Vehicular AAMG: it uses no AA counter" in x for x in evs)
    assert g.state.counters.unit("m16").status == frozenset()  # type: ignore[union-attr]
    g.apply({"type": "dice", "values": [3, 4]})  # the MG attack on G6
    g.apply({"type": "choose", "choice": "FlaKPz fires"})  # in D8: no second AA line
    evs = lines(g.apply({"type": "dice", "values": [1, 5]}))
    assert not any(x.startswith("E7.5 ") for x in evs)
    # a typed firer: said once, nothing changed
    g2 = game(*at("MPh", 0), FB, {"type": "start", "procedure": "asl.strafing", "params": dict(STRAFE, aa=aa[:1])}, *fire)
    evs = lines(g2.apply({"type": "dice", "values": [1, 3]}))
    assert evs[4].startswith("E7.5     info      FlaKPz has no counter on the map: its AA counter is not kept here")


def test_light_aa_shooting_down_the_aircraft_still_marks_the_firer() -> None:
    flak = {"type": "edit", "op": "unit", "id": "flak", "side": "Axis", "kind": "gun", "hex": "4L4", "label": "20L"}
    g = game(*at("MPh", 0), flak, dict(FB, status=["damaged"]), {"type": "start", "procedure": "asl.strafing",
                                                 "params": dict(STRAFE, aa=[{"name": "20L", "hex": "4L4", "kill": 7}])},
             {"type": "dice", "values": [5, 6]}, {"type": "choose", "choice": "20L fires"})
    g.apply({"type": "dice", "values": [1, 3]})  # Final 7 = Kill: Damaged, already Damaged: eliminated
    assert g.state.procedure is None and aircraft_of(g.state.counters) == ()
    assert g.state.counters.unit("flak").status == {"aa"}  # type: ignore[union-attr]


def test_a_strafing_aircraft_typed_with_no_counter_is_added_off_the_map_and_said_so() -> None:
    g = game(*at("MPh"), {"type": "start", "procedure": "asl.strafing", "params": dict(STRAFE, aircraft="Typhoon")},
             {"type": "dice", "values": [6, 6]}, {"type": "choose", "choice": "Recalled: no attack"})
    assert any("Typhoon had no counter on the map: it is added off the map" in x for x in g.log_lines())
    (t,) = aircraft_of(g.state.counters)
    assert t.hex is None and t.recalled
    assert g.system.procedure("asl.strafing").summary(g.state.outcomes[-1]).endswith(
        "Typhoon had no counter on the map: it was added off the map.")


# --------------------------------------------------------------------- replay and the menu
def test_replay_is_deterministic_through_the_reducer() -> None:
    acts = [GUN, FB, PFPH, {"type": "start", "procedure": "asl.heavy_aa", "params": {"gun": "88L", "aircraft": "P-47"}},
            {"type": "roll"}, {"type": "choose", "choice": "Damaged"},
            {"type": "start", "procedure": "asl.aa_mode", "params": {"weapon": "88L", "what": "fires at a ground target"}}]
    a, b = game(*acts), game(*acts)
    assert a.log_lines() == b.log_lines() and a.state.counters.units == b.state.counters.units
    assert a.state.outcomes == b.state.outcomes and a.state.outcomes[-2]["result"] == "Damaged"
    # a link carries the actions (the dice rolled as they fell): it replays to the same log and counters
    c = decode_link(encode_link(a)).to_game()
    assert c.log_lines() == a.log_lines() and c.state.counters.units == a.state.counters.units
    assert any("Heavy AA by 88L at P-47: Original DR" in x for x in a.log_lines())


def test_the_procedures_are_in_the_asl_menu_in_the_e7_group() -> None:
    g = game()
    menu = {p["name"]: p for p in procedure_menu(g)}
    for name, title in (("asl.heavy_aa", "Heavy AA (E7.52)"), ("asl.aa_mode", "AA counter (E7.5)")):
        assert menu[name]["group"] == "Air Support (E7)" and menu[name]["title"] == title
    order = [p["name"] for p in procedure_menu(g) if p["group"] == "Air Support (E7)"]
    assert order.index("asl.strafing") < order.index("asl.heavy_aa") < order.index("asl.aa_mode")
