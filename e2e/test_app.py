"""The app in Chromium, driven like a player on a tablet: boot, local requests, tap, pan, zoom,
boot failures (the first visit's files and its offline reload: e2e/test_snapshot.py). Screenshots land in e2e/artifacts/."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from airhead.systems import builtin
from conftest import ROOT, boot, hex_center, start_app

sys.path.insert(0, str(ROOT / "web" / "app"))
from details import hex_details  # noqa: E402  (the same view code the page runs)

SCENARIO = builtin("default")


def map_state(page: Any) -> dict[str, float]:
    ds = page.evaluate("({...document.getElementById('map').dataset})")
    return {k: float(ds[k]) for k in ("scale", "tx", "ty")}


def assert_panel_shows(page: Any, name: str) -> None:
    page.wait_for_function("n => document.body.dataset.selected === n", arg=name)
    assert page.locator("#info-name").inner_text() == name
    text = page.locator("#info").inner_text()
    want = hex_details(SCENARIO, name)
    for label, value in want["rows"]:  # type: ignore[union-attr]
        assert label in text and value in text, f"{label}: {value} missing from the panel:\n{text}"
    for side in want["sides"]:  # type: ignore[union-attr]
        assert side in text
    assert page.locator(f".selection[data-hex='{name}']").count() == 1


def test_boot_to_ready_and_every_request_is_local(page: Any, server: Any, artifacts: Path) -> None:
    seen: list[str] = []
    page.context.on("request", lambda r: seen.append(r.url))
    boot(page, "&selfcheck")  # a real load of the page, not a restart
    assert page.locator("#boot-status").inner_text() == "Ready"
    assert page.locator("#boot").is_hidden()
    assert page.locator("#scenario-name").inner_text() == SCENARIO.name
    assert page.locator("#map svg polygon.hex").count() == len(SCENARIO.map.hexes())
    assert page.locator("#map svg text.hexname").first.is_visible()
    page.screenshot(path=str(artifacts / "boot-1024x768.png"))
    # the trimmed standard library still imports every airhead module in the browser
    page.wait_for_selector("body[data-selfcheck='ok']", state="attached")
    # ... and everything the start-up, the Play panel and the Games tab imported from it came
    # precompiled (the app's standard library, tools/pycompile.mjs): nothing compiled from source
    page.wait_for_selector("body[data-play='1'][data-games='1']", state="attached")
    assert page.evaluate("window.airheadFromSource()") == "", "compiled from source in the page"
    page.touchscreen.tap(*hex_center(page, "1E4"))
    assert_panel_shows(page, "1E4")
    page.wait_for_timeout(500)
    origin = urlsplit(server.url)
    foreign = [u for u in seen if urlsplit(u).netloc != origin.netloc and not u.startswith("data:")]
    assert seen and not foreign, f"requests leaving 127.0.0.1: {foreign}"
    assert all(urlsplit(u).hostname == "127.0.0.1" for u in seen)


# What a first visit loads is exactly the precache list: e2e/test_snapshot.py, on its first visit.


def test_tap_hex_shows_details(page: Any, artifacts: Path) -> None:
    start_app(page)
    page.touchscreen.tap(*hex_center(page, "1E4"))  # woods on a level-1 hill, crest hexside
    assert_panel_shows(page, "1E4")
    text = page.locator("#info").inner_text()
    assert "Woods" in text and "crest" in text
    page.touchscreen.tap(*hex_center(page, "1G8"))  # grain with hedges
    assert_panel_shows(page, "1G8")
    page.screenshot(path=str(artifacts / "tap-1024x768.png"))
    page.locator("#zoom-fit").click()
    page.touchscreen.tap(*hex_center(page, "2M5"))  # the bridge over the river
    assert_panel_shows(page, "2M5")
    assert "Bridge" in page.locator("#info").inner_text()


def touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind,
        "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 2, "radiusY": 2, "force": 1}
                        for i, (x, y) in enumerate(points)],
    })


def test_pan_and_pinch_zoom_by_touch(page: Any, artifacts: Path) -> None:
    start_app(page, viewport={"width": 768, "height": 1024})
    cdp = page.context.new_cdp_session(page)
    box = page.locator("#map").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = map_state(page)
    # one finger drags the map left by 200 px
    touch(cdp, "touchStart", [(cx, cy)])
    for i in range(1, 11):
        touch(cdp, "touchMove", [(cx - 20 * i, cy - 3 * i)])
    touch(cdp, "touchEnd", [])
    panned = map_state(page)
    assert panned["tx"] == pytest.approx(before["tx"] - 200, abs=12)
    assert panned["ty"] == pytest.approx(before["ty"] - 30, abs=40)  # clamped near the edges
    assert panned["scale"] == before["scale"]
    assert page.evaluate("document.body.dataset.selected") is None  # a drag is not a tap
    # two fingers spread from 100 px to 300 px apart: 3x zoom about their midpoint
    touch(cdp, "touchStart", [(cx - 50, cy), (cx + 50, cy)])
    for i in range(1, 11):
        touch(cdp, "touchMove", [(cx - 50 - 10 * i, cy), (cx + 50 + 10 * i, cy)])
    touch(cdp, "touchEnd", [])
    zoomed = map_state(page)
    assert zoomed["scale"] == pytest.approx(panned["scale"] * 3, rel=0.05)
    # pinch in again
    touch(cdp, "touchStart", [(cx - 150, cy), (cx + 150, cy)])
    for i in range(1, 11):
        touch(cdp, "touchMove", [(cx - 150 + 10 * i, cy), (cx + 150 - 10 * i, cy)])
    touch(cdp, "touchEnd", [])
    assert map_state(page)["scale"] == pytest.approx(zoomed["scale"] / 3, rel=0.05)
    # after the gestures a tap still selects
    page.touchscreen.tap(cx, cy)
    page.wait_for_function("document.body.dataset.selected !== undefined")
    page.screenshot(path=str(artifacts / "touch-768x1024.png"))


def test_phone_viewport(page: Any, artifacts: Path) -> None:
    start_app(page, viewport={"width": 390, "height": 844})
    page.touchscreen.tap(*hex_center(page, "1E4"))
    assert_panel_shows(page, "1E4")
    assert page.locator("#info").is_visible()
    for b in ("#zoom-in", "#zoom-out", "#zoom-fit"):
        box = page.locator(b).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, f"{b} is too small to tap"
    page.screenshot(path=str(artifacts / "phone-390x844.png"))


def test_wheel_zooms(page: Any) -> None:
    start_app(page)
    box = page.locator("#map").bounding_box()
    page.mouse.move(box["x"] + 200, box["y"] + 200)
    before = map_state(page)["scale"]
    page.mouse.wheel(0, -300)
    page.wait_for_function(f"parseFloat(document.getElementById('map').dataset.scale) > {before}")


# The offline reload after a first visit (the wasm downloaded once, the worker serving all):
# e2e/test_snapshot.py, whose first visit it shares.


@pytest.mark.browser_context_args(service_workers="block")
def test_boot_failures_show_an_error(page: Any) -> None:
    """A missing wasm file, then a browser without WebAssembly (one context for both)."""
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("/")
    page.wait_for_selector("body[data-boot-error='1']", state="attached", timeout=30_000)
    assert page.locator("#boot-error").is_visible()
    assert "pyodide.asm.wasm" in page.locator("#boot-error-text").inner_text()
    page.unroute("**/pyodide.asm.wasm")
    page.add_init_script("delete window.WebAssembly")
    page.goto("/")
    page.wait_for_selector("body[data-boot-error='1']", state="attached", timeout=10_000)
    assert "WebAssembly" in page.locator("#boot-error-text").inner_text()


# A new build replacing the offline cache, a wrong body, a failed update: e2e/test_offline_cache.py
