-- The registry of people across tournaments and the rating lists they are
-- found in (issue 37). Written once for SQLite and PostgreSQL, like 0001.
--
-- A rating list is kept by name ('fide', or a national list's name) and
-- month ('YYYY-MM'). An import writes its players under a list whose status
-- is 'importing' (no search or lookup reads such a list), in batches, and
-- the list becomes 'ready' in one last transaction that also retires the
-- earlier import of the same name and month: a reader sees the whole list
-- or none of it. A list left 'importing' by a server that stopped is
-- removed when the next import starts.
CREATE TABLE rating_lists (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    month        TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('fide-txt', 'fide-xml', 'csv')),
    -- The rating a single list or a national list carries.
    kind         TEXT NOT NULL CHECK (kind IN ('standard', 'rapid', 'blitz')),
    -- A national list's federation (NULL: FIDE's list).
    federation   TEXT,
    status       TEXT NOT NULL CHECK (status IN ('importing', 'ready')),
    lines_read   BIGINT NOT NULL DEFAULT 0,
    players      BIGINT NOT NULL DEFAULT 0,
    created_by   TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    finished_at  TEXT
);
CREATE UNIQUE INDEX rating_lists_ready ON rating_lists (name, month) WHERE status = 'ready';

-- One player of a list. `key3` is the first three letters of the name's
-- primary search key (`registry::names`), `rev3` its last three reversed:
-- a search reads the players whose key begins or ends as one of the query's
-- keys does (a typing error at one end of a name still finds it by the
-- other) and measures each. Equality, not ranges: text order differs
-- between databases and collations.
CREATE TABLE rating_list_entries (
    list_id      TEXT NOT NULL REFERENCES rating_lists (id) ON DELETE CASCADE,
    seq          BIGINT NOT NULL,
    fide_id      BIGINT,
    national_id  TEXT,
    name         TEXT NOT NULL,
    key3         TEXT NOT NULL,
    rev3         TEXT NOT NULL,
    federation   TEXT,
    sex          TEXT,
    title        TEXT,
    other_titles TEXT,
    birth_year   BIGINT,
    std_rating   BIGINT,
    std_games    BIGINT,
    std_k        BIGINT,
    rpd_rating   BIGINT,
    rpd_games    BIGINT,
    rpd_k        BIGINT,
    blz_rating   BIGINT,
    blz_games    BIGINT,
    blz_k        BIGINT,
    inactive     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (list_id, seq)
);
CREATE INDEX rating_list_entries_by_fide_id ON rating_list_entries (fide_id);
CREATE INDEX rating_list_entries_by_national_id ON rating_list_entries (national_id);
CREATE INDEX rating_list_entries_by_key ON rating_list_entries (list_id, key3);
CREATE INDEX rating_list_entries_by_rev ON rating_list_entries (list_id, rev3);

-- A person: one player across events. `name_keys` are the search keys of
-- every form of the name, space-separated. `local_edits` names the fields
-- an organiser set by hand (comma-separated): a later list leaves them be.
-- `grade_points`: the club ladder's current points (NULL: not on it).
CREATE TABLE people (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    latin_name    TEXT,
    chinese_name  TEXT,
    pinyin        TEXT,
    name_keys     TEXT NOT NULL,
    fide_id       BIGINT UNIQUE,
    national_id   TEXT,
    national_federation TEXT,
    federation    TEXT,
    sex           TEXT,
    birth_year    BIGINT,
    title         TEXT,
    club          TEXT,
    grade_points  BIGINT,
    local_edits   TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    UNIQUE (national_federation, national_id)
);

-- A tournament's player may be a registered person.
ALTER TABLE players ADD COLUMN person_id TEXT REFERENCES people (id) ON DELETE SET NULL;
CREATE INDEX players_by_person ON players (person_id);

-- When the organiser closed the event (NULL: open); what closing stored is
-- in person_events. `ladder_at` is when it was first closed, kept when it
-- is reopened: the ladder's chain runs in that order, so an event corrected
-- and closed again keeps its place before the events that followed it.
ALTER TABLE tournaments ADD COLUMN closed_at TEXT;
ALTER TABLE tournaments ADD COLUMN ladder_at TEXT;

-- What one closed event did to one person: the FIDE rating change and the
-- club grade points before and after; `closed_at` is the event's place in
-- the ladder (its `ladder_at`). Reopening the event removes its rows;
-- closing it again writes them anew and recomputes every event after it.
CREATE TABLE person_events (
    person_id      TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    closed_at      TEXT NOT NULL,
    start_number   BIGINT NOT NULL,
    score          TEXT NOT NULL,
    games          BIGINT NOT NULL,
    rating         BIGINT,
    rating_change  TEXT,
    grade_before   BIGINT,
    grade_after    BIGINT,
    PRIMARY KEY (person_id, tournament_id)
);
CREATE INDEX person_events_by_tournament ON person_events (tournament_id);
