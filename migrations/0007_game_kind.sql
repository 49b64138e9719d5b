-- Which game a tournament and a game are played in: 'chess' (the Laws of
-- Chess, `regulations::Game`) or 'xiangqi' (the Xiangqi competition rules,
-- `regulations::XiangqiGame`). Every row before this migration is chess.
-- Portable like 0001: TEXT with a constant default and a CHECK (SQLite and
-- PostgreSQL); the server reads any other stored value as an error
-- (`store::Error::Unknown`), never as a default.
ALTER TABLE tournaments ADD COLUMN game TEXT NOT NULL DEFAULT 'chess' CHECK (game IN ('chess', 'xiangqi'));
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'chess' CHECK (game IN ('chess', 'xiangqi'));
