"""Hostile input at decode (issue #13), item by item: decoding is linear in the input (the
nesting pre-scan), text, numbers and JSON types are checked as they are read, and the size of
what a save describes is capped (hexes, terrain, hexside features, the SVG), while the largest
games of real play still open. The fuzz run is ``test_codec_fuzz.py``'s.

No test asserts a time: a hang is caught by a watchdog on the process's CPU time far above the budget (20 x), where the
platform has signals; the figures are ``tools/bench_decode.py``'s."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from airhead.boards import MAX_MAP_HEXES, HexMap
from airhead.codec import MAX_DEPTH, MAX_JSON_BYTES, CodecError, SizeError, _max_depth, decode_any, decode_link, decode_save
from airhead.scenario import MAX_SIDE_FEATURES, MAX_TERRAIN_HEXES
from airhead.svg import MAX_SVG_BYTES, render_map
from tools.corpora import codec_fuzz
from tools.corpora.codec_fuzz import link_of_text
from tools.corpora.hostile import adversarial, largest_save
from tools.corpora.mutations import _deep
from tools.corpora.opening import OPEN_WATCHDOG, REFUSE_WATCHDOG, Case, check, open_fully, watchdog


def save(scenario: Any = None, actions: list[Any] | None = None, seed: Any = "s") -> str:
    return json.dumps({"airhead": 2, "seed": seed, "scenario": scenario or {"builtin": "default"}, "actions": actions or []})


def refused(text: str, match: str = "") -> CodecError:
    """``text`` is refused (as a save, and inside a link) with a CodecError matching ``match``."""
    errors = []
    for decode, candidate in ((decode_save, text), (decode_link, link_of_text(text))):
        with watchdog(REFUSE_WATCHDOG, "refusing"), pytest.raises(CodecError, match=match or None) as e:
            decode(candidate)
        errors.append(e.value)
    return errors[0]


# ---------------------------------------------------------------------- 1. linear decoding
@pytest.mark.parametrize("text", [
    '"' + '\\"' * 50_000,  # the 90-character link: 100 KB of escaped quotes
    '"' * 900_000, '"\\' * 450_000, '"a' * 450_000, '["' * 450_000, '""[' * 300_000, "[" * 900_000,
    "[" * 450_000 + "]" * 450_000, '"\\\\' * 300_000, "\\" * 900_000,  # each under the 1 MB a save may have
], ids=["issue link", "quotes", "quote-backslash", "quote-a", "bracket-quote", "strings-bracket", "open",
        "nested", "escaped-backslashes", "backslashes"])
def test_the_nesting_prescan_is_linear_whatever_the_quotes_and_backslashes(text: str) -> None:
    link = link_of_text(text)
    assert len(link) < 2_500  # a short link...
    refused(text)  # ...refused well within the watchdog (the old pre-scan took minutes)


@pytest.mark.parametrize("text,depth", [
    ('"a\\"b"[', 1), ('"a\\\\"[', 1), ('"abc', 0), ('"abc\\', 0), ('"a\nb"[', 1), ('[["x]"]]', 2),
    ('"\\\\\\"[[', 0), ('{"a":[1,{"b":"]]]"}]}', 3), ('["\\\\", ["\\"[", []]]', 3), ("[]" * 40, 1),
])
def test_the_prescan_counts_brackets_outside_strings_only(text: str, depth: int) -> None:
    assert _max_depth(text) == depth


def test_the_prescan_agrees_with_the_json_parser_on_random_documents() -> None:
    rnd = random.Random(13)

    def doc(d: int) -> Any:
        r = rnd.random()
        if d > 7 or r < 0.3:
            return rnd.choice(['a"]', "\\[{", 1, None, "x\n]", "", "\\", '"'])
        if r < 0.65:
            return [doc(d + 1) for _ in range(rnd.randint(0, 3))]
        return {rnd.choice(["k]", '"{', "z\\"]) + str(i): doc(d + 1) for i in range(rnd.randint(0, 3))}

    def depth(o: Any) -> int:
        if isinstance(o, (list, dict)):
            return 1 + max((depth(v) for v in (o.values() if isinstance(o, dict) else o)), default=0)
        return 0

    for _ in range(300):
        o = doc(0)
        assert _max_depth(json.dumps(o, indent=rnd.choice([None, 1]))) == depth(o)


def test_nesting_is_limited_before_the_parser_recurses() -> None:
    deep = _deep(MAX_DEPTH)  # 32 levels inside an action inside the actions list
    refused(save(actions=[{"type": "note", "text": "x", "deep": deep}]), "nested too deeply")
    refused("[" * 100_000 + "]" * 100_000, "nested too deeply")


# ---------------------------------------------------------------------- 2. text, numbers, types
SEALED = codec_fuzz.seal(["plan"], salt="0" * 32)
ASL4 = {"name": "n", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}}


@pytest.mark.parametrize("text", [
    save(seed="s\ud800"),
    save({**ASL4, "name": "n\ud800"}),
    save({**ASL4, "notes": "\udbff"}),
    save({**ASL4, "settings": {"weather": "Clear\udc00"}}),
    save({**ASL4, "hexes": {"4C3": {"label": "\ud800"}}}),
    save(actions=[{"type": "note", "text": "\ud83d"}]),
    save(actions=[{"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9", "rule": "\ud800"}}]),
    save(actions=[{"type": "seal", "side": "Allied", "label": "plan", "code": SEALED.code},
                  {"type": "reveal", "side": "Allied", "label": "plan", "plan": ["\ud800"], "salt": "0" * 32}]),
], ids=["seed", "name", "notes", "settings", "hex label", "note", "params", "reveal plan"])
def test_lone_surrogates_are_refused_wherever_they_are(text: str) -> None:
    assert "\\ud8" in text or "\\udb" in text or "\\udc" in text  # an escape in the JSON, as a link carries it
    refused(text, "not valid Unicode")


def test_a_surrogate_pair_is_one_character_and_is_kept() -> None:
    data = decode_save(save(actions=[{"type": "note", "text": "\U0001F600 ok"}]))
    assert data.actions[0]["text"] == "\U0001F600 ok"
    open_fully(data)


@pytest.mark.parametrize("number", ["1e999", "-1e999", "1E400", "9" * 16, "-" + "9" * 30, "1" * 5000])
@pytest.mark.parametrize("where", ["dice", "level", "settings", "params", "reveal plan"])
def test_non_finite_and_huge_numbers_are_refused(number: str, where: str) -> None:
    text = {
        "dice": save(actions=[{"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}},
                              {"type": "dice", "values": ["N", 2]}]),
        "level": save({**ASL4, "hexes": {"4C3": {"t": "woods", "lvl": "N"}}}),
        "settings": save({**ASL4, "settings": {"sides": ["A", "B"], "x": "N"}}),
        "params": save(actions=[{"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": "1H5", "wind": "N"}}]),
        "reveal plan": save(actions=[{"type": "seal", "side": "Allied", "label": "plan", "code": SEALED.code},
                                     {"type": "reveal", "side": "Allied", "label": "plan", "plan": ["N"], "salt": "0" * 32}]),
    }[where].replace('"N"', number)
    refused(text, "number in the data is too large")


def test_the_largest_whole_number_a_save_may_hold() -> None:
    plan = [999_999_999_999_999, -999_999_999_999_999, 1e308]
    sealed = codec_fuzz.seal(plan, salt="0" * 32)
    data = decode_save(save(actions=[{"type": "seal", "side": "Allied", "label": "plan", "code": sealed.code},
                                     {"type": "reveal", "side": "Allied", "label": "plan", "plan": plan, "salt": sealed.salt}]))
    assert data.actions[1]["plan"] == plan
    assert open_fully(data).state.revealed("plan")[0]["valid"]


def test_what_is_read_can_be_written_again() -> None:
    # 1e9 is read as 1000000000.0: a save of many such numbers written out again would outgrow a save
    plan = [1e9] * 1_200
    sealed = codec_fuzz.seal(plan, salt="0" * 32)
    pairs = [{"type": "seal", "side": "Allied", "label": "plan", "code": sealed.code},
             {"type": "reveal", "side": "Allied", "label": "plan", "plan": "P", "salt": sealed.salt}] * 140
    text = save(actions=pairs).replace('"P"', "[" + ",".join(["1e9"] * 1_200) + "]")
    assert len(text) < 2_000_000
    refused(text, "too large to save again")


@pytest.mark.parametrize("scenario,actions,match", [
    ({**ASL4, "system": ["asl"]}, [], "game system"),
    ({**ASL4, "system": 7}, [], "game system"),
    ({**ASL4, "settings": []}, [], "settings"),
    ({**ASL4, "settings": {"sides": "Allied"}}, [], "Sides"),
    ({"name": "n", "system": "panzer_leader", "map": {"kind": "grid", "columns": 10, "rows": 8, "maps": [["A"]]},
      "settings": {"panzer_leader": [1]}}, [], "settings"),
    ({"name": "hostile", "system": "panzer_leader", "map": {"kind": "grid", "columns": 10, "rows": 8, "maps": [["A"]]},
      "settings": {"panzer_leader": {"plan": {"paradrop": {"drops": [{}]}}}}}, [], "Target hex: missing"),
    ({**ASL4, "map": {"kind": "grid", "columns": "10", "rows": 8, "maps": [["A"]]}}, [], "columns"),
    ({**ASL4, "map": {"kind": "grid", "columns": 10.0, "rows": 8, "maps": [["A"]]}}, [], "columns"),
    ({**ASL4, "map": {"kind": "asl", "boards": "4"}}, [], "board"),
    ({**ASL4, "map": {"kind": "asl", "boards": [[4]]}}, [], "board"),
    ({**ASL4, "map": {"kind": ["asl"], "boards": [["4"]]}}, [], "map kind"),
    ({**ASL4, "hexes": []}, [], "hexes"),
    ({**ASL4, "hexes": {"4C3": 1}}, [], "hex terrain"),
    ({**ASL4, "sides": {"4C3:N": "hedge"}}, [], "features"),
    (None, [{"type": ["note"], "text": "x"}], "action 1"),
    (None, [{"type": {"t": 1}}], "action 1"),
    (None, [["note"]], "action 1"),
    (None, [{"type": "start", "procedure": ["asl.random_location"]}], "action 1"),
    (None, [{"type": "edit", "op": "hex", "hex": "1C3", "set": []}], "action 1"),
], ids=lambda v: json.dumps(v)[:40] if not isinstance(v, str) else v)
def test_wrong_json_types_are_refused_with_a_codec_error(scenario: Any, actions: list[Any], match: str) -> None:
    refused(save(scenario, actions), match)


# ---------------------------------------------------------------------- 3. the size of what a link describes
def test_a_short_link_cannot_describe_millions_of_hexes() -> None:
    text = save({"name": "n", "system": "panzer_leader", "map": {"kind": "grid", "columns": 200, "rows": 200,
                 "maps": [[f"M{r}{c}" for c in range(8)] for r in range(8)]}})
    assert len(link_of_text(text)) < 400  # 2.56 million hexes described in a few hundred characters
    refused(text, "the map is too large: 2,560,000 hexes")
    refused(save({"name": "n", "system": "panzer_leader", "map": {"kind": "grid", "columns": 200, "rows": 201,
                  "maps": [["A"]]}}), "200")


@pytest.mark.parametrize("layout", [
    {"kind": "grid", "columns": 200, "rows": 200, "maps": [["A"]]},  # a 200 x 200 grid
    {"kind": "grid", "columns": 100, "rows": 50, "maps": [["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]]},
    {"kind": "asl", "boards": [[str(8 * r + c + 1) for c in range(8)] for r in range(8)]},  # 64 geoboards
], ids=["200x200 grid", "8 grids of 100x50", "8x8 geoboards"])
def test_the_largest_maps_of_real_play_open(layout: dict[str, Any]) -> None:
    system = "asl" if layout["kind"] == "asl" else "panzer_leader"
    with watchdog(OPEN_WATCHDOG, "opening a large map"):
        data = decode_save(save({"name": "big", "system": system, "map": layout}))
        assert len(data.scenario.map.hexes()) <= MAX_MAP_HEXES
        open_fully(data)


def test_a_map_of_more_hexes_than_the_cap_is_refused_before_it_is_built() -> None:
    with pytest.raises(CodecError, match=f"at most {MAX_MAP_HEXES:,}"):
        decode_save(save({"name": "n", "system": "panzer_leader", "map": {"kind": "grid", "columns": 200, "rows": 101,
                                                                          "maps": [["A"], ["B"]]}}))


def test_terrain_and_hexside_features_are_capped() -> None:
    m = HexMap.grid([["A"]], 200, 200)
    names = [n for _, n in m.iter_names()]
    grid = {"name": "n", "system": "panzer_leader", "map": {"kind": "grid", "columns": 200, "rows": 200, "maps": [["A"]]}}
    refused(save({**grid, "hexes": {n: {"t": "woods"} for n in names[: MAX_TERRAIN_HEXES + 1]}}), "hexes")
    sides = {f"{n}:{d}": ["hedge", "wall"] for n in names[: MAX_SIDE_FEATURES // 6 + 1] for d in ("N", "NE", "SE")}
    refused(save({**grid, "sides": sides}), "too many hexside features")


def test_the_largest_accepted_map_draws_within_the_svg_bound() -> None:
    text = largest_save()
    drawn: list[str] = []
    with watchdog(OPEN_WATCHDOG, "drawing the largest map"):
        game = open_fully(decode_save(text), drawn)  # the map as opening it draws it (drawn once)
    svg = drawn[0]
    assert len(text.encode("utf-8")) > MAX_JSON_BYTES * 0.99
    assert len(game.scenario.terrain.hexes) == MAX_TERRAIN_HEXES and len(game.actions) > 1_000
    assert len(svg.encode("utf-8")) <= MAX_SVG_BYTES, len(svg.encode("utf-8"))


def test_a_hostile_name_draws_a_well_formed_map() -> None:
    import xml.etree.ElementTree as ET

    data = decode_save(save({**ASL4, "name": 'a <b> & "c"\x01\x1f'}))
    svg = render_map(data.scenario)
    root = ET.fromstring(svg)  # control characters XML cannot hold are replaced, markup escaped
    assert root.find("{http://www.w3.org/2000/svg}title").text == 'a <b> & "c"\ufffd\ufffd'


# ---------------------------------------------------------------------- 5. the largest games open
#: Adversarial inputs that open after the longest replays or draw the largest maps: opened once (as
#: a save); their links are only decoded and compared (the same data, read through the link path).
HEAVY = ("one 200x200", "8x8 ASL", "the most terrain", "the largest save", "5000 notes", "5000 hex edits", "5000 units", "2500 ")
#: (the largest save, which holds the most terrain and more, is opened by the SVG bound's test)
HEAVY_SAVES = [c for c in adversarial() if c.label.endswith("(save)") and c.label.startswith(HEAVY)
               and not c.label.startswith(("the largest save", "the most terrain"))]
HEAVY_LINKS = [c for c in adversarial() if c.label.endswith("(link)") and c.label.startswith(HEAVY)
               and not c.label.startswith("the largest save")]



@pytest.mark.parametrize("case", HEAVY_SAVES, ids=lambda c: c.label)
def test_the_largest_games_a_save_may_hold_open_fully(case: Case) -> None:
    with watchdog(OPEN_WATCHDOG, case.label):
        assert check(case) == "opened", case.label


#: What the largest save broken at its end is refused for: its last action, its last terrain hex.
BROKEN_AT_THE_END = {"action": r"^action \d+: unknown action type “x”",
                     "terrain hex": r"^scenario: hex \S+: base level must be a whole or half level",
                     "hexside": r"^scenario: hexside \S+: features must be a list of names"}


@pytest.mark.parametrize("case", [c for c in adversarial() if "broken" in c.label], ids=lambda c: c.label)
def test_the_largest_save_broken_at_its_end_is_refused(case: Case) -> None:
    (reason,) = [r for what, r in BROKEN_AT_THE_END.items() if f"its last {what} broken" in case.label]
    with watchdog(REFUSE_WATCHDOG * 5, case.label), pytest.raises(CodecError, match=reason):
        decode_any(case.text)


@pytest.mark.parametrize("case", HEAVY_LINKS, ids=lambda c: c.label)
def test_the_links_of_large_games_read_as_their_saves(case: Case) -> None:
    save_case = next(c for c in adversarial() if c.label == case.label.replace("(link)", "(save)"))
    with watchdog(OPEN_WATCHDOG, case.label):
        assert decode_any(case.text) == decode_any(save_case.text)


def test_a_link_too_long_for_the_codec_is_refused_by_size() -> None:
    with pytest.raises(SizeError):
        decode_link("#a2." + "A" * 300_000)
