# Defines `courier_nginx_binary`, which prints the path of nginx, installing it from apt (nginx-light, else nginx)
# when it is missing. Sourced by scripts/nginx-e2e.sh and scripts/h2-e2e.sh; `$1` names the caller in messages.

courier_nginx_binary() {
    local nginx
    nginx=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true)
    if [ -z "$nginx" ]; then
        echo "$1: installing nginx (apt)" >&2
        local sudo=""
        [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get update -qq >&2 || return 1
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx-light >&2 ||
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx >&2 || return 1
        nginx=$(command -v nginx || echo /usr/sbin/nginx)
    fi
    echo "$nginx"
}
