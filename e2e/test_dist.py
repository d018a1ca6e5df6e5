"""`build.py dist` on a static host under a sub-path (issue #14, "Getting it onto tablets"): the app
boots there, plays a landing, makes links that point there, and works offline after one visit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import TABLET, actions, offline_requests, wait_ready

from tools.devserver import BundleServer
from tools.dist import copy_dist

SUB_PATH = "/club/tables/airhead/"


def test_dist_folder_under_a_sub_path_plays_and_works_offline(browser: Any, bundle: Path, tmp_path: Path) -> None:
    site = tmp_path / "dist"
    copy_dist(bundle, site)
    assert not list(site.rglob("*.gz")) and not (site / "bench").exists()
    srv = BundleServer(site, port=0, prefix=SUB_PATH).start()
    context = browser.new_context(base_url=srv.url, viewport=TABLET, has_touch=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)[:2000]))
        page.goto(srv.url)
        wait_ready(page)
        assert page.url.startswith(srv.url)
        page.wait_for_selector("body[data-offline='1']", state="attached", timeout=60_000)
        assert page.locator("#offline-badge").inner_text() == "Ready offline"
        # everything the app asked for was under the sub-path: nothing outside it was requested
        outside = [p for p, _, _ in srv.take_log() if not p.startswith(SUB_PATH)]
        assert outside == [], f"requests outside {SUB_PATH}: {outside}"
        # play a landing to its end with the app's dice
        page.locator("#tab-play").tap()
        page.locator("#f-ilh").fill("1G9")
        page.locator("#plan-start").tap()
        page.wait_for_selector("#prompt[data-waiting='E8.22']", state="attached")
        for _ in range(20):  # roll every roll; answer "no" (the first option) to every choice
            roll, choice = page.locator("#prompt-roll"), page.locator("#prompt button[data-act='choose']")
            if roll.count() == 0 and choice.count() == 0:
                break
            before = actions(page)
            (roll if roll.count() else choice.first).tap()
            page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
        page.wait_for_selector("#prompt-result", state="attached")
        played = actions(page)
        # a share link points where the app is hosted
        page.locator("#tab-games").tap()
        page.locator("#share-make").tap()
        link = page.locator("#share-link").input_value()
        assert link.startswith(srv.url + "#a"), link
        # the memory snapshot is made under the sub-path too (after the offline copy; on a busy
        # machine it is still fetching its files here): wait for it, then go offline
        page.wait_for_selector("body[data-snapshot='stored'], body[data-snapshot='error']",
                               state="attached", timeout=60_000)
        assert page.evaluate("document.body.dataset.snapshot") == "stored"
        outside = [p for p, _, _ in srv.take_log() if not p.startswith(SUB_PATH)]
        assert outside == [], f"requests outside {SUB_PATH}: {outside}"
        # offline: the game and the app come back from the device
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert offline_requests(srv, SUB_PATH) == [], "an offline reload reached the server"
        page.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=played)
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()
    assert not errors, "uncaught errors in the page:\n" + "\n".join(errors)
