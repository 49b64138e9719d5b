#!/usr/bin/env python3
"""Where a move's time goes: percentiles of each span of the move path.

Reads the server's stderr log written with span-close lines, e.g.

    ARBITER_LOG_SPANS=1 RUST_LOG=server=info,server::move=debug \
        target/release/arbiter serve ... 2> spans.log
    python3 bench/move_spans.py spans.log

Each closing span prints `time.busy` (polled, on a CPU) and `time.idle`
(waiting: for the batch's commit, for a thread); the table gives both and
their sum for every span name (the request span is the whole request as the
server saw it, from its head read to its answer handed to the socket).
Only POSTs of events are counted for the request span.
"""

import re
import sys
from collections import defaultdict

UNITS = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}
LINE = re.compile(
    r"(?P<name>[a-z_]+)(?:\{(?P<fields>[^}]*)\})?: (?:[a-z_:]+: )?close "
    r"time\.busy=(?P<busy>[0-9.]+)(?P<bu>ns|µs|us|ms|s) "
    r"time\.idle=(?P<idle>[0-9.]+)(?P<iu>ns|µs|us|ms|s)"
)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def pct(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: move_spans.py LOG")
    spans = defaultdict(lambda: {"busy": [], "idle": [], "total": []})
    batch_sizes = []
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = ANSI.sub("", raw)
            m = LINE.search(line)
            if not m:
                continue
            name = m["name"]
            fields = m["fields"] or ""
            if name == "request":
                if "POST" not in fields or "/events" not in fields:
                    continue
                name = "request (POST …/events)"
            if name == "batch":
                w = re.search(r"writes=(\d+)", fields)
                if w:
                    batch_sizes.append(int(w[1]))
            busy = float(m["busy"]) * UNITS[m["bu"]]
            idle = float(m["idle"]) * UNITS[m["iu"]]
            s = spans[name]
            s["busy"].append(busy)
            s["idle"].append(idle)
            s["total"].append(busy + idle)
    print("| span | count | busy p50 | busy p99 | idle p50 | idle p99 | total p50 | total p99 | total mean |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, s in sorted(spans.items(), key=lambda kv: -sum(kv[1]["total"])):
        n = len(s["total"])
        mean = sum(s["total"]) / n
        print(
            f"| {name} | {n} | {pct(s['busy'], 50):.3f} | {pct(s['busy'], 99):.3f} | "
            f"{pct(s['idle'], 50):.3f} | {pct(s['idle'], 99):.3f} | "
            f"{pct(s['total'], 50):.3f} | {pct(s['total'], 99):.3f} | {mean:.3f} |"
        )
    if batch_sizes:
        print(
            f"\nbatches: {len(batch_sizes)}, writes per batch mean "
            f"{sum(batch_sizes) / len(batch_sizes):.1f}, p50 {pct(batch_sizes, 50)}, "
            f"max {max(batch_sizes)} (times in ms)"
        )


if __name__ == "__main__":
    main()
