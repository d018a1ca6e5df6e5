"""The first visit of a player's own copy, and its warm start from a Pyodide memory snapshot
(web/snapshot.mjs, docs/web.md), in one test since a first visit costs ~5 CPU-seconds (and its
snapshot ~2) and the suite is CPU-bound (docs/web.md):

- `build.py dist` on a static host under a sub-path (issue #14, "Getting it onto tablets"): the
  first visit loads exactly the files the offline copy precaches, the wasm once, nothing outside
  the sub-path; the app plays a landing, makes links that point there, and works offline;
- the snapshot is made after that first boot (an old build's snapshot is removed), restored on
  the next one with the app working on it, also from IndexedDB; a snapshot that cannot be
  restored falls back to a normal boot."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from conftest import TABLET, actions, hex_center, offline_requests, wait_ready
from playing import LANDED_1G9, finish_landing, start_landing

from tools.devserver import BundleServer
from tools.dist import copy_dist

SUB_PATH = "/club/tables/airhead/"
FOLDER = "airhead-snapshot"
MAKE_TIMEOUT = 120_000  # ms: the worker boots a Pyodide of its own after the offline copy is stored

# The names in the origin's private file system folder that holds snapshots.
LIST = """async (folder) => {
  const root = await navigator.storage.getDirectory();
  let dir;
  try { dir = await root.getDirectoryHandle(folder); } catch { return []; }
  const names = [];
  for await (const name of dir.keys()) names.push(name);
  return names.sort();
}"""

# Writes bytes (a list of ints, or the file's own bytes changed at `patch` offsets) to a file there.
WRITE = """async ([folder, name, bytes, patch]) => {
  const root = await navigator.storage.getDirectory();
  const dir = await root.getDirectoryHandle(folder, { create: true });
  const handle = await dir.getFileHandle(name, { create: true });
  let data = new Uint8Array(bytes);
  if (patch) {
    data = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    for (const [at, value] of patch) data[at] = value;
  }
  const w = await handle.createWritable();
  await w.write(data);
  await w.close();
  return data.length;
}"""


STATUS = "JSON.parse(JSON.stringify(window.airheadSnapshot))"

# Keeps a copy of the snapshot file at the private file system's root (snapshots are never there).
COPY = """async ([folder, name]) => {
  const root = await navigator.storage.getDirectory();
  const file = await (await (await root.getDirectoryHandle(folder)).getFileHandle(name)).getFile();
  const w = await (await root.getFileHandle("e2e-" + name, { create: true })).createWritable();
  await w.write(await file.arrayBuffer());
  await w.close();
}"""

# Puts that copy back; returns where the heap starts in it (after the sparse header,
# web/snapshot.mjs): Pyodide's own header, whose bytes 16-48 are the build id.
RESTORE_COPY = """async ([folder, name]) => {
  const root = await navigator.storage.getDirectory();
  const data = await (await (await root.getFileHandle("e2e-" + name)).getFile()).arrayBuffer();
  const dir = await root.getDirectoryHandle(folder, { create: true });
  const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
  await w.write(data);
  await w.close();
  return 4 * (3 + new Uint32Array(data, 0, 3)[2]);
}"""


# Keeps the snapshot in IndexedDB instead, as the page does where the private file system cannot
# (WebKit): the good file's bytes (or, `junk`, a string in their place) and the heap's length in the database,
# and the page's memory of where it is (web/snapshot.mjs IDB_NAME, MEMORY).
TO_IDB = """async ([folder, name, junk]) => {
  const root = await navigator.storage.getDirectory();
  const data = await (await (await root.getDirectoryHandle(folder)).getFileHandle(name)).getFile().then((f) => f.arrayBuffer());
  const length = new Uint32Array(data, 0, 3)[1];
  const db = await new Promise((ok, no) => { const r = indexedDB.open("airhead-snapshot", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("snapshots"); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  await new Promise((ok, no) => { const tx = db.transaction("snapshots", "readwrite");
    tx.objectStore("snapshots").put(junk ? "not a heap" : data, name);
    tx.objectStore("snapshots").put(length, name + ".length");
    tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
  db.close();
  localStorage.setItem("airhead-snapshot", JSON.stringify({ key: name.slice(0, -4), agent: navigator.userAgent,
    state: "stored", error: "", store: "idb" }));
}"""

# The keys in that database, and whether the page remembers a snapshot there.
IDB_KEYS = """async () => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("airhead-snapshot", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("snapshots"); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  const keys = await new Promise((ok) => { const q = db.transaction("snapshots").objectStore("snapshots").getAllKeys();
    q.onsuccess = () => ok(q.result); });
  db.close();
  return [keys, localStorage.getItem("airhead-snapshot")];
}"""


def snapshot_file(bundle: Path) -> str:
    """This build's snapshot file name (the key tools/bundle.py writes into snapshot.mjs)."""
    found = re.search(r'const KEY = "([0-9a-f]+)";', (bundle / "snapshot.mjs").read_text())
    assert found, "snapshot.mjs has no key: the bundle was not built by tools/bundle.py"
    return found.group(1) + ".bin"


def snapshot_state(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.snapshot || ''"))


def wait_stored(page: Any) -> None:
    page.wait_for_selector("body[data-snapshot='stored'], body[data-snapshot='error']",
                           state="attached", timeout=MAKE_TIMEOUT)
    assert snapshot_state(page) == "stored", page.evaluate("window.airheadSnapshot.error")


def play_a_landing(page: Any) -> None:
    """An E8 landing with dice typed in: the glider lands in 1G6 (the E8 example's landing)."""
    page.wait_for_selector("body[data-play='1']", state="attached")
    glider = ".overlay .counter.unit.kind-glider[data-hex='1G6']"
    landed = page.locator(glider).count()  # (a game played before is open again after a reload)
    page.locator("#tab-play").tap()
    page.locator("#f-name").fill("Glider 1")
    page.locator("#pick-f-ilh").tap()
    page.touchscreen.tap(*hex_center(page, "1E7"))
    assert page.locator("#f-ilh").input_value() == "1E7"
    page.locator("#f-wind").select_option("5")
    page.wait_for_selector("#odds-avenue")
    page.locator("#plan-start").tap()
    for rule, dice in (("E8.22", "4 2"), ("E8.23", "1")):  # short by 2 -> 1G6; Crash dr: lands safely
        page.wait_for_selector(f"#prompt[data-waiting='{rule}']", state="attached")
        before = int(page.evaluate("document.body.dataset.actions"))
        page.locator("#prompt-dice").fill(dice)
        page.locator("#prompt-enter").tap()
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    page.wait_for_selector("#prompt[data-waiting='E8.3']", state="attached")
    page.locator("#prompt button[data-choice='no Final Fire']").tap()
    page.wait_for_selector("#prompt-result")
    assert "Glider 1 landed safely in 1G6." in page.locator("#prompt-result").inner_text()
    assert page.locator(glider).count() == landed + 1


#: precached files the browser may fetch on install rather than the page
OPTIONAL_AT_BOOT = {"manifest.webmanifest", "icons/icon-512.png", "icons/icon-maskable-512.png"}


def loads_exactly_the_precache_list(loaded: set[str], precache: dict[str, Any]) -> None:
    """What a first visit loads up to its first map is what the service worker precaches: nothing
    missing offline, no unused PyScript chunk cached. (manifest + large icons are fetched by the
    browser on install.)"""
    listed = set(precache["files"])
    on_demand = set(precache["on_demand"])  # loaded when a player asks (QR code), not at boot
    assert on_demand <= listed and not on_demand & loaded, "an on-demand file loaded at boot"
    assert loaded - listed == set(), "loaded but not precached"
    assert listed - loaded <= OPTIONAL_AT_BOOT | on_demand, "precached but never loaded"
    assert not any("codemirror" in f or "xterm" in f or "toml" in f for f in listed)


def test_the_dist_folder_first_visit_offline_then_the_snapshot_made_restored_and_broken(
        browser: Any, bundle: Path, tmp_path: Path, precache: dict[str, Any]) -> None:
    """One first visit, of the dist folder under a sub-path (each step's docstring says what it
    checks): the visit and the game played, the snapshot made, an offline reload restored from it
    with the game, then the snapshot kept in IndexedDB, then broken in two ways, and each time the
    page boots normally all the same."""
    site = tmp_path / "dist"
    copy_dist(bundle, site)
    assert not list(site.rglob("*.gz")) and not (site / "bench").exists()
    # served compressed, as a static host does (the server sends a file's .br beside it): a new
    # browser context's HTTP cache, in memory, keeps no 9.6 MB body, so the uncompressed wasm
    # would be downloaded twice there, once by the page and once for the offline copy
    for packed in bundle.rglob("*.br"):
        if (site / packed.relative_to(bundle)).with_suffix("").is_file():
            shutil.copy2(packed, site / packed.relative_to(bundle))
    srv = BundleServer(site, port=0, prefix=SUB_PATH).start()
    context = browser.new_context(base_url=srv.url, viewport=TABLET, has_touch=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)[:2000]))
        name = snapshot_file(site)
        played = first_visit_to_the_dist_folder(page, srv, precache)
        made_then_restored_offline(page, srv, name, played)
        kept_in_indexeddb(page, name)
        broken_ones_fall_back_to_a_normal_boot(page, name)
    finally:
        context.close()
        srv.shutdown()
        srv.server_close()
    assert not errors, "uncaught errors in the page:\n" + "\n".join(errors)


def first_visit_to_the_dist_folder(page: Any, srv: BundleServer, precache: dict[str, Any]) -> int:
    """The dist folder's first visit: it loads exactly the precache list, nothing outside the
    sub-path, the wasm once (the offline copy keeps the page's own download, never a second one);
    an older build's snapshot found there is removed when this build's is made; the app plays a
    landing to its end (its dice typed) and its share link points where it is hosted. Returns
    the game's number of actions."""
    loaded: set[str] = set()

    def load(request: Any) -> None:
        path = urlsplit(request.url).path
        loaded.add(path[len(SUB_PATH):] or "index.html" if path.startswith(SUB_PATH) else path)

    page.on("request", load)
    page.goto(srv.url)
    wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
    assert page.url.startswith(srv.url)
    assert snapshot_state(page) in ("none", "making"), "a first visit cannot have a snapshot"
    page.evaluate(WRITE, [FOLDER, "0123456789abcdef01234567.bin", [0] * 64, None])  # an older build's
    # files loaded after the first map (the Edit tab's, say) are awaited, not given a fixed time:
    # on a loaded machine they can come seconds later
    at_boot = set(precache["files"]) - set(precache["on_demand"]) - OPTIONAL_AT_BOOT
    deadline = time.monotonic() + 30
    while not at_boot <= loaded and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    page.remove_listener("request", load)
    loads_exactly_the_precache_list(loaded, precache)
    page.wait_for_selector("body[data-offline='1']", state="attached", timeout=60_000)
    assert page.locator("#offline-badge").inner_text() == "Ready offline"
    log = srv.take_log()
    outside = [p for p, _, _ in log if not p.startswith(SUB_PATH)]
    assert outside == [], f"requests outside {SUB_PATH}: {outside}"
    wasm = [entry for entry in log if entry[0].endswith("pyodide.asm.wasm")]
    assert [status for _, status, _ in wasm].count(200) == 1, \
        f"the wasm was downloaded more than once on the first visit: {wasm}"
    # play a landing to its end, its dice typed
    page.locator("#tab-play").tap()
    start_landing(page)
    finish_landing(page, "3 4", "2")
    assert page.locator("#prompt-result").inner_text().endswith(LANDED_1G9)
    # a share link points where the app is hosted
    page.locator("#tab-games").tap()
    page.locator("#share-make").tap()
    link = page.locator("#share-link").input_value()
    assert link.startswith(srv.url + "#a"), link
    return actions(page)


def made_then_restored_offline(page: Any, srv: BundleServer, name: str, played: int) -> None:
    """The snapshot is made under the sub-path after the offline copy (the older build's removed);
    online and then offline, the next boots restore it from the device's copy, with the game,
    nothing reaching the server but the worker's update check, and the app plays a landing on
    it."""
    wait_stored(page)
    assert page.evaluate(LIST, FOLDER) == [name], "the older build's snapshot was not removed"
    outside = [p for p, _, _ in srv.take_log() if not p.startswith(SUB_PATH)]
    assert outside == [], f"requests outside {SUB_PATH}: {outside}"
    # online, a warm start is the device's copy too: the server hears nothing but the browser's
    # own check of the worker script, and the snapshot is restored
    page.reload()
    wait_ready(page)
    assert offline_requests(srv, SUB_PATH) == [], "a warm start online waited for the server"
    assert snapshot_state(page) == "restored"
    # in Chromium by the worker's static routes, without starting it: the page (its folder's
    # address) and every file it loaded
    routed = page.evaluate("""[...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource')].map((e) => [e.name, e.workerMatchedSourceType])""")
    assert routed[0][0] == srv.url and len(routed) > 20, routed
    assert [url for url, source in routed if source != "cache"] == [], routed
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert offline_requests(srv, SUB_PATH) == [], "an offline reload reached the server"
    page.wait_for_function("n => Number(document.body.dataset.actions) === n", arg=played)
    assert snapshot_state(page) == "restored"
    status = page.evaluate(STATUS)
    assert status["bytes"] > 1_000_000 and not status["error"]
    page.touchscreen.tap(*hex_center(page, "1E4"))
    page.wait_for_selector("body[data-selected='1E4']", state="attached")
    assert "Woods" in page.locator("#info").inner_text()
    play_a_landing(page)
    assert offline_requests(srv, SUB_PATH) == [], "the game played offline reached the server"
    page.context.set_offline(False)


def kept_in_indexeddb(page: Any, name: str) -> None:
    """Where the page remembers the snapshot in IndexedDB (WebKit's case, e2e_engines/ plays it
    there), it is restored from there; a broken one there falls back to a normal boot (no error
    on the page), is deleted, and the page forgets it was there."""
    page.evaluate(TO_IDB, [FOLDER, name, False])
    page.reload()
    wait_ready(page)
    status = page.evaluate(STATUS)
    assert status["state"] == "restored" and status["store"] == "idb", status
    page.evaluate(TO_IDB, [FOLDER, name, True])
    page.reload()
    wait_ready(page)
    status = page.evaluate(STATUS)
    assert status["state"] in ("failed", "making") and status["error"] == "not a snapshot", status
    assert page.evaluate(IDB_KEYS) == [[], None], "the broken snapshot was kept, or is still looked for"
    page.touchscreen.tap(*hex_center(page, "1E4"))
    page.wait_for_selector("body[data-selected='1E4']", state="attached")


def broken_ones_fall_back_to_a_normal_boot(page: Any, name: str) -> None:
    """A stored snapshot that cannot be restored (not a snapshot; a heap Pyodide refuses) is
    deleted and the page boots normally, the app playing a landing."""
    page.evaluate(COPY, [FOLDER, name])  # a good snapshot, kept aside (outside the folder)
    # 1. not a snapshot at all (wrong magic number): refused before Pyodide sees it, and deleted
    page.evaluate(WRITE, [FOLDER, name, list(range(256)) * 64, None])
    page.reload()
    wait_ready(page)
    status = page.evaluate(STATUS)
    assert status["state"] in ("failed", "making") and status["error"] == "not a snapshot", status
    assert page.evaluate(LIST, FOLDER) == [], "the broken snapshot was kept"
    page.touchscreen.tap(*hex_center(page, "1E4"))
    page.wait_for_selector("body[data-selected='1E4']", state="attached")
    # 2. a well-formed snapshot whose heap Pyodide refuses (its build id changed): the restore
    # fails with the wasm already instantiated; the page boots normally all the same
    heap_start = page.evaluate(RESTORE_COPY, [FOLDER, name])
    page.evaluate(WRITE, [FOLDER, name, [], [[heap_start + 16, 0x5A], [heap_start + 17, 0xA5]]])
    page.reload()
    wait_ready(page)
    status = page.evaluate(STATUS)
    assert status["state"] in ("failed", "making") and "build id" in status["error"], status
    assert page.evaluate(LIST, FOLDER) == [], "the broken snapshot was kept"
    play_a_landing(page)
