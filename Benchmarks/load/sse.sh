#!/usr/bin/env bash
# The Server-Sent Events benchmark (issue #24): a 1 GiB text/event-stream file served by a loopback nginx
# (Benchmarks/load/nginx.sh), read by Courier's client.events(_:) on AsyncHTTPClientTransport and by raw
# AsyncHTTPClient reading the same bytes (and Courier's ResponseBody unparsed), each in its own process, ROUNDS alternating rounds (3 by default).
# Prints one line per run and a Markdown table of the medians: events per second, MiB/s, peak resident memory.
#
#   swift build -c release --package-path Benchmarks --product SSEBench && Benchmarks/load/sse.sh [MIB] [ROUNDS]
#
# SSEBENCH overrides the binary (default: Benchmarks/.build/release/SSEBench, the Benchmarks package's build).
set -euo pipefail
cd "$(dirname "$0")/../.."
mib=${1:-1024}
rounds=${2:-3}
binary=${SSEBENCH:-Benchmarks/.build/release/SSEBench}
work=$(mktemp -d /tmp/courier-sse-bench-XXXXXX)
trap 'Benchmarks/load/nginx.sh stop "$work"; rm -rf "$work"' EXIT
read -r port _ < <(BIG_MIB=1 Benchmarks/load/nginx.sh start "$work")
# Events of ~130 bytes (id, type, one JSON data line), in 1 MiB blocks; the ids repeat from block to block.
python3 - "$work/html/events.sse" "$mib" <<'PY'
import sys
path, mib = sys.argv[1], int(sys.argv[2])
block, n = bytearray(), 0
while True:
    event = f'id: {n}\nevent: tick\ndata: {{"n":{n},"text":"the quick brown fox jumps over the lazy dog, again and again"}}\n\n'.encode()
    if len(block) + len(event) > (1 << 20):
        break
    block += event
    n += 1
block += b":" + b" " * ((1 << 20) - len(block) - 2) + b"\n"   # a comment pads the block to exactly 1 MiB
assert len(block) == 1 << 20
with open(path, "wb") as f:
    for _ in range(mib):
        f.write(block)
PY
chmod a+r "$work/html/events.sse"
url="http://127.0.0.1:$port/events.sse"
results=()
for round in $(seq "$rounds"); do
    for mode in events body raw; do
        line=$("$binary" "$mode" "$url")
        echo "round $round: $line" >&2
        results+=("$line")
    done
done
python3 - "$mib" "${results[@]}" <<'PY'
import statistics, sys
mib = int(sys.argv[1])
runs = {}
for line in sys.argv[2:]:
    mode, seconds, events, data, peak = line.split()
    runs.setdefault(mode, []).append((float(seconds), int(events), int(peak)))
print("| client | median time | events/s | MiB/s | peak RSS |")
print("| --- | --- | --- | --- | --- |")
for mode, label in [("events", "Courier `client.events(_:)` (parsed events)"), ("body", "Courier `ResponseBody` (bytes, LFs counted)"), ("raw", "raw AsyncHTTPClient (bytes, LFs counted)")]:
    seconds = statistics.median(r[0] for r in runs[mode])
    events = runs["events"][0][1]
    peak = max(r[2] for r in runs[mode])
    print(f"| {label} | {seconds:.2f} s | {events / seconds:,.0f} | {mib / seconds:,.0f} | {peak / 1024:.0f} MiB |")
PY
