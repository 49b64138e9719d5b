-- A team that withdraws plays no more from this round on (its earlier
-- results stand): a team Swiss pairs it no more, and a round robin's
-- matches that remain are lost by forfeit. Its players are withdrawn from
-- the same round; `withdrawn_players` (a JSON list of player ids) names
-- those the team's withdrawal withdrew, who play again when it is taken
-- back (a player who withdrew on his own keeps his withdrawal).
ALTER TABLE teams ADD COLUMN withdrawn_from BIGINT CHECK (withdrawn_from IS NULL OR withdrawn_from >= 1);
ALTER TABLE teams ADD COLUMN withdrawn_players TEXT;
