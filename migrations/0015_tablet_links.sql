-- Board tablet links (issue 21): an arbiter hands a tablet a link that signs
-- it in for recording the games of chosen boards only, until the link is
-- revoked. Written once for SQLite and PostgreSQL, like 0001 and 0013.
--
-- `secret_hash` is the SHA-256 of the link's secret (the secret itself is
-- shown once, in the URL). `round` NULL: the boards of every round. `boards`
-- is the chosen board numbers, comma-separated in ascending order ("1,3").
-- `created_by` names the user (`user:NAME`) or the token id that made it.
CREATE TABLE tablet_links (
    id            TEXT PRIMARY KEY,
    secret_hash   TEXT NOT NULL UNIQUE,
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT CHECK (round IS NULL OR round >= 1),
    boards        TEXT NOT NULL CHECK (boards <> ''),
    label         TEXT,
    created_by    TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    revoked_at    TEXT
);
CREATE INDEX tablet_links_by_tournament ON tablet_links (tournament_id);

-- A tablet's sessions: the same `arbiter_session` cookie and CSRF secret as
-- a user's session (0013), scoped to one link instead of a user. Revoking
-- the link deletes them (and a revoked link's session is refused anyway).
CREATE TABLE tablet_sessions (
    id_hash    TEXT PRIMARY KEY,
    link_id    TEXT NOT NULL REFERENCES tablet_links (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen  TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    csrf       TEXT NOT NULL
);
CREATE INDEX tablet_sessions_by_link ON tablet_sessions (link_id);
