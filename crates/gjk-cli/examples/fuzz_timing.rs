//! Times every input of a fuzz corpus through its target on stable, without
//! the fuzzer's instrumentation, decoding each as `libfuzzer-sys` does (the
//! code `cargo test` replays the corpus with):
//!
//! ```sh
//! cargo run --release -p gjk-cli --example fuzz_timing --features fuzzing -- diff_exact fuzz/corpus/diff_exact
//! ```
//!
//! Prints the number of inputs, the mean and median time per input and the
//! rate the mean gives, then the slowest inputs (for `diff_nd`, `certified`
//! and `diff_exact` with their dimension, sizes, exponent and family). The
//! rates of fuzz/README come from campaigns, whose instrumentation costs
//! several times more; this tells which inputs the time goes to.

use gjk_cli::fuzzing::{decode, replay, DiffN, TARGETS};
use std::time::Instant;

/// Runs of each input; the time is their mean.
const REPEATS: u32 = 5;
/// Slowest inputs listed.
const SHOWN: usize = 8;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [target, dir] = args.as_slice() else {
        eprintln!(
            "usage: fuzz_timing TARGET DIR (targets: {})",
            TARGETS.join(", ")
        );
        std::process::exit(2);
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{dir}: {e}");
            std::process::exit(2);
        }
    };
    let mut times = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("{}: unreadable, skipped", path.display());
            continue;
        };
        let start = Instant::now();
        for _ in 0..REPEATS {
            if let Err(e) = replay(target, &bytes) {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
        let secs = start.elapsed().as_secs_f64() / f64::from(REPEATS);
        times.push((secs, path, bytes));
    }
    if times.is_empty() {
        eprintln!("{dir}: no inputs");
        std::process::exit(2);
    }
    times.sort_by(|x, y| y.0.total_cmp(&x.0));
    let total: f64 = times.iter().map(|t| t.0).sum();
    let n = times.len();
    println!(
        "{target}: {n} inputs, mean {:.1} µs, median {:.1} µs, {:.0} per second at the mean",
        total / n as f64 * 1e6,
        times[n / 2].0 * 1e6,
        n as f64 / total
    );
    for (secs, path, bytes) in times.iter().take(SHOWN) {
        let about = match target.as_str() {
            "diff_nd" | "certified" | "diff_exact" => decode::<DiffN>(bytes)
                .map(|d| {
                    let d = d.0;
                    let family = d.family.map_or("raw", |f| f.name());
                    format!(
                        "  ({}D, |A| = {}, |B| = {}, 2^{}, {family})",
                        d.dim,
                        d.a.len(),
                        d.b.len(),
                        d.exp
                    )
                })
                .unwrap_or_default(),
            _ => String::new(),
        };
        println!("  {:10.1} µs  {}{about}", secs * 1e6, path.display());
    }
}
