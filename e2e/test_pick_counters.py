"""Pick instead of type (#32 item 2): a field naming a counter offers the counters that fit as
44 px buttons under it, and Pick then a tap on the map takes the counter in that hex; a
Dogfight plane's target offers only the enemy planes. At tablet and phone size, on one page."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import hex_center, start_app
from playing import dice, fill, fill_at_once, tap, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")

SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}


def _choose(page: Any, proc: str) -> None:
    page.evaluate("id => document.getElementById(id).click()", f"proc-{proc.replace('.', '-').replace('_', '-')}")
    page.wait_for_selector(f"#plan-form[data-proc='{proc}']", state="attached")


def _arrive(page: Any, name: str, side: str, where: str, entry: str) -> None:
    """Air Support arrives (the players agree: out of its phase) and is placed in ``where``: the
    entry dr typed as rolled at the table (halved, rounded up: the number of aircraft), then a
    bombs dr of 1."""
    _choose(page, "asl.air_arrival")
    values = {"side": side, "exponent": "2", "arrived": "on", "out_of_phase": "on", "name": name, "hex": where}
    if side == "Allied":  # the first arrival's form field by field, the second's at once
        for path, value in values.items():
            fill(page, path, value)
    else:
        fill_at_once(page, values)
    tap(page, "#plan-start")
    for faces in (entry, "1"):
        waiting(page, "E7.21")
        dice(page, faces)
    page.wait_for_selector("#prompt[data-waiting='']", state="attached")


def _chips(page: Any, path: str) -> list[str]:
    return sorted(str(x) for x in page.locator(f"#picks-f-{path.replace('.', '-')} button.chip:visible").evaluate_all(
        "els => els.map(e => e.dataset.value)"))


@pytest.mark.parametrize("size", list(SIZES))
def test_counters_are_picked_from_a_list_or_the_map(page: Any, size: str) -> None:
    start_app(page, "default", SIZES[size])
    page.wait_for_selector("body[data-play='1']", state="attached")
    tap(page, "#tab-play")
    _arrive(page, "P-47", "Allied", "1K6", "1")  # entry dr 1: one aircraft
    _arrive(page, "Bf 109", "Axis", "1L5", "4")  # entry dr 4: two, stacked in 1L5
    allied = sorted(page.evaluate("[...document.querySelectorAll('#map .counter.unit.side-allied')].map(e => e.dataset.unit)"))
    axis = sorted(page.evaluate("[...document.querySelectorAll('#map .counter.unit.side-axis')].map(e => e.dataset.unit)"))
    assert (allied, axis) == (["P-47 1"], ["Bf 109 1", "Bf 109 2"])

    # a Dogfight: the form starts from the aircraft on the map; a plane's target is one of the enemy's
    _choose(page, "asl.aerial_combat")
    assert _chips(page, "planes.0.target") == axis
    last = len(allied) + len(axis) - 1
    assert _chips(page, f"planes.{last}.target") == allied
    chip = page.locator(f"#picks-f-planes-0-target button.chip[data-value='{axis[-1]}']")
    chip.scroll_into_view_if_needed()
    box = chip.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box  # a finger's target
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
    chip.tap()
    assert page.locator("#f-planes-0-target").input_value() == axis[-1]
    assert page.locator(f"#picks-f-planes-0-target button.chip[data-value='{axis[-1]}']").get_attribute("aria-pressed") == "true"

    # a strafing aircraft: Pick, then a tap on its hex; a stack there lists only its counters
    _choose(page, "asl.strafing")
    page.locator("#f-aircraft").fill("")
    page.locator("#f-aircraft").dispatch_event("change")
    page.locator("#f-side").fill("")
    page.locator("#f-side").dispatch_event("change")
    assert _chips(page, "aircraft") == sorted(allied + axis)
    tap(page, "#pick-f-aircraft")
    marked = page.locator("#map .mark-pick").evaluate_all("els => els.map(e => e.dataset.hex).sort()")
    assert marked == ["1K6", "1L5"]  # where the aircraft are, outlined while picking
    page.touchscreen.tap(*hex_center(page, "1L5"))
    # two there: only they are offered, and the list says so
    page.wait_for_selector("#picks-f-aircraft.only", state="attached")
    assert _chips(page, "aircraft") == axis
    assert "in 1L5: tap one" in page.locator("#picks-f-aircraft .picks-note").inner_text()
    tap(page, f"#picks-f-aircraft button.chip[data-value='{axis[0]}']")  # (in view: it was tapped)
    page.wait_for_function("v => document.getElementById('f-aircraft').value === v", arg=axis[0])
    page.wait_for_selector("#map .mark-pick", state="detached")  # picked: the outlines go
    assert page.locator("#f-side").input_value() == "Axis"  # its side filled in with it
    # typing stays possible
    page.locator("#f-aircraft").fill("FB 9")
    page.locator("#f-aircraft").dispatch_event("change")
    assert page.locator("#f-aircraft").input_value() == "FB 9"
