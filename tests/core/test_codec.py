"""Saves and share links: round trips, and untrusted input that only ever raises CodecError."""

from __future__ import annotations

import base64
import json
import random
import sys
import zlib
from typing import Any

import pytest
from airhead.boards import HexMap
from airhead.codec import (
    FORMAT_VERSION,
    LINK_PREFIX,
    MAX_JSON_BYTES,
    CodecError,
    SaveData,
    SizeError,
    VersionError,
    decode_any,
    decode_link,
    decode_save,
    encode_link,
    encode_save,
)
from airhead.game import Game
from airhead.hexes import Hexside
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game
from airhead.terrain import Bridge, HexTerrain, Terrain, Water
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SC = builtin("default")
ACTIONS: list[dict[str, Any]] = [
    {"type": "edit", "op": "hex", "hex": "1B3", "set": {"t": "woods", "obs": 1}},
    {"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}},
    {"type": "roll"},
    {"type": "note", "text": "<img src=x onerror=alert(1)>"},
]

IN_PYODIDE = sys.platform == "emscripten"


def sample_game() -> Game:
    return new_game(SC, "seed-1", ACTIONS)


def test_save_round_trip_with_builtin_scenario() -> None:
    g = sample_game()
    text = encode_save(g)
    assert json.loads(text)["scenario"] == {"builtin": "default"}
    sd = decode_save(text)
    assert sd == SaveData.of(g)
    assert sd.to_game().log_lines() == g.log_lines()


def test_link_round_trip_is_compact_and_replays() -> None:
    g = sample_game()
    link = encode_link(g, "http://127.0.0.1:8000/index.html#old")
    assert link.startswith(f"http://127.0.0.1:8000/index.html#a{FORMAT_VERSION}.")
    assert len(link) < 400
    sd = decode_link(link)
    assert sd.to_game().log_lines() == g.log_lines()
    assert decode_link(link.split("#")[1]) == sd
    assert decode_any(link) == sd and decode_any(encode_save(g)) == sd


def test_names_from_links_stay_text() -> None:
    sc = Scenario("<img src=x onerror=alert(1)>", "asl", HexMap.asl([["4"]]))
    sd = decode_link(encode_link(SaveData(sc, "s")))
    assert sd.scenario.name == "<img src=x onerror=alert(1)>"


def test_future_versions_are_refused_with_a_reason() -> None:
    with pytest.raises(VersionError, match="newer Airhead"):
        decode_link("#a9.eJyrVgoNAAB5AD0")
    data = json.loads(encode_save(sample_game()))
    data["airhead"] = FORMAT_VERSION + 1
    with pytest.raises(VersionError, match="update the app"):
        decode_save(json.dumps(data))


def pack(obj: Any) -> str:
    raw = json.dumps(obj).encode()
    return "#a1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize(
    "obj,msg",
    [
        ([], "must be a JSON object"),
        ({"seed": "x"}, "not an Airhead save"),
        ({"airhead": 1, "seed": "", "scenario": {"builtin": "default"}}, "seed"),
        ({"airhead": 1, "seed": "s", "scenario": {"builtin": "nope"}}, "unknown built-in"),
        ({"airhead": 1, "seed": "s", "scenario": {"builtin": "default"}, "actions": [{"type": "x"}]}, "action 1"),
        ({"airhead": 1, "seed": "s", "scenario": {"builtin": "default"}, "extra": 1}, "unknown field"),
        ({"airhead": 1, "seed": "s", "scenario": {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]},
                                                   "hexes": {"4Q99": {}}}}, "not a hex of board 4"),
        ({"airhead": 1, "seed": "s", "scenario": {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]] * 9}}},
         "1..8 rows"),
        ({"airhead": 1, "seed": "s", "scenario": {"builtin": "default"}, "actions": [{"type": "note", "text": "x"}] * 5001},
         "too many actions"),
    ],
)
def test_invalid_content_is_refused(obj: Any, msg: str) -> None:
    with pytest.raises(CodecError, match=msg):
        decode_link(pack(obj))


def test_unreplayable_actions_fail_on_to_game() -> None:
    sd = decode_link(pack({"airhead": 1, "seed": "s", "scenario": {"builtin": "default"}, "actions": [{"type": "roll"}]}))
    with pytest.raises(CodecError, match="does not replay: action 1"):
        sd.to_game()


def test_size_limits_are_checked_first() -> None:
    with pytest.raises(SizeError):
        decode_link("#a1." + "A" * 300_000)
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_JSON_BYTES + 10))).decode().rstrip("=")
    with pytest.raises(SizeError, match="too large"):
        decode_link("#a1." + bomb)
    with pytest.raises(SizeError):
        decode_save("{" + " " * MAX_JSON_BYTES + "}")


def test_deep_nesting_and_constants() -> None:
    with pytest.raises(CodecError, match="nested too deeply|not valid JSON"):
        decode_save("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CodecError):
        decode_save('{"airhead": NaN}')


@pytest.mark.parametrize("link", ["", "#", "#a1.", "#a1.!!!", "#b1.abc", "#a1.abc", "http://x/#a1.eJw", "#a0.eJw"])
def test_garbage_links(link: str) -> None:
    with pytest.raises(CodecError):
        decode_link(link)


def test_fuzz_truncated_and_mutated_links_raise_only_codec_errors() -> None:
    rnd = random.Random(1234)
    link = encode_link(sample_game())
    frag = link.split("#")[1]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.#%!"
    outcomes = {"ok": 0, "err": 0}
    for i in range(400):
        s = list(frag)
        kind = i % 4
        if kind == 0:
            s = s[: rnd.randrange(len(s))]
        elif kind == 1:
            for _ in range(rnd.randint(1, 4)):
                s[rnd.randrange(len(s))] = rnd.choice(alphabet)
        elif kind == 2:
            pos = rnd.randrange(len(s))
            s[pos:pos] = rnd.choices(alphabet, k=rnd.randint(1, 6))
        else:
            s = rnd.choices(alphabet, k=rnd.randint(0, 200))
        try:
            decode_link("".join(s)).to_game()
            outcomes["ok"] += 1
        except CodecError:
            outcomes["err"] += 1
    assert outcomes["err"] > 300


@given(st.text(max_size=300))
@settings(max_examples=50 if IN_PYODIDE else 200,  # (200 on CPython)
          suppress_health_check=[HealthCheck.too_slow])
def test_random_text_only_raises_codec_errors(text: str) -> None:
    for candidate in (text, "#a1." + text):
        try:
            decode_any(candidate)
        except CodecError:
            pass


# ---------------------------------------------------------------------------- property test
terrain_names = st.sampled_from(["open", "woods", "building", "orchard", "marsh", "water", "grain"])
hex_terrain = st.builds(
    HexTerrain,
    terrain=terrain_names,
    base_level=st.integers(-1, 3),
    obstacle=st.sampled_from([0, 0.5, 1, 1.5, 2]),
    blaze=st.one_of(st.none(), st.sampled_from([1, 2])),
    water=st.one_of(st.none(), st.builds(Water, st.sampled_from(["river", "stream"]), st.booleans(), st.booleans())),
    bridge=st.one_of(st.none(), st.builds(Bridge, st.integers(0, 2), st.booleans())),
    minefield=st.integers(0, 12),
    shellholes=st.booleans(),
    trench=st.booleans(),
    smoke=st.booleans(),
    occupants=st.lists(st.sampled_from(["vehicle", "wreck", "glider"]), max_size=3).map(tuple),
    label=st.text(max_size=10),
)


@st.composite
def save_data(draw: st.DrawFn) -> SaveData:
    layout = draw(st.sampled_from([[["4"]], [["4", "5*"]], [["1"], ["2"]]]))
    m = HexMap.asl(layout)
    hexes = m.hexes()
    cells = draw(st.lists(st.sampled_from(hexes), max_size=12, unique=True))
    ht = {h: draw(hex_terrain) for h in cells}
    sides = {
        Hexside.of(draw(st.sampled_from(hexes)), draw(st.integers(0, 5))): frozenset(
            draw(st.lists(st.sampled_from(["hedge", "wall", "crest", "cliff"]), min_size=1, max_size=2))
        )
        for _ in range(draw(st.integers(0, 5)))
    }
    sc = Scenario(draw(st.text(min_size=1, max_size=30)), "asl", m, Terrain(ht, sides),
                  {"wind": draw(st.sampled_from(["N", "SW"]))}, draw(st.text(max_size=40)))
    names = [m.name(h) for h in hexes]
    actions: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 6))):
        actions.append({"type": "start", "procedure": "asl.random_location", "params": {"from": draw(st.sampled_from(names))}})
        if draw(st.booleans()):
            actions.append({"type": "roll"})
        else:
            actions.append({"type": "dice", "values": [draw(st.integers(1, 6)), draw(st.integers(1, 6))]})
        if draw(st.booleans()):
            actions.append({"type": "undo"})
            actions.append({"type": "cancel"})
    return SaveData(sc, draw(st.text(min_size=1, max_size=20)), tuple(actions))


@given(save_data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_decode_encode_round_trip(sd: SaveData) -> None:
    assert decode_link(encode_link(sd)) == sd
    assert decode_save(encode_save(sd)) == sd
    g = sd.to_game()
    assert decode_link(encode_link(g)).to_game().log_lines() == g.log_lines()


def test_older_formats_are_migrated_or_refused_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    import airhead.codec as codec

    old, new = codec.FORMAT_VERSION, codec.FORMAT_VERSION + 1
    old_link = encode_link(sample_game())  # made by the current format
    old_save = encode_save(sample_game())
    monkeypatch.setattr(codec, "FORMAT_VERSION", new)
    with pytest.raises(VersionError, match=f"format {old} can no longer be read: no migration to format {new}"):
        decode_link(old_link)

    def upgrade(obj: dict[str, Any]) -> dict[str, Any]:
        obj["seed"] = obj["seed"] + "-new"
        return obj

    monkeypatch.setitem(codec.MIGRATIONS, old, upgrade)
    assert decode_link(old_link).seed == "seed-1-new"
    assert decode_save(old_save).seed == "seed-1-new"
    monkeypatch.setattr(codec, "OLDEST_READABLE", new)
    with pytest.raises(VersionError, match="too old"):
        decode_link(old_link)


def test_reading_a_save_leaves_the_cycle_collector_as_it_found_it() -> None:
    """The codec pauses Python's cycle collector while it reads (a large save makes many objects
    and no cycle); after a save read, a link refused or a save refused, it is as it was."""
    import gc

    save, link = encode_save(sample_game()), encode_link(sample_game())
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            assert decode_save(save).seed == "seed-1" and decode_link(link).seed == "seed-1"
            assert gc.isenabled() is enabled
            broken = save.replace('"seed"', '"sed"')  # refused while it is read
            packed = base64.urlsafe_b64encode(zlib.compress(broken.encode())).decode().rstrip("=")
            for bad in (broken, link.split("#")[0] + "#" + LINK_PREFIX + packed):
                with pytest.raises(CodecError):
                    decode_any(bad)
                assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_broken_action_is_refused_before_the_scenario_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The actions' shapes need no map: a save with a broken action is refused for it without
    its scenario being read (at the size limits, reading the map is most of a refusal's time)."""
    import airhead.codec as codec

    def never(data: Any) -> Scenario:
        raise AssertionError("the scenario was read before the actions were checked")

    monkeypatch.setattr(codec, "load_scenario", never)
    data = json.loads(encode_save(new_game(Scenario.from_data(SC.to_data()), "s", [])))
    data["actions"] = [{"type": "note", "text": "fine"}, {"type": "x"}]
    with pytest.raises(CodecError, match=r"^action 2: unknown action type “x”"):
        decode_save(json.dumps(data))
