//! The library's integration tests, in one test binary (one build and
//! link instead of one per file: a newcomer's `cargo test` builds them
//! once). Each file is a module named as the file; `cargo test --test suite
//! distance::` runs one of them. `tests/allocations.rs` stays its own
//! binary: its counting allocator is global to the process.

mod common;
#[path = "../crates/gjk-bench/benches/pairs/mod.rs"]
mod pairs;
#[path = "../crates/gjk-bench/benches/scenes/mod.rs"]
mod scenes;

#[path = "certified.rs"]
mod certified;
#[path = "certified_distance.rs"]
mod certified_distance;
#[path = "distance.rs"]
mod distance;
#[path = "epa.rs"]
mod epa;
#[path = "exact.rs"]
mod exact;
#[path = "hot.rs"]
mod hot;
#[path = "known_failures.rs"]
mod known_failures;
#[path = "known_failures_distance.rs"]
mod known_failures_distance;
#[path = "nesterov.rs"]
mod nesterov;
#[path = "round.rs"]
mod round;
#[path = "semantics.rs"]
mod semantics;
#[path = "shapes.rs"]
mod shapes;
#[path = "spec.rs"]
mod spec;
#[path = "spec_oracle.rs"]
mod spec_oracle;
#[path = "speed.rs"]
mod speed;
#[path = "verdict.rs"]
mod verdict;
#[path = "warm.rs"]
mod warm;
