#!/usr/bin/env bash
# Regenerates the committed generated packages under Tests/OpenAPIGenerated/ from Tests/OpenAPIFixtures/ and
# compares them with what is committed (golden + determinism): any difference fails with the diff.
# `--update` writes the regenerated packages in place instead (after a generator change or a FastAPI upgrade).
# Needs `swift build` first (.build/debug/courier).
set -euo pipefail
cd "$(dirname "$0")/.."

update=0
[ "${1:-}" = "--update" ] && update=1

# name<TAB>fixture: each generated package and the document it comes from (Droplets: the root file of a multi-file
# document, DigitalOcean's layout in small).
packages=(
    "BlogPlatform	Tests/OpenAPIFixtures/blog-platform-3.0.yaml"
    "PetShop	Tests/OpenAPIFixtures/petshop-openapi.json"
    "HttpbinEcho	Tests/OpenAPIFixtures/httpbin-echo-subset-3.0.yaml"
    "HttpbinStyles	Tests/OpenAPIFixtures/httpbin-styles-3.0.yaml"
    "EventStream	Tests/OpenAPIFixtures/event-stream-3.1.yaml"
    "Documents	Tests/OpenAPIFixtures/documents-3.1.yaml"
    "Droplets	Tests/OpenAPIFixtures/multifile/path-item-files/openapi.yaml"
    "OAuthAPI	Tests/OpenAPIFixtures/oauth-api-3.2.yaml"
)

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
status=0
for entry in "${packages[@]}"; do
    name="${entry%%	*}"
    fixture="${entry#*	}"
    if [ ! -f "$fixture" ]; then
        echo "check-generated: $fixture is missing (the source of $name)" >&2
        status=1
        continue
    fi
    target="Tests/OpenAPIGenerated/$name"
    out="$scratch/$name"
    .build/debug/courier generate "$fixture" --output "$out" --name "$name" --courier-path ../../.. --quiet
    if [ "$update" = 1 ]; then
        rm -rf "$target"
        mkdir -p "$(dirname "$target")"
        cp -R "$out" "$target"
        echo "check-generated: updated $target"
    elif ! diff -r "$target" "$out"; then
        echo "check-generated: $target differs from what courier generate writes now (regenerate: scripts/check-generated.sh --update)" >&2
        status=1
    fi
done
exit $status
