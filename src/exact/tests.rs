//! The exact mode's certificates as the verifier's test data.

use crate::certificate::{depth_filtered, Certificate};
use crate::filtered::PointSet;
use crate::scalar::{integer, ratio, rational_from_f64, Rational};
use crate::test_util::Lcg;
use crate::vector::Vector;

use super::{exact_query, ExactOptions};

fn q(n: i64, d: i64) -> Rational {
    ratio(n, d).unwrap()
}

/// The depth check with its interval filter against the same check with
/// every plane computed over the integers, on the depth certificates of
/// `exact_query` for penetrating random clouds in 1D–6D and on the same
/// certificates tampered with (every other facet named nearest, one vertex
/// moved to another pair, one facet dropped). Four kinds of points: small
/// integers (many facets at equal distances, which the filter must leave
/// to the integers), doubles with 53-bit fractions, rationals with
/// denominator 3 (enclosed around their shadows), and small integers moved
/// by about `10⁻¹⁵` (distances that differ in their last bits, where a
/// facet named nearest may be only just farther than the nearest); the
/// doubles given as doubles or as rationals. The verdicts must be equal,
/// and the filter must have spared most of the exact planes.
#[test]
fn the_depth_filter_decides_as_the_integers_do() {
    fn run<const N: usize>(g: &mut Lcg, counts: &mut [usize; 3]) {
        let kind = g.int(0, 3);
        // Kinds 1 and 3 are doubles: given as doubles half the time (exact
        // point enclosures), as rationals otherwise (enclosed around their
        // shadows).
        let as_doubles = g.int(0, 1) == 0;
        let set = |g: &mut Lcg, n: usize, shift: i64| -> PointSet<N> {
            let quarter = q(shift, 4);
            match kind {
                0 | 2 => {
                    let coordinate = |g: &mut Lcg| -> Rational {
                        if kind == 0 {
                            integer(g.int(-2, 2))
                        } else {
                            q(g.int(-7, 7), 3)
                        }
                    };
                    let points = (0..n)
                        .map(|_| Vector::<Rational, N>::from_fn(|_, _| coordinate(g) + &quarter))
                        .collect();
                    PointSet::from_rational(points).unwrap()
                }
                _ => {
                    let coordinate = |g: &mut Lcg| -> f64 {
                        let x = if kind == 1 {
                            g.range(-1.0, 1.0)
                        } else {
                            // Near ties: planes whose distances differ in
                            // the last bits.
                            g.int(-2, 2) as f64 + 1e-15 * g.range(-1.0, 1.0)
                        };
                        x + 0.25 * shift as f64
                    };
                    let points: Vec<Vector<f64, N>> = (0..n)
                        .map(|_| Vector::<f64, N>::from_fn(|_, _| coordinate(g)))
                        .collect();
                    if as_doubles {
                        PointSet::from_f64(points).unwrap()
                    } else {
                        let exact = points
                            .iter()
                            .map(|p| p.map(|x| rational_from_f64(x).unwrap()))
                            .collect();
                        PointSet::from_rational(exact).unwrap()
                    }
                }
            }
        };
        let (n_a, n_b) = (g.int(N as i64 + 1, 2 * N as i64 + 4), g.int(1, 4));
        let a = set(g, n_a as usize, 0);
        let shift = g.int(-1, 1);
        let b = set(g, n_b as usize, shift);
        let report = exact_query(&a, &b, &ExactOptions::default()).unwrap();
        for c in &report.certificates {
            let Certificate::Depth {
                vertices,
                facets,
                nearest,
            } = c
            else {
                continue;
            };
            let mut variants = vec![(vertices.clone(), facets.clone(), *nearest)];
            for other in (0..facets.len()).step_by(1 + facets.len() / 40) {
                variants.push((vertices.clone(), facets.clone(), other));
            }
            let mut moved = vertices.clone();
            let k = g.int(0, moved.len() as i64 - 1) as usize;
            moved[k].a = (moved[k].a + 1) % a.len();
            variants.push((moved, facets.clone(), *nearest));
            let mut dropped = facets.clone();
            dropped.remove(g.int(0, dropped.len() as i64 - 1) as usize);
            variants.push((vertices.clone(), dropped, nearest.saturating_sub(1)));
            for (v, f, near) in variants {
                let (mut with, mut without) = (0, 0);
                let got = depth_filtered(&a, &b, &v, &f, near, true, &mut with);
                let want = depth_filtered(&a, &b, &v, &f, near, false, &mut without);
                assert_eq!(
                    got, want,
                    "N = {N}, a = {a:?}, b = {b:?}, vertices = {v:?}, facets = {f:?}, nearest = {near}"
                );
                counts[0] += 1;
                counts[1] += with;
                counts[2] += without;
            }
        }
    }
    let mut g = Lcg(2027);
    let mut counts = [0usize; 3];
    for _ in 0..40 {
        run::<1>(&mut g, &mut counts);
        run::<2>(&mut g, &mut counts);
        run::<3>(&mut g, &mut counts);
        run::<4>(&mut g, &mut counts);
        run::<5>(&mut g, &mut counts);
        run::<6>(&mut g, &mut counts);
    }
    let [checked, filtered, exact] = counts;
    eprintln!("DBG {checked} {filtered} {exact}");
    assert!(checked >= 500, "only {checked} depth certificates checked");
    // Every plane is exact without the filter; with it, a small part.
    assert!(
        4 * filtered < exact,
        "the filter computed {filtered} of {exact} planes exactly"
    );
}
