//! `docs/peers-report.md` says which command and which commit produced it,
//! and that commit is in this repository's history (the report is not
//! regenerated here: the full run takes minutes and its timeouts depend on
//! the machine's load; `.ci/run` runs the same code on a small corpus).
//! What it claims is checked on the committed file: each peer's section
//! shows failure families or says it found none, every smallest case it
//! prints disagrees with the exact answers when pasted into
//! `gjk check --rel 1e-6` (its code, default absolute tolerance), and CGAL
//! gives the exact squared distance on at least 5,000 pairs and a different
//! one on none.

use std::path::Path;
use std::process::Command;

use gjk_cli::check::{exact_answers, judge, parse_expect, Tolerance, Verdict, DEFAULT_ABS};

fn report() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join("docs/peers-report.md")).expect("docs/peers-report.md")
}

/// The text of section `## {title}` up to the next `## `.
fn section<'a>(report: &'a str, title: &str) -> &'a str {
    let start = report
        .find(&format!("\n## {title}"))
        .unwrap_or_else(|| panic!("no section {title:?}"));
    let rest = &report[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

#[test]
fn every_peer_shows_a_failure_family_with_a_smallest_case_that_gjk_check_rejects() {
    let report = report();
    let tol = Tolerance::parse("1e-6", DEFAULT_ABS).unwrap();
    for peer in ["libccd", "FCL", "Bullet"] {
        let text = section(&report, peer);
        let families = text.matches("* **`").count();
        let cases: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("{\"id\":\"min-"))
            .collect();
        if families == 0 {
            assert!(
                text.contains("None found on "),
                "{peer}: neither a failure family nor 'None found on N'"
            );
            continue;
        }
        assert_eq!(
            cases.len(),
            families,
            "{peer}: one smallest case per family"
        );
        for line in cases {
            let case = gjk_case::parse_packed_line(line, 1)
                .unwrap_or_else(|e| panic!("{peer}: {line}: {}", e.error))
                .unwrap_or_else(|| panic!("{peer}: an empty line"));
            let expect = parse_expect(&case.extra)
                .unwrap_or_else(|e| panic!("{peer}: {line}: {e}"))
                .unwrap_or_else(|| panic!("{peer}: no expect: {line}"));
            let meter = gjk_cli::budget::Meter::new(gjk_cli::budget::Budget::NONE);
            let exact = exact_answers(&case, gjk::tolerance::DEFAULT_MAX_ITERATIONS, &meter)
                .unwrap_or_else(|e| panic!("{peer}: {line}: {e}"));
            assert!(
                judge(&expect, &exact, &tol)
                    .iter()
                    .any(|j| j.verdict == Verdict::Disagree),
                "{peer}: gjk check --rel 1e-6 agrees with this smallest case: {line}"
            );
        }
    }
}

/// Identical on at least 5,000 pairs, different on none (a pair CGAL does
/// not answer within the runner's limit is listed, not counted as either).
#[test]
fn cgal_agrees_with_the_exact_distance_on_at_least_5000_pairs() {
    let report = report();
    let text = section(&report, "A second exact oracle");
    let figures = text
        .split("**")
        .find(|s| s.contains("squared distances identical"))
        .unwrap_or_else(|| panic!("no agreement figures in: {text}"));
    let numbers: Vec<usize> = figures
        .split_whitespace()
        .filter_map(|w| w.replace(',', "").parse().ok())
        .collect();
    assert!(
        matches!(numbers[..], [same, total, 0] if same <= total && same >= 5000),
        "{figures}"
    );
}

#[test]
fn the_report_names_its_command_and_a_commit_of_this_history() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let report = report();
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
