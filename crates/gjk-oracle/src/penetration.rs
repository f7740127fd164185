//! The exact penetration depth of two polytopes, by facet enumeration.
//!
//! # The quantity
//!
//! Translating `A` by `t` translates `K = conv(A − B)` by `t`, and the
//! translated shapes touch exactly when the origin is on the boundary of
//! `K + t`, i.e. when `−t ∈ ∂K`. So when the origin is interior to `K`
//! (the shapes penetrate, [`super::relation`]) the shortest translation that
//! brings them to touching has length
//!
//! ```text
//! δ = dist(O, ∂K) = min over facets F of K of dist(O, aff F),
//! ```
//!
//! the **penetration depth**. The second equality: write
//! `K = ∩_F {x : n_F · x ≤ c_F}`, one half-space per facet, with `c_F > 0`
//! because the origin is interior; `dist(O, aff F) = c_F / |n_F|`. Every
//! point `y` with `|y| < min_F c_F/|n_F|` satisfies every inequality
//! strictly, so it is interior: `δ ≥ min`. And for the minimising facet `F`,
//! the point `p = (c_F / n_F·n_F) n_F` (the point of `aff F` closest to the
//! origin) is in `K`: otherwise the segment `[O, p]` would leave `K` through
//! some facet `G` at a point `q ≠ p`, and `dist(O, aff G) ≤ |q| < |p|`
//! would contradict the minimality of `F`. So `p ∈ ∂K`, `|p| = min`, and
//! `δ ≤ min`. Translating `A` by `−p` makes the shapes touch: `p` is the
//! **penetration vector**, and `n_F` (pointing out of `K`, i.e. from `A`
//! towards `B`) the contact normal.
//!
//! # The facets, by brute force
//!
//! Let `D` be the distinct points `aᵢ − bⱼ` and `n = |D|`. A hyperplane `H`
//! is the hyperplane of a facet of `K` iff all of `D` lies on one side of it
//! (it supports `K`) and it contains `N` affinely independent points of `D`
//! (then `H ∩ K` has dimension `N − 1`; conversely a facet's vertices are
//! points of `D` spanning its hyperplane). So every `N`-subset `{d₀, …,
//! d_{N−1}}` of `D` is tried:
//!
//! * with the edge rows `eᵢ = dᵢ − d₀` (`i = 1 … N − 1`), the normal is the
//!   generalised cross product `n_j = (−1)^j det(E without column j)`: for any
//!   `x`, `n · x` is the cofactor expansion of `det[E; x]` along its last row
//!   (up to one global sign), so `n · eᵢ = 0` (a repeated row) and `n = 0`
//!   exactly when the `eᵢ` are dependent (then the subset is skipped). In 1D
//!   `E` is empty and `n = (1)`; in 2D `n = (e_y, −e_x)`; in 3D `n = e₁ × e₂`;
//! * `c = n · d₀`; if `n · d − c` takes both signs over `D`, `H` cuts `K`;
//!   otherwise `n` is turned to make every `n · d ≤ c` (outward);
//! * the facet is recorded once, keyed by the set of points of `D` on `H`.
//!
//! All of it is exact: the points of `D` are first multiplied by the least
//! common multiple `s` of their denominators and divided by the gcd `g` of
//! the resulting coordinates (which scales every facet distance by `s/g`
//! and no normal direction), so the enumeration runs on integers, with
//! determinants by Bareiss's fraction-free elimination; the answer is
//! scaled back by `g/s`. Most subsets are rejected first in checked `i128`
//! arithmetic, with the normal's minors shared between subsets
//! ([`Filter`]). Nothing is shared with [`gjk::epa`](mod@gjk::epa).
//!
//! # Limits
//!
//! The relation LP runs first ([`super::MAX_LP_SIZE`]), `|A|·|B|` is at most
//! [`MAX_DIFFERENCES`], and the enumeration's work estimate
//! `C(n, N) · (N⁴ + n·N)` (the `N` cofactors of each subset, each an
//! elimination of about `N³` operations, plus the side test over `D`) is at
//! most [`MAX_FACET_COST`]. All three are checked before any work is done,
//! so whether an input is accepted does not depend on its geometry.

use std::cmp::Ordering;
use std::collections::HashSet;

use num_bigint::BigInt;
use num_traits::Zero;

use super::distance::{differences, next_subset_from};
use super::linalg::{det_int, dot_int, in_i128, to_integers, Int};
use super::{check_lp, check_pair, relation, OracleError, Relation};
use gjk::scalar::Rational;

/// The largest work estimate `C(n, N) · (N⁴ + n·N)` (`n` distinct points of
/// `A − B`) that [`penetration_depth`] accepts: 120 points in 3D (1.2·10⁸),
/// 50 in 4D (1.1·10⁸) and 30 in 5D (1.1·10⁸) pass; 125 in 3D, 55 in 4D and
/// 32 in 5D (1.4 to 1.6·10⁸) do not. Timed by `cargo run --release --example
/// oracle_limits` (see [`crate`]).
pub const MAX_FACET_COST: u128 = 1 << 27;

/// One facet of `conv(A − B)` at the minimal distance.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthFacet {
    /// Every point of `A − B` on the facet's hyperplane, as the pair
    /// `(i, j)` of the first `aᵢ − bⱼ` that makes it (ascending by the order
    /// of the pairs).
    pub points: Vec<(usize, usize)>,
    /// The outward normal (not normalised): `n · x ≤ offset` on `A − B`.
    pub normal: Vec<Rational>,
    /// `n · x` on the hyperplane (positive: the origin is interior).
    pub offset: Rational,
}

/// The answer of [`penetration_depth`].
#[derive(Clone, Debug, PartialEq)]
pub enum PenetrationDepth {
    /// The origin is not interior to `A − B`: the shapes are separated or
    /// only touch (the answer of [`super::relation`]); the depth is 0.
    NotPenetrating {
        /// [`Relation::Separated`] or [`Relation::Touching`].
        relation: Relation,
    },
    /// The origin is interior to `A − B`.
    Penetrating {
        /// `δ² = min_F c_F² / (n_F · n_F)`, exact.
        depth2: Rational,
        /// `p = (c / n·n) n` for the first minimising facet: the point of
        /// `∂(A − B)` closest to the origin. Translating `A` by `−p` makes
        /// the shapes touch; `|p|² = depth2`.
        penetration: Vec<Rational>,
        /// The outward normal of that facet (not normalised), pointing from
        /// `A` towards `B`.
        normal: Vec<Rational>,
        /// Every facet hyperplane at distance `δ` (more than one on ties;
        /// the first is the one `penetration` and `normal` come from).
        facets: Vec<DepthFacet>,
    },
}

/// `C(n, k)`, or `None` on overflow.
fn binomial(n: usize, k: usize) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let mut c: u128 = 1;
    for s in 1..=k {
        // C(n, s) = C(n, s − 1) · (n − s + 1) / s, exact at each step.
        c = c.checked_mul((n - s + 1) as u128)? / s as u128;
    }
    Some(c)
}

/// The work estimate `C(n, dim) · (dim⁴ + n·dim)`, saturating.
fn facet_cost(n: usize, dim: usize) -> u128 {
    let per = (dim as u128).pow(4) + (n as u128) * dim as u128;
    binomial(n, dim).map_or(u128::MAX, |c| c.saturating_mul(per))
}

/// The generalised cross product of `dim − 1` edge rows (see the module
/// docs): `n_j = (−1)^j det(E without column j)`.
fn normal_of(edges: &[Vec<BigInt>], dim: usize) -> Vec<BigInt> {
    (0..dim)
        .map(|j| {
            let minor: Vec<Vec<BigInt>> = edges
                .iter()
                .map(|e| {
                    e.iter()
                        .enumerate()
                        .filter(|&(c, _)| c != j)
                        .map(|(_, x)| x.clone())
                        .collect()
                })
                .collect();
            let d = det_int(minor);
            if j % 2 == 0 {
                d
            } else {
                -d
            }
        })
        .collect()
}

/// The exact penetration depth of `conv A` and `conv B` (see the module
/// docs), in any dimension `N ≥ 1`.
///
/// Errors: bad point sets (see [`OracleError`]) and
/// [`OracleError::TooLarge`] past [`super::MAX_LP_SIZE`],
/// [`MAX_DIFFERENCES`](super::MAX_DIFFERENCES) or [`MAX_FACET_COST`].
pub fn penetration_depth(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
) -> Result<PenetrationDepth, OracleError> {
    let dim = check_pair(a, b)?;
    check_lp(a, b)?;
    let diff = differences(a, b)?;
    let n = diff.len();
    let cost = facet_cost(n, dim);
    if cost > MAX_FACET_COST {
        return Err(OracleError::TooLarge {
            what: "the facet enumeration's work estimate",
            size: cost,
            limit: MAX_FACET_COST,
        });
    }
    let rel = relation(a, b)?;
    if rel != Relation::Penetrating {
        return Ok(PenetrationDepth::NotPenetrating { relation: rel });
    }
    // The points scaled by `s/g` (`to_integers`): every normal is
    // `n/g^(N−1)` and every offset `c/g^N` of what it would be scaled by `s`
    // alone, so the facets and their order are the same. The facets are
    // scaled back when they are recorded.
    let (d, s, g) = to_integers(&diff.iter().map(|x| &x.0).collect::<Vec<_>>());
    let (normal_scale, offset_scale) = (g.pow(dim as u32 - 1), g.pow(dim as u32));
    let small = in_i128(&d);
    let mut filter = Filter::new(&small, dim);
    // (depth² of the scaled points, facets) at the smallest depth² so far.
    let mut best: Option<(Rational, Vec<DepthFacet>)> = None;
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut idx: Vec<usize> = (0..dim).collect();
    let mut from = 0;
    // A penetrating pair has a full-dimensional A − B: n ≥ dim + 1 ≥ dim.
    loop {
        let facet = match filter.as_mut().map(|f| f.classify(&idx, from)) {
            Some(Side::Cuts) => None,
            Some(Side::Supports) => {
                // Known facets (a facet with more than `N` points is spanned
                // by several subsets) are not converted.
                let f = filter.as_ref().expect("it classified");
                (!seen.contains(f.on())).then(|| (f.normal(), f.on().to_vec()))
            }
            Some(Side::Unknown) | None => facet_of(&d, &idx, dim),
        };
        if let Some((normal, on)) = facet {
            if seen.insert(on.clone()) {
                let offset = dot_int(&normal, &d[idx[0]]);
                let depth2 = Rational::new(&offset * &offset, dot_int(&normal, &normal));
                let facet = DepthFacet {
                    points: on.iter().map(|&k| (diff[k].1, diff[k].2)).collect(),
                    normal: normal
                        .into_iter()
                        .map(|x| Rational::from_integer(x * &normal_scale))
                        .collect(),
                    // n · (x s / g) = offset on the hyperplane, so
                    // (g^(N−1) n) · x = offset g^N / s.
                    offset: Rational::new(offset * &offset_scale, s.clone()),
                };
                match &mut best {
                    Some((d2, facets)) if *d2 == depth2 => facets.push(facet),
                    Some((d2, _)) if *d2 < depth2 => {}
                    _ => best = Some((depth2, vec![facet])),
                }
            }
        }
        match next_subset_from(&mut idx, n) {
            Some(p) => from = p,
            None => break,
        }
    }
    let Some((scaled_depth2, facets)) = best else {
        return Err(OracleError::Internal {
            what: "a penetrating pair with no facet",
        });
    };
    let first = &facets[0];
    if first.offset <= Rational::zero() {
        return Err(OracleError::Internal {
            what: "a facet of a penetrating pair passes through the origin",
        });
    }
    let nn: Rational = first.normal.iter().map(|x| x * x).sum();
    let scale = first.offset.clone() / nn;
    let penetration = first.normal.iter().map(|x| x * &scale).collect();
    Ok(PenetrationDepth::Penetrating {
        // The points were scaled by `s / g`, and distances with them.
        depth2: scaled_depth2 * Rational::new(&g * &g, &s * &s),
        penetration,
        normal: first.normal.clone(),
        facets,
    })
}

/// The largest dimension [`Filter`] runs in: its tables hold `2^N` minors
/// per row (`2^10 · 10` entries of 32 bytes, 320 KiB, in 10D). Above it
/// every subset goes to the big-integer path.
const FILTER_MAX_DIM: usize = 10;

/// Each subset's hyperplane in checked `i128`, before any big-integer work
/// ([`Filter::classify`]): the answer of [`facet_of`] (supports nothing, or
/// supports with this outward normal and these points on it), or
/// [`Side::Unknown`] on an overflow, when [`facet_of`] decides.
///
/// The normal is [`normal_of`]'s, the same integers: `n_j = (−1)^j
/// M(all columns but j)`, where `M_k(S)` is the minor of the first `k`
/// edge rows on the `k` columns `S`. Expanding along the `k`-th row,
///
/// ```text
/// M_k(S) = Σ_{c ∈ S} (−1)^{pos(c, S) + k − 1} e_k[c] · M_{k−1}(S ∖ {c}),   M_0(∅) = 1,
/// ```
///
/// with `pos(c, S)` the number of columns of `S` below `c`. Row `k` of the
/// table depends on the subset's first `k + 1` points only, and the
/// lexicographic enumeration mostly changes the last one: after a change at
/// position `p`, only the rows `k ≥ p` are recomputed (`N` minors of `N − 1`
/// products for the last row), with no division and no allocation but the
/// growth of the list of points on a supporting hyperplane.
struct Filter<'a> {
    /// The points (`None` where a coordinate does not fit in `i128`).
    points: &'a [Option<Vec<i128>>],
    dim: usize,
    /// `minors[k][S]` = `M_k(S)` for the column sets `S` (bit masks) of
    /// `k` columns; `None` on an overflow.
    minors: Vec<Vec<Option<i128>>>,
    /// The column sets of each size, ascending.
    sets: Vec<Vec<usize>>,
    /// The last subset's normal (turned outward after [`Side::Supports`]).
    normal: [i128; FILTER_MAX_DIM],
    /// The points on the last supporting hyperplane.
    on: Vec<usize>,
}

impl<'a> Filter<'a> {
    /// `None` in 0D and above [`FILTER_MAX_DIM`].
    fn new(points: &'a [Option<Vec<i128>>], dim: usize) -> Option<Self> {
        if dim > FILTER_MAX_DIM || dim == 0 {
            return None;
        }
        let mut sets = vec![Vec::new(); dim + 1];
        for s in 0..1usize << dim {
            sets[s.count_ones() as usize].push(s);
        }
        let mut minors = vec![vec![None; 1 << dim]; dim];
        minors[0][0] = Some(1);
        Some(Filter {
            points,
            dim,
            minors,
            sets,
            normal: [0; FILTER_MAX_DIM],
            on: Vec::new(),
        })
    }

    /// What subset `idx` spans, after a change of `idx` at positions
    /// `changed..` (0 for a new subset). After [`Side::Supports`],
    /// [`Filter::normal`] and [`Filter::on`] describe the hyperplane.
    fn classify(&mut self, idx: &[usize], changed: usize) -> Side {
        let dim = self.dim;
        // The tables are brought up to date first, whatever the answer:
        // the next subset builds on them.
        let d0 = self.points[idx[0]].as_deref();
        for k in changed.max(1)..dim {
            // Edge row `k`: `d[idx[k]] − d[idx[0]]`, `None` on an overflow.
            let edge = d0.zip(self.points[idx[k]].as_deref()).and_then(|(d0, p)| {
                let mut e = [0i128; FILTER_MAX_DIM];
                for (c, (x, y)) in p.iter().zip(d0).enumerate() {
                    e[c] = x.checked_sub(*y)?;
                }
                Some(e)
            });
            let (done, rest) = self.minors.split_at_mut(k);
            let (below, row) = (&done[k - 1], &mut rest[0]);
            for &s in &self.sets[k] {
                row[s] = edge.as_ref().and_then(|e| expand(&e[..dim], below, s, k));
            }
        }
        let Some(d0) = d0 else {
            return Side::Unknown;
        };
        let full = (1usize << dim) - 1;
        for j in 0..dim {
            let m = self.minors[dim - 1][full & !(1 << j)];
            let signed = if j % 2 == 0 {
                m
            } else {
                m.and_then(i128::checked_neg)
            };
            let Some(m) = signed else {
                return Side::Unknown;
            };
            self.normal[j] = m;
        }
        let normal = &self.normal[..dim];
        if normal.iter().all(|&x| x == 0) {
            return Side::Cuts;
        }
        let dot = |p: &[i128]| i128::dot(normal, p);
        let Some(offset) = dot(d0) else {
            return Side::Unknown;
        };
        let (mut above, mut below) = (false, false);
        self.on.clear();
        for (k, p) in self.points.iter().enumerate() {
            match p.as_deref().and_then(dot) {
                None => return Side::Unknown,
                Some(x) if x > offset => above = true,
                Some(x) if x < offset => below = true,
                Some(_) => self.on.push(k),
            }
            if above && below {
                return Side::Cuts;
            }
        }
        if above {
            for x in &mut self.normal[..dim] {
                let Some(y) = x.checked_neg() else {
                    return Side::Unknown;
                };
                *x = y;
            }
        }
        // Every point on the hyperplane (impossible for a full-dimensional
        // `A − B`) is left to the big-integer path, which skips it too.
        if above || below {
            Side::Supports
        } else {
            Side::Unknown
        }
    }

    /// The outward normal of the last [`Side::Supports`].
    fn normal(&self) -> Vec<BigInt> {
        self.normal[..self.dim].iter().map(|&x| x.into()).collect()
    }

    /// The points on the hyperplane of the last [`Side::Supports`],
    /// ascending.
    fn on(&self) -> &[usize] {
        &self.on
    }
}

/// What [`Filter::classify`] proves of a subset's hyperplane.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    /// It supports nothing: its normal is zero, or points lie on both
    /// sides ([`facet_of`] returns `None`).
    Cuts,
    /// It supports the points, with points on one side strictly (its
    /// normal and the points on it are those of [`facet_of`]).
    Supports,
    /// An operation overflowed: [`facet_of`] decides.
    Unknown,
}

/// `M_k(s)` by expansion along row `k` (`e`), from the minors `below` of
/// the rows before it (see [`Filter`]); `None` on an overflow.
fn expand(e: &[i128], below: &[Option<i128>], s: usize, k: usize) -> Option<i128> {
    let mut sum = 0i128;
    let mut pos = 0;
    for (c, &x) in e.iter().enumerate() {
        if s >> c & 1 == 0 {
            continue;
        }
        if x != 0 {
            let term = x.checked_mul(below[s & !(1 << c)]?)?;
            sum = if (pos + k - 1) % 2 == 0 {
                sum.checked_add(term)?
            } else {
                sum.checked_sub(term)?
            };
        }
        pos += 1;
    }
    Some(sum)
}

/// The hyperplane of subset `idx` of the points `d`, over big integers:
/// `Some((normal, on))` when it supports them with points strictly on one
/// side, `normal` outward (`normal · x ≤ normal · d[idx[0]]` for every
/// point) and `on` the points on it, ascending; `None` otherwise (a
/// dependent subset, points on both sides, or every point on it).
fn facet_of(d: &[Vec<BigInt>], idx: &[usize], dim: usize) -> Option<(Vec<BigInt>, Vec<usize>)> {
    let d0 = &d[idx[0]];
    let edges: Vec<Vec<BigInt>> = idx[1..]
        .iter()
        .map(|&k| d[k].iter().zip(d0).map(|(x, y)| x - y).collect())
        .collect();
    let mut normal = normal_of(&edges, dim);
    if !supporting(d, &mut normal, d0)? {
        return None;
    }
    let offset = dot_int(&normal, d0);
    let on = (0..d.len())
        .filter(|&k| dot_int(&normal, &d[k]) == offset)
        .collect();
    Some((normal, on))
}

/// Whether the hyperplane `normal · x = normal · d0` supports the points:
/// `None` when `normal` is zero (a dependent subset) or the points lie on
/// both sides; otherwise `normal` is turned outward (`normal · x ≤ offset`
/// for all points) and `Some(true)` is returned (`Some(false)` if every
/// point is on the hyperplane, impossible for a full-dimensional `A − B`).
fn supporting(points: &[Vec<BigInt>], normal: &mut [BigInt], d0: &[BigInt]) -> Option<bool> {
    if normal.iter().all(Zero::is_zero) {
        return None;
    }
    let offset = dot_int(normal, d0);
    let (mut above, mut below) = (false, false);
    for p in points {
        match dot_int(normal, p).cmp(&offset) {
            Ordering::Greater => above = true,
            Ordering::Less => below = true,
            Ordering::Equal => {}
        }
        if above && below {
            return None;
        }
    }
    if above {
        for x in normal.iter_mut() {
            *x = -std::mem::take(x);
        }
    }
    Some(above || below)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_and_binomials() {
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(usize::MAX, 40), None);
        assert_eq!(facet_cost(usize::MAX, 40), u128::MAX);
        assert_eq!(facet_cost(4, 1), 4 * (1 + 4));
        for (pass, fail, dim) in [(120, 125, 3), (50, 55, 4), (30, 32, 5)] {
            assert!(facet_cost(pass, dim) <= MAX_FACET_COST, "{pass} in {dim}D");
            assert!(facet_cost(fail, dim) > MAX_FACET_COST, "{fail} in {dim}D");
        }
    }

    /// Every `dim`-subset of `pts` through [`Filter`] (in enumeration order,
    /// its tables carried from subset to subset) and through the
    /// big-integer path [`facet_of`]: `(cuts, supports, unknown)`, the
    /// filter's answers. `Cuts` must be a subset `facet_of` rejects, and
    /// `Supports` must come with `facet_of`'s normal and points; with
    /// `exact` (no overflow), no answer may be `Unknown`.
    fn filter_against_big_integers(
        pts: &[Vec<BigInt>],
        dim: usize,
        exact: bool,
    ) -> (usize, usize, usize) {
        let small = in_i128(pts);
        let mut filter = Filter::new(&small, dim).expect("a small dimension");
        let (mut idx, mut from) = ((0..dim).collect::<Vec<usize>>(), 0);
        let mut counts = (0, 0, 0);
        loop {
            let want = facet_of(pts, &idx, dim);
            match filter.classify(&idx, from) {
                Side::Cuts => {
                    assert_eq!(want, None, "{dim}D, subset {idx:?}: cut, but it supports");
                    counts.0 += 1;
                }
                Side::Supports => {
                    let got = Some((filter.normal(), filter.on().to_vec()));
                    assert_eq!(got, want, "{dim}D, subset {idx:?}");
                    counts.1 += 1;
                }
                Side::Unknown => {
                    assert!(!exact, "{dim}D, subset {idx:?}: unknown");
                    counts.2 += 1;
                }
            }
            match next_subset_from(&mut idx, pts.len()) {
                Some(p) => from = p,
                None => break,
            }
        }
        counts
    }

    /// The `i128` filter answers as the big-integer path on every subset of
    /// 9 points in 1D to 6D, some of them coplanar or repeated; with one
    /// point past `i128`, it leaves to that path only what it cannot decide.
    #[test]
    fn the_filter_answers_as_the_big_integer_path() {
        for dim in 1..=6 {
            let pts: Vec<Vec<BigInt>> = (0..7i64)
                .map(|k| {
                    (0..dim as i64)
                        .map(|c| BigInt::from((k * 5 + c * 7 + k * c) % 9 - 4))
                        .collect()
                })
                .chain([1, 1].map(|_| (0..dim).map(|c| BigInt::from(i64::from(c == 0))).collect()))
                .collect();
            let (cuts, supports, _) = filter_against_big_integers(&pts, dim, true);
            assert!(
                cuts > 0 && supports > 0,
                "{dim}D: {cuts} cut, {supports} support"
            );
            // One coordinate past `i128`: subsets with that point are
            // unknown, others are still decided unless their side test
            // reaches it.
            let mut pts = pts;
            pts[3][0] = BigInt::from(1) << 130;
            let (cuts, _, unknown) = filter_against_big_integers(&pts, dim, false);
            assert!(
                cuts > 0 && unknown > 0,
                "{dim}D, a huge point: {cuts} cut, {unknown} unknown"
            );
        }
    }

    /// Minors that overflow `i128` while the points fit: 60-bit coordinates
    /// in 4D (cubic minors of 180 bits). The filter leaves those subsets to
    /// the big-integer path.
    #[test]
    fn overflowing_minors_are_left_to_the_big_integers() {
        let pts: Vec<Vec<BigInt>> = (0..8i64)
            .map(|k| {
                (0..4i64)
                    .map(|c| {
                        BigInt::from((((k * 5 + c * 3 + k * c) % 7 - 3) << 58) | ((k + c) % 2))
                    })
                    .collect()
            })
            .collect();
        let (_, _, unknown) = filter_against_big_integers(&pts, 4, false);
        assert!(unknown > 0, "{unknown} of 70 unknown");
    }

    /// The enumeration divides the points by their content (6 here) and
    /// scales the facets back: each normal and offset reported is the one
    /// the points themselves give (`facet_of` on the undivided integers;
    /// each facet of a tetrahedron is spanned by one subset only).
    #[test]
    fn facets_are_reported_at_the_points_own_scale() {
        let int = |v: &[i64]| -> Vec<Rational> {
            v.iter()
                .map(|&x| Rational::from_integer(x.into()))
                .collect()
        };
        let a: Vec<Vec<Rational>> = [[6, 0, 0], [0, 12, 0], [0, 0, 18], [-6, -6, -6]]
            .iter()
            .map(|p| int(p))
            .collect();
        let b = vec![int(&[0, 0, 0])];
        let Ok(PenetrationDepth::Penetrating { depth2, facets, .. }) = penetration_depth(&a, &b)
        else {
            panic!("the origin is interior to the tetrahedron");
        };
        let big: Vec<Vec<BigInt>> = a
            .iter()
            .map(|p| p.iter().map(|x| x.numer().clone()).collect())
            .collect();
        for f in &facets {
            let idx: Vec<usize> = f.points.iter().map(|&(i, _)| i).collect();
            let (normal, _) = facet_of(&big, &idx, 3).expect("a facet");
            let offset = dot_int(&normal, &big[idx[0]]);
            let want: Vec<Rational> = normal.iter().cloned().map(Rational::from_integer).collect();
            assert_eq!(f.normal, want, "facet {idx:?}");
            assert_eq!(
                f.offset,
                Rational::from_integer(offset.clone()),
                "facet {idx:?}"
            );
            let nn = dot_int(&normal, &normal);
            assert_eq!(
                depth2,
                Rational::new(&offset * &offset, nn),
                "facet {idx:?}"
            );
        }
    }

    #[test]
    fn normals_are_generalised_cross_products() {
        let q = |v: &[i64]| -> Vec<BigInt> { v.iter().map(|&x| BigInt::from(x)).collect() };
        let dot = dot_int;
        assert_eq!(normal_of(&[], 1), q(&[1]));
        assert_eq!(normal_of(&[q(&[2, 3])], 2), q(&[3, -2]));
        assert_eq!(normal_of(&[q(&[1, 0, 0]), q(&[0, 1, 0])], 3), q(&[0, 0, 1]));
        let e = [q(&[1, 2, 0, 1]), q(&[0, 1, 3, -1]), q(&[2, 0, 1, 1])];
        let n = normal_of(&e, 4);
        assert!(e.iter().all(|r| dot(&n, r).is_zero()));
        assert!(!n.iter().all(Zero::is_zero));
        assert_eq!(det_int(vec![q(&[0, 1]), q(&[1, 0])]), BigInt::from(-1));
        let m = vec![
            q(&[2, -1, 0, 3]),
            q(&[1, 0, 4, 1]),
            q(&[0, 2, 1, 1]),
            q(&[3, 1, 1, 0]),
        ];
        let r: Vec<Vec<Rational>> = m
            .iter()
            .map(|row| row.iter().cloned().map(Rational::from_integer).collect())
            .collect();
        assert_eq!(
            Rational::from_integer(det_int(m)),
            super::super::linalg::det(&r)
        );
        assert!(normal_of(&[q(&[1, 2, 3]), q(&[2, 4, 6])], 3)
            .iter()
            .all(Zero::is_zero));
    }
}
