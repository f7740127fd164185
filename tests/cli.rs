//! The `gjk` tool, run as a user runs it.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn gjk(args: &[&str], stdin: Option<&str>) -> (i32, Vec<Value>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gjk"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    let mut child = cmd.spawn().expect("the gjk binary runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect();
    (
        out.status.code().unwrap_or(-1),
        lines,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn by_id<'a>(lines: &'a [Value], id: &str) -> &'a Value {
    lines
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("no output for {id}: {lines:?}"))
}

#[test]
fn the_readme_example_runs_in_every_mode() {
    for scalar in ["exact", "f64", "f32"] {
        let (code, lines, err) = gjk(&["query", "--scalar", scalar, "examples/cases.jsonl"], None);
        assert_eq!(code, 0, "{scalar}: {err}");
        assert_eq!(lines.len(), 6, "{scalar}: one line per case");
        assert_eq!(by_id(&lines, "cubes-apart")["intersects"], false);
        assert_eq!(by_id(&lines, "cubes-apart")["outcome"], "separated");
        assert_eq!(by_id(&lines, "cubes-face-touching")["intersects"], true);
        assert_eq!(by_id(&lines, "cubes-face-touching")["touching"], true);
        assert_eq!(by_id(&lines, "cubes-overlapping")["outcome"], "penetrating");
        assert_eq!(
            by_id(&lines, "triangles-2d-vertex-on-edge")["outcome"],
            "touching"
        );
        assert_eq!(by_id(&lines, "gap-of-a-tenth")["intersects"], false);
        for l in &lines {
            assert_eq!(l["scalar"], scalar);
            assert!(l["iterations"].as_u64().unwrap() >= 1);
        }
    }
}

#[test]
fn exact_mode_prints_exact_certificates() {
    let (code, lines, _) = gjk(&["query", "examples/cases.jsonl"], None);
    assert_eq!(code, 0);
    // Default scalar is exact; the axis is printed as rational strings.
    let apart = by_id(&lines, "cubes-apart");
    assert_eq!(apart["scalar"], "exact");
    assert!(apart["axis"]
        .as_array()
        .unwrap()
        .iter()
        .all(|x| x.is_string()));
    let touching = by_id(&lines, "cubes-face-touching");
    assert!(touching["normal"]
        .as_array()
        .unwrap()
        .iter()
        .all(|x| x.is_string()));
}

#[test]
fn malformed_lines_give_error_lines_and_a_failing_status() {
    let (code, lines, _) = gjk(&["query", "examples/bad-cases.jsonl"], None);
    assert_eq!(code, 1);
    for id in [
        "mixed-dimensions",
        "empty-shape",
        "not-a-number",
        "dimension-4",
    ] {
        let l = by_id(&lines, id);
        assert!(l["error"].is_string(), "{id}: {l}");
    }
    assert!(by_id(&lines, "dimension-4")["error"]
        .as_str()
        .unwrap()
        .contains("dimension 4"));
    // The non-JSON line is identified by its line number (line 6 of the file).
    assert!(
        lines.iter().any(|l| l["id"] == 6 && l["error"].is_string()),
        "{lines:?}"
    );
    // Processing goes on after errors.
    assert_eq!(by_id(&lines, "fine")["intersects"], false);
}

#[test]
fn reads_standard_input_and_decimal_strings_exactly() {
    // The point (0.1, 0.2) lies on the segment x + y = 0.3 when the decimals
    // are read exactly: touching. Written as JSON numbers, the coordinates
    // are the doubles nearest 0.1, 0.2 and 0.3, whose exact sum 0.1 + 0.2
    // exceeds 0.3: exact mode then truthfully reports the doubles separated.
    let decimals =
        r#"{"id": "decimals", "a": [["0.1", "0.2"]], "b": [["0.3", "0"], ["0", "0.3"]]}"#;
    let doubles = r#"{"id": 7, "a": [[0.1, 0.2]], "b": [[0.3, 0], [0, 0.3]]}"#;
    let input = format!("{decimals}\n{doubles}\n");
    let (code, lines, _) = gjk(&["query", "-"], Some(&input));
    assert_eq!(code, 0);
    assert_eq!(by_id(&lines, "decimals")["touching"], true);
    assert_eq!(lines[1]["id"], 7);
    assert_eq!(lines[1]["outcome"], "separated");
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let (code, lines, err) = gjk(&["query", "no/such/file.jsonl"], None);
    assert_eq!(code, 2);
    assert!(lines.is_empty());
    assert!(err.contains("no/such/file.jsonl"), "{err}");
}

/// The sample output line in the README is what the tool prints.
#[test]
fn the_readme_sample_output_is_true() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let sample = readme
        .lines()
        .find(|l| l.starts_with("{\"id\":\"cubes-face-touching\""))
        .expect("sample line in README");
    let (_, lines, _) = gjk(&["query", "examples/cases.jsonl"], None);
    let expected: Value = serde_json::from_str(sample).unwrap();
    assert_eq!(by_id(&lines, "cubes-face-touching"), &expected);
}

/// A case's two point sets as rows of coordinates (the oracle's input).
type Rows = Vec<Vec<gjk::Rational>>;
fn rows<const N: usize>(
    (a, b): (
        Vec<gjk::Vector<gjk::Rational, N>>,
        Vec<gjk::Vector<gjk::Rational, N>>,
    ),
) -> (Rows, Rows) {
    let r = |pts: Vec<gjk::Vector<gjk::Rational, N>>| -> Rows {
        pts.iter().map(|p| p.iter().cloned().collect()).collect()
    };
    (r(a), r(b))
}

/// In exact mode the tool's `distance_squared` and witnesses are the
/// oracle's, on every case of the example file; in f64 the distance is
/// within 1e-12 (relative) of the exact one.
#[test]
fn distance_fields_match_the_oracle() {
    use gjk::case::read_cases;
    use gjk::oracle;
    use gjk::Rational;

    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/cases.jsonl"))
            .unwrap();
    let (_, exact, _) = gjk(&["query", "examples/cases.jsonl"], None);
    let (_, float, _) = gjk(&["query", "--scalar", "f64", "examples/cases.jsonl"], None);
    let rat = |v: &Value| -> Rational { gjk::case::parse_coordinate(v).unwrap() };
    let mut separated = 0;
    for case in read_cases(text.as_bytes()) {
        let case = case.unwrap();
        let id = case.id_or_line();
        let (a, b) = match case.dim() {
            3 => rows(case.points::<Rational, 3>().unwrap()),
            _ => rows(case.points::<Rational, 2>().unwrap()),
        };
        let truth = oracle::distance_squared(&a, &b).unwrap();
        let e = exact.iter().find(|v| v["id"] == id).unwrap();
        assert_eq!(rat(&e["distance_squared"]), truth.dist2, "{id}");
        let f = float.iter().find(|v| v["id"] == id).unwrap();
        let (got, want) = (
            f["distance"].as_f64().unwrap(),
            gjk::Scalar::to_f64(&truth.dist2).sqrt(),
        );
        assert!(
            (got - want).abs() <= 1e-12 * want,
            "{id}: f64 {got} vs {want}"
        );
        if e["outcome"] == "separated" {
            separated += 1;
            // The witnesses are in their hulls and realise the distance.
            let wa: Vec<Rational> = e["witness_a"].as_array().unwrap().iter().map(rat).collect();
            let wb: Vec<Rational> = e["witness_b"].as_array().unwrap().iter().map(rat).collect();
            assert!(
                oracle::intersects(&a, std::slice::from_ref(&wa)).unwrap(),
                "{id}"
            );
            assert!(
                oracle::intersects(&b, std::slice::from_ref(&wb)).unwrap(),
                "{id}"
            );
            let d2: Rational = wa.iter().zip(&wb).map(|(x, y)| (x - y) * (x - y)).sum();
            assert_eq!(d2, truth.dist2, "{id}");
        }
    }
    assert!(separated >= 2);
}

/// `--scalar f64-certified` prints the verdict fields and the proof that
/// decided them; its verdicts are exact mode's on the example file (whose
/// coordinates are all doubles or decided far from rounding).
#[test]
fn certified_mode_prints_exact_verdicts_and_their_certificates() {
    let (code, exact, _) = gjk(&["query", "examples/cases.jsonl"], None);
    assert_eq!(code, 0);
    let (code, lines, err) = gjk(
        &["query", "--scalar", "f64-certified", "examples/cases.jsonl"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(lines.len(), exact.len());
    for (l, e) in lines.iter().zip(&exact) {
        for field in ["id", "intersects", "touching", "outcome"] {
            assert_eq!(l[field], e[field], "{field}: {l} vs {e}");
        }
        assert_eq!(l["scalar"], "f64-certified");
        assert!(l["iterations"].as_u64().unwrap() >= 1);
        match l["certificate"].as_str().unwrap() {
            "separating_axis" => {
                assert_eq!(l["outcome"], "separated");
                assert!(l["axis"].as_array().unwrap().iter().all(|x| x.is_f64()));
            }
            "enclosing_simplex" => assert_eq!(l["outcome"], "penetrating"),
            "exact_fallback" => assert!(l["fallback_reason"].is_string(), "{l}"),
            other => panic!("unknown certificate {other}: {l}"),
        }
    }
    assert_eq!(
        by_id(&lines, "cubes-apart")["certificate"],
        "separating_axis"
    );
    assert_eq!(
        by_id(&lines, "cubes-face-touching")["certificate"],
        "exact_fallback"
    );
}

/// A vertex of `b` exactly at the midpoint of an edge of `a`, with long
/// mantissas (from the hard families of `tests/certified.rs`): plain `f64`
/// reports the shapes separated; certified mode, like exact mode, touching.
#[test]
fn certified_mode_is_right_where_plain_f64_is_wrong() {
    let case = r#"{"id":"t91","a":[[-2.35668355270415,0.6060150806142698],[-2.876509885390568,0.6951386072711875],[-2.6280503115772844,0.48752321479273064]],"b":[[-2.616596719047359,0.6505768439427286],[-2.508959995885549,0.7971400045115828],[-2.6692652136053563,0.8246241188134891]]}"#;
    let outcome = |scalar: &str| {
        let (code, lines, err) = gjk(&["query", "--scalar", scalar, "-"], Some(case));
        assert_eq!(code, 0, "{err}");
        lines[0].clone()
    };
    assert_eq!(outcome("exact")["outcome"], "touching");
    assert_eq!(outcome("f64")["outcome"], "separated");
    let certified = outcome("f64-certified");
    assert_eq!(certified["outcome"], "touching");
    assert_eq!(certified["certificate"], "exact_fallback");
}
