//! Differential, 3D (see `gjk::fuzzing::diff_3d`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk::fuzzing::Diff3| gjk::fuzzing::diff_3d(data));
