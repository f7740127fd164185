//! How long the exact oracle takes at its documented limits (the figures in
//! `src/oracle/mod.rs` come from this program):
//!
//! ```sh
//! cargo run --release -p gjk-oracle --example oracle_limits
//! ```
//!
//! Inputs are random integers in −100..=100 from a fixed seed, so the run is
//! the same everywhere; the times depend on the machine and its load.

use std::time::Instant;

use gjk::Rational;
use gjk_oracle::{
    self as oracle, MAX_ENUMERATION_COST, MAX_FACET_COST, MAX_LP_SIZE, MAX_SIMPLEX_DIM,
};

mod common;
use common::Lcg;

/// `n` points with coordinates in `−100 + shift ..= 100 + shift`.
fn cloud(rng: &mut Lcg, n: usize, dim: usize, shift: i64) -> Vec<Vec<Rational>> {
    (0..n)
        .map(|_| {
            (0..dim)
                .map(|_| Rational::from_integer((rng.int(-100, 100) + shift).into()))
                .collect()
        })
        .collect()
}

fn timed<R: std::fmt::Debug>(what: &str, f: impl FnOnce() -> R) {
    let t = Instant::now();
    let r = f();
    println!("{what}: {:.2?} -> {r:?}", t.elapsed());
}

fn main() {
    let mut rng = Lcg(3);
    println!("MAX_LP_SIZE = {MAX_LP_SIZE}");
    for (n, dim) in [(32usize, 16usize), (115, 3)] {
        let a = cloud(&mut rng, n, dim, 0);
        let b = cloud(&mut rng, n, dim, 0);
        timed(&format!("relation, {n} + {n} points in {dim}D"), || {
            oracle::relation(&a, &b).map(|r| format!("{r:?}"))
        });
    }
    println!("MAX_ENUMERATION_COST = {MAX_ENUMERATION_COST}");
    for (n, dim) in [(25usize, 3usize), (11, 10)] {
        // A cloud around the origin against one point: A − B has n distinct
        // points, as many as the cost limit allows in this dimension.
        let a = cloud(&mut rng, n, dim, 5);
        let b = vec![vec![Rational::from_integer(0.into()); dim]];
        timed(&format!("distance_squared, {n} points in {dim}D"), || {
            oracle::distance_squared(&a, &b).map(|d| d.dist2.to_string())
        });
    }
    println!("MAX_FACET_COST = {MAX_FACET_COST}");
    for (n, dim) in [(120usize, 3usize), (50, 4), (30, 5)] {
        // A cloud around the origin against one point: A − B has n distinct
        // points and (almost surely) the origin inside.
        let a = cloud(&mut rng, n, dim, 0);
        let b = vec![vec![Rational::from_integer(0.into()); dim]];
        timed(&format!("penetration_depth, {n} points in {dim}D"), || {
            oracle::penetration_depth(&a, &b).map(|d| match d {
                oracle::PenetrationDepth::Penetrating { depth2, facets, .. } => {
                    format!("depth² {depth2}, {} minimal facet(s)", facets.len())
                }
                other => format!("{other:?}"),
            })
        });
    }
    println!("MAX_SIMPLEX_DIM = {MAX_SIMPLEX_DIM}");
    let dim = MAX_SIMPLEX_DIM;
    let simplex: Vec<Vec<Rational>> = (0..=dim)
        .map(|i| {
            (0..dim)
                .map(|c| {
                    let v =
                        if c == i { 10 } else { 0 } + rng.int(-3, 3) - if i == dim { 5 } else { 0 };
                    Rational::from_integer(v.into())
                })
                .collect()
        })
        .collect();
    timed(
        &format!("closest_feature, {} vertices in {dim}D", dim + 1),
        || oracle::closest_feature(&simplex).map(|r| r.feature),
    );
}
