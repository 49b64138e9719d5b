//! A seeded random team round robin (pure): for tests and for comparing the
//! team tie-breaks with the reference.
