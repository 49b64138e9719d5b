-- What the Laws let an organiser announce on top of the regulations profile
-- (lateness limit, Art. 10.15; fifty-move count, Art. 10.12; the club plan's
-- per-move cap, game-length limit and foul limit): the tournament's effective
-- settings, and each game's copy taken when it was created (see
-- server/src/laws.rs). '{}': the profile's own settings.
ALTER TABLE tournaments ADD COLUMN laws TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN laws TEXT NOT NULL DEFAULT '{}';
