-- The due-results sweep (server/src/due.rs) lists the open live games once a
-- second; this partial index holds only those, so the listing costs what
-- is open, not every game ever recorded.
CREATE INDEX games_open_live ON games (id) WHERE mode = 'live' AND status NOT IN ('finished', 'annulled');
