//! A variant on one case of a case file ([`gjk_case`]): the run, its
//! review against the reference, and every step as text. What `gjk query
//! --variant` and `gjk check --variant` print, and what the seed-variants
//! report (`docs/seed-variants.md`) shows.

use std::fmt;

use super::compare::{review, Difference, StepReview};
use super::{run, Next, Outcome, SeedScalar, StepKind, Trail, Variant, VariantOptions};
use gjk::scalar::{FromRational, Rational};
use gjk::shape::ConvexHull;
use gjk::trace::kept_letters;
use gjk::trace::vector_text;
use gjk::Which;
use gjk_case::Case;

/// The arithmetic a variant runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arith {
    /// Exact rationals: the seed's logic without rounding.
    Exact,
    /// `f64`.
    F64,
    /// `f32`.
    F32,
}

impl Arith {
    /// Every arithmetic, in this order.
    pub const ALL: [Arith; 3] = [Arith::Exact, Arith::F64, Arith::F32];

    /// `exact`, `f64` or `f32` (the `--scalar` names).
    pub fn name(self) -> &'static str {
        match self {
            Arith::Exact => "exact",
            Arith::F64 => "f64",
            Arith::F32 => "f32",
        }
    }

    /// The arithmetic called `name`.
    pub fn from_name(name: &str) -> Option<Arith> {
        Arith::ALL.into_iter().find(|a| a.name() == name)
    }
}

impl fmt::Display for Arith {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of a variant run, as text (coordinates as the scalar type
/// displays them: `p/q` in exact mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    /// `0` for the first support call.
    pub iteration: usize,
    /// `first`, `retry` or `loop`.
    pub kind: &'static str,
    /// The search direction `d`.
    pub direction: String,
    /// The support point `w` of `A − B`.
    pub w: String,
    /// `w · d`.
    pub progress: String,
    /// The simplex the seed's step saw, newest first (`A = …, B = …`), or
    /// empty.
    pub simplex: String,
    /// The seed's tests in order, with their values and branches.
    pub tests: String,
    /// What the step did: the kept letters and the next direction,
    /// "colliding", or the support test's stop.
    pub action: String,
    /// The reference's region for the same simplex (spec ID), if any.
    pub reference: Option<&'static str>,
    /// The seed's decision as a spec ID, if it is one.
    pub seed: Option<&'static str>,
    /// How the step's decision differs from the reference's
    /// ([`Difference::label`]), if it does.
    pub difference: Option<&'static str>,
}

/// A variant's run on a case.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseRun {
    /// Which seed.
    pub variant: Variant,
    /// In which arithmetic.
    pub arith: Arith,
    /// How the run ended.
    pub outcome: Outcome,
    /// Support calls of `A − B`.
    pub iterations: usize,
    /// The run's divergence: its first decisive difference from the
    /// reference (see [`super::compare`]).
    pub divergence: Option<StepReview>,
    /// Its first path difference.
    pub path: Option<StepReview>,
    /// Every step, as text.
    pub steps: Vec<StepText>,
}

/// Runs `variant` on `case` in `arith` and returns only how it ended and
/// its support calls (no review, no text): what a tally needs.
///
/// Errors: as [`run_case`].
pub fn outcome_of(
    variant: Variant,
    arith: Arith,
    case: &Case,
    opts: &VariantOptions,
) -> Result<(Outcome, usize), String> {
    match (variant.dim(), arith) {
        (2, Arith::Exact) => outcome_in::<Rational, 2>(variant, case, opts),
        (2, Arith::F64) => outcome_in::<f64, 2>(variant, case, opts),
        (2, Arith::F32) => outcome_in::<f32, 2>(variant, case, opts),
        (_, Arith::Exact) => outcome_in::<Rational, 3>(variant, case, opts),
        (_, Arith::F64) => outcome_in::<f64, 3>(variant, case, opts),
        (_, Arith::F32) => outcome_in::<f32, 3>(variant, case, opts),
    }
}

fn outcome_in<T: SeedScalar + FromRational, const N: usize>(
    variant: Variant,
    case: &Case,
    opts: &VariantOptions,
) -> Result<(Outcome, usize), String> {
    let r = run_on::<T, N>(variant, case, opts)?;
    Ok((r.outcome, r.iterations))
}

/// The run itself, after checking the case's dimension.
fn run_on<T: SeedScalar + FromRational, const N: usize>(
    variant: Variant,
    case: &Case,
    opts: &VariantOptions,
) -> Result<super::Run<T, N>, String> {
    let d = case.dim();
    if d != N {
        return Err(format!(
            "variant {variant} is a {N}D algorithm (seed {}); this case is {d}D",
            variant.seeds()
        ));
    }
    let (a, b) = case.points::<T, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = ConvexHull::new(b).map_err(|e| e.in_shape(Which::B).to_string())?;
    run(variant, &a, &b, opts).map_err(|e| e.to_string())
}

/// Runs `variant` on `case` in `arith`.
///
/// Errors (as a message): a case of another dimension than the seed's,
/// points the hull or the scalar type rejects, and the run's errors
/// ([`run`]).
pub fn run_case(
    variant: Variant,
    arith: Arith,
    case: &Case,
    opts: &VariantOptions,
) -> Result<CaseRun, String> {
    match (variant.dim(), arith) {
        (2, Arith::Exact) => run_case_in::<Rational, 2>(variant, arith, case, opts),
        (2, Arith::F64) => run_case_in::<f64, 2>(variant, arith, case, opts),
        (2, Arith::F32) => run_case_in::<f32, 2>(variant, arith, case, opts),
        (_, Arith::Exact) => run_case_in::<Rational, 3>(variant, arith, case, opts),
        (_, Arith::F64) => run_case_in::<f64, 3>(variant, arith, case, opts),
        (_, Arith::F32) => run_case_in::<f32, 3>(variant, arith, case, opts),
    }
}

fn run_case_in<T: SeedScalar + FromRational, const N: usize>(
    variant: Variant,
    arith: Arith,
    case: &Case,
    opts: &VariantOptions,
) -> Result<CaseRun, String> {
    let r = run_on::<T, N>(variant, case, opts)?;
    let rv = review(&r).map_err(|e| e.to_string())?;
    let steps = r
        .steps
        .iter()
        .zip(&rv.steps)
        .map(|(s, sr)| {
            let letters = |ix: &[usize]| kept_letters(ix);
            let simplex = s
                .simplex
                .points()
                .enumerate()
                .map(|(i, p)| format!("{} = {}", letters(&[i]), vector_text(p)))
                .collect::<Vec<_>>()
                .join(", ");
            let tests = s
                .decision
                .as_ref()
                .map(|dec| trail_text(&dec.trail))
                .unwrap_or_default();
            let action = match (&s.kind, s.stopped, &s.decision) {
                (StepKind::First, ..) | (StepKind::Retry, ..) => {
                    first_action(variant, s.kind, &s.vertex.w)
                }
                (_, true, _) => format!(
                    "support test stops: {} (not colliding)",
                    if variant == Variant::Paredes {
                        "w · d < 0"
                    } else {
                        "w · d ≤ 0"
                    }
                ),
                (_, false, Some(dec)) => match &dec.next {
                    Next::Colliding => "colliding".to_string(),
                    Next::Search(nd) => {
                        format!("keep {}; next d = {}", letters(&dec.kept), vector_text(nd))
                    }
                },
                (_, false, None) => String::new(),
            };
            StepText {
                iteration: s.iteration,
                kind: match s.kind {
                    StepKind::First => "first",
                    StepKind::Retry => "retry",
                    StepKind::Loop => "loop",
                },
                direction: vector_text(&s.direction),
                w: vector_text(&s.vertex.w),
                progress: s.progress.to_string(),
                simplex,
                tests,
                action,
                reference: sr.reference.map(|r| r.spec_id()),
                seed: sr.seed.map(|r| r.spec_id()),
                difference: sr.difference.as_ref().map(Difference::label),
            }
        })
        .collect();
    Ok(CaseRun {
        variant,
        arith,
        outcome: r.outcome,
        iterations: r.iterations,
        divergence: rv.divergence().cloned(),
        path: rv.path_divergence().cloned(),
        steps,
    })
}

/// What a seed does with its first support point `w` (or its retry's).
fn first_action<T: gjk::Scalar, const N: usize>(
    variant: Variant,
    kind: StepKind,
    w: &gjk::Vector<T, N>,
) -> String {
    if !gjk::vector::is_zero(w) {
        return format!("simplex [A]; next d = {}", vector_text(&-w));
    }
    match (variant, kind) {
        (Variant::Dubious, StepKind::First) => {
            "the first point is O: the seed retries along (0, 1, 0)".into()
        }
        (Variant::Paredes, _) => "next d = −w = 0, the seed's \"colliding\"".into(),
        (Variant::Cinkes, _) => "next d = −w = 0, to be normalised".into(),
        _ => "next d = −w = 0".into(),
    }
}

/// The seed's tests as text: `` `AB · AO > 0` = 3: yes``, sub-steps as
/// `→ triangle ACD`, fallbacks as they are.
pub fn trail_text<T: gjk::Scalar>(trail: &[Trail<T>]) -> String {
    let parts: Vec<String> = trail
        .iter()
        .map(|t| match t {
            Trail::Test { name, value, taken } => {
                format!("`{name}`: {value} → {}", if *taken { "yes" } else { "no" })
            }
            Trail::Sub { onto } => format!(
                "→ {} {} (as {})",
                if onto.len() == 2 { "line" } else { "triangle" },
                kept_letters(onto),
                kept_letters(&(0..onto.len()).collect::<Vec<_>>())
            ),
            Trail::Fallback(what) => format!("fallback: {what}"),
        })
        .collect();
    parts.join("; ")
}
