#!/usr/bin/env python3
"""Serves the repository on 127.0.0.1 (port from argv[1], default 8000) with the
Content-Security-Policy headers of scripts/csp.json: the page policy on every file, the strict
policy on the user-code host (www/user-host.js). The e2e server (e2e/browser.mjs) sends the same."""
import http.server
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "scripts", "csp.json"), encoding="utf-8") as f:
    CSP = json.load(f)
USER_HOST = os.path.realpath(os.path.join(ROOT, CSP["userHostPath"].lstrip("/")))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript; charset=utf-8",
        ".md": "text/plain; charset=utf-8",
        ".map": "text/plain; charset=utf-8",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=ROOT, **kwargs)

    def end_headers(self):
        path = os.path.realpath(self.translate_path(self.path))
        self.send_header("Content-Security-Policy", CSP["userHost"] if path == USER_HOST else CSP["page"])
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
