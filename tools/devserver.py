"""A small static server for the built bundle (standard library only).

- explicit MIME types (Python's guesses depend on /etc/mime.types, absent on slim systems);
- precompressed: ``x.wasm.br`` / ``x.wasm.gz`` beside ``x.wasm`` is sent with
  ``Content-Encoding: br`` / ``gzip`` when the client accepts it (build.py writes them);
- ``ETag`` + ``Cache-Control: no-cache``: browsers revalidate (a 304 has no body), so an
  unchanged file is not downloaded again; once the app's service worker has stored its copy, the
  page comes from that copy and a new build is offered as "New version: reload" (web/sw.js);
- bound to 127.0.0.1 unless told otherwise (``--host``); a log of (path, status, body bytes) for
  the tests and the benchmark;
- optionally under a sub-path (``prefix="/games/airhead/"``), as a static host would serve a
  folder: everything outside it is 404.

Used by ``python build.py serve`` and by the e2e tests and the benchmark (on a free port).
"""

from __future__ import annotations

import email.utils
import hashlib
import http.server
import os
import posixpath
import threading
import urllib.parse
from pathlib import Path

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


class BundleHandler(http.server.BaseHTTPRequestHandler):
    server: "BundleServer"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if self.server.verbose:
            super().log_message(format, *args)

    def _resolve(self) -> Path | None:
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        prefix = self.server.prefix
        if not (path + "/").startswith(prefix):
            return None
        path = posixpath.normpath("/" + path[len(prefix):])
        parts = [p for p in path.split("/") if p and p not in (".", "..")]
        target = self.server.root.joinpath(*parts)
        if target.is_dir():
            target = target / "index.html"
        try:
            target.resolve().relative_to(self.server.root.resolve())
        except ValueError:
            return None
        return target if target.is_file() else None

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def do_GET(self) -> None:
        self._serve(head=False)

    def _serve(self, head: bool) -> None:
        target = self._resolve()
        if target is None or target.suffix in (".gz", ".br"):
            body = b"not found\n"
            self.send_response(404)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)
            self.server.record(self.path, 404, len(body))
            return
        ctype = MIME_TYPES.get(target.suffix, "application/octet-stream")
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        send, encoding = target, ""
        for enc, ext in (("br", ".br"), ("gzip", ".gz")):
            packed = target.with_name(target.name + ext)
            if enc in accepted and packed.is_file():
                send, encoding = packed, enc
                break
        st = send.stat()
        etag = '"' + hashlib.sha1(f"{send.name}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:20] + '"'
        common = [
            ("Content-Type", ctype),
            ("ETag", etag),
            ("Cache-Control", "no-cache"),
            ("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True)),
            ("Vary", "Accept-Encoding"),
        ]
        if target.name == "sw.js":
            common.append(("Service-Worker-Allowed", "/"))
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            for k, v in common:
                self.send_header(k, v)
            self.end_headers()
            self.server.record(self.path, 304, 0)
            return
        self.send_response(200)
        for k, v in common:
            self.send_header(k, v)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(st.st_size))
        self.end_headers()
        if head:
            return
        with open(send, "rb") as f:
            try:
                while chunk := f.read(256 * 1024):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
        self.server.record(self.path, 200, st.st_size)


class BundleServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root: Path, port: int = 8000, host: str = "127.0.0.1", verbose: bool = False,
                 prefix: str = "/"):
        self.root = Path(root)
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.verbose = verbose
        self.log: list[tuple[str, int, int]] = []
        self._lock = threading.Lock()
        super().__init__((host, port), BundleHandler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}{self.prefix}"

    def record(self, path: str, status: int, nbytes: int) -> None:
        with self._lock:
            self.log.append((path, status, nbytes))

    def take_log(self) -> list[tuple[str, int, int]]:
        with self._lock:
            out, self.log = self.log, []
        return out

    def start(self) -> "BundleServer":
        threading.Thread(target=self.serve_forever, name="bundle-server", daemon=True).start()
        return self


def serve(root: Path, port: int = 8000, host: str = "127.0.0.1") -> None:
    """Serve root until interrupted (the ``python build.py serve`` command)."""
    with BundleServer(root, port, host, verbose=True) as srv:
        print(f"serving {root} on {srv.url}  (Ctrl-C to stop)", flush=True)
        if host not in ("127.0.0.1", "localhost", "::1"):
            print("  note: other devices reach this over plain HTTP, where browsers allow no service "
                  "worker: the app runs but does not work offline there. For the tablets, host "
                  "`python build.py dist` on an HTTPS static host (README).", flush=True)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--host", default="127.0.0.1")
    a = ap.parse_args()
    serve(a.root, a.port, a.host)
