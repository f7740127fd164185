//! No heap allocation per query in float mode: the boolean loop
//! ([`gjk::boolean::gjk`], its hot path in 2D and 3D, and the reference
//! loop [`gjk::boolean::gjk_observed`] with the observer `()`), the distance
//! loop ([`gjk::distance::distance`], both sub-algorithms, cold and warm started) and the three-way query
//! ([`gjk::verdict::contact`]) on `f64` hulls, in 2D and 3D, on
//! intersecting, separated and touching pairs — the intersecting ones pass
//! through the float containment checks of `src/boolean/`; and the round
//! query ([`gjk::round::query`], [`gjk::round::relation`] and
//! [`gjk::round::intersects`], core plus margin) on balls, capsules and
//! rounded hulls against a hull, separated, touching and penetrating; the
//! certified distance ([`gjk::certified::certify_distance`]) on every hull
//! pair, and the certified verdict ([`gjk::certified::certify`]) on the
//! separated and overlapping ones.
//!
//! A counting global allocator counts the allocations of the *current
//! thread* only (the test harness runs other tests on other threads), while
//! a flag is set around the query. The shapes and options are built before.
//!
//! This file is its own test binary: the allocator replaces the global one
//! here only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use gjk::boolean::{gjk, gjk_observed, Options};
use gjk::certified::{certify, certify_distance, Certificate, CertifiedOptions};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome, SubAlgorithm};
use gjk::round::{intersects, query, relation};
use gjk::shape::{Ball, Capsule, ClimbingHull, ConvexHull, Round, Rounded};
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::{Relation, Support, Vector};

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

struct Counting;

// A global allocator is an `unsafe` trait: this test binary needs one to
// count allocations; the library itself stays `forbid(unsafe_code)`.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Counts one allocation if this thread is counting. `try_with`: thread
/// locals may be gone while a thread shuts down.
fn note() {
    if COUNTING.try_with(Cell::get).unwrap_or(false) {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The heap allocations `f` makes on this thread, and its result.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    COUNT.with(|c| c.set(0));
    COUNTING.with(|c| c.set(true));
    let r = f();
    COUNTING.with(|c| c.set(false));
    (COUNT.with(Cell::get), r)
}

#[test]
fn the_counter_counts() {
    // Guard against a counter that never fires (the tests below would then
    // pass whatever the queries do).
    let (n, v) = allocations(|| vec![1u8; 3]);
    assert_eq!(v.len(), 3);
    assert!(n >= 1, "a Vec was allocated but {n} counted");
}

/// What the pair is expected to be (checked, so that each case really
/// exercises its path).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Intersecting,
    Separated,
    Touching,
}

/// Runs every float query on `a`, `b` and asserts that none allocates.
fn assert_no_allocation<const N: usize, A, B>(name: &str, a: &A, b: &B, kind: Kind)
where
    A: Support<f64, N>,
    B: Support<f64, N>,
{
    let opts = Options::<f64, N>::default();
    let (n, r) = allocations(|| gjk(a, b, &opts));
    let r = r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert_eq!(
        r.outcome.intersects(),
        Some(kind != Kind::Separated),
        "{name}: {r:?}"
    );
    assert_eq!(n, 0, "{name}: gjk allocated {n} times");
    // `gjk` took its hot path (2D and 3D floats); the reference loop, with
    // the observer `()`, allocates nothing either.
    let (n, observed) = allocations(|| gjk_observed(a, b, &opts, &mut ()));
    let observed = observed.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert_eq!(
        observed.outcome.intersects(),
        r.outcome.intersects(),
        "{name}: {observed:?}"
    );
    assert_eq!(n, 0, "{name}: gjk_observed allocated {n} times");

    let (n, r) = allocations(|| by_boolean_loop(a, b, &opts));
    let r = r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let got = match r.verdict {
        Verdict::Separated { .. } => Kind::Separated,
        Verdict::Touching { .. } => Kind::Touching,
        Verdict::Penetrating { .. } => Kind::Intersecting,
        Verdict::NoVerdict { .. } => panic!("{name}: {r:?}"),
    };
    assert_eq!(got, kind, "{name}: {r:?}");
    assert_eq!(n, 0, "{name}: contact allocated {n} times");

    // (`Auto`, the default, is the hot path here: 2D and 3D floats.)
    for sub in [
        SubAlgorithm::Auto,
        SubAlgorithm::Johnson,
        SubAlgorithm::Classify,
    ] {
        let dopts = DistanceOptions::<f64, N> {
            sub_algorithm: sub,
            ..Default::default()
        };
        let (n, r) = allocations(|| distance(a, b, &dopts));
        let r = r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(n, 0, "{name}: distance ({sub:?}) allocated {n} times");
        let simplex = match &r.outcome {
            DistanceOutcome::Separated { simplex, dist2, .. } => {
                assert_eq!(*dist2 > 0.0, kind == Kind::Separated, "{name}: {r:?}");
                simplex.clone()
            }
            DistanceOutcome::Intersecting { simplex } => {
                assert_ne!(kind, Kind::Separated, "{name}: {r:?}");
                simplex.clone()
            }
            other => panic!("{name}: {other:?}"),
        };
        // Warm started from the final simplex (options built outside).
        let warm = DistanceOptions::<f64, N> {
            sub_algorithm: sub,
            warm_start: Some(simplex),
            ..Default::default()
        };
        let (n, r) = allocations(|| distance(a, b, &warm));
        r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(n, 0, "{name}: warm distance ({sub:?}) allocated {n} times");
    }
}

/// Runs the certified distance on the hulls `a`, `b` (default options,
/// built outside) and asserts that it does not allocate and that its bounds
/// say what `kind` says.
fn assert_certified_distance_does_not_allocate<const N: usize>(
    name: &str,
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    kind: Kind,
) {
    let opts = DistanceOptions::<f64, N>::default();
    let (n, r) = allocations(|| certify_distance(a, b, &opts));
    let r = r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert_eq!(n, 0, "{name}: certify_distance allocated {n} times");
    let bounds = r
        .bounds
        .unwrap_or_else(|| panic!("{name}: no bounds: {r:?}"));
    assert!(bounds.lo <= bounds.hi, "{name}: {bounds:?}");
    assert_eq!(
        bounds.lo > 0.0,
        kind == Kind::Separated,
        "{name}: {bounds:?}"
    );
}

/// Runs the certified verdict on the hulls `a`, `b` (default options,
/// built outside) of a separated or overlapping pair, which a float
/// certificate decides (an axis, or a simplex enclosing the origin, found
/// by the hot path or, where the origin lies on its simplex's boundary, by
/// the continued search), and asserts that it does not allocate. A
/// touching pair has no float certificate: the exact path decides it, in
/// rationals, which allocate.
fn assert_certified_verdict_does_not_allocate<const N: usize>(
    name: &str,
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    kind: Kind,
) {
    let want = match kind {
        Kind::Separated => Relation::Separated,
        Kind::Intersecting => Relation::Penetrating,
        Kind::Touching => return,
    };
    let opts = CertifiedOptions::default();
    let (n, r) = allocations(|| certify(a, b, &opts));
    let r = r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert_eq!(r.verdict, want, "{name}: {r:?}");
    assert!(
        !matches!(r.certificate, Certificate::ExactFallback { .. }),
        "{name}: {r:?}"
    );
    assert_eq!(n, 0, "{name}: certify allocated {n} times");
}

fn hull<const N: usize>(points: &[[f64; N]]) -> ConvexHull<f64, N> {
    ConvexHull::new(points.iter().map(|p| Vector::from(*p)).collect()).unwrap()
}

fn shifted<const N: usize>(points: &[[f64; N]], by: [f64; N]) -> Vec<[f64; N]> {
    points
        .iter()
        .map(|p| std::array::from_fn(|i| p[i] + by[i]))
        .collect()
}

#[test]
fn float_queries_do_not_allocate_in_3d() {
    let cube: Vec<[f64; 3]> = (0..8)
        .map(|i| [(i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64])
        .collect();
    let a = hull(&cube);
    for (name, by, kind) in [
        // The origin on a face of the hot path's simplex: the continued search.
        ("overlapping cubes", [0.5, 0.25, 0.125], Kind::Intersecting),
        // Proved by the hot path's simplex.
        (
            "overlapping cubes, general position",
            [0.37, 0.21, 0.13],
            Kind::Intersecting,
        ),
        ("separated cubes", [3.0, 0.5, -0.25], Kind::Separated),
        ("cubes sharing a face", [1.0, 0.0, 0.0], Kind::Touching),
        ("cubes sharing a corner", [1.0, 1.0, 1.0], Kind::Touching),
    ] {
        let b = hull(&shifted(&cube, by));
        assert_no_allocation(name, &a, &b, kind);
        assert_certified_distance_does_not_allocate(name, &a, &b, kind);
        assert_certified_verdict_does_not_allocate(name, &a, &b, kind);
    }
    // A round shape (many iterations) and the climbing hull.
    let ball = Ball::new(Vector::from([2.0, 1.75, 2.5]), 1.0).unwrap();
    assert_no_allocation("cube and ball, separated", &a, &ball, Kind::Separated);
    let ball = Ball::new(Vector::from([0.5, 0.5, 1.5]), 1.0).unwrap();
    assert_no_allocation("cube and ball, overlapping", &a, &ball, Kind::Intersecting);
    let pts: Vec<Vector<f64, 3>> = cube.iter().map(|p| Vector::from(*p)).collect();
    let ca = ClimbingHull::new(pts.clone()).unwrap();
    let cb = ClimbingHull::new(pts.iter().map(|p| p.add_scalar(0.5)).collect()).unwrap();
    assert_no_allocation("climbing hulls, overlapping", &ca, &cb, Kind::Intersecting);
    // The same hulls climbing (8 `f64` points search as the reference does).
    let climbing = |pts: Vec<Vector<f64, 3>>| {
        ClimbingHull::from_hull_searching_up_to(ConvexHull::new(pts).unwrap(), 0)
    };
    let ca = climbing(pts.clone());
    let cb = climbing(pts.iter().map(|p| p.add_scalar(0.5)).collect());
    assert_no_allocation(
        "climbing hulls that climb, overlapping",
        &ca,
        &cb,
        Kind::Intersecting,
    );
}

/// Runs the round query on `a`, `b` (default options, built outside) and
/// asserts that it does not allocate.
fn assert_round_does_not_allocate<const N: usize, A, B>(name: &str, a: &A, b: &B, want: Relation)
where
    A: Round<f64, N>,
    B: Round<f64, N>,
{
    let opts = DistanceOptions::<f64, N>::default();
    for (which, run) in [
        ("query", query::<f64, N, A, B> as fn(&A, &B, &_) -> _),
        ("relation", relation),
    ] {
        let (n, r) = allocations(|| run(a, b, &opts));
        let r = r.unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(r.relation(), Some(want), "{name}: {which}: {r:?}");
        assert_eq!(n, 0, "{name}: round::{which} allocated {n} times");
    }
    let (n, meets) = allocations(|| intersects(a, b));
    assert_eq!(meets.ok(), Some(want.intersects()), "{name}: intersects");
    assert_eq!(n, 0, "{name}: round::intersects allocated {n} times");
}

#[test]
fn round_queries_do_not_allocate() {
    let cube: Vec<[f64; 3]> = (0..8)
        .map(|i| [(i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64])
        .collect();
    let a = hull(&cube);
    for (name, centre, want) in [
        ("ball apart", [2.0, 1.75, 2.5], Relation::Separated),
        ("ball on a face", [0.5, 0.5, 2.0], Relation::Touching),
        ("ball into a face", [0.5, 0.5, 1.5], Relation::Penetrating),
        (
            "ball around the cube",
            [0.5, 0.5, 0.5],
            Relation::Penetrating,
        ),
    ] {
        let ball = Ball::new(Vector::from(centre), 1.0).unwrap();
        assert_round_does_not_allocate(name, &a, &ball, want);
    }
    let capsule = Capsule::new(
        Vector::from([-1.0, 0.5, 1.25]),
        Vector::from([2.0, 0.5, 1.25]),
        0.25,
    )
    .unwrap();
    assert_round_does_not_allocate("capsule on a face", &a, &capsule, Relation::Touching);
    let rounded = Rounded::new(hull(&shifted(&cube, [3.0, 0.5, 0.0])), 0.5).unwrap();
    assert_round_does_not_allocate("rounded cubes apart", &a, &rounded, Relation::Separated);
    let rounded = Rounded::new(hull(&shifted(&cube, [1.5, 0.5, 0.0])), 0.5).unwrap();
    assert_round_does_not_allocate("rounded cubes touching", &a, &rounded, Relation::Touching);
    let rounded = Rounded::new(hull(&shifted(&cube, [0.5, 0.5, 0.0])), 0.5).unwrap();
    assert_round_does_not_allocate(
        "rounded cubes overlapping",
        &a,
        &rounded,
        Relation::Penetrating,
    );
    let disc = Ball::new(Vector::from([0.5, 2.25]), 1.0).unwrap();
    let square = hull(&[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]);
    assert_round_does_not_allocate(
        "square and disc, separated",
        &square,
        &disc,
        Relation::Separated,
    );
}

#[test]
fn float_queries_do_not_allocate_in_2d() {
    let square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    let a = hull(&square);
    for (name, by, kind) in [
        // The origin on a face of the hot path's simplex: the continued search.
        ("overlapping squares", [0.5, 0.25], Kind::Intersecting),
        // Proved by the hot path's simplex.
        (
            "overlapping squares, general position",
            [0.37, 0.21],
            Kind::Intersecting,
        ),
        ("separated squares", [2.5, -0.5], Kind::Separated),
        ("squares sharing an edge", [0.0, 1.0], Kind::Touching),
        ("squares sharing a corner", [1.0, 1.0], Kind::Touching),
    ] {
        let b = hull(&shifted(&square, by));
        assert_no_allocation(name, &a, &b, kind);
        assert_certified_distance_does_not_allocate(name, &a, &b, kind);
        assert_certified_verdict_does_not_allocate(name, &a, &b, kind);
    }
    let disc = Ball::new(Vector::from([0.5, 2.25]), 1.0).unwrap();
    assert_no_allocation("square and disc, separated", &a, &disc, Kind::Separated);
}
