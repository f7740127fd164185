//! The cost of the support search's overflow guard (`first_max` in
//! `src/shape/hull.rs`: one bound per call, from the hull's largest
//! coordinate): `ConvexHull::support` against the same scan without it,
//! paired in one run on the same directions (BENCHMARKS.md).
//!
//!     cargo run --release --example support_scan_cost
//!
//! Prints, per hull size, the median over 15 rounds of the time per support
//! call of each, and their ratio.

use std::hint::black_box;
use std::time::Instant;

use gjk::shape::ConvexHull;
use gjk::{Support, Vector};

/// The scan before the guard: the first point with the largest dot product.
fn plain(points: &[Vector<f64, 3>], d: &Vector<f64, 3>) -> Vector<f64, 3> {
    let mut best = &points[0];
    let mut best_dot = gjk::vector::dot(best, d);
    for p in &points[1..] {
        let x = gjk::vector::dot(p, d);
        if x > best_dot {
            best = p;
            best_dot = x;
        }
    }
    *best
}

fn main() {
    let mut state = 0x9e3779b97f4a7c15u64;
    let mut unit = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    for n in [32, 1024] {
        let pts: Vec<Vector<f64, 3>> = (0..n)
            .map(|_| Vector::<f64, 3>::from([unit(), unit(), unit()]))
            .collect();
        let dirs: Vec<Vector<f64, 3>> = (0..256)
            .map(|_| Vector::<f64, 3>::from([unit(), unit(), unit()]))
            .collect();
        let hull = ConvexHull::new(pts.clone()).expect("finite points");
        let calls = (1 << 22) / n;
        let (mut new, mut old) = (Vec::new(), Vec::new());
        for _ in 0..15 {
            let t = Instant::now();
            for i in 0..calls {
                black_box(hull.support(black_box(&dirs[i % dirs.len()])));
            }
            new.push(t.elapsed().as_secs_f64() / calls as f64);
            let t = Instant::now();
            for i in 0..calls {
                black_box(plain(black_box(&pts), black_box(&dirs[i % dirs.len()])));
            }
            old.push(t.elapsed().as_secs_f64() / calls as f64);
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let (a, b) = (median(&mut new), median(&mut old));
        println!(
            "n = {n:5}: with the guard {:8.1} ns, without {:8.1} ns, ratio {:.3}",
            a * 1e9,
            b * 1e9,
            a / b
        );
    }
}
