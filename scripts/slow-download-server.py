#!/usr/bin/env python3
"""Serves GET /slow: 8 MiB with Content-Length, 256 KiB every 0.1 s, so a download takes about 3 s.

Usage: slow-download-server.py PORT
"""
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SIZE = 8 * 1024 * 1024
CHUNK = 256 * 1024


class Slow(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(SIZE))
        self.end_headers()
        block = bytes(range(256)) * (CHUNK // 256)
        sent = 0
        try:
            while sent < SIZE:
                self.wfile.write(block)
                sent += CHUNK
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Slow).serve_forever()
