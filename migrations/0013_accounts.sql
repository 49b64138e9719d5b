-- User accounts (issue 21): people sign in as people. Written once for both
-- SQLite and PostgreSQL, like 0001 (TEXT and BIGINT only; booleans 0/1).
-- Passwords are Argon2id PHC strings; a session's and a user token's secret
-- is stored only as its SHA-256.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    email         TEXT,
    is_admin      BIGINT NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at    TEXT NOT NULL
);

-- Server-side sessions: the cookie holds 256 random bits, the row their hash.
-- `csrf` is the session's synchronizer token (forms and cookie-authenticated
-- API writes must echo it).
CREATE TABLE sessions (
    id_hash    TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen  TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    csrf       TEXT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- A user's role per tournament, as the API tokens' roles: `organiser`,
-- `chief_arbiter`, `arbiter` scoped to `tournament_id`; `organiser` with
-- tournament_id '' (no tournament) may create tournaments, as an
-- organiser token does. One role per user and tournament.
CREATE TABLE user_roles (
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tournament_id TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('organiser', 'chief_arbiter', 'arbiter')),
    granted_by    TEXT NOT NULL,
    granted_at    TEXT NOT NULL,
    PRIMARY KEY (user_id, tournament_id),
    CHECK (tournament_id <> '' OR role = 'organiser')
);
CREATE INDEX user_roles_by_tournament ON user_roles (tournament_id);

-- API tokens a user made for their programs: they act as the user (with the
-- user's roles at the time of each request).
CREATE TABLE user_tokens (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label      TEXT,
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX user_tokens_by_user ON user_tokens (user_id);
