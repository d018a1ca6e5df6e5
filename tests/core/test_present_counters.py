"""Counters readable at the start view (#32 item 7): a unit's whole name on up to two lines (no
"Cloakin"), a stack counted, drawn below the hex's name; the last action's label moves to the
hex's foot when counters stand there."""

from __future__ import annotations

import re

from airhead.present import overlay
from airhead.systems import builtin, new_game


def _texts(svg: str, cls: str) -> list[str]:
    return re.findall(rf'<text [^>]*class="{cls}"[^>]*>([^<]*)</text>', svg)


def test_a_counter_shows_its_whole_name_and_its_stack() -> None:
    g = new_game(builtin(), "counters")
    for uid in ("P-47 1", "P-47 2"):
        g.apply({"type": "edit", "op": "unit", "id": uid, "side": "Allied", "kind": "aircraft", "hex": "1K6"})
    g.apply({"type": "edit", "op": "unit", "id": "Cloaking A", "side": "Axis", "kind": "cloaking", "hex": "1G9"})
    svg = overlay(g)
    labels = _texts(svg, "counter-label")
    assert labels == ["P-47 1", "Cloaking", "A"]  # the first placed on top of its stack; a long name split at a space
    assert _texts(svg, "counter-more") == ["+1"]  # one more under P-47 1
    font = re.search(r'<text [^>]*font-size="([\d.]+)"[^>]*class="counter-label"', svg)
    assert font and float(font.group(1)) > 0.27 * 24  # larger than a hex's name (0.27 of the hex size 24)
