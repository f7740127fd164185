//! Differential, 3D (see `gjk_cli::fuzzing::diff_3d`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: gjk_cli::fuzzing::Diff3| gjk_cli::fuzzing::diff_3d(data));
