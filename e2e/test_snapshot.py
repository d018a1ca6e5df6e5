"""Warm start from a Pyodide memory snapshot (web/snapshot.mjs, docs/web.md): made after a first
boot, restored on the next one with the app working on it; an old build's snapshot is never
used and is removed; a snapshot that cannot be restored falls back to a normal boot."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import hex_center, wait_ready

pytestmark = [pytest.mark.own_context, pytest.mark.usefixtures("no_page_errors")]

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


def test_the_snapshot_is_made_restored_and_a_broken_one_falls_back_to_a_normal_boot(
        page: Any, bundle: Path) -> None:
    """One first visit (it costs ~5 CPU-seconds; the suite is CPU-bound, docs/web.md): the
    snapshot is made, then restored with the app working on it; then broken in two ways, and
    each time the page boots normally all the same."""
    name = snapshot_file(bundle)
    made_then_restored(page, name)
    kept_in_indexeddb(page, name)
    broken_ones_fall_back_to_a_normal_boot(page, name)


def made_then_restored(page: Any, name: str) -> None:
    """Made after a first boot (an older build's snapshot removed), restored on the next boot,
    and the app plays a landing on it."""
    page.goto("/")
    wait_ready(page)
    assert snapshot_state(page) in ("none", "making"), "a first visit cannot have a snapshot"
    page.evaluate(WRITE, [FOLDER, "0123456789abcdef01234567.bin", [0] * 64, None])  # an older build's
    wait_stored(page)
    assert page.evaluate(LIST, FOLDER) == [name], "the older build's snapshot was not removed"

    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    status = page.evaluate(STATUS)
    assert status["bytes"] > 1_000_000 and not status["error"]
    page.touchscreen.tap(*hex_center(page, "1E4"))
    page.wait_for_selector("body[data-selected='1E4']", state="attached")
    assert "Woods" in page.locator("#info").inner_text()
    play_a_landing(page)


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
