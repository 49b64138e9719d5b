#!/usr/bin/env python3
"""Benchmark input: a TRF file of a large Swiss with ROUNDS rounds played.

The history is Swiss-like, not a Dutch pairing: each round the players are
sorted by score (then start number) and each takes, from the top, an
opponent it has not met from about half a chunk of up to 100 players below
it; the player with fewer whites gets white (ties by coin). Results: 40 %
white wins, 30 % draws, 28 % black wins, 2 % white wins by forfeit; an odd
field's last player gets a pairing-allocated bye. `XXR` is set to TOTAL so
the round paired next (ROUNDS + 1) need not be the last one. Standard
library only; the output depends only on the arguments.

    python3 bench/swiss_history.py 9998 3 23 r4.trf 11   # round 4 of 11
    arbiter pair --dutch r4.trf -p pairs.txt

A sixth argument `draws` makes every game a draw (the whole field stays one
score group: the widest bracket there is). With ROUNDS = 0 the file gets
`XXC white1`, as round 1 needs the initial colour.

See docs/benchmarks.md, "FIDE Dutch pairing".
"""

import random
import sys


def main() -> None:
    if len(sys.argv) not in (5, 6, 7) or (len(sys.argv) == 7 and sys.argv[6] != "draws"):
        sys.exit("usage: swiss_history.py PLAYERS ROUNDS SEED OUT.trf [TOTAL_ROUNDS [draws]]")
    n, rounds, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    total = int(sys.argv[5]) if len(sys.argv) >= 6 else rounds + 1
    all_draws = len(sys.argv) == 7
    if not 2 <= n <= 9999 or rounds < 0 or total <= rounds:
        sys.exit("need 2..9999 players (TRF start numbers have four digits) and TOTAL > ROUNDS")
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(n)), reverse=True)
    score = [0.0] * n
    history = [[] for _ in range(n)]  # (opponent start number or 0, colour, result)
    met = [set() for _ in range(n)]
    whites = [0] * n
    for _ in range(rounds):
        unpaired = sorted(range(n), key=lambda p: (-score[p], p))
        if len(unpaired) % 2:
            bye = unpaired.pop()
            history[bye].append((0, "-", "U"))
            score[bye] += 1.0
        pairs = []
        while unpaired:
            a = unpaired.pop(0)
            half = max(1, min(len(unpaired) // 2, 50))
            pick = next(
                (j for j in range(half - 1, len(unpaired)) if unpaired[j] not in met[a]), 0
            )
            pairs.append((a, unpaired.pop(pick)))
        for a, b in pairs:
            if whites[a] > whites[b] or (whites[a] == whites[b] and rng.random() < 0.5):
                a, b = b, a
            whites[a] += 1
            x = rng.random()
            if all_draws:
                ra, rb, sa = "=", "=", 0.5
            elif x < 0.02:
                ra, rb, sa = "+", "-", 1.0
            elif x < 0.42:
                ra, rb, sa = "1", "0", 1.0
            elif x < 0.72:
                ra, rb, sa = "=", "=", 0.5
            else:
                ra, rb, sa = "0", "1", 0.0
            score[a] += sa
            score[b] += 1.0 - sa
            history[a].append((b + 1, "w", ra))
            history[b].append((a + 1, "b", rb))
            met[a].add(b)
            met[b].add(a)
    rank = {p: i + 1 for i, p in enumerate(sorted(range(n), key=lambda p: (-score[p], p)))}
    with open(out, "w", encoding="ascii") as f:
        f.write(f"012 Benchmark {n} players, seed {seed}\n")
        f.write(f"XXR {total}\n")
        if rounds == 0:
            f.write("XXC white1\n")
        for p in range(n):
            name = f"Bench, Player{p + 1:05d}"
            line = f"001 {p + 1:4d}      {name:<33} {ratings[p]:4d} FID {'':11} {'':10} "
            line += f"{score[p]:4.1f} {rank[p]:4d}"
            for opp, colour, result in history[p]:
                line += f"  {opp:04d} {colour} {result}" if opp == 0 else f"  {opp:4d} {colour} {result}"
            f.write(line.rstrip() + "\n")


if __name__ == "__main__":
    main()
