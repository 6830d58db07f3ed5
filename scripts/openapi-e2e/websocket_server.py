"""A WebSocket server written with the Python `websockets` package (not by us), for Courier's WebSocket tests.

Usage: python websocket_server.py PORT PARENT_PID. It listens on 127.0.0.1:PORT and exits when PARENT_PID (the
shell that sourced start.sh) is gone, so start.sh needs no cleanup of its own for it.

Paths:
- /echo: every message back, text as text and binary as binary.
- /fragments?count=N&size=S: one text message sent as N fragments of S bytes each ("0123456789" repeated), then echo.
- /close?code=C&reason=R: closes at once with that code and reason.
- /drop: reads one message, then drops the TCP connection without a close frame.
- /headers: one text message, a JSON object of the opening request's header fields (lower-case names).
- /ping: pings the client, waits for its pong, then sends the text "pong received".
"""

import asyncio
import json
import os
import sys
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve


async def handle(ws):
    url = urlsplit(ws.request.path)
    query = {name: values[-1] for name, values in parse_qs(url.query).items()}
    if url.path == "/fragments":
        count, size = int(query.get("count", "4")), int(query.get("size", "1024"))
        chunk = ("0123456789" * (size // 10 + 1))[:size]
        await ws.send(chunk for _ in range(count))
    elif url.path == "/close":
        await ws.close(int(query.get("code", "1000")), query.get("reason", ""))
        return
    elif url.path == "/drop":
        await ws.recv()
        ws.transport.abort()
        return
    elif url.path == "/headers":
        await ws.send(json.dumps({name.lower(): value for name, value in ws.request.headers.raw_items()}))
    elif url.path == "/ping":
        pong = await ws.ping(b"courier")
        await asyncio.wait_for(pong, 10)
        await ws.send("pong received")
    elif url.path != "/echo":
        await ws.close(1008, "unknown path")
        return
    async for message in ws:
        await ws.send(message)


async def watch_parent(parent):
    while True:
        try:
            os.kill(parent, 0)
        except OSError:
            os._exit(0)
        await asyncio.sleep(1)


async def main(port, parent):
    async with serve(handle, "127.0.0.1", port, max_size=64 * 1024 * 1024, compression=None):
        await watch_parent(parent)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
