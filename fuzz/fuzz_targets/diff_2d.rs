//! Differential, 2D: exact mode and f64 against the oracle (see `gjk::fuzzing::diff_2d`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk::fuzzing::Diff2| gjk::fuzzing::diff_2d(data));
