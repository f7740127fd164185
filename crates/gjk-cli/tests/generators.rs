//! The generators: every family's construction agrees with the exact
//! oracle, coordinates stay exact in `f64` (and `f32`), pairs are
//! deterministic, and `gjk gen` case files parse and carry exact answers.

use gjk::scalar::Scalar;
use gjk_case::parse_line;
use gjk_gen::{build, cases, Family, FamilyChoice, Params, MAX_DIM};
use gjk_oracle::{self as oracle, Relation};

use crate::common::long;

/// Every family in every dimension from 1 to `MAX_DIM`, several seeds and
/// scales: the construction's claims (relation, distance, normal) hold
/// according to the oracle, and the mantissas respect the documented bounds.
#[test]
fn every_family_agrees_with_the_oracle() {
    let mut tally = std::collections::BTreeMap::<(Family, String), usize>::new();
    for dim in 1..=MAX_DIM {
        // Every family and dimension; more seeds and scales in low dimensions
        // (the oracle's LP grows with the dimension).
        // (GJK_LONG_TESTS: 4 seeds up to 3D; otherwise 1.)
        let seeds: u64 = if dim <= 3 { long::campaign(1, 4) } else { 1 };
        for family in Family::supported(dim) {
            for seed in 0..seeds {
                let mut all = vec![Params::new(family, dim, seed)];
                if dim <= 4 {
                    all.push(Params::from_seed(
                        family,
                        dim,
                        seed,
                        [0, 30, -30][seed as usize % 3],
                    ));
                }
                for params in all {
                    let pair = build(&params).unwrap();
                    assert!(!pair.a.is_empty() && !pair.b.is_empty(), "{params:?}");
                    for p in pair.a.iter().chain(&pair.b) {
                        assert_eq!(p.len(), dim, "{params:?}");
                    }
                    let near = matches!(
                        family,
                        Family::NearGap
                            | Family::NearDepth
                            | Family::PointPolytope
                            | Family::Duplicates
                    );
                    let limit = if params.gap_bits == 0 || !near {
                        1i64 << 24
                    } else {
                        1i64 << 48
                    };
                    let worst = pair
                        .a
                        .iter()
                        .chain(&pair.b)
                        .flatten()
                        .map(|m| m.abs())
                        .max()
                        .unwrap();
                    assert!(worst < limit, "mantissa {worst} for {params:?}");
                    if params.gap_bits == 0 {
                        assert!(pair.exact_in_f32(), "{params:?}");
                    }
                    let answer = pair.answer().unwrap_or_else(|e| panic!("{params:?}: {e}"));
                    *tally
                        .entry((family, format!("{:?}", answer.relation)))
                        .or_default() += 1;
                }
            }
        }
    }
    for ((f, r), n) in &tally {
        eprintln!("{:>22} {r}: {n}", f.name());
    }
}

/// Runs `gjk gen` with `args`; its standard output.
fn gen(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gjk"))
        .arg("gen")
        .args(args)
        .output()
        .expect("run gjk gen");
    assert!(
        out.status.success(),
        "gjk gen {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `gjk gen` is deterministic for a seed; every line is a case whose
/// `expect` object agrees with the oracle (relation by its LP, distance by
/// its enumeration where within its limits) and whose `category` is a
/// family; `--family all` visits every family of the dimension.
#[test]
fn gen_writes_exact_deterministic_cases() {
    for (dim, scale) in [(2, "0"), (3, "-30"), (4, "30")] {
        let args = [
            "--family",
            "all",
            "--dim",
            &dim.to_string(),
            "--count",
            "15",
            "--seed",
            "9",
            "--scale",
            scale,
        ];
        let text = gen(&args);
        assert_eq!(text, gen(&args), "same seed, same output");
        let mut other = args;
        other[7] = "10";
        assert_ne!(text, gen(&other), "another seed, other cases");
        let mut seen = std::collections::BTreeSet::new();
        for (i, line) in text.lines().enumerate() {
            let case = parse_line(line, i + 1).unwrap().unwrap();
            assert_eq!(case.dim(), dim);
            let category = case.extra["category"].as_str().unwrap();
            seen.insert(Family::from_name(category).unwrap());
            let expect = &case.extra["expect"];
            let relation = oracle::relation(&case.a, &case.b).unwrap();
            assert_eq!(
                expect["intersects"],
                relation != Relation::Separated,
                "{line}"
            );
            assert_eq!(expect["touching"], relation == Relation::Touching, "{line}");
            let d2 = gjk_case::parse_decimal_or_ratio(expect["distance_squared"].as_str().unwrap())
                .unwrap();
            match oracle::distance_squared(&case.a, &case.b) {
                Ok(d) => assert_eq!(d.dist2, d2, "{line}"),
                Err(oracle::OracleError::TooLarge { .. }) => {}
                Err(e) => panic!("{e}"),
            }
            let distance = expect["distance"].as_f64().unwrap();
            assert!((distance - d2.to_f64().sqrt()).abs() <= 1e-15 * distance.max(1e-300));
        }
        assert_eq!(
            seen.len(),
            Family::supported(dim).len(),
            "--family all in {dim}D"
        );
    }
}

#[test]
fn gen_lists_families_and_rejects_bad_arguments() {
    let list = gen(&["--family", "list"]);
    for f in Family::ALL {
        assert!(list.contains(f.name()), "{list}");
    }
    for bad in [
        &["--family", "no-such-family"][..],
        &["--family", "edge-face", "--dim", "2"],
        &["--dim", "9"],
        &["--scale", "65"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gjk"))
            .arg("gen")
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "gjk gen {bad:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("gjk: "),
            "{bad:?}"
        );
    }
}

/// `cases` (the library behind `gjk gen`) gives the same cases as the
/// command line, and each rebuilds from its `params`.
#[test]
fn case_params_rebuild_the_pair() {
    for case in cases(FamilyChoice::One(Family::NearGap), 3, 4, 3, 0) {
        let case = case.unwrap();
        let p = &case["params"];
        let params = Params {
            family: Family::from_name(p["family"].as_str().unwrap()).unwrap(),
            dim: p["dim"].as_u64().unwrap() as usize,
            seed: p["seed"].as_u64().unwrap(),
            scale_exp: p["scale_exp"].as_i64().unwrap() as i32,
            spread: p["spread"].as_u64().unwrap() as u32,
            extra: p["extra"].as_u64().unwrap() as usize,
            gap: p["gap"].as_i64().unwrap(),
            gap_bits: p["gap_bits"].as_u64().unwrap() as u32,
        };
        let pair = build(&params).unwrap();
        let again = pair.to_case(case["id"].as_str().unwrap(), &pair.answer().unwrap());
        assert_eq!(again, case);
    }
}

/// `gjk check` on `gjk gen`'s output with the answers flipped or nudged:
/// the file passes as generated (every field, penetration depth included,
/// in 2D, 3D and 4D); with one answer changed it fails (exit 1) with a
/// message naming the case and the field.
#[test]
fn gen_output_passes_gjk_check_and_a_flipped_answer_fails() {
    use serde_json::Value;
    let mut text = String::new();
    for (dim, seed) in [("2", "11"), ("3", "12"), ("4", "13")] {
        text.push_str(&gen(&[
            "--family", "all", "--dim", dim, "--count", "16", "--seed", seed,
        ]));
    }
    let check = |input: &str| -> (i32, String, String) {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gjk"))
            .args(["check", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The tool may exit early on bad input; a broken pipe is fine then.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, err) = check(&text);
    assert_eq!(code, 0, "{out}\n{err}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(summary["summary"]["disagree"], 0);
    assert!(
        summary["summary"]["fields"]["penetration_depth"]["agree"]
            .as_u64()
            .unwrap()
            > 0
    );

    // Flip `touching` in one case, then nudge `penetration_depth` in another.
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let i = 5;
    let t = lines[i]["expect"]["touching"].as_bool().unwrap();
    lines[i]["expect"]["touching"] = Value::Bool(!t);
    let j = lines
        .iter()
        .position(|l| {
            l["expect"]["penetration_depth"]
                .as_f64()
                .is_some_and(|d| d > 0.0)
        })
        .expect("a penetrating case");
    let d = lines[j]["expect"]["penetration_depth"].as_f64().unwrap();
    lines[j]["expect"]["penetration_depth"] = serde_json::json!(d * (1.0 + 1e-6));
    let edited: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (code, out, _) = check(&edited);
    assert_eq!(code, 1, "{out}");
    let reports: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("field").is_some())
        .collect();
    assert_eq!(reports.len(), 2, "{out}");
    assert_eq!(reports[0]["id"], lines[i]["id"]);
    assert_eq!(reports[0]["field"], "touching");
    assert_eq!(reports[0]["category"], lines[i]["category"]);
    assert_eq!(reports[1]["id"], lines[j]["id"]);
    assert_eq!(reports[1]["field"], "penetration_depth");
}
