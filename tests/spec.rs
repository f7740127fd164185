//! The spec suite: `spec/regions.toml` against the code, both ways.
//!
//! * every region variant in `src/region.rs` has a row, at least one case,
//!   and names tests that exist; every row names a variant;
//! * every case is classified as its row says, in exact, f64 and f32 modes,
//!   and its `boundary` flag is true exactly when some sign test is zero;
//! * the GJK loop reaches every region marked reachable (on the table's
//!   shape pairs) and, over thousands of random exact runs, never one that is
//!   marked unreachable.
//!
//! A failure prints the case as exact rationals, ready to paste back.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::spec_table::{table, Case, Row};
use common::{convert, rat, show, simplex, trace_text, vectors, Cloud, Lcg};
use gjk::classify::{classify, sign_tests};
use gjk::gjk::{gjk_observed, Options, Outcome, Step};
use gjk::region::Region;
use gjk::{Rational, Vector};
use num_traits::Zero;

fn dim(rows: &[Vec<String>]) -> usize {
    rows.first().map(|r| r.len()).unwrap_or(0)
}

/// Classifies a case in exact arithmetic and checks region and boundary flag.
fn check_case<const N: usize>(case: &Case) -> Region {
    let pts = vectors::<N>(&case.simplex);
    let s = simplex(pts.clone());
    let c = classify(&s)
        .unwrap_or_else(|e| panic!("{}: {} fails to classify: {e}", case.region, show(&pts)));
    let tests = sign_tests(&s);
    let ties: Vec<&String> = tests
        .iter()
        .filter(|(_, v)| v.is_zero())
        .map(|(n, _)| n)
        .collect();
    assert_eq!(
        c.region.spec_id(),
        case.region,
        "simplex = {} (newest first)\nsign tests: {tests:?}",
        show(&pts)
    );
    assert_eq!(
        !ties.is_empty(),
        case.boundary,
        "{}: simplex = {}: zero sign tests {ties:?}",
        case.region,
        show(&pts)
    );
    c.region
}

#[test]
fn every_case_names_its_region() {
    for case in table().case {
        match dim(&case.simplex) {
            2 => check_case::<2>(&case),
            3 => check_case::<3>(&case),
            d => panic!("{}: unsupported dimension {d}", case.region),
        };
    }
}

fn float_agrees<const N: usize>(case: &Case) {
    let exact = vectors::<N>(&case.simplex);
    let r64 = classify(&simplex(convert::<f64, N>(&exact)))
        .unwrap()
        .region;
    let r32 = classify(&simplex(convert::<f32, N>(&exact)))
        .unwrap()
        .region;
    assert_eq!(
        r64.spec_id(),
        case.region,
        "f64: simplex = {}",
        show(&exact)
    );
    assert_eq!(
        r32.spec_id(),
        case.region,
        "f32: simplex = {}",
        show(&exact)
    );
}

/// Small integers make every product exact in f64 and f32, so all three
/// modes must name the same region, ties included.
#[test]
fn float_modes_agree_on_small_integer_cases() {
    for case in table().case {
        match dim(&case.simplex) {
            2 => float_agrees::<2>(&case),
            _ => float_agrees::<3>(&case),
        }
    }
}

/// The outcome, the regions visited, and the trace as text.
fn trace<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
) -> (Outcome<Rational, N>, Vec<Region>, String) {
    let mut steps: Vec<Step<Rational, N>> = Vec::new();
    let (ca, cb) = (Cloud(a.to_vec()), Cloud(b.to_vec()));
    let report = gjk_observed(&ca, &cb, &Options::default(), &mut steps).unwrap();
    let regions = steps.iter().filter_map(|s| s.region).collect();
    (report.outcome, regions, trace_text(&steps))
}

#[test]
fn the_loop_reaches_every_reachable_region() {
    let t = table();
    let mut reached = BTreeSet::new();
    for p in &t.pair {
        let (regions, text) = match dim(&p.a) {
            2 => {
                let (_, r, t) = trace::<2>(&vectors(&p.a), &vectors(&p.b));
                (r, t)
            }
            _ => {
                let (_, r, t) = trace::<3>(&vectors(&p.a), &vectors(&p.b));
                (r, t)
            }
        };
        let ids: Vec<&str> = regions.iter().map(|r| r.spec_id()).collect();
        assert!(
            ids.contains(&p.region.as_str()),
            "pair for {}: a = {:?}, b = {:?}: regions {ids:?}, trace:\n{text}",
            p.region,
            p.a,
            p.b
        );
        reached.insert(p.region.clone());
    }
    for row in &t.region {
        assert_eq!(
            reached.contains(&row.id),
            row.reachable,
            "{}: reachable = {} but pairs say otherwise",
            row.id,
            row.reachable
        );
    }
}

fn random_runs<const N: usize>(seed: u64, runs: usize, seen: &mut BTreeMap<&'static str, usize>) {
    let mut rng = Lcg(seed);
    for _ in 0..runs {
        let a = rng.cloud::<N>(N + 3, 4);
        let b = rng.cloud::<N>(N + 3, 4);
        let (outcome, regions, text) = trace::<N>(&a, &b);
        assert!(
            !matches!(outcome, Outcome::NoVerdict { .. }),
            "exact mode must always conclude: a = {}, b = {}, trace:\n{text}",
            show(&a),
            show(&b)
        );
        for r in regions {
            assert!(
                r.reachable(),
                "the loop reached {r}, proved unreachable: a = {}, b = {}, trace:\n{text}",
                show(&a),
                show(&b)
            );
            *seen.entry(r.spec_id()).or_default() += 1;
        }
    }
}

/// The proof in `src/gjk.rs` says the loop never builds a degenerate simplex
/// and never lands in a region of the older vertices; this checks it on
/// thousands of random exact runs (and that every reachable region shows up).
#[test]
fn the_loop_never_reaches_an_unreachable_region() {
    let mut seen = BTreeMap::new();
    random_runs::<2>(1, 3000, &mut seen);
    random_runs::<3>(2, 3000, &mut seen);
    for r in Region::all().filter(|r| r.reachable()) {
        assert!(
            seen.contains_key(r.spec_id()),
            "random runs never reached {r}: {seen:?}"
        );
    }
}

/// Every region has a boundary case (a simplex of that region with some sign
/// test exactly zero, so that the tie rule decides), or its row says why it
/// cannot have one — and that claim is checked: over thousands of random
/// small-integer simplices (coordinates in −2..=2, so ties are common), none
/// that lands in such a region has a zero sign test.
#[test]
fn every_region_has_a_boundary_case_or_says_why_not() {
    let t = table();
    let mut tied: BTreeMap<&'static str, usize> = BTreeMap::new();
    fn collect<const N: usize>(seed: u64, tied: &mut BTreeMap<&'static str, usize>) {
        let mut rng = Lcg(seed);
        for _ in 0..20000 {
            let len = rng.int(1, N as i64 + 1) as usize;
            let pts: Vec<Vector<Rational, N>> = (0..len)
                .map(|_| {
                    Vector::<Rational, N>::from_fn(|_, _| {
                        Rational::from_integer(rng.int(-2, 2).into())
                    })
                })
                .collect();
            let s = simplex(pts);
            let region = classify(&s).unwrap().region;
            if sign_tests(&s).iter().any(|(_, v)| v.is_zero()) {
                *tied.entry(region.spec_id()).or_default() += 1;
            }
        }
    }
    collect::<2>(41, &mut tied);
    collect::<3>(42, &mut tied);
    for row in &t.region {
        let has_case = t.case.iter().any(|c| c.region == row.id && c.boundary);
        match (&row.no_boundary, has_case) {
            (Some(_), true) => panic!(
                "{} says it has no boundary, but has a boundary case",
                row.id
            ),
            (None, false) => panic!("{} has no boundary case and does not say why", row.id),
            (Some(why), false) => assert!(
                !tied.contains_key(row.id.as_str()),
                "{}: \"{why}\", yet {} random simplices in it have a zero sign test",
                row.id,
                tied[row.id.as_str()]
            ),
            (None, true) => {}
        }
    }
}

/// Names of the test functions in `tests/*.rs`, as `file::function`.
fn existing_tests() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(common::root().join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let is_test = i > 0
                && lines[..i]
                    .iter()
                    .rev()
                    .take(4)
                    .any(|l| l.trim() == "#[test]");
            if let (true, Some(rest)) = (is_test, line.trim().strip_prefix("fn ")) {
                if let Some(name) = rest.split('(').next() {
                    out.insert(format!("{stem}::{name}"));
                }
            }
        }
    }
    out
}

#[test]
fn coverage_both_ways() {
    let t = table();
    let rows: BTreeMap<&str, &Row> = t.region.iter().map(|r| (r.id.as_str(), r)).collect();
    assert_eq!(rows.len(), t.region.len(), "duplicate region rows");
    let tests = existing_tests();
    // Code → table: every variant has a row, a case, and a correct description.
    for region in Region::all() {
        let row = rows
            .get(region.spec_id())
            .unwrap_or_else(|| panic!("{region} has no row in spec/regions.toml"));
        assert_eq!(row.variant, region.variant_path(), "{region}: variant");
        assert_eq!(row.reachable, region.reachable(), "{region}: reachable");
        assert!(
            t.case.iter().any(|c| c.region == region.spec_id()),
            "{region} has no case"
        );
    }
    // Table → code: every row, case and pair names a region; every test exists.
    for row in &t.region {
        assert!(
            Region::from_spec_id(&row.id).is_some(),
            "row {} names no region",
            row.id
        );
        assert!(!row.tests.is_empty(), "row {} names no test", row.id);
        for name in &row.tests {
            assert!(
                tests.contains(name),
                "row {} names test {name}, which does not exist",
                row.id
            );
        }
    }
    for c in &t.case {
        assert!(
            rows.contains_key(c.region.as_str()),
            "a case names unknown region {}",
            c.region
        );
    }
    for p in &t.pair {
        assert!(
            rows.contains_key(p.region.as_str()),
            "a pair names unknown region {}",
            p.region
        );
    }
}

#[test]
fn rational_strings_parse() {
    assert_eq!(rat("-1/2") * rat("4"), rat("-2"));
}

/// `spec/README.md` has a table row for every region and no row for a
/// region the code does not have.
#[test]
fn spec_readme_has_a_row_per_region() {
    let text = std::fs::read_to_string(common::root().join("spec/README.md")).unwrap();
    let rows: BTreeSet<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|id| id.starts_with("PT-") || id.starts_with("2D-") || id.starts_with("3D-"))
        .map(str::to_string)
        .collect();
    for r in Region::all() {
        assert!(
            rows.contains(r.spec_id()),
            "spec/README.md has no row for {r}"
        );
    }
    for id in &rows {
        assert!(
            Region::from_spec_id(id).is_some(),
            "spec/README.md has a row for unknown region {id}"
        );
    }
}
