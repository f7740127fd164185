//! The subcommands of the `gjk` tool other than `query`, one file each
//! (`main.rs` only declares them and dispatches; see `ARCHITECTURE.md`).

pub mod check;
pub mod parallel;
mod progress;
pub mod trace;
pub mod variant;

use std::io::{self, BufRead, BufReader, Write};

use gjk_case::{error_line, read_packed_cases, PackedCase};
use serde_json::Value;

/// The arithmetic of a query (`--scalar`).
// The variants are the values of `--scalar`, named by clap; doc comments
// on them would become help text.
#[allow(missing_docs)]
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ScalarArg {
    Exact,
    F64,
    F32,
    F64Certified,
}

/// A case file, or standard input for `-`. The error names the file; a
/// directory is refused here (`InvalidInput`), before any line is read.
pub fn open_input(file: &str) -> io::Result<Box<dyn BufRead + Send>> {
    if file == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let f =
        std::fs::File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
    if f.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{file}: is a directory, not a case file"),
        ));
    }
    Ok(Box::new(BufReader::new(f)))
}

/// What a run over a case file met, for the summary on standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Case lines read (valid or not).
    pub lines: usize,
    /// Lines answered with an error line.
    pub errors: usize,
    /// Cases past their budget.
    pub budget_exceeded: usize,
    /// The first error line's line number.
    pub first_error: Option<usize>,
}

impl Tally {
    /// Counts one output line of `value` for the case line `line`.
    pub fn add(&mut self, line: usize, value: &Value) {
        self.lines += 1;
        if value.get("error").is_some() {
            self.errors += 1;
            self.first_error.get_or_insert(line);
        }
        if value.get("outcome").and_then(Value::as_str) == Some("budget_exceeded") {
            self.budget_exceeded += 1;
        }
    }

    /// The summary for standard error, `None` when every line was answered.
    pub fn summary(&self, command: &str) -> Option<String> {
        if self.errors == 0 && self.budget_exceeded == 0 {
            return None;
        }
        let mut s = format!(
            "gjk {command}: {} case lines, {} error lines",
            self.lines, self.errors
        );
        if let Some(first) = self.first_error {
            s.push_str(&format!(" (the first at line {first})"));
        }
        if self.budget_exceeded > 0 {
            s.push_str(&format!(", {} past the budget", self.budget_exceeded));
        }
        Some(s)
    }
}

/// `gjk query`'s output: one JSON line per case of `input` (of its shard),
/// in input order, computed on `parallel`'s worker threads: `answer`'s or
/// an error line ([`gjk_case::error_line`]: `{"id": …, "line": N,
/// "error": …}`, the id only when it was read); a summary on standard error
/// when some line had an error or went past the budget. `Ok(false)` if some
/// line had an error.
pub fn answer_lines(
    input: Box<dyn BufRead + Send>,
    command: &str,
    parallel: &parallel::ParallelArgs,
    answer: impl Fn(&PackedCase) -> Result<Value, String> + Sync,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut tally = Tally::default();
    // The cases are answered on the worker threads; the tally and the
    // output are kept here, in input order.
    parallel::ordered_map(
        read_packed_cases(input),
        parallel.shard,
        parallel.threads(),
        |item| match item {
            Ok(case) => (
                case.line,
                answer(&case)
                    .unwrap_or_else(|message| error_line(Some(&case.id), case.line, &message)),
            ),
            Err(e) => (e.line, e.to_json()),
        },
        |(line, value)| {
            tally.add(line, &value);
            writeln!(out, "{value}")
        },
    )?;
    out.flush()?;
    if let Some(s) = tally.summary(command) {
        eprintln!("{s}");
    }
    Ok(tally.errors == 0)
}
