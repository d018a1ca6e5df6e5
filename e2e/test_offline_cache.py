"""The offline cache (web/sw.js) under faults: a failed update leaves the installed build's cache
as it was, a new build replaces it (the page says a new version is ready, its button reloads into
it), a new build left waiting takes over when the player taps that button, and a wrong body is
never kept and a later visit repairs it.

Faults are injected into the service worker's own requests only (Playwright routes them in
Chromium; `request.service_worker` tells them from the page's), or by editing a served copy of
the bundle (a "new build"). The first fill and the three updates are one installed copy's history,
in turn, in one test: a first visit costs ~5 CPU-seconds, and the suite is CPU-bound on two cores
(docs/web.md)."""

from __future__ import annotations

import hashlib
import json
import re
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


def cached(page: Any, name: str) -> dict[str, str]:
    """Cache ``name``'s entries (SNAPSHOT) but the page's folder address, which the worker keeps
    beside index.html (the home screen opens the folder): checked to hold the same page."""
    stored: dict[str, str] = page.evaluate(SNAPSHOT, name)
    folder = stored.pop("", None)
    assert folder == stored.get("index.html"), "the folder's page is not the stored index.html"
    return stored


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
    sw = (copy / "sw.js").read_text(encoding="utf-8")
    assert f'"{old_cache}"' in sw, f"the served build is not {old_cache}"
    sw = sw.replace(old_cache, new_cache)
    for rel, text in changed.items():
        data = text.encode()
        (copy / rel).write_bytes(data)
        sw, n = re.subn(f'"{re.escape(rel)}": "[0-9a-f]{{64}}"',
                        f'"{rel}": "{hashlib.sha256(data).hexdigest()}"', sw)
        assert n == 1, f"sw.js lists {rel} {n} times"
    (copy / "sw.js").write_text(sw, encoding="utf-8")
    for rel in [*changed, "sw.js"]:  # drop the precompressed copies of the old build
        for ext in (".gz", ".br"):
            (copy / (rel + ext)).unlink(missing_ok=True)


def styles(copy: Path, build: str) -> str:
    """The served styles.css marked as build ``build``'s (``/* build */`` added at its end)."""
    return (copy / "styles.css").read_text(encoding="utf-8") + f"\n/* {build} */\n"


def caches_become(page: Any, names: list[str]) -> list[str]:
    """The origin's cache names once they are ``names`` (or as they are after 60 s)."""
    keys: list[str] = []
    for _ in range(120):
        keys = page.evaluate("caches.keys()")
        if keys == names:
            break
        page.wait_for_timeout(500)
    return keys


def a_wrong_body_is_never_kept_and_a_later_visit_repairs_it(copy: Path, context: Any,
                                                            precache: dict[str, Any]) -> tuple[Any, str]:
    """During the first fill a captive portal answers one file with its own page (HTTP 200) and
    another arrives truncated: neither is stored, the page hears 'partial'; the next online
    visit stores both, and every cached body is then exactly the build's. Returns the page and
    its cache's name: the installed copy the updates start from."""
    lock = (copy / "pyodide" / "pyodide-lock.json").read_bytes()
    faults = {"app/first-map.svg": PORTAL, "pyodide/pyodide-lock.json": lock[: len(lock) // 2]}
    served: list[str] = []

    def fault(route: Any) -> None:
        rel = urlsplit(route.request.url).path.lstrip("/")
        if route.request.service_worker is None:  # the page's own request: untouched
            route.fallback()
            return
        served.append(rel)
        route.fulfill(status=200, body=faults[rel], content_type="text/html")

    context.route(lambda url: urlsplit(url).path.lstrip("/") in faults, fault)
    page = context.new_page()
    page.goto("/")
    wait_ready(page)
    assert offline_state(page) == "partial"
    assert sorted(set(served)) == sorted(faults), f"the faults were not served: {served}"
    (name,) = page.evaluate("caches.keys()")
    stored = cached(page, name)
    assert set(stored) == set(precache["files"]) - set(faults), "a wrong body was kept"
    assert all(stored[rel] == precache["sha256"][rel] for rel in stored)

    context.unroute_all()
    page.reload()  # online again, without the portal
    wait_ready(page)
    assert offline_state(page) == "1"
    assert page.evaluate("caches.keys()") == [name]
    assert cached(page, name) == precache["sha256"], "the cache was not repaired"
    assert name.startswith("airhead-")
    return page, str(name)


def a_failed_update_leaves_the_installed_cache_as_it_was(copy: Path, srv: BundleServer, page: Any,
                                                         old: str) -> None:
    """The installed build's cache lacks one file; the server then has a new build whose update
    fails (one file is missing). The failed install removes its partial cache, and the installed
    worker does not top its own cache up with the new build's version of the missing file."""
    page.evaluate("name => caches.open(name).then(c => c.delete('styles.css'))", old)
    before = cached(page, old)
    assert "styles.css" not in before and len(before) > 20

    new_build(copy, old, "airhead-failed", {"styles.css": styles(copy, "failed")})
    icon = copy / "icons" / "icon-512.png"
    kept = icon.read_bytes()
    icon.unlink()  # the update's install gets a 404 for it
    srv.take_log()
    page.reload()
    wait_ready(page)
    log: list[tuple[str, int, int]] = []
    tried = idle = False
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
    assert cached(page, old) == before, "the installed build's cache changed"
    assert offline_state(page) == "partial"
    active = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.active.state)")
    assert active == "activated"
    assert page.locator("#update-ready").is_hidden(), "no new version is ready: it failed to install"
    icon.write_bytes(kept)  # the server is whole again for the next build


def a_new_build_replaces_the_offline_cache(copy: Path, page: Any, old: str, new: str) -> None:
    """A new build (other content, so another cache name in sw.js) is installed on the next
    online visit; the page, still running the old build's code, says a new version is ready, and
    its button reloads into the new build; the old cache is deleted and the new build then works
    offline."""
    new_build(copy, old, new, {"styles.css": styles(copy, new)})
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
    page.set_viewport_size(TABLET)
    # the player taps it: the page reloads into the new build (a worker still waiting is asked to
    # take over first; it normally has already)
    with page.expect_navigation(timeout=30_000):
        button.tap()
    wait_ready(page)
    keys = caches_become(page, [new])
    if keys != [new]:  # say where the update stopped: the worker's states, what the new cache holds
        state = page.evaluate("""async (name) => {
            const r = await navigator.serviceWorker.getRegistration();
            const c = await caches.open(name);
            return {installing: r && r.installing && r.installing.state, waiting: r && r.waiting && r.waiting.state,
                    active: r && r.active && r.active.scriptURL, held: (await c.keys()).length,
                    snapshot: document.body.dataset.snapshot};
        }""", new)
        listed = len(json.loads((copy / "precache.json").read_text())["sha256"])
        raise AssertionError(f"caches after the update: {keys}; worker {state}; files listed {listed}")
    assert f"/* {new} */" in page.evaluate("fetch('styles.css').then(r => r.text())")
    stored = page.evaluate("caches.match('styles.css').then(r => r && r.text())")
    assert stored and f"/* {new} */" in stored
    assert page.locator("#update-ready").is_hidden(), "the page now runs the new build"
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert f"/* {new} */" in page.evaluate("fetch('styles.css').then(r => r.text())")
    page.context.set_offline(False)


def a_new_build_left_waiting_takes_over_when_the_player_reloads(copy: Path, page: Any, old: str,
                                                                new: str) -> None:
    """The case the new-build step meets now and then in a full run, made certain: the new worker
    installs but does not take over by itself (here its install does not ask to skip waiting).
    The header says a new version is ready; its button asks the waiting worker to take over and
    reloads into the new build."""
    new_build(copy, old, new, {"styles.css": styles(copy, new)})
    sw = (copy / "sw.js").read_text(encoding="utf-8")
    assert sw.count("await self.skipWaiting();") == 1
    (copy / "sw.js").write_text(sw.replace("await self.skipWaiting();", ""), encoding="utf-8")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("body[data-update='ready']", state="attached", timeout=120_000)
    state = page.evaluate("navigator.serviceWorker.getRegistration().then(r => [r.waiting && r.waiting.state, "
                          "r.active && r.active.state])")
    assert state == ["installed", "activated"], f"the new worker should be waiting: {state}"
    assert sorted(page.evaluate("caches.keys()")) == sorted([old, new])
    with page.expect_navigation(timeout=30_000):
        page.locator("#update-ready").tap()
    wait_ready(page)
    assert caches_become(page, [new]) == [new]
    assert f"/* {new} */" in page.evaluate("fetch('styles.css').then(r => r.text())")
    assert page.locator("#update-ready").is_hidden()


def test_a_first_fill_and_the_updates_of_an_installed_copy(copied: tuple[Path, BundleServer, Any],
                                                           precache: dict[str, Any]) -> None:
    """One installed copy's history (each step's docstring says what it checks): its first fill
    under faults repaired by the next visit, then three updates in turn: a failed update, a new
    build that replaces the cache, a new build left waiting."""
    copy, srv, context = copied
    page, old = a_wrong_body_is_never_kept_and_a_later_visit_repairs_it(copy, context, precache)
    assert page.locator("#update-ready").is_hidden(), "a first install is not an update"
    a_failed_update_leaves_the_installed_cache_as_it_was(copy, srv, page, old)
    # (the failed build's sw.js is still served: the next build is made from it)
    a_new_build_replaces_the_offline_cache(copy, page, "airhead-failed", "airhead-build2")
    a_new_build_left_waiting_takes_over_when_the_player_reloads(copy, page, "airhead-build2",
                                                                "airhead-build3")
