//! Replays, on stable and under `cargo test`, every file of the committed
//! fuzz corpus (`fuzz/corpus/<target>/`) and every crash ever found
//! (`fuzz/crashes/<target>/`, described in its README), through the
//! same code as the fuzz targets (`gjk_cli::fuzzing`), decoding each file as
//! `libfuzzer-sys` does.

use std::fs;
use std::path::{Path, PathBuf};

use gjk_cli::fuzzing::{replay, TARGETS};

#[path = "../../../tests/common/long.rs"]
mod long;

/// The files of `dir` (sorted), without READMEs; none if it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file() && !p.ends_with("README.md"))
        .collect();
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs every `stride`-th file of `dir` (sorted) through `target`; returns
/// (run, skipped).
fn replay_dir(target: &str, dir: &Path, stride: usize) -> (usize, usize) {
    let (mut run, mut skipped) = (0, 0);
    for path in files(dir).into_iter().step_by(stride) {
        let bytes = fs::read(&path).expect("a readable corpus file");
        let name = path.display().to_string();
        let outcome = std::panic::catch_unwind(|| replay(target, &bytes));
        match outcome {
            Ok(Ok(true)) => run += 1,
            Ok(Ok(false)) => skipped += 1,
            Ok(Err(e)) => panic!("{name}: {e}"),
            Err(_) => panic!("{name}: the {target} target failed on this input (message above)"),
        }
    }
    (run, skipped)
}

/// Every corpus file under `GJK_LONG_TESTS` (CI); every eighth otherwise
/// (the exact differential targets take seconds per input in a debug
/// build). Crashes are always replayed, all of them.
#[test]
fn corpus_replays_clean() {
    let mut total = 0;
    let stride = long::campaign(8, 1);
    for target in TARGETS {
        let (run, skipped) = replay_dir(target, &root().join("fuzz/corpus").join(target), stride);
        eprintln!("fuzz/corpus/{target}: {run} run, {skipped} skipped (do not decode), every {stride}th file");
        assert!(run > 0, "fuzz/corpus/{target} has no input that decodes");
        total += run;
    }
    assert!(total > 0);
}

#[test]
fn crashes_stay_fixed() {
    for target in TARGETS {
        let (run, skipped) = replay_dir(target, &root().join("fuzz/crashes").join(target), 1);
        eprintln!("fuzz/crashes/{target}: {run} run, {skipped} skipped");
    }
}

/// Every target has a fuzz_targets file, a `[[bin]]` in fuzz/Cargo.toml and
/// a corpus directory; no corpus or crash directory names an unknown target.
#[test]
fn targets_are_wired_up() {
    let manifest = fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    for target in TARGETS {
        assert!(
            root()
                .join(format!("fuzz/fuzz_targets/{target}.rs"))
                .is_file(),
            "{target}"
        );
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target}"
        );
        assert!(root().join("fuzz/corpus").join(target).is_dir(), "{target}");
    }
    for dir in ["fuzz/corpus", "fuzz/crashes"] {
        if let Ok(entries) = fs::read_dir(root().join(dir)) {
            for e in entries {
                let p = e.unwrap().path();
                if p.is_dir() {
                    let name = p.file_name().unwrap().to_str().unwrap().to_string();
                    assert!(
                        TARGETS.contains(&name.as_str()),
                        "{dir}/{name}: unknown target"
                    );
                }
            }
        }
    }
}
