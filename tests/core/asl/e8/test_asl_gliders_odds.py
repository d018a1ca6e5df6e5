"""Exact odds of a glider landing: the same rule functions, counted exactly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from airhead.asl.e8.gliders import AAFirer
from airhead.asl.e8.gliders_odds import glider_odds, heatmap
from airhead.boards import HexMap
from airhead.hexes import from_asl_direction
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain, Water

B4 = HexMap.asl([["4"]])
P = B4.parse
SW = from_asl_direction(5)  # the glider faces ASL Wind Direction 5
TERRAIN = Terrain({
    P("4H5"): HexTerrain("woods", obstacle=1),
    P("4F6"): HexTerrain("orchard", obstacle=0.5),
    P("4D7"): HexTerrain("water", water=Water("river")),
    P("4G6"): HexTerrain(shellholes=True),
})


def play_every_outcome(ilh: str, wind: int) -> tuple[Counter[str], Counter[str]]:
    """Resolve the landing through the real procedure for all 36 × 6 dice outcomes."""
    sc = Scenario("t", "asl", B4, TERRAIN, {"weather": "Clear"})
    outcomes: Counter[str] = Counter()
    hexes: Counter[str] = Counter()
    start = {"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": ilh, "wind": wind}}
    for c in range(1, 7):
        for w in range(1, 7):
            base = new_game(sc, "x", [start, {"type": "dice", "values": [c, w]}])
            for crash in range(1, 7):
                g = new_game(sc, "x", base.actions)
                if g.waiting_for() is not None:
                    g.apply({"type": "dice", "values": [crash]})
                out = g.state.outcomes[-1] if g.waiting_for() is None else None
                if out is None:  # waiting for Final Fire: the glider is down
                    g.apply({"type": "choose", "choice": "no Final Fire"})
                    out = g.state.outcomes[-1]
                status = out["status"]
                if status == "eliminated":
                    key = "eliminated"
                elif not out["on_board"]:
                    key = "offboard"
                elif status == "damaged":
                    key = "damaged"
                else:
                    key = "safe_ilh" if out["hex"] == out["ilh"] else "safe_elsewhere"
                outcomes[key] += 1
                hexes[out["hex"]] += 1
    return outcomes, hexes


def test_odds_equal_playing_every_dice_outcome_through_the_procedure() -> None:
    for ilh, wind in (("4E7", 5), ("4P10", 2), ("4A5", 3)):
        odds = glider_odds(TERRAIN, B4, P(ilh, allow_offboard=True), from_asl_direction(wind))
        played, hexes = play_every_outcome(ilh, wind)
        expected = {k: Fraction(v, 216) for k, v in played.items()}
        assert {k: v for k, v in odds.outcomes.items() if v} == expected
        assert {B4.name(h): p for h, p in odds.landing.items()} == {h: Fraction(n, 216) for h, n in hexes.items()}


def test_odds_with_light_aa_exactly() -> None:
    # Kill Number 7 (+1 Aerial DRM): DR ≤ 5 shoots it down (10/36), DR 6 Damages it (5/36),
    # DR 7 forces Evasive Action (6/36), DR ≥ 8 no effect (15/36). With open ground all round the
    # glider lands in whatever ILH it ends in; Damaged, its Crash dr is +1 (a 6 → 7: eliminated).
    m = HexMap.asl([["1", "2"], ["3", "4"]])
    odds = glider_odds(Terrain(), m, m.parse("1GG10"), SW, aa=[AAFirer("20L", kill=7, rof=0)])
    o = odds.outcomes
    assert o["safe_ilh"] == Fraction(21, 36)
    assert o["damaged"] == Fraction(5, 36) * Fraction(5, 6)
    assert o["eliminated"] == Fraction(10, 36) + Fraction(5, 36) * Fraction(1, 6)
    assert o["unresolved"] == 0 and sum(o.values()) == 1


def test_unresolved_evasive_chains_are_reported_not_hidden() -> None:
    m = HexMap.asl([["1", "2"], ["3", "4"]])
    odds = glider_odds(Terrain(), m, m.parse("1GG10"), SW, aa=[AAFirer("FlaK", kill=7, rof=6)], max_evasive=1)
    assert odds.outcomes["unresolved"] > 0 and sum(odds.outcomes.values()) == 1


def test_heatmap_agrees_with_the_odds() -> None:
    hm = heatmap(TERRAIN, B4, SW)
    assert len(hm) == len(B4.hexes())
    for name in ("4E7", "4C9", "4H6"):
        odds = glider_odds(TERRAIN, B4, P(name), SW)
        o = odds.outcomes
        survive, in_ilh = hm[P(name)]
        assert survive == float(o["safe_ilh"] + o["safe_elsewhere"] + o["damaged"])
        assert in_ilh == float(o["safe_ilh"])
    # a glider aimed at the river hex itself cannot land safely in its ILH
    assert hm[P("4D7")][1] == 0


def test_odds_lines() -> None:
    odds = glider_odds(TERRAIN, B4, P("4E7"), SW)
    lines = odds.lines(B4)
    assert lines[0].startswith("lands safely in its final ILH: ")
    assert any(line.strip().startswith("4E7: ") for line in lines)
