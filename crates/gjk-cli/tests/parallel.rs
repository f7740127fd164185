//! `gjk query` and `gjk check` on several threads and in shards: the same
//! output as one thread, in input order (issue 21, item 6).

use std::process::{Command, Stdio};

/// Runs the tool in the repository root; its exit status and standard
/// output.
fn gjk(args: &[&str]) -> (i32, String) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_gjk"))
        .args(args)
        .current_dir(root)
        .stdin(Stdio::null())
        .output()
        .expect("the gjk binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// A generated case file (every 3D family), with one answer flipped and one
/// malformed line, so `check` has disagreements and errors to order.
fn corpus() -> String {
    let (code, text) = gjk(&["gen", "--dim", "3", "--count", "60", "--seed", "3"]);
    assert_eq!(code, 0);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[7] = lines[7].replace("\"intersects\":true", "\"intersects\":false");
    lines[7] = lines[7].replace(
        "\"intersects\":false,\"touching\":false",
        "\"intersects\":true,\"touching\":false",
    );
    lines.insert(20, "{\"id\": \"broken\", \"a\": [[0,0,0]]}".to_string());
    let path = std::env::temp_dir().join(format!("gjk-parallel-{}.jsonl", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn query_and_check_give_the_same_output_on_any_number_of_threads() {
    let file = corpus();
    for cmd in ["query", "check"] {
        let (code1, one) = gjk(&[cmd, "--jobs", "1", &file]);
        let (code4, four) = gjk(&[cmd, "--jobs", "4", &file]);
        let (code_all, all) = gjk(&[cmd, &file]);
        assert_eq!(one, four, "{cmd}: --jobs 4 differs from --jobs 1");
        assert_eq!(one, all, "{cmd}: every core differs from --jobs 1");
        assert_eq!((code1, code4), (code_all, code_all));
        assert_ne!(code1, 0, "{cmd}: the malformed line fails the run");
    }
}

#[test]
fn shards_interleave_to_the_whole_output() {
    let file = corpus();
    let (_, whole) = gjk(&["query", "--jobs", "1", &file]);
    let whole: Vec<&str> = whole.lines().collect();
    let shards: Vec<String> = (1..=3)
        .map(|k| gjk(&["query", "--shard", &format!("{k}/3"), &file]).1)
        .collect();
    let shards: Vec<Vec<&str>> = shards.iter().map(|s| s.lines().collect()).collect();
    let mut merged = Vec::new();
    for i in 0..whole.len() {
        merged.push(shards[i % 3][i / 3]);
    }
    assert_eq!(merged, whole);
    assert_eq!(shards.iter().map(Vec::len).sum::<usize>(), whole.len());
    // check: the shards' summaries add up to the whole run's case count.
    let cases = |text: &str| -> u64 {
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        last["summary"]["cases"].as_u64().unwrap()
    };
    let (_, whole_check) = gjk(&["check", &file]);
    let sum: u64 = (1..=3)
        .map(|k| cases(&gjk(&["check", "--shard", &format!("{k}/3"), &file]).1))
        .sum();
    assert_eq!(sum, cases(&whole_check));
    let (code, _) = gjk(&["query", "--shard", "4/3", &file]);
    assert_eq!(code, 2, "a bad --shard is a usage error");
}
