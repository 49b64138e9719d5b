#!/usr/bin/env python3
"""Benchmark: server time of a tournament's heaviest pages.

GETs each page COUNT times (one at a time, no compression) from a running
`arbiter serve` whose log (stderr, `RUST_LOG` at least `server=info`) is in
LOG, then reads each request's `latency_ms` from that log — the server's
own time from the request to the response head, the page fully rendered —
and prints p50, p99 and max per page, beside the client's time.

    ARBITER_ADMIN_TOKEN=bench arbiter serve --listen 127.0.0.1:8091 \
        --database-url sqlite:///tmp/pages.db 2> /tmp/pages.log &
    python3 bench/page_times.py http://127.0.0.1:8091 TOURNAMENT_ID /tmp/pages.log [COUNT]

Pages: standings, crosstable and the last round's pairings. Standard
library only. See docs/benchmarks.md, "server: live viewers and pages".
"""

import json
import re
import sys
import time
import urllib.request


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def main() -> None:
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: page_times.py BASE_URL TOURNAMENT_ID SERVER_LOG [COUNT]")
    base, tid, log = sys.argv[1], sys.argv[2], sys.argv[3]
    count = int(sys.argv[4]) if len(sys.argv) == 5 else 100
    with urllib.request.urlopen(f"{base}/api/v1/tournaments/{tid}") as r:
        t = json.load(r)
    rounds = t["rounds_paired"]
    pages = [
        f"/t/{tid}/standings",
        f"/t/{tid}/crosstable",
        f"/t/{tid}/rounds/{rounds}",
    ]
    client = {}
    for page in pages:
        times = []
        for _ in range(count):
            start = time.perf_counter()
            with urllib.request.urlopen(base + page) as r:
                body = r.read()
            times.append((time.perf_counter() - start) * 1e3)
        client[page] = (times, len(body))
    time.sleep(0.5)
    line = re.compile(r"path=(\S+).*latency_ms=([0-9.]+)")
    server = {page: [] for page in pages}
    with open(log, encoding="utf-8", errors="replace") as f:
        for text in f:
            m = line.search(text)
            if m and m.group(1) in server:
                server[m.group(1)].append(float(m.group(2)))
    print(f"tournament {tid}: {rounds} rounds paired, {count} requests per page")
    for page in pages:
        s = server[page][-count:]
        c, size = client[page]
        print(
            f"{page.replace(tid, '{id}')}: {size} bytes; server ms p50 {percentile(s, 50):.1f} "
            f"p99 {percentile(s, 99):.1f} max {max(s):.1f} ({len(s)} logged); "
            f"client ms p50 {percentile(c, 50):.1f} p99 {percentile(c, 99):.1f}"
        )


if __name__ == "__main__":
    main()
