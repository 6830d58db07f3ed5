#!/usr/bin/env python3
"""Generates and compiles every OpenAPI document of a corpus tier with `courier generate`.

Usage: scripts/openapi-corpus.py [--tier ci|stress|all|multifile] [--specs DIR] [--keep DIR] [--only FILE]...
                                 [--timeout S] [--courier PATH] [--compare-apple [--write-benchmarks] [--repeats N] …]

For each document of the tier (the specs directory's manifest.tsv):
  1. `courier generate SPEC --output D --name M --courier-path ROOT --no-tests` under `/usr/bin/time -v`
     (seconds, peak RSS; generated lines; warnings printed by the generator);
  2. compiles `Sources/M` with swiftc directly against the main build's modules (`.build/debug/Modules`): Swift 6,
     debug, batch mode on 2 cores, ExistentialAny (the strictness of the committed generated targets). Any compiler
     warning fails the document like `-warnings-as-errors` would, but is reported as `compile-warning` with its text;
  3. compiles `Sources/MTesting` the same way when the generator wrote it, plus the C module maps CourierTesting was
     built with (NIO, Atomics…), read from `.build/debug.yaml`.
No SwiftPM package per document: Courier is built once (by `swift build`) and every document only costs its own
compile, so the figures are the generated code's alone (GNU time's maximum RSS is the largest single process).

Prints one line per document, the failures grouped by cause with their first messages, then
`openapi-corpus: N passed, N failed`; exits 1 when any document failed. An outcome listed in
scripts/openapi-corpus-expect.tsv (the Swagger 2.0 refusal) counts as a pass. The `multifile` tier (`run_multifile_tier`)
takes documents given as a root file among many: the fixtures under Tests/OpenAPIFixtures/multifile, and each `ci`
document of the specs directory (or each `--only` one) split into Redocly's layout by scripts/redocly-split.py, whose
Swift must be byte for byte what the unsplit document gives.

`--compare-apple` (scripts/openapi_compare_apple.py) runs Apple's swift-openapi-generator beside `courier generate` on
every document and compiles both outputs the same way; with `--write-benchmarks` it rewrites the block between
`<!-- openapi-corpus:begin -->` and `<!-- openapi-corpus:end -->` in BENCHMARKS.md. Hold the build lock for the whole
run so nothing else competes for the two cores:
  flock /tmp/courier-build.lock python3 scripts/openapi-corpus.py --tier all --specs ../shared/openapi-specs \
      --compare-apple --write-benchmarks
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import openapi_compare_apple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECT_FILE = os.path.join(ROOT, "scripts", "openapi-corpus-expect.tsv")
EXIT_REFUSED = 65


class Step:
    """One timed process: exit status, seconds, peak RSS in MB, output, and why it failed (a cause) if it did."""

    def __init__(self, status, seconds, rss_mb, output, cause=None):
        self.status, self.seconds, self.rss_mb, self.output, self.cause = status, seconds, rss_mb, output, cause


def timed(command, cwd, timeout, log):
    """Runs `command` under `/usr/bin/time -v`; the statistics go to a file so the tool's own stderr stays clean."""
    stats = log + ".time"
    started = time.monotonic()
    try:
        completed = subprocess.run(
            ["/usr/bin/time", "-v", "-o", stats] + command, cwd=cwd, timeout=timeout,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    except subprocess.TimeoutExpired as expired:
        output = expired.output.decode(errors="replace") if isinstance(expired.output, bytes) else (expired.output or "")
        return Step(None, time.monotonic() - started, None, output, "timeout")
    with open(log, "w") as handle:
        handle.write(" ".join(command) + "\n" + completed.stdout)
    seconds, rss_mb, signal = time.monotonic() - started, None, None
    if os.path.exists(stats):
        with open(stats) as handle:
            for line in handle:
                line = line.strip()
                if line.startswith("Elapsed (wall clock) time"):
                    seconds = wall_seconds(line.rsplit(" ", 1)[-1])
                elif line.startswith("Maximum resident set size"):
                    rss_mb = int(line.rsplit(" ", 1)[-1]) / 1024
                elif line.startswith("Command terminated by signal"):
                    signal = int(line.rsplit(" ", 1)[-1])
    status = completed.returncode
    cause = None
    if signal == 9 or status == 137 or "Killed" in completed.stdout[-200:]:
        cause = "oom"
    return Step(status, seconds, rss_mb, completed.stdout, cause)


def wall_seconds(text):
    """`1:02:03.4` or `2:03.45` → seconds."""
    seconds = 0.0
    for part in text.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds


def module_name(file):
    """`oai-petstore.yaml` → `OaiPetstore`: from the file name, so documents with the same title cannot collide."""
    stem = re.sub(r"\.(ya?ml|json)$", "", file)
    words = re.split(r"[^A-Za-z0-9]+", stem)
    name = "".join(word[:1].upper() + word[1:] for word in words if word)
    return name if name[:1].isalpha() else "Spec" + name


def read_manifest(specs):
    with open(os.path.join(specs, "manifest.tsv")) as handle:
        header = handle.readline().rstrip("\n").split("\t")
        return [dict(zip(header, line.rstrip("\n").split("\t"))) for line in handle if line.strip()]


def read_expectations():
    """file → expected cause (e.g. `refused-swagger2`); lines `file<TAB>cause<TAB>why`, `#` comments."""
    expected = {}
    if os.path.exists(EXPECT_FILE):
        with open(EXPECT_FILE) as handle:
            for line in handle:
                if line.strip() and not line.startswith("#"):
                    fields = line.rstrip("\n").split("\t")
                    expected[fields[0]] = fields[1]
    return expected


def testing_flags(build_dir):
    """The `-I` and `-Xcc` module-map flags SwiftPM compiled CourierTesting with (its C dependencies: NIO, Atomics…).

    A module importing CourierTesting needs the same clang module maps; SwiftPM passes them per target, so they are
    read from the build description rather than guessed.
    """
    with open(os.path.join(build_dir, "debug.yaml")) as handle:
        text = handle.read()
    match = re.search(r'\n  "C\.CourierTesting-[^"]*-debug\.module":\n(?:    [^\n]*\n)*?    args: (\[[^\n]*\])', text)
    if not match:
        sys.exit("openapi-corpus: CourierTesting's compile command is not in .build/debug.yaml; run `swift build` first")
    args, flags, index = json.loads(match.group(1)), [], 0
    while index < len(args):
        if args[index] == "-Xcc" and args[index + 1].startswith("-fmodule-map-file="):
            flags += args[index:index + 2]
            index += 2
        elif args[index] == "-Xcc" and args[index + 1] == "-I":
            flags += args[index:index + 4]
            index += 4
        elif args[index] == "-I":
            flags += args[index:index + 2]
            index += 2
        else:
            index += 1
    return flags


def swift_files(directory):
    found = []
    for base, _, files in os.walk(directory):
        found += [os.path.join(base, name) for name in files if name.endswith(".swift")]
    return sorted(found)


# One Clang module cache for the whole run, warmed before the first measurement (`warm_module_cache`): each
# document's figures are then its own code's cost, as in a SwiftPM build whose dependencies are already built,
# not the one-off cost of building the C modules of Foundation and Glibc again for every document.
MODULE_CACHE = [None]


def warm_module_cache(work_root, flags, timeout):
    MODULE_CACHE[0] = os.path.join(work_root, "ModuleCache")
    warm = os.path.join(work_root, "warm-up")
    os.makedirs(warm, exist_ok=True)
    source = os.path.join(warm, "WarmUp.swift")
    with open(source, "w") as handle:
        handle.write("import Courier\nimport CourierTesting\nimport Foundation\n")
    step = compile_module("WarmUp", [source], warm, flags, timeout)
    if step.status != 0:
        sys.exit("openapi-corpus: cannot compile `import Courier` against the build:\n" + step.output[-2000:])


def compile_module(name, sources, work, extra_flags, timeout):
    """swiftc of one generated module; a warning fails it as `compile-warning`, an error as `compile-error`."""
    command = [
        "swiftc", "-c", "-parse-as-library", "-module-name", name, "-swift-version", "6",
        "-enable-upcoming-feature", "ExistentialAny", "-Onone", "-enable-batch-mode", "-j", "2",
        "-I", work, "-module-cache-path", MODULE_CACHE[0],
        "-emit-module-path", os.path.join(work, name + ".swiftmodule"),
    ] + extra_flags + sources
    objects = os.path.join(work, name + ".o.d")
    os.makedirs(objects, exist_ok=True)
    step = timed(command, objects, timeout, os.path.join(work, name + ".compile.log"))
    if step.cause is None:
        if step.status != 0:
            step.cause = "compile-error" if step.status == 1 else "compiler-crash"
        elif re.search(r"\bwarning:", step.output):
            step.cause = "compile-warning"
    return step


def first_messages(output, kind):
    lines = [line.strip() for line in output.splitlines() if re.match(rf"^\S.*\b{kind}:", line)]
    return lines[:3] or [line.strip() for line in output.strip().splitlines()[-3:]]


class Result:
    def __init__(self, row):
        self.file, self.row = row["file"], row
        self.cause, self.messages, self.expected = None, [], False
        self.generate = self.library = self.testing = None
        self.lines = self.warnings = None

    @property
    def passed(self):
        return self.cause is None or self.expected


def run_document(row, args, courier, flags, work_root, expected):
    result = Result(row)
    spec = os.path.join(args.specs, row["file"])
    name = module_name(row["file"])
    work = os.path.join(work_root, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    output = os.path.join(work, "package")
    command = [courier, "generate", spec, "--output", output, "--name", name, "--courier-path", ROOT, "--no-tests"]
    result.generate = step = timed(command, work, args.timeout, os.path.join(work, "generate.log"))
    result.warnings = len(re.findall(r"^warning:", step.output, re.M))
    if step.cause:
        result.cause, result.messages = step.cause, first_messages(step.output, "error")
    elif step.status == EXIT_REFUSED:
        result.cause, result.messages = "refused", first_messages(step.output, "error")
        if "swagger" in step.output.lower():
            result.cause = "refused-swagger2"
    elif step.status == 1:
        result.cause, result.messages = "load-error", first_messages(step.output, "error")
    elif step.status != 0:
        result.cause, result.messages = "generator-crash", first_messages(step.output, "error")
    if result.cause:
        result.expected = expected.get(row["file"]) == result.cause
        return result

    library_sources = swift_files(os.path.join(output, "Sources", name))
    result.lines = sum(sum(1 for _ in open(path)) for path in swift_files(os.path.join(output, "Sources")))
    result.library = compile_module(name, library_sources, work, ["-I", args.modules], args.timeout)
    if result.library.cause:
        result.cause = result.library.cause
        result.messages = first_messages(result.library.output, "warning" if result.cause == "compile-warning" else "error")
        return result
    testing_sources = swift_files(os.path.join(output, "Sources", name + "Testing"))
    if testing_sources:
        result.testing = compile_module(name + "Testing", testing_sources, work, flags, args.timeout)
        if result.testing.cause:
            result.cause = result.testing.cause
            result.messages = first_messages(
                result.testing.output, "warning" if result.cause == "compile-warning" else "error")
    result.expected = expected.get(row["file"]) == result.cause if result.cause else False
    return result


def figure(value, digits=1):
    return "-" if value is None else f"{value:.{digits}f}"


def summary_line(result):
    status = "ok" if result.cause is None else ("ok (expected " + result.cause + ")" if result.expected else "FAIL " + result.cause)
    parts = [f"{status:<32} {result.file:<34}"]
    if result.generate:
        parts.append(f"gen {figure(result.generate.seconds, 2)} s {figure(result.generate.rss_mb, 0)} MB")
    if result.lines is not None:
        parts.append(f"{result.lines:,} lines, {result.warnings} warnings")
    if result.library:
        parts.append(f"compile {figure(result.library.seconds)} s {figure(result.library.rss_mb, 0)} MB")
    if result.testing:
        parts.append(f"testing {figure(result.testing.seconds)} s {figure(result.testing.rss_mb, 0)} MB")
    return " · ".join(parts)


MULTIFILE_FIXTURES = os.path.join(ROOT, "Tests", "OpenAPIFixtures", "multifile")
SPLITTER = os.path.join(ROOT, "scripts", "redocly-split.py")


def package_differences(expected_dir, actual_dir):
    """The files (relative paths) that differ between two generated packages, missing ones included."""
    def files(directory):
        found = {}
        for base, _, names in os.walk(directory):
            for name in names:
                path = os.path.join(base, name)
                found[os.path.relpath(path, directory)] = path
        return found
    expected, actual = files(expected_dir), files(actual_dir)
    differing = []
    for relative in sorted(set(expected) | set(actual)):
        if relative not in expected or relative not in actual:
            differing.append(relative)
            continue
        with open(expected[relative], "rb") as left, open(actual[relative], "rb") as right:
            if left.read() != right.read():
                differing.append(relative)
    return differing


def run_multifile_tier(rows, args, courier, flags, work_root, expected):
    """Generates and compiles each multi-file fixture, then each of `rows` split Redocly's way (compared with the
    unsplit document's output); prints and returns the results."""
    results = []
    fixtures = argparse.Namespace(**dict(vars(args), specs=MULTIFILE_FIXTURES))
    for name in sorted(os.listdir(MULTIFILE_FIXTURES)):
        if os.path.exists(os.path.join(MULTIFILE_FIXTURES, name, "openapi.yaml")):
            row = {"file": name + "/openapi.yaml", "operations": "-"}
            result = run_document(row, fixtures, courier, flags, work_root, expected)
            print(summary_line(result), flush=True)
            results.append(result)
    split_root = os.path.join(work_root, "split")
    splits = argparse.Namespace(**dict(vars(args), specs=split_root))
    for row in rows:
        split_dir = os.path.join(split_root, row["file"] + ".split")
        shutil.rmtree(split_dir, ignore_errors=True)
        split_row = dict(row, file=row["file"] + ".split/openapi.yaml")
        splitting = subprocess.run([sys.executable, SPLITTER, os.path.join(args.specs, row["file"]), split_dir],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if splitting.returncode != 0:
            result = Result(split_row)
            result.cause, result.messages = "split-error", splitting.stdout.strip().splitlines()[-3:]
        else:
            split_expected = {split_row["file"]: expected[row["file"]]} if row["file"] in expected else {}
            result = run_document(split_row, splits, courier, flags, work_root, split_expected)
            if result.cause is None:
                compare_with_unsplit(result, row, args, courier, work_root)
        print(summary_line(result), flush=True)
        results.append(result)
    return results


def compare_with_unsplit(result, row, args, courier, work_root):
    """Generates the unsplit document under the split one's module name; any difference fails as `split-differs`."""
    name = module_name(result.file)
    # At the split package's depth, so the relative path to Courier in Package.swift is the same too.
    unsplit = os.path.join(work_root, name + "-unsplit", "package")
    shutil.rmtree(os.path.dirname(unsplit), ignore_errors=True)
    command = [courier, "generate", os.path.join(args.specs, row["file"]), "--output", unsplit, "--name", name,
               "--courier-path", ROOT, "--no-tests", "--quiet"]
    generated = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=args.timeout)
    if generated.returncode != 0:
        result.cause, result.messages = "split-differs", ["the unsplit document failed: " + generated.stdout[-300:]]
        return
    differing = package_differences(unsplit, os.path.join(work_root, name, "package"))
    if differing:
        result.cause = "split-differs"
        result.messages = [f"{len(differing)} generated files differ from the unsplit document's: " + ", ".join(differing[:5])]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tier", choices=["ci", "stress", "all", "multifile"], default="ci")
    # The ci tier is committed (Tests/OpenAPIFixtures/corpus); the stress tier needs the whole corpus:
    # `--specs ../shared/openapi-specs`.
    parser.add_argument("--specs", default=os.path.join(ROOT, "Tests", "OpenAPIFixtures", "corpus"))
    parser.add_argument("--keep", metavar="DIR", help="keep the generated packages and logs in DIR")
    parser.add_argument("--write-benchmarks", action="store_true", help="with --compare-apple: rewrite its table")
    parser.add_argument("--only", action="append", default=[], metavar="FILE", help="only these documents (repeatable)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per step (default 1800)")
    parser.add_argument("--courier", help="default: .build/debug/courier (.build/release/courier with --compare-apple)")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, ".build"))
    openapi_compare_apple.add_arguments(parser)
    args = parser.parse_args()
    if args.write_benchmarks and not args.compare_apple:
        sys.exit("openapi-corpus: --write-benchmarks needs --compare-apple (the table compares both generators)")
    args.courier = args.courier or os.path.join(ROOT, ".build", "release" if args.compare_apple else "debug", "courier")
    if args.apple_prepare_only:
        openapi_compare_apple.prepare_apple(os.path.abspath(args.apple_work))
        return 0
    args.specs = os.path.abspath(args.specs)
    args.modules = os.path.join(args.build_dir, "debug", "Modules")
    if not os.path.exists("/usr/bin/time"):
        sys.exit("openapi-corpus: /usr/bin/time is missing (apt-get install time)")
    if not os.access(args.courier, os.X_OK) and not args.compare_apple:
        sys.exit(f"openapi-corpus: {args.courier} is missing; run `swift build` first")

    rows = [row for row in read_manifest(args.specs) if args.tier == "all" or row["tier"] == args.tier
            or (args.tier == "multifile" and (row["tier"] == "ci" or row["file"] in args.only))]
    if args.only:
        rows = [row for row in rows if row["file"] in args.only]
    expected = read_expectations()
    flags = ["-I", args.modules] + testing_flags(args.build_dir)
    work_root = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="openapi-corpus-")
    os.makedirs(work_root, exist_ok=True)
    if args.compare_apple:
        try:
            return openapi_compare_apple.run(args, rows, expected, flags, work_root, sys.modules[__name__])
        finally:
            if not args.keep:
                shutil.rmtree(work_root, ignore_errors=True)
    warm_module_cache(work_root, flags, args.timeout)

    results = []
    try:
        if args.tier == "multifile":
            results = run_multifile_tier(rows, args, os.path.abspath(args.courier), flags, work_root, expected)
            rows = []
        for row in rows:
            result = run_document(row, args, os.path.abspath(args.courier), flags, work_root, expected)
            print(summary_line(result), flush=True)
            results.append(result)
    finally:
        if not args.keep:
            shutil.rmtree(work_root, ignore_errors=True)

    failed = [result for result in results if not result.passed]
    causes = {}
    for result in failed:
        causes.setdefault(result.cause, []).append(result)
    for cause in sorted(causes):
        print(f"\n{cause} ({len(causes[cause])}):")
        for result in causes[cause]:
            print(f"  {result.file}")
            for message in result.messages:
                print(f"    {message[:300]}")
    print(f"\nopenapi-corpus: {len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
