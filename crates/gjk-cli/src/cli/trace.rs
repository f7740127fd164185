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
use gjk_case::{read_cases, Case};
use gjk_variants::SeedScalar;

use super::ScalarArg;

/// The options of `gjk trace`.
#[derive(Args)]
pub struct TraceArgs {
    /// Arithmetic: `exact` (the default), `f64` or `f32`.
    #[arg(long, value_enum, default_value_t = ScalarArg::Exact)]
    scalar: ScalarArg,
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

/// Runs `gjk trace`: exit status 0 after a trace (whatever its verdict), 2
/// when the case cannot be read or traced.
pub fn run(args: &TraceArgs) -> ExitCode {
    match find_case(args).and_then(|case| traced(&case, args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gjk trace: {message}");
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

/// The case to trace: the one `--id` names, or the file's only case.
fn find_case(args: &TraceArgs) -> Result<Case, String> {
    let input = super::open_input(&args.file).map_err(|e| e.to_string())?;
    let mut only: Option<Case> = None;
    let mut count = 0;
    for item in read_cases(input) {
        count += 1;
        match (item, &args.id) {
            (Ok(case), Some(id)) if is_named(&case.id_or_line(), id) => return Ok(case),
            (Err(e), Some(id)) if is_named(&e.id, id) => return Err(e.to_string()),
            (_, Some(_)) => {}
            (Ok(case), None) => only = Some(case),
            (Err(e), None) => return Err(e.to_string()),
        }
    }
    match (&args.id, only, count) {
        (Some(id), _, _) => Err(format!("no case with id {id} in {}", args.file)),
        (None, Some(case), 1) => Ok(case),
        (None, _, 0) => Err(format!("{} holds no case", args.file)),
        (None, _, n) => Err(format!(
            "{} holds {n} cases: choose one with --id",
            args.file
        )),
    }
}

fn traced(case: &Case, args: &TraceArgs) -> Result<(), String> {
    match (case.dim(), args.scalar) {
        (2, ScalarArg::Exact) => traced_in::<Rational, 2>(case, args),
        (2, ScalarArg::F64) => traced_in::<f64, 2>(case, args),
        (2, ScalarArg::F32) => traced_in::<f32, 2>(case, args),
        (3, ScalarArg::Exact) => traced_in::<Rational, 3>(case, args),
        (3, ScalarArg::F64) => traced_in::<f64, 3>(case, args),
        (3, ScalarArg::F32) => traced_in::<f32, 3>(case, args),
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
    let a = ConvexHull::new(pa.clone(), Which::A).map_err(|e| e.to_string())?;
    let b = ConvexHull::new(pb.clone(), Which::B).map_err(|e| e.to_string())?;
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
