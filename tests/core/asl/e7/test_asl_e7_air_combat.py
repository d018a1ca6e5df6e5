"""ASL E7.22–E7.24 Aerial Combat: the seed's EX step by step through the game, each rule quoted,
and the odds checked against playing every DR through the procedure."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airhead.asl.e7.air_support import (
    Aircraft,
    aerial_combat_drms,
    aircraft_of,
    attack_odds,
    combat_rof,
    damage_recall,
    from_unit,
    jettison,
    may_enter_combat,
    may_opt_recall_mg,
    resolve_attack,
    rof_chain_odds,
    victory_points,
    write_aircraft,
)
from airhead.boards import HexMap
from airhead.counters import Counters, Unit
from airhead.errors import ActionError, RulesError
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

B4 = HexMap.asl([["4"]])
SC = Scenario("E7 example", "asl", B4, Terrain({}), {"weather": "Clear", "sides": ["British", "German"]})
CCPH: dict[str, Any] = {"type": "advance", "phase": "CCPh"}


def plane(name: str, side: str, kind: str = "FB", target: str = "", **flags: bool) -> dict[str, Any]:
    return {"name": name, "side": side, "type": kind, "target": target, **flags}


#: "Two British FB with no bombs are placed on top of three bomb-laden Stukas during the British
#: CCPh. The British player designates that his planes will attack separate targets."
EX_PLANES = [
    plane("FB 1", "British", target="Stuka A"),
    plane("FB 2", "British", target="Stuka B"),
    plane("Stuka A", "German", "Stuka", "FB 1", bombs=True),
    plane("Stuka B", "German", "Stuka", "FB 2", bombs=True),
    plane("Stuka C", "German", "Stuka", "FB 2", bombs=True),
]


def start_ex() -> Any:
    g = new_game(SC, "e7", [CCPH])
    g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": EX_PLANES}})
    return g


def mods(events: list[Any]) -> list[tuple[int, str]]:
    return [(e.value, e.cause) for e in events if e.kind == "modifier"]


def results(events: list[Any]) -> list[str]:
    return [f"{e.rule} {e.cause}" for e in events if e.kind == "result"]


def test_e7_22_example_fully_step_by_step() -> None:
    g = start_ex()
    assert g.state.describe_turn() == "Game Turn 1, British Player Turn: Close Combat Phase (CCPh)"
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.221" and p.label == "Aerial Combat DR (attack): FB 1 attacks Stuka A"

    # "The first British plane rolls an Original 7 DR (with 1 on the colored dr), resulting in a
    # Final DR of 5 (7 - 1 [target is not a FB] - 1 [target has bombs] = 5) which Damages Stuka A."
    evs = g.apply({"type": "dice", "values": [1, 6]})
    assert mods(evs) == [(-1, "Target is not a FB"), (-1, "Target has bombs")]
    assert "E7.221 Final DR 5: Stuka A is Damaged (Wound counter)" in results(evs)
    # "Having retained his ROF, the FB attacks again - choosing to attack the Damaged Stuka A again"
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.222"
    assert p.options == ("attack Stuka A", "attack Stuka B", "attack Stuka C", "no further attack")
    g.apply({"type": "choose", "choice": "attack Stuka A"})
    # "... to receive an additional -1 DRM, and rolls an Original 8 for a Final DR of 5 which
    # eliminates Stuka A."
    evs = g.apply({"type": "dice", "values": [2, 6]})
    assert mods(evs) == [(-1, "Target is Damaged"), (-1, "Target is not a FB"), (-1, "Target has bombs")]
    assert "E7.226 Final DR 5: Stuka A was already Damaged, so it is eliminated" in results(evs)
    assert any(e.rule == "E7.23" and "Stuka A is shot down" in e.cause for e in evs)
    # "Having retained his ROF yet again, the FB now attacks Stuka C but rolls a 12, thereby
    # disabling his MG and giving Stuka C a Recall Option."
    p = g.waiting_for()
    assert p is not None and p.options == ("attack Stuka B", "attack Stuka C", "no further attack")
    g.apply({"type": "choose", "choice": "attack Stuka C"})
    evs = g.apply({"type": "dice", "values": [6, 6]})
    rs = results(evs)
    assert "E7.223 Original 12: FB 1's MG malfunction (MG Disabled counter); it may still bomb" in rs
    assert "E7.224 attacked by a Final DR 10 ≥ 10: Stuka C may accept Recall at the end of this CCPh" in rs
    # "... is unable to do so now because his initial attack was predesignated against Stuka B.
    # He must attack Stuka B at least once before switching targets to Stuka C."
    p = g.waiting_for()
    assert p is not None and p.kind == "roll" and p.label == "Aerial Combat DR (attack): FB 2 attacks Stuka B"
    # "However, his Original Aerial Combat DR is a 9, resulting in no effect and failure to
    # retain his ROF."
    evs = g.apply({"type": "dice", "values": [3, 6]})
    assert "E7.221 Final DR 7: no effect on Stuka B" in results(evs)
    assert any(e.rule == "E7.222" and "FB 2 loses its ROF" in e.cause for e in evs)
    # "The German may now return fire with the two surviving Stukas but is subject to a +2 DRM to
    # both attacks, and his Original DR of 4 and 7 fail to have any effect."
    p = g.waiting_for()
    assert p is not None and p.label == "Aerial Combat DR (return fire): Stuka B attacks FB 2"
    evs = g.apply({"type": "dice", "values": [1, 3]})
    assert mods(evs) == [(1, "Firer is Stuka"), (1, "Firer has bombs")]
    assert "E7.221 Final DR 6: no effect on FB 2" in results(evs)
    p = g.waiting_for()
    assert p is not None and p.label == "Aerial Combat DR (return fire): Stuka C attacks FB 2"
    evs = g.apply({"type": "dice", "values": [3, 4]})
    assert sum(v for v, _ in mods(evs)) == 2
    assert "E7.221 Final DR 9: no effect on FB 2" in results(evs)
    # "The British player, because he is not opposed by FB, may leave Melee but chooses not to."
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and "Your rulebook has the rest of this rule" in p.label and "British" in p.label
    g.apply({"type": "choose", "choice": "stay in Melee"})
    # "Instead he Recalls only the FB with the Disabled MG."
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.223" and "FB 1" in p.label
    g.apply({"type": "choose", "choice": "accept Recall"})
    # "The German chooses not to Recall Stuka C" (the German, opposed by a FB, may not leave)
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.224" and "Stuka C" in p.label
    evs = g.apply({"type": "choose", "choice": "no Recall"})
    assert g.waiting_for() is None
    rs = results(evs)
    assert any(r.startswith("E7.24 FB 1 is Recalled: removed from play at the end of the CCPh") for r in rs)
    assert "E7.23 British earns 2 Victory Points for aircraft shot down" in rs
    # "... the CC counter is flipped to the Melee side": statuses back on the counters
    left = {a.name: a for a in aircraft_of(g.state.counters)}
    assert sorted(left) == ["FB 2", "Stuka B", "Stuka C"]
    assert all(a.melee and not a.recall for a in left.values())
    assert left["Stuka B"].bombs and left["Stuka B"].type == "Stuka" and not left["FB 2"].bombs
    out = g.state.outcomes[-1]
    assert out["vp"] == {"British": 2, "German": 0} and out["melee"]
    assert ("Aerial combat: shot down: Stuka A; Recalled: FB 1; the Dogfight goes on in Aerial Melee."
            " FB 2, Stuka B, Stuka C: no counter on the map, added off the map.") == \
        g.state.system.procedure("asl.aerial_combat").summary(out)
    # every line of the procedure cites an E7 rule
    log = g.log_lines()
    mine = [x for x in log[2:] if x.startswith("    ") and "begin Aerial combat" not in x]
    assert len(mine) > 30 and all(x.startswith("    E7.2") for x in mine), log


def test_the_example_replays_identically_and_its_planes_come_from_the_counters() -> None:
    # the planes placed on the counters (as the arrival procedure or an edit does) fill the form
    g = new_game(SC, "e7", [CCPH])
    for name, side, flags in (("FB 1", "British", []), ("Stuka A", "German", ["Stuka", "bombs"])):
        g.apply({"type": "edit", "op": "unit", "id": name, "side": side, "kind": "aircraft", "status": flags, "hex": "4E5"})
    proc = g.state.system.procedure("asl.aerial_combat")
    d = proc.defaults(g.state)
    assert d["attacker"] == "British"
    assert [(p["name"], p["type"], p["bombs"]) for p in d["planes"]] == [("FB 1", "FB", False), ("Stuka A", "Stuka", True)]
    d["planes"][0]["target"], d["planes"][1]["target"] = "Stuka A", "FB 1"
    g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": d})
    g.apply({"type": "dice", "values": [3, 1]})  # Original 4, Final 2: Stuka A eliminated
    assert g.waiting_for() is None
    assert [a.name for a in aircraft_of(g.state.counters)] == ["FB 1"]
    assert not aircraft_of(g.state.counters)[0].melee  # no enemy left: no Melee
    again = new_game(SC, "e7", g.actions)
    assert again.log_lines() == g.log_lines()


# --------------------------------------------------------------------- each rule, quoted
FB = Aircraft("fb", "British", "FB")
STUKA = Aircraft("st", "German", "Stuka", bombs=True)


def test_e7_22_only_an_undamaged_fb_enters_voluntarily() -> None:
    # "Only an undamaged FB can voluntarily enter Aerial Combat."
    assert may_enter_combat(FB) == ""
    assert "undamaged" in may_enter_combat(Aircraft("x", "British", "FB", damaged=True))
    assert "only a FB" in may_enter_combat(Aircraft("x", "German", "Stuka"))
    g = new_game(SC, "e7", [CCPH])
    with pytest.raises(ActionError, match="E7.22"):
        g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
            plane("FB 1", "British", target="Stuka A", damaged=True), plane("Stuka A", "German", "Stuka", "FB 1")]}})
    # a Damaged FB already in Aerial Melee fights on
    g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
        plane("FB 1", "British", target="Stuka A", damaged=True, melee=True), plane("Stuka A", "German", "Stuka", "FB 1")]}})
    assert g.waiting_for() is not None


def test_e7_221_targets_are_predesignated() -> None:
    # "Aircraft in each Dogfight must predesignate their initial targets (ATTACKER first)"
    g = new_game(SC, "e7", [CCPH])
    with pytest.raises(ActionError, match="must predesignate"):
        g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
            plane("FB 1", "British"), plane("Stuka A", "German", "Stuka", "FB 1")]}})
    with pytest.raises(ActionError, match="not an enemy plane"):
        g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
            plane("FB 1", "British", target="FB 2"), plane("FB 2", "British", target="Stuka A"),
            plane("Stuka A", "German", "Stuka", "FB 1")]}})


@pytest.mark.parametrize(("colored", "white", "effect"), [(1, 2, "eliminated"), (2, 2, "eliminated"), (2, 3, "damaged"),
                                                          (3, 3, "no effect")])
def test_e7_221_final_4_eliminates_5_damages(colored: int, white: int, effect: str) -> None:
    # "A Final Attack DR ≤ 4 eliminates the target. A Final Attack DR of 5 Damages" (FB vs FB: no DRM)
    r = resolve_attack(FB, Aircraft("e", "German", "FB"), colored, white)
    assert r.final == colored + white and r.effect == effect


def test_e7_221_stuka_rear_gunner() -> None:
    # "If a FB rolls an Original Aerial Combat DR of 11 while attacking a Stuka, it is assumed to
    # have been hit by the Stuka's rear gunner. If the colored dr of the Original 11 DR was a 6, it
    # is eliminated; otherwise it is Damaged."
    r = resolve_attack(FB, STUKA, 6, 5)
    assert r.gunner == "eliminated" and r.firer.eliminated and r.final == 9 and r.effect == "no effect"
    r = resolve_attack(FB, STUKA, 5, 6)
    assert r.gunner == "damaged" and r.firer.damaged and not r.firer.eliminated
    assert resolve_attack(FB, Aircraft("e", "German", "FB"), 5, 6).gunner == ""  # not a Stuka
    assert resolve_attack(Aircraft("s", "German", "Stuka"), FB, 5, 6).gunner == ""  # not a FB firing


def test_e7_221_drm_table_every_row() -> None:
    firer = Aircraft("a", "German", "Stuka", bombs=True, damaged=True)
    target = Aircraft("b", "British", "Stuka", bombs=True, damaged=True)
    drm, events = aerial_combat_drms(firer, target)
    assert [(e.value, e.cause, e.rule) for e in events] == [
        (1, "Firer is Stuka", "E7.221"), (1, "Firer has bombs", "E7.221"), (1, "Firer is Damaged", "E7.221"),
        (-1, "Target is Damaged", "E7.221"), (-1, "Target is not a FB", "E7.221"), (-1, "Target has bombs", "E7.221")]
    assert drm == 0
    # the EX's "+2 DRM to both attacks": a bomb-laden Stuka on a FB without bombs
    assert aerial_combat_drms(STUKA, FB)[0] == 2


def test_e7_222_rof() -> None:
    # "A FB has an Aerial Combat ROF of 1 if carrying bombs, and 2 if not ... Only FB have an
    # Aerial Combat ROF."
    assert combat_rof(FB) == 2 and combat_rof(Aircraft("b", "British", "FB", bombs=True)) == 1 and combat_rof(STUKA) == 0
    assert resolve_attack(FB, STUKA, 2, 6).rof and not resolve_attack(FB, STUKA, 3, 6).rof
    assert not resolve_attack(Aircraft("b", "British", "FB", bombs=True), STUKA, 2, 6).rof
    assert not resolve_attack(STUKA, FB, 1, 6).rof


def test_e7_223_malfunction_and_its_recall_option() -> None:
    # "An Original Aerial Combat DR of 12 results in MG malfunction ... it may not attack in Aerial
    # Combat ... [EXC: it may still bomb]. A FB with disabled MG may opt for Recall ... unless it is
    # in Aerial Melee with an undamaged enemy FB whose MG are functioning."
    r = resolve_attack(FB, STUKA, 6, 6)
    assert r.firer.mg_disabled and not r.rof
    with pytest.raises(RulesError, match="E7.223"):
        resolve_attack(r.firer, STUKA, 1, 1)
    dead = r.firer
    assert may_opt_recall_mg(dead, [STUKA])
    assert not may_opt_recall_mg(dead, [Aircraft("e", "German", "FB")])
    assert may_opt_recall_mg(dead, [Aircraft("e", "German", "FB", damaged=True)])
    assert may_opt_recall_mg(dead, [Aircraft("e", "German", "FB", mg_disabled=True)])


def test_e7_224_final_10_or_more_gives_the_target_a_recall_option() -> None:
    # "Any plane that is attacked by a Final Aerial Combat DR of ≥10 has the option to accept Recall"
    assert resolve_attack(FB, Aircraft("e", "German", "FB"), 4, 6).target.recall
    assert not resolve_attack(FB, Aircraft("e", "German", "FB"), 3, 6).target.recall
    assert not resolve_attack(FB, STUKA, 5, 6).target.recall  # Final 9 after -2


def test_e7_225_jettison_in_its_own_mph() -> None:
    # "A plane may jettison its bombs by simply inverting its counter during its own MPh"
    a, e = jettison(STUKA)
    assert not a.bombs and e.rule == "E7.225"
    with pytest.raises(RulesError):
        jettison(FB)
    g = new_game(SC, "e7")
    g.apply({"type": "edit", "op": "unit", "id": "Stuka 1", "side": "British", "kind": "aircraft", "status": ["Stuka", "bombs"],
             "hex": None})
    with pytest.raises(ActionError, match="E7.225: a plane jettisons its bombs during its own Movement Phase"):
        g.apply({"type": "start", "procedure": "asl.air_jettison", "params": {"aircraft": "Stuka 1"}})
    g.apply({"type": "advance", "phase": "MPh"})
    assert g.state.system.procedure("asl.air_jettison").defaults(g.state) == {"aircraft": "Stuka 1", "out_of_phase": False}
    g.apply({"type": "start", "procedure": "asl.air_jettison", "params": {"aircraft": "Stuka 1"}})
    assert not aircraft_of(g.state.counters)[0].bombs


def test_e7_226_damage_recall_and_second_damage() -> None:
    # "A Damaged plane is Recalled (7.24 unless held in Aerial Melee. Any Damaged aircraft that is
    # Damaged a second time by any means is eliminated."
    hurt = Aircraft("x", "German", "FB", damaged=True)
    assert damage_recall(hurt, held_in_melee=False) and not damage_recall(hurt, held_in_melee=True)
    assert resolve_attack(FB, hurt, 2, 4).target.eliminated  # Final 6 - 1 = 5: Damaged again
    # a Damaged plane whose Dogfight ends (its enemies gone) is Recalled at the end of the CCPh
    g = new_game(SC, "e7", [CCPH])
    g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
        plane("FB 1", "British", target="FB 9"), plane("FB 9", "German", target="FB 1")]}})
    g.apply({"type": "dice", "values": [3, 2]})  # FB 9 Damaged; colored 3: no ROF
    evs = g.apply({"type": "dice", "values": [5, 6]})  # FB 9 returns fire (+1 Damaged): Final 12, no effect
    # FB 1 is attacked by a Final DR ≥ 10: its Recall option
    assert g.waiting_for() is not None and g.waiting_for().rule == "E7.224"  # type: ignore[union-attr]
    evs = g.apply({"type": "choose", "choice": "accept Recall"})
    rs = results(evs)
    assert "E7.226 FB 9 is Damaged and not held in Aerial Melee: it is Recalled (E7.24)" in rs
    assert aircraft_of(g.state.counters) == ()


def test_e7_23_two_victory_points_each() -> None:
    # "If shot down ... they are worth two Victory Points (A26.2)"
    assert victory_points(3) == 6


def test_the_aircraft_model_round_trips_through_the_counters() -> None:
    a = Aircraft("S1", "German", "Stuka", bombs=True, damaged=True, mg_disabled=True, recall=True, melee=True, label="Stuka 1",
                 hex=B4.parse("4E5"))
    u = a.to_unit()
    assert u.kind == "aircraft" and u.facts == {"type": "Stuka", "bombs": True}
    assert u.status == frozenset({"damaged", "mg_disabled", "recall", "melee"})
    assert from_unit(u) == a
    c = write_aircraft(Counters(), a)
    assert aircraft_of(c, "German") == (a,) and aircraft_of(c, "British") == ()
    assert aircraft_of(write_aircraft(c, Aircraft("S1", "German", eliminated=True))) == ()
    assert from_unit(Unit("x", "Allied", "aircraft")).type == "FB"


# --------------------------------------------------------------------- odds = enumeration
def _play_every_dr(firer: dict[str, Any], target: dict[str, Any]) -> dict[str, Fraction]:
    counts: dict[str, Fraction] = {}
    for c in range(1, 7):
        for w in range(1, 7):
            g = new_game(SC, "odds", [CCPH, {"type": "start", "procedure": "asl.aerial_combat",
                                             "params": {"planes": [firer, target]}}])
            evs = g.apply({"type": "dice", "values": [c, w]})
            text = " ".join(results(evs))
            for key, found in (("eliminated", f"{target['name']} is eliminated" in text or "so it is eliminated" in text),
                               ("damaged", f"{target['name']} is Damaged (Wound" in text),
                               ("gunner", "rear gunner" in text), ("mg", "MG malfunction" in text),
                               ("recall", "may accept Recall" in text)):
                counts[key] = counts.get(key, Fraction(0)) + Fraction(found, 36)
    return counts


@pytest.mark.parametrize("bombs", [False, True])
def test_attack_odds_are_the_procedure_enumerated(bombs: bool) -> None:
    firer = plane("FB 1", "British", target="Stuka A", bombs=bombs)
    target = plane("Stuka A", "German", "Stuka", "FB 1", bombs=True, damaged=True)
    played = _play_every_dr(firer, target)
    o = attack_odds(Aircraft("FB 1", "British", "FB", bombs=bombs), Aircraft("Stuka A", "German", "Stuka", bombs=True, damaged=True))
    assert played["eliminated"] == o.eliminated
    assert played["damaged"] == o.damaged == 0  # a Damaged target is never left merely Damaged
    assert played["gunner"] == o.gunner_eliminates + o.gunner_damages == Fraction(2, 36)
    assert played["mg"] == o.mg_disabled == Fraction(1, 36)
    assert played["recall"] == o.recall_option
    assert o.rof == (Fraction(1, 6) if bombs else Fraction(1, 3))


def test_rof_chain_odds() -> None:
    # an FB with ROF 2 on one bomb-laden Stuka: the chain summed exactly
    c = rof_chain_odds(FB, STUKA)
    assert c.expected_attacks == Fraction(38, 35) and c.kill == Fraction(148, 315)
    # by hand: first attack kills on Final ≤ 4 (Original ≤ 6: 15/36) ...
    assert attack_odds(FB, STUKA).eliminated == Fraction(15, 36)
    # ... with ROF 1 (bombs) the chain is shorter; a FB with no ROF chain is one attack
    assert rof_chain_odds(Aircraft("b", "British", "FB", bombs=True), STUKA).expected_attacks < c.expected_attacks
    # a brute-force walk of the chain (two more levels, then cut) agrees to 1e-4
    assert abs(float(c.kill) - _walk(FB, STUKA, 6)) < 1e-4


def _walk(f: Aircraft, t: Aircraft, depth: int) -> float:
    if depth == 0:
        return 0.0
    total = 0.0
    for c in range(1, 7):
        for w in range(1, 7):
            r = resolve_attack(f, t, c, w)
            if r.target.eliminated:
                total += 1 / 36
            elif r.rof:
                total += _walk(r.firer, r.target.__class__(**{**r.target.__dict__, "recall": False}), depth - 1) / 36
    return total


def test_dogfight_odds_panel() -> None:
    g = new_game(SC, "e7", [CCPH])
    proc = g.state.system.procedure("asl.aerial_combat")
    o = proc.odds(g.state, proc.read(g.state, {"planes": EX_PLANES}))
    assert o is not None
    assert [t.title for t in o.tables] == ["FB 1 attacks Stuka A", "FB 2 attacks Stuka B", "Stuka A attacks FB 1",
                                           "Stuka B attacks FB 2", "Stuka C attacks FB 2"]
    first = dict(o.tables[0].rows)
    assert first["Stuka A eliminated"] == pytest.approx(15 / 36)
    assert "E7.221   modifier  +1  Firer is Stuka" in o.reasons
    assert any(line.startswith("FB 1 (ROF 2) on Stuka A alone, before return fire: 1.09 attacks expected") for line in o.lines)


def test_a_plane_whose_target_is_gone_chooses_another_and_an_observation_plane_never_fires() -> None:
    # "A plane can attack only one opposing plane at a time"; E7.6: an Observation Plane "can be
    # attacked in Aerial Combat (although it cannot fire back)"
    g = new_game(SC, "e7", [CCPH])
    g.apply({"type": "start", "procedure": "asl.aerial_combat", "params": {"planes": [
        plane("FB 1", "British", target="Stuka A"), plane("FB 2", "British", target="Spotter"),
        plane("Stuka A", "German", "Stuka", "FB 1"), plane("Spotter", "German", "Observation")]}})
    evs = g.apply({"type": "dice", "values": [6, 5]})  # Original 11 on a Stuka, colored 6: the rear gunner
    assert any("shot down by the Stuka's rear gunner" in r for r in results(evs))
    g.apply({"type": "dice", "values": [4, 4]})  # FB 2 on the Spotter: Final 7 (-1 not a FB), no effect
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.221" and p.options == ("attack FB 2", "no further attack")
    g.apply({"type": "choose", "choice": "attack FB 2"})
    evs = g.apply({"type": "dice", "values": [4, 4]})  # Stuka A (+1 Stuka): Final 9, no effect; the Spotter never fires
    p = g.waiting_for()
    assert p is not None and p.options == ("leave Melee", "stay in Melee") and "British" in p.label
    g.apply({"type": "choose", "choice": "leave Melee"})
    # FB 1's Original 11 was also a Final DR 10 on Stuka A: its Recall option (E7.224)
    p = g.waiting_for()
    assert p is not None and p.rule == "E7.224" and "Stuka A" in p.label
    g.apply({"type": "choose", "choice": "no Recall"})
    out = g.state.outcomes[-1]
    assert out["vp"] == {"British": 0, "German": 2} and not out["melee"]
    assert sorted(a.name for a in aircraft_of(g.state.counters)) == ["FB 2", "Spotter", "Stuka A"]
