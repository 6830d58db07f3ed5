# Starts the servers of the OpenAPI end-to-end tests. Source it (`source scripts/openapi-e2e/start.sh`): it exports
# HTTPBIN_URL, PETSHOP_URL, DECODING_ECHO_URL, SSE_URL and WEBSOCKET_URL into the calling shell and kills the servers
# when that shell exits. (DECODING_ECHO_URL: Tests/OpenAPIE2E/decoding_echo.py under aiohttp, which decodes compressed
# request bodies; SSE_URL: Tests/OpenAPIE2E/sse_app.py, sse-starlette under uvicorn; WEBSOCKET_URL: a Python
# `websockets` server for the WebSocket tests.)
#
# - A venv in .build/openapi-e2e-venv (ignored; reused while requirements.txt is unchanged) keeps the pinned
#   Flask/FastAPI away from the system's Python packages.
# - httpbin and the FastAPI PetShop app (Tests/OpenAPIE2E/petshop_app.py, under uvicorn) listen on free loopback
#   ports; both must answer within 30 s. Logs: .build/openapi-e2e-logs/.
# - The document the app serves must equal the committed Tests/OpenAPIFixtures/petshop-openapi.json (compared as
#   JSON) and `courier generate` must accept it: a FastAPI upgrade that changes the document fails here, with the
#   differences listed.
# Set OPENAPI_E2E_SKIP_GENERATE=1 to skip the `courier generate` check (e.g. before the CLI is built).

openapi_e2e_main() {
    local root python venv logs stamp
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
    venv="$root/.build/openapi-e2e-venv"
    logs="$root/.build/openapi-e2e-logs"
    stamp="$venv/requirements.txt"
    mkdir -p "$logs"

    if [ ! -x "$venv/bin/python" ] || ! cmp -s "$root/scripts/openapi-e2e/requirements.txt" "$stamp"; then
        echo "openapi-e2e: creating $venv" >&2
        rm -rf "$venv"
        python3 -m venv "$venv" || return 1
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/scripts/openapi-e2e/requirements.txt" || return 1
        cp "$root/scripts/openapi-e2e/requirements.txt" "$stamp"
    fi
    python="$venv/bin/python"

    local httpbin_port petshop_port echo_port sse_port
    httpbin_port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" || return 1
    petshop_port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" || return 1
    echo_port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" || return 1
    sse_port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" || return 1

    "$python" -c "from httpbin import app; app.run(host='127.0.0.1', port=$httpbin_port)" >"$logs/httpbin.log" 2>&1 &
    OPENAPI_E2E_HTTPBIN_PID=$!
    (cd "$root/Tests/OpenAPIE2E" && exec "$python" -m uvicorn petshop_app:app --host 127.0.0.1 --port "$petshop_port") \
        >"$logs/petshop.log" 2>&1 &
    OPENAPI_E2E_PETSHOP_PID=$!
    "$python" "$root/Tests/OpenAPIE2E/decoding_echo.py" "$echo_port" >"$logs/decoding-echo.log" 2>&1 &
    OPENAPI_E2E_ECHO_PID=$!
    # Server-Sent Events: sse-starlette under uvicorn (Tests/OpenAPIE2E/sse_app.py).
    (cd "$root/Tests/OpenAPIE2E" && exec "$python" -m uvicorn sse_app:app --host 127.0.0.1 --port "$sse_port") \
        >"$logs/sse.log" 2>&1 &
    OPENAPI_E2E_SSE_PID=$!
    trap openapi_e2e_stop EXIT

    export HTTPBIN_URL="http://127.0.0.1:$httpbin_port"
    export PETSHOP_URL="http://127.0.0.1:$petshop_port"
    export DECODING_ECHO_URL="http://127.0.0.1:$echo_port"
    export SSE_URL="http://127.0.0.1:$sse_port"
    if ! "$python" - "$HTTPBIN_URL/get" "$PETSHOP_URL/openapi.json" "$DECODING_ECHO_URL/health" "$SSE_URL/health" <<'PY'
import sys, time, urllib.request
deadline = time.monotonic() + 30
for url in sys.argv[1:]:
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            break
        except OSError as error:
            if time.monotonic() > deadline:
                sys.exit(f"openapi-e2e: {url} did not answer within 30 s ({error})")
            time.sleep(0.2)
PY
    then
        tail -n 20 "$logs/httpbin.log" "$logs/petshop.log" "$logs/decoding-echo.log" "$logs/sse.log" >&2
        return 1
    fi

    "$python" -c "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())" \
        "$PETSHOP_URL/openapi.json" >"$logs/petshop-openapi.json" || return 1
    if ! "$python" "$root/scripts/openapi-e2e/compare-openapi.py" \
        "$logs/petshop-openapi.json" "$root/Tests/OpenAPIFixtures/petshop-openapi.json"; then
        echo "openapi-e2e: the FastAPI app serves a different document than Tests/OpenAPIFixtures/petshop-openapi.json" >&2
        echo "  (a FastAPI/pydantic change?) regenerate: copy $logs/petshop-openapi.json there, then scripts/check-generated.sh --update" >&2
        return 1
    fi
    if [ "${OPENAPI_E2E_SKIP_GENERATE:-0}" != 1 ]; then
        rm -rf "$logs/petshop-generated"
        if ! "$root/.build/debug/courier" generate "$logs/petshop-openapi.json" --output "$logs/petshop-generated" \
            --name PetShop --courier-path "$root" --quiet >"$logs/generate.log" 2>&1; then
            cat "$logs/generate.log" >&2
            echo "openapi-e2e: courier generate failed on the served PetShop document" >&2
            return 1
        fi
    fi
    # The WebSocket tests' server, written with Python's `websockets` (websocket_server.py). It exits by itself
    # once this shell ($$) is gone, so openapi_e2e_stop needs no entry for it. WEBSOCKET_URL is http: Courier
    # opens ws:// from an http server.
    local websocket_port
    websocket_port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" || return 1
    "$python" "$root/scripts/openapi-e2e/websocket_server.py" "$websocket_port" "$$" >"$logs/websocket.log" 2>&1 &
    export WEBSOCKET_URL="http://127.0.0.1:$websocket_port"
    if ! "$python" -c 'import socket, sys, time
deadline = time.monotonic() + 30
while socket.socket().connect_ex(("127.0.0.1", int(sys.argv[1]))) != 0:
    if time.monotonic() > deadline: sys.exit("openapi-e2e: the WebSocket server did not listen within 30 s")
    time.sleep(0.2)' "$websocket_port"; then
        tail -n 20 "$logs/websocket.log" >&2
        return 1
    fi

    echo "openapi-e2e: HTTPBIN_URL=$HTTPBIN_URL PETSHOP_URL=$PETSHOP_URL WEBSOCKET_URL=$WEBSOCKET_URL" >&2
    echo "openapi-e2e: HTTPBIN_URL=$HTTPBIN_URL PETSHOP_URL=$PETSHOP_URL DECODING_ECHO_URL=$DECODING_ECHO_URL SSE_URL=$SSE_URL WEBSOCKET_URL=$WEBSOCKET_URL" >&2
}

openapi_e2e_stop() {
    kill "${OPENAPI_E2E_HTTPBIN_PID:-}" "${OPENAPI_E2E_PETSHOP_PID:-}" "${OPENAPI_E2E_ECHO_PID:-}" "${OPENAPI_E2E_SSE_PID:-}" 2>/dev/null || true
}

openapi_e2e_main || { openapi_e2e_stop; return 1 2>/dev/null || exit 1; }
