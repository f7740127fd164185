//! Ties, measured by exact perturbation: what the classifier decides when
//! one of its sign tests (`gjk::classify::sign_tests`) is exactly zero, and
//! what it decides when that one test is pushed to either side.
//!
//! With the simplex held fixed, every sign test is an affine function of
//! the origin's position `O`: `g(O) = g(0) + ∇g · O` (`XY · (O − X)`,
//! `n · (O − X)`, …). Moving the origin to `O` is the same as translating
//! the simplex by `−O`, so a **flip** of a zero test `t` is an exact input:
//! the simplex translated by `−ε σ δ`, where `σ = ±1`, `δ` is the part of
//! `∇t` orthogonal to the gradients of the other zero tests (so that they
//! stay zero) and `ε = 2^-k` is small enough that no non-zero test changes
//! sign. The flipped simplex is classified by the classifier itself, and
//! its sign tests are recomputed to check that `t` alone moved, to `σ`. A
//! test whose gradient lies in the span of the other zero tests' (a corner
//! where the tests are bound together, such as `O = A` in 2D) cannot be
//! flipped alone and has no flip.
//!
//! A **tie** is a zero test, the region decided on it and the region one
//! of its flips lands in, when the two differ: the two neighbouring regions
//! the tie rule chooses between. A case is **decisive** when some flip
//! changes its region, and it exercises a tie **alone** when that test is
//! its only zero test.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use gjk::classify::{classify, sign_tests};
use gjk::region::Region;
use gjk::vector::{dot, is_zero};
use gjk::{Rational, Simplex, Vector};
use num_integer::Integer;
use num_traits::{Signed, Zero};

use super::show;

/// A sign test as an affine function of the origin: its name, its value
/// with the origin at `O = 0`, and its gradient with respect to `O`.
pub struct Affine<const N: usize> {
    /// `toward(A,B)`, `beyond(AB|C)`, … as `sign_tests` names it.
    pub name: String,
    /// The value at `O = 0`.
    pub value: Rational,
    /// `∇g`: the value at `O` is `value + ∇g · O`.
    pub grad: Vector<Rational, N>,
}

impl<const N: usize> Affine<N> {
    /// The value with the origin at `o`.
    pub fn at(&self, o: &Vector<Rational, N>) -> Rational {
        &self.value + dot(&self.grad, o)
    }
}

fn rat(n: i64) -> Rational {
    Rational::from_integer(n.into())
}

fn unit<const N: usize>(i: usize, sign: i64) -> Vector<Rational, N> {
    Vector::<Rational, N>::from_fn(|j, _| rat(if i == j { sign } else { 0 }))
}

/// The simplex as seen from the origin moved to `o`: every vertex minus `o`.
pub fn moved<const N: usize>(
    pts: &[Vector<Rational, N>],
    o: &Vector<Rational, N>,
) -> Vec<Vector<Rational, N>> {
    pts.iter().map(|p| p - o).collect()
}

fn simplex_of<const N: usize>(pts: &[Vector<Rational, N>]) -> Simplex<Rational, N> {
    Simplex::from_points(pts.to_vec()).expect("at most N + 1 points")
}

/// The classifier's region (exact).
pub fn region_of<const N: usize>(pts: &[Vector<Rational, N>]) -> Region {
    classify(&simplex_of(pts))
        .unwrap_or_else(|e| panic!("{} fails to classify: {e}", show(pts)))
        .region
}

/// The sign tests of `pts` with their gradients, measured from the tests
/// themselves (`sign_tests` with the origin at `0` and at each unit
/// vector), and checked to be affine at one more point, `O = (1, 2, …)`.
pub fn affine<const N: usize>(pts: &[Vector<Rational, N>]) -> Vec<Affine<N>> {
    let tests_at = |o: &Vector<Rational, N>| sign_tests(&simplex_of(&moved(pts, o)));
    let at_units: Vec<Vec<(String, Rational)>> = (0..N).map(|i| tests_at(&unit(i, 1))).collect();
    let out: Vec<Affine<N>> = tests_at(&Vector::zeros())
        .into_iter()
        .enumerate()
        .map(|(k, (name, value))| {
            let grad = Vector::<Rational, N>::from_fn(|i, _| &at_units[i][k].1 - &value);
            Affine { name, value, grad }
        })
        .collect();
    let probe = Vector::<Rational, N>::from_fn(|i, _| rat(i as i64 + 1));
    for (t, (name, v)) in out.iter().zip(tests_at(&probe)) {
        assert_eq!(
            v,
            t.at(&probe),
            "{name} is not affine in the origin on {}",
            show(pts)
        );
    }
    out
}

/// `u` minus its projection on the span of `others` (exact Gram–Schmidt).
fn residual<const N: usize>(
    u: &Vector<Rational, N>,
    others: &[&Vector<Rational, N>],
) -> Vector<Rational, N> {
    let reduce = |mut r: Vector<Rational, N>, basis: &[Vector<Rational, N>]| {
        for b in basis {
            r -= b * (dot(&r, b) / dot(b, b));
        }
        r
    };
    let mut basis: Vec<Vector<Rational, N>> = Vec::new();
    for g in others {
        let r = reduce((*g).clone(), &basis);
        if !is_zero(&r) {
            basis.push(r);
        }
    }
    reduce(u.clone(), &basis)
}

/// The largest `ε = 2^-k` (`k ≥ 1`) for which moving the origin by
/// `ε step` changes the sign of no test whose value (in `values`, at the
/// current origin) is non-zero.
fn small_enough<const N: usize>(
    tests: &[Affine<N>],
    values: &[Rational],
    step: &Vector<Rational, N>,
) -> Rational {
    let bound = tests
        .iter()
        .zip(values)
        .filter(|(_, v)| !v.is_zero())
        .map(|(g, v)| (v, dot(&g.grad, step)))
        .filter(|(v, slope)| !slope.is_zero() && v.signum() != slope.signum())
        .map(|(v, slope)| (v / slope).abs())
        .min();
    let half = Rational::new(1.into(), 2.into());
    let mut eps = half.clone();
    while bound.as_ref().is_some_and(|b| &eps >= b) {
        eps *= &half;
    }
    eps
}

/// One flip of a zero test (see the module docs).
pub struct Flip<const N: usize> {
    /// The test's name.
    pub test: String,
    /// The sign it was pushed to: `1` or `-1`.
    pub sign: i64,
    /// The flipped simplex (exact).
    pub simplex: Vec<Vector<Rational, N>>,
    /// The classifier's region there.
    pub region: Region,
}

/// Every flip of every zero test of `pts` that can be flipped alone, both
/// ways. Each flipped simplex is checked: the flipped test has the sign it
/// was pushed to, every other test keeps its sign (zeros stay zero).
pub fn flips<const N: usize>(pts: &[Vector<Rational, N>]) -> Vec<Flip<N>> {
    let tests = affine(pts);
    let values: Vec<Rational> = tests.iter().map(|g| g.value.clone()).collect();
    let zeros: Vec<usize> = (0..tests.len()).filter(|&k| values[k].is_zero()).collect();
    let mut out = Vec::new();
    for &t in &zeros {
        let others: Vec<&Vector<Rational, N>> = zeros
            .iter()
            .filter(|&&s| s != t)
            .map(|&s| &tests[s].grad)
            .collect();
        let delta = residual(&tests[t].grad, &others);
        if is_zero(&delta) {
            continue;
        }
        for sign in [1, -1] {
            let step = &delta * rat(sign);
            let simplex = moved(pts, &(&step * small_enough(&tests, &values, &step)));
            for (k, (name, v)) in sign_tests(&simplex_of(&simplex)).iter().enumerate() {
                let want = if k == t {
                    rat(sign)
                } else {
                    values[k].signum()
                };
                assert_eq!(
                    v.signum(),
                    want,
                    "flipping {} of {} to {sign}: {name} = {v} on {}",
                    tests[t].name,
                    show(pts),
                    show(&simplex)
                );
            }
            out.push(Flip {
                test: tests[t].name.clone(),
                sign,
                region: region_of(&simplex),
                simplex,
            });
        }
    }
    out
}

/// A tie: a zero test, the region decided on it, and the region a flip of
/// that test lands in (not the same).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Tie {
    /// The region the tie rule chose.
    pub decided: &'static str,
    /// The neighbouring region a flip lands in.
    pub flipped: &'static str,
    /// The zero test.
    pub test: String,
}

impl std::fmt::Display for Tie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} | {} ({} = 0)", self.decided, self.flipped, self.test)
    }
}

/// The ties `pts` exercises alone: none unless exactly one sign test is
/// zero; then those of its two flips that change the region.
pub fn ties_alone<const N: usize>(pts: &[Vector<Rational, N>]) -> Vec<Tie> {
    let zeros = sign_tests(&simplex_of(pts))
        .iter()
        .filter(|(_, v)| v.is_zero())
        .count();
    if zeros != 1 {
        return Vec::new();
    }
    let decided = region_of(pts).spec_id();
    flips(pts)
        .into_iter()
        .filter(|f| f.region.spec_id() != decided)
        .map(|f| Tie {
            decided,
            flipped: f.region.spec_id(),
            test: f.test,
        })
        .collect()
}

/// The points where ties are looked for: every vertex, edge midpoint and
/// face centroid of the simplex, and its centroid (last).
fn base_points<const N: usize>(pts: &[Vector<Rational, N>]) -> Vec<Vector<Rational, N>> {
    let k = pts.len();
    let mean = |ix: &[usize]| {
        let mut s = Vector::<Rational, N>::zeros();
        for &i in ix {
            s += &pts[i];
        }
        s / rat(ix.len() as i64)
    };
    let mut out: Vec<Vector<Rational, N>> = pts.to_vec();
    for i in 0..k {
        for j in i + 1..k {
            out.push(mean(&[i, j]));
            for l in j + 1..k {
                out.push(mean(&[i, j, l]));
            }
        }
    }
    out.push(mean(&(0..k).collect::<Vec<_>>()));
    out
}

/// Is `o` in the affine hull of `pts`?
fn on_hull<const N: usize>(pts: &[Vector<Rational, N>], o: &Vector<Rational, N>) -> bool {
    let edges: Vec<Vector<Rational, N>> = pts[1..].iter().map(|p| p - &pts[0]).collect();
    let refs: Vec<&Vector<Rational, N>> = edges.iter().collect();
    is_zero(&residual(&(o - &pts[0]), &refs))
}

/// The ties of the non-degenerate simplex `pts`, each with a witness (the
/// simplex seen from a point of the tie), added to `found`.
///
/// Every boundary between two regions meets the simplex, so for each sign
/// test `t` the search starts from the points of [`base_points`] on `t`'s
/// zero set and moves from each, within that set, by `1/4` of each axis
/// and of the direction away from the centroid (projected onto the set),
/// or not at all. Where `t` is then the only zero test, the point and both
/// flips of `t` are classified by the classifier. Points with the same
/// signs of every test and the same position relative to the simplex's
/// affine hull lie in one cell of the tests' arrangement: one point per
/// cell is classified. Each tie found is checked again on its witness by
/// [`ties_alone`].
pub fn enumerate<const N: usize>(
    pts: &[Vector<Rational, N>],
    found: &mut BTreeMap<Tie, Vec<Vector<Rational, N>>>,
) {
    let tests = affine(pts);
    let bases = base_points(pts);
    let centroid = bases.last().expect("the centroid").clone();
    let quarter = Rational::new(1.into(), 4.into());
    let mut seen = BTreeSet::new();
    for (t, test) in tests.iter().enumerate() {
        let n2 = dot(&test.grad, &test.grad);
        for x in bases.iter().filter(|x| test.at(x).is_zero()) {
            let mut dirs = vec![Vector::zeros(), x - &centroid];
            dirs.extend((0..N).flat_map(|i| [unit(i, 1), unit(i, -1)]));
            for u in dirs {
                let within = &u - &test.grad * (dot(&u, &test.grad) / &n2);
                let o = x + within * quarter.clone();
                let values: Vec<Rational> = tests.iter().map(|g| g.at(&o)).collect();
                if values.iter().filter(|v| v.is_zero()).count() != 1 {
                    continue;
                }
                let signs: Vec<Rational> = values.iter().map(Signed::signum).collect();
                if !seen.insert((t, signs, on_hull(pts, &o))) {
                    continue;
                }
                let witness = moved(pts, &o);
                let decided = region_of(&witness).spec_id();
                for sign in [1, -1] {
                    let step = &test.grad * rat(sign);
                    let eps = small_enough(&tests, &values, &step);
                    let flipped = region_of(&moved(&witness, &(step * eps))).spec_id();
                    let tie = Tie {
                        decided,
                        flipped,
                        test: test.name.clone(),
                    };
                    if flipped == decided || found.contains_key(&tie) {
                        continue;
                    }
                    assert!(
                        ties_alone(&witness).contains(&tie),
                        "{tie}: not confirmed on {}",
                        show(&witness)
                    );
                    found.insert(tie, witness.clone());
                }
            }
        }
    }
}

/// The same simplex scaled to coprime integer coordinates (by the least
/// common multiple of the denominators, over the greatest common divisor
/// of the numerators). A positive scale changes no sign test's sign (each
/// is a homogeneous polynomial in the coordinates), so no region and no tie.
pub fn integral<const N: usize>(pts: &[Vector<Rational, N>]) -> Vec<Vector<Rational, N>> {
    let coords = || pts.iter().flat_map(|p| p.iter());
    let lcm = coords().fold(num_bigint::BigInt::from(1), |l, x| l.lcm(x.denom()));
    let gcd = coords().fold(num_bigint::BigInt::from(0), |g, x| {
        g.gcd(&(x * Rational::from_integer(lcm.clone())).to_integer())
    });
    let scale = Rational::new(lcm, if gcd.is_zero() { 1.into() } else { gcd });
    pts.iter().map(|p| p * scale.clone()).collect()
}

/// One simplex of each kind on which [`all_ties`] looks for ties: small
/// integers, every angle acute and no symmetry, so that each boundary
/// between two regions is reached from the feature of the simplex it meets.
pub const TIE_SIMPLICES_2D: [&[[i64; 2]]; 2] = [&[[1, 0], [0, 2]], &[[0, 0], [5, 1], [2, 4]]];
/// See [`TIE_SIMPLICES_2D`].
pub const TIE_SIMPLICES_3D: [&[[i64; 3]]; 3] = [
    &[[1, 0, 0], [0, 2, 1]],
    &[[4, 0, 1], [0, 3, 0], [1, 0, 3]],
    &[[3, 3, 2], [3, -2, -3], [-3, 2, -3], [-2, -3, 3]],
];

pub fn integers<const N: usize>(rows: &[[i64; N]]) -> Vec<Vector<Rational, N>> {
    rows.iter()
        .map(|r| Vector::<Rational, N>::from_fn(|i, _| Rational::from_integer(r[i].into())))
        .collect()
}

/// Every tie of the classifier, found by [`enumerate`] on
/// [`TIE_SIMPLICES_2D`] and [`TIE_SIMPLICES_3D`], with its witness scaled
/// to integers ([`integral`]) as text. Computed once per test binary.
pub fn all_ties() -> &'static BTreeMap<Tie, String> {
    static TIES: OnceLock<BTreeMap<Tie, String>> = OnceLock::new();
    TIES.get_or_init(|| {
        fn text<const N: usize>(
            found: BTreeMap<Tie, Vec<Vector<Rational, N>>>,
        ) -> BTreeMap<Tie, String> {
            found
                .into_iter()
                .map(|(tie, w)| (tie, show(&integral(&w))))
                .collect()
        }
        let (mut two, mut three) = (BTreeMap::new(), BTreeMap::new());
        for rows in TIE_SIMPLICES_2D {
            enumerate(&integers(rows), &mut two);
        }
        for rows in TIE_SIMPLICES_3D {
            enumerate(&integers(rows), &mut three);
        }
        let mut all = text(two);
        all.extend(text(three));
        all
    })
}

/// A `[[case]]` entry for the witness `simplex` of `tie`: every tie of
/// [`all_ties`] with that witness is listed in its `ties`.
pub fn suggested_case(tie: &Tie, simplex: &str) -> String {
    let ties: Vec<String> = all_ties()
        .iter()
        .filter(|(_, w)| *w == simplex)
        .map(|(t, _)| format!("\"{t}\""))
        .collect();
    format!(
        "[[case]]\nregion = \"{}\"\nboundary = true\nties = [{}]\nsimplex = {simplex}",
        tie.decided,
        ties.join(", ")
    )
}
