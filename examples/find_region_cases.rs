//! Searches small-integer simplices for a case of every region, and prints
//! them as `spec/regions.toml` entries.
//!
//! For each region it looks for a *generic* case (no sign test is zero) and a
//! *boundary* case (some sign test is exactly zero, so the tie-breaking rule
//! decides). The output is a starting point for hand curation, not the spec:
//! `cargo run --example find_region_cases > /tmp/candidates.toml`.

use std::collections::BTreeMap;

use gjk::classify::{classify, sign_tests};
use gjk::gjk::{gjk_observed, Options, Step};
use gjk::region::Region;
use gjk::shape::Support;
use gjk::{Rational, Simplex, Vector};
use num_traits::Zero;

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, lo: i64, hi: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + ((self.0 >> 33) % ((hi - lo + 1) as u64)) as i64
    }
}

fn r(v: i64) -> Rational {
    Rational::from_integer(v.into())
}

fn search<const N: usize>(
    found: &mut BTreeMap<(String, bool), String>,
    rng: &mut Lcg,
    tries: usize,
) {
    for _ in 0..tries {
        let len = rng.next(1, N as i64 + 1) as usize;
        let span = rng.next(1, 3);
        let pts: Vec<Vector<Rational, N>> = (0..len)
            .map(|_| Vector::<Rational, N>::from_fn(|_, _| r(rng.next(-span, span))))
            .collect();
        let s = Simplex::from_points(pts.clone()).expect("at most N + 1 points");
        let Ok(c) = classify(&s) else { continue };
        let boundary = sign_tests(&s).iter().any(|(_, v)| v.is_zero());
        let key = (c.region.spec_id().to_string(), boundary);
        let entry = points_text(&pts);
        let better = found
            .get(&key)
            .map(|old| entry.len() < old.len())
            .unwrap_or(true);
        if better {
            found.insert(key, entry);
        }
    }
}

/// A brute-force point cloud, so this example needs nothing but the loop.
struct Cloud<const N: usize>(Vec<Vector<Rational, N>>);
impl<const N: usize> Support<Rational, N> for Cloud<N> {
    fn support(&self, d: &Vector<Rational, N>) -> Vector<Rational, N> {
        let mut best = &self.0[0];
        for p in &self.0[1..] {
            if p.dot(d) > best.dot(d) {
                best = p;
            }
        }
        best.clone()
    }
}

/// Points as a TOML-ish literal: `[[1, 2], [3, 4]]`.
fn points_text<const N: usize>(pts: &[Vector<Rational, N>]) -> String {
    let rows: Vec<String> = pts
        .iter()
        .map(|p| {
            format!(
                "[{}]",
                p.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

fn loop_pairs<const N: usize>(
    found: &mut BTreeMap<String, (String, String)>,
    rng: &mut Lcg,
    tries: usize,
) {
    for _ in 0..tries {
        let cloud = |rng: &mut Lcg| {
            let n = rng.next(1, N as i64 + 2) as usize;
            Cloud::<N>(
                (0..n)
                    .map(|_| Vector::<Rational, N>::from_fn(|_, _| r(rng.next(-3, 3))))
                    .collect(),
            )
        };
        let (a, b) = (cloud(rng), cloud(rng));
        let mut steps: Vec<Step<Rational, N>> = Vec::new();
        if gjk_observed(&a, &b, &Options::default(), &mut steps).is_err() {
            continue;
        }
        for region in steps.iter().filter_map(|s| s.region) {
            let (ta, tb) = (points_text(&a.0), points_text(&b.0));
            let better = found
                .get(region.spec_id())
                .map(|(x, y)| ta.len() + tb.len() < x.len() + y.len())
                .unwrap_or(true);
            if better {
                found.insert(region.spec_id().to_string(), (ta, tb));
            }
        }
    }
}

fn main() {
    let mut pairs = BTreeMap::new();
    let mut rng = Lcg(0xfeed);
    loop_pairs::<2>(&mut pairs, &mut rng, 100_000);
    loop_pairs::<3>(&mut pairs, &mut rng, 100_000);
    for region in Region::all() {
        match pairs.get(region.spec_id()) {
            Some((a, b)) => println!(
                "[[pair]]\nregion = \"{}\"\na = {}\nb = {}\n",
                region.spec_id(),
                a,
                b
            ),
            None => println!("# the loop never reached {region}\n"),
        }
    }

    let mut found = BTreeMap::new();
    let mut rng = Lcg(0x5eed);
    search::<2>(&mut found, &mut rng, 200_000);
    search::<3>(&mut found, &mut rng, 400_000);
    for region in Region::all() {
        for boundary in [false, true] {
            let key = (region.spec_id().to_string(), boundary);
            match found.get(&key) {
                Some(simplex) => println!(
                    "[[case]]\nregion = \"{}\"\nboundary = {}\nsimplex = {}\n",
                    region.spec_id(),
                    boundary,
                    simplex
                ),
                None => println!(
                    "# no {} case found for {}\n",
                    if boundary { "boundary" } else { "generic" },
                    region
                ),
            }
        }
    }
}
