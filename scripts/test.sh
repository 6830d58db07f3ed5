#!/usr/bin/env bash
# The README's test command. Installs what the tests need beyond Swift, then runs every test:
# - curl (the observability tests paste Courier's cURL descriptions into a shell), GNU time (the OpenAPI corpus
#   script measures peak memory) and python3-venv, from apt when missing;
# - httpbin, a FastAPI app and an aiohttp echo that decodes compressed requests, from PyPI, pinned, in a venv under
#   .build (scripts/openapi-e2e/start.sh starts them on free loopback ports for the end-to-end tests, and stops them
#   when this script exits);
# then `swift test` with any arguments given here (`scripts/test.sh --filter OpenAPIE2ETests`).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v curl >/dev/null || missing+=(curl ca-certificates)
[ -x /usr/bin/time ] || missing+=(time)
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)   # CourierCompression builds against the system zlib
if [ ${#missing[@]} -gt 0 ]; then
    echo "test.sh: installing ${missing[*]}" >&2
    if [ "$(id -u)" = 0 ]; then
        apt-get update && apt-get install -y --no-install-recommends "${missing[@]}"
    else
        sudo apt-get update && sudo apt-get install -y --no-install-recommends "${missing[@]}"
    fi
fi

# The end-to-end tests fail (rather than skip) when the servers are missing.
export COURIER_REQUIRE_E2E=1
swift build --build-tests
# shellcheck source=openapi-e2e/start.sh
source scripts/openapi-e2e/start.sh
# shellcheck source=nginx-e2e.sh
source scripts/nginx-e2e.sh   # NGINX_URL, NGINX_ROOT for the resumable-download tests
swift test --skip-build "$@"
