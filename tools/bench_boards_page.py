"""`python build.py bench`, issue #26 in the page: four VASL boards (Airhead's own writer, terrain
in every hex, each with its 1800 x 645 picture) imported through the file picker, a game on them
made, then the page reloaded: how long the last game takes to open (its boards read from the
device's storage, derived, the save decoded and replayed, the map drawn with the boards' art:
``<body data-open-ms>``), and the JS heap with the four pictures drawn (Runtime.getHeapUsage
after a forced GC). Prints one JSON line; nothing is asserted.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "core")]

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.bench import ARGS, CHROMIUM  # noqa: E402
from tools.bench_boards import busy_board  # noqa: E402
from tools.devserver import BundleServer  # noqa: E402

#: Issue #26's targets in the page.
OPEN_MS, HEAP_MB = 1500, 60


def main() -> None:
    from tools.board_writer import write_board

    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name in ("02", "03", "04", "05"):
            path = Path(tmp) / f"bd{name}"
            path.write_bytes(write_board(dict(busy_board(), name=name)))
            files.append(str(path))
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
            finally:
                ctx.close()
            server.shutdown()
    print(json.dumps({"import_ms": round(import_ms), "open_ms": sorted(opens)[len(opens) // 2], "heap_mb": round(heap, 1),
                      "targets": {"open_ms": OPEN_MS, "heap_mb": HEAP_MB}}))


if __name__ == "__main__":
    main()
