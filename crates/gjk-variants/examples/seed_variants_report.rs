//! Writes the seed-variants report (`docs/seed-variants.md`) to standard
//! output: every seed variant (`gjk_variants`) on the generated families,
//! its disagreement rates with the exact answers, and a minimal case per
//! kind of disagreement (see `gjk_variants::report`).
//!
//! ```sh
//! cargo run --release -p gjk-variants --example seed_variants_report > docs/seed-variants.md
//! ```
//!
//! `--count N` runs N pairs per family and scale instead of the committed
//! report's default (the output then differs from the committed page, which
//! `tests/seed_variants.rs` checks against the default).

use std::process::ExitCode;

use gjk_variants::report::{measure, render, ReportConfig};

fn main() -> ExitCode {
    let mut config = ReportConfig::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [flag, n] if flag == "--count" => match n.parse() {
            Ok(n) => config.count = n,
            Err(e) => {
                eprintln!("seed_variants_report: --count {n}: {e}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("usage: seed_variants_report [--count N]");
            return ExitCode::from(2);
        }
    }
    match measure(&config).and_then(|m| render(&m)) {
        Ok(page) => {
            print!("{page}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("seed_variants_report: {e}");
            ExitCode::FAILURE
        }
    }
}
