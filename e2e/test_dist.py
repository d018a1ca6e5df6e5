"""`build.py dist` on a static host under a sub-path (issue #14, "Getting it onto tablets"): the app
boots there, plays a landing, makes links that point there, and works offline after one visit."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from conftest import TABLET, actions, offline_requests, wait_ready

from tools.bundle import STDLIB_LATE
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


def test_the_bundle_ships_no_byte_the_page_never_reads(bundle: Path, precache: dict[str, Any]) -> None:
    """What tools/bundle.py trims from the first visit (docs/web.md, "What the first visit weighs"):
    no long description in a wheel, no command line, no source beside its bytecode, no standard
    library the page never imports (urllib.request, email, importlib.metadata...)."""
    wheels = sorted((bundle / "wheels").glob("*.whl"))
    assert [w.name.split("-")[0] for w in wheels] == ["airhead", "segno"]
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
            meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA")))
        assert b"\n\n" not in meta and b"Description" not in meta, f"{wheel.name}: a long description"
        assert not [n for n in names if n.endswith((".pyi", "/cli.py", "/board_cli.py", "/__main__.py"))], wheel.name
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
    compiled = {n[:-1] for n in names if n.endswith(".pyc")}
    assert {"airhead/svg.py", "airhead/game.py"} <= compiled, "the start-up modules are shipped as bytecode"
    assert not compiled & names, "a module shipped both as source and as bytecode"
    with zipfile.ZipFile(bundle / "wheels" / "app-pyc.zip") as z:
        views = set(z.namelist())
    assert {"details.pyc", "mapview.pyc", "play.pyc"} <= views
    assert [p.name for p in (bundle / "app").iterdir() if p.suffix == ".py"] == ["main.py"]
    assert sorted(f for f in precache["files"] if f.startswith("app/")) == ["app/first-map.svg", "app/main.py"]
    with zipfile.ZipFile(bundle / "pyodide" / "python_stdlib_app.zip") as z:
        std = z.namelist()
    sources = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in std
               if n.endswith(".py") and not n.startswith("encodings/")}
    assert sources and sources <= set(STDLIB_LATE), sorted(sources - set(STDLIB_LATE))
    assert not [n for n in std if n.startswith(("urllib/request", "email/", "http/", "importlib/metadata/"))
                and not n.endswith("/")]
