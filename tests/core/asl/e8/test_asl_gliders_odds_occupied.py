"""Issue #43 item 5: the E8 odds with vehicles, wrecks and landed gliders on the map.

The odds then read an "occupied" view of the terrain (:func:`occupied_terrain`), made afresh for
each call. The landings memo is looked up by :func:`terrain_key` (the terrain's versions by
identity and the occupants' hexes), never by a copy of the terrain: over random placements the
odds and the heatmap with the memo warm equal those worked out cold, the memo is shared exactly
when the occupants are the same, and looking it up costs the same (in :mod:`airhead.work`'s
units) however much terrain the map holds and however many other units are on it. The odds never
run on the metered path (a replay and its first draw), so the memo's hits need no charge."""

from __future__ import annotations

import random
from typing import Any

import pytest

from airhead import work
from airhead.asl.e8 import gliders_odds
from airhead.asl.e8.gliders import AAFirer
from airhead.asl.e8.gliders_occupants import occupied_terrain, terrain_key
from airhead.asl.e8.gliders_landings import landings
from airhead.asl.e8.gliders_odds import clear_cache, glider_odds, heatmap
from airhead.boards import HexMap
from airhead.counters import Counters, Marker, Unit
from airhead.hexes import Hex, from_asl_direction
from airhead.systems import SYSTEMS, new_game
from airhead.terrain import HexTerrain, Terrain
from tools.bench_worst import generate

B4 = HexMap.asl([["4"]])
P = B4.parse
SW = from_asl_direction(5)
TWO = [AAFirer("FlaK", 6, 2), AAFirer("MG", 7, 1)]
TERRAIN = Terrain({P("4H5"): HexTerrain("woods", obstacle=1), P("4F6"): HexTerrain("orchard", obstacle=0.5),
                   P("4G6"): HexTerrain(shellholes=True), P("4L6"): HexTerrain(trench=True, occupants=("wreck",)),
                   P("4E5"): HexTerrain(occupants=("vehicle",))})
ILHS = ["4G6", "4F7", "4H6", "4L6", "4E5", "4A2"]


def _occupants(rng: random.Random, near: Hex, n: int) -> Counters:
    """``n`` vehicles, wrecks and landed gliders (some off the map) and a few squads, in and
    around the landing zone of an ILH ``near``."""
    spots = [h for h in B4.hexes() if h.distance(near) <= 4]
    units, marks = [], []
    for i in range(n):
        kind = rng.choice(("vehicle", "glider", "wreck", "squad"))
        h = rng.choice(spots) if rng.random() < 0.9 else None
        if kind == "wreck":
            marks.append(Marker(f"m{i}", kind, h))
        else:
            units.append(Unit(f"u{i}", rng.choice(("Axis", "Allied")), kind, h))
    return Counters(units, marks)


@pytest.mark.parametrize("seed", range(4))
def test_the_odds_with_occupants_are_those_worked_out_cold(seed: int) -> None:
    rng = random.Random(seed)
    clear_cache()
    seen = []
    for _ in range(12):  # one after the other, the memo warm: each placement its own landings
        ilh = P(rng.choice(ILHS))
        counters = _occupants(rng, ilh, rng.randrange(0, 9))
        t = occupied_terrain(TERRAIN, counters)
        seen.append((counters, ilh, glider_odds(t, B4, ilh, SW, aa=TWO), heatmap(t, B4, SW, aa=TWO[:1])))
    for counters, ilh, odds, heat in seen:
        clear_cache()
        t = occupied_terrain(TERRAIN, counters)
        assert glider_odds(t, B4, ilh, SW, aa=TWO) == odds
        assert heatmap(t, B4, SW, aa=TWO[:1]) == heat


def test_the_memo_is_shared_exactly_when_the_occupants_are_the_same() -> None:
    clear_cache()
    v = Unit("v", "Axis", "vehicle", P("4G6"))
    one = Counters([v, Unit("s", "Allied", "squad", P("4G7"))])
    memo = landings(occupied_terrain(TERRAIN, one), B4, SW, False, False, None)
    # the same occupants in other counters (a squad moved, a vehicle off the map): the same memo
    same = Counters([v, Unit("s", "Allied", "squad", P("4H7")), Unit("w", "Axis", "vehicle", None)])
    assert landings(occupied_terrain(TERRAIN, same), B4, SW, False, False, None) is memo
    # a vehicle moved, a wreck or a glider beside it, another terrain version: another memo
    for counters, terrain in ((Counters([v.moved(P("4G7"))]), TERRAIN), (Counters([v], [Marker("w", "wreck", P("4G6"))]), TERRAIN),
                              (Counters([v, Unit("g", "Allied", "glider", P("4G6"))]), TERRAIN),
                              (one, TERRAIN.set_hex(P("4A1"), HexTerrain("woods", obstacle=1)))):
        assert landings(occupied_terrain(terrain, counters), B4, SW, False, False, None) is not memo
    # the key is the terrain's versions and the occupants, never a copy of the terrain
    key = terrain_key(occupied_terrain(TERRAIN, same))
    assert key is not None and key[2] == frozenset({(P("4G6"), "vehicle")})


def _lookup_units(terrain: Terrain, counters: Counters) -> int:
    """Units of work of a glider's odds with the memo warm (the odds of the same plan asked again
    with the counters' occupied view made afresh, as each call of the planner makes it)."""
    glider_odds(occupied_terrain(terrain, counters), B4, P("4G6"), SW, aa=TWO)
    with work.metered(10**15):
        glider_odds(occupied_terrain(terrain, counters), B4, P("4G6"), SW, aa=TWO)
        return work.spent()


def test_looking_the_memo_up_costs_the_same_however_long_the_game() -> None:
    """Counted, not timed: the work of the odds with the memo warm does not grow with the terrain
    the map holds, nor with the units on the map that occupy nothing (a long game's squads), and
    grows by at most a unit per vehicle, wreck or landed glider (the memo's key)."""
    clear_cache()
    occupants = [Unit(f"v{i}", "Axis", "vehicle", P(f"4A{i + 1}")) for i in range(4)]
    small = _lookup_units(TERRAIN, Counters(occupants))
    big_terrain = TERRAIN
    for h in B4.hexes():
        if h.distance(P("4G6")) > 8:
            big_terrain = big_terrain.set_hex(h, HexTerrain("woods", obstacle=1))
    assert len(big_terrain.hexes) > 10 * len(TERRAIN.hexes)
    squads = [Unit(f"s{i}", "Allied", "squad", h) for i, h in enumerate(B4.hexes())]
    assert _lookup_units(big_terrain, Counters(occupants)) == small
    assert _lookup_units(TERRAIN, Counters(occupants + squads)) == small
    many = occupants + [Unit(f"g{i}", "Allied", "glider", P(f"4Z{i % 10 + 1}")) for i in range(40)]
    assert _lookup_units(TERRAIN, Counters(many)) <= small + 40


def test_the_odds_never_run_while_a_replay_or_its_draw_is_metered(monkeypatch: Any) -> None:
    """The landings memo is the process's and a hit charges nothing: that may not change a
    replay's count, so no odds may be worked out in a metered block (a glider landing's game
    replayed and drawn works out none)."""
    asl = next(s for s in SYSTEMS if s.key == "asl")
    sc, actions = generate(asl, "asl.glider_landing", 150)
    metered: list[int] = []
    real = landings

    def watched(*args: Any) -> Any:
        if work.METER.budget != work.UNMETERED:
            metered.append(1)
        return real(*args)

    monkeypatch.setattr(gliders_odds, "landings", watched)
    game = new_game(sc, "worst", actions)
    assert game.actions and any(a.get("procedure") == "asl.glider_landing" for a in actions if isinstance(a, dict))
    assert not metered
