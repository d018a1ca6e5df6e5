"""ASL E8 Gliders: both worked examples of the seed, reproduced step by step."""

from __future__ import annotations

from typing import Any

from airhead.asl.e8.gliders import Approach, approach, landing_drm
from airhead.boards import HexMap
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain

B4 = HexMap.asl([["4"]])


def board4(**hexes: HexTerrain) -> Scenario:
    terrain = Terrain({B4.parse(f"4{k}"): v for k, v in hexes.items()})
    return Scenario("E8 example", "asl", B4, terrain, {"weather": "Clear", "wind": 5})


def names(hs: list[Any]) -> list[str]:
    return [B4.name(h) for h in hs]


WOODS = HexTerrain("woods", obstacle=1)


# --------------------------------------------------------------------- E8.221 EX (offboard)
def test_e8_221_example_offboard_avenue_of_p10() -> None:
    # "A glider's ILH is 4P10, with an Avenue of Approach of hypothetical K13 to O11. The terrain
    # in the preceding five hexes ... is equivalent to U8, T8, S9, R9 and Q10 in that order."
    sc = board4(U8=WOODS, R7=WOODS)
    appr = approach(B4, B4.parse("4P10"), 2)  # the glider faces NE; its Avenue runs SW
    assert names(appr.avenue()) == ["4O11", "4N11", "4M12", "4L12", "4K13"]
    assert names(appr.avenue_terrain()) == ["4Q10", "4R9", "4S9", "4T8", "4U8"]
    # "-3 drm: -4 [four consecutive hexes clear] + 1 [Level 1 Obstacle in U8]"
    drm, events = landing_drm(sc.terrain, appr)
    assert drm == -3
    assert [(e.value, e.cause) for e in events if e.kind == "modifier"] == [
        (-4, "4 consecutive hexes clear of Obstacles: 4Q10, 4R9, 4S9, 4T8"),
        (1, "Obstacle 1 level above the ILH's Base Level in 4U8"),
    ]


def test_e8_221_example_evasive_action_to_offboard_p12() -> None:
    # "... rolls a 6 DR (4 on the colored dr), resulting in a change of two hexes in direction 4
    # to hypothetical offboard hex P12. P12 is equivalent to the terrain in P8 and its Avenue of
    # Approach is equivalent to the terrain in U6, T6, S7, R7 and Q8 in that order. Its Landing DR
    # is not subject to any colored drm (-1 [one hex clear] + 1 [Level 1 Obstacle in R7] = 0)."
    sc = board4(U8=WOODS, R7=WOODS)
    g = new_game(sc, "ex", [
        {"type": "start", "procedure": "asl.glider_landing",
         "params": {"ilh": "4P10", "wind": 2, "aa": [{"name": "20L AA", "kill": 6}]}},
        {"type": "choose", "choice": "20L AA fires"},
        {"type": "dice", "values": [1, 5]},  # Final DR 7 = Kill Number + 1 -> Evasive Action
    ])
    # the AA gun has no ROF, so no Light AA fire remains: Evasive Action follows at once
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.211"
    ev = g.apply({"type": "dice", "values": [4, 2]})
    assert ev[-1].cause.startswith("2 hexes in direction 4: new ILH 4P10 -> 4P12 (offboard: E8.221)")
    appr = Approach(B4, B4.parse("4P12", allow_offboard=True), 1)
    assert B4.name(appr.anchor) == "4P8"
    assert names(appr.avenue_terrain()) == ["4Q8", "4R7", "4S7", "4T6", "4U6"]
    drm, events = landing_drm(sc.terrain, appr)
    assert drm == 0
    assert [(e.value, e.cause) for e in events if e.kind == "modifier"] == [
        (-1, "1 consecutive hex clear of Obstacles: 4Q8"),
        (1, "Obstacle 1 level above the ILH's Base Level in 4R7"),
    ]
    # the procedure computes the same when the glider lands there (colored 1: in its ILH, offboard)
    ev = g.apply({"type": "dice", "values": [1, 3]})
    assert [e.value for e in ev if e.kind == "modifier"] == [-1, 1]
    assert any(e.cause == "offboard Avenue of Approach uses on-board terrain: 4O13≡4Q8, 4N13≡4R7, 4M14≡4S7, 4L14≡4T6, 4K15≡4U6" for e in ev)
    assert ev[-2].cause == "Final colored dr 1, white dr 3: lands in its ILH: lands in 4P12"
    assert ev[-1].cause == "offboard landing hex 4P12 uses the terrain of 4P8"
    ev = g.apply({"type": "dice", "values": [2]})
    assert [e.cause for e in ev if e.kind == "modifier"] == []
    assert ev[1].cause == "Final Crash dr 2: ≤ 6: lands safely"
    assert ev[2].rule == "E8.5" and "re-enter" in ev[2].cause
    assert ev[3].cause == "AFPh: the contents of glider are revealed offboard: no Passengers"
    assert g.waiting_for() is None and g.state.outcomes[-1]["on_board"] is False


# --------------------------------------------------------------------- the long E8 EX
def test_e8_long_example_step_by_step() -> None:
    # The glider contains a 7-4-7, 8-1 and a dm MMG, in its ILH 4C9 with an Avenue of Approach
    # D8-H6 (facing Wind Direction 5). The FlaK in AA mode in H5 (a level-1 Obstacle) fires.
    sc = board4(H5=WOODS)
    params = {
        "name": "Glider 1", "ilh": "4C9", "wind": 5, "nationality": "U.S.",
        "passengers": [
            {"name": "7-4-7", "kind": "squad", "pp": 10, "reduces_to": "3-3-7"},
            {"name": "8-1", "kind": "leader", "pp": 0},
            {"name": "MMG", "kind": "sw", "pp": 4},
        ],
        "aa": [{"name": "FlaK", "kill": 6, "rof": 2}],
    }
    g = new_game(sc, "long-ex")
    ev = g.apply({"type": "start", "procedure": "asl.glider_landing", "params": params})
    assert ev[-1].cause == "Glider 1 placed in ILH 4C9 facing Wind Direction 5; Avenue of Approach 4D8, 4E8, 4F7, 4G7, 4H6"
    assert g.log_lines()[0] == "#1 start Glider landing (E8): Glider 1 in ILH 4C9, facing 5, 3 Passengers (secret until the AFPh)"
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.21" and p.options == ("FlaK fires", "no more AA fire")

    # 6 Original DR (1 colored dr to retain its Multiple ROF) -> Final 7 with the +1 Aerial DRM
    g.apply({"type": "choose", "choice": "FlaK fires"})
    ev = g.apply({"type": "dice", "values": [1, 5]})
    assert [e.render() for e in ev] == [
        "E8.21    roll      Light AA by FlaK: Original DR 6 (colored 1, white 5)",
        "E8.21    modifier  +1  glider's Aerial DRM",
        "E8.21    result    Final DR 7 vs ★ Vehicle Kill Number 6: one more than the Kill Number: Evasive Action",
        "E8.21    info      FlaK retains Multiple ROF (colored dr 1, ROF 2)",
    ]
    g.apply({"type": "choose", "choice": "no more AA fire"})
    # Random Location DR 2 -> new ILH C8
    ev = g.apply({"type": "dice", "values": [1, 1]})
    assert "new ILH 4C9 -> 4C8" in ev[-1].cause

    # retained ROF: fires again, Original 5 -> Final 6 = Kill Number: Damaged + Evasive Action
    g.apply({"type": "choose", "choice": "FlaK fires"})
    ev = g.apply({"type": "dice", "values": [1, 4]})
    assert ev[2].cause == "Final DR 6 vs ★ Vehicle Kill Number 6: equals the Kill Number: Damaged, then Evasive Action"
    assert any(e.cause == "Glider 1 is Damaged (Wound counter)" for e in ev)
    g.apply({"type": "choose", "choice": "no more AA fire"})
    # Random Location DR 4 (2 on the colored dr) -> E7
    ev = g.apply({"type": "dice", "values": [2, 2]})
    assert "new ILH 4C8 -> 4E7" in ev[-1].cause
    assert "Avenue of Approach 4F6, 4G6, 4H5, 4I5, 4J4" in ev[-1].cause

    # no additional Defensive First Fire in E7
    g.apply({"type": "choose", "choice": "no more AA fire"})
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.22"
    # Original Landing DR 6 (4 on the colored dr); -2 (F6, G6 clear) +1 (H5) = -1 -> 3; white 2: short by 2 -> G6
    ev = g.apply({"type": "dice", "values": [4, 2]})
    assert [(e.value, e.cause) for e in ev if e.kind == "modifier"] == [
        (-2, "2 consecutive hexes clear of Obstacles: 4F6, 4G6"),
        (1, "Obstacle 1 level above the ILH's Base Level in 4H5"),
    ]
    assert ev[-1].cause == "Final colored dr 3, white dr 2: short by 2: lands in 4G6"

    # Crash dr +5: +1 Damaged, +1 not in final ILH, +3 Blind Hex; Original 1 -> Final 6: safe
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.23"
    ev = g.apply({"type": "dice", "values": [1]})
    mods = [(e.value, e.cause) for e in ev if e.kind == "modifier"]
    assert sorted(v for v, _ in mods) == [1, 1, 3] and sum(v for v, _ in mods) == 5
    assert (3, "4G6 is a Blind Hex behind the Obstacle in 4H5") in mods
    assert ev[-1].cause == "Final Crash dr 6: ≤ 6: lands safely"

    # not fired upon during Final Fire
    g.apply({"type": "choose", "choice": "no Final Fire"})
    # AFPh: the 7-4-7 (determined by Random Selection) suffers Casualty Reduction;
    # the resulting 3-3-7 HS and the leader each take a NMC; the MMG malfunctions (E8.41)
    p = g.waiting_for()
    assert p is not None and p.rule == "E8.41" and p.dice is not None
    assert [d.name for d in p.dice.dice] == ["7-4-7", "8-1"]
    ev = g.apply({"type": "dice", "values": [5, 2]})
    results = [e.cause for e in ev if e.kind == "result"]
    assert results == [
        "selected for Casualty Reduction: 7-4-7",
        "MMG has malfunctioned (repair normally, or eliminated if it cannot be repaired)",
        "7-4-7 suffers Casualty Reduction: Reduced to a 3-3-7",
        "3-3-7 takes a NMC",
        "8-1 takes a NMC",
        "AFPh: the contents of Glider 1 are placed in 4G6: 7-4-7, 8-1, MMG",
    ]
    assert g.waiting_for() is None
    out = g.state.outcomes[-1]
    assert out["hex"] == "4G6" and out["status"] == "damaged" and out["ilhs"] == ["4C9", "4C8", "4E7"]
    assert out["reduced"] == ["7-4-7"]
    # the landed glider and its contents are units on the map; the glider stays Damaged
    glider, *contents = g.state.counters.units_at(B4.parse("4G6"))
    assert glider.kind == "glider" and glider.status == {"damaged"}
    assert [(u.name, set(u.status)) for u in contents] == [("3-3-7", {"reduced"}), ("8-1", set()), ("MMG", {"malfunctioned"})]
