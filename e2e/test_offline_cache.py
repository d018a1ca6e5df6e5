"""The offline cache (web/sw.js) under faults: a new build replaces it (the page says a new version
is ready, its button reloads into it), a wrong body is never kept and a later visit repairs it, a
failed update leaves the installed build's cache as it was.

Faults are injected into the service worker's own requests only (Playwright routes them in
Chromium; `request.service_worker` tells them from the page's), or by editing a served copy of
the bundle (a "new build")."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
from conftest import TABLET, wait_ready

from tools.devserver import BundleServer

# Every entry of a cache as {path relative to the site: sha256 of the stored body}.
SNAPSHOT = """async (name) => {
  const cache = await caches.open(name);
  const out = {};
  for (const request of await cache.keys()) {
    const body = await (await cache.match(request)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    out[new URL(request.url).pathname.slice(1)] =
      Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return out;
}"""

PORTAL = (b"<!doctype html><html><head><title>Sign in to the network</title></head>"
          b"<body><form>Accept the terms to continue</form></body></html>")


def offline_state(page: Any) -> str:
    """What the worker said after its fill: '1' (all stored) or 'partial'."""
    page.wait_for_selector("body[data-offline]", state="attached", timeout=30_000)
    return str(page.evaluate("document.body.dataset.offline"))


@pytest.fixture
def copied(browser: Any, bundle: Path, tmp_path: Path) -> Iterator[tuple[Path, BundleServer, Any]]:
    """A copy of the bundle on its own server (the tests change files in it) and a context."""
    copy = tmp_path / "bundle"
    shutil.copytree(bundle, copy)
    srv = BundleServer(copy, port=0).start()
    context = browser.new_context(base_url=srv.url, viewport=TABLET, has_touch=True)
    try:
        yield copy, srv, context
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()


def new_build(copy: Path, old_cache: str, new_cache: str, changed: dict[str, str]) -> None:
    """Turn the served copy into another build: changed files, another cache name, and in sw.js
    the sha256 the worker checks for each changed file (what tools/bundle.py would write)."""
    listed = json.loads((copy / "precache.json").read_text())["sha256"]
    sw = (copy / "sw.js").read_text(encoding="utf-8").replace(old_cache, new_cache)
    for rel, text in changed.items():
        data = text.encode()
        (copy / rel).write_bytes(data)
        sw = sw.replace(f'"{rel}": "{listed[rel]}"', f'"{rel}": "{hashlib.sha256(data).hexdigest()}"')
    (copy / "sw.js").write_text(sw, encoding="utf-8")
    for rel in [*changed, "sw.js"]:  # drop the precompressed copies of the old build
        for ext in (".gz", ".br"):
            (copy / (rel + ext)).unlink(missing_ok=True)


def installed(context: Any) -> tuple[Any, str]:
    """A first visit in ``context`` that stored the offline copy: the page and its cache's name."""
    page = context.new_page()
    page.goto("/")
    wait_ready(page)
    assert offline_state(page) == "1"
    old = page.evaluate("caches.keys()")
    assert len(old) == 1 and old[0].startswith("airhead-")
    return page, str(old[0])


def test_new_build_replaces_the_offline_cache(copied: tuple[Path, BundleServer, Any]) -> None:
    """A new build (other content, so another cache name in sw.js) is installed on the next
    online visit; the page, still running the old build's code, says a new version is ready, and
    its button reloads into the new build; the old cache is deleted and the new build then works
    offline."""
    copy, _srv, context = copied
    page, old = installed(context)
    assert page.locator("#update-ready").is_hidden(), "a first install is not an update"
    css = (copy / "styles.css").read_text(encoding="utf-8") + "\n/* build 2 */\n"
    new_build(copy, old, "airhead-build2", {"styles.css": css})
    page.reload()
    wait_ready(page)
    # the new worker installs (precaching the new build: 15 s alone, over 30 s beside the core
    # layers), then says so in the header
    page.wait_for_selector("body[data-update='ready']", state="attached", timeout=120_000)
    button = page.locator("#update-ready")
    assert button.is_visible() and button.inner_text() == "New version: reload"
    assert page.locator("#offline-badge").is_hidden(), "the badge spoke of the old copy"
    page.set_viewport_size({"width": 390, "height": 844})  # on a phone too, whole in the header
    box, bar = button.bounding_box(), page.locator("header.bar").bounding_box()
    assert box and bar and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= bar["y"] + bar["height"]
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), "its words are cut"
    # the player taps it: the page reloads into the new build (a worker still waiting is asked to
    # take over first; it normally has already)
    with page.expect_navigation(timeout=30_000):
        button.tap()
    wait_ready(page)
    keys: list[str] = []
    for _ in range(120):
        keys = page.evaluate("caches.keys()")
        if keys == ["airhead-build2"]:
            break
        page.wait_for_timeout(500)
    if keys != ["airhead-build2"]:  # say where the update stopped: the worker's states, what build2 holds
        state = page.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const c = await caches.open('airhead-build2');
            return {installing: r && r.installing && r.installing.state, waiting: r && r.waiting && r.waiting.state,
                    active: r && r.active && r.active.scriptURL, held: (await c.keys()).length,
                    snapshot: document.body.dataset.snapshot};
        }""")
        listed = len(json.loads((copy / "precache.json").read_text())["sha256"])
        raise AssertionError(f"caches after the update: {keys}; worker {state}; files listed {listed}")
    assert "build 2" in page.evaluate("fetch('styles.css').then(r => r.text())")
    stored = page.evaluate("caches.match('styles.css').then(r => r && r.text())")
    assert stored and "build 2" in stored
    assert page.locator("#update-ready").is_hidden(), "the page now runs the new build"
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert "build 2" in page.evaluate("fetch('styles.css').then(r => r.text())")


def test_a_new_build_left_waiting_takes_over_when_the_player_reloads(
        copied: tuple[Path, BundleServer, Any]) -> None:
    """The case the new-build test meets now and then in a full run, made certain: the new worker
    installs but does not take over by itself (here its install does not ask to skip waiting).
    The header says a new version is ready; its button asks the waiting worker to take over and
    reloads into the new build."""
    copy, _srv, context = copied
    page, old = installed(context)
    css = (copy / "styles.css").read_text(encoding="utf-8") + "\n/* build 2 */\n"
    new_build(copy, old, "airhead-build2", {"styles.css": css})
    sw = (copy / "sw.js").read_text(encoding="utf-8")
    assert sw.count("await self.skipWaiting();") == 1
    (copy / "sw.js").write_text(sw.replace("await self.skipWaiting();", ""), encoding="utf-8")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("body[data-update='ready']", state="attached", timeout=120_000)
    state = page.evaluate("navigator.serviceWorker.getRegistration().then(r => [r.waiting && r.waiting.state, "
                          "r.active && r.active.state])")
    assert state == ["installed", "activated"], f"the new worker should be waiting: {state}"
    assert sorted(page.evaluate("caches.keys()")) == sorted([old, "airhead-build2"])
    with page.expect_navigation(timeout=30_000):
        page.locator("#update-ready").tap()
    wait_ready(page)
    for _ in range(60):
        if page.evaluate("caches.keys()") == ["airhead-build2"]:
            break
        page.wait_for_timeout(500)
    assert page.evaluate("caches.keys()") == ["airhead-build2"]
    assert "build 2" in page.evaluate("fetch('styles.css').then(r => r.text())")
    assert page.locator("#update-ready").is_hidden()


@pytest.mark.own_context  # the first fill of an empty offline cache
def test_a_wrong_body_is_never_kept_and_a_later_visit_repairs_it(
        page: Any, bundle: Path, precache: dict[str, Any]) -> None:
    """During the first fill a captive portal answers one file with its own page (HTTP 200) and
    another arrives truncated: neither is stored, the page hears 'partial'; the next online
    visit stores both, and every cached body is then exactly the build's."""
    lock = (bundle / "pyodide" / "pyodide-lock.json").read_bytes()
    faults = {"app/main.py": PORTAL, "pyodide/pyodide-lock.json": lock[: len(lock) // 2]}
    served: list[str] = []

    def fault(route: Any) -> None:
        rel = urlsplit(route.request.url).path.lstrip("/")
        if route.request.service_worker is None:  # the page's own request: untouched
            route.fallback()
            return
        served.append(rel)
        route.fulfill(status=200, body=faults[rel], content_type="text/html")

    page.context.route(lambda url: urlsplit(url).path.lstrip("/") in faults, fault)
    page.goto("/")
    wait_ready(page)
    assert offline_state(page) == "partial"
    assert sorted(set(served)) == sorted(faults), f"the faults were not served: {served}"
    (name,) = page.evaluate("caches.keys()")
    stored = page.evaluate(SNAPSHOT, name)
    assert set(stored) == set(precache["files"]) - set(faults), "a wrong body was kept"
    assert all(stored[rel] == precache["sha256"][rel] for rel in stored)

    page.context.unroute_all()
    page.reload()  # online again, without the portal
    wait_ready(page)
    assert offline_state(page) == "1"
    assert page.evaluate("caches.keys()") == [name]
    assert page.evaluate(SNAPSHOT, name) == precache["sha256"], "the cache was not repaired"


def test_a_failed_update_leaves_the_installed_cache_as_it_was(
        copied: tuple[Path, BundleServer, Any]) -> None:
    """The installed build's cache lacks one file; the server then has a new build whose update
    fails (one file is missing). The failed install removes its partial cache, and the installed
    worker does not top its own cache up with the new build's version of the missing file."""
    copy, srv, context = copied
    page, old = installed(context)
    page.evaluate("name => caches.open(name).then(c => c.delete('styles.css'))", old)
    before = page.evaluate(SNAPSHOT, old)
    assert "styles.css" not in before and len(before) > 20

    css = (copy / "styles.css").read_text(encoding="utf-8") + "\n/* build 2 */\n"
    new_build(copy, old, "airhead-build2", {"styles.css": css})
    (copy / "icons" / "icon-512.png").unlink()  # the update's install gets a 404 for it
    srv.take_log()
    page.reload()
    wait_ready(page)
    log: list[tuple[str, int, int]] = []
    for _ in range(120):  # until the new worker tried the missing file and its install ended
        log += srv.take_log()
        tried = ("/icons/icon-512.png", 404) in [(path, status) for path, status, _ in log]
        idle = page.evaluate("navigator.serviceWorker.getRegistration()"
                             ".then(r => !r.installing && !r.waiting)")
        if tried and idle and page.evaluate("'offline' in document.body.dataset"):
            break
        page.wait_for_timeout(250)
    assert tried and idle, f"the update did not run: {log}"
    assert page.evaluate("caches.keys()") == [old], "the failed update left its partial cache"
    assert page.evaluate(SNAPSHOT, old) == before, "the installed build's cache changed"
    assert offline_state(page) == "partial"
    active = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.active.state)")
    assert active == "activated"
    assert page.locator("#update-ready").is_hidden(), "no new version is ready: it failed to install"
