//! Certified f64 against the exact oracle in 1 to 6 dimensions (see `gjk::fuzzing::certified`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk::fuzzing::DiffN| gjk::fuzzing::certified(data));
