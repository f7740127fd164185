//! Emilia Paredes' `gjk_simplex` (seed `003`), as a variant.
//!
//! # What it reproduces
//!
//! The seed shows the simplex step only; every one of its tests is
//! **`≥ 0`**, so a tie goes to the branch that keeps searching towards the
//! origin.
//!
//! * **Line.** `AB · AO ≥ 0`: keep `AB`, search along `(AB × AO) × AB`;
//!   otherwise keep `A`, search along `AO`.
//! * **Triangle.** With `n = AB × AC`: if `(n × AC) · AO ≥ 0` then
//!   (`AC · AO ≥ 0`: keep `AC`; else `AB · AO ≥ 0`: keep `AB`; else "keep
//!   `A`", along `AO`); else if `(AB × n) · AO ≥ 0` then (`AB · AO ≥ 0`:
//!   keep `AB`; else "keep `A`"); else `n · AO ≥ 0`: keep `ABC` along `n`
//!   (the origin *on* the plane goes this way); else keep `ACB` along `−n`.
//!   **"Keep `A`" keeps `B`:** the seed removes two vertices one after the
//!   other from its oldest-first array (position 0, then position 1 of what
//!   is left), and the second removal takes the newest point, `A`. The
//!   search direction is still `AO`. This branch is reachable in exact
//!   arithmetic: the loop as completed below goes on when `w · d = 0`, and
//!   the tetrahedron it then builds can be flat, with its face's triangle
//!   step finding the origin beyond `A` (`tests/seed_variants.rs`,
//!   `paredes_keeps_b_for_vertex_a_in_exact_arithmetic`: the run keeps `B`
//!   at its fourth support call and then repeats every 6 passes).
//! * **Tetrahedron.** Normals `AD × AB`, `AB × AC`, `AC × AD`, tested **in
//!   that order** with `≥ 0`; the first that passes hands the face to the
//!   triangle step as `ABD`, `ABC`, `ACD` respectively (so `ADB` is handed
//!   over with its normal pointing inwards; the triangle step re-orients
//!   it). None passing: the **zero vector**, the seed's only way of saying
//!   that the tetrahedron holds the origin.
//!
//! # The loop (completed by this crate)
//!
//! The seed's article shows no main loop, so the variant uses the others'
//! loop in the seed's own conventions: first support point along
//! `(1, 0, 0)`, `d = −w`; then **a zero `d` means "colliding"** (it is what
//! the tetrahedron step returns when it encloses the origin, and the loop
//! cannot tell it from the line's or the triangle's zero vector); a support
//! point `w` along `d`; **`w · d < 0` answers "not colliding"** (the seed's
//! `≥ 0` convention applied to the support test: a tie keeps searching);
//! no cap (the safety cap and cycle check of the module docs). These three
//! choices are the variant's, not the seed's; a reader with the seed's
//! full source should check them.
//!
//! # Deviations
//!
//! * The seed works in `glm::vec3` floats; the variant runs in the
//!   caller's scalar.

use super::{cross, search, test, SeedDecision, Trail};
use gjk::scalar::Scalar;
use gjk::vector::{dot, reject, Vector};

/// The seed's `iterate`: the line, triangle or tetrahedron step.
pub(super) fn step<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    let mut trail = Vec::new();
    let (kept, d) = match p.len() {
        2 => line(p, &mut trail),
        3 => triangle(p, [0, 1, 2], &mut trail),
        _ => tetrahedron(p, &mut trail),
    };
    search(trail, kept, d)
}

fn line<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    trail: &mut Vec<Trail<T>>,
) -> (Vec<usize>, Vector<T, N>) {
    let (ab, ao) = (&p[1] - &p[0], -&p[0]);
    let t = dot(&ab, &ao);
    if test(trail, "AB · AO ≥ 0", t.clone(), t >= T::zero()) {
        (vec![0, 1], reject(&ab, &ao))
    } else {
        (vec![0], ao)
    }
}

/// The triangle step on vertices `ix = [A, B, C]` of `p`; the kept indices
/// are into `p`.
fn triangle<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    ix: [usize; 3],
    trail: &mut Vec<Trail<T>>,
) -> (Vec<usize>, Vector<T, N>) {
    let a = &p[ix[0]];
    let (ab, ac, ao) = (&p[ix[1]] - a, &p[ix[2]] - a, -a);
    let n = cross(&ab, &ac);
    let zero = T::zero();
    // "Keep A": two removals from the oldest-first array [C, B, A] leave B.
    let vertex_a = |ao: Vector<T, N>| (vec![ix[1]], ao);
    let t = dot(&cross(&n, &ac), &ao);
    if test(trail, "(n × AC) · AO ≥ 0", t.clone(), t >= zero) {
        let t = dot(&ac, &ao);
        if test(trail, "AC · AO ≥ 0", t.clone(), t >= zero) {
            return (vec![ix[0], ix[2]], reject(&ac, &ao));
        }
        let t = dot(&ab, &ao);
        if test(trail, "AB · AO ≥ 0", t.clone(), t >= zero) {
            return (vec![ix[0], ix[1]], reject(&ab, &ao));
        }
        return vertex_a(ao);
    }
    let t = dot(&cross(&ab, &n), &ao);
    if test(trail, "(AB × n) · AO ≥ 0", t.clone(), t >= zero) {
        let t = dot(&ab, &ao);
        if test(trail, "AB · AO ≥ 0", t.clone(), t >= zero) {
            return (vec![ix[0], ix[1]], reject(&ab, &ao));
        }
        return vertex_a(ao);
    }
    let t = dot(&n, &ao);
    if test(trail, "n · AO ≥ 0", t.clone(), t >= zero) {
        (ix.to_vec(), n)
    } else {
        (vec![ix[0], ix[2], ix[1]], -n)
    }
}

fn tetrahedron<T: Scalar, const N: usize>(
    p: &[Vector<T, N>],
    trail: &mut Vec<Trail<T>>,
) -> (Vec<usize>, Vector<T, N>) {
    let (ab, ac, ad, ao) = (&p[1] - &p[0], &p[2] - &p[0], &p[3] - &p[0], -&p[0]);
    let faces: [(&'static str, Vector<T, N>, [usize; 3]); 3] = [
        ("(AD × AB) · AO ≥ 0", cross(&ad, &ab), [0, 1, 3]),
        ("(AB × AC) · AO ≥ 0", cross(&ab, &ac), [0, 1, 2]),
        ("(AC × AD) · AO ≥ 0", cross(&ac, &ad), [0, 2, 3]),
    ];
    for (name, normal, face) in faces {
        let t = dot(&normal, &ao);
        if test(trail, name, t.clone(), t >= T::zero()) {
            trail.push(Trail::Sub {
                onto: face.to_vec(),
            });
            return triangle(p, face, trail);
        }
    }
    ((0..4).collect(), Vector::zeros())
}
