//! A variant run, step by step, against the reference's decisions.
//!
//! For every step of a [`Run`], the simplex the seed's step saw is handed to
//! the reference classifier ([`gjk::classify::classify`]) **in exact
//! arithmetic** (a float run's points are converted exactly: every finite
//! float is a rational), and the two decisions are compared:
//!
//! 1. **the support test** — the reference stops ("separated") exactly when
//!    `w · d < 0`, computed exactly from the run's `w` and `d`; a seed that
//!    stops on `w · d = 0` (touching: the support plane passes through the
//!    origin), or whose float test saw a sign the exact value does not
//!    have, differs here;
//! 2. **containment** — the reference stops ("intersecting") when the closed
//!    simplex holds the origin (`PT-O`, `…-LINE-ON`, `2D-TRI-R7`,
//!    `3D-TRI-ON`, `3D-TET-IN`); a seed that searches on, or says
//!    "colliding" on a simplex that does not hold the origin, differs;
//! 3. **degenerate simplices** — a simplex the reference calls `…-DEG`
//!    (affinely dependent vertices) is one its loop never builds;
//! 4. **the region** — which vertices are kept (as a set; the 3D winding
//!    is not compared, the reference does not rely on it);
//! 5. **the direction** (exact runs only) — the reference searches along a
//!    positive multiple of `O − v`, `v` the kept feature's point closest to
//!    the origin; a seed that searches elsewhere differs (seed 000's
//!    in-plane edge normals differ here on most runs without changing any
//!    answer).
//!
//! Kinds 1–3 are **decisive**: a wrong stop, a missed or false
//! containment, or a simplex the reference never builds (which is how the
//! seeds come to loop). The first decisive difference of a run is its
//! **divergence**, the decision the report names as the cause of a wrong
//! answer. Kinds 4–5 are **path** differences: the seed searches on, only
//! from another feature or in another direction. They explain why a run
//! takes another route (and, with no decisive difference, why it runs out
//! of passes), but on their own they change no answer: the first one is
//! reported beside the divergence.
//!
//! The seed's decision is also named by a spec ID ([`seed_region`]): the
//! region whose kept vertices are the ones the seed kept (and, for a kept
//! segment in 2D or a kept triangle in 3D, on the side the seed searches
//! towards), or the containing region when it says "colliding".

use num_traits::Zero;

use super::{Next, Run, SeedDecision, SeedScalar, SeedStep, StepKind, Variant, ZeroMeaning};
use gjk::classify::{classify, Classification};
use gjk::region::{
    Line2Region, Line3Region, PointRegion, Region, RegionKind, Tet3Region, Tri2Region, Tri3Region,
};
use gjk::scalar::{Rational, Scalar};
use gjk::simplex::Simplex;
use gjk::vector::{cross3, dot, is_zero, perp2, Vector};
use gjk::Error;

/// How a step's decision differs from the reference's.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    /// The seed's support test stopped ("not colliding") where the
    /// reference goes on: the exact `w · d` is `≥ 0`.
    SupportTestStops {
        /// The exact `w · d`.
        progress: Rational,
    },
    /// The seed's support test went on where the reference stops: the
    /// exact `w · d` is `< 0` (float rounding only).
    SupportTestGoesOn {
        /// The exact `w · d`.
        progress: Rational,
    },
    /// The seed built a simplex the reference calls degenerate.
    Degenerate {
        /// The reference's `…-DEG` region.
        reference: Region,
    },
    /// The closed simplex holds the origin (the reference stops:
    /// intersecting); the seed searches on, retries or has no direction.
    MissesContainment {
        /// The reference's containing region.
        reference: Region,
        /// The seed's decision as a spec ID, if it is one.
        seed: Option<Region>,
    },
    /// The seed says "colliding" on a simplex that does not hold the origin.
    FalseContainment {
        /// The reference's region.
        reference: Region,
    },
    /// Both search on, from different vertices.
    Region {
        /// The reference's region.
        reference: Region,
        /// The seed's, as a spec ID, if it is one.
        seed: Option<Region>,
    },
    /// Same vertices kept, but the seed's direction is not a positive
    /// multiple of the reference's (exact runs only).
    Direction {
        /// The region both keep.
        reference: Region,
    },
}

impl Difference {
    /// `true` for the decisive kinds (see the module docs), `false` for
    /// the path differences [`Difference::Region`] and
    /// [`Difference::Direction`].
    pub fn is_decisive(&self) -> bool {
        !matches!(
            self,
            Difference::Region { .. } | Difference::Direction { .. }
        )
    }

    /// A short label for grouping: `support-test-stops`, `region`, ….
    pub fn label(&self) -> &'static str {
        match self {
            Difference::SupportTestStops { .. } => "support-test-stops",
            Difference::SupportTestGoesOn { .. } => "support-test-goes-on",
            Difference::Degenerate { .. } => "degenerate",
            Difference::MissesContainment { .. } => "misses-containment",
            Difference::FalseContainment { .. } => "false-containment",
            Difference::Region { .. } => "region",
            Difference::Direction { .. } => "direction",
        }
    }
}

/// One step, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct StepReview {
    /// The index of the step in [`Run::steps`].
    pub step: usize,
    /// The reference's region for the step's simplex (the single point for
    /// the first support point and its retry; `None` for a step ended by
    /// the support test).
    pub reference: Option<Region>,
    /// The seed's decision as a spec ID (see [`seed_region`]).
    pub seed: Option<Region>,
    /// How it differs, if it does.
    pub difference: Option<Difference>,
}

/// A run, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every step, in order.
    pub steps: Vec<StepReview>,
    /// The index (into `steps`) of the first decisive difference.
    pub first: Option<usize>,
    /// The index of the first path difference.
    pub first_path: Option<usize>,
}

impl Review {
    /// The first decisive difference's step: the divergence.
    pub fn divergence(&self) -> Option<&StepReview> {
        self.first.map(|i| &self.steps[i])
    }

    /// The first path difference's step.
    pub fn path_divergence(&self) -> Option<&StepReview> {
        self.first_path.map(|i| &self.steps[i])
    }
}

/// Exact copies of a run's vectors.
fn exact<T: SeedScalar, const N: usize>(v: &Vector<T, N>) -> Result<Vector<Rational, N>, Error> {
    let mut out = Vector::<Rational, N>::zeros();
    for i in 0..N {
        out[i] = v[i].to_exact().ok_or(Error::NonFinite {
            which: gjk::Which::Query,
            what: "a variant run's coordinate".into(),
        })?;
    }
    Ok(out)
}

fn exact_simplex<T: SeedScalar, const N: usize>(
    s: &Simplex<T, N>,
) -> Result<Simplex<Rational, N>, Error> {
    let pts = s.points().map(exact).collect::<Result<Vec<_>, _>>()?;
    Simplex::from_points(pts).ok_or(Error::InvalidParameter {
        which: gjk::Which::Query,
        what: "simplex too large".into(),
    })
}

/// `u` is a positive multiple of `v`.
fn positive_multiple<const N: usize>(u: &Vector<Rational, N>, v: &Vector<Rational, N>) -> bool {
    for i in 0..N {
        for j in i + 1..N {
            if &u[i] * &v[j] != &u[j] * &v[i] {
                return false;
            }
        }
    }
    dot(u, v) > Rational::zero()
}

/// The containing region of a simplex of `len` vertices in `N` dimensions.
fn containing(len: usize, n: usize) -> Option<Region> {
    Some(match (n, len) {
        (_, 1) => Region::Point(PointRegion::O),
        (2, 2) => Region::Line2(Line2Region::On),
        (2, 3) => Region::Tri2(Tri2Region::R7),
        (3, 2) => Region::Line3(Line3Region::On),
        (3, 3) => Region::Tri3(Tri3Region::On),
        (3, 4) => Region::Tet3(Tet3Region::In),
        _ => return None,
    })
}

/// Whether the seed's decision amounts to "colliding": its step says so,
/// or (seed 003) it returns the zero vector, its colliding signal.
fn says_colliding<T: SeedScalar, const N: usize>(variant: Variant, d: &SeedDecision<T, N>) -> bool {
    match &d.next {
        Next::Colliding => true,
        Next::Search(dir) => variant.zero_direction() == ZeroMeaning::Colliding && is_zero(dir),
    }
}

/// The seed's decision on `points` (exact, newest first) named by a spec
/// ID: the containing region when it says "colliding"; otherwise the
/// region whose kept vertices are the seed's, with the side taken from the
/// seed's direction `d` where a region is one side of a kept segment (2D)
/// or triangle (3D). `None` when no region fits (a zero direction there,
/// or a kept set no region keeps).
pub fn seed_region<const N: usize>(
    colliding: bool,
    points: &[Vector<Rational, N>],
    kept: &[usize],
    d: &Vector<Rational, N>,
) -> Option<Region> {
    let len = points.len();
    if colliding {
        return containing(len, N);
    }
    let mut set = kept.to_vec();
    set.sort_unstable();
    let side = |normal: Vector<Rational, N>| dot(d, &normal).signum_i8();
    Some(match (N, len, set.as_slice()) {
        (_, 1, [0]) => Region::Point(PointRegion::A),
        (2, 2, [0]) => Region::Line2(Line2Region::R1),
        (2, 2, [1]) => Region::Line2(Line2Region::R4),
        (2, 2, [0, 1]) => {
            let ab = &points[1] - &points[0];
            match side(perp2(&ab)?) {
                1 => Region::Line2(Line2Region::R2),
                -1 => Region::Line2(Line2Region::R3),
                _ => return None,
            }
        }
        (2, 3, [0]) => Region::Tri2(Tri2Region::R5),
        (2, 3, [1]) => Region::Tri2(Tri2Region::R3),
        (2, 3, [2]) => Region::Tri2(Tri2Region::R1),
        (2, 3, [0, 1]) => Region::Tri2(Tri2Region::R4),
        (2, 3, [0, 2]) => Region::Tri2(Tri2Region::R6),
        (2, 3, [1, 2]) => Region::Tri2(Tri2Region::R2),
        (3, 2, [0]) => Region::Line3(Line3Region::A),
        (3, 2, [1]) => Region::Line3(Line3Region::B),
        (3, 2, [0, 1]) => Region::Line3(Line3Region::AB),
        (3, 3, [0]) => Region::Tri3(Tri3Region::A),
        (3, 3, [1]) => Region::Tri3(Tri3Region::B),
        (3, 3, [2]) => Region::Tri3(Tri3Region::C),
        (3, 3, [0, 1]) => Region::Tri3(Tri3Region::AB),
        (3, 3, [0, 2]) => Region::Tri3(Tri3Region::AC),
        (3, 3, [1, 2]) => Region::Tri3(Tri3Region::BC),
        (3, 3, [0, 1, 2]) => {
            let n = cross3(&(&points[1] - &points[0]), &(&points[2] - &points[0]))?;
            match side(n) {
                1 => Region::Tri3(Tri3Region::Above),
                -1 => Region::Tri3(Tri3Region::Below),
                _ => return None,
            }
        }
        (3, 4, [0]) => Region::Tet3(Tet3Region::A),
        (3, 4, [1]) => Region::Tet3(Tet3Region::B),
        (3, 4, [2]) => Region::Tet3(Tet3Region::C),
        (3, 4, [3]) => Region::Tet3(Tet3Region::D),
        (3, 4, [0, 1]) => Region::Tet3(Tet3Region::AB),
        (3, 4, [0, 2]) => Region::Tet3(Tet3Region::AC),
        (3, 4, [0, 3]) => Region::Tet3(Tet3Region::AD),
        (3, 4, [1, 2]) => Region::Tet3(Tet3Region::BC),
        (3, 4, [1, 3]) => Region::Tet3(Tet3Region::BD),
        (3, 4, [2, 3]) => Region::Tet3(Tet3Region::CD),
        (3, 4, [0, 1, 2]) => Region::Tet3(Tet3Region::ABC),
        (3, 4, [0, 2, 3]) => Region::Tet3(Tet3Region::ACD),
        (3, 4, [0, 1, 3]) => Region::Tet3(Tet3Region::ADB),
        (3, 4, [1, 2, 3]) => Region::Tet3(Tet3Region::BCD),
        _ => return None,
    })
}

/// Reviews every step of `run` against the reference (see the module
/// docs).
///
/// Errors: only from the reference classifier (never on a run's finite
/// simplices of dimension 2 or 3).
pub fn review<T: SeedScalar, const N: usize>(run: &Run<T, N>) -> Result<Review, Error> {
    let mut steps = Vec::with_capacity(run.steps.len());
    for (i, s) in run.steps.iter().enumerate() {
        steps.push(review_step(run.variant, i, s)?);
    }
    let first = steps
        .iter()
        .position(|r| r.difference.as_ref().is_some_and(Difference::is_decisive));
    let first_path = steps
        .iter()
        .position(|r| r.difference.as_ref().is_some_and(|d| !d.is_decisive()));
    Ok(Review {
        steps,
        first,
        first_path,
    })
}

fn review_step<T: SeedScalar, const N: usize>(
    variant: Variant,
    i: usize,
    s: &SeedStep<T, N>,
) -> Result<StepReview, Error> {
    let w = exact(&s.vertex.w)?;
    let d = exact(&s.direction)?;
    let none = |difference| StepReview {
        step: i,
        reference: None,
        seed: None,
        difference,
    };
    if s.kind != StepKind::Loop {
        // The first point (or seed 001's retry): the reference stops at
        // once if it is the origin (PT-O).
        if !is_zero(&w) {
            return Ok(StepReview {
                reference: Some(Region::Point(PointRegion::A)),
                seed: Some(Region::Point(PointRegion::A)),
                ..none(None)
            });
        }
        let origin = Region::Point(PointRegion::O);
        // Seed 003 reads the zero direction `−w` as "colliding".
        let seed_stops_colliding = variant.zero_direction() == ZeroMeaning::Colliding;
        let difference = (!seed_stops_colliding).then_some(Difference::MissesContainment {
            reference: origin,
            seed: None,
        });
        return Ok(StepReview {
            reference: Some(origin),
            seed: seed_stops_colliding.then_some(origin),
            ..none(difference)
        });
    }
    let progress = dot(&w, &d);
    if s.stopped {
        let difference =
            (progress >= Rational::zero()).then_some(Difference::SupportTestStops { progress });
        return Ok(none(difference));
    }
    if progress < Rational::zero() {
        return Ok(none(Some(Difference::SupportTestGoesOn { progress })));
    }
    let Some(decision) = &s.decision else {
        return Ok(none(None));
    };
    let simplex = exact_simplex(&s.simplex)?;
    let points: Vec<Vector<Rational, N>> = simplex.points().cloned().collect();
    let c: Classification<Rational, N> = classify(&simplex)?;
    let colliding = says_colliding(variant, decision);
    let seed_d = match &decision.next {
        Next::Search(dir) => exact(dir)?,
        Next::Colliding => Vector::zeros(),
    };
    let seed = seed_region(colliding, &points, &decision.kept, &seed_d);
    let reference = c.region;
    let difference = match reference.kind() {
        RegionKind::Degenerate => Some(Difference::Degenerate { reference }),
        _ if colliding => (reference.kind() != RegionKind::Contains)
            .then_some(Difference::FalseContainment { reference }),
        RegionKind::Contains => Some(Difference::MissesContainment { reference, seed }),
        RegionKind::Search => {
            let mut ours = c.kept.indices();
            ours.sort_unstable();
            let mut theirs = decision.kept.clone();
            theirs.sort_unstable();
            if ours != theirs {
                Some(Difference::Region { reference, seed })
            } else {
                let same_direction = match &c.direction {
                    Some(r) => positive_multiple(&seed_d, r),
                    None => false,
                };
                (T::EXACT && !same_direction).then_some(Difference::Direction { reference })
            }
        }
    };
    Ok(StepReview {
        step: i,
        reference: Some(reference),
        seed,
        difference,
    })
}
