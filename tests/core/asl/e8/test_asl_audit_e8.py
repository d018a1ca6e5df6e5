"""The E8 rules audit (issue #10, items 1-8): each test quotes the rule it checks and asserts the
hexes, modifiers and results. Every one of them failed on the code before the audit.

Geometry used throughout: a glider in ILH 4E7 facing Wind Direction 5 has the Avenue of Approach
4F6, 4G6, 4H5, 4I5, 4J4 (it flies in from the NE); landing short by one puts it in 4F6, seen past
4G6 across 4F6's NE hexside.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from airhead.asl.e8.gliders import approach, crash_drm
from airhead.asl.e8.gliders_odds import OUTCOME_LABELS, glider_odds, heatmap
from airhead.boards import HexMap
from airhead.codec import decode_link, encode_link
from airhead.errors import ActionError
from airhead.game import Game
from airhead.hexes import Hexside, from_asl_direction
from airhead.scenario import Scenario
from airhead.sealed import seal
from airhead.systems import new_game
from airhead.terrain import Bridge, HexTerrain, Terrain, Water

B4 = HexMap.asl([["4"]])
P = B4.parse
NE = 1  # direction 0..5: the glider facing Wind Direction 5 flies in from the NE
SW = from_asl_direction(5)


def terrain(**hexes: HexTerrain) -> Terrain:
    return Terrain({P(f"4{k}"): v for k, v in hexes.items()})


def scenario(t: Terrain | None = None, **settings: Any) -> Scenario:
    return Scenario("audit", "asl", B4, t or Terrain(), {"weather": "Clear", "wind": 5, **settings})


def game(t: Terrain | None = None, **settings: Any) -> Game:
    return new_game(scenario(t, **settings), "audit")


def start(g: Game, **params: Any) -> list[Any]:
    base: dict[str, Any] = {"ilh": "4E7", "wind": 5}
    base.update(params)
    return g.apply({"type": "start", "procedure": "asl.glider_landing", "params": base})


def mods(events: list[Any]) -> list[tuple[int, str]]:
    return [(e.value, e.cause) for e in events if e.kind == "modifier"]


def crash_at(t: Terrain, k: int = 0, **kw: Any) -> tuple[int, list[Any]]:
    flags: dict[str, Any] = {"damaged": False, "night": False, "gusts": False}
    flags.update(kw)
    return crash_drm(t, approach(B4, P("4E7"), 5), k, **flags)


# ------------------------------------------------------------------ item 1: E8.23 via E7.25
def test_a_bare_hill_one_level_up_makes_no_blind_hex() -> None:
    # E7.25: Aerial units "reduce any non-cliff Crest Line Blind hexes to zero if there is ≤ 1
    # level elevation difference". E8.23: +3 "in a Blind Hex as determined by the Avenue of Approach".
    g = game(terrain(G6=HexTerrain(base_level=1)))
    start(g)
    # Landing drm: 4F6 clear (-1), 4G6 a level-1 hill (+1) = 0; colored 2, white 1: short by 1 -> 4F6
    ev = g.apply({"type": "dice", "values": [2, 1]})
    assert ev[-1].cause == "Final colored dr 2, white dr 1: short by 1: lands in 4F6"
    ev = g.apply({"type": "dice", "values": [5]})
    assert mods(ev) == [(1, "not landing in its final ILH")]  # no +3: the crest is only 1 level up
    assert any(e.rule == "E7.25" and e.cause == "4F6 is not a Blind Hex: the crest line is only 1 level higher" for e in ev)
    assert ev[-1].cause == "Final Crash dr 6: ≤ 6: lands safely"


def test_a_crest_more_than_one_level_up_or_a_cliff_makes_one_blind_hex() -> None:
    # E7.25: the reduction to zero is for "non-cliff Crest Line Blind hexes" with "≤ 1 level
    # elevation difference"; every other Blind Hex is reduced to one hex.
    total, events = crash_at(terrain(G6=HexTerrain(base_level=2)), 1)
    assert total == 4 and (3, "4F6 is a Blind Hex behind the crest line in 4G6 (more than 1 level higher)") in mods(events)
    cliff = Terrain({P("4G6"): HexTerrain(base_level=1)}, {Hexside.of(P("4F6"), NE): frozenset({"cliff"})})
    total, events = crash_at(cliff, 1)
    assert (3, "4F6 is a Blind Hex below the cliff hexside from 4G6") in mods(events)
    assert (3, "crossing a cliff hexside entering 4F6 (E8.231)") in mods(events) and total == 7
    # a full-level Obstacle still leaves its one Blind Hex (the long EX: G6 behind the H5 woods)
    total, events = crash_at(terrain(G6=HexTerrain("woods", obstacle=1)), 1)
    assert (3, "4F6 is a Blind Hex behind the Obstacle in 4G6") in mods(events)


def test_a_depression_is_seen_into_and_a_surrounded_hex_is_unseen() -> None:
    # E7.25: Aerial units "see into any Depression barring other LOS obstacles"; an aircraft sees
    # any unit "not completely surrounded by LOS obstacles at least one level higher than its own
    # Location".
    gully = terrain(E7=HexTerrain("depression", base_level=-1), F6=HexTerrain(base_level=1))
    total, events = crash_at(gully)
    assert mods(events) == [(2, "landing in depression (4E7)")]
    assert [e.cause for e in events if e.kind == "info"] == ["4E7 is not a Blind Hex: an Aerial viewer sees into a Depression"]
    woods_by_gully = gully.set_hex(P("4F6"), HexTerrain("woods", obstacle=1))
    assert crash_at(woods_by_gully)[0] == 2 + 3  # other LOS obstacles still blind it
    hole = Terrain({h: HexTerrain(base_level=1) for h in P("4E7").neighbors()})
    total, events = crash_at(hole)
    assert mods(events) == [(3, "4E7 is a Blind Hex: completely surrounded by LOS obstacles at least one level higher")]


def test_the_aerial_los_helper_explains_its_answer() -> None:
    # E7.25, one helper for E8.23 now and E7 next: each hex considered, what it is, how high.
    from airhead.asl.e7.aerial_los import aerial_sight, blind_behind, surrounded

    t = terrain(H5=HexTerrain("woods", obstacle=1))
    sight = aerial_sight(t, P("4G6"), NE)
    assert sight.blind and sight.cause == "obstacle" and sight.by == P("4H5")
    assert sight.explain(B4.label) == [
        "4H5: woods (a full-level Obstacle), 1 level above 4G6: one Blind Hex behind it",
        "4G6 is a Blind Hex (E7.25)",
    ]
    # reduced to one hex: the hex behind the Blind Hex is seen
    assert not aerial_sight(t, P("4F6"), NE).blind
    # bocage: "the Blind Hex created by bocage is the hex formed by the bocage hexside" (E7.25),
    # which E8.23 leaves out ("Bocage does not create a Blind Hex for purposes of this rule")
    hedge = Terrain({}, {Hexside.of(P("4F6"), NE): frozenset({"bocage"})})
    assert aerial_sight(hedge, P("4F6"), NE).cause == "bocage"
    assert not blind_behind(P("4F6"), hedge.at(P("4F6")), P("4G6"), hedge.at(P("4G6")), frozenset({"bocage"})).blind
    assert crash_at(hedge, 1)[0] == 1 + 2  # not in ILH, bocage hexside crossed (E8.231); no Blind Hex
    # half-level obstacles never blind; an obstacle no higher than the viewed hex does not either
    assert not aerial_sight(terrain(G6=HexTerrain("orchard", obstacle=0.5)), P("4F6"), NE).blind
    assert not aerial_sight(terrain(F6=HexTerrain(base_level=1), G6=HexTerrain("woods", obstacle=1)), P("4F6"), NE).blind
    assert not surrounded(Terrain(), P("4E7")).blind


LEVELS = st.sampled_from([HexTerrain(), HexTerrain(base_level=1), HexTerrain(base_level=2), HexTerrain("woods", obstacle=1),
                          HexTerrain("orchard", obstacle=0.5), HexTerrain("depression", base_level=-1),
                          HexTerrain("building", base_level=1, obstacle=2)])


@settings(max_examples=60, deadline=None)
@given(st.lists(LEVELS, min_size=19, max_size=19), st.lists(LEVELS, min_size=12, max_size=12), st.integers(0, 5))
def test_an_aerial_blind_hex_depends_only_on_the_hexes_next_to_it(inner: list[HexTerrain], outer: list[HexTerrain], toward: int) -> None:
    # E7.25: Aerial units reduce every Blind Hex "to one hex": what lies two or more hexes away
    # never changes whether a hex is seen.
    from airhead.asl.e7.aerial_los import aerial_sight

    centre = P("4M5")
    near = centre.within(2)  # the hex, its 6 neighbours and the 12 hexes of the next ring
    ring2 = centre.ring(2)
    base = Terrain(dict(zip(near, inner)))
    changed = Terrain({**dict(zip(near, inner)), **dict(zip(ring2, outer))})
    a, b = aerial_sight(base, centre, toward), aerial_sight(changed, centre, toward)
    assert (a.blind, a.cause, a.by) == (b.blind, b.cause, b.by)
    # and on flat, empty ground nothing is ever Blind
    assert not aerial_sight(Terrain(), centre, toward).blind


def test_the_players_can_overrule_the_blind_hex_reading() -> None:
    # The map is an approximation of the printed artwork: the Blind Hex decision is a plan field
    # ("as computed" / "ask when it lands" / "yes" / "no"), and the log keeps the map's reading.
    woods = terrain(H5=HexTerrain("woods", obstacle=1))
    g = game(woods)
    start(g, ilh="4E7", blind="no")
    g.apply({"type": "dice", "values": [4, 2]})  # the long EX: -1 drm, short by 2 -> 4G6
    ev = g.apply({"type": "dice", "values": [1]})
    assert mods(ev) == [(1, "not landing in its final ILH")]
    assert [e.cause for e in ev if e.rule == "E7.25"] == [
        "4G6 is not a Blind Hex by the players' ruling (the map reading: 4H5: Woods (a full-level Obstacle), "
        "1 level above 4G6: one Blind Hex behind it; 4G6 is a Blind Hex (E7.25))"]
    g = game(terrain(G6=HexTerrain(base_level=1)))
    start(g, blind="ask when it lands")
    g.apply({"type": "dice", "values": [2, 1]})  # -> 4F6
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.23" and p.options == ("Blind Hex: yes", "Blind Hex: no")
    assert "The map reads: 4G6: a crest line (higher ground), 1 level above 4F6: ≤ 1 level: reduced to zero Blind Hexes" in p.label
    g.apply({"type": "choose", "choice": "Blind Hex: yes"})
    ev = g.apply({"type": "dice", "values": [2]})
    assert mods(ev) == [(1, "not landing in its final ILH"), (3, "4F6 is a Blind Hex (the players' ruling)")]
    assert any(e.rule == "E7.25" and "by the players' ruling" in e.cause for e in ev)


# ------------------------------------------------------------------ item 2: bridge +3
@pytest.mark.parametrize("hex_terrain,drm", [
    (HexTerrain("water", water=Water("stream", fordable=True), bridge=Bridge(0)), 1 + 3),
    (HexTerrain("water", water=Water("river", frozen=True), bridge=Bridge(0)), 3),
    (HexTerrain("depression", bridge=Bridge(0)), 2 + 3),
    (HexTerrain("road", bridge=Bridge(1, foot=True)), 3),
])
def test_a_bridge_is_plus_three_whatever_it_crosses(hex_terrain: HexTerrain, drm: int) -> None:
    # E8.23: "+3 Landing in woods, building/rubble, bridge, crag, cliff, or in a Blind Hex" — a
    # bridge with no condition; "All modifiers are cumulative".
    total, events = crash_at(terrain(E7=hex_terrain))
    assert total == drm
    assert any(v == 3 and "bridge" in why for v, why in mods(events))


def test_a_bridge_over_fordable_water_in_the_procedure() -> None:
    g = game(terrain(E7=HexTerrain("water", water=Water("stream", fordable=True), bridge=Bridge(0))))
    start(g)
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [2]})
    assert mods(ev) == [(1, "landing in a fordable stream (4E7)"), (3, "landing in a hex with a bridge (4E7)")]
    assert ev[-1].cause == "Final Crash dr 6: ≤ 6: lands safely"


# ------------------------------------------------------------------ item 3: E8.4 placement
def test_guns_vehicles_and_their_crews_stay_aboard_in_the_afph() -> None:
    # E8.4: "the contents of a glider [EXC: vehicle/Gun (and its PRC/manning Infantry)] are placed
    # onboard in the glider's hex ... Any vehicle/Gun (and its PRC/manning Infantry) aboard can be
    # removed from the glider (into the same hex) only in a subsequent MPh".
    g = game()
    start(g, name="Glider 2", nationality="British", passengers=[
        {"name": "57mm AT", "kind": "gun", "pp": 12, "five_eighths": True},
        {"name": "2-2-8", "kind": "crew", "pp": 2, "mans": "57mm AT"},
        {"name": "6-4-8", "kind": "squad", "pp": 10, "reduces_to": "3-4-8"},
        {"name": "jeep", "kind": "vehicle", "pp": 4, "inherent_crew": False},
    ])
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    ev = g.apply({"type": "choose", "choice": "no Final Fire"})
    assert ev[-1].cause == ("AFPh: the contents of Glider 2 are placed in 4E7: 6-4-8; still aboard until a subsequent MPh "
                            "(unloaded as per U.S. Vehicle Note 51): 57mm AT, 2-2-8, jeep")
    status = {u.name: set(u.status) for u in g.state.counters.units_at(P("4E7"))}
    assert status == {"Glider 2": set(), "57mm AT": {"aboard"}, "2-2-8": {"aboard"}, "6-4-8": set(), "jeep": {"aboard"}}


def test_a_crew_must_man_a_gun_or_vehicle_aboard() -> None:
    g = game()
    with pytest.raises(ActionError, match="E8.4: 2-2-7 mans 75mm, which is not a Gun or vehicle aboard"):
        start(g, passengers=[{"name": "2-2-7", "kind": "crew", "mans": "75mm"}])


# ------------------------------------------------------------------ item 4: E8.1 secret manifest
MANIFEST = [{"name": "7-4-7", "kind": "squad", "pp": 10, "reduces_to": "3-3-7"}, {"name": "8-1", "kind": "leader"}]


def sealed_glider(label_of_glider: bool = True) -> tuple[Game, Any, dict[str, Any]]:
    g = game()
    proc = g.system.procedure("asl.glider_landing")
    plan = {"name": "Glider 1", "ilh": "4E7", "wind": 5, "nationality": "U.S.", "passengers": MANIFEST}
    side, secret = proc.sealed_plan(plan)
    sp = seal(secret)
    label = proc.seal_label_for(plan) if label_of_glider else proc.seal_label  # type: ignore[attr-defined]
    g.apply({"type": "seal", "side": side, "label": label, "code": sp.code})
    reveal = {"type": "reveal", "side": side, "label": label, "plan": sp.plan, "salt": sp.salt}
    return g, sp, reveal


@pytest.mark.parametrize("label_of_glider", [True, False])
def test_passengers_stay_secret_until_the_afph(label_of_glider: bool) -> None:
    # E8.1: "All Passengers and equipment remain offboard, with their presence inside a particular
    # glider noted by secret side record ... until the AFPh of the Player Turn in which it lands (8.4)".
    g, sp, reveal = sealed_glider(label_of_glider)
    assert sp.plan == {"glider": "Glider 1", "passengers": [
        {"name": "7-4-7", "kind": "squad", "pp": 10, "reduces_to": "3-3-7", "inherent_crew": False, "five_eighths": False, "dm": True, "mans": ""},
        {"name": "8-1", "kind": "leader", "pp": 0, "reduces_to": "", "inherent_crew": False, "five_eighths": False, "dm": True, "mans": ""}]}
    ev = start(g, name="Glider 1", damaged=True)
    assert ev[1].cause == f"Glider 1: U.S. glider, manifest sealed ({sp.code}): revealed in the AFPh, weather Clear"
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "choose", "choice": "no Final Fire"})
    # a link made before the reveal does not contain them
    link = encode_link(g)
    text = json.dumps(decode_link(link).to_data())
    assert "7-4-7" not in text and "8-1" not in text and not any("7-4-7" in line for line in g.log_lines())
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.4" and p.options == ("manifest revealed", "go on without the manifest")
    with pytest.raises(ActionError, match="it has not been revealed yet"):
        g.apply({"type": "choose", "choice": "manifest revealed"})
    g.apply(reveal)
    ev = g.apply({"type": "choose", "choice": "manifest revealed"})
    assert ev[0].cause == "the manifest of Glider 1 is revealed: 7-4-7, 8-1"
    # the glider was Damaged: E8.41 Random Selection among the revealed Passengers
    p = g.waiting_for()
    assert p is not None and p.dice is not None and [d.name for d in p.dice.dice] == ["7-4-7", "8-1"]
    ev = g.apply({"type": "dice", "values": [6, 1]})
    assert ev[-1].cause == "AFPh: the contents of Glider 1 are placed in 4E7: 7-4-7, 8-1"
    assert [u.name for u in g.state.counters.units_at(P("4E7"))] == ["Glider 1", "3-3-7", "8-1"]


def test_a_sealed_manifest_is_not_also_given_in_the_open() -> None:
    g, _, _ = sealed_glider()
    with pytest.raises(ActionError, match="the manifest of Glider 1 is sealed \\(Allied, glider manifest: Glider 1\\): start the landing without"):
        start(g, name="Glider 1", passengers=MANIFEST)


def test_an_eliminated_glider_needs_no_reveal() -> None:
    g, _, _ = sealed_glider()
    start(g, name="Glider 1", aa=[{"name": "MG", "kill": 8}])
    g.apply({"type": "choose", "choice": "MG fires"})
    ev = g.apply({"type": "dice", "values": [1, 1]})  # below the Kill Number: shot down
    assert g.waiting_for() is None and g.state.outcomes[-1]["status"] == "eliminated"
    assert ev[-1].cause == "the Passengers aboard Glider 1 are eliminated with it: its sealed manifest can be revealed now (Sealed notes)"


# ------------------------------------------------------------------ item 5: E8.41 second Damage
def test_a_second_damage_after_landing_has_no_further_effect_by_default() -> None:
    # E8.41: "An already-Damaged Aerial glider that is Damaged again (even during landing) is
    # eliminated with all aboard." A landed glider under Final Fire (E8.3) is no longer Aerial.
    g = game()
    start(g, damaged=True)
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    ev = g.apply({"type": "choose", "choice": "Final Fire: Damaged"})
    assert ev[1].cause == ("glider is already Damaged: a second Damage after it has landed has no further effect "
                           "(E8.41 eliminates an Aerial glider, even during landing)")
    out = g.state.outcomes[-1]
    assert out["status"] == "damaged" and out["hex"] == "4E7"
    # the other reading is a setting
    g = game(e8_landed_second_damage="eliminated")
    start(g, damaged=True)
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "choose", "choice": "Final Fire: Damaged"})
    assert g.state.outcomes[-1]["status"] == "eliminated" and g.state.counters.kinds_at(P("4E7")) == {"wreck"}


def test_a_second_damage_during_landing_still_eliminates() -> None:
    g = game(terrain(E7=HexTerrain("woods", obstacle=1)))
    start(g, damaged=True)
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [3]})  # +3 woods +1 Damaged -> 7: Damaged again
    assert "was already Damaged: eliminated with all aboard" in ev[-1].cause
    assert g.state.outcomes[-1]["status"] == "eliminated"


# ------------------------------------------------------------------ item 6: Gusts per landing
def test_gusts_are_a_flag_of_the_landing_defaulted_from_the_scenario() -> None:
    # E8.23: "+1 ... landing during Gusts"; Gusts are an event of the Player Turn (B25.65), not the
    # weather's name: the plan says whether this landing is during Gusts.
    g = game()  # Clear weather, Gusts this Player Turn anyway
    start(g, gusts=True)
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [1]})
    assert mods(ev) == [(1, "landing during Gusts")]
    g = game(weather="Gusty")  # Gusty weather, no Gusts now
    start(g, gusts=False)
    g.apply({"type": "dice", "values": [1, 1]})
    assert mods(g.apply({"type": "dice", "values": [1]})) == []
    g = game(weather="Gusty")  # left out: the scenario's Gusty weather decides
    start(g)
    g.apply({"type": "dice", "values": [1, 1]})
    assert mods(g.apply({"type": "dice", "values": [1]})) == [(1, "landing during Gusts")]
    assert g.system.procedure("asl.glider_landing").defaults(g.state)["gusts"] is True


# ------------------------------------------------------------------ item 7: one reading for all
HILLS = terrain(G6=HexTerrain(base_level=1), F6=HexTerrain(shellholes=True), D7=HexTerrain("woods", obstacle=1))


def play_every_outcome(sc: Scenario, params: dict[str, Any]) -> Counter[str]:
    """Resolve the landing through the procedure for all 36 x 6 dice outcomes."""
    played: Counter[str] = Counter()
    begin = {"type": "start", "procedure": "asl.glider_landing", "params": params}
    for c in range(1, 7):
        for w in range(1, 7):
            base = new_game(sc, "x", [begin, {"type": "dice", "values": [c, w]}])
            for crash in range(1, 7):
                g = new_game(sc, "x", base.actions)
                if g.waiting_for() is not None:
                    g.apply({"type": "dice", "values": [crash]})
                if g.waiting_for() is not None:
                    g.apply({"type": "choose", "choice": "no Final Fire"})
                out = g.state.outcomes[-1]
                played[f"{out['status']} {out['hex']}"] += 1
    return played


def test_odds_and_heatmap_read_night_gusts_and_blind_as_the_procedure_does() -> None:
    # Item 7: the E8 preview, odds and heatmap use the same settings as the procedure (night and
    # Gusty weather from the scenario, the plan's Gusts and Blind Hex fields).
    sc = scenario(HILLS, weather="Gusty", night=True)
    g = new_game(sc, "x")
    proc = g.system.procedure("asl.glider_landing")
    for params in ({"ilh": "4E7", "wind": 5}, {"ilh": "4E7", "wind": 5, "gusts": False, "blind": "yes"}):
        played = play_every_outcome(sc, params)
        where: Counter[str] = Counter()
        for key, n in played.items():
            where[key.split(" ")[1]] += n
        odds = proc.odds(g.state, proc.read(g.state, params))
        assert odds is not None
        for name, p in odds.tables[1].rows:  # the most likely landing hexes
            assert p == where[name] / 216
        gusts = params.get("gusts", True)
        expect = glider_odds(HILLS, B4, P("4E7"), SW, night=True, gusts=bool(gusts), blind=True if params.get("blind") else None)
        assert dict(odds.tables[0].rows) == {OUTCOME_LABELS[k]: float(v) for k, v in expect.outcomes.items() if v}
        survived = sum(n for key, n in played.items()
                       if not key.startswith("eliminated") and B4.in_play(P(key.split(" ")[1], allow_offboard=True)))
        assert expect.outcomes["safe_ilh"] + expect.outcomes["safe_elsewhere"] + expect.outcomes["damaged"] == Fraction(survived, 216)
        view = proc.heatmap(g.state, proc.read_some(g.state, {k: v for k, v in params.items() if k != "ilh"}))
        assert view is not None and dict(view.heat)[P("4E7")] == survived / 216
    # night and Gusts make a difference here, so the test above would see a mismatch
    plain = glider_odds(HILLS, B4, P("4E7"), SW)
    assert plain.outcomes != glider_odds(HILLS, B4, P("4E7"), SW, night=True, gusts=True).outcomes
    assert heatmap(HILLS, B4, SW, hexes=[P("4E7")]) != heatmap(HILLS, B4, SW, night=True, gusts=True, hexes=[P("4E7")])


# ------------------------------------------------------------------ item 8: wording and names
def test_odds_say_final_ilh() -> None:
    # E8.211 moves the ILH; "lands safely in its ILH" counted the final one.
    assert OUTCOME_LABELS["safe_ilh"] == "lands safely in its final ILH"
    g = game()
    proc = g.system.procedure("asl.glider_landing")
    odds = proc.odds(g.state, proc.read(g.state, {"ilh": "4E7", "wind": 5}))
    assert odds.tables[0].rows[0][0] == "lands safely in its final ILH"  # type: ignore[union-attr]


def test_an_off_board_hex_is_never_shown_as_a_raw_coordinate() -> None:
    # A hex left of column A has no grid name: it is shown by the hex it mirrors to (E8.221).
    raw = P("@-1,6", allow_offboard=True)
    assert B4.name(raw) == "@-1,6"  # the identifier data keeps
    assert B4.label(raw) == "off board (mirrored to 4C6)"
    assert B4.label(P("4K13", allow_offboard=True)) == "4K13"
    g = game()
    start(g, ilh="4B6", aa=[{"name": "MG", "kill": 6}])
    g.apply({"type": "choose", "choice": "MG fires"})
    g.apply({"type": "dice", "values": [1, 5]})  # Final 7: Evasive Action
    ev = g.apply({"type": "dice", "values": [6, 2]})  # two hexes in direction 6 (NW): left of column A
    assert ev[-1].cause.startswith("2 hexes in direction 6: new ILH 4B6 -> off board (mirrored to 4B5) (E8.221);")
    g.apply({"type": "roll"})
    while g.waiting_for() is not None:
        p = g.waiting_for()
        assert p is not None
        g.apply({"type": "choose", "choice": p.options[0]} if p.kind == "choice" else {"type": "roll"})
    assert not any("@" in line for line in g.log_lines())
    proc = g.system.procedure("asl.glider_landing")
    assert "@" not in proc.summary(g.state.outcomes[-1])
    odds = proc.odds(g.state, proc.read(g.state, {"ilh": "@-1,6", "wind": 5}))
    assert not any("@" in name for name, _ in odds.tables[1].rows)  # type: ignore[union-attr]
    assert not any("@" in f.value for f in odds.facts)
    rl = new_game(scenario(), "r", [{"type": "start", "procedure": "asl.random_location", "params": {"from": "4B6"}},
                                     {"type": "dice", "values": [6, 3]}])
    assert rl.events()[-1].cause == "3 hexes in direction 6: 4B6 -> off board (mirrored to 4C5)"
    assert rl.system.procedure("asl.random_location").summary(rl.state.outcomes[-1]) == "Random Location from 4B6: off board."
