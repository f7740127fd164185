//! The switch for the long campaigns: `GJK_LONG_TESTS=1 cargo test` runs
//! them in full (CI does, `.ci/run`; the README names it). Without it each
//! campaign runs a fixed, deterministic part of itself, so that a
//! newcomer's `cargo test` stays within a few minutes.

/// Whether `GJK_LONG_TESTS` is set (to anything but `0`).
pub fn long_tests() -> bool {
    std::env::var_os("GJK_LONG_TESTS").is_some_and(|v| v != "0")
}

/// `long` under `GJK_LONG_TESTS`, `quick` otherwise.
pub fn campaign<T>(quick: T, long: T) -> T {
    if long_tests() {
        long
    } else {
        quick
    }
}
