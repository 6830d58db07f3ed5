"""The HTTP/2 tests' second server implementation (beside nginx): an ASGI app under hypercorn, over TLS.

Every request but /requests is answered with a small JSON item and recorded: the client's port (one per
connection), the HTTP version hypercorn saw, the method and the query. GET /requests?t=TOKEN lists the records
whose query holds TOKEN, as JSON: what the tests count connections and protocols with.
"""
import json
from urllib.parse import parse_qs

records = []
ITEM = json.dumps({"id": 2, "name": "over HTTP/2 from hypercorn"}).encode()


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    more = True
    while more:
        message = await receive()
        more = message.get("more_body", False)
    query = scope["query_string"].decode()
    if scope["path"] == "/requests":
        token = parse_qs(query).get("t", [""])[0]
        body = json.dumps([r for r in records if token and token in r["query"]]).encode()
    else:
        records.append({"port": scope["client"][1], "version": scope["http_version"], "method": scope["method"], "query": query})
        body = ITEM
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
