//! Searches, in exact arithmetic, for the smallest inputs on which a seed's
//! own loop (`gjk::variants`) meets a region that this crate's loop cannot
//! reach (`Region::reachable` is `false`: the seeds' "not possible" regions,
//! those of the older vertices and edges, vertex `A`, the degenerate
//! simplices), and prints one case per (seed, region, way of meeting it) as
//! a line of `tests/data/seed_variants/unreachable.jsonl`. A run *meets* a
//! region when a simplex its step sees is in it (`simplex`: the reference
//! classifier names it), or when its step keeps that region's vertices
//! (`decision`: `gjk::variants::compare::seed_region`).
//!
//! ```sh
//! cargo run --release --example find_seed_regions > tests/data/seed_variants/unreachable.jsonl
//! ```
//!
//! (about ten minutes on two cores, deterministic). Only the support map of
//! `A − B` reaches a loop, so the search runs over the Minkowski difference
//! itself: `A` is the origin and `B` is `−D` for a set `D` of `k` distinct
//! grid points, listed in grid order (the support map's tie rule is "first
//! listed point"). "Smallest" is: fewer points, then the smaller largest
//! coordinate magnitude, then the smaller sum of magnitudes, then grid order.
//!
//! * **Exhaustive**, every set within the bounds: in 3D (seeds 000/001, 002,
//!   003) every set of `k ≤ 6` points of `[−1, 1]³` and of `k ≤ 4` points of
//!   `[−2, 2]³` (`--grid C:K`, repeatable, replaces these); in 2D (seed 004)
//!   every set of `[−1, 1]²`, of `k ≤ 5` points of `[−2, 2]²` and of `k ≤ 4`
//!   of `[−3, 3]²`. Each set is first run in `f64` (exact for these small
//!   integers, but for seed 002's normalisation) with every step's simplex
//!   classified in `f64`; each hit is run again exactly, and so is every
//!   997th set whatever the `f64` run says (standard error reports the
//!   hits not confirmed and the misses found that way).
//! * **Random**, beyond those bounds (3D only): 4,000,000 sets per seed
//!   (`--random N`) of 4 to 12 points (`--points LO:HI`) of `[−c, c]³`, `c`
//!   drawn from 2 to 8 (`--coords LO:HI`); each of the first 40 hits of a
//!   kind is shrunk, point by point and coordinate by coordinate, while it
//!   still meets the region (and stays without ties, if it had none).
//!
//! What it does not find within these bounds is not claimed either way.
//!
//! A run **has ties** as `tests/common/seed_runs.rs` says (two support
//! maximisers at a step that goes on, `w = 0`, `w · d = 0`, a zero sign
//! test, seed 000's fallback direction). For each (seed, region, way) the
//! output is the smallest run without ties where one was found, else the
//! smallest with ties; the line's `reach` object says which, how it was
//! found, and at which support call the region is first met. Standard error
//! lists both.

#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "../tests/common/seed_runs.rs"]
mod seed_runs;

use std::collections::BTreeMap;
use std::thread;

use gjk::classify::classify;
use gjk::region::Region;
use gjk::shape::{ConvexHull, Support};
use gjk::vector::dot;
use gjk::{Rational, Vector};
use gjk_variants::{run, Variant, VariantOptions};
use seed_runs::{has_ties, unreachable_regions, Meets};

/// The grid's points `[−c, c]^N`, in grid order.
fn grid<const N: usize>(c: i64) -> Vec<[i64; N]> {
    let side = (2 * c + 1) as usize;
    (0..side.pow(N as u32))
        .map(|mut i| {
            let mut p = [0; N];
            for x in p.iter_mut() {
                *x = (i % side) as i64 - c;
                i /= side;
            }
            p
        })
        .collect()
}

/// The `k`-subsets of `0..n`, in lexicographic order, passed to `f`.
fn subsets(n: usize, k: usize, f: &mut impl FnMut(&[usize])) {
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..n {
            if n - i < k - cur.len() {
                break;
            }
            cur.push(i);
            rec(i + 1, n, k, cur, f);
            cur.pop();
        }
    }
    rec(0, n, k, &mut Vec::with_capacity(k), f);
}

fn exact<const N: usize>(p: &[i64; N]) -> Vector<Rational, N> {
    Vector::<Rational, N>::from_fn(|i, _| Rational::from_integer(p[i].into()))
}

/// An example: the set `D` (grid points, in grid order, padded to 3
/// coordinates), the support call at which the region is first reached,
/// and how it was found.
#[derive(Clone, Debug)]
struct Example {
    d: Vec<[i64; 3]>,
    iteration: usize,
    how: &'static str,
}

impl Example {
    /// The order of the search: fewer points, smaller largest magnitude,
    /// smaller sum of magnitudes, then grid order.
    fn size(&self) -> (usize, i64, i64, Vec<[i64; 3]>) {
        let mags = || self.d.iter().flat_map(|p| p.iter()).map(|x| x.abs());
        (
            self.d.len(),
            mags().max().unwrap_or(0),
            mags().sum(),
            self.d.clone(),
        )
    }
}

/// What a search found: per region and way of meeting it.
type Results = BTreeMap<(Region, Meets), Found>;

/// The smallest example found for a (seed, region), with and without ties.
#[derive(Default)]
struct Found {
    clean: Option<Example>,
    tied: Option<Example>,
}

impl Found {
    fn offer(&mut self, tied: bool, e: Example) {
        let slot = if tied {
            &mut self.tied
        } else {
            &mut self.clean
        };
        if slot.as_ref().is_none_or(|old| e.size() < old.size()) {
            *slot = Some(e);
        }
    }
}

/// The support map of a small-integer cloud in `f64` with the tie rule of
/// the exact `ConvexHull`: the first point whose `x · d` is the largest,
/// values within a relative `1e-9` counting as equal (distinct values of
/// `x · d` on the grid are much further apart, even after seed 002
/// normalises `d`).
struct Grid<const N: usize>(Vec<Vector<f64, N>>);

impl<const N: usize> Support<f64, N> for Grid<N> {
    fn support(&self, d: &Vector<f64, N>) -> Vector<f64, N> {
        let values: Vec<f64> = self.0.iter().map(|p| dot(p, d)).collect();
        let max = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let tol = 1e-9 * max.abs().max(1.0);
        let i = values
            .iter()
            .position(|v| *v >= max - tol)
            .expect("a point");
        self.0[i]
    }
}

/// The quick look: `variant` run in `f64` (exact for these small integers,
/// but for seed 002's normalisation) with every step's simplex classified
/// in `f64`; `true` if one lands in a region the crate's loop cannot reach.
fn quick<const N: usize>(variant: Variant, d: &[[i64; N]]) -> bool {
    let a = Grid(vec![Vector::<f64, N>::zeros()]);
    let b = Grid(
        d.iter()
            .map(|p| Vector::<f64, N>::from_fn(|i, _| -p[i] as f64))
            .collect(),
    );
    let Ok(r) = run(variant, &a, &b, &VariantOptions::default()) else {
        return false;
    };
    // A decision the crate's loop never makes keeps a feature without the
    // newest vertex, or the newest vertex alone.
    let odd = |kept: &[usize], len: usize| !kept.contains(&0) || (kept == [0] && len > 1);
    r.steps.iter().any(|s| {
        !s.simplex.is_empty()
            && (classify(&s.simplex).is_ok_and(|c| !c.region.reachable())
                || s.decision
                    .as_ref()
                    .is_some_and(|d| odd(&d.kept, s.simplex.len())))
    })
}

/// The exact run on `B = −D`: the regions the crate's loop cannot reach
/// that it builds a simplex in (with the first support call), and whether
/// it has ties. Empty when the quick look finds none (unless `force`).
fn examine<const N: usize>(
    variant: Variant,
    d: &[[i64; N]],
    force: bool,
) -> (BTreeMap<(Region, Meets), usize>, bool) {
    if !force && !quick(variant, d) {
        return (BTreeMap::new(), false);
    }
    let origin = ConvexHull::new(vec![Vector::<Rational, N>::zeros()]).expect("a point");
    let b: Vec<Vector<Rational, N>> = d.iter().map(|p| -exact(p)).collect();
    let hull = ConvexHull::new(b.clone()).expect("finite points");
    match run(variant, &origin, &hull, &VariantOptions::default()) {
        Ok(r) => (
            unreachable_regions(&r),
            has_ties(&r, &[Vector::zeros()], &b),
        ),
        Err(_) => (BTreeMap::new(), false),
    }
}

fn pad<const N: usize>(d: &[[i64; N]]) -> Vec<[i64; 3]> {
    d.iter()
        .map(|p| {
            let mut q = [0; 3];
            q[..N].copy_from_slice(p);
            q
        })
        .collect()
}

/// Runs `variant` on every set within `bounds` (`(c, max k)` per grid).
fn exhaustive<const N: usize>(variant: Variant, bounds: &[(i64, usize)], found: &mut Results) {
    let max_k = bounds.iter().map(|b| b.1).max().unwrap_or(0);
    for k in 1..=max_k {
        for &(c, _) in bounds.iter().filter(|b| k <= b.1) {
            let points = grid::<N>(c);
            let inner = |p: &[i64; N]| p.iter().all(|x| x.abs() < c);
            let (mut sets, mut hits, mut false_hits, mut missed) = (0usize, 0, 0, 0);
            subsets(points.len(), k, &mut |ix| {
                // Sets inside the smaller grid were searched already.
                if c > 1 && ix.iter().all(|&i| inner(&points[i])) {
                    return;
                }
                sets += 1;
                let d: Vec<[i64; N]> = ix.iter().map(|&i| points[i]).collect();
                let hit = quick(variant, &d);
                // Every 997th set is run exactly whatever the quick look
                // says, to check it.
                if !hit && sets % 997 != 0 {
                    return;
                }
                hits += usize::from(hit);
                let (regions, tied) = examine(variant, &d, true);
                match (hit, regions.is_empty()) {
                    (true, true) => false_hits += 1,
                    (false, false) => missed += 1,
                    _ => {}
                }
                for (region, iteration) in regions {
                    let how = "exhaustive";
                    let e = Example {
                        d: pad(&d),
                        iteration,
                        how,
                    };
                    found.entry(region).or_default().offer(tied, e);
                }
            });
            eprintln!(
                "{variant}: k = {k}, grid [-{c}, {c}]: {sets} sets, {hits} quick hits \
                 ({false_hits} not confirmed exactly), {missed} misses in {} spot checks",
                sets / 997
            );
        }
    }
}

/// Makes `d` smaller while `variant` still reaches `region` (without ties
/// if `clean`): drops points, then moves coordinates one step towards 0,
/// until neither helps. The result is in grid order, with the support call
/// where the region is reached and whether the run has ties.
fn minimise<const N: usize>(
    variant: Variant,
    region: (Region, Meets),
    clean: bool,
    mut d: Vec<[i64; N]>,
) -> (Vec<[i64; N]>, usize, bool) {
    let holds = |d: &[[i64; N]]| -> Option<(usize, bool)> {
        let mut sorted = d.to_vec();
        sorted.sort_by_key(grid_index);
        sorted.dedup();
        if sorted.len() != d.len() {
            return None;
        }
        let (regions, tied) = examine(variant, &sorted, false);
        let at = regions.get(&region)?;
        (!(clean && tied)).then_some((*at, tied))
    };
    let mut result = holds(&d).expect("the example reaches the region");
    loop {
        let mut better = None;
        for i in 0..d.len() {
            let mut fewer = d.clone();
            fewer.remove(i);
            if let Some(it) = holds(&fewer) {
                better = Some((fewer, it));
                break;
            }
        }
        if better.is_none() {
            'outer: for i in 0..d.len() {
                for j in 0..N {
                    if d[i][j] != 0 {
                        let mut nearer = d.clone();
                        nearer[i][j] -= d[i][j].signum();
                        if let Some(it) = holds(&nearer) {
                            better = Some((nearer, it));
                            break 'outer;
                        }
                    }
                }
            }
        }
        match better {
            Some((next, it)) => (d, result) = (next, it),
            None => break,
        }
    }
    d.sort_by_key(grid_index);
    (d, result.0, result.1)
}

/// A point's place in grid order (any grid: by coordinates, last first).
fn grid_index<const N: usize>(p: &[i64; N]) -> Vec<i64> {
    p.iter().rev().cloned().collect()
}

/// Random sets of `k` points of `[−c, c]^N` for `k` and `c` in the given
/// ranges; each hit not smaller than what is known is minimised.
fn random<const N: usize>(
    variant: Variant,
    tries: usize,
    ks: (usize, usize),
    cs: (i64, i64),
    found: &mut Results,
) {
    let mut state: u64 = 0x5eed ^ (variant as u64);
    let mut int = |lo: i64, hi: i64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + ((state >> 33) % ((hi - lo + 1) as u64)) as i64
    };
    let mut hits = 0;
    let mut minimised: BTreeMap<((Region, Meets), bool), usize> = BTreeMap::new();
    for _ in 0..tries {
        let k = int(ks.0 as i64, ks.1 as i64) as usize;
        let c = int(cs.0, cs.1);
        let mut d: Vec<[i64; N]> = (0..k)
            .map(|_| {
                let mut p = [0; N];
                for x in p.iter_mut() {
                    *x = int(-c, c);
                }
                p
            })
            .collect();
        d.sort_by_key(grid_index);
        d.dedup();
        let (regions, tied) = examine(variant, &d, false);
        for (region, _) in regions {
            hits += 1;
            // Minimising is the costly part: the first 40 hits of each kind.
            let done = minimised.entry((region, tied)).or_insert(0);
            *done += 1;
            if *done > 40 {
                continue;
            }
            let f = found.entry(region).or_default();
            let (small, iteration, small_tied) = minimise(variant, region, !tied, d.clone());
            let how = "random, minimised";
            f.offer(
                small_tied,
                Example {
                    d: pad(&small),
                    iteration,
                    how,
                },
            );
        }
    }
    eprintln!("{variant}: {tries} random sets, {hits} hits");
}

fn main() {
    let mut bounds3: Vec<(i64, usize)> = Vec::new();
    let mut tries = 4_000_000;
    let (mut ks, mut cs) = ((4usize, 12usize), (2i64, 8i64));
    let range = |v: &str| -> (i64, i64) {
        let (lo, hi) = v.split_once(':').expect("LO:HI");
        (lo.parse().expect("LO"), hi.parse().expect("HI"))
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match pair {
            [flag, v] if flag == "--grid" => {
                let (c, k) = v.split_once(':').expect("--grid C:K");
                bounds3.push((c.parse().expect("C"), k.parse().expect("K")));
            }
            [flag, v] if flag == "--random" => tries = v.parse().expect("--random N"),
            [flag, v] if flag == "--points" => {
                let (lo, hi) = range(v);
                ks = (lo as usize, hi as usize);
            }
            [flag, v] if flag == "--coords" => cs = range(v),
            _ => panic!(
                "usage: find_seed_regions [--grid C:K]... [--random N] [--points LO:HI] \
                 [--coords LO:HI]"
            ),
        }
    }
    if bounds3.is_empty() {
        bounds3 = vec![(1, 6), (2, 4)];
    }
    let bounds2: &[(i64, usize)] = &[(1, 9), (2, 5), (3, 4)];
    let bounds3 = &bounds3;
    let results: Vec<(Variant, usize, Results)> = thread::scope(|scope| {
        let handles: Vec<_> = Variant::ALL
            .into_iter()
            .map(|v| {
                scope.spawn(move || {
                    let mut found = BTreeMap::new();
                    if v.dim() == 2 {
                        exhaustive::<2>(v, bounds2, &mut found);
                    } else {
                        exhaustive::<3>(v, bounds3, &mut found);
                        random::<3>(v, tries, ks, cs, &mut found);
                    }
                    (v, v.dim(), found)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a search thread"))
            .collect()
    });
    for (variant, dim, found) in results {
        for ((region, meets), f) in found {
            let meets = meets.name();
            let show = |e: &Option<Example>| match e {
                Some(e) => format!(
                    "k = {}, support call {} ({}): D = {:?}",
                    e.d.len(),
                    e.iteration,
                    e.how,
                    e.d
                ),
                None => "none".into(),
            };
            eprintln!(
                "{variant} {region} ({meets}): without ties {}; with ties {}",
                show(&f.clean),
                show(&f.tied)
            );
            let (pin, ties) = match (&f.clean, &f.tied) {
                (Some(p), _) => (p, false),
                (None, Some(p)) => (p, true),
                (None, None) => continue,
            };
            let b: Vec<String> = pin
                .d
                .iter()
                .map(|p| {
                    let coords: Vec<String> = p[..dim].iter().map(|x| (-x).to_string()).collect();
                    format!("[{}]", coords.join(","))
                })
                .collect();
            println!(
                "{{\"id\":\"{variant}-{region}-{meets}\",\"a\":[[{}]],\"b\":[{}],\"reach\":{{\"variant\":\"{variant}\",\"region\":\"{region}\",\"meets\":\"{meets}\",\"iteration\":{},\"ties\":{ties},\"search\":\"{}\"}}}}",
                vec!["0"; dim].join(","),
                b.join(","),
                pin.iteration,
                pin.how
            );
        }
    }
}
