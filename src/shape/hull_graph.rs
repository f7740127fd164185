//! The vertex–edge graph of the convex hull of a point set in 2D and 3D,
//! computed with exact orientation tests: what [`super::ClimbingHull`]
//! climbs on.
//!
//! # What the graph must be
//!
//! Hill climbing stops at a vertex `v` none of whose neighbours is higher
//! along `d`. That `v` is a maximiser over the whole polytope `P` when
//!
//! ```text
//! P ⊂ v + cone{ q − v : q a neighbour of v }        (the tangent cone at v)
//! ```
//!
//! which holds when `v` is an **extreme point** of `P` and its neighbours
//! include the far end of every **edge** of `P` at `v`. It fails for a
//! point that is not extreme: a point inside a facet, linked to the
//! facet's corners around it, has all its neighbours level with it along
//! the facet's inward normal, and is no maximiser there. So the graph here
//! has exactly the extreme points as nodes and exactly the edges of `P`
//! as edges; duplicates and points inside facets or edges are dropped.
//!
//! # How (exact)
//!
//! * **3D**: a triangulated hull by insertion (beneath–beyond): a point
//!   strictly above at least one face replaces the faces it sees strictly
//!   by a fan from their horizon; a point above none is inside or on the
//!   hull and is skipped. Adjacent coplanar triangles are then merged into
//!   facets, and each facet's corners are its vertices' strictly convex 2D
//!   hull (projected along the facet normal's largest axis), so a point on
//!   a facet or on an edge is no corner. The polytope's edges are the sides
//!   of these polygons. A flat point set is a polygon, a collinear one a
//!   segment, a single point (repeated or not) a graph of one node.
//! * **2D**: the strictly convex hull by Andrew's monotone chain (A. M.
//!   Andrew, *Inf. Proc. Letters* 9(5), 1979).
//!
//! Every decision is the sign of an orientation determinant, computed
//! exactly ([`orient2`], [`orient3`]): in exact mode in the scalar itself;
//! in float mode first in `f64` with a forward error bound (Shewchuk,
//! "Adaptive precision floating-point arithmetic and fast robust geometric
//! predicates", *Discrete Comput. Geom.* 18, 1997, §4.2: `ccwerrboundA`,
//! `o3derrboundA`, here doubled), and in exact rationals from the doubles
//! when the bound leaves the sign open (flat, collinear or repeated input).
//! So the graph is the exact hull's of the given floats. Cost: `O(n · F)`
//! orientation tests for `n` points and `F` faces, once per shape.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use crate::scalar::{rational_from_f64, Rational, Scalar};
use crate::vector::Vector;

/// The graph: nodes are indices into the point set (extreme points only),
/// neighbours in compressed rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EdgeGraph {
    /// `nodes[k]`: the point index of node `k`.
    pub(crate) nodes: Vec<usize>,
    /// Node `k`'s neighbours are `adjacency[offsets[k]..offsets[k + 1]]`.
    pub(crate) offsets: Vec<usize>,
    /// Neighbour node indices.
    pub(crate) adjacency: Vec<usize>,
}

impl EdgeGraph {
    /// The neighbours of node `k`.
    pub(crate) fn neighbours(&self, k: usize) -> &[usize] {
        &self.adjacency[self.offsets[k]..self.offsets[k + 1]]
    }

    fn from_edges(nodes: Vec<usize>, edges: &HashSet<(usize, usize)>) -> Self {
        let index: HashMap<usize, usize> = nodes.iter().enumerate().map(|(k, &p)| (p, k)).collect();
        let mut lists = vec![Vec::new(); nodes.len()];
        for &(p, q) in edges {
            let (kp, kq) = (index[&p], index[&q]);
            lists[kp].push(kq);
            lists[kq].push(kp);
        }
        let mut offsets = vec![0];
        let mut adjacency = Vec::new();
        for mut l in lists {
            l.sort_unstable();
            l.dedup();
            adjacency.extend(l);
            offsets.push(adjacency.len());
        }
        EdgeGraph {
            nodes,
            offsets,
            adjacency,
        }
    }
}

/// `f64` relative error bound of the 2D orientation determinant, in units
/// of its permanent: Shewchuk's `ccwerrboundA = (3 + 16ε)ε`, `ε = 2⁻⁵³`,
/// doubled for margin.
const ORIENT2_BOUND: f64 = 2.0 * (3.0 + 16.0 * f64::EPSILON / 2.0) * f64::EPSILON / 2.0;
/// The same for the 3D determinant: `o3derrboundA = (7 + 56ε)ε`, doubled.
const ORIENT3_BOUND: f64 = 2.0 * (7.0 + 56.0 * f64::EPSILON / 2.0) * f64::EPSILON / 2.0;
/// Below this permanent, products may underflow (Shewchuk's bounds assume
/// they do not): the filter gives up and the exact path decides.
const FILTER_FLOOR: f64 = 1e-200;

fn sign<T: Scalar>(x: &T) -> Ordering {
    x.partial_cmp(&T::zero()).unwrap_or(Ordering::Equal)
}

fn q<T: Scalar>(x: &T) -> Rational {
    // Float coordinates are finite (the shape checks them): exact.
    rational_from_f64(x.to_f64()).unwrap_or_default()
}

/// The sign of `(b − a) × (c − a)` along axis `k` of the 3D cross product
/// (`k = 2` for 2D points, coordinates `(i, j)` = the other two axes):
/// positive when `a, b, c` turn counter-clockwise in the `(i, j)` plane.
pub(crate) fn orient2<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    c: &Vector<T, N>,
    (i, j): (usize, usize),
) -> Ordering {
    if T::EXACT {
        let det = (b[i].clone() - a[i].clone()) * (c[j].clone() - a[j].clone())
            - (b[j].clone() - a[j].clone()) * (c[i].clone() - a[i].clone());
        return sign(&det);
    }
    let f = |p: &Vector<T, N>, k: usize| p[k].to_f64();
    let left = (f(b, i) - f(a, i)) * (f(c, j) - f(a, j));
    let right = (f(b, j) - f(a, j)) * (f(c, i) - f(a, i));
    let det = left - right;
    let permanent = left.abs() + right.abs();
    if let Some(o) = filtered(det, permanent, ORIENT2_BOUND) {
        return o;
    }
    let d = (q(&b[i]) - q(&a[i])) * (q(&c[j]) - q(&a[j]))
        - (q(&b[j]) - q(&a[j])) * (q(&c[i]) - q(&a[i]));
    sign(&d)
}

/// The float filter of [`orient2`] and [`orient3`]: the sign of the float
/// determinant `det` when it is farther from zero than its error bound
/// `factor · permanent`, and `None` (decide exactly) when it is not, or
/// when the values are not finite or the permanent is too small for the
/// bound to hold ([`FILTER_FLOOR`]).
fn filtered(det: f64, permanent: f64, factor: f64) -> Option<Ordering> {
    if !(det.is_finite() && permanent.is_finite() && permanent > FILTER_FLOOR) {
        return None;
    }
    let bound = factor * permanent;
    if det > bound {
        Some(Ordering::Greater)
    } else if det < -bound {
        Some(Ordering::Less)
    } else {
        None
    }
}

/// The sign of `det[b − a, c − a, d − a]` (3D): positive when `d` lies on
/// the side of the plane `abc` its normal `(b − a) × (c − a)` points to.
pub(crate) fn orient3<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    c: &Vector<T, N>,
    d: &Vector<T, N>,
) -> Ordering {
    if T::EXACT {
        let e = |p: &Vector<T, N>, k: usize| p[k].clone() - a[k].clone();
        let m = |x: &Vector<T, N>, y: &Vector<T, N>, k: usize, l: usize| {
            e(x, k) * e(y, l) - e(x, l) * e(y, k)
        };
        let det = e(d, 0) * m(b, c, 1, 2) + e(d, 1) * m(b, c, 2, 0) + e(d, 2) * m(b, c, 0, 1);
        return sign(&det);
    }
    // Shewchuk's orient3d with `a` as the base point.
    let f = |p: &Vector<T, N>, k: usize| p[k].to_f64() - a[k].to_f64();
    let (bx, by, bz) = (f(b, 0), f(b, 1), f(b, 2));
    let (cx, cy, cz) = (f(c, 0), f(c, 1), f(c, 2));
    let (dx, dy, dz) = (f(d, 0), f(d, 1), f(d, 2));
    let (bycz, bzcy) = (by * cz, bz * cy);
    let (bzcx, bxcz) = (bz * cx, bx * cz);
    let (bxcy, bycx) = (bx * cy, by * cx);
    let det = dx * (bycz - bzcy) + dy * (bzcx - bxcz) + dz * (bxcy - bycx);
    let permanent = (bycz.abs() + bzcy.abs()) * dx.abs()
        + (bzcx.abs() + bxcz.abs()) * dy.abs()
        + (bxcy.abs() + bycx.abs()) * dz.abs();
    if let Some(o) = filtered(det, permanent, ORIENT3_BOUND) {
        return o;
    }
    let e = |p: &Vector<T, N>, k: usize| q(&p[k]) - q(&a[k]);
    let m = |x: &Vector<T, N>, y: &Vector<T, N>, k: usize, l: usize| {
        e(x, k) * e(y, l) - e(x, l) * e(y, k)
    };
    let det = e(d, 0) * m(b, c, 1, 2) + e(d, 1) * m(b, c, 2, 0) + e(d, 2) * m(b, c, 0, 1);
    sign(&det)
}

/// Lexicographic order of the coordinates `(i, j)`.
fn lex<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    (i, j): (usize, usize),
) -> Ordering {
    a[i].partial_cmp(&b[i])
        .unwrap_or(Ordering::Equal)
        .then(a[j].partial_cmp(&b[j]).unwrap_or(Ordering::Equal))
}

/// The strictly convex hull of the points `idx` in the `(i, j)` plane,
/// counter-clockwise (monotone chain; collinear and repeated points
/// dropped): one index for a single point, two for a segment.
fn hull_2d<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    idx: &[usize],
    axes: (usize, usize),
) -> Vec<usize> {
    let mut s: Vec<usize> = idx.to_vec();
    s.sort_by(|&x, &y| lex(&p[x], &p[y], axes).then(x.cmp(&y)));
    s.dedup_by(|x, y| lex(&p[*x], &p[*y], axes) == Ordering::Equal);
    if s.len() <= 2 {
        return s;
    }
    let mut out: Vec<usize> = Vec::with_capacity(2 * s.len());
    for pass in 0..2 {
        let start = out.len();
        let order: Vec<usize> = if pass == 0 {
            s.clone()
        } else {
            s.iter().rev().copied().collect()
        };
        for x in order {
            while out.len() >= start + 2
                && orient2(&p[out[out.len() - 2]], &p[out[out.len() - 1]], &p[x], axes)
                    != Ordering::Greater
            {
                out.pop();
            }
            out.push(x);
        }
        // The last point of each chain starts the other one.
        out.pop();
    }
    if out.len() < 2 {
        // All collinear: the chains cancelled down to at most one point;
        // the two extremes of the lexicographic order are the segment.
        return vec![s[0], s[s.len() - 1]];
    }
    out
}

/// The edges of a polygon given by its corners in order.
fn cycle_edges(corners: &[usize], edges: &mut HashSet<(usize, usize)>) {
    match corners.len() {
        0 | 1 => {}
        2 => {
            edges.insert((corners[0].min(corners[1]), corners[0].max(corners[1])));
        }
        k => {
            for t in 0..k {
                let (x, y) = (corners[t], corners[(t + 1) % k]);
                edges.insert((x.min(y), x.max(y)));
            }
        }
    }
}

/// The two axes that remain when axis `k` of 3D is dropped.
fn other_axes(k: usize) -> (usize, usize) {
    match k {
        0 => (1, 2),
        1 => (2, 0),
        _ => (0, 1),
    }
}

/// An axis along which the normal of the plane `abc` (not collinear) has a
/// non-zero component: projecting along it keeps the plane's points apart.
fn projection_axis<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    c: &Vector<T, N>,
) -> usize {
    (0..3)
        .find(|&k| orient2(a, b, c, other_axes(k)) != Ordering::Equal)
        .unwrap_or(2)
}

/// The graph of the hull of `p` (2D or 3D; `None` in other dimensions or
/// for an empty set).
pub(crate) fn edge_graph<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> Option<EdgeGraph> {
    if p.is_empty() {
        return None;
    }
    let all: Vec<usize> = (0..p.len()).collect();
    match N {
        2 => {
            let corners = hull_2d(p, &all, (0, 1));
            let mut edges = HashSet::new();
            cycle_edges(&corners, &mut edges);
            Some(EdgeGraph::from_edges(corners, &edges))
        }
        3 => Some(graph_3d(p)),
        _ => None,
    }
}

fn graph_3d<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> EdgeGraph {
    let n = p.len();
    let i0 = 0;
    let Some(i1) = (0..n).find(|&i| p[i] != p[i0]) else {
        return EdgeGraph::from_edges(vec![i0], &HashSet::new());
    };
    let collinear =
        |i: usize| (0..3).all(|k| orient2(&p[i0], &p[i1], &p[i], other_axes(k)) == Ordering::Equal);
    let Some(i2) = (0..n).find(|&i| !collinear(i)) else {
        // A segment: its two extreme points along p1 − p0 (the
        // lexicographic extremes of collinear points).
        let lo = (0..n)
            .min_by(|&x, &y| lex3(&p[x], &p[y]).then(x.cmp(&y)))
            .unwrap_or(i0);
        let hi = (0..n)
            .max_by(|&x, &y| lex3(&p[x], &p[y]).then(y.cmp(&x)))
            .unwrap_or(i1);
        let mut edges = HashSet::new();
        cycle_edges(&[lo, hi], &mut edges);
        return EdgeGraph::from_edges(vec![lo, hi], &edges);
    };
    let Some(i3) = (0..n).find(|&i| orient3(&p[i0], &p[i1], &p[i2], &p[i]) != Ordering::Equal)
    else {
        // Flat: the polygon in the plane.
        let axes = other_axes(projection_axis(&p[i0], &p[i1], &p[i2]));
        let all: Vec<usize> = (0..n).collect();
        let corners = hull_2d(p, &all, axes);
        let mut edges = HashSet::new();
        cycle_edges(&corners, &mut edges);
        return EdgeGraph::from_edges(corners, &edges);
    };
    let faces = triangulated_hull(p, [i0, i1, i2, i3]);
    facet_graph(p, &faces)
}

fn lex3<T: Scalar, const N: usize>(a: &Vector<T, N>, b: &Vector<T, N>) -> Ordering {
    (0..3)
        .map(|k| a[k].partial_cmp(&b[k]).unwrap_or(Ordering::Equal))
        .find(|o| *o != Ordering::Equal)
        .unwrap_or(Ordering::Equal)
}

/// Beneath–beyond insertion (module docs): outward-oriented triangles.
fn triangulated_hull<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    start: [usize; 4],
) -> Vec<[usize; 3]> {
    let [a, b, c, d] = start;
    // Orient the start tetrahedron's faces outwards: the opposite vertex
    // lies below each.
    let mut faces: Vec<[usize; 3]> = Vec::new();
    for (f, opposite) in [
        ([a, b, c], d),
        ([a, b, d], c),
        ([a, c, d], b),
        ([b, c, d], a),
    ] {
        let [x, y, z] = f;
        if orient3(&p[x], &p[y], &p[z], &p[opposite]) == Ordering::Greater {
            faces.push([x, z, y]);
        } else {
            faces.push([x, y, z]);
        }
    }
    for (i, x) in p.iter().enumerate() {
        if start.contains(&i) {
            continue;
        }
        let visible: Vec<bool> = faces
            .iter()
            .map(|f| orient3(&p[f[0]], &p[f[1]], &p[f[2]], x) == Ordering::Greater)
            .collect();
        if !visible.iter().any(|&v| v) {
            continue; // inside or on the hull
        }
        let seen: HashSet<(usize, usize)> = faces
            .iter()
            .zip(&visible)
            .filter(|(_, &v)| v)
            .flat_map(|(f, _)| [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])])
            .collect();
        let mut next: Vec<[usize; 3]> = faces
            .iter()
            .zip(&visible)
            .filter(|(_, &v)| !v)
            .map(|(f, _)| *f)
            .collect();
        for f in faces
            .iter()
            .zip(&visible)
            .filter(|(_, &v)| v)
            .map(|(f, _)| f)
        {
            for (u, v) in [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])] {
                // A horizon edge: its twin belongs to a face that stays.
                if !seen.contains(&(v, u)) {
                    next.push([u, v, i]);
                }
            }
        }
        faces = next;
    }
    faces
}

/// Merges coplanar adjacent triangles into facets and links each facet's
/// strictly convex corners (module docs).
fn facet_graph<T: Scalar, const N: usize>(p: &[Vector<T, N>], faces: &[[usize; 3]]) -> EdgeGraph {
    let mut owner: HashMap<(usize, usize), usize> = HashMap::new();
    for (t, f) in faces.iter().enumerate() {
        for (u, v) in [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])] {
            owner.insert((u, v), t);
        }
    }
    // Union–find over triangles, joined across coplanar shared edges.
    let mut parent: Vec<usize> = (0..faces.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (t, f) in faces.iter().enumerate() {
        for (u, v) in [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])] {
            let Some(&s) = owner.get(&(v, u)) else {
                continue;
            };
            let apex = faces[s].iter().copied().find(|&w| w != u && w != v);
            let Some(apex) = apex else { continue };
            if orient3(&p[f[0]], &p[f[1]], &p[f[2]], &p[apex]) == Ordering::Equal {
                let (rt, rs) = (root(&mut parent, t), root(&mut parent, s));
                parent[rt] = rs;
            }
        }
    }
    let mut facets: HashMap<usize, Vec<usize>> = HashMap::new();
    for (t, f) in faces.iter().enumerate() {
        let r = root(&mut parent, t);
        facets.entry(r).or_default().extend_from_slice(f);
    }
    let mut edges = HashSet::new();
    let mut nodes: Vec<usize> = Vec::new();
    let mut roots: Vec<usize> = facets.keys().copied().collect();
    roots.sort_unstable();
    for r in roots {
        let mut verts = facets.remove(&r).unwrap_or_default();
        verts.sort_unstable();
        verts.dedup();
        let [x, y, z] = faces[r];
        let axes = other_axes(projection_axis(&p[x], &p[y], &p[z]));
        let corners = hull_2d(p, &verts, axes);
        cycle_edges(&corners, &mut edges);
        nodes.extend_from_slice(&corners);
    }
    nodes.sort_unstable();
    nodes.dedup();
    EdgeGraph::from_edges(nodes, &edges)
}
