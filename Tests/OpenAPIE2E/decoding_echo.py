"""An echo server that decodes compressed request bodies, for Courier's request compression tests.

aiohttp decodes a request's `Content-Encoding` (gzip, deflate, br) itself, chunked or not: this app only reads the
decoded body and answers what it got. It is started by scripts/openapi-e2e/start.sh (DECODING_ECHO_URL).

    POST /decoded -> {"bytes": n, "body": base64 of the decoded body (at most 4 MiB), "contentEncoding": ...,
                      "transferEncoding": ..., "contentLength": ...}
    GET /health   -> "ok"
"""
import base64
import sys

from aiohttp import web


async def decoded(request: web.Request) -> web.Response:
    data = await request.read()
    return web.json_response({
        "bytes": len(data),
        "body": base64.b64encode(data[: 4 << 20]).decode("ascii"),
        "contentEncoding": request.headers.get("Content-Encoding"),
        "transferEncoding": request.headers.get("Transfer-Encoding"),
        "contentLength": request.headers.get("Content-Length"),
    })


async def health(_: web.Request) -> web.Response:
    return web.Response(text="ok")


app = web.Application(client_max_size=64 << 20)
app.router.add_post("/decoded", decoded)
app.router.add_put("/decoded", decoded)
app.router.add_get("/health", health)

if __name__ == "__main__":
    web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None)
