#!/usr/bin/env bash
# What depending on Courier costs a user's app (issue #26): a throwaway one-file app that imports `Courier` and
# `CourierAsyncHTTPClient` and builds a `Client(transport: AsyncHTTPClientTransport())`, resolved and built from
# cold (its own scratch folder, its own empty repository cache, a manifest cache under the scratch folder), timed by
# GNU time. Prints one Markdown table row per run:
#   | label | packages | fetched MiB | resolve wall s | resolve user+sys s | build wall s | build user+sys s | peak RSS MiB |
# packages: every package in the graph, Courier included; fetched: the size of the git clones SwiftPM made.
#
#   scripts/measure-package-weight.sh [--checkout DIR] [--rev REV] [--label TEXT] [--traits LIST|default]
#                                     [--dependency path|git] [--resolve-only] [--keep]
#
# --checkout  the Courier clone to measure (default: this one); it is cloned at --rev (default HEAD) into the
#             throwaway folder, so uncommitted changes are not measured and the clone's own .build is never read.
# --traits    what the app writes on its `.package` line: `default` writes no `traits:` argument (Courier's default
#             traits), anything else is a comma-separated list written as `traits: [...]` ("" gives `traits: []`).
# --dependency `path` (`.package(path:)`, the default) or `git` (`.package(url: "file://…", branch:)`, as a user
#             depending on the repository gets it).
# --resolve-only  skips the build (its columns print as -).
# Every swift command runs under the shared build lock (/tmp/courier-build.lock); the time waiting for it is not
# measured. github.com addresses resolve to the machine's local copies (git's `insteadOf`), so "resolve" measures
# cloning and reading manifests, not the network.
set -euo pipefail

checkout="$(cd "$(dirname "$0")/.." && pwd)"
rev=HEAD
label=""
traits=default
dependency=path
keep=0
resolve_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --checkout) checkout="$(cd "$2" && pwd)"; shift 2 ;;
        --rev) rev="$2"; shift 2 ;;
        --label) label="$2"; shift 2 ;;
        --traits) traits="$2"; shift 2 ;;
        --dependency) dependency="$2"; shift 2 ;;
        --resolve-only) resolve_only=1; shift ;;
        --keep) keep=1; shift ;;
        *) echo "measure-package-weight: unknown argument '$1' (see the comment at the top)" >&2; exit 64 ;;
    esac
done
case "$dependency" in path|git) ;; *) echo "measure-package-weight: --dependency is path or git" >&2; exit 64 ;; esac
[ -x /usr/bin/time ] || { echo "measure-package-weight: needs GNU time (apt-get install time)" >&2; exit 69; }

work="$(mktemp -d /tmp/courier-weight.XXXXXX)"
if [ "$keep" = 0 ]; then trap 'rm -rf "$work"' EXIT; else echo "measure-package-weight: keeping $work" >&2; fi

# A clean clone named `courier`, so the package's identity is what a user's would be.
git clone -q --no-hardlinks "$checkout" "$work/courier"
git -C "$work/courier" checkout -q -B measured "$(git -C "$checkout" rev-parse "$rev")"
commit="$(git -C "$work/courier" rev-parse --short HEAD)"
[ -n "$label" ] || label="$commit"

if [ "$traits" = default ]; then
    traits_argument=""
else
    traits_argument=", traits: [$(echo "$traits" | awk -F, '{ for (i = 1; i <= NF; i++) if ($i != "") printf "%s\"%s\"", (n++ ? ", " : ""), $i }')]"
fi
if [ "$dependency" = path ]; then
    package_line=".package(path: \"$work/courier\"$traits_argument)"
else
    package_line=".package(url: \"file://$work/courier\", branch: \"measured\"$traits_argument)"
fi

mkdir -p "$work/app/Sources/App"
cat > "$work/app/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14)],
    dependencies: [
        $package_line,
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "Courier", package: "courier"),
                .product(name: "CourierAsyncHTTPClient", package: "courier"),
            ]
        ),
    ]
)
EOF
cat > "$work/app/Sources/App/main.swift" <<'EOF'
import Courier
import CourierAsyncHTTPClient

let client = Client(transport: AsyncHTTPClientTransport())
_ = client
EOF

swift_options=(--package-path "$work/app" --scratch-path "$work/app/.build" --cache-path "$work/cache"
    --manifest-cache local)

# Runs "$@" under the build lock and GNU time; leaves time's report in $work/$name.time and the output in .log.
timed() {
    local name="$1"; shift
    if ! flock /tmp/courier-build.lock /usr/bin/time -v -o "$work/$name.time" "$@" >"$work/$name.log" 2>&1; then
        echo "measure-package-weight: '$*' failed:" >&2
        tail -n 30 "$work/$name.log" >&2
        exit 1
    fi
}
# wall seconds, user+sys seconds, peak RSS in MiB (the largest single process, as GNU time reports it).
read_time() {
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = 0; for (i = 1; i <= n; i++) wall = wall * 60 + p[i] }
        /User time/ { cpu += $2 }
        /System time/ { cpu += $2 }
        /Maximum resident set size/ { rss = $2 / 1024 }
        END { printf "%.1f %.1f %.0f\n", wall, cpu, rss }' "$1"
}

timed resolve swift package "${swift_options[@]}" resolve
if [ "$resolve_only" = 0 ]; then timed build swift build "${swift_options[@]}"; fi
if [ "$resolve_only" = 0 ] && grep -q "^$work/app/.*warning:" "$work/build.log"; then
    echo "measure-package-weight: the app's build printed warnings:" >&2
    grep "^$work/app/.*warning:" "$work/build.log" | sort -u >&2
fi

pins="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["pins"]))' "$work/app/Package.resolved")"
fetched="$(du -sm "$work/cache/repositories" | cut -f1)"
checkouts="$(find "$work/app/.build/checkouts" -mindepth 1 -maxdepth 1 -type d | wc -l)"
# Courier itself is a pin only when it is a git dependency; count it either way.
if [ "$dependency" = path ]; then packages=$((pins + 1)); else packages=$pins; fi
read -r resolve_wall resolve_cpu resolve_rss < <(read_time "$work/resolve.time")
if [ "$resolve_only" = 0 ]; then
    read -r build_wall build_cpu build_rss < <(read_time "$work/build.time")
else
    build_wall=- build_cpu=- build_rss=0
fi
peak=$(( resolve_rss > build_rss ? resolve_rss : build_rss ))
echo "measure-package-weight: $label ($commit, $dependency, traits: $traits): $pins pins, $checkouts checkouts:" \
    "$(python3 -c 'import json, sys; print(" ".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' "$work/app/Package.resolved")" >&2
echo "| $label | $packages | $fetched | $resolve_wall | $resolve_cpu | $build_wall | $build_cpu | $peak |"
