"""The E1 night rules in the Hex tab (issue #29 item 3), played as a player would: a night map, a
Cloaking counter placed by its procedure, then "At night here" on its hex (what the map knows:
the counter, E1.31 concealment, E1.2 HIP, E1.56 Recovery; the SAN typed once, E1.76) and "Night
fire" from it at a hex beyond the NVR (E1.7, E1.101, E1.71, E1.75)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import hex_center
from playing import tap
from test_e1_examples import new_map
from test_e7_examples import fill, start

pytestmark = pytest.mark.usefixtures("no_page_errors")


def test_at_night_here_and_night_fire_read_the_map(page: Any) -> None:
    new_map(page, "3", "E1 tools")  # Night rules in effect, Base NVR 3
    tap(page, "#tab-play")
    tap(page, "#proc-asl-cloaking")
    page.wait_for_selector("#plan-form[data-proc='asl.cloaking']")
    fill(page, "hex", "3M5")
    start(page)
    tap(page, "#tab-hex")
    page.touchscreen.tap(*hex_center(page, "3M5"))
    page.wait_for_selector("#tool-options-night_here")
    page.locator("#f-night_here-san_attacker").fill("3")
    tap(page, "#tool-night_here")
    page.wait_for_selector("#tool-result")
    lines = page.locator("#tool-lines li").all_inner_texts()
    assert lines[0] == "Night, Base NVR 3: 3M5 is not Illuminated (E1.1, E1.9)"
    assert any(x.startswith("Cloaking A (Allied): a Cloaking counter") for x in lines)
    assert 'a unit of Axis entering 3M5 in the MPh loses Cloaking/"?": Allied occupies it (E1.31)' in lines
    assert any(x.startswith("Axis, the Scenario Defender, may set up HIP at most 0 of his squads") for x in lines)
    assert "Allied's SAN 3 is 5 in play (+2, at most 7); Sniper Checks lower it to 3 at least (E1.76)" in lines
    assert "Recovery attempts (A4.44) here: +1 drm at night (E1.56)" in lines
    # Night fire from 3M5 at 3M9, four hexes away: beyond the NVR of 3
    tap(page, "#tool-night_fire")
    page.wait_for_selector("#tool-wait")
    page.touchscreen.tap(*hex_center(page, "3M9"))
    page.wait_for_function("() => (document.getElementById('tool-lines')?.innerText || '').includes('E1.75')")
    lines = page.locator("#tool-lines li").all_inner_texts()
    assert lines[0] == "Fire from 3M5 at 3M9, 4 hexes away; Base NVR 3 (E1.1)"
    assert lines[1] == "3M9 is beyond the NVR, neither Illuminated nor marked by a Gunflash: out of LOS (E1.101)"
    assert any(x.startswith("a Fire Lane's Residual FP may be placed here beyond the NVR") for x in lines)
    assert "no Multi-Location Fire Group at night (E1.75)" in lines
