-- A game outside any tournament that is a board of a team match (issue 22):
-- the national variation lets a player of a team event consult his captain
-- about a draw or resigning (`consult_captain`), which is outside help (Art.
-- 15) in any other game. `POST /games` sets it (`team_game: true`, a team
-- match entered on its own); a tournament board is a team game when its
-- tournament is a team event (`tournaments.teams` set, fixed once a round is
-- paired), read with the game (server/src/store/games.rs), so the column
-- stays 0 there. Written once for SQLite and PostgreSQL, like 0001.
ALTER TABLE games ADD COLUMN team_game BIGINT NOT NULL DEFAULT 0 CHECK (team_game IN (0, 1));
