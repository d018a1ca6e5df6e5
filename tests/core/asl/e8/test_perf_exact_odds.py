"""Issue #15: the fast exact odds (E8 glider Light AA chain, E7 strafing Light AA) equal a plain
brute-force count of the same rule functions; the glider's outcomes sum to exactly 1."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from airhead.asl.e7.anti_aircraft import aircraft_aa_result, light_aa_result, retains_rof
from airhead.asl.e8.gliders import AAFirer, table
from airhead.asl.e8.gliders_landings import Enumerator
from airhead.asl.e8.gliders_odds import glider_odds
from airhead.asl.e8.random_location import random_location
from airhead.asl.e7.strafing_odds import aa_odds
from airhead.asl.e7.strafing_procedures import Strafing
from airhead.boards import HexMap
from airhead.hexes import Hex, from_asl_direction
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HexTerrain, Terrain, Water

from playing import at

DICE = [(c, w) for c in range(1, 7) for w in range(1, 7)]
B4 = HexMap.asl([["4"]])
P = B4.parse
SW = from_asl_direction(5)
TERRAIN = Terrain({
    P("4H5"): HexTerrain("woods", obstacle=1),
    P("4F6"): HexTerrain("orchard", obstacle=0.5),
    P("4D7"): HexTerrain("water", water=Water("river")),
    P("4G6"): HexTerrain(shellholes=True),
})


def brute_glider(ilh: Hex, aa: list[AAFirer], depth: int, below: str = "eliminated") -> dict[tuple[str, Hex | None], Fraction]:
    """Every die of every shot and Evasive Action followed one path at a time (no sharing), the
    chain cut at ``depth`` Evasive Actions; what goes further is reported as ("more", None)."""
    enum = Enumerator(TERRAIN, B4, SW, night=False, gusts=False)
    aerial = int(table()["aerial_drm"])
    out: dict[tuple[str, Hex | None], Fraction] = {}

    def put(key: tuple[str, Hex | None], p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    def fly(at: Hex, dmg: bool, left: tuple[bool, ...], n: int, p: Fraction, i: int, evade: bool) -> None:
        if i < len(aa):
            if not left[i]:
                return fly(at, dmg, left, n, p, i + 1, evade)
            for c, w in DICE:
                shot = light_aa_result(c + w + aerial + aa[i].drm, aa[i].kill, below)
                if shot == "eliminated" or (shot == "damaged" and dmg):
                    put(("eliminated", None), p / 36)
                    continue
                nl = left[:i] + (retains_rof(c, aa[i].rof),) + left[i + 1:]
                fly(at, dmg or shot == "damaged", nl, n, p / 36, i + 1, evade or shot in ("damaged", "evasive"))
            return None
        if not evade:
            for (res, h), k in enum.landing(at, dmg).items():
                put((res, h), p * k / 216)
        elif n >= depth:
            put(("more", None), p)
        else:
            for c, w in DICE:
                fly(random_location(at, c, w), dmg, left, n + 1, p / 36, 0, False)
        return None

    fly(ilh, False, tuple(True for _ in aa), 0, Fraction(1), 0, False)
    return out


def test_glider_odds_equal_the_brute_force_count_and_sum_to_exactly_one() -> None:
    aa = [AAFirer("FlaK", kill=7, rof=1), AAFirer("MG", kill=6, rof=0)]
    for ilh in ("4H6",):
        brute = brute_glider(P(ilh), aa, depth=1)
        odds = glider_odds(TERRAIN, B4, P(ilh), SW, aa=aa, max_evasive=1)
        assert sum(odds.outcomes.values()) == 1
        # every landing within one Evasive Action is counted alike, hex by hex
        for h, p in odds.landing.items():
            assert p == sum((v for (res, hx), v in brute.items() if hx == h), Fraction(0))
        for res in ("safe_ilh", "safe_elsewhere", "damaged", "offboard"):
            assert odds.outcomes[res] == sum((v for (r, _), v in brute.items() if r == res), Fraction(0))
        # the chain beyond: shot down later is counted exactly, the rest lands later
        assert odds.outcomes["eliminated"] + odds.outcomes["unresolved"] == brute[("eliminated", None)] + brute[("more", None)] + \
            sum((v for (r, hx), v in brute.items() if r == "eliminated" and hx is not None), Fraction(0))
        assert odds.outcomes["unresolved"] < brute[("more", None)]


def test_shot_down_later_is_exact_however_long_the_chain() -> None:
    # ROF 6: the weapon fires in every ILH; Kill 7 (+1 Aerial DRM): DR <= 5 shot down (10/36),
    # 6 Damaged and Evasive (5/36), 7 Evasive (6/36), else no effect. Shot down from intact (A)
    # and from Damaged (B), however many ILHs: B = 15/36 + 6/36 B = 1/2 (a second Damage
    # eliminates), A = 10/36 + 5/36 B + 6/36 A = 5/12.
    m = HexMap.asl([["1", "2"], ["3", "4"]])
    for depth in (0, 1, 2):
        odds = glider_odds(Terrain(), m, m.parse("1GG10"), SW, aa=[AAFirer("FlaK", kill=7, rof=6)], max_evasive=depth)
        crashed = sum((p for (h, p) in odds.landing.items()), Fraction(0))
        assert sum(odds.outcomes.values()) == 1
        # open ground: a landing Damaged glider crashes only on a 6; the air part alone is exact
        assert odds.outcomes["eliminated"] >= Fraction(5, 12)
        assert crashed + odds.outcomes["unresolved"] + Fraction(5, 12) == 1


def test_the_default_chain_stops_when_nothing_fires_again() -> None:
    # no ROF: at most one Evasive Action, everything is worked out, nothing left over
    odds = glider_odds(TERRAIN, B4, P("4E7"), SW, aa=[AAFirer("20L", kill=7), AAFirer("MG", kill=6)])
    assert odds.outcomes["unresolved"] == 0 and sum(odds.outcomes.values()) == 1


# ------------------------------------------------------------------------------ E7 strafing
def brute_strafing(g: Any, below: str) -> list[tuple[Fraction, Fraction, Fraction]]:
    """The joint chain over (aircraft state, every firer's ROF), as simple as it gets."""
    dist: dict[tuple[int, tuple[bool, ...]], Fraction] = {(1 if g.plane.damaged else 0, tuple(True for _ in g.aa)): Fraction(1)}
    out = []
    for _ in g.run.stops:
        decide = Fraction(0)
        for i, f in enumerate(g.aa):
            nxt: dict[tuple[int, tuple[bool, ...]], Fraction] = {}
            for (s, left), w in dist.items():
                if s == 2 or not left[i]:
                    nxt[(s, left)] = nxt.get((s, left), Fraction(0)) + w
                    continue
                for c, wh in DICE:
                    res = aircraft_aa_result(c + wh, c + wh + g.aerial_drm + f.drm, f.kill, below)
                    if res in ("one more", "unlikely kill"):
                        decide += w / 36
                    ns = 2 if res == "eliminated" or (res == "damaged" and s == 1) else 1 if res == "damaged" else s
                    key = (ns, left[:i] + (retains_rof(c, f.rof),) + left[i + 1:])
                    nxt[key] = nxt.get(key, Fraction(0)) + w / 36
            dist = nxt
        out.append((sum((w for (s, _), w in dist.items() if s == 2), Fraction(0)),
                    sum((w for (s, _), w in dist.items() if s == 1), Fraction(0)), decide))
    return out


def strike(aa: list[dict[str, Any]], damaged: bool = False) -> Any:
    sc = Scenario("t", "asl", B4, Terrain(), {})
    g0 = new_game(sc, "o", at("MPh"))
    proc = g0.system.procedure("asl.strafing")
    assert isinstance(proc, Strafing)
    params = {"target": "4G6", "grain": 2, "aircraft": "FB", "aa": aa,
              "units": [{"name": "4-6-7", "hex": "4G6", "sight_new_hex": True, "sight_unconcealed": True}]}
    plan = proc.plan(g0.state, proc.read(g0.state, params))
    if damaged:
        from dataclasses import replace
        plan = replace(plan, plane=replace(plan.plane, damaged=True))
    return plan


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 12), st.integers(0, 6), st.integers(-2, 2)), min_size=1, max_size=3),
       st.booleans(), st.sampled_from(["eliminated", "damaged"]))
def test_strafing_aa_odds_equal_the_joint_chain(firers: list[tuple[int, int, int]], damaged: bool, below: str) -> None:
    g = strike([{"name": f"AA{i}", "hex": "4L4", "kill": k, "rof": r, "drm": d} for i, (k, r, d) in enumerate(firers)], damaged)
    assert aa_odds(g, below) == brute_strafing(g, below)
