"""`openapi-corpus.py --compare-apple`: Courier's generator beside Apple's swift-openapi-generator, measured one way.

For every document of the tier, in one run, both generators generate a client and swiftc compiles it, with the same
invocation for both (`compile_module` of openapi-corpus.py: `-Onone`, batch mode, `-j 2`, Swift 6, ExistentialAny, one
warm Clang module cache) against dependency modules built beforehand and excluded from the measurement:

- Courier: `courier generate --no-tests` (a release build of `courier`), then the library module
  (`Sources/<Name>`) against the debug build of Courier (`.build/debug/Modules`);
- Apple: swift-openapi-generator 1.14.3 (built in release from the package mirrors in a scratch package under
  `--apple-work`), `generate` with `openapi-generator-config.yaml` = APPLE_CONFIG (types + client, public), then
  `Types.swift` + `Client.swift` against a debug build of swift-openapi-runtime 1.13.4 (and the URLSession and
  AsyncHTTPClient transports, built with it but not imported by the generated code), in a second scratch package.

Per document the order of the two tools alternates (Courier first on even documents and rounds, Apple first on odd
ones). A document is timed `--repeats` times (the median of each figure) unless its first round took longer than
`--repeat-under` seconds in any step, then once. "Handled" means: generated, and compiled with no error.
Generated lines are those compiled (Courier's library module; Apple's two files).
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPLE_VERSION = "1.14.3"
APPLE_GENERATOR_URL = "https://github.com/apple/swift-openapi-generator"
# What the generated code links: the runtime, and the two transports an app would pick from.
APPLE_RUNTIME_PACKAGES = [
    ("https://github.com/apple/swift-openapi-runtime", "1.13.4", "swift-openapi-runtime", "OpenAPIRuntime"),
    ("https://github.com/apple/swift-openapi-urlsession", "1.4.0", "swift-openapi-urlsession", "OpenAPIURLSession"),
    ("https://github.com/swift-server/swift-openapi-async-http-client", "1.5.0", "swift-openapi-async-http-client",
     "OpenAPIAsyncHTTPClient"),
]
# The configuration a user of Apple's SwiftPM plugin would write to get a public client; the naming strategy is the
# generator's default (`defensive`).
APPLE_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\n"
BEGIN, END = "<!-- openapi-corpus:begin -->", "<!-- openapi-corpus:end -->"
BENCHMARKS = os.path.join(ROOT, "BENCHMARKS.md")


def add_arguments(parser):
    group = parser.add_argument_group("comparison with Apple's swift-openapi-generator (issue #25)")
    group.add_argument("--compare-apple", action="store_true",
                       help=f"run Apple's swift-openapi-generator {APPLE_VERSION} beside courier on every document")
    group.add_argument("--apple-work", default=f"/tmp/courier-openapi-apple-{APPLE_VERSION}", metavar="DIR",
                       help="scratch packages for Apple's generator (release) and runtime modules (debug)")
    group.add_argument("--apple-prepare-only", action="store_true",
                       help="build Apple's generator and runtime modules, then stop (run it before measuring)")
    group.add_argument("--repeats", type=int, default=3, help="timing rounds per document, median (default 3)")
    group.add_argument("--repeat-under", type=float, default=60, metavar="S",
                       help="a document whose first round has a step over S seconds is measured once (default 60)")


def run_checked(command, cwd):
    print("openapi-corpus: " + " ".join(command) + f"  (in {cwd})", flush=True)
    completed = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace")
    if completed.returncode != 0:
        sys.exit(f"openapi-corpus: `{' '.join(command)}` failed:\n{completed.stdout[-3000:]}")


def runtime_manifest():
    dependencies = ",\n".join(f'        .package(url: "{url}", exact: "{version}")'
                              for url, version, _, _ in APPLE_RUNTIME_PACKAGES)
    products = ",\n".join(f'                .product(name: "{product}", package: "{package}")'
                          for _, _, package, product in APPLE_RUNTIME_PACKAGES)
    return f"""// swift-tools-version:6.0
// Written by scripts/openapi_compare_apple.py: builds the modules Apple's generated code compiles against.
import PackageDescription

let package = Package(
    name: "AppleOpenAPIModules",
    platforms: [.macOS(.v13)],
    dependencies: [
{dependencies}
    ],
    targets: [
        .target(
            name: "AppleOpenAPIModules",
            dependencies: [
{products}
            ]
        )
    ]
)
"""


def prepare_apple(work):
    """Builds (once) Apple's generator in release and its runtime modules in debug; returns (binary, modules dir).

    Both are scratch packages outside the repository's Package.swift, so Courier's users never resolve them.
    """
    os.makedirs(work, exist_ok=True)
    generator = os.path.join(work, "swift-openapi-generator")
    binary = os.path.join(generator, ".build", "release", "swift-openapi-generator")
    if not os.access(binary, os.X_OK):
        if not os.path.isdir(generator):
            run_checked(["git", "clone", "--quiet", "--branch", APPLE_VERSION, APPLE_GENERATOR_URL, generator], work)
        run_checked(["swift", "build", "-c", "release", "--product", "swift-openapi-generator"], generator)
    runtime = os.path.join(work, "runtime")
    modules = os.path.join(runtime, ".build", "debug", "Modules")
    manifest = runtime_manifest()
    manifest_path = os.path.join(runtime, "Package.swift")
    current = open(manifest_path).read() if os.path.exists(manifest_path) else None
    if current != manifest or not all(os.path.exists(os.path.join(modules, product + ".swiftmodule"))
                                      for _, _, _, product in APPLE_RUNTIME_PACKAGES):
        sources = os.path.join(runtime, "Sources", "AppleOpenAPIModules")
        os.makedirs(sources, exist_ok=True)
        with open(manifest_path, "w") as handle:
            handle.write(manifest)
        with open(os.path.join(sources, "Modules.swift"), "w") as handle:
            handle.write("".join(f"import {product}\n" for _, _, _, product in APPLE_RUNTIME_PACKAGES))
        run_checked(["swift", "build"], runtime)
    print(f"openapi-corpus: Apple's generator {binary}, its runtime modules {modules}", flush=True)
    return binary, modules


class Side:
    """One generator on one document: every round's steps, the lines it compiled, and why it failed if it did."""

    def __init__(self, tool):
        self.tool, self.generates, self.compiles = tool, [], []
        self.lines = self.failure = None
        self.errors = self.warnings = 0

    @property
    def handled(self):
        return self.failure is None

    def median(self, steps, attribute):
        values = [getattr(step, attribute) for step in steps if getattr(step, attribute) is not None]
        return statistics.median(values) if values else None

    @property
    def generate_seconds(self):
        return self.median(self.generates, "seconds")

    @property
    def compile_seconds(self):
        return self.median(self.compiles, "seconds")

    @property
    def compile_rss_mb(self):
        return self.median(self.compiles, "rss_mb")


def count_lines(paths):
    total = 0
    for path in paths:
        with open(path, errors="replace") as handle:
            total += sum(1 for _ in handle)
    return total


def diagnostics(output, kind):
    return len(re.findall(rf"^\S[^\n]*\b{kind}:", output, re.M))


def generate_failure(step, corpus):
    """Why a generator run produced nothing, with its first message."""
    if step.cause:
        return step.cause
    if step.status == corpus.EXIT_REFUSED and "swagger" in step.output.lower():
        return "refused (Swagger 2.0)"
    # Apple's generator ends with one `Error: …` line; courier prints `error: file:line:col: …` lines.
    summaries = re.findall(r"Error: (.*)$", step.output, re.M)
    messages = summaries or re.findall(r"\berror: (.*)$", step.output, re.M) or ["exit status " + str(step.status)]
    message = re.sub(r"^\S*/([^/\s]+): error: ", r"\1: ", messages[0].strip())
    return "generate failed: " + message[:200]


def record_compile(side, step):
    side.compiles.append(step)
    side.errors, side.warnings = diagnostics(step.output, "error"), diagnostics(step.output, "warning")
    if step.status != 0:
        side.failure = f"{side.errors} compile errors" if side.errors else (step.cause or "compiler failed")


def measure_courier(side, spec, name, work, tools, args, corpus):
    output = os.path.join(work, "package")
    shutil.rmtree(output, ignore_errors=True)
    command = [tools["courier"], "generate", spec, "--output", output, "--name", name, "--courier-path", ROOT,
               "--no-tests"]
    step = corpus.timed(command, work, args.timeout, os.path.join(work, "generate.log"))
    side.generates.append(step)
    if step.status != 0:
        side.failure = generate_failure(step, corpus)
        return
    sources = corpus.swift_files(os.path.join(output, "Sources", name))
    side.lines = count_lines(sources)
    record_compile(side, corpus.compile_module(name, sources, work, ["-I", tools["courier_modules"]], args.timeout))


def measure_apple(side, spec, name, work, tools, args, corpus):
    output = os.path.join(work, "Sources", name)
    shutil.rmtree(output, ignore_errors=True)
    os.makedirs(output)
    command = [tools["apple"], "generate", "--config", tools["apple_config"], "--output-directory", output, spec]
    step = corpus.timed(command, work, args.timeout, os.path.join(work, "generate.log"))
    side.generates.append(step)
    sources = corpus.swift_files(output)
    if step.status != 0 or not sources:
        side.failure = generate_failure(step, corpus) if step.status != 0 else "generated no Swift file"
        return
    side.lines = count_lines(sources)
    record_compile(side, corpus.compile_module(name, sources, work, ["-I", tools["apple_modules"]], args.timeout))


class Comparison:
    def __init__(self, row):
        self.row, self.file = row, row["file"]
        self.courier, self.apple = Side("courier"), Side("apple")
        self.rounds = 0


def run_order(index, round_index):
    """Courier first on even documents and rounds, Apple first on odd ones: neither tool always runs on a warm cache."""
    return ("courier", "apple") if (index + round_index) % 2 == 0 else ("apple", "courier")


def compare_document(index, row, tools, work_root, args, corpus):
    comparison = Comparison(row)
    spec = os.path.join(args.specs, row["file"])
    name = corpus.module_name(row["file"])
    works = {}
    for tool in ("courier", "apple"):
        works[tool] = os.path.join(work_root, name, tool)
        shutil.rmtree(works[tool], ignore_errors=True)
        os.makedirs(works[tool])
    measures = {"courier": (comparison.courier, measure_courier), "apple": (comparison.apple, measure_apple)}
    rounds = args.repeats
    round_index = 0
    while round_index < rounds:
        for tool in run_order(index, round_index):
            side, measure = measures[tool]
            # A failure is a result, not a timing: it is not repeated.
            if round_index == 0 or side.handled:
                measure(side, spec, name, works[tool], tools, args, corpus)
        if round_index == 0:
            slowest = max([step.seconds or 0 for side, _ in measures.values()
                           for step in side.generates + side.compiles] or [0])
            if slowest > args.repeat_under:
                rounds = 1
        round_index += 1
    comparison.rounds = rounds
    return comparison


def figure(value, digits=1):
    return "-" if value is None else f"{value:,.{digits}f}"


def handled_cell(side):
    if side.failure:
        return "no: generator error" if side.failure.startswith("generate failed") else "no: " + side.failure
    return "yes" + (f" ({side.warnings} warning{'' if side.warnings == 1 else 's'})" if side.warnings else "")


def ratio(apple, courier):
    return apple / courier if apple is not None and courier else None


def console_line(comparison):
    parts = [f"{comparison.file:<34}"]
    for side in (comparison.courier, comparison.apple):
        parts.append(f"{side.tool}: {handled_cell(side)}, gen {figure(side.generate_seconds, 2)} s, "
                     f"{'-' if side.lines is None else f'{side.lines:,}'} lines, compile "
                     f"{figure(side.compile_seconds)} s {figure(side.compile_rss_mb, 0)} MB")
    return " · ".join(parts) + f" · {comparison.rounds} round(s)"


def ratio_range(comparisons, attribute):
    values = [ratio(getattr(c.apple, attribute), getattr(c.courier, attribute)) for c in comparisons]
    values = [value for value in values if value is not None]
    if not values:
        return "-"
    return f"{min(values):.1f}–{max(values):.1f}× (median {statistics.median(values):.1f}×)"


def block(comparisons, command_line, swift_version):
    both = [c for c in comparisons if c.courier.handled and c.apple.handled]
    intro = (
        f"Measured {time.strftime('%Y-%m-%d')} with `{command_line}` ({swift_version}, Linux x86_64, 2 cores, "
        "the build lock held, nothing else running). Both generators' output is compiled by the same swiftc "
        "invocation: `swiftc -c -parse-as-library -swift-version 6 -enable-upcoming-feature ExistentialAny -Onone "
        "-enable-batch-mode -j 2`, one warm Clang module cache, against dependency modules built beforehand (Courier's "
        "debug build; a debug build of swift-openapi-runtime 1.13.4). Courier: `courier generate --no-tests` "
        "(release build), its library module. Apple: swift-openapi-generator 1.14.3 (release build), "
        "`openapi-generator-config.yaml` = `generate: [types, client]`, `accessModifier: public` (default naming "
        "strategy), `Types.swift` + `Client.swift`. Seconds are wall clock and memory is the largest process's "
        "maximum RSS (`/usr/bin/time -v`); the median of the rounds given in the last column. *Handled*: generated, "
        "and compiled with no error; a failure is measured once. The × columns are Apple's figure over Courier's.")
    lines = [
        BEGIN,
        "",
        *textwrap.wrap(intro, 115, break_on_hyphens=False),
        "",
        "| document | ops | Courier | gen s | lines | compile s | peak MB | Apple | gen s | lines | compile s | "
        "peak MB | compile × | memory × | rounds |",
        "|---|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c in comparisons:
        cells = [c.file, c.row.get("operations", "-")]
        for side in (c.courier, c.apple):
            cells += [handled_cell(side), figure(side.generate_seconds, 2),
                      "-" if side.lines is None else f"{side.lines:,}",
                      figure(side.compile_seconds, 2), figure(side.compile_rss_mb, 0)]
        if c in both:
            cells += [figure(ratio(c.apple.compile_seconds, c.courier.compile_seconds)) + "×",
                      figure(ratio(c.apple.compile_rss_mb, c.courier.compile_rss_mb)) + "×"]
        else:
            cells += ["-", "-"]
        cells.append(str(c.rounds))
        lines.append("| " + " | ".join(cells) + " |")
    courier_count = sum(1 for c in comparisons if c.courier.handled)
    apple_count = sum(1 for c in comparisons if c.apple.handled)
    summary = (
        f"Handled: Courier {courier_count} of {len(comparisons)}, Apple {apple_count} of {len(comparisons)}. "
        f"On the {len(both)} documents both handle, Apple's figure over Courier's: compile time "
        f"{ratio_range(both, 'compile_seconds')}, peak memory {ratio_range(both, 'compile_rss_mb')}, "
        f"generated lines {ratio_range(both, 'lines')}, generate time {ratio_range(both, 'generate_seconds')} "
        "(below 1×: Apple's is the smaller).")
    lines += ["", *textwrap.wrap(summary, 115, break_on_hyphens=False)]
    failures = [(c.file, side) for c in comparisons for side in (c.courier, c.apple)
                if side.failure and side.failure.startswith("generate failed")]
    if failures:
        lines += ["", "Generator failures (first message):", ""]
        lines += [f"- {file}, {'Courier' if side.tool == 'courier' else 'Apple'}: "
                  f"`{side.failure[len('generate failed: '):].replace('`', '')}`" for file, side in failures]
    lines += ["", END]
    return "\n".join(lines)


def write_benchmarks(text):
    with open(BENCHMARKS) as handle:
        content = handle.read()
    if BEGIN in content and END in content:
        start, end = content.index(BEGIN), content.index(END) + len(END)
        content = content[:start] + text + content[end:]
    else:
        content = content.rstrip("\n") + "\n\n## Generated OpenAPI clients: Courier and Apple's generator\n\n" + text + "\n"
    with open(BENCHMARKS, "w") as handle:
        handle.write(content)


def run(args, rows, expected, flags, work_root, corpus):
    """The whole comparison; returns the exit status (1 when Courier fails a document it is expected to handle).

    `corpus` is openapi-corpus.py itself: its `timed` and `compile_module` measure both generators' output.
    """
    apple, apple_modules = prepare_apple(os.path.abspath(args.apple_work))
    if not os.access(args.courier, os.X_OK):
        sys.exit(f"openapi-corpus: {args.courier} is missing; run `swift build -c release --product courier` first")
    config = os.path.join(work_root, "openapi-generator-config.yaml")
    with open(config, "w") as handle:
        handle.write(APPLE_CONFIG)
    tools = {"courier": os.path.abspath(args.courier), "courier_modules": args.modules, "apple": apple,
             "apple_modules": apple_modules, "apple_config": config}
    corpus.warm_module_cache(work_root, flags, args.timeout)
    warm = os.path.join(work_root, "warm-up-apple")
    os.makedirs(warm, exist_ok=True)
    source = os.path.join(warm, "WarmUpApple.swift")
    with open(source, "w") as handle:
        handle.write("import OpenAPIRuntime\nimport HTTPTypes\nimport Foundation\n")
    step = corpus.compile_module("WarmUpApple", [source], warm, ["-I", apple_modules], args.timeout)
    if step.status != 0:
        sys.exit("openapi-corpus: cannot compile `import OpenAPIRuntime`:\n" + step.output[-2000:])

    comparisons = []
    for index, row in enumerate(rows):
        comparison = compare_document(index, row, tools, work_root, args, corpus)
        print(console_line(comparison), flush=True)
        comparisons.append(comparison)
    unexpected = [c for c in comparisons if not c.courier.handled and not expected.get(c.file, "").startswith("refused")]
    for c in unexpected:
        print(f"openapi-corpus: courier failed {c.file}: {c.courier.failure}")
    if args.write_benchmarks:
        swift_version = subprocess.run(["swiftc", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       text=True).stdout.strip().splitlines()[0]
        swift_version = re.sub(r"^.*\((swift-[^)]*)\).*$", r"\1", swift_version)
        command_line = "flock /tmp/courier-build.lock python3 scripts/openapi-corpus.py " + " ".join(
            os.path.relpath(arg, ROOT) if os.path.isabs(arg) and arg.startswith(ROOT) else arg for arg in sys.argv[1:])
        write_benchmarks(block(comparisons, command_line, swift_version))
    print(f"\nopenapi-corpus --compare-apple: {len(comparisons)} documents; Courier handled "
          f"{sum(1 for c in comparisons if c.courier.handled)}, Apple {sum(1 for c in comparisons if c.apple.handled)}")
    return 1 if unexpected else 0
