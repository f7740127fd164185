//! The verifier under fuzzing: the body of the target `forged`.
//!
//! [`gjk::certificate::verify`] is public so that users can hand it
//! certificates from *their* implementation, which may be wrong in any
//! way. Its one duty is soundness: whatever it accepts must be true. This
//! target holds it to that on certificates the fuzzer forges.
//!
//! **Input.** A case exactly as `diff_nd` decodes it ([`DiffN`]: a
//! generated pair or raw small dyadic points, 1D to 6D), then an edit
//! script: the rest of the bytes, four at a time, `[op, k, x, y]`, at most
//! [`MAX_FORGERIES`] edits.
//!
//! **Truth.** [`proved_report`](crate::fuzzing_exact) with the oracle: the exact mode's
//! relation, `dist²` and `δ²`, each held there to the exact oracle
//! (`gjk-oracle`) for raw points (unless past the oracle's work limits) and
//! to the construction's claims for a generated pair.
//!
//! **Forgeries.** Edit `k` picks one of the exact mode's certificates (`k`
//! modulo their number plus two) and changes one thing in it, chosen by
//! `op` ([`forge`]): one weight moved to another entry (the sum stays 1),
//! one weight replaced, one index replaced (possibly out of range), one
//! coordinate of a direction changed, one entry dropped or repeated, a
//! facet's orientation flipped, another facet named nearest, a pair with
//! weight zero added; or (`op mod 8 = 7`) restates it as a certificate of
//! another kind ([`convert`]: a touching normal on an intersecting
//! combination's common point, an intersecting simplex from a touching
//! point's product weights). With `op`'s top bit set, the edit applies to
//! the previous forgery instead, so edits chain. The two
//! extra values of `k` build a certificate from nothing: a separating
//! direction from `x` and `y`, or a one-point distance certificate
//! `a[x] − b[y]` (true exactly when that pair of points is a closest
//! pair). Each forgery goes to the verifier; when it is accepted, what it
//! proved must be the truth: the same relation, the same `dist²` (zero
//! unless separated), the same `δ²`, and witnesses and penetration vectors
//! consistent with them. A rejection is never a failure: a forgery may be
//! false, or true but not provable by its kind.
//!
//! A failure panics with the case, the certificate as forged and what the
//! verifier proved of it.

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Result as ArbResult, Unstructured};
use gjk::certificate::{verify, Certificate, Pair, Proved as Claim};
use gjk::{Rational, Relation, Vector};
use gjk_gen::exact_rows;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use crate::fuzzing::{Diff, DiffN};
use crate::fuzzing_exact::{proved_report, Proved};

/// The most edits one input makes (each costs one verification).
pub const MAX_FORGERIES: usize = 8;

/// A case and an edit script (module docs).
#[derive(Debug)]
pub struct Forged {
    /// The case, decoded as `diff_nd` decodes it.
    pub case: Diff,
    /// The edits, four bytes each.
    pub edits: Vec<[u8; 4]>,
}

impl<'a> Arbitrary<'a> for Forged {
    fn arbitrary(u: &mut Unstructured<'a>) -> ArbResult<Self> {
        let DiffN(case) = DiffN::arbitrary(u)?;
        let rest = u.bytes(u.len())?;
        let edits = rest
            .chunks_exact(4)
            .take(MAX_FORGERIES)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect();
        Ok(Forged { case, edits })
    }
}

/// `forged` (module docs).
pub fn forged(input: Forged) {
    tally(&input);
}

/// How the verifier answered one input's forgeries: per certificate kind
/// ([`Certificate::name`]), how many it accepted (each then held to the
/// truth) and how many it rejected.
pub type Tally = BTreeMap<&'static str, (usize, usize)>;

/// The body of `forged`, with its tally (for the corpus replay, which
/// shows that both outcomes occur).
pub fn tally(input: &Forged) -> Tally {
    let d = &input.case;
    let edits = &input.edits;
    match d.dim {
        1 => check::<1>(d, edits),
        2 => check::<2>(d, edits),
        3 => check::<3>(d, edits),
        4 => check::<4>(d, edits),
        5 => check::<5>(d, edits),
        _ => check::<6>(d, edits),
    }
}

/// A small non-zero rational from two bytes: `±(1 + x mod 128) / (1 + y)`,
/// the sign from `x`'s top bit.
fn small(x: u8, y: u8) -> Rational {
    let num = 1 + i64::from(x & 0x7f);
    let num = if x & 0x80 != 0 { -num } else { num };
    Rational::new(BigInt::from(num), BigInt::from(1 + i64::from(y)))
}

/// Moves `δ` from weight `i` to weight `j` (the sum is kept), or replaces
/// weight `i` by `δ` when `replace`.
fn reweigh(weights: &mut [Rational], i: usize, j: usize, delta: Rational, replace: bool) {
    if weights.is_empty() {
        return;
    }
    let (i, j) = (i % weights.len(), j % weights.len());
    if replace {
        weights[i] = delta;
    } else {
        weights[i] -= &delta;
        weights[j] += delta;
    }
}

/// One change to `cert`, chosen by `op` (module docs); `na`, `nb` the
/// sizes of the point sets (an index may be set one past them).
fn forge<const N: usize>(cert: &mut Certificate<N>, [op, _, x, y]: [u8; 4], na: usize, nb: usize) {
    let delta = small(x, y);
    let (x, y) = (usize::from(x), usize::from(y));
    match cert {
        Certificate::Separated { direction } => match op % 5 {
            0 => direction[y % N] += delta,
            1 => direction[y % N] = Rational::zero(),
            2 => direction.neg_mut(),
            3 => {
                // A nudge relative to the coordinate: near the boundary of
                // the cone of separating directions.
                let nudge = &direction[y % N] * delta / Rational::from_integer(BigInt::from(1024));
                direction[y % N] += nudge;
            }
            _ => *direction *= delta.abs(),
        },
        Certificate::Touching { normal, a, b } => {
            let (side, n) = if x % 2 == 0 { (a, na) } else { (b, nb) };
            match op % 6 {
                0 => normal[y % N] += delta,
                1 => normal[y % N] = Rational::zero(),
                2 | 3 => {
                    let mut weights: Vec<Rational> = side.iter().map(|(_, l)| l.clone()).collect();
                    reweigh(&mut weights, x / 2, y, delta, op % 6 == 3);
                    for ((_, l), w) in side.iter_mut().zip(weights) {
                        *l = w;
                    }
                }
                4 if !side.is_empty() => {
                    let k = (x / 2) % side.len();
                    side[k].0 = y % (n + 1);
                }
                _ if side.len() > 1 => {
                    let (_, w) = side.remove((x / 2) % side.len());
                    side[0].1 += w;
                }
                _ => {}
            }
        }
        Certificate::Intersecting { pairs, weights } | Certificate::Distance { pairs, weights } => {
            let k = if pairs.is_empty() { 0 } else { x % pairs.len() };
            let paired = !pairs.is_empty() && weights.len() == pairs.len();
            match op % 7 {
                6 => {
                    pairs.push(Pair {
                        a: x % (na + 1),
                        b: y % (nb + 1),
                    });
                    weights.push(Rational::zero());
                }
                0 | 1 => reweigh(weights, x, y, delta, op % 7 == 1),
                2 if paired => pairs[k].a = y % (na + 1),
                3 if paired => pairs[k].b = y % (nb + 1),
                4 if paired && pairs.len() > 1 => {
                    pairs.remove(k);
                    let w = weights.remove(k);
                    weights[0] += w;
                }
                _ if paired => {
                    pairs.push(pairs[k]);
                    let half = weights[k].clone() / Rational::from_integer(BigInt::from(2));
                    weights[k] = half.clone();
                    weights.push(half);
                }
                _ => {}
            }
        }
        Certificate::Depth {
            vertices,
            facets,
            nearest,
        } => match op % 5 {
            0 if !vertices.is_empty() => {
                let k = x % vertices.len();
                vertices[k].a = y % (na + 1);
            }
            1 => *nearest = x % (facets.len() + 1),
            2 if !facets.is_empty() && N > 1 => {
                let k = x % facets.len();
                facets[k].swap(0, 1);
            }
            3 if !facets.is_empty() => {
                facets.remove(x % facets.len());
            }
            _ if !facets.is_empty() => {
                let k = x % facets.len();
                facets[k][y % N] = y % (vertices.len() + 1);
            }
            _ => {}
        },
    }
}

/// The same facts as a certificate of another kind (`y` picks which):
/// a combination `Σλᵢ(aᵢ − bᵢ)` of pairs is also the common point
/// `Σλᵢaᵢ = Σλᵢbᵢ` when it is the origin; a common point `Σαᵢaᵢ = Σβⱼbⱼ`
/// gives the origin as `Σ αᵢβⱼ (aᵢ − bⱼ)`; a direction is also a normal.
/// True where the facts are, so a kind's checks must reject what they
/// cannot prove (a touching normal on penetrating shapes, an intersecting
/// simplex whose weights vanish).
fn convert<const N: usize>(cert: Certificate<N>, [_, _, x, y]: [u8; 4]) -> Certificate<N> {
    let axis = Vector::<Rational, N>::from_fn(|i, _| {
        if i == usize::from(x) % N {
            Rational::one()
        } else {
            Rational::zero()
        }
    });
    match (cert, y % 3) {
        (
            Certificate::Intersecting { pairs, weights } | Certificate::Distance { pairs, weights },
            0,
        ) => Certificate::Touching {
            normal: axis,
            a: pairs
                .iter()
                .map(|p| p.a)
                .zip(weights.iter().cloned())
                .collect(),
            b: pairs.iter().map(|p| p.b).zip(weights).collect(),
        },
        (Certificate::Intersecting { pairs, weights }, _) => {
            Certificate::Distance { pairs, weights }
        }
        (Certificate::Distance { pairs, weights }, _) => {
            Certificate::Intersecting { pairs, weights }
        }
        (Certificate::Touching { normal, .. }, 0) => Certificate::Separated { direction: normal },
        (Certificate::Touching { a, b, .. }, k) => {
            let mut pairs = Vec::new();
            let mut weights = Vec::new();
            for (i, l) in &a {
                for (j, m) in &b {
                    pairs.push(Pair { a: *i, b: *j });
                    weights.push(l * m);
                }
            }
            if k == 1 {
                Certificate::Intersecting { pairs, weights }
            } else {
                Certificate::Distance { pairs, weights }
            }
        }
        (Certificate::Separated { direction }, _) => Certificate::Touching {
            normal: direction,
            a: vec![(0, Rational::one())],
            b: vec![(0, Rational::one())],
        },
        (depth @ Certificate::Depth { .. }, _) => depth,
    }
}

/// A certificate built from nothing (module docs): `which` 0 a direction,
/// 1 a one-point distance certificate.
fn from_nothing<const N: usize>(which: usize, [_, _, x, y]: [u8; 4]) -> Certificate<N> {
    if which == 0 {
        let direction = Vector::<Rational, N>::from_fn(|i, _| {
            small(x.rotate_left(i as u32), y.wrapping_add(i as u8))
        });
        Certificate::Separated { direction }
    } else {
        Certificate::Distance {
            pairs: vec![Pair {
                a: usize::from(x),
                b: usize::from(y),
            }],
            weights: vec![Rational::one()],
        }
    }
}

fn check<const N: usize>(d: &Diff, edits: &[[u8; 4]]) -> Tally {
    let mut tally = Tally::new();
    let mut last: Option<Certificate<N>> = None;
    let (ra, rb) = (exact_rows(&d.a, d.exp), exact_rows(&d.b, d.exp));
    let (truth, report, [sa, sb]) = proved_report::<N>(d, &ra, &rb, true);
    let certs = &report.certificates;
    for &edit in edits {
        let k = usize::from(edit[1]) % (certs.len() + 2);
        let start = match (&last, certs.get(k)) {
            (Some(c), _) if edit[0] & 0x80 != 0 => Some(c.clone()),
            (_, Some(c)) => Some(c.clone()),
            _ => None,
        };
        let forged = match start {
            Some(mut c) => {
                if edit[0] % 8 == 7 {
                    c = convert(c, edit);
                } else {
                    forge(&mut c, edit, sa.len(), sb.len());
                }
                c
            }
            None => from_nothing::<N>(k - certs.len(), edit),
        };
        last = Some(forged.clone());
        let entry = tally.entry(forged.name()).or_default();
        let Ok(claim) = verify(&sa, &sb, &forged) else {
            entry.1 += 1;
            continue;
        };
        entry.0 += 1;
        if let Err(why) = holds(&claim, &truth) {
            panic!(
                "the verifier accepted a false certificate: {why}\n  forged: {forged:?}\n  \
                 proved: {claim:?}\n  truth: {:?}, dist2 {}, depth2 {:?}\n  {}",
                truth.relation,
                truth.dist2,
                truth.depth2,
                d.show()
            );
        }
    }
    tally
}

/// `Ok` when what a certificate proved is the truth.
fn holds<const N: usize>(claim: &Claim<N>, truth: &Proved) -> Result<(), String> {
    let relation = |want: Relation| {
        if truth.relation == want {
            Ok(())
        } else {
            Err(format!("proves {want:?}"))
        }
    };
    match claim {
        Claim::Separated => relation(Relation::Separated),
        Claim::Touching { .. } => relation(Relation::Touching),
        Claim::Penetrating => relation(Relation::Penetrating),
        Claim::Distance {
            dist2,
            witness_a,
            witness_b,
        } => {
            if *dist2 != truth.dist2 {
                return Err(format!("proves dist2 {dist2}"));
            }
            let gap = witness_a - witness_b;
            if gap.dot(&gap) != *dist2 {
                return Err("witnesses not dist2 apart".into());
            }
            Ok(())
        }
        Claim::Depth {
            depth2,
            penetration,
            ..
        } => {
            relation(Relation::Penetrating)?;
            if let Some(want) = &truth.depth2 {
                if want != depth2 {
                    return Err(format!("proves depth2 {depth2}"));
                }
            }
            if penetration.dot(penetration) != *depth2 {
                return Err("penetration vector not depth2 long".into());
            }
            Ok(())
        }
    }
}
