-- A team round keeps the line-ups it was paired with. A team that submitted
-- none plays its roster's first players who have not withdrawn from the
-- round; that line-up is stored with the round (`by_pairing` 1), so that a
-- withdrawal changed later does not rewrite a round already played.
-- Un-pairing the round removes it again and leaves the line-ups the arbiter
-- submitted.
ALTER TABLE team_lineups ADD COLUMN by_pairing BIGINT NOT NULL DEFAULT 0 CHECK (by_pairing IN (0, 1));
