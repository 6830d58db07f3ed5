#!/usr/bin/env python3
"""Compares two OpenAPI JSON documents as JSON (key order ignored) and names every difference by its JSON pointer.

Usage: compare-openapi.py SERVED COMMITTED. Exit 0 when equal, 1 (with the differences on stderr) when not. The
FastAPI PetShop document is committed (Tests/OpenAPIFixtures/petshop-openapi.json) and the generated package is
built from it; a FastAPI or pydantic upgrade that changes what the app serves must show up here, not as a
confusing failure of the end-to-end tests.
"""

import json
import sys


def differences(served, committed, pointer=""):
    if type(served) is not type(committed):
        return [f"{pointer or '/'}: served {json.dumps(served)[:120]}, committed {json.dumps(committed)[:120]}"]
    if isinstance(served, dict):
        found = []
        for key in sorted(set(served) | set(committed)):
            child = pointer + "/" + key.replace("~", "~0").replace("/", "~1")
            if key not in committed:
                found.append(f"{child}: only in the served document")
            elif key not in served:
                found.append(f"{child}: only in the committed document")
            else:
                found += differences(served[key], committed[key], child)
        return found
    if isinstance(served, list):
        if len(served) != len(committed):
            return [f"{pointer}: {len(served)} items served, {len(committed)} committed"]
        return [line for index, (a, b) in enumerate(zip(served, committed)) for line in differences(a, b, f"{pointer}/{index}")]
    if served != committed:
        return [f"{pointer}: served {json.dumps(served)}, committed {json.dumps(committed)}"]
    return []


def main():
    if len(sys.argv) != 3:
        print("usage: compare-openapi.py SERVED COMMITTED", file=sys.stderr)
        return 64
    with open(sys.argv[1]) as served, open(sys.argv[2]) as committed:
        found = differences(json.load(served), json.load(committed))
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
