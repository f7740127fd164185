//! `gjk trace`: one case, every step of the boolean loop, as text, JSON,
//! an SVG picture or a web page (see `gjk::trace`, `crate::picture` and
//! `crate::html`).

use std::io::{self, Write};
use std::process::ExitCode;

use crate::html::trace_page;
use crate::picture::trace_svg;
use crate::trace_format::TraceFormat;
use clap::Args;
use gjk::boolean::Options;
use gjk::scalar::FromRational;
use gjk::shape::ConvexHull;
use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk::trace::trace;
use gjk::{Field, Rational, Which};
use gjk_case::{error_line, read_cases, Case, LineError};
use gjk_variants::SeedScalar;
use serde_json::Value;

/// The arithmetic of a trace (the boolean loop has no certified mode:
/// `--scalar f64-certified` is refused as bad usage).
// The variants are the values of `--scalar`, named by clap; doc comments
// on them would become help text.
#[allow(missing_docs)]
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum TraceScalar {
    Exact,
    F64,
    F32,
}

/// The options of `gjk trace`.
#[derive(Args)]
pub struct TraceArgs {
    /// Arithmetic: `exact` (the default), `f64` or `f32`.
    #[arg(long, value_enum, default_value_t = TraceScalar::Exact)]
    scalar: TraceScalar,
    /// The most support points before stopping with no verdict.
    #[arg(long, default_value_t = DEFAULT_MAX_ITERATIONS)]
    max_iterations: usize,
    /// The case to trace, by its `id` (or its line number if it has none).
    /// Needed when the file holds more than one case.
    #[arg(long)]
    id: Option<String>,
    /// Print the trace as one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw the trace into this SVG file: one panel per step (2D
    /// cases as they are, 3D cases in a fixed orthographic view: azimuth 35°, elevation 25°).
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<String>,
    /// Also write the trace as one self-contained web page: each step drawn
    /// (3D views turn when dragged), stepped with buttons or the arrow
    /// keys, and the seeds' own loops beside it where they differ.
    #[arg(long, value_name = "OUT.html")]
    html: Option<String>,
    /// The case file, or `-` for standard input.
    file: String,
}

/// Why there is no trace: a message, and the line it is about (with the
/// case's id when it was read), if any.
struct Failure {
    line: Option<(usize, Option<Value>)>,
    message: String,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            line: None,
            message,
        }
    }
}

impl From<LineError> for Failure {
    fn from(e: LineError) -> Failure {
        Failure {
            line: Some((e.line, e.id)),
            message: e.error.to_string(),
        }
    }
}

/// Runs `gjk trace`: exit status 0 after a trace (whatever its verdict), 2
/// when the case cannot be read or traced. An error about a line is
/// printed as in `gjk query` and `gjk check`: on standard error as
/// `line N (id …): …`, and with `--json` also as the error line
/// `{"id": …, "line": N, "error": …}` on standard output.
pub fn run(args: &TraceArgs) -> ExitCode {
    let result = find_case(args).and_then(|case| {
        traced(&case, args).map_err(|message| Failure {
            line: Some((case.line, (!case.id.is_null()).then(|| case.id.clone()))),
            message,
        })
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure {
            line: None,
            message,
        }) => {
            eprintln!("gjk trace: {message}");
            ExitCode::from(2)
        }
        Err(Failure {
            line: Some((line, id)),
            message,
        }) => {
            match &id {
                Some(id) => eprintln!("gjk trace: line {line} (id {id}): {message}"),
                None => eprintln!("gjk trace: line {line}: {message}"),
            }
            if args.json {
                println!("{}", error_line(id.as_ref(), line, &message));
            }
            ExitCode::from(2)
        }
    }
}

/// Whether `case` is the one `--id` names (string ids compare as text,
/// numeric ids and line numbers by their decimal form).
fn is_named(id: &serde_json::Value, wanted: &str) -> bool {
    match id {
        serde_json::Value::String(s) => s == wanted,
        serde_json::Value::Number(n) => n.to_string() == wanted,
        _ => false,
    }
}

/// The case to trace: the one `--id` names (a line without an id is
/// named by its line number), or the file's only case line.
fn find_case(args: &TraceArgs) -> Result<Case, Failure> {
    let input = super::open_input(&args.file).map_err(|e| e.to_string())?;
    let mut only = None;
    let mut count = 0;
    for item in read_cases(input) {
        count += 1;
        match (item, &args.id) {
            (Ok(case), Some(id)) if is_named(&case.id_or_line(), id) => return Ok(case),
            (Err(e), Some(id)) if is_named(e.id.as_ref().unwrap_or(&Value::from(e.line)), id) => {
                return Err(e.into())
            }
            (_, Some(_)) => {}
            (item, None) => {
                if count == 1 {
                    only = Some(item);
                }
            }
        }
    }
    match (&args.id, only, count) {
        (Some(id), _, _) => Err(format!("no case with id {id} in {}", args.file).into()),
        (None, Some(item), 1) => item.map_err(Failure::from),
        (None, _, 0) => Err(format!("{} holds no case", args.file).into()),
        (None, _, n) => {
            Err(format!("{} holds {n} case lines: choose one with --id", args.file).into())
        }
    }
}

fn traced(case: &Case, args: &TraceArgs) -> Result<(), String> {
    match (case.dim(), args.scalar) {
        (2, TraceScalar::Exact) => traced_in::<Rational, 2>(case, args),
        (2, TraceScalar::F64) => traced_in::<f64, 2>(case, args),
        (2, TraceScalar::F32) => traced_in::<f32, 2>(case, args),
        (3, TraceScalar::Exact) => traced_in::<Rational, 3>(case, args),
        (3, TraceScalar::F64) => traced_in::<f64, 3>(case, args),
        (3, TraceScalar::F32) => traced_in::<f32, 3>(case, args),
        (d, _) => Err(format!(
            "dimension {d} is not supported by trace (supported: 2 and 3, where the spec's \
             regions are defined)"
        )),
    }
}

fn traced_in<T: FromRational + Field + SeedScalar, const N: usize>(
    case: &Case,
    args: &TraceArgs,
) -> Result<(), String> {
    let id = case.id_or_line();
    let (pa, pb) = case.points::<T, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(pa.clone()).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = ConvexHull::new(pb.clone()).map_err(|e| e.in_shape(Which::B).to_string())?;
    let opts = Options {
        initial_direction: None,
        max_iterations: args.max_iterations,
    };
    let t = trace(&a, &b, &opts).map_err(|e| e.to_string())?;
    let title = id.to_string();
    if let Some(path) = &args.svg {
        let svg = trace_svg(&t, &pa, &pb, &title).map_err(|e| e.to_string())?;
        std::fs::write(path, svg).map_err(|e| format!("{path}: {e}"))?;
    }
    if let Some(path) = &args.html {
        let page = trace_page(case, &t, &a, &b)?;
        std::fs::write(path, page).map_err(|e| format!("{path}: {e}"))?;
    }
    let text = if args.json {
        format!("{}\n", t.to_json(&id))
    } else {
        t.to_text(&title)
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.to_string()),
        _ => Ok(()),
    }
}
