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

/// Every case of a case file: its id and its two point sets as oracle rows.
fn oracle_cases(text: &str) -> Vec<(Value, Rows, Rows)> {
    use gjk::Rational;
    gjk::case::read_cases(text.as_bytes())
        .map(|case| {
            let case = case.unwrap();
            let (a, b) = match case.dim() {
                3 => rows(case.points::<Rational, 3>().unwrap()),
                _ => rows(case.points::<Rational, 2>().unwrap()),
            };
            (case.id_or_line(), a, b)
        })
        .collect()
}

/// In exact mode the tool's `distance_squared` and witnesses are the
/// oracle's, on every case of the example file; in f64 the distance is
/// within 1e-12 (relative) of the exact one.
#[test]
fn distance_fields_match_the_oracle() {
    use gjk::oracle;
    use gjk::Rational;

    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/cases.jsonl"))
            .unwrap();
    let (_, exact, _) = gjk(&["query", "examples/cases.jsonl"], None);
    let (_, float, _) = gjk(&["query", "--scalar", "f64", "examples/cases.jsonl"], None);
    let rat = |v: &Value| -> Rational { gjk::case::parse_coordinate(v).unwrap() };
    let mut separated = 0;
    for (id, a, b) in oracle_cases(&text) {
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

/// For penetrating cases the tool adds EPA's answer: in exact mode
/// `penetration_depth_squared` is the oracle's exact value, `penetration`
/// a vector of that squared length whose negative, applied to `a`, makes
/// the pair touch, and `normal` (unnormalised) is parallel to it; in f64
/// `penetration_depth` is within 10⁻⁹ (relative) of the exact depth and
/// `normal` has unit length. Other cases have no penetration fields.
#[test]
fn penetration_fields_match_the_oracle() {
    use gjk::oracle::{self, PenetrationDepth, Relation};
    use gjk::Rational;

    let input = [
        r#"{"id": "squares", "a": [[0,0],[4,0],[4,4],[0,4]], "b": [[3,1],[5,1],[5,2],[3,2]]}"#,
        r#"{"id": "slanted", "a": [[-6,-6],[8,-6],[-6,8]], "b": [["1/3","-1/2"]]}"#,
        r#"{"id": "cubes", "a": [[0,0,0],[2,0,0],[0,2,0],[2,2,0],[0,0,2],[2,0,2],[0,2,2],[2,2,2]], "b": [[1,1,1],[3,1,1],[1,3,1],[3,3,1],[1,1,3],[3,1,3],[1,3,3],[3,3,3]]}"#,
        r#"{"id": "tetrahedra", "a": [[0,0,0],[4,0,0],[0,4,0],[0,0,4]], "b": [[1,1,1],[-3,1,1],[1,-2,1],[1,1,-2]]}"#,
        r#"{"id": "touching", "a": [[0,0],[2,0],[2,2],[0,2]], "b": [[2,0],[4,0],[4,2],[2,2]]}"#,
    ]
    .join("\n");
    let (code, exact, _) = gjk(&["query", "-"], Some(&input));
    assert_eq!(code, 0);
    let (_, float, _) = gjk(&["query", "--scalar", "f64", "-"], Some(&input));
    let rat = |v: &Value| -> Rational { gjk::case::parse_coordinate(v).unwrap() };
    let vec_of = |v: &Value| -> Vec<Rational> { v.as_array().unwrap().iter().map(rat).collect() };
    let dot =
        |u: &[Rational], v: &[Rational]| -> Rational { u.iter().zip(v).map(|(x, y)| x * y).sum() };
    let mut penetrating = 0;
    for (id, a, b) in oracle_cases(&input) {
        let e = exact.iter().find(|v| v["id"] == id).unwrap();
        let f = float.iter().find(|v| v["id"] == id).unwrap();
        let PenetrationDepth::Penetrating { depth2, .. } =
            oracle::penetration_depth(&a, &b).unwrap()
        else {
            for l in [e, f] {
                assert!(l.get("penetration_depth").is_none(), "{id}: {l}");
                assert!(l.get("penetration").is_none(), "{id}: {l}");
            }
            continue;
        };
        penetrating += 1;
        assert_eq!(rat(&e["penetration_depth_squared"]), depth2, "{id}");
        let p = vec_of(&e["penetration"]);
        let n = vec_of(&e["normal"]);
        assert_eq!(dot(&p, &p), depth2, "{id}");
        let pn = dot(&p, &n);
        assert!(pn > Rational::from_integer(0.into()), "{id}");
        assert_eq!(pn.clone() * pn, dot(&p, &p) * dot(&n, &n), "{id}: parallel");
        let moved: Vec<Vec<Rational>> = a
            .iter()
            .map(|x| x.iter().zip(&p).map(|(u, v)| u - v).collect())
            .collect();
        assert_eq!(oracle::relation(&moved, &b), Ok(Relation::Touching), "{id}");
        let want = gjk::Scalar::to_f64(&depth2).sqrt();
        for l in [e, f] {
            let got = l["penetration_depth"].as_f64().unwrap();
            assert!((got - want).abs() <= 1e-9 * want, "{id}: {got} vs {want}");
        }
        assert!(f["penetration_depth_squared"].is_number(), "{id}");
        let unit: f64 = f["normal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap().powi(2))
            .sum();
        assert!((unit - 1.0).abs() <= 1e-12, "{id}: |normal|² = {unit}");
    }
    assert_eq!(penetrating, 4);
}
