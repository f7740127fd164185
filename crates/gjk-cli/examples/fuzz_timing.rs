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
//! and `diff_exact` with their dimension, sizes, exponent and family), and
//! for those three targets the share of the time each kind of input takes
//! (dimension and family; raw pairs by dimension and `|A|·|B|`). A third
//! argument times only the inputs of that kind (`'6D identical'`). The
//! rates of fuzz/README come from campaigns, whose instrumentation costs
//! several times more; this tells which inputs the time goes to.

use gjk_cli::fuzzing::{decode, replay, DiffN, TARGETS};
use std::collections::BTreeMap;
use std::time::Instant;

/// Runs of each input; the time is their mean.
const REPEATS: u32 = 5;
/// Slowest inputs listed.
const SHOWN: usize = 8;
/// Kinds of input listed by their share of the time.
const KINDS_SHOWN: usize = 20;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (target, dir, only) = match args.as_slice() {
        [t, d] => (t, d, None),
        [t, d, k] => (t, d, Some(k.as_str())),
        _ => {
            eprintln!(
                "usage: fuzz_timing TARGET DIR [KIND] (targets: {}; KIND as printed, e.g. '6D identical')",
                TARGETS.join(", ")
            );
            std::process::exit(2);
        }
    };
    let diff_n = matches!(target.as_str(), "diff_nd" | "certified" | "diff_exact");
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
        if only.is_some_and(|k| !diff_n || kind(&bytes) != k) {
            continue;
        }
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
        let about = match decode::<DiffN>(bytes) {
            Some(d) if diff_n => {
                let d = d.0;
                let family = d.family.map_or("raw", |f| f.name());
                format!(
                    "  ({}D, |A| = {}, |B| = {}, 2^{}, {family})",
                    d.dim,
                    d.a.len(),
                    d.b.len(),
                    d.exp
                )
            }
            _ => String::new(),
        };
        println!("  {:10.1} µs  {}{about}", secs * 1e6, path.display());
    }
    if diff_n {
        by_kind(&times, total);
    }
}

/// The kind of a `diff_nd`-style input: dimension and family, or for a
/// raw pair dimension and `|A|·|B|`.
fn kind(bytes: &[u8]) -> String {
    decode::<DiffN>(bytes).map_or("undecodable".into(), |d| {
        let d = d.0;
        match d.family {
            Some(f) => format!("{}D {}", d.dim, f.name()),
            None => format!("{}D raw, |A|·|B| = {}", d.dim, d.a.len() * d.b.len()),
        }
    })
}

/// The share of the total time each kind of input takes, largest first.
fn by_kind(times: &[(f64, std::path::PathBuf, Vec<u8>)], total: f64) {
    let mut kinds: BTreeMap<String, (usize, f64)> = BTreeMap::new();
    for (secs, _, bytes) in times {
        let e = kinds.entry(kind(bytes)).or_default();
        e.0 += 1;
        e.1 += secs;
    }
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by(|x, y| y.1 .1.total_cmp(&x.1 .1));
    println!("by kind (share of the time, inputs, mean):");
    for (kind, (n, secs)) in kinds.iter().take(KINDS_SHOWN) {
        println!(
            "  {:5.1} %  {n:5}  {:10.1} µs  {kind}",
            secs / total * 100.0,
            secs / *n as f64 * 1e6
        );
    }
}
