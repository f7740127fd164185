//! Searches small-integer simplices for the cases of `spec/regions.toml`
//! and prints them as its entries: a shape pair on which the loop reaches
//! each reachable region, a *generic* case of each region (no sign test is
//! zero), and for each **tie** of the classifier (two neighbouring regions,
//! one sign test exactly zero; see `tests/common/ties.rs`) the smallest
//! case with the origin on that boundary alone.
//!
//! The output is a starting point for hand curation, not the spec:
//! `cargo run --release --example find_region_cases > /tmp/candidates.toml`
//! (about four minutes). Search bounds: 200,000 random shape pairs per
//! dimension (1 to N + 2 points each, coordinates in −3..=3); 200,000 2D
//! and 400,000 3D random simplices (1 to N + 1 vertices, coordinates in
//! −s..=s with s drawn from 1..=3). "Smallest" is the least largest
//! coordinate magnitude, then the least sum of magnitudes, then the shorter
//! text. A tie that no sampled simplex exercises alone is reported with the
//! witness `tests/spec.rs` finds for it, scaled to integers.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::ties::{all_ties, suggested_case, ties_alone, Tie};
use common::{show, Cloud, Lcg};
use gjk::boolean::{gjk_observed, Options, Step};
use gjk::classify::{classify, sign_tests};
use gjk::region::Region;
use gjk::{Rational, Simplex, Vector};
use num_traits::{Signed, Zero};

/// The size a candidate is ranked by: largest magnitude, sum of
/// magnitudes, text length.
fn size<const N: usize>(pts: &[Vector<Rational, N>]) -> (Rational, Rational, usize) {
    let mags = || pts.iter().flat_map(|p| p.iter()).map(Signed::abs);
    let max = mags().max().unwrap_or_else(Rational::zero);
    (max, mags().sum(), show(pts).len())
}

/// Keeps `pts` under `key` if it is smaller than what is there.
fn keep<K: Ord, const N: usize>(
    found: &mut BTreeMap<K, Vec<Vector<Rational, N>>>,
    key: K,
    pts: &[Vector<Rational, N>],
) {
    if found.get(&key).is_none_or(|old| size(pts) < size(old)) {
        found.insert(key, pts.to_vec());
    }
}

fn integer_points<const N: usize>(
    rng: &mut Lcg,
    len: usize,
    span: i64,
) -> Vec<Vector<Rational, N>> {
    (0..len)
        .map(|_| {
            Vector::<Rational, N>::from_fn(|_, _| {
                Rational::from_integer(rng.int(-span, span).into())
            })
        })
        .collect()
}

/// Random simplices: the smallest generic case of each region and the
/// smallest case of each tie.
fn search<const N: usize>(
    generic: &mut BTreeMap<&'static str, Vec<Vector<Rational, N>>>,
    ties: &mut BTreeMap<Tie, Vec<Vector<Rational, N>>>,
    rng: &mut Lcg,
    tries: usize,
) {
    for _ in 0..tries {
        let len = rng.int(1, N as i64 + 1) as usize;
        let span = rng.int(1, 3);
        let pts = integer_points::<N>(rng, len, span);
        let s = Simplex::from_points(pts.clone()).expect("at most N + 1 points");
        let Ok(c) = classify(&s) else { continue };
        match sign_tests(&s).iter().filter(|(_, v)| v.is_zero()).count() {
            0 => keep(generic, c.region.spec_id(), &pts),
            1 => {
                for tie in ties_alone(&pts) {
                    keep(ties, tie, &pts);
                }
            }
            _ => {}
        }
    }
}

fn loop_pairs<const N: usize>(
    found: &mut BTreeMap<&'static str, (String, String)>,
    rng: &mut Lcg,
    tries: usize,
) {
    for _ in 0..tries {
        let (a, b) = (rng.cloud::<N>(N + 2, 3), rng.cloud::<N>(N + 2, 3));
        let mut steps: Vec<Step<Rational, N>> = Vec::new();
        if gjk_observed(
            &Cloud(a.clone()),
            &Cloud(b.clone()),
            &Options::default(),
            &mut steps,
        )
        .is_err()
        {
            continue;
        }
        for region in steps.iter().filter_map(|s| s.region) {
            let (ta, tb) = (show(&a), show(&b));
            let better = found
                .get(region.spec_id())
                .is_none_or(|(x, y)| ta.len() + tb.len() < x.len() + y.len());
            if better {
                found.insert(region.spec_id(), (ta, tb));
            }
        }
    }
}

fn print_case<const N: usize>(region: &str, ties: &[String], pts: &[Vector<Rational, N>]) {
    println!(
        "[[case]]\nregion = \"{region}\"\nboundary = {}",
        !ties.is_empty()
    );
    if !ties.is_empty() {
        let quoted: Vec<String> = ties.iter().map(|t| format!("\"{t}\"")).collect();
        println!("ties = [{}]", quoted.join(", "));
    }
    println!("simplex = {}\n", show(pts));
}

/// One case per witness: a witness can exercise two ties (both sides of
/// `height(ABC)` or of `side(AB)`).
fn print_ties<const N: usize>(ties: &BTreeMap<Tie, Vec<Vector<Rational, N>>>) {
    let mut printed = BTreeSet::new();
    for (tie, pts) in ties {
        let text = show(pts);
        if printed.insert(text.clone()) {
            let names: Vec<String> = ties
                .iter()
                .filter(|(_, p)| show(p) == text)
                .map(|(t, _)| t.to_string())
                .collect();
            print_case(tie.decided, &names, pts);
        }
    }
}

fn main() {
    let mut pairs = BTreeMap::new();
    let mut rng = Lcg(0xfeed);
    loop_pairs::<2>(&mut pairs, &mut rng, 200_000);
    loop_pairs::<3>(&mut pairs, &mut rng, 200_000);
    for region in Region::all() {
        match pairs.get(region.spec_id()) {
            Some((a, b)) => println!(
                "[[pair]]\nregion = \"{}\"\na = {a}\nb = {b}\n",
                region.spec_id()
            ),
            None => println!("# the loop never reached {region}\n"),
        }
    }

    let mut rng = Lcg(0x5eed);
    let (mut generic2, mut ties2) = (BTreeMap::new(), BTreeMap::new());
    let (mut generic3, mut ties3) = (BTreeMap::new(), BTreeMap::new());
    search::<2>(&mut generic2, &mut ties2, &mut rng, 200_000);
    search::<3>(&mut generic3, &mut ties3, &mut rng, 400_000);
    for region in Region::all() {
        let id = region.spec_id();
        match (generic2.get(id), generic3.get(id)) {
            (Some(pts), _) => print_case(id, &[], pts),
            (_, Some(pts)) => print_case(id, &[], pts),
            _ => println!("# no generic case found for {id}\n"),
        }
    }
    print_ties(&ties2);
    print_ties(&ties3);
    for (tie, simplex) in all_ties() {
        if !ties2.contains_key(tie) && !ties3.contains_key(tie) {
            println!(
                "# {tie}: no sampled simplex has it alone; the witness of tests/spec.rs\n{}\n",
                suggested_case(tie, simplex)
            );
        }
    }
}
