//! The case-file parser on hostile input (see `gjk::fuzzing::case_line`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gjk::fuzzing::case_line(data));
