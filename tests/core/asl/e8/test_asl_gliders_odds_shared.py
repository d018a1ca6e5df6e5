"""Issue #43: the E8 odds' shared work changes no result.

The live odds and the heatmap share what a landing's hazard and Crash drm read between landing
hexes with the same terrain around them (:attr:`Landings.SHARE`). Over many random maps, every
Wind Direction and every Crash dr setting, each ILH's landings, the heatmap with Light AA and a
glider's odds are the same with and without the sharing, and the same from one run to the next
(another process, another string hashing)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from airhead.asl.e8.gliders import AAFirer
from airhead.asl.e8.gliders_landings import Landings
from airhead.asl.e8.gliders_odds import clear_cache, glider_odds, heatmap
from airhead.boards import HexMap
from airhead.hexes import Hex
from airhead.terrain import HEXSIDE_FEATURES, Bridge, HexTerrain, Terrain, Water

#: Every kind of terrain the landing rules read differently (levels, Obstacles, a Depression,
#: water fordable or not, frozen, bridges each way, a Blaze, a minefield, shellholes, a trench,
#: vehicles and wrecks), open ground most often as on a real board.
KINDS: tuple[HexTerrain, ...] = (
    HexTerrain(), HexTerrain(), HexTerrain(), HexTerrain(base_level=1), HexTerrain(base_level=2),
    HexTerrain(base_level=3), HexTerrain("woods", obstacle=1), HexTerrain("woods", base_level=1, obstacle=1),
    HexTerrain("building", obstacle=2), HexTerrain("building", base_level=1, obstacle=1, label="a house"),
    HexTerrain("orchard", obstacle=0.5), HexTerrain("grain", obstacle=0.5), HexTerrain("depression"),
    HexTerrain("depression", base_level=-1), HexTerrain("marsh"), HexTerrain("brush", obstacle=0.5),
    HexTerrain("water", water=Water("river")), HexTerrain("water", water=Water("stream", fordable=True)),
    HexTerrain("water", water=Water("river", frozen=True)), HexTerrain("road", water=Water("river"), bridge=Bridge(axis=1)),
    HexTerrain("road", water=Water("canal"), bridge=Bridge(axis=0, foot=True)), HexTerrain("road", bridge=Bridge(axis=2)),
    HexTerrain(blaze=1), HexTerrain("woods", obstacle=1, blaze=2), HexTerrain(minefield=6), HexTerrain(shellholes=True),
    HexTerrain(trench=True, occupants=("wreck",)), HexTerrain(occupants=("vehicle", "glider")),
)


#: Higher ground and Obstacles around a hollow: a hex "completely surrounded" (E7.25) or all but.
RIM: tuple[HexTerrain, ...] = (HexTerrain(base_level=1), HexTerrain(base_level=2), HexTerrain("woods", obstacle=1),
                               HexTerrain("building", obstacle=2))


def random_terrain(m: HexMap, seed: int, density: float) -> Terrain:
    """A map's hexes drawn from :data:`KINDS` (a share ``density`` not open ground), hollows
    ringed by higher ground or Obstacles (some with a gap) and hexside features on some sides."""
    rnd = random.Random(seed)
    hexes = {h: rnd.choice(KINDS) for h in m.hexes() if rnd.random() < density}
    for centre in rnd.sample(list(m.hexes()), len(m.hexes()) // 15):
        gap, rim = rnd.randrange(12), rnd.choice(RIM)  # gap 6..11: none (alike but for one hex, or not)
        for i, n in enumerate(centre.neighbors()):
            hexes[n] = HexTerrain() if i == gap else rim
        hexes[centre] = rnd.choice((HexTerrain(), HexTerrain(), HexTerrain("depression")))
    terrain = Terrain(hexes)
    for h in m.hexes():
        if rnd.random() < density / 2:
            terrain = terrain.add_side(h, rnd.randrange(6), rnd.choice(HEXSIDE_FEATURES))
    return terrain


@pytest.fixture
def unshared() -> Iterator[None]:
    """Landings worked out hex by hex, nothing shared (then the memo as it was)."""
    clear_cache()
    Landings.SHARE = False
    try:
        yield
    finally:
        Landings.SHARE = True
        clear_cache()


def landings_of(terrain: Terrain, m: HexMap, facing: int, settings: dict[str, Any], share: bool) -> Any:
    """Every ILH's landings (in play and two hexes beyond), intact and Damaged, and its heat."""
    Landings.SHARE = share
    try:
        memo = Landings(terrain, m, facing, **settings)
        ilhs = sorted({(n.q, n.r) for h in m.hexes() for n in h.within(2)})
        return [(memo.entry(h), memo.heat(h)) for h in ilhs]
    finally:
        Landings.SHARE = True


SETTINGS = [dict(night=n, gusts=g, blind=b) for n in (False, True) for g in (False, True) for b in (None, True, False)]


@pytest.mark.parametrize("seed", range(6))
def test_each_ilhs_landings_are_the_same_with_and_without_sharing(seed: int) -> None:
    # 6 maps × 2 Wind Directions × 2 settings, each ILH in play and two hexes beyond: every Wind
    # Direction and setting comes up, ~25,000 landings compared
    m = HexMap.asl([["4"]]) if seed % 3 else HexMap.asl([["2", "3"]])
    terrain = random_terrain(m, seed, density=0.15 + 0.1 * seed)
    rnd = random.Random(seed)
    for facing in (seed % 6, (seed + 3 + seed // 3) % 6):
        for settings in rnd.sample(SETTINGS, 2):
            assert landings_of(terrain, m, facing, settings, True) == landings_of(terrain, m, facing, settings, False), \
                (seed, facing, settings)


def odds_of(terrain: Terrain, m: HexMap, facing: int, ilhs: list[Hex], **kw: Any) -> Any:
    clear_cache()
    two = [AAFirer("FlaK", 6, 2), AAFirer("MG", 7, 1)]
    hm = heatmap(terrain, m, facing, aa=two, **kw)
    odds = [glider_odds(terrain, m, h, facing, aa=two, **kw) for h in ilhs]
    return hm, [(o.outcomes, o.landing, o.minefield) for o in odds]


@pytest.mark.parametrize("seed", range(3))
def test_the_heatmap_and_the_odds_are_the_same_with_and_without_sharing(seed: int, unshared: None) -> None:
    m = HexMap.asl([["4", "5"]])
    terrain = random_terrain(m, 100 + seed, density=0.3)
    rnd = random.Random(seed)
    edge = [h for h in m.hexes() if any(not m.in_play(n) for n in h.neighbors())]
    ilhs = rnd.sample(edge, 3) + rnd.sample(list(m.hexes()), 3)
    facing = rnd.randrange(6)
    kw = dict(night=bool(seed & 1), gusts=bool(seed & 2), damaged=seed == 1, blind=(None, True, False)[seed])
    without = odds_of(terrain, m, facing, ilhs, **kw)
    Landings.SHARE = True
    hm, odds = odds_of(terrain, m, facing, ilhs, **kw)
    assert (hm, odds) == without
    # the heatmap's sums over the Evasive Actions' Random Location DRs are each ILH's odds
    for h, (outcomes, _, _) in zip(ilhs, odds):
        assert hm[h] == (float(outcomes["safe_ilh"] + outcomes["safe_elsewhere"] + outcomes["damaged"]),
                         float(outcomes["safe_ilh"])), m.name(h)


#: A heatmap and odds worked out in a process of their own (``python - SEED``): their figures and
#: landing hexes in the order the results give them.
RUN = """
import json, sys
from airhead.asl.e8.gliders import AAFirer
from airhead.asl.e8.gliders_odds import glider_odds, heatmap
from airhead.boards import HexMap
sys.path.insert(0, sys.argv[1])
from test_asl_gliders_odds_shared import random_terrain
m = HexMap.asl([["4", "5"]])
terrain = random_terrain(m, 7, density=0.3)
two = [AAFirer("FlaK", 6, 2), AAFirer("MG", 7, 1)]
hm = heatmap(terrain, m, 4, aa=two, night=True)
odds = [glider_odds(terrain, m, m.parse(n), 4, aa=two, night=True) for n in ("4A1", "4P5", "5GG10")]
print(json.dumps([[[h.q, h.r, *v] for h, v in hm.items()],
                  [[[k, str(v)] for k, v in o.outcomes.items()] + [[h.q, h.r, str(p)] for h, p in o.landing.items()]
                   for o in odds]]))
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_the_odds_are_the_same_from_one_run_to_the_next() -> None:
    here = Path(__file__).resolve().parent
    core = here.parents[2].parent / "core"
    outs = []
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join([str(core), os.environ.get("PYTHONPATH", "")])}
        proc = subprocess.run([sys.executable, "-c", RUN, str(here)], capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(json.loads(proc.stdout))
    assert outs[0] == outs[1] == outs[2]
    assert len(outs[0][0]) == len(HexMap.asl([["4", "5"]]).hexes())
