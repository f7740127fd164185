//! Replays, on stable and under `cargo test`, every file of the committed
//! fuzz corpus (`fuzz/corpus/<target>/`) and every crash ever found
//! (`fuzz/crashes/<target>/`, described in its README), through the
//! same code as the fuzz targets (`gjk_cli::fuzzing`), decoding each file as
//! `libfuzzer-sys` does.

use std::fs;
use std::path::{Path, PathBuf};

use gjk_cli::fuzzing::{replay, TARGETS};

use crate::common::long;

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
/// (`rational_loops`, the loops over rationals, takes up to seconds per
/// input in a debug build). Crashes are always replayed, all of them.
#[test]
fn corpus_replays_clean() {
    let mut total = 0;
    let stride = long::campaign(8, 1);
    // `forged` is replayed by its own test below (the same body, tallied).
    for target in TARGETS.into_iter().filter(|&t| t != "forged") {
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

/// Corpus inputs on which the exact mode once fell back to its exact loops
/// over rationals (issue 19), each taking 2–50 ms there: touching pairs
/// whose float search ended with the origin on a face it found no normal
/// for, and whose float EPA then found the origin on the boundary of
/// `A − B` (its normal now seeds the touching certificate); and a 6D
/// `near-gap` pair whose float simplex's exact points are affinely
/// dependent (the nearest face of its sub-simplices is now used). Each is
/// proved without the fallback, with the answer of the exact loops.
#[test]
fn exact_mode_proves_these_without_its_fallback() {
    use gjk_cli::fuzzing::{decode, Diff, DiffN};
    for file in [
        "diff_nd/ef2955825da57cdf87bcaff5c3dec38c65edd1b4", // 3D edge-edge-crossing, touching
        "diff_nd/3d50f0ffda26a15e052b2bb8068d3a4275d7c609", // 4D edge-edge-collinear, touching
        "diff_nd/64a29200084e1f4b42b13b1d5a04ca3d4eb647ef", // 5D edge-face, touching
        "diff_nd/a25389ec745e83959f4dd505f9f1e79faab8b3d2", // 6D face-face, touching
        "certified/499991bcbcaaa17da6fc81a294e13a488eca2898", // 6D near-gap, affinely dependent
    ] {
        let bytes = fs::read(root().join("fuzz/corpus").join(file)).unwrap();
        let DiffN(d) = decode::<DiffN>(&bytes).expect("decodes");
        fn check<const N: usize>(d: &Diff, file: &str) {
            use gjk::exact::{exact_loops, exact_query, ExactAnswer, ExactOptions};
            use gjk::filtered::PointSet;
            use gjk::shape::ConvexHull;
            use gjk::{Rational, Vector};
            let rows = |m: &[Vec<i64>]| -> Vec<Vector<Rational, N>> {
                gjk_gen::exact_rows(m, d.exp)
                    .iter()
                    .map(|r| Vector::<Rational, N>::from_fn(|i, _| r[i].clone()))
                    .collect()
            };
            let (a, b) = (rows(&d.a), rows(&d.b));
            let sa = PointSet::from_rational(a.clone()).unwrap();
            let sb = PointSet::from_rational(b.clone()).unwrap();
            let proved = exact_query(&sa, &sb, &ExactOptions::default()).unwrap();
            assert!(
                proved.fallback.is_none(),
                "{file}: fell back ({:?})\n  {}",
                proved.fallback,
                d.show()
            );
            let ha = ConvexHull::new(a).unwrap();
            let hb = ConvexHull::new(b).unwrap();
            let loops = exact_loops(&ha, &hb, 256).unwrap();
            let values = |x: &ExactAnswer<N>| match x {
                ExactAnswer::Separated { separation, .. } => {
                    separation.as_ref().ok().map(|s| s.dist2.clone())
                }
                ExactAnswer::Penetrating { depth } => depth.as_ref().ok().map(|p| p.depth2.clone()),
                _ => None,
            };
            assert_eq!(proved.answer.relation(), loops.answer.relation(), "{file}");
            assert_eq!(values(&proved.answer), values(&loops.answer), "{file}");
        }
        match d.dim {
            3 => check::<3>(&d, file),
            4 => check::<4>(&d, file),
            5 => check::<5>(&d, file),
            6 => check::<6>(&d, file),
            other => panic!("{file}: {other}D"),
        }
    }
}

/// The `forged` corpus exercises the verifier both ways: across its
/// inputs, each certificate kind the exact mode makes has forgeries the
/// verifier accepts (each then held to the oracle's truth by the target)
/// and forgeries it rejects. A target whose forgeries were all rejected
/// (or all accepted) would check nothing. Every file under
/// `GJK_LONG_TESTS`, every sixteenth otherwise (all 3,213 take about 70 s in a
/// debug build).
#[test]
fn forged_certificates_are_accepted_and_rejected() {
    use gjk_cli::fuzzing::decode;
    use gjk_cli::fuzzing_forged::{tally, Forged, Tally};
    let mut total = Tally::new();
    let stride = long::campaign(16, 1);
    for path in files(&root().join("fuzz/corpus/forged"))
        .into_iter()
        .step_by(stride)
    {
        let bytes = fs::read(&path).unwrap();
        if let Some(input) = decode::<Forged>(&bytes) {
            for (kind, (yes, no)) in tally(&input) {
                let t = total.entry(kind).or_default();
                t.0 += yes;
                t.1 += no;
            }
        }
    }
    eprintln!("fuzz/corpus/forged, every {stride}th file: (accepted, rejected) {total:?}");
    for kind in ["separated", "touching", "intersecting", "distance", "depth"] {
        let (yes, no) = total.get(kind).copied().unwrap_or_default();
        assert!(yes > 0 && no > 0, "{kind}: {yes} accepted, {no} rejected");
    }
}
