#!/usr/bin/env bash
# Checks `courier send -d`'s progress bar (on standard error) in a real terminal: runs it inside tmux against a slow
# local server, captures the pane half way and at the end, checks both, and writes them to
# docs/progress-bar.txt. Also checks that with stdout on a pipe nothing but the file is written.
# Needs tmux (Debian: apt-get install -y tmux) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v tmux >/dev/null || { apt-get update && apt-get install -y --no-install-recommends tmux; }
swift build --product courier >/dev/null 2>&1
courier="$PWD/.build/debug/courier"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 scripts/slow-download-server.py "$port" &
server=$!
work=$(mktemp -d)
session="courier-progress-$$"
cleanup() { kill "$server" 2>/dev/null || true; tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
sleep 0.5

tmux new-session -d -s "$session" -x 100 -y 6 \
    "TERM=xterm-256color '$courier' send -d -o '$work/file.bin' http://127.0.0.1:$port/slow; sleep 30"
sleep 1.5
tmux capture-pane -p -t "$session" > "$work/half-way.txt"
for _ in $(seq 1 100); do
    grep -q "saved to" <(tmux capture-pane -p -t "$session") && break
    sleep 0.1
done
tmux capture-pane -p -t "$session" > "$work/end.txt"

fail() { echo "check-progress-bar: $1" >&2; cat "$work/half-way.txt" "$work/end.txt" >&2; exit 1; }
grep -Eq "[0-9]+%  .* / 8.0 MiB  .*/s  ETA [0-9]+:[0-9]{2}" "$work/half-way.txt" || fail "no progress bar half way"
grep -q "100%" "$work/half-way.txt" && fail "the download was already over half way; the check saw no progress"
grep -q "100%  8.0 MiB / 8.0 MiB" "$work/end.txt" || fail "the bar does not end at 100 %"
grep -q "saved to" "$work/end.txt" || fail "no 'saved to' line"
[ "$(stat -c %s "$work/file.bin")" = 8388608 ] || fail "the file is not 8 MiB"

# Not a terminal: nothing reaches stdout, a pipe (the bar goes to standard error, here /dev/null).
piped=$("$courier" send -d -o "$work/piped.bin" "http://127.0.0.1:$port/slow" 2>/dev/null | wc -c)
[ "$piped" = 0 ] || fail "$piped bytes written to stdout on a pipe"

{
    echo "# courier send -d -o FILE in a 100x6 tmux pane (captured by scripts/check-progress-bar.sh)"
    echo
    echo "## Half way"
    echo
    sed -e 's/[[:space:]]*$//' "$work/half-way.txt" | sed -e '/^$/d'
    echo
    echo "## At the end"
    echo
    sed -e 's/[[:space:]]*$//' "$work/end.txt" | sed -e '/^$/d'
} > docs/progress-bar.txt
echo "check-progress-bar: ok (docs/progress-bar.txt)"
