-- A result corrected in FIDE mode for a round before the last paired one is
-- kept apart from the pairing data, for the rating report only (VCL4THP.13
-- Q189-Q193): boards.result stays what the later rounds were paired on,
-- boards.rating_result holds the correction (NULL: none).
ALTER TABLE boards ADD COLUMN rating_result TEXT;
