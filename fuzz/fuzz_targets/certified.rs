//! Certified f64 against the exact oracle in 1 to 6 dimensions (see `gjk_cli::fuzzing::certified`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::DiffN| gjk_cli::fuzzing::certified(data));
