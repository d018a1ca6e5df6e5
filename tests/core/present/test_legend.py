"""#14 items 6 and 8: the map key built from a system's terrain table, the heatmap's key (the
map's own colours), and the log's position and last change in plain words."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

from airhead.plug import View
from airhead.present import heat_legend, last_change, log_position, overlay_svg, terrain_legend, view_data
from airhead.svg import render_map
from airhead.systems import SYSTEMS, builtin, get, new_game

SC = builtin()


def _items(legend: dict) -> dict[str, dict]:  # type: ignore[type-arg]
    return {i["key"]: i for s in legend["sections"] for i in s["items"]}


# ---------------------------------------------------------------------- item 8: the log
def test_undo_does_not_count_up_and_names_what_it_took_back() -> None:
    g = new_game(SC, "legend")
    assert log_position(g) == "No actions yet" and last_change(g) is None
    for _ in range(3):
        g.apply({"type": "advance"})
    assert log_position(g) == "Now: 3 actions in effect"
    g.apply({"type": "undo"})
    assert log_position(g) == "Now: 2 of 3 actions in effect, 1 undone"
    assert last_change(g) == {"n": 3, "kind": "undo", "text": "Undone: #3 " + g.describe(g.entries[2].action)}
    g.apply({"type": "undo"})
    assert log_position(g) == "Now: 1 of 3 actions in effect, 2 undone"
    assert last_change(g)["n"] == 2  # type: ignore[index]
    g.apply({"type": "redo"})  # brings back the last one undone: #2, not #3
    assert last_change(g) == {"n": 2, "kind": "redo", "text": "Redone: #2 " + g.describe(g.entries[1].action)}
    assert log_position(g) == "Now: 2 of 3 actions in effect, 1 undone"
    g.apply({"type": "advance"})  # a new action drops the redo: #3 stays undone
    assert last_change(g) == {"n": 7, "kind": "advance", "text": "#7 " + g.describe(g.entries[6].action)}
    assert log_position(g) == "Now: 3 of 4 actions in effect, 1 undone"


def test_stepping_says_which_moment_is_shown() -> None:
    g = new_game(SC, "legend")
    for _ in range(2):
        g.apply({"type": "advance"})
    g.apply({"type": "undo"})
    assert log_position(g, 0) == "Showing the game before its first action (log entry 0 of 3)"
    assert log_position(g, 2) == "Showing the game as it was after log entry #2 of 3"
    assert log_position(g, 3) == log_position(g) == "Now: 1 of 2 actions in effect, 1 undone"


# ---------------------------------------------------------------------- item 6: the map key
def test_terrain_key_is_the_systems_table() -> None:
    for system in (s.key for s in SYSTEMS):
        types = get(system).terrain_types
        items = _items(terrain_legend(system))
        for key, tt in types.items():
            item = items[f"terrain-{key}"]
            assert item["label"] == tt.label
            assert ET.fromstring(item["swatch"]).find("{http://www.w3.org/2000/svg}polygon").get("fill") == tt.fill
    items = _items(terrain_legend("asl"))
    assert "dotted" in items["terrain-orchard"]["text"] and "hatched" in items["terrain-marsh"]["text"]
    assert "small crosses" in items["terrain-graveyard"]["text"]
    assert {"mark-level", "mark-obstacle", "mark-mines"} <= set(items)
    assert "minefield" in items["mark-mines"]["text"] and "obstacle" in items["mark-obstacle"]["text"]


def test_terrain_key_of_a_map_lists_what_it_shows() -> None:
    terrain = SC.terrain
    items = _items(terrain_legend("asl", terrain))
    used = {t.terrain for t in terrain.hexes.values()} | {"open"}
    assert {k[len("terrain-"):] for k in items if k.startswith("terrain-")} == used & set(get("asl").terrain_types)
    svg = render_map(SC, terrain)
    assert ("mark-mines" in items) == bool(re.search(r'class="level">[^<]*M\d', svg))
    assert ("mark-obstacle" in items) == bool(re.search(r'class="level">[^<]*\+\d', svg))
    # a minefield on the map brings its mark into the key
    h = next(iter(SC.map.iter_names()))[0]
    mined = terrain.fork().set_hex(h, replace(terrain.at(h), minefield=2))
    assert "mark-mines" in _items(terrain_legend("asl", mined))
    assert "M2" in render_map(SC, mined)


# ---------------------------------------------------------------------- item 6: the heat key
def _tints(svg: str) -> dict[float, tuple[str, str]]:
    root = ET.fromstring(svg)
    return {float(p.get("data-p")): (p.get("fill"), p.get("opacity")) for p in root.iter("polygon") if p.get("data-p")}


def test_heat_key_uses_the_maps_colours() -> None:
    names = [n for _, n in list(SC.map.iter_names())[:5]]
    hexes = [SC.map.parse(n) for n in names]
    for unit, values, texts in (("%", [0.0, 0.25, 0.5, 0.75, 1.0], ["0%", "25%", "50%", "75%", "100%"]),
                                ("units", [0.0, 0.5, 1.0, 1.5, 2.0], ["0.00", "0.50", "1.00", "1.50", "2.00"])):
        view = View(heat=tuple(zip(hexes, values)), heat_unit=unit, heat_label="chance of landing safely")  # type: ignore[arg-type]
        key = heat_legend(view_data(SC.map, view))
        assert key is not None and key["label"] == "chance of landing safely" and key["unit"] == unit
        assert [s["text"] for s in key["stops"]] == texts
        tints = _tints(overlay_svg(SC, view))
        for v, stop in zip(values, key["stops"]):
            if v in tints:
                assert tints[v] == (stop["fill"], stop["opacity"])
    assert heat_legend(view_data(SC.map, View())) is None


def test_heat_key_is_plain_text() -> None:
    key = heat_legend({"heat": {"1A1": 0.5}, "heat_unit": "bogus"})
    assert key is not None and key["unit"] == "%" and key["label"] == "chance per hex"
