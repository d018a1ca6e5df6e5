"""ASL E8 Gliders: a test for each rule, asserting hexes, modifiers and results."""

from __future__ import annotations

from typing import Any

import pytest
from airhead.asl.e8.gliders import (
    Approach,
    approach,
    check_manifest,
    check_placements,
    check_weather,
    crash_drm,
    crash_effect,
    glider_bpv,
    glider_capacity,
    hazard,
    is_blind_hex,
    landing_drm,
    landing_hex,
    light_aa_result,
    obstacle_top,
    retains_rof,
)
from airhead.asl.e8.gliders_passengers import Passenger, casualty_reduction, random_selection
from airhead.boards import HexMap
from airhead.errors import DataError, RulesError
from airhead.game import ActionError, Game
from airhead.hexes import Hexside
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Bridge, HexTerrain, Terrain, Water

B4 = HexMap.asl([["4"]])
P = B4.parse


def terrain(**hexes: HexTerrain) -> Terrain:
    return Terrain({P(f"4{k}"): v for k, v in hexes.items()})


def game(settings: dict[str, Any] | None = None, **hexes: HexTerrain) -> Game:
    sc = Scenario("t", "asl", B4, terrain(**hexes), settings or {"weather": "Clear", "wind": 5})
    return new_game(sc, "t")


def start(g: Game, **params: Any) -> None:
    base: dict[str, Any] = {"ilh": "4E7", "wind": 5}
    base.update(params)
    g.apply({"type": "start", "procedure": "asl.glider_landing", "params": base})


# ---------------------------------------------------------------- E8.1 / E8.11
@pytest.mark.parametrize("w", ["Clear", "Mud", "Mist", "Gusty", "Snow"])
def test_weather_allowed(w: str) -> None:
    check_weather(w)


@pytest.mark.parametrize("w", ["Falling Snow", "Rain", "Overcast", ""])
def test_weather_refused(w: str) -> None:
    with pytest.raises(RulesError, match="E8.1: gliders cannot be used"):
        check_weather(w)


def test_procedure_refuses_falling_snow() -> None:
    g = game({"weather": "Falling Snow", "wind": 5})
    with pytest.raises(ActionError, match="Falling Snow"):
        start(g)


def test_capacity_by_nationality() -> None:
    assert (glider_capacity("German"), glider_capacity("U.S."), glider_capacity("British")) == (14, 19, 29)
    sq = Passenger("4-6-7", "squad", 10)
    assert check_manifest("U.S.", [sq, Passenger("8-1", "leader", 0), Passenger("MMG", "sw", 4)]) == 14
    with pytest.raises(RulesError, match="needs 20 PP; a U.S. glider carries 19 PP"):
        check_manifest("U.S.", [sq, sq])
    assert check_manifest("British", [sq, sq]) == 20
    with pytest.raises(RulesError, match="cannot carry a 5/8"):
        check_manifest("German", [Passenger("2cm FlaK", "gun", 8, five_eighths=True)])
    with pytest.raises(RulesError, match="only U.S. and British"):
        check_manifest("German", [Passenger("kettenkrad", "vehicle", 8)])
    assert check_manifest("British", [Passenger("6pdr", "gun", 20, five_eighths=True)]) == 20
    with pytest.raises(RulesError):
        glider_capacity("Soviet")


def test_dyo_bpv_and_cross_purchases() -> None:
    assert (glider_bpv("German"), glider_bpv("U.S."), glider_bpv("British")) == (3, 4, 6)
    assert glider_bpv("British", buyer="U.S.") == 6 and glider_bpv("U.S.", buyer="British") == 4
    with pytest.raises(RulesError, match="cannot purchase"):
        glider_bpv("U.S.", buyer="German")


def test_overloaded_manifest_is_refused_by_the_procedure() -> None:
    g = game()
    with pytest.raises(ActionError, match="E8.1: the manifest needs"):
        start(g, nationality="German", passengers=[{"name": "sq", "pp": 10}, {"name": "hs", "kind": "hs", "pp": 5}])


# ---------------------------------------------------------------- E8.2
def test_avenue_lies_astern_along_the_hex_grain() -> None:
    a = approach(B4, P("4E7"), 5)
    assert [B4.name(h) for h in a.avenue()] == ["4F6", "4G6", "4H5", "4I5", "4J4"]
    a = approach(B4, P("4H5"), 1)  # facing north: the Avenue runs south
    assert [B4.name(h) for h in a.avenue()] == ["4H6", "4H7", "4H8", "4H9", "4H10"]
    with pytest.raises(DataError):
        approach(B4, P("4H5"), 7)


def test_no_two_gliders_in_one_ilh() -> None:
    check_placements([P("4C9"), P("4C8")], B4)
    with pytest.raises(RulesError, match="same ILH \\(4C9\\)"):
        check_placements([P("4C9"), P("4C8"), P("4C9")], B4)


def test_wind_defaults_to_the_scenario_setting() -> None:
    g = game({"weather": "Clear", "wind": "NE"})
    g.apply({"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": "4E7"}})
    # facing NE: the Avenue runs SW, past the board edge (the hex left of column A has no grid
    # name: it is shown by where it is mirrored to, never as a raw coordinate; issue #10 item 8)
    assert g.events()[-1].cause.endswith("facing Wind Direction 2; Avenue of Approach 4D7, 4C8, 4B8, 4A9, off board (mirrored to 4B9)")


# ---------------------------------------------------------------- E8.22
def test_half_level_obstacles_and_smoke_do_not_count() -> None:
    t = terrain(F6=HexTerrain("orchard", obstacle=0.5), G6=HexTerrain("grain", obstacle=0.5, smoke=True),
                H5=HexTerrain("building", obstacle=2))
    drm, events = landing_drm(t, approach(B4, P("4E7"), 5))
    assert drm == -2 + 2
    assert [e.value for e in events] == [-2, 2]


def test_a_hill_is_an_obstacle_relative_to_the_ilh_base_level() -> None:
    t = terrain(F6=HexTerrain(base_level=1), G6=HexTerrain(base_level=2, terrain="woods", obstacle=1))
    drm, events = landing_drm(t, approach(B4, P("4E7"), 5))
    assert drm == 0 + 3  # F6 is a level-1 hill: no clear hex; highest Obstacle is 3 levels up (G6)
    assert events[-1].cause == "Obstacle 3 levels above the ILH's Base Level in 4G6"
    # the same hill does not count for an ILH that is itself on level 1
    t2 = t.set_hex(P("4E7"), HexTerrain(base_level=1))
    assert landing_drm(t2, approach(B4, P("4E7"), 5))[0] == -1 + 2


def test_obstacle_top_counts_blazes_not_half_levels() -> None:
    assert obstacle_top(HexTerrain(base_level=1, obstacle=0.5)) == 1
    assert obstacle_top(HexTerrain(obstacle=0.5, blaze=2)) == 2
    assert obstacle_top(HexTerrain(terrain="building", base_level=1, obstacle=2)) == 3


def test_all_clear_avenue() -> None:
    drm, events = landing_drm(Terrain(), approach(B4, P("4E7"), 5))
    assert drm == -5 and len(events) == 1


@pytest.mark.parametrize("colored,white,expected", [(1, 6, (0, "lands in its ILH")), (-2, 1, (0, "lands in its ILH")),
                                                     (3, 4, (-2, "overshoots by 2")), (4, 3, (3, "short by 3")), (2, 1, (1, "short by 1"))])
def test_landing_hex(colored: int, white: int, expected: tuple[int, str]) -> None:
    a = approach(B4, P("4E7"), 5)
    assert landing_hex(a, colored, white) == expected


def test_overshoot_lands_ahead_of_the_ilh() -> None:
    g = game()
    start(g)
    ev = g.apply({"type": "dice", "values": [6, 5]})  # -5 drm -> 1: lands in ILH
    assert ev[-1].cause == "Final colored dr 1, white dr 5: lands in its ILH: lands in 4E7"
    g2 = game(F6=HexTerrain("woods", obstacle=1))
    start(g2)
    ev = g2.apply({"type": "dice", "values": [2, 4]})  # drm +1 -> 3: overshoots by 2, on toward the SW
    assert ev[-1].cause == "Final colored dr 3, white dr 4: overshoots by 2: lands in 4C8"


# ---------------------------------------------------------------- E8.23 / E8.231 / E8.232 / E8.24
def crash(t: Terrain, k: int = 0, **kw: Any) -> tuple[int, list[str]]:
    a = approach(B4, P("4E7"), 5)
    flags = {"damaged": False, "night": False, "gusts": False}
    flags.update(kw)
    total, events = crash_drm(t, a, k, **flags)
    return total, [e.cause for e in events]


@pytest.mark.parametrize(
    "hex_terrain,drm",
    [(HexTerrain(), 0), (HexTerrain("marsh"), 1), (HexTerrain("orchard", obstacle=0.5), 2), (HexTerrain("graveyard"), 2),
     (HexTerrain("depression"), 2), (HexTerrain("woods", obstacle=1), 3), (HexTerrain("building", obstacle=1), 3),
     (HexTerrain("rubble"), 3), (HexTerrain("crag", obstacle=0.5), 3), (HexTerrain("swamp"), 4),
     (HexTerrain(shellholes=True), 1), (HexTerrain(trench=True), 1), (HexTerrain("water", water=Water("river", fordable=True)), 1),
     (HexTerrain("woods", obstacle=1, shellholes=True), 4)],
)
def test_crash_drm_by_terrain(hex_terrain: HexTerrain, drm: int) -> None:
    assert crash(terrain(E7=hex_terrain))[0] == drm


def test_crash_conditions_are_cumulative() -> None:
    total, causes = crash(Terrain(), 1, damaged=True, night=True, gusts=True)
    assert total == 4
    assert causes == ["not landing in its final ILH", "glider is Damaged", "night landing", "landing during Gusts"]


def test_vehicle_wreck_glider_drm_capped_at_one() -> None:
    t = terrain(E7=HexTerrain(occupants=("vehicle", "wreck", "glider", "glider")))
    total, causes = crash(t)
    assert total == 1 and causes == ["Location contains a vehicle/wreck/previously-landed glider (at most +1)"]


def test_hexside_drm_only_for_the_hexside_crossed_on_entry() -> None:
    e7 = P("4E7")
    # the glider flies SW along the grain and enters E7 across its NE hexside (from F6)
    t = Terrain({}, {Hexside.of(e7, 1): frozenset({"wall"}), Hexside.of(e7, 3): frozenset({"hedge"}),
                     Hexside.of(e7, 0): frozenset({"cliff"})})
    total, causes = crash(t)
    assert total == 2 and causes == ["crossing a wall hexside entering 4E7 (E8.231)"]
    t2 = Terrain({}, {Hexside.of(e7, 1): frozenset({"bocage", "crest"})})
    assert crash(t2)[0] == 3


def test_blind_hex_behind_a_full_level_obstacle_but_not_bocage() -> None:
    a = approach(B4, P("4E7"), 5)
    t = terrain(F6=HexTerrain("woods", obstacle=1))
    assert is_blind_hex(t, a, 0) == (True, "4F6")
    assert crash(t)[0] == 3
    assert is_blind_hex(terrain(F6=HexTerrain("orchard", obstacle=0.5)), a, 0) == (False, "")
    # a landing hex on a level-1 hill is not blind behind level-1 woods
    t2 = terrain(F6=HexTerrain("woods", obstacle=1), E7=HexTerrain(base_level=1))
    assert is_blind_hex(t2, a, 0) == (False, "")
    # bocage is a hexside: it never makes a Blind Hex here
    t3 = Terrain({}, {Hexside.of(P("4F6"), 0): frozenset({"bocage"})})
    assert is_blind_hex(t3, a, 0) == (False, "")


def test_water_blaze_bridge_minefield_hazards() -> None:
    a = approach(B4, P("4E7"), 5)  # facing SW: the Avenue lies along the NE-SW axis (1)
    river = Water("river")
    assert hazard(terrain(E7=HexTerrain("water", water=river)), a, 0)[0] == "eliminated"
    assert hazard(terrain(E7=HexTerrain("water", water=Water("river", frozen=True))), a, 0)[0] == ""
    assert hazard(terrain(E7=HexTerrain("water", water=Water("river", fordable=True))), a, 0)[0] == ""
    assert hazard(terrain(E7=HexTerrain("woods", obstacle=1, blaze=2)), a, 0) == ("eliminated", "lands in a Blaze")
    assert hazard(terrain(E7=HexTerrain("water", water=river, bridge=Bridge(1))), a, 0)[0] == "bridge"
    assert hazard(terrain(E7=HexTerrain("water", water=river, bridge=Bridge(0))), a, 0)[0] == "eliminated"
    assert hazard(terrain(E7=HexTerrain("water", water=river, bridge=Bridge(1, foot=True))), a, 0)[0] == "eliminated"
    assert hazard(terrain(E7=HexTerrain(minefield=6)), a, 0)[0] == "minefield"


def test_a_bridge_painted_with_the_map_editor_is_the_bridge_the_hazard_reads() -> None:
    """The editor's bridge tool sends ``set: {bridge: {axis, foot}}`` (``null`` takes it away):
    recorded on the painted hex, logged, and read by E8.232 as a bridge printed on a board is."""
    g = game(E7=HexTerrain("water", water=Water("river")))
    a = approach(B4, P("4E7"), 5)  # the Avenue along the NE-SW axis (1)

    def paint(bridge: dict[str, Any] | None) -> str:
        g.apply({"type": "edit", "op": "hex", "hex": "4E7", "set": {"bridge": bridge}})
        return hazard(g.state.terrain, a, 0)[0]

    assert paint({"axis": 1}) == "bridge" and g.state.terrain.at(P("4E7")).bridge == Bridge(1)
    assert g.events()[-1].cause == "4E7 now: Water, level 0, river, bridge along NE–SW"  # in words (test_edit_words)
    assert paint({"axis": 1, "foot": True}) == "eliminated"  # a footbridge bears no glider
    assert paint({"axis": 0}) == "eliminated"  # across the Avenue
    assert paint(None) == "eliminated" and g.state.terrain.at(P("4E7")).bridge is None
    with pytest.raises(ActionError, match="bridge axis must be 0"):
        paint({"axis": 3})


def test_landing_in_a_river_eliminates_glider_and_contents() -> None:
    g = game(E7=HexTerrain("water", water=Water("river")))
    start(g)
    ev = g.apply({"type": "dice", "values": [1, 1]})
    assert ev[-1].cause == "glider lands in a river (non-frozen, non-fordable Water Obstacle): eliminated with all its contents"
    assert g.state.outcomes[-1]["status"] == "eliminated" and g.waiting_for() is None
    assert g.state.counters.kinds_at(P("4E7")) == frozenset()


def test_landing_on_a_parallel_bridge_takes_the_bridge_drm() -> None:
    g = game(E7=HexTerrain("water", water=Water("river"), bridge=Bridge(1)))
    start(g)
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [3]})
    assert [(e.value, e.cause) for e in ev if e.kind == "modifier"] == [(3, "landing on the bridge in 4E7")]
    assert ev[-1].cause == "Final Crash dr 6: ≤ 6: lands safely"


def test_minefield_attack_result_is_entered() -> None:
    g = game(E7=HexTerrain(minefield=6))
    start(g)
    g.apply({"type": "dice", "values": [1, 1]})
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.232" and "minefield: Damaged" in p.options
    g.apply({"type": "choose", "choice": "minefield: Damaged"})
    ev = g.apply({"type": "dice", "values": [5]})  # +1 Damaged -> 6: safe
    assert ev[-1].cause == "Final Crash dr 6: ≤ 6: lands safely"


@pytest.mark.parametrize("final,effect", [(0, "safe"), (6, "safe"), (7, "damaged"), (8, "eliminated"), (11, "eliminated")])
def test_crash_effect(final: int, effect: str) -> None:
    assert crash_effect(final) == effect


def test_crash_of_eight_leaves_an_unarmed_truck_wreck() -> None:
    g = game(E7=HexTerrain("swamp"))
    start(g)
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [4]})  # +4 swamp -> 8
    assert ev[-2].cause.startswith("Final Crash dr 8: ≥ 8: crashes and is eliminated")
    assert "unarmed truck wreck" in ev[-1].cause
    assert g.state.counters.kinds_at(P("4E7")) == {"wreck"}  # a marker on the map (E8.24)
    assert g.state.outcomes[-1]["status"] == "eliminated"


def test_crash_of_seven_damages_and_applies_e8_41() -> None:
    g = game(E7=HexTerrain("woods", obstacle=1))
    start(g, passengers=[{"name": "4-6-7", "pp": 10, "reduces_to": "2-4-7"}, {"name": "crew", "kind": "crew", "inherent_crew": True}])
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [4]})  # +3 woods -> 7: Damaged
    assert any(e.cause == "glider is Damaged" for e in ev)
    g.apply({"type": "choose", "choice": "no Final Fire"})
    p = g.waiting_for()
    assert p is not None and p.dice is not None and [d.name for d in p.dice.dice] == ["4-6-7"]  # inherent crew exempt
    ev = g.apply({"type": "dice", "values": [3]})
    assert [e.cause for e in ev if e.kind == "result"][1:3] == ["4-6-7 suffers Casualty Reduction: Reduced to a 2-4-7", "2-4-7 takes a NMC"]


# ---------------------------------------------------------------- E8.21 / E8.211 / E8.41
@pytest.mark.parametrize("final,kill,res", [(6, 6, "damaged"), (7, 6, "evasive"), (8, 6, "no effect"), (5, 6, "eliminated")])
def test_light_aa_result(final: int, kill: int, res: str) -> None:
    assert light_aa_result(final, kill) == res
    assert light_aa_result(3, 6, below="damaged") == "damaged"


def test_rof() -> None:
    assert retains_rof(1, 2) and retains_rof(2, 2) and not retains_rof(3, 2) and not retains_rof(1, 0)


def test_one_evasive_action_per_ilh_however_often_shot() -> None:
    g = game()
    start(g, ilh="4H5", aa=[{"name": "A", "kill": 6}, {"name": "B", "kill": 6}])
    g.apply({"type": "choose", "choice": "A fires"})
    g.apply({"type": "dice", "values": [2, 4]})  # 6 +1 = 7: evasive
    g.apply({"type": "choose", "choice": "B fires"})
    g.apply({"type": "dice", "values": [3, 3]})  # 7: evasive again, still one Evasive Action DR
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.211"
    ev = g.apply({"type": "dice", "values": [4, 1]})
    assert "new ILH 4H5 -> 4H6" in ev[-1].cause
    # neither AA gun retained ROF: the glider now lands
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.22"


def test_damaged_twice_is_eliminated_with_all_aboard() -> None:
    g = game()
    start(g, ilh="4H5", aa=[{"name": "A", "kill": 6}, {"name": "B", "kill": 6}])
    g.apply({"type": "choose", "choice": "A fires"})
    g.apply({"type": "dice", "values": [2, 3]})  # 6: Damaged
    g.apply({"type": "choose", "choice": "B fires"})
    ev = g.apply({"type": "dice", "values": [4, 1]})  # 6: Damaged again
    assert ev[-1].cause == "glider was already Damaged: eliminated with all aboard"
    assert g.waiting_for() is None and g.state.outcomes[-1]["status"] == "eliminated"


def test_final_dr_below_kill_number_shoots_the_glider_down() -> None:
    g = game()
    start(g, aa=[{"name": "A", "kill": 8}])
    g.apply({"type": "choose", "choice": "A fires"})
    ev = g.apply({"type": "dice", "values": [1, 1]})
    assert "below the Kill Number" in ev[2].cause and g.state.outcomes[-1]["status"] == "eliminated"


def test_final_fire_damage_then_elimination() -> None:
    g = game()
    start(g)
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    ev = g.apply({"type": "choose", "choice": "Final Fire: eliminated"})
    assert g.state.counters.kinds_at(P("4E7")) == {"wreck"}
    assert ev[0].rule == "E8.3"


def test_random_selection_and_casualty_reduction() -> None:
    assert random_selection([3, 5, 2]) == [1]
    assert random_selection([4, 4, 1]) == [0, 1]
    assert casualty_reduction(Passenger("7-4-7", "squad", reduces_to="3-3-7"))[0] == "reduced"
    assert casualty_reduction(Passenger("8-1", "leader"))[0] == "wounded"
    assert casualty_reduction(Passenger("2-2-8", "crew"))[0] == "eliminated"


def test_secret_manifest_is_not_in_the_log_until_the_afph() -> None:
    g = game()
    start(g, passengers=[{"name": "7-4-7", "pp": 10}])
    assert not any("7-4-7" in line for line in g.log_lines())
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "choose", "choice": "no Final Fire"})
    assert g.log_lines()[-1].endswith("AFPh: the contents of glider are placed in 4E7: 7-4-7")


def test_approach_offboard_mixed_avenue() -> None:
    # ILH 4P9 facing NE: its Avenue runs SW; O10 is on board, N10 and beyond are off
    a = Approach(B4, P("4P9"), 1)
    assert [B4.name(h) for h in a.avenue()] == ["4O10", "4N10", "4M11", "4L11", "4K12"]
    assert [B4.name(h) for h in a.avenue_terrain()] == ["4O10", "4N10", "4S8", "4T7", "4U7"]


def test_sw_and_guns_should_be_carried_dm_without_naming_them() -> None:
    g = game()
    start(g, passengers=[{"name": "MMG", "kind": "sw", "pp": 4, "dm": False}, {"name": "LMG", "kind": "sw", "pp": 2}])
    causes = [e.cause for e in g.events() if e.rule == "E8.1"]
    assert causes[1] == "1 SW/Gun(s) aboard not dismantled: all SW/Guns in a glider must be dm if possible"
    assert not any("MMG" in line for line in g.log_lines())
