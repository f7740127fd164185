//! The f64 boolean query on arbitrary bit patterns (see `gjk::fuzzing::query_f64`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk::fuzzing::QueryF64| gjk::fuzzing::query_f64(data));
