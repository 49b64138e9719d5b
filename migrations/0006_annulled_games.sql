-- An annulled game of a tournament board is replayed (Art. 8.1, 8.2, 8.5,
-- 8.6, 14.5): the transaction that records the annulment creates the replay,
-- a new game on the same board, and points the board's game_id at it (see
-- server/src/replays.rs). The annulled game and its log stay; this table
-- keeps where it was played, its place among the board's annulled games
-- (1 = the first) and the game that replays it. The annulled game's row gives
-- up its board number (games.board becomes NULL; the number is kept here), so
-- UNIQUE (tournament_id, round, board) of games holds only the board's live
-- game. Portable like 0001: TEXT and BIGINT, constraints in CREATE TABLE.
-- Games annulled before this migration stay on their boards, unreplayed.
CREATE TABLE annulled_games (
    game_id        TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round          BIGINT NOT NULL CHECK (round >= 1),
    board          BIGINT NOT NULL CHECK (board >= 1),
    number         BIGINT NOT NULL CHECK (number >= 1),
    replay_game_id TEXT NOT NULL UNIQUE REFERENCES games (id),
    annulled_at    TEXT NOT NULL,
    UNIQUE (tournament_id, round, board, number)
);
