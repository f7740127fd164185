//! The tool's integration tests, in one test binary (one build and link
//! instead of one per file: a newcomer's `cargo test` builds them once).
//! Each file is a module named as the file; `cargo test -p gjk-cli --test
//! suite cli::` runs one of them. `tests/memory.rs` stays its own binary:
//! its counting allocator is global to the process.

#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "common/spec_cases.rs"]
mod spec_cases;
#[path = "common/xml.rs"]
mod xml;

#[path = "browser.rs"]
mod browser;
#[path = "cli.rs"]
mod cli;
#[path = "fuzz_replay.rs"]
mod fuzz_replay;
#[path = "generators.rs"]
mod generators;
#[path = "parallel.rs"]
mod parallel;
#[path = "pictures.rs"]
mod pictures;
#[path = "properties.rs"]
mod properties;
#[path = "round.rs"]
mod round;
#[path = "scale_free.rs"]
mod scale_free;
