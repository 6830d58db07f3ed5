#!/usr/bin/env bash
# Regenerates the Apple swift-openapi-generator client that CourierOpenAPITests runs through Courier.
# The output is committed, so CI never builds the generator (about 2–6 minutes here).
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.14.3
work=/tmp/swift-openapi-generator-$version
if [ ! -x "$work/.build/debug/swift-openapi-generator" ]; then
    rm -rf "$work"
    git clone --quiet --branch "$version" https://github.com/apple/swift-openapi-generator "$work"
    (cd "$work" && swift build --product swift-openapi-generator)
fi
rm -rf Tests/CourierOpenAPITests/AppleGenerated
"$work/.build/debug/swift-openapi-generator" generate --mode types --mode client --access-modifier internal \
    --output-directory Tests/CourierOpenAPITests/AppleGenerated Tests/OpenAPIFixtures/blog-platform-3.0.yaml
