"""One tablet's session in Firefox ESR and in WebKitGTK, step by step (conftest.py).

Each defect these engines showed has its check: Firefox's navigation preload answering a network
error (the service worker must fall back to its cache: ``test_a_preload_network_error_*`` and the
offline reload), the memory snapshot restored on the warm and the offline start in every engine
(in WebKit kept in IndexedDB: found out once, remembered, no file left, no second Pyodide on later
starts), WebKit's preloads fetched twice, WebKit's map blurred once the Play tab
opened, and a new device's first game seeded with the fixed "airhead".
"""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from typing import Any

from conftest import BUNDLE, Tablet, sharpness

from tools.devserver import BundleServer

from airhead.codec import LINK_PREFIX, decode_link

OPFS_FILES = """navigator.storage && navigator.storage.getDirectory ? (async () => {
  const out = [];
  const walk = async (dir, at) => { for await (const [name, h] of dir.entries()) {
    out.push(at + name); if (h.kind === 'directory') await walk(h, at + name + '/'); } };
  try { await walk(await navigator.storage.getDirectory(), ''); } catch (e) { return 'unreadable: ' + e.name; }
  return out; })() : []"""


def snapshot_made(tablet: Tablet) -> str:
    """Waits until the first visit has made its memory snapshot, or found it cannot (``error``,
    ``unsupported``); returns the page's snapshot status. Not ``off``: on a loaded machine the new
    service worker may claim the page late, and the page then makes it when it does (boot.js)."""
    try:
        tablet.b.wait("['stored', 'error', 'unsupported'].includes(document.body.dataset.snapshot)", 240,
                      "the memory snapshot made or given up")
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {tablet.b.js('JSON.stringify(window.airheadSnapshot)')}") from None
    return str(tablet.b.js("JSON.stringify(window.airheadSnapshot)"))


class Session:
    engine = ""

    def test_first_visit_boots_and_fetches_each_file_once(self, tablet: Tablet) -> None:
        tablet.b.goto(tablet.url)
        tablet.ready()
        tablet.started("cold")
        assert tablet.b.js("document.body.dataset.snapshot") in ("none", "making")
        # each of the app's files once: WebKit never hands a <link rel=preload as=fetch> to fetch()
        loaded = tablet.b.js("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
        twice = {p: n for p, n in Counter(loaded).items() if n > 1 and p.startswith(("/app/", "/wheels/"))}
        assert not twice, f"{tablet.b.name} downloaded these more than once: {twice}"

    def test_a_touch_tap_selects_a_hex(self, tablet: Tablet) -> None:
        tablet.tap("#hex-1C9")
        tablet.b.wait("document.getElementById('info-name')?.dataset.hex === '1C9'", 30, "1C9 selected")

    def test_the_map_stays_crisp_after_the_play_tab_opens(self, tablet: Tablet) -> None:
        box = tablet.b.js("(() => { const m = document.getElementById('map').getBoundingClientRect();"
                          " const s = document.getElementById('side').getBoundingClientRect();"
                          " return [m.x + 60, m.y + 60, Math.min(m.right, s.x) - 20, m.bottom - 20].map(Math.round); })()")
        before = sharpness(tablet.shot("map-hex-tab"), tuple(box))
        tablet.tap("#tab-play")
        tablet.b.wait("!document.getElementById('play').hidden", 30, "the Play panel is shown")
        tablet.b.wait("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        after = sharpness(tablet.shot("map-play-tab"), tuple(box))
        assert after > 0.85 * before, f"{tablet.b.name}: the map blurred when the Play tab opened " \
                                      f"(edge strength {before:.1f} -> {after:.1f}; e2e/artifacts/engines/)"

    def test_an_e8_glider_landing_through_the_play_tab(self, tablet: Tablet) -> None:
        b = tablet.b
        assert b.js("document.getElementById('proc-asl-glider-landing').getAttribute('aria-pressed')") == "true"
        b.js("(() => { const f = document.getElementById('f-name'); f.value = 'Glider 1';"
             " f.dispatchEvent(new Event('change', {bubbles: true})); })()")
        tablet.click("#pick-f-ilh")
        b.wait("document.getElementById('pick-f-ilh').classList.contains('on')", 30, "picking the ILH")
        tablet.tap("#hex-1C9")  # Pick, then a touch tap on the map
        b.wait("document.getElementById('f-ilh').value === '1C9'", 30, "the ILH picked on the map")
        tablet.shot("plan")
        tablet.click("#plan-start")
        try:
            b.wait("!!document.querySelector('#prompt-roll, #prompt button[data-choice], #prompt-result')"
                   " || document.getElementById('prompt-error').textContent", 30, "the landing started")
        except AssertionError:
            raise AssertionError(b.js("document.getElementById('play').innerHTML.slice(0, 3000)")) from None
        assert not b.js("document.getElementById('prompt-error').textContent")
        # the dice typed as rolled at the table (the same steps every run, #43): a Landing DR of 7,
        # a Crash dr of 2 (lands safely), then no Final Fire
        for rule, faces in (("E8.22", "3 4"), ("E8.23", "2")):
            b.wait(f"document.getElementById('prompt').dataset.waiting === '{rule}'", 30, f"the prompt asks {rule}")
            before = tablet.actions()
            b.js(f"(() => {{ document.getElementById('prompt-dice').value = '{faces}'; return true; }})()")
            tablet.click("#prompt-enter")
            b.wait(f"Number(document.body.dataset.actions) > {before}", 30, f"the {rule} roll typed")
        b.wait("document.getElementById('prompt').dataset.waiting === 'E8.3'", 30, "the prompt asks E8.3")
        tablet.click("#prompt button[data-choice='no Final Fire']")
        b.wait("!!document.getElementById('prompt-result')", 30, "the landing's result")
        result = str(b.js("document.getElementById('prompt-result').textContent"))
        assert result.endswith("Glider 1 landed safely in 1C9."), result
        assert b.js("document.querySelectorAll(\".overlay .counter.unit.kind-glider[data-hex='1C9']\").length") == 1
        b.wait("document.body.dataset.saveState === 'saved'", 30, "the game saved")
        tablet.facts["actions"] = tablet.actions()
        tablet.facts["log"] = tablet.log_text()

    def test_a_new_devices_first_game_has_dice_of_its_own(self, tablet: Tablet) -> None:
        tablet.tap("#tab-games")
        tablet.click("#share-make")
        link = str(tablet.b.wait("document.getElementById('share-link')?.value", 30, "the share link"))
        assert link.startswith(tablet.url) and "#" + LINK_PREFIX in link
        seed = decode_link(link).seed
        assert seed != "airhead" and re.fullmatch(r"[0-9a-f]{16}", seed), seed
        tablet.facts["link"] = link

    def test_a_saved_game_survives_a_warm_reload(self, tablet: Tablet) -> None:
        b = tablet.b
        tablet.facts["snapshot"] = snapshot_made(tablet)
        tablet.server.take_log()
        b.reload()
        tablet.ready()
        state = tablet.started("warm")
        assert tablet.actions() == tablet.fact("actions") and tablet.log_text() == tablet.fact("log")
        self.check_snapshot(tablet, state)

    def check_snapshot(self, tablet: Tablet, state: str) -> None:
        """Made on the first visit, kept where this engine can (``store``), and this start (as it
        came up: ``state``) restored it: Python's start-up and the app's imports skipped."""
        made = json.loads(tablet.fact("snapshot"))
        assert made["state"] == "stored", f"{tablet.b.name}: the memory snapshot was not made: {made}"
        now = tablet.b.js("JSON.stringify(window.airheadSnapshot)")
        assert state == "restored" and tablet.b.js("document.body.dataset.snapshot") == "restored", \
            f"{tablet.b.name}: this start did not restore the memory snapshot: {now}"
        assert json.loads(now)["store"] == self.store, now

    def go_offline(self, tablet: Tablet) -> None:
        tablet.server.shutdown()
        tablet.server.server_close()  # the network is gone: nothing answers on the server's port

    def back_online(self, tablet: Tablet) -> None:
        port = tablet.server.server_address[1]
        tablet.server = BundleServer(BUNDLE, port=port).start()

    def test_an_offline_reload_starts_the_saved_game(self, tablet: Tablet) -> None:
        b = tablet.b
        b.wait("document.body.dataset.offline === '1'", 60, "the offline copy complete")
        assert b.js("!!navigator.serviceWorker.controller")
        self.go_offline(tablet)
        try:
            b.reload()
            tablet.ready()
            state = tablet.started("offline")
            assert tablet.actions() == tablet.fact("actions") and tablet.log_text() == tablet.fact("log")
            # offline too, the start restores the snapshot (the device's storage needs no network)
            assert state == "restored", b.js("JSON.stringify(window.airheadSnapshot)")
            tablet.tap("#hex-1D8")
            b.wait("document.getElementById('info-name')?.dataset.hex === '1D8'", 30, "1D8 selected offline")
        finally:
            self.back_online(tablet)

    def test_a_share_link_opens_the_same_game(self, tablet: Tablet) -> None:
        """The link entered in the tab where the app runs (the page after the offline start): the
        page opens it itself (``hashchange``), with no fourth start of Python in this engine. A
        link opening a new start is e2e's (Chromium, test_games.py); docs/web.md, "Other engines"."""
        b = tablet.b
        b.js("(() => { window.airheadSamePage = true; return true; })()")
        assert not b.js("document.body.dataset.linkResult"), "a link was opened before this step"
        b.goto(tablet.fact("link"))  # the same address but its fragment: the page stays
        b.wait("document.body.dataset.linkResult", 30, "the link opened")
        assert b.js("document.body.dataset.linkResult") == "ok"
        assert b.js("window.airheadSamePage === true"), f"{b.name}: the link started the app again"
        assert tablet.actions() == tablet.fact("actions") and tablet.log_text() == tablet.fact("log")


class TestFirefox(Session):
    engine = "firefox"
    store = "opfs"

    def back_online(self, tablet: Tablet) -> None:
        tablet.b.set_offline(False)  # type: ignore[attr-defined]
        super().back_online(tablet)

    def go_offline(self, tablet: Tablet) -> None:
        # the device has no network: Firefox then answers the navigation preload with a
        # network-error response instead of rejecting it
        tablet.b.set_offline(True)  # type: ignore[attr-defined]
        super().go_offline(tablet)


class TestWebKit(Session):
    engine = "webkit"
    # the private file system cannot store a file here (as on some iPads): IndexedDB keeps it
    store = "idb"

    def check_snapshot(self, tablet: Tablet, state: str) -> None:
        super().check_snapshot(tablet, state)
        b = tablet.b
        # remembered: this start does not make another, and the probe left no file behind
        b.wait("document.body.dataset.offline", 30, "the offline copy checked")
        asked = [path for path, _, _ in tablet.server.take_log() if "snapshot-worker" in path]
        assert not asked, "the snapshot worker was started again"
        assert b.js(OPFS_FILES) in ([], "unreadable: UnknownError"), b.js(OPFS_FILES)


class TestChromium:
    """Chromium's cold, warm and offline starts, by the same steps, for the layer's table beside the
    other engines' (the e2e layer tests everything else in Chromium)."""

    engine = "chromium"

    def test_a_cold_then_a_warm_and_an_offline_start(self, tablet: Tablet) -> None:
        b = tablet.b
        b.goto(tablet.url)
        tablet.ready()
        tablet.started("cold")
        made = snapshot_made(tablet)
        assert json.loads(made)["state"] == "stored", made
        b.reload()
        tablet.ready()
        assert tablet.started("warm") == "restored", b.js("JSON.stringify(window.airheadSnapshot)")
        b.wait("document.body.dataset.offline === '1'", 60, "the offline copy complete")
        b.set_offline(True)  # type: ignore[attr-defined]
        try:
            b.reload()
            tablet.ready()
            assert tablet.started("offline") == "restored", b.js("JSON.stringify(window.airheadSnapshot)")
        finally:
            b.set_offline(False)  # type: ignore[attr-defined]


def test_a_preload_network_error_falls_back_to_the_offline_copy() -> None:
    """sw.js's navigation handler, in Node: Firefox resolves ``preloadResponse`` with a network
    error (``Response.error()``, status 0) when the device is offline, where other engines reject
    it; the worker must then answer from its cache, not with the error."""
    script = r"""
const fs = require("fs");
const src = fs.readFileSync(process.argv[1], "utf8");
const handlers = {};
const scope = "http://app.test/";
const self = { registration: { scope }, addEventListener: (t, f) => { handlers[t] = f; }, navigator: { onLine: true } };
const caches = { open: async () => ({ match: async (k) => (k === scope + "index.html" ? new Response("the offline copy") : undefined) }) };
const fetch = async () => { throw new TypeError("NetworkError"); };
new Function("self", "caches", "fetch", src)(self, caches, fetch);
let answer;
handlers.fetch({ request: { method: "GET", mode: "navigate", url: scope }, preloadResponse: Promise.resolve(Response.error()),
  respondWith: (p) => { answer = p; } });
answer.then(async (r) => { console.log(JSON.stringify({ status: r.status, type: r.type, body: await r.text() })); },
  (e) => console.log(JSON.stringify({ rejected: String(e) })));
"""
    out = subprocess.run(["node", "-e", script, str(BUNDLE / "sw.js")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    answer: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    assert answer == {"status": 200, "type": "default", "body": "the offline copy"}, answer
