"""The counters' indexes by hex and by kind give what a scan of every counter gives, through
every change (put, move, replace, mark, remove, expire), and the E8.23 occupied terrain read
through them equals the terrain with every occupant placed; a landing step, an aircraft look-up
and a Mistaken Attack's Blind Hexes cost the same among few and many counters; a free id is the
first free one and costs the same however many came before it."""

from __future__ import annotations

import random

from airhead.asl.e7.air_support import aircraft_of
from airhead.asl.e8.gliders_occupants import OCCUPANT_KINDS, occupied_terrain
from airhead.counters import Counters, Marker, Unit
from airhead.hexes import Hex
from airhead.terrain import HexTerrain, Terrain
from test_replay_linear import calls

KINDS = ("squad", "glider", "aircraft", "wreck", "vehicle", "Starshell")


def _scan_at(c: Counters, h: Hex) -> tuple[tuple[Unit, ...], tuple[Marker, ...]]:
    return tuple(u for u in c.units if u.hex == h), tuple(m for m in c.markers if m.hex == h)


def _placed_terrain(terrain: Terrain, c: Counters) -> Terrain:
    """What occupied_terrain gave before the indexes: every occupant placed, hex by hex."""
    out = terrain
    for h in {u.hex for u in c.units} | {mk.hex for mk in c.markers}:
        if h is None:
            continue
        for kind in sorted(c.kinds_at(h) & OCCUPANT_KINDS):
            if kind not in out.at(h).occupants:
                out = out.place(h, kind)
    return out


def test_the_indexes_agree_with_a_scan_through_every_change() -> None:
    rnd = random.Random(28)
    hexes = [Hex(q, r) for q in range(4) for r in range(4)] + [None]
    versions = [Counters()]
    for step in range(600):
        c = versions[rnd.randrange(len(versions))]  # any older version too: they share storage
        op = rnd.randrange(5)
        cid = f"c{rnd.randrange(40)}"
        if op == 0:
            c = c.put(Unit(cid, rnd.choice(("Allied", "Axis")), rnd.choice(KINDS), rnd.choice(hexes)))
        elif op == 1:
            c = c.mark(Marker(cid, rnd.choice(KINDS), rnd.choice(hexes), expires=rnd.choice(("", "MPh", "CCPh"))))
        elif op == 2:
            c = c.remove(cid)
        elif op == 3:
            c = c.expire(rnd.choice(("MPh", "CCPh")))[0]
        else:
            c = Counters(c.units, c.markers)
        versions.append(c)
        for h in hexes[:-1]:
            assert (c.units_at(h), c.markers_at(h)) == _scan_at(c, h), step
            for k in KINDS:
                assert c.has_at(h, k) == (k in c.kinds_at(h))
        for k in KINDS:
            assert c.units_of_kind(k) == tuple(u for u in c.units if u.kind == k)
            assert c.markers_of_kind(k) == tuple(m for m in c.markers if m.kind == k)
        assert c.markers_of_kinds("Starshell", "wreck") == tuple(m for m in c.markers if m.kind in ("Starshell", "wreck"))
    for c in versions[::7]:  # read again after every other version moved the storage
        for h in hexes[:-1]:
            assert (c.units_at(h), c.markers_at(h)) == _scan_at(c, h)


def test_the_occupied_terrain_is_the_terrain_with_every_occupant_placed() -> None:
    rnd = random.Random(823)
    terrain = Terrain({Hex(1, 1): HexTerrain("woods", occupants=("glider",)), Hex(2, 2): HexTerrain("brush")})
    c = Counters()
    assert occupied_terrain(terrain, c) is terrain  # nothing stands for an occupant: the terrain itself
    for i in range(80):
        h = Hex(rnd.randrange(4), rnd.randrange(4))
        if i % 3:
            c = c.put(Unit(f"u{i}", "Allied", rnd.choice(KINDS), h))
        else:
            c = c.mark(Marker(f"m{i}", rnd.choice(KINDS), h))
        seen, placed = occupied_terrain(terrain, c), _placed_terrain(terrain, c)
        for q in range(-1, 5):
            for r in range(-1, 5):
                assert seen.at(Hex(q, r)) == placed.at(Hex(q, r))
        assert seen == placed and placed == seen and hash(seen) == hash(placed)
        assert dict(seen.hexes) == dict(placed.hexes)


def _many(n: int) -> Counters:
    units = [Unit(f"g{i}", "Allied", "glider", Hex(i % 60, i // 60)) for i in range(n)]
    return Counters(units + [Unit("FB", "Allied", "aircraft", None), Unit("here", "Axis", "squad", Hex(-5, -5))],
                    [Marker("w", "wreck", Hex(-9, -9))])


def test_reading_the_occupants_of_a_hex_and_the_aircraft_costs_the_same_among_few_and_many() -> None:
    few, many = _many(2), _many(2_000)
    terrain = Terrain()
    h = Hex(-5, -5)
    for c in (few, many):  # warm up: each layer reads its index once
        occupied_terrain(terrain, c).at(h), aircraft_of(c)
    assert calls(lambda: occupied_terrain(terrain, few).at(h)) == calls(lambda: occupied_terrain(terrain, many).at(h))
    assert calls(lambda: aircraft_of(few.put(Unit("x", "Axis", "squad", h)))) == calls(
        lambda: aircraft_of(many.put(Unit("x", "Axis", "squad", h))))


def test_the_outcomes_index_gives_what_a_scan_gives() -> None:
    from airhead.outcomes import Outcomes

    rnd = random.Random(5)
    outs = Outcomes()
    plain: tuple[dict[str, object], ...] = ()
    for i in range(300):
        o = {"procedure": rnd.choice(("a", "b", "reveal", "c")), "i": i}
        outs, plain = outs.plus(o), plain + (o,)
        assert outs == plain and isinstance(outs, Outcomes)
        for names in (("a",), ("reveal",), ("a", "c"), ("x",)):
            assert outs.of(*names) == tuple(x for x in plain if x["procedure"] in names)
    assert Outcomes(plain).of("b", "a") == outs.of("a", "b")


def test_a_procedures_outcomes_are_read_from_the_index_in_a_game() -> None:
    from airhead.systems import builtin, new_game

    g = new_game(builtin("default"), "s", [{"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}},
                                           {"type": "roll"}] * 3)
    st = g.state
    assert st.outcomes_of("asl.random_location") == tuple(st.outcomes) and len(st.outcomes) == 3
    assert st.outcomes_of("reveal") == ()


def _first_free(c: Counters, base: str) -> str:
    """free_id as it was: every id tried from ``base``."""
    taken = {u.id for u in c.units} | {m.id for m in c.markers}
    uid, n = base, 1
    while uid in taken:
        n += 1
        uid = f"{base} ({n})"
    return uid


def test_a_free_id_is_the_first_free_one_through_every_change() -> None:
    """free_id starts past the numbers it knows taken: it still gives the first id no counter
    has, whatever ids were placed, in whatever order, removed or expired, in any version."""
    rnd = random.Random(2828)
    bases = ("IR", "Starshell", "IR (2)")
    versions = [Counters()]
    for step in range(1500):
        c = versions[rnd.randrange(len(versions))]
        base = rnd.choice(bases)
        n = rnd.randrange(1, 9)
        cid = base if n == 1 else rnd.choice((f"{base} ({n})", f"{base} (0{n})", f"{base}({n})"))
        op = rnd.randrange(6)
        if op == 0:
            c = c.put(Unit(cid, "Axis", "squad", None))
        elif op == 1:
            c = c.mark(Marker(cid, base, None, expires=rnd.choice(("", "CCPh"))))
        elif op == 2:
            c = c.mark(Marker(c.free_id(base), base, None, expires=rnd.choice(("", "CCPh"))))
        elif op == 3:
            c = c.remove(cid)
        elif op == 4:
            c = c.expire("CCPh")[0]
        else:
            c = Counters(c.units, c.markers)
        versions.append(c)
        for b in bases:
            assert c.free_id(b) == _first_free(c, b), step


def test_the_hundredth_free_id_costs_what_the_second_did() -> None:
    from airhead import work

    c = Counters()
    costs = []
    for _ in range(300):
        with work.metered(10**9):
            mid = c.free_id("IR")
            c = c.mark(Marker(mid, "IR", None))
            costs.append(work.spent())
    assert costs[1] == costs[-1] and max(costs) <= 3


def test_units_in_some_hexes_are_those_a_scan_finds_in_placing_order() -> None:
    rnd = random.Random(2829)
    hexes = [Hex(q, r) for q in range(3) for r in range(3)]
    c = Counters()
    for i in range(300):
        c = c.put(Unit(f"u{rnd.randrange(60)}", "Allied", "squad", rnd.choice(hexes + [None])))
        some = rnd.sample(hexes, rnd.randrange(4))
        assert c.units_in(some) == tuple(u for u in c.units if u.hex in some)


def test_the_side_tallies_agree_with_a_scan_through_every_change() -> None:
    """count_at, gliders_landed_at and undispersed_in (what PL's landing limits weigh) give what
    a scan of every unit gives, through puts, moves, re-flagging, replacing and removing."""
    rnd = random.Random(281)
    hexes = [Hex(q, 0) for q in range(3)] + [None]
    c = Counters()
    for step in range(400):
        uid = f"u{rnd.randrange(30)}"
        if rnd.random() < 0.15:
            c = c.remove(uid)
        else:
            facts: dict[str, int | str | bool] = {}
            if rnd.random() < 0.6:
                facts["landed_turn"] = rnd.randrange(1, 3)
                if rnd.random() < 0.5:
                    facts["glider"] = rnd.choice(("Horsa", ""))
            status = frozenset({"dispersed"}) if rnd.random() < 0.4 else frozenset()
            c = c.put(Unit(uid, rnd.choice("AB"), rnd.choice(("stick", "platoon", "battery")), rnd.choice(hexes), status, facts=facts))
        for h in hexes[:-1]:
            for side in "AB":
                mine = [u for u in c.units if u.hex == h and u.side == side]
                assert c.undispersed_in((h,), side) == tuple(u for u in mine if "dispersed" not in u.status)
                for turn in (None, 1, 2):
                    for kind in (None, "stick", "platoon"):
                        assert c.count_at(h, side, kind, turn) == sum(
                            1 for u in mine if (kind is None or u.kind == kind) and (turn is None or u.facts.get("landed_turn") == turn)), step
                    if turn is not None:
                        assert c.gliders_landed_at(h, side, turn) == sum(
                            1 for u in mine if u.facts.get("glider") and u.facts.get("landed_turn") == turn)
    both = tuple(u for u in c.units if u.hex in hexes[:2] and u.side == "A" and "dispersed" not in u.status)
    assert c.undispersed_in(hexes[:2], "A") == both
