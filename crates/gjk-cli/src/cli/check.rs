//! `gjk check`: another implementation's answers (each case's `expect`)
//! against the exact ones (see `crate::check` for the format, the tolerance
//! and the exact answers).
//!
//! Standard output: one JSON line per disagreement, one error line per line
//! that could not be checked (`{"id": …, "line": N, "error": …}`, the id
//! only when it was read), one `"budget_exceeded"` line per case past
//! `--budget` (default [`DEFAULT_CHECK_BUDGET`] per case), and a last line
//! `{"summary": {…}}`. Standard error: the summary as a table, and a
//! progress bar while reading when it is a terminal. Exit status: `0` every
//! compared field agrees, `1` some field disagrees, `2` a line could not be
//! checked (malformed case or `expect`, no exact answer, past the budget),
//! nothing was compared, or bad usage.
//!
//! With `--variant NAME`, the answers judged are not the file's `expect`
//! but those of one of the seeds' own algorithms (`gjk_variants`), run on
//! each case in `--scalar` arithmetic: its answer to "colliding?" is
//! compared as `intersects` (`null` when it has none: a loop, a zero
//! direction, a division by zero), and each disagreement line also gives
//! the variant's `outcome`, `detail` and `divergence` (the first step where
//! its decision differs from the reference's).

use std::io::{self, BufReader, Write};
use std::process::ExitCode;

use crate::check::{
    category, exact_answers, judge, parse_expect, Summary, Tolerance, Verdict, DEFAULT_ABS,
    DEFAULT_REL,
};
use clap::Args;
use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk_case::{error_line, read_packed_cases, PackedCase};
use serde_json::{json, Map, Value};

use super::parallel::{ordered_map, ParallelArgs};
use crate::budget::{Budget, Meter, DEFAULT_CHECK_BUDGET};
use crate::query::budget_exceeded;

use super::progress::Progress;
use super::variant::{run_json, ArithArg, VariantArg};
use crate::check::{Answer, Claim, Expect, Expected, Judged};
use gjk_variants::cases::run_case;
use gjk_variants::VariantOptions;

/// The options of `gjk check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Relative tolerance of float answers: |theirs − exact| ≤ abs + rel·|exact|
    /// (a decimal or "p/q", read exactly).
    #[arg(long, default_value = DEFAULT_REL, allow_hyphen_values = true)]
    rel: String,
    /// Absolute tolerance of float answers (see --rel).
    #[arg(long, default_value = DEFAULT_ABS, allow_hyphen_values = true)]
    abs: String,
    /// The most time and/or work per case for the exact answers: `30s`,
    /// `500ms`, `work=N` (coordinates examined by support calls), both
    /// (`30s,work=1e9`) or `none`. A case past it gets a
    /// `"budget_exceeded"` line and is not checked (exit status 2).
    #[arg(long, default_value = DEFAULT_CHECK_BUDGET)]
    budget: Budget,
    /// The most support points per exact query before giving up on a case.
    #[arg(long, default_value_t = DEFAULT_MAX_ITERATIONS)]
    max_iterations: usize,
    /// Judge one of the seeds' own algorithms on each case instead of the
    /// file's `expect` (its answer is compared as `intersects`).
    #[arg(long, value_enum)]
    variant: Option<VariantArg>,
    /// With `--variant`: the arithmetic it runs in.
    #[arg(long, value_enum, default_value_t = ArithArg::Exact)]
    scalar: ArithArg,
    #[command(flatten)]
    parallel: ParallelArgs,
    /// The case file, or `-` for standard input.
    file: String,
}

/// Runs `gjk check` (exit statuses in the module docs).
pub fn run(args: &CheckArgs) -> ExitCode {
    match check(args) {
        Ok(status) => ExitCode::from(status),
        // The reader went away (`gjk check … | head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("gjk check: {e}");
            ExitCode::from(2)
        }
    }
}

fn check(args: &CheckArgs) -> io::Result<u8> {
    let tol = Tolerance::parse(&args.rel, &args.abs)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let (input, size): (Box<dyn io::Read + Send>, Option<u64>) = if args.file == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let f = std::fs::File::open(&args.file)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", args.file)))?;
        let size = f.metadata().ok().map(|m| m.len());
        (Box::new(f), size)
    };
    let (mut progress, counted) = Progress::new(input, size);
    let mut out = io::stdout().lock();
    let mut summary = Summary::default();
    let variant = args.variant.map(|v| (v, args.scalar));
    let run = Run {
        tol: &tol,
        max_iterations: args.max_iterations,
        budget: args.budget,
        variant,
    };
    let mut n = 0;
    // The cases are judged on the worker threads (each under its own
    // meter); the summary and the output are written here, in input order.
    ordered_map(
        read_packed_cases(BufReader::new(counted)),
        args.parallel.shard,
        args.parallel.threads(),
        |item| item.map(|case| check_case(&case, &run)).map_err(Box::new),
        |checked| {
            progress.update(n);
            n += 1;
            match checked {
                Ok(checked) => {
                    summary.cases += 1;
                    write_case(checked, &mut summary, &mut out)
                }
                Err(e) => {
                    summary.errors += 1;
                    writeln!(out, "{}", e.to_json())
                }
            }
        },
    )?;
    progress.finish();
    writeln!(out, "{}", summary.to_json(&tol))?;
    out.flush()?;
    eprint!("{}", summary.to_text());
    Ok(summary.status())
}

/// The settings of one run.
struct Run<'a> {
    tol: &'a Tolerance,
    max_iterations: usize,
    budget: Budget,
    variant: Option<(VariantArg, ArithArg)>,
}

/// One case judged (on a worker thread), before it is written.
struct Checked {
    /// The `id`, `line` and `category` of every disagreement line.
    head: Map<String, Value>,
    category: Option<String>,
    /// The variant's fields of each disagreement line (`--variant`).
    extra: Map<String, Value>,
    /// The case's `budget_exceeded` line when its meter went past the
    /// budget (the case is then not judged).
    budget_exceeded: Option<Value>,
    /// The judgement, or the case's error line.
    judged: Result<Option<(Expect, Vec<Judged>)>, Value>,
}

/// Judges one case: its `expect` (or the variant's answer) against the
/// exact answers, within the run's budget.
fn check_case(case: &PackedCase, run: &Run<'_>) -> Checked {
    let (tol, max_iterations, variant) = (run.tol, run.max_iterations, run.variant);
    let cat = category(&case.extra);
    let mut head = Map::new();
    head.insert("id".into(), case.id_or_line());
    head.insert("line".into(), json!(case.line));
    if let Some(c) = &cat {
        head.insert("category".into(), json!(c));
    }
    // With --variant, its run supplies the answer (and the extra fields of
    // each disagreement line).
    let mut extra = Map::new();
    let expect = match variant {
        None => parse_expect(&case.extra).map_err(|e| e.to_string()),
        Some((v, arith)) => run_case(
            v.variant(),
            arith.arith(),
            &case.clone().into_case(),
            &VariantOptions::default(),
        )
        .map(|run| {
            run_json(&run, false, &mut extra);
            let answer = run.outcome.answer();
            Some(Expect {
                fields: vec![Expected {
                    answer: Answer::Intersects,
                    given: json!(answer),
                    claim: answer.map_or(Claim::Missing, Claim::Bool),
                }],
                unknown: Vec::new(),
            })
        }),
    };
    let meter = Meter::new(run.budget);
    let judged = expect.and_then(|expect| {
        let Some(expect) = expect else {
            return Ok(None);
        };
        let exact = exact_answers(case, max_iterations, &meter)?;
        let judged = judge(&expect, &exact, tol);
        Ok(Some((expect, judged)))
    });
    let budget_line = meter
        .exceeded()
        .then(|| budget_exceeded(case, "exact", &meter));
    Checked {
        head,
        category: cat,
        extra,
        budget_exceeded: budget_line,
        judged: judged.map_err(|message| error_line(Some(&case.id), case.line, &message)),
    }
}

/// Writes a judged case's disagreements (or its error, or its budget
/// line) and counts it.
fn write_case(checked: Checked, summary: &mut Summary, out: &mut impl Write) -> io::Result<()> {
    let Checked {
        head,
        category,
        extra,
        budget_exceeded,
        judged,
    } = checked;
    if let Some(line) = budget_exceeded {
        summary.budget_exceeded += 1;
        return writeln!(out, "{line}");
    }
    match judged {
        Ok(None) => summary.without_expect += 1,
        Ok(Some((expect, judged))) => {
            summary.add(category.as_deref(), &expect, &judged);
            for j in judged.iter().filter(|j| j.verdict == Verdict::Disagree) {
                let mut m = head.clone();
                m.insert("field".into(), json!(j.answer.name()));
                m.extend(extra.clone());
                m.insert("theirs".into(), j.given.clone());
                m.insert("exact".into(), j.exact.clone());
                if let Some(x) = &j.exact_approx {
                    m.insert("exact_approx".into(), x.clone());
                }
                writeln!(out, "{}", Value::Object(m))?;
            }
        }
        Err(message) => {
            summary.errors += 1;
            writeln!(out, "{message}")?;
        }
    }
    Ok(())
}
