"""Benchmark of the E8 ILH heatmap on a four-board map, the same code on CPython and in Pyodide.

Prints one JSON line: {"python": ..., "hexes": N, "cold_ms": ..., "warm_ms": [...], "odds_ms": ...}.
cold = the first heatmap (tables loaded, caches empty); warm = the same heatmap again after a
wind change (what the page redraws while the player turns the wind or drags the ILH).
"""

from __future__ import annotations

import json
import platform
import sys
import time


def main() -> None:
    from airhead.asl.e8.gliders import AAFirer
    from airhead.asl.e8.gliders_odds import glider_odds, heatmap
    from airhead.boards import HexMap
    from airhead.hexes import from_asl_direction
    from airhead.systems import builtin
    from airhead.terrain import Terrain

    base = builtin("default")
    m = HexMap.asl([["1", "2"], ["3", "4"]])
    # the default scenario's two boards of terrain on the top row, open ground below
    terrain = Terrain({m.parse(base.map.name(h)): t for h, t in base.terrain.hexes.items()},
                      {})
    t0 = time.perf_counter()
    hm = heatmap(terrain, m, from_asl_direction(5))
    cold = (time.perf_counter() - t0) * 1000
    warm = []
    for wind in (2, 3, 5):  # ASL Wind Directions
        t0 = time.perf_counter()
        heatmap(terrain, m, from_asl_direction(wind))
        warm.append(round((time.perf_counter() - t0) * 1000, 1))
    t0 = time.perf_counter()
    glider_odds(terrain, m, m.parse("1C9"), from_asl_direction(5), aa=[AAFirer("FlaK", 6, 2)])
    odds = (time.perf_counter() - t0) * 1000
    print(json.dumps({"python": f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})",
                      "hexes": len(hm), "cold_ms": round(cold, 1), "warm_ms": warm, "odds_ms": round(odds, 1)}))


if __name__ == "__main__":
    main()
