"""View data computed in the core: prompts, the log, glider previews, overlays."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from airhead.game import Game
from airhead.present import PresentError, glider_preview, heatmap_view, last_hexes, log_view, overlay_svg, prompt_view
from airhead.scenario import builtin

SC = builtin()


def test_prompt_and_log_views() -> None:
    g = Game(SC, "v")
    assert prompt_view(g) is None
    g.apply({"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}})
    p = prompt_view(g)
    assert p == {"kind": "roll", "rule": "E8.211", "label": "Random Location DR from 1C9",
                 "text": "Random Location DR from 1C9 (E8.211): colored d6 + white d6",
                 "dice": [["colored", 6], ["white", 6]], "options": []}
    g.apply({"type": "dice", "values": [2, 2]})
    assert last_hexes(g) == ["1C9", "1E8"]
    g.apply({"type": "note", "text": "<b>hi</b>"})
    g.apply({"type": "undo"})
    log = log_view(g)
    assert [e["n"] for e in log] == [1, 2, 3, 4]
    assert log[2]["undone"] is True and log[2]["text"] == "note: <b>hi</b>"
    assert log[1]["events"][1]["rule"] == "E8.211" and log[1]["events"][1]["hexes"] == ["1C9", "1E8"]
    assert last_hexes(g) == ["1C9", "1E8"]


def test_glider_preview() -> None:
    pv = glider_preview(SC, SC.terrain, "1G9", 5)
    assert pv["ilh"] == "1G9" and pv["avenue"] == ["1H8", "1I8", "1J7", "1K7", "1L6"]
    assert pv["drm"] == -5 and pv["reasons"][0].startswith("E8.22    modifier  -5")
    assert abs(sum(o["p"] for o in pv["outcomes"]) - 1) < 1e-12
    assert next(iter(pv["landing"])) == "1G9"
    with pytest.raises(PresentError):
        glider_preview(SC, SC.terrain, "9Z9", 5)
    with pytest.raises(PresentError):
        glider_preview(SC, SC.terrain, "1G9", 0)


def test_heatmap_and_overlay() -> None:
    heat = heatmap_view(SC, SC.terrain, 5)
    assert len(heat) == len(SC.map.hexes()) and all(0 <= p <= 1 for p in heat.values())
    assert heat["2M3"] < heat["1G9"]  # a river hex is worse than open ground
    svg = overlay_svg(SC, marks={"1G9": "ilh", "1H8": "avenue"}, path=["1C9", "1C8", "1E7"],
                      heat={"1G9": heat["1G9"]})
    root = ET.fromstring(svg)
    assert root.get("class") == "overlay"
    assert [p.get("class") for p in root.iter("polygon") if p.get("data-hex")] == ["mark mark-ilh", "mark mark-avenue"]
    assert [(a.get("data-from"), a.get("data-to")) for a in root.iter("line")] == [("1C9", "1C8"), ("1C8", "1E7")]
    assert [t.text for t in root.iter("text")] == [str(round(heat["1G9"] * 100))]
