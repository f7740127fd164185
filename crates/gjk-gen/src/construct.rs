//! The constructions, one per family (see the module docs of
//! [`super`] for the contact construction and its proof).
//!
//! Points are rows of `i64` mantissas. Bounds: base coordinates are at most
//! `(2N + 2) · 2^spread ≤ 18 · 2^10 < 2^15` in magnitude; the affine map's
//! matrix has rows of absolute sum at most `2^(N−1) ≤ 2^7` (each of the
//! `N − 1` shears at most doubles it) and its translation at most
//! `2^spread`, so mapped coordinates are below `2^23`; a gap adds
//! `gap · n` with `gap ≤ 2^spread` and `|n|∞ ≤ 2^7`. Everything stays below
//! `2^24` before the `2^gap_bits` factor of the near families.

use num_traits::Zero;

use super::rng::Rng;
use super::{dyadic, Expected, Family, Pair, Params};
use gjk::scalar::Rational;
use gjk_oracle::Relation;

type Pts = Vec<Vec<i64>>;

/// `x ↦ M x + t` with `det M = ±1`, and `M⁻¹`.
struct Frame {
    m: Vec<Vec<i64>>,
    minv: Vec<Vec<i64>>,
    t: Vec<i64>,
}

impl Frame {
    /// The identity (¼), a signed permutation (¼), or a signed permutation
    /// followed by `N − 1` shears `rowᵢ += ±rowⱼ` (½); a random translation
    /// within `±r`.
    fn random(n: usize, r: i64, rng: &mut Rng) -> Frame {
        let mut m: Vec<Vec<i64>> = (0..n)
            .map(|i| (0..n).map(|j| i64::from(i == j)).collect())
            .collect();
        let mut minv = m.clone();
        let kind = rng.int(0, 3);
        if kind >= 1 {
            let mut perm: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut perm);
            let signs: Vec<i64> = (0..n).map(|_| rng.sign()).collect();
            // Row i of M is signs[i] · e_{perm[i]}; M⁻¹ = Mᵀ.
            for i in 0..n {
                for j in 0..n {
                    let v = if perm[i] == j { signs[i] } else { 0 };
                    m[i][j] = v;
                    minv[j][i] = v;
                }
            }
        }
        if kind >= 2 && n >= 2 {
            for _ in 0..n - 1 {
                let i = rng.index(n);
                let j = (i + 1 + rng.index(n - 1)) % n;
                let s = rng.sign();
                // M ← (I + s Eᵢⱼ) M: row i += s · row j.
                let row_j = m[j].clone();
                for (x, y) in m[i].iter_mut().zip(&row_j) {
                    *x += s * y;
                }
                // M⁻¹ ← M⁻¹ (I − s Eᵢⱼ): column j −= s · column i.
                for row in minv.iter_mut() {
                    row[j] -= s * row[i];
                }
            }
        }
        let t = (0..n).map(|_| rng.int(-r, r)).collect();
        Frame { m, minv, t }
    }

    fn apply(&self, x: &[i64]) -> Vec<i64> {
        self.m
            .iter()
            .zip(&self.t)
            .map(|(row, t)| row.iter().zip(x).map(|(a, b)| a * b).sum::<i64>() + t)
            .collect()
    }

    fn apply_all(&self, pts: &[Vec<i64>]) -> Pts {
        pts.iter().map(|p| self.apply(p)).collect()
    }

    /// `M⁻ᵀ e_{N−1}` (row `N − 1` of `M⁻¹`): the normal of the image of the
    /// canonical contact plane. For `y = M x + t`,
    /// `y · n = x_{N−1} + t · n`.
    fn normal(&self) -> Vec<i64> {
        self.minv[self.minv.len() - 1].clone()
    }

    /// `M e_{N−1}` (column `N − 1` of `M`): the image of "down" and "up".
    fn vertical(&self) -> Vec<i64> {
        self.m.iter().map(|row| row[row.len() - 1]).collect()
    }
}

/// A random integer point within `±r` in every coordinate.
fn random_point(n: usize, r: i64, rng: &mut Rng) -> Vec<i64> {
    (0..n).map(|_| rng.int(-r, r)).collect()
}

fn add(p: &[i64], q: &[i64]) -> Vec<i64> {
    p.iter().zip(q).map(|(a, b)| a + b).collect()
}

fn axpy(s: i64, x: &[i64], y: &[i64]) -> Vec<i64> {
    x.iter().zip(y).map(|(a, b)| s * a + b).collect()
}

/// The `l + 1` lateral vectors `kᵢ eᵢ` (`i < l`) and `−k_l Σ eᵢ` in `N = l + 1`
/// dimensions (last coordinate 0): the vertices of a simplex of `H` around
/// the origin, which is interior to it (weights `1/kᵢ`). For `l = 0`: the
/// single vector `0`.
fn lateral_simplex(n: usize, k: &[i64], sign: i64) -> Pts {
    let l = n - 1;
    let mut out = Vec::with_capacity(l + 1);
    for (i, &ki) in k.iter().enumerate().take(l) {
        let mut u = vec![0; n];
        u[i] = sign * ki;
        out.push(u);
    }
    let mut last = vec![0; n];
    for x in last.iter_mut().take(l) {
        *x = -sign * k[l];
    }
    out.push(last);
    out
}

/// A random non-zero lateral vector with entries in `−3..=3`.
fn lateral_direction(n: usize, rng: &mut Rng) -> Vec<i64> {
    loop {
        let mut v: Vec<i64> = (0..n).map(|_| rng.int(-3, 3)).collect();
        v[n - 1] = 0;
        if v.iter().any(|&x| x != 0) {
            return v;
        }
    }
}

/// `true` if `v` and `w` are parallel (all 2×2 minors vanish).
fn parallel(v: &[i64], w: &[i64]) -> bool {
    (0..v.len()).all(|i| (0..i).all(|j| v[i] * w[j] == v[j] * w[i]))
}

/// The kind of a contact feature.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Feature {
    Vertex,
    Edge,
    Facet,
}

impl Feature {
    fn min_dim(self) -> usize {
        match self {
            Feature::Vertex => 1,
            Feature::Edge | Feature::Facet => 2,
        }
    }
}

/// How the upper shape is moved off the contact.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Offset {
    Touch,
    Gap,
    Depth,
}

/// A contact configuration: the two features, whether each shape has a
/// body, and the offset.
struct Contact {
    lower: Feature,
    upper: Feature,
    /// The two edges are collinear (same direction) rather than crossing.
    collinear: bool,
    lower_body: bool,
    upper_body: bool,
    offset: Offset,
}

/// The contact configurations of the touching families.
fn touching_contact(family: Family, rng: &mut Rng) -> Contact {
    use Feature::*;
    let (lower, upper, collinear) = match family {
        Family::VertexVertex => (Vertex, Vertex, false),
        Family::VertexEdge => (Edge, Vertex, false),
        Family::EdgeEdgeCrossing => (Edge, Edge, false),
        Family::EdgeEdgeCollinear => (Edge, Edge, true),
        Family::VertexFace => (Facet, Vertex, false),
        Family::EdgeFace => (Facet, Edge, false),
        _ => (Facet, Facet, false),
    };
    Contact {
        lower,
        upper,
        collinear,
        lower_body: rng.chance(3, 4),
        upper_body: rng.chance(3, 4),
        offset: Offset::Touch,
    }
}

const TOUCHING: [Family; 7] = [
    Family::VertexVertex,
    Family::VertexEdge,
    Family::EdgeEdgeCrossing,
    Family::EdgeEdgeCollinear,
    Family::VertexFace,
    Family::EdgeFace,
    Family::FaceFace,
];

/// The points of a feature of kind `kind` through `p`, in `H`.
fn feature_points(kind: Feature, p: &[i64], dir: &[i64], r: i64, rng: &mut Rng) -> Pts {
    let n = p.len();
    match kind {
        Feature::Vertex => vec![p.to_vec()],
        Feature::Edge => {
            let reach = (r / 4).max(1);
            let (s, t) = (rng.int(1, reach), rng.int(1, reach));
            vec![axpy(-s, dir, p), axpy(t, dir, p)]
        }
        Feature::Facet => {
            let l = n - 1;
            if (1..=3).contains(&l) && rng.chance(1, 3) {
                // A box p + Σ ±hᵢ eᵢ: its centre is p.
                let h: Vec<i64> = (0..l).map(|_| rng.int(1, r)).collect();
                (0..1usize << l)
                    .map(|mask| {
                        let mut q = p.to_vec();
                        for (i, hi) in h.iter().enumerate() {
                            q[i] += if mask >> i & 1 == 1 { *hi } else { -hi };
                        }
                        q
                    })
                    .collect()
            } else {
                let k: Vec<i64> = (0..=l).map(|_| rng.int(1, r)).collect();
                let sign = rng.sign();
                lateral_simplex(n, &k, sign)
                    .iter()
                    .map(|u| add(p, u))
                    .collect()
            }
        }
    }
}

/// The body of the lower shape (`side = −1`) or the upper one (`+1`): the
/// apex simplex `p + side·K e_{N−1} + r uᵢ` and `extra` random points
/// strictly on that side of `H`.
fn body(p: &[i64], side: i64, apex: i64, r: i64, extra: usize, rng: &mut Rng) -> Pts {
    let n = p.len();
    let width = rng.int(1, r);
    let ones = vec![1; n];
    let mut out: Pts = lateral_simplex(n, &ones, 1)
        .iter()
        .map(|u| {
            let mut q = axpy(width, u, p);
            q[n - 1] += side * apex;
            q
        })
        .collect();
    for _ in 0..extra {
        let mut q = add(p, &random_point(n, r, rng));
        q[n - 1] = side * rng.int(1, r);
        out.push(q);
    }
    out
}

/// Builds a contact configuration (see the module docs of [`super`]).
fn contact_pair(params: &Params, c: &Contact, rng: &mut Rng) -> Pair {
    let n = params.dim;
    let r = 1i64 << params.spread;
    let mut p = random_point(n, r, rng);
    p[n - 1] = 0;
    let v = if n >= 2 {
        lateral_direction(n, rng)
    } else {
        vec![0; n]
    };
    let w = if c.collinear || n < 3 {
        v.clone()
    } else {
        let mut w = lateral_direction(n, rng);
        for _ in 0..8 {
            if !parallel(&v, &w) {
                break;
            }
            w = lateral_direction(n, rng);
        }
        if parallel(&v, &w) {
            // v is not parallel to both e₀ and e₁ (n ≥ 3: two lateral axes).
            w = vec![0; n];
            w[usize::from(v[1] == 0)] = 1;
        }
        w
    };
    let mut lower = feature_points(c.lower, &p, &v, r, rng);
    let mut upper = feature_points(c.upper, &p, &w, r, rng);
    // The depth d = gap · 2^-gap_bits must stay below the apex height K.
    let depth_floor = (params.gap >> params.gap_bits) + 1;
    let apex = |rng: &mut Rng| rng.int(1, r).max(depth_floor);
    if c.lower_body {
        let k = apex(rng);
        lower.extend(body(&p, -1, k, r, params.extra, rng));
    }
    if c.upper_body {
        let k = apex(rng);
        upper.extend(body(&p, 1, k, r, params.extra, rng));
    }
    rng.shuffle(&mut lower);
    rng.shuffle(&mut upper);

    let frame = Frame::random(n, r, rng);
    let mut lower = frame.apply_all(&lower);
    let mut upper = frame.apply_all(&upper);
    let normal = frame.normal();
    let mut exp = params.scale_exp;
    let mut expected = Expected {
        relation: Some(Relation::Touching),
        dist2: None,
        normal: Some(normal.clone()),
    };
    if c.offset != Offset::Touch {
        let bits = params.gap_bits;
        for q in lower.iter_mut().chain(upper.iter_mut()).flatten() {
            *q <<= bits;
        }
        exp -= bits as i32;
        let g = params.gap;
        if c.offset == Offset::Gap {
            upper = upper.iter().map(|q| axpy(g, &normal, q)).collect();
            let n2: i64 = normal.iter().map(|x| x * x).sum();
            expected.relation = Some(Relation::Separated);
            expected.dist2 = Some(dyadic(g * g, 0) * dyadic(n2, 0) * dyadic(1, 2 * exp));
        } else {
            let down = frame.vertical();
            upper = upper.iter().map(|q| axpy(-g, &down, q)).collect();
            expected.relation = Some(Relation::Penetrating);
            expected.normal = None;
        }
    }
    if expected.relation != Some(Relation::Separated) {
        // Touching and penetrating pairs are at distance 0.
        expected.dist2 = Some(Rational::zero());
    }
    let (a, b) = if rng.chance(1, 2) {
        (lower, upper)
    } else {
        if let Some(n) = expected.normal.as_mut() {
            n.iter_mut().for_each(|x| *x = -*x);
        }
        (upper, lower)
    };
    Pair {
        params: params.clone(),
        a,
        b,
        exp,
        expected,
    }
}

/// A touching family that exists in dimension `n`, for the near families.
fn random_touching(n: usize, rng: &mut Rng) -> Family {
    let ok: Vec<Family> = TOUCHING.into_iter().filter(|f| f.supports(n)).collect();
    *rng.pick(&ok)
}

fn near(params: &Params, offset: Offset, rng: &mut Rng) -> Pair {
    let base = random_touching(params.dim, rng);
    let mut c = touching_contact(base, rng);
    c.offset = offset;
    // Penetration needs the lower body (see the module docs of `super`).
    c.lower_body |= offset == Offset::Depth;
    contact_pair(params, &c, rng)
}

fn point_polytope(params: &Params, rng: &mut Rng) -> Pair {
    let n = params.dim;
    let features: &[Feature] = &[Feature::Vertex, Feature::Edge, Feature::Facet];
    let ok: Vec<Feature> = features
        .iter()
        .copied()
        .filter(|f| f.min_dim() <= n)
        .collect();
    let offset = *rng.pick(&[Offset::Touch, Offset::Gap, Offset::Depth]);
    let c = Contact {
        lower: *rng.pick(&ok),
        upper: Feature::Vertex,
        collinear: false,
        lower_body: offset == Offset::Depth || rng.chance(7, 8),
        upper_body: false,
        offset,
    };
    contact_pair(params, &c, rng)
}

/// `count` random points within `±r`, in the first `k` coordinates only
/// (the others 0).
fn flat_points(n: usize, k: usize, count: usize, r: i64, rng: &mut Rng) -> Pts {
    (0..count)
        .map(|_| {
            let mut q = random_point(n, r, rng);
            q.iter_mut().skip(k).for_each(|x| *x = 0);
            q
        })
        .collect()
}

fn finish(params: &Params, a: Pts, b: Pts, expected: Expected, rng: &mut Rng) -> Pair {
    let r = 1i64 << params.spread;
    let frame = Frame::random(params.dim, r, rng);
    let (a, b) = (frame.apply_all(&a), frame.apply_all(&b));
    let (a, b) = if rng.chance(1, 2) { (a, b) } else { (b, a) };
    Pair {
        params: params.clone(),
        a,
        b,
        exp: params.scale_exp,
        expected,
    }
}

fn general(params: &Params, rng: &mut Rng) -> Pair {
    let n = params.dim;
    let r = 1i64 << params.spread;
    let count = n + 1 + params.extra;
    let a = flat_points(n, n, count, r, rng);
    let shift = random_point(n, 2 * r, rng);
    let b = flat_points(n, n, count, r, rng)
        .iter()
        .map(|q| add(q, &shift))
        .collect();
    finish(params, a, b, Expected::default(), rng)
}

fn flat(params: &Params, rng: &mut Rng) -> Pair {
    let n = params.dim;
    let r = 1i64 << params.spread;
    let ka = rng.int(1, n as i64 - 1) as usize;
    let kb = rng.int(1, n as i64) as usize;
    let a = flat_points(n, ka, ka + 1 + params.extra, r, rng);
    // B's flat: kb random axes; off them either 0 (the flats meet, often
    // in the same subspace) or a random offset.
    let mut axes: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut axes);
    let meet = rng.chance(1, 2);
    let off: Vec<i64> = (0..n)
        .map(|_| if meet { 0 } else { rng.int(-r, r) })
        .collect();
    let b = flat_points(n, kb, kb + 1 + params.extra, r, rng)
        .iter()
        .map(|q| {
            let mut out = off.clone();
            for (i, &axis) in axes.iter().enumerate().take(kb) {
                out[axis] = q[i];
            }
            out
        })
        .collect();
    finish(params, a, b, Expected::default(), rng)
}

/// The simplex `K eᵢ`, `−K Σ eᵢ` with `K = (2N + 2) r`: it holds the cube
/// `[−r, r]^N` in its interior (the barycentric weights of `x` are
/// `λ₀ = (1 − Σ xᵢ/K)/(N + 1)` and `λᵢ = xᵢ/K + λ₀`, all positive when
/// `|xᵢ| ≤ r < K/(2N + 1)`).
fn enclosing_simplex(n: usize, r: i64) -> Pts {
    let k = vec![(2 * n as i64 + 2) * r; n + 1];
    let mut full = lateral_simplex(n + 1, &k, 1);
    for q in full.iter_mut() {
        q.pop();
    }
    full
}

fn containment(params: &Params, rng: &mut Rng) -> Pair {
    let n = params.dim;
    let r = 1i64 << params.spread;
    let k = if n >= 2 && rng.chance(1, 4) {
        rng.int(0, n as i64 - 1) as usize
    } else {
        n
    };
    let inner = flat_points(n, k, n + 1 + params.extra, r, rng);
    let mut outer = enclosing_simplex(n, r);
    rng.shuffle(&mut outer);
    let expected = Expected {
        relation: Some(Relation::Penetrating),
        dist2: Some(Rational::zero()),
        normal: None,
    };
    finish(params, inner, outer, expected, rng)
}

fn identical(params: &Params, rng: &mut Rng) -> Pair {
    let n = params.dim;
    let r = 1i64 << params.spread;
    let (points, relation) = if n >= 2 && rng.chance(1, 4) {
        let k = rng.int(0, n as i64 - 1) as usize;
        (
            flat_points(n, k, k + 1 + params.extra, r, rng),
            Relation::Touching,
        )
    } else {
        // A simplex around the origin makes the set full-dimensional.
        let k: Vec<i64> = (0..=n).map(|_| rng.int(1, r)).collect();
        let mut full = lateral_simplex(n + 1, &k, 1);
        for q in full.iter_mut() {
            q.pop();
        }
        full.extend(flat_points(n, n, params.extra, r, rng));
        (full, Relation::Penetrating)
    };
    let mut other = points.clone();
    rng.shuffle(&mut other);
    let expected = Expected {
        relation: Some(relation),
        dist2: Some(Rational::zero()),
        normal: None,
    };
    finish(params, points, other, expected, rng)
}

fn duplicates(params: &Params, rng: &mut Rng) -> Pair {
    let bases: Vec<Family> = Family::supported(params.dim)
        .into_iter()
        .filter(|&f| f != Family::Duplicates)
        .collect();
    let base = Params {
        family: *rng.pick(&bases),
        seed: rng.next_u64(),
        ..params.clone()
    };
    let mut pair = build(&base);
    for set in [&mut pair.a, &mut pair.b] {
        for _ in 0..rng.int(1, 3) {
            let q = set[rng.index(set.len())].clone();
            let at = rng.index(set.len() + 1);
            set.insert(at, q);
        }
    }
    pair.params = params.clone();
    pair
}

/// The construction of `params.family` (parameters already validated).
pub(super) fn build(params: &Params) -> Pair {
    let rng = &mut Rng::new(params.seed);
    match params.family {
        Family::GeneralPosition => general(params, rng),
        f @ (Family::VertexVertex
        | Family::VertexEdge
        | Family::EdgeEdgeCrossing
        | Family::EdgeEdgeCollinear
        | Family::VertexFace
        | Family::EdgeFace
        | Family::FaceFace) => {
            let c = touching_contact(f, rng);
            contact_pair(params, &c, rng)
        }
        Family::NearGap => near(params, Offset::Gap, rng),
        Family::NearDepth => near(params, Offset::Depth, rng),
        Family::Duplicates => duplicates(params, rng),
        Family::Flat => flat(params, rng),
        Family::PointPolytope => point_polytope(params, rng),
        Family::Containment => containment(params, rng),
        Family::Identical => identical(params, rng),
    }
}
