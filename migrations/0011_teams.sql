-- Team events (issue 22). A tournament with `teams` set (JSON: boards per
-- match, what ranks the teams first, match points) is a team event; NULL is
-- an individual one. Teams have an ordered roster of the tournament's
-- players (stored by player id: start numbers are reassigned when round 1 is
-- paired); a line-up names who plays on each board of a round (NULL: an
-- empty board). Each match board is an ordinary board of the round (board
-- number = (match - 1) * boards + board), with its own game, so results,
-- PGN and the due sweep need nothing of their own. Written once for both
-- SQLite and PostgreSQL, like 0001.
ALTER TABLE tournaments ADD COLUMN teams TEXT;

CREATE TABLE teams (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        BIGINT NOT NULL CHECK (number >= 1 AND number <= 999),
    name          TEXT NOT NULL,
    short_name    TEXT,
    federation    TEXT,
    PRIMARY KEY (tournament_id, number)
);

-- A roster in board order (position 1 = board 1); a player in one team only.
CREATE TABLE team_members (
    tournament_id TEXT NOT NULL,
    team          BIGINT NOT NULL,
    position      BIGINT NOT NULL CHECK (position >= 1),
    player_id     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, team, position),
    UNIQUE (tournament_id, player_id),
    FOREIGN KEY (tournament_id, team) REFERENCES teams (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, player_id) REFERENCES players (tournament_id, id) ON DELETE CASCADE
);

-- A team's line-up for a round, submitted before the round is paired.
CREATE TABLE team_lineups (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL CHECK (round >= 1),
    team          BIGINT NOT NULL,
    board         BIGINT NOT NULL CHECK (board >= 1),
    player_id     TEXT,
    PRIMARY KEY (tournament_id, round, team, board),
    FOREIGN KEY (tournament_id, team) REFERENCES teams (tournament_id, number) ON DELETE CASCADE
);

-- A paired round's matches: two teams, or one team and its bye kind
-- (`pairing_allocated`, `full`, `half`, `zero`); un-pairing the round
-- deletes them with it.
CREATE TABLE team_matches (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    number        BIGINT NOT NULL CHECK (number >= 1),
    first_team    BIGINT NOT NULL,
    second_team   BIGINT,
    bye           TEXT,
    PRIMARY KEY (tournament_id, round, number),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    CHECK ((second_team IS NULL) = (bye IS NOT NULL))
);
