//! `gjk-peers`: libccd, FCL, Bullet and CGAL on the crate's case files,
//! judged against the exact answers (issue 21).
//!
//! ```sh
//! cargo run --release -p gjk-peers -- run --lib ccd|fcl|bullet|cgal FILE > answers.jsonl
//! cargo run --release -- check --rel 1e-6 answers.jsonl      # the gjk tool judges them
//! cargo run --release -p gjk-peers -- report > docs/peers-report.md
//! ```
//!
//! (`scripts/peers run --lib ccd FILE` is the same as the first line.)
//! `run` writes, for each case and each setting of the library, the case
//! line with that setting's answers in `expect` (what `gjk check` reads),
//! its category prefixed by the setting, and a `peer` object with the
//! library, the setting and its status (`ok`, `crashed: signal 6
//! (Aborted)`, `timeout: …`, `error: …`; a failed setting's fields are
//! `null`, which `gjk check` counts as a disagreement). The settings and
//! their defaults come first as `#` comments, and a case the library
//! cannot take is a `# skipped: ID: why` line. Each setting runs on each
//! case in its own child process, so a crash or an endless loop costs that
//! case only.
#![deny(missing_docs)]

mod corpus;
mod exact;
mod lines;
mod report;
mod runner;

use std::io::{self, Write};
use std::process::ExitCode;

use runner::{convert, Lib};

fn usage() -> ExitCode {
    eprintln!(
        "usage: gjk-peers run --lib ccd|fcl|bullet|cgal [--timeout S] [--jobs N] FILE\n       \
         gjk-peers report [--quick]\n       \
         gjk-peers cgal [--count N]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let jobs = flag("--jobs")
        .and_then(|s| s.parse().ok())
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1);
    let result = match args.first().map(String::as_str) {
        Some("run") => {
            let Some(lib) = flag("--lib").and_then(|s| Lib::from_name(s)) else {
                return usage();
            };
            let Some(file) = args.last().filter(|_| args.len() >= 4) else {
                return usage();
            };
            let timeout = flag("--timeout").and_then(|s| s.parse().ok()).unwrap_or(10);
            run(lib, file, jobs, timeout)
        }
        Some("report") => report::report(&report::Options {
            quick: args.iter().any(|a| a == "--quick"),
            jobs,
        }),
        Some("cgal") => {
            let count = flag("--count").and_then(|s| s.parse().ok()).unwrap_or(100);
            report::cgal_only(count, jobs)
        }
        _ => return usage(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gjk-peers: {e}");
            ExitCode::from(2)
        }
    }
}

/// `gjk-peers run`: one library on one case file (module docs).
fn run(lib: Lib, file: &str, jobs: usize, timeout: u32) -> Result<(), String> {
    let input: Box<dyn io::BufRead> = if file == "-" {
        Box::new(io::BufReader::new(io::stdin()))
    } else {
        Box::new(io::BufReader::new(
            std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?,
        ))
    };
    let settings = runner::settings(lib)?;
    let mut out = io::stdout().lock();
    let io = |e: io::Error| e.to_string();
    writeln!(out, "# gjk-peers run --lib {}: {}", lib.name(), lib.title()).map_err(io)?;
    for s in &settings {
        writeln!(
            out,
            "# setting {} ({}): {}",
            s.name,
            s.fields.join(", "),
            s.description
        )
        .map_err(io)?;
    }
    // Every line in input order: a skip, an unreadable line, or a case to run.
    enum Item {
        Note(String),
        Run(gjk_case::Case, usize),
    }
    let mut items = Vec::new();
    let mut batch = Vec::new();
    for item in gjk_case::read_cases(input) {
        match item {
            Err(e) => items.push(Item::Note(format!(
                "# skipped: line {}: not a case: {}",
                e.line, e.error
            ))),
            Ok(case) => match convert(lib, &case.a, &case.b) {
                Err(why) => items.push(Item::Note(format!(
                    "# skipped: {}: {why}",
                    case.id_or_line()
                ))),
                Ok(pc) => {
                    batch.push(pc);
                    items.push(Item::Run(case, batch.len() - 1));
                }
            },
        }
    }
    let replies = runner::run(lib, &batch, jobs, timeout)?;
    for item in items {
        match item {
            Item::Note(s) => writeln!(out, "{s}").map_err(io)?,
            Item::Run(case, i) => {
                let id = match case.id_or_line() {
                    serde_json::Value::String(s) => s,
                    other => other.to_string(),
                };
                let category = gjk_cli::check::category(&case.extra);
                for (name, reply) in &replies[i] {
                    let Some(setting) = settings.iter().find(|s| &s.name == name) else {
                        continue;
                    };
                    let line = lines::case_line(
                        lib,
                        &id,
                        category.as_deref(),
                        &case.a,
                        &case.b,
                        setting,
                        reply,
                    );
                    writeln!(out, "{line}").map_err(io)?;
                }
            }
        }
    }
    Ok(())
}
