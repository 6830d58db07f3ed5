#!/usr/bin/env python3
"""Checks a HAR file against the HAR 1.2 required fields, and that no secret occurs in it.

Usage: check-har.py FILE [--secret TEXT]...

Exits 0 when the file is a HAR 1.2 document with every required field of the right type and none of
the given secrets appears anywhere in its text (raw or JSON-escaped); exits 1 and lists every problem
otherwise. Independent of Courier's own Codable model on purpose: it reads the file as plain JSON.
"""
import argparse
import json
import sys
from datetime import datetime

problems = []


def problem(path, message):
    problems.append(f"{path}: {message}")


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


KINDS = {
    "string": lambda v: isinstance(v, str),
    "number": is_number,
    "integer": is_int,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "boolean": lambda v: isinstance(v, bool),
}


def require(obj, path, fields):
    """Checks that `obj` has each (name, kind) of `fields`; returns whether all were there."""
    ok = True
    for name, kind in fields:
        if name not in obj:
            problem(path, f"missing required field '{name}'")
            ok = False
        elif not KINDS[kind](obj[name]):
            problem(f"{path}.{name}", f"should be a {kind}, is {type(obj[name]).__name__}")
            ok = False
    return ok


def optional(obj, path, fields):
    for name, kind in fields:
        if name in obj and not KINDS[kind](obj[name]):
            problem(f"{path}.{name}", f"should be a {kind}, is {type(obj[name]).__name__}")


def check_pairs(items, path):
    for index, item in enumerate(items):
        where = f"{path}[{index}]"
        if not isinstance(item, dict):
            problem(where, "should be an object")
            continue
        require(item, where, [("name", "string"), ("value", "string")])


def check_cookies(items, path):
    for index, item in enumerate(items):
        where = f"{path}[{index}]"
        if not isinstance(item, dict):
            problem(where, "should be an object")
            continue
        require(item, where, [("name", "string"), ("value", "string")])
        optional(item, where, [("path", "string"), ("domain", "string"), ("expires", "string"),
                               ("httpOnly", "boolean"), ("secure", "boolean")])


def check_request(request, path):
    if not require(request, path, [
        ("method", "string"), ("url", "string"), ("httpVersion", "string"), ("cookies", "array"),
        ("headers", "array"), ("queryString", "array"), ("headersSize", "integer"), ("bodySize", "integer"),
    ]):
        return
    check_cookies(request["cookies"], f"{path}.cookies")
    check_pairs(request["headers"], f"{path}.headers")
    check_pairs(request["queryString"], f"{path}.queryString")
    if "postData" in request:
        post = request["postData"]
        where = f"{path}.postData"
        if not isinstance(post, dict):
            problem(where, "should be an object")
        else:
            require(post, where, [("mimeType", "string")])
            optional(post, where, [("text", "string"), ("params", "array")])


def check_response(response, path):
    if not require(response, path, [
        ("status", "integer"), ("statusText", "string"), ("httpVersion", "string"), ("cookies", "array"),
        ("headers", "array"), ("content", "object"), ("redirectURL", "string"), ("headersSize", "integer"),
        ("bodySize", "integer"),
    ]):
        return
    check_cookies(response["cookies"], f"{path}.cookies")
    check_pairs(response["headers"], f"{path}.headers")
    content = response["content"]
    where = f"{path}.content"
    require(content, where, [("size", "integer"), ("mimeType", "string")])
    optional(content, where, [("text", "string"), ("encoding", "string"), ("compression", "integer")])
    if "encoding" in content and content["encoding"] != "base64":
        problem(f"{where}.encoding", f"only 'base64' is defined, found {content['encoding']!r}")


def check_entry(entry, path):
    if not require(entry, path, [
        ("startedDateTime", "string"), ("time", "number"), ("request", "object"), ("response", "object"),
        ("cache", "object"), ("timings", "object"),
    ]):
        return
    try:
        datetime.fromisoformat(entry["startedDateTime"].replace("Z", "+00:00"))
    except ValueError:
        problem(f"{path}.startedDateTime", f"not ISO 8601: {entry['startedDateTime']!r}")
    check_request(entry["request"], f"{path}.request")
    check_response(entry["response"], f"{path}.response")
    timings = entry["timings"]
    if require(timings, f"{path}.timings", [("send", "number"), ("wait", "number"), ("receive", "number")]):
        optional(timings, f"{path}.timings", [("blocked", "number"), ("dns", "number"),
                                               ("connect", "number"), ("ssl", "number")])
        total = sum(value for key, value in timings.items()
                    if key in ("blocked", "dns", "connect", "send", "wait", "receive") and is_number(value) and value > 0)
        if abs(total - entry["time"]) > 0.01:
            problem(f"{path}.time", f"is {entry['time']}, but the timings add up to {total}")


def check_har(document):
    if not isinstance(document, dict) or not require(document, "$", [("log", "object")]):
        return
    log = document["log"]
    if not require(log, "$.log", [("version", "string"), ("creator", "object"), ("entries", "array")]):
        return
    if log["version"] != "1.2":
        problem("$.log.version", f"expected '1.2', found {log['version']!r}")
    require(log["creator"], "$.log.creator", [("name", "string"), ("version", "string")])
    for index, entry in enumerate(log["entries"]):
        if not isinstance(entry, dict):
            problem(f"$.log.entries[{index}]", "should be an object")
            continue
        check_entry(entry, f"$.log.entries[{index}]")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--secret", action="append", default=[], help="text that must not occur in the file")
    arguments = parser.parse_args()

    with open(arguments.file, "rb") as handle:
        raw = handle.read()
    text = raw.decode("utf-8")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"{arguments.file}: not JSON: {error}", file=sys.stderr)
        return 1
    check_har(document)
    decoded = json.dumps(document, ensure_ascii=False)
    for secret in arguments.secret:
        # Raw text catches escapes JSON leaves alone; the re-dumped document catches `\u` escapes.
        if secret in text or secret in decoded:
            problem("$", f"the secret {secret!r} occurs in the file")

    for line in problems:
        print(f"{arguments.file}: {line}", file=sys.stderr)
    if not problems:
        entries = len(document["log"]["entries"])
        print(f"{arguments.file}: HAR 1.2, {entries} entries, no secret found")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
