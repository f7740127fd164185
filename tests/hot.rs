//! The written-out 2D/3D float loop (`SubAlgorithm::Auto`, the default)
//! against the reference loop (`SubAlgorithm::Johnson`): on every spec case
//! and pair and on 24,000 generated pairs in `f64` (plus 5,000 in `f32`),
//! cold and warm started (from the reference's simplex, `B` moved a
//! little), the two give the same outcome, separated distances agree within the
//! documented accuracy bound (`tolerance::float_accuracy_bound`, counted
//! for each loop), and where the generator knows the exact distance, the
//! hot loop's is within that bound of it. Where the hot loop hands a query
//! back (extreme scales, the cap), the reports are bit for bit the
//! reference's. A failure prints the pair as `f64::to_bits` rows.
//!
//! The boolean query's hot path (`gjk::gjk`) against the reference loop
//! (`gjk_observed`), on every spec case and pair (f64, f32, another first
//! direction, caps of 0 to 2, scaled by `2^±600`) and on the same families
//! (24,000 pairs in `f64`, 4,000 in `f32`): where it hands back, the
//! reports are bit for bit the reference's; where it answers, a separating
//! axis separates in exact rationals (every coordinate here is a short
//! dyadic, so the support maps' dot products are exact: touching pairs whose
//! products round are not covered), an intersecting simplex is full, the
//! exact relation (where the generator knows it) agrees, and the reference
//! never says the opposite (but for intersecting within its containment
//! band of a pair the hot path proved separated). It must answer at least
//! 99 % of the separated and penetrating pairs outside the families built
//! to be degenerate or within `2⁻⁴⁰` of touching; touching pairs go back.
//! Pairs whose rounded `w · d` is negative while the exact one is not, and
//! pairs whose `w · d` is not finite, must go back too.

use crate::common;

use common::spec_table::table;
use common::{convert, vectors};
use gjk::boolean::{gjk, gjk_observed, Options, Outcome};
use gjk::distance::{distance, DistanceOptions, DistanceOutcome, DistanceReport, SubAlgorithm};
use gjk::scalar::FromRational;
use gjk::shape::{ConvexHull, Support};
use gjk::tolerance::{containment_band, float_accuracy_bound};
use gjk::{Field, Rational, Relation, Scalar, Vector};
use gjk_gen::{build, case_params, vectors_of, FamilyChoice};
use num_traits::Zero;
use std::cell::Cell;

/// What one comparison found.
#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    /// Pairs the hot loop answered itself (not handed back to the
    /// reference: as many support calls as reported iterations).
    hot: usize,
    /// Pairs with bit-identical reports.
    same_bits: usize,
    separated: usize,
    intersecting: usize,
    no_verdict: usize,
    /// Pairs where both loops fail with the same error.
    errors: usize,
    /// Separated pairs checked against the generator's exact distance.
    exact: usize,
}

/// A hull that counts its support calls and the points a warm start
/// re-reads by number (each an iteration), numbering its points as the
/// hull does, so that its reports equal the bare hull's.
struct Counted<T: Field, const N: usize>(ConvexHull<T, N>, Cell<usize>);

impl<T: Field, const N: usize> Support<T, N> for Counted<T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        self.support_indexed(dir).0
    }
    fn support_indexed(&self, dir: &Vector<T, N>) -> (Vector<T, N>, Option<u32>) {
        self.1.set(self.1.get() + 1);
        self.0.support_indexed(dir)
    }
    fn vertex(&self, index: u32) -> Option<Vector<T, N>> {
        let p = self.0.vertex(index)?;
        self.1.set(self.1.get() + 1);
        Some(p)
    }
}

/// The report, and the support calls made on `A`.
fn run<T: Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    opts: &DistanceOptions<T, N>,
    sub_algorithm: SubAlgorithm,
) -> (Result<DistanceReport<T, N>, gjk::Error>, usize) {
    let (ha, hb) = (
        Counted(ConvexHull::new(a.to_vec()).expect("hull A"), Cell::new(0)),
        ConvexHull::new(b.to_vec()).expect("hull B"),
    );
    let opts = DistanceOptions {
        sub_algorithm,
        ..opts.clone()
    };
    let report = distance(&ha, &hb, &opts);
    (report, ha.1.get())
}

fn bits<T: Field, const N: usize>(pts: &[Vector<T, N>]) -> String {
    let rows: Vec<String> = pts
        .iter()
        .map(|p| {
            let xs: Vec<String> = p
                .iter()
                .map(|x| format!("{:#x}", x.to_f64().to_bits()))
                .collect();
            format!("[{}]", xs.join(", "))
        })
        .collect();
    rows.join(", ")
}

/// The pair as a failure message prints it: what it is, its type and
/// dimension, and its points as `f64::to_bits` rows.
fn shown<T: Field, const N: usize>(what: &str, a: &[Vector<T, N>], b: &[Vector<T, N>]) -> String {
    format!(
        "{what} ({}, {N}D)\n  A = [{}]\n  B = [{}]",
        T::NAME,
        bits(a),
        bits(b)
    )
}

/// `max |a − b|²` over the pairs of points, in `f64`.
fn scale2_of<T: Field, const N: usize>(a: &[Vector<T, N>], b: &[Vector<T, N>]) -> f64 {
    let mut scale2 = 0f64;
    for p in a {
        for q in b {
            let d = p - q;
            scale2 = scale2.max(d.iter().map(|x| x.to_f64() * x.to_f64()).sum());
        }
    }
    scale2
}

/// Runs both loops on `(a, b)` with `opts` and checks that they agree
/// (module docs); `exact`: the exact squared distance, if known.
fn compare<T: Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    opts: &DistanceOptions<T, N>,
    exact: Option<f64>,
    what: &str,
    tally: &mut Tally,
) {
    let here = || shown(what, a, b);
    let (hot, calls) = run(a, b, opts, SubAlgorithm::Auto);
    let (reference, _) = run(a, b, opts, SubAlgorithm::Johnson);
    tally.pairs += 1;
    let answered = hot.as_ref().is_ok_and(|r| r.iterations == calls);
    tally.hot += usize::from(answered);
    if !answered {
        assert_eq!(
            hot,
            reference,
            "{}: handed back, yet not the reference's",
            here()
        );
    }
    let (hot, reference) = match (hot, reference) {
        (Ok(h), Ok(r)) => (h, r),
        (Err(h), Err(r)) => {
            assert_eq!(h, r, "{}: different errors", here());
            tally.errors += 1;
            return;
        }
        (h, r) => panic!("{}: hot {h:?}, reference {r:?}", here()),
    };
    if hot == reference {
        tally.same_bits += 1;
    }
    let scale2 = scale2_of(a, b);
    let u = T::UNIT_ROUNDOFF;
    match (&hot.outcome, &reference.outcome) {
        (
            DistanceOutcome::Separated { dist2: h, .. },
            DistanceOutcome::Separated { dist2: r, .. },
        ) => {
            let (h, r) = (h.to_f64(), r.to_f64());
            let bound = float_accuracy_bound(h, scale2, u) + float_accuracy_bound(r, scale2, u);
            assert!(
                (h - r).abs() <= bound,
                "{}: dist² {h:e} (hot) vs {r:e} (reference), bound {bound:e}",
                here()
            );
            if let Some(e) = exact {
                let bound = float_accuracy_bound(e, scale2, u);
                assert!(
                    (h - e).abs() <= bound,
                    "{}: dist² {h:e} (hot) vs {e:e} (exact), bound {bound:e}",
                    here()
                );
                tally.exact += 1;
            }
            tally.separated += 1;
        }
        (DistanceOutcome::Intersecting { .. }, DistanceOutcome::Intersecting { .. }) => {
            tally.intersecting += 1;
        }
        (
            DistanceOutcome::NoVerdict { reason: h, .. },
            DistanceOutcome::NoVerdict { reason: r, .. },
        ) => {
            assert_eq!(h, r, "{}: different reasons", here());
            tally.no_verdict += 1;
        }
        (h, r) => panic!(
            "{}: hot says {} ({h:?}), reference {} ({r:?})",
            here(),
            h.name(),
            r.name()
        ),
    }
}

fn both_types<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    what: &str,
    t: &mut [Tally; 3],
) {
    let (fa, fb) = (convert::<f64, N>(a), convert::<f64, N>(b));
    compare::<f64, N>(&fa, &fb, &DistanceOptions::default(), None, what, &mut t[0]);
    let (sa, sb) = (convert::<f32, N>(a), convert::<f32, N>(b));
    compare::<f32, N>(&sa, &sb, &DistanceOptions::default(), None, what, &mut t[0]);
    // Another first direction, and no support call allowed at all.
    let turned = DistanceOptions {
        initial_direction: Some(Vector::from_fn(|i, _| if i == N - 1 { 1.0 } else { -0.5 })),
        ..DistanceOptions::default()
    };
    compare::<f64, N>(&fa, &fb, &turned, None, what, &mut t[0]);
    // Warm started from the reference's simplex with a cap of 2, and from a
    // simplex of points only (zero directions: a cold start).
    if let (Ok(r), _) = run(&fa, &fb, &DistanceOptions::default(), SubAlgorithm::Johnson) {
        if let DistanceOutcome::Separated { simplex, .. }
        | DistanceOutcome::Intersecting { simplex } = r.outcome
        {
            let bare = gjk::Simplex::from_points(simplex.points().cloned());
            for (warm_start, max_iterations) in [(Some(simplex), 2), (bare, 256)] {
                let warm = DistanceOptions {
                    warm_start,
                    max_iterations,
                    ..DistanceOptions::default()
                };
                compare::<f64, N>(&fa, &fb, &warm, None, what, &mut t[0]);
            }
        }
    }
    let none = DistanceOptions {
        max_iterations: 0,
        ..DistanceOptions::default()
    };
    compare::<f64, N>(&fa, &fb, &none, None, what, &mut t[2]);
    // Scaled by 2^±600, past the hot loop's range: handed back.
    for k in [600, -600] {
        let scale =
            |p: &Vec<Vector<f64, N>>| p.iter().map(|x| x * 2f64.powi(k)).collect::<Vec<_>>();
        let (ga, gb) = (scale(&fa), scale(&fb));
        compare::<f64, N>(&ga, &gb, &DistanceOptions::default(), None, what, &mut t[1]);
    }
}

#[test]
fn the_hot_loop_agrees_with_the_reference_on_every_spec_case_and_pair() {
    let spec = table();
    let origin = |n: usize| vec![vec!["0".to_string(); n]];
    // [in range, scaled past the range, no support call allowed]
    let mut tally = [Tally::default(), Tally::default(), Tally::default()];
    for case in &spec.case {
        let what = format!("spec case {}", case.region);
        match case.simplex[0].len() {
            2 => both_types(
                &vectors::<2>(&case.simplex),
                &vectors::<2>(&origin(2)),
                &what,
                &mut tally,
            ),
            _ => both_types(
                &vectors::<3>(&case.simplex),
                &vectors::<3>(&origin(3)),
                &what,
                &mut tally,
            ),
        }
    }
    for pair in &spec.pair {
        let what = format!("spec pair {}", pair.region);
        match pair.a[0].len() {
            2 => both_types(
                &vectors::<2>(&pair.a),
                &vectors::<2>(&pair.b),
                &what,
                &mut tally,
            ),
            _ => both_types(
                &vectors::<3>(&pair.a),
                &vectors::<3>(&pair.b),
                &what,
                &mut tally,
            ),
        }
    }
    let [plain, scaled, capped] = &tally;
    // The hot loop answers every spec case and pair itself, but for the
    // no-verdicts (a cap of 2 on a warm start), which it hands back...
    assert!(
        plain.pairs > 500 && plain.hot + plain.no_verdict == plain.pairs,
        "{plain:?}"
    );
    assert!(plain.separated > 0 && plain.intersecting > 0, "{plain:?}");
    // ...and past its range the reports are the reference's, bit for bit
    // (handed back, or, at 2^-600, the origin found at once, whose squares
    // underflow: the reference's own first test).
    assert!(
        scaled.pairs > 200 && scaled.same_bits + scaled.errors == scaled.pairs,
        "{scaled:?}"
    );
    assert!(capped.no_verdict == capped.pairs, "{capped:?}");
}

/// `count` generated pairs of dimension `N` at `2^scale_exp`: the pair and
/// its points in `T`, and whether every coordinate is exact in `T`
/// (mantissas of at most 24 bits), so that the construction's exact claims
/// hold for the float points.
#[allow(clippy::type_complexity)] // (a tuple read once, by destructuring)
fn pairs_of<T: Field + FromRational, const N: usize>(
    seed: u64,
    count: usize,
    scale_exp: i32,
) -> impl Iterator<
    Item = (
        gjk_gen::Params,
        gjk_gen::Pair,
        Vec<Vector<T, N>>,
        Vec<Vector<T, N>>,
        bool,
    ),
> {
    case_params(FamilyChoice::All, N, count, seed, scale_exp).map(|params| {
        let params = params.expect("params");
        let pair = build(&params).expect("pair");
        let a = vectors_of::<T, N>(&pair.a, pair.exp);
        let b = vectors_of::<T, N>(&pair.b, pair.exp);
        let small = |set: &[Vec<i64>]| set.iter().flatten().all(|m| m.unsigned_abs() < 1 << 24);
        let exact = small(&pair.a) && small(&pair.b);
        (params, pair, a, b, exact)
    })
}

/// `count` generated pairs of dimension `N` at `2^scale_exp`, compared
/// cold, and warm started from the reference's simplex with `B` moved.
fn generated<T: Field + FromRational, const N: usize>(
    seed: u64,
    count: usize,
    scale_exp: i32,
) -> [Tally; 2] {
    let (mut tally, mut warmed) = (Tally::default(), Tally::default());
    for (params, pair, a, b, exact) in pairs_of::<T, N>(seed, count, scale_exp) {
        let exact = match exact {
            true => pair.expected.dist2.as_ref().map(Scalar::to_f64),
            false => None,
        };
        let opts = DistanceOptions::default();
        compare(&a, &b, &opts, exact, &format!("{params:?}"), &mut tally);
        // Warm started from the reference's final simplex, B moved a little.
        let simplex = match run(&a, &b, &opts, SubAlgorithm::Johnson)
            .0
            .map(|r| r.outcome)
        {
            Ok(
                DistanceOutcome::Separated { simplex, .. }
                | DistanceOutcome::Intersecting { simplex },
            ) => simplex,
            _ => continue,
        };
        let nudge = Vector::<T, N>::from_fn(|i, _| {
            T::from_f64_rounded(0.01 * (i + 1) as f64).unwrap_or_else(T::zero)
        });
        let moved: Vec<_> = b.iter().map(|p| p + &nudge * T::pow2(pair.exp)).collect();
        let warm = DistanceOptions {
            warm_start: Some(simplex),
            ..opts
        };
        compare(
            &a,
            &moved,
            &warm,
            None,
            &format!("{params:?}, warm"),
            &mut warmed,
        );
    }
    [tally, warmed]
}

#[test]
fn the_hot_loop_agrees_with_the_reference_on_generated_pairs() {
    // f64: 2 dimensions × 3 scales × 4,000 pairs = 24,000 pairs, each cold
    // and warm started.
    let mut total = 0;
    for scale_exp in [-30, 0, 30] {
        for [cold, warm] in [
            generated::<f64, 2>(11, 4000, scale_exp),
            generated::<f64, 3>(12, 4000, scale_exp),
        ] {
            assert!(cold.separated > 400 && cold.intersecting > 400, "{cold:?}");
            assert!(cold.exact > 100, "{cold:?}");
            // Thin triangles and stalls above the noise go back.
            assert!(cold.hot * 100 >= cold.pairs * 99, "{cold:?}");
            assert!(
                warm.pairs * 10 >= cold.pairs * 9 && warm.hot * 100 >= warm.pairs * 95,
                "{warm:?}"
            );
            total += cold.pairs;
        }
    }
    assert_eq!(total, 24_000);
    // f32 at the unit scale, and at 2^±64, past its range: the reference's
    // reports (or errors), bit for bit.
    for [cold, _] in [
        generated::<f32, 2>(13, 2000, 0),
        generated::<f32, 3>(14, 2000, 0),
    ] {
        assert!(cold.separated > 200 && cold.intersecting > 200, "{cold:?}");
        assert!(cold.hot * 100 >= cold.pairs * 99, "{cold:?}");
    }
    for scale_exp in [-64, 64] {
        // (Warm, the two loops reduce the warm points each their own way, so
        // only `compare`'s agreement is asked of them there.)
        let [cold, _] = generated::<f32, 3>(15, 500, scale_exp);
        assert!(cold.same_bits + cold.errors == cold.pairs, "{cold:?}");
    }
}

// ---------------------------------------------------------------------------
// The boolean query: `gjk` (its hot path) against `gjk_observed` (the
// reference loop)
// ---------------------------------------------------------------------------

/// What one boolean comparison found.
#[derive(Default, Debug)]
struct BoolTally {
    pairs: usize,
    /// Pairs the hot loop answered itself.
    hot: usize,
    separated: usize,
    intersecting: usize,
    /// Hot answers where the reference has no verdict.
    reference_undecided: usize,
    /// Hot separations the reference calls intersecting, the gap within
    /// its containment band.
    reference_in_band: usize,
    /// Hot answers checked against the generator's exact relation.
    exact: usize,
    /// Pairs whose exact relation is known to be separated or penetrating
    /// (not touching), outside the families that put the origin on a
    /// feature or within `2⁻⁴⁰` of one by design, and how many of them the
    /// hot loop answered.
    strict: usize,
    strict_hot: usize,
}

/// `min_B b·n − max_A a·n` in exact rationals (the float coordinates are
/// rationals): positive when `n` separates.
fn gap_along<T: Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    n: &Vector<T, N>,
) -> Rational {
    let exact = |x: &T| Rational::from_float(x.to_f64()).expect("finite");
    let dot = |p: &Vector<T, N>| -> Rational { (0..N).map(|i| exact(&p[i]) * exact(&n[i])).sum() };
    let max_a = a.iter().map(dot).max().expect("A has points");
    let min_b = b.iter().map(dot).min().expect("B has points");
    min_b - max_a
}

/// Runs `gjk` and the reference on `(a, b)` and checks (module docs of the
/// section's test): where the hot loop hands back, the reports are bit for
/// bit the reference's; where it answers, a separating axis separates
/// exactly, the two loops never give opposite verdicts, and a known exact
/// `relation` agrees.
fn compare_boolean<T: Field, const N: usize>(
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    opts: &Options<T, N>,
    (relation, by_design): (Option<Relation>, bool),
    what: &str,
    tally: &mut BoolTally,
) {
    let here = || shown(what, a, b);
    let (ha, hb) = (
        Counted(ConvexHull::new(a.to_vec()).expect("hull A"), Cell::new(0)),
        ConvexHull::new(b.to_vec()).expect("hull B"),
    );
    let hot = gjk(&ha, &hb, opts);
    let reference = gjk_observed(&ha.0, &hb, opts, &mut ());
    tally.pairs += 1;
    let calls = ha.1.get();
    let answered = calls > 0 && hot.as_ref().is_ok_and(|r| r.iterations == calls);
    let strict = !by_design && relation.is_some_and(|r| r != Relation::Touching);
    tally.strict += usize::from(strict);
    tally.strict_hot += usize::from(strict && answered);
    if !answered {
        assert_eq!(
            hot,
            reference,
            "{}: handed back, yet not the reference's",
            here()
        );
        return;
    }
    tally.hot += 1;
    if let Err(e) = &reference {
        panic!("{}: answered {hot:?}, the reference failed: {e:?}", here());
    }
    let hot = hot.expect("answered");
    match (&hot.outcome, reference.as_ref().map(|r| &r.outcome)) {
        (Outcome::Separated { axis, .. }, reference) => {
            let gap = gap_along(a, b, axis);
            assert!(
                gap > Rational::zero(),
                "{}: the axis {axis:?} does not separate",
                here()
            );
            // The reference calls a simplex within its containment band
            // of the origin intersecting: only there may it disagree.
            let band = containment_band::<T>(scale2_of(a, b).sqrt());
            let len = axis.iter().map(|x| x.to_f64().powi(2)).sum::<f64>().sqrt();
            if let Ok(Outcome::Intersecting { .. }) = reference {
                assert!(
                    gap.to_f64() <= band * len,
                    "{}: hot separated by {:e}, reference {reference:?}",
                    here(),
                    gap.to_f64() / len
                );
                tally.reference_in_band += 1;
            }
            tally.separated += 1;
        }
        (Outcome::Intersecting { simplex, .. }, reference) => {
            assert_eq!(simplex.len(), N + 1, "{}", here());
            assert!(
                !matches!(reference, Ok(Outcome::Separated { .. })),
                "{}: hot intersecting, reference {reference:?}",
                here()
            );
            tally.intersecting += 1;
        }
        (Outcome::NoVerdict { .. }, _) => panic!("{}: the hot loop has no no-verdict", here()),
    }
    let decided = |r: &gjk::boolean::Report<T, N>| r.outcome.intersects().is_some();
    if !reference.as_ref().is_ok_and(decided) {
        tally.reference_undecided += 1;
    }
    if let Some(relation) = relation {
        let want = match hot.outcome {
            Outcome::Separated { .. } => Relation::Separated,
            _ => Relation::Penetrating,
        };
        assert_eq!(relation, want, "{}: the exact relation", here());
        tally.exact += 1;
    }
}

fn boolean_both_types<const N: usize>(
    a: &[Vector<Rational, N>],
    b: &[Vector<Rational, N>],
    what: &str,
    t: &mut BoolTally,
) {
    let (fa, fb) = (convert::<f64, N>(a), convert::<f64, N>(b));
    compare_boolean::<f64, N>(&fa, &fb, &Options::default(), (None, true), what, t);
    let (sa, sb) = (convert::<f32, N>(a), convert::<f32, N>(b));
    compare_boolean::<f32, N>(&sa, &sb, &Options::default(), (None, true), what, t);
    let turned = Options {
        initial_direction: Some(Vector::from_fn(|i, _| if i == N - 1 { 1.0 } else { -0.5 })),
        ..Options::default()
    };
    compare_boolean::<f64, N>(&fa, &fb, &turned, (None, true), what, t);
    for max_iterations in [0, 1, 2] {
        let capped = Options {
            max_iterations,
            ..Options::default()
        };
        compare_boolean::<f64, N>(&fa, &fb, &capped, (None, true), what, t);
    }
    for k in [600, -600] {
        let scale =
            |p: &Vec<Vector<f64, N>>| p.iter().map(|x| x * 2f64.powi(k)).collect::<Vec<_>>();
        compare_boolean::<f64, N>(
            &scale(&fa),
            &scale(&fb),
            &Options::default(),
            (None, true),
            what,
            t,
        );
    }
}

#[test]
fn the_hot_boolean_loop_agrees_with_the_reference_on_every_spec_case_and_pair() {
    let spec = table();
    let origin = |n: usize| vec![vec!["0".to_string(); n]];
    let mut tally = BoolTally::default();
    let cases = spec
        .case
        .iter()
        .map(|c| (&c.simplex, origin(c.simplex[0].len()), &c.region));
    let pairs = spec.pair.iter().map(|p| (&p.a, p.b.clone(), &p.region));
    for (a, b, region) in cases.chain(pairs) {
        let what = format!("spec {region}");
        match a[0].len() {
            2 => boolean_both_types(&vectors::<2>(a), &vectors::<2>(&b), &what, &mut tally),
            _ => boolean_both_types(&vectors::<3>(a), &vectors::<3>(&b), &what, &mut tally),
        }
    }
    // The spec's cases put the origin on a feature on purpose: those go
    // back to the reference.
    assert!(tally.pairs > 1000, "{tally:?}");
    assert!(tally.separated > 100 && tally.intersecting > 0, "{tally:?}");
}

/// `count` generated pairs of dimension `N` at `2^scale_exp`.
fn generated_boolean<T: Field + FromRational, const N: usize>(
    seed: u64,
    count: usize,
    scale_exp: i32,
) -> BoolTally {
    let mut tally = BoolTally::default();
    for (params, pair, a, b, exact) in pairs_of::<T, N>(seed, count, scale_exp) {
        let relation = pair.expected.relation.filter(|_| exact);
        use gjk_gen::Family::{Duplicates, Flat, Identical, NearDepth, NearGap};
        let by_design = matches!(
            params.family,
            Duplicates | Flat | Identical | NearDepth | NearGap
        );
        let opts = Options::default();
        let what = format!("{params:?}");
        compare_boolean(&a, &b, &opts, (relation, by_design), &what, &mut tally);
    }
    tally
}

#[test]
fn the_hot_boolean_loop_agrees_with_the_reference_on_generated_pairs() {
    let mut total = 0;
    for scale_exp in [-30, 0, 30] {
        for tally in [
            generated_boolean::<f64, 2>(21, 4000, scale_exp),
            generated_boolean::<f64, 3>(22, 4000, scale_exp),
        ] {
            assert!(
                tally.separated > 400 && tally.intersecting > 400,
                "{tally:?}"
            );
            assert!(tally.exact > 100, "{tally:?}");
            // Touching pairs go back, and most of the pairs built to be
            // degenerate or within 2^-40 of touching; the others are answered.
            assert!(tally.strict_hot * 100 >= tally.strict * 99, "{tally:?}");
            total += tally.pairs;
        }
    }
    assert_eq!(total, 24_000);
    for tally in [
        generated_boolean::<f32, 2>(23, 2000, 0),
        generated_boolean::<f32, 3>(24, 2000, 0),
    ] {
        assert!(
            tally.separated > 200 && tally.intersecting > 200,
            "{tally:?}"
        );
    }
}

/// Single points `a`, `b` and a first direction `d` whose computed `w · d`
/// is negative while the exact `(a − b) · d` is not (from
/// `python3 scripts/rounded_axes.py`), and one whose products underflow:
/// `(−1.5, 0.5, 1) · 2⁻¹⁰⁷⁴` rounds to `−2 + 0 + 1` units, the exact sum is
/// `0`. The reference loop calls `d` separating; the hot loop must not
/// (`SEPARATION_FACTOR`, and `N · MIN_NORMAL` for the last).
const ROUNDED_AXES: [(&[f64], &[f64], &[f64]); 7] = [
    (
        &[0.3614128639981686, 1.4034187834430125],
        &[-0.6730302741632266, 0.6102963284617364],
        &[-2.8647049413109245, 3.736339011440657],
    ),
    (
        &[0.4895904207107157, -0.20892515542277615],
        &[-7.648943356814772, 5.0200405613929835],
        &[-0.1255122649920134, -0.19535140665509598],
    ),
    (
        &[-0.4598548211945014, 0.2416590310891708],
        &[-8.561556281742085, 1.7330119736932543],
        &[-0.5738860037765259, -3.1176074704795136],
    ),
    (
        &[
            -3.406846004172425,
            -0.14024436186003597,
            -0.9415944948800665,
        ],
        &[
            -1.1627947930706788,
            11.832947875636933,
            -0.06734809119776372,
        ],
        &[-0.7905609547900125, 15.479671461373114, -209.97172209012263],
    ),
    (
        &[-0.3582384360831664, 7.864448449395965, -0.1365761990891288],
        &[-6.1820463419479585, -1.197295804094478, 6.391746325870896],
        &[-14.556575286489034, 0.16516845835347865, -12.75641385501834],
    ),
    (
        &[4.03362784075927, 0.08934290001623808, -1.2719329227966538],
        &[
            0.07425957327526073,
            -0.46399976143078425,
            0.9436104819647244,
        ],
        &[1.351272737928657, -2.628164939366907, 1.758444726755208],
    ),
    (
        &[-1.5, 0.5, 1.0],
        &[0.0, 0.0, 0.0],
        &[4.9e-324, 4.9e-324, 4.9e-324],
    ),
];

/// Points whose first `w · d` is not a number (`±∞` products): the
/// reference fails with `Error::Overflow`, and so must `gjk` (`A`, `B`,
/// first direction). In `f32`, the last: finite products whose sum is `−∞`.
const OVERFLOWING: [(&[f64], &[f64], &[f64]); 2] = [
    (&[2.0, -2.0, 0.0], &[0.0, 0.0, 0.0], &[1e308, 1e308, 0.0]),
    (&[2.0, -2.0], &[0.0, 0.0], &[1e308, 1e308]),
];
const OVERFLOWING_F32: (&[f64], &[f64], &[f64]) =
    (&[-1.0, -1.0, 0.0], &[0.0, 0.0, 0.0], &[3e38, 3e38, 0.0]);

fn point<T: Field + gjk::scalar::Real, const N: usize>(x: &[f64]) -> Vec<Vector<T, N>> {
    vec![Vector::from_fn(|i, _| T::from_f64(x[i]))]
}

fn first<T: Field + gjk::scalar::Real, const N: usize>(d: &[f64]) -> Options<T, N> {
    Options {
        initial_direction: Some(Vector::from_fn(|i, _| T::from_f64(d[i]))),
        ..Options::default()
    }
}

/// Compares both loops on `A = {a}`, `B = {b}` from the first direction
/// `d`, in 2D or 3D by the length of `a`.
fn single_points<T: Field + gjk::scalar::Real>(
    (a, b, d): (&[f64], &[f64], &[f64]),
    what: &str,
    tally: &mut BoolTally,
) {
    let no_relation = (None, true);
    match a.len() {
        2 => compare_boolean::<T, 2>(&point(a), &point(b), &first(d), no_relation, what, tally),
        _ => compare_boolean::<T, 3>(&point(a), &point(b), &first(d), no_relation, what, tally),
    }
}

#[test]
fn the_hot_boolean_loop_takes_no_axis_its_rounding_could_have_flipped() {
    let mut tally = BoolTally::default();
    for pair in ROUNDED_AXES {
        single_points::<f64>(pair, &format!("rounded axis d = {:?}", pair.2), &mut tally);
    }
    for pair in OVERFLOWING {
        single_points::<f64>(pair, &format!("overflowing, d = {:?}", pair.2), &mut tally);
    }
    let pair = OVERFLOWING_F32;
    single_points::<f32>(
        pair,
        &format!("overflowing in f32, d = {:?}", pair.2),
        &mut tally,
    );
    // The hot loop answers none of them: each goes back to the reference.
    assert_eq!((tally.pairs, tally.hot), (10, 0), "{tally:?}");
}

/// Separates the bench's hull pairs `gap` apart (`count` pairs of `n`
/// points, both clouds): the number of pairs the hot loop answered.
fn near_touching<const N: usize>(seed: u64, n: usize, gap: f64, count: usize) -> usize {
    use crate::scenes::{hull_pairs, Cloud};
    let mut answered = 0;
    for kind in [Cloud::Ellipsoid, Cloud::Cube] {
        for pair in hull_pairs::<N>(seed, kind, n, gap, count) {
            let here = || {
                shown(
                    &format!("{} pair {gap:e} apart", kind.name()),
                    &pair.a,
                    &pair.b,
                )
            };
            let a = Counted(ConvexHull::new(pair.a.clone()).expect("A"), Cell::new(0));
            let b = ConvexHull::new(pair.b.clone()).expect("B");
            let report = gjk(&a, &b, &Options::default()).expect("a valid pair");
            let Outcome::Separated { axis, .. } = &report.outcome else {
                panic!("{}: {:?}", here(), report.outcome);
            };
            let exact_gap = gap_along(&pair.a, &pair.b, axis);
            assert!(exact_gap > Rational::zero(), "{}: {axis:?}", here());
            answered += usize::from(report.iterations == a.1.get());
        }
    }
    answered
}

/// Hull pairs 10⁻⁹ to 10⁻¹³ apart (the bench's near-touching scenes, 2D and
/// 3D, n = 32; in 3D also 10⁻¹⁴) are separated by the f64 query, with an
/// axis that separates in exact rationals, and answered by the hot loop
/// itself. (In 2D at 10⁻¹⁴ the scenes' f64 placement leaves one cube pair
/// truly intersecting.)
///
/// What once went wrong: at 10⁻¹² the query had no verdict on 6 of 16 3D
/// and 8 of 16 2D ellipsoid pairs (and on some even at 10⁻⁹); at 10⁻¹⁴ it
/// called 3 of the 16 3D ellipsoid pairs intersecting (answered by the
/// reference loop after the hot loop handed back) and had no verdict on 3
/// more. Near an edge
/// of `A − B` the edge's search direction `−(t e + |e|² a)` is rounded off
/// the edge's normal by about `u |a| / |v|`, so the edge's own vertex came
/// back as the support point with `w · d ≥ 0`; the hot loop handed back,
/// and the reference loop stopped on the same repeated vertex
/// (`Tri2(Degenerate)`, `NoProgress`). The hot loop now straightens the
/// direction once on such a stall (`boolean/hot.rs`, `straightened`).
#[test]
fn the_hot_boolean_loop_separates_hulls_just_apart() {
    for gap in [1e-9, 1e-12, 1e-13] {
        let answered = (
            near_touching::<2>(0x2d, 32, gap, 16),
            near_touching::<3>(0x3d, 32, gap, 16),
        );
        assert_eq!(
            answered,
            (32, 32),
            "pairs answered by the hot loop at {gap:e} (2D, 3D)"
        );
    }
    let answered = near_touching::<3>(0x3d, 32, 1e-14, 16);
    assert_eq!(answered, 32, "3D pairs answered by the hot loop at 1e-14");
}
