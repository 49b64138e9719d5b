#!/usr/bin/env python3
"""Benchmark: a large Swiss run through the REST API.

Imports TRF (a file from `bench/swiss_history.py`), sets five tie-breaks,
pairs the next round through `POST /tournaments/{id}/rounds`, then reads the
standings and the three exports, timing each request from the client. While
the round is being paired a second thread GETs `/health` without
pause and reports the slowest of those answers: pairing must not block the
server's other requests.

    ARBITER_ADMIN_TOKEN=bench arbiter serve --listen 127.0.0.1:8092 \
        --database-url sqlite:///tmp/large.db &
    python3 bench/large_event.py http://127.0.0.1:8092 bench r2.trf

Prints one line per step: name, wall seconds, response size. Standard
library only. See docs/benchmarks.md, "server: a large event through the API".
"""

import json
import sys
import threading
import time
import urllib.request

TIEBREAKS = ["BH/C1", "BH", "SB", "DE", "WIN"]


def request(base, method, path, token=None, body=None, content_type="application/json"):
    data = None
    headers = {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers["Content-Type"] = content_type
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            payload = r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        payload = e.read()
        status = e.code
    elapsed = time.perf_counter() - start
    if status >= 300:
        sys.exit(f"{method} {path}: HTTP {status}: {payload[:500]!r}")
    return elapsed, payload


def step(name, elapsed, payload):
    print(f"{name:<28} {elapsed:8.3f} s {len(payload):>12,} bytes", flush=True)


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit("usage: large_event.py BASE_URL ADMIN_TOKEN FILE.trf")
    base, admin, trf = sys.argv[1], sys.argv[2], sys.argv[3]
    _, body = request(base, "POST", "/api/v1/tokens", admin, {"role": "organiser"})
    org = json.loads(body)["token"]
    with open(trf, "rb") as f:
        text = f.read()
    elapsed, body = request(base, "POST", "/api/v1/tournaments/import", org, text, "text/plain")
    step("import TRF", elapsed, body)
    t = json.loads(body)
    tid = t["id"]
    elapsed, body = request(base, "PATCH", f"/api/v1/tournaments/{tid}", org, {"tiebreaks": TIEBREAKS})
    step("set five tie-breaks", elapsed, body)

    # Pair the next round while another client keeps asking for /health.
    stop = threading.Event()
    probes = []

    def probe():
        while not stop.is_set():
            start = time.perf_counter()
            with urllib.request.urlopen(base + "/health", timeout=600) as r:
                r.read()
            probes.append(time.perf_counter() - start)

    thread = threading.Thread(target=probe)
    thread.start()
    try:
        elapsed, body = request(base, "POST", f"/api/v1/tournaments/{tid}/rounds", org, {})
    finally:
        stop.set()
        thread.join()
    paired = json.loads(body)
    step(f"pair round {paired['round']}", elapsed, body)
    print(
        f"{'  /health during pairing':<28} {len(probes)} answers, slowest {max(probes) * 1000:.1f} ms",
        flush=True,
    )

    for name, path in [
        ("standings", f"/api/v1/tournaments/{tid}/standings"),
        ("export json", f"/api/v1/tournaments/{tid}/export/json"),
        ("export trf", f"/api/v1/tournaments/{tid}/export/trf"),
        ("export pgn", f"/api/v1/tournaments/{tid}/export/pgn"),
    ]:
        elapsed, body = request(base, "GET", path, org)
        step(name, elapsed, body)


if __name__ == "__main__":
    main()
