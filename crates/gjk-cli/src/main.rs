//! The `gjk` command-line tool. See `README.md` for the case format.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk_cli::budget::Budget;
use gjk_cli::cli::{self, ScalarArg};

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
        /// The most time and/or work per case (exact, f64 and f32 modes):
        /// `30s`, `500ms`, `work=N` (coordinates examined by support
        /// calls), both (`30s,work=1e9`) or `none` (the default). A case
        /// past it gets a `"budget_exceeded"` line; the file goes on.
        #[arg(long, default_value = "none")]
        budget: Budget,
        /// Answer with one of the seeds' own algorithms instead of the
        /// reference (`gjk_variants`): its outcome, its answer
        /// (`colliding`), and the first step where its decision differs
        /// from the reference's. `--scalar` must then be exact, f64 or f32.
        #[arg(long, value_enum)]
        variant: Option<cli::variant::VariantArg>,
        /// With `--variant`: every step of the run (direction, support
        /// point, simplex, the seed's tests, kept vertices, the reference's
        /// region).
        #[arg(long, requires = "variant")]
        steps: bool,
        #[command(flatten)]
        parallel: cli::parallel::ParallelArgs,
        /// The case file, or `-` for standard input.
        file: String,
    },
    /// Traces one case through the boolean GJK loop, step by step: search
    /// direction, support points, new vertex, region (spec ID), kept
    /// vertices and distance bounds; as text, JSON or an SVG picture.
    Trace(cli::trace::TraceArgs),
    /// Checks another implementation's answers (each case's `expect`:
    /// intersects, touching, distance, distance_squared, penetration_depth)
    /// against the exact ones; prints each disagreement as a JSON line and a
    /// summary. Exit 0: all agree, 1: a disagreement, 2: bad input.
    Check(cli::check::CheckArgs),
    /// Writes a case file of generated hard cases, each with its exact
    /// answers (`expect`) and family (`category`), to standard output.
    /// Deterministic for a given seed.
    Gen {
        /// A family (`--family list` lists them), or `all` for every family
        /// of the dimension in turn.
        #[arg(long, default_value = "all")]
        family: String,
        /// The dimension, 1 to 8.
        #[arg(long, default_value_t = 3)]
        dim: usize,
        /// How many cases.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// The seed of every random choice.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Coordinates are scaled by 2^SCALE (e.g. 30 or -30).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        scale: i32,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    match cli.command {
        Command::Query {
            scalar,
            max_iterations,
            budget,
            variant,
            steps,
            parallel,
            file,
        } => match run_query(
            scalar,
            max_iterations,
            budget,
            variant,
            steps,
            &parallel,
            &file,
        ) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            // The reader went away (`gjk query … | head`): stop quietly.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gjk: {e}");
                ExitCode::from(2)
            }
        },
        Command::Trace(args) => cli::trace::run(&args),
        Command::Check(args) => cli::check::run(&args),
        Command::Gen {
            family,
            dim,
            count,
            seed,
            scale,
        } => match run_gen(&family, dim, count, seed, scale) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gjk: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// `--help`, `--version` and usage errors: clap's text, then its exit
/// status (0 for help and version, 2 for bad usage), or 2 when the text
/// could not be written (`gjk --help > /dev/full`).
fn usage(e: &clap::Error) -> ExitCode {
    let printed = e.print().and_then(|()| io::stdout().flush());
    match printed {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("gjk: {err}");
            ExitCode::from(2)
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}

/// `gjk gen`: the families (`--family list`) or the generated cases, one
/// JSON line each (see `gjk_gen::cases`).
fn run_gen(family: &str, dim: usize, count: usize, seed: u64, scale: i32) -> io::Result<()> {
    use gjk_gen::{cases, Family, FamilyChoice};
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if family == "list" {
        for f in Family::ALL {
            writeln!(
                out,
                "{:<20} N >= {}  {}",
                f.name(),
                f.min_dim(),
                f.description()
            )?;
        }
        return writeln!(out, "{:<20} every family of the dimension in turn", "all");
    }
    let choice = FamilyChoice::from_name(family).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("unknown family {family:?} (gjk gen --family list)"),
        )
    })?;
    for case in cases(choice, dim, count, seed, scale) {
        let case = case.map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        writeln!(out, "{case}")?;
    }
    Ok(())
}

/// Runs every case; `Ok(false)` if some line had an error.
fn run_query(
    scalar: ScalarArg,
    max_iterations: usize,
    budget: Budget,
    variant: Option<cli::variant::VariantArg>,
    steps: bool,
    parallel: &cli::parallel::ParallelArgs,
    file: &str,
) -> io::Result<bool> {
    let input = cli::open_input(file)?;
    if let Some(variant) = variant {
        use cli::variant::ArithArg;
        let arith = match scalar {
            ScalarArg::Exact => ArithArg::Exact,
            ScalarArg::F64 => ArithArg::F64,
            ScalarArg::F32 => ArithArg::F32,
            ScalarArg::F64Certified => return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "--variant runs in exact, f64 or f32 arithmetic (the seeds have no certificates)",
            )),
        };
        return cli::variant::query(variant, arith, steps, input, parallel);
    }
    cli::answer_lines(input, "query", parallel, |case| {
        gjk_cli::query::answer(case, scalar, max_iterations, budget)
    })
}
