//! The `gjk` command-line tool. See `README.md` for the case format.

use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use gjk::case::{read_cases, Case};
use gjk::contact::{contact, Contact};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::gjk::{Options, DEFAULT_MAX_ITERATIONS};
use gjk::scalar::FromRational;
use gjk::shape::ConvexHull;
use gjk::{Rational, Scalar, Vector, Which};
use serde_json::{json, Map, Value};

/// A reference implementation of the GJK algorithm: exact verdicts for
/// convex shapes given as point sets.
#[derive(Parser)]
#[command(name = "gjk", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answers each case of a JSON Lines case file: do the convex hulls of
    /// `a` and `b` intersect, touch, or neither?
    Query {
        /// Arithmetic: `exact` (rationals, the default: every verdict is exact),
        /// `f64`, `f32`, or `f64-certified` (f64 with a checked certificate,
        /// exact when none is proved: the verdict on the doubles is exact).
        #[arg(long, value_enum, default_value_t = ScalarArg::Exact)]
        scalar: ScalarArg,
        /// The most support points of A − B per query before reporting
        /// `not_converged`.
        #[arg(long, default_value_t = DEFAULT_MAX_ITERATIONS)]
        max_iterations: usize,
        /// The case file, or `-` for standard input.
        file: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ScalarArg {
    Exact,
    F64,
    F32,
    F64Certified,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Query {
            scalar,
            max_iterations,
            file,
        } => match run_query(scalar, max_iterations, &file) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            // The reader went away (`gjk query … | head`): stop quietly.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gjk: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// Runs every case; `Ok(false)` if some line had an error.
fn run_query(scalar: ScalarArg, max_iterations: usize, file: &str) -> io::Result<bool> {
    let input: Box<dyn BufRead> = if file == "-" {
        Box::new(BufReader::new(io::stdin()))
    } else {
        let f = std::fs::File::open(file)
            .map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
        Box::new(BufReader::new(f))
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut all_ok = true;
    for item in read_cases(input) {
        let value = match item {
            Ok(case) => answer(&case, scalar, max_iterations).unwrap_or_else(|message| {
                all_ok = false;
                json!({ "id": case.id_or_line(), "error": message })
            }),
            Err(e) => {
                all_ok = false;
                e.to_json()
            }
        };
        writeln!(out, "{value}")?;
    }
    Ok(all_ok)
}

fn answer(case: &Case, scalar: ScalarArg, max_iterations: usize) -> Result<Value, String> {
    match (case.dim(), scalar) {
        (2, ScalarArg::Exact) => query::<Rational, 2>(case, max_iterations),
        (2, ScalarArg::F64) => query::<f64, 2>(case, max_iterations),
        (2, ScalarArg::F32) => query::<f32, 2>(case, max_iterations),
        (3, ScalarArg::Exact) => query::<Rational, 3>(case, max_iterations),
        (3, ScalarArg::F64) => query::<f64, 3>(case, max_iterations),
        (3, ScalarArg::F32) => query::<f32, 3>(case, max_iterations),
        (2, ScalarArg::F64Certified) => certified_query::<2>(case, max_iterations),
        (3, ScalarArg::F64Certified) => certified_query::<3>(case, max_iterations),
        (d, _) => Err(format!(
            "dimension {d} is not supported yet (supported: 2 and 3)"
        )),
    }
}

fn query<T: FromRational + gjk::Field, const N: usize>(
    case: &Case,
    max_iterations: usize,
) -> Result<Value, String> {
    let (a, b) = case.points::<T, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a, Which::A).map_err(|e| e.to_string())?;
    let b = ConvexHull::new(b, Which::B).map_err(|e| e.to_string())?;
    let opts = Options {
        initial_direction: None,
        max_iterations,
    };
    let report = contact(&a, &b, &opts).map_err(|e| e.to_string())?;
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    let (intersects, touching) = match &report.contact {
        Contact::Separated { .. } => (json!(false), json!(false)),
        Contact::Touching { .. } => (json!(true), json!(true)),
        Contact::Penetrating => (json!(true), json!(false)),
        Contact::NotConverged { .. } => (Value::Null, Value::Null),
    };
    m.insert("intersects".into(), intersects);
    m.insert("touching".into(), touching);
    m.insert("outcome".into(), json!(report.contact.name()));
    m.insert("iterations".into(), json!(report.iterations));
    m.insert("scalar".into(), json!(T::NAME));
    match &report.contact {
        Contact::Separated { axis } => {
            m.insert("axis".into(), vector_json(axis));
            distance_fields::<T, N>(&a, &b, max_iterations, &mut m)?;
        }
        Contact::Touching { normal } => {
            m.insert("normal".into(), vector_json(normal));
            zero_distance::<T>(&mut m);
        }
        Contact::NotConverged { reason } => {
            m.insert("reason".into(), json!(reason.to_string()));
        }
        Contact::Penetrating => zero_distance::<T>(&mut m),
    }
    Ok(Value::Object(m))
}

/// `--scalar f64-certified`: `gjk::certified` on the doubles nearest the
/// case's coordinates. The verdict fields as in the other modes, plus
/// `certificate` (`separating_axis` with its `axis`, `enclosing_simplex`, or
/// `exact_fallback` with its `fallback_reason`); no distance fields.
fn certified_query<const N: usize>(case: &Case, max_iterations: usize) -> Result<Value, String> {
    use gjk::certified::{certify, Certificate, CertifiedOptions};
    use gjk::oracle::Relation;
    let (a, b) = case.points::<f64, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a, Which::A).map_err(|e| e.to_string())?;
    let b = ConvexHull::new(b, Which::B).map_err(|e| e.to_string())?;
    let report =
        certify(&a, &b, &CertifiedOptions { max_iterations }).map_err(|e| e.to_string())?;
    let (intersects, touching, outcome) = match report.verdict {
        Relation::Separated => (false, false, "separated"),
        Relation::Touching => (true, true, "touching"),
        Relation::Penetrating => (true, false, "penetrating"),
    };
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    m.insert("intersects".into(), json!(intersects));
    m.insert("touching".into(), json!(touching));
    m.insert("outcome".into(), json!(outcome));
    let iterations = report.float_iterations + report.exact_iterations;
    m.insert("iterations".into(), json!(iterations));
    m.insert("scalar".into(), json!("f64-certified"));
    m.insert("certificate".into(), json!(report.certificate.name()));
    match &report.certificate {
        Certificate::SeparatingAxis(c) => {
            m.insert("axis".into(), vector_json(&c.axis));
        }
        Certificate::ExactFallback { reason } => {
            m.insert("fallback_reason".into(), json!(reason.name()));
        }
        Certificate::EnclosingSimplex { .. } => {}
    }
    Ok(Value::Object(m))
}

/// `distance_squared` and `distance` of intersecting shapes.
fn zero_distance<T: Scalar>(m: &mut Map<String, Value>) {
    m.insert("distance_squared".into(), scalar_json(&T::zero()));
    m.insert("distance".into(), json!(0.0));
}

/// The distance query's answer for separated shapes: `distance_squared`
/// (exact `"p/q"` in exact mode), `distance` (a number: the square root,
/// rounded, in every mode) and the witness points. A distance run that does
/// not conclude adds `distance_reason` instead.
fn distance_fields<T: FromRational + gjk::Field, const N: usize>(
    a: &ConvexHull<T, N>,
    b: &ConvexHull<T, N>,
    max_iterations: usize,
    m: &mut Map<String, Value>,
) -> Result<(), String> {
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    let report = distance(a, b, &opts).map_err(|e| e.to_string())?;
    match report.outcome {
        DistanceOutcome::Separated {
            dist2,
            witness_a,
            witness_b,
            ..
        } => {
            m.insert("distance_squared".into(), scalar_json(&dist2));
            m.insert("distance".into(), json!(dist2.to_f64().sqrt()));
            m.insert("witness_a".into(), vector_json(&witness_a));
            m.insert("witness_b".into(), vector_json(&witness_b));
        }
        DistanceOutcome::Intersecting { .. } => {
            // The boolean query said separated; a float distance run can
            // land within its tolerance of zero. Report what it found.
            zero_distance::<T>(m);
        }
        DistanceOutcome::NotConverged { reason, .. } => {
            m.insert("distance_reason".into(), json!(format!("{reason:?}")));
        }
    }
    Ok(())
}

/// An exact value as a `"p/q"` string, a float as a JSON number.
fn scalar_json<T: Scalar>(x: &T) -> Value {
    if T::EXACT {
        json!(x.to_string())
    } else {
        json!(x.to_f64())
    }
}

/// Exact values as `"p/q"` strings (a rational's display form), floats as
/// JSON numbers.
fn vector_json<T: Scalar, const N: usize>(v: &Vector<T, N>) -> Value {
    Value::Array(v.iter().map(scalar_json).collect())
}
