//! Games for abprune.
