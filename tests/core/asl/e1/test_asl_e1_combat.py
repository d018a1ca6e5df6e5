"""ASL E1 Night, E1.6–E1.88: Stealthy / Normal / Lax, the +1 night LV DRM (the 1.7 EX's three
attacks on a synthetic map), 1.71–1.77 and Gunflashes."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.asl.e1.night_combat import (
    LV_EXEMPT_ATTACKS,
    UnitAtNight,
    ambush_margin,
    captured_mg_sniper,
    dyo_san_bpv,
    emerges_from_blind_hex,
    fire_lane_beyond_nvr,
    gains_ambush,
    gunflash_marker,
    makes_gunflash,
    multi_location_fg_allowed,
    night_class,
    night_lv,
    night_lv_on_map,
    night_san,
    san_after_sniper_check,
    sniper_vs_cloaking,
    target_acquisition_allowed,
)
from airhead.boards import HexMap
from airhead.errors import RulesError
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

B3 = HexMap.asl([["3"]])
R6, T7, T9 = B3.parse("3R6"), B3.parse("3T7"), B3.parse("3T9")
#: The 1.7 EX: the 4-6-7 in a building in 3R6 (it has a first level), the Russian 5-2-7 in T7 woods.
EX_MAP = Terrain({R6: HexTerrain("building", obstacle=2), T7: HexTerrain("woods", obstacle=1),
                  B3.parse("3T8"): HexTerrain("grain", obstacle=0.5)})


def game(actions: list[dict[str, Any]] = [], **settings: Any) -> Game:  # noqa: B006 - never mutated
    return new_game(Scenario("E1.7 EX", "asl", B3, EX_MAP, {"night": True, **settings}), "e1", actions)


def lv(params: dict[str, Any]) -> tuple[int, list[str]]:
    g = game([{"type": "start", "procedure": "asl.night_lv", "params": params}])
    lines = [ln.strip() for ln in g.log_lines() if ln.strip().startswith("E1.7 ")]
    return int(g.state.outcomes[-1]["drm"]), lines


# --------------------------------------------------------------------- E1.7 EX
def test_e1_7_example_from_r6_ground_level_no_lv() -> None:
    # "The attack of the 4-6-7 in 3R6 against the Russian 5-2-7 in T7 is subject to only a +1 DRM
    # for the Woods TEM. ... The Night LV DRM does not apply ... because the topmost height of the
    # T7 woods is 1 full level higher than the firers."
    drm, lines = lv({"firer": "3R6", "target": "3T7"})
    assert drm == 0
    assert lines[-1] == ("E1.7     info      the target hex's terrain tops out at level 1, 1 level above the firer "
                         "(level 0): no night LV DRM")
    # "An Attack by the 4-6-7 in T9 would also be subject to a +1 LOS Hindrance for firing through
    # the grainfield": no night LV either (T9 ground level, T7 woods a level above)
    assert night_lv_on_map(EX_MAP, T9, 0, T7).drm == 0


def test_e1_7_example_from_r6_first_level_lv_applies() -> None:
    # "If the 4-6-7 in R6 were on the first level of that building, the +1 LV DRM would apply to
    # its attack because the topmost height of the T7 woods would not be a full level higher."
    drm, lines = lv({"firer": "3R6", "firer_level": 1, "target": "3T7"})
    assert drm == 1
    assert lines[-1].startswith("E1.7     modifier  +1  night Low Visibility Hindrance")


def test_e1_7_example_russian_firing_back_never_lv() -> None:
    # "If the Russian squad fires back at R6 the +1 LV DRM will not apply to its attack regardless
    # of which level that 4-6-7 is on": it is the target HEX's topmost terrain (the building, level
    # 2) against the firer (ground level in T7), not the target unit's level, that counts.
    drm, lines = lv({"firer": "3T7", "target": "3R6"})
    assert drm == 0 and "tops out at level 2, 2 levels above the firer (level 0)" in lines[-1]
    assert night_lv_on_map(EX_MAP, T7, 0, R6).drm == 0


def test_night_lv_exceptions() -> None:
    # "[EXC: Fire Lanes, mines, Snipers, DC, Specific Collateral attacks, Residual FP, CC, and OBA]"
    for attack in LV_EXEMPT_ATTACKS:
        assert night_lv(1, 0, attack=attack).drm == 0
    assert night_lv(1, 0).drm == 1
    # "never applicable in combination with any positive TEM due to HA"
    assert night_lv(1, 0, ha_tem=True).drm == 0
    # hills count: open ground at base level 1 is a full level above a ground-level firer
    hill = Terrain({T7: HexTerrain("open", base_level=1)})
    assert night_lv_on_map(hill, R6, 0, T7).drm == 0 and night_lv_on_map(hill, R6, 1, T7).drm == 1
    # half a level (grain) above is not a full level
    assert night_lv(0, 0.5).drm == 1
    assert night_lv(0, 0, night=False).drm == 0


def test_night_lv_odds_preview_explains_before_logging() -> None:
    g = game()
    odds = g.system.procedure("asl.night_lv").odds(g.state, g.system.procedure("asl.night_lv").read(
        g.state, {"firer": "3R6", "firer_level": 1, "target": "3T7"}))
    assert odds is not None and odds.facts[0].value == "+1"
    assert any("night Low Visibility Hindrance" in r for r in odds.reasons)


# --------------------------------------------------------------------- E1.6 Stealthy / Normal / Lax
def test_stealthy_normal_lax() -> None:
    # 1.61 Commando, Ranger, ANZAC, Gurkha, Finnish, Good Order SMC, Partisan: Stealthy
    for d in ("Commando", "Ranger", "ANZAC", "Gurkha", "Finnish", "Partisan"):
        assert night_class(UnitAtNight(d)).cls == "Stealthy"
    assert night_class(UnitAtNight("German", smc=True)).cls == "Stealthy"
    # 1.62 Inexperienced, berserk, non-elite Italian: Lax
    assert night_class(UnitAtNight("German", inexperienced=True)).cls == "Lax"
    assert night_class(UnitAtNight("Italian")).cls == "Lax"
    assert night_class(UnitAtNight("Italian", elite=True)).cls == "Normal"
    assert night_class(UnitAtNight("Finnish", berserk=True)).cls == "Lax"  # 1.533 always Lax
    # 1.63 other Good Order MMC Normal, as are Good Order Lax units stacked with a Good Order SMC
    assert night_class(UnitAtNight("German")).cls == "Normal"
    assert night_class(UnitAtNight("Italian", with_good_order_smc=True)).cls == "Normal"
    assert night_class(UnitAtNight(animal=True)).cls == "Normal"
    # where the text is cut, the players decide
    for u in (UnitAtNight("German", good_order=False), UnitAtNight(animal=True, carrying=True),
              UnitAtNight("Finnish", inexperienced=True)):
        c = night_class(u)
        assert c.cls is None and "players decide" in c.reason


# --------------------------------------------------------------------- E1.71 - E1.77
def test_fire_lanes_snipers_to_hit_acquisition_fire_groups() -> None:
    assert fire_lane_beyond_nvr(False) is True and fire_lane_beyond_nvr(True) is None  # 1.71 EXC cut
    assert [sniper_vs_cloaking(d) for d in range(1, 7)] == [True, True, False, False, False, False]  # 1.72
    assert emerges_from_blind_hex(True)  # 1.73
    assert not target_acquisition_allowed(False) and target_acquisition_allowed(True)  # 1.74
    assert not multi_location_fg_allowed(True)  # 1.75


def test_san_plus_two_capped_at_seven_never_below_printed() -> None:
    # 1.76 "increased by two (up to a maximum of 7) ... can never be reduced below the printed"
    assert [night_san(s) for s in (0, 2, 4, 5, 6, 7)] == [2, 4, 6, 7, 7, 7]
    assert san_after_sniper_check(6, 1, 4) == 5 and san_after_sniper_check(5, 3, 4) == 4
    assert dyo_san_bpv(5) == 10  # "The BPV of a DYO-purchased SAN (H1.29) is doubled"
    assert captured_mg_sniper(True) and not captured_mg_sniper(True, night=False)
    with pytest.raises(RulesError):
        night_san(-1)


def test_ambush_by_two_unless_illuminated() -> None:
    # 1.77 "the ATTACKER's Ambush dr need be only at least two less than the DEFENDER's ... unless Illuminated"
    m = ambush_margin(False, day_margin=3)
    assert m == 2 and gains_ambush(2, 4, m) and not gains_ambush(3, 4, m)
    lit = ambush_margin(True, day_margin=3)
    assert lit == 3 and not gains_ambush(2, 4, lit)


# --------------------------------------------------------------------- E1.8 Gunflashes
def test_what_makes_a_gunflash() -> None:
    assert makes_gunflash("fire")[0] is True  # 1.8 "any unit that fires ... reveals its Location"
    assert makes_gunflash("PIAT")[0] is False  # 1.88
    assert makes_gunflash("CC", melee=True)[0] and not makes_gunflash("CC", melee=False)[0]  # 1.82
    assert makes_gunflash("mines", effect=True)[0] and not makes_gunflash("mines")[0]  # 1.83
    for cause, rule in (("MOL", "E1.84"), ("DC", "E1.85"), ("Searching", "E1.86"), ("SR", "E1.87"),
                        ("fire at/from beyond NVR", "E1.81")):
        assert makes_gunflash(cause)[:2] == (None, rule)
    with pytest.raises(RulesError):
        makes_gunflash("shouting")


def test_gunflash_marker_expires_with_the_setting_phase() -> None:
    # "EX: A MG using Prep Fire and maintaining its ROF is marked with a Gunflash counter."
    g = game([{"type": "start", "procedure": "asl.gunflash", "params": {"hex": "3R6", "cause": "fire"}}])
    (mk,) = g.state.counters.markers
    assert (mk.kind, mk.expires, B3.name(mk.hex)) == ("Gunflash", "CCPh", "3R6")
    g.apply({"type": "advance", "phase": "APh"})
    assert g.state.counters.markers
    g.apply({"type": "advance"})  # into the CCPh
    g.apply({"type": "advance"})  # the CCPh ends
    assert not g.state.counters.markers
    assert any("Gunflash in 3R6 is removed at the end of the CCPh" in ln for ln in g.log_lines())
    other = game([{"type": "start", "procedure": "asl.gunflash", "params": {"hex": "3R6"}}], e1_gunflash_expires="DFPh")
    assert other.state.counters.markers[0].expires == "DFPh"
    assert gunflash_marker("g", R6, "Axis", cc=True).expires == ""  # 1.82: while the Melee counter stays


def test_gunflash_cut_cause_is_the_players_and_piat_none() -> None:
    g = game([{"type": "start", "procedure": "asl.gunflash", "params": {"hex": "3T7", "cause": "SR"}}])
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.87" and "see your rulebook" in p.label
    g.apply({"type": "choose", "choice": "no Gunflash"})
    assert not g.state.counters.markers and g.state.outcomes[-1]["gunflash"] is False
    g.apply({"type": "start", "procedure": "asl.gunflash", "params": {"hex": "3T7", "cause": "PIAT"}})
    assert not g.state.counters.markers
    with pytest.raises(RulesError):
        gunflash_marker("g", R6, "Axis", expires="Lunch")
