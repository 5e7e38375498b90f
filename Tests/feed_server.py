#!/usr/bin/env python3
"""A feed server on 127.0.0.1 for lore's `update` tests (started by the tests themselves).

Serves the files of DIR by path, with an ETag (the content's hash) and a Last-Modified, and answers a
matching conditional GET with 304. Special paths: /missing (404), /error (500), /slow (answers after
4 s), /moved (301 to /feed.xml), /elsewhere (302 to /feed.xml), /loop (redirects to itself), /to-file
(redirects to file:///etc/passwd),
/gzip.xml (feed.xml gzip-encoded), /huge.xml (5 MB, no Content-Length). Every request is appended to
DIR/requests.log as "METHOD PATH STATUS". Usage: feed_server.py DIR [PORT] [--tls] (default: any free
port; --tls serves HTTPS with a self-signed certificate for 127.0.0.1 that it writes to DIR/cert.pem).
Prints the port, then serves until stdin closes.
"""
import gzip
import hashlib
import os
import ssl
import subprocess
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
    args = [a for a in sys.argv[2:] if a != "--tls"]
    server = ThreadingHTTPServer(("127.0.0.1", int(args[0]) if args else 0), Handler)
    server.daemon_threads = True
    if "--tls" in sys.argv:
        cert, key = os.path.join(ROOT, "cert.pem"), os.path.join(ROOT, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                        "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
                       check=True, capture_output=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # the test closes stdin (or exits) to stop the server
    server.shutdown()


if __name__ == "__main__":
    main()
