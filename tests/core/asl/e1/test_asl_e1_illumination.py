"""ASL E1.9 Illumination: Starshells (the E1.922 EX on board 13), Illuminating Rounds, Blazes (the
E1.94 EX), Flames, which hexes are Illuminated, expiry at the end of the CCPh, exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from airhead.asl.e1.illumination import (
    blaze_range,
    extent_of_error,
    illuminated,
    illuminated_by,
    illuminated_hexes,
    illumination_view,
    light_sources,
    placement_odds,
    starshell_placement,
    starshell_usage,
    usage_number,
)
from airhead.boards import HexMap
from airhead.errors import ActionError, DataError
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

from playing import at

M = HexMap.asl([["13"]])


def night(terrain: Terrain | None = None) -> Scenario:
    return Scenario("night", "asl", M, terrain or Terrain(), {"night": True, "sides": ["Allied", "Axis"]})


def shell(**params: Any) -> dict[str, Any]:
    base = {"firer": "leader", "firer_hex": "13I4", "aim": "13K6", "side": "Axis"}
    return {"type": "start", "procedure": "asl.starshell", "params": {**base, **params}}


USE_NOW = {"type": "choose", "choice": "Starshells may be used now"}


def landed(g: Game) -> str:
    return str(g.state.outcomes[-1]["hex"])


# ---------------------------------------------------------------------- E1.922 EX
def test_e1_922_example_lands_in_h7_and_in_i7_with_the_error_halved() -> None:
    # "A leader in 13I4 ... opts to fire a Starshell toward the bridge. The DEFENDER picks K6 as the
    # initial placement hex, and then makes a Starshell Placement DR which is a colored 5 and a
    # white 3, resulting in the Starshell counter being finally placed in H7."
    g = new_game(night(), "ex", [*at("MPh", 0), shell(in_view="no"), USE_NOW, {"type": "dice", "values": [4]},
                                 {"type": "dice", "values": [5, 3]}])
    assert landed(g) == "13H7"
    assert [e.cause for e in g.events() if e.rule == "E1.922" and e.kind == "result"] == ["3 hexes in direction 5: 13K6 -> 13H7"]
    # "Had the Elevated Road in K6 not blocked the LOS to K7, the Gunflash in K7 would have allowed
    # the DEFENDER to halve the Extent of Error dr so as to place the Starshell in I7."
    g = new_game(night(), "ex", [*at("MPh", 0), shell(in_view="yes"), USE_NOW, {"type": "dice", "values": [4]},
                                 {"type": "dice", "values": [5, 3]}])
    assert landed(g) == "13I7"
    mods = [(e.value, e.cause) for e in g.events() if e.kind == "modifier"]
    assert mods == [(-1, "Extent of Error halved (rounded up): white 3 -> 2")]
    # halving rounds up: FRD would give 1 hex (13J6), not the EX's I7
    assert [extent_of_error(w, True) for w in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert M.name(starshell_placement(M.parse("13K6"), 5, 3, False)) == "13H7"


def test_e1_922_the_map_reads_the_gunflash_in_view_through_the_los_engine() -> None:
    gunflash = {"type": "edit", "op": "marker", "id": "GF", "kind": "Gunflash", "hex": "13K7"}
    # the Elevated Road of K6 as a level-1 obstacle (the line runs along the J6/K6 hexside, where
    # both sides must block by default: both hexes hold it)
    road = Terrain({M.parse("13K6"): HexTerrain("woods", obstacle=1), M.parse("13J6"): HexTerrain("woods", obstacle=1)})
    for terrain, where in ((road, "13H7"), (Terrain(), "13I7")):
        g = new_game(night(terrain), "v", [*at("MPh", 0), gunflash, shell(), USE_NOW, {"type": "dice", "values": [1]},
                                           {"type": "dice", "values": [5, 3]}])
        assert landed(g) == where
        halved = [e.cause for e in g.events() if e.rule == "E1.922" and e.kind == "info"][0]
        assert ("out of LOS" in halved) == (where == "13H7"), halved


# ---------------------------------------------------------------------- E1.921
@pytest.mark.parametrize("firer,need", [("leader", 4), ("CE Armor Leader", 4), ("MMC", 2), ("CE AFV without Armor Leader", 2)])
def test_e1_921_usage_thresholds(firer: str, need: int) -> None:
    # "Before a leader (including a CE Armor Leader) can fire a Starshell ... Usage dr of <= 4.
    # Before a CE AFV with no Armor Leader, or a MMC, can fire a Starshell ... <= 2."
    assert usage_number(firer) == need
    assert starshell_usage(firer, need)[0] and not starshell_usage(firer, need + 1)[0]
    g = new_game(night(), "u", [*at("MPh", 0), shell(firer=firer), USE_NOW, {"type": "dice", "values": [need + 1]}])
    assert g.state.outcomes[-1]["result"] == "failed" and g.state.counters.markers == ()
    g = new_game(night(), "u", [*at("MPh", 0), shell(firer=firer, method="placed by the players (see your rulebook)", aim="13C3"),
                                USE_NOW, {"type": "dice", "values": [need]}])
    assert landed(g) == "13C3"


def test_e1_921_the_usage_dr_says_its_delta_mark() -> None:
    # "he must first make a Usage dr (Δ) of <= 4": Δ is not explained in the rule text Airhead has:
    # read as rolled, and said
    g = new_game(night(), "u", [*at("MPh", 0), shell(), USE_NOW])
    p = g.waiting_for()
    assert p is not None and p.label == "Starshell Usage dr (Δ) (leader: ≤ 4)"
    g.apply({"type": "dice", "values": [4]})
    assert "Usage dr read as rolled (the rule marks it Δ: apply what Δ means in your rulebook)" \
           in [e.cause for e in g.events() if e.rule == "E1.921"]


def test_e1_921_good_order_not_pinned_and_e1_91_asked_once() -> None:
    g = new_game(night(), "u", at("MPh", 0))
    with pytest.raises(ActionError, match="E1.921: a unit must be in Good Order"):
        g.apply(shell(pinned=True))
    with pytest.raises(ActionError, match="E1.921"):
        g.apply(shell(good_order=False))
    g.apply(shell())
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.91" and "Your rulebook" in p.label  # the first Starshell: players decide
    g.apply(USE_NOW)
    g.apply({"type": "dice", "values": [2]})
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply(shell(aim="13C3"))
    p = g.waiting_for()
    assert p is not None and p.rule == "E1.921"  # no more E1.91 question


# ---------------------------------------------------------------------- E1.923 / 1.933
def test_e1_923_three_hex_radius_removed_at_the_end_of_the_ccph() -> None:
    g = new_game(night(), "r", [*at("MPh", 0), shell(in_view="no"), USE_NOW, {"type": "dice", "values": [1]},
                                {"type": "dice", "values": [5, 3]}])
    h7 = M.parse("13H7")
    mk = g.state.counters.markers[0]
    assert (mk.kind, mk.expires, mk.rule) == ("Starshell", "CCPh", "E1.923")
    lit = {M.name(h) for h in illuminated_hexes(g.state)}
    assert lit == {M.name(h) for h in h7.within(3) if M.in_play(h)}
    assert illuminated(g.state, M.parse("13H4")) and not illuminated(g.state, M.parse("13H3"))  # 3 and 4 hexes away
    assert illuminated_by(g.state, M.parse("13H4")) == ["Starshell in 13H7 (E1.923, 3 hexes)"]
    zones = illumination_view(g.state).zones
    assert [label for label, _ in zones] == ["Illuminated: Starshell in 13H7 (E1.923, 3 hexes)"]
    g.apply({"type": "advance", "phase": "CCPh"})
    assert g.state.counters.markers  # still there during the CCPh
    g.apply({"type": "advance"})
    assert g.state.counters.markers == () and not illuminated(g.state, h7)
    assert any(e.cause == "Starshell in 13H7 is removed at the end of the CCPh" for e in g.events())


def test_e1_93_illuminating_rounds_light_six_hexes() -> None:
    # "An IR Illuminates all non-subterranean and non-Interior Building Locations within six hexes."
    g = new_game(night(), "ir", [*at("MPh", 0), {"type": "start", "procedure": "asl.illuminating_round", "params": {"hex": "13Q5"}}])
    q5 = M.parse("13Q5")
    assert g.state.outcomes[-1]["procedure"] == "asl.illuminating_round"
    assert all(illuminated(g.state, h) for h in q5.ring(6) if M.in_play(h))
    assert not any(illuminated(g.state, h) for h in q5.ring(7) if M.in_play(h))
    assert g.state.counters.markers[0].expires == "CCPh"
    # E1.931: an onboard mortar needs a Usage dr <= 4, then its To Hit DR (cut: players decide)
    g = new_game(night(), "ir", [*at("MPh", 0), {"type": "start", "procedure": "asl.illuminating_round",
                                  "params": {"hex": "13Q5", "firer": "onboard mortar"}}, {"type": "dice", "values": [5]}])
    assert g.state.counters.markers == ()
    g = new_game(night(), "ir", [*at("MPh", 0), {"type": "start", "procedure": "asl.illuminating_round",
                                  "params": {"hex": "13Q5", "firer": "onboard mortar"}}, {"type": "dice", "values": [4]},
                                 {"type": "choose", "choice": "the IR is fired"}])
    assert [mk.kind for mk in g.state.counters.markers] == ["IR"]


def test_e1_91_initial_use_is_asked_of_the_games_first_illuminating_round_too() -> None:
    # E1.9 "Illumination can occur via Starshells/IR or Fires"; E1.91 "INITIAL USE: No Starshells/"
    # (cut): its subject is the "Starshells/IR" of E1.9, so the game's first IR asks it as the
    # first Starshell does (the form's answer; the rest of E1.91 is cut: the players decide)
    ir = {"type": "start", "procedure": "asl.illuminating_round", "params": {"hex": "13Q5", "initial_use": False}}
    g = new_game(night(), "ir", at("MPh", 0))
    evs = g.apply(ir)
    assert [(e.rule, e.cause) for e in evs][-1] == ("E1.91", "when the first Starshell or IR may be used is in your "
                                                             "rulebook: the players rule that no IR may be used yet")
    out = g.state.outcomes[-1]
    assert out["result"] == "not yet" and g.state.counters.markers == ()
    assert g.system.procedure("asl.illuminating_round").summary(out) == "No IR: the players ruled it may not be used yet."
    g = new_game(night(), "ir", at("MPh", 0))
    evs = g.apply({**ir, "params": {"hex": "13Q5", "initial_use": True}})
    assert ("E1.91", "when the first Starshell or IR may be used is in your rulebook: the players rule that "
                     "Starshells and IR may be used now") in [(e.rule, e.cause) for e in evs]
    assert [mk.kind for mk in g.state.counters.markers] == ["IR"]
    evs = g.apply({**ir, "params": {"hex": "13Q5", "initial_use": False}})  # no longer the first: not asked
    assert not any(e.rule == "E1.91" for e in evs) and len(g.state.counters.markers) == 2
    # a start saved before E1.91 was asked of an IR (no answer in it) replays as it then did
    h = new_game(night(), "ir", at("MPh", 0))
    assert not any(e.rule == "E1.91" for e in h.apply({"type": "start", "procedure": "asl.illuminating_round",
                                                       "params": {"hex": "13Q5"}}))


# ---------------------------------------------------------------------- E1.94 / 1.942
def test_e1_94_example_blaze_zone_sizes() -> None:
    # "Vehicle, brush, orchard, grainfield, woods, and single-story building blazes all have a
    # two-hex Illumination range. A two-story house casts a four-hex Illumination range if both
    # levels contain blazes. A building of level 2 or 3 has an Illumination zone of six - or
    # eight - hex range respectively if all levels are ablaze."
    assert [blaze_range(n) for n in (1, 2, 3, 4)] == [2, 4, 6, 8]
    for levels, reach in ((1, 2), (2, 4), (3, 6), (4, 8)):
        centre = M.parse("13Q5")
        terrain = Terrain({centre: HexTerrain("building", obstacle=levels, blaze=levels)})
        g = new_game(night(terrain), "b", at("MPh", 0))
        (src,) = light_sources(g.state)
        assert (src.kind, src.radius, src.rule) == ("Blaze", reach, "E1.94")
        assert set(src.lit) == {h for h in centre.within(reach) if M.in_play(h)}  # open map: no shadow
        assert illuminated(g.state, centre)


def test_e1_941_a_blaze_leaves_hexes_behind_an_obstacle_in_shadow() -> None:
    blaze, wood = M.parse("13Q5"), M.parse("13Q4")
    behind = M.parse("13Q3")
    terrain = Terrain({blaze: HexTerrain("brush", blaze=1), wood: HexTerrain("woods", obstacle=1)})
    g = new_game(night(terrain), "s", at("MPh", 0))
    (src,) = light_sources(g.state)
    assert behind in src.shadow and not illuminated(g.state, behind)
    assert illuminated(g.state, wood)
    assert (behind, "shadow") in illumination_view(g.state).marks


def test_e1_942_a_flame_lights_only_its_own_location() -> None:
    g = new_game(night(), "f", [*at("MPh", 0), {"type": "edit", "op": "marker", "id": "F", "kind": "Flame", "hex": "13E5"}])
    assert [M.name(h) for h in M.hexes() if illuminated(g.state, h)] == ["13E5"]


# ---------------------------------------------------------------------- odds
def test_starshell_odds_are_the_enumeration_of_the_procedure() -> None:
    for halved in (False, True):
        counts: dict[str, int] = {}
        for c in range(1, 7):
            for w in range(1, 7):
                g = new_game(night(), "o", [*at("MPh", 0), shell(in_view="yes" if halved else "no"), USE_NOW,
                                            {"type": "dice", "values": [1]}, {"type": "dice", "values": [c, w]}])
                counts[landed(g)] = counts.get(landed(g), 0) + 1
        odds = {M.name(h): p for h, p in placement_odds(M.parse("13K6"), halved).items()}
        assert odds == {k: Fraction(v, 36) for k, v in counts.items()}
    g = new_game(night(), "o", at("MPh", 0))
    proc = g.system.procedure("asl.starshell")
    params = proc.read(g.state, shell(in_view="yes", firer="MMC")["params"])
    o = proc.odds(g.state, params)
    assert {f.key: f.value for f in o.facts}["usage"] == "33.3%"
    assert o.view.heat and abs(sum(p for _, p in o.view.heat) - 1.0) < 1e-9  # every landing hex is on board 13
    heat = dict(proc.heatmap(g.state, params).heat)
    assert heat[M.parse("13K6")] == pytest.approx(float(Fraction(2, 6)))  # every landing within 3 of K6 lights it
    with pytest.raises(DataError, match="aimed hex"):
        proc.heatmap(g.state, {})


def test_what_lights_a_hex_costs_the_same_on_a_map_full_of_terrain() -> None:
    # the Blazes are read from the terrain's index of them, not from a walk of every hex of terrain
    from airhead import work

    blaze = {M.parse("13E5"): HexTerrain(terrain="woods", obstacle=1, blaze=1)}
    woods = {h: HexTerrain(terrain="woods", obstacle=1) for h in M.hexes() if M.name(h)[2:] != "5"}
    spent = []
    for terrain in (blaze, {**woods, **blaze}):
        g = new_game(night(Terrain(terrain)), "w")
        illuminated(g.state, M.parse("13E6"))  # the zone worked out once per terrain
        with work.metered():
            assert illuminated(g.state, M.parse("13E6"))
            spent.append(work.spent())
    assert len(woods) > 200 and spent[0] == spent[1]


def test_e1_921_a_failed_usage_dr_bars_that_units_starshell_for_the_player_turn() -> None:
    # "no Starshell from it this Player Turn" (#41 item 5): the record of the Player Turn bars the
    # same firer; another firer may still try, and the next Player Turn the first may again
    g = new_game(night(), "u", [*at("MPh", 0), shell(in_view="no"), USE_NOW, {"type": "dice", "values": [5]}])
    assert g.state.outcomes[-1]["result"] == "failed"
    with pytest.raises(ActionError, match="^E1.921: this leader in 13I4 failed its Usage dr this Player Turn: no "
                                          "Starshell from it this Player Turn"):
        g.apply(shell(in_view="no"))
    g.apply(shell(in_view="no", firer_hex="13C3"))  # another leader
    assert g.waiting_for() is not None and g.waiting_for().rule == "E1.921"  # type: ignore[union-attr]
    g.apply({"type": "cancel"})
    evs = g.apply(shell(in_view="no", out_of_phase=True))  # the players agree
    assert any("the players agree to do it anyway" in e.cause for e in evs)
    g.apply({"type": "cancel"})
    for a in at("MPh", 1):  # on to the Allied MPh of Game Turn 2: a later Player Turn, Defensive First Fire again
        g.apply(a)
    g.apply(shell(in_view="no"))
    assert g.waiting_for() is not None
