"""ASL E7.5–7.52 AA fire and E7.6 Observation Planes: the one Light AA function shared with E8.21,
the 4G6 FlaKPz EX as far as its text goes, the cut rules as the players' decisions, and the
Light AA odds of a strafing run against playing every DR through the procedure."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airhead.asl.e7 import anti_aircraft

from airhead.asl.e8 import gliders
from airhead.asl.e7.air_support import Aircraft, write_aircraft
from airhead.asl.e7.anti_aircraft import (
    aa_mode_after,
    aerial_drm_from_seed,
    aircraft_aa_result,
    heavy_aa_check,
    light_aa_result,
    retains_rof,
)
from airhead.asl.e7.observation import (
    DYO_COST,
    check_one_per_side,
    inherent_radio,
    may_attack,
    mistaken_fire_mission,
    observation_available,
)
from airhead.asl.e7.strafing_odds import aa_odds
from airhead.asl.e7.strafing_procedures import Strafing
from airhead.boards import HexMap
from airhead.counters import Counters, Unit
from airhead.errors import ActionError, RulesError
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import at

B4 = HexMap.asl([["4"]])
B19 = HexMap.asl([["19"]])


def open4(**settings: Any) -> Scenario:
    return Scenario("4G6 EX", "asl", B4, Terrain(), dict(settings))


# --------------------------------------------------------------------- one Light AA function
def test_e8_uses_the_one_light_aa_function_of_e7() -> None:
    assert gliders.light_aa_result is anti_aircraft.light_aa_result
    assert gliders.retains_rof is anti_aircraft.retains_rof
    assert gliders.AAFirer is anti_aircraft.AAFirer and gliders.AA_FIELDS is anti_aircraft.AA_FIELDS
    from airhead.asl.e8 import gliders_odds, gliders_procedures

    assert gliders_procedures.light_aa_result is gliders_odds.light_aa_result is light_aa_result


def test_7_511_results_against_an_aircraft_read_as_e8_with_the_cut_rest_for_the_players() -> None:
    assert aircraft_aa_result(5, 6, 6) == "damaged"  # equal: Damaged (E8.21's reading)
    assert aircraft_aa_result(3, 4, 6) == "eliminated" and aircraft_aa_result(3, 4, 6, below="damaged") == "damaged"
    assert aircraft_aa_result(6, 7, 6) == "one more"  # a glider's Evasive Action: cut for aircraft
    assert aircraft_aa_result(4, 9, 6) == "no effect"
    # 7.512: "An Original IFT DR of 2 vs an aircraft always results in a chance of success for the
    # attacker, even if a combination of DRM/" (cut)
    assert aircraft_aa_result(2, 9, 6) == "unlikely kill" and aircraft_aa_result(2, 7, 6) == "unlikely kill"
    assert aircraft_aa_result(2, 5, 6) == "eliminated"


def test_7_5_aa_counter() -> None:
    # "An AA counter must be placed on any AA-capable weapon that attacks an Aerial target while not
    # in AA mode, and the AA counter is removed from any weapon that fires on a ground target"
    assert aa_mode_after(frozenset(), "aerial") == {"aa"}
    assert aa_mode_after(frozenset({"aa", "x"}), "ground") == {"x"}
    assert aa_mode_after(frozenset(), "aerial", vehicular_aamg=True) == frozenset()


def test_7_52_heavy_aa_only_guns_without_a_printed_ife() -> None:
    with pytest.raises(RulesError, match="without a printed IFE"):
        heavy_aa_check(True, "PFPh")
    heavy_aa_check(False, "PFPh")


# --------------------------------------------------------------------- the 4G6 EX
EX = {"target": "4G6", "grain": 2, "aircraft": "FB",
      "units": [{"name": "4-6-7", "hex": "4G6", "sight_new_hex": True, "sight_unconcealed": True}],
      # the ★ Vehicle Kill Number and ROF are the player's (the IFT is not in the seeds): any Kill
      # Number <= 5 leaves a Final 7 without effect; ROF >= 1 keeps on a colored 1
      "aa": [{"name": "FlaKPz 38(t)", "hex": "4L4", "kill": 5, "rof": 2}]}


def test_4g6_example_as_far_as_its_text_goes() -> None:
    sc = open4()
    g = new_game(sc, "ex", at("MPh"))
    proc = g.system.procedure("asl.strafing")
    # "the +3 DRM for the 1944 FB": the Aerial DRM the seed prints, filled in for a 1944 scenario
    assert g.state.settings["year"] == 1944 and proc.defaults(g.state)["aerial_drm"] == 3
    assert aerial_drm_from_seed(1943) is None
    g.apply({"type": "start", "procedure": "asl.strafing", "params": EX})
    # "rolls an Original "11" which, due to the -1 DRM for a moving target and the -2 DRM for an
    # unconcealed target, allows the aircraft to attack that unit"
    ev = g.apply({"type": "dice", "values": [5, 6]})
    assert [e.value for e in ev if e.kind == "modifier"] == [-1, -2]
    assert ev[-1].cause == "Final DR 8 vs Morale Level 8: passed"
    # "before the aircraft can attack from C8, the stationary FlaKPz 38(t) in L4, nine hexes away
    # (Aerial Range 18 hexes) ... conducts Light AA fire at it"
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.51" and p.label == "Light AA fire at FB in 4C8"
    g.apply({"type": "choose", "choice": "FlaKPz 38(t) fires"})
    # "The German unit rolls an Original 4 (1 on the colored dr to maintain its Multiple ROF), but
    # the +3 DRM for the 1944 FB results in a Final DR of 7 and thus no effect."
    ev = g.apply({"type": "dice", "values": [1, 3]})
    lines = [e.render() for e in ev]
    assert lines[:4] == [
        "E7.511   roll      Light AA by FlaKPz 38(t) (4L4, 9 hexes: Aerial Range 18): Original DR 4 (colored 1, white 3)",
        "E7.511   modifier  +3  FB's Aerial DRM (1944)",
        "E7.511   result    Final DR 7 vs ★ Vehicle Kill Number 5: no effect",
        "E7.51    info      FlaKPz 38(t) retains Multiple ROF (colored dr 1, ROF 2)",
    ]
    # it has fired in C8 (once per hex flown): the attack follows; it may fire again in D8
    # "The aircraft makes its attack against G6 with its full 12 MG FP."
    p = g.waiting_for()
    assert p is not None and p.label == "MG attack (12 FP) by FB on 4G6: IFT Effects DR"


def test_light_aa_damage_then_second_damage_eliminates_and_writes_the_counter() -> None:
    sc = open4()
    g = new_game(sc, "d", [*at("MPh"), {"type": "edit", "op": "unit", "id": "fb1", "side": "Allied", "kind": "aircraft",
                            "hex": "4A1", "label": "P-47", "status": ["bombs"]}])
    params = dict(EX, aircraft="P-47", aa=[{"name": "20L", "hex": "4L4", "kill": 7, "rof": 6}])
    g.apply({"type": "start", "procedure": "asl.strafing", "params": params})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "choose", "choice": "20L fires"})
    ev = g.apply({"type": "dice", "values": [1, 3]})  # Final 7 = Kill: Damaged; ROF kept
    assert any(e.rule == "E7.226" and "Damaged" in e.cause for e in ev)
    g.apply({"type": "dice", "values": [3, 4]})  # the MG attack on G6
    g.apply({"type": "choose", "choice": "20L fires"})  # in D8
    ev = g.apply({"type": "dice", "values": [2, 2]})  # Final 7 again
    assert [e.cause for e in ev if e.rule in ("E7.226", "E7.23")] == ["P-47 was already Damaged: eliminated",
                                                                      "P-47 is shot down (2 VP)"]
    assert g.state.counters.unit("fb1") is None  # E7.23: removed from the counters


def test_cut_results_are_a_players_choice() -> None:
    g = new_game(open4(), "c", [*at("MPh"), {"type": "start", "procedure": "asl.strafing", "params": EX},
                                {"type": "dice", "values": [1, 1]}, {"type": "choose", "choice": "FlaKPz 38(t) fires"}])
    g.apply({"type": "dice", "values": [1, 1]})  # Original 2, Final 5 = Kill: Damaged (no Unlikely Kill needed)
    g2 = new_game(open4(), "c", [*at("MPh"), {"type": "start", "procedure": "asl.strafing", "params": dict(EX, aa=[dict(EX["aa"][0], kill=2)])},
                                 {"type": "dice", "values": [1, 1]}, {"type": "choose", "choice": "FlaKPz 38(t) fires"}])
    g2.apply({"type": "dice", "values": [1, 1]})  # Original 2, Final 5 vs Kill 2: E7.512
    p = g2.waiting_for()
    assert p is not None and p.rule == "E7.512" and "your rulebook says how" in p.label
    assert p.options == ("no effect", "Damaged", "eliminated", "Recalled")
    g2.apply({"type": "choose", "choice": "Recalled"})
    with pytest.raises(ActionError):
        g2.apply({"type": "choose", "choice": "Recalled"})


def test_light_aa_odds_are_every_dr_played_through_the_procedure() -> None:
    """One firer without ROF on a strafing run: it fires once, in the first hex."""
    sc = open4()
    params = dict(EX, aa=[{"name": "20L", "hex": "4L4", "kill": 6, "rof": 0}])
    g0 = new_game(sc, "o", at("MPh"))
    proc = g0.system.procedure("asl.strafing")
    assert isinstance(proc, Strafing)
    plan = proc.plan(g0.state, proc.read(g0.state, params))
    per_hex = aa_odds(plan, "eliminated")
    counts: dict[str, int] = {}
    for c in range(1, 7):
        for w in range(1, 7):
            g = new_game(sc, "o", [*at("MPh"), {"type": "start", "procedure": "asl.strafing", "params": params},
                                   {"type": "dice", "values": [1, 1]}, {"type": "choose", "choice": "20L fires"}])
            g.apply({"type": "dice", "values": [c, w]})
            p = g.waiting_for()
            if p is not None and p.kind == "choice":  # a cut result: the players say "no effect"
                g.apply({"type": "choose", "choice": "no effect"})
            while (p := g.waiting_for()) is not None:  # E7.4: it states the planned Strafing Run
                g.apply({"type": "choose", "choice": "Strafing Run"} if p.rule == "E7.4" else {"type": "dice", "values": [3, 3]})
            o = g.state.outcomes[-1]
            key = "eliminated" if o["result"] == "eliminated" else "damaged" if o["damaged"] else "flying"
            counts[key] = counts.get(key, 0) + 1
    elim, dmg, _ = per_hex[-1]
    assert elim == Fraction(counts.get("eliminated", 0), 36) and dmg == Fraction(counts.get("damaged", 0), 36)
    # Aerial DRM +3: below the Kill Number 6 only on an Original 2, equal on an Original 3
    assert (elim, dmg) == (Fraction(1, 36), Fraction(2, 36))
    odds = proc.odds(g0.state, proc.read(g0.state, params))
    assert any(line.startswith("4C8: Light AA from 20L") for line in odds.lines)


# --------------------------------------------------------------------- E7.6 Observation Planes
def test_7_6_observation_plane() -> None:
    assert DYO_COST == 25
    assert observation_available("U.S.", 1944) == ""
    assert "1943-45" in observation_available("German", 1942)
    assert "see your rulebook" in observation_available("Russian", 1944)
    # "Heavy AA fire (7.52) is the only way ground units can attack an Observation Plane"
    assert may_attack("Heavy AA")[0] and may_attack("Aerial Combat")[0] and not may_attack("Light AA")[0]
    assert inherent_radio(False) and not inherent_radio(True)  # held in Aerial Melee: no Radio Contact
    c = write_aircraft(Counters(), Aircraft("op", "Allied", "Observation"))
    with pytest.raises(RulesError, match="only one per side"):
        check_one_per_side(c, "Allied")
    check_one_per_side(c, "Axis")


def test_7_62_mistaken_fire_mission_on_the_closest_enemy_unit_in_los() -> None:
    c = Counters([Unit("a", "Allied", "squad", B19.parse("19K5")), Unit("b", "Allied", "squad", B19.parse("19K8"))])
    # K8 is out of the plane's LOS: K5 (two hexes) is the one
    got = mistaken_fire_mission(c, "Allied", B19.parse("19K7"), {B19.parse("19K8"): True})
    assert [(d, n) for d, n, _ in got] == [(2, "a")]


def test_an_observation_plane_makes_no_strafing_run() -> None:
    sc = open4()
    g = new_game(sc, "op", [*at("MPh"), {"type": "edit", "op": "unit", "id": "op", "side": "Allied", "kind": "aircraft",
                             "hex": None, "label": "L-4", "status": ["Observation"]}])
    with pytest.raises(ActionError, match="E7.6"):
        g.apply({"type": "start", "procedure": "asl.strafing", "params": dict(EX, aircraft="L-4")})
