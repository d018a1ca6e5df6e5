"""ASL E1.3–1.56 at night: movement costs (the E1.51 EX), Straying, Jitter Fire (the E1.55 table,
E1.551 Closest DEFENDER, E1.552 effect), Cloaking counters with sealed contents, their loss."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from airhead.asl.e1.night_movement import (
    ATTACK_GUNFLASH,
    CLASSES,
    cloaking_allotment,
    cloaking_mf,
    concealment_gain,
    concealment_terrain,
    jitter_fire,
    jitter_table,
    loses_concealment,
    movement_dr,
    movement_odds,
    night_mf,
    portage_pp,
    recovery_drm,
    routing_at_night,
)
from airhead.boards import HexMap
from airhead.errors import ActionError, RulesError
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.sealed import seal
from airhead.systems import new_game
from airhead.terrain import Terrain

M = HexMap.asl([["13"]])


def night(**settings: Any) -> Scenario:
    return Scenario("night", "asl", M, Terrain(), {"night": True, **settings})


def unit(uid: str, side: str, where: str, **kw: Any) -> dict[str, Any]:
    return {"type": "edit", "op": "unit", "id": uid, "side": side, "kind": kw.get("kind", "squad"), "hex": where,
            **({"status": kw["status"]} if "status" in kw else {})}


GUNFLASH = {"type": "edit", "op": "marker", "id": "GF", "kind": "Gunflash", "hex": "13A1"}


def straying(**params: Any) -> dict[str, Any]:
    return {"type": "start", "procedure": "asl.straying", "params": params}


def causes(g: Game, rule: str | None = None) -> list[str]:
    return [e.cause for e in g.events() if rule is None or e.rule == rule]


# ---------------------------------------------------------------------- E1.51
def test_e1_51_example_crest_line_into_woods_costs_five_mf() -> None:
    # "A squad ascending Crest Line and entering woods must expend five MF ({2 [entering woods] x2
    # [moving to higher elevation] = 4} +1 [entering Concealment Terrain Location at night] = 5)."
    assert concealment_terrain("woods") is True  # the terrain table's Concealment Terrain column
    mf, events = night_mf(2 * 2, concealment_terrain("woods") or False)
    assert mf == 5
    assert [(e.rule, e.value, e.cause) for e in events if e.kind == "modifier"] == [
        ("E1.51", 1, "entering a Concealment Terrain Location at night")]
    assert night_mf(4, True, night=False)[0] == 4  # daylight: no +1
    assert night_mf(1, concealment_terrain("open") or False)[0] == 1  # not Concealment Terrain
    assert concealment_terrain("no such terrain") is None


# ---------------------------------------------------------------------- E1.3 / 1.4
def test_e1_31_and_e1_32_concealment_at_night() -> None:
    lost, events = loses_concealment(non_assault_in_illuminated=True, entered_enemy_location=False)
    assert lost and events[0].rule == "E1.31" and "Illuminated" in events[0].cause
    assert loses_concealment(non_assault_in_illuminated=False, entered_enemy_location=True)[0]
    assert not loses_concealment(non_assault_in_illuminated=False, entered_enemy_location=False)[0]
    assert concealment_gain(True).cause == 'gains "?" automatically at night (no dr)'


def test_e1_42_cloaking_counter_mf_and_portage() -> None:
    # "A Cloaking counter has six MF, regardless of its contents. These MF cannot be increased by
    # any method except road (B3.4) or downhill ski (4.31) bonus. A Cloaking counter can portage
    # four- or five- PP SW as if they were three-PP SW"
    assert cloaking_mf()[0] == 6
    assert cloaking_mf(1)[0] == 7 and cloaking_mf(1)[1][-1].cause == "road bonus (B3.4)"
    with pytest.raises(RulesError, match="E1.42"):
        cloaking_mf(2, bonus_from="leader")
    assert [portage_pp(p) for p in (1, 2, 3, 4, 5)] == [1, 2, 3, 3, 3]
    assert cloaking_allotment(7) == 7  # E1.411: one per squad (or its equivalent)


# ---------------------------------------------------------------------- E1.55 table
# "2: Closest DEFENDER Jitter Fires / 4: ... unless Stealthy / 6: ... unless Stealthy or Normal /
# 8: Moving unit(s) Jitter Fires unless Cloaked, Stealthy or Normal / 10: ... unless Cloaked or
# Stealthy / 12: Moving unit(s) Jitter Fires"
TABLE = {  # total -> {class: who fires (uncloaked), ...}
    2: {"Stealthy": "defender", "Normal": "defender", "Lax": "defender"},
    4: {"Stealthy": None, "Normal": "defender", "Lax": "defender"},
    6: {"Stealthy": None, "Normal": None, "Lax": "defender"},
    8: {"Stealthy": None, "Normal": None, "Lax": "mover"},
    10: {"Stealthy": None, "Normal": "mover", "Lax": "mover"},
    12: {"Stealthy": "mover", "Normal": "mover", "Lax": "mover"},
}


@pytest.mark.parametrize("total", sorted(TABLE))
def test_e1_55_jitter_fire_table_rows_by_class(total: int) -> None:
    assert sorted(jitter_table()) == [2, 4, 6, 8, 10, 12]
    for cls in CLASSES:
        who, events = jitter_fire(total, cls, cloaked=False)
        assert who == TABLE[total][cls], (total, cls)
        assert events[0].rule == "E1.55" and events[0].cause.startswith(f"Doubles {total}: ")
        cloaked, _ = jitter_fire(total, cls, cloaked=True)
        # Cloaked protects only where the table says so (8 and 10)
        assert cloaked == (None if total in (8, 10) else TABLE[total][cls])


def test_e1_55_no_jitter_fire_before_the_first_attack_gunflash() -> None:
    # "Jitter Fire cannot occur in a scenario until at least one Gunflash has been placed due to
    # an attack vs an enemy unit."
    g = new_game(night(), "j", [unit("D", "Axis", "13K5"), straying(hex="13I5", night_class="Lax"),
                                {"type": "dice", "values": [1, 1]}])
    assert g.waiting_for() is None and g.state.outcomes[-1]["jitter"] is None
    assert "no Gunflash has yet been placed due to an attack vs an enemy unit: no Jitter Fire" in causes(g, "E1.55")[0]
    # the same Doubles once a Gunflash is on the map: the Closest DEFENDER must Jitter Fire
    g = new_game(night(), "j", [unit("D", "Axis", "13K5"), GUNFLASH, straying(hex="13I5", night_class="Lax"),
                                {"type": "dice", "values": [1, 1]}])
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.551"
    # the players may overrule what the game records
    g = new_game(night(), "j", [GUNFLASH, straying(jitter="no"), {"type": "dice", "values": [1, 1]}])
    assert g.state.outcomes[-1]["jitter"] is None


def test_e1_55_a_gunflash_placed_earlier_still_counts_after_its_counter_is_gone() -> None:
    g = new_game(night(), "j", [{"type": "start", "procedure": "asl.gunflash", "params": {"hex": "13C3", "side": "Axis"}},
                                {"type": "advance", "phase": "RPh"}])
    assert not any(mk.kind == "Gunflash" for mk in g.state.counters.markers)  # removed at the end of the CCPh
    g.apply(straying(closest="the 8-3-8", night_class="Lax"))
    g.apply({"type": "dice", "values": [1, 1]})  # 2: the Closest DEFENDER Jitter Fires, whatever its class
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.551" and "the 8-3-8" in p.label


def test_e1_55_the_attack_gunflash_condition_enables_jitter_fire() -> None:
    g = new_game(night(), "j")
    assert not g.state.conditions.get(ATTACK_GUNFLASH)
    from dataclasses import replace

    from airhead.asl.e1.night_movement import jitter_possible
    assert not jitter_possible(g.state)
    assert jitter_possible(replace(g.state, conditions={ATTACK_GUNFLASH: True}))


# ---------------------------------------------------------------------- E1.53 Straying
def test_e1_53_colored_six_strays_and_others_do_not() -> None:
    # "If the colored dr of the Movement DR is a 6, that unit/ [stack strays]"
    g = new_game(night(), "s", [straying(unit="4-6-7", hex="13I5"), {"type": "dice", "values": [6, 2]}])
    assert g.state.outcomes[-1]["strays"] is True
    assert causes(g, "E1.53")[-1].startswith("colored 6: it strays (how a Straying Mover moves is in your rulebook")
    assert any(e.rule == "E1.532" for e in g.events())
    g = new_game(night(), "s", [straying(unit="4-6-7"), {"type": "dice", "values": [5, 6]}])
    assert g.state.outcomes[-1]["strays"] is False and causes(g, "E1.53")[-1] == "colored 5: it does not stray"
    assert g.system.procedure("asl.straying").summary(g.state.outcomes[-1]) == "4-6-7 does not stray."


def test_e1_53_the_movement_dr_says_its_delta_mark() -> None:
    # "must first make a Movement DR (Δ)": the rule text Airhead has does not say what Δ means, so
    # the DR is read as rolled, and the prompt, the log and the odds say so rather than drop it
    g = new_game(night(), "s", [straying(unit="4-6-7", hex="13I5")])
    p = g.waiting_for()
    assert p is not None and p.label == "Movement DR (Δ) for 4-6-7 in 13I5"
    g.apply({"type": "dice", "values": [5, 6]})
    assert "Movement DR read as rolled (the rule marks it Δ: apply what Δ means in your rulebook)" in causes(g, "E1.53")
    proc = g.system.procedure("asl.straying")
    odds = proc.odds(g.state, proc.read(g.state, {}))
    assert any("marks it Δ" in n for n in odds.notes)


def test_e1_533_berserk_and_e1_531_exceptions_make_no_movement_dr() -> None:
    g = new_game(night(), "s", [straying(subject="berserk: not subject to Straying (E1.533)")])
    assert g.waiting_for() is None and g.state.outcomes[-1]["exempt"]
    assert causes(g, "E1.533") == ["moving stack: a berserk unit is always Lax but is not subject to Straying: no Movement DR"]


def test_e1_551_closest_defender_fires_and_is_marked_with_a_gunflash() -> None:
    # the nearest occupied hex; a broken unit nearer does not count (Good Order units only)
    g = new_game(night(), "c", [
        unit("B", "Axis", "13I6", status=["broken"]), unit("D", "Axis", "13L5"), unit("F", "Allied", "13I4"), GUNFLASH,
        straying(unit="4-4-7", hex="13I5", night_class="Lax"), {"type": "dice", "values": [2, 2]},
    ])
    assert causes(g, "E1.551")[-1] == "Closest DEFENDER: D in 13L5, 3 hexes away"
    g.apply({"type": "choose", "choice": "they Jitter Fire"})
    out = g.state.outcomes[-1]
    assert out["jitter"] == "defender" and out["firer"] == "13L5"
    flashes = [mk for mk in g.state.counters.markers if mk.kind == "Gunflash" and mk.id != "GF"]
    assert [(M.name(mk.hex), mk.side, mk.rule, mk.expires) for mk in flashes if mk.hex] == [("13L5", "Axis", "E1.552", "CCPh")]
    assert "no effect on anyone other than the firer" in causes(g, "E1.552")[0]


def test_e1_551_equidistant_hexes_are_the_attackers_choice_and_exemptions() -> None:
    g = new_game(night(), "c", [unit("D1", "Axis", "13K5"), unit("D2", "Axis", "13G5"), GUNFLASH,
                                straying(hex="13I5", night_class="Lax"), {"type": "dice", "values": [1, 1]}])
    p = g.waiting_for()
    assert p is not None and p.options == ("13G5", "13K5")
    g.apply({"type": "choose", "choice": "13G5"})
    assert causes(g, "E1.551")[-1] == "Closest DEFENDER: D2 in 13G5, 2 hexes away"
    g.apply({"type": "choose", "choice": "none of them can Jitter Fire (E1.551 exemptions)"})
    assert g.state.outcomes[-1]["jitter"] is None
    assert [mk.id for mk in g.state.counters.markers] == ["GF"]


def test_e1_551_a_dummy_cloaking_counter_that_must_jitter_fire_is_eliminated() -> None:
    g = new_game(night(), "d", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "C", "hex": "13I5"}},
        GUNFLASH, straying(unit="Cloaking C", hex="13I5", cloaked=True, night_class="Lax"),
        {"type": "dice", "values": [6, 6]},  # 12: Moving unit(s) Jitter Fires, Cloaked or not
    ])
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.551"
    g.apply({"type": "choose", "choice": "a Dummy: eliminated (E1.551)"})
    assert g.state.counters.unit("Cloaking C") is None
    assert g.state.outcomes[-1]["dummy_eliminated"] and g.state.outcomes[-1]["strays"]


def test_e1_55_on_2_4_6_the_closest_defenders_own_class_decides_each_unit() -> None:
    # "4: Closest DEFENDER Jitter Fires unless Stealthy": the class is the Closest DEFENDER's (the
    # unit that would fire), read from the units on the map (E1.6): a Good Order SMC is Stealthy
    # (1.61), a Good Order MMC Normal (1.63); "If more than one applicable unit is able to Jitter
    # Fire, all such applicable units are affected" (1.551): each unit by its own class
    where = [unit("L", "Axis", "13K5", kind="leader"), unit("S", "Axis", "13K5"), GUNFLASH]
    g = new_game(night(), "c", where + [straying(hex="13I5", night_class="Stealthy"), {"type": "dice", "values": [2, 2]}])
    assert "Doubles 4: Closest DEFENDER Jitter Fires unless Stealthy; L is Stealthy: no Jitter Fire" in causes(g, "E1.55")
    assert "Doubles 4: Closest DEFENDER Jitter Fires unless Stealthy; S is Normal: it Jitter Fires" in causes(g, "E1.55")
    assert "L: a Good Order SMC is Stealthy" in causes(g, "E1.61") and "S: a Good Order MMC: Normal" in causes(g, "E1.63")
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.551" and "Can S in 13K5 Jitter Fire?" in p.label  # the Stealthy mover does not matter
    g.apply({"type": "choose", "choice": "they Jitter Fire"})
    assert g.state.outcomes[-1]["firers"] == ["S"] and g.state.outcomes[-1]["firer"] == "13K5"
    # 6: "unless Stealthy or Normal": neither fires, whatever the moving unit's class
    g = new_game(night(), "c", where + [straying(hex="13I5", night_class="Lax"), {"type": "dice", "values": [3, 3]}])
    assert g.waiting_for() is None and g.state.outcomes[-1]["jitter"] is None
    assert causes(g, "E1.55")[-1] == "no unit of L, S in 13K5 Jitter Fires"


def test_e1_55_on_8_10_12_the_moving_units_class_comes_from_the_map() -> None:
    # "10: Moving unit(s) Jitter Fires unless Cloaked or Stealthy": a Commando is Stealthy (1.61)
    acts = [unit("C", "Allied", "13I5"), GUNFLASH]
    ranger = {"type": "edit", "op": "unit", "id": "R", "side": "Allied", "kind": "squad", "hex": "13I5", "label": "Ranger 6-6-7"}
    g = new_game(night(), "m", [ranger, GUNFLASH, straying(unit="Ranger 6-6-7", night_class="Lax", side="Allied"),
                                {"type": "dice", "values": [5, 5]}])
    assert "Ranger 6-6-7: Ranger is Stealthy" in causes(g, "E1.61")
    assert g.state.outcomes[-1]["jitter"] is None and g.state.outcomes[-1]["hex"] == "13I5"  # its hex from the map too
    g = new_game(night(), "m", acts + [straying(unit="C", night_class="Stealthy", side="Allied"), {"type": "dice", "values": [5, 5]}])
    assert g.state.outcomes[-1]["jitter"] == "mover"  # the map's Normal squad, not the form's Stealthy


def test_e1_551_a_cloaking_counter_can_be_the_closest_defender_and_a_dummy_so_chosen_is_eliminated() -> None:
    # the Scenario Attacker (Allied, who moves first) has Cloaking C in 13K5; an Axis unit strays on
    # Doubles 6 ("unless Stealthy or Normal"): Cloaking C's class is its side's Majority Squad Type
    cloak = {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "C", "hex": "13K5"}}
    lax = new_game(night(), "d", [cloak, GUNFLASH, straying(hex="13I5", side="Axis", majority="Lax"),
                                  {"type": "dice", "values": [3, 3]}])
    assert "Cloaking C is a Cloaking counter: its class is its side's Majority Squad Type, Lax" in causes(lax, "E1.551")
    p = lax.waiting_for()
    assert p is not None and p.label == "Cloaking C is a Cloaking counter that must Jitter Fire: what does it hold?"
    lax.apply({"type": "choose", "choice": "a Dummy: eliminated (E1.551)"})
    assert lax.state.counters.unit("Cloaking C") is None and lax.state.outcomes[-1]["dummy_eliminated"]
    assert lax.state.outcomes[-1]["jitter"] is None and [mk.id for mk in lax.state.counters.markers] == ["GF"]
    # with a Lax (Inexperienced) squad beside it: the Dummy goes, the squad still Jitter Fires
    both = new_game(night(), "d", [cloak, unit("S", "Allied", "13K5", status=["inexperienced"]), GUNFLASH,
                                   straying(hex="13I5", side="Axis", majority="Lax"), {"type": "dice", "values": [3, 3]},
                                   {"type": "choose", "choice": "a Dummy: eliminated (E1.551)"},
                                   {"type": "choose", "choice": "they Jitter Fire"}])
    out = both.state.outcomes[-1]
    assert out["firers"] == ["S"] and out["dummy_eliminated"] and both.state.counters.unit("Cloaking C") is None
    assert both.system.procedure("asl.straying").summary(out) == (
        "moving stack does not stray; a Dummy Cloaking counter, eliminated by Jitter Fire; the Closest DEFENDER Jitter "
        "Fires from 13K5.")
    normal = new_game(night(), "d", [cloak, GUNFLASH, straying(hex="13I5", side="Axis", majority="Normal"),
                                     {"type": "dice", "values": [3, 3]}])
    assert normal.waiting_for() is None and normal.state.counters.unit("Cloaking C") is not None


def test_e1_55_only_a_gunflash_due_to_an_attack_vs_an_enemy_unit_lets_jitter_fire_occur() -> None:
    # "Jitter Fire cannot occur in a scenario until at least one Gunflash has been placed due to an
    # attack vs an enemy unit": each Gunflash records its cause; Kindling, fire not vs an enemy unit
    # and a Jitter Fire Gunflash (E1.552: no effect on anyone other than the firer) do not count
    def flash(**p: Any) -> dict[str, Any]:
        return {"type": "start", "procedure": "asl.gunflash", "params": {"hex": "13C3", "side": "Axis", **p}}

    after = [unit("D", "Axis", "13K5"), straying(hex="13I5", side="Allied"), {"type": "dice", "values": [1, 1]}]
    for first, on in (([flash()], True), ([flash(cause="Kindling")], False), ([flash(vs_enemy=False)], False),
                      ([flash(cause="CC")], True)):
        g = new_game(night(e1_fires_allowed=True), "g", first + after)  # E1.94: Kindling at night by SSR
        assert (g.waiting_for() is not None) == on, first
        assert g.state.outcomes[0]["cause"] == first[0]["params"].get("cause", "fire")
        assert g.state.outcomes[0]["attack"] is on
    jitter = new_game(night(), "g", [unit("D", "Axis", "13K5"), straying(hex="13I5", side="Allied", jitter="yes"),
                                     {"type": "dice", "values": [1, 1]}, {"type": "choose", "choice": "they Jitter Fire"}])
    assert [mk.rule for mk in jitter.state.counters.markers] == ["E1.552"]
    for action in after[1:]:
        jitter.apply(action)
    assert jitter.waiting_for() is None and "no Gunflash has yet been placed due to an attack" in causes(jitter, "E1.55")[-1]


def test_movement_dr_odds_follow_the_closest_defender_on_the_map() -> None:
    # the odds enumerate the procedure with a Stealthy leader and a Normal squad in the Closest hex
    base = [unit("L", "Axis", "13K5", kind="leader"), unit("S", "Axis", "13K5"), GUNFLASH]
    proc = new_game(night(), "o").system.procedure("asl.straying")
    for leader_only in (False, True):
        acts = base[:1] + base[2:] if leader_only else base
        g = new_game(night(), "o", acts)
        odds = proc.odds(g.state, proc.read(g.state, {"night_class": "Lax", "hex": "13I5", "side": "Allied"}))
        table = dict(odds.tables[0].rows)
        defender = 0
        for d in range(1, 7):
            played = new_game(night(), "o", acts + [straying(hex="13I5", side="Allied", night_class="Lax"),
                                                    {"type": "dice", "values": [d, d]}])
            p = played.waiting_for()
            defender += p is not None and p.rule == "E1.551" and "Can " in p.label
        assert table["the Closest DEFENDER Jitter Fires"] == pytest.approx(defender / 36)
        assert defender == (1 if leader_only else 2)  # the Stealthy leader fires only on 2; the squad on 2 and 4


def test_movement_dr_odds_are_the_enumeration_of_the_procedure() -> None:
    for cls in CLASSES:
        for cloaked in (False, True):
            counts = {"strays": 0, "defender": 0, "mover": 0}
            for c in range(1, 7):
                for w in range(1, 7):
                    g = new_game(night(), "o", [GUNFLASH, straying(night_class=cls, cloaked=cloaked, closest="the 8-3-8"),
                                                {"type": "dice", "values": [c, w]}])
                    steps = [e for e in g.events() if e.rule == "E1.53" and e.kind == "result"]
                    counts["strays"] += steps[-1].cause.startswith("colored 6")
                    p = g.waiting_for()
                    if p is not None and p.rule in ("E1.551", "E1.6"):  # 4 and 6: the typed DEFENDER's class is asked
                        counts["defender" if "Closest DEFENDER" in p.label or "8-3-8" in p.label else "mover"] += 1
                    elif g.state.outcomes and g.state.outcomes[-1].get("jitter") == "mover":
                        counts["mover"] += 1
            odds = movement_odds(cls, cloaked, True)
            assert odds["strays"] == Fraction(counts["strays"], 36) == Fraction(1, 6)
            assert odds["defender"] == Fraction(counts["defender"], 36), (cls, cloaked)
            assert odds["mover"] == Fraction(counts["mover"], 36), (cls, cloaked)
    assert movement_odds("Lax", False, True)["jitter"] == Fraction(6, 36)  # every Doubles
    assert movement_odds("Lax", True, True)["jitter"] == Fraction(4, 36)  # Cloaked: not on 8 or 10
    # 2, 4 and 6 by the Closest DEFENDER's class: not known here, counted as Jitter Fire
    assert movement_odds("Stealthy", False, True)["jitter"] == Fraction(4, 36)
    assert movement_odds("Stealthy", False, True, (("D", "Stealthy", False),))["jitter"] == Fraction(2, 36)
    assert movement_odds("Lax", False, False)["jitter"] == 0


def test_straying_odds_panel() -> None:
    g = new_game(night(), "o", [GUNFLASH])
    proc = g.system.procedure("asl.straying")
    odds = proc.odds(g.state, proc.read(g.state, {"night_class": "Normal"}))
    facts = {f.key: f.value for f in odds.facts}
    # 2, 4, 6 (the Closest DEFENDER, not on the map: counted) and 10, 12 (the Normal mover)
    assert facts["strays"] == "16.7%" and facts["jitter"] == "13.9%"
    assert "On 2, 4 and 6 the Closest DEFENDER is not on the map: those rows are counted as Jitter Fire." in odds.notes
    assert movement_dr(2, 2, "Normal", False, True).jitter == "defender"
    # with the Closest DEFENDER on the map, its class: a Normal squad fires on 2 and 4, not 6
    g = new_game(night(), "o", [GUNFLASH, unit("D", "Axis", "13K5")])
    odds = proc.odds(g.state, proc.read(g.state, {"night_class": "Normal", "hex": "13I5", "side": "Allied"}))
    facts = {f.key: f.value for f in odds.facts}
    assert facts["jitter"] == "11.1%" and "On 2, 4 and 6: the Closest DEFENDER in 13K5: D Normal." in odds.notes


# ---------------------------------------------------------------------- E1.4 Cloaking, sealed
def test_e1_41_cloaking_contents_are_sealed_and_revealed_when_cloaking_is_lost() -> None:
    plan = {"cloaking": "A", "contents": [{"name": "6-6-7", "kind": "squad", "pp": 0, "dm": False},
                                          {"name": "MMG", "kind": "SW", "pp": 4, "dm": True}]}
    sealed = seal(plan)
    g = new_game(night(), "c", [
        {"type": "seal", "side": "Allied", "label": "Cloaking A contents", "code": sealed.code},
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "A", "hex": "13I5"}},
    ])
    u = g.state.counters.unit("Cloaking A")
    assert u is not None and u.kind == "cloaking" and M.name(u.hex) == "13I5" and "sealed" in u.status  # type: ignore[arg-type]
    assert any("its contents are sealed" in c for c in causes(g, "E1.41"))
    assert not any("6-6-7" in line for line in g.log_lines())  # nothing of the contents is shown
    g.apply({"type": "start", "procedure": "asl.cloaking_lost",
             "params": {"letter": "A", "cause": "entered an enemy-occupied Location in the MPh"}})
    with pytest.raises(ActionError, match="still sealed"):
        g.apply({"type": "choose", "choice": "contents revealed"})
    bogus = seal(dict(plan, contents=[]))
    g.apply({"type": "reveal", "side": "Allied", "label": "Cloaking A contents", "plan": bogus.plan, "salt": bogus.salt})
    with pytest.raises(ActionError, match="still sealed"):  # a reveal that does not match does not count
        g.apply({"type": "choose", "choice": "contents revealed"})
    g.apply({"type": "reveal", "side": "Allied", "label": "Cloaking A contents", "plan": sealed.plan, "salt": sealed.salt})
    g.apply({"type": "choose", "choice": "contents revealed"})
    assert g.state.counters.unit("Cloaking A") is None
    placed = [(u.label, u.kind, M.name(u.hex)) for u in g.state.counters.units if u.hex]
    assert placed == [("6-6-7", "squad", "13I5"), ("MMG", "SW", "13I5")]
    assert any(e.rule == "E1.42" and "cannot be fired in the Player Turn" in e.cause for e in g.events())
    assert causes(g, "E1.31")[0].startswith("Cloaking A in 13I5 loses Cloaked status")
    # E1.422 "All units represented by a single Cloaking counter always move/" (cut where it starts)
    assert causes(g, "E1.422") == ["stacking: 'All units represented by a single Cloaking counter always move…' — the rest "
                                   "is in your rulebook: players decide"]
    # E1.43: once removed, a Cloaking counter cannot be regained
    with pytest.raises(ActionError, match="E1.43"):
        g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"letter": "A", "hex": "13I5"}})


def test_e1_4_only_the_scenario_attacker_and_not_aerial_landings_and_the_allotment() -> None:
    g = new_game(night(), "c")
    with pytest.raises(ActionError, match=r"E1.4: only the Scenario Attacker \(Allied\)"):
        g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"side": "Axis"}})
    g2 = new_game(night(e1_scenario_attacker="the other side"), "c",
                  [{"type": "start", "procedure": "asl.cloaking", "params": {"side": "Axis"}}])
    assert g2.state.counters.unit("Cloaking A") is not None
    with pytest.raises(ActionError, match="E1.41"):
        g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"aerial": True}})
    g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"letter": "A", "squads": 1}})
    with pytest.raises(ActionError, match="E1.411"):
        g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "squads": 1}})


def test_e1_72_and_dummy_losses() -> None:
    g = new_game(night(), "c", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13C3",
                                                                   "contents": [{"name": "4-5-8"}]}},
        {"type": "start", "procedure": "asl.cloaking_lost", "params": {"letter": "B", "cause": "an effective Sniper attack (dr 1 or 2)"}},
    ])
    assert [u.label for u in g.state.counters.units] == ["4-5-8"]
    assert any(e.rule == "E1.72" for e in g.events())
    g = new_game(night(), "c", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "D"}},
        {"type": "start", "procedure": "asl.cloaking_lost", "params": {"letter": "D", "cause": "a Dummy its owner eliminates"}},
    ])
    assert g.state.counters.units == () and g.state.outcomes[-1]["dummy"]


def test_e1_421_involuntarily_revealed_units_revert_to_their_normal_mf_minus_the_mf_spent() -> None:
    # E1.421: "When involuntarily revealed, Cloaked units are placed on board and must immediately
    # revert to their normal MF allotments for any future movement undertaken in that MPh minus any
    # MF already expended in that MPh, but with no extra penalty if they had already exceeded such"
    from playing import at

    def lose(cause: str, phase: list[dict[str, Any]]) -> list[str]:
        g = new_game(night(), "c", [*phase, {"type": "start", "procedure": "asl.cloaking",
                                             "params": {"letter": "B", "hex": "13C3", "contents": [{"name": "4-5-8"}]}}])
        g.apply({"type": "start", "procedure": "asl.cloaking_lost", "params": {"letter": "B", "cause": cause}})
        return causes(g, "E1.421")

    said = ("involuntarily revealed: for any further movement in this MPh they revert at once to their normal MF "
            "allotments minus the MF already expended in it, with no extra penalty if they had already exceeded them (E1.51)")
    assert lose("entered an enemy-occupied Location in the MPh", at("MPh", 0)) == [said]
    assert lose("an effective Sniper attack (dr 1 or 2)", at("MPh", 0)) == [said]
    assert lose("made an attack other than a successful Ambush", at("MPh", 0)) == []  # its own choice
    assert lose("an effective Sniper attack (dr 1 or 2)", at("DFPh", 0)) == []  # no more movement in an MPh
    assert lose("another loss of concealment at night (players decide)", at("MPh", 0)) == [
        said + " — if the players judge this loss involuntary"]


def test_e1_56_recovery_and_e1_54_routing() -> None:
    drm, events = recovery_drm(True)
    assert drm == 1 and events[0].rule == "E1.56"
    assert recovery_drm(False) == (0, [])
    assert all(e.rule == "E1.54" for e in routing_at_night())


def test_e1_411_the_allotment_counts_counters_not_the_records_of_their_moves() -> None:
    # "one Cloaking counter per squad (or equivalent) in the starting OB": moving A through the
    # Cloaking procedure is still one counter (#41 item 4)
    g = new_game(night(), "c", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "A", "hex": "13C3", "squads": 2}},
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "A", "hex": "13D3", "squads": 2}},
    ])
    assert g.state.outcomes[-1]["moved"] is True
    g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13I5", "squads": 2}})
    assert g.state.counters.unit("Cloaking B") is not None
    with pytest.raises(ActionError, match="E1.411: .* Allied has 2, and 2 are placed"):
        g.apply({"type": "start", "procedure": "asl.cloaking", "params": {"letter": "C", "squads": 2}})


def test_e1_41_cloaking_keeps_its_contents_through_moves_and_a_sniper_reveal() -> None:
    # E1.41: the contents recorded when it is placed; E1.72: a Sniper reveals them, even after a move
    g = new_game(night(), "c", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13C3",
                                                                   "contents": [{"name": "4-6-7"}]}},
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13D3"}},  # it moves
        {"type": "start", "procedure": "asl.sniper_cloaking", "params": {"letter": "B"}},
        {"type": "dice", "values": [1]},
    ])
    assert "E1.41: its contents stay as recorded when it was placed" in [f"{e.rule}: {e.cause}" for e in g.entries[1].events]
    assert [(u.label, M.name(u.hex)) for u in g.state.counters.units] == [("4-6-7", "13D3")]  # type: ignore[arg-type]
    assert g.state.outcomes[-1]["dummy"] is False
    h = new_game(night(), "c", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13C3",
                                                                   "contents": [{"name": "4-6-7"}]}}])
    with pytest.raises(ActionError, match="E1.41: the contents of Cloaking B were recorded when it was placed"):
        h.apply({"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13D3",
                                                                          "contents": [{"name": "8-3-8"}]}})


def test_e1_94_fires_at_night_only_by_ssr_and_the_kindler_loses_its_concealment() -> None:
    # "Fires may not be deliberately set at night unless allowed by SSR. Any attempt to Kindle a
    # Fire automatically causes loss of the Kindler's concealment and a Gunflash if within the LOS
    # of any Good Order enemy ground unit - regardless of range." (#41 item 5)
    kindle = {"type": "start", "procedure": "asl.gunflash", "params": {"hex": "13C3", "side": "Axis", "cause": "Kindling"}}
    g = new_game(night(), "k")
    with pytest.raises(ActionError, match="^E1.94: Fires may not be deliberately set at night unless allowed by SSR"):
        g.apply(kindle)
    ok = new_game(night(e1_fires_allowed=True), "k", [kindle])
    lines = [f"{e.rule}: {e.cause}" for e in ok.entries[-1].events]
    assert "E1.94: the scenario's SSR allows Fires to be deliberately set at night" in lines
    assert "E1.94: the Kindler in 13C3 loses its concealment (the attempt is within the LOS of a Good Order enemy ground " \
           "unit): remove its \u201c?\u201d" in lines
    assert [m.kind for m in ok.state.counters.markers] == ["Gunflash"]
    unseen = new_game(night(e1_fires_allowed=True), "k", [{**kindle, "params": {**kindle["params"], "in_enemy_los": False}}])
    assert not any("concealment" in e.cause for e in unseen.entries[-1].events) and not unseen.state.counters.markers
