"""A Server-Sent Events app on sse-starlette (PyPI), for Courier's end-to-end event stream tests.

Started under uvicorn by scripts/openapi-e2e/start.sh, which exports its URL as SSE_URL.

GET /numbers?count=N&drop_after=K: events 1..N as `event: number`, `id: n`, data a JSON object
{"n": n, "lastEventID": "<the Last-Event-ID the connection was opened with>"}; the first event of a connection
carries `retry: 0`. A Last-Event-ID of j resumes after j; with nothing left, the answer is 204. With drop_after,
the first connection (no Last-Event-ID) breaks off after event K.
GET /multiline: one event whose data has three lines (sse-starlette writes one `data:` field per line).
GET /health: 200.
"""

import json

from sse_starlette.sse import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route


class DroppedOnPurpose(Exception):
    pass


async def numbers(request):
    count = int(request.query_params.get("count", "5"))
    drop_after = request.query_params.get("drop_after")
    last = request.headers.get("last-event-id", "")
    start = int(last) + 1 if last.isdigit() else 1
    if start > count:
        return Response(status_code=204)

    async def events():
        for n in range(start, count + 1):
            yield ServerSentEvent(
                data=json.dumps({"n": n, "lastEventID": last}),
                id=str(n),
                event="number",
                retry=0 if n == start else None,
            )
            if drop_after is not None and not last and n == int(drop_after):
                raise DroppedOnPurpose()

    return EventSourceResponse(events())


async def multiline(request):
    async def events():
        yield ServerSentEvent(data="first line\nsecond line\nthird line", event="poem")

    return EventSourceResponse(events())


async def health(request):
    return PlainTextResponse("ok")


app = Starlette(routes=[
    Route("/numbers", numbers),
    Route("/multiline", multiline),
    Route("/health", health),
])
