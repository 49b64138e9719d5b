#!/usr/bin/env python3
"""What a game's creation, its start and its first move cost the machine,
one request at a time (issue 35 item 4; docs/benchmarks.md, "a game's start
and end without a second look at its log").

Against a running server on 127.0.0.1:PORT (administrator token in
ARBITER_ADMIN_TOKEN) whose process id is SERVER_PID: POSTs N games, then
their starts, then their first moves, over one keep-alive connection, and
prints the CPU (utime + stime from /proc) the server and every `postgres`
process used per request in each step. Linux only; stdlib only.

    bench/game_setup_cost.py N SERVER_PID [PORT]
"""
import http.client
import json
import os
import subprocess
import sys


def ticks(pid):
    """utime + stime of a process, in clock ticks (0 once it has gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def cpu(server):
    postgres = subprocess.run(["pgrep", "postgres"], capture_output=True, text=True).stdout.split()
    return ticks(server), sum(ticks(p) for p in postgres)


def main():
    n, server = int(sys.argv[1]), sys.argv[2]
    port = int(sys.argv[3]) if len(sys.argv) > 3 else 8097
    hz = os.sysconf("SC_CLK_TCK")
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {
        "Authorization": f"Bearer {os.environ['ARBITER_ADMIN_TOKEN']}",
        "Content-Type": "application/json",
    }

    def post(path, body):
        conn.request("POST", path, body=json.dumps(body), headers=headers)
        response = conn.getresponse()
        data = response.read()
        if response.status != 201:
            sys.exit(f"{path}: {response.status} {data[:200]!r}")
        return json.loads(data)

    steps = []
    before = cpu(server)
    games = [
        post("/api/v1/games", {"white": f"W{i}", "black": f"B{i}", "time_control": "5400+30"})["id"]
        for i in range(n)
    ]
    steps.append(("create", before, cpu(server)))
    before = cpu(server)
    for game in games:
        post(f"/api/v1/games/{game}/events", {"expected_seq": 0, "type": "start"})
    steps.append(("start", before, cpu(server)))
    before = cpu(server)
    for game in games:
        post(f"/api/v1/games/{game}/events", {"expected_seq": 1, "type": "move", "san": "Nf3"})
    steps.append(("first move", before, cpu(server)))
    for name, (s0, p0), (s1, p1) in steps:
        us = 1e6 / hz / n
        print(f"{name}: server {(s1 - s0) * us:.0f} us, postgres {(p1 - p0) * us:.0f} us each")


if __name__ == "__main__":
    main()
