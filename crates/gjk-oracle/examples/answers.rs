//! The oracle's full answers to `distance_squared` (distance, closest point,
//! witnesses, weights) and `penetration_depth` (every facet, normal and
//! offset), in `Debug` form, on 6,000 seeded pairs, 1D to 6D, 1 to 6 points
//! a side, coordinates `m · 2^e` with `|m| ≤ 3, 100 or 32,767` and
//! `|e| ≤ 70`: two lines per pair on stdout, the time of each on stderr.
//! A change to the oracle that must change no answer is checked by running
//! it at both commits and comparing the outputs byte for byte:
//!
//! ```sh
//! cargo run --release -p gjk-oracle --example answers > after.txt 2> after.times
//! ```
//!
//! (and the same at the earlier commit, then `cmp before.txt after.txt`).
//! Commits before `8e6e645` lack this file: copy it and `examples/common/`
//! into that tree first (the oracle's API it calls is unchanged since
//! well before). The oracle's speed-ups of 2026-11-28 were checked so,
//! against `fb144cb`.

use gjk::Rational;
use num_bigint::BigInt;

/// Pairs answered.
const CASES: usize = 6000;

mod common;
use common::Lcg;

fn main() {
    let mut rng = Lcg(7);
    for case in 0..CASES {
        let dim = 1 + case % 6;
        let na = 1 + rng.int(0, 5) as usize;
        let nb = 1 + rng.int(0, 5) as usize;
        let exp = rng.int(-70, 70);
        let range = [3i64, 100, 32767][rng.int(0, 2) as usize];
        let cloud = |n: usize, rng: &mut Lcg| -> Vec<Vec<Rational>> {
            (0..n)
                .map(|_| {
                    (0..dim)
                        .map(|_| {
                            let m = BigInt::from(rng.int(-range, range));
                            let p = BigInt::from(1) << exp.unsigned_abs();
                            if exp >= 0 {
                                Rational::from_integer(m * p)
                            } else {
                                Rational::new(m, p)
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let a = cloud(na, &mut rng);
        let b = cloud(nb, &mut rng);
        let start = std::time::Instant::now();
        let distance = gjk_oracle::distance_squared(&a, &b);
        let between = std::time::Instant::now();
        let depth = gjk_oracle::penetration_depth(&a, &b);
        eprintln!(
            "{case} {dim}D distance {:.6} s depth {:.6} s",
            (between - start).as_secs_f64(),
            between.elapsed().as_secs_f64()
        );
        println!("{case} {distance:?}");
        println!("{case} {depth:?}");
    }
}
