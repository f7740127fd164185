//! The Dubious Engine (seeds `000` and `001`), as a variant.
//!
//! # What it reproduces
//!
//! * **Loop (001).** First support point along `(1, 0, 0)`; if that point
//!   is exactly the origin, once more along `(0, 1, 0)`; the simplex is
//!   that point and `d = −w`. Then at most [`super::DUBIOUS_CAP`] passes: a
//!   support point `w` along `d`, **`w · d ≤ 0` answers "not colliding"**
//!   (touching is not colliding, by the seed's own choice), else `w` is
//!   added and the simplex step runs. After the 20th pass without an
//!   answer: "not colliding" ([`super::Outcome::GaveUp`]).
//! * **Line (000).** No region test at all: the seed relies on the support
//!   test to rule out both ends, keeps `AB` and searches along
//!   `(AB × AO) × AB`. When that is the zero vector (the origin on the line
//!   `AB`) it searches along `(AO_y, −AO_x, 0)`, or along `(0, 1, 0)` when
//!   `AO_x = AO_y = 0`.
//! * **Triangle (000).** With `n = AB × AC`: if `(AB × n) · AO > 0` keep
//!   `AB` and search along `AB × n`, the edge's normal **in the triangle's
//!   plane** (not towards the origin); else if `(n × AC) · AO > 0` keep `AC`
//!   and search along `n × AC`; else if `n · AO > 0` keep `ABC` along `n`;
//!   else keep `ACB` (swapped) along `−n` — the origin *on* the plane goes
//!   this way too.
//! * **Tetrahedron (000).** Faces `ABC`, `ACD`, `ADB` with normals
//!   `AB × AC`, `AC × AD`, `AD × AB` (outward by the winding the triangle
//!   step keeps), tested in that order with `> 0`: the first that passes is
//!   kept as a triangle (wound `ABC`, `ACD`, `ADB`) and its normal is the
//!   next direction. No edge or vertex test: an origin beyond an edge goes
//!   to the first face that sees it. No face passing: "colliding" (the
//!   seed returns a zero vector beside its `true`; nothing reads it).
//!
//! # Deviations
//!
//! * A zero direction (the first point and its retry both the origin, or a
//!   collinear triangle, `n = 0`, whose last branch searches along
//!   `−n = 0`) ends the run as [`super::Outcome::ZeroDirection`] one support
//!   call early. The seed would make that call: its brute-force support map
//!   returns the first point (every `dot` is 0, above its start value, the
//!   lowest float, only for the first), and `w · 0 ≤ 0` answers "not
//!   colliding" whatever the shapes; the outcome carries that answer. (On
//!   the last of the 20 passes the cap comes first:
//!   [`super::Outcome::GaveUp`], the same answer.)
//! * The fallback's test for `AO_x = AO_y = 0` is a tolerance comparison in
//!   the seed (its tolerance is not given); here it is exact.
//! * The seed's support map (brute force, first maximum) and its
//!   local-to-world transforms are replaced by the crate's shapes (same
//!   tie rule: the first listed point).
//! * The seed works in `float`; the variant runs in the caller's scalar.

use super::{colliding, cross, search, test, SeedDecision, Trail};
use gjk::scalar::Scalar;
use gjk::vector::{dot, is_zero, reject, Vector};

/// Seed 000's `build`: the line, triangle or tetrahedron step.
pub(super) fn step<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    match p.len() {
        2 => line(p),
        3 => triangle(p),
        _ => tetrahedron(p),
    }
}

fn line<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    let ab = &p[1] - &p[0];
    let ao = -&p[0];
    let mut trail = Vec::new();
    let mut d = reject(&ab, &ao);
    if is_zero(&d) {
        let mut fallback = Vector::<T, N>::zeros();
        if ao[0].is_zero() && ao[1].is_zero() {
            trail.push(Trail::Fallback(
                "(AB × AO) × AB = 0 and AO_x = AO_y = 0: d = (0, 1, 0)",
            ));
            fallback[1] = T::one();
        } else {
            trail.push(Trail::Fallback("(AB × AO) × AB = 0: d = (AO_y, −AO_x, 0)"));
            fallback[0] = ao[1].clone();
            fallback[1] = -ao[0].clone();
        }
        d = fallback;
    }
    search(trail, vec![0, 1], d)
}

fn triangle<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    let (ab, ac, ao) = (&p[1] - &p[0], &p[2] - &p[0], -&p[0]);
    let n = cross(&ab, &ac);
    let mut trail = Vec::new();
    let ab_out = cross(&ab, &n);
    let t = dot(&ao, &ab_out);
    if test(&mut trail, "(AB × n) · AO > 0", t.clone(), t > T::zero()) {
        return search(trail, vec![0, 1], ab_out);
    }
    let ac_out = cross(&n, &ac);
    let t = dot(&ao, &ac_out);
    if test(&mut trail, "(n × AC) · AO > 0", t.clone(), t > T::zero()) {
        return search(trail, vec![0, 2], ac_out);
    }
    let t = dot(&n, &ao);
    if test(&mut trail, "n · AO > 0", t.clone(), t > T::zero()) {
        return search(trail, vec![0, 1, 2], n);
    }
    search(trail, vec![0, 2, 1], -n)
}

fn tetrahedron<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    let (ab, ac, ad, ao) = (&p[1] - &p[0], &p[2] - &p[0], &p[3] - &p[0], -&p[0]);
    let mut trail = Vec::new();
    let faces: [(&'static str, Vector<T, N>, Vec<usize>); 3] = [
        ("(AB × AC) · AO > 0", cross(&ab, &ac), vec![0, 1, 2]),
        ("(AC × AD) · AO > 0", cross(&ac, &ad), vec![0, 2, 3]),
        ("(AD × AB) · AO > 0", cross(&ad, &ab), vec![0, 3, 1]),
    ];
    for (name, normal, kept) in faces {
        let t = dot(&normal, &ao);
        if test(&mut trail, name, t.clone(), t > T::zero()) {
            return search(trail, kept, normal);
        }
    }
    colliding(trail, 4)
}
