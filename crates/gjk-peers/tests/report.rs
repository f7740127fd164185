//! `docs/peers-report.md` says which command and which commit produced it,
//! and that commit is in this repository's history (the report is not
//! regenerated here: the full run takes minutes and its timeouts depend on
//! the machine's load; `.ci/run` runs the same code on a small corpus).

use std::path::Path;
use std::process::Command;

#[test]
fn the_report_names_its_command_and_a_commit_of_this_history() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let report = std::fs::read_to_string(root.join("docs/peers-report.md")).expect("the report");
    assert!(report.contains("`cargo run --release -p gjk-peers -- report > docs/peers-report.md`"));
    let commit = report
        .split("at commit `")
        .nth(1)
        .and_then(|s| s.split('`').next())
        .expect("the report names its commit");
    assert!(
        commit.len() == 40 && commit.chars().all(|c| c.is_ascii_hexdigit()),
        "{commit}"
    );
    assert!(
        !report.contains("with uncommitted changes"),
        "generated from a dirty tree"
    );
    let in_history = Command::new("git")
        .args(["merge-base", "--is-ancestor", commit, "HEAD"])
        .current_dir(&root)
        .status();
    match in_history {
        // A checkout without git or history (a source tarball) cannot tell.
        Err(_) => {}
        Ok(s) => assert!(
            s.success() || s.code() == Some(128),
            "{commit} is not an ancestor of HEAD"
        ),
    }
    for section in [
        "## libccd",
        "## FCL",
        "## Bullet",
        "## A second exact oracle",
        "## In-process fuzzing",
    ] {
        assert!(report.contains(section), "{section}");
    }
}
