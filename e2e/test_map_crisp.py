"""#14 item 9: the map stays sharp at high zoom. The SVG is moved and scaled by a CSS transform;
while a finger or the mouse drags, it is a GPU layer (smooth), and once the gesture ends — and for
every wheel step — it is drawn again at the new scale (``will-change`` only while dragging), so
hex names and hexsides are crisp at 8x instead of a blurred bitmap of the 1x map."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import start_app

pytestmark = pytest.mark.usefixtures("no_page_errors")


def will_change(page: Any) -> str:
    return str(page.evaluate("getComputedStyle(document.querySelector('#map > svg')).willChange"))


def test_wheel_zoom_draws_the_map_again_at_its_new_scale(page: Any) -> None:
    start_app(page)
    box = page.locator("#map").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    before = float(page.locator("#map").get_attribute("data-scale"))
    for _ in range(12):
        page.mouse.wheel(0, -240)
    page.wait_for_function("s => Number(document.querySelector('#map').dataset.scale) > s * 4", arg=before)
    assert will_change(page) == "auto"  # not a layer kept at the old resolution
    # a drag is a layer while it lasts, and drawn again when it ends
    page.mouse.down()
    page.mouse.move(x + 40, y + 30, steps=4)
    assert page.locator("#map.dragging").count() == 1
    assert will_change(page) == "transform"
    page.mouse.up()
    assert page.locator("#map.dragging").count() == 0
    assert will_change(page) == "auto"
