#!/usr/bin/env python3
"""The static server of ./play: serves the page of a checkout on 127.0.0.1.

    serve.py [PORT] [--host NAME[:PORT]]... [--root DIR]

PORT defaults to 8000; 0 picks a free port and prints the page's URL on the first line of
standard output. --root serves another tree shaped like the checkout (the e2e tests use it).

A local server is reachable from every web page the user visits (DNS rebinding), so it keeps
these rules:
- Names. It answers only requests whose Host (or absolute request target) is 127.0.0.1:PORT,
  localhost:PORT, [::1]:PORT or a name given with --host (NAME means NAME:PORT; NAME:P is taken
  as it is, e.g. for a forwarded port): any other name gets 421 Misdirected Request, a missing or
  repeated Host header 400.
- Files. Only what the page uses: index.html (also at /), docs/JAVASCRIPT-API.md,
  docs/PROGRAMS.md (their rendered pages are in pkg/), the files under www/, pkg/ and maps/, and
  the .wasm builds under examples/. No listings, no hidden files (a name starting with "."), nothing
  but regular files, and no symbolic link leading out of its folder (checked on the real path):
  404 for everything else.
- Odd requests get a short plain-text 4xx and the server goes on serving: a request line over
  8 KiB 414, a header line over 64 KiB or more than 100 headers 431 (the standard library's
  limits), a path that is not plain ASCII, has a bad %-escape, a backslash, a control character,
  "." or ".." segments, or is not UTF-8 once decoded 400, a method other than GET and HEAD 405.
- Memory. Files go out in 64 KiB chunks. Text and wasm between 512 bytes and 4 MiB go gzipped to
  clients that accept gzip (q-values read; "*" counts): compressed once per file version (one
  compression at a time per file; the others wait for it) and kept in memory, at most 16 MiB in
  all (least recently used first out). Larger files are never compressed. At most 64
  connections at a time, each idle for at most 20 s.
- Headers. The Content-Security-Policy of scripts/csp.json on every answer (the strict userHost
  policy on www/user-host.js, the userFrame policy on the user-code frame www/user-frame.html),
  nosniff. The engine modules and the editor's CodeMirror bundle in pkg/ carry a hash of their
  content in their names: cached for a year as immutable; every other file is revalidated on each use
  (ETag from size and modification time, Last-Modified; If-None-Match with weak comparison, lists
  and "*", else If-Modified-Since, give 304). Vary: Accept-Encoding.

Why the standard library's http.server: ./play must run on a fresh Debian machine with nothing
but python3 (externally managed, so no pip), and uses only its request parsing
(BaseHTTPRequestHandler); files, paths, errors and compression are this handler's own."""
import argparse
import email.utils
import http.server
import json
import os
import re
import socket
import stat
import sys
import threading
import urllib.parse
import zlib
from collections import OrderedDict

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "csp.json"), encoding="utf-8") as f:
    CSP = json.load(f)
# The files with a policy of their own: the user-code host and the sandboxed frame it runs in.
OWN_POLICY = {CSP["userHostPath"].lstrip("/"): CSP["userHost"], CSP["userFramePath"].lstrip("/"): CSP["userFrame"]}
FOLDERS = {"www", "pkg", "maps"}
FILES = {"index.html", "docs/JAVASCRIPT-API.md", "docs/PROGRAMS.md"}
# The example programs' builds (not their sources): the labs' "Example programs".
WASM_FOLDERS = {"examples"}
HASHED = re.compile(r"pkg/[a-z-]+-[0-9a-f]{16}\.(js|wasm)")
TEXT = "text/plain; charset=utf-8"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json", ".wasm": "application/wasm",
         ".md": TEXT, ".map": TEXT, ".txt": TEXT, ".tsv": TEXT, ".svg": "image/svg+xml",
         ".png": "image/png", ".ico": "image/x-icon"}
COMPRESSIBLE = {".html", ".js", ".css", ".json", ".wasm", ".md", ".map", ".txt", ".tsv", ".svg"}
MIN_COMPRESSED = 512  # smaller files gain little
MAX_COMPRESSED = 4 << 20  # the page's largest files (engine modules, 1000×1000 maps) are ~1 MB
CACHE_BYTES = 16 << 20
CHUNK = 64 << 10
MAX_LINE = 8 << 10
CONNECTIONS = 64
ABSOLUTE = re.compile(r"https?://([^/?#]*)(/[^#]*)?", re.I)
NAME = re.compile(r"([a-z0-9.-]+|\[[0-9a-f:.]+\])(:[0-9]{1,5})?", re.I)
CONTROL = {c: f"\\x{c:02x}" for c in [*range(32), *range(127, 160)]}


class GzipCache:
    """Gzipped files by path, for one version (ETag) each, at most CACHE_BYTES in all."""

    def __init__(self):
        self.entries = OrderedDict()  # path → (etag, gzip bytes), least recently used first
        self.size = 0
        self.lock = threading.Lock()
        self.file_locks = {}

    def get(self, path, etag, file):
        with self.lock:
            file_lock = self.file_locks.setdefault(path, threading.Lock())
        with file_lock:  # parallel requests for one file wait for its one compression
            with self.lock:
                kept = self.entries.get(path)
                if kept and kept[0] == etag:
                    self.entries.move_to_end(path)
                    return kept[1]
            z = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip framing, no timestamp
            parts = []
            while chunk := file.read(CHUNK):
                parts.append(z.compress(chunk))
            parts.append(z.flush())
            data = b"".join(parts)
            with self.lock:
                old = self.entries.pop(path, None)
                self.size += len(data) - (len(old[1]) if old else 0)
                self.entries[path] = (etag, data)
                while self.size > CACHE_BYTES:
                    self.size -= len(self.entries.popitem(last=False)[1][1])
            return data


def accepts_gzip(header):
    """Whether an Accept-Encoding value gives gzip a q-value above 0 (itself or through "*")."""
    quality = {}
    for item in header.split(","):
        coding, *params = [s.strip() for s in item.split(";")]
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
        quality[coding.lower()] = q
    q = quality.get("gzip", quality.get("x-gzip", quality.get("*", 0.0)))
    return q > 0  # NaN is not


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # so that answers to malformed lines carry headers
    server_version = "LambdaArcade"
    timeout = 20
    disable_nagle_algorithm = True
    csp = CSP["page"]

    def version_string(self):
        return self.server_version

    def handle_one_request(self):
        self.csp = CSP["page"]
        self.started = False
        try:
            line = self.rfile.readline(MAX_LINE + 1)
            if not line:
                self.close_connection = True
            elif len(line) > MAX_LINE:
                self.requestline, self.request_version, self.command, self.path = "", "HTTP/1.0", "", ""
                self.refuse(414, "the request line is longer than 8 KiB")
            else:
                self.raw_requestline = line
                if self.parse_request():
                    self.respond()
                self.wfile.flush()
        except OSError as e:  # a timeout, a reset, a broken pipe
            self.close_connection = True
            self.log_message("connection dropped: %r", e)
        except Exception as e:  # a bug: one line in the log, and a 500 if nothing was sent yet
            self.close_connection = True
            self.log_message("internal error: %r", e)
            if not self.started:
                self._headers_buffer = []
                try:
                    self.refuse(500, "internal error")
                except OSError:
                    pass

    def finish(self):
        # Lingering close: end our side, then read what the client still sends, so that closing
        # with unread bytes (e.g. the rest of a refused request) does not reset the connection
        # before the client has read the answer.
        super().finish()
        try:
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(2)
            for _ in range(64):
                if not self.connection.recv(CHUNK):
                    break
        except OSError:
            pass

    def refuse(self, code, why, allow=None):
        """A short plain-text answer with its reason; the connection closes unless it is a 404."""
        body = f"{code} {self.responses.get(code, ('',))[0]}: {why}\n".encode()
        self.send_response(code)
        self.send_header("Content-Type", TEXT)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if allow:
            self.send_header("Allow", allow)
        if code != 404 or self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_error(self, code, message=None, explain=None):  # the standard library's parse errors
        self.refuse(code, (message or "bad request")[:100])

    def end_headers(self):
        self.started = True
        self.send_header("Content-Security-Policy", self.csp)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format, *args):
        text = (format % args).translate(CONTROL)
        if len(text) > 300:
            text = f"{text[:300]}… ({len(text)} characters)"
        sys.stderr.write(f"{self.address_string()} - [{self.log_date_time_string()}] {text}\n")

    def respond(self):
        if self.headers.get("Content-Length", "0").strip() != "0" or "Transfer-Encoding" in self.headers:
            self.close_connection = True  # a body we do not read
        hosts = self.headers.get_all("Host") or []
        target = self.path
        if len(hosts) != 1:
            return self.refuse(400, "a request needs exactly one Host header")
        if target.startswith("/"):
            authority = hosts[0]
        elif m := ABSOLUTE.fullmatch(target):
            authority, target = m.group(1), m.group(2) or "/"
        else:
            return self.refuse(400, "the request target is not a path")
        if authority.strip().lower() not in self.server.names:
            return self.refuse(421, "this server answers only to " + ", ".join(sorted(self.server.names)))
        if self.command not in ("GET", "HEAD"):
            return self.refuse(405, "only GET and HEAD", allow="GET, HEAD")
        raw = target.partition("?")[0]
        if not re.fullmatch(r"[!-~]*", raw) or "\\" in raw or re.search(r"%(?![0-9a-fA-F]{2})", raw):
            return self.refuse(400, "the path holds a backslash, a bad %-escape or a character to %-escape")
        try:
            path = urllib.parse.unquote_to_bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            return self.refuse(400, "the path is not UTF-8 once %-decoded")
        parts = path.split("/")[1:]
        if any(c < " " or c in "\x7f\\" for c in path) or any(p in (".", "..") for p in parts):
            return self.refuse(400, "the path holds a control character, a backslash, or a . or .. segment")
        rel = "/".join(parts) or "index.html"
        file = self.open_allowed(rel)
        if file is None:
            return self.refuse(404, "no such file")
        with file:
            self.send_file(rel, file)

    def open_allowed(self, rel):
        """The file at `rel` if the page may have it: an open regular file, or None."""
        parts = rel.split("/")
        if any(p == "" or p.startswith(".") for p in parts):
            return None
        if rel in FILES:
            base = os.path.realpath(self.server.root)
        elif len(parts) > 1 and parts[0] in FOLDERS:
            base = os.path.realpath(os.path.join(self.server.root, parts[0]))
        elif len(parts) > 1 and parts[0] in WASM_FOLDERS and rel.endswith(".wasm"):
            base = os.path.realpath(os.path.join(self.server.root, parts[0]))
        else:
            return None
        real = os.path.realpath(os.path.join(self.server.root, *parts))
        if real == base or os.path.commonpath([base, real]) != base:
            return None  # a link out of its folder
        try:
            fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return None
        file = os.fdopen(fd, "rb")
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            file.close()
            return None
        return file

    def send_file(self, rel, file):
        st = os.fstat(file.fileno())
        etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}"'
        self.csp = OWN_POLICY.get(rel, CSP["page"])
        if self.not_modified(etag, st.st_mtime):
            self.send_response(304)
            self.send_cache_headers(rel, etag, st)
            self.end_headers()
            return
        ext = os.path.splitext(rel)[1].lower()
        body = None
        if (ext in COMPRESSIBLE and MIN_COMPRESSED <= st.st_size <= MAX_COMPRESSED
                and accepts_gzip(", ".join(self.headers.get_all("Accept-Encoding") or []))):
            body = self.server.gzip.get(rel, etag, file)
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(ext, "application/octet-stream"))
        self.send_cache_headers(rel, etag, st)
        if body is not None:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(st.st_size if body is None else len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command == "HEAD":
            return
        if body is not None:
            self.wfile.write(body)
            return
        left = st.st_size
        while left > 0:
            chunk = file.read(min(CHUNK, left))
            if not chunk:  # the file shrank meanwhile: the client sees a short answer
                self.close_connection = True
                return
            self.wfile.write(chunk)
            left -= len(chunk)

    def send_cache_headers(self, rel, etag, st):
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        immutable = HASHED.fullmatch(rel)
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        self.send_header("Vary", "Accept-Encoding")

    def not_modified(self, etag, mtime):
        tags = self.headers.get_all("If-None-Match")
        if tags:  # weak comparison (RFC 9110 13.1.2): W/ is ignored
            value = ", ".join(tags).strip()
            return value == "*" or etag in re.findall(r'(?:W/)?("[^"]*")', value)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
        return False


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port, root, hosts):
        super().__init__(("127.0.0.1", port), Handler)
        self.root = root
        self.port = self.server_address[1]
        self.names = set()
        for name in ["127.0.0.1", "localhost", "[::1]", *hosts]:
            name = name.lower()
            if NAME.fullmatch(name).group(2):  # NAME:PORT, as it is
                self.names.add(name)
            else:
                self.names |= {f"{name}:{self.port}", *([name] if self.port == 80 else [])}
        self.gzip = GzipCache()
        self.slots = threading.BoundedSemaphore(CONNECTIONS)

    def process_request(self, request, client_address):
        self.slots.acquire()  # a connection over the limit waits in the backlog
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address):
        sys.stderr.write(f"{client_address[0]} - error: {sys.exc_info()[1]!r}\n")


def host_name(text):
    if not NAME.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a host name, [IPv6 address] or either with :PORT")
    return text


def main():
    parser = argparse.ArgumentParser(description="Serves Lambda Arcade's page on 127.0.0.1.")
    parser.add_argument("port", nargs="?", type=int, default=8000, help="0 picks a free port and prints the URL")
    parser.add_argument("--host", action="append", default=[], type=host_name, metavar="NAME[:PORT]",
                        help="another name to answer to (besides 127.0.0.1, localhost, [::1])")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the tree to serve (default: this checkout)")
    args = parser.parse_args()
    try:
        server = Server(args.port, os.path.abspath(args.root), args.host)
    except OSError as e:
        sys.exit(f"serve.py: cannot listen on 127.0.0.1:{args.port}: {e.strerror}")
    with server:
        if args.port == 0:
            print(f"http://127.0.0.1:{server.port}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
