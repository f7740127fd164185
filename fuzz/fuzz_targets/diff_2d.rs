//! Differential, 2D: exact mode and f64 against the oracle (see `gjk_cli::fuzzing::diff_2d`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::Diff2| gjk_cli::fuzzing::diff_2d(data));
