"""Versions that share storage stay what they were: every version of a terrain, a counters layer
or a game's state, read in any order after any edits, undos and redos, equals the same thing
built from plain dicts and lists (the storage :mod:`airhead.versioned` replaced)."""

from __future__ import annotations

from typing import Any

from airhead.counters import Counters, Marker, Unit
from airhead.hexes import Hex, Hexside
from airhead.systems import builtin, new_game
from airhead.terrain import HexTerrain, Terrain
from airhead.versioned import VersionedMap
from hypothesis import given, settings
from hypothesis import strategies as st

KEYS = st.integers(0, 7)
HEXES = st.builds(Hex, st.integers(0, 3), st.integers(0, 3))
TERRAIN = st.sampled_from([HexTerrain(), HexTerrain("woods", obstacle=1), HexTerrain("brush"), HexTerrain("building", 1, 2)])
FEATURES = st.sampled_from(["hedge", "wall", "cliff"])


def check_map(m: VersionedMap[int, str], model: dict[int, str]) -> None:
    assert m.snapshot() == model and dict(m.items()) == model and sorted(m) == sorted(model)
    assert len(m) == len(model) and m == VersionedMap(model) and m == model
    for k in range(8):
        assert (k in m) == (k in model) and m.get(k) == model.get(k)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.booleans(), KEYS, st.sampled_from("abc")), max_size=40),
       st.randoms(use_true_random=False))
def test_every_version_of_a_map_keeps_its_content(ops: list[tuple[int, bool, int, str]], rnd: Any) -> None:
    versions: list[VersionedMap[int, str]] = [VersionedMap({0: "a", 5: "b"})]
    models: list[dict[int, str]] = [{0: "a", 5: "b"}]
    for pick, put, key, value in ops:
        i = pick % len(versions)  # edit any version: the latest, an old one (a branch)
        model = dict(models[i])
        if put:
            model[key] = value
            versions.append(versions[i].set(key, value))
        else:
            model.pop(key, None)
            versions.append(versions[i].delete(key))
        models.append(model)
        check_map(versions[-1], model)
        j = rnd.randrange(len(versions))  # and read any other one in between
        check_map(versions[j], models[j])
    order = list(range(len(versions)))
    rnd.shuffle(order)
    for j in order:
        check_map(versions[j], models[j])
    forked = versions[-1].fork()
    assert forked.set(99, "z").get(99) == "z" and 99 not in versions[-1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), HEXES, st.integers(0, 5), TERRAIN, FEATURES),
                max_size=30), st.randoms(use_true_random=False))
def test_every_version_of_a_terrain_keeps_its_content(ops: list[Any], rnd: Any) -> None:
    start_hexes = {Hex(0, 0): HexTerrain("woods", obstacle=1)}
    versions = [Terrain(start_hexes)]
    models: list[tuple[dict[Hex, HexTerrain], dict[Hexside, frozenset[str]]]] = [(dict(start_hexes), {})]
    for pick, op, h, d, t, f in ops:
        i = pick % len(versions)
        hexes, sides = dict(models[i][0]), dict(models[i][1])
        side = Hexside.of(h, d)
        if op == 0:
            new = versions[i].set_hex(h, t)
            hexes[h] = t
        elif op == 1:
            new = versions[i].clear_hex(h)
            hexes[h] = HexTerrain()
        elif op == 2:
            new = versions[i].add_side(h, d, f)
            sides[side] = sides.get(side, frozenset()) | {f}
        else:
            new = versions[i].remove_side(h, d, f)
            sides[side] = sides.get(side, frozenset()) - {f}
        versions.append(new)
        models.append(({k: v for k, v in hexes.items() if v != HexTerrain()}, {k: v for k, v in sides.items() if v}))
    order = list(range(len(versions)))
    rnd.shuffle(order)
    for j in order:
        hexes, sides = models[j]
        t = versions[j]
        assert dict(t.hexes.items()) == hexes and dict(t.sides.items()) == sides
        assert all(t.at(h) == hexes.get(h, HexTerrain()) for h in (Hex(q, r) for q in range(4) for r in range(4)))
        rebuilt = Terrain(hexes, sides)
        assert t == rebuilt and hash(t) == hash(rebuilt)


def model_put(placed: list[Any], new: Any) -> list[Any]:
    """The order :class:`Counters` keeps: a new id at the end, a known id in its place."""
    out = list(placed)
    for k, c in enumerate(out):
        if c.id == new.id:
            out[k] = new
            return out
    return out + [new]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.sampled_from("abcd"), HEXES,
                          st.sampled_from(["", "", "MPh", "DFPh"])), max_size=30),
       st.randoms(use_true_random=False))
def test_every_version_of_the_counters_keeps_its_units_and_markers_in_order(ops: list[Any], rnd: Any) -> None:
    versions = [Counters((Unit("a", "Allied", "squad", Hex(0, 0)),), (Marker("w", "wreck", Hex(1, 1)),))]
    models: list[tuple[list[Unit], list[Marker]]] = [([Unit("a", "Allied", "squad", Hex(0, 0))], [Marker("w", "wreck", Hex(1, 1))])]
    for pick, op, uid, h, expires in ops:
        i = pick % len(versions)
        units, markers = models[i]
        if op == 0:
            u = Unit(uid, "Axis", "glider" if expires else "squad", h)
            new, units = versions[i].put(u), model_put(units, u)
        elif op == 1:
            mk = Marker(uid, "Starshell" if expires else "wreck", h, expires=expires)
            new, markers = versions[i].mark(mk), model_put(markers, mk)
        elif op == 2:
            new = versions[i].remove(uid)
            units, markers = [u for u in units if u.id != uid], [m for m in markers if m.id != uid]
        else:
            new, gone = versions[i].expire(expires)
            model_gone = [m for m in markers if m.expires and m.expires == expires]
            assert list(gone) == model_gone
            markers = [m for m in markers if m not in model_gone]
        versions.append(new)
        models.append((units, markers))
    order = list(range(len(versions)))
    rnd.shuffle(order)
    for j in order:
        c, (units, markers) = versions[j], models[j]
        assert list(c.units) == units and list(c.markers) == markers
        assert c == Counters(units, markers) and hash(c) == hash(Counters(units, markers))
        for uid in "abcdw":
            assert c.unit(uid) == next((u for u in units if u.id == uid), None)
            assert c.marker(uid) == next((m for m in markers if m.id == uid), None)
        for h in (Hex(q, r) for q in range(4) for r in range(4)):
            assert list(c.units_at(h)) == [u for u in units if u.hex == h]
            assert list(c.markers_at(h)) == [m for m in markers if m.hex == h]
            assert c.kinds_at(h) == {u.kind for u in units if u.hex == h} | {m.kind for m in markers if m.hex == h}
        taken = {u.id for u in units} | {m.id for m in markers}
        assert c.free_id("a") == ("a" if "a" not in taken else next(f"a ({n})" for n in range(2, 99) if f"a ({n})" not in taken))


SC = builtin("default")
EDIT_HEXES = ["1A1", "1B2", "2C3", "2H5"]


def an_action(kind: int, n: int) -> dict[str, Any]:
    h = EDIT_HEXES[n % len(EDIT_HEXES)]
    return [
        {"type": "edit", "op": "hex", "hex": h, "set": {"t": ("woods", "brush", "open")[n % 3]}},
        {"type": "edit", "op": "side", "hex": h, "dir": "S", "feature": "hedge", "on": n % 2 == 0},
        {"type": "edit", "op": "unit", "id": f"u{n % 3}", "kind": "squad", "hex": h},
        {"type": "edit", "op": "marker", "id": f"m{n % 2}", "kind": "Starshell", "hex": h, "expires": "MPh" if n % 2 else ""},
        {"type": "advance"},
        {"type": "undo"},
        {"type": "redo"},
    ][kind]


def seen(g: Any) -> tuple[Any, ...]:
    st_ = g.state
    return (dict(st_.terrain.hexes.items()), dict(st_.terrain.sides.items()),
            st_.counters.units, st_.counters.markers, st_.turn)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 11)), max_size=30), st.randoms(use_true_random=False))
def test_a_game_read_at_any_step_is_what_it_was(steps: list[tuple[int, int]], rnd: Any) -> None:
    g = new_game(SC, "versions")
    snapshots = [seen(g)]
    for kind, n in steps:
        try:
            g.apply(an_action(kind, n))
        except ValueError:
            continue  # nothing to undo or redo
        snapshots.append(seen(g))
    order = list(range(len(g.actions) + 1))
    rnd.shuffle(order)
    for k in order:  # the log viewer: a game per step, while the game itself goes on
        assert seen(g.prefix(k)) == snapshots[k]
        assert seen(g) == snapshots[-1]
    assert g.state.terrain == new_game(SC, "versions", g.actions).state.terrain


def test_dropping_a_long_history_frees_it_without_deep_recursion() -> None:
    """A game of thousands of edits, then dropped (another game opened): its versions are freed.
    Under Pyodide a chain of ~3,000 versions freed recursively overflowed the stack; families are
    capped so that no chain is longer than FAMILY_LIMIT."""
    from airhead.versioned import FAMILY_LIMIT

    versions = [VersionedMap[int, int]({})]
    for i in range(6_000):
        versions.append(versions[-1].set(i % 50, i))
    assert dict(versions[-1]) == {k: 5_950 + k for k in range(50)}
    assert dict(versions[1]) == {0: 0}
    longest = 0
    for v in versions[::97]:
        n, node = 0, v
        while node._diff is not None:
            n, node = n + 1, node._diff[2]
        longest = max(longest, n)
    assert longest <= FAMILY_LIMIT
    del versions, v, node  # frees every version: must not recurse 6,000 deep
