#!/usr/bin/env bash
# A loopback nginx for the load harness (issue #21).
#
#   Benchmarks/load/nginx.sh start DIR   installs nginx from apt when missing, writes the documents into
#                                        DIR (item.json: 1,020 bytes of JSON; big.bin: BIG_MIB MiB, 100 by
#                                        default), starts nginx with worker_processes 1 on a free 127.0.0.1
#                                        port and prints "PORT PID".
#   Benchmarks/load/nginx.sh stop DIR    stops the nginx started in DIR, by its PID.
#
# With TLS_CERT and TLS_KEY set (PEM files), it also serves the same documents over TLS on two more ports, one
# speaking HTTP/2 (ALPN h2) and one HTTP/1.1 only, and prints "PORT PID H2_PORT TLS_HTTP1_PORT".
#
# POST /upload reads the whole body, discards it and answers 204. /cached/item.json is item.json with
# `Cache-Control: max-age=86400`.
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a working directory}
nginx_binary() {
    command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true
}
case "$command" in
start)
    if [ -z "$(nginx_binary)" ]; then
        echo "installing nginx (apt)…" >&2
        if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
        $SUDO apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx-light >&2 || \
            DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >&2
    fi
    nginx=$(nginx_binary)
    mkdir -p "$dir/html" "$dir/logs" "$dir/tmp"
    # Workers started as root drop to an unprivileged user, which must read the documents.
    chmod a+rx "$dir" "$dir/html"
    python3 - "$dir/html/item.json" <<'PY'
import json, sys
item = {"id": 42, "name": "Courier benchmark item", "price": 19.99, "inStock": True,
        "tags": ["swift", "http", "client", "benchmark"], "description": ""}
base = len(json.dumps(item, separators=(",", ":")))
item["description"] = "x" * (1020 - base)
text = json.dumps(item, separators=(",", ":"))
assert len(text) == 1020, len(text)
open(sys.argv[1], "w").write(text)
PY
    big_mib=${BIG_MIB:-100}
    if [ ! -f "$dir/html/big.bin" ] || [ "$(stat -c %s "$dir/html/big.bin")" != $((big_mib << 20)) ]; then
        head -c $((big_mib << 20)) /dev/zero > "$dir/html/big.bin"
    fi
    chmod a+r "$dir/html/"*
    shm=$(mktemp -d /dev/shm/courier-load-XXXXXX 2>/dev/null || echo "$dir/tmp")
    chmod a+rwx "$shm"
    echo "$shm" > "$dir/shm"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    upload="
        location = /upload {
            client_max_body_size 0;
            client_body_temp_path $shm;
            proxy_request_buffering on;
            proxy_pass http://127.0.0.1:$port/sink;
        }"
    tls_servers="" tls_ports=""
    if [ -n "${TLS_CERT:-}" ] && [ -n "${TLS_KEY:-}" ]; then
        cp "$TLS_CERT" "$dir/tls.pem"
        cp "$TLS_KEY" "$dir/tls.key"
        chmod a+r "$dir/tls.pem" "$dir/tls.key"
        read -r h2_port h1_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')
        for listen in "$h2_port ssl http2" "$h1_port ssl"; do
            tls_servers+="
    server {
        listen 127.0.0.1:$listen;
        ssl_certificate $dir/tls.pem;
        ssl_certificate_key $dir/tls.key;
        ssl_session_cache shared:tls:1m;
        root $dir/html;$upload
    }"
        done
        tls_ports=" $h2_port $h1_port"
    fi
    cat > "$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    keepalive_timeout 120s;
    client_body_temp_path $dir/tmp;
    proxy_temp_path $dir/tmp;
    fastcgi_temp_path $dir/tmp;
    uwsgi_temp_path $dir/tmp;
    scgi_temp_path $dir/tmp;
    types { application/json json; application/octet-stream bin; text/event-stream sse; }
    server {
        listen 127.0.0.1:$port;
        root $dir/html;
        # nginx reads the whole body (into memory-backed temporary files) before it proxies the request
        # to /sink, which answers 204: an upload is measured to its last byte, not cut short by an answer.$upload
        location = /sink {
            return 204;
        }
        # The same document, fresh for a day: what the cache benchmark stores once and then serves.
        location = /cached/item.json {
            alias $dir/html/item.json;
            add_header Cache-Control "max-age=86400";
        }
        # The same for a request with a bearer token: a cache may keep a response to an authenticated request
        # when it says public (RFC 9111 §3.5), as an API that means its answers to be cached says.
        location = /cached/public/item.json {
            alias $dir/html/item.json;
            add_header Cache-Control "public, max-age=86400";
        }
    }$tls_servers
}
CONF
    "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/logs/error.log"
    for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
    echo "$port $(cat "$dir/nginx.pid")$tls_ports"
    ;;
stop)
    if [ -s "$dir/nginx.pid" ]; then kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true; fi
    if [ -s "$dir/shm" ]; then rm -rf "$(cat "$dir/shm")"; fi
    ;;
esac
