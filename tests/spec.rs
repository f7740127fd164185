//! The spec suite: `spec/regions.toml` against the code, both ways.
//!
//! * every region variant in `src/region/` has a row, at least one case,
//!   and names tests that exist; every row names a variant;
//! * every case is classified as its row says, in exact, f64 and f32 modes,
//!   its `boundary` flag is true exactly when some sign test is zero, and a
//!   degenerate case says how its vertices are dependent;
//! * every boundary case of a non-degenerate region is decisive: pushing one
//!   of its zero sign tests to one side or the other (an exact perturbation
//!   of the input, `common::ties`) changes the region;
//! * every tie of the classifier (two neighbouring regions, one sign test
//!   zero), enumerated from the classifier itself, has a case with the
//!   origin on that boundary alone; a region that decides no tie says why
//!   it has no boundary case;
//! * the GJK loop reaches every region marked reachable (on the table's
//!   shape pairs) and, over thousands of random exact runs, never one that is
//!   marked unreachable.
//!
//! A failure prints the case as exact rationals, ready to paste back.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::spec_table::{table, Case, Row};
use common::ties::{all_ties, flips, suggested_case, ties_alone, Tie};
use common::{convert, rat, show, simplex, trace_text, vectors, Cloud, Lcg};
use gjk::boolean::{gjk_observed, Options, Outcome, Step};
use gjk::classify::{classify, sign_tests};
use gjk::region::{Region, RegionKind};
use gjk::{Rational, Vector};
use num_traits::Zero;

fn dim(rows: &[Vec<String>]) -> usize {
    rows.first().map(|r| r.len()).unwrap_or(0)
}

/// How the vertices of a degenerate simplex depend on each other: two of
/// them equal (`coincident`), or all distinct on a line (`collinear`) or a
/// plane (`coplanar`).
fn dependence<const N: usize>(pts: &[Vector<Rational, N>]) -> &'static str {
    let coincident = (0..pts.len()).any(|i| (i + 1..pts.len()).any(|j| pts[i] == pts[j]));
    match (coincident, pts.len()) {
        (true, _) => "coincident",
        (false, 3) => "collinear",
        _ => "coplanar",
    }
}

/// Classifies a case in exact arithmetic and checks its region, its
/// `boundary` flag and its `degenerate` field.
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
    let dependent = (c.region.kind() == RegionKind::Degenerate).then(|| dependence(&pts));
    assert_eq!(
        case.degenerate.as_deref(),
        dependent,
        "{}: simplex = {}: `degenerate` (how the vertices are dependent; degenerate cases only)",
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

/// The proof in `src/boolean.rs` says the loop never builds a degenerate simplex
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

/// The ties a case exercises alone (`common::ties::ties_alone`).
fn case_ties(case: &Case) -> Vec<Tie> {
    match dim(&case.simplex) {
        2 => ties_alone(&vectors::<2>(&case.simplex)),
        _ => ties_alone(&vectors::<3>(&case.simplex)),
    }
}

/// `Ok` when some flip of a zero sign test of the case changes its region;
/// otherwise every flip, as text.
fn decisive<const N: usize>(case: &Case) -> Result<(), String> {
    let pts = vectors::<N>(&case.simplex);
    let all = flips(&pts);
    if all.iter().any(|f| f.region.spec_id() != case.region) {
        return Ok(());
    }
    let tried: Vec<String> = all
        .iter()
        .map(|f| {
            format!(
                "  {} → {:+}: {} at {}",
                f.test,
                f.sign,
                f.region,
                show(&f.simplex)
            )
        })
        .collect();
    Err(format!(
        "{}: simplex = {}: no flip of a zero sign test changes the region (a test bound to \
         others has no flip); flips:\n{}",
        case.region,
        show(&pts),
        tried.join("\n")
    ))
}

/// Every boundary case of a non-degenerate region is decisive: pushing one
/// of its zero sign tests to one side or the other changes the region, so
/// the case pins the tie rule (`common::ties`: the origin moved exactly,
/// every other test keeping its sign, and the result classified).
#[test]
fn boundary_cases_are_decisive() {
    let t = table();
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in t
        .case
        .iter()
        .filter(|c| c.boundary && c.degenerate.is_none())
    {
        let result = match dim(&case.simplex) {
            2 => decisive::<2>(case),
            _ => decisive::<3>(case),
        };
        checked += 1;
        if let Err(e) = result {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} boundary cases are not decisive:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{checked} of {checked} boundary cases are decisive");
}

/// Every tie of the classifier ([`all_ties`]: two neighbouring regions, one
/// sign test exactly zero) has a case in `spec/regions.toml` with the
/// origin on that boundary alone (that test its only zero test); a failure
/// names the tie and suggests a case to paste. The other way round, every
/// tie a case exercises alone is one the enumeration found (else the
/// enumeration has missed it).
#[test]
fn every_tie_has_a_case_on_its_boundary_alone() {
    let ties = all_ties();
    let mut covered: BTreeMap<Tie, String> = BTreeMap::new();
    for case in table().case {
        let found = case_ties(&case);
        let names: Vec<String> = found.iter().map(Tie::to_string).collect();
        assert_eq!(
            case.ties, names,
            "{}: simplex = {:?}: the case's `ties` are not the ties it exercises alone",
            case.region, case.simplex
        );
        for tie in found {
            covered
                .entry(tie)
                .or_insert_with(|| format!("{:?}", case.simplex));
        }
    }
    let stray: Vec<String> = covered
        .iter()
        .filter(|(tie, _)| !ties.contains_key(*tie))
        .map(|(tie, case)| format!("  {tie}: case {case}"))
        .collect();
    assert!(
        stray.is_empty(),
        "cases exercise ties that the enumeration did not find (add a simplex to \
         `TIE_SIMPLICES_*` in tests/common/ties.rs):\n{}",
        stray.join("\n")
    );
    let missing: Vec<String> = ties
        .iter()
        .filter(|(tie, _)| !covered.contains_key(*tie))
        .map(|(tie, simplex)| format!("# {tie}\n{}\n", suggested_case(tie, simplex)))
        .collect();
    assert!(
        missing.is_empty(),
        "{} of {} ties have no case with the origin on that boundary alone; suggested cases:\n\n{}",
        missing.len(),
        ties.len(),
        missing.join("\n")
    );
    eprintln!(
        "{0} of {0} ties have a case on that boundary alone",
        ties.len()
    );
}

/// A region has a boundary case exactly when it decides some tie, and
/// otherwise says why in `no_boundary`: the single point (no sign test),
/// the open regions (every tie of their tests goes to a neighbour) and the
/// degenerate ones (moving the origin changes no dependence among the
/// vertices, so no flip leaves them). Both are checked against
/// [`all_ties`]; that the boundary cases are decisive is
/// [`boundary_cases_are_decisive`].
#[test]
fn every_region_has_a_boundary_case_or_says_why_not() {
    let t = table();
    let ties = all_ties();
    for row in &t.region {
        let decides: Vec<String> = ties
            .keys()
            .filter(|tie| tie.decided == row.id)
            .map(Tie::to_string)
            .collect();
        let has_case = t
            .case
            .iter()
            .any(|c| c.region == row.id && c.boundary && c.degenerate.is_none());
        match (&row.no_boundary, decides.is_empty(), has_case) {
            (Some(why), true, false) => assert!(!why.is_empty(), "{}: empty note", row.id),
            (Some(why), false, _) => panic!(
                "{} says \"{why}\", yet it decides the ties {decides:?}",
                row.id
            ),
            (Some(_), true, true) => panic!(
                "{} says it has no boundary case, but has one (it decides no tie, so the case \
                 cannot be decisive)",
                row.id
            ),
            (None, true, _) => panic!(
                "{} decides no tie: give it a `no_boundary` note saying why",
                row.id
            ),
            (None, false, false) => panic!(
                "{} decides the ties {decides:?} but has no boundary case",
                row.id
            ),
            (None, false, true) => {}
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
/// region the code does not have, and its **seeds** column is
/// `Region::seeds` (the cited seeds, or `crate`).
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
    // The per-kind tables: `| `ID` | SEEDS | …`, SEEDS being seed numbers or
    // `crate`.
    let is_seeds = |c: &str| {
        c == "crate"
            || c.split(' ')
                .all(|n| n.len() == 3 && n.parse::<u16>().is_ok())
    };
    let mut checked = 0;
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (Some(id), Some(seeds)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Some(region) = id
            .strip_prefix('`')
            .and_then(|i| i.strip_suffix('`'))
            .and_then(Region::from_spec_id)
        else {
            continue;
        };
        if is_seeds(seeds) {
            assert_eq!(
                *seeds,
                region.seeds(),
                "spec/README.md: the seeds of {region}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, Region::all().count(), "rows with a seeds column");
}
