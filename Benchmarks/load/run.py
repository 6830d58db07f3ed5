#!/usr/bin/env python3
"""The paired, alternating load driver of issue #21.

Starts one loopback nginx (nginx.sh: worker_processes 1), then for each concurrency runs every client in a
process of its own (LoadGen), round after round, reversing the order every other round so no client always
runs first or last. A ratio is computed per round between each Courier client and its raw counterpart
(paired), and the median over rounds is reported, with each client's median req/s, p50, p99 and CPU µs per
request. With --transfers it also runs the 100 MiB and 1 GiB downloads and the 1 GiB upload.

    swift build -c release --package-path Benchmarks --product LoadGen
    Benchmarks/load/run.py [--rounds 5] [--requests 20000] [--concurrency 1,8,64] [--pool 64]
                           [--transfers] [--tls] [--write BENCHMARKS.md]

--tls runs raw AHC and Courier bare over TLS instead, against an HTTP/2 and an HTTP/1.1 listener.

--write replaces the text between <!-- load:begin --> and <!-- load:end --> in that file.
"""
import argparse, datetime, json, os, shutil, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAIRS = [  # (client, the client it is measured against, label); mostly Courier against its raw counterpart
    ("courier-bare", "raw-ahc", "Courier bare / raw AHC"),
    ("courier-bare", "raw-ahc-untraced", "Courier bare / raw AHC with its tracing off"),
    ("courier-realistic", "raw-ahc-json", "realistic stack / raw AHC + JSONDecoder"),
    ("courier-realistic-loops", "raw-ahc-json", "realistic stack, layers on the event loops / raw AHC + JSONDecoder"),
    ("courier-urlsession", "raw-urlsession", "Courier over URLSession / raw URLSession"),
    ("courier-four", "raw-ahc-handwritten", "Courier, four layers / raw AHC doing the same by hand"),
    ("courier-four", "openapi-ahc", "Courier, four layers / Apple's OpenAPI runtime over AHC, four ClientMiddlewares"),
    ("openapi-ahc", "raw-ahc-json", "Apple's OpenAPI runtime over AHC, four ClientMiddlewares / raw AHC + JSONDecoder"),
]
LABELS = {
    "raw-ahc": "raw AHC (`execute` + `collect`)",
    "raw-ahc-untraced": "raw AHC, its tracing off (`tracing.tracer = nil`)",
    "raw-ahc-json": "raw AHC + `JSONDecoder`",
    "courier-bare": "Courier bare (`Endpoint<Data>`)",
    "courier-realistic": "Courier realistic stack (`Endpoint<Item>`)",
    "courier-realistic-loops": "the same, `runsLayersOnEventLoops = true`",
    "raw-urlsession": "raw `URLSession.data(for:)`",
    "courier-urlsession": "Courier over `URLSessionTransport`",
    "courier-four": "Courier, four layers (logging, retry, metrics, auth; `Endpoint<Item>`)",
    "raw-ahc-handwritten": "raw AHC + the same four by hand + `JSONDecoder`",
    "openapi-ahc": "OpenAPI generated client over AHC, the four as `ClientMiddleware`s",
    "courier-transport": "`AsyncHTTPClientTransport.send` alone",
    "courier-logging": "Courier bare + `.logging(to:)` (info, discarded)",
    "courier-retrying": "Courier bare + `.retrying(.default)`",
    "courier-metrics": "Courier bare + `.reportingMetrics(to:)`",
    "courier-dedup": "Courier bare + `.removingDuplicates()`",
    "courier-auth": "Courier bare + `.authorizing(with: .bearer)`",
    "courier-cache-memory": "Courier cache hit, `MemoryCacheStore`",
    "courier-cache-disk": "Courier cache hit, `DiskCacheStore`",
    "courier-cache-authorized": "Courier cache hit inside `.authorizing(with: .bearer)`, `MemoryCacheStore`",
    "courier-user-header": "Courier bare + a user's bearer header (`ImmediateMiddleware`)",
    "courier-user-observer": "Courier bare + a user's two log lines (`ExchangeObserver`)",
}
# With --layers: each layer against Courier bare, and each user-written layer against the built-in doing its work.
USER_PAIRS = [
    ("courier-user-header", "courier-auth", "a user's bearer header / `.authorizing(with: .bearer)`"),
    ("courier-user-observer", "courier-logging", "a user's log lines (observer) / `.logging(to:)`"),
]
# With --tls: the bare client and its raw counterpart, each over HTTP/2 and over HTTP/1.1 with TLS.
TLS_CLIENTS = ["raw-ahc", "courier-bare"]
CACHE = ["raw-ahc", "courier-bare", "courier-cache-memory", "courier-cache-disk", "courier-cache-authorized"]
# The build the tables' command lines name (run from the repository's root).
BUILD = "swift build -c release --package-path Benchmarks --product LoadGen"
LAYERS = ["courier-transport", "courier-logging", "courier-retrying", "courier-metrics", "courier-dedup", "courier-auth",
          "courier-user-header", "courier-user-observer"]


def run(binary, client, url, **options):
    arguments = [binary, "--client", client, "--url", url]
    for name, value in options.items():
        arguments += ["--" + name, str(value)]
    done = subprocess.run(arguments, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[:1500])
        raise SystemExit(f"{' '.join(arguments)} failed ({done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    # LoadGen is a product of the Benchmarks package (Benchmarks/Package.swift), so its build is Benchmarks/.build.
    parser.add_argument("--binary", default=os.path.join(ROOT, "Benchmarks/.build/release/LoadGen"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--concurrency", default="1,8,64")
    parser.add_argument("--pool", type=int, default=64)
    parser.add_argument("--clients", default=",".join(c for c in LABELS if c not in LAYERS and c not in CACHE[2:]))
    parser.add_argument("--layers", action="store_true", help="cost each built-in alone against Courier bare")
    parser.add_argument("--cache", action="store_true", help="cache hits against the round trips they save")
    parser.add_argument("--tls", action="store_true",
                        help="raw AHC and Courier bare over TLS, HTTP/2 against HTTP/1.1 (issue #37)")
    parser.add_argument("--transfers", action="store_true")
    parser.add_argument("--transfer-rounds", type=int, default=3)
    parser.add_argument("--write")
    args = parser.parse_args()
    clients = ["courier-bare"] + LAYERS if args.layers else CACHE if args.cache else args.clients.split(",")
    work = tempfile.mkdtemp(prefix="courier-load-")
    nginx = os.path.join(ROOT, "Benchmarks/load/nginx.sh")
    env = dict(os.environ, BIG_MIB=("100" if args.tls else "1024") if args.transfers else "1")
    if args.tls:
        fixtures = os.path.join(ROOT, "Tests/CourierIntegrationTests/Fixtures")
        env.update(TLS_CERT=os.path.join(fixtures, "tls-ca-signed-server-cert.pem"),
                   TLS_KEY=os.path.join(fixtures, "tls-ca-signed-server-key.pem"))
        os.environ["LOADGEN_CA"] = os.path.join(fixtures, "tls-private-ca-cert.pem")
    ports = subprocess.run([nginx, "start", work], check=True, capture_output=True, text=True, env=env).stdout.split()
    url = f"http://127.0.0.1:{ports[0]}"
    lines = []
    try:
        results = {}  # (client, c) -> [result per round]
        # With --tls each client runs against the HTTP/2 and the HTTP/1.1 listener: "raw-ahc@h2", "raw-ahc@h1".
        targets = ([(f"{client}@{name}", client, f"https://127.0.0.1:{port}") for client in TLS_CLIENTS
                    for name, port in (("h2", ports[2]), ("h1", ports[3]))] if args.tls
                   else [(client, client, url) for client in clients])
        for c in [int(x) for x in args.concurrency.split(",")]:
            for r in range(args.rounds):
                order = targets if r % 2 == 0 else list(reversed(targets))
                for key, client, target in order:
                    result = run(args.binary, client, target, concurrency=c, requests=args.requests, pool=args.pool)
                    results.setdefault((key, c), []).append(result)
                    print(json.dumps(dict(result, over=key)), flush=True)
        lines += (tls_table(results, args) if args.tls else cache_table(results, args) if args.cache
                  else table(results, clients, args))
        if args.transfers and args.tls:
            big = [("100 MiB download", "download", 100 << 20), ("100 MiB upload", "upload", 100 << 20)]
            for name, port in (("HTTP/2", ports[2]), ("HTTP/1.1 + TLS", ports[3])):
                lines += transfers(args, f"https://127.0.0.1:{port}", work, cases=big, title=f" over {name}")
        elif args.transfers:
            lines += transfers(args, url, work)
    finally:
        subprocess.run([nginx, "stop", work])
        shutil.rmtree(work, ignore_errors=True)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        path = args.write
        document = open(path).read()
        marker = "tls" if args.tls else "cache" if args.cache else "layers" if args.layers else "load"
        begin, end = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
        if begin in document and end in document:
            head, rest = document.split(begin, 1)
            _, tail = rest.split(end, 1)
            document = head + begin + "\n" + text + end + tail
        else:
            document += "\n" + begin + "\n" + text + end + "\n"
        open(path, "w").write(document)


def median(values):
    return statistics.median(values) if values else float("nan")


def table(results, clients, args):
    cs = sorted({c for (_, c) in results})
    command = (f"Benchmarks/load/run.py --rounds {args.rounds} --requests {args.requests} "
               f"--concurrency {args.concurrency} --pool {args.pool}"
               + (" --layers" if args.layers else "")
               + (f" --transfers --transfer-rounds {args.transfer_rounds}" if args.transfers else ""))
    out = [f"Measured {datetime.date.today()} on this machine (Linux x86_64, 2 cores, Swift 6.3.1, release build), "
           f"nginx `worker_processes 1` serving a 1,020-byte JSON on loopback, each client in its own process, "
           f"{args.rounds} alternating rounds × {args.requests:,} requests, a pool of {args.pool} connections on "
           f"every side. Command: `{BUILD} && {command}`.", ""]
    out += ["| client | c | req/s (median) | p50 µs | p99 µs | CPU µs/request |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for client in clients:
        for c in cs:
            rows = results.get((client, c), [])
            if not rows:
                continue
            out.append(f"| {LABELS[client]} | {c} | {median([x['rps'] for x in rows]):,.0f} | "
                       f"{median([x['p50_us'] for x in rows]):,.0f} | {median([x['p99_us'] for x in rows]):,.0f} | "
                       f"{median([x['cpu_us_per_request'] for x in rows]):.1f} |")
    out += ["", "Throughput ratios, the median of the per-round paired ratios (and the CPU µs per request the first client adds):", "",
            "| ratio | " + " | ".join(f"c={c}" for c in cs) + " |", "| --- |" + " ---: |" * len(cs)]
    pairs = [(layer, "courier-bare", LABELS[layer] + " / Courier bare") for layer in LAYERS] + USER_PAIRS if args.layers else PAIRS
    for subject, base, label in pairs:
        if subject not in clients or base not in clients:
            continue
        cells = []
        for c in cs:
            a, b = results.get((subject, c), []), results.get((base, c), [])
            ratios = [x["rps"] / y["rps"] for x, y in zip(a, b)]
            extra = median([x["cpu_us_per_request"] - y["cpu_us_per_request"] for x, y in zip(a, b)])
            cells.append(f"{median(ratios):.2f}× ({extra:+.0f} µs)")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    return out


def tls_table(results, args):
    """Raw AHC and Courier bare over TLS: each over HTTP/2 and HTTP/1.1, and Courier against raw AHC on each."""
    cs = sorted({c for (_, c) in results})
    command = (f"Benchmarks/load/run.py --tls --rounds {args.rounds} --requests {args.requests} "
               f"--concurrency {args.concurrency} --pool {args.pool}"
               + (f" --transfers --transfer-rounds {args.transfer_rounds}" if args.transfers else ""))
    out = [f"Measured {datetime.date.today()} on this machine (Linux x86_64, 2 cores, Swift 6.3.1, release build), "
           f"nginx `worker_processes 1` serving a 1,020-byte JSON over TLS on loopback (one listener with `http2`, "
           f"one without), each client in its own process, {args.rounds} alternating rounds × {args.requests:,} "
           f"requests; over HTTP/1.1 a pool of {args.pool} connections on both sides, over HTTP/2 one connection. "
           f"Command: `{BUILD} && {command}`.", "",
           "| client | c | req/s (median) | p50 µs | p99 µs | CPU µs/request |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for client in TLS_CLIENTS:
        for name, label in (("h2", "HTTP/2"), ("h1", "HTTP/1.1")):
            for c in cs:
                rows = results.get((f"{client}@{name}", c), [])
                if rows:
                    out.append(f"| {LABELS[client]} over {label} + TLS | {c} | {median([x['rps'] for x in rows]):,.0f} | "
                               f"{median([x['p50_us'] for x in rows]):,.0f} | {median([x['p99_us'] for x in rows]):,.0f} | "
                               f"{median([x['cpu_us_per_request'] for x in rows]):.1f} |")
    out += ["", "Throughput ratios, the median of the per-round paired ratios (and the CPU µs per request the first adds):", "",
            "| ratio | " + " | ".join(f"c={c}" for c in cs) + " |", "| --- |" + " ---: |" * len(cs)]
    pairs = [("courier-bare@h2", "raw-ahc@h2", "Courier bare / raw AHC, both over HTTP/2"),
             ("courier-bare@h1", "raw-ahc@h1", "Courier bare / raw AHC, both over HTTP/1.1 + TLS"),
             ("raw-ahc@h2", "raw-ahc@h1", "raw AHC over HTTP/2 / over HTTP/1.1 + TLS"),
             ("courier-bare@h2", "courier-bare@h1", "Courier bare over HTTP/2 / over HTTP/1.1 + TLS")]
    for subject, base, label in pairs:
        cells = []
        for c in cs:
            a, b = results.get((subject, c), []), results.get((base, c), [])
            extra = median([x["cpu_us_per_request"] - y["cpu_us_per_request"] for x, y in zip(a, b)])
            cells.append(f"{median([x['rps'] / y['rps'] for x, y in zip(a, b)]):.2f}× ({extra:+.0f} µs)")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    return out


def cache_table(results, args):
    """Each cache hit against the round trips it saves: raw AHC and Courier bare fetching the same document."""
    cs = sorted({c for (_, c) in results})
    command = (f"Benchmarks/load/run.py --cache --rounds {args.rounds} --requests {args.requests} "
               f"--concurrency {args.concurrency} --pool {args.pool}")
    out = [f"Measured {datetime.date.today()} on this machine (Linux x86_64, 2 cores, Swift 6.3.1, release build), "
           f"nginx `worker_processes 1` on loopback, each client in its own process, {args.rounds} alternating rounds × "
           f"{args.requests:,} requests. The cache clients are `Client(transport:).caching(in:).targeting(server)` "
           f"sending `Endpoint<Data>` for a 1,020-byte JSON served with `Cache-Control: max-age=86400`; the warm-up "
           f"stores it and every measured request is checked to be a hit. Command: "
           f"`{BUILD} && {command}`.", "",
           "| client | c | req/s (median) | p50 µs | p99 µs | CPU µs/request |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for client in CACHE:
        for c in cs:
            rows = results.get((client, c), [])
            if rows:
                out.append(f"| {LABELS[client]} | {c} | {median([x['rps'] for x in rows]):,.0f} | "
                           f"{median([x['p50_us'] for x in rows]):,.1f} | {median([x['p99_us'] for x in rows]):,.1f} | "
                           f"{median([x['cpu_us_per_request'] for x in rows]):.2f} |")
    out += ["", "CPU per request of the round trip over CPU per hit, the median of the per-round paired ratios "
            "(higher is better; the target is 20×):", "",
            "| hit | saves | " + " | ".join(f"c={c}" for c in cs) + " |", "| --- | --- |" + " ---: |" * len(cs)]
    for hit in ["courier-cache-memory", "courier-cache-disk", "courier-cache-authorized"]:
        for trip in ["raw-ahc", "courier-bare"]:
            cells = []
            for c in cs:
                a, b = results.get((hit, c), []), results.get((trip, c), [])
                cells.append(f"{median([y['cpu_us_per_request'] / x['cpu_us_per_request'] for x, y in zip(a, b)]):.1f}×")
            out.append(f"| {LABELS[hit]} | {LABELS[trip]} | " + " | ".join(cells) + " |")
    return out


def transfers(args, url, work, cases=None, title=""):
    out = ["", f"Transfers{title} (the body streamed, never collected), each a process of its own, "
           f"{args.transfer_rounds} alternating rounds, median MiB/s and peak RSS:", "",
           "| transfer | raw AHC MiB/s | Courier MiB/s | ratio | raw AHC peak RSS | Courier peak RSS |",
           "| --- | ---: | ---: | ---: | ---: | ---: |"]
    cases = cases or [("100 MiB download", "download", 100 << 20), ("1 GiB download", "download", 1 << 30), ("1 GiB upload", "upload", 1 << 30)]
    for label, kind, size in cases:
        raw, ours = [], []
        if kind == "download":
            # big.bin is 1 GiB; the 100 MiB case reads a copy of its first 100 MiB.
            target = "big.bin" if size == 1 << 30 else "big100.bin"
            if target == "big100.bin" and not os.path.exists(os.path.join(work, "html", target)):
                with open(os.path.join(work, "html", "big.bin"), "rb") as src, open(os.path.join(work, "html", target), "wb") as dst:
                    dst.write(src.read(size))
        for r in range(args.transfer_rounds):
            pair = [("raw-ahc-" + kind, raw), ("courier-" + kind, ours)]
            for client, sink in (pair if r % 2 == 0 else list(reversed(pair))):
                options = dict(bytes=size, pool=args.pool)
                if kind == "download":
                    options["path"] = "/" + target
                result = run(args.binary, client, url, **options)
                print(json.dumps(result), flush=True)
                sink.append(result)
        rm, om = median([x["mib_per_s"] for x in raw]), median([x["mib_per_s"] for x in ours])
        ratio = median([x["mib_per_s"] / y["mib_per_s"] for x, y in zip(ours, raw)])
        out.append(f"| {label} | {rm:,.0f} | {om:,.0f} | {ratio:.2f}× | {median([x['peak_rss_mib'] for x in raw]):.0f} MiB | "
                   f"{median([x['peak_rss_mib'] for x in ours]):.0f} MiB |")
    return out


if __name__ == "__main__":
    main()
