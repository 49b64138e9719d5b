#!/usr/bin/env bash
# Recording moves under load on PostgreSQL, against pgbench in the same run
# (issue 35 item 4; docs/benchmarks.md, "server: recording moves").
#
#   cargo build --release -p cli --bin arbiter -p server --example record_moves
#   bench/move_load.sh [ROUNDS] [SECONDS]
#   ARBITER=path/to/other/arbiter GAMES="100" bench/move_load.sh 1 20   # another build, one size
#
# Per round: pgbench's single-row INSERT with 100 clients, then Arbiter with
# 25 and with 100 games recording at once (each on a fresh database, a new
# game every 80 plies), then pgbench again. With SPANS=1 one more Arbiter
# run per round logs every span of the move path and bench/move_spans.py
# summarises it (logging costs time: those runs are not the throughput
# figures). Each line ends with the CPU seconds the client (and, for
# Arbiter, the server) used and the machine's busy and idle seconds (all
# cores) over the run: divided by the moves or inserts, what one costs the
# machine and who pays.
set -euo pipefail
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-20}
PG=${PG:-postgres://postgres@127.0.0.1:5432}
PSQL="psql -q -h 127.0.0.1 -U postgres"
BIN=${BIN:-target/release}
ARBITER=${ARBITER:-$BIN/arbiter}
GAMES=${GAMES:-25 100}
PORT=${PORT:-8097}
export ARBITER_ADMIN_TOKEN=bench
here=$(cd "$(dirname "$0")" && pwd)

pgbench_run() {
  $PSQL -c 'DROP DATABASE IF EXISTS bench' -c 'CREATE DATABASE bench' 2>/dev/null
  $PSQL -d bench -f "$here/pgbench_setup.sql" 2>/dev/null
  local before after
  before=$(head -1 /proc/stat)
  /usr/bin/time -f "client_cpu_s=%U+%S" -o "/tmp/move_load_client.$$" \
    pgbench -h 127.0.0.1 -U postgres -n -c 100 -j 2 -T "$SECONDS_PER_RUN" \
    -f "$here/pgbench_insert.sql" bench 2>/dev/null | awk '/^tps/ {printf "pgbench c=100 tps=%.0f ", $3}'
  after=$(head -1 /proc/stat)
  machine_cpu "$before" "$after"
}

machine_cpu() { # /proc/stat's first line before and after: the client's CPU and the machine's
  tr '\n' ' ' < "/tmp/move_load_client.$$"
  rm -f "/tmp/move_load_client.$$"
  echo "$1 $2" | awk '{
    busy = ($13 + $14 + $15 + $18 + $19) - ($2 + $3 + $4 + $7 + $8)
    idle = ($16 + $17) - ($5 + $6)
    printf "machine_busy_s=%.1f machine_idle_s=%.1f\n", busy / 100, idle / 100 }'
}

arbiter_run() { # games [log]
  local games=$1 log=${2:-/dev/null}
  $PSQL -c 'DROP DATABASE IF EXISTS arbiter_load' -c 'CREATE DATABASE arbiter_load' 2>/dev/null
  "$ARBITER" serve --listen "127.0.0.1:$PORT" --database-url "$PG/arbiter_load" 2>"$log" &
  local server=$!
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break
    sleep 0.1
  done
  # The machine's busy and idle time over the run (/proc/stat, all CPUs,
  # in clock ticks) and the client's own CPU time: with the server's, what
  # a move costs the machine and who spends it.
  local before after
  before=$(head -1 /proc/stat)
  /usr/bin/time -f "client_cpu_s=%U+%S" -o "/tmp/move_load_client.$$" \
    "$BIN/examples/record_moves" --addr "127.0.0.1:$PORT" --games "$games" \
    --seconds "$SECONDS_PER_RUN" --plies 80 | tr '\n' ' '
  after=$(head -1 /proc/stat)
  awk '{printf "server_cpu_s=%.1f ", ($14 + $15) / 100}' "/proc/$server/stat"
  machine_cpu "$before" "$after"
  kill "$server"
  wait "$server" 2>/dev/null || true
}

for round in $(seq "$ROUNDS"); do
  echo "# round $round, load $(cut -d' ' -f1-3 /proc/loadavg)"
  pgbench_run
  for games in $GAMES; do
    RUST_LOG=warn arbiter_run "$games"
  done
  pgbench_run
  if [ "${SPANS:-0}" = 1 ]; then
    for games in $GAMES; do
      ARBITER_LOG_SPANS=1 RUST_LOG=warn,server=info,server::move=debug \
        arbiter_run "$games" "/tmp/move_spans_${games}_$round.log"
      python3 "$here/move_spans.py" "/tmp/move_spans_${games}_$round.log"
    done
  fi
done
