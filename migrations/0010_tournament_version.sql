-- A tournament's version: bumped in the transaction of every change that its
-- public pages show (settings, players, rounds, boards, results, a recorded
-- game's end or annulment), as the last write before the commit. The page
-- cache (server/src/web/cache.rs) reads it per request, so a page rendered by
-- any process is served only while nothing it shows has changed. A table of
-- its own, not a column of `tournaments`: pairing and un-pairing lock the
-- tournament row before the games of a round, and a game's end locks its game
-- before the tournament's version, so one row for both would let the two
-- wait on each other.
CREATE TABLE tournament_versions (
    tournament_id TEXT PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    version       BIGINT NOT NULL DEFAULT 0
);
INSERT INTO tournament_versions (tournament_id, version) SELECT id, 0 FROM tournaments;
