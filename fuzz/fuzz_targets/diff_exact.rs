//! The exact mode's certificates against the judges (see
//! `gjk_cli::fuzzing_exact::diff_exact`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::DiffN| gjk_cli::fuzzing_exact::diff_exact(data));
