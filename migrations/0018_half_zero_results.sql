-- A board result may be '1/2-0' or '0-1/2': a game played in which one side
-- scores a draw and the other a loss (VCL4THP.13 Q180-186; TRF codes `=`/`0`,
-- `D`/`L`). The CHECK on boards.result gains both; as in 0017 the table is
-- rebuilt (nothing references boards).
CREATE TABLE boards_0018 (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL CHECK (board >= 1),
    white_id      TEXT NOT NULL,
    black_id      TEXT NOT NULL,
    game_id       TEXT NOT NULL UNIQUE REFERENCES games (id),
    result        TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+', '--', '0-0', '1/2-0', '0-1/2', 'adj')),
    rated         BIGINT NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    starts_at     TEXT,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, white_id) REFERENCES players (tournament_id, id),
    FOREIGN KEY (tournament_id, black_id) REFERENCES players (tournament_id, id),
    CHECK (white_id <> black_id)
);
INSERT INTO boards_0018 (tournament_id, round, board, white_id, black_id, game_id, result, rated, starts_at)
    SELECT tournament_id, round, board, white_id, black_id, game_id, result, rated, starts_at FROM boards;
DROP TABLE boards;
ALTER TABLE boards_0018 RENAME TO boards;
