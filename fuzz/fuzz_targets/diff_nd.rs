//! Differential distance in 1 to 6 dimensions (see `gjk::fuzzing::diff_nd`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk::fuzzing::DiffN| gjk::fuzzing::diff_nd(data));
