//! The seed-variants report, `docs/seed-variants.md`: every variant on the
//! generated families, its disagreement rate with the exact answers by
//! family, and one minimal case per kind of disagreement with the step
//! where its decision differs from the reference's, and why.
//!
//! ```sh
//! cargo run --release -p gjk-variants --example seed_variants_report > docs/seed-variants.md
//! ```
//!
//! [`measure`] runs the cases, [`render`] writes the markdown; the output
//! depends only on [`ReportConfig`] (and the crate's version), and
//! `tests/seed_variants.rs` checks that the committed page is what they
//! produce today.
//!
//! # What is measured
//!
//! * **Cases**: for each variant, every family of [`gjk_gen`] in
//!   the seed's dimension (2D for seed 004, 3D for the others),
//!   [`ReportConfig::count`] pairs each: the pairs of `gjk gen --family F
//!   --dim D --count C --seed S`; and the same pairs at the scales `2^64`
//!   and `2^-64` ([`SCALES`]: `--scale 64`, `--scale -64`).
//! * **Truth**: the relation of the exact oracle ([`oracle::relation`], a
//!   linear program that shares no code with GJK), checked against what the
//!   family's construction guarantees. A scaled pair has the relation of
//!   the unscaled one (scaling both shapes by a positive factor scales
//!   `A − B`).
//! * **Disagreement**: the variant's answer ([`Outcome::answer`]) is not the
//!   exact `intersects` (touching counts, the reference's semantics and
//!   what `gjk check --variant` judges); an outcome without an answer (a
//!   loop, a division by zero) always disagrees; a zero direction counts
//!   as the "not colliding" the seed's support test gives there. A second
//!   count reads the truth as seed 001 does (touching is *not* colliding):
//!   for the seeds whose support test stops on `w · d ≤ 0` (001, 002, 004),
//!   what remains there is not explained by the convention.
//! * **Kinds**: the disagreements grouped by the true relation, the
//!   outcome, and the run's divergence ([`super::compare`]: the first
//!   decisive difference from the reference's decisions, or the first path
//!   difference when there is none). For each kind, the smallest example
//!   (fewest points, then smallest coordinates) is shrunk by removing
//!   points while the kind stays the same, then translated (which leaves
//!   `A − B` unchanged) and divided by the coordinates' common factor, each
//!   change kept only when the kind is still the same.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};
use serde_json::{json, Map, Value};

use super::cases::{outcome_of, run_case, Arith, CaseRun};
use super::compare::{Difference, StepReview};
use super::{Looping, Outcome, Variant, VariantOptions, SAFETY_CAP};
use gjk::boolean::{gjk, Options};
use gjk::region::Region;
use gjk::scalar::Rational;
use gjk::shape::ConvexHull;
use gjk::Which;
use gjk_case::{rational_to_json_string, Case};
use gjk_gen::{build, case_params, Family, FamilyChoice, GenError};
use gjk_oracle::{self as oracle, Relation};

/// Pairs per family (and scale) in the committed report.
pub const DEFAULT_COUNT: usize = 40;
/// The seed of `gjk gen` for the committed report.
pub const DEFAULT_SEED: u64 = 1;
/// The scales `2^E` at which every pair is run again.
pub const SCALES: [i32; 2] = [64, -64];
/// The arithmetics every variant runs in.
pub const ARITHS: [Arith; 2] = [Arith::Exact, Arith::F64];

/// What the report runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportConfig {
    /// Pairs per family, dimension and scale.
    pub count: usize,
    /// The seed of `gjk gen`.
    pub seed: u64,
}

impl Default for ReportConfig {
    fn default() -> Self {
        ReportConfig {
            count: DEFAULT_COUNT,
            seed: DEFAULT_SEED,
        }
    }
}

/// Why the report could not be made.
#[derive(Debug)]
pub enum ReportError {
    /// A pair could not be generated.
    Gen(GenError),
    /// The oracle refused a pair, or contradicts its construction.
    Truth(String),
    /// A variant or the reference failed with an error on a case.
    Run(String),
}

impl std::fmt::Display for ReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportError::Gen(e) => write!(f, "generating a pair: {e}"),
            ReportError::Truth(e) => write!(f, "the exact answer: {e}"),
            ReportError::Run(e) => write!(f, "a run: {e}"),
        }
    }
}

impl std::error::Error for ReportError {}

/// One generated pair with its exact relation.
#[derive(Clone, Debug)]
struct Sample {
    family: Family,
    case: Case,
    truth: Relation,
}

/// Counts for one variant, arithmetic and family (or scale).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases run.
    pub cases: usize,
    /// Answers that are not the exact `intersects` (no answer included).
    pub disagree: usize,
    /// Answers that are not "penetrating" (seed 001's convention).
    pub disagree_penetrating: usize,
    /// Runs by [`Outcome::name`].
    pub outcomes: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn add(&mut self, outcome: Outcome, truth: Relation) {
        self.cases += 1;
        let answer = outcome.answer();
        if answer != Some(truth != Relation::Separated) {
            self.disagree += 1;
        }
        if answer != Some(truth == Relation::Penetrating) {
            self.disagree_penetrating += 1;
        }
        *self.outcomes.entry(outcome.name()).or_default() += 1;
    }

    fn merge(&mut self, other: &Tally) {
        self.cases += other.cases;
        self.disagree += other.disagree;
        self.disagree_penetrating += other.disagree_penetrating;
        for (k, v) in &other.outcomes {
            *self.outcomes.entry(k).or_default() += v;
        }
    }
}

/// What identifies a kind of disagreement.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KindKey {
    /// The variant.
    pub variant: Variant,
    /// The exact relation, `separated`, `touching` or `penetrating`.
    pub truth: &'static str,
    /// The outcome ([`Outcome::name`]).
    pub outcome: &'static str,
    /// The divergence's [`Difference::label`] (`none` without one).
    pub difference: &'static str,
    /// The reference's region at the divergence.
    pub reference: Option<&'static str>,
    /// The seed's region at the divergence.
    pub seed: Option<&'static str>,
}

/// A kind of disagreement, its counts and its minimal case.
#[derive(Clone, Debug)]
pub struct Kind {
    /// What identifies it.
    pub key: KindKey,
    /// Runs of this kind, by arithmetic.
    pub runs: BTreeMap<Arith, usize>,
    /// The families it occurs in.
    pub families: BTreeSet<&'static str>,
    /// The minimal case (its `id` names the kind: `eric-2`), shrunk in
    /// [`Kind::arith`].
    pub case: Case,
    /// The arithmetic of the minimal case.
    pub arith: Arith,
}

impl Kind {
    /// The kind's name and the minimal case's id: `variant-k`, numbered in
    /// the report's order.
    pub fn name(&self, index: usize) -> String {
        format!("{}-{}", self.key.variant, index + 1)
    }
}

/// Everything the report shows.
#[derive(Clone, Debug)]
pub struct Measured {
    /// The configuration.
    pub config: ReportConfig,
    /// Per variant, arithmetic and family (scale `2^0`).
    pub by_family: BTreeMap<(Variant, Arith, Family), Tally>,
    /// Per variant, arithmetic and scale exponent.
    pub by_scale: BTreeMap<(Variant, Arith, i32), Tally>,
    /// Per variant and arithmetic: runs whose outcome at a scale differs
    /// from the one at `2^0`.
    pub scale_changes: BTreeMap<(Variant, Arith), usize>,
    /// Per variant: the most support calls any run that stopped on its own
    /// made (loops excluded).
    pub most_iterations: BTreeMap<Variant, usize>,
    /// Per variant: the pairs (at `2^0`) whose outcome in `f64` differs
    /// from the exact one.
    pub arith_changes: BTreeMap<Variant, Vec<String>>,
    /// The kinds of disagreement, per variant in order of their keys.
    pub kinds: Vec<Kind>,
}

fn relation_name(r: Relation) -> &'static str {
    match r {
        Relation::Separated => "separated",
        Relation::Touching => "touching",
        Relation::Penetrating => "penetrating",
    }
}

/// The pairs at scale `2^0`, with the oracle's relation checked against
/// the construction's.
fn samples(config: &ReportConfig, dim: usize) -> Result<Vec<Sample>, ReportError> {
    let mut out = generated(config, dim, 0)?;
    for (s, expected) in &mut out {
        let truth = oracle::relation(&s.case.a, &s.case.b)
            .map_err(|e| ReportError::Truth(e.to_string()))?;
        if let Some(r) = expected {
            if *r != truth {
                return Err(ReportError::Truth(format!(
                    "{}: constructed as {r:?}, the oracle says {truth:?}",
                    s.case.id
                )));
            }
        }
        s.truth = truth;
    }
    Ok(out.into_iter().map(|(s, _)| s).collect())
}

fn run(variant: Variant, arith: Arith, case: &Case) -> Result<CaseRun, ReportError> {
    run_case(variant, arith, case, &VariantOptions::default()).map_err(ReportError::Run)
}

fn brief(variant: Variant, arith: Arith, case: &Case) -> Result<(Outcome, usize), ReportError> {
    outcome_of(variant, arith, case, &VariantOptions::default()).map_err(ReportError::Run)
}

/// The kind of a run that disagrees with `truth` (`None` when it agrees).
fn kind_key(run: &CaseRun, truth: Relation) -> Option<KindKey> {
    if run.outcome.answer() == Some(truth != Relation::Separated) {
        return None;
    }
    // A kind with a decisive divergence is named by its regions; one with
    // only a path difference by its label (its regions vary from case to
    // case along the same mistake, and would keep the case from shrinking).
    let at: Option<&StepReview> = run.divergence.as_ref().or(run.path.as_ref());
    let named = run.divergence.is_some();
    Some(KindKey {
        variant: run.variant,
        truth: relation_name(truth),
        outcome: run.outcome.name(),
        difference: at
            .and_then(|s| s.difference.as_ref())
            .map_or("none", Difference::label),
        reference: at
            .filter(|_| named)
            .and_then(|s| s.reference)
            .map(Region::spec_id),
        seed: at
            .filter(|_| named)
            .and_then(|s| s.seed)
            .map(Region::spec_id),
    })
}

/// The size order of minimal cases: fewest points, then the smallest
/// largest coordinate (numerator and denominator bits).
fn size(case: &Case) -> (usize, u64) {
    let bits = case
        .a
        .iter()
        .chain(&case.b)
        .flatten()
        .map(|x| x.numer().bits() + x.denom().bits())
        .max()
        .unwrap_or(0);
    (case.a.len() + case.b.len(), bits)
}

/// Runs every variant on every pair (see the module docs).
pub fn measure(config: &ReportConfig) -> Result<Measured, ReportError> {
    let mut by_family: BTreeMap<(Variant, Arith, Family), Tally> = BTreeMap::new();
    let mut by_scale: BTreeMap<(Variant, Arith, i32), Tally> = BTreeMap::new();
    let mut scale_changes: BTreeMap<(Variant, Arith), usize> = BTreeMap::new();
    let mut most_iterations: BTreeMap<Variant, usize> = BTreeMap::new();
    let mut arith_outcomes: BTreeMap<(Variant, String), Outcome> = BTreeMap::new();
    let mut arith_changes: BTreeMap<Variant, Vec<String>> = BTreeMap::new();
    // Per kind: runs by arithmetic, families, and the smallest example.
    type Found = (BTreeMap<Arith, usize>, BTreeSet<&'static str>, Case, Arith);
    let mut found: BTreeMap<KindKey, Found> = BTreeMap::new();
    for dim in [2, 3] {
        let base = samples(config, dim)?;
        let scaled: Vec<(i32, Vec<Sample>)> = SCALES
            .iter()
            .map(|&e| samples_scaled(config, dim, e, &base).map(|s| (e, s)))
            .collect::<Result<_, _>>()?;
        for variant in Variant::ALL.into_iter().filter(|v| v.dim() == dim) {
            scale_changes.entry((variant, Arith::Exact)).or_default();
            scale_changes.entry((variant, Arith::F64)).or_default();
            for arith in ARITHS {
                let mut outcomes = Vec::with_capacity(base.len());
                for s in &base {
                    let (outcome, iterations) = brief(variant, arith, &s.case)?;
                    if !matches!(outcome, Outcome::Looped(_)) {
                        let m = most_iterations.entry(variant).or_default();
                        *m = (*m).max(iterations);
                    }
                    by_family
                        .entry((variant, arith, s.family))
                        .or_default()
                        .add(outcome, s.truth);
                    outcomes.push(outcome);
                    if let Some(&other) = arith_outcomes.get(&(variant, s.case.id.to_string())) {
                        if other != outcome {
                            arith_changes
                                .entry(variant)
                                .or_default()
                                .push(s.case.id.as_str().unwrap_or_default().to_string());
                        }
                    } else {
                        arith_outcomes.insert((variant, s.case.id.to_string()), outcome);
                    }
                    if outcome.answer() == Some(s.truth != Relation::Separated) {
                        continue;
                    }
                    let r = run(variant, arith, &s.case)?;
                    if let Some(key) = kind_key(&r, s.truth) {
                        let entry = found.entry(key).or_insert_with(|| {
                            (BTreeMap::new(), BTreeSet::new(), s.case.clone(), arith)
                        });
                        *entry.0.entry(arith).or_default() += 1;
                        entry.1.insert(s.family.name());
                        // Prefer an exact example; then the smallest.
                        let better = (arith, size(&s.case)) < (entry.3, size(&entry.2));
                        if better {
                            entry.2 = s.case.clone();
                            entry.3 = arith;
                        }
                    }
                }
                for (e, samples) in &scaled {
                    for (s, base_outcome) in samples.iter().zip(&outcomes) {
                        let (outcome, _) = brief(variant, arith, &s.case)?;
                        by_scale
                            .entry((variant, arith, *e))
                            .or_default()
                            .add(outcome, s.truth);
                        if outcome != *base_outcome {
                            *scale_changes.entry((variant, arith)).or_default() += 1;
                        }
                    }
                }
            }
        }
    }
    let mut kinds = Vec::new();
    for (key, (runs, families, example, arith)) in found {
        let case = shrink(&key, arith, example)?;
        kinds.push(Kind {
            key,
            runs,
            families,
            case,
            arith,
        });
    }
    Ok(Measured {
        config: *config,
        by_family,
        by_scale,
        scale_changes,
        most_iterations,
        arith_changes,
        kinds,
    })
}

/// The pairs of `base` at scale `2^e`: the same parameters with another
/// scale, the same relation.
fn samples_scaled(
    config: &ReportConfig,
    dim: usize,
    e: i32,
    base: &[Sample],
) -> Result<Vec<Sample>, ReportError> {
    let mut out: Vec<Sample> = generated(config, dim, e)?
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    for (s, b) in out.iter_mut().zip(base) {
        s.truth = b.truth;
    }
    Ok(out)
}

/// The pairs of `gjk gen --family F --dim dim --count C --seed S --scale
/// scale` for every family `F` of the dimension, with the relation their
/// construction guarantees (if any); [`Sample::truth`] is left to fill in.
fn generated(
    config: &ReportConfig,
    dim: usize,
    scale: i32,
) -> Result<Vec<(Sample, Option<Relation>)>, ReportError> {
    let mut out = Vec::new();
    for family in Family::supported(dim) {
        let params = case_params(
            FamilyChoice::One(family),
            dim,
            config.count,
            config.seed,
            scale,
        );
        for (i, params) in params.enumerate() {
            let pair = build(&params.map_err(ReportError::Gen)?).map_err(ReportError::Gen)?;
            let (a, b) = pair.rows();
            let id = if scale == 0 {
                format!("{family}-{dim}d-{}-{i}", config.seed)
            } else {
                format!("{family}-{dim}d-{}-{i}-scale{scale}", config.seed)
            };
            let sample = Sample {
                family,
                case: Case {
                    line: i + 1,
                    id: json!(id),
                    a,
                    b,
                    extra: Map::new(),
                },
                truth: Relation::Separated,
            };
            out.push((sample, pair.expected.relation));
        }
    }
    Ok(out)
}

/// The kind of `variant` in `arith` on `case`, with the oracle's truth.
fn kind_of(variant: Variant, arith: Arith, case: &Case) -> Result<Option<KindKey>, ReportError> {
    let truth =
        oracle::relation(&case.a, &case.b).map_err(|e| ReportError::Truth(e.to_string()))?;
    Ok(kind_key(&run(variant, arith, case)?, truth))
}

/// Shrinks `case` while its kind stays `key` (see the module docs).
fn shrink(key: &KindKey, arith: Arith, mut case: Case) -> Result<Case, ReportError> {
    let same = |c: &Case| -> Result<bool, ReportError> {
        Ok(kind_of(key.variant, arith, c)?.as_ref() == Some(key))
    };
    loop {
        let mut changed = false;
        for shape in 0..2 {
            let mut i = 0;
            while i < if shape == 0 {
                case.a.len()
            } else {
                case.b.len()
            } {
                let mut c = case.clone();
                let pts = if shape == 0 { &mut c.a } else { &mut c.b };
                if pts.len() > 1 {
                    pts.remove(i);
                    if same(&c)? {
                        case = c;
                        changed = true;
                        continue;
                    }
                }
                i += 1;
            }
        }
        if !changed {
            break;
        }
    }
    // Translate both shapes (A − B does not change) towards the origin.
    let dim = case.dim();
    let all: Vec<&Vec<Rational>> = case.a.iter().chain(&case.b).collect();
    let centre: Vec<Rational> = (0..dim)
        .map(|k| {
            let lo = all.iter().map(|p| &p[k]).min().cloned().unwrap_or_default();
            let hi = all.iter().map(|p| &p[k]).max().cloned().unwrap_or_default();
            ((lo + hi) / Rational::from_integer(2.into())).floor()
        })
        .collect();
    let moved = map_points(&case, |p| {
        p.iter().zip(&centre).map(|(x, c)| x - c).collect()
    });
    if size(&moved) < size(&case) && same(&moved)? {
        case = moved;
    }
    // Divide by the common factor of integer coordinates.
    let coords: Vec<&Rational> = case.a.iter().chain(&case.b).flatten().collect();
    if coords.iter().all(|x| x.is_integer()) {
        let g = coords.iter().fold(BigInt::zero(), |g, x| g.gcd(x.numer()));
        if g > BigInt::one() {
            let g = Rational::from_integer(g);
            let scaled = map_points(&case, |p| p.iter().map(|x| x / &g).collect());
            if same(&scaled)? {
                case = scaled;
            }
        }
    }
    Ok(case)
}

fn map_points(case: &Case, f: impl Fn(&Vec<Rational>) -> Vec<Rational>) -> Case {
    Case {
        a: case.a.iter().map(&f).collect(),
        b: case.b.iter().map(&f).collect(),
        ..case.clone()
    }
}

/// A coordinate as the case format writes it: an integer as a JSON
/// number, anything else as an exact `"p/q"` string.
fn coordinate_json(x: &Rational) -> Value {
    if x.is_integer() && x.numer().bits() < 53 {
        json!(x.to_string().parse::<i64>().unwrap_or_default())
    } else {
        json!(rational_to_json_string(x))
    }
}

/// The case as one line of a case file, with `id`.
pub fn case_line(case: &Case) -> String {
    let shape = |s: &[Vec<Rational>]| -> Value {
        Value::Array(
            s.iter()
                .map(|p| Value::Array(p.iter().map(coordinate_json).collect()))
                .collect(),
        )
    };
    json!({"id": case.id, "a": shape(&case.a), "b": shape(&case.b)}).to_string()
}

/// The minimal cases of the report, with their kinds' names as ids: what
/// `tests/data/seed_variants/pins.jsonl` pins.
pub fn minimal_cases(m: &Measured) -> Vec<(String, Kind)> {
    let mut per_variant: BTreeMap<Variant, usize> = BTreeMap::new();
    m.kinds
        .iter()
        .map(|k| {
            let n = per_variant.entry(k.key.variant).or_default();
            let name = k.name(*n);
            *n += 1;
            let mut kind = k.clone();
            kind.case.id = json!(name);
            (name, kind)
        })
        .collect()
}

fn pct(n: usize, of: usize) -> String {
    if of == 0 {
        return "–".into();
    }
    if n == 0 {
        return "0".into();
    }
    format!("{n} ({:.1}%)", 100.0 * n as f64 / of as f64)
}

/// The group of the issue's wording a family belongs to.
fn group(f: Family) -> &'static str {
    match f {
        Family::GeneralPosition => "general position",
        Family::NearGap | Family::NearDepth => "near-touching",
        Family::Duplicates
        | Family::Flat
        | Family::PointPolytope
        | Family::Containment
        | Family::Identical => "degenerate",
        _ => "touching",
    }
}

/// The reference's own run on a case: its verdict and where it stops.
fn reference_line(case: &Case, dim: usize) -> Result<String, ReportError> {
    fn go<const N: usize>(case: &Case) -> Result<String, ReportError> {
        let err = |e: String| ReportError::Run(e);
        let (a, b) = case
            .points::<Rational, N>()
            .map_err(|e| err(e.to_string()))?;
        let a = ConvexHull::new(a).map_err(|e| err(e.in_shape(Which::A).to_string()))?;
        let b = ConvexHull::new(b).map_err(|e| err(e.in_shape(Which::B).to_string()))?;
        let r = gjk(&a, &b, &Options::default()).map_err(|e| err(e.to_string()))?;
        let c = gjk::verdict::by_boolean_loop(&a, &b, &Options::default())
            .map_err(|e| err(e.to_string()))?;
        Ok(match r.outcome {
            gjk::boolean::Outcome::Intersecting { region, .. } => format!(
                "intersecting after {} (the simplex holds the origin: `{}`); three-way: {}",
                points(r.iterations),
                region.spec_id(),
                c.verdict.name()
            ),
            other => format!("{} after {}", other.name(), points(r.iterations)),
        })
    }
    match dim {
        2 => go::<2>(case),
        _ => go::<3>(case),
    }
}

/// Why a divergence makes the answer wrong, in words (from the step's
/// data; see the module docs of [`super::compare`]).
fn why(kind: &Kind, run: &CaseRun) -> String {
    let at = run.divergence.as_ref().or(run.path.as_ref());
    let Some(at) = at else {
        return "No step's decision differs from the reference's.".into();
    };
    let step = &run.steps[at.step];
    let n = step.iteration + 1;
    let reference = at.reference.map_or("–", Region::spec_id);
    let seed = at
        .seed
        .map_or("no region (its direction is zero)", Region::spec_id);
    let tests = if step.tests.is_empty() {
        String::new()
    } else {
        format!(" Its tests there: {}.", step.tests)
    };
    let mut text = match &at.difference {
        Some(Difference::SupportTestStops { progress }) if progress.is_zero() => format!(
            "At step {n} the support point lies exactly on the plane through the \
             origin orthogonal to `d` (`w · d = 0`): no point of `A − B` lies beyond \
             the origin along `d`, but the origin itself can still be a point of \
             `A − B`, on its boundary. Here it is (the shapes {}). The seed's support \
             test stops on `w · d ≤ 0` and answers \"not colliding\"; the reference \
             stops only on `w · d < 0`, which proves a separating plane, and goes on \
             (spec/README.md, tie rules: the support test).",
            if kind.key.truth == "penetrating" {
                "penetrate"
            } else {
                "touch"
            }
        ),
        Some(Difference::SupportTestStops { .. }) => format!(
            "At step {n} the float support test saw `w · d ≤ 0` where the exact value \
             of `w · d` (from the same float `w` and `d`) is positive: rounding decided \
             the stop."
        ),
        Some(Difference::SupportTestGoesOn { .. }) => format!(
            "At step {n} the float support test saw `w · d ≥ 0` where the exact value is \
             negative: rounding kept the search going past a separating plane."
        ),
        Some(Difference::MissesContainment { .. })
            if at.reference.map(Region::spec_id) == Some("PT-O") =>
        {
            format!(
                "At step {n} the support point is the origin itself: the shapes share a \
             point, and the reference stops there (`PT-O`). {}",
                if kind.key.variant == Variant::Dubious && step.kind == "first" {
                    "The seed tests for this, but only to retry along `(0, 1, 0)` (its next \
                 direction `−w` would be zero)."
                } else {
                    "The seed does not test for it: its next direction, `−w`, is the zero \
                 vector."
                }
            )
        }
        Some(Difference::MissesContainment { .. }) => format!(
            "At step {n} the closed simplex already holds the origin (`{reference}`): \
             the shapes share a point, and the reference stops there with \
             \"intersecting\". The seed has no test for an origin on this simplex \
             (its decision: {seed}).{tests} It then goes on: {}.",
            step.action
        ),
        Some(Difference::FalseContainment { .. }) => format!(
            "At step {n} the seed says \"colliding\" on a simplex that does not hold the \
             origin (the reference's region: `{reference}`).{tests}"
        ),
        Some(Difference::Degenerate { .. }) => format!(
            "At step {n} the seed's simplex is degenerate (`{reference}`: its vertices \
             are affinely dependent), a simplex the reference's loop never builds (it \
             would have stopped or moved on before).{tests} Its decision: {}.",
            step.action
        ),
        Some(Difference::Region { .. }) => format!(
            "At step {n} the point of the simplex closest to the origin lies in \
             `{reference}`, but the seed keeps {seed}.{tests} It searches on from \
             there ({}).",
            step.action
        ),
        Some(Difference::Direction { .. }) => format!(
            "At step {n} the seed keeps the same vertices as the reference \
             (`{reference}`) but searches along a direction that is not `O − v` \
             ({}).{tests}",
            step.action
        ),
        None => String::new(),
    };
    let stopped_at_divergence = matches!(at.difference, Some(Difference::SupportTestStops { .. }));
    match run.outcome {
        Outcome::NotColliding(_) if stopped_at_divergence => {}
        Outcome::Looped(Looping::Cycle { start, period }) => {
            let _ = write!(
                text,
                " From there the seed never stops: its state (simplex and direction) \
                 at the top of pass {} is the one of pass {start}, so it repeats every \
                 {period} passes.",
                start + period
            );
        }
        Outcome::Looped(Looping::SafetyCap { cap }) => {
            let _ = write!(text, " It is still running after {cap} support calls.");
        }
        Outcome::GaveUp { cap } => {
            let _ = write!(
                text,
                " It makes no further decision that ends the run and gives up after \
                 its {cap} passes, answering \"not colliding\"."
            );
        }
        Outcome::NotColliding(_) => {
            if let Some(last) = run.steps.last() {
                let _ = write!(
                    text,
                    " At step {}, its support test stops (`w · d = {}`): \"not \
                     colliding\".",
                    last.iteration + 1,
                    last.progress
                );
            }
        }
        Outcome::ZeroDirection => {
            let support_test = if kind.key.variant == Variant::Eric {
                "`w · 0 > 0` fails"
            } else {
                "`w · 0 ≤ 0` holds"
            };
            let _ = write!(
                text,
                " The next search direction is the zero vector: the seed would call the \
                 support map with it, and its support test ({support_test} for any \
                 point) answers \"not colliding\" whatever the shapes. That is the \
                 seed's answer here, and the variant's."
            );
        }
        Outcome::DivisionByZero => text.push_str(
            " The next pass normalises the zero vector: a division by zero, where the \
             variant stops without an answer. What the seed does next depends on its \
             `Normalize` and support code, which its article does not show.",
        ),
        _ => {}
    }
    text
}

fn variant_table(out: &mut String) {
    out.push_str(
        "| variant | seeds | dim | support test stops on | region tests | start (retry) | \
         cap | the simplex step finds the origin | a zero direction |\n\
         |---|---|---|---|---|---|---|---|---|\n\
         | `dubious` | 000 + 001 | 3 | `w · d ≤ 0` | `> 0`; line: none; tetrahedron: faces only | \
         `(1, 0, 0)` (`(0, 1, 0)` if the first point is `O`) | 20 passes, then \"not colliding\" | \
         `true` (and a zero vector nobody reads) | line: a made-up perpendicular; else searched along: \"not colliding\" |\n\
         | `cinkes` | 002 | 3 | `w · d ≤ 0` | `> 0`; tetrahedron falls back to the triangle step | \
         `(1, 0, 0)` | none | `true` | normalised: division by zero |\n\
         | `paredes` | 003 | 3 | `w · d < 0` (completed by this crate) | `≥ 0`; tetrahedron falls back to the triangle step | \
         `(1, 0, 0)` (completed) | none | the zero vector | read as \"colliding\" (completed) |\n\
         | `eric` | 004 | 2 | `w · d ≤ 0` | `> 0` | `(1, 0)` | none | `true` | searched along: \"not colliding\" |\n",
    );
}

/// The report as markdown (see the module docs).
pub fn render(m: &Measured) -> Result<String, ReportError> {
    let c = &m.config;
    let mut out = String::new();
    let o = &mut out;
    o.push_str("# The seeds' own algorithms against the exact answers\n\n");
    let _ = writeln!(
        o,
        "The five seed articles describe four GJK implementations. `gjk_variants` runs \
         each one's decision logic (its comparisons, tie-breaking, start direction, \
         cap, winding and what its simplex step returns) on this crate's scalars, and \
         `gjk_variants::compare` replays every simplex a run builds through the \
         reference classifier, in exact arithmetic, to find the first step where the \
         seed decides differently. This page measures how often each seed's answer \
         differs from the exact one on the generated families, and shows, for each \
         kind of disagreement, a minimal case and the decision that causes it.\n\n\
         It is generated; to regenerate it:\n\n\
         ```sh\n\
         cargo run --release -p gjk-variants --example seed_variants_report > docs/seed-variants.md\n\
         ```\n\n\
         `tests/seed_variants.rs` (`the_report_is_current`) builds it again in the test \
         suite and fails when this file differs; each minimal case below is pinned, \
         with the divergence it shows, in `tests/data/seed_variants/pins.jsonl`, which \
         a regression test in the same file replays. Any case can be rerun with `gjk query \
         --variant NAME --steps` (add `--scalar f64` for float runs) and judged with \
         `gjk check --variant NAME`.\n"
    );
    o.push_str("## The variants\n\n");
    variant_table(o);
    o.push_str(
        "\n\"Completed\": seed 003 shows its simplex step but no main loop; the variant \
         completes it in the seed's own conventions (see `src/variants/paredes.rs`). \
         Each variant's module lists what it reproduces and where it departs from the \
         seed. A seed that would never stop, or would normalise the zero vector, is \
         stopped and reports that as its own outcome, without an answer: `looped` (its \
         state repeats, or ",
    );
    let _ = write!(
        o,
        "{SAFETY_CAP} support calls pass; the most any run that stopped on its own used \
         here: {}), `division_by_zero`. A seed that would search along the zero \
         vector (000/001, 004) answers \"not colliding\" there, deterministically: \
         its support test sees `w · 0 = 0` whatever point the support map returns; \
         the variant stops one call early with `zero_direction` and that answer. Seed \
         001's own cap gives `gave_up`, which answers \"not colliding\" as the seed \
         does.\n\n",
        m.most_iterations
            .iter()
            .map(|(v, n)| format!("{v} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    o.push_str("## How the answers are judged\n\n");
    let _ = write!(
        o,
        "* **Cases**: for each variant, every family of `gjk_gen` in the seed's \
         dimension (2D for `eric`, 3D for the others), {count} pairs each: the pairs of \
         `gjk gen --family F --dim D --count {count} --seed {seed}`; and the same pairs \
         at `--scale 64` and `--scale -64`.\n\
         * **Truth**: the exact oracle's relation (a linear program; no GJK), checked \
         against what each family's construction guarantees.\n\
         * **Disagreement**: the variant's answer to \"colliding?\" is not the exact \
         `intersects` (touching counts, the reference's semantics; what `gjk check \
         --variant` reports). An outcome without an answer (`looped`, \
         `division_by_zero`) always disagrees.\n\
         * **If touching did not count**: the same answers against \"penetrating\" \
         (seed 001's stated convention, and what the `≤ 0` support tests of seeds \
         001, 002 and 004 implement; a `zero_direction` outcome counts as the \"not \
         colliding\" that support test gives). For `dubious`, `cinkes` and `eric`, \
         disagreements left there are not explained by the convention: \"colliding\" \
         on a touching pair, a wrong answer on a separated or penetrating pair, or no \
         answer. `paredes` leans the other way (its `≥ 0` ties and the `< 0` stop of \
         its completed loop count touching as colliding), so there this column counts \
         its touching pairs answered \"colliding\": its own convention is the \
         previous column's.\n\
         * **Arithmetic**: `exact` runs the seed's logic without rounding; `f64` is \
         the same code in doubles (every generated coordinate is exactly a double).\n\n",
        count = c.count,
        seed = c.seed
    );
    o.push_str("## Summary\n\n");
    for v in Variant::ALL {
        let mut total = Tally::default();
        let mut general = Tally::default();
        let mut where_: BTreeSet<&str> = BTreeSet::new();
        for ((vv, a, f), t) in &m.by_family {
            if *vv != v || *a != Arith::Exact {
                continue;
            }
            total.merge(t);
            if *f == Family::GeneralPosition {
                general.merge(t);
            }
            if t.disagree > 0 {
                where_.insert(f.name());
            }
        }
        let _ = writeln!(
            o,
            "* `{v}` ({}): {} of {} exact answers disagree; on `general` (general \
             position) {} of {}; if touching did not count, {} disagree. Families with \
             disagreements: {}.",
            v.title(),
            total.disagree,
            total.cases,
            general.disagree,
            general.cases,
            total.disagree_penetrating,
            if where_.is_empty() {
                "none".to_string()
            } else {
                where_
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        );
        if v == Variant::Paredes {
            o.push_str(
                "  Seed 003 shows only its simplex step: its main loop (the start \
                 direction, the support test stopping on `w · d < 0`, and a zero \
                 direction read as \"colliding\") is completed by this crate in the \
                 seed's conventions, which largely explains this low rate: the loop \
                 goes on past a support plane through the origin (touching), and a \
                 line step with the origin on its line returns the zero vector \
                 (`(AB × AO) × AB = 0`), which the completed loop reads as \
                 \"colliding\" as it reads the tetrahedron's.\n",
            );
        }
    }
    for (v, ids) in &m.arith_changes {
        let _ = writeln!(
            o,
            "* `{v}`: the `f64` run's outcome differs from the exact one on {} of the \
             pairs at `2^0`: {}.",
            ids.len(),
            ids.iter()
                .map(|id| format!("`{id}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let changes: usize = m.scale_changes.values().sum();
    let _ = writeln!(
        o,
        "* Scaling every pair by `2^64` or `2^-64` changes {changes} outcomes of any \
         variant in either arithmetic: every test is the sign of a homogeneous \
         polynomial, and in floats a power of two is exact as long as nothing \
         overflows or underflows.\n"
    );
    o.push_str("## Disagreement rates by family\n\n");
    for v in Variant::ALL {
        let _ = writeln!(o, "### `{v}` — {}\n", v.title());
        o.push_str(
            "| family | group | cases | exact: disagree | f64: disagree | exact, if touching did not count | exact outcomes |\n\
             |---|---|---|---|---|---|---|\n",
        );
        let mut totals = [Tally::default(), Tally::default()];
        for f in Family::supported(v.dim()) {
            let ex = m
                .by_family
                .get(&(v, Arith::Exact, f))
                .cloned()
                .unwrap_or_default();
            let fl = m
                .by_family
                .get(&(v, Arith::F64, f))
                .cloned()
                .unwrap_or_default();
            let _ = writeln!(
                o,
                "| `{}` | {} | {} | {} | {} | {} | {} |",
                f.name(),
                group(f),
                ex.cases,
                pct(ex.disagree, ex.cases),
                pct(fl.disagree, fl.cases),
                pct(ex.disagree_penetrating, ex.cases),
                outcomes_text(&ex)
            );
            totals[0].merge(&ex);
            totals[1].merge(&fl);
        }
        for e in SCALES {
            let ex = m
                .by_scale
                .get(&(v, Arith::Exact, e))
                .cloned()
                .unwrap_or_default();
            let fl = m
                .by_scale
                .get(&(v, Arith::F64, e))
                .cloned()
                .unwrap_or_default();
            let _ = writeln!(
                o,
                "| all, at `2^{e}` | scaled | {} | {} | {} | {} | {} |",
                ex.cases,
                pct(ex.disagree, ex.cases),
                pct(fl.disagree, fl.cases),
                pct(ex.disagree_penetrating, ex.cases),
                outcomes_text(&ex)
            );
        }
        let _ = writeln!(
            o,
            "| **all, at `2^0`** | | {} | {} | {} | {} | {} |\n",
            totals[0].cases,
            pct(totals[0].disagree, totals[0].cases),
            pct(totals[1].disagree, totals[1].cases),
            pct(totals[0].disagree_penetrating, totals[0].cases),
            outcomes_text(&totals[0])
        );
    }
    o.push_str(LOOPING_SEARCH);
    o.push_str("## Kinds of disagreement, with minimal cases\n\n");
    o.push_str(
        "A kind is the true relation, the outcome, and the run's divergence: the first \
         step where the seed's decision differs decisively from the reference's (a \
         wrong stop, a missed containment, a degenerate simplex), or, when there is \
         none, the first step where it searches from another feature or in another \
         direction (see `src/variants/compare.rs`). Steps are numbered from 1 as in \
         `gjk trace`; vertices are named newest first (`A` is the point just added). \
         \"Reference\" in the step table is the region the reference's classifier \
         names for the same simplex. A minimal case is the smallest example of its \
         kind (fewest points, then smallest coordinates), shrunk until no point can \
         be removed without changing the kind, then translated and divided by a \
         common factor where that keeps the kind.\n\n",
    );
    for (name, kind) in minimal_cases(m) {
        kind_section(o, &name, &kind)?;
    }
    Ok(out)
}

/// What is known about inputs that make a seed loop: the result of a
/// one-off search (its code was not kept; its size is given), and where
/// its finds are pinned.
const LOOPING_SEARCH: &str = "## Inputs that make a seed loop\n\n\
The tables count `looped` only for `paredes`: its kinds below loop in exact \
arithmetic. To find inputs that make the other seeds loop (or make `dubious` run \
into its cap), a bounded search, with throwaway code, ran `dubious`, `cinkes` and \
`eric` in exact, `f64` and `f32` arithmetic on 451,823 random pairs (1 to 6 \
points each, integer coordinates of magnitude at most 1000, half of them perturbed by `2^-20` \
to `2^-52`, some scaled by `2^±30` to `2^±126`) and on 932,970 pairs of the \
generated families (`gjk gen --count 10` with seeds 2 to 819, at scales `2^0`, \
`2^±40`, `2^±100` and `2^200`). It found:\n\n\
* `cinkes` looping in every arithmetic on a separated pair (shrunk from a \
generated one): its tetrahedron step hands a face to its triangle step, which keeps an \
edge where the closest feature is a face, and the run repeats every 4 passes \
(`paredes` loops on the same pair); and looping in `f32` alone, where rounding \
makes `w · d` positive on a support plane through the origin;\n\
* `dubious` reaching its cap of 20 passes only in `f32`, cycling through \
tetrahedra whose face tests rounding gets wrong;\n\
* nothing for `eric`, in any arithmetic.\n\n\
That is a search, not a proof: no argument is given here that `eric` cannot \
loop. The smallest case of each find, and a case where `paredes` takes its \
\"keep `A`\" branch in exact arithmetic, are pinned in \
`tests/data/seed_variants/looping.jsonl` and replayed by `tests/seed_variants.rs` \
(`no_variant_hangs_on_the_known_looping_cases`), with the check that every \
variant ends on every one of them, in every arithmetic.\n\n";

/// `1 support point`, `3 support points`.
fn points(n: usize) -> String {
    if n == 1 {
        "1 support point".into()
    } else {
        format!("{n} support points")
    }
}

fn outcomes_text(t: &Tally) -> String {
    t.outcomes
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn kind_section(o: &mut String, name: &str, kind: &Kind) -> Result<(), ReportError> {
    let k = &kind.key;
    let run = run(k.variant, kind.arith, &kind.case)?;
    let runs = ARITHS
        .iter()
        .map(|a| format!("{} {a}", kind.runs.get(a).copied().unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(", ");
    // The regions at the step (a kind named by a path difference leaves
    // them out of its key, but its minimal case has them).
    let at = run.divergence.as_ref().or(run.path.as_ref());
    let _ = writeln!(
        o,
        "### {name}: {} pair, `{}` — {} ({} / {})\n",
        k.truth,
        k.outcome,
        k.difference,
        at.and_then(|s| s.reference).map_or("–", Region::spec_id),
        at.and_then(|s| s.seed).map_or("–", Region::spec_id),
    );
    let _ = writeln!(
        o,
        "Runs of this kind: {runs}; families: {}.\n",
        kind.families
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let scalar = match kind.arith {
        Arith::Exact => String::new(),
        a => format!(" --scalar {a}"),
    };
    let _ = writeln!(
        o,
        "Minimal case ({} arithmetic; `gjk query --variant {}{scalar} --steps` \
         reproduces the run):\n\n```json\n{}\n```\n",
        kind.arith,
        k.variant,
        case_line(&kind.case)
    );
    let _ = writeln!(
        o,
        "* exact relation: **{}**; the reference: {}.",
        k.truth,
        reference_line(&kind.case, k.variant.dim())?
    );
    let _ = writeln!(
        o,
        "* `{}`: {} after {}.\n",
        k.variant,
        run.outcome,
        points(run.iterations)
    );
    o.push_str(
        "| step | `d` | `w` | `w · d` | simplex | the seed's tests | the seed does | reference | differs |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for s in &run.steps {
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            s.iteration + 1,
            s.direction,
            s.w,
            s.progress,
            s.simplex,
            s.tests.replace('|', "\\|"),
            s.action,
            s.reference.map_or("–".into(), |r| format!("`{r}`")),
            s.difference.unwrap_or(""),
        );
    }
    let _ = writeln!(o, "\n**Why.** {}\n", why(kind, &run));
    Ok(())
}
