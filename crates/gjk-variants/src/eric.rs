//! Eric's 2D tutorial (seed `004`), as a variant.
//!
//! # What it reproduces
//!
//! * **Loop.** First support point along `(1, 0)`, simplex `[w]`, `d = −w`.
//!   Then, with **no cap**: a support point `w` along `d` is added, and
//!   **unless `d · w > 0`** the answer is "not colliding" (touching is
//!   not colliding); then the simplex step. Only the triangle step can
//!   answer "colliding".
//! * **Line (figure 4).** `AB · AO > 0`: keep `AB` and search along
//!   `p (AO · p)` with `p = perp(AB) = (−AB_y, AB_x)` — the perpendicular
//!   scaled by its own dot product with `AO`, which turns it towards the
//!   origin (regions 2 and 3 at once), **and makes it the zero vector when
//!   the origin is on the line `AB`**. Otherwise keep `A`, along `AO`
//!   (region 1). (The tutorial's prose swaps the two branches; its
//!   pseudo-code, reproduced here, has them the right way round.)
//! * **Triangle (figure 5).** With `p_AB = perp(AB) (perp(AB) · −AC)` (the
//!   normal of `AB` away from `C`, scaled) and `p_AC = perp(AC) (perp(AC) ·
//!   −AB)`: if `p_AB · AO > 0` then (`AB · AO > 0`: region 4, keep `AB`
//!   along `p_AB`; else region 5, keep `A` along `AO`); else if
//!   `p_AC · AO > 0` then (`AC · AO > 0`: region 6, keep `AC` along `p_AC`;
//!   else region 5); else region 7: "colliding". An origin on an edge, or
//!   a collinear triangle (both normals zero), lands in region 7.
//!
//! Every test is strict (`> 0`).
//!
//! # Deviations
//!
//! * A zero direction ends the run as [`super::Outcome::ZeroDirection`]
//!   one support call early: the tutorial would make that call, and its
//!   test, `w · 0 > 0`, fails for any point, so it answers "not colliding"
//!   on that pass whatever the shapes; the outcome carries that answer.
//! * No cap: the safety cap and the cycle check of the module docs.

use super::{colliding, search, test, SeedDecision};
use gjk::scalar::Scalar;
use gjk::vector::{dot, perp2, Vector};

/// The tutorial's `processSimplex`: the line or triangle step.
pub(super) fn step<T: Scalar, const N: usize>(p: &[Vector<T, N>]) -> SeedDecision<T, N> {
    // `perp2` is defined for N = 2, the only dimension `run` accepts here.
    let perp = |u: &Vector<T, N>| perp2(u).unwrap_or_else(Vector::zeros);
    let mut trail = Vec::new();
    let (ab, ao) = (&p[1] - &p[0], -&p[0]);
    let zero = T::zero();
    if p.len() == 2 {
        let t = dot(&ab, &ao);
        if test(&mut trail, "AB · AO > 0", t.clone(), t > zero) {
            let n = perp(&ab);
            let s = dot(&ao, &n);
            return search(trail, vec![0, 1], n * s);
        }
        return search(trail, vec![0], ao);
    }
    let ac = &p[2] - &p[0];
    let n = perp(&ab);
    let p_ab = &n * dot(&n, &-&ac);
    let n = perp(&ac);
    let p_ac = &n * dot(&n, &-&ab);
    let t = dot(&p_ab, &ao);
    if test(&mut trail, "p_AB · AO > 0", t.clone(), t > zero) {
        let t = dot(&ab, &ao);
        if test(&mut trail, "AB · AO > 0", t.clone(), t > zero) {
            return search(trail, vec![0, 1], p_ab);
        }
        return search(trail, vec![0], ao);
    }
    let t = dot(&p_ac, &ao);
    if test(&mut trail, "p_AC · AO > 0", t.clone(), t > zero) {
        let t = dot(&ac, &ao);
        if test(&mut trail, "AC · AO > 0", t.clone(), t > zero) {
            return search(trail, vec![0, 2], p_ac);
        }
        return search(trail, vec![0], ao);
    }
    colliding(trail, 3)
}
