"""The map's box changes size under the player's view (a portrait tablet's bottom sheet grows and
shrinks with each tab and panel): once the view was moved, the map is never zoomed for it again
(#42 item 4), and after a landing the map that followed it keeps the boards' names on screen.

Once in a full suite run test_layout's portrait tablet saw board 1's name under the header after
the landing: its Fit view had been zoomed in to fill a taller box (a tab's shorter panel), the map
was then taller than the box, and following the landing pushed its top edge off the screen. The
bottom sheet is given its heights here directly, in the order that did it. And the heatmap key's
strip, which brings the map's top down with the box, does so with a hex tapped too."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import hex_center, open_play
from playing import LANDED_1G9, finish_landing, start_landing

pytestmark = pytest.mark.usefixtures("no_page_errors")

PORTRAIT_TABLET = {"width": 768, "height": 1024}

# Board names outside the map's box, top or bottom (where they lie across from the box: a board
# panned away sideways is not cut).
NAMES_CUT = r"""() => {
  const box = document.getElementById('map').getBoundingClientRect();
  const out = [];
  for (const t of document.querySelectorAll('#map .boardname')) {
    const r = t.getBoundingClientRect(), cx = r.left + r.width / 2;
    if (cx < box.left || cx > box.right) continue;
    if (r.top < box.top - 1) out.push(`"${t.textContent}" ${Math.round(box.top - r.top)} px above the map's top`);
    else if (r.bottom > box.bottom + 1) out.push(`"${t.textContent}" ${Math.round(r.bottom - box.bottom)} px below its bottom`);
  }
  return out;
}"""


def settled(page: Any) -> None:
    """Two frames: the map's ResizeObserver has seen the box's new size."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def sheet(page: Any, height: str) -> int:
    """The bottom sheet (the tabs and their panel) ``height`` tall ("": as its panel makes it);
    the map's box height then."""
    page.evaluate("h => { document.getElementById('side').style.height = h; }", height)
    settled(page)
    return int(page.evaluate("document.getElementById('map').clientHeight"))


def scale(page: Any) -> float:
    return float(page.locator("#map").get_attribute("data-scale"))


def test_fit_stays_fit_and_the_landing_keeps_the_board_names_on_screen(page: Any) -> None:
    open_play(page)
    page.set_viewport_size(PORTRAIT_TABLET)
    settled(page)
    page.locator("#zoom-fit").tap()
    fit = scale(page)
    assert page.evaluate(NAMES_CUT) == []
    # a shorter panel (taller box), then the tallest: the whole map stays as Fit made it, no hex tapped
    heights = [sheet(page, "300px"), sheet(page, "430px"), sheet(page, "")]
    assert heights[0] > heights[1], heights
    zoomed = scale(page)
    # a glider landing, its dice typed to its end: the map follows it to 1G9
    page.locator("#proc-menu button.proc", has_text="Glider landing").tap()
    start_landing(page, odds=True)
    finish_landing(page, "1 6", "6")
    assert page.locator("#prompt-result").inner_text().endswith(LANDED_1G9)
    settled(page)
    assert page.evaluate(NAMES_CUT) == [], f"after the landing (the map's box {heights} px tall in turn)"
    assert zoomed == pytest.approx(fit, abs=0.002), f"Fit ({fit}) zoomed to {zoomed} by the box's new heights {heights}"


def test_the_heatmap_strip_covers_no_board_name_with_a_hex_tapped(page: Any) -> None:
    """Portrait: the heatmap key takes a strip above the map. A hex tapped on the Play tab, the map
    at its full height: the strip's arrival brings the map's top down with the box (the whole map
    made just small enough to stay whole), so board 1's name is not under the strip, and the
    tapped hex stays in view."""
    open_play(page)
    page.set_viewport_size(PORTRAIT_TABLET)
    settled(page)
    page.touchscreen.tap(*hex_center(page, "1E5"))
    page.wait_for_function("document.body.dataset.selected === '1E5'")
    page.locator("#proc-menu button.proc", has_text="Glider landing").tap()
    page.locator("#f-ilh").fill("1G9")
    page.locator("#f-ilh").dispatch_event("change")
    page.locator("#plan-heat").tap()
    page.wait_for_selector("#map-legend:not([hidden])", state="attached")
    settled(page)
    assert page.evaluate(NAMES_CUT) == [], "with the heatmap key's strip above the map"
    box = page.locator("#map").bounding_box()
    x, y = hex_center(page, "1E5")
    assert box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"], \
        f"the tapped hex 1E5 at {x:.0f},{y:.0f} is out of the map's box {box}"
