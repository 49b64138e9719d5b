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
# figures).
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
  pgbench -h 127.0.0.1 -U postgres -n -c 100 -j 2 -T "$SECONDS_PER_RUN" \
    -f "$here/pgbench_insert.sql" bench 2>/dev/null | awk '/^tps/ {printf "pgbench c=100 tps=%.0f\n", $3}'
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
  "$BIN/examples/record_moves" --addr "127.0.0.1:$PORT" --games "$games" \
    --seconds "$SECONDS_PER_RUN" --plies 80 | tr '\n' ' '
  awk '{printf "server_cpu_s=%.1f\n", ($14 + $15) / 100}' "/proc/$server/stat"
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
