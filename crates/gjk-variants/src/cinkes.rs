//! Cinkes (seed `002`), as a variant.
//!
//! # What it reproduces
//!
//! * **Loop.** First support point along `(1, 0, 0)`, simplex `[w]`,
//!   `d = −w`. Then, with **no cap**: `d` is normalised, a support point
//!   `w` is taken along it, **`w · d ≤ 0` answers "not colliding"**, else
//!   `w` is pushed in front and the simplex step runs. Only the
//!   tetrahedron step can answer "colliding".
//! * **Line.** `AB · AO > 0` (the seed's "same direction", strict): keep
//!   `AB`, search along `(AB × AO) × AB`; otherwise keep `A`, search along
//!   `AO`. Nothing tests for the origin *on* the segment: there the
//!   direction is the zero vector, and the next pass normalises it.
//! * **Triangle.** With `n = AB × AC`: if `(n × AC) · AO > 0` then
//!   (`AC · AO > 0`: keep `AC` along `(AC × AO) × AC`; else the line step on
//!   `AB`); else if `(AB × n) · AO > 0` the line step on `AB`; else
//!   `n · AO > 0`: keep `ABC` along `n`; else keep `ACB` along `−n` (the
//!   origin on the plane goes this way too).
//! * **Tetrahedron.** Normals `AB × AC`, `AC × AD`, `AD × AB` tested in that
//!   order with `> 0`; the first that passes hands the face (`ABC`, `ACD`,
//!   `ADB`, in that order) to the triangle step, which may go on to an
//!   edge or a vertex. None passing: "colliding".
//!
//! Every test is strict (`> 0`), so a tie always takes the `else` branch.
//!
//! # Deviations
//!
//! * **Normalising.** In floats the variant divides by the rounded length,
//!   as the seed does. Rationals have no square root; exact mode keeps `d`
//!   unnormalised, which changes no decision (see
//!   [`super::SeedScalar::normalise`]). A zero `d` is a division by zero in
//!   both modes, and the variant stops there:
//!   [`super::Outcome::DivisionByZero`], no answer. What the seed does next
//!   is not known from its article, which shows neither its `Normalize`
//!   nor its shapes' support code: a float division would give NaN
//!   coordinates, which only the support map and the support test would
//!   see (the test, `NaN ≤ 0`, is false, so the loop would go on with
//!   whatever point the support map returns for a NaN direction).
//! * No cap: the safety cap and the cycle check of the module docs.
//! * The seed's shapes and transforms are replaced by the crate's shapes.

use super::{colliding, cross, search, test, SeedDecision, Trail};
use gjk::scalar::Scalar;
use gjk::vector::{dot, reject, Vector};

/// The seed's `NextPoint`: the line, triangle or tetrahedron step.
pub(super) fn step<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    let mut trail = Vec::new();
    match p.len() {
        2 => line(p, [0, 1], &mut trail).finish(trail),
        3 => triangle(p, [0, 1, 2], &mut trail).finish(trail),
        _ => tetrahedron(p, trail),
    }
}

/// Where a sub-step leaves the search: kept vertices (indices into the
/// whole simplex) and the direction.
struct Partial<T: Scalar, const N: usize> {
    kept: Vec<usize>,
    d: Vector<T, N>,
}

impl<T: Scalar, const N: usize> Partial<T, N> {
    fn finish(self, trail: Vec<Trail<T>>) -> SeedDecision<T, N> {
        search(trail, self.kept, self.d)
    }
}

/// The line step on vertices `ix = [A, B]` of `p`.
fn line<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    ix: [usize; 2],
    trail: &mut Vec<Trail<T>>,
) -> Partial<T, N> {
    let (a, b) = (&p[ix[0]], &p[ix[1]]);
    let (ab, ao) = (b - a, -a);
    let t = dot(&ab, &ao);
    if test(trail, "AB · AO > 0", t.clone(), t > T::zero()) {
        Partial {
            kept: ix.to_vec(),
            d: reject(&ab, &ao),
        }
    } else {
        Partial {
            kept: vec![ix[0]],
            d: ao,
        }
    }
}

/// The triangle step on vertices `ix = [A, B, C]` of `p`.
fn triangle<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    ix: [usize; 3],
    trail: &mut Vec<Trail<T>>,
) -> Partial<T, N> {
    let a = &p[ix[0]];
    let (ab, ac, ao) = (&p[ix[1]] - a, &p[ix[2]] - a, -a);
    let n = cross(&ab, &ac);
    let to_line = |trail: &mut Vec<Trail<T>>| {
        trail.push(Trail::Sub {
            onto: vec![ix[0], ix[1]],
        });
        line(p, [ix[0], ix[1]], trail)
    };
    let t = dot(&cross(&n, &ac), &ao);
    if test(trail, "(n × AC) · AO > 0", t.clone(), t > T::zero()) {
        let t = dot(&ac, &ao);
        if test(trail, "AC · AO > 0", t.clone(), t > T::zero()) {
            return Partial {
                kept: vec![ix[0], ix[2]],
                d: reject(&ac, &ao),
            };
        }
        return to_line(trail);
    }
    let t = dot(&cross(&ab, &n), &ao);
    if test(trail, "(AB × n) · AO > 0", t.clone(), t > T::zero()) {
        return to_line(trail);
    }
    let t = dot(&n, &ao);
    if test(trail, "n · AO > 0", t.clone(), t > T::zero()) {
        Partial {
            kept: ix.to_vec(),
            d: n,
        }
    } else {
        Partial {
            kept: vec![ix[0], ix[2], ix[1]],
            d: -n,
        }
    }
}

fn tetrahedron<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    mut trail: Vec<Trail<T>>,
) -> SeedDecision<T, N> {
    let (ab, ac, ad, ao) = (&p[1] - &p[0], &p[2] - &p[0], &p[3] - &p[0], -&p[0]);
    let faces: [(&'static str, Vector<T, N>, [usize; 3]); 3] = [
        ("(AB × AC) · AO > 0", cross(&ab, &ac), [0, 1, 2]),
        ("(AC × AD) · AO > 0", cross(&ac, &ad), [0, 2, 3]),
        ("(AD × AB) · AO > 0", cross(&ad, &ab), [0, 3, 1]),
    ];
    for (name, normal, face) in faces {
        let t = dot(&normal, &ao);
        if test(&mut trail, name, t.clone(), t > T::zero()) {
            trail.push(Trail::Sub {
                onto: face.to_vec(),
            });
            return triangle(p, face, &mut trail).finish(trail);
        }
    }
    colliding(trail, 4)
}
