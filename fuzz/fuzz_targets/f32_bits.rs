//! The f32 queries on arbitrary bit patterns and caps (see `gjk::fuzzing::f32_bits`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk::fuzzing::F32Bits| gjk::fuzzing::f32_bits(data));
