//! Round cases (`radius_a`, `radius_b`; `examples/round.jsonl`) through the
//! tool's library: `gjk query` in every mode agrees with each case's
//! `expect` (f32 may say touching, and so intersecting, where the gap is
//! below its band), and
//! `gjk check` judges every `expect` field as agreeing; bad radii are error
//! lines, never panics. A failure prints the case.

use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk_case::{parse_packed_line, PackedCase};
use gjk_cli::budget::{Budget, Meter};
use gjk_cli::check::{
    exact_answers, judge, parse_expect, Tolerance, Verdict, DEFAULT_ABS, DEFAULT_REL,
};
use gjk_cli::cli::ScalarArg;
use gjk_cli::query::answer;

fn cases() -> Vec<PackedCase> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/round.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            parse_packed_line(l, i + 1).unwrap_or_else(|e| panic!("line {}: {e:?}", i + 1))
        })
        .collect()
}

fn expected(case: &PackedCase, field: &str) -> Option<bool> {
    case.extra.get("expect")?.get(field)?.as_bool()
}

#[test]
fn query_agrees_with_the_expected_relation_in_every_mode() {
    let cases = cases();
    assert!(cases.len() >= 10);
    for case in &cases {
        let id = case.id_or_line();
        for (scalar, name) in [
            (ScalarArg::Exact, "exact"),
            (ScalarArg::F64, "f64"),
            (ScalarArg::F32, "f32"),
        ] {
            let got = answer(case, scalar, DEFAULT_MAX_ITERATIONS, Budget::NONE)
                .unwrap_or_else(|e| panic!("{id} {name}: {e}"));
            let touching = got["touching"].as_bool();
            for field in ["intersects", "touching"] {
                let want = expected(case, field);
                if want.is_none() {
                    continue;
                }
                let band = name == "f32" && touching == Some(true);
                assert!(
                    got[field].as_bool() == want || band,
                    "{id} {name}: {field} {} but expect {want:?}: {got}",
                    got[field]
                );
            }
            let (lo, hi) = (
                got["distance_interval"][0].as_f64().unwrap(),
                got["distance_interval"][1].as_f64().unwrap(),
            );
            let d = got["distance"].as_f64().unwrap();
            assert!(
                lo <= d && d <= hi,
                "{id} {name}: {d} outside [{lo}, {hi}]: {got}"
            );
        }
    }
}

#[test]
fn check_agrees_with_every_expected_field() {
    let tol = Tolerance::parse(DEFAULT_REL, DEFAULT_ABS).unwrap();
    for case in &cases() {
        let id = case.id_or_line();
        let expect = parse_expect(&case.extra)
            .unwrap()
            .expect("every case has an expect object");
        let exact = exact_answers(case, DEFAULT_MAX_ITERATIONS, &Meter::new(Budget::NONE))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for judged in judge(&expect, &exact, &tol) {
            assert_eq!(judged.verdict, Verdict::Agree, "{id}: {judged:?}");
        }
    }
}

#[test]
fn check_catches_a_wrong_distance_without_rounding() {
    // √2 − 1 = 0.41421356237309504880…; its nearest double is 0.41421356237309515.
    let tol = Tolerance::parse("0", "1e-16").unwrap();
    for (given, agree) in [
        ("0.41421356237309515", true),
        ("0.4142135623730953", false),
        ("0.4142135623730948", false),
    ] {
        let line = format!(
            r#"{{"id": "d", "a": [[0,0]], "radius_a": "1/2", "b": [[1,1]], "radius_b": "1/2", "expect": {{"distance": {given}}}}}"#
        );
        let case = parse_packed_line(&line, 1).unwrap().unwrap();
        let exact =
            exact_answers(&case, DEFAULT_MAX_ITERATIONS, &Meter::new(Budget::NONE)).unwrap();
        let judged = judge(&parse_expect(&case.extra).unwrap().unwrap(), &exact, &tol);
        let want = if agree {
            Verdict::Agree
        } else {
            Verdict::Disagree
        };
        assert_eq!(judged[0].verdict, want, "{given}: {judged:?}");
    }
}

#[test]
fn bad_radii_are_error_lines() {
    for (line, needle) in [
        (
            r#"{"a": [[0,0]], "radius_a": -1, "b": [[1,1]]}"#,
            "negative",
        ),
        (
            r#"{"a": [[0,0]], "radius_b": "x", "b": [[1,1]]}"#,
            "radius_b",
        ),
        (
            r#"{"a": [[0,0]], "radius_a": null, "b": [[1,1]]}"#,
            "radius_a",
        ),
        (
            r#"{"a": [[0,0]], "radius_a": "1e39", "b": [[1,1]]}"#,
            "out of range",
        ),
    ] {
        let case = parse_packed_line(line, 1).unwrap().unwrap();
        let modes: &[ScalarArg] = if needle == "out of range" {
            &[ScalarArg::F32]
        } else {
            &[ScalarArg::Exact, ScalarArg::F64, ScalarArg::F32]
        };
        for &scalar in modes {
            let e = answer(&case, scalar, DEFAULT_MAX_ITERATIONS, Budget::NONE).expect_err(line);
            assert!(e.contains(needle), "{line}: {e}");
        }
        if needle != "out of range" {
            let e = exact_answers(&case, DEFAULT_MAX_ITERATIONS, &Meter::new(Budget::NONE))
                .expect_err(line);
            assert!(e.contains(needle), "{line}: {e}");
        }
    }
}
