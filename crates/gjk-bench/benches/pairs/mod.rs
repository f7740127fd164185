//! Deterministic pairs of `f64` point sets for the certified queries: the
//! benchmark sets of `benches/certified.rs` and the hard families of
//! `tests/certified.rs` (which includes this file with `#[path]`).
//!
//! Everything comes from a fixed-seed 64-bit LCG, so a set is the same on
//! every machine and every run.
//!
//! # The contact families (2D and 3D)
//!
//! Two polytopes meet at a point `p` whose coordinates have long mantissas
//! (`±[1, 1.5)·2^k`, `k ∈ {−1, 0, 1}`, 52 random bits). The exact structure
//! uses only sums that are exact in `f64`: the edge vectors `eₖ` are integer
//! multiples of the spacing of `p`'s coordinates, smaller than half of them,
//! so `p ± eₖ` is exact. Every other vertex is `p + r (c n̂ + Σ τₖ t̂ₖ)`
//! rounded, with `n̂` the (rounded) unit normal of the contact plane spanned
//! by the `eₖ`, pointing from `A` to `B`, and `|c| ≥ 1/2`: rounding moves
//! such a vertex by about `2⁻⁵³`, far less than its distance `≈ r/2` from the
//! plane, so it stays strictly on its side. Then:
//!
//! * `shift = 0` — the shapes touch exactly at `p` (a vertex of both, a
//!   vertex of `B` at the centre of a facet of `A`, two edges crossing at
//!   `p`, or two coplanar facets overlapping);
//! * `shift = g > 0` — `B` moved by `g n̂` (rounded): separated, by `≈ g`;
//! * `shift = −g` — `B` moved into `A` by `g`: penetrating (the origin is in
//!   the relative interior of the face of `A − B` in the contact plane, or
//!   `−n̂` is interior to `A`'s cone at `p`, so moving off that face along
//!   `n̂` puts it in the interior).
//!
//! Finally every coordinate is multiplied by `2^scale` (exact).

#![allow(dead_code)] // each includer uses a different subset

use gjk::Vector;
use gjk_oracle::Relation;

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
pub struct Lcg(pub u64);

impl Lcg {
    fn step(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.step() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + ((self.step() >> 11) % ((hi - lo + 1) as u64)) as i64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// Two point sets and, when the construction fixes it, their relation.
#[derive(Clone, Debug)]
pub struct Pair<const N: usize> {
    /// The points of `A`.
    pub a: Vec<Vector<f64, N>>,
    /// The points of `B`.
    pub b: Vec<Vector<f64, N>>,
    /// The relation the construction guarantees (`None`: random).
    pub expect: Option<Relation>,
}

impl<const N: usize> Pair<N> {
    /// The pair as a case line of the `gjk` tool (coordinates as exact
    /// `"p/q"`-free decimal strings of the doubles, which read back exactly).
    pub fn to_case(&self, id: &str) -> String {
        let pts = |p: &[Vector<f64, N>]| {
            let rows: Vec<String> = p
                .iter()
                .map(|x| {
                    let c: Vec<String> = x.iter().map(|v| format!("{v:?}")).collect();
                    format!("[{}]", c.join(","))
                })
                .collect();
            format!("[{}]", rows.join(","))
        };
        format!(
            "{{\"id\":\"{id}\",\"a\":{},\"b\":{}}}",
            pts(&self.a),
            pts(&self.b)
        )
    }

    /// Every coordinate times `2^e` (exact while in range).
    pub fn scaled(mut self, e: i32) -> Self {
        let s = 2f64.powi(e);
        for p in self.a.iter_mut().chain(self.b.iter_mut()) {
            *p *= s;
        }
        self
    }
}

/// A random pair in general position: `m` points in a ball of radius 1
/// around the origin for `A`, `m` around a random centre at distance
/// `[0.5, 2)` for `B` (in 3D with 12 points, about as often separated as
/// penetrating).
pub fn random_pair<const N: usize>(rng: &mut Lcg, m: usize) -> Pair<N> {
    let ball = |rng: &mut Lcg| loop {
        let p = Vector::<f64, N>::from_fn(|_, _| rng.range(-1.0, 1.0));
        if p.norm_squared() <= 1.0 {
            return p;
        }
    };
    let dir = loop {
        let d = ball(rng);
        if d.norm_squared() > 1e-2 {
            break d / d.norm();
        }
    };
    let centre = dir * rng.range(0.5, 2.0);
    let a = (0..m).map(|_| ball(rng)).collect();
    let b = (0..m).map(|_| ball(rng) + centre).collect();
    Pair { a, b, expect: None }
}

/// How two polytopes of the contact families meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A vertex of each, at `p`.
    VertexVertex,
    /// A vertex of `B` at the centre of a facet of `A`.
    VertexFacet,
    /// Two edges crossing at `p` (3D only).
    EdgeEdge,
    /// Two facets in one plane, overlapping.
    FacetFacet,
}

impl Kind {
    /// The kinds that exist in dimension `n` (2 or 3).
    pub fn all(n: usize) -> &'static [Kind] {
        if n == 2 {
            &[Kind::VertexVertex, Kind::VertexFacet, Kind::FacetFacet]
        } else {
            &[
                Kind::VertexVertex,
                Kind::VertexFacet,
                Kind::EdgeEdge,
                Kind::FacetFacet,
            ]
        }
    }
}

/// A coordinate `±[1, 1.5)·2^k`, `k ∈ {−1, 0, 1}`, with 52 random bits.
fn long_coordinate(rng: &mut Lcg) -> f64 {
    let sign = if rng.int(0, 1) == 0 { -1.0 } else { 1.0 };
    sign * rng.range(1.0, 1.5) * 2f64.powi(rng.int(-1, 1) as i32)
}

/// A vector of integer multiples of the spacing of `p`'s coordinates, each
/// below `|pᵢ|/4` in magnitude: `p ± e` is exact.
fn exact_offset<const N: usize>(rng: &mut Lcg, p: &Vector<f64, N>) -> Vector<f64, N> {
    Vector::<f64, N>::from_fn(|i, _| {
        let ulp = p[i].abs().next_up() - p[i].abs();
        // |pᵢ| ≥ 2⁵² ulp, so 2⁵⁰ ulp ≤ |pᵢ|/4.
        rng.int(-(1i64 << 50), 1i64 << 50) as f64 * ulp
    })
}

/// A contact-family pair (module docs): `kind` in `N = 2` or `3`, `B`
/// moved by `shift · n̂`, everything scaled by `2^scale`.
pub fn contact_pair<const N: usize>(rng: &mut Lcg, kind: Kind, shift: f64, scale: i32) -> Pair<N> {
    assert!(N == 2 || N == 3, "the contact families are 2D and 3D");
    assert!(N == 3 || kind != Kind::EdgeEdge, "edge-edge crossing is 3D");
    let p = Vector::<f64, N>::from_fn(|_, _| long_coordinate(rng));
    let e: Vec<Vector<f64, N>> = loop {
        let e: Vec<_> = (0..N - 1).map(|_| exact_offset(rng, &p)).collect();
        let n = normal(&e);
        // Reject nearly parallel or tiny edge vectors (a well-shaped facet).
        if e.iter().all(|x| x.norm() > 1e-2)
            && n.norm() > 0.25 * e.iter().map(|x| x.norm()).product::<f64>()
        {
            break e;
        }
    };
    let n = normal(&e).normalize();
    let t: Vec<Vector<f64, N>> = e.iter().map(|x| x.normalize()).collect();
    let r = 0.25 * p.iter().map(|x| x.abs()).fold(f64::INFINITY, f64::min);
    // p + r (c n̂ + Σ τₖ t̂ₖ), rounded.
    let at = |c: f64, tau: &[f64]| -> Vector<f64, N> {
        let mut q = n * c;
        for (tk, k) in t.iter().zip(tau) {
            q += tk * *k;
        }
        p + q * r
    };
    // A cone of vertices around c·n̂ (c = ±1).
    let cone = |c: f64| -> Vec<Vector<f64, N>> {
        if N == 2 {
            vec![at(c, &[0.5]), at(c, &[-0.5])]
        } else {
            vec![
                at(c, &[0.5, 0.0]),
                at(c, &[-0.3, 0.5]),
                at(c, &[-0.3, -0.5]),
            ]
        }
    };
    let facet = |sign_pattern: &[(usize, f64)]| -> Vec<Vector<f64, N>> {
        sign_pattern.iter().map(|&(k, s)| p + e[k] * s).collect()
    };
    let full_facet: Vec<(usize, f64)> = (0..N - 1).flat_map(|k| [(k, 1.0), (k, -1.0)]).collect();
    let (mut a, mut b) = match kind {
        Kind::VertexVertex => {
            let mut a = vec![p];
            a.extend(cone(-1.0));
            let mut b = vec![p];
            b.extend(cone(1.0));
            (a, b)
        }
        Kind::VertexFacet => {
            let mut a = facet(&full_facet);
            a.push(at(-1.0, &vec![0.1; N - 1]));
            let mut b = vec![p];
            b.extend(cone(1.0));
            (a, b)
        }
        Kind::EdgeEdge => {
            let mut a = facet(&[(0, 1.0), (0, -1.0)]);
            a.extend([at(-1.0, &[0.0, 0.5]), at(-1.0, &[0.0, -0.5])]);
            let mut b = facet(&[(1, 1.0), (1, -1.0)]);
            b.extend([at(1.0, &[0.5, 0.0]), at(1.0, &[-0.5, 0.0])]);
            (a, b)
        }
        Kind::FacetFacet => {
            let mut a = facet(&full_facet);
            a.push(at(-1.0, &vec![0.1; N - 1]));
            // B's facet: the midpoint p of one of A's diagonals and the ends
            // of the other ones on one side (2D: [p, p + e₀]).
            let mut b = vec![p];
            b.extend((0..N - 1).map(|k| p + e[k]));
            if N == 3 {
                b.push(p - e[0]);
            }
            b.push(at(1.0, &vec![0.1; N - 1]));
            (a, b)
        }
    };
    if shift != 0.0 {
        for q in &mut b {
            *q += n * shift;
        }
    }
    let expect = Some(if shift > 0.0 {
        Relation::Separated
    } else if shift < 0.0 {
        Relation::Penetrating
    } else {
        Relation::Touching
    });
    let s = 2f64.powi(scale);
    for q in a.iter_mut().chain(b.iter_mut()) {
        *q *= s;
    }
    Pair { a, b, expect }
}

/// A normal of the hyperplane spanned by `N − 1` vectors (2D: the
/// perpendicular; 3D: the cross product), rounded.
fn normal<const N: usize>(e: &[Vector<f64, N>]) -> Vector<f64, N> {
    let mut n = Vector::<f64, N>::zeros();
    if N == 2 {
        n[0] = -e[0][1];
        n[1] = e[0][0];
    } else {
        n[0] = e[0][1] * e[1][2] - e[0][2] * e[1][1];
        n[1] = e[0][2] * e[1][0] - e[0][0] * e[1][2];
        n[2] = e[0][0] * e[1][1] - e[0][1] * e[1][0];
    }
    n
}
