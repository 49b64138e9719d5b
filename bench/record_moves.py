#!/usr/bin/env python3
"""Load script: many concurrent games recording moves against a running server.

Each of --games threads owns one game and records moves in it as fast as the
server acknowledges them (POST /api/v1/games/{id}/events with expected_seq),
over one keep-alive connection. Prints moves/s and latency percentiles.
Standard library only. The Rust load generator
`crates/server/examples/record_moves.rs` does the same with far less client
CPU per move (see docs/benchmarks.md, "server: recording moves").

    ARBITER_ADMIN_TOKEN=secret arbiter serve &
    ARBITER_ADMIN_TOKEN=secret python3 bench/record_moves.py --games 100 --seconds 20
"""

import argparse
import http.client
import json
import os
import threading
import time
import urllib.parse

# Knights out and back: legal forever, never ends the game under fide-seed
# (repetition and the 50-move rule are by claim only there).
CYCLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def request(conn, method, path, token, body=None):
    headers = {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    payload = response.read()
    return response.status, payload


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--token", default=os.environ.get("ARBITER_ADMIN_TOKEN"))
    args = parser.parse_args()
    if not args.token:
        parser.error("give --token or set ARBITER_ADMIN_TOKEN")
    url = urllib.parse.urlparse(args.url)

    def connect():
        return http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)

    setup = connect()
    games = []
    for i in range(args.games):
        status, body = request(setup, "POST", "/api/v1/games", args.token,
                               {"white": f"White {i}", "black": f"Black {i}", "time_control": "5400+30"})
        assert status == 201, body
        game = json.loads(body)["id"]
        status, body = request(setup, "POST", f"/api/v1/games/{game}/events", args.token,
                               {"expected_seq": 0, "type": "start"})
        assert status == 201, body
        games.append(game)

    latencies = [[] for _ in games]
    errors = [0]
    start = threading.Barrier(len(games) + 1)
    stop_at = [0.0]

    def player(index, game):
        conn = connect()
        seq = 1
        start.wait()
        while time.perf_counter() < stop_at[0]:
            event = {"expected_seq": seq, "type": "move", "san": CYCLE[(seq - 1) % 4]}
            t0 = time.perf_counter()
            status, body = request(conn, "POST", f"/api/v1/games/{game}/events", args.token, event)
            t1 = time.perf_counter()
            if status != 201:
                errors[0] += 1
                print(f"game {game}: {status} {body[:200]!r}")
                return
            latencies[index].append(t1 - t0)
            seq += 1

    threads = [threading.Thread(target=player, args=(i, g), daemon=True) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    stop_at[0] = time.perf_counter() + args.seconds
    t_start = time.perf_counter()
    start.wait()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t_start
    samples = sorted(x for per in latencies for x in per)
    if not samples:
        print("no moves recorded")
        return 1

    def pct(p):
        return samples[min(len(samples) - 1, int(p / 100 * len(samples)))] * 1000

    print(f"games={len(games)} moves={len(samples)} seconds={elapsed:.1f} errors={errors[0]}")
    print(f"moves/s={len(samples) / elapsed:.0f} p50={pct(50):.2f}ms p90={pct(90):.2f}ms p99={pct(99):.2f}ms max={samples[-1] * 1000:.2f}ms")
    return 1 if errors[0] else 0


if __name__ == "__main__":
    raise SystemExit(main())
