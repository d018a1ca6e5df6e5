"""The ASL E1 Night worked examples played through the app as a player would (#12): a night map
made in the Edit tab (New map with its scenario settings, terrain and a Blaze painted), the
procedure's form, the dice typed at the table, the choices tapped; every assertion reads what the
page shows (the prompt, the last roll's sentence, the result, the log, the odds, the Hex panel's
tool and the map overlay).

The E1.51 EX (5 MF) is not played here: no procedure of the app computes movement costs (it is a
core test, tests/core/asl/e1/test_asl_e1_movement.py)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import hex_center, open_play
from playing import tap
from test_e7_examples import choose, dice, fill, label, log_text, next_phase, start, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")


def new_map(page: Any, layout: str, name: str, night: bool = True, **settings: str) -> None:
    """Edit -> New map: the boards, the scenario's Night rules and other settings; then Play."""
    open_play(page)
    tap(page, "#tab-edit")
    tap(page, ".newmap summary")
    page.locator("#new-name").fill(name)
    page.locator("#new-layout").fill(layout)
    page.locator("#new-set-night").set_checked(night)
    for key, value in settings.items():
        page.locator(f"#new-set-{key}").select_option(value)
    tap(page, "#new-map")
    page.wait_for_function("n => document.getElementById('scenario-name').textContent === n", arg=name)
    tap(page, "#zoom-fit")  # the whole board in view, to tap its hexes


def paint(page: Any, terrain: str, obstacle: str, *hexes: str) -> None:
    """The Edit tab's terrain tool: ``terrain`` with its obstacle height in each hex."""
    tap(page, "#tab-edit")
    page.locator("input[name='edit-mode'][value='terrain']").check()
    page.locator("#edit-terrain").select_option(terrain)
    page.locator("#edit-obstacle").fill(obstacle)
    for h in hexes:
        before = int(page.evaluate("document.body.dataset.actions || '0'"))
        page.touchscreen.tap(*hex_center(page, h))
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def blaze(page: Any, name: str) -> None:
    """The Edit tab's blaze tool: set the hex ablaze (all its levels), or put its Blaze out."""
    tap(page, "#tab-edit")
    page.locator("input[name='edit-mode'][value='blaze']").check()
    before = int(page.evaluate("document.body.dataset.actions"))
    page.touchscreen.tap(*hex_center(page, name))
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


# ---- E1.12 NVR change
def test_e1_12_example_nvr_3_to_4_and_the_scattered_half_moon_further_dr(page: Any) -> None:
    new_map(page, "3", "E1.12 EX")  # Base NVR 3, no Cloud Cover, No Moon: the settings' defaults
    tap(page, "#tab-play")
    next_phase(page, 8)  # the NVR Change DR goes with the Wind Change DR, at the start of a RPh
    assert "Rally Phase" in page.locator("#turn-text").inner_text()
    tap(page, "#proc-asl-nvr-change")
    page.wait_for_selector("#plan-form[data-proc='asl.nvr_change']")
    assert page.locator("#f-cloud").input_value() == "None" and page.locator("#f-moon").input_value() == "No Moon"
    page.wait_for_selector("#odds-nvr")
    assert page.locator("#odds-nvr").inner_text() == "3 hexes"
    start(page)
    waiting(page, "E1.12")
    # "A Wind Change DR of 11 is made with a 6 on the colored dr. This results in a one-hex increase"
    text = dice(page, "6 5")
    assert "Wind Change DR 11 (colored 6, white 5)" in text and "white dr 5 ≥ 5 raises it" in text
    assert page.locator("#prompt-result").inner_text() == "NVR change (E1.12) Game Turn 1: NVR 3 → 4."
    log = log_text(page)
    assert "E1.12 result Game Turn 1: NVR 3 → 4" in log
    assert "not in effect" not in log  # a night scenario: no warning

    # "Had there been Scattered Clouds and a Half Moon, another dr would have to be made ...; a dr
    # of 1-3 would result in an increase of one" — in the next RPh: one NVR Change DR per RPh
    next_phase(page, 8)
    fill(page, "cloud", "Scattered")
    fill(page, "moon", "Half")
    page.wait_for_function("() => document.getElementById('odds-nvr')?.textContent === '4 hexes'")
    assert "Game Turn 1: 3 → 4 (E1.12)" in page.locator("#odds-history").inner_text()  # the NVR tracker
    start(page)
    dice(page, "6 5")
    waiting(page, "E1.12")
    assert label(page) == "NVR change dr (Scattered Clouds, Half Moon: divided by three, rounded up)"
    text = dice(page, "2")
    assert "2 ÷ 3, rounded up: a change of 1 hex" in text and "Game Turn 2: NVR 4 → 5" in text
    assert page.locator("#prompt-result").inner_text() == "NVR change (E1.12) Game Turn 2: NVR 4 → 5."


# ---- E1.922 Starshell
@pytest.mark.parametrize(("in_view", "lands", "error"), [("no", "13H7", "3 hexes"), ("yes", "13I7", "2 hexes")])
def test_e1_922_starshell_example(page: Any, in_view: str, lands: str, error: str) -> None:
    new_map(page, "13", "E1.922 EX")
    tap(page, "#tab-play")
    next_phase(page, 2)  # the MPh: the DEFENDER fires it during Defensive First Fire (E1.92)
    tap(page, "#proc-asl-starshell")
    page.wait_for_selector("#plan-form[data-proc='asl.starshell']")
    # "A leader in 13I4 ... opts to fire a Starshell toward the bridge. The DEFENDER picks K6"
    fill(page, "firer", "leader")
    fill(page, "firer_hex", "13I4")
    fill(page, "aim", "13K6")
    # the Elevated Road in K6 blocks the LOS to the Gunflash in K7 (art the hex-level map does not
    # have): the players rule it; "Had the Elevated Road ... not blocked the LOS": in view
    fill(page, "in_view", in_view)
    start(page)
    waiting(page, "E1.91")
    choose(page, "Starshells may be used now")
    waiting(page, "E1.921")
    assert "Usage dr 4 ≤ 4 (leader)" in dice(page, "4")
    waiting(page, "E1.922")
    # "a Starshell Placement DR which is a colored 5 and a white 3, resulting in ... H7" (in view: I7)
    text = dice(page, "5 3")
    assert f"{error} in direction 5: 13K6 -> {lands}" in text
    assert page.locator("#prompt-result").inner_text() == f"Starshell (E1.92) Starshell in {lands}: it Illuminates until the end of the CCPh."
    overlay = page.locator("#overlay-layer")
    assert overlay.locator(f"[data-hex='{lands}']").count() >= 1
    if in_view == "yes":
        assert "E1.922 modifier -1 Extent of Error halved (rounded up): white 3 -> 2" in log_text(page)


# ---- E1.7 night LV DRM
EX_LV = [({"firer": "3R6", "target": "3T7"}, "no night LV DRM", "tops out at level 1, 1 level above the firer (level 0)"),
         ({"firer": "3R6", "firer_level": "1", "target": "3T7"}, "+1 night LV DRM", "night Low Visibility Hindrance"),
         ({"firer": "3T7", "target": "3R6"}, "no night LV DRM", "tops out at level 2, 2 levels above the firer (level 0)")]


def test_e1_7_example_three_attacks(page: Any) -> None:
    new_map(page, "3", "E1.7 EX")
    # "the 4-6-7 in 3R6" (a building with a first level) "against the Russian 5-2-7 in T7" (woods)
    paint(page, "building", "2", "3R6")
    paint(page, "woods", "1", "3T7")
    tap(page, "#tab-play")
    tap(page, "#proc-asl-night-lv")
    page.wait_for_selector("#plan-form[data-proc='asl.night_lv']")
    for params, verdict, why in EX_LV:
        fill(page, "firer_level", params.get("firer_level", "0"))
        fill(page, "firer", params["firer"])
        fill(page, "target", params["target"])
        page.wait_for_selector("#odds-lv")
        assert page.locator("#odds-lv").inner_text() == ("+1" if verdict.startswith("+1") else "none")
        assert why in page.locator("#plan-odds").inner_text()  # explained before it is logged
        start(page)
        page.wait_for_selector("#prompt-result")
        assert page.locator("#prompt-result").inner_text() == \
            f"Night LV DRM (E1.7) Fire from {params['firer']} at {params['target']}: {verdict}."
    log = log_text(page)
    assert "E1.7 modifier +1 night Low Visibility Hindrance" in log


# ---- E1.94 Blaze zones
def test_e1_94_blaze_zones_through_the_hex_panel_tool(page: Any) -> None:
    new_map(page, "3", "E1.94 EX")
    # a two-story house with both levels ablaze: a four-hex Illumination range
    paint(page, "building", "2", "3M5")
    blaze(page, "3M5")
    tap(page, "#tab-hex")
    page.touchscreen.tap(*hex_center(page, "3M5"))
    page.wait_for_selector("#tool-blaze")
    tap(page, "#tool-blaze")
    page.wait_for_selector("#tool-result")
    lines = page.locator("#tool-lines li").all_inner_texts()
    assert lines[0] == "Blaze in 3M5: 2 blazing levels, an Illuminated Zone of 4 hexes (E1.94)"
    zone = page.locator("#overlay-layer .zone .zone-hex")
    assert zone.count() > 40  # every hex within four of M5 on the board, less any in shadow
    # a single-level blaze (a brush fire): a two-hex range
    blaze(page, "3M5")  # put out
    paint(page, "brush", "", "3M5")
    blaze(page, "3M5")
    tap(page, "#tab-hex")
    page.touchscreen.tap(*hex_center(page, "3M5"))
    tap(page, "#tool-blaze")
    page.wait_for_selector("#tool-result")
    assert "an Illuminated Zone of 2 hexes" in page.locator("#tool-lines li").first.inner_text()


def test_e1_51_example_five_mf_into_woods_up_a_crest_line(page: Any) -> None:
    """E1.51 EX: "A squad ascending Crest Line and entering woods must expend five MF (2 x2 = 4
    +1 entering Concealment Terrain Location at night = 5)": on a night map, the squad enters the
    woods on the board 1 hill (1E4) at a daytime cost of 4 MF."""
    from conftest import start_app

    start_app(page)  # (the shared page, restarted in place: no reload)
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#tab-edit")
    tap(page, ".newmap summary")
    page.locator("#new-layout").fill("1")
    page.locator("#new-set-night").check()
    tap(page, "#new-map")
    page.wait_for_selector("#hex-1E4", state="attached")
    tap(page, "#tab-edit")
    page.locator("#edit-terrain").select_option("woods")
    before = int(page.evaluate("document.body.dataset.actions || '0'"))
    box = page.locator("#hex-1E4").bounding_box()
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    tap(page, "#tab-play")
    tap(page, "#proc-asl-night-mf")
    page.locator("#f-to").fill("1E4")
    page.locator("#f-day_mf").fill("4")
    page.locator("#f-day_mf").dispatch_event("change")
    page.wait_for_selector("#plan-odds:has-text('5 MF')")
    tap(page, "#plan-start")
    page.wait_for_selector("#prompt-result")
    assert page.locator("#prompt-result").inner_text().endswith("Entering 1E4 at night costs 5 MF.")
