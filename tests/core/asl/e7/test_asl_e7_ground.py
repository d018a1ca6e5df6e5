"""ASL E7.3–7.43 Ground Support: the Sighting TC, strafing runs and Point Attacks, MG and bombs —
the seed's examples step by step, each rule quoted, the planner's odds against enumeration."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airhead.asl.e7.ground_support import (
    POINT,
    STRAFE,
    attack_run,
    bomb_hit,
    bomb_odds,
    easiest_target,
    mg_breakdown,
    mg_fp,
    mg_tk_column,
    mistaken_targets,
    sighting_odds,
    sighting_fields,
    sighting_rows,
    sighting_tc,
    sighting_terms,
)
from airhead.asl.e7.strafing_procedures import Strafing
from airhead.boards import HexMap
from airhead.counters import Counters, Unit
from airhead.errors import ActionError, RulesError
from airhead.game import Game
from airhead.hexes import from_asl_direction
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

from playing import at

B19 = HexMap.asl([["19"]])
B4 = HexMap.asl([["4"]])
S = from_asl_direction(4)  # down the column: K3 -> K4
NE = from_asl_direction(2)


def h19(n: str) -> Any:
    return B19.parse(f"19{n}")


def sighting_map() -> Scenario:
    """The 7.3 EX: a building in 19K7, an orchard in 19K9."""
    t = Terrain({h19("K7"): HexTerrain("building", obstacle=1), h19("K9"): HexTerrain("orchard")})
    return Scenario("7.3 EX", "asl", B19, t, {})


SQUAD = {"name": "4-6-7", "hex": "19K7", "sight_building": True, "sight_unconcealed": True}
TRUCK = {"name": "truck", "hex": "19K7", "kind": "soft vehicle", "sight_unconcealed": True}


def start(sc: Scenario, params: dict[str, Any]) -> Game:
    return new_game(sc, "e7", [*at("MPh"), {"type": "start", "procedure": "asl.strafing", "params": params}])


# --------------------------------------------------------------------- E7.3 Sighting TC (7.3 EX)
def test_sighting_drm_table_is_data_with_its_cut_rows() -> None:
    rows = {r.key: r for r in sighting_rows()}
    assert [(k, r.drm) for k, r in rows.items()] == [
        ("smoke", None), ("building", 3), ("brush", 1), ("near_vehicle", 1), ("mist", 1), ("vehicular", -1),
        ("new_hex", -1), ("convoy", -1), ("attacked", -1), ("unconcealed", -2)]
    assert sorted(k for k, r in rows.items() if r.cut) == ["brush", "building", "mist", "near_vehicle", "new_hex", "unconcealed"]


def test_sighting_fields_read_whole_and_say_where_a_cut_row_goes_on() -> None:
    """#42 item 8: a form's label is never cut with "…"; a row the seed cuts short says under it
    that the rulebook's table has the rest (the log still quotes it with "…")."""
    fields = {f.key: f for f in sighting_fields()}
    assert fields["sight_unconcealed"].label == "Sighting: Target is not entirely concealed (-2)"
    assert fields["sight_unconcealed"].help == "your rulebook's E7.3 table goes on after these words"
    assert fields["sight_convoy"].label == "Sighting: Target is part of a Convoy or Column (-1)" and not fields["sight_convoy"].help
    assert not [f.label for f in fields.values() if "…" in f.label or "/" in f.label]


def test_7_3_example_building_and_unconcealed_pass_on_7() -> None:
    # "the FB would have to add a +3 DRM for the building and a -2 DRM for the squad's not being
    # concealed, so it would have to roll <= an Original 7 to pass its Sighting TC"
    terms = sighting_terms({"building": True, "unconcealed": True})
    assert [v for v, _ in terms] == [3, -2]
    assert sighting_tc(7, 1).passed and not sighting_tc(8, 1).passed  # "All aircraft have a Morale Level of 8"


def test_7_3_example_the_truck_is_the_easiest_target_pass_on_11() -> None:
    # "since the vehicle is in LOS ... the -1 DRM for a vehicular target and the -2 DRM for not being
    # concealed are applicable, so the Sighting TC is passed on an Original DR of <= 11"
    squad = {"building": True, "unconcealed": True}
    truck = {"vehicular": True, "unconcealed": True}
    assert easiest_target([squad, truck]) == 1
    assert sighting_tc(11, -3).passed
    g = start(sighting_map(), {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK]})
    proc = g.system.procedure("asl.strafing")
    odds = proc.odds(g.state, proc.read(g.state, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK]}))
    assert {f.key: f.value for f in odds.facts}["sight"] == "passes on an Original DR ≤ 11 (97.2%)"
    # "The FB is moved to K3 and faced towards K7 to make its Sighting TC along the K3-K4 Hex Grain"
    assert {f.key: f.value for f in odds.facts}["entry"] == "19K3"
    ev = g.apply({"type": "dice", "values": [5, 6]})
    assert [e.render() for e in ev][:5] == [
        "E7.3     roll      Sighting TC DR 11 (colored 5, white 6)",
        "E7.3     info      against the easiest target in 19K7: truck",
        "E7.3     modifier  -1  Target is vehicular, or boat in water",
        "E7.3     modifier  -2  Target is not entirely concealed… (the rest of this line: see your rulebook)",
        "E7.3     result    Final DR 8 vs Morale Level 8: passed",
    ]


def test_7_3_example_blind_hexes_k8_and_k10_and_k9_without_a_new_tc() -> None:
    # "K8 and K10 cannot be attacked because they are Blind Hexes ..., but K9 can be attacked
    # without an additional Sighting TC."
    sc = sighting_map()
    with pytest.raises(ActionError, match="E7.25: 19K8 is a Blind Hex .*cannot be attacked"):
        start(sc, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK, {"name": "HS", "hex": "19K8"}]})
    # K10 behind the in-season K9 orchard: an orchard in season is a full-level obstacle (setting
    # los_orchard, its default; issue #29), so the map reads K10 Blind, as the EX does
    with pytest.raises(ActionError, match="E7.25: 19K10 is a Blind Hex .*cannot be attacked"):
        start(sc, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK, {"name": "HS", "hex": "19K10"}]})
    # "[EXC: K10 could be attacked with a + 1 LOS Hindrance DRM if the K9 orchard were out-of-season]"
    off = Scenario("7.3 EX", "asl", B19, sc.terrain, {"los_season": "out of season"})
    start(off, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK, {"name": "HS", "hex": "19K10"}]})
    # the players may still rule a hex Blind (or seen) where the map reads it otherwise
    with pytest.raises(ActionError, match="E7.25: 19K10 is a Blind Hex \\(the players' ruling\\)"):
        start(off, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK, {"name": "HS", "hex": "19K10"}],
                    "blind_hexes": ["19K10"]})
    painted = Scenario("7.3 EX", "asl", B19, sc.terrain, {"los_orchard": "as high as its hex is painted"})
    start(painted, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK, {"name": "HS", "hex": "19K10"}]})
    g = start(sc, {"target": "19K7", "grain": 4, "units": [SQUAD, TRUCK, {"name": "HS", "hex": "19K9"}]})
    g.apply({"type": "dice", "values": [5, 6]})  # the one Sighting TC
    g.apply({"type": "dice", "values": [3, 3]})  # the MG attack on K7 from K3
    g.apply({"type": "choose", "choice": "Strafing Run"})  # E7.4: stated just before its second attack
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.41" and "on 19K9" in p.label  # K9 from K5, no new TC
    ev = g.apply({"type": "dice", "values": [2, 2]})
    assert any(e.cause.startswith("MG vs HS: IFT Final DR 4") for e in ev)
    assert g.state.procedure is None and g.state.outcomes[-1]["result"] == "done"
    assert g.state.outcomes[-1]["lookups"] == [  # what the players read on their IFT (#32 item 8)
        "MG vs 4-6-7: IFT Final DR 6 on the 12 FP column", "MG vs truck: IFT Final DR 6 on the 12 FP column",
        "MG vs HS: IFT Final DR 4 on the 12 FP column"]
    assert g.state.outcomes[-1]["path"] == ["19K3", "19K4", "19K5", "19K6", "19K7", "19K8", "19K9"]


def test_7_31_original_12_is_recall_and_the_cut_rest_is_the_players() -> None:
    g = start(sighting_map(), {"target": "19K7", "grain": 4, "units": [{"name": "sq", "hex": "19K7", "sight_building": True}]})
    ev = g.apply({"type": "dice", "values": [6, 6]})
    assert any(e.rule == "E7.32" for e in ev)  # Final 15 >= 12 as well
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.32" and "make it now (Mistaken Attack (E7.32) follows" in p.label
    g.apply({"type": "choose", "choice": "no Mistaken Attack"})
    assert g.state.outcomes[-1]["recalled"] is True


def test_7_31_recall_choice_when_the_final_is_below_12() -> None:
    g = start(sighting_map(), {"target": "19K7", "grain": 4, "units": [TRUCK]})
    g.apply({"type": "dice", "values": [6, 6]})  # Original 12, Final 9: failed, Recall
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.31" and "players decide" in p.label
    g.apply({"type": "choose", "choice": "Recalled: no attack"})
    assert g.state.outcomes[-1]["result"] == "recalled"


def test_7_32_mistaken_attack_on_the_defenders_closest_unit() -> None:
    # "the DEFENDER's non-hidden onboard ground unit that is closest (in hexes) to the aircraft's
    # initial target" — the DEFENDER owns the aircraft (it attacks in the opponent's MPh)
    c = Counters([Unit("a", "Allied", "squad", h19("K5")), Unit("b", "Allied", "squad", h19("K1")),
                  Unit("c", "Axis", "squad", h19("K6")), Unit("d", "Allied", "squad", h19("J7"), frozenset({"hidden"}))])
    assert [(d, n) for d, n, _ in mistaken_targets(c, "Allied", h19("K7"))] == [(2, "a")]
    sc = sighting_map()
    g = new_game(sc, "m", [*at("MPh"), {"type": "edit", "op": "unit", "id": "own", "side": "Allied", "kind": "squad", "hex": "19K5"}])
    g.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"side": "Allied", "target": "19K7", "grain": 4, "units": [{"name": "sq", "hex": "19K7", "sight_building": True, "sight_near_vehicle": True}]}})
    g.apply({"type": "dice", "values": [4, 4]})  # Final 12: failed, and a Mistaken Attack
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.32" and "own in 19K5, 2 hexes" in p.label
    # "The ATTACKER may then immediately move the aircraft ... and attack (without a new Sighting
    # TC)": made now, the run goes on as Mistaken Attack (E7.32), its MG attack next
    assert p.options == ("make the Mistaken Attack now (E7.32)", "no Mistaken Attack")
    evs = [f"{e.rule}: {e.cause}" for e in g.apply({"type": "choose", "choice": p.options[0]})]
    assert "E7.32: FB 1 makes the Mistaken Attack now (the opponent directs it)" in evs
    assert ": begin Mistaken Attack (E7.32)" in evs
    assert "E7.32: the target: own in 19K5, the Allied unit closest to 19K7 (2 hexes)" in evs
    assert g.state.outcomes[-1]["result"] == "mistaken attack"  # the run's record, for E7.32 and E7.401
    p = g.waiting_for()
    assert p is not None and p.label == "FB 1's MG attack on own: IFT Effects DR (12 FP)"
    evs = [f"{e.rule}: {e.cause}" for e in g.apply({"type": "dice", "values": [2, 3]})]
    assert ("E7.41: 12 FP vs own: Original DR 5: add the target's IFT DRM (its TEM, Hindrances) and read the result on "
            "your rulebook's IFT") in evs
    out = g.state.outcomes[-1]
    assert (out["procedure"], out["unit"], out["final"]) == ("asl.mistaken_attack", "own", 5)
    assert g.system.procedure("asl.mistaken_attack").summary(out) == (
        "FB 1's Mistaken Attack on own in 19K5: 12 FP, IFT Original DR 5 (add the target's IFT DRM and read it on your IFT).")


def test_7_32_made_now_but_forbidden_by_a_rule_the_run_ends_and_the_log_says_why() -> None:
    # E7.223: a plane whose MG is Disabled "may not attack in ... Ground Support" with it: the
    # Mistaken Attack the cut E7.32 makes with the MG cannot follow; the run ends with its record
    g = new_game(sighting_map(), "m", [*at("MPh"), {"type": "edit", "op": "unit", "id": "own", "side": "Allied", "kind": "squad", "hex": "19K5"}])
    g.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"side": "Allied", "target": "19K7", "grain": 4, "mg_disabled": True, "bomb_at": "first attack",
                        "units": [{"name": "sq", "hex": "19K7", "bomb_th": 8, "sight_building": True, "sight_near_vehicle": True}]}})
    g.apply({"type": "dice", "values": [4, 4]})  # Final 12
    evs = [f"{e.rule}: {e.cause}" for e in g.apply({"type": "choose", "choice": "make the Mistaken Attack now (E7.32)"})]
    assert evs[-1].startswith("E7.32: no Mistaken Attack now: E7.223: FB 1's MG is Disabled")
    assert g.waiting_for() is None and g.state.outcomes[-1]["result"] == "mistaken attack"
    assert g.system.procedure("asl.strafing").summary(g.state.outcomes[-1]).startswith(
        "FB 1's Sighting TC gave a Mistaken Attack, which it cannot make now: the log says why (MG Disabled).")
    # no unit of its side on the map: nothing to attack
    h = new_game(sighting_map(), "m", at("MPh"))
    h.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"side": "Allied", "target": "19K7", "grain": 4,
                        "units": [{"name": "sq", "hex": "19K7", "sight_building": True, "sight_near_vehicle": True}]}})
    h.apply({"type": "dice", "values": [4, 4]})
    evs = [f"{e.rule}: {e.cause}" for e in h.apply({"type": "choose", "choice": "make the Mistaken Attack now (E7.32)"})]
    assert evs[-1] == "E7.32: no non-hidden onboard Allied ground unit outside a completely Blind Hex: no Mistaken Attack"
    assert h.waiting_for() is None and h.system.procedure("asl.strafing").summary(h.state.outcomes[-1]).startswith(
        "FB 1's Sighting TC gave a Mistaken Attack: no unit of its side could be attacked.")


def test_7_32_a_game_saved_before_the_mistaken_attack_procedure_replays_as_then() -> None:
    # E7.32: the choice such a game made is not offered now, but its actions replay: the run ends
    g = new_game(sighting_map(), "m", [*at("MPh"), {"type": "edit", "op": "unit", "id": "own", "side": "Allied", "kind": "squad", "hex": "19K5"}])
    g.apply({"type": "start", "procedure": "asl.strafing",
             "params": {"side": "Allied", "target": "19K7", "grain": 4, "units": [{"name": "sq", "hex": "19K7", "sight_building": True, "sight_near_vehicle": True}]}})
    g.apply({"type": "dice", "values": [4, 4]})
    p = g.waiting_for()
    assert p is not None and "Mistaken Attack made (resolved at the table)" not in p.options
    evs = g.apply({"type": "choose", "choice": "Mistaken Attack made (resolved at the table)"})
    assert [f"{e.rule}: {e.cause}" for e in evs][0] == ("E7.32: Mistaken Attack made (resolved at the table) (the players' "
                                                         "decision; the opponent directs it)")
    assert g.waiting_for() is None and g.state.outcomes[-1]["result"] == "mistaken attack"


def test_sighting_odds_are_the_procedures_rolls_counted() -> None:
    for drm in (-3, 1, 4):
        odds = sighting_odds(drm)
        n = sum(1 for c in range(1, 7) for w in range(1, 7) if sighting_tc(c + w, drm).passed)
        assert odds["pass"] == Fraction(n, 36)
    assert sighting_odds(1)["pass"] == Fraction(21, 36)  # <= 7
    assert sighting_odds(4)["mistaken"] == Fraction(15, 36)  # Original >= 8


# --------------------------------------------------------------------- E7.4 geometry
def test_7_401_strafing_run_geometry() -> None:
    # "placed along a specified Hex Grain so that it is four hexes away from the initial target hex
    # and facing same" ... "continue moving along that Hex Grain ... until it occupies the last hex it attacked"
    run = attack_run(h19("K7"), S, STRAFE)
    assert B19.name(run.entry) == "19K3"
    assert [B19.name(h) for h in run.targets] == ["19K7", "19K8", "19K9", "19K10"]
    assert [B19.name(h) for h in run.path] == [f"19K{i}" for i in range(3, 11)]
    assert [(B19.name(s.hex), s.target and B19.name(s.target)) for s in run.stops[:5]] == [
        ("19K3", "19K7"), ("19K4", "19K8"), ("19K5", "19K9"), ("19K6", "19K10"), ("19K7", None)]
    assert all(s.column == "7-12" and s.aerial_range == 8 for s in run.stops if s.target)
    short = attack_run(h19("K7"), S, STRAFE, attacked=[h19("K7")])
    assert [B19.name(h) for h in short.path] == ["19K3", "19K4", "19K5", "19K6", "19K7"]
    with pytest.raises(RulesError, match="E7.401"):
        attack_run(h19("K7"), S, STRAFE, attacked=[h19("J7")])


def test_7_402_point_attack_second_attack_from_three_hexes_on_0_6() -> None:
    run = attack_run(h19("K7"), S, POINT)
    assert [B19.name(h) for h in run.path] == ["19K3", "19K4", "19K5", "19K6", "19K7"]
    assert [(s.range, s.column) for s in run.stops if s.target] == [(4, "7-12"), (3, "0-6")]
    assert {B19.name(s.target) for s in run.stops if s.target} == {"19K7"}


def test_7_403_stuka_point_attack() -> None:
    # "must start a Point Attack from a hex adjacent to its target hex"; "moved to the target hex";
    # "three more hexes for purposes of receiving Light AA fire"; it attacks before Light AA
    run = attack_run(h19("K7"), S, POINT, stuka=True)
    assert [B19.name(h) for h in run.path] == ["19K6", "19K7", "19K8", "19K9", "19K10"]
    first, second = run.stops[0], run.stops[1]
    assert first.mg_only and first.pin and first.attack_first and first.column == "0-6"
    assert second.attack_first and not second.mg_only and B19.name(second.target or second.hex) == "19K7"


def test_4g6_example_entry_hex_is_four_hexes_along_the_grain() -> None:
    # "the American player places his FB in C8" for the unit entering 4G6; the FlaKPz in L4 is
    # "nine hexes away (Aerial Range 18 hexes)"
    run = attack_run(B4.parse("4G6"), NE, STRAFE, attacked=[B4.parse("4G6")])
    assert B4.name(run.entry) == "4C8"
    assert B4.parse("4L4").distance(run.entry) == 9


# --------------------------------------------------------------------- E7.41 MG
def test_7_41_mg_fp_by_year_and_to_kill_column() -> None:
    # "All FB have six FP prior to 1942, eight FP in 1942-43, and 12 FP in 1944-45"
    assert [mg_fp(y) for y in (1939, 1941, 1942, 1943, 1944, 1945)] == [6, 6, 8, 8, 12, 12]
    # "39F, 42F, or 44F (depending on the scenario's year) ... [EXC: both Stuka types always use the 39F TK#]"
    assert [mg_tk_column(y, False) for y in (1941, 1943, 1944)] == ["39F", "42F", "44F"]
    assert mg_tk_column(1944, True) == "39F"
    assert mg_breakdown(12) and not mg_breakdown(11)


def test_7_41_mg_vs_afv_to_hit_dr_is_the_effects_dr_vs_the_others_and_12_disables() -> None:
    sc = Scenario("open", "asl", B19, Terrain(), {})
    units = [{"name": "PzIV", "hex": "19K7", "kind": "AFV", "mg_th_far": 6, "sight_unconcealed": True},
             {"name": "squad", "hex": "19K7", "drm": -2}]
    g = start(sc, {"target": "19K7", "grain": 4, "units": units})
    g.apply({"type": "dice", "values": [1, 1]})  # Sighting TC passed
    p = g.waiting_for()
    assert p is not None and p.label.startswith("MG To Hit DR by FB 1 at PzIV")
    ev = g.apply({"type": "dice", "values": [6, 6]})
    causes = [e.cause for e in ev]
    assert "Original 12 vs To Hit number 6 (7-12 column, Vehicle Target Type): miss" in causes
    assert any(c.startswith("MG vs squad: IFT Final DR 10 (Original 12, DRM -2) on the 12 FP column") for c in causes)
    assert any("MG breaks down permanently (MG Disabled)" in c for c in causes)
    g.apply({"type": "choose", "choice": "Strafing Run"})  # E7.4: stated just before its second attack
    assert g.state.outcomes[-1]["mg_disabled"] is True


# --------------------------------------------------------------------- E7.42 bombs (7.421 EX)
EX_UNITS = [
    {"name": "Tiger", "hex": "19K7", "kind": "AFV", "bomb_th": 9, "sight_new_hex": True},
    {"name": "truck", "hex": "19K7", "kind": "soft vehicle", "bomb_th": 10},
    {"name": "squad", "hex": "19K7", "bomb_th": 8},
    {"name": "HS", "hex": "19K7", "bomb_th": 6},
]


def test_7_421_example_to_hit_numbers_and_direct_hit_vs_near_miss() -> None:
    # "The Tiger is hit on an Original To Hit DR <= 9 (10 [Basic TH# at six-hex Aerial range] + 1
    # [Target Size Modifier] - 2 [Moving] = 9) and the truck by an Original TH DR <= 10. The squad
    # is hit by an Original TH DR <= 8, and the HS by an Original TH DR <= 6"
    assert [bomb_hit(6, n, 10, a) for n, a in ((9, True), (10, False), (8, False), (6, False))] == [
        "near miss", "hit", "hit", "hit"]  # "All four targets are hit if the Original TH DR is <= 6"
    assert [bomb_hit(9, n, 10, a) for n, a in ((9, True), (10, False), (8, False), (6, False))] == [
        "near miss", "hit", "miss", "miss"]
    # 7.421: "If the Final To Hit DR is <= half of the Basic TH# ... a Direct Hit": Final = Original + 1
    assert bomb_hit(4, 9, 10, True) == "direct hit" and bomb_hit(5, 9, 10, True) == "near miss"
    odds = bomb_odds(9, 10, True)
    assert odds == {"direct hit": Fraction(6, 36), "near miss": Fraction(24, 36), "miss": Fraction(6, 36)}


def test_7_421_example_played_one_to_hit_dr_one_effects_dr() -> None:
    sc = Scenario("open", "asl", B19, Terrain(), {})
    g = start(sc, {"target": "19K7", "grain": 4, "attack": POINT, "mg_disabled": True, "bomb_at": "second attack",
                   "units": EX_UNITS})
    g.apply({"type": "dice", "values": [1, 2]})  # Sighting TC
    g.apply({"type": "choose", "choice": "Point Attack"})  # E7.4: stated just before its second attack
    p = g.waiting_for()
    assert p is not None and p.label == "Bomb To Hit DR by FB 1 on 19K7"  # the second attack, from 19K4
    ev = g.apply({"type": "dice", "values": [3, 3]})
    assert [e.cause for e in ev if e.kind == "result"] == [
        "Tiger: hit on ≤ 9: Near Miss: vs its Aerial AF with half the bombs' HE Basic TK#",
        "truck: hit on ≤ 10: hit", "squad: hit on ≤ 8: hit", "HS: hit on ≤ 6: hit"]
    ev = g.apply({"type": "dice", "values": [2, 3]})
    assert ev[0].cause == "Bomb effects DR 5 (colored 2, white 3): the same DR for every unit hit"
    assert [e.cause.split(":")[0] for e in ev if e.kind == "result"] == [
        "bombs vs Tiger", "bombs vs truck", "bombs vs squad", "bombs vs HS"]
    assert g.state.procedure is None
    # #32 item 8: the result gives the numbers the players look up on their own tables
    assert g.system.procedure("asl.strafing").summary(g.state.outcomes[-1]) == (
        "FB 1 completed its attack on 19K7 (MG Disabled). To look up: bombs vs Tiger (Near Miss): To Kill DR 5 on the HE "
        "To Kill Table (C7.34) vs its Aerial AF with half the bombs' HE Basic TK#; bombs vs truck: IFT Final DR 5 on the "
        "bombs' column; bombs vs squad: IFT Final DR 5 on the bombs' column; bombs vs HS: IFT Final DR 5 on the bombs' "
        "column. FB 1 had no counter on the map: it was added off the map.")


def test_7_421_bombs_attack_one_afv_the_other_is_unaffected_except_by_overstacking() -> None:
    """E7.421: "Any additional AFV in the same Location is unaffected except by the provisions of
    Overstacking (A5.132)": the bombs attack the first AFV listed (the one the aircraft attacks) and
    every unarmoured unit; a second AFV gets no To Hit, no To Kill and needs no To Hit number."""
    sc = Scenario("open", "asl", B19, Terrain(), {})
    units = EX_UNITS[:1] + [{"name": "Pz IV", "hex": "19K7", "kind": "AFV"}] + EX_UNITS[1:]
    g = start(sc, {"target": "19K7", "grain": 4, "attack": POINT, "mg_disabled": True, "bomb_at": "second attack",
                   "units": units})
    g.apply({"type": "dice", "values": [1, 2]})  # Sighting TC
    g.apply({"type": "choose", "choice": "Point Attack"})  # E7.4: stated just before its second attack
    ev = g.apply({"type": "dice", "values": [3, 3]})
    assert [e.cause for e in ev if e.kind == "result"] == [
        "Tiger: hit on ≤ 9: Near Miss: vs its Aerial AF with half the bombs' HE Basic TK#",
        "Pz IV: an additional AFV in the Location: unaffected except by the provisions of Overstacking (A5.132)",
        "truck: hit on ≤ 10: hit", "squad: hit on ≤ 8: hit", "HS: hit on ≤ 6: hit"]
    assert all(e.rule == "E7.421" for e in ev if e.cause.startswith("Pz IV"))
    ev = g.apply({"type": "dice", "values": [2, 3]})
    assert [e.cause.split(":")[0] for e in ev if e.kind == "result"] == [
        "bombs vs Tiger", "bombs vs truck", "bombs vs squad", "bombs vs HS"]
    proc = g.system.procedure("asl.strafing")
    assert isinstance(proc, Strafing)
    plan = proc.read(new_game(sc, "p", at("MPh")).state, {"target": "19K7", "grain": 4, "attack": POINT, "mg_disabled": True,
                                                 "bomb_at": "second attack", "units": units})
    odds = proc.odds(new_game(sc, "p", at("MPh")).state, plan)
    assert "  bombs vs Pz IV: an additional AFV, unaffected except by Overstacking (E7.421)" in odds.lines
    assert "  bombs vs Tiger: Direct Hit 16.7%, Near Miss 66.7%" in odds.lines


def test_7_42_bombs_once_per_aircraft_and_stuka_never_in_a_strafing_run() -> None:
    sc = Scenario("open", "asl", B19, Terrain(), {})
    with pytest.raises(ActionError, match="E7.403: a Stuka cannot bomb during a Strafing Run"):
        start(sc, {"target": "19K7", "grain": 4, "type": "Stuka", "mg_fp": 4, "bomb_at": "first attack", "units": EX_UNITS})
    with pytest.raises(ActionError, match="E7.42: FB 1 carries no bombs"):
        start(sc, {"target": "19K7", "grain": 4, "bombs": False, "bomb_at": "first attack", "units": EX_UNITS})
    with pytest.raises(ActionError, match="E7.41: type the Stuka's MG FP"):
        start(sc, {"target": "19K7", "grain": 4, "type": "Stuka", "units": EX_UNITS})


def test_planner_view_and_odds_name_the_path_targets_and_bomb_chances() -> None:
    sc = Scenario("open", "asl", B19, Terrain(), {})
    g = new_game(sc, "p", at("MPh"))
    proc = g.system.procedure("asl.strafing")
    assert isinstance(proc, Strafing)
    plan = proc.read(g.state, {"target": "19K7", "grain": 4, "attack": POINT, "bomb_at": "second attack",
                               "units": [dict(u, mg_th_far=5, mg_th_near=7) for u in EX_UNITS],
                               "aa": [{"name": "20L", "hex": "19L6", "kill": 5, "rof": 2}], "aerial_drm": 3})
    odds = proc.odds(g.state, plan)
    assert ("19K7", "target") in [(B19.name(h), r) for h, r in odds.view.marks]
    assert [B19.name(h) for h in odds.view.paths[0]] == ["19K3", "19K4", "19K5", "19K6", "19K7"]
    assert "  bombs vs Tiger: Direct Hit 16.7%, Near Miss 66.7%" in odds.lines
    assert "  bombs vs HS: hit 41.7%" in odds.lines
    assert "  MG To Hit Tiger on ≤ 5: 27.8%" in odds.lines and "  MG To Hit Tiger on ≤ 7: 58.3%" in odds.lines
