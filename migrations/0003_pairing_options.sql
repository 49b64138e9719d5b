-- What the Dutch engine reads besides players and results (C.04.2, C.04.3
-- E.5, C.04.5): the initial colour (with the seed of the drawing of lots
-- that chose it, when the organiser did not), the acceleration method and
-- points, and forbidden pairs. One JSON object in the API's shape, players
-- named by start number (see server/src/pairing_options.rs). Portable like
-- 0001: TEXT with a constant default. '{}' (tournaments created before this
-- migration): white, no acceleration, no forbidden pairs — as they paired.
ALTER TABLE tournaments ADD COLUMN pairing TEXT NOT NULL DEFAULT '{}';
