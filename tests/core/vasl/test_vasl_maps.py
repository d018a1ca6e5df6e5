"""Maps on imported boards: the board's terrain placed (and turned) where the map puts it, the
procedures reading it, saves and links naming the boards (never carrying them), a board missing
on the device named, and the players' changes kept as changes over the board."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from airhead.__main__ import main
from airhead.asl.e8.gliders import approach, landing_drm
from airhead.asl.los import los
from airhead.codec import decode_link, decode_save, encode_link, encode_save
from airhead.errors import DataError
from airhead.hexes import DIRECTION_NAMES
from airhead.scenario import Scenario
from airhead.systems import load_scenario, new_game
from airhead.terrain import HexTerrain
from airhead.vasl import BoardError, read_board
from airhead.vasl.library import LIBRARY, BoardLibrary, MissingBoardError, imported_terrain, scenario_data
from tools.board_writer import write_board

from playing import at

DESC = json.loads((Path(__file__).parents[1] / "data" / "fixture_board.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def archive(name: str) -> bytes:
    desc = dict(DESC, name=name)
    if name == "04":  # board 4 differs: woods in 4A1
        desc["hexes"] = dict(DESC["hexes"], A1={"code": 60})
    return write_board(desc)


def boards() -> list[Any]:
    return [LIBRARY.add(archive("02")), LIBRARY.add(archive("04"))]


def scenario(layout: str = "2 4") -> Scenario:
    return load_scenario(scenario_data([row.split() for row in layout.split(";")], boards()))


def test_the_boards_terrain_lies_under_the_map() -> None:
    sc = scenario()
    m, t = sc.map, sc.terrain
    assert t.at(m.parse("2C2")) == HexTerrain("woods", obstacle=1)
    assert m.parse("4A1") == m.parse("2GG1")  # two half hexes, one hex
    assert t.at(m.parse("4A1")) == HexTerrain("woods", obstacle=1)  # board 4's half is woods, board 2's open
    assert t.at(m.parse("2U3")) == HexTerrain("building", obstacle=2.5)
    assert t.at(m.parse("4J5")) == HexTerrain(base_level=3)
    assert t.side_between(m.parse("2S5"), m.parse("2S6")) == {"wall"}
    assert t.side_between(m.parse("4J5"), m.parse("4K6")) == {"cliff"}


def test_a_turned_board_turns_its_terrain() -> None:
    sc = scenario("2 4*")
    m, t = sc.map, sc.terrain
    assert t.at(m.parse("4C2")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("4U3")) == HexTerrain("building", obstacle=2.5)
    # 4S5's wall on its S and SE hexsides: the same hexsides, between the same hexes, on the turned board
    assert t.side_between(m.parse("4S5"), m.parse("4S6")) == {"wall"}
    assert t.side_between(m.parse("4S5"), m.parse("4T5")) == {"wall"}
    s5, s6 = m.parse("4S5"), m.parse("4S6")
    assert [d for d in range(6) if s5.neighbor(d) == s6] == [0]  # S of the board is N of the map


def test_e8_landing_drm_reads_the_board() -> None:
    sc = scenario()
    m = sc.map
    drm, events = landing_drm(sc.terrain, approach(m, m.parse("2E7"), 5))
    assert [m.name(h) for h in approach(m, m.parse("2E7"), 5).avenue()] == ["2F6", "2G6", "2H5", "2I5", "2J4"]
    assert drm == 1
    assert [(e.value, e.cause) for e in events] == [
        (-2, "2 consecutive hexes clear of Obstacles: 2F6, 2G6"),
        (3, "Obstacle 3 levels above the ILH's Base Level in 2J4"),  # woods on the level-2 hill
    ]


def test_los_reads_the_board() -> None:
    sc = scenario()
    m = sc.map
    s = los(sc.terrain, m.parse("2A2"), m.parse("2E2"))  # through the woods of 2C2 / 2C3 and 2D3
    assert s.blocked
    clear = los(sc.terrain, m.parse("2A6"), m.parse("2E6"))
    assert not clear.blocked


def test_a_save_names_the_boards_and_never_carries_them() -> None:
    sc = scenario()
    g = new_game(sc, "seed")
    text = encode_save(g)
    data = json.loads(text)
    assert data["scenario"]["boards"] == {
        "2": {"name": "02", "version": "1.2", "sha256": read_board(archive("02")).archive.sha256},
        "4": {"name": "04", "version": "1.2", "sha256": read_board(archive("04")).archive.sha256},
    }
    assert "hexes" not in data["scenario"] and "sides" not in data["scenario"]
    assert len(text) < 1000
    back = decode_save(text).to_game()
    assert back.scenario == sc and back.state.terrain == sc.terrain


def test_changes_over_a_board_are_kept_as_changes() -> None:
    sc = scenario()
    m = sc.map
    g = new_game(sc, "seed")
    g.apply({"type": "edit", "op": "hex", "hex": "2C2", "set": {"t": None, "obs": None}})  # the woods cleared (an SSR)
    g.apply({"type": "edit", "op": "hex", "hex": "2A1", "set": {"t": "rubble"}})
    link = encode_link(g)
    back = decode_link(link).to_game()
    assert back.state.terrain.at(m.parse("2C2")) == HexTerrain()
    assert back.state.terrain.at(m.parse("2A1")).terrain == "rubble"
    assert back.state.terrain.at(m.parse("2C3")) == HexTerrain("woods", obstacle=1)
    # a scenario saved from that state lists only what differs from the boards
    changed = sc.with_terrain(back.state.terrain)
    data = changed.to_data()
    assert data["hexes"] == {"2A1": {"t": "rubble"}, "2C2": {}}
    assert "sides" not in data
    no_wall = changed.with_terrain(changed.terrain.remove_side(m.parse("2S5"), 3, "wall"))
    assert no_wall.to_data()["sides"] == {"2S6:N": []}  # (as the map names that hexside)
    assert load_scenario(no_wall.to_data()) == no_wall


def test_a_missing_board_is_named_and_can_be_opened_blank() -> None:
    sc = scenario()
    text = encode_save(new_game(sc, "seed"))
    lib = BoardLibrary()
    lib.add(archive("02"))
    ref4 = sc.boards["4"]
    with pytest.raises(MissingBoardError) as e:
        imported_terrain(sc.map, sc.boards, lib)
    assert e.value.missing == (("4", ref4),)
    assert str(e.value).startswith("This game is played on board 4 (VASL board 04, version 1.2), not on this device yet")
    LIBRARY.remove(ref4.sha256)
    try:
        with pytest.raises(MissingBoardError) as e2:  # the codec lets it through: the app asks for the file
            decode_save(text)
        assert "board 4 (VASL board 04, version 1.2)" in str(e2.value)
        assert e2.value.missing == (("4", ref4),)
        LIBRARY.stand_in(ref4.sha256)
        blank = decode_save(text).to_game()
        assert LIBRARY.blank(ref4.sha256)
        assert blank.state.terrain.at(sc.map.parse("4C2")) == HexTerrain()
        assert blank.state.terrain.at(sc.map.parse("2C2")) == HexTerrain("woods", obstacle=1)
        assert json.loads(encode_save(blank))["scenario"]["boards"]["4"] == ref4.to_data()  # still names board 4
    finally:
        LIBRARY.add(archive("04"))
    assert not LIBRARY.blank(ref4.sha256)


def test_a_tampered_board_reference_is_refused() -> None:
    data = scenario().to_data()
    data["boards"]["2"]["sha256"] = "x" * 64
    with pytest.raises(Exception, match="SHA-256"):
        load_scenario(data)
    data["boards"]["2"] = {"name": "02"}
    with pytest.raises(Exception, match="name, version, sha256"):
        load_scenario(data)


def test_svg_draws_a_map_on_board_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("02", "04"):
        (tmp_path / f"bd{name}").write_bytes(archive(name))
    out = tmp_path / "map.svg"
    args = ["svg", "--board", str(tmp_path / "bd02"), "--board", str(tmp_path / "bd04"), "--map", "2 4*", "-o", str(out)]
    assert main(args) == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and "2C2" in svg and "4C2" in svg
    assert main(["svg", "--board", str(tmp_path / "bd02"), "--map", "2 5"]) == 2
    assert "board 5 is not among the imported boards (2): import its file, or write blank:5" in capsys.readouterr().err


def test_board_art_lies_on_the_boards_hexes() -> None:
    from airhead.svg import render_map
    from airhead.vasl.library import board_art

    sc = scenario("2 4*")
    art = board_art(sc.map, sc.boards, {"2": "two.png", "4": "four.png"}, size=24.0)
    a2, a4 = art
    assert (a2.board_id, a2.rotated, a4.board_id, a4.rotated) == ("2", False, "4", True)
    # board 2's picture: its 1800 × 645 pixels at 36 / 56.25 across and 41.57 / 64.5 down, A1's
    # centre (0, 32.25 on the picture) on the map's 2A1
    assert (round(a2.width, 2), round(a2.height, 2)) == (1152.0, 415.69)
    a1 = sc.map.parse("2A1")
    assert (round(a2.x, 2), round(a2.y + 32.25 * 41.5692 / 64.5, 1)) == (round(36 * a1.q, 2), round(41.5692 * (a1.r + a1.q / 2), 1))
    # board 4 turned: its picture's box is the board's, A1's corner at the right
    gg = sc.map.parse("4A1")
    assert round(a4.x + a4.width, 2) == round(36 * gg.q, 2)
    svg = render_map(sc, art=[a.svg() for a in art])
    assert svg.count("<image ") == 2 and 'href="two.png"' in svg and 'transform="rotate(180 ' in svg
    # the hexes the pictures show are outlines over them, with no terrain colour of their own
    assert 'class="hexes shown" stroke="#7d7d6a"' in svg and 'fill-opacity="0"' in svg
    assert 'fill="url(#pat-' not in svg
    # no address: no picture drawn, the boards keep their terrain colours and say so
    assert [(a.board_id, a.href) for a in board_art(sc.map, sc.boards, {})] == [("2", ""), ("4", "")]
    plain = render_map(sc, art=[a.svg() for a in board_art(sc.map, sc.boards, {})])
    assert "<image " not in plain and "board 2: no picture in its file: terrain colours" in plain


def test_board_files_names_what_to_load_before_decoding() -> None:
    from airhead.codec import board_files

    g = new_game(scenario(), "seed")
    shas = (read_board(archive("02")).archive.sha256, read_board(archive("04")).archive.sha256)
    assert board_files(encode_save(g)) == shas
    assert board_files(encode_link(g, "https://x/")) == shas
    assert board_files(encode_save(new_game(load_scenario({"name": "x", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}}), "s"))) == ()
    for junk in ("", "{", "#a2.!!", '{"scenario": {"boards": {"2": {"sha256": "nope"}}}}', '{"scenario": {"boards": [1]}}', "[]"):
        assert board_files(junk) == ()


def test_each_hex_says_what_it_was_read_as() -> None:
    from airhead.vasl.library import hex_reading

    sc = scenario("2 4*")
    m = sc.map
    assert hex_reading(sc, m.parse("2C2")) == ("Read from VASL board 02, version 1.2, hex C2: centre dot in Woods "
                                               "(100% of the hex); centre at level 0")
    assert hex_reading(sc, m.parse("4U3")).startswith("Read from VASL board 04, version 1.2, hex U3: ")
    edited = sc.with_terrain(sc.terrain.clear_hex(m.parse("2C2")))
    assert hex_reading(edited, m.parse("2C2")).endswith("; changed in this game")
    blank = load_scenario({"name": "x", "system": "asl", "map": {"kind": "asl", "boards": [["4"]]}})
    assert hex_reading(blank, blank.map.parse("4C2")) == ""


def test_e7_aerial_view_reads_the_board() -> None:
    """E7.25 (strafing's Blind Hexes, sighting): the board's woods and its bocage hexside."""
    from airhead.asl.los import aerial

    sc = scenario()
    m, t = sc.map, sc.terrain
    seen = aerial(t, m.parse("2D4"), 3)  # looked at from the south: open ground
    blind = aerial(t, m.parse("2D4"), 0)  # from the north, over the woods of 2D3
    assert not seen.sight.blind
    assert blind.sight.blind and blind.sight.cause == "obstacle" and m.name(blind.sight.by) == "2D3"
    bocage = aerial(t, m.parse("2C4"), 3)  # the board's bocage between 2C4 and 2C5
    assert bocage.sight.blind and bocage.sight.cause == "bocage" and m.name(bocage.sight.by) == "2C5"


def test_e1_blaze_shadows_read_the_board() -> None:
    """E1.94 / E1.941: a Blaze's Illuminated Zone, shadowed by the board's woods."""
    from airhead.asl.los_zone import illuminated_zone

    sc = scenario()
    m = sc.map
    t = sc.terrain.update_hex(m.parse("2A3"), blaze=2)
    z = illuminated_zone(t, m.parse("2A3"), in_play=m.in_play)
    assert z.radius == 4
    # issue #29: the line to 2D0 passes through the 2C2 woods, and the one to 2D5 crosses the
    # 2C4/2C5 bocage at an angle (it does not run along it): both in shadow, as the board's own
    # pixels read them
    shadow = ["2D0", "2D1", "2D2", "2D3", "2D5", "2E1", "2E2", "2E3", "2E4"]
    assert sorted(m.name(h) for h in z.shadow) == shadow
    assert "2D2 is in shadow behind 2C3 (E1.941)" in z.explain(m.name)
    assert "2D5 is in shadow behind 2C4 and 2C5 (E1.941)" in z.explain(m.name)
    from airhead.asl.los_grid import zone
    assert sorted(m.name(h) for h in zone(sc.with_terrain(t), m.parse("2A3")).shadow) == shadow


def _half_board(name: str) -> bytes:
    """A 17 × 20 board in the shape of VASL's boards 1a..9a (hexes 56.3125 × 64.5 pixels)."""
    return write_board({"name": name, "version": "6.2", "width": 17, "height": 20, "hexWidth": 56.3125,
                        "hexHeight": 64.5, "image": False,
                        "hexes": {"C3": {"code": 60}, "Q20": {"code": 24}, "H15": {"code": 42}}})


def test_boards_of_another_size_make_a_map_of_that_size() -> None:
    a1, a2 = LIBRARY.add(_half_board("1a")), LIBRARY.add(_half_board("2a"))
    sc = load_scenario(scenario_data([["1a", "2a*"]], [a1, a2]))
    m, t = sc.map, sc.terrain
    assert sc.to_data()["map"] == {"kind": "asl", "boards": [["1a", "2a*"]], "columns": 17, "rows": 20}
    assert t.at(m.parse("1aC3")) == HexTerrain("woods", obstacle=1)
    assert t.at(m.parse("2aH15")) == HexTerrain("building", obstacle=2.5)
    assert t.at(m.parse("1aQ20")).terrain == "grain" and m.parse("1aQ20") == m.parse("2aQ1")  # the shared half hex (2a turned)
    assert len(m.hexes()) == 2 * (17 * 20 + 8) - 20  # the Q / A half-hex column shared
    back = decode_save(encode_save(new_game(sc, "s"))).to_game()
    assert back.scenario == sc
    with pytest.raises(DataError, match="board 1a and board 2 cannot sit side by side: they are 20 and 10 hexes high"):
        scenario_data([["1a", "2"]], [a1, *boards()])
    # a save that places a 17 × 20 board where a geoboard goes is refused, not drawn on wrong hexes
    data = sc.to_data()
    del data["map"]["columns"], data["map"]["rows"]
    with pytest.raises(DataError, match="board 1a \\(VASL board 1a, version 6.2\\) is 17 × 20 hexes; the map places a 33 × 10"):
        load_scenario(data)


def test_boards_named_by_a_hostile_save_are_refused_with_a_reason() -> None:
    good = scenario().to_data()
    ref = good["boards"]["2"]
    grid = {"name": "x", "system": "asl", "map": {"kind": "grid", "columns": 10, "rows": 8, "maps": [["2"]]},
            "boards": {"2": ref}}
    with pytest.raises(DataError, match="ASL maps only"):
        load_scenario(grid)
    elsewhere = dict(good, boards={"7": ref})
    with pytest.raises(DataError, match="names imported board 7, which it does not place"):
        load_scenario(elsewhere)
    for bad in ({"2": "x"}, {"2": {"name": "", "version": "1", "sha256": ref["sha256"]}},
                {"2": {"name": "02", "version": "1" * 41, "sha256": ref["sha256"]}}, {"2": [ref]}):
        with pytest.raises(DataError):
            load_scenario(dict(good, boards=bad))


def test_e7_strafing_and_e1_starshell_procedures_read_the_board() -> None:
    """The procedures themselves on a map of an imported board: a strafing run's target behind
    the board's woods is a Blind Hex (E7.25); a Starshell's Extent of Error is halved only when the
    Gunflash it aims at is in view past the board's woods (E1.922)."""
    from airhead.errors import ReplayError

    sc = load_scenario(scenario_data([["2"]], boards()))

    def strafe(target: str) -> Any:
        return new_game(sc, "e7", [*at("MPh"), {"type": "start", "procedure": "asl.strafing",
                                    "params": {"target": target, "grain": 4, "units": [{"name": "4-6-7", "hex": target}]}}])

    with pytest.raises(ReplayError, match="E7.25: 2C3 is a Blind Hex \\(2C2: Woods"):
        strafe("2C3")
    assert strafe("2F6").state.procedure is not None
    night = load_scenario({**scenario_data([["2"]], boards()), "settings": {"night": True, "sides": ["Allied", "Axis"]}})
    for firer, aim, why, lands in (("2A3", "2E3", "Extent of Error not halved: the Gunflash in 2E3 is out of LOS (2C3 blocks it)", "2B4"),
                                   ("2A6", "2E6", "Extent of Error halved: the Gunflash in 2E6 is in LOS of 2A6", "2C7")):
        g = new_game(night, "v", [
            *at("MPh", 0), {"type": "edit", "op": "marker", "id": "GF", "kind": "Gunflash", "hex": aim},
            {"type": "start", "procedure": "asl.starshell", "params": {"firer": "leader", "firer_hex": firer, "aim": aim, "side": "Axis"}},
            {"type": "choose", "choice": "Starshells may be used now"}, {"type": "dice", "values": [1]},
            {"type": "dice", "values": [5, 3]}])
        assert why in [e.cause for e in g.events() if e.rule == "E1.922"]
        assert g.state.outcomes[-1]["hex"] == lands


def test_a_games_boards_reading_counts_in_the_open_budget() -> None:
    """Opening a save or a link reads its boards first (the app's storage, then read and derive):
    that work (each board's, from its file: the same on any device, read before or not) counts in
    work.OPEN_BUDGET before the replay and the draw. Boards too heavy to open together are refused
    with the reason; boards that leave little room refuse a long replay, and open a short one."""
    from dataclasses import replace

    from airhead import work
    from airhead.codec import SaveData, SizeError

    sc = scenario()
    held = {ref.sha256: LIBRARY.get(ref.sha256) for ref in sc.boards.values()}
    assert all(b is not None and 0 < b.work == read_board(archive(b.name)).work < 40_000 for b in held.values())
    notes = [{"type": "note", "text": f"n{i}"} for i in range(1_000)]  # 40,000 units of replay
    assert decode_link(encode_link(new_game(sc, "s", notes))).to_game().actions == notes
    try:
        for weight, opens in ((350_000, False), (290_000, False), (270_000, True)):
            for sha, b in held.items():
                assert b is not None
                LIBRARY._boards[sha] = replace(b, work=weight)
            data = SaveData(sc, "s", tuple(notes))
            if opens:
                assert data.to_game().actions == notes
            elif 2 * weight > work.OPEN_BUDGET:
                with pytest.raises(SizeError, match=f"reading its 2 boards takes {2 * weight:,} steps"):
                    data.to_game()
            else:
                with pytest.raises(SizeError, match=f"reading its boards \\({2 * weight:,} steps of work\\) and replaying"):
                    data.to_game()
                assert SaveData(sc, "s", tuple(notes[:100])).to_game().actions == notes[:100]
    finally:
        for sha, b in held.items():
            assert b is not None
            LIBRARY._boards[sha] = b
