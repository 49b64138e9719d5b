-- What `regulations::GameSetup` needs besides the profile and time control,
-- and the tournament settings it is derived from. Portable like 0001: only
-- TEXT and BIGINT, ADD COLUMN with constant defaults (SQLite and PostgreSQL).

-- A game's initial position (FEN); NULL = the standard starting position.
ALTER TABLE games ADD COLUMN fen TEXT;
-- How moves reach the server: 'live' (the server's clock drives the clocks,
-- flags and lateness) or 'scoresheet' (moves entered afterwards with optional
-- remaining times; the arbiter states flags and lateness).
ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'scoresheet'));
-- Scheduled start on the events' timeline (milliseconds since 1970, UTC);
-- NULL = no scheduled start (both players presumed present, no lateness).
ALTER TABLE games ADD COLUMN scheduled_start_ms BIGINT;

-- The recording mode new boards of a tournament get (a board may override it
-- before its game has events).
ALTER TABLE tournaments ADD COLUMN recording TEXT NOT NULL DEFAULT 'live' CHECK (recording IN ('live', 'scoresheet'));

-- A round's scheduled start (RFC 3339 UTC text), copied to its games as
-- scheduled_start_ms.
ALTER TABLE rounds ADD COLUMN starts_at TEXT;
