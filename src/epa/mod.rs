//! Penetration depth, contact normal and witness points of overlapping
//! shapes: the Expanding Polytope Algorithm (EPA) of van den Bergen,
//! "Proximity queries and penetration depth computation on 3D game objects"
//! (GDC 2001), in any dimension `N ≥ 1`, exact over rationals.
//!
//! # The quantity
//!
//! When the origin is interior to `K = A − B`, the **penetration depth** is
//! `δ = dist(O, ∂K)`: translating `A` by `t` moves `K` to `K + t`, and the
//! shapes touch when `−t ∈ ∂K`, so `δ` is the length of the shortest
//! translation that brings them to touching. For a convex polytope
//! `P = ∩_F {x : n_F · x ≤ c_F}` with the origin inside,
//! `dist(O, ∂P) = min_F c_F / |n_F|`, and the point
//! `p = (c_F / n_F·n_F) n_F` of the nearest facet's plane is a point of `P`
//! (the derivation is in `gjk_oracle::penetration_depth`, which
//! computes the same thing by brute force and is what this module is tested
//! against).
//!
//! # The algorithm
//!
//! EPA keeps a polytope `P ⊂ K` whose vertices are support points of `K`,
//! starting from the simplex of a GJK run (`src/epa/start.rs`, "The start" below):
//!
//! ```text
//! loop
//!     F ← the facet of P nearest the origin     (normal n, offset c = n·q)
//!     s ← s_{A−B}(n)                             (support point along n)
//!     if n·s ≤ c: return F                       (exact; float: see below)
//!     P ← conv(P ∪ {s})                          (remove what s sees, cone the horizon)
//! ```
//!
//! **Why the answer is exact.** `P ⊂ K` gives `dist(O, ∂P) ≤ dist(O, ∂K)`
//! (a ball about the origin inside `P` is inside `K`). At the stop, `s`
//! maximises `x · n` over `K`, so `K` lies in `n · x ≤ n · s ≤ c`, and
//! `dist(O, ∂K) ≤ c/|n| = dist(O, ∂P)`. Hence `δ = c/|n|`, and the
//! penetration vector is `p = (c / n·n) n`.
//!
//! **Termination (exact arithmetic, polytopes).** If `n · s > c`, then `s`
//! is not in `P` (all of `P` is beneath `F`'s plane), so `s` was never added
//! before (every earlier vertex is in `P`). The support map of a polytope
//! returns one of finitely many points (contract item 4 of
//! [`crate::shape`]), so the loop adds finitely many points and stops. The
//! number of iterations is bounded by the number of distinct support points
//! (at most `|A|·|B|` for point clouds). Curved shapes converge only in the
//! limit: [`EpaOptions::max_iterations`] ends them with
//! [`NoVerdict::IterationCap`] and the best facet so far.
//!
//! # Facets: normal and distance, without square roots
//!
//! A facet is `N` affinely independent vertices `q₀ … q_{N−1}`. With edges
//! `eᵢ = qᵢ − q₀`, its normal is the generalised cross product
//! `n_j = (−1)^j det(E without column j)` (`cross` in `src/epa/polytope.rs`): `n · x` is
//! the expansion of `det[E; x]` along its last row, so `n ⊥ eᵢ`, and `n = 0`
//! exactly when the vertices are dependent (in 2D `n = (e_y, −e_x)`, in 3D
//! `e₁ × e₂`, in 1D `(1)`). It is turned to point away from the centroid of
//! the start simplex, a point strictly inside every polytope of the run (the
//! polytope only grows), so it is outward even when the origin lies on the
//! facet. The squared distance of the facet's plane from the origin is
//! `c²/(n·n)` with `c = n · q₀`, computed as `c · (c / n·n)` (degree 2 in
//! the coordinates, so float values stay in range); with rationals it is
//! exact, and facets are compared by it exactly, ties resolved by the first
//! facet found.
//!
//! # The horizon
//!
//! A facet **sees** the new point `w` when `w` is strictly beyond its plane,
//! `n · w > c`. For a convex `P` and `w ∉ P` the facets that see `w` form a
//! connected region whose boundary (the **horizon**) is a closed ring of
//! ridges, each shared by a facet that sees `w` and one that does not;
//! `conv(P ∪ {w})` is `P` without the seeing facets plus one new facet
//! `ridge ∪ {w}` per horizon ridge. A ridge is a facet minus one vertex
//! (`N − 1` vertices): an edge in 3D, a vertex in 2D, the empty set in 1D,
//! so one rule serves every dimension (`Polytope::insert` in `src/epa/polytope.rs`). The
//! seeing region is found by flooding across ridges from `F` (which sees
//! `s`). Every new facet is non-degenerate: `w` is strictly beyond the plane
//! of the removed facet through its ridge, so `w ∉ aff(ridge)`. A point
//! exactly on the plane of a neighbour (`n · w = c`) does not make it see
//! `w`; the new facet next to it is then coplanar with it, a flat ridge of a
//! correct hull. The insertion checks that every new ridge ends up in exactly
//! two facets before it changes anything.
//!
//! **Dimension.** The polytope is dimension-generic (facets of `N` vertices,
//! ridges of `N − 1`, a map from ridges to their two facets): nothing in it
//! is specific to 2D or 3D, and in exact arithmetic the argument above holds
//! in every dimension. It is tested against the oracle for `N = 1 … 5`.
//! (Facet counts grow quickly with `N`: this is a reference, not a fast
//! high-dimensional hull.)
//!
//! # The start
//!
//! GJK ends with a simplex `S` holding the origin, possibly with fewer than
//! `N + 1` vertices or with the origin on its boundary (`src/epa/start.rs`). The start
//! keeps the smallest face of `S` holding the origin in its relative
//! interior, whose affine hull is then a linear subspace `L`, and grows it
//! one dimension at a time along a direction `d ⊥ L`: if the support point
//! `s` along `d` has `d · s ≤ 0`, all of `A − B` is in `x · d ≤ 0` and the
//! answer is [`EpaOutcome::Touching`] with normal `d` (a flat `A − B`, or
//! the origin on a face); otherwise `s ∉ L` joins the simplex. So the
//! polytope always starts full-dimensional, with the origin inside or on
//! its boundary.
//!
//! # Witness points
//!
//! `p` lies on the closed facet `F` or on a coplanar neighbour (it is a
//! point of `P` on `F`'s plane, and that face of `P` is covered by the
//! facets on the plane). Its barycentric coordinates `λ` on that facet
//! (the Gram system of [`crate::distance::subalgorithm`]) are `≥ 0`, so
//! `witness_a = Σ λᵢ aᵢ` and `witness_b = Σ λᵢ bᵢ`, built from the support
//! points on each shape, lie in `A` and `B`, and
//! `witness_a − witness_b = Σ λᵢ wᵢ = p` — exactly, in exact mode. This is
//! how the distance loop makes its witnesses too (GJK 1988; Ericson,
//! *Real-Time Collision Detection* §9.5; Catto, GDC 2010), applied to the
//! facet instead of the simplex.
//!
//! # The known EPA failures, and what happens here
//!
//! * **touching start, flat polytope** (dimforge/parry #253: a vertex on an
//!   edge emptied the heap; the fix reported "no contact"): the start phase
//!   ends with `Touching`; the polytope is never built flat;
//! * **origin on a face**: a facet through the origin has distance 0 and
//!   an outward normal (oriented by the centroid, not by the origin); the
//!   run ends with `Touching` or grows past it;
//! * **degenerate faces** (fcl #395, a zero-area face of a thin box): exact
//!   mode never builds one (above); float mode reports
//!   [`NoVerdict::DegenerateFacet`] rather than divide by zero;
//! * **"origin outside the polytope"** (fcl #495, #493, #445, kissing
//!   boxes): the polytope always holds the origin; a depth of 0 is
//!   `Touching`, never "separated";
//! * **non-convergence**: the cap, a repeated vertex or an inconsistent
//!   horizon (float only) are [`EpaOutcome::NoVerdict`] with the best
//!   facet so far, never "no contact".
//!
//! # Float mode
//!
//! All the geometry is computed on the points scaled by a power of two that
//! brings the largest coordinate of GJK's simplex into `[1, 2)`
//! ([`crate::vector::pow2_factors`], as the classifier does): no digit
//! changes, and the normals' squared lengths (degree `2N − 2` in the
//! coordinates) stay in range, so `f32` shapes at `2⁻⁶⁰` or `2⁶⁰` work like
//! shapes at 1. The answer is scaled back.
//!
//! With `u` the unit roundoff, `scale = max |w|` over the vertices, and a
//! facet's **condition** `κ = Π|eᵢ| / |n|` (Hadamard's ratio: `1` for a
//! right-angled facet, large for slivers), a facet's plane is placed to
//! within `noise = ABS_TOL_FACTOR · u · scale · κ` (distance units;
//! [`crate::tolerance::ABS_TOL_FACTOR`]): the normal from rounded edges is
//! off by an angle of about `κ u`, which moves the plane by that times the
//! distance to the point tested (at most `2 scale`), and the dot products
//! add a few `N u scale`; the factor 1024 covers both. Then:
//!
//! * a facet **sees** `w` when `(n·w − c)/|n| > noise`;
//! * the loop **stops** when `gap = (n·s − c)/|n| ≤ max(REL_TOL · δ, noise)`
//!   with `REL_TOL = REL_TOL_FACTOR · u` ([`crate::tolerance::REL_TOL_FACTOR`],
//!   the distance loop's relative tolerance: `2.3·10⁻¹³` in `f64`);
//! * the answer is **touching** when `δ ≤ noise`;
//! * a facet whose plane passes within `noise` of the interior point is
//!   degenerate ([`NoVerdict::DegenerateFacet`]);
//! * in the start phase, GJK's simplex holds the origin when its closest
//!   point is within `ABS_TOL_FACTOR · u · scale` of it (else
//!   [`NoVerdict::StartSimplex`]), and a support point along `d ⊥ L`
//!   with `d·s/|d|` at most that much means touching.
//!
//! `tests/epa.rs` (`where_the_float_tolerance_starts_to_matter`) shows the
//! touching threshold at work: boxes overlapping by `2⁻⁴¹` are penetrating
//! in `f64`, by `2⁻⁴²` touching, as `noise ≈ 2.5·10⁻¹³` there predicts.
//!
//! **What a float answer guarantees.** At a `Penetrating` stop, up to the
//! rounding of the one dot product `n·s`, `A − B` lies under the plane at
//! distance `δ + gap`, so the true depth `δ*` satisfies
//! `δ* ≤ δ (1 + REL_TOL) + noise`. The other side, `δ* ≥ δ`, holds in exact
//! arithmetic because `P ⊂ K` is convex; in floats `P` is convex and inside
//! `K` only up to `noise` per facet, which is not proved, so `δ` is an
//! estimate with that error budget: `tests/epa.rs` checks
//! `|δ² − δ*²| ≤ 10⁻⁹ δ*² + 10⁻⁹ scale²` in `f64` against the exact answer
//! on hundreds of small-integer cases in 1D to 5D (the worst relative error
//! seen is a few `10⁻¹⁵`), and `tests/known_failures.rs` on nearly
//! degenerate ones. The witness points are convex combinations
//! of support points (the `λ` clamped at 0 and renormalised), the normal is
//! the facet's. Exact mode has `u = 0`: every test above is an exact sign.

mod expand;
mod outcome;
pub(crate) mod polytope;
pub(crate) mod start;

pub use outcome::{EpaOptions, EpaOutcome, EpaReport, FinalPolytope, Penetration};

use crate::boolean::{gjk_observed, Options, Outcome};
use crate::distance::{distance, DistanceOptions, DistanceOutcome};
use crate::error::{Error, Which};
use crate::relation::NoVerdict;
use crate::scalar::Field;
use crate::shape::Support;
use crate::simplex::Simplex;

use start::Start;

fn report<T: Field, const N: usize>(
    outcome: EpaOutcome<T, N>,
    iterations: usize,
    gjk_iterations: usize,
    facets: usize,
) -> EpaReport<T, N> {
    EpaReport {
        outcome,
        iterations,
        gjk_iterations,
        facets,
    }
}

/// Penetration depth, normal and witness points (see the module docs): a
/// GJK run — the boolean loop for `N = 2, 3`, the distance loop in other
/// dimensions — then EPA from its simplex.
///
/// Errors: `N = 0` or past the distance loop's dimensions, a zero or
/// non-finite initial direction, a support map returning a non-finite point,
/// overflow of the scalar type.
pub fn epa<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    opts: &EpaOptions<T, N>,
) -> Result<EpaReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    // The GJK run: its simplex, or the outcome it already decides.
    let no_answer = |reason| EpaOutcome::GjkNoVerdict { reason };
    let (found, gjk_iterations) = if N == 2 || N == 3 {
        let gopts = Options {
            initial_direction: opts.initial_direction.clone(),
            max_iterations: opts.max_iterations,
        };
        let r = gjk_observed(a, b, &gopts, &mut ())?;
        let found = match r.outcome {
            Outcome::Intersecting { simplex, .. } => Ok(simplex),
            Outcome::Separated { axis, .. } => Err(EpaOutcome::NotIntersecting { axis }),
            Outcome::NoVerdict { reason, .. } => Err(no_answer(reason)),
        };
        (found, r.iterations)
    } else {
        let dopts = DistanceOptions {
            initial_direction: opts.initial_direction.clone(),
            max_iterations: opts.max_iterations,
            ..DistanceOptions::default()
        };
        let r = distance(a, b, &dopts)?;
        let found = match r.outcome {
            DistanceOutcome::Intersecting { simplex } => Ok(simplex),
            DistanceOutcome::Separated { axis, .. } => Err(EpaOutcome::NotIntersecting { axis }),
            DistanceOutcome::NoVerdict { reason, .. } => Err(no_answer(reason)),
        };
        (found, r.iterations)
    };
    match found {
        Ok(simplex) => run(a, b, &simplex, opts.max_iterations, gjk_iterations),
        Err(outcome) => Ok(report(outcome, 0, gjk_iterations, 0)),
    }
}

/// EPA from a simplex of support points of `A − B` whose hull holds the
/// origin, e.g. the one [`crate::boolean::Outcome::Intersecting`] carries
/// (`opts.initial_direction` is not used).
///
/// Errors: as [`epa`], plus an empty simplex, and — in exact mode — a
/// simplex whose hull does not hold the origin
/// ([`Error::InvalidParameter`]); in float mode that is
/// [`NoVerdict::StartSimplex`] when it misses by more than rounding.
pub fn epa_from_simplex<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    opts: &EpaOptions<T, N>,
) -> Result<EpaReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    let r = run(a, b, simplex, opts.max_iterations, 0)?;
    if T::EXACT
        && matches!(
            r.outcome,
            EpaOutcome::NoVerdict {
                reason: NoVerdict::StartSimplex,
                ..
            }
        )
    {
        return Err(Error::InvalidParameter {
            which: Which::Query,
            what: "the simplex's hull does not contain the origin, or its points are not points of A − B".into(),
        });
    }
    Ok(r)
}

fn run<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    cap: usize,
    gjk_iterations: usize,
) -> Result<EpaReport<T, N>, Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    run_keeping(a, b, simplex, cap, gjk_iterations).map(|(r, _)| r)
}

/// [`run`], also returning the final polytope of a penetrating answer.
#[allow(clippy::type_complexity)] // (report, polytope): two callers, in this file.
fn run_keeping<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    cap: usize,
    gjk_iterations: usize,
) -> Result<(EpaReport<T, N>, Option<FinalPolytope<T, N>>), Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    if N == 0 {
        return Err(Error::UnsupportedDimension {
            dim: 0,
            supported: "1 and above",
        });
    }
    let mut iterations = 0;
    let (verts, factors) = match start::start(a, b, simplex, cap, &mut iterations)? {
        Start::Simplex { vertices, factors } => (vertices, factors),
        Start::Touching { normal } => {
            let outcome = EpaOutcome::Touching { normal };
            return Ok((report(outcome, iterations, gjk_iterations, 0), None));
        }
        Start::Failed(reason) => {
            let outcome = EpaOutcome::NoVerdict { reason, best: None };
            return Ok((report(outcome, iterations, gjk_iterations, 0), None));
        }
    };
    let (outcome, facets, kept) =
        expand::expand_keeping(a, b, verts, factors, cap, &mut iterations)?;
    Ok((report(outcome, iterations, gjk_iterations, facets), kept))
}

/// [`epa_from_simplex`], also returning the polytope the run ended with
/// when it answered [`EpaOutcome::Penetrating`] (`None` otherwise): the
/// float search of the exact mode's depth certificate ([`crate::exact`]),
/// whose verifier needs the whole polytope, not only its nearest facet.
#[allow(clippy::type_complexity)] // (report, polytope): one caller.
pub fn epa_keeping_polytope<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T, N>,
    opts: &EpaOptions<T, N>,
) -> Result<(EpaReport<T, N>, Option<FinalPolytope<T, N>>), Error>
where
    T: Field,
    A: Support<T, N> + ?Sized,
    B: Support<T, N> + ?Sized,
{
    run_keeping(a, b, simplex, opts.max_iterations, 0)
}
