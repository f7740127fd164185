//! Round shapes as core plus margin: GJK on the cores, the radii after.
//!
//! A round shape is a core thickened by a radius, `A = C_A ⊕ B(0, r_A)`
//! ([`Round`]: balls, capsules, [`crate::shape::Rounded`] hulls; every other
//! shape is its own core with radius `0`). Write `R = r_A + r_B` and
//! `c = dist(C_A, C_B)`. Then `dist(A, B) = max(0, c − R)`
//! ([`crate::shape::Rounded`]'s docs prove it), so:
//!
//! | cores | relation of `A` and `B` |
//! |---|---|
//! | `c > R` | **separated**, at distance `c − R` |
//! | `c = R > 0` | **touching**: the common point is on the segment between the closest core points, and the plane normal to it separates weakly |
//! | `c < R` | **penetrating**: `A − B` is `C_A − C_B` thickened by `R`, so it holds the ball of radius `R − c > 0` around the origin |
//! | `R = 0` | the relation of the cores ([`crate::verdict()`]) |
//!
//! One distance query on the cores ([`crate::distance()`], with the
//! caller's options: the default [`SubAlgorithm::Auto`] runs 2D and 3D
//! float cores on the written-out loop, [`SubAlgorithm::Johnson`] on the
//! reference) decides it: for polytope cores (a point, a segment, a hull)
//! it ends after finitely many support points instead of converging on the
//! curved surface in the limit.
//! Unless the options give a start, the search starts along the difference
//! of the cores' centre hints ([`crate::Support::centre_hint`]: the ball's
//! centre, the segment's midpoint, the hull's bounding-box centre), the
//! direction in which the cores face each other, as parry starts from the
//! shapes' relative position; this changes the iterations, not the answer.
//! When only the relation is wanted, [`relation`] also stops the cores'
//! loop at the margin: as soon as its current point `v` of `C_A − C_B` has
//! `|v|² < R²`, `c ≤ |v| < R` proves penetration without converging `c`
//! (parry, Bullet and Jolt stop so); [`query`] converges `c` for the depth.
//! [`intersects`] also stops once a support point `w` shows `v·w > R |v|`
//! (then `c ≥ v·w / |v| > R`: separated), as a boolean query stops at its
//! first separating axis.
//!
//! # Exact mode
//!
//! With rationals the cores' distance loop returns `c²` exactly, and
//! `c ≷ R ⇔ c² ≷ R²` (both are `≥ 0`) is decided **exactly** by comparing
//! `c²` with `R²`: rational centres and radii get exact verdicts although
//! the distance `c − R` is not rational in general. The distance is
//! reported as the exact expression `√(c²) − R` ([`RoundAnswer::core_dist2`]
//! and [`RoundAnswer::radius_sum`]), and as an interval of `f64`s that holds
//! it ([`RoundAnswer::distance_bounds`]).
//!
//! # Float mode: the touching band
//!
//! The computed `c²` is within `e = float_accuracy_bound(c², scale², u)` of
//! the exact one (the distance loop's accuracy, [`crate::tolerance`]), and
//! `R² = (r_A + r_B)²` is computed with at most `3 u R²` of rounding (one
//! addition, one product), budgeted as `4 u R²`. So the sign of `c² − R²`
//! is known unless `|c² − R²| ≤ e + 4 u R²` ([`touch_band2`]): inside that
//! band the answer is **touching**. When the cores' loop reaches the origin
//! (`c` within its rounding of `0`, [`crate::tolerance::ABS_TOL_FACTOR`]) the
//! shapes are penetrating if `R` exceeds the sharp touching band
//! ([`crate::tolerance::TOUCH_BAND_FACTOR`]` · u · scale`), else the cores'
//! own verdict decides, as for `R = 0`.
//!
//! # Penetration depth
//!
//! For `c < R` with disjoint cores the depth is `R − c` along the cores'
//! axis; for overlapping cores it is the cores' EPA depth plus `R`. This
//! module reports the relation and the cores' separation; the `gjk` tool
//! prints the depth.
//!
//! [`SubAlgorithm::Auto`]: crate::distance::SubAlgorithm::Auto
//! [`SubAlgorithm::Johnson`]: crate::distance::SubAlgorithm::Johnson

use std::cell::Cell;

use crate::distance::margin::Margin;
use crate::distance::{distance_weighed, DistanceOptions, DistanceOutcome};
use crate::error::Error;
use crate::relation::{NoVerdict, Relation};
use crate::scalar::{Field, Real, Scalar};
use crate::shape::{Round, Support};
use crate::simplex::Vertex;
use crate::tolerance::{float_accuracy_bound, scale2, TOUCH_BAND_FACTOR};
use crate::vector::is_finite;
use crate::vector::Vector;
use crate::verdict::{verdict, Separation, Verdict};

/// The answer of [`query`]: the relation of the round shapes and what it
/// was decided from.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundAnswer<T: Scalar, const N: usize> {
    /// Separated, touching or penetrating.
    pub relation: Relation,
    /// `c²`, the squared distance of the cores: exact with rationals;
    /// within the distance loop's accuracy in float mode; `0` when the
    /// cores share a point. From [`relation`]'s margin stop (penetrating
    /// only): an upper bound on `c²` below `R²`.
    pub core_dist2: T,
    /// `R = r_A + r_B`.
    pub radius_sum: T,
    /// The radius of `A`.
    pub radius_a: T,
    /// The radius of `B`.
    pub radius_b: T,
    /// The cores' closest points, when the cores are disjoint
    /// (`separation.dist2 = core_dist2`); from [`relation`]'s margin stop,
    /// the points of the cores found so far.
    pub core_separation: Option<Separation<T, N>>,
    /// For touching shapes, a normal from `A` towards `B` with
    /// `max_A a·normal = min_B b·normal` (not normalised): the cores' axis
    /// `witness_b − witness_a`, or the cores' own touching normal when
    /// `R = 0`.
    pub normal: Option<Vector<T, N>>,
    /// Float mode: `scale²`, the largest squared norm of the points of
    /// `C_A − C_B` the cores' loop met (its simplices and support points),
    /// which the error of `core_dist2` is measured against
    /// ([`float_accuracy_bound`]); `0` in exact mode.
    pub core_scale2: f64,
}

/// [`query`]'s outcome: an answer, or why there is none.
#[derive(Clone, Debug, PartialEq)]
pub enum RoundOutcome<T: Scalar, const N: usize> {
    /// The relation with its evidence.
    Answer(RoundAnswer<T, N>),
    /// The cores' query gave no verdict. Never to be read as separated.
    NoVerdict {
        /// Why.
        reason: NoVerdict,
    },
}

/// [`query`]'s outcome with its cost.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundReport<T: Scalar, const N: usize> {
    /// The outcome.
    pub outcome: RoundOutcome<T, N>,
    /// Support points of `C_A − C_B` computed (the cores' distance loop,
    /// plus the cores' verdict when it decides; for [`relation`] and
    /// [`intersects`], plus the full query's when a stop was not confirmed).
    pub iterations: usize,
}

impl<T: Scalar, const N: usize> RoundReport<T, N> {
    /// The relation, or `None` without a verdict.
    pub fn relation(&self) -> Option<Relation> {
        match &self.outcome {
            RoundOutcome::Answer(a) => Some(a.relation),
            RoundOutcome::NoVerdict { .. } => None,
        }
    }
}

/// The width of the float touching band on `c² − R²` (module docs):
/// `float_accuracy_bound(max(c², R²), scale², u) + 4 u R²`, with `scale²`
/// the largest squared norm among the cores' final simplex points. `0` in
/// exact mode.
pub fn touch_band2<T: Scalar>(core_dist2: f64, radius_sum: f64, scale2: f64) -> f64 {
    if T::EXACT {
        return 0.0;
    }
    let u = T::UNIT_ROUNDOFF;
    let r2 = radius_sum * radius_sum;
    float_accuracy_bound(core_dist2.max(r2), scale2, u) + 4.0 * u * r2
}

impl<T: Scalar, const N: usize> RoundAnswer<T, N> {
    /// `[lo, hi]`, `f64`s with `lo ≤ max(0, c − R) ≤ hi` for the exact
    /// `c²` and `R` held here: every rounding step (to `f64`, the square
    /// root, the subtraction) is widened outwards by one unit in the last
    /// place. In exact mode that is a guaranteed enclosure of the true
    /// distance; in float mode `c²` itself carries the distance loop's
    /// documented error at the scale of the points the cores' loop met
    /// (`float_accuracy_bound` with [`core_scale2`](Self::core_scale2)),
    /// which is added.
    pub fn distance_bounds(&self) -> (f64, f64) {
        let c2 = self.core_dist2.to_f64();
        let r = self.radius_sum.to_f64();
        let err = match T::EXACT {
            true => 0.0,
            false => float_accuracy_bound(c2, self.core_scale2.max(c2), T::UNIT_ROUNDOFF),
        };
        // `to_f64` rounds to nearest (half an ulp): one ulp covers it.
        let c2_lo = ((c2 - err).next_down()).max(0.0);
        let c2_hi = (c2 + err).next_up();
        let (r_lo, r_hi) = match T::EXACT {
            true => (r.next_down(), r.next_up()),
            false => {
                // r_A + r_B rounded once.
                let u = T::UNIT_ROUNDOFF;
                (
                    (r * (1.0 - 2.0 * u)).next_down(),
                    (r * (1.0 + 2.0 * u)).next_up(),
                )
            }
        };
        let lo = (c2_lo.sqrt().next_down() - r_hi).next_down().max(0.0);
        let hi = (c2_hi.sqrt().next_up() - r_lo).next_up().max(0.0);
        (lo, hi)
    }
}

impl<T: Real, const N: usize> RoundAnswer<T, N> {
    /// Float mode: points of `A` and `B` that realise the distance of
    /// separated (or touching) shapes, the cores' witnesses moved by their
    /// radii along the axis; `None` when the cores share a point.
    pub fn witnesses(&self) -> Option<(Vector<T, N>, Vector<T, N>)> {
        let s = self.core_separation.as_ref()?;
        let axis = s.witness_b - s.witness_a;
        let u = crate::shape::unit(&axis)?;
        Some((
            s.witness_a + u * self.radius_a,
            s.witness_b - u * self.radius_b,
        ))
    }

    /// `max(0, c − R)`, rounded.
    pub fn distance(&self) -> T {
        let d = self.core_dist2.sqrt() - self.radius_sum;
        if d > T::zero() {
            d
        } else {
            T::zero()
        }
    }
}

/// Separated, touching or penetrating for two round shapes, by one
/// distance query on their cores (module docs). `opts` are the cores'
/// distance options (warm starts included); its `max_iterations` also caps
/// the cores' verdict when `R = 0`.
///
/// Errors: those of [`crate::distance()`] and [`crate::verdict()`] on the
/// cores, and (float mode) [`Error::Overflow`] when `(r_A + r_B)²` does.
pub fn query<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
) -> Result<RoundReport<T, N>, Error>
where
    T: Field,
    A: Round<T, N> + ?Sized,
    B: Round<T, N> + ?Sized,
{
    run(a, b, opts, Stops::None)
}

/// The relation of the round shapes, sooner: [`query`], but the cores'
/// loop stops as soon as its current point `v` of `C_A − C_B` has
/// `|v|² < R²` (the margin stop of parry, Bullet and Jolt). Then
/// `c ≤ |v| < R`, penetrating, when `|v|² − R²` is beyond the touching band
/// (exactly below `0` with rationals); otherwise [`query`] runs in full, its
/// iterations added. A penetrating answer from the stop has `core_dist2 =
/// |v|²`, an upper bound on `c²`, and `core_separation` the points found so
/// far, not the closest ones: for the penetration depth `R − c`, call
/// [`query`]. Every other answer is [`query`]'s, but for one case in float
/// mode: where `query` calls the shapes touching, its band taken at its
/// final points' scale, the stop's band at the points seen so far can be
/// narrower and show them penetrating (`tests/round.rs` pins one).
///
/// Errors: those of [`query`].
pub fn relation<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
) -> Result<RoundReport<T, N>, Error>
where
    T: Field,
    A: Round<T, N> + ?Sized,
    B: Round<T, N> + ?Sized,
{
    run(a, b, opts, Stops::Overlap)
}

/// Which stops at the margin the cores' loop takes: none ([`query`]), at
/// `|v| < R` ([`relation`]), and also at `v·w > R |v|` ([`intersects`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stops {
    None,
    Overlap,
    Both,
}

/// The margin `R` of the cores' loop, its stops, and which relation a stop
/// claimed when it fired.
struct RoundMargin<T> {
    r2: T,
    stops: Stops,
    fired: Cell<Option<Relation>>,
    /// Float mode: the largest `scale²` of the points the loop has seen
    /// (each simplex and support point `w` asked about: every plain step
    /// of both loops), the scale of `core_dist2`'s error.
    seen2: Cell<f64>,
}

/// Float mode: the apart stop's margin, in touching bands ([`touch_band2`])
/// at the scale of the points seen so far: `c > R` counts as shown when
/// `(v·w / |v|)² − R²` exceeds it (the rounding of `v·w` and `|v|` is far
/// inside one band; four leave room for the support map's). [`query`]'s
/// band is taken at its final points' scale, which can be wider: there
/// `query` may call touching a pair this stop shows separated
/// (`tests/round.rs` pins one).
const APART_BANDS: f64 = 4.0;

impl<T: Field, const N: usize> Margin<T, N> for RoundMargin<T> {
    fn overlaps(&self, vv: &T) -> bool {
        let overlap = self.stops != Stops::None && *vv < self.r2;
        if overlap {
            self.fired.set(Some(Relation::Penetrating));
        }
        overlap
    }

    /// `w` minimises `x·v` over `C_A − C_B`, so `c ≥ v·w / |v|` when
    /// `v·w > 0` (`v·w = |v|² − gap`).
    fn apart(&self, vv: &T, s2: f64, w: &Vertex<T, N>, gap: &T) -> bool {
        if !T::EXACT {
            let seen = self.seen2.get().max(s2).max(scale2(std::iter::once(&w.w)));
            self.seen2.set(seen);
        }
        let vw = vv.clone() - gap.clone();
        let apart = self.stops == Stops::Both
            && vw > T::zero()
            && match T::EXACT {
                true => vw.clone() * vw > self.r2.clone() * vv.clone(),
                false => {
                    let l = vw.to_f64() / vv.to_f64().sqrt();
                    let s2 = s2.max(scale2(std::iter::once(&w.w)));
                    let r2 = self.r2.to_f64();
                    l * l - r2 > APART_BANDS * touch_band2::<T>(l * l, r2.sqrt(), s2)
                }
            };
        if apart {
            self.fired.set(Some(Relation::Separated));
        }
        apart
    }
}

/// [`query`], with the margin stops `stops`.
fn run<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &DistanceOptions<T, N>,
    stops: Stops,
) -> Result<RoundReport<T, N>, Error>
where
    T: Field,
    A: Round<T, N> + ?Sized,
    B: Round<T, N> + ?Sized,
{
    let (ra, rb) = (a.radius(), b.radius());
    let r = ra.clone() + rb.clone();
    let r2 = r.clone() * r.clone();
    let start = match opts.initial_direction.is_none() && opts.warm_start.is_none() {
        true => b
            .core()
            .centre_hint()
            .zip(a.core().centre_hint())
            .map(|(hb, ha)| hb - ha)
            .filter(|d| is_finite(d) && d.iter().any(|x| !x.is_zero())),
        false => None,
    };
    let margin = RoundMargin {
        r2: r2.clone(),
        stops: match r2.is_finite() && r > T::zero() {
            true => stops,
            false => Stops::None,
        },
        fired: Cell::new(None),
        seen2: Cell::new(0.0),
    };
    let (report, _) = distance_weighed(a.core(), b.core(), opts, start.as_ref(), &margin)?;
    let core_scale2 = match &report.outcome {
        _ if T::EXACT => 0.0,
        DistanceOutcome::Separated { simplex, .. } | DistanceOutcome::Intersecting { simplex } => {
            scale2(simplex.points()).max(margin.seen2.get())
        }
        DistanceOutcome::NoVerdict { .. } => 0.0,
    };
    let answer = |relation, core_dist2, core_separation, normal| RoundAnswer {
        relation,
        core_dist2,
        radius_sum: r.clone(),
        radius_a: ra.clone(),
        radius_b: rb.clone(),
        core_separation,
        normal,
        core_scale2,
    };
    let outcome = match report.outcome {
        DistanceOutcome::NoVerdict { reason, .. } => RoundOutcome::NoVerdict { reason },
        DistanceOutcome::Separated {
            dist2,
            witness_a,
            witness_b,
            axis,
            simplex,
        } => {
            if !r2.is_finite() {
                // Float mode: (r_A + r_B)² overflows; no comparison.
                return Err(Error::Overflow {
                    iteration: report.iterations,
                });
            }
            let band = touch_band2::<T>(dist2.to_f64(), r.to_f64(), scale2(simplex.points()));
            let diff = (dist2.clone() - r2.clone()).to_f64();
            let relation = if T::EXACT {
                match dist2.clone() - r2.clone() {
                    x if x > T::zero() => Relation::Separated,
                    x if x < T::zero() => Relation::Penetrating,
                    _ => Relation::Touching,
                }
            } else if diff.abs() <= band {
                Relation::Touching
            } else if diff > 0.0 {
                Relation::Separated
            } else {
                Relation::Penetrating
            };
            if margin.fired.get().is_some_and(|claim| claim != relation) {
                // The loop stopped at the margin within the touching band:
                // the converged c² decides.
                let full = run(a, b, opts, Stops::None)?;
                let iterations = report.iterations + full.iterations;
                return Ok(RoundReport { iterations, ..full });
            }
            let normal = (relation == Relation::Touching).then(|| axis.clone());
            let separation = Separation {
                dist2: dist2.clone(),
                witness_a,
                witness_b,
            };
            RoundOutcome::Answer(answer(relation, dist2, Some(separation), normal))
        }
        DistanceOutcome::Intersecting { simplex } => {
            let scale = scale2(simplex.points()).sqrt();
            let sharp_band = TOUCH_BAND_FACTOR * T::UNIT_ROUNDOFF * scale;
            let margin_decides = match T::EXACT {
                true => r > T::zero(),
                false => r.to_f64() > sharp_band,
            };
            if margin_decides {
                RoundOutcome::Answer(answer(Relation::Penetrating, T::zero(), None, None))
            } else {
                let cores = verdict(a.core(), b.core(), opts.max_iterations)?;
                let iterations = report.iterations + cores.iterations;
                let outcome = match cores.verdict {
                    Verdict::NoVerdict { reason } => RoundOutcome::NoVerdict { reason },
                    Verdict::Separated { axis, separation } => {
                        let dist2 = separation
                            .as_ref()
                            .map_or_else(T::zero, |s| s.dist2.clone());
                        if r.is_zero() {
                            // R = 0: the cores' relation, with its proof.
                            RoundOutcome::Answer(answer(
                                Relation::Separated,
                                dist2,
                                separation,
                                None,
                            ))
                        } else {
                            // The distance loop put the origin within its
                            // rounding and R is within the sharp band: the
                            // sign of c − R is not known.
                            RoundOutcome::Answer(answer(
                                Relation::Touching,
                                dist2,
                                None,
                                Some(axis),
                            ))
                        }
                    }
                    Verdict::Touching { normal, .. } => RoundOutcome::Answer(answer(
                        Relation::Touching,
                        T::zero(),
                        None,
                        Some(normal),
                    )),
                    Verdict::Penetrating { .. } => {
                        RoundOutcome::Answer(answer(Relation::Penetrating, T::zero(), None, None))
                    }
                };
                return Ok(RoundReport {
                    outcome,
                    iterations,
                });
            }
        }
    };
    Ok(RoundReport {
        outcome,
        iterations: report.iterations,
    })
}

/// Whether the closed round shapes share a point (touching counts):
/// [`relation`] with the default options, its loop also stopping as soon
/// as a support point shows the cores more than `R` apart (`v·w > R |v|`,
/// in float mode by four touching bands), as parry's boolean
/// query stops at its first separating axis; no verdict is
/// [`Error::NoVerdict`]. In float mode a pair [`query`] calls touching
/// (true) may be shown apart (false) by the stop: its band, at the points
/// seen so far, can be narrower than `query`'s (`APART_BANDS`).
pub fn intersects<T, const N: usize, A, B>(a: &A, b: &B) -> Result<bool, Error>
where
    T: Field,
    A: Round<T, N> + ?Sized,
    B: Round<T, N> + ?Sized,
{
    let report = run(a, b, &DistanceOptions::default(), Stops::Both)?;
    match report.outcome {
        RoundOutcome::Answer(a) => Ok(a.relation.intersects()),
        RoundOutcome::NoVerdict { reason } => Err(Error::NoVerdict(reason)),
    }
}
