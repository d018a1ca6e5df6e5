"""Terrain data and editing; seeded and typed-in dice."""

from __future__ import annotations

import pytest
from airhead.dice import DR, DiceSpec, Die, SeededDice, dr, parse_typed
from airhead.errors import DataError
from airhead.hexes import Hex
from airhead.tables import terrain_types
from airhead.terrain import Bridge, HexTerrain, Terrain, Water
from hypothesis import given
from hypothesis import strategies as st

H = Hex(3, 4)


def test_hex_terrain_fields_and_top() -> None:
    t = HexTerrain("building", base_level=1, obstacle=2, label="church")
    assert t.top == 3
    assert HexTerrain("orchard", obstacle=0.5).obstacle == 0.5
    assert HexTerrain().is_default()
    with pytest.raises(DataError, match="half level"):
        HexTerrain("woods", obstacle=0.3)
    with pytest.raises(DataError):
        HexTerrain("woods", obstacle=-1)
    with pytest.raises(DataError, match="occupant"):
        HexTerrain(occupants=("tank",))


def test_water_and_bridges() -> None:
    t = HexTerrain("water", water=Water("river", fordable=True), bridge=Bridge(axis=1))
    assert t.bridge is not None and t.bridge.parallels(1) and t.bridge.parallels(4) and not t.bridge.parallels(0)
    with pytest.raises(DataError):
        Water("lake")
    with pytest.raises(DataError):
        Bridge(axis=3)


def test_hex_terrain_data_round_trip() -> None:
    t = HexTerrain(
        "woods", 1, 1, blaze=2, water=Water("stream", True, True), bridge=Bridge(2, True), minefield=6,
        shellholes=True, trench=True, smoke=True, occupants=("vehicle", "glider"), label="x",
    )
    assert HexTerrain.from_data(t.to_data()) == t
    assert HexTerrain().to_data() == {}
    with pytest.raises(DataError, match="hex terrain: unknown field"):
        HexTerrain.from_data({"t": "woods", "zz": 1})
    with pytest.raises(DataError):
        HexTerrain.from_data({"trench": "yes"})


#: JSON values a hex's fields may hold, good and bad.
_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 105), st.sampled_from([0.5, 1.0, 2.5, 1e300, -0.0]),
    st.sampled_from(["woods", "open", "", "x" * 33, "wreck", "glider", "river", "pond", "lake"]),
    st.lists(st.sampled_from(["wreck", "glider", "vehicle", "tank", "", 3, None]), max_size=22),
    st.fixed_dictionaries({}, optional={"kind": st.sampled_from(["river", "pond", "lava", 3]),
                                        "fordable": st.sampled_from([True, False, 1, None]),
                                        "frozen": st.booleans(), "x": st.just(1)}),
    st.fixed_dictionaries({}, optional={"axis": st.sampled_from([0, 1, 2, 3, True, 1.0, None]),
                                        "foot": st.sampled_from([True, False, 0])}),
)
#: Each field of a hex with values it may well hold.
_GOOD = {
    "t": st.sampled_from(["woods", "grain", "open"]), "lvl": st.sampled_from([0, 1, -1, 0.5, 2]),
    "obs": st.sampled_from([0, 1, 2.5]), "blaze": st.sampled_from([1, 2]),
    "water": st.fixed_dictionaries({"kind": st.sampled_from(["river", "pond"])},
                                   optional={"fordable": st.booleans(), "frozen": st.booleans()}),
    "bridge": st.fixed_dictionaries({"axis": st.sampled_from([0, 1, 2])}, optional={"foot": st.booleans()}),
    "mines": st.sampled_from([0, 6, 99]), "shellholes": st.booleans(), "trench": st.booleans(),
    "smoke": st.booleans(), "occ": st.lists(st.sampled_from(["wreck", "glider", "vehicle"]), max_size=3),
    "label": st.sampled_from(["", "Hill 107"])}
#: Hexes as a map holds them, and hexes with any of _VALUES in their fields or a key no hex has.
_HEX = st.one_of(
    st.fixed_dictionaries({}, optional=_GOOD),
    st.fixed_dictionaries({}, optional={**{k: st.one_of(good, _VALUES) for k, good in _GOOD.items()},
                                        "other": st.just(1)}))


@given(_HEX)
def test_a_hex_read_in_one_pass_is_the_hex_read_field_by_field(data: dict[str, object]) -> None:
    """from_data's one pass over a hex (what a large save is mostly made of) gives what
    from_fields gives: the same terrain, or the same refusal in the same words."""
    def read(how: object) -> object:
        try:
            return how(data)  # type: ignore[operator]
        except DataError as e:
            return f"refused: {e}"
    assert read(HexTerrain.from_data) == read(HexTerrain.from_fields)


def test_the_one_pass_reads_the_hexes_maps_are_made_of() -> None:
    from airhead.terrain import _quick_hex
    heavy = {"t": "woods", "lvl": 1, "obs": 2, "blaze": 1, "water": {"kind": "river", "frozen": True},
             "bridge": {"axis": 1}, "mines": 3, "occ": ["wreck", "glider"], "label": "X", "smoke": True}
    for data in ({}, {"t": "woods", "lvl": 1}, {"lvl": 0.5, "obs": 1}, heavy):
        assert _quick_hex(HexTerrain, data) == HexTerrain.from_fields(data)


def test_editing_returns_new_terrain() -> None:
    t0 = Terrain()
    t1 = t0.update_hex(H, terrain="woods", obstacle=1)
    assert t0.at(H).terrain == "open" and t1.at(H).terrain == "woods"
    t2 = t1.add_side(H, 4, "hedge").add_side(H.neighbor(4), 1, "wall")
    assert t2.side(H, 4) == {"hedge", "wall"} == t2.side_between(H.neighbor(4), H)
    t3 = t2.remove_side(H, 4, "hedge")
    assert t3.side(H, 4) == {"wall"}
    t4 = t3.place(H, "wreck").place(H, "glider")
    assert t4.at(H).occupants == ("wreck", "glider")
    assert t4.remove(H, "wreck").at(H).occupants == ("glider",)
    with pytest.raises(DataError):
        t4.remove(H, "vehicle")
    with pytest.raises(DataError):
        t0.add_side(H, 0, "moat")
    assert t4.clear_hex(H).at(H) == HexTerrain()
    assert t1 == Terrain().update_hex(H, terrain="woods", obstacle=1)


def test_terrain_tables_are_data() -> None:
    asl = terrain_types("terrain_asl")
    assert asl["woods"].obstacle == 1 and asl["orchard"].obstacle == 0.5
    assert "fields" in terrain_types("terrain_generic")
    with pytest.raises(DataError):
        terrain_types("chess")


def test_seeded_dice_are_deterministic_and_positioned() -> None:
    d = SeededDice("abc")
    r1, d1 = d.roll(DR, "Landing DR", "E8.22")
    r2, _ = SeededDice("abc").roll(DR)
    assert r1.values == r2.values and d1.position == 2
    r3, d3 = d1.roll(dr())
    assert d3.position == 3 and 1 <= r3.total <= 6
    assert r1.rule == "E8.22" and r1.source == "seeded"
    # pinned values: the roller must give these on CPython and in Pyodide alike
    seq = []
    cur = SeededDice("airhead")
    for _ in range(10):
        roll, cur = cur.roll(dr())
        seq.append(roll.total)
    assert seq == PINNED_SEQUENCE


#: The first ten dr of seed "airhead", recorded on CPython 3.11: the same test runs in Pyodide.
PINNED_SEQUENCE = [5, 3, 6, 5, 3, 4, 4, 3, 4, 1]


def test_dice_are_uniform_enough() -> None:
    counts = [0] * 6
    cur = SeededDice("uniform")
    for _ in range(3000):
        r, cur = cur.roll(dr())
        counts[r.total - 1] += 1
    assert all(400 < c < 600 for c in counts), counts


def test_colored_and_white_dice_kept_apart() -> None:
    r = parse_typed(DR, "4 2")
    assert r.value("colored") == 4 and r.value("white") == 2 and r.total == 6
    assert r.describe() == "DR 6 (colored 4, white 2)"
    assert parse_typed(DR, "42").values == (4, 2)
    assert parse_typed(DR, [1, 6]).values == (1, 6)
    d10 = DiceSpec((Die("direction"), Die("distance", 10)))
    assert parse_typed(d10, "3, 10").values == (3, 10)


@pytest.mark.parametrize(
    "text,msg",
    [("7 2", "7 is not a face of a d6 \\(the colored die\\)"), ("a 2", "not a number"), ("4", "expected 2 dice"),
     ("", "enter 2 dice"), ("1 2 3", "expected 2 dice"), ("0 1", "0 is not a face")],
)
def test_typed_dice_refused_with_clear_message(text: str, msg: str) -> None:
    with pytest.raises(DataError, match=msg):
        parse_typed(DR, text)


def test_typed_dice_refuse_bools() -> None:
    with pytest.raises(DataError):
        parse_typed(dr(), [True])


@given(st.text(max_size=70))
def test_typed_dice_never_crash(text: str) -> None:
    try:
        r = parse_typed(DR, text)
    except DataError:
        return
    assert all(1 <= v <= 6 for v in r.values)


def test_the_terrain_keeps_its_blazes_as_it_is_edited() -> None:
    # a night's light reads its Blazes from this index, never by walking every hex of terrain
    a, b, c = Hex(3, 1), Hex(0, 2), Hex(1, 0)
    t0 = Terrain({a: HexTerrain(terrain="woods", obstacle=1, blaze=2), c: HexTerrain(terrain="woods", obstacle=1)})
    assert t0.blazes == (a,)
    t1 = t0.update_hex(b, terrain="building", obstacle=2, blaze=3).update_hex(c, blaze=1)
    assert t1.blazes == (b, c, a)  # map order: by column, then row
    t2 = t1.update_hex(a, blaze=None).clear_hex(b).add_side(c, 0, "hedge")
    assert t2.blazes == (c,) and t2.fork().blazes == (c,)
    assert t0.blazes == (a,) and t1.blazes == (b, c, a)  # earlier versions unchanged
    assert t2 == Terrain({a: HexTerrain(terrain="woods", obstacle=1), c: HexTerrain(terrain="woods", obstacle=1, blaze=1)},
                         {}).add_side(c, 0, "hedge")
