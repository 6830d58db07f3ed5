# Starts nginx (from Debian) for the resumable-download tests. Source it (`source scripts/nginx-e2e.sh`): it exports
# NGINX_URL (http://127.0.0.1:PORT) and NGINX_ROOT (the directory it serves, which the tests write their files into)
# and stops nginx, by its PID, when the calling shell exits (after whatever EXIT trap was set before).
#
# Locations: `/` serves NGINX_ROOT with nginx's strong ETag, Last-Modified, Range and If-Range; `/norange/` serves the
# same files with ranges refused (`max_ranges 0`: a 200 to every Range request); `/slow/` the same files at 1 MB/s.
# Logs and the configuration: a temporary directory under /tmp (world-readable: nginx's workers drop to `nobody`).

nginx_e2e_main() {
    local nginx dir port
    # shellcheck source=nginx-binary.sh
    source "$(dirname "${BASH_SOURCE[0]}")/nginx-binary.sh"
    nginx=$(courier_nginx_binary nginx-e2e) || return 1
    dir=$(mktemp -d /tmp/courier-nginx-e2e-XXXXXX) || return 1
    NGINX_E2E_DIR=$dir
    mkdir -p "$dir/html" "$dir/logs" "$dir/tmp"
    chmod a+rx "$dir" "$dir/html"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') || return 1
    cat > "$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 256; }
http {
    access_log $dir/logs/access.log;
    client_body_temp_path $dir/tmp;
    proxy_temp_path $dir/tmp;
    fastcgi_temp_path $dir/tmp;
    uwsgi_temp_path $dir/tmp;
    scgi_temp_path $dir/tmp;
    types { application/octet-stream bin; }
    server {
        listen 127.0.0.1:$port;
        root $dir/html;
        location /norange/ { alias $dir/html/; max_ranges 0; }
        location /slow/ { alias $dir/html/; limit_rate 1m; }
    }
}
CONF
    "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/logs/error.log" || return 1
    for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
    [ -s "$dir/nginx.pid" ] || { echo "nginx-e2e: nginx did not start; see $dir/logs/error.log" >&2; return 1; }
    NGINX_E2E_PID=$(cat "$dir/nginx.pid")
    local previous
    previous=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT\$/\\1/")
    # shellcheck disable=SC2064 # expanded now, on purpose: the earlier trap is kept and run after this one.
    trap "nginx_e2e_stop; ${previous}" EXIT
    export NGINX_URL="http://127.0.0.1:$port"
    export NGINX_ROOT="$dir/html"
    echo "nginx-e2e: NGINX_URL=$NGINX_URL NGINX_ROOT=$NGINX_ROOT (pid $NGINX_E2E_PID)" >&2
}

nginx_e2e_stop() {
    if [ -n "${NGINX_E2E_PID:-}" ]; then kill "$NGINX_E2E_PID" 2>/dev/null || true; fi
    if [ -n "${NGINX_E2E_DIR:-}" ]; then rm -rf "$NGINX_E2E_DIR"; fi
}

nginx_e2e_main || { nginx_e2e_stop; return 1 2>/dev/null || exit 1; }
