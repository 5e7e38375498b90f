#!/usr/bin/env python3
"""A feed server on 127.0.0.1 for lore's `update` tests (started by the tests themselves).

Serves the files of DIR by path, with an ETag (the content's hash) and a Last-Modified, and answers a
matching conditional GET with 304. Special paths: /missing (404), /error (500), /slow (answers after
4 s), /moved (301 to /feed.xml), /elsewhere (302 to /feed.xml), /loop (redirects to itself), /to-file
(redirects to file:///etc/passwd),
/gzip.xml (feed.xml gzip-encoded), /huge.xml (5 MB, no Content-Length). Every request is appended to
DIR/requests.log as "METHOD PATH STATUS". Usage: feed_server.py DIR [PORT] (default: any free
port). Prints the port, then serves until stdin closes.
"""
import gzip
import hashlib
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = sys.argv[1]
LOCK = threading.Lock()
MODIFIED = "Mon, 02 Jun 2025 10:00:00 GMT"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status):
        with LOCK, open(os.path.join(ROOT, "requests.log"), "a") as f:
            f.write(f"GET {self.path} {status}\n")

    def send(self, status, body=b"", headers=()):
        self.record(status)
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        try:
            self.route()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self):
        p = self.path
        if p == "/missing":
            return self.send(404, b"not here")
        if p == "/error":
            return self.send(500, b"oops")
        if p == "/moved":
            return self.send(301, headers=[("Location", "/feed.xml")])
        if p == "/elsewhere":
            return self.send(302, headers=[("Location", "/feed.xml")])
        if p == "/to-file":
            return self.send(302, headers=[("Location", "file:///etc/passwd")])
        if p == "/loop":
            return self.send(302, headers=[("Location", "/loop")])
        if p == "/slow":
            time.sleep(4)
            return self.file("feed.xml")
        if p == "/huge.xml":
            self.record(200)
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"<!-- padding -->" * 4096
            for _ in range(80):
                self.wfile.write(chunk)
            self.close_connection = True
            return
        if p == "/gzip.xml":
            body = gzip.compress(self.read("gzip-source.xml"))
            return self.send(200, body, [("Content-Encoding", "gzip"), ("Content-Type", "application/rss+xml")])
        return self.file(p.lstrip("/"))

    def read(self, name):
        with open(os.path.join(ROOT, name), "rb") as f:
            return f.read()

    def file(self, name):
        path = os.path.join(ROOT, name)
        if "/" in name or not os.path.isfile(path):
            return self.send(404, b"no such feed")
        body = self.read(name)
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, headers=[("ETag", etag)])
        return self.send(200, body, [("ETag", etag), ("Last-Modified", MODIFIED), ("Content-Type", "application/xml")])


def main():
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # the test closes stdin (or exits) to stop the server
    server.shutdown()


if __name__ == "__main__":
    main()
