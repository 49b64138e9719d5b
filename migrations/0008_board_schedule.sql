-- A board's own scheduled start (issue 17 item 8): a rescheduled board.
-- RFC 3339 text like rounds.starts_at; NULL: the board follows its round's
-- start. Its game's scheduled_start_ms (the Laws' lateness rule, Art. 10.15)
-- is the board's start when set, else the round's.
ALTER TABLE boards ADD COLUMN starts_at TEXT;
