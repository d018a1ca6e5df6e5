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


def test_a_long_name_is_never_cut_short_only_squeezed() -> None:
    """#42 item 8: every letter of a long name is drawn (two lines, a long word halved), a line
    too wide for the counter squeezed to its width."""
    g = new_game(builtin(), "counters")
    g.apply({"type": "edit", "op": "unit", "id": "Fallschirmjaeger", "side": "Axis", "kind": "squad", "hex": "1G9"})
    g.apply({"type": "edit", "op": "unit", "id": "Panzerschreckteam of 2 Kompanie", "side": "Axis", "kind": "squad", "hex": "1K6"})
    svg = overlay(g)
    labels = _texts(svg, "counter-label")
    assert labels == ["Fallschi", "rmjaeger", "Panzerschreckteam", "of 2 Kompanie"], labels
    for line in ("Panzerschreckteam", "of 2 Kompanie"):  # too wide for the counter: squeezed, whole
        assert re.search(rf'textLength="[\d.]+" lengthAdjust="spacingAndGlyphs">{line}<', svg), line
