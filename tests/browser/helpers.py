"""Helpers shared by the browser tests: the server's address, API calls, the figures report."""
import json
import os
import urllib.request

BASE_URL = os.environ.get("PP_BASE_URL", "http://127.0.0.1:8080").rstrip("/")

# Lines collected by tests and printed in the terminal summary (pytest -q hides stdout).
REPORT = []


def report(line):
    REPORT.append(line)
    print(line)


def api_json(path, data=None, content_type=None, timeout=60):
    req = urllib.request.Request(BASE_URL + path, data=data, method="POST" if data is not None else "GET")
    if content_type:
        req.add_header("Content-Type", content_type)
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return r.status, json.loads(r.read())


def api_bytes(path, timeout=120):
    with urllib.request.urlopen(BASE_URL + path, timeout=timeout) as r:
        return r.read()


def url(fragment=""):
    return f"{BASE_URL}/{fragment}"
