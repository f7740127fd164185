//! The big-integer operations of the exact verifier on each backend, at the
//! sizes the verifier meets (module docs of `README.md`): median of 15
//! samples of 2,000 operations each, nanoseconds per operation.
use std::hint::black_box;
use std::time::Instant;

use malachite_base::num::arithmetic::traits::Gcd as MGcd;
use malachite_nz::integer::Integer as MInt;
use malachite_nz::natural::Natural as MNat;
use malachite_q::Rational as MRat;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer as _;
use num_rational::BigRational;
use rug::integer::Order;
use rug::{Integer as RInt, Rational as RRat};

/// The library's own gcd and sums in lowest terms (`src/lowest_terms.rs`),
/// compiled here from the library's file: they are private to it.
#[path = "../../../../src/lowest_terms.rs"]
#[allow(dead_code)] // Only `gcd` and `add` are timed.
mod lowest_terms;
/// What `lowest_terms.rs` imports from the library.
mod scalar {
    pub type Rational = num_rational::BigRational;
}
/// What `lowest_terms.rs` imports from the library.
mod vector {
    pub type Vector<T, const N: usize> = nalgebra::SVector<T, N>;
}

const OPS: usize = 2_000;
const SAMPLES: usize = 15;

/// xorshift64*: the same limbs for every backend.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// `bits` random bits, the top one set, the lowest one set (odd).
    fn limbs(&mut self, bits: usize) -> Vec<u64> {
        let n = bits.div_ceil(64);
        let mut v: Vec<u64> = (0..n).map(|_| self.next()).collect();
        let top = bits - 64 * (n - 1);
        if top < 64 {
            v[n - 1] &= (1u64 << top) - 1;
        }
        v[n - 1] |= 1u64 << (top - 1);
        v[0] |= 1;
        v
    }
}

fn num(l: &[u64]) -> BigInt {
    let bytes: Vec<u8> = l.iter().flat_map(|x| x.to_le_bytes()).collect();
    BigInt::from_biguint(Sign::Plus, BigUint::from_bytes_le(&bytes))
}
fn mal(l: &[u64]) -> MInt {
    MInt::from(MNat::from_limbs_asc(l))
}
fn gmp(l: &[u64]) -> RInt {
    RInt::from_digits(l, Order::Lsf)
}

/// Median nanoseconds per operation of `f` (which runs `OPS` operations).
fn time(mut f: impl FnMut()) -> f64 {
    f();
    let mut t: Vec<f64> = (0..SAMPLES)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_nanos() as f64 / OPS as f64
        })
        .collect();
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    t[SAMPLES / 2]
}

/// One table row; `own`: num-bigint with the library's gcd, where the
/// library has its own path for the operation.
/// Median nanoseconds per operation of `f` over the pairs.
fn each<X, R>(pairs: &[(X, X)], f: impl Fn(&X, &X) -> R) -> f64 {
    time(|| {
        for (a, b) in pairs {
            black_box(f(a, b));
        }
    })
}

/// One sum per pair in each backend, and in the library's own
/// `lowest_terms::add` over num-bigint: the timings as one row.
fn add_row(name: &str, n: &[(BigRational, BigRational)], m: &[(MRat, MRat)], g: &[(RRat, RRat)]) {
    let tn = each(n, |a, b| a + b);
    let tm = each(m, |a, b| a + b);
    let tg = each(g, |a, b| RRat::from(a + b));
    let to = each(n, lowest_terms::add);
    row(name, tn, Some(to), tm, tg);
}

fn row(name: &str, n: f64, own: Option<f64>, m: f64, g: f64) {
    let own = own.map_or("—".to_string(), |o| format!("{o:.0} ({:.2}×)", o / n));
    println!(
        "| {name} | {n:.0} | {own} | {m:.0} ({:.2}×) | {g:.0} ({:.2}×) |",
        m / n,
        g / n
    );
}

fn main() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    println!(
        "| operation | num-bigint 0.4 (ns) | num-bigint with gjk's gcd (ns, ratio) | malachite 0.14 (ns, ratio) | GMP 6.2 via rug 1.19 (ns, ratio) |"
    );
    println!("|---|---|---|---|---|");
    for bits in [64usize, 128, 256] {
        // Products: dot products over common denominators multiply
        // mantissas (53 bits) by numerators of this size.
        let pairs: Vec<(Vec<u64>, Vec<u64>)> = (0..OPS)
            .map(|_| (rng.limbs(bits), rng.limbs(bits)))
            .collect();
        let (n, m, g): (Vec<_>, Vec<_>, Vec<_>) = (
            pairs.iter().map(|(a, b)| (num(a), num(b))).collect(),
            pairs.iter().map(|(a, b)| (mal(a), mal(b))).collect(),
            pairs.iter().map(|(a, b)| (gmp(a), gmp(b))).collect(),
        );
        let tn = each(&n, |a, b| a * b);
        let tm = each(&m, |a, b| a * b);
        let tg = each(&g, |a, b| RInt::from(a * b));
        row(&format!("multiply, {bits} × {bits} bits"), tn, None, tm, tg);
        let tn = each(&n, |a, b| a + b);
        let tm = each(&m, |a, b| a + b);
        let tg = each(&g, |a, b| RInt::from(a + b));
        row(&format!("add, {bits} + {bits} bits"), tn, None, tm, tg);
        // gcd of two numbers sharing a 64-bit odd factor (a reduction
        // that is not a power of two).
        let shared: Vec<(Vec<u64>, Vec<u64>, Vec<u64>)> = (0..OPS)
            .map(|_| (rng.limbs(bits), rng.limbs(bits), rng.limbs(64)))
            .collect();
        let n: Vec<_> = shared
            .iter()
            .map(|(a, b, c)| (num(a) * num(c), num(b) * num(c)))
            .collect();
        let m: Vec<_> = shared
            .iter()
            .map(|(a, b, c)| {
                let (a, b, c) = (
                    MNat::from_limbs_asc(a),
                    MNat::from_limbs_asc(b),
                    MNat::from_limbs_asc(c),
                );
                (&a * &c, &b * &c)
            })
            .collect();
        let g: Vec<_> = shared
            .iter()
            .map(|(a, b, c)| ((gmp(a) * gmp(c)), (gmp(b) * gmp(c))))
            .collect();
        let tn = each(&n, |a, b| a.gcd(b));
        let tm = each(&m, |a, b| a.gcd(b));
        let tg = each(&g, |a, b| RInt::from(a.gcd_ref(b)));
        let to = each(&n, |a, b| lowest_terms::gcd(a.magnitude(), b.magnitude()));
        row(
            &format!("gcd, {bits}+64 bits, shared 64-bit factor"),
            tn,
            Some(to),
            tm,
            tg,
        );
        // Rationals in lowest terms: a sum of two general fractions.
        let q: Vec<[Vec<u64>; 4]> = (0..OPS)
            .map(|_| std::array::from_fn(|_| rng.limbs(bits)))
            .collect();
        let n: Vec<_> = q
            .iter()
            .map(|[a, b, c, d]| {
                (
                    BigRational::new(num(a), num(b)),
                    BigRational::new(num(c), num(d)),
                )
            })
            .collect();
        let m: Vec<_> = q
            .iter()
            .map(|[a, b, c, d]| {
                let f = |x: &Vec<u64>, y: &Vec<u64>| {
                    MRat::from_naturals(MNat::from_limbs_asc(x), MNat::from_limbs_asc(y))
                };
                (f(a, b), f(c, d))
            })
            .collect();
        let g: Vec<_> = q
            .iter()
            .map(|[a, b, c, d]| (RRat::from((gmp(a), gmp(b))), RRat::from((gmp(c), gmp(d)))))
            .collect();
        add_row(
            &format!("rational add, {bits}-bit terms, lowest terms"),
            &n,
            &m,
            &g,
        );
        // Dyadic rationals (doubles' values): odd numerators over powers of two.
        let dy: Vec<(Vec<u64>, u32, Vec<u64>, u32)> = (0..OPS)
            .map(|_| {
                (
                    rng.limbs(bits),
                    (rng.next() % 60) as u32,
                    rng.limbs(bits),
                    (rng.next() % 60) as u32,
                )
            })
            .collect();
        let n: Vec<_> = dy
            .iter()
            .map(|(a, i, b, j)| {
                (
                    BigRational::new(num(a), BigInt::from(1) << *i),
                    BigRational::new(num(b), BigInt::from(1) << *j),
                )
            })
            .collect();
        let m: Vec<_> = dy
            .iter()
            .map(|(a, i, b, j)| {
                let f = |x: &Vec<u64>, k: u32| {
                    MRat::from_naturals(MNat::from_limbs_asc(x), MNat::from(1u32) << k)
                };
                (f(a, *i), f(b, *j))
            })
            .collect();
        let g: Vec<_> = dy
            .iter()
            .map(|(a, i, b, j)| {
                (
                    RRat::from((gmp(a), RInt::from(1) << *i)),
                    RRat::from((gmp(b), RInt::from(1) << *j)),
                )
            })
            .collect();
        add_row(
            &format!("rational add, {bits}-bit dyadic terms"),
            &n,
            &m,
            &g,
        );
    }
}
