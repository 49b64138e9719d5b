-- The due-results sweep (server/src/due.rs) lists the open live games once a
-- second. A game whose board has its result entered (imported from TRF,
-- typed in by an arbiter) cannot fall due: `board_settled` marks it (set
-- with the board's result, in the same statement's transaction; a board's
-- result is corrected, never removed), and a partial index holds only the
-- games still open, so a pass costs what is open, not every game ever
-- paired.
ALTER TABLE games ADD COLUMN board_settled BIGINT NOT NULL DEFAULT 0 CHECK (board_settled IN (0, 1));
UPDATE games SET board_settled = 1
    WHERE EXISTS (SELECT 1 FROM boards b WHERE b.game_id = games.id AND b.result IS NOT NULL);
CREATE INDEX games_open_live ON games (id)
    WHERE mode = 'live' AND status NOT IN ('finished', 'annulled') AND board_settled = 0;
