//! PGN: a streaming reader for multi-game files and an export-format writer.
