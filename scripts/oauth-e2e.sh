# Starts a real OAuth 2.0 authorization server for the OAuth tests. Source it (`source scripts/oauth-e2e.sh`) after
# scripts/openapi-e2e/start.sh, whose venv (.build/openapi-e2e-venv) has Authlib: it exports
#   OAUTH_ISSUER_URL  http://127.0.0.1:PORT (no trailing slash): Tests/OAuthServer/oauth_server.py, Authlib's Flask
#                     integration with every grant the tests use (client credentials, authorization code with PKCE,
#                     rotated refresh tokens, the device flow), revocation, RFC 8414 metadata at
#                     /.well-known/oauth-authorization-server, protected resources under /api/ and test controls
#                     under /test/ (its docstring lists them);
# and stops it, by its PID, when the calling shell exits (after whatever EXIT trap was set before). Why a real
# server: the token endpoint's client authentication, PKCE, rotation and the device flow's errors are Authlib's, not
# our own idea of the RFCs. It must answer its metadata within 30 s. Logs: .build/oauth-e2e-logs/.

oauth_e2e_main() {
    local root python logs port
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    python="$root/.build/openapi-e2e-venv/bin/python"
    logs="$root/.build/oauth-e2e-logs"
    [ -x "$python" ] || { echo "oauth-e2e: no venv at $python: source scripts/openapi-e2e/start.sh first" >&2; return 1; }
    mkdir -p "$logs"
    port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" || return 1
    # The server also exits by itself once this shell ($$) is gone (a kill -9 of the tests leaves no server behind).
    "$python" "$root/Tests/OAuthServer/oauth_server.py" "$port" "$$" >"$logs/oauth-server.log" 2>&1 &
    OAUTH_E2E_PID=$!
    local previous
    previous=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT\$/\\1/")
    # shellcheck disable=SC2064 # expanded now, on purpose: the earlier trap is kept and run after this one.
    trap "oauth_e2e_stop; ${previous}" EXIT
    export OAUTH_ISSUER_URL="http://127.0.0.1:$port"
    if ! "$python" - "$OAUTH_ISSUER_URL/.well-known/oauth-authorization-server" <<'PY'
import sys, time, urllib.request
deadline = time.monotonic() + 30
while True:
    try:
        urllib.request.urlopen(sys.argv[1], timeout=2).read()
        break
    except OSError as error:
        if time.monotonic() > deadline:
            sys.exit(f"oauth-e2e: {sys.argv[1]} did not answer within 30 s ({error})")
        time.sleep(0.2)
PY
    then
        tail -n 20 "$logs/oauth-server.log" >&2
        return 1
    fi
    echo "oauth-e2e: OAUTH_ISSUER_URL=$OAUTH_ISSUER_URL" >&2
}

oauth_e2e_stop() {
    if [ -n "${OAUTH_E2E_PID:-}" ]; then kill "$OAUTH_E2E_PID" 2>/dev/null || true; fi
    true
}

oauth_e2e_main || { oauth_e2e_stop; return 1 2>/dev/null || exit 1; }
