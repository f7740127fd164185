//! `gjk-peers run` on every library: the settings and their defaults
//! first, a `# skipped: why` line for each case a library cannot take, one
//! `expect` line per case and setting that `gjk check` reads; CGAL's exact
//! squared distances.

use std::process::Command;

use serde_json::Value;

const CASES: &str = r#"{"id": "tetrahedra", "category": "demo", "a": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "b": [[1,1,1],[2,1,1],[1,2,1],[1,1,2]]}
{"id": "squares", "a": [[0,0],[1,0],[1,1],[0,1]], "b": [[1,0],[2,0],[2,1],[1,1]]}
{"id": "four-d", "a": [[0,0,0,0],[1,0,0,0]], "b": [[3,0,0,0],[4,0,0,0]]}
{"id": "thirds", "a": [[0,0,0],["1/3",0,0]], "b": [[1,0,0],[2,0,0]]}
"#;

fn run(lib: &str) -> Vec<String> {
    let path = std::env::temp_dir().join(format!("gjk-peers-{lib}-{}.jsonl", std::process::id()));
    std::fs::write(&path, CASES).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gjk-peers"))
        .args(["run", "--lib", lib])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn answers(lines: &[String]) -> Vec<Value> {
    lines
        .iter()
        .filter(|l| !l.starts_with('#'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_3d_libraries_answer_skip_and_state_their_settings() {
    for (lib, settings) in [("ccd", 4), ("fcl", 6), ("bullet", 4)] {
        let lines = run(lib);
        let described = lines.iter().filter(|l| l.starts_with("# setting ")).count();
        assert_eq!(described, settings, "{lib}: {lines:?}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("# skipped: \"four-d\": dimension 4")),
            "{lib}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("# skipped: \"thirds\"") && l.contains("not a double")),
            "{lib}"
        );
        let answers = answers(&lines);
        // tetrahedra and the 2D squares (embedded at z = 0), every setting.
        assert_eq!(answers.len(), 2 * settings, "{lib}");
        for a in &answers {
            assert!(
                a["expect"].is_object() && a["peer"]["library"] == lib,
                "{a}"
            );
            assert!(a["category"].as_str().unwrap().contains(": "), "{a}");
        }
        // The separated tetrahedra: no setting that answers `intersects`
        // says they intersect (a plain case every library gets right).
        for a in answers
            .iter()
            .filter(|a| a["id"].as_str().unwrap().starts_with("tetrahedra@"))
        {
            if let Some(i) = a["expect"].get("intersects") {
                assert_eq!(i, &Value::Bool(false), "{a}");
            }
        }
    }
}

#[test]
fn cgal_gives_exact_squared_distances() {
    let lines = run("cgal");
    let answers = answers(&lines);
    let by_id = |id: &str| {
        answers
            .iter()
            .find(|a| a["id"].as_str().unwrap().starts_with(id))
            .unwrap_or_else(|| panic!("{id}: {lines:?}"))
    };
    assert_eq!(by_id("tetrahedra@")["expect"]["distance_squared"], "4/3");
    assert_eq!(by_id("squares@")["expect"]["distance_squared"], "0");
    assert_eq!(by_id("four-d@")["expect"]["distance_squared"], "4");
    assert!(lines.iter().any(|l| l.starts_with("# skipped: \"thirds\"")));
}
