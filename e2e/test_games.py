"""Saved games, export/import, share links, QR codes and hostile input, on a touch tablet.

Every game here is made through the page (Play tab) and checked against the core on CPython
(the same codec the page runs). Hostile links and files must show a message and leave the
current game and every saved game untouched, with no uncaught error on the page.
"""

from __future__ import annotations

import base64
import io
import json
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from airhead.codec import FORMAT_VERSION, SaveData, decode_link, decode_save, encode_link
from airhead.scenario import Scenario
from airhead.systems import builtin, new_game
from conftest import actions, another_device, boot, fault, offline_requests, start_app, wait_ready
from playing import start_landing

XSS = "<img src=x onerror=window.__xss=1>"
READ_STORE = """() => new Promise((resolve, reject) => {
  const req = indexedDB.open("IDBMap/@pyscript/airhead-games");
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const db = req.result, out = {};
    const cursor = db.transaction("entries", "readonly").objectStore("entries").openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (c) { out[c.key] = c.value; c.continue(); } else { db.close(); resolve(out); }
    };
  };
})"""


class Errors:
    """Uncaught page errors and console errors of a page."""

    def __init__(self, page: Any) -> None:
        self.items: list[str] = []
        self.missing: list[str] = []  # addresses answered 4xx/5xx, named in a console error's report
        page.on("response", lambda r: r.status >= 400 and self.missing.append(f"{r.status} {r.url[:120]}"))
        page.on("pageerror", lambda e: self.items.append(f"pageerror: {e}"))
        page.on("console", self._console)

    def _console(self, m: Any) -> None:
        where = str(m.location.get("url", ""))
        if m.type != "error" or where.endswith("/favicon.ico"):
            # Chromium's own /favicon.ico probe (a page state before index.html's <link rel=icon>,
            # seen once in a few full runs on the shared page) is not the app's error
            return
        self.items.append(f"console: {m.text[:500]} (at {where[:120]})"
                          + (f" [{'; '.join(self.missing[-3:])}]" if self.missing else ""))


def open_app(page: Any, link: str = "") -> None:
    """The app started afresh; or loaded with ``link`` (``#a2...`` on this page's address, or a
    whole address)."""
    if not link:
        start_app(page)
    elif link.startswith("#"):
        boot(page, link)
    else:
        page.goto(link)
        wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)


def play_some(page: Any, rolls: str = "1 1") -> None:
    """Start a glider landing in 1G9 and type one roll: two actions, autosaved."""
    page.locator("#tab-play").tap()
    start_landing(page)
    page.locator("#prompt-dice").fill(rolls)
    page.locator("#prompt-enter").tap()
    page.wait_for_selector("#prompt[data-waiting='E8.23']", state="attached")
    page.wait_for_selector(f"body[data-saved='{actions(page)}']", state="attached")


def crash_dr(page: Any) -> None:
    """One more action on play_some's landing: its Crash dr (E8.23) typed (a 1: lands safely)."""
    page.locator("#prompt-dice").fill("1")
    page.locator("#prompt-enter").tap()


def log_text(page: Any) -> str:
    return str(page.evaluate("document.getElementById('log-list').textContent"))


def games_tab(page: Any) -> None:
    page.locator("#tab-games").tap()


def saved_names(page: Any) -> list[str]:
    return page.locator("#games-list .g-name").all_inner_texts()


def store(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(READ_STORE))


def test_saved_games_survive_reload_and_offline(page: Any, artifacts: Path) -> None:
    errors = Errors(page)
    open_app(page)
    page.wait_for_selector("body[data-offline='1']", state="attached", timeout=30_000)
    play_some(page)
    log = log_text(page)
    games_tab(page)
    assert page.locator("#games-status").inner_text() == "Saved"
    assert len(saved_names(page)) == 1
    # rename
    page.locator("#games-list .saved-game button[data-act='g-rename']").tap()
    page.locator(".rename-input").fill("Bridge too far")
    page.locator("button[data-act='g-rename-ok']").tap()
    page.wait_for_selector("#games-list .g-name:has-text('Bridge too far')")
    # a new game from the start screen: another scenario, saved at once
    page.locator("#games-new-army_group_landing").tap()
    page.wait_for_function("document.body.dataset.savedGames === '2'")
    assert page.locator("#scenario-name").inner_text() == builtin("army_group_landing").name
    assert actions(page) == 0
    page.screenshot(path=str(artifacts / "games-list.png"))
    # reopen the first
    writes = page.evaluate("document.body.dataset.writes")
    page.locator("#games-list .saved-game", has_text="Bridge too far").locator("button[data-act='g-open']").tap()
    page.wait_for_function("document.body.dataset.actions === '2'")
    page.wait_for_function("w => document.body.dataset.writes !== w", arg=writes)
    assert page.locator("#scenario-name").inner_text() == builtin("default").name
    assert log_text(page) == log
    # reload offline: the service worker serves the app, IndexedDB the games
    page.context.set_offline(True)
    page.reload()
    open_app_after_reload(page)
    assert actions(page) == 2 and log_text(page) == log
    games_tab(page)
    names = saved_names(page)
    assert len(names) == 2 and "Bridge too far" in names
    assert page.locator("#games-current-name").inner_text() == "Bridge too far"
    # delete the other one (two taps), offline
    other = page.locator("#games-list .saved-game").filter(has_not_text="Bridge too far")
    other.locator("button[data-act='g-delete']").tap()
    page.locator("button[data-act='g-delete-ok']").tap()
    page.wait_for_function("document.body.dataset.savedGames === '1'")
    page.reload()
    open_app_after_reload(page)
    games_tab(page)
    assert saved_names(page) == ["Bridge too far"]
    assert errors.items == []


def open_app_after_reload(page: Any) -> None:
    wait_ready(page)
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)


def _file(name: str, data: bytes) -> dict[str, Any]:
    return {"name": name, "mimeType": "application/json", "buffer": data}


def test_export_and_import(page: Any, tmp_path: Path) -> None:
    errors = Errors(page)
    open_app(page)
    play_some(page)
    log = log_text(page)
    games_tab(page)
    with page.expect_download() as dl:
        page.locator("#games-export").tap()
    saved = tmp_path / "export.json"
    dl.value.save_as(saved)
    assert dl.value.suggested_filename.endswith(".airhead.json")
    text = saved.read_text()
    game = decode_save(text).to_game()
    assert len(game.actions) == 2
    before = store(page)
    serial = page.evaluate("document.body.dataset.gameSerial")
    good = json.loads(text)
    bad_files = {
        "truncated.json": text[: len(text) // 2].encode(),
        "future.json": json.dumps({**good, "airhead": 99}).encode(),
        "tampered.json": json.dumps({**good, "actions": [{"type": "explode"}]}).encode(),
        "not-replaying.json": json.dumps({**good, "actions": good["actions"][1:]}).encode(),
        "binary.json": bytes(range(256)) * 4,
        "huge.json": b" " * 2_100_000,
        "deep.json": (b"[" * 5000) + (b"]" * 5000),
        "xss.json": XSS.encode(),
    }
    for name, data in bad_files.items():
        page.locator("#games-import").set_input_files(_file(name, data))
        page.wait_for_function("document.body.dataset.importResult === 'error'")
        assert name in page.locator("#notice").inner_text()
        assert page.evaluate("document.body.dataset.gameSerial") == serial
        page.evaluate("delete document.body.dataset.importResult")
    assert store(page) == before
    assert actions(page) == 2
    # the good file: a new saved game, the same state and log
    page.locator("#games-import").set_input_files(_file("my game.airhead.json", text.encode()))
    page.wait_for_function("document.body.dataset.importResult === 'ok'")
    page.wait_for_function("document.body.dataset.savedGames === '2'")
    assert page.locator("#games-current-name").inner_text() == "my game"
    assert actions(page) == 2 and log_text(page) == log
    assert errors.items == [] and page.evaluate("document.body.dataset.unexpected") is None


def test_share_link_opens_on_another_device(page: Any, base_url: str) -> None:
    errors = Errors(page)
    open_app(page)
    play_some(page)
    log = log_text(page)
    games_tab(page)
    page.locator("#share-make").tap()
    link = page.locator("#share-link").input_value()
    assert link.startswith(base_url) and f"#a{FORMAT_VERSION}." in link
    assert len(decode_link(link).actions) == 2
    # another device: none of this one's saved games or settings (the same page, its storage
    # emptied, then the link loaded: a new browser context would cost a cold boot, and its offline
    # copy and memory snapshot are not what this tests)
    another_device(page, "/#" + link.split("#", 1)[1])
    assert actions(page) == 2
    assert log_text(page) == log
    assert page.evaluate("document.body.dataset.linkResult") == "ok"
    games_tab(page)
    assert page.locator("#games-status").inner_text().startswith("Not saved")
    assert page.evaluate("document.body.dataset.savedGames") == "0"
    # Save: now a saved game, and the address no longer carries the link
    page.locator("#games-save").tap()
    page.wait_for_function("document.body.dataset.savedGames === '1'")
    assert page.evaluate("location.hash") == ""
    page.reload()
    open_app_after_reload(page)
    assert actions(page) == 2 and log_text(page) == log
    assert errors.items == []


def test_qr_code_decodes_to_the_link_offline(page: Any, server: Any, artifacts: Path) -> None:
    import zxingcpp
    from PIL import Image

    errors = Errors(page)
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url))
    boot(page)  # a real load: what the page asks for at boot
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
    page.wait_for_selector("body[data-offline='1']", state="attached", timeout=30_000)
    assert not any("segno" in u or "micropip" in u for u in loaded), "the QR library loaded at boot"
    play_some(page)
    # offline: the QR wheel comes from the service worker's cache (unpacked: no micropip)
    page.context.set_offline(True)
    page.reload()
    open_app_after_reload(page)
    server.take_log()
    games_tab(page)
    page.locator("#share-make").tap()
    link = page.locator("#share-link").input_value()
    page.locator("#share-qr-button").tap()
    page.wait_for_selector("body[data-qr='1']", state="attached", timeout=30_000)
    shot = page.locator("#share-qr svg").screenshot()
    (artifacts / "share-qr.png").write_bytes(shot)
    found = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)),
                                                    formats=zxingcpp.BarcodeFormat.QRCode)]
    assert found == [link]
    assert offline_requests(server) == [], "the QR code needed the network"
    assert any("segno" in u for u in loaded) and not any("micropip" in u for u in loaded)
    assert errors.items == []


def _pack(obj: Any) -> str:
    raw = json.dumps(obj).encode() if not isinstance(obj, bytes) else obj
    return "a1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def hostile_links(good: str, rng: random.Random) -> list[str]:
    """About fifty malformed, truncated, tampered, oversized and future-version fragments: every
    kind a few times through the page (the decoder itself meets 10,000 mutants in tests/core and
    the fuzz layer; here it is the page that must stay on the current game)."""
    body = good.split("#", 1)[1]
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(body[3:] + "=" * (-len(body[3:]) % 4))))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    out: list[str] = []
    for _ in range(5):  # truncated
        out.append(body[: rng.randrange(1, len(body))])
    for _ in range(5):  # one character changed (in or out of the alphabet)
        i = rng.randrange(3, len(body))
        c = rng.choice(alphabet + "!*'()~.%<>\"")
        out.append(body[:i] + c + body[i + 1:])
    for _ in range(3):  # bytes inserted or deleted
        i = rng.randrange(3, len(body))
        out.append(body[:i] + "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 6))) + body[i:])
        out.append(body[:i] + body[i + rng.randrange(1, 6):])
    for _ in range(3):  # random junk
        out.append("".join(rng.choice(alphabet + "./#?&=") for _ in range(rng.randrange(0, 200))))
    out += ["a3." + body[3:], "a0." + body[3:], "a999999." + body[3:], "b1." + body[3:], "a1.", "a1",
            "a1." + "A" * 200_001, "x", "%00", "a1.%3Cscript%3E"]
    tampered = [
        {**data, "airhead": 3},
        {**data, "airhead": "1"},
        {**data, "seed": "s" * 65},
        {**data, "scenario": {"builtin": "nope"}},
        {**data, "scenario": {"name": XSS}},
        {**data, "extra": 1},
        {**data, "actions": [{"type": "roll"}]},
        {**data, "actions": [{"type": "dice", "values": [7, 7]}]},
        {**data, "actions": data["actions"] * 3},
        {**data, "actions": [{"type": "note", "text": "x" * 501}]},
        {**data, "actions": [{"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": "ZZ99"}}]},
        {**data, "actions": "nope"},
        [data],
        "text",
        None,
    ]
    out += [_pack(t) for t in tampered]
    out.append(_pack(b"[" * 40 + b"]" * 40))
    out.append(_pack(b'{"airhead": 1, "seed": NaN}'))
    out.append(_pack(b" " * 3_000_000))  # a zip bomb: 3 MB of spaces in a few KB
    out.append(_pack(b"\xff\xfe not utf-8"))
    out.append(body + "AAAA")  # extra data after the stream
    return out


def test_hostile_links_change_nothing(page: Any) -> None:
    errors = Errors(page)
    open_app(page)
    play_some(page)
    games_tab(page)
    page.locator("#games-new-panzer_leader_drop").tap()
    page.wait_for_function("document.body.dataset.savedGames === '2'")
    page.locator("#tab-log").tap()
    before = store(page)
    assert len(before) == 3  # two games and "current"
    good = encode_link(new_game(builtin("default"), "seed", [{"type": "note", "text": "hello"}]), "http://x/")
    links = hostile_links(good, random.Random(6))
    assert len(links) >= 45
    failed = 0
    for i, frag in enumerate(links + ["#" + good.split("#", 1)[1], "junk"]):
        res = page.evaluate("""async (h) => {
            const ds = document.body.dataset, n = ds.links, serial = ds.gameSerial, was = location.hash;
            location.hash = h;
            if (location.hash === was || location.hash === "") return null;  // nothing to open
            for (let i = 0; i < 4000 && ds.links === n; i++) await new Promise(r => setTimeout(r, 5));
            return [ds.links !== n, ds.linkResult, serial, ds.gameSerial];
        }""", frag)
        if res is None:
            continue
        done, result, serial, serial_after = res
        assert done, f"link {i} was not handled: {frag[:80]}"
        if result == "error":
            failed += 1
            assert serial_after == serial, f"a bad link changed the current game: {frag[:80]}"
    assert failed >= len(links) - 5
    assert page.evaluate("document.body.dataset.linkResult") == "error"  # "junk", after a good one
    assert page.evaluate("document.body.dataset.unexpected") is None
    assert store(page) == before
    assert errors.items == []


def test_names_from_links_are_text(page: Any) -> None:
    errors = Errors(page)
    data = builtin("default").to_data()
    data["name"] = XSS
    game = new_game(Scenario.from_data(data), "seed", [{"type": "note", "text": XSS}])
    link = encode_link(SaveData.of(game), "")
    open_app(page, link)
    assert page.locator("#scenario-name").inner_text() == XSS
    assert page.title() == f"Airhead: {XSS}"
    games_tab(page)
    assert XSS in page.locator("#games-current-name").inner_text()
    page.locator("#games-save").tap()
    page.wait_for_function("document.body.dataset.savedGames === '1'")
    assert XSS in page.locator("#games-list").inner_text()
    page.locator("#tab-log").tap()
    assert XSS in page.locator("#log-list").inner_text()
    assert page.locator("img[src='x']").count() == 0
    assert page.evaluate("window.__xss") is None
    assert errors.items == []


FULL_DISK = """
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (window.__diskFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return put.apply(this, args);
};
"""


def test_full_storage_loses_nothing(page: Any) -> None:
    errors = Errors(page)
    open_app(page)
    fault(page, FULL_DISK)  # inert until window.__diskFull is set
    play_some(page)  # saved with 2 actions
    saved = store(page)
    page.evaluate("window.__diskFull = true")
    crash_dr(page)  # a third action: its autosave fails
    page.wait_for_selector("body[data-save-error='quota']", state="attached")
    assert actions(page) == 3  # the game is still open, in memory
    notice = page.locator("#notice").inner_text()
    assert "full" in notice and "Export" in notice
    assert store(page) == saved  # the saved copy is intact
    games_tab(page)
    assert "Not saved" in page.locator("#games-status").inner_text()
    # starting another game now would lose the unsaved one: the page asks, Cancel keeps it
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.locator("#games-new-army_group_landing").tap()
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('Kept the unsaved game')")
    assert asked and "not saved" in asked[0]
    assert actions(page) == 3 and "Army Group" not in page.locator("#scenario-name").inner_text()
    page.evaluate("window.__diskFull = false")
    page.locator("#games-save").tap()
    page.wait_for_selector("body[data-saved='3']", state="attached")
    entry = next(v for k, v in store(page).items() if k.startswith("game:"))
    assert '"actions":3' in entry.replace(" ", "")
    assert errors.items == []


def test_games_tab_fits_a_portrait_tablet(page: Any) -> None:
    start_app(page, viewport={"width": 768, "height": 1024})
    page.wait_for_selector("body[data-games='1']", state="attached", timeout=30_000)
    games_tab(page)
    for sel in ("#games-save", "#games-export", "#share-make", "#games-new-default"):
        box = page.locator(sel).bounding_box()
        assert box and box["height"] >= 44, f"{sel} is too small to tap"
