"""Issue #15: the E8 odds live while dragging and the heatmap with Light AA.

Each ILH's landing is memoized across calls (keyed by map, terrain, Wind Direction and Crash dr
settings) and worked out per landing hex where the hex does not depend on the ILH: it must equal
a plain count through the rule functions, hex by hex, everywhere (edges, offboard ILHs, reflected
Avenues, water, bridges, Blazes, hexsides, Blind Hexes). The heatmap with Light AA must equal the
odds of a glider aimed at each hex, and the procedure's heatmap must include the planned AA."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from airhead.asl.e8.gliders import (
    AAFirer,
    Approach,
    crash_effect,
    crash_terms,
    hazard,
    landing_hex,
    landing_terms,
)
from airhead.asl.e8.gliders_landings import Enumerator
from airhead.asl.e8.gliders_odds import clear_cache, glider_odds, heatmap
from airhead.asl.e8.random_location import random_location
from airhead.boards import HexMap
from airhead.hexes import Hex, from_asl_direction
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Bridge, HexTerrain, Terrain, Water

B4 = HexMap.asl([["4"]])
P = B4.parse
SW = from_asl_direction(5)
TERRAIN = (
    Terrain({
        P("4H5"): HexTerrain("woods", obstacle=1),
        P("4F6"): HexTerrain("orchard", obstacle=0.5),
        P("4D7"): HexTerrain("water", water=Water("river")),
        P("4E8"): HexTerrain("water", water=Water("river"), bridge=Bridge(axis=1)),
        P("4F8"): HexTerrain("water", water=Water("stream", fordable=True)),
        P("4G6"): HexTerrain(shellholes=True),
        P("4B3"): HexTerrain("building", obstacle=1, base_level=1),
        P("4C4"): HexTerrain(base_level=2),
        P("4C5"): HexTerrain(base_level=2),
        P("4J3"): HexTerrain(blaze=1),
        P("4K7"): HexTerrain(minefield=6),
        P("4L6"): HexTerrain(trench=True, occupants=("wreck",)),
        P("4A2"): HexTerrain("woods", obstacle=1),
        P("4GG9"): HexTerrain("woods", obstacle=1),
        P("4P10"): HexTerrain("orchard", obstacle=0.5),
    })
    .add_side(P("4E6"), 3, "wall")
    .add_side(P("4G7"), 4, "hedge")
    .add_side(P("4A3"), 1, "cliff")
)
DICE = [(c, w) for c in range(1, 7) for w in range(1, 7)]


def plain_landing(terrain: Terrain, m: HexMap, ilh: Hex, facing: int, damaged: bool, night: bool, gusts: bool,
                  blind: bool | None) -> dict[tuple[str, Hex], int]:
    """One ILH's landing counted the plain way: every Landing DR and Crash dr through the rule
    functions, nothing shared."""
    appr = Approach(m, ilh, facing)
    drm = landing_terms(terrain, appr).drm
    out: dict[tuple[str, Hex], int] = {}
    positions: dict[int, int] = {}
    for colored, white in DICE:
        k, _ = landing_hex(appr, colored + drm, white)
        positions[k] = positions.get(k, 0) + 1
    for k, n in positions.items():
        real = appr.hex_at(k)
        kind, _ = hazard(terrain, appr, k)
        cdrm = 0 if kind == "eliminated" else sum(t[0] for t in crash_terms(
            terrain, appr, k, damaged=damaged, night=night, gusts=gusts, on_bridge=kind == "bridge", blind=blind))
        for crash in range(1, 7):
            if kind == "eliminated":
                res = "eliminated"
            else:
                effect = crash_effect(crash + cdrm)
                if effect == "eliminated" or (effect == "damaged" and damaged):
                    res = "eliminated"
                elif not m.in_play(real):
                    res = "offboard"
                elif effect == "damaged" or damaged:
                    res = "damaged"
                else:
                    res = "safe_ilh" if k == 0 else "safe_elsewhere"
            out[(res, real)] = out.get((res, real), 0) + n
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(-4, 36), st.integers(-12, 30), st.integers(0, 5), st.booleans(), st.booleans(), st.booleans(),
       st.sampled_from([None, True, False]))
def test_memoized_landing_equals_the_plain_count(q: int, r: int, facing: int, damaged: bool, night: bool, gusts: bool,
                                                  blind: bool | None) -> None:
    ilh = Hex(q, r)
    enum = Enumerator(TERRAIN, B4, facing, night=night, gusts=gusts, blind=blind)
    assert enum.landing(ilh, damaged) == plain_landing(TERRAIN, B4, ilh, facing, damaged, night, gusts, blind)


def test_every_ilh_of_a_board_equals_the_plain_count() -> None:
    # every hex in play and a ring beyond the edges, one Wind Direction each way along the grain
    clear_cache()
    for facing in (SW, 1):
        enum = Enumerator(TERRAIN, B4, facing, night=False, gusts=False)
        for h in {n for c in B4.hexes() for n in c.within(1)}:
            for damaged in (False, True):
                assert enum.landing(h, damaged) == plain_landing(TERRAIN, B4, h, facing, damaged, False, False, None), B4.name(h)


def plain_odds(ilh: Hex, aa: list[AAFirer], depth: int) -> dict[str, Fraction]:
    """Every shot and Evasive Action path followed one at a time (as the glider flies), each
    landing counted the plain way; what goes further than ``depth`` Evasive Actions is "more"."""
    from airhead.asl.e8.gliders import light_aa_result, retains_rof, table
    aerial = int(table()["aerial_drm"])
    out: dict[str, Fraction] = {}
    landings: dict[tuple[Hex, bool], dict[tuple[str, Hex], int]] = {}

    def fly(at: Hex, dmg: bool, left: tuple[bool, ...], n: int, p: Fraction, i: int, evade: bool) -> None:
        if i < len(aa):
            if not left[i]:
                return fly(at, dmg, left, n, p, i + 1, evade)
            for c, w in DICE:
                shot = light_aa_result(c + w + aerial + aa[i].drm, aa[i].kill, "eliminated")
                if shot == "eliminated" or (shot == "damaged" and dmg):
                    out["eliminated"] = out.get("eliminated", Fraction(0)) + p / 36
                    continue
                nl = left[:i] + (retains_rof(c, aa[i].rof),) + left[i + 1:]
                fly(at, dmg or shot == "damaged", nl, n, p / 36, i + 1, evade or shot in ("damaged", "evasive"))
            return None
        if not evade:
            if (at, dmg) not in landings:
                landings[(at, dmg)] = plain_landing(TERRAIN, B4, at, SW, dmg, False, False, None)
            for (res, _), k in landings[(at, dmg)].items():
                out[res] = out.get(res, Fraction(0)) + p * k / 216
        elif n >= depth:
            out["more"] = out.get("more", Fraction(0)) + p
        else:
            for c, w in DICE:
                fly(random_location(at, c, w), dmg, left, n + 1, p / 36, 0, False)
        return None

    fly(ilh, False, tuple(True for _ in aa), 0, Fraction(1), 0, False)
    return out


def test_odds_with_evasive_action_equal_the_plain_count_near_the_edge() -> None:
    aa = [AAFirer("MG", kill=7, rof=0)]  # no ROF: at most one Evasive Action, nothing left over
    for ilh in ("4B3", "4GG9", "4H6"):
        clear_cache()
        odds = glider_odds(TERRAIN, B4, P(ilh), SW, aa=aa)
        plain = plain_odds(P(ilh), aa, depth=1)
        assert "more" not in plain
        assert {k: v for k, v in odds.outcomes.items() if v} == {k: v for k, v in plain.items() if v}


def test_odds_with_two_evasive_actions_equal_the_fraction_walk() -> None:
    # the chain's states at each Evasive Action, each ILH the walk reaches counted the plain way,
    # summed in fractions level by level (the method before the integer sums and the memo)
    from airhead.asl.e8.gliders_odds import _FiringChain
    aa = [AAFirer("FlaK", kill=6, rof=2), AAFirer("MG", kill=7, rof=1)]
    for ilh, damaged in (("4B2", False), ("4Q6", True)):
        clear_cache()
        odds = glider_odds(TERRAIN, B4, P(ilh), SW, aa=aa, damaged=damaged, max_evasive=2)
        chain = _FiringChain(aa, "eliminated")
        reach = {(damaged, (True, True)): Fraction(1)}
        walk = {P(ilh): Fraction(1)}
        outcomes: dict[str, Fraction] = {}
        landing: dict[Hex, Fraction] = {}
        for depth in range(3):
            nxt: dict[tuple[bool, tuple[bool, ...]], Fraction] = {}
            land = [Fraction(0), Fraction(0)]
            for st_, a in reach.items():
                f = chain.fire(st_)
                outcomes["eliminated"] = outcomes.get("eliminated", Fraction(0)) + a * f.eliminated
                land[0] += a * f.land[0]
                land[1] += a * f.land[1]
                for s2, p2 in f.evade:
                    nxt[s2] = nxt.get(s2, Fraction(0)) + a * p2
            for d in (False, True):
                for h, w in walk.items():
                    for (res, where), n in plain_landing(TERRAIN, B4, h, SW, d, False, False, None).items():
                        p = land[d] * w * n / 216
                        outcomes[res] = outcomes.get(res, Fraction(0)) + p
                        landing[where] = landing.get(where, Fraction(0)) + p
            reach = nxt
            if depth < 2:
                spread: dict[Hex, Fraction] = {}
                for h, w in walk.items():
                    for c, wh in DICE:
                        h2 = random_location(h, c, wh)
                        spread[h2] = spread.get(h2, Fraction(0)) + w / 36
                walk = spread
        for st_, a in reach.items():
            down, intact, dmg = chain.fate(st_)
            outcomes["eliminated"] += a * down
            outcomes["unresolved"] = outcomes.get("unresolved", Fraction(0)) + a * (intact + dmg)
        assert {k: v for k, v in odds.outcomes.items() if v} == {k: v for k, v in outcomes.items() if v}
        assert odds.landing == {h: p for h, p in landing.items() if p}


def test_the_memo_follows_the_terrain_and_settings() -> None:
    # the same call after a terrain edit, a setting or another Wind Direction is worked out
    # afresh, and equals a cold run
    aa = [AAFirer("FlaK", kill=6, rof=2)]
    ilh = P("4E7")
    before = glider_odds(TERRAIN, B4, ilh, SW, aa=aa)
    edited = TERRAIN.set_hex(P("4E7"), HexTerrain("woods", obstacle=1))
    after = glider_odds(edited, B4, ilh, SW, aa=aa)
    night = glider_odds(TERRAIN, B4, ilh, SW, aa=aa, night=True)
    turned = glider_odds(TERRAIN, B4, ilh, from_asl_direction(2), aa=aa)
    assert after.outcomes != before.outcomes and night.outcomes != before.outcomes and turned.landing != before.landing
    for terrain, kw, facing, seen in ((edited, {}, SW, after), (TERRAIN, {"night": True}, SW, night),
                                      (TERRAIN, {}, from_asl_direction(2), turned), (TERRAIN, {}, SW, before)):
        clear_cache()
        cold = glider_odds(terrain, B4, ilh, facing, aa=aa, **kw)  # type: ignore[arg-type]
        assert (cold.outcomes, cold.landing, cold.minefield) == (seen.outcomes, seen.landing, seen.minefield)
    # an equal terrain built anew (other versions: worked out afresh) gives the same odds
    again = Terrain(dict(TERRAIN.hexes), {s: set(f) for s, f in TERRAIN.sides.items()})
    assert glider_odds(again, B4, ilh, SW, aa=aa).outcomes == before.outcomes


def test_dragging_the_ilh_gives_the_cold_odds() -> None:
    aa = [AAFirer("FlaK", kill=6, rof=2), AAFirer("MG", kill=7, rof=1)]
    clear_cache()
    path = ["4E7", "4E6", "4F6", "4G5", "4GG5"]
    warm = [glider_odds(TERRAIN, B4, P(h), SW, aa=aa) for h in path]
    for h, seen in zip(path, warm):
        clear_cache()
        cold = glider_odds(TERRAIN, B4, P(h), SW, aa=aa)
        assert (cold.outcomes, cold.landing) == (seen.outcomes, seen.landing)
        assert sum(cold.outcomes.values()) == 1


def test_heatmap_with_light_aa_equals_the_odds_hex_by_hex() -> None:
    two = [AAFirer("FlaK", kill=6, rof=2), AAFirer("MG", kill=7, rof=1)]
    for aa, damaged in ((two, False), ([AAFirer("20L", kill=7)], True)):
        hm = heatmap(TERRAIN, B4, SW, aa=aa, damaged=damaged)
        assert set(hm) == set(B4.hexes())
        # every hex on the board's edge (Evasive Actions there reach ILHs beyond it) and a few inside
        edge = [h for h in B4.hexes() if any(not B4.in_play(n) for n in h.neighbors())]
        for h in edge + [P(name) for name in ("4E7", "4D7", "4C9", "4P5", "4H6", "4K6")]:
            o = glider_odds(TERRAIN, B4, h, SW, aa=aa, damaged=damaged).outcomes
            assert hm[h] == (float(o["safe_ilh"] + o["safe_elsewhere"] + o["damaged"]), float(o["safe_ilh"])), B4.name(h)
        # only some hexes asked for: the same figures
        assert heatmap(TERRAIN, B4, SW, aa=aa, damaged=damaged, hexes=[P("4E7"), P("4A1")]) == {h: hm[h] for h in (P("4E7"), P("4A1"))}
    # Light AA lowers the chance in open ground (an Evasive Action may save a glider aimed at the
    # river), and the heatmap without it is unchanged
    plain = heatmap(TERRAIN, B4, SW)
    with_aa = heatmap(TERRAIN, B4, SW, aa=two)
    assert with_aa[P("4P5")][0] < plain[P("4P5")][0]
    for name in ("4E7", "4D7"):
        o = glider_odds(TERRAIN, B4, P(name), SW).outcomes
        assert plain[P(name)] == (float(o["safe_ilh"] + o["safe_elsewhere"] + o["damaged"]), float(o["safe_ilh"]))


def test_the_procedure_heatmap_includes_the_planned_light_aa() -> None:
    sc = Scenario("t", "asl", B4, TERRAIN, {"weather": "Clear"})
    g = new_game(sc, "x")
    proc = g.system.procedure("asl.glider_landing")
    aa = [{"name": "FlaK", "kill": 6, "rof": 2, "drm": 0}, {"name": "MG", "kill": 7, "rof": 1, "drm": 0}]
    view = proc.heatmap(g.state, proc.read_some(g.state, {"wind": 5, "aa": aa}))
    assert view is not None
    heat = dict(view.heat)
    firers = [AAFirer("FlaK", 6, 2), AAFirer("MG", 7, 1)]
    for name in ("4E7", "4A1", "4K6"):
        o = glider_odds(TERRAIN, B4, P(name), SW, aa=firers).outcomes
        assert heat[P(name)] == float(o["safe_ilh"] + o["safe_elsewhere"] + o["damaged"])
    assert "Light AA" in view.heat_label and "no Light AA" not in view.heat_label
    bare = proc.heatmap(g.state, proc.read_some(g.state, {"wind": 5}))
    assert bare is not None and "no Light AA" in bare.heat_label
    assert dict(bare.heat) == {h: v[0] for h, v in heatmap(TERRAIN, B4, SW).items()}


class _Counted(Terrain):
    """A terrain that counts the reads of each hex (issue #43: the live odds read each hex once)."""

    __slots__ = ("reads",)

    def __init__(self, terrain: Terrain) -> None:
        self._hexes, self._sides, self._blazes, self._blaze_list = terrain._hexes, terrain._sides, terrain._blazes, None
        self.reads: dict[Hex, int] = {}

    def at(self, h: Hex) -> HexTerrain:
        self.reads[h] = self.reads.get(h, 0) + 1
        return Terrain.at(self, h)


def test_the_heatmap_and_the_odds_read_each_hex_of_terrain_once() -> None:
    """The rules read a landing hex, the hex astern and the six around it for every landing, and
    every ILH's Avenue: the memo of a Wind Direction reads each hex's terrain once, for the
    heatmap with Light AA (every ILH, its Evasive Actions' ILHs off the map too), then for the
    odds of a glider and another Light AA plan's heatmap, and the results are those read
    straight from the terrain."""
    two = [AAFirer("FlaK", 6, 2), AAFirer("MG", 7, 1)]
    clear_cache()
    counted = _Counted(TERRAIN)
    hm = heatmap(counted, B4, SW, aa=two)
    assert counted.reads and max(counted.reads.values()) == 1
    # every hex in play is read (as an ILH or its Avenue); off the map only the ring around it
    # (a landing hex's neighbours, for E7.25's "completely surrounded")
    assert set(B4.hexes()) <= set(counted.reads)
    assert all(any(B4.in_play(n) for n in h.neighbors()) for h in counted.reads if not B4.in_play(h))
    # a glider's odds (its landings off the map too) and another plan's heatmap read no hex again
    read = dict(counted.reads)
    odds = glider_odds(counted, B4, P("4A2"), SW, aa=two)
    heatmap(counted, B4, SW, aa=two[:1])
    assert max(counted.reads.values()) == 1 and {h: counted.reads[h] for h in read} == read
    clear_cache()
    assert heatmap(TERRAIN, B4, SW, aa=two) == hm
    assert glider_odds(TERRAIN, B4, P("4A2"), SW, aa=two) == odds
