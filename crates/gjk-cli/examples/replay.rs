//! Runs one fuzz input through its target on stable, decoding it as
//! `libfuzzer-sys` does (the code `cargo test` replays the corpus and the
//! crashes with):
//!
//! ```sh
//! cargo run -p gjk-cli --example replay --features fuzzing -- diff_3d fuzz/crashes/diff_3d/crash-…
//! ```
//!
//! A failing input panics with the case printed for pasting into a test
//! (exact mantissas and exponent, every coordinate's `f64` bits); a
//! passing one prints `ok`, and an input the target skips says so.

use gjk_cli::fuzzing::{replay, TARGETS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [target, files @ ..] = args.as_slice() else {
        eprintln!(
            "usage: replay TARGET FILE... (targets: {})",
            TARGETS.join(", ")
        );
        std::process::exit(2);
    };
    for file in files {
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        };
        match replay(target, &bytes) {
            Ok(true) => println!("{file}: ok"),
            Ok(false) => println!("{file}: skipped (does not decode as a {target} input)"),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    }
}
