//! The report's corpora, all from the crate's generators (`gjk_gen`) or
//! built here from them, deterministic: touching contacts, exact gaps of
//! `2^-20 … 2^-60`, near-gap and near-depth pairs, degenerate sets, scaled
//! copies (`2^±15`, `2^±30` ≈ `10^±9`), general position and containment,
//! large hulls, and 2D pairs. Every coordinate is exactly a double.

use gjk_gen::{build, case_params, Family, FamilyChoice, Pair, Params};
use num_bigint::BigInt;
use num_rational::BigRational;

/// Exact points.
pub type Points = Vec<Vec<BigRational>>;

/// One case of a corpus.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Unique within the report.
    pub id: String,
    /// Its corpus group (`touching/vertex-face`, `gap/2^-40`, …).
    pub group: String,
    /// `A`'s points.
    pub a: Points,
    /// `B`'s points.
    pub b: Points,
}

fn q(m: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(m))
}

/// `m · 2^-k`.
fn dyadic(m: i64, k: u32) -> BigRational {
    BigRational::new(BigInt::from(m), BigInt::from(1) << k)
}

fn entry(id: String, group: String, pair: &Pair) -> Entry {
    let (a, b) = pair.rows();
    Entry { id, group, a, b }
}

/// `count` pairs of one family (or every family in turn) as `gjk gen`
/// makes them.
fn generated(
    group: &str,
    choice: FamilyChoice,
    dim: usize,
    count: usize,
    seed: u64,
    scale: i32,
) -> Result<Vec<Entry>, String> {
    case_params(choice, dim, count, seed, scale)
        .enumerate()
        .map(|(i, p)| {
            let p = p.map_err(|e| e.to_string())?;
            let pair = build(&p).map_err(|e| e.to_string())?;
            let group = if group.ends_with('/') {
                format!("{group}{}", p.family)
            } else {
                group.to_string()
            };
            Ok(entry(format!("{group}-{seed}-{i}"), group, &pair))
        })
        .collect()
}

/// A touching pair whose contact on one side is a single vertex `v` (the
/// only point of its shape on the contact plane), translated so that `v`
/// is the origin, with `v` moved off the plane by `2^-k · n` (`n` the
/// integer normal): the exact distance is `2^-k |n|`, and every coordinate
/// stays a double (the other points are integers).
fn gap_pair(pair: &Pair, k: u32) -> Option<(Points, Points)> {
    let n = pair.expected.normal.as_ref()?;
    if pair.exp != 0 {
        return None;
    }
    let dot = |p: &[i64]| -> i128 { p.iter().zip(n).map(|(x, y)| *x as i128 * *y as i128).sum() };
    let c = pair.a.iter().map(|p| dot(p)).max()?;
    let on_b: Vec<&Vec<i64>> = pair.b.iter().filter(|p| dot(p) == c).collect();
    let on_a: Vec<&Vec<i64>> = pair.a.iter().filter(|p| dot(p) == c).collect();
    // Move the lone contact vertex: B's outwards (+n) or A's (−n).
    let (v, sign, moving_b) = if on_b.len() == 1 {
        (on_b[0].clone(), 1, true)
    } else if on_a.len() == 1 {
        (on_a[0].clone(), -1, false)
    } else {
        return None;
    };
    let shift = |set: &[Vec<i64>], moving: bool| -> Points {
        set.iter()
            .map(|p| {
                let is_v = moving && *p == v;
                p.iter()
                    .zip(&v)
                    .zip(n)
                    .map(
                        |((x, o), ni)| {
                            if is_v {
                                dyadic(sign * ni, k)
                            } else {
                                q(x - o)
                            }
                        },
                    )
                    .collect()
            })
            .collect()
    };
    Some((shift(&pair.a, !moving_b), shift(&pair.b, moving_b)))
}

/// `count` pairs at gap `2^-k`, from vertex contacts in 3D.
fn gaps(k: u32, count: usize) -> Vec<Entry> {
    let families = [Family::VertexVertex, Family::VertexEdge, Family::VertexFace];
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count && seed < 50 * count as u64 {
        let family = families[seed as usize % families.len()];
        seed += 1;
        let Ok(pair) = build(&Params::new(family, 3, seed)) else {
            continue;
        };
        if let Some((a, b)) = gap_pair(&pair, k) {
            let group = format!("gap/2^-{k}");
            out.push(Entry {
                id: format!("{group}-{family}-{seed}"),
                group,
                a,
                b,
            });
        }
    }
    out
}

/// splitmix64: the large hulls' random points.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn int(&mut self, bound: i64) -> i64 {
        (self.next() % (2 * bound as u64 + 1)) as i64 - bound
    }
}

/// The radius of the large hulls' spheres, `2^20`.
const RADIUS: f64 = 1_048_576.0;

/// `n` integer points near a sphere of radius [`RADIUS`] (rounded: most
/// are vertices of their hull).
fn sphere(seed: u64, n: usize) -> Vec<[i64; 3]> {
    let mut r = Mix(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let v = [r.int(1 << 20), r.int(1 << 20), r.int(1 << 20)];
        let len = v.iter().map(|&x| (x as f64).powi(2)).sum::<f64>().sqrt();
        if len < 1.0 {
            continue;
        }
        out.push(v.map(|x| (x as f64 * RADIUS / len).round() as i64));
    }
    out
}

/// Large hulls: `A` a sphere sample, `B` its point reflection through
/// `A`'s point `v` of largest `x` (so they touch at `v`, exactly), then
/// moved along `x` by `d`: touching (`d = 0`), gaps of `2^-20` and `1`
/// (exact distance `d`), and penetrating (`d = −2^10`).
fn large(count: usize, points: usize) -> Vec<Entry> {
    let mut out = Vec::new();
    for seed in 0..count as u64 {
        let a = sphere(seed + 1, points);
        let max_x = a.iter().map(|p| p[0]).max().unwrap_or(0);
        let Some(&v) = a.iter().filter(|p| p[0] == max_x).min() else {
            continue;
        };
        for (name, d) in [
            ("touching", q(0)),
            ("gap 2^-20", dyadic(1, 20)),
            ("gap 1", q(1)),
            ("penetrating 2^10", q(-1024)),
        ] {
            let rows_a: Points = a
                .iter()
                .map(|p| p.iter().map(|&x| q(x)).collect())
                .collect();
            let rows_b: Points = a
                .iter()
                .map(|p| {
                    (0..3)
                        .map(|i| {
                            let x = q(2 * v[i] - p[i]);
                            if i == 0 {
                                x + &d
                            } else {
                                x
                            }
                        })
                        .collect()
                })
                .collect();
            let group = format!("large/{name}");
            out.push(Entry {
                id: format!("{group}-{points}pts-{seed}"),
                group,
                a: rows_a,
                b: rows_b,
            });
        }
    }
    out
}

/// The peers' corpus (`quick`: about a tenth, for CI).
pub fn peers_corpus(quick: bool) -> Result<Vec<Entry>, String> {
    let n = |full: usize| {
        if quick {
            full.div_ceil(10).max(2)
        } else {
            full
        }
    };
    let one = |f: Family| FamilyChoice::One(f);
    let mut out = Vec::new();
    for f in [
        Family::VertexVertex,
        Family::VertexEdge,
        Family::EdgeEdgeCrossing,
        Family::EdgeEdgeCollinear,
        Family::VertexFace,
        Family::EdgeFace,
        Family::FaceFace,
    ] {
        out.extend(generated("touching/", one(f), 3, n(30), 1, 0)?);
    }
    for k in [20, 30, 40, 50, 60] {
        out.extend(gaps(k, n(30)));
    }
    for f in [Family::NearGap, Family::NearDepth] {
        out.extend(generated("near/", one(f), 3, n(30), 1, 0)?);
    }
    for f in [
        Family::Flat,
        Family::Duplicates,
        Family::Identical,
        Family::PointPolytope,
    ] {
        out.extend(generated("degenerate/", one(f), 3, n(30), 1, 0)?);
    }
    for e in [-30, -15, 15, 30] {
        out.extend(generated(
            &format!("scale/2^{e}"),
            FamilyChoice::All,
            3,
            n(45),
            2,
            e,
        )?);
    }
    for f in [Family::GeneralPosition, Family::Containment] {
        out.extend(generated("general/", one(f), 3, n(30), 1, 0)?);
    }
    out.extend(large(
        if quick { 1 } else { 8 },
        if quick { 100 } else { 400 },
    ));
    out.extend(generated("2d/", FamilyChoice::All, 2, n(65), 3, 0)?);
    Ok(out)
}

/// CGAL's corpus: every family in turn in dimensions 2 to 6, `per_dim`
/// pairs each.
pub fn cgal_corpus(per_dim: usize) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for dim in 2..=6 {
        out.extend(generated(
            &format!("{dim}d/"),
            FamilyChoice::All,
            dim,
            per_dim,
            21,
            0,
        )?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gap pairs are separated at squared distance `4^-k |n|²`: times
    /// `4^k`, an integer (the normal's squared length).
    #[test]
    fn gap_pairs_are_at_the_constructed_distance() {
        for k in [20, 60] {
            let entries = gaps(k, 4);
            assert_eq!(entries.len(), 4);
            for e in entries {
                let line = serde_json::json!({
                    "id": e.id, "a": crate::lines::points_json(&e.a), "b": crate::lines::points_json(&e.b)
                });
                let case = crate::exact::case_of(&line).unwrap();
                let x = crate::exact::answers(&case).unwrap();
                assert!(!x.intersects, "{}", e.id);
                let scaled =
                    x.distance_squared * BigRational::from_integer(BigInt::from(1) << (2 * k));
                assert!(scaled.is_integer(), "{}: {scaled}", e.id);
            }
        }
    }

    /// The large hulls touch at the reflection point (`d = 0`).
    #[test]
    fn large_touching_hulls_touch() {
        let e = &large(1, 40)[0];
        let line = serde_json::json!({
            "id": e.id, "a": crate::lines::points_json(&e.a), "b": crate::lines::points_json(&e.b)
        });
        let x = crate::exact::answers(&crate::exact::case_of(&line).unwrap()).unwrap();
        assert!(x.intersects && x.touching, "{}", e.id);
    }
}
