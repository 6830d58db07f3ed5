# Starts nginx (from Debian) speaking HTTP/2 over TLS for the HTTP/2 tests. Source it (`source scripts/h2-e2e.sh`):
# it exports
#   H2_URL         https://127.0.0.1:PORT, HTTP/2 (ALPN h2, HTTP/1.1 offered too), up to 1,000 requests a connection;
#   H2_GOAWAY_URL  the same files on a server that sends GOAWAY after 40 requests on a connection
#                  (`keepalive_requests 40`): the streams past the last one it processed are not processed;
#   H2_HTTP1_URL   the same files over TLS with HTTP/1.1 only (the benchmark's like-for-like row);
#   H2_CA          the PEM of the private CA that issued the servers' certificate (for 127.0.0.1 and localhost);
#   H2_LOG         nginx's access log: one line per request,
#                  "<connection number> <request on it> <protocol> <method> <uri> <status> <request length>";
#   H2_ROOT        the directory served at /, which tests may write files into;
#   H2_HYPERCORN_URL  https://127.0.0.1:PORT, a second HTTP/2 implementation: scripts/hypercorn_h2_app.py under
#                  hypercorn (from the venv scripts/openapi-e2e/start.sh makes, which must be sourced first), with the
#                  same certificate; GET /requests?t=TOKEN lists the connections (client ports) and versions it saw;
# and stops both servers, by their PIDs, when the calling shell exits (after whatever EXIT trap was set before).
#
# Locations: `/` serves H2_ROOT; `/reset` resets its stream (nginx's `return 444` is an RST_STREAM in HTTP/2);
# `/write` answers 201 to any method after reading the body (a write the log counts); `/dav/` takes PUT of any size
# and serves what was put (100 MiB up and down).

h2_e2e_main() {
    local nginx dir port goaway_port http1_port hypercorn_port here
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    # shellcheck source=nginx-binary.sh
    source "$here/nginx-binary.sh"
    nginx=$(courier_nginx_binary h2-e2e) || return 1
    dir=$(mktemp -d /tmp/courier-h2-e2e-XXXXXX) || return 1
    H2_E2E_DIR=$dir
    mkdir -p "$dir/html/dav" "$dir/logs" "$dir/tmp"
    # nginx's workers drop to `nobody`: they read the files and write what is PUT.
    chmod a+rx "$dir"
    chmod a+rwx "$dir/html" "$dir/html/dav" "$dir/tmp"
    printf '{"id":1,"name":"over HTTP/2"}' > "$dir/html/item.json"
    cp "$here/../Tests/CourierIntegrationTests/Fixtures/tls-ca-signed-server-cert.pem" "$dir/server.pem"
    cp "$here/../Tests/CourierIntegrationTests/Fixtures/tls-ca-signed-server-key.pem" "$dir/server.key"
    chmod a+r "$dir/server.pem" "$dir/server.key"
    read -r port goaway_port http1_port hypercorn_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(4)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))') || return 1
    local common="
        ssl_certificate $dir/server.pem;
        ssl_certificate_key $dir/server.key;
        root $dir/html;
        client_max_body_size 0;
        location = /reset { return 444; }
        location = /write { return 201 'written\n'; }
        location /dav/ { dav_methods PUT DELETE; create_full_put_path on; }"
    cat > "$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 1024; }
http {
    log_format h2 '\$connection \$connection_requests \$server_protocol \$request_method \$request_uri \$status \$request_length';
    access_log $dir/logs/access.log h2;
    client_body_temp_path $dir/tmp;
    proxy_temp_path $dir/tmp;
    fastcgi_temp_path $dir/tmp;
    uwsgi_temp_path $dir/tmp;
    scgi_temp_path $dir/tmp;
    types { application/json json; application/octet-stream bin; }
    server {
        listen 127.0.0.1:$port ssl http2;
        keepalive_requests 1000;
        $common
    }
    server {
        listen 127.0.0.1:$goaway_port ssl http2;
        keepalive_requests 40;
        $common
    }
    server {
        listen 127.0.0.1:$http1_port ssl;
        keepalive_requests 100000;
        $common
    }
}
CONF
    "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/logs/error.log" || return 1
    for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
    [ -s "$dir/nginx.pid" ] || { echo "h2-e2e: nginx did not start; see $dir/logs/error.log" >&2; return 1; }
    H2_E2E_PID=$(cat "$dir/nginx.pid")
    local python="$here/../.build/openapi-e2e-venv/bin/python"
    [ -x "$python" ] || { echo "h2-e2e: no venv at $python: source scripts/openapi-e2e/start.sh first" >&2; return 1; }
    (cd "$here" && exec "$python" -m hypercorn --bind "127.0.0.1:$hypercorn_port" --certfile "$dir/server.pem" \
        --keyfile "$dir/server.key" hypercorn_h2_app:app) >"$dir/logs/hypercorn.log" 2>&1 &
    H2_E2E_HYPERCORN_PID=$!
    local ready=""
    for _ in $(seq 100); do
        if curl -s -o /dev/null --cacert "$here/../Tests/CourierIntegrationTests/Fixtures/tls-private-ca-cert.pem" \
            "https://127.0.0.1:$hypercorn_port/requests"; then ready=1; break; fi
        sleep 0.1
    done
    [ -n "$ready" ] || { echo "h2-e2e: hypercorn did not start; see $dir/logs/hypercorn.log" >&2; cat "$dir/logs/hypercorn.log" >&2; return 1; }
    local previous
    previous=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT\$/\\1/")
    # shellcheck disable=SC2064 # expanded now, on purpose: the earlier trap is kept and run after this one.
    trap "h2_e2e_stop; ${previous}" EXIT
    export H2_URL="https://127.0.0.1:$port"
    export H2_GOAWAY_URL="https://127.0.0.1:$goaway_port"
    export H2_HTTP1_URL="https://127.0.0.1:$http1_port"
    export H2_CA="$here/../Tests/CourierIntegrationTests/Fixtures/tls-private-ca-cert.pem"
    export H2_LOG="$dir/logs/access.log"
    export H2_ROOT="$dir/html"
    export H2_HYPERCORN_URL="https://127.0.0.1:$hypercorn_port"
    echo "h2-e2e: H2_URL=$H2_URL H2_GOAWAY_URL=$H2_GOAWAY_URL H2_HTTP1_URL=$H2_HTTP1_URL H2_HYPERCORN_URL=$H2_HYPERCORN_URL" >&2
}

h2_e2e_stop() {
    if [ -n "${H2_E2E_PID:-}" ]; then kill "$H2_E2E_PID" 2>/dev/null || true; fi
    if [ -n "${H2_E2E_HYPERCORN_PID:-}" ]; then kill "$H2_E2E_HYPERCORN_PID" 2>/dev/null || true; fi
    if [ -n "${H2_E2E_DIR:-}" ]; then rm -rf "$H2_E2E_DIR"; fi
}

h2_e2e_main || { h2_e2e_stop; return 1 2>/dev/null || exit 1; }
