-- pgbench custom script: the ceiling for "one short transaction per move".
-- One single-row INSERT per transaction into a table shaped like game_events.
--   psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE bench'
--   psql -h 127.0.0.1 -U postgres -d bench -f bench/pgbench_setup.sql
--   pgbench -h 127.0.0.1 -U postgres -n -c 100 -j 2 -T 20 -f bench/pgbench_insert.sql bench
\set game random(1, 100)
INSERT INTO bench_events (game_id, seq, body) VALUES (:game, nextval('bench_seq'), '{"type":"move","san":"Nf3","at_ms":0}');
