-- Arbiter's schema, written once for both SQLite and PostgreSQL: only TEXT and
-- BIGINT columns, identifiers are UUIDs chosen by the server, timestamps are
-- RFC 3339 UTC text with milliseconds (so they sort as text), JSON is TEXT.
-- Never edit this file once applied; add a new numbered migration instead.

-- Bearer tokens. Only the SHA-256 of a token is stored. Administrators come
-- from ARBITER_ADMIN_TOKEN and are not rows here.
CREATE TABLE tokens (
    id            TEXT PRIMARY KEY,
    token_hash    TEXT NOT NULL UNIQUE,
    role          TEXT NOT NULL CHECK (role IN ('organiser', 'chief_arbiter', 'arbiter')),
    -- arbiters are scoped to one tournament; organisers to none
    tournament_id TEXT,
    label         TEXT,
    created_by    TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    revoked_at    TEXT,
    CHECK ((role = 'organiser' AND tournament_id IS NULL)
        OR (role <> 'organiser' AND tournament_id IS NOT NULL))
);

CREATE TABLE tournaments (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    system           TEXT NOT NULL CHECK (system IN ('swiss-dutch', 'round-robin', 'double-round-robin')),
    -- planned rounds; 0 = derived from the number of players (round robin)
    rounds           BIGINT NOT NULL CHECK (rounds >= 0),
    time_control     TEXT,
    regulations      TEXT NOT NULL,
    tiebreaks        TEXT NOT NULL, -- JSON array of C.07 codes
    scoring          TEXT NOT NULL, -- JSON object, see docs/api.md
    details          TEXT NOT NULL, -- JSON object: the rest of the tournament model (TRF header data, pairing options)
    -- the organiser token that created it (NULL: an administrator)
    owner_token      TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);

CREATE TABLE players (
    id              TEXT PRIMARY KEY,
    tournament_id   TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    start_number    BIGINT NOT NULL CHECK (start_number >= 1),
    name            TEXT NOT NULL,
    details         TEXT NOT NULL, -- JSON: rating, title, federation, fide_id, sex, birth date, club
    withdrawn_from  BIGINT,        -- withdrawn from this round on (results kept)
    joins_at        BIGINT,        -- late entry joining at this round
    created_at      TEXT NOT NULL,
    UNIQUE (tournament_id, start_number),
    UNIQUE (tournament_id, id)
);

-- Byes players asked for in advance (round -> half / zero / full point).
CREATE TABLE requested_byes (
    tournament_id TEXT NOT NULL,
    player_id     TEXT NOT NULL,
    round         BIGINT NOT NULL CHECK (round >= 1),
    kind          TEXT NOT NULL CHECK (kind IN ('half', 'zero', 'full')),
    PRIMARY KEY (player_id, round),
    FOREIGN KEY (tournament_id, player_id) REFERENCES players (tournament_id, id) ON DELETE CASCADE
);

CREATE TABLE rounds (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        BIGINT NOT NULL CHECK (number >= 1),
    paired_at     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

-- Games: one per board, or free-standing. The log is in game_events; `seq` is
-- the head of the log (compare-and-swap on it serialises writers).
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    tournament_id TEXT REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT,
    board         BIGINT,
    white         TEXT NOT NULL,
    black         TEXT NOT NULL,
    regulations   TEXT NOT NULL,
    time_control  TEXT,
    seq           BIGINT NOT NULL DEFAULT 0 CHECK (seq >= 0),
    status        TEXT NOT NULL DEFAULT 'scheduled',
    result        TEXT,
    -- for games outside a tournament: the organiser token that created it
    owner_token   TEXT,
    created_at    TEXT NOT NULL,
    UNIQUE (tournament_id, round, board)
);

-- One board of a paired round. One result per board by construction.
CREATE TABLE boards (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL CHECK (board >= 1),
    white_id      TEXT NOT NULL,
    black_id      TEXT NOT NULL,
    game_id       TEXT NOT NULL UNIQUE REFERENCES games (id),
    result        TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+', '--')),
    rated         BIGINT NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, white_id) REFERENCES players (tournament_id, id),
    FOREIGN KEY (tournament_id, black_id) REFERENCES players (tournament_id, id),
    CHECK (white_id <> black_id)
);

-- Byes recorded in a paired round (pairing-allocated, requested, absent).
CREATE TABLE round_byes (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    player_id     TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('pairing_allocated', 'full', 'half', 'zero', 'absent')),
    PRIMARY KEY (tournament_id, round, player_id),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, player_id) REFERENCES players (tournament_id, id)
);

-- One pairing per player per round: every board side and every bye claims
-- its player's slot here, so a player can never appear twice in a round.
CREATE TABLE round_slots (
    tournament_id TEXT NOT NULL,
    round         BIGINT NOT NULL,
    player_id     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, player_id),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, player_id) REFERENCES players (tournament_id, id)
);

-- The append-only log of a game. (game_id, seq) is the primary key: a
-- sequence number exists once per game, so two writers can never both
-- extend the log from the same point.
CREATE TABLE game_events (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL CHECK (seq >= 1),
    actor       TEXT NOT NULL,  -- token id, or 'admin'
    received_at TEXT NOT NULL,  -- the server's clock when the request arrived
    at          TEXT NOT NULL,  -- when it happened (arbiters may back-date)
    body        TEXT NOT NULL,  -- the event as JSON
    rulings     TEXT NOT NULL,  -- JSON array of the rulings it produced
    PRIMARY KEY (game_id, seq)
);

-- Who changed what, when, with the row before and after (JSON).
CREATE TABLE audit (
    id            TEXT PRIMARY KEY,
    at            TEXT NOT NULL,
    actor         TEXT NOT NULL,
    tournament_id TEXT,
    action        TEXT NOT NULL,
    entity        TEXT NOT NULL,
    entity_id     TEXT NOT NULL,
    before        TEXT,
    after         TEXT
);
CREATE INDEX audit_by_tournament ON audit (tournament_id, at);
CREATE INDEX games_by_tournament ON games (tournament_id, round);
