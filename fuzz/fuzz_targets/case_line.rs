//! The case-file parser on hostile input (see `gjk_cli::fuzzing::case_line`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gjk_cli::fuzzing::case_line(data));
