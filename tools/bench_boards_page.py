"""`python build.py bench`, issue #26 in the page: four VASL boards (Airhead's own writer, terrain
in every hex, each with its 1800 x 645 picture) imported through the file picker, a game on them
made, then the page reloaded: how long the last game takes to open (its boards read from the
device's storage, derived, the save decoded and replayed, the map drawn with the boards' art:
``<body data-open-ms>``), and the JS heap with the four pictures drawn (Runtime.getHeapUsage
after a forced GC). Then issue #39's game: four more boards, of mixed sizes (board 6 above the
halves 4a and 4b above board 7), with a shared SSR option (NoHedges) and a board's own (board 6's
Remove the Pond, its overlay picture drawn over the board's), reopened the same way. Prints one
JSON line; nothing is asserted.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "core")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tools.bench import ARGS, CHROMIUM  # noqa: E402
from tools.bench_boards import busy_board  # noqa: E402
from tools.devserver import BundleServer  # noqa: E402

#: Issue #26's targets in the page, and issue #39's for a game on four imported boards (mixed
#: sizes, SSR options) reopening.
OPEN_MS, HEAP_MB = 1500, 60
MIXED_OPEN_MS = 1000


def half_board(name: str) -> dict[str, object]:
    """A description with terrain in every hex of a half board (17 × 20, as VASL's 4a and 4b)."""
    from airhead.vasl.geometry import column_letters

    hexes: dict[str, object] = {}
    first = 16 if name.endswith("b") else 0  # a "b" half names its hexes from Q
    for col in range(17):
        for row in range(20 + col % 2):
            hexes[f"{column_letters(first + col)}{row + (1 if col % 2 == 0 else 0)}"] = {
                "code": (60, 25, 24)[(col + row) % 3], "cover": 0.8}
    return {"name": name, "version": "1", "width": 17, "height": 20, "hexWidth": 56.3125, "hexHeight": 64.5,
            "hexes": hexes, **({"A1CenterX": -901.0} if name.endswith("b") else {})}


def _reopen(page: Page, images: int) -> float:
    """The median of three reloads' ``data-open-ms`` once the map shows ``images`` pictures."""
    opens = []
    for _ in range(3):
        page.reload()
        page.wait_for_selector("body[data-games='1']", state="attached", timeout=120_000)
        page.wait_for_function(f"document.querySelectorAll('#map image.board-art').length === {images}", timeout=60_000)
        opens.append(float(page.evaluate("Number(document.body.dataset.openMs)")))
    return sorted(opens)[len(opens) // 2]


def main() -> None:
    from tools.board_writer import write_board

    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name in ("02", "03", "04", "05"):
            path = Path(tmp) / f"bd{name}"
            path.write_bytes(write_board(dict(busy_board(), name=name)))
            files.append(str(path))
        mixed = []
        pond = {"ssrControls": [{"rule": "BSO_06_PondToOG", "name": "Remove the Pond"}],
                "overlays": {"BSO_06_PondToOG": [{"image": "BSO_06_PondToOG.png", "x": 470, "y": 357,
                                                  "width": 69, "height": 125}]}}
        for name, desc in (("06", dict(busy_board(), name="06", **pond)), ("4a", half_board("4a")),
                           ("4b", half_board("4b")), ("07", dict(busy_board(), name="07"))):
            path = Path(tmp) / f"bd{name}"
            path.write_bytes(write_board(desc))
            mixed.append(str(path))
        with BundleServer(ROOT / "build" / "bundle", port=0) as server, sync_playwright() as pw:
            server.start()
            ctx = pw.chromium.launch_persistent_context(str(Path(tmp) / "profile"), executable_path=CHROMIUM, args=ARGS,
                                                        headless=True, viewport={"width": 1024, "height": 768},
                                                        has_touch=True)
            try:
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                page.goto(server.url + "index.html")
                page.wait_for_selector("body[data-games='1']", state="attached", timeout=120_000)
                page.locator("#tab-edit").click()
                page.locator("#boards-box summary").click()
                t0 = page.evaluate("performance.now()")
                page.set_input_files("#boards-file", files)
                page.wait_for_selector("body[data-boards='4']", state="attached", timeout=120_000)
                import_ms = (page.evaluate("performance.now()") - t0) / len(files)
                page.locator(".newmap summary").click()
                page.fill("#new-layout", "2 3\n4 5")
                page.locator("#new-map").click()
                page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 4", timeout=60_000)
                page.wait_for_function("document.body.dataset.saveState === 'saved'", timeout=60_000)
                opens = []
                for _ in range(3):
                    page.reload()
                    page.wait_for_selector("body[data-games='1']", state="attached", timeout=120_000)
                    page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 4", timeout=60_000)
                    opens.append(float(page.evaluate("Number(document.body.dataset.openMs)")))
                page.wait_for_timeout(500)  # the pictures decoded
                cdp = ctx.new_cdp_session(page)
                cdp.send("HeapProfiler.enable")
                cdp.send("HeapProfiler.collectGarbage")
                heap = cdp.send("Runtime.getHeapUsage")["usedSize"] / 1e6
                # issue #39: a mixed-size map of four more boards with SSR options, reopened
                page.locator("#tab-edit").click()
                page.locator("#boards-box summary").click()
                page.set_input_files("#boards-file", mixed)
                page.wait_for_selector("body[data-boards='8']", state="attached", timeout=120_000)
                page.locator(".newmap summary").click()
                page.fill("#new-layout", "6;4a 4b;7")
                page.fill("#new-ssr", "NoHedges, BSO_06_PondToOG")
                page.locator("#new-map").click()
                page.wait_for_function("document.querySelectorAll('#map image.board-art').length === 5", timeout=60_000)
                page.wait_for_function("document.body.dataset.saveState === 'saved'", timeout=60_000)
                mixed_open = _reopen(page, 5)
            finally:
                ctx.close()
            server.shutdown()
    print(json.dumps({"import_ms": round(import_ms), "open_ms": sorted(opens)[len(opens) // 2], "heap_mb": round(heap, 1),
                      "mixed_open_ms": mixed_open,
                      "targets": {"open_ms": OPEN_MS, "heap_mb": HEAP_MB, "mixed_open_ms": MIXED_OPEN_MS}}))


if __name__ == "__main__":
    main()
