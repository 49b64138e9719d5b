-- FIDE mode (issue 34; VCL4THP.13 Q40-Q46): a stored per-tournament flag.
-- 1 while the event is in FIDE mode (the default for a new chess event and
-- for an imported TRF), 0 once it has left it (final: it cannot be
-- re-entered) or for an event that never was in it (Xiangqi, and every
-- tournament made before this migration). Written once for SQLite and
-- PostgreSQL, like 0001.
ALTER TABLE tournaments ADD COLUMN fide_mode BIGINT NOT NULL DEFAULT 0;
