"""`python build.py shots`: the pictures of docs/screens/ (README, "What it looks like").

Builds the bundle, serves it on a free port and opens the app in Debian's Chromium (Playwright,
run with the project venv, as the e2e tests do), once at tablet size (1024×768) and once at phone
size (390×844): the default scenario, a glider landing planned on 1G9 and resolved with every die
typed in as a 3 (the same pictures on every run), then each tab in turn; last, two boards of
Airhead's own test board file imported and a map made on them (boards-*.png). Writes
docs/screens/<tab>-<tablet|phone>.png, reduced to a palette of colours (a few dozen KB each).

    python build.py shots                       # build, then write docs/screens/
    .venv/bin/python tools/screenshots.py --bundle DIR --out DIR   # an existing bundle
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUT = ROOT / "docs" / "screens"
SIZES = {"tablet": (1024, 768), "phone": (390, 844)}
TABS = ("play", "hex", "log", "edit", "games")
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--font-render-hinting=none"]
ILH = "1G9"  # the glider's Intended Landing Hex
DIE = "3"  # every die typed in: the same landing, so the same pictures, on every run
COLOURS = 96  # the palette of each picture
BOOT_MS = 120_000


def make_screenshots() -> int:
    """build.py's `shots`: the bundle built, Chromium present, then this file run in the venv."""
    from tools.bundle import prepare_web
    from tools.common import TOOLS, VENV_PY, LayerError, run, say
    from tools.env import ensure_chromium

    try:
        bundle = prepare_web()
        ensure_chromium()
    except LayerError as exc:
        say(f"!! {exc}")
        return 1
    rc, _ = run([VENV_PY, TOOLS / "screenshots.py", "--bundle", bundle, "--out", OUT])
    return rc


# ---- run in the venv (Playwright, Pillow) ----------------------------------------------------
def _wait_actions(page: Any, before: int) -> bool:
    try:
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before, timeout=10_000)
        return True
    except Exception:  # noqa: BLE001 - the typed dice were refused: the app's dice then
        return False


def _land(page: Any) -> None:
    """The default scenario's glider landing on ILH, resolved to the end."""
    page.locator("#tab-play").tap()
    page.locator("#f-ilh").fill(ILH)
    page.locator("#f-ilh").dispatch_event("change")
    page.locator("#plan-start").tap()
    page.wait_for_selector("#prompt:not([data-waiting=''])", state="attached")
    for _ in range(40):
        if page.locator("#prompt[data-waiting='']").count():
            return
        before = int(page.evaluate("Number(document.body.dataset.actions)"))
        if page.locator("#prompt-dice").count():
            dice = page.locator(".dice-spec").inner_text().count("+") + 1
            page.locator("#prompt-dice").fill(" ".join([DIE] * dice))
            page.locator("#prompt-enter").tap()
            if _wait_actions(page, before):
                continue
        roll = page.locator("#prompt-roll")
        (roll if roll.count() else page.locator("#prompt .choice").first).tap()
        _wait_actions(page, before)
    raise SystemExit("the landing did not end in 40 steps")


def _on_boards(page: Any) -> None:
    """Boards 2 and 4 imported (Airhead's own test board, tests/core/data/fixture_board.json, in
    VASL's format: never a VASL board) and a new map on them, the Boards list open."""
    import json
    import tempfile

    from tools.board_writer import write_board

    desc = json.loads((ROOT / "tests" / "core" / "data" / "fixture_board.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name in ("02", "04"):
            path = Path(tmp) / f"bd{name}"
            path.write_bytes(write_board(dict(desc, name=name)))
            files.append(str(path))
        page.locator("#tab-edit").tap()
        page.locator("#boards-box summary").tap()
        page.set_input_files("#boards-file", files)
        page.wait_for_selector("body[data-boards='2']", state="attached", timeout=BOOT_MS)
    page.locator(".newmap summary").tap()
    page.locator("#new-name").fill("On my boards 2 and 4")
    page.locator("#new-layout").fill("2 4")
    page.locator("#new-map").tap()
    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 2")
    page.locator("#boards-box summary").tap()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.evaluate("document.getElementById('boards-box').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def _small_png(png: bytes, path: Path) -> int:
    """``png`` reduced to a palette and written optimised; its size in bytes."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    img.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True)
    return path.stat().st_size


def capture(bundle: Path, out: Path) -> list[tuple[str, int]]:
    """Every tab at every size, written to ``out``; (file name, bytes) of each."""
    from playwright.sync_api import sync_playwright

    from tools.devserver import BundleServer

    out.mkdir(parents=True, exist_ok=True)
    written: list[tuple[str, int]] = []
    server = BundleServer(bundle, port=0).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for size, (width, height) in SIZES.items():
                ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, device_scale_factor=1,
                                          base_url=server.url)
                page = ctx.new_page()
                page.goto("/?nosw&nosnap")  # no offline copy or memory snapshot made meanwhile
                page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_MS)
                page.wait_for_selector("body[data-play='1']", state="attached", timeout=BOOT_MS)
                _land(page)
                for tab in TABS:
                    if tab == "hex":  # the landing hex's details
                        box = page.locator(f"#hex-{ILH}").bounding_box()
                        if box:
                            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                    page.locator(f"#tab-{tab}").tap()
                    page.wait_for_selector(f"#tab-{tab}[aria-selected='true']", state="attached")
                    page.evaluate("document.activeElement && document.activeElement.blur()")
                    if tab != "log":  # the panel from its top (the log keeps its last entry in view)
                        page.evaluate("t => { document.getElementById(t).scrollTop = 0; }",
                                      "info" if tab == "hex" else tab)
                    page.wait_for_timeout(200)  # the tab's own transitions
                    name = f"{tab}-{size}.png"
                    written.append((name, _small_png(page.screenshot(), out / name)))
                _on_boards(page)
                name = f"boards-{size}.png"
                written.append((name, _small_png(page.screenshot(), out / name)))
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bundle", default=str(ROOT / "build" / "bundle"), help="the built bundle to serve")
    parser.add_argument("--out", default=str(OUT), help="folder for the pictures")
    args = parser.parse_args(argv)
    for name, size in capture(Path(args.bundle), Path(args.out)):
        print(f"  {Path(args.out) / name}  {size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
