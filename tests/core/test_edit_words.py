"""A map edit reads in the log in the rules' words, never as the data it stores (#table: "4E7
set to {"bridge": ...}" read as JSON): each tool of the map editor, its log entry and its event."""

from __future__ import annotations

import re
from typing import Any

import pytest
from airhead.boards import HexMap
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import HEXSIDE_FEATURES, OCCUPANTS, HexTerrain, Terrain, Water
from airhead.hexes import DIRECTION_NAMES

B4 = HexMap.asl([["4"]])
P = B4.parse


def game() -> Game:
    """Board 4 with a stream in 4E7 (where a bridge is laid)."""
    sc = Scenario("t", "asl", B4, Terrain({P("4E7"): HexTerrain("water", water=Water("stream"))}), {"weather": "Clear", "wind": 5})
    return new_game(sc, "t")


def said(g: Game, action: dict[str, Any]) -> tuple[str, list[str]]:
    """The log entry's words for ``action`` and its events' words."""
    g.apply(action)
    en = g.entries[-1]
    return g.describe(en.action), [e.cause for e in en.events]


def hexed(name: str, **changes: Any) -> dict[str, Any]:
    return {"type": "edit", "op": "hex", "hex": name, "set": changes}


@pytest.mark.parametrize(("before", "action", "entry", "event"), [
    # terrain (the type's usual obstacle is not repeated), then level
    ([], hexed("4E6", t="woods", obs=1), "edit 4E6: Woods", "4E6 now: Woods, level 0"),
    ([hexed("4E6", lvl=1)], hexed("4E6", t="woods", obs=1), "edit 4E6: Woods", "4E6 now: Woods, level 1"),
    ([hexed("4E6", t="woods", obs=1)], hexed("4E6", lvl=1), "edit 4E6: level 1", "4E6 now: Woods, level 1"),
    ([hexed("4E6", t="woods", obs=1)], hexed("4E6", t="woods", obs=1.5), "edit 4E6: Woods, obstacle 1.5 levels high",
     "4E6 now: Woods, level 0, obstacle 1.5 levels high"),
    ([hexed("4E6", t="woods", obs=1, lvl=1)], hexed("4E6", t=None, obs=None), "edit 4E6: Open Ground",
     "4E6 now: Open Ground, level 1"),
    # the bridge tool: laid, a footbridge, taken away
    ([], hexed("4E7", bridge={"axis": 1, "foot": True}), "edit 4E7: bridge laid along NE–SW (footbridge)",
     "4E7 now: Water, level 0, stream, footbridge along NE–SW"),
    ([], hexed("4E7", bridge={"axis": 0}), "edit 4E7: bridge laid along N–S", "4E7 now: Water, level 0, stream, bridge along N–S"),
    ([hexed("4E7", bridge={"axis": 2})], hexed("4E7", bridge=None), "edit 4E7: bridge taken away", "4E7 now: Water, level 0, stream"),
    # place (vehicles, wrecks, gliders), Blaze on and off
    ([], hexed("4E5", occ=["glider"]), "edit 4E5: in the hex: glider", "4E5 now: Open Ground, level 0, in the hex: glider"),
    ([hexed("4E5", t="building", obs=1)], hexed("4E5", blaze=1), "edit 4E5: Blaze 1 level high",
     "4E5 now: Stone Building, level 0, Blaze 1 level high"),
    ([hexed("4E5", blaze=2)], hexed("4E5", blaze=None), "edit 4E5: Blaze put out", "4E5 now: Open Ground, level 0"),
    # clear: every fact back to its default
    ([hexed("4E5", t="woods", obs=1, lvl=1, occ=["wreck"])], hexed("4E5", t=None, obs=None, lvl=None, occ=None),
     "edit 4E5: Open Ground, level 0, no vehicle, wreck or glider in the hex", "4E5 now: Open Ground, level 0"),
    # the rest of a hex's facts (from a file or a link)
    ([], hexed("4E5", water={"kind": "river", "fordable": True}, mines=6, smoke=True, trench=True, shellholes=True, label="the farm"),
     "edit 4E5: river (fordable), minefield of strength 6, shellholes, trench, SMOKE, labelled “the farm”",
     "4E5 now: Open Ground, level 0, river (fordable), minefield of strength 6, shellholes, trench, SMOKE, labelled “the farm”"),
    # hexsides: named by the two hexes they divide (or by their direction at the map's edge)
    ([], {"type": "edit", "op": "side", "hex": "4E7", "dir": "S", "feature": "wall"},
     "edit the S hexside of 4E7: wall added", "hexside 4E7–4E8: wall added"),
    ([{"type": "edit", "op": "side", "hex": "4E7", "dir": "S", "feature": "wall"}],
     {"type": "edit", "op": "side", "hex": "4E7", "dir": "S", "feature": "wall", "on": False},
     "edit the S hexside of 4E7: wall removed", "hexside 4E7–4E8: wall removed"),
    ([], {"type": "edit", "op": "side", "hex": "4E7", "dir": "NE", "feature": "crest"},
     "edit the NE hexside of 4E7: crest line added", "hexside 4E7–4F6: crest line added"),
    ([], {"type": "edit", "op": "side", "hex": "4A1", "dir": "N", "feature": "rowhouse_wall"},
     "edit the N hexside of 4A1: rowhouse wall added", "the N hexside of 4A1: rowhouse wall added"),
    # units and markers by the names players give them
    ([], {"type": "edit", "op": "unit", "id": "u1", "kind": "squad", "hex": "4E7", "label": "Lt. Bob"},
     "edit unit Lt. Bob in 4E7", "unit Lt. Bob (squad) placed in 4E7"),
    ([], {"type": "edit", "op": "marker", "id": "m1", "kind": "smoke", "hex": "4E7"}, "edit marker smoke in 4E7",
     "smoke marker placed in 4E7"),
    ([{"type": "edit", "op": "marker", "id": "m1", "kind": "smoke", "hex": "4E7"}],
     {"type": "edit", "op": "marker", "id": "m1", "remove": True}, "edit remove marker m1", "smoke marker removed"),
])
def test_each_edit_reads_in_words(before: list[dict[str, Any]], action: dict[str, Any], entry: str, event: str) -> None:
    g = game()
    for a in before:
        g.apply(a)
    assert said(g, action) == (entry, [event])


#: JSON or a Python repr in a log line: braces, brackets, straight double quotes, Python's words.
_DATA = re.compile(r'[{}\[\]"]|\b(True|False|None)\b|\w+=')


def _every_edit(g: Game) -> list[dict[str, Any]]:
    """Every kind of edit the map editor makes (each tool of web/app/editor.py, each hexside
    feature and direction, each occupant, each terrain type), then each undone and redone."""
    out: list[dict[str, Any]] = []
    for t, tt in g.system.terrain_types.items():
        out += [hexed("4C3", t=None if t == "open" else t, obs=tt.obstacle or None), hexed("4C3", t=t, obs=tt.obstacle + 0.5)]
    out += [hexed("4C3", lvl=n or None) for n in (-1, 0, 1, 3)]
    for d in DIRECTION_NAMES:
        for f in HEXSIDE_FEATURES:
            out += [{"type": "edit", "op": "side", "hex": "4C3", "dir": d, "feature": f, "on": on} for on in (True, False)]
    for axis in (0, 1, 2):
        out += [hexed("4E7", bridge={"axis": axis, **({"foot": True} if foot else {})}) for foot in (False, True)]
    out += [hexed("4E7", bridge=None), hexed("4C4", occ=list(OCCUPANTS)), hexed("4C4", occ=None),
            hexed("4C4", blaze=1), hexed("4C4", blaze=None),
            hexed("4C5", water={"kind": "pond", "frozen": True}, mines=3, smoke=True, trench=True, shellholes=True, label='"A" farm'),
            hexed("4C5", **{k: None for k in ("water", "mines", "smoke", "trench", "shellholes", "label")}),
            {"type": "edit", "op": "unit", "id": "u1", "kind": "squad", "hex": "4C3"},
            {"type": "edit", "op": "unit", "id": "u1", "kind": "squad", "hex": None},
            {"type": "edit", "op": "unit", "id": "u1", "remove": True},
            {"type": "edit", "op": "marker", "id": "m1", "kind": "smoke", "hex": "4C3", "label": "Smoke 1"},
            {"type": "edit", "op": "marker", "id": "m1", "remove": True},
            {"type": "edit", "op": "settings", "set": {"night": True}},
            {"type": "undo"}, {"type": "redo"}]
    return out


def test_no_edit_is_logged_as_data() -> None:
    g = game()
    for a in _every_edit(g):
        g.apply(a)
    lines = [g.describe(en.action) for en in g.entries] + [e.cause for en in g.entries for e in en.events]
    assert len(lines) > 150
    bad = [line for line in lines if _DATA.search(line)]
    assert not bad, bad[:5]
    for line in g.log_lines():  # the log as the command line prints it too ("[undone]" is its mark)
        assert not _DATA.search(line.replace("[undone]", "")), line


def test_a_setting_holding_a_list_or_a_record_reads_in_words() -> None:
    from airhead.actions import setting_words
    from airhead.events import plain_words

    assert setting_words([1, 2]) == "1, 2" and setting_words({"1/1": 2}) == "1/1 2"
    assert plain_words({"a_b": [True, None, 0.5]}) == "a b yes, none, 0.5"
