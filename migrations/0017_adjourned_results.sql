-- A board result may be 'adj': the game is adjourned, and counts as a draw
-- for pairing and provisional standings until its result is entered
-- (issue 34 item 7; VCL4THP.13 Q157; TRF-2026 result code `?`). The CHECK
-- on boards.result gains 'adj'; as in 0004 the table is rebuilt (nothing
-- references boards), keeping 0008's `starts_at`.
CREATE TABLE boards_0017 (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL CHECK (board >= 1),
    white_id      TEXT NOT NULL,
    black_id      TEXT NOT NULL,
    game_id       TEXT NOT NULL UNIQUE REFERENCES games (id),
    result        TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+', '--', '0-0', 'adj')),
    rated         BIGINT NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    starts_at     TEXT,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, white_id) REFERENCES players (tournament_id, id),
    FOREIGN KEY (tournament_id, black_id) REFERENCES players (tournament_id, id),
    CHECK (white_id <> black_id)
);
INSERT INTO boards_0017 (tournament_id, round, board, white_id, black_id, game_id, result, rated, starts_at)
    SELECT tournament_id, round, board, white_id, black_id, game_id, result, rated, starts_at FROM boards;
DROP TABLE boards;
ALTER TABLE boards_0017 RENAME TO boards;
