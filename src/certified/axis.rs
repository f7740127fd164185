//! The separating-axis certificate: `max_A a·d < min_B b·d`, proved in
//! floating point.
//!
//! # The certificate
//!
//! The rounding model and the dot products' error bound, eq. (2), are
//! derived in [`crate::rounding`].
//!
//! Let `E_A = max_a e(a)`, `E_B = min_b e(b)`, `s_A = max_a s(a)`,
//! `s_B = max_b s(b)` (comparisons of floats are exact). By (2), for every
//! `a ∈ A`, `b ∈ B`:
//!
//! ```text
//! b·d − a·d ≥ (E_B − E_A) − [γ₂ₙ (s_A + s_B) + 4n η].
//! ```
//!
//! The right-hand side is evaluated with every operation rounded *outwards*:
//! `up(y) = next_up(fl(y)) ≥ y` and `down(y) = next_down(fl(y)) ≤ y` for
//! every real `y` (`fl(y)` is the float nearest `y`, so no float lies
//! strictly between `fl(y)` and `y`, and `next_up(fl(y))` is at or beyond
//! `y`; past the largest float it is `+∞`). So the computed
//! [`AxisCertificate::gap_lower`] is a true lower bound of
//! `min_B b·d − max_A a·d`, and the axis is certified only when it is
//! `> 0`: neither the dot products nor the final comparison can be flipped
//! by rounding. When it is not, the certificate is inconclusive (never
//! "wrong"): the caller falls back to exact arithmetic.
//!
//! # One pass: `s` bounded by the hull's size
//!
//! (2) also holds with any `S̄ ≥ S = Σ |dᵢ xᵢ|` (the exact sum) in place of
//! the computed `s`: (1) gives `|e − d·x| ≤ γₙ S̄ + n η ≤ γ₂ₙ S̄ + 2n η`.
//! With `mₖ` the largest `|xₖ|` over the hull's points, `S ≤ Σₖ |dₖ| mₖ`
//! for every point; evaluated upwards (`up` after every operation), `S̄` is
//! such a bound for all the hull's points at once, so only the `e` need a
//! pass (`hull_gap_lower_bound_by_size`, the certified distance's lower
//! bound). `S̄` is at most `N` times the largest `s` (equal to it when one
//! point holds every `mₖ`): the bound's radius, already `~4N u` of the
//! points' size along `d`, grows by at most that factor. Overflow: when
//! `S̄ ≤ MAX/4`, every rounded partial sum of every `e` is at most
//! `fl(Σ |pᵢ|) ≤ (1 + γₙ) S + n η < MAX`
//! (rounding is monotone), so no `e` is infinite or NaN and the maximum
//! skips none; past that the bound is not computed (`None`).

pub(crate) use crate::rounding::{dot_terms, down, up};
pub use crate::rounding::{gamma, DotBound, SMALLEST_SUBNORMAL, UNIT_ROUNDOFF};
use crate::shape::ConvexHull;
use crate::vector::Vector;

/// A proved separation: `min_B b·axis − max_A a·axis ≥ gap_lower > 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisCertificate<const N: usize> {
    /// The axis, pointing from `A` towards `B`.
    pub axis: Vector<f64, N>,
    /// A rigorous lower bound (`> 0`) of `min_B b·axis − max_A a·axis`.
    pub gap_lower: f64,
}

/// A rigorous lower bound of `min_B b·d − max_A a·d` computed with the dot
/// products' error bound `bound` (module docs), or `None` if some value is
/// not finite (overflow) or a set is empty. Only [`DotBound::rigorous`]
/// makes the bound rigorous; the tests pass weaker ones to show what each
/// term guards against.
pub(crate) fn gap_lower_bound<const N: usize>(
    a: &[Vector<f64, N>],
    b: &[Vector<f64, N>],
    d: &Vector<f64, N>,
    bound: DotBound,
) -> Option<f64> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    gap_of_extents(extents(a, d), extents(b, &-d), bound)
}

/// [`gap_lower_bound`] for two hulls, their extents from the hulls' `f64`
/// blocks (the same values, `shape/lanes.rs`).
pub(crate) fn hull_gap_lower_bound<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    d: &Vector<f64, N>,
    bound: DotBound,
) -> Option<f64> {
    let of = |h: &ConvexHull<f64, N>, d: &Vector<f64, N>| {
        let blocks = h.lanes().map(|l| l.extents(&std::array::from_fn(|k| d[k])));
        blocks.unwrap_or_else(|| extents(h.points(), d))
    };
    gap_of_extents(of(a, d), of(b, &-d), bound)
}

/// [`hull_gap_lower_bound`] with each hull's `s` bounded by its size (module
/// docs, "One pass"): one pass over the points, for `e`, instead of two.
/// `None` where that one does, and where `S̄` exceeds `MAX/4`.
pub(crate) fn hull_gap_lower_bound_by_size<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    d: &Vector<f64, N>,
    bound: DotBound,
) -> Option<f64> {
    let of = |h: &ConvexHull<f64, N>, d: &Vector<f64, N>| {
        let blocks = h
            .lanes()
            .map(|l| l.max_dot_and_size(&std::array::from_fn(|k| d[k])));
        let (e, s_bar) = blocks.unwrap_or_else(|| extents(h.points(), d));
        (s_bar <= f64::MAX / 4.0).then_some((e, s_bar))
    };
    gap_of_extents(of(a, d)?, of(b, &-d)?, bound)
}

/// The gap's lower bound from `A`'s extents along `d` and `B`'s along `−d`.
fn gap_of_extents((e_a, s_a): (f64, f64), (e_b, s_b): (f64, f64), bound: DotBound) -> Option<f64> {
    let e_b = -e_b;
    // Every `s` is finite iff no product and no partial sum overflowed:
    // `|fl(x + y)| ≤ fl(|x| + |y|)` (rounding is monotone), so the partial
    // sums of `e` are bounded by those of `s`, and an infinite product makes
    // `s` infinite (never NaN: it adds non-negative terms). `s_a`, `s_b` are
    // maxima over all points, so checking them checks every point.
    if !(s_a.is_finite() && s_b.is_finite()) {
        return None;
    }
    let gap = gap_from_extents(e_a, s_a, e_b, s_b, bound);
    gap.is_finite().then_some(gap)
}

/// `(max e, max s)` over `points` of `dot_terms(d, x) = (e, s)`, in four
/// interleaved runs (independent chains of compares). A NaN `e` (from
/// overflowed products) is skipped, as `f64::max` does; its `s` is then
/// infinite, which the caller rejects. (`s` is never NaN; negating `d`
/// negates every `e` exactly.)
fn extents<const N: usize>(points: &[Vector<f64, N>], d: &Vector<f64, N>) -> (f64, f64) {
    let (mut e, mut s) = ([f64::NEG_INFINITY; 4], [0.0f64; 4]);
    let mut offer = |k: usize, x: &Vector<f64, N>| {
        let (ek, sk) = dot_terms(d, x);
        if ek > e[k] {
            e[k] = ek;
        }
        if sk > s[k] {
            s[k] = sk;
        }
    };
    let chunks = points.chunks_exact(4);
    let rest = chunks.remainder();
    for chunk in chunks {
        (0..4).for_each(|k| offer(k, &chunk[k]));
    }
    (0..rest.len()).for_each(|k| offer(k, &rest[k]));
    let max = |x: [f64; 4]| x[0].max(x[1]).max(x[2].max(x[3]));
    (max(e), max(s))
}

/// `(E_B − E_A) − [rel (s_A + s_B) + 2 abs]`, rounded so that the result is
/// at or below the exact value of that expression (module docs): every
/// operation that could round the wrong way goes through [`up`] or
/// [`down`]. (`2 abs` is exact.)
fn gap_from_extents(e_a: f64, s_a: f64, e_b: f64, s_b: f64, bound: DotBound) -> f64 {
    let radius = up(up(bound.rel * up(s_a + s_b)) + 2.0 * bound.abs);
    down(down(e_b - e_a) - radius)
}

/// The certificate for `axis` if the rigorous bound proves it
/// ([`DotBound::rigorous`]), else `None` (inconclusive: not a verdict).
pub fn certify_axis<const N: usize>(
    a: &[Vector<f64, N>],
    b: &[Vector<f64, N>],
    axis: &Vector<f64, N>,
) -> Option<AxisCertificate<N>> {
    axis_certificate(axis, gap_lower_bound(a, b, axis, DotBound::rigorous(N))?)
}

/// [`certify_axis`] for two hulls (the same certificate, from their blocks).
pub(crate) fn certify_hull_axis<const N: usize>(
    a: &ConvexHull<f64, N>,
    b: &ConvexHull<f64, N>,
    axis: &Vector<f64, N>,
) -> Option<AxisCertificate<N>> {
    axis_certificate(
        axis,
        hull_gap_lower_bound(a, b, axis, DotBound::rigorous(N))?,
    )
}

fn axis_certificate<const N: usize>(axis: &Vector<f64, N>, gap: f64) -> Option<AxisCertificate<N>> {
    (gap > 0.0).then_some(AxisCertificate {
        axis: *axis,
        gap_lower: gap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    // The judge (a dev-dependency): its `Relation` is its own copy of this
    // crate's, so it is compared only with what the oracle returns.
    use crate::scalar::rational_from_f64;
    use gjk_oracle::{relation, Relation};

    /// The interleaved extents equal the plain folds (`f64::max`, `f64::min`)
    /// for every length that leaves a remainder of the runs. (A zero may
    /// come out as `−0.0` where the fold gave `+0.0`; the bound is the same.)
    #[test]
    fn extents_equal_the_plain_folds() {
        let mut lcg = crate::test_util::Lcg(7);
        let mut next = || (lcg.unit() - 0.5) * 1e3;
        for n in 1..=13 {
            let pts: Vec<Vector<f64, 3>> = (0..n)
                .map(|_| Vector::<f64, 3>::new(next(), next(), next()))
                .collect();
            let d = Vector::<f64, 3>::new(next(), next(), next());
            let terms = || pts.iter().map(|x| dot_terms(&d, x));
            let e_max = terms().fold(f64::NEG_INFINITY, |m, (e, _)| m.max(e));
            let e_min = terms().fold(f64::INFINITY, |m, (e, _)| m.min(e));
            let s_max = terms().fold(0.0f64, |m, (_, s)| m.max(s));
            assert_eq!(extents(&pts, &d), (e_max, s_max), "{pts:?}");
            let (e, s) = extents(&pts, &-d);
            assert_eq!((-e, s), (e_min, s_max), "{pts:?}");
        }
    }

    /// The hulls' blocks give the slices' gap bound bit for bit: every
    /// length that leaves a padding, 2D and 3D, coordinates of every
    /// magnitude (products past `f64::MAX` give `None` on both sides; the
    /// test checks that some do) and zeros. The one-pass bound (by size) is
    /// at or below the exact gap, `None` wherever the two-pass one is, and
    /// within its larger radius of it.
    fn blocks_give_the_same_gap<const N: usize>() {
        let mut lcg = crate::test_util::Lcg(0xb10c + N as u64);
        let (mut overflowed, mut sized_cases) = (0, 0);
        for n in 1..=13 {
            for case in 0..200 {
                let mut next = || match case % 3 {
                    0 => (lcg.int(0, 4) - 2) as f64,
                    1 => lcg.range(-1.0, 1.0),
                    _ => lcg.range(-1.0, 1.0) * 2f64.powi(lcg.int(-600, 1023) as i32),
                };
                let mut cloud = |m: usize| -> Vec<Vector<f64, N>> {
                    (0..m).map(|_| Vector::from_fn(|_, _| next())).collect()
                };
                let (pa, pb) = (cloud(n), cloud(14 - n));
                let d = Vector::<f64, N>::from_fn(|_, _| lcg.range(-16.0, 16.0));
                let (a, b) = (
                    ConvexHull::new(pa.clone()).unwrap(),
                    ConvexHull::new(pb.clone()).unwrap(),
                );
                let want = gap_lower_bound(&pa, &pb, &d, DotBound::rigorous(N));
                let got = hull_gap_lower_bound(&a, &b, &d, DotBound::rigorous(N));
                overflowed += usize::from(want.is_none());
                assert_eq!(
                    got.map(f64::to_bits),
                    want.map(f64::to_bits),
                    "{pa:?} {pb:?} {d:?}"
                );
                assert_eq!(certify_hull_axis(&a, &b, &d), certify_axis(&pa, &pb, &d));
                let sized = hull_gap_lower_bound_by_size(&a, &b, &d, DotBound::rigorous(N));
                assert!(want.is_some() || sized.is_none(), "{pa:?} {pb:?} {d:?}");
                if let Some(g) = sized {
                    let gap = exact_gap(&pa, &pb, &d);
                    assert!(rational_from_f64(g).unwrap() <= gap, "{pa:?} {pb:?} {d:?}");
                    sized_cases += 1;
                }
                if let (Some(w), Some(g)) = (want, sized) {
                    // The radius grows from γ₂ₙ(s_A + s_B) to γ₂ₙ(S̄_A + S̄_B),
                    // S̄ ≤ N max s.
                    let (_, s_a) = extents(&pa, &d);
                    let (_, s_b) = extents(&pb, &-d);
                    let most = 2.0 * gamma(2 * N) * N as f64 * (s_a + s_b);
                    assert!(w - g <= most, "{w:e} {g:e} {d:?}");
                }
            }
        }
        assert!(overflowed > 0, "{N}D: no case overflowed");
        assert!(sized_cases > 1000, "{N}D: {sized_cases} by-size bounds");
    }

    /// `min_B b·d − max_A a·d`, exactly.
    fn exact_gap<const N: usize>(
        a: &[Vector<f64, N>],
        b: &[Vector<f64, N>],
        d: &Vector<f64, N>,
    ) -> crate::Rational {
        let dot = |x: &Vector<f64, N>| -> crate::Rational {
            (0..N)
                .map(|k| rational_from_f64(x[k]).unwrap() * rational_from_f64(d[k]).unwrap())
                .sum()
        };
        let max_a = a.iter().map(dot).max().unwrap();
        let min_b = b.iter().map(dot).min().unwrap();
        min_b - max_a
    }

    #[test]
    fn the_hulls_blocks_give_the_slices_gap() {
        blocks_give_the_same_gap::<2>();
        blocks_give_the_same_gap::<3>();
    }

    fn rows<const N: usize>(p: &[Vector<f64, N>]) -> Vec<Vec<crate::Rational>> {
        p.iter()
            .map(|x| x.iter().map(|v| rational_from_f64(*v).unwrap()).collect())
            .collect()
    }

    /// Float dot products alone "prove" a separation of touching shapes:
    /// `a` is the midpoint of `B`'s segment, but `fl(d·a)` rounds down
    /// (`1 + 2⁻⁵³ + 2⁻⁵³`: two ties to even) while `B`'s dot products are
    /// exact. The relative term `γ₂ₙ ŝ` refuses.
    #[test]
    fn without_the_relative_term_a_touching_pair_is_certified_separated() {
        let t = 2f64.powi(-53);
        let a = [Vector::<f64, 3>::new(1.0, t, t)];
        let b = [
            Vector::<f64, 3>::new(1.0 + 2.0 * t, 0.0, 0.0),
            Vector::<f64, 3>::new(1.0 - 2.0 * t, 2.0 * t, 2.0 * t),
        ];
        let d = Vector::<f64, 3>::new(1.0, 1.0, 1.0);
        assert_eq!(relation(&rows(&a), &rows(&b)), Ok(Relation::Touching));
        let none = DotBound { rel: 0.0, abs: 0.0 };
        let naive = gap_lower_bound(&a, &b, &d, none).unwrap();
        assert!(naive > 0.0, "the naive check certifies: gap {naive:e}");
        assert!(certify_axis(&a, &b, &d).is_none());
    }

    /// With coordinates near `2⁻⁵³⁸`, every product is near the smallest
    /// subnormal `η` and rounds by up to `η/2` whatever its relative size:
    /// eight products of `η/2` round (ties to even) to `0` on `A`'s side and
    /// products of `1.5 η` to `2 η` on `B`'s, so the computed gap is `8 η`
    /// while `a` is the midpoint of `B`'s segment. The relative term is `0`
    /// on `A`'s side (`ŝ = 0`); only the absolute term `2n η` refuses.
    #[test]
    fn without_the_absolute_term_subnormal_products_certify_a_touching_pair() {
        let s = 2f64.powi(-538);
        let a = [Vector::<f64, 8>::repeat(s)];
        let pattern = |hi: f64, lo: f64| {
            Vector::<f64, 8>::from_fn(|i, _| if i < 4 { hi * s } else { lo * s })
        };
        let b = [pattern(3.0, -1.0), pattern(-1.0, 3.0)];
        let d = Vector::<f64, 8>::repeat(2.0 * s);
        assert_eq!(relation(&rows(&a), &rows(&b)), Ok(Relation::Touching));
        let relative_only = DotBound {
            abs: 0.0,
            ..DotBound::rigorous(8)
        };
        let gap = gap_lower_bound(&a, &b, &d, relative_only).unwrap();
        assert!(gap > 0.0, "relative bound alone certifies: gap {gap:e}");
        assert!(certify_axis(&a, &b, &d).is_none());
    }

    /// Where the bound starts to cost a fallback: two points `g` apart along
    /// `x`, coordinates near 1, `d = (1, 1, 1)`. The bound is about
    /// `γ₆ (ŝ_A + ŝ_B) ≈ 6.7·10⁻¹⁶ · 6 ≈ 2⁻⁴⁸`: a gap of `2⁻⁴⁶` is certified,
    /// `2⁻⁴⁹` is not, although the points are separated (and every dot
    /// product here is exact): inconclusive, never wrong.
    #[test]
    fn the_bound_refuses_gaps_below_it_and_only_those() {
        let a = [Vector::<f64, 3>::new(1.0, 1.0, 1.0)];
        let d = Vector::<f64, 3>::new(1.0, 1.0, 1.0);
        for (e, certified) in [(44, true), (46, true), (49, false), (52, false)] {
            let b = [Vector::<f64, 3>::new(1.0 + 2f64.powi(-e), 1.0, 1.0)];
            assert_eq!(relation(&rows(&a), &rows(&b)), Ok(Relation::Separated));
            assert_eq!(certify_axis(&a, &b, &d).is_some(), certified, "gap 2^-{e}");
        }
        let gamma6 = gamma(6);
        assert!(gamma6 > 6.0 * UNIT_ROUNDOFF && gamma6 < 6.1 * UNIT_ROUNDOFF);
    }

    #[test]
    fn overflow_is_inconclusive() {
        let a = [Vector::<f64, 2>::new(1e300, 0.0)];
        let b = [Vector::<f64, 2>::new(2e300, 0.0)];
        let d = Vector::<f64, 2>::new(1e10, 0.0);
        assert!(gap_lower_bound(&a, &b, &d, DotBound::rigorous(2)).is_none());
        assert!(certify_axis(&a, &b, &Vector::<f64, 2>::new(1.0, 0.0)).is_some());
    }

    /// The final comparison cannot be flipped by rounding: on random
    /// extents of every magnitude (subnormal ones included) the computed
    /// gap is never above the exact value of the expression.
    #[test]
    fn the_final_arithmetic_rounds_towards_refusal() {
        let mut rng = crate::test_util::Lcg(12);
        let bound = DotBound::rigorous(3);
        let q = |x: f64| rational_from_f64(x).unwrap();
        for _ in 0..2000 {
            let e = |rng: &mut crate::test_util::Lcg| {
                rng.range(0.5, 1.0) * 2f64.powi(rng.int(-1074, 60) as i32)
            };
            let (s_a, s_b) = (e(&mut rng), e(&mut rng));
            // E_B − E_A close to the radius, so that every rounding counts:
            // half of the draws put it within a few units in the last place
            // of the radius rounded to nearest (E_A = 0: exact difference).
            let radius = bound.rel * (s_a + s_b) + 2.0 * bound.abs;
            let (e_a, e_b) = if rng.int(0, 1) == 0 {
                let e_a = e(&mut rng);
                (e_a, e_a + rng.range(0.5, 2.0) * radius)
            } else {
                let mut e_b = radius;
                for _ in 0..rng.int(0, 3) {
                    e_b = if rng.int(0, 1) == 0 {
                        e_b.next_up()
                    } else {
                        e_b.next_down()
                    };
                }
                (0.0, e_b)
            };
            let gap = gap_from_extents(e_a, s_a, e_b, s_b, bound);
            if !gap.is_finite() {
                continue;
            }
            let exact = (q(e_b) - q(e_a)) - (q(bound.rel) * (q(s_a) + q(s_b)) + q(2.0 * bound.abs));
            assert!(
                q(gap) <= exact,
                "e_a {e_a:?} s_a {s_a:?} e_b {e_b:?} s_b {s_b:?}: {gap:e}"
            );
        }
    }
}
