//! `--variant`: one of the seeds' own algorithms instead of the reference
//! (see `gjk_variants`), for `gjk query` (its answers) and `gjk check`
//! (its answers judged against the exact ones).

use std::io;

use clap::ValueEnum;
use gjk_case::Case;
use gjk_variants::cases::{run_case, Arith, CaseRun};
use gjk_variants::compare::StepReview;
use gjk_variants::{Variant, VariantOptions};
use serde_json::{json, Map, Value};

/// The seeds' implementations (`gjk_variants::Variant`).
#[derive(Clone, Copy, ValueEnum)]
pub enum VariantArg {
    /// The Dubious Engine, seeds 000 + 001 (3D).
    Dubious,
    /// Cinkes, seed 002 (3D).
    Cinkes,
    /// Paredes' gjk_simplex, seed 003 (3D).
    Paredes,
    /// Eric's 2D tutorial, seed 004 (2D).
    Eric,
}

impl VariantArg {
    /// The library's variant.
    pub fn variant(self) -> Variant {
        match self {
            VariantArg::Dubious => Variant::Dubious,
            VariantArg::Cinkes => Variant::Cinkes,
            VariantArg::Paredes => Variant::Paredes,
            VariantArg::Eric => Variant::Eric,
        }
    }
}

/// The arithmetic of a variant run (no certified mode: the seeds have no
/// certificates).
#[derive(Clone, Copy, ValueEnum)]
pub enum ArithArg {
    /// Exact rationals: the seed's logic without rounding.
    Exact,
    /// f64.
    F64,
    /// f32.
    F32,
}

impl ArithArg {
    /// The library's arithmetic.
    pub fn arith(self) -> Arith {
        match self {
            ArithArg::Exact => Arith::Exact,
            ArithArg::F64 => Arith::F64,
            ArithArg::F32 => Arith::F32,
        }
    }
}

/// A step review as JSON: the step (`iteration`, 0-based), how it differs,
/// the reference's region and the seed's (spec IDs).
fn review_json(run: &CaseRun, r: &StepReview) -> Value {
    json!({
        "iteration": run.steps.get(r.step).map(|s| s.iteration),
        "difference": r.difference.as_ref().map(|d| d.label()),
        "reference": r.reference.map(|x| x.spec_id()),
        "seed": r.seed.map(|x| x.spec_id()),
    })
}

/// The fields of a variant's answer: `variant`, `scalar`, `outcome`,
/// `colliding` (the seed's answer, `null` when it has none), `detail`,
/// `iterations`, `divergence` and `path_divergence` (`null` when none),
/// and with `steps` every step as text.
pub fn run_json(run: &CaseRun, steps: bool, m: &mut Map<String, Value>) {
    m.insert("variant".into(), json!(run.variant.name()));
    m.insert("scalar".into(), json!(run.arith.name()));
    m.insert("outcome".into(), json!(run.outcome.name()));
    m.insert("colliding".into(), json!(run.outcome.answer()));
    m.insert("detail".into(), json!(run.outcome.to_string()));
    m.insert("iterations".into(), json!(run.iterations));
    let review = |r: &Option<StepReview>| r.as_ref().map_or(Value::Null, |r| review_json(run, r));
    m.insert("divergence".into(), review(&run.divergence));
    m.insert("path_divergence".into(), review(&run.path));
    if steps {
        let s: Vec<Value> = run
            .steps
            .iter()
            .map(|s| {
                json!({
                    "iteration": s.iteration,
                    "kind": s.kind,
                    "direction": s.direction,
                    "w": s.w,
                    "w_dot_d": s.progress,
                    "simplex": s.simplex,
                    "tests": s.tests,
                    "action": s.action,
                    "reference": s.reference,
                    "seed": s.seed,
                    "difference": s.difference,
                })
            })
            .collect();
        m.insert("steps".into(), Value::Array(s));
    }
}

/// `gjk query --variant`: one JSON line per case; `Ok(false)` if some line
/// had an error.
pub fn query(
    variant: VariantArg,
    arith: ArithArg,
    steps: bool,
    input: Box<dyn io::BufRead + Send>,
    parallel: &super::parallel::ParallelArgs,
) -> io::Result<bool> {
    let (variant, arith) = (variant.variant(), arith.arith());
    super::answer_lines(input, "query", parallel, |case| {
        answer(&case.clone().into_case(), variant, arith, steps)
    })
}

fn answer(case: &Case, variant: Variant, arith: Arith, steps: bool) -> Result<Value, String> {
    let run = run_case(variant, arith, case, &VariantOptions::default())?;
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    run_json(&run, steps, &mut m);
    Ok(Value::Object(m))
}
