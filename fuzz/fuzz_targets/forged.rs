//! Forged certificates against the verifier and the oracle (see
//! `gjk_cli::fuzzing_forged`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing_forged::Forged| gjk_cli::fuzzing_forged::forged(data));
