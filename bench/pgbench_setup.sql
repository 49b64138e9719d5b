DROP TABLE IF EXISTS bench_events;
DROP SEQUENCE IF EXISTS bench_seq;
CREATE SEQUENCE bench_seq;
CREATE TABLE bench_events (game_id BIGINT NOT NULL, seq BIGINT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game_id, seq));
