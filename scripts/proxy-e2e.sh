# Starts real proxies for the proxy tests (issue #37). Source it (`source scripts/proxy-e2e.sh`): it installs tinyproxy
# and microsocks from Debian when missing, starts them on free loopback ports, exports
#   PROXY_OPEN_URL, PROXY_OPEN_LOG      tinyproxy, no credentials, CONNECT to any port; its log names every request
#   PROXY_AUTH_URL                      tinyproxy asking for Basic credentials alice:wonderland (not in the URL)
#   PROXY_STRICT_URL                    tinyproxy that allows CONNECT to port 443 only (so refuses the tests' servers)
#   PROXY_DOOMED_URL, PROXY_DOOMED_PID  tinyproxy for the one test that kills it in the middle of a body
#   SOCKS_URL, SOCKS_LOG                microsocks (SOCKS5, no credentials); its log names every connection
# and stops them, by their PIDs, when the calling shell exits (after whatever EXIT trap was set before).

# Starts tinyproxy as `name` with `extra` configuration lines; sets PROXY_E2E_PORT and PROXY_E2E_PID. NOTE: not run
# in a command substitution, whose subshell would keep the PID from the list that proxy_e2e_stop kills.
proxy_e2e_start_tinyproxy() {
    local name=$1 extra=$2 port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') || return 1
    cat > "$PROXY_E2E_DIR/$name.conf" <<CONF
User nobody
Group nogroup
Port $port
Listen 127.0.0.1
Timeout 60
LogFile "$PROXY_E2E_DIR/$name.log"
LogLevel Info
MaxClients 200
DisableViaHeader Yes
$extra
CONF
    tinyproxy -d -c "$PROXY_E2E_DIR/$name.conf" >/dev/null 2>&1 &
    PROXY_E2E_PID=$!
    PROXY_E2E_PIDS+=("$PROXY_E2E_PID")
    python3 - "$port" <<'PY' || { echo "proxy-e2e: tinyproxy ($name) did not start; see $PROXY_E2E_DIR/$name.log" >&2; return 1; }
import socket, sys, time
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=0.2).close(); sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
PY
    PROXY_E2E_PORT=$port
}

proxy_e2e_main() {
    if ! command -v tinyproxy >/dev/null || ! command -v microsocks >/dev/null; then
        echo "proxy-e2e: installing tinyproxy and microsocks (apt)" >&2
        local sudo=""
        [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get update -qq >&2 || return 1
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends tinyproxy microsocks >&2 || return 1
        # The package starts a system-wide tinyproxy on port 8888; the tests do not use it.
        $sudo service tinyproxy stop >/dev/null 2>&1 || true
    fi
    PROXY_E2E_DIR=$(mktemp -d /tmp/courier-proxy-e2e-XXXXXX) || return 1
    chmod a+rwx "$PROXY_E2E_DIR"   # tinyproxy's workers run as nobody and write their logs here
    PROXY_E2E_PIDS=()
    local open auth strict doomed socks
    proxy_e2e_start_tinyproxy open "" || return 1
    open=$PROXY_E2E_PORT
    proxy_e2e_start_tinyproxy auth "BasicAuth alice wonderland" || return 1
    auth=$PROXY_E2E_PORT
    proxy_e2e_start_tinyproxy strict "ConnectPort 443" || return 1
    strict=$PROXY_E2E_PORT
    # NOTE: tinyproxy -d runs in the foreground as one process (its workers are threads): killing it drops every
    # connection it carries at once.
    proxy_e2e_start_tinyproxy doomed "" || return 1
    doomed=$PROXY_E2E_PORT
    local doomed_pid=$PROXY_E2E_PID
    socks=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') || return 1
    microsocks -i 127.0.0.1 -p "$socks" > "$PROXY_E2E_DIR/socks.log" 2>&1 &
    PROXY_E2E_PIDS+=("$!")
    local previous
    previous=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT\$/\\1/")
    # shellcheck disable=SC2064 # expanded now, on purpose: the earlier trap is kept and run after this one.
    trap "proxy_e2e_stop; ${previous}" EXIT
    export PROXY_OPEN_URL="http://127.0.0.1:$open" PROXY_OPEN_LOG="$PROXY_E2E_DIR/open.log"
    export PROXY_AUTH_URL="http://127.0.0.1:$auth" PROXY_STRICT_URL="http://127.0.0.1:$strict"
    export PROXY_DOOMED_URL="http://127.0.0.1:$doomed" PROXY_DOOMED_PID="$doomed_pid"
    export SOCKS_URL="socks5://127.0.0.1:$socks" SOCKS_LOG="$PROXY_E2E_DIR/socks.log"
    echo "proxy-e2e: PROXY_OPEN_URL=$PROXY_OPEN_URL PROXY_AUTH_URL=$PROXY_AUTH_URL PROXY_STRICT_URL=$PROXY_STRICT_URL SOCKS_URL=$SOCKS_URL" >&2
}

proxy_e2e_stop() {
    local pid
    # NOTE: `|| true`: the doomed proxy is already dead (a test killed it), and under `set -e` a failed `kill` in
    # this EXIT trap made scripts/test.sh exit 1 after every test had passed (CI, 2026-11-29).
    for pid in "${PROXY_E2E_PIDS[@]:-}"; do if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi; done
    if [ -n "${PROXY_E2E_DIR:-}" ]; then rm -rf "$PROXY_E2E_DIR"; fi
    true
}

proxy_e2e_main || { proxy_e2e_stop; return 1 2>/dev/null || exit 1; }
