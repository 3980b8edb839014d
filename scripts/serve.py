#!/usr/bin/env python3
"""Serves the repository on 127.0.0.1 (port from argv[1], default 8000; 0 picks a free one and
prints it) with the Content-Security-Policy headers of scripts/csp.json: the page policy on every
file, the strict policy on the user-code host (www/user-host.js). The e2e server
(e2e/browser.mjs) sends the same policies.

Transfer: text and wasm go gzip-compressed to browsers that accept it (compressed once per file
version, kept in memory). Caching, safe across rebuilds: the engine modules in pkg/ carry a hash
of their content in their names, so they are cached for a year as immutable; every other file is
revalidated on each use (ETag from its size and modification time, answered 304 when unchanged)."""
import email.utils
import gzip
import http.server
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "scripts", "csp.json"), encoding="utf-8") as f:
    CSP = json.load(f)
USER_HOST = os.path.realpath(os.path.join(ROOT, CSP["userHostPath"].lstrip("/")))
HASHED = re.compile(r"/pkg/[a-z-]+-[0-9a-f]{16}\.(js|wasm)$")
COMPRESSIBLE = {".html", ".js", ".css", ".json", ".wasm", ".md", ".map", ".txt", ".svg"}
# Small files gain little from compression.
MIN_COMPRESSED = 512


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript; charset=utf-8",
        ".md": "text/plain; charset=utf-8",
        ".map": "text/plain; charset=utf-8",
    }
    compressed = {}  # path → (etag, gzip bytes)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=ROOT, **kwargs)

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # redirects, listings and 404s as the standard server does
        stat = os.stat(path)
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_common(etag)
            self.end_headers()
            return None
        with open(path, "rb") as f:
            body = f.read()
        gzipped = self.gzipped(path, etag, body)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_common(etag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        if gzipped is not None:
            body = gzipped
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.body = body
        return None

    def send_common(self, etag):
        self.send_header("ETag", etag)
        immutable = HASHED.search(self.path.split("?", 1)[0])
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        self.send_header("Vary", "Accept-Encoding")

    def gzipped(self, path, etag, body):
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or os.path.splitext(path)[1] not in COMPRESSIBLE or len(body) < MIN_COMPRESSED:
            return None
        kept = self.compressed.get(path)
        if kept is None or kept[0] != etag:
            kept = (etag, gzip.compress(body, compresslevel=9, mtime=0))
            self.compressed[path] = kept
        return kept[1]

    def do_GET(self):
        self.body = None
        head = self.send_head()
        if head is not None:
            try:
                self.copyfile(head, self.wfile)
            finally:
                head.close()
        elif self.body is not None:
            self.wfile.write(self.body)

    def do_HEAD(self):
        self.body = None
        head = self.send_head()
        if head is not None:
            head.close()

    def end_headers(self):
        path = os.path.realpath(self.translate_path(self.path))
        self.send_header("Content-Security-Policy", CSP["userHost"] if path == USER_HOST else CSP["page"])
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler) as server:
        if port == 0:
            print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
