//! Benchmarks of `gjk` (see `benches/` and BENCHMARKS.md); nothing to link.
