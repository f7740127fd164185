//! The seeds' own algorithms, as runnable variants: what each of the four
//! implementations described by the seed articles decides, step by step, so
//! that its answers can be compared with the exact ones and each wrong
//! answer traced to the decision that caused it.
//!
//! | [`Variant`] | seeds | dimension | what it reproduces |
//! |---|---|---|---|
//! | [`Variant::Dubious`] | 000 + 001 | 3 | the Dubious Engine: main loop with a cap of 20, a retry along `(0, 1, 0)`, the line's perpendicular fallback, face-only tetrahedron tests |
//! | [`Variant::Cinkes`] | 002 | 3 | Cinkes: normalised directions, no cap, the tetrahedron falls back to the triangle step |
//! | [`Variant::Paredes`] | 003 | 3 | Paredes' `gjk_simplex`: `≥ 0` on every test, the tetrahedron returns a zero direction when it holds the origin |
//! | [`Variant::Eric`] | 004 | 2 | Eric's 2D tutorial: regions 1–7 with scaled perpendiculars, no cap |
//!
//! Each variant is written in this crate's own code and notation
//! (newest vertex first, `XY = Y − X`, `XO = −X`, spec IDs for regions), on
//! this crate's [`Scalar`] types, so the same variant runs in `f32`, `f64`
//! and exact rationals: the exact run shows what the seed's *logic* decides,
//! the float run adds what rounding does. What is reproduced is the
//! decision logic: every comparison operator (`>` or `≥`), the order of the
//! tests, which vertices each branch keeps and in what order (the winding),
//! the start direction and its retry, the support test, the cap or its
//! absence, and what the simplex step returns when it finds the origin.
//! Each seed module lists what it reproduces and where it departs.
//!
//! # Outcomes: never a hang, never a guess
//!
//! A seed that would never stop, or that would compute with an undefined
//! direction, is stopped and reports that as its own [`Outcome`], never as
//! colliding or not colliding; a seed that would search along the zero
//! vector gets the answer its own code gives there, under its own name:
//!
//! * [`Outcome::Looped`] — a seed without a cap (002, 003, 004) came back to
//!   a state it had been in (the same simplex and the same search
//!   direction at the top of its loop: its loop is deterministic, so it
//!   would repeat forever; [`Looping::Cycle`] gives where and the period),
//!   or made [`VariantOptions::safety_cap`] support calls without either
//!   ([`Looping::SafetyCap`]). The default cap, [`SAFETY_CAP`], is far above
//!   what a terminating run needs (see `docs/seed-variants.md` for the most
//!   any run used). No answer.
//! * [`Outcome::ZeroDirection`] — seeds 000/001 and 004 would call the
//!   support map with the zero vector. Whatever point it returns, `w · 0 =
//!   0` (also in floats: the shapes' points are finite), so their support
//!   test (001: `w · d ≤ 0`; 004: not `w · d > 0`) ends the run with "not
//!   colliding" on that very pass, deterministically. The variant stops one
//!   step earlier, names the cause, and answers `false` as the seed does
//!   ([`Outcome::answer`]).
//! * [`Outcome::DivisionByZero`] — seed 002 normalises its direction at the
//!   top of every pass; the zero vector has no unit vector. What the seed
//!   does then depends on its `Normalize` and support code, which its
//!   article does not show (a float division would give NaN coordinates;
//!   the support map and the support test, `NaN ≤ 0` being false, are the
//!   only parts that would see them). The variant stops there. No answer.
//!
//! Seed 001's own cap of 20 is part of its logic, and its answer on
//! reaching it is "not colliding": that is [`Outcome::GaveUp`], an answer
//! (`false`) kept apart from the support test's so reports can count it.
//!
//! # Comparing with the reference
//!
//! Every run records its steps ([`SeedStep`]): the direction, the support
//! point, the simplex the seed's step saw, the tests it made with their
//! values ([`Trail`]), what it kept and where it searched next.
//! [`compare`] replays those simplices through the reference classifier
//! ([`gjk::classify`]) in exact arithmetic and names the first step
//! whose decision differs, in spec IDs.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod cases;
mod cinkes;
pub mod compare;
mod dubious;
mod eric;
mod paredes;
pub mod report;

use std::fmt;

use gjk::scalar::{rational_from_f64, Rational, Scalar};
use gjk::shape::Support;
use gjk::simplex::support_vertex;
use gjk::simplex::{Simplex, Vertex};
use gjk::vector::{cross3, dot, is_finite, is_zero, Vector};
use gjk::Error;

/// The default safety cap on support calls for the seeds that have no cap
/// of their own (see the module docs). A run that neither stops nor
/// repeats a state within it is reported as [`Looping::SafetyCap`].
///
/// Why 1,000: every generated case the report runs ends (or is caught
/// repeating) within a few dozen support calls, and an exact run of a
/// polytope pair can only visit finitely many states, so a real loop is
/// normally caught as a [`Looping::Cycle`] long before; the cap is the
/// backstop for shapes with infinitely many support points (balls in
/// float mode), where a slowly converging run may never repeat exactly.
/// It bounds a query to 1,000 support calls, a few milliseconds.
pub const SAFETY_CAP: usize = 1_000;

/// The cap of seed 001's main loop: 20 passes (plus the first support point
/// and its retry), after which it answers "not colliding".
pub const DUBIOUS_CAP: usize = 20;

/// One of the seeds' implementations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// The Dubious Engine (seeds 000 and 001), 3D: see the `dubious` module.
    Dubious,
    /// Cinkes (seed 002), 3D.
    Cinkes,
    /// Emilia Paredes' `gjk_simplex` (seed 003), 3D.
    Paredes,
    /// Eric's 2D tutorial (seed 004), 2D.
    Eric,
}

impl Variant {
    /// Every variant, in seed order.
    pub const ALL: [Variant; 4] = [
        Variant::Dubious,
        Variant::Cinkes,
        Variant::Paredes,
        Variant::Eric,
    ];

    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Dubious => "dubious",
            Variant::Cinkes => "cinkes",
            Variant::Paredes => "paredes",
            Variant::Eric => "eric",
        }
    }

    /// The variant called `name` (see [`Variant::name`]).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The seed files it reproduces (`spec/README.md` numbering).
    pub fn seeds(self) -> &'static str {
        match self {
            Variant::Dubious => "000 001",
            Variant::Cinkes => "002",
            Variant::Paredes => "003",
            Variant::Eric => "004",
        }
    }

    /// The one dimension the seed is written for.
    pub fn dim(self) -> usize {
        match self {
            Variant::Eric => 2,
            _ => 3,
        }
    }

    /// One line about it.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Dubious => "the Dubious Engine (seeds 000, 001)",
            Variant::Cinkes => "Cinkes (seed 002)",
            Variant::Paredes => "Paredes' gjk_simplex (seed 003)",
            Variant::Eric => "Eric's 2D tutorial (seed 004)",
        }
    }

    /// What a zero search direction means to this seed.
    pub fn zero_direction(self) -> ZeroMeaning {
        match self {
            Variant::Dubious | Variant::Eric => ZeroMeaning::NotColliding,
            Variant::Cinkes => ZeroMeaning::DivisionByZero,
            Variant::Paredes => ZeroMeaning::Colliding,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a seed does with a zero search direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZeroMeaning {
    /// It would search along it, and its support test, seeing `w · 0 = 0`,
    /// would answer "not colliding" whatever the shapes (000/001, 004):
    /// reported as [`Outcome::ZeroDirection`], whose answer is `false`.
    NotColliding,
    /// It would normalise it (002): [`Outcome::DivisionByZero`], no answer.
    DivisionByZero,
    /// It is the signal that the origin was enclosed (003): colliding.
    Colliding,
}

/// Options of a variant run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantOptions {
    /// The most support calls of `A − B` before a seed without a cap of its
    /// own is reported as [`Looping::SafetyCap`]. Seed 001 keeps its own
    /// cap ([`DUBIOUS_CAP`]) and ignores this one (it can never exceed 22
    /// support calls).
    pub safety_cap: usize,
}

impl Default for VariantOptions {
    fn default() -> Self {
        VariantOptions {
            safety_cap: SAFETY_CAP,
        }
    }
}

/// Why a seed answered "not colliding".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its support test: `w · d ≤ 0` (001, 002, 004) or `w · d < 0` (003's
    /// loop as this crate completes it).
    SupportTest,
}

/// How a seed without a cap was found not to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Looping {
    /// The state at the top of pass `start + period` (simplex and search
    /// direction) equals the one at pass `start`: the loop is a cycle.
    Cycle {
        /// The first pass of the cycle (`0` is the first pass after the
        /// first support point).
        start: usize,
        /// Its length, in passes (one support call each).
        period: usize,
    },
    /// [`VariantOptions::safety_cap`] support calls without a repeated state.
    SafetyCap {
        /// The cap.
        cap: usize,
    },
}

/// How a variant run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The seed answers "colliding".
    Colliding,
    /// The seed answers "not colliding".
    NotColliding(Stop),
    /// Seed 001 reached its cap of [`DUBIOUS_CAP`] passes and answers "not
    /// colliding" (its documented assumption).
    GaveUp {
        /// The cap.
        cap: usize,
    },
    /// No answer: the seed would never stop (see [`Looping`]).
    Looped(Looping),
    /// The seed would search along the zero vector, and its support test,
    /// seeing `w · 0 = 0`, would answer "not colliding" (seeds 000/001 and
    /// 004; see the module docs): an answer (`false`), kept apart from the
    /// support test's on a real support point so reports can count it.
    ZeroDirection,
    /// No answer: the seed would normalise the zero vector (seed 002).
    DivisionByZero,
}

impl Outcome {
    /// The variant's answer to "do the shapes collide?", the one the
    /// seed's own code gives: `None` for the outcomes that are not answers
    /// (a loop, a division by zero).
    pub fn answer(self) -> Option<bool> {
        match self {
            Outcome::Colliding => Some(true),
            Outcome::NotColliding(_) | Outcome::GaveUp { .. } | Outcome::ZeroDirection => {
                Some(false)
            }
            Outcome::Looped(_) | Outcome::DivisionByZero => None,
        }
    }

    /// A short name: `colliding`, `not_colliding`, `gave_up`, `looped`,
    /// `zero_direction`, `division_by_zero`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Colliding => "colliding",
            Outcome::NotColliding(_) => "not_colliding",
            Outcome::GaveUp { .. } => "gave_up",
            Outcome::Looped(_) => "looped",
            Outcome::ZeroDirection => "zero_direction",
            Outcome::DivisionByZero => "division_by_zero",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Colliding => f.write_str("colliding"),
            Outcome::NotColliding(Stop::SupportTest) => f.write_str("not colliding (support test)"),
            Outcome::GaveUp { cap } => write!(f, "not colliding (gave up after {cap} passes)"),
            Outcome::Looped(Looping::Cycle { start, period }) => write!(
                f,
                "no answer: loops (pass {} repeats pass {start}, period {period})",
                start + period
            ),
            Outcome::Looped(Looping::SafetyCap { cap }) => {
                write!(f, "no answer: still running after {cap} support calls")
            }
            Outcome::ZeroDirection => f.write_str(
                "not colliding (zero search direction: the support test sees w · 0 = 0)",
            ),
            Outcome::DivisionByZero => f.write_str("no answer: normalises the zero vector"),
        }
    }
}

/// One entry of what a seed's simplex step computed, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Trail<T: Scalar> {
    /// A sign test: `name` in this crate's notation (letters of the simplex
    /// the test is made on), its value, and whether its branch was taken.
    Test {
        /// The test, e.g. `"(AB × ABC) · AO > 0"`.
        name: &'static str,
        /// The value compared with zero.
        value: T,
        /// Whether the branch was taken.
        taken: bool,
    },
    /// The seed moves to a smaller simplex and runs that step on it: the
    /// indices (into the step's simplex, newest first) of its vertices,
    /// which the tests that follow call `A`, `B`, `C`.
    Sub {
        /// The vertices, in the order the sub-step sees them.
        onto: Vec<usize>,
    },
    /// A fix-up the seed applies (e.g. seed 000's perpendicular when the
    /// origin is on the line).
    Fallback(&'static str),
}

/// Where a seed's step goes next.
#[derive(Clone, Debug, PartialEq)]
pub enum Next<T: Scalar, const N: usize> {
    /// Search on along this direction (zero in the cases the outcomes
    /// name).
    Search(Vector<T, N>),
    /// The step says "colliding".
    Colliding,
}

/// What one seed step decided on one simplex.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedDecision<T: Scalar, const N: usize> {
    /// The tests and sub-steps, in the order the seed made them.
    pub trail: Vec<Trail<T>>,
    /// The kept vertices, as indices into the simplex the step saw, in the
    /// seed's new order (newest first; the winding of a kept triangle is in
    /// this order).
    pub kept: Vec<usize>,
    /// Where it goes next.
    pub next: Next<T, N>,
}

/// What a pass of a variant's loop did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The first support point (the seeds' start direction).
    First,
    /// Seed 001's retry along `(0, 1, 0)` when the first point is the origin.
    Retry,
    /// A pass of the main loop.
    Loop,
}

/// One support call of a variant run and what the seed did with it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedStep<T: Scalar, const N: usize> {
    /// The kind of pass.
    pub kind: StepKind,
    /// `0` for the first support call.
    pub iteration: usize,
    /// The direction the support map was called with (normalised in float
    /// mode for seed 002).
    pub direction: Vector<T, N>,
    /// The support point of `A − B` along it, with its parts.
    pub vertex: Vertex<T, N>,
    /// `w · d`.
    pub progress: T,
    /// `true` when the support test ended the run here.
    pub stopped: bool,
    /// The simplex the seed's step saw (the new vertex first); empty for
    /// the first point, its retry, and a step ended by the support test.
    pub simplex: Simplex<T, N>,
    /// The seed's decision on `simplex` (`None` when `simplex` is empty).
    pub decision: Option<SeedDecision<T, N>>,
    /// The simplex after the step.
    pub kept: Simplex<T, N>,
}

/// A variant run: the outcome, its cost and every step.
#[derive(Clone, Debug, PartialEq)]
pub struct Run<T: Scalar, const N: usize> {
    /// Which seed.
    pub variant: Variant,
    /// How it ended.
    pub outcome: Outcome,
    /// Support calls of `A − B` made.
    pub iterations: usize,
    /// Every support call, in order.
    pub steps: Vec<SeedStep<T, N>>,
}

/// The scalars a variant runs on: [`Scalar`] plus the one operation seed 002
/// needs beyond a ring, normalising a direction.
pub trait SeedScalar: Scalar {
    /// `d / |d|`, or `None` if `|d| = 0` (a division by zero).
    ///
    /// Floats divide by the rounded square root, as seed 002 does. Exact
    /// rationals have no square roots, and need none: a direction is only
    /// ever used by the support map (which maximises `x · d`, unchanged by
    /// a positive factor) and by the sign of `w · d` (likewise), so in exact
    /// arithmetic normalising changes no decision and `d` is returned as
    /// is. `|d| = 0` exactly when `d = 0`.
    ///
    /// Errors: [`Error::Overflow`] when `d · d` is not finite.
    fn normalise<const N: usize>(
        d: &Vector<Self, N>,
        iteration: usize,
    ) -> Result<Option<Vector<Self, N>>, Error>;

    /// The exact value (every finite float is a rational); `None` for NaN
    /// and infinities.
    fn to_exact(&self) -> Option<Rational>;
}

macro_rules! float_seed_scalar {
    ($t:ty) => {
        impl SeedScalar for $t {
            fn normalise<const N: usize>(
                d: &Vector<$t, N>,
                iteration: usize,
            ) -> Result<Option<Vector<$t, N>>, Error> {
                let len2 = dot(d, d);
                if !len2.is_finite() {
                    return Err(Error::Overflow { iteration });
                }
                let len = len2.sqrt();
                if len == 0.0 {
                    return Ok(None);
                }
                Ok(Some(d / len))
            }

            fn to_exact(&self) -> Option<Rational> {
                rational_from_f64(f64::from(*self))
            }
        }
    };
}
float_seed_scalar!(f32);
float_seed_scalar!(f64);

impl SeedScalar for Rational {
    fn normalise<const N: usize>(
        d: &Vector<Rational, N>,
        _iteration: usize,
    ) -> Result<Option<Vector<Rational, N>>, Error> {
        Ok((!is_zero(d)).then(|| d.clone()))
    }

    fn to_exact(&self) -> Option<Rational> {
        Some(self.clone())
    }
}

/// `u × v` for the 3D seeds. They are only run with `N = 3` ([`run`]
/// checks), where [`cross3`] is defined; the zero vector stands in for any
/// other `N` so that nothing here can panic.
pub(crate) fn cross<T: Scalar, const N: usize>(u: &Vector<T, N>, v: &Vector<T, N>) -> Vector<T, N> {
    cross3(u, v).unwrap_or_else(Vector::zeros)
}

/// Records a sign test on the trail and returns whether it passed.
///
/// Every region test of every seed goes through here, and so onto the
/// trail; [`decide`] then turns a value that is not finite (an overflow in
/// a float run, or NaN from `∞ − ∞` or `0 · ∞`) into [`Error::Overflow`]
/// before anything reads the decision. A comparison with NaN is `false`,
/// so the seed's branch would be chosen by the overflow, not by the
/// geometry; the decision is therefore never used.
pub(crate) fn test<T: Scalar>(
    trail: &mut Vec<Trail<T>>,
    name: &'static str,
    value: T,
    passed: bool,
) -> bool {
    trail.push(Trail::Test {
        name,
        value,
        taken: passed,
    });
    passed
}

/// The loop rules that differ between seeds.
struct Rules {
    /// Seed 001: retry with `(0, 1, 0)` when the first support point is the
    /// origin.
    retry_first: bool,
    /// The support test stops on `w · d ≤ 0` (`true`) or `w · d < 0`.
    stop_on_zero_progress: bool,
    /// The seed's own cap on passes (seed 001).
    seed_cap: Option<usize>,
    /// Seed 002: normalise `d` at the top of every pass.
    normalise: bool,
}

fn rules(variant: Variant) -> Rules {
    match variant {
        Variant::Dubious => Rules {
            retry_first: true,
            stop_on_zero_progress: true,
            seed_cap: Some(DUBIOUS_CAP),
            normalise: false,
        },
        Variant::Cinkes => Rules {
            retry_first: false,
            stop_on_zero_progress: true,
            seed_cap: None,
            normalise: true,
        },
        Variant::Paredes => Rules {
            retry_first: false,
            stop_on_zero_progress: false,
            seed_cap: None,
            normalise: false,
        },
        Variant::Eric => Rules {
            retry_first: false,
            stop_on_zero_progress: true,
            seed_cap: None,
            normalise: false,
        },
    }
}

/// One simplex step of `variant` on `points` (newest first: the point just
/// added is `points[0]`, as [`Simplex`] stores them): the seed's tests, the
/// vertices it keeps and where it goes next. For studying a seed's decision
/// on a given simplex (the loop, [`run`], calls it on the simplices it
/// builds).
///
/// Errors: [`Error::UnsupportedDimension`] unless `N` is [`Variant::dim`];
/// [`Error::InvalidParameter`] unless there are 2 to `N + 1` points (the
/// seeds' steps are only defined there); [`Error::Overflow`] (with
/// iteration `0`: a lone step has no other) when a test value is not
/// finite (floats only).
pub fn step<T: Scalar, const N: usize>(
    variant: Variant,
    points: &[Vector<T, N>],
) -> Result<SeedDecision<T, N>, Error> {
    decide(variant, points, 0)
}

/// [`step`], with the run's `iteration` for [`Error::Overflow`].
fn decide<T: Scalar, const N: usize>(
    variant: Variant,
    points: &[Vector<T, N>],
    iteration: usize,
) -> Result<SeedDecision<T, N>, Error> {
    if N != variant.dim() {
        return Err(wrong_dimension(variant, N));
    }
    if !(2..=N + 1).contains(&points.len()) {
        return Err(Error::InvalidParameter {
            which: gjk::Which::Query,
            what: format!(
                "variant {variant}: a step needs 2 to {} points, got {}",
                N + 1,
                points.len()
            ),
        });
    }
    let decision = match variant {
        Variant::Dubious => dubious::step(points),
        Variant::Cinkes => cinkes::step(points),
        Variant::Paredes => paredes::step(points),
        Variant::Eric => eric::step(points),
    };
    // See `test`: a test decided on a value that is not finite.
    let overflowed = decision
        .trail
        .iter()
        .any(|t| matches!(t, Trail::Test { value, .. } if !value.is_finite()));
    if overflowed {
        return Err(Error::Overflow { iteration });
    }
    Ok(decision)
}

fn wrong_dimension(variant: Variant, dim: usize) -> Error {
    Error::UnsupportedDimension {
        dim,
        supported: if variant.dim() == 2 {
            "2 (seed 004 is a 2D algorithm)"
        } else {
            "3 (seeds 000-003 are 3D algorithms)"
        },
    }
}

/// The unit vector along axis `i` (the seeds' start `(1, 0, 0)` and retry
/// `(0, 1, 0)`).
fn axis<T: Scalar, const N: usize>(i: usize) -> Vector<T, N> {
    let mut d = Vector::<T, N>::zeros();
    d[i] = T::one();
    d
}

/// Runs `variant` on shapes `a` and `b` (see the module docs).
///
/// Errors: [`Error::UnsupportedDimension`] unless `N` is the seed's
/// dimension ([`Variant::dim`]); a non-finite support point
/// ([`Error::NonFiniteSupport`]); in a float type, a value the seed decides
/// on that is not finite ([`Error::Overflow`]): `w · d`, `d · d` before a
/// normalisation, any region test's value (see [`step`]) and the next
/// search direction. A seed's own failures (a loop, a zero direction, a
/// division by zero) are outcomes, not errors.
pub fn run<T, const N: usize, A, B>(
    variant: Variant,
    a: &A,
    b: &B,
    opts: &VariantOptions,
) -> Result<Run<T, N>, Error>
where
    T: SeedScalar,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if N != variant.dim() {
        return Err(wrong_dimension(variant, N));
    }
    let rules = rules(variant);
    let mut steps: Vec<SeedStep<T, N>> = Vec::new();
    let mut iterations = 0;
    let done = |outcome, iterations, steps| {
        Ok(Run {
            variant,
            outcome,
            iterations,
            steps,
        })
    };

    // The first support point, along (1, 0, …) in every seed (seed 003
    // shows no start: this crate completes it like the others).
    let mut d = axis::<T, N>(0);
    let mut first = support_vertex(a, b, &d, iterations)?;
    iterations += 1;
    steps.push(start_step(StepKind::First, 0, &d, &first));
    if rules.retry_first && is_zero(&first.w) {
        d = axis::<T, N>(1);
        first = support_vertex(a, b, &d, iterations)?;
        steps.push(start_step(StepKind::Retry, iterations, &d, &first));
        iterations += 1;
    }
    let mut d = -&first.w;
    let mut simplex = Simplex::<T, N>::new();
    // A simplex of one vertex always has room.
    let _ = simplex.push_front(first);

    // States at the top of each pass, for the cycle check.
    let mut seen: Vec<(Vec<Vector<T, N>>, Vector<T, N>)> = Vec::new();
    let mut pass = 0;
    loop {
        if let Some(cap) = rules.seed_cap {
            if pass >= cap {
                return done(Outcome::GaveUp { cap }, iterations, steps);
            }
        } else {
            if iterations >= opts.safety_cap {
                let looping = Looping::SafetyCap {
                    cap: opts.safety_cap,
                };
                return done(Outcome::Looped(looping), iterations, steps);
            }
            let state = (simplex.points().cloned().collect::<Vec<_>>(), d.clone());
            if let Some(start) = seen.iter().position(|s| *s == state) {
                let looping = Looping::Cycle {
                    start,
                    period: pass - start,
                };
                return done(Outcome::Looped(looping), iterations, steps);
            }
            seen.push(state);
        }
        if is_zero(&d) {
            let outcome = match variant.zero_direction() {
                ZeroMeaning::NotColliding => Outcome::ZeroDirection,
                ZeroMeaning::DivisionByZero => Outcome::DivisionByZero,
                ZeroMeaning::Colliding => Outcome::Colliding,
            };
            return done(outcome, iterations, steps);
        }
        let dir = if rules.normalise {
            match T::normalise(&d, iterations)? {
                Some(unit) => unit,
                None => return done(Outcome::DivisionByZero, iterations, steps),
            }
        } else {
            d.clone()
        };
        let vertex = support_vertex(a, b, &dir, iterations)?;
        let iteration = iterations;
        iterations += 1;
        pass += 1;
        let progress = dot(&vertex.w, &dir);
        if !progress.is_finite() {
            return Err(Error::Overflow { iteration });
        }
        let stop = if rules.stop_on_zero_progress {
            progress <= T::zero()
        } else {
            progress < T::zero()
        };
        if stop {
            steps.push(SeedStep {
                kind: StepKind::Loop,
                iteration,
                direction: dir,
                vertex,
                progress,
                stopped: true,
                simplex: Simplex::new(),
                decision: None,
                kept: simplex,
            });
            return done(Outcome::NotColliding(Stop::SupportTest), iterations, steps);
        }
        let mut grown = simplex.clone();
        if grown.push_front(vertex.clone()).is_err() {
            // Every seed step reduces a full simplex or stops; a full one
            // here would be a bug in this module, reported without a panic.
            return Err(Error::InvalidParameter {
                which: gjk::Which::Query,
                what: format!("variant {variant}: internal error, simplex full"),
            });
        }
        let points: Vec<Vector<T, N>> = grown.points().cloned().collect();
        let decision = decide(variant, &points, iteration)?;
        let kept = grown
            .select(&decision.kept)
            .ok_or_else(|| Error::InvalidParameter {
                which: gjk::Which::Query,
                what: format!("variant {variant}: internal error, bad kept indices"),
            })?;
        let next = decision.next.clone();
        steps.push(SeedStep {
            kind: StepKind::Loop,
            iteration,
            direction: dir,
            vertex,
            progress,
            stopped: false,
            simplex: grown,
            decision: Some(decision),
            kept: kept.clone(),
        });
        simplex = kept;
        match next {
            Next::Colliding => return done(Outcome::Colliding, iterations, steps),
            Next::Search(nd) => {
                if !is_finite(&nd) {
                    return Err(Error::Overflow { iteration });
                }
                d = nd;
            }
        }
    }
}

fn start_step<T: Scalar, const N: usize>(
    kind: StepKind,
    iteration: usize,
    d: &Vector<T, N>,
    v: &Vertex<T, N>,
) -> SeedStep<T, N> {
    SeedStep {
        kind,
        iteration,
        direction: d.clone(),
        vertex: v.clone(),
        progress: dot(&v.w, d),
        stopped: false,
        simplex: Simplex::new(),
        decision: None,
        kept: Simplex::from_vertices([v.clone()]).unwrap_or_default(),
    }
}

/// A decision to search on from the `kept` vertices along `d`.
pub(crate) fn search<T: Scalar, const N: usize>(
    trail: Vec<Trail<T>>,
    kept: Vec<usize>,
    d: Vector<T, N>,
) -> SeedDecision<T, N> {
    SeedDecision {
        trail,
        kept,
        next: Next::Search(d),
    }
}

/// A decision "colliding", keeping all `len` vertices.
pub(crate) fn colliding<T: Scalar, const N: usize>(
    trail: Vec<Trail<T>>,
    len: usize,
) -> SeedDecision<T, N> {
    SeedDecision {
        trail,
        kept: (0..len).collect(),
        next: Next::Colliding,
    }
}
