//! The f64 boolean query on arbitrary bit patterns (see `gjk_cli::fuzzing::query_f64`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::QueryF64| gjk_cli::fuzzing::query_f64(data));
