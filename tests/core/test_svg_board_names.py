"""#14 item 9: a board's name is drawn inside the map's view (a grid map's name sits above its
edge: the view used to start below it, so the name was cut off at the map's top)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from airhead.svg import render_map
from airhead.systems import builtin

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", ["default", "panzer_leader_drop", "army_group_drop"])
def test_board_names_inside_the_view(name: str) -> None:
    root = ET.fromstring(render_map(builtin(name)))
    x, y, w, h = (float(v) for v in str(root.get("viewBox")).split())
    names = [t for t in root.iter(f"{SVG}text") if t.get("class") == "boardname"]
    assert names
    for t in names:
        baseline, font = float(str(t.get("y"))), float(str(t.get("font-size")))
        assert baseline - font >= y, f"{t.text}: its top {baseline - font} is above the view's top {y}"
        assert baseline <= y + h
        assert x <= float(str(t.get("x"))) <= x + w
