//! The generic loops over rationals against the exact oracle (see
//! `gjk_cli::fuzzing::rational_loops`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::DiffN| gjk_cli::fuzzing::rational_loops(data));
