//! This crate and parry (`parry3d-f64`, `parry2d-f64` 0.31) side by side,
//! in the same run, on the same inputs: `cargo bench --bench versus`.
//!
//! The inputs are the fixed-seed scenes of `benches/scenes/mod.rs` (hulls
//! of `n` points on an ellipsoid or in a cube, a ball, a capsule or a
//! rounded hull against a hull, two ellipsoids; separated, near-touching
//! and overlapping). Our ball, capsule and rounded-hull rows run
//! `gjk::round::intersects` and `gjk::round::relation` (GJK on the cores,
//! stopping at the margin, the radii after; the distance row forms
//! `max(0, c − R)`); parry's run its
//! dispatcher (`query::intersection_test`, `query::distance`). Shapes are built
//! before timing (parry's `from_convex_hull` computes a hull; ours keeps
//! the points), so only the queries are timed.
//!
//! # Method: paired samples
//!
//! The machine is shared (2 cores, other jobs running). A ratio of two
//! medians measured minutes apart would mostly measure the load in
//! between, so each row is timed as **paired samples**: one sample of
//! ours, one of the baseline, alternating which goes first, `SAMPLES`
//! times; a sample is one pass over the row's pairs repeated enough times
//! to last about [`TARGET_SAMPLE`]. The table gives the median time per
//! query of each side and the **median of the per-sample ratios** (the
//! load a sample sees is nearly the same for both of its halves).
//!
//! # Counts
//!
//! Before timing, every row's queries run once on shapes wrapped in a
//! counter of support calls (for parry, through the same generic GJK
//! functions its dispatcher calls for these shape pairs). `iters` is the
//! number of support points of `A − B` (the calls on `A`); `calls` counts
//! the calls on both shapes. Parry's ball queries project the ball's centre
//! on the hull (GJK on the hull and a point): its counts are the hull's
//! support calls in that projection; its capsule and rounded-hull queries
//! run GJK on the curved support maps.
//!
//! Arguments: substrings filter the rows by name (a row is run when its
//! name contains one of them); `--samples K` changes
//! the number of paired samples (default 31). With `--features libccd`
//! (Debian's libccd-dev installed) the boolean rows of the 3D ellipsoid
//! hulls are also timed against libccd's `ccdGJKIntersect`, in-process
//! (rows ending in `libccd`).

mod pairs;
mod scenes;

use std::cell::{Cell, RefCell};
use std::hint::black_box;
use std::time::{Duration, Instant};

use gjk::boolean::{gjk, Options, Outcome};
use gjk::certified::{certify, certify_distance, CertifiedOptions};
use gjk::distance::nesterov::distance_accelerated;
use gjk::distance::{distance, DistanceOptions};
use gjk::round::{self, RoundOutcome};
use gjk::shape::{
    Ball, Capsule, ClimbingHull, ConvexHull, Round as RoundShape, Rounded, SEARCH_FIRST_POINTS,
};
use gjk::{Support, Vector};
use scenes::{
    ball_pairs, capsule_pairs, ellipsoid_pairs, hull_pairs, poses, rounded_pairs, Cloud, Ellipsoid,
    BALL_RADIUS, CAPSULE_RADIUS, ROUNDED_RADIUS,
};

/// Our hulls (the brute-force scan) of the scene's point pairs.
fn scan_hulls<const N: usize>(
    pairs: &[scenes::HullPair<N>],
) -> Vec<(ConvexHull<f64, N>, ConvexHull<f64, N>)> {
    hulls(pairs, ConvexHull::new)
}

/// Our hulls of the extreme points of each pair's points, the points
/// parry keeps ([`ConvexHull::of_vertices`]).
fn vertex_hulls<const N: usize>(
    pairs: &[scenes::HullPair<N>],
) -> Vec<(ConvexHull<f64, N>, ConvexHull<f64, N>)> {
    hulls(pairs, ConvexHull::of_vertices)
}

/// A hull constructor.
type Build<const N: usize> = fn(Vec<Vector<f64, N>>) -> Result<ConvexHull<f64, N>, gjk::Error>;

fn hulls<const N: usize>(
    pairs: &[scenes::HullPair<N>],
    build: Build<N>,
) -> Vec<(ConvexHull<f64, N>, ConvexHull<f64, N>)> {
    pairs
        .iter()
        .map(|p| (build(p.a.clone()).unwrap(), build(p.b.clone()).unwrap()))
        .collect()
}

/// The row filters (command-line substrings; none: every row).
static FILTER: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();

/// Whether a row of this name is wanted (its inputs are built only then):
/// it contains one of the filters.
fn wanted(name: &str) -> bool {
    let filters = FILTER.get().map(Vec::as_slice).unwrap_or_default();
    filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
}

/// Pairs per row.
const PAIRS: usize = 16;
/// The hull sizes.
const SIZES: [usize; 4] = [8, 32, 128, 1024];
/// How long one half of a paired sample should last.
const TARGET_SAMPLE: Duration = Duration::from_micros(400);

// ---------------------------------------------------------------------------
// Counting wrappers
// ---------------------------------------------------------------------------

/// Our shape, counting its support calls.
struct Counted<'a, S: ?Sized> {
    shape: &'a S,
    calls: &'a Cell<usize>,
}

impl<S: Support<f64, N> + ?Sized, const N: usize> Support<f64, N> for Counted<'_, S> {
    fn support(&self, dir: &Vector<f64, N>) -> Vector<f64, N> {
        self.calls.set(self.calls.get() + 1);
        self.shape.support(dir)
    }
    fn centre_hint(&self) -> Option<Vector<f64, N>> {
        self.shape.centre_hint()
    }
}

macro_rules! parry_counter {
    ($name:ident, $count:ident, $krate:ident) => {
        /// A parry shape, counting its support calls.
        struct $name<'a, S: ?Sized> {
            shape: &'a S,
            calls: &'a Cell<usize>,
        }

        impl<S: $krate::shape::SupportMap + ?Sized> $krate::shape::SupportMap for $name<'_, S> {
            fn local_support_point(&self, dir: $krate::math::Vector) -> $krate::math::Vector {
                self.calls.set(self.calls.get() + 1);
                self.shape.local_support_point(dir)
            }
        }

        /// parry's support-map boolean (`boolean`) or distance query on one
        /// pair, with its support calls counted.
        fn $count<A, B>(a: &A, b: &B, boolean: bool) -> Count
        where
            A: $krate::shape::SupportMap,
            B: $krate::shape::SupportMap,
        {
            use $krate::query::details;
            let id = $krate::math::Pose::IDENTITY;
            let (ca, cb) = (Cell::new(0), Cell::new(0));
            let wa = $name {
                shape: a,
                calls: &ca,
            };
            let wb = $name {
                shape: b,
                calls: &cb,
            };
            if boolean {
                details::intersection_test_support_map_support_map(&id, &wa, &wb);
            } else {
                details::distance_support_map_support_map(&id, &wa, &wb);
            }
            Count::one(ca.get(), ca.get() + cb.get())
        }
    };
}
parry_counter!(Counted3, count_parry3, parry3d_f64);
parry_counter!(Counted2, count_parry2, parry2d_f64);

impl parry3d_f64::shape::SupportMap for Ellipsoid {
    fn local_support_point(&self, d: parry3d_f64::math::Vector) -> parry3d_f64::math::Vector {
        let s = self.support_of([d.x, d.y, d.z]);
        parry3d_f64::math::Vector::new(s[0], s[1], s[2])
    }
}

/// Support calls per query: `(iterations, calls)` summed over the pairs,
/// and each pair's iterations in order (empty where not counted by pair).
#[derive(Clone, Default)]
struct Count {
    iters: usize,
    calls: usize,
    each: Vec<usize>,
}

impl Count {
    /// The count of one pair.
    fn one(iters: usize, calls: usize) -> Self {
        Count {
            iters,
            calls,
            each: vec![iters],
        }
    }
}

/// How our 3D hull rows build the hull: every point scanned, the extreme
/// points scanned, or climbing (up to how many points it searches first).
#[derive(Clone, Copy)]
enum Support3 {
    Scan,
    Vertices,
    Climb(usize),
}

/// Our 3D hull with either support map: the linear scan (the reference)
/// or hill climbing ([`ClimbingHull`]).
#[derive(Clone)]
enum Hull3 {
    Scan(ConvexHull<f64, 3>),
    Climb(ClimbingHull<f64, 3>),
}

impl Support<f64, 3> for Hull3 {
    fn support(&self, dir: &Vector<f64, 3>) -> Vector<f64, 3> {
        match self {
            Hull3::Scan(h) => h.support(dir),
            Hull3::Climb(h) => h.support(dir),
        }
    }
    fn support_indexed(&self, dir: &Vector<f64, 3>) -> (Vector<f64, 3>, Option<u32>) {
        match self {
            Hull3::Scan(h) => h.support_indexed(dir),
            Hull3::Climb(h) => h.support_indexed(dir),
        }
    }
    fn vertex(&self, index: u32) -> Option<Vector<f64, 3>> {
        match self {
            Hull3::Scan(h) => h.vertex(index),
            Hull3::Climb(h) => h.vertex(index),
        }
    }
}

/// Our shape, recording the directions of its support calls.
struct Recorded<'a, S: ?Sized, const N: usize> {
    shape: &'a S,
    dirs: &'a RefCell<Vec<Vector<f64, N>>>,
}

impl<S: Support<f64, N> + ?Sized, const N: usize> Support<f64, N> for Recorded<'_, S, N> {
    fn support(&self, dir: &Vector<f64, N>) -> Vector<f64, N> {
        self.dirs.borrow_mut().push(*dir);
        self.shape.support(dir)
    }
}

/// The support calls of `query` on every pair, replayed without the rest
/// of the query: the same directions on the same shapes, in order.
fn supports_only<A, B, const N: usize>(
    pairs: &[(A, B)],
    query: impl Fn(&Recorded<A, N>, &Recorded<B, N>),
) -> Box<dyn Fn()>
where
    A: Support<f64, N> + Clone + 'static,
    B: Support<f64, N> + Clone + 'static,
{
    let mut replay = Vec::new();
    for (a, b) in pairs {
        let (da, db) = (RefCell::new(Vec::new()), RefCell::new(Vec::new()));
        query(
            &Recorded {
                shape: a,
                dirs: &da,
            },
            &Recorded {
                shape: b,
                dirs: &db,
            },
        );
        replay.push((a.clone(), b.clone(), da.into_inner(), db.into_inner()));
    }
    Box::new(move || {
        for (a, b, da, db) in &replay {
            for d in da {
                black_box(a.support(d));
            }
            for d in db {
                black_box(b.support(d));
            }
        }
    })
}

// ---------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------

/// One line of the table: our query and the baseline's on the same pairs.
struct Row {
    name: String,
    /// What `theirs` is: `parry` unless the row compares two of our own
    /// queries (certified vs plain, accelerated, warm vs cold).
    baseline: &'static str,
    ours: Box<dyn Fn()>,
    theirs: Box<dyn Fn()>,
    /// Our query's support calls alone, replayed (the same directions on
    /// the same shapes), if measured: the cost model's floor.
    supports_only: Option<Box<dyn Fn()>>,
    /// Counts per query, if known.
    ours_count: Option<Count>,
    theirs_count: Option<Count>,
}

fn v3(p: &Vector<f64, 3>) -> parry3d_f64::math::Vector {
    parry3d_f64::math::Vector::new(p[0], p[1], p[2])
}

fn v2(p: &Vector<f64, 2>) -> parry2d_f64::math::Vector {
    parry2d_f64::math::Vector::new(p[0], p[1])
}

/// Our count on one pair: `(iterations, calls on A, calls on B)` as the
/// closure reports them.
fn count_ours<A, B, const N: usize>(
    a: &A,
    b: &B,
    query: impl Fn(&Counted<A>, &Counted<B>) -> usize,
) -> Count
where
    A: Support<f64, N>,
    B: Support<f64, N>,
{
    let (ca, cb) = (Cell::new(0), Cell::new(0));
    let iters = query(
        &Counted {
            shape: a,
            calls: &ca,
        },
        &Counted {
            shape: b,
            calls: &cb,
        },
    );
    Count::one(iters, ca.get() + cb.get())
}

fn sum(counts: impl Iterator<Item = Count>) -> Count {
    counts.fold(Count::default(), |mut s, c| {
        s.iters += c.iters;
        s.calls += c.calls;
        s.each.extend(c.each);
        s
    })
}

/// One scene against parry: our pairs, parry's copies of them, and how
/// parry answers the boolean and the distance query on one of its pairs.
struct ParryScene<A, B, P, Bool, Dist> {
    /// The rows' names from the query (`boolean`, `distance`).
    name: Box<dyn Fn(&str) -> String>,
    ours: Vec<(A, B)>,
    theirs: Vec<P>,
    /// parry's counts per query (boolean, distance), where counted.
    theirs_counts: Option<(Count, Count)>,
    /// Whether to measure our support calls alone (`supports_only`).
    supports_only: bool,
    parry_boolean: Bool,
    parry_distance: Dist,
}

/// Pushes the scene's two rows: the boolean query (`gjk` against parry's
/// intersection test) and the distance query, in that order.
fn parry_rows<A, B, P, Bool, Dist, const N: usize>(
    rows: &mut Vec<Row>,
    scene: ParryScene<A, B, P, Bool, Dist>,
) where
    A: Support<f64, N> + Clone + 'static,
    B: Support<f64, N> + Clone + 'static,
    P: Clone + 'static,
    Bool: Fn(&P) + 'static,
    Dist: Fn(&P) + 'static,
{
    let ParryScene {
        name,
        ours,
        theirs,
        theirs_counts,
        supports_only: measure_supports,
        parry_boolean,
        parry_distance,
    } = scene;
    let opts = Options::default();
    let dopts = DistanceOptions::default();
    rows.push(Row {
        baseline: "parry",
        supports_only: measure_supports.then(|| {
            supports_only(&ours, |a, b| {
                black_box(gjk(a, b, &opts).unwrap());
            })
        }),
        name: name("boolean"),
        ours_count: Some(sum(ours.iter().map(|(a, b)| {
            count_ours(a, b, |a, b| gjk(a, b, &opts).unwrap().iterations)
        }))),
        theirs_count: theirs_counts.clone().map(|(b, _)| b),
        ours: {
            let ours = ours.clone();
            Box::new(move || {
                for (a, b) in &ours {
                    black_box(gjk(a, b, &opts).unwrap());
                }
            })
        },
        theirs: {
            let theirs = theirs.clone();
            Box::new(move || theirs.iter().for_each(&parry_boolean))
        },
    });
    rows.push(Row {
        baseline: "parry",
        supports_only: measure_supports.then(|| {
            supports_only(&ours, |a, b| {
                black_box(distance(a, b, &dopts).unwrap());
            })
        }),
        name: name("distance"),
        ours_count: Some(sum(ours.iter().map(|(a, b)| {
            count_ours(a, b, |a, b| distance(a, b, &dopts).unwrap().iterations)
        }))),
        theirs_count: theirs_counts.map(|(_, d)| d),
        ours: Box::new(move || {
            for (a, b) in &ours {
                black_box(distance(a, b, &dopts).unwrap());
            }
        }),
        theirs: Box::new(move || theirs.iter().for_each(&parry_distance)),
    });
}

fn hull_rows_3d(rows: &mut Vec<Row>) {
    use parry3d_f64::math::Pose;
    use parry3d_f64::query;
    use parry3d_f64::shape::ConvexPolyhedron;
    for kind in [Cloud::Ellipsoid, Cloud::Cube] {
        for n in SIZES {
            // The scan; `ClimbingHull` as built by default (hulls of at most
            // `SEARCH_FIRST_POINTS` points search as the scan does); and
            // climbing at every size, the climb itself (`climb-always`).
            // `vertices`: the scan over the extreme points only
            // (`ConvexHull::of_vertices`), the points parry's
            // `ConvexPolyhedron::from_convex_hull` keeps.
            let supports = [
                (Support3::Scan, ""),
                (Support3::Vertices, " vertices"),
                (Support3::Climb(SEARCH_FIRST_POINTS), " climb"),
                (Support3::Climb(0), " climb-always"),
            ];
            for ((pose, gap), (climb, support)) in
                poses().into_iter().flat_map(|p| supports.map(|s| (p, s)))
            {
                let name =
                    move |q: &str| format!("{q} 3D hull-{} n={n} {pose}{support}", kind.name());
                if !wanted(&name("boolean")) && !wanted(&name("distance")) {
                    continue;
                }
                let pairs = hull_pairs::<3>(0x3d, kind, n, gap, PAIRS);
                let build = |pts: &[Vector<f64, 3>]| match climb {
                    Support3::Scan => Hull3::Scan(ConvexHull::new(pts.to_vec()).unwrap()),
                    Support3::Vertices => {
                        Hull3::Scan(ConvexHull::of_vertices(pts.to_vec()).unwrap())
                    }
                    Support3::Climb(limit) => {
                        Hull3::Climb(ClimbingHull::from_hull_searching_up_to(
                            ConvexHull::new(pts.to_vec()).unwrap(),
                            limit,
                        ))
                    }
                };
                let ours: Vec<(Hull3, Hull3)> =
                    pairs.iter().map(|p| (build(&p.a), build(&p.b))).collect();
                let hull = |pts: &[Vector<f64, 3>]| {
                    let pts: Vec<_> = pts.iter().map(v3).collect();
                    ConvexPolyhedron::from_convex_hull(&pts).expect("parry builds the hull")
                };
                let theirs: Vec<(ConvexPolyhedron, ConvexPolyhedron)> =
                    pairs.iter().map(|p| (hull(&p.a), hull(&p.b))).collect();
                let count =
                    |boolean: bool| sum(theirs.iter().map(|(a, b)| count_parry3(a, b, boolean)));
                let id = Pose::IDENTITY;
                parry_rows(
                    rows,
                    ParryScene {
                        name: Box::new(name),
                        theirs_counts: Some((count(true), count(false))),
                        ours,
                        theirs,
                        supports_only: true,
                        parry_boolean: move |(a, b): &(ConvexPolyhedron, ConvexPolyhedron)| {
                            black_box(query::intersection_test(&id, a, &id, b).unwrap());
                        },
                        parry_distance: move |(a, b): &(ConvexPolyhedron, ConvexPolyhedron)| {
                            black_box(query::distance(&id, a, &id, b).unwrap());
                        },
                    },
                );
            }
        }
    }
}

fn hull_rows_2d(rows: &mut Vec<Row>) {
    use parry2d_f64::math::Pose;
    use parry2d_f64::query;
    use parry2d_f64::shape::ConvexPolygon;
    for kind in [Cloud::Ellipsoid, Cloud::Cube] {
        for n in SIZES {
            // `vertices`: the extreme points only, as parry's polygon.
            for ((pose, gap), vertices) in poses().into_iter().flat_map(|p| [(p, false), (p, true)])
            {
                let support = if vertices { " vertices" } else { "" };
                let name =
                    move |q: &str| format!("{q} 2D hull-{} n={n} {pose}{support}", kind.name());
                if !wanted(&name("boolean")) && !wanted(&name("distance")) {
                    continue;
                }
                let pairs = hull_pairs::<2>(0x2d, kind, n, gap, PAIRS);
                let ours = if vertices {
                    vertex_hulls(&pairs)
                } else {
                    scan_hulls(&pairs)
                };
                let hull = |pts: &[Vector<f64, 2>]| {
                    let pts: Vec<_> = pts.iter().map(v2).collect();
                    ConvexPolygon::from_convex_hull(&pts).expect("parry builds the hull")
                };
                let theirs: Vec<(ConvexPolygon, ConvexPolygon)> =
                    pairs.iter().map(|p| (hull(&p.a), hull(&p.b))).collect();
                let count =
                    |boolean: bool| sum(theirs.iter().map(|(a, b)| count_parry2(a, b, boolean)));
                let id = Pose::IDENTITY;
                parry_rows(
                    rows,
                    ParryScene {
                        name: Box::new(name),
                        theirs_counts: Some((count(true), count(false))),
                        ours,
                        theirs,
                        supports_only: false,
                        parry_boolean: move |(a, b): &(ConvexPolygon, ConvexPolygon)| {
                            black_box(query::intersection_test(&id, a, &id, b).unwrap());
                        },
                        parry_distance: move |(a, b): &(ConvexPolygon, ConvexPolygon)| {
                            black_box(query::distance(&id, a, &id, b).unwrap());
                        },
                    },
                );
            }
        }
    }
}

/// One round-shape scene against parry: our pairs (hull, round shape),
/// queried as core plus margin ([`gjk::round::relation`]), and parry's.
struct RoundScene<B, P, Bool, Dist, PCount> {
    name: Box<dyn Fn(&str) -> String>,
    ours: Vec<(ConvexHull<f64, 3>, B)>,
    theirs: Vec<P>,
    parry_boolean: Bool,
    parry_distance: Dist,
    /// parry's count on one pair (boolean, then distance).
    parry_count: PCount,
}

/// Our round query on one pair (`round::intersects` for the boolean row,
/// else `round::relation`), with the support calls on the cores counted.
fn count_round<B: RoundShape<f64, 3>>(a: &ConvexHull<f64, 3>, b: &B, boolean: bool) -> Count {
    let (ca, cb) = (Cell::new(0), Cell::new(0));
    let wa = Rounded::new(
        Counted {
            shape: a,
            calls: &ca,
        },
        0.0,
    )
    .unwrap();
    let wb = Rounded::new(
        Counted {
            shape: b.core(),
            calls: &cb,
        },
        b.radius(),
    )
    .unwrap();
    let iters = match boolean {
        true => {
            round::intersects(&wa, &wb).unwrap();
            ca.get()
        }
        false => {
            round::relation(&wa, &wb, &DistanceOptions::default())
                .unwrap()
                .iterations
        }
    };
    Count::one(iters, ca.get() + cb.get())
}

/// Pushes the scene's boolean and distance rows: ours are
/// `round::intersects` and `round::relation`'s distance `max(0, c − R)`.
fn round_rows<B, P, Bool, Dist, PCount>(
    rows: &mut Vec<Row>,
    scene: RoundScene<B, P, Bool, Dist, PCount>,
) where
    B: RoundShape<f64, 3> + Clone + 'static,
    P: Clone + 'static,
    Bool: Fn(&P) + 'static,
    Dist: Fn(&P) + 'static,
    PCount: Fn(&P, bool) -> Count,
{
    let RoundScene {
        name,
        ours,
        theirs,
        parry_boolean,
        parry_distance,
        parry_count,
    } = scene;
    let ours_count = |boolean| Some(sum(ours.iter().map(|(a, b)| count_round(a, b, boolean))));
    let (boolean_count, distance_count) = (ours_count(true), ours_count(false));
    let theirs_count = |boolean: bool| Some(sum(theirs.iter().map(|p| parry_count(p, boolean))));
    let dopts = DistanceOptions::default();
    let (o1, t1) = (ours.clone(), theirs.clone());
    rows.push(Row {
        name: name("boolean"),
        baseline: "parry",
        supports_only: None,
        ours_count: boolean_count,
        theirs_count: theirs_count(true),
        ours: Box::new(move || {
            for (a, b) in &o1 {
                black_box(round::intersects(a, b).unwrap());
            }
        }),
        theirs: Box::new(move || t1.iter().for_each(&parry_boolean)),
    });
    rows.push(Row {
        name: name("distance"),
        baseline: "parry",
        supports_only: None,
        ours_count: distance_count,
        theirs_count: theirs_count(false),
        ours: Box::new(move || {
            for (a, b) in &ours {
                match round::relation(a, b, &dopts).unwrap().outcome {
                    RoundOutcome::Answer(answer) => black_box(answer.distance()),
                    RoundOutcome::NoVerdict { .. } => panic!("no verdict"),
                };
            }
        }),
        theirs: Box::new(move || theirs.iter().for_each(&parry_distance)),
    });
}

fn ball_rows(rows: &mut Vec<Row>) {
    use parry3d_f64::math::Pose;
    use parry3d_f64::query;
    use parry3d_f64::query::gjk::VoronoiSimplex;
    use parry3d_f64::shape::{Ball as PBall, ConvexPolyhedron};
    for n in SIZES {
        for (pose, gap) in poses() {
            let name = move |q: &str| format!("{q} 3D ball-hull n={n} {pose}");
            if !wanted(&name("boolean")) && !wanted(&name("distance")) {
                continue;
            }
            let pairs = ball_pairs(0xba11, n, gap, PAIRS);
            let ours: Vec<(ConvexHull<f64, 3>, Ball<f64, 3>)> = pairs
                .iter()
                .map(|p| {
                    (
                        ConvexHull::new(p.a.clone()).unwrap(),
                        Ball::new(p.centre, BALL_RADIUS).unwrap(),
                    )
                })
                .collect();
            let theirs: Vec<(ConvexPolyhedron, Pose)> = pairs
                .iter()
                .map(|p| {
                    let pts: Vec<_> = p.a.iter().map(v3).collect();
                    (
                        ConvexPolyhedron::from_convex_hull(&pts).expect("parry builds the hull"),
                        Pose::from_translation(v3(&p.centre)),
                    )
                })
                .collect();
            let ball = PBall::new(BALL_RADIUS);
            let id = Pose::IDENTITY;
            round_rows(
                rows,
                RoundScene {
                    name: Box::new(name),
                    ours,
                    theirs,
                    parry_boolean: move |(a, pb): &(ConvexPolyhedron, Pose)| {
                        black_box(query::intersection_test(&id, a, pb, &ball).unwrap());
                    },
                    parry_distance: move |(a, pb): &(ConvexPolyhedron, Pose)| {
                        black_box(query::distance(&id, a, pb, &ball).unwrap());
                    },
                    // parry projects the centre on the hull (GJK on the hull
                    // and a point) for both queries: the hull's calls.
                    parry_count: |(a, pb): &(ConvexPolyhedron, Pose), _| {
                        let calls = Cell::new(0);
                        let wa = Counted3 {
                            shape: a,
                            calls: &calls,
                        };
                        query::details::local_point_projection_on_support_map(
                            &wa,
                            &mut VoronoiSimplex::new(),
                            pb.translation,
                            true,
                        );
                        Count::one(calls.get(), calls.get())
                    },
                },
            );
        }
    }
}

fn capsule_rows(rows: &mut Vec<Row>) {
    use parry3d_f64::math::Pose;
    use parry3d_f64::query;
    use parry3d_f64::shape::{Capsule as PCapsule, ConvexPolyhedron};
    for n in SIZES {
        for (pose, gap) in poses() {
            let name = move |q: &str| format!("{q} 3D capsule-hull n={n} {pose}");
            if !wanted(&name("boolean")) && !wanted(&name("distance")) {
                continue;
            }
            let pairs = capsule_pairs(0xca95, n, gap, PAIRS);
            let ours: Vec<(ConvexHull<f64, 3>, Capsule<f64, 3>)> = pairs
                .iter()
                .map(|p| {
                    let [s, t] = p.segment;
                    (
                        ConvexHull::new(p.a.clone()).unwrap(),
                        Capsule::new(s, t, CAPSULE_RADIUS).unwrap(),
                    )
                })
                .collect();
            let theirs: Vec<(ConvexPolyhedron, PCapsule)> = pairs
                .iter()
                .map(|p| {
                    let pts: Vec<_> = p.a.iter().map(v3).collect();
                    let [s, t] = p.segment;
                    (
                        ConvexPolyhedron::from_convex_hull(&pts).expect("parry builds the hull"),
                        PCapsule::new(v3(&s), v3(&t), CAPSULE_RADIUS),
                    )
                })
                .collect();
            let id = Pose::IDENTITY;
            round_rows(
                rows,
                RoundScene {
                    name: Box::new(name),
                    ours,
                    theirs,
                    parry_boolean: move |(a, b): &(ConvexPolyhedron, PCapsule)| {
                        black_box(query::intersection_test(&id, a, &id, b).unwrap());
                    },
                    parry_distance: move |(a, b): &(ConvexPolyhedron, PCapsule)| {
                        black_box(query::distance(&id, a, &id, b).unwrap());
                    },
                    parry_count: |(a, b): &(ConvexPolyhedron, PCapsule), boolean| {
                        count_parry3(a, b, boolean)
                    },
                },
            );
        }
    }
}

fn rounded_rows(rows: &mut Vec<Row>) {
    use parry3d_f64::math::Pose;
    use parry3d_f64::query;
    use parry3d_f64::shape::{ConvexPolyhedron, RoundShape};
    for n in SIZES {
        for (pose, gap) in poses() {
            let name = move |q: &str| format!("{q} 3D rounded-hull n={n} {pose}");
            if !wanted(&name("boolean")) && !wanted(&name("distance")) {
                continue;
            }
            let pairs = rounded_pairs(0x20d, n, gap, PAIRS);
            type Ours = Rounded<ConvexHull<f64, 3>, f64>;
            let ours: Vec<(ConvexHull<f64, 3>, Ours)> = pairs
                .iter()
                .map(|p| {
                    let core = ConvexHull::new(p.core.clone()).unwrap();
                    (
                        ConvexHull::new(p.a.clone()).unwrap(),
                        Rounded::new(core, ROUNDED_RADIUS).unwrap(),
                    )
                })
                .collect();
            type Theirs = (ConvexPolyhedron, RoundShape<ConvexPolyhedron>);
            let hull = |pts: &[Vector<f64, 3>]| {
                let pts: Vec<_> = pts.iter().map(v3).collect();
                ConvexPolyhedron::from_convex_hull(&pts).expect("parry builds the hull")
            };
            let theirs: Vec<Theirs> = pairs
                .iter()
                .map(|p| {
                    (
                        hull(&p.a),
                        RoundShape {
                            inner_shape: hull(&p.core),
                            border_radius: ROUNDED_RADIUS,
                        },
                    )
                })
                .collect();
            let id = Pose::IDENTITY;
            round_rows(
                rows,
                RoundScene {
                    name: Box::new(name),
                    ours,
                    theirs,
                    parry_boolean: move |(a, b): &Theirs| {
                        black_box(query::intersection_test(&id, a, &id, b).unwrap());
                    },
                    parry_distance: move |(a, b): &Theirs| {
                        black_box(query::distance(&id, a, &id, b).unwrap());
                    },
                    parry_count: |(a, b): &Theirs, boolean| count_parry3(a, b, boolean),
                },
            );
        }
    }
}

fn ellipsoid_rows(rows: &mut Vec<Row>) {
    use parry3d_f64::math::Pose;
    use parry3d_f64::query::details;
    for (pose, gap) in poses() {
        let name = move |q: &str| format!("{q} 3D ellipsoids {pose}");
        if !wanted(&name("boolean")) && !wanted(&name("distance")) {
            continue;
        }
        let pairs = ellipsoid_pairs(0xe111, gap, PAIRS);
        let count = |boolean: bool| sum(pairs.iter().map(|(a, b)| count_parry3(a, b, boolean)));
        let id = Pose::IDENTITY;
        parry_rows(
            rows,
            ParryScene {
                name: Box::new(name),
                theirs_counts: Some((count(true), count(false))),
                ours: pairs.clone(),
                theirs: pairs,
                supports_only: false,
                parry_boolean: move |(a, b): &(Ellipsoid, Ellipsoid)| {
                    black_box(details::intersection_test_support_map_support_map(
                        &id, a, b,
                    ));
                },
                parry_distance: move |(a, b): &(Ellipsoid, Ellipsoid)| {
                    black_box(details::distance_support_map_support_map(&id, a, b));
                },
            },
        );
    }
}

/// The certified verdict (never wrong) against parry's `intersection_test`
/// (a float verdict) on the same hulls, 3D (n = 32 and 1,024) and 2D
/// (n = 32): the issue-20 row "certified verdict vs parry".
fn certified_vs_parry_rows(rows: &mut Vec<Row>) {
    for n in [32, 1024] {
        for (pose, gap) in poses() {
            let name = format!("certified verdict 3D hull-ellipsoid n={n} {pose} vs parry");
            if !wanted(&name) {
                continue;
            }
            let pairs = hull_pairs::<3>(0x3d, Cloud::Ellipsoid, n, gap, PAIRS);
            let hull = |pts: &[Vector<f64, 3>]| {
                let pts: Vec<_> = pts.iter().map(v3).collect();
                parry3d_f64::shape::ConvexPolyhedron::from_convex_hull(&pts)
                    .expect("parry builds the hull")
            };
            let theirs: Vec<_> = pairs.iter().map(|p| (hull(&p.a), hull(&p.b))).collect();
            rows.push(certified_row(name, scan_hulls(&pairs), move || {
                let id = parry3d_f64::math::Pose::IDENTITY;
                for (a, b) in &theirs {
                    black_box(parry3d_f64::query::intersection_test(&id, a, &id, b).unwrap());
                }
            }));
        }
    }
    for (pose, gap) in poses() {
        let name = format!("certified verdict 2D hull-ellipsoid n=32 {pose} vs parry");
        if !wanted(&name) {
            continue;
        }
        let pairs = hull_pairs::<2>(0x2d, Cloud::Ellipsoid, 32, gap, PAIRS);
        let hull = |pts: &[Vector<f64, 2>]| {
            let pts: Vec<_> = pts.iter().map(v2).collect();
            parry2d_f64::shape::ConvexPolygon::from_convex_hull(&pts)
                .expect("parry builds the hull")
        };
        let theirs: Vec<_> = pairs.iter().map(|p| (hull(&p.a), hull(&p.b))).collect();
        rows.push(certified_row(name, scan_hulls(&pairs), move || {
            let id = parry2d_f64::math::Pose::IDENTITY;
            for (a, b) in &theirs {
                black_box(parry2d_f64::query::intersection_test(&id, a, &id, b).unwrap());
            }
        }));
    }
}

/// A row timing [`certify`] on `ours` against parry's `theirs`.
fn certified_row<const N: usize>(
    name: String,
    ours: Vec<(ConvexHull<f64, N>, ConvexHull<f64, N>)>,
    theirs: impl Fn() + 'static,
) -> Row {
    Row {
        name,
        baseline: "parry",
        supports_only: None,
        ours_count: None,
        theirs_count: None,
        ours: Box::new(move || {
            let copts = CertifiedOptions::default();
            for (a, b) in &ours {
                black_box(certify(a, b, &copts).unwrap());
            }
        }),
        theirs: Box::new(theirs),
    }
}

/// The certified distance (the float query and its proved interval)
/// against the plain `f64` distance query, on the same hulls.
fn certified_distance_rows<const N: usize>(rows: &mut Vec<Row>, sizes: &[usize]) {
    for &n in sizes {
        for (pose, gap) in poses() {
            let name = format!("certified distance {N}D hull-ellipsoid n={n} {pose}");
            if !wanted(&name) {
                continue;
            }
            let pairs = scan_hulls(&hull_pairs::<N>(0xd15, Cloud::Ellipsoid, n, gap, PAIRS));
            let p2 = pairs.clone();
            rows.push(Row {
                name,
                baseline: "ours plain",
                supports_only: None,
                ours_count: None,
                theirs_count: None,
                ours: Box::new(move || {
                    let dopts = DistanceOptions::default();
                    for (a, b) in &pairs {
                        black_box(certify_distance(a, b, &dopts).unwrap());
                    }
                }),
                theirs: Box::new(move || {
                    let dopts = DistanceOptions::default();
                    for (a, b) in &p2 {
                        black_box(distance(a, b, &dopts).unwrap());
                    }
                }),
            });
        }
    }
}

/// Rows that compare two of our own queries on the same inputs (the
/// baseline column names the other one): the accelerated distance loop
/// against the plain one, the certified query against the plain `f64`
/// distance query, warm against cold starts on a moving pair.
fn own_rows(rows: &mut Vec<Row>) {
    for (pose, gap) in poses() {
        let name = format!("accelerated distance 3D ellipsoids {pose}");
        if !wanted(&name) {
            continue;
        }
        let pairs = ellipsoid_pairs(0xe111, gap, PAIRS);
        let dopts = DistanceOptions::default();
        let (p1, p2) = (pairs.clone(), pairs.clone());
        rows.push(Row {
            name,
            baseline: "ours plain",
            supports_only: None,
            ours_count: Some(sum(pairs.iter().map(|(a, b)| {
                count_ours(a, b, |a, b| {
                    distance_accelerated(a, b, &dopts).unwrap().iterations
                })
            }))),
            theirs_count: Some(sum(pairs.iter().map(|(a, b)| {
                count_ours(a, b, |a, b| distance(a, b, &dopts).unwrap().iterations)
            }))),
            ours: Box::new(move || {
                let dopts = DistanceOptions::default();
                for (a, b) in &p1 {
                    black_box(distance_accelerated(a, b, &dopts).unwrap());
                }
            }),
            theirs: Box::new(move || {
                for (a, b) in &p2 {
                    black_box(distance(a, b, &dopts).unwrap());
                }
            }),
        });
    }
    for n in [32, 1024] {
        for (pose, gap) in poses() {
            let name = format!("certified 3D hull-ellipsoid n={n} {pose}");
            if !wanted(&name) {
                continue;
            }
            let pairs = scan_hulls(&hull_pairs::<3>(0x3d, Cloud::Ellipsoid, n, gap, PAIRS));
            let copts = CertifiedOptions::default();
            let dopts = DistanceOptions::default();
            let p2 = pairs.clone();
            rows.push(Row {
                name,
                baseline: "ours plain",
                supports_only: None,
                ours_count: None,
                theirs_count: Some(sum(pairs.iter().map(|(a, b)| {
                    count_ours(a, b, |a, b| distance(a, b, &dopts).unwrap().iterations)
                }))),
                ours: Box::new(move || {
                    let copts = copts.clone();
                    for (a, b) in &pairs {
                        black_box(certify(a, b, &copts).unwrap());
                    }
                }),
                theirs: Box::new(move || {
                    for (a, b) in &p2 {
                        black_box(distance(a, b, &dopts).unwrap());
                    }
                }),
            });
        }
    }
    certified_distance_rows::<3>(rows, &[32, 1024]);
    certified_distance_rows::<2>(rows, &[32]);
    // A moving pair: `B` steps by 10⁻³ along a fixed direction each frame,
    // from the near-touching pose (so the frames cross from separated to
    // overlapping or back); warm: each frame starts from the previous
    // frame's simplex (distance) or last search direction (boolean).
    for (n, climb) in [(32, false), (1024, true)] {
        let support = if climb { " climb" } else { "" };
        let base = |q: &str| format!("{q} 3D hull-ellipsoid n={n} moving{support}");
        if !wanted(&base("warm distance")) && !wanted(&base("warm boolean")) {
            continue;
        }
        let (a, poses) = scenes::moving_pair(n, PAIRS);
        let build = |pts: Vec<Vector<f64, 3>>| {
            let h = ConvexHull::new(pts).unwrap();
            if climb {
                Hull3::Climb(ClimbingHull::from_hull(h))
            } else {
                Hull3::Scan(h)
            }
        };
        let a = build(a);
        let frames: Vec<Hull3> = poses.into_iter().map(build).collect();
        let warm_distance = {
            let (a, frames) = (a.clone(), frames.clone());
            move || scenes::warm_distances(&a, &frames)
        };
        let cold_distance = {
            let (a, frames) = (a.clone(), frames.clone());
            move || {
                let opts = DistanceOptions::default();
                frames
                    .iter()
                    .map(|b| distance(&a, b, &opts).unwrap().iterations)
                    .sum::<usize>()
            }
        };
        let warm_boolean = {
            let (a, frames) = (a.clone(), frames.clone());
            move || {
                let mut iters = 0;
                let mut opts = Options::default();
                for b in &frames {
                    let r = gjk(&a, b, &opts).unwrap();
                    iters += r.iterations;
                    opts.initial_direction = match r.outcome {
                        Outcome::Separated { support, .. } => Some(support.dir),
                        Outcome::Intersecting { simplex, .. } => simplex.get(0).map(|v| v.dir),
                        Outcome::NoVerdict { .. } => None,
                    };
                }
                iters
            }
        };
        let cold_boolean = {
            let (a, frames) = (a.clone(), frames.clone());
            move || {
                let opts = Options::default();
                frames
                    .iter()
                    .map(|b| gjk(&a, b, &opts).unwrap().iterations)
                    .sum::<usize>()
            }
        };
        // Two support calls (one per shape) per iteration.
        let count = |iters: usize| {
            Some(Count {
                iters,
                calls: 2 * iters,
                each: Vec::new(),
            })
        };
        rows.push(Row {
            name: base("warm distance"),
            baseline: "ours cold",
            supports_only: None,
            ours_count: count(warm_distance()),
            theirs_count: count(cold_distance()),
            ours: Box::new(move || {
                black_box(warm_distance());
            }),
            theirs: Box::new(move || {
                black_box(cold_distance());
            }),
        });
        rows.push(Row {
            name: base("warm boolean"),
            baseline: "ours cold",
            supports_only: None,
            ours_count: count(warm_boolean()),
            theirs_count: count(cold_boolean()),
            ours: Box::new(move || {
                black_box(warm_boolean());
            }),
            theirs: Box::new(move || {
                black_box(cold_boolean());
            }),
        });
    }
}

/// libccd's `ccdGJKIntersect` through `ccd/ccd_bench.c` (the `libccd`
/// feature; build.rs links it).
#[cfg(feature = "libccd")]
mod ccd {
    extern "C" {
        fn gjk_bench_ccd_gjk_intersect(a: *const f64, na: usize, b: *const f64, nb: usize) -> i32;
    }

    /// Whether libccd's GJK says the hulls of `a` and `b` intersect.
    pub fn intersect(a: &[[f64; 3]], b: &[[f64; 3]]) -> bool {
        // SAFETY: the C function reads `na` and `nb` points of three
        // doubles from the two slices, which hold exactly that, and keeps
        // no pointer after it returns.
        #[allow(unsafe_code)]
        let r = unsafe {
            gjk_bench_ccd_gjk_intersect(a.as_ptr().cast(), a.len(), b.as_ptr().cast(), b.len())
        };
        r != 0
    }
}

/// The boolean rows against libccd's `ccdGJKIntersect` (issue 20, item 4):
/// 3D hulls of the ellipsoid scenes, n = 32 and 1024, every pose; libccd
/// on the same points with the same linear-scan support function. Only
/// with `--features libccd`.
#[cfg(feature = "libccd")]
fn libccd_rows(rows: &mut Vec<Row>) {
    for n in [32, 1024] {
        for (pose, gap) in poses() {
            let name = format!("boolean 3D hull-ellipsoid n={n} {pose} libccd");
            if !wanted(&name) {
                continue;
            }
            let pairs = hull_pairs::<3>(0x3d, Cloud::Ellipsoid, n, gap, PAIRS);
            let ours: Vec<(ConvexHull<f64, 3>, ConvexHull<f64, 3>)> = pairs
                .iter()
                .map(|p| {
                    (
                        ConvexHull::new(p.a.clone()).unwrap(),
                        ConvexHull::new(p.b.clone()).unwrap(),
                    )
                })
                .collect();
            /// A cloud as libccd reads it: x, y, z per point.
            type Flat = Vec<[f64; 3]>;
            let flat = |pts: &[Vector<f64, 3>]| -> Flat {
                pts.iter().map(|p| [p[0], p[1], p[2]]).collect()
            };
            let theirs: Vec<(Flat, Flat)> =
                pairs.iter().map(|p| (flat(&p.a), flat(&p.b))).collect();
            let opts = Options::default();
            rows.push(Row {
                name,
                baseline: "libccd",
                supports_only: None,
                ours_count: Some(sum(ours.iter().map(|(a, b)| {
                    count_ours(a, b, |a, b| gjk(a, b, &opts).unwrap().iterations)
                }))),
                theirs_count: None,
                ours: Box::new(move || {
                    for (a, b) in &ours {
                        black_box(gjk(a, b, &opts).unwrap());
                    }
                }),
                theirs: Box::new(move || {
                    for (a, b) in &theirs {
                        black_box(ccd::intersect(a, b));
                    }
                }),
            });
        }
    }
}

// ---------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------

/// Repetitions of one pass so that a sample lasts about [`TARGET_SAMPLE`].
fn calibrate(f: &dyn Fn()) -> usize {
    f(); // warm up
    let t = Instant::now();
    f();
    let once = t.elapsed().max(Duration::from_nanos(100));
    ((TARGET_SAMPLE.as_secs_f64() / once.as_secs_f64()).ceil() as usize).clamp(1, 100_000)
}

fn time(f: &dyn Fn(), reps: usize) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    t.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// `(ours, theirs, ratio)`: median seconds per query and median paired ratio.
fn paired(row: &Row, samples: usize) -> (f64, f64, f64) {
    let (ro, rt) = (calibrate(&*row.ours), calibrate(&*row.theirs));
    let (mut to, mut tt, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
    for s in 0..samples {
        let (o, t) = if s % 2 == 0 {
            let o = time(&*row.ours, ro);
            (o, time(&*row.theirs, rt))
        } else {
            let t = time(&*row.theirs, rt);
            (time(&*row.ours, ro), t)
        };
        let (o, t) = (o / (ro * PAIRS) as f64, t / (rt * PAIRS) as f64);
        to.push(o);
        tt.push(t);
        ratio.push(o / t);
    }
    (median(to), median(tt), median(ratio))
}

fn per_query(c: &Option<Count>) -> (String, String) {
    match c {
        Some(c) => (
            format!("{:.1}", c.iters as f64 / PAIRS as f64),
            format!("{:.1}", c.calls as f64 / PAIRS as f64),
        ),
        None => ("—".into(), "—".into()),
    }
}

fn micros(s: f64) -> String {
    let us = s * 1e6;
    if us < 10.0 {
        format!("{us:.3}")
    } else {
        format!("{us:.1}")
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut samples = 31;
    let mut filters = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--samples" => {
                i += 1;
                samples = args[i].parse().expect("--samples K");
            }
            "--bench" => {}
            a if a.starts_with("--") => {}
            a => filters.push(a.to_string()),
        }
        i += 1;
    }
    FILTER.set(filters).expect("set once");
    let mut rows = Vec::new();
    hull_rows_3d(&mut rows);
    ball_rows(&mut rows);
    capsule_rows(&mut rows);
    rounded_rows(&mut rows);
    ellipsoid_rows(&mut rows);
    hull_rows_2d(&mut rows);
    own_rows(&mut rows);
    certified_vs_parry_rows(&mut rows);
    #[cfg(feature = "libccd")]
    libccd_rows(&mut rows);
    println!("{PAIRS} pairs per row, {samples} paired samples; times are medians per query");
    println!();
    println!("| query | baseline | ours µs | baseline µs | ours/baseline | supports only µs | ours/supports | ours iters | ours calls | baseline iters | baseline calls |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in rows.iter().filter(|r| wanted(&r.name)) {
        let (o, t, r) = paired(row, samples);
        let (oi, oc) = per_query(&row.ours_count);
        let (ti, tc) = per_query(&row.theirs_count);
        let (so, sr) = match &row.supports_only {
            Some(f) => {
                let reps = calibrate(&**f);
                let s = median(
                    (0..samples)
                        .map(|_| time(&**f, reps) / (reps * PAIRS) as f64)
                        .collect(),
                );
                (micros(s), format!("{:.2}", o / s))
            }
            None => ("—".into(), "—".into()),
        };
        println!(
            "| {} | {} | {} | {} | {:.2} | {so} | {sr} | {oi} | {oc} | {ti} | {tc} |",
            row.name,
            row.baseline,
            micros(o),
            micros(t),
            r
        );
    }
    by_pair(rows.iter().filter(|r| wanted(&r.name)));
}

/// The rows whose two sides were counted pair by pair: our iterations
/// minus the baseline's on the worst pair, and on how many pairs ours
/// exceed the baseline's by more than one (issue 20: "within one of
/// parry's on the same pairs").
fn by_pair<'r>(rows: impl Iterator<Item = &'r Row>) {
    println!();
    println!("| query (by pair) | pairs | worst pair: ours iters − baseline iters | pairs with ours > baseline + 1 |");
    println!("|---|---:|---:|---:|");
    for row in rows {
        let (Some(o), Some(t)) = (&row.ours_count, &row.theirs_count) else {
            continue;
        };
        if o.each.len() != PAIRS || t.each.len() != PAIRS {
            continue;
        }
        let excess: Vec<i64> = o
            .each
            .iter()
            .zip(&t.each)
            .map(|(x, y)| *x as i64 - *y as i64)
            .collect();
        let worst = excess.iter().max().expect("PAIRS > 0");
        let over = excess.iter().filter(|e| **e > 1).count();
        println!("| {} | {PAIRS} | {worst:+} | {over} |", row.name);
    }
}
