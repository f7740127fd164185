//! The f32 queries on arbitrary bit patterns and caps (see `gjk_cli::fuzzing::f32_bits`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::F32Bits| gjk_cli::fuzzing::f32_bits(data));
