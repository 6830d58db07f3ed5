#!/usr/bin/env python3
"""Runs cookie cases through Python's http.cookiejar, as an independent oracle for Courier's CookieJar.

Usage: cookiejar_oracle.py cases.json

cases.json holds {"cases": [...]}; each case has a "name", "set" (a list of {"url", "cookies"}: the
Set-Cookie field values a response from that URL carried, applied in order) and "ask" (URLs). For each
case this prints the Cookie header http.cookiejar.CookieJar would send to each asked URL (null for
none), as one JSON object {name: [header, ...]}.

The policy is DefaultCookiePolicy(rfc2965=False): Netscape-style cookies, the closest http.cookiejar
comes to RFC 6265. Its known departures from RFC 6265 are marked in the cases ("differs"), not here.
"""
import email.message
import http.cookiejar
import json
import sys
import urllib.request


class Response:
    """The one thing CookieJar.extract_cookies reads from a response: its header fields."""

    def __init__(self, set_cookies):
        self._headers = email.message.Message()
        for value in set_cookies:
            self._headers["Set-Cookie"] = value

    def info(self):
        return self._headers


def run(case):
    jar = http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(rfc2965=False))
    for step in case["set"]:
        jar.extract_cookies(Response(step["cookies"]), urllib.request.Request(step["url"]))
    headers = []
    for url in case["ask"]:
        request = urllib.request.Request(url)
        jar.add_cookie_header(request)
        headers.append(request.get_header("Cookie"))
    return headers


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        cases = json.load(handle)["cases"]
    json.dump({case["name"]: run(case) for case in cases}, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
