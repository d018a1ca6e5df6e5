"""e2e fixtures: the built bundle served on 127.0.0.1 (a free port), Debian's Chromium.

`python build.py test` builds build/bundle/ before running these tests; run them alone with
`.venv/bin/pytest e2e` after a build. Screenshots go to e2e/artifacts/ (ignored by git).

One booted page for most tests. Booting Pyodide takes seconds, so ``page`` is, by default, one
page in one browser context for the whole session, opened at ``/?e2e``: as each test's first
step (its own start_app, boot or load, else its first use of the page) :func:`restart` brings it
back, once, to a just-booted app (the app's start-up run again in the same
interpreter, its own modules reloaded; no saved games, empty localStorage and sessionStorage,
the page's layout as index.html has it, the tablet viewport, online) without rebooting Pyodide.
A test that needs a browser of its own (a first visit, the offline cache, a service worker
blocked, ...) is marked ``@pytest.mark.own_context`` (or ``browser_context_args``) and gets
pytest-playwright's fresh context and page. A test that adds an init script of its own makes
the next test reboot the page (a fault in a built-in, :func:`fault`, does not: the restart
puts the built-in back).

`build.py test` runs these tests in two workers (pytest-xdist, ``-n 2 --dist worksteal``): each
has its own server, browser and shared page, so a test must not rely on another having run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.devserver import BundleServer  # noqa: E402

BUNDLE = ROOT / "build" / "bundle"
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium floods the closed network with requests.
# --wasm-lazy-compilation: V8 compiles each wasm function when first called instead of all 9.6 MB
# up front, ~2 of the ~10 CPU-seconds of each fresh context's boot; the suite is CPU-bound on
# two cores (docs/web.md). The same code runs; `build.py bench` measures without the flag.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--js-flags=--wasm-lazy-compilation"]
BOOT_TIMEOUT = 60_000  # ms; a cold boot takes ~3-5 s on a 2-core machine
TABLET = {"width": 1024, "height": 768}


@pytest.fixture(scope="session")
def bundle() -> Path:
    if not (BUNDLE / "sw.js").is_file():
        pytest.fail("build/bundle/ is missing: run `python build.py test` (it builds the bundle)")
    return BUNDLE


@pytest.fixture(scope="session")
def precache(bundle: Path) -> dict[str, Any]:
    return json.loads((bundle / "precache.json").read_text())


@pytest.fixture(scope="session")
def server(bundle: Path) -> Iterator[BundleServer]:
    srv = BundleServer(bundle, port=0).start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def base_url(server: BundleServer) -> str:  # pytest-base-url style: page.goto("/") works
    return server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], base_url: str) -> dict[str, Any]:
    return {**browser_context_args, "viewport": TABLET, "has_touch": True, "base_url": base_url}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def wait_ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready='1'], body[data-boot-error='1']", state="attached",
                           timeout=BOOT_TIMEOUT)
    error = page.evaluate("document.body.dataset.bootError ? "
                          "document.getElementById('boot-error-text').textContent : ''")
    assert not error, f"boot failed: {error}"


# ---- helpers the tests share (imported from conftest like wait_ready)
def offline_requests(server: Any, prefix: str = "/") -> list[tuple[str, int, int]]:
    """What reached ``server`` since its log was last taken, but the browser's own update check
    of the worker script (``sw.js``) after a navigation: Playwright's offline emulation does not
    reach it (nor the page's workers), and offline for real it just fails. Everything else the
    page asks for while offline is a request that would fail at a convention table."""
    return [entry for entry in server.take_log() if entry[0] != prefix + "sw.js"]


def hex_center(page: Any, name: str) -> tuple[float, float]:
    """Where hex ``name`` is on screen (its bounding box's centre)."""
    box = page.locator(f"#hex-{name}").bounding_box()
    assert box, f"hex {name} is not rendered"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def actions(page: Any) -> int:
    """How many actions the game on screen has (``<body data-actions>``)."""
    return int(page.evaluate("document.body.dataset.actions || '0'"))


def open_play(page: Any, scenario: str = "") -> None:
    """A just-booted app (on a built-in scenario if given) with the Play tab open."""
    start_app(page, scenario)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-play").tap()


@pytest.fixture
def no_page_errors(page: Any) -> Iterator[list[str]]:
    """Fail the test if the page raised an uncaught error (a Python traceback over the page)."""
    items: list[str] = []
    page.on("pageerror", lambda e: items.append(str(e)[:2000]))
    yield items
    assert not items, "uncaught errors in the page:\n" + "\n".join(items)


# ---- one booted page for the session (see the module docstring)
SHARED_URL = "/?e2e"  # ?e2e: the app exposes window.airheadRestart (web/app/main.py)
GAMES_DB = "IDBMap/@pyscript/airhead-games"
BOARDS_DB = "airhead-boards"  # the player's imported boards (web/boot.js)

# Installed before the page's own scripts on every load of the shared page: records what the
# app's Python registers (event listeners and timers of a second or more whose callback is a
# Pyodide proxy) and the IndexedDB connections it opens, and keeps the layout as index.html has
# it, so that restart() can remove and restore them.
RECORDER = """(() => {
  if (window.top !== window || window.__e2e) return;
  const rec = window.__e2e = { listeners: [], timers: new Set(), dbs: [], layout: null, fresh: true };
  const fromPython = (f) => typeof f === "function" && typeof f.destroy === "function"
    && typeof f.copy === "function";
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    // (only the capture flag is kept: a Python dict of options is gone after this call)
    const capture = typeof opts === "boolean" ? opts : Boolean(opts && opts.capture);
    if (fromPython(fn)) rec.listeners.push([this, type, fn, capture]);
    return add.call(this, type, fn, opts);
  };
  const later = window.setTimeout;
  window.setTimeout = function (fn, ms, ...rest) {
    const id = later.call(window, fn, ms, ...rest);
    if (fromPython(fn) && Number(ms) >= 1000) rec.timers.add(id);
    return id;
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) {
    const req = open.apply(this, args);
    if (req && typeof req.addEventListener === "function") {
      add.call(req, "success", () => rec.dbs.push(req.result));
    }
    return req;
  };
  // the built-ins the tests' faults replace (fault()), as they are here: RESTART puts them back
  rec.builtins = [[Element.prototype, "innerHTML"], [IDBFactory.prototype, "open"],
    [IDBObjectStore.prototype, "put"], [Storage.prototype, "setItem"], [Storage.prototype, "getItem"],
    [EventTarget.prototype, "addEventListener"], [window, "setTimeout"]]
    .map(([obj, name]) => [obj, name, Object.getOwnPropertyDescriptor(obj, name)]);
  add.call(document, "DOMContentLoaded", () => {
    const layout = document.querySelector("main.layout");
    if (layout) rec.layout = layout.outerHTML;
  });
  // "fresh": just loaded or restarted, and nobody has touched the page since (see start_app)
  for (const type of ["pointerdown", "keydown", "input", "click", "touchstart", "wheel"]) {
    add.call(document, type, () => { rec.fresh = false; }, true);
  }
})();"""

# Back to a just-booted app in place, in one call from the test: the app restarted, then its
# start-up awaited here (<body data-games="1">, or a boot error: its text is returned); false if
# this page cannot restart in place (then it is reloaded instead). The page's own files are read
# once per load of the page (the bundle does not change under a test): its Python script, and the
# build's first map, put back in the map as boot.js puts it there on a load of the default
# scenario (main.py then keeps it, as it does on a real start, instead of drawing it again).
RESTART = """async ([scenario, dbs, url, keep]) => {
  const rec = window.__e2e, ds = document.body.dataset;
  if (!rec || !rec.layout || typeof window.airheadRestart !== "function") return false;
  // a new test: the built-ins as they were before any fault (within a test, faults stay)
  if (!keep) for (const [obj, name, descriptor] of rec.builtins) Object.defineProperty(obj, name, descriptor);
  // true once ok() holds (read again at each change of <body>'s attributes), false after ms
  const until = (ok, ms) => new Promise((resolve) => {
    if (ok()) return resolve(true);
    const done = (value) => { seen.disconnect(); clearTimeout(late); resolve(value); };
    const seen = new MutationObserver(() => { if (ok()) done(true); });
    seen.observe(document.body, {attributes: true});
    const late = setTimeout(() => done(ok()), ms);
  });
  const started = () => ds.games === "1" || Boolean(ds.bootError);
  // let the app finish starting (its store opened) and a pending save land first
  await until(started, 10000);
  await until(() => ds.saveState !== "saving", 5000);
  for (const [target, type, fn, capture] of rec.listeners.splice(0)) target.removeEventListener(type, fn, capture);
  for (const id of rec.timers) clearTimeout(id);
  rec.timers.clear();
  for (const conn of rec.dbs.splice(0)) conn.close();
  if (!keep) {
    // the saved games, and the boards a test imported (their connection is the page's own)
    if (window.airheadBoards) await window.airheadBoards.close();
    for (const name of dbs) {
      const deleted = await new Promise((resolve) => {
        const req = indexedDB.deleteDatabase(name);
        req.onsuccess = () => resolve(true);
        req.onerror = req.onblocked = () => resolve(false);
      });
      if (!deleted) return false;
    }
    localStorage.clear();
    sessionStorage.clear();
  }
  const read = async (path) => {
    const r = await fetch(path, {cache: "no-store"});
    return r.ok ? r.text() : "";
  };
  // the page's Python as index.html runs it (its one line, import main)
  rec.source = rec.source || document.querySelector('script[type="py"]')?.textContent || "";
  if (rec.firstMap === undefined) rec.firstMap = await read("app/first-map.svg");
  document.getElementById("notice")?.remove();
  document.querySelector("main.layout").outerHTML = rec.layout;
  if ((!scenario || scenario === "default") && rec.firstMap.startsWith("<svg")) {
    document.getElementById("map").innerHTML = rec.firstMap;  // (boot.js firstMap)
  }
  for (const key of Object.keys(ds)) if (!["ready", "bootMs", "offline"].includes(key)) delete ds[key];
  history.replaceState(null, "", url);
  window.scrollTo(0, 0);
  document.activeElement?.blur?.();
  window.airheadRestart(rec.source);
  // started: as wait_ready and <body data-games="1"> in restart() would wait for
  await until(started, 30000);
  if (ds.bootError) return document.getElementById("boot-error-text").textContent || "boot failed";
  if (ds.games !== "1") return "the app did not start within 30 s";
  rec.fresh = true;
  return true;
}"""


# The same, for a page that is not the app (see restart): no app runs, nothing blocks.
CLEAR_STORAGE = """async (dbs) => {
  localStorage.clear();
  sessionStorage.clear();
  for (const db of dbs) await new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(db);
    req.onsuccess = resolve;
    req.onerror = req.onblocked = () => reject(new Error(`cannot delete ${db}`));
  });
}"""
BLANK = "/precache.json"  # a page of the app's origin that is not the app


class Shared:
    """The session's booted page and what a test left on it."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.page: Any = None
        self.crashed = False
        self.tainted = False  # an init script the restart cannot undo: reboot
        self.faults: list[Any] = []  # init scripts of fault(): removed after the test
        self.add_init_script: Callable[..., Any] = lambda *a, **k: None  # the page's own
        # the test's restart is still to come: done by the test's first step (see ``page``)
        self.pending = False
        self.fresh = False  # the page just loaded on an empty device: a just-booted app already

    def get(self) -> Any:
        """The booted page (``fresh``: just loaded on an empty device)."""
        if self.page is None or self.page.is_closed() or self.crashed:
            self.fresh = self.page is None  # (a crashed page's device keeps what was stored)
            if self.page is not None and not self.page.is_closed():
                self.page.close()
            self.crashed = self.tainted = False
            page = self.context.new_page()
            page.on("crash", lambda _p: setattr(self, "crashed", True))
            page.add_init_script(RECORDER)
            page._e2e_shared = self  # noqa: SLF001 - lets the helpers below find this record
            page.goto(SHARED_URL)
            wait_ready(page)
            page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
            self.page = page
        else:
            self.fresh = False
        return self.page


def _shared_of(page: Any) -> Shared | None:
    return getattr(page, "_e2e_shared", None)


def _is_fresh(page: Any) -> bool:
    """The shared page at ``/?e2e``, just loaded or restarted, and untouched since."""
    return _shared_of(page) is not None and page.url.endswith(SHARED_URL) and \
        bool(page.evaluate("window.__e2e ? window.__e2e.fresh === true : false"))


def start_app(page: Any, scenario: str = "", viewport: dict[str, int] | None = None) -> None:
    """The app as a load of the page starts it, on built-in ``scenario`` (default: the default
    one) in ``viewport`` (default: TABLET), with the device's storage as it is: the page as it
    was just loaded or restarted, else restarted again (the storage kept)."""
    shared = _shared_of(page)
    if shared is not None and shared.pending:  # the test's own restart, on an empty device
        restart(page, scenario, viewport)
    elif scenario or viewport or not _is_fresh(page):
        restart(page, scenario, viewport, keep_storage=True)
    else:
        wait_ready(page)
        page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)


def restart(page: Any, scenario: str = "", viewport: dict[str, int] | None = None,
            keep_storage: bool = False) -> None:
    """A just-booted app on built-in ``scenario`` (default: the default one), on a device with
    nothing stored unless ``keep_storage``. On the shared page: in place when it can (see
    RESTART), else by loading the page again; on a page of its own: by loading it."""
    url = SHARED_URL + (f"&scenario={scenario}" if scenario else "")
    shared = _shared_of(page)
    if shared is not None and shared.pending:  # the test's first step: nothing of its own stored yet
        shared.pending = keep_storage = False
    if viewport is not None and page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    if shared is None:
        page.goto(f"/?scenario={scenario}" if scenario else "/")
    else:
        if viewport is None and page.viewport_size != TABLET:
            page.set_viewport_size(TABLET)
        done = False if shared.tainted else page.evaluate(RESTART, [scenario, [GAMES_DB, BOARDS_DB], url, keep_storage])
        if done is True:  # restarted and started (RESTART waits for what wait_ready would)
            return
        assert done is False, f"boot failed: {done}"
        if not keep_storage:
            page.goto(BLANK)  # the app's page unloaded: its storage can go
            page.evaluate(CLEAR_STORAGE, [GAMES_DB, BOARDS_DB])
        page.goto(url)
        shared.tainted = False
    wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
    if shared is not None:
        page.evaluate("window.__e2e.fresh = true")


def boot(page: Any, url: str = "") -> None:
    """Load the app page for real (a reboot): ``url`` is what follows the path (``"#a2..."``,
    ``"&selfcheck"``); on the shared page the ``?e2e`` flag stays in the address."""
    _clear_pending(page)
    page.goto("/" + ("?" + url[1:] if url.startswith("&") else url))
    wait_ready(page)


def another_device(page: Any, url: str) -> None:
    """``url`` (an address of the app: ``"/#a5..."``) loaded as a device that has none of this
    one's saved games, boards or settings would load it: the app unloaded, the device's storage
    emptied, then a real load. (A new browser context would cost a cold boot with no code cache:
    ~5 CPU-seconds where this costs ~1.5, docs/web.md; the device's offline copy and memory
    snapshot stay, and are not what a test of a link or of missing boards checks.)"""
    _clear_pending(page)
    page.goto(BLANK)  # the app's page unloaded: its storage can go
    page.evaluate(CLEAR_STORAGE, [GAMES_DB, BOARDS_DB])
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)


def _clear_pending(page: Any) -> None:
    """Before a test's first load of the shared page (instead of its restart in place): the
    device emptied and the tablet viewport, as the restart leaves them."""
    shared = _shared_of(page)
    if shared is None or not shared.pending:
        return
    shared.pending = False
    if page.viewport_size != TABLET:
        page.set_viewport_size(TABLET)
    page.goto(BLANK)  # the app's page unloaded: its storage can go
    page.evaluate(CLEAR_STORAGE, [GAMES_DB, BOARDS_DB])
    shared.tainted = False


def _goto_shared(goto: Callable[..., Any], page: Any, url: str, **kwargs: Any) -> Any:
    """page.goto on the shared page: an address of the app ("/", "/?scenario=x", "/#a2...")
    keeps the ?e2e flag (the next test can restart it in place), and is always a load of the
    page (not only a change of its fragment)."""
    _clear_pending(page)
    if url.startswith("/") and not url.startswith(SHARED_URL) and not url.startswith(BLANK):
        path, _, fragment = url.partition("#")
        query = path[1:].lstrip("?")
        url = SHARED_URL + (f"&{query}" if query else "") + (f"#{fragment}" if fragment else "")
    if "#" in url and page.url.split("#")[0] == page.url.split("?")[0].rstrip("/") + url.split("#")[0]:
        goto(BLANK)  # else only the fragment would change: no load of the page at all
    return goto(url, **kwargs)


def fault(page: Any, script: str) -> None:
    """A fault in the page's built-ins (``script`` replaces one of those RECORDER lists): in
    this page as it is now and in every load of it until the test ends. The shared page is
    not rebooted for it: RESTART puts the built-ins back."""
    page.evaluate("() => {\n" + script + "\n}")  # a body run once (as an init script runs)
    shared = _shared_of(page)
    if shared is None:
        page.add_init_script(script)
    else:  # the recorder first in the same script: it keeps the built-ins before the fault
        shared.faults.append(shared.add_init_script(f"{RECORDER}\n(() => {{\n{script}\n}})();"))


def _own_context(item: pytest.Item) -> bool:
    return bool(item.get_closest_marker("own_context") or item.get_closest_marker("browser_context_args"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "own_context: the test gets a fresh browser context and page "
                                       "(not the shared booted page)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests with a browser of their own first, then those on the shared page; files keep their
    order within each group. The own-context tests are the long ones (a first visit each), and
    pytest-xdist's worksteal hands each worker a contiguous half of this list and lets an idle
    worker take the last half of another's queue: with the long tests first, the run ends on
    short shared-page tests that both workers share, not on one long test left to one worker.
    (A test that makes browser contexts itself, without the ``page`` fixture, is one of them.)"""
    items.sort(key=lambda item: not (_own_context(item) or "page" not in item.fixturenames))


@pytest.fixture(scope="session")
def shared_context(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Shared]:
    context = browser.new_context(**browser_context_args)
    shared = Shared(context)
    yield shared
    context.close()


#: The shared page's methods a test's first step may be (see ``page``): each restarts the app first
#: if the test has not yet (goto and the helpers do it their own way).
FIRST_STEPS = ("locator", "evaluate", "evaluate_handle", "wait_for_selector", "wait_for_function",
               "wait_for_timeout", "set_input_files", "screenshot", "reload", "tap", "click", "fill",
               "inner_text", "text_content", "get_attribute", "query_selector", "query_selector_all",
               "is_visible", "is_hidden", "get_by_role", "get_by_text", "get_by_label", "title",
               "content", "dispatch_event", "select_option", "check", "press", "type", "focus",
               "expect_navigation", "route", "bring_to_front")


@pytest.fixture
def page(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The shared booted page, restarted for this test (by its first step); a fresh context's
    page for a test marked own_context or browser_context_args."""
    if _own_context(request.node):
        yield request.getfixturevalue("context").new_page()
        return
    shared: Shared = request.getfixturevalue("shared_context")
    page = shared.get()
    # The restart is the test's first step, not done here: most tests begin with one of their
    # own (start_app on a scenario or at a size, boot, a link), and a restart costs the page
    # ~0.2 CPU-seconds. The first of these, or of the page's methods below, does it (once).
    shared.pending = not shared.fresh
    shared.fresh = False
    wrapped: list[str] = []
    for name in FIRST_STEPS:
        method = getattr(page, name)

        def first(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            if shared.pending:
                restart(page)
            return _method(*args, **kwargs)
        setattr(page, name, first)
        wrapped.append(name)
    handlers: list[tuple[Any, str, Any]] = []
    scripts: list[Any] = []
    on, once, context_on, add_init_script = page.on, page.once, page.context.on, page.add_init_script

    def track(target: Any, register: Callable[[str, Any], None]) -> Callable[[str, Any], None]:
        def wrapped(event: str, handler: Any) -> None:
            handlers.append((target, event, handler))
            register(event, handler)
        return wrapped

    def tracked_init_script(*args: Any, **kwargs: Any) -> Any:
        scripts.append(add_init_script(*args, **kwargs))
        return scripts[-1]

    shared.add_init_script = add_init_script
    goto = page.goto
    page.goto = lambda url, **kwargs: _goto_shared(goto, page, url, **kwargs)  # (it restarts by a load)
    page.on, page.once = track(page, on), track(page, once)
    page.context.on = track(page.context, context_on)
    page.add_init_script = tracked_init_script
    # what the test routed or set offline, undone after it (only then: each undo is a round trip)
    undo: set[str] = set()
    page_route, context_route, set_offline = page.route, page.context.route, page.context.set_offline

    def routed(register: Callable[..., Any], what: str) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            undo.add(what)
            return register(*args, **kwargs)
        return wrapped
    page.route = routed(page_route, "page routes")
    page.context.route = routed(context_route, "context routes")
    page.context.set_offline = routed(set_offline, "offline")
    try:
        yield page
    finally:
        del page.on, page.once, page.add_init_script, page.goto
        for name in wrapped:
            if name != "route":
                delattr(page, name)
        del page.route, page.context.on, page.context.route, page.context.set_offline
        for target, event, handler in handlers:
            try:
                target.remove_listener(event, handler)
            except Exception:  # noqa: BLE001 - a `once` handler that already ran
                pass
        for script in scripts + shared.faults:
            script.close()
        shared.faults.clear()
        shared.tainted = shared.tainted or bool(scripts)
        if not page.is_closed() and "page routes" in undo:
            page.unroute_all()
        if "context routes" in undo:
            page.context.unroute_all()
        if "offline" in undo:
            page.context.set_offline(False)
