//! The subcommands of the `gjk` tool other than `query`, one file each
//! (`main.rs` only declares them and dispatches; see `ARCHITECTURE.md`).

pub mod check;
pub mod parallel;
mod progress;
pub mod trace;
pub mod variant;

use std::io::{self, BufRead, BufReader, Write};

use gjk_case::{read_cases, Case};
use serde_json::{json, Value};

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

/// A case file, or standard input for `-`. The error names the file.
pub fn open_input(file: &str) -> io::Result<Box<dyn BufRead + Send>> {
    if file == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let f =
        std::fs::File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
    Ok(Box::new(BufReader::new(f)))
}

/// `gjk query`'s output: one JSON line per case of `input` (of its shard),
/// `answer`'s or `{"id": …, "error": …}`, in input order, computed on
/// `parallel`'s worker threads; `Ok(false)` if some line had an error.
pub fn answer_lines(
    input: Box<dyn BufRead + Send>,
    parallel: &parallel::ParallelArgs,
    answer: impl Fn(&Case) -> Result<Value, String> + Sync,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut all_ok = true;
    parallel::ordered_map(
        read_cases(input),
        parallel.shard,
        parallel.threads(),
        |item| match item {
            Ok(case) => answer(&case)
                .map_err(|message| json!({ "id": case.id_or_line(), "error": message })),
            Err(e) => Err(e.to_json()),
        },
        |value| {
            let value = value.unwrap_or_else(|error| {
                all_ok = false;
                error
            });
            writeln!(out, "{value}")
        },
    )?;
    Ok(all_ok)
}
