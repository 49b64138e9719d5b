-- A board result may be 0-0: a game played that both players lose (both
-- refuse to comply with the Laws, Art. 10.17; the club plan's over-long game
-- scores nothing). The CHECK on boards.result gains '0-0'. Neither SQLite nor
-- a portable ALTER can change a CHECK, so the table is rebuilt (nothing
-- references boards; it has no other indexes than its keys).
CREATE TABLE boards_0004 (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL CHECK (board >= 1),
    white_id      TEXT NOT NULL,
    black_id      TEXT NOT NULL,
    game_id       TEXT NOT NULL UNIQUE REFERENCES games (id),
    result        TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+', '--', '0-0')),
    rated         BIGINT NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, white_id) REFERENCES players (tournament_id, id),
    FOREIGN KEY (tournament_id, black_id) REFERENCES players (tournament_id, id),
    CHECK (white_id <> black_id)
);
INSERT INTO boards_0004 (tournament_id, round, board, white_id, black_id, game_id, result, rated)
    SELECT tournament_id, round, board, white_id, black_id, game_id, result, rated FROM boards;
DROP TABLE boards;
ALTER TABLE boards_0004 RENAME TO boards;
