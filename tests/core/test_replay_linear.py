"""Replay is linear in the number of actions: one map edit, counter placed or phase advanced
costs the same however large the map and however many actions came before it.

Structural, not timed: the work of one step is counted as the Python and built-in calls it
makes (``sys.setprofile``) and the memory it allocates (``tracemalloc``), on a small and a large
map, early and late in a game. The time figures are ``tools/bench_replay.py``'s.
"""

from __future__ import annotations

import gc
import sys
from typing import Any, Callable

import pytest
from airhead.counters import Counters, Marker, Unit
from airhead.hexes import Hex
from airhead.systems import builtin, new_game
from airhead.terrain import HexTerrain, Terrain

SC = builtin("default")
NAMES = [SC.map.name(h) for h in SC.map.hexes()]
WOODS = HexTerrain("woods", obstacle=1)
BRUSH = HexTerrain("brush")


def calls(run: Callable[[], Any]) -> int:
    """The work ``run`` does: the lines of Python it runs (generators and comprehensions
    included) and the Python and built-in functions it calls."""
    n = 0

    def trace(frame: Any, event: str, arg: Any) -> Any:
        nonlocal n
        n += 1  # "call" (a function, or a generator resumed), "line"
        return trace

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal n
        if event == "c_call":
            n += 1

    before = sys.gettrace(), sys.getprofile()
    collecting = gc.isenabled()
    gc.disable()  # a collection may call Python hooks (gc.callbacks): not the step's work
    sys.settrace(trace)
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(before[1])
        sys.settrace(before[0])
        if collecting:
            gc.enable()
    return n


def grown(n: int) -> Terrain:
    """A terrain with ``n`` hexes of woods."""
    return Terrain({Hex(q, r): WOODS for q in range(n // 100 + 1) for r in range(100)} if n else {})


# ---------------------------------------------------------------------- Terrain
def test_a_terrain_edit_does_the_same_work_on_a_small_and_a_large_map() -> None:
    small, large = grown(0), grown(3_000)
    h = Hex(-5, -5)  # open ground on both
    small.set_hex(h, BRUSH), large.set_hex(h, BRUSH)  # warm up
    for edit in (lambda t: t.set_hex(h, BRUSH), lambda t: t.clear_hex(h), lambda t: t.add_side(h, 0, "hedge"),
                 lambda t: t.update_hex(h, terrain="brush"), lambda t: t.place(h, "wreck")):
        edit(grown(0))  # warm up what the process keeps once (airhead.frozen's plan of a class)
        assert calls(lambda: edit(small)) == calls(lambda: edit(large))


def test_a_terrain_edit_does_not_copy_the_map() -> None:
    tracemalloc = pytest.importorskip("tracemalloc")
    large = grown(3_000)
    versions = [large]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(100):
            versions.append(versions[-1].set_hex(Hex(i % 30, i % 100), BRUSH if i % 2 else WOODS))
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # a copy of the 3,000 hexes is ~100 KB; one edit keeps a few small objects
    assert used < 100 * 1_000, f"100 edits kept {used:,} bytes"


def test_a_terrain_edit_late_in_a_game_does_the_same_work_as_early() -> None:
    t, h = grown(0), Hex(-9, -9)
    early = calls(lambda: t.set_hex(h, BRUSH).set_hex(h, WOODS))
    for i in range(2_000):
        t = t.set_hex(Hex(i % 40, i // 40), WOODS if i % 3 else BRUSH)
    late = calls(lambda: t.set_hex(h, BRUSH).set_hex(h, WOODS))
    assert early == late


# ---------------------------------------------------------------------- the reducer
def game_after(actions: list[dict[str, Any]]) -> Any:
    return new_game(SC, "linear", actions)


def hex_edit(i: int) -> dict[str, Any]:
    return {"type": "edit", "op": "hex", "hex": NAMES[(7 * i) % len(NAMES)], "set": {"t": ("woods", "brush", "grain")[i % 3]}}


def side_edit(i: int) -> dict[str, Any]:
    return {"type": "edit", "op": "side", "hex": NAMES[(7 * i) % len(NAMES)], "dir": "NE", "feature": "wall", "on": i % 4 != 3}


def unit_edit(i: int) -> dict[str, Any]:
    return {"type": "edit", "op": "unit", "id": f"u{i}", "kind": "squad", "hex": NAMES[i % len(NAMES)]}


def marker_edit(i: int) -> dict[str, Any]:
    return {"type": "edit", "op": "marker", "id": f"m{i}", "kind": "wreck", "hex": NAMES[i % len(NAMES)]}


#: For each kind of action: one that puts something in a hex, and one that changes it.
PAIRS = {
    "hex": ({"type": "edit", "op": "hex", "hex": "2H5", "set": {"t": "woods"}},
            {"type": "edit", "op": "hex", "hex": "2H5", "set": {"t": "brush", "lvl": 1}}),
    "side": ({"type": "edit", "op": "side", "hex": "2H5", "dir": "N", "feature": "hedge"},
             {"type": "edit", "op": "side", "hex": "2H5", "dir": "N", "feature": "wall"}),
    "unit": ({"type": "edit", "op": "unit", "id": "x", "kind": "squad", "hex": "2H5"},
             {"type": "edit", "op": "unit", "id": "x", "kind": "squad", "hex": "2H6"}),
    "marker": ({"type": "edit", "op": "marker", "id": "x", "kind": "wreck", "hex": "2H5"},
               {"type": "edit", "op": "marker", "id": "x", "kind": "wreck", "hex": "2H6"}),
}


@pytest.mark.parametrize("kind", sorted(PAIRS))
def test_an_action_late_in_a_game_does_the_same_work_as_early(kind: str) -> None:
    make = {"hex": hex_edit, "side": side_edit, "unit": unit_edit, "marker": marker_edit}[kind]
    put, change = PAIRS[kind]
    many = [make(i) for i in range(1_500)]
    # the early game holds what the late one holds in the hexes the step touches (the counters'
    # index by hex has them), and nothing else: the step's work is that of its own hexes
    touched = {put.get("hex"), change.get("hex")}
    early = game_after(many[:10] + [a for a in many[10:] if kind in ("unit", "marker") and a.get("hex") in touched])
    late = game_after(many)
    # warm-up on a game of its own: what the first of these actions in a run caches once (the
    # undo form's field keys...) is not the work of the step measured, early or late
    warm = game_after([make(i) for i in range(3)])
    for action in (put, change, {"type": "undo"}, {"type": "redo"}, {"type": "undo"}):
        warm.apply(action)
    for g in (early, late):
        g.apply(put)
    assert calls(lambda: early.apply(change)) == calls(lambda: late.apply(change))
    for other in ({"type": "undo"}, {"type": "redo"}, {"type": "undo"}):
        assert calls(lambda: early.apply(other)) == calls(lambda: late.apply(other))
    assert early.state.terrain.at(SC.map.parse("2H5")) == late.state.terrain.at(SC.map.parse("2H5"))


def test_two_games_of_one_scenario_do_not_slow_each_other_down() -> None:
    a = game_after([hex_edit(i) for i in range(10)])
    b = game_after([hex_edit(i) for i in range(1_500)])  # b's edits do not move a's storage
    c = game_after([hex_edit(i) for i in range(10)])
    put, change = PAIRS["hex"]
    for g in (a, c):
        g.apply(put)
    b.apply(put)
    assert calls(lambda: a.apply(change)) == calls(lambda: c.apply(change))
    assert a.state.terrain == c.state.terrain != b.state.terrain


def test_advancing_a_phase_does_not_walk_every_marker() -> None:
    few, many = game_after([marker_edit(i) for i in range(2)]), game_after([marker_edit(i) for i in range(1_500)])
    for g in (few, many):
        g.apply({"type": "advance"})  # warm up
        now = g.state.system.track.phase(g.state.turn).key
        g.apply({"type": "edit", "op": "marker", "id": "S", "kind": "Starshell", "hex": "1C3", "expires": now})
    assert calls(lambda: few.apply({"type": "advance"})) == calls(lambda: many.apply({"type": "advance"}))
    for g in (few, many):
        assert g.state.counters.marker("S") is None and "Starshell in 1C3 is removed" in g.log_lines()[-2]


# ---------------------------------------------------------------------- counters
def test_placing_a_counter_does_the_same_work_among_few_and_many() -> None:
    # the hexes the steps touch hold the same counters among few and many (none but "a"), and
    # both have counters of the kinds placed (the index by kind has an entry for them)
    few = Counters((Unit("a", "Allied", "squad", Hex(-1, -1)),), (Marker("b", "wreck", Hex(-2, -2)),))
    many = Counters((Unit("a", "Allied", "squad", Hex(-1, -1)),)
                    + tuple(Unit(f"u{i}", "Allied", "squad", Hex(i % 50, i // 50)) for i in range(3_000)),
                    (Marker("b", "wreck", Hex(-2, -2)),)
                    + tuple(Marker(f"m{i}", "wreck", Hex(i % 50, i // 50)) for i in range(1_000)))
    u, mk = Unit("new", "Axis", "squad", Hex(-3, -3)), Marker("w", "wreck", Hex(-3, -3))
    for c in (few, many):
        c.put(u).mark(mk).remove("new").free_id("new")  # warm up
    for step in (lambda c: c.put(u), lambda c: c.mark(mk), lambda c: c.remove("a"), lambda c: c.unit("a"),
                 lambda c: c.free_id("new"), lambda c: c.expire("MPh")):
        assert calls(lambda: step(few)) == calls(lambda: step(many))
