"""#42 "At the table, round 3": what the panels say, laid out for their room, and the map's keys."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from airhead import events as ev
from airhead.boards import HexMap
from airhead.hexes import Layout
from airhead.plug import View
from airhead.present import event_view, odds_view, overlay, overlay_key, overlay_svg, rule_badge
from airhead.present.marks import ARROW, HIT, MARKS, ZONES
from airhead.present.overlay import heat_fill
from airhead.scenario import Scenario
from airhead.svg import LEVEL_FILLS, NAME_EM, render_map
from airhead.systems import builtin, new_game
from airhead.terrain import Terrain

from playing import at
from test_heat_contrast import NAME_INK, _contrast, _multiply, _rgb


def test_a_log_line_is_laid_out_in_parts_not_fixed_columns() -> None:
    mod = event_view(ev.modifier("E8.22", -2, "2 consecutive hexes clear of Obstacles: 1F6, 1G6"))
    assert (mod["badge"], mod["kind"], mod["lead"], mod["words"], mod["value"]) == (
        "E8.22", "modifier", "-2", "2 consecutive hexes clear of Obstacles: 1F6, 1G6", "")
    info = event_view(ev.info("E7.42", "FB 1 has dropped its bombs"))
    assert (info["badge"], info["kind"], info["words"]) == ("E7.42", "", "FB 1 has dropped its bombs")


def test_only_a_rule_number_is_a_badge_a_reading_is_said_in_words() -> None:
    assert [rule_badge(r) for r in ("E1.92", "E7.51", "A10.5", "25.3", "E1.7 EX")] == ["E1.92", "E7.51", "A10.5", "25.3", "E1.7 EX"]
    assert rule_badge("LOS at hex level") == ""
    line = event_view(ev.info("LOS at hex level", "1K3 blocks the line"))
    assert line["badge"] == "" and line["words"] == "LOS at hex level: 1K3 blocks the line"


def test_hexes_are_listed_by_board_column_and_row_never_as_text() -> None:
    m = HexMap.asl([["2", "10"]])
    names = ["10B1", "2GG10", "2GG4", "2B10", "2B9", "2AA3"]
    assert sorted(names, key=lambda n: m.order(m.parse(n))) == ["2B9", "2B10", "2AA3", "2GG4", "2GG10", "10B1"]


def test_where_a_starshell_lands_is_listed_by_hex_with_its_chance_in_percent() -> None:
    sc = Scenario("night", "asl", HexMap.asl([["13"]]), Terrain(), {"night": True, "sides": ["Allied", "Axis"]})
    g = new_game(sc, "s", list(at("MPh", 0)))
    od = odds_view(g, "asl.starshell", {"firer": "leader", "firer_hex": "13I4", "aim": "13K6", "side": "Axis"})
    assert od is not None
    rows = next(t["rows"] for t in od["tables"] if t["key"] == "landing")
    m = sc.map
    keys = [m.order(m.parse(label)) for label, _ in rows]
    assert len(rows) >= 2 and keys == sorted(keys)
    svg = overlay_svg(sc, View(heat=((m.parse("13K6"), 0.25),), heat_unit="%"))
    texts = [t.text for t in ET.fromstring(svg).iter() if t.tag.endswith("text")]
    assert texts == ["25%"]


def test_a_chance_is_never_tinted_red_and_names_stay_readable_under_it() -> None:
    for p in (0.0, 0.1, 0.25, 0.5, 0.75, 1.0):
        fill, opacity = heat_fill("%", p, 1.0)
        r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
        assert not (r > 180 and g < 120), f"{p}: {fill} reads as danger red"
        assert _contrast(_multiply(_rgb(NAME_INK), (r, g, b), float(opacity)),
                         _multiply(_rgb(LEVEL_FILLS[0]), (r, g, b), float(opacity))) >= 4.5


def test_marks_of_hexes_in_play_are_clipped_to_the_map_and_an_off_board_one_is_drawn_whole() -> None:
    sc = Scenario("t", "asl", HexMap.asl([["2"]]), Terrain())
    m = sc.map
    edge, off = m.parse("2A1"), m.parse("2A12", allow_offboard=True)
    view = View(marks=((edge, "unseen"), (off, "target")), zones=(("NVR", (edge,)),), labels=((edge, "Blind"),))
    root = ET.fromstring(overlay_svg(sc, view))
    classes = {(e.get("data-hex"), e.tag): str(e.get("class")) for e in root.iter() if e.get("data-hex")}
    assert "in-play" in classes[("2A1", "polygon")] and "in-play" not in classes[(m.name(off), "polygon")]
    assert all("in-play" in str(e.get("class")) for e in root.iter() if e.get("class", "").startswith(("zone-hex", "label")))
    css = (Path(__file__).resolve().parents[3] / "web" / "styles.css").read_text(encoding="utf-8")
    assert re.search(r"#overlay-layer \.in-play \{ clip-path: url\(#board-clip\); \}", css)


def test_a_label_leaves_the_hex_name_band_free() -> None:
    sc = Scenario("t", "asl", HexMap.asl([["2"]]), Terrain())
    m, size = sc.map, 24.0
    lay = Layout(size)
    for name in ("2E5", "2A5", "2GG5", "2B0", "2D10", "2E1"):
        h = m.parse(name)
        root = ET.fromstring(overlay_svg(sc, View(labels=((h, "blocks"),)), size=size))
        text = next(t for t in root.iter() if t.tag.endswith("text"))
        y, font = float(text.get("y", "0")) - lay.center(h).y, float(text.get("font-size", "0"))
        name_top = 0.4 * size if name == "2B0" else -0.5 * size  # the top edge's half hex: its name moved down
        name_band = (name_top - 0.27 * size, name_top + 0.05 * size)
        assert y - 0.75 * font > name_band[1] or y < name_band[0], (name, y, name_band)


def test_a_side_edge_hexs_name_lies_in_its_half_hex_clear_of_the_next_column() -> None:
    """#42 item 11: the name of a half hex on a side edge ("2A9", "2A10") lies inside its visible
    half, never on the corner of the next column's hex, where that hex's outline or counter
    would cover it."""
    sc = Scenario("t", "asl", HexMap.asl([["2"]]), Terrain())
    m, size = sc.map, 24.0
    lay = Layout(size)
    svg = render_map(sc, size=size)
    for name in ("2A9", "2A10", "2GG9", "2GG10"):
        c = lay.center(m.parse(name))
        x, y, anchor = re.search(rf'<text x="([\d.]+)" y="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*class="hexname">{name}<', svg).groups()
        wide = len(name) * NAME_EM * 0.27 * size  # the name's width (0.27 of the hex size)
        left = float(x) if anchor == "start" else float(x) - wide
        for px in (left, left + wide):
            for py in (float(y), float(y) - 0.2 * size):  # its baseline and the top of its letters
                dx, dy = abs(px - c.x), abs(py - c.y)
                assert dy <= size * 0.866 and dx <= size - dy / 3 ** 0.5, (name, px - c.x, py - c.y)
                assert (px - c.x) * (1 if name.startswith("2A") else -1) >= 0, name  # on the board's side
        assert float(y) - c.y <= -0.3 * size or len(name) > 4, name  # at the hex's top where it fits


def test_the_map_key_names_every_mark_drawn_in_the_maps_own_colours() -> None:
    g = new_game(builtin(), "k")
    m = g.scenario.map
    a, b, c, d = (m.name(h) for h in m.hexes()[40:44])
    extra = {"marks": [[a, "ilh"], [b, "target"]], "zones": [["within NVR 2", [a, b]], ["Illuminated beyond the NVR", [c]],
                                                             ["Illuminated: Starshell in " + d, [d]]],
             "paths": [[a, b]], "labels": [[c, "blocks"]]}
    key = overlay_key(g, extra)
    assert key is not None
    assert [i["key"] for i in key["items"]] == ["mark-ilh", "mark-target", "zone-nvr", "zone-beyond", "zone-lit", "arrow", "label"]
    drawn = ET.fromstring(overlay(g, extra))
    for item in key["items"]:
        if item["key"].startswith("mark-"):
            role = item["key"][5:]
            poly = next(p for p in drawn.iter() if p.get("data-role") == role)
            assert f'stroke="{poly.get("stroke")}"' in item["swatch"]
        if item["key"].startswith("zone-"):
            zone = next(z for z in drawn.iter() if z.get("data-kind") == item["key"][5:])
            assert f'stroke="{zone.get("stroke")}"' in item["swatch"]
    assert overlay_key(g, None) is None  # nothing drawn, nothing listed


def test_the_user_guide_describes_every_mark_as_the_map_draws_it() -> None:
    guide = " ".join((Path(__file__).resolve().parents[3] / "docs" / "user-guide.md").read_text(encoding="utf-8").split())
    for look in [*MARKS.values(), *ZONES.values(), HIT, ARROW]:
        label, _, how = look.words.partition(" (")
        assert label in guide and how.rstrip(")") in guide, look.words
