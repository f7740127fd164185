//! The queries in each scalar mode: `cargo bench --bench gjk`.
//!
//! Every benchmark runs one query on each of [`PAIRS`] fixed-seed random
//! hull pairs (`pairs::random_pair`: `m` points per shape in the unit ball,
//! the second ball's centre 0.5 to 2 away: a mix of separated and
//! overlapping pairs). The counter is pairs: divan reports the time per
//! pass over all of them and the pairs per second. Inputs are built before
//! timing; exact mode gets the exact values of the same doubles.

mod pairs;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use gjk::boolean::{gjk, Options};
use gjk::distance::{distance, DistanceOptions};
use gjk::scalar::{rational_from_f64, FromRational};
use gjk::shape::ConvexHull;
use gjk::verdict::by_boolean_loop;
use gjk::{Field, Rational, Vector};
use pairs::{random_pair, Lcg};

fn main() {
    divan::main();
}

/// Pairs per benchmark.
const PAIRS: usize = 16;
/// Points per shape, float modes.
const SIZES: &[usize] = &[8, 64, 512];
/// Points per shape, exact mode (rationals with 53-bit numerators and
/// denominators up to 2⁵²: about a millisecond per query already at 64).
const EXACT_SIZES: &[usize] = &[8, 64];

type Hulls<T, const N: usize> = Vec<(ConvexHull<T, N>, ConvexHull<T, N>)>;

/// The benchmark's pairs in scalar `T` (the same doubles for every `T`;
/// `f32` rounds them once).
fn hulls<T: FromRational, const N: usize>(m: usize) -> Hulls<T, N> {
    let mut rng = Lcg(0x5eed ^ ((N as u64) << 32) ^ m as u64);
    let convert = |pts: &[Vector<f64, N>]| {
        let exact = pts
            .iter()
            .map(|p| p.map(|c| T::from_rational(&rational_from_f64(c).unwrap())))
            .collect();
        ConvexHull::new(exact).unwrap()
    };
    (0..PAIRS)
        .map(|_| {
            let p = random_pair::<N>(&mut rng, m);
            (convert(&p.a), convert(&p.b))
        })
        .collect()
}

/// Times `query` once on each pair of the benchmark's set.
fn run<T: FromRational, const N: usize, R>(
    bencher: Bencher,
    m: usize,
    query: impl Fn(&ConvexHull<T, N>, &ConvexHull<T, N>) -> R + Sync,
) {
    let pairs = hulls::<T, N>(m);
    bencher.counter(ItemsCount::new(PAIRS)).bench(|| {
        for (a, b) in &pairs {
            black_box(query(a, b));
        }
    });
}

fn run_boolean<T: FromRational, const N: usize>(bencher: Bencher, m: usize) {
    let opts = Options::default();
    run::<T, N, _>(bencher, m, |a, b| gjk(a, b, &opts).unwrap());
}

fn run_distance<T: FromRational + Field, const N: usize>(bencher: Bencher, m: usize) {
    let opts = DistanceOptions::default();
    run::<T, N, _>(bencher, m, |a, b| distance(a, b, &opts).unwrap());
}

fn run_contact<T: FromRational + Field, const N: usize>(bencher: Bencher, m: usize) {
    let opts = Options::default();
    run::<T, N, _>(bencher, m, |a, b| by_boolean_loop(a, b, &opts).unwrap());
}

/// The boolean query (`gjk::boolean::gjk`) in floats.
#[divan::bench(types = [f32, f64], consts = [2, 3], args = SIZES)]
fn boolean<T: FromRational, const N: usize>(bencher: Bencher, m: usize) {
    run_boolean::<T, N>(bencher, m);
}

/// The boolean query in exact arithmetic.
#[divan::bench(consts = [2, 3], args = EXACT_SIZES, sample_count = 10)]
fn boolean_exact<const N: usize>(bencher: Bencher, m: usize) {
    run_boolean::<Rational, N>(bencher, m);
}

/// The distance query (`gjk::distance::distance`, Johnson's sub-algorithm)
/// in `f64`.
#[divan::bench(consts = [2, 3], args = SIZES)]
fn distance_f64<const N: usize>(bencher: Bencher, m: usize) {
    run_distance::<f64, N>(bencher, m);
}

/// The distance query in exact arithmetic.
#[divan::bench(consts = [2, 3], args = EXACT_SIZES, sample_count = 10)]
fn distance_exact<const N: usize>(bencher: Bencher, m: usize) {
    run_distance::<Rational, N>(bencher, m);
}

/// The three-way contact query (`gjk::verdict::contact`) in `f64`.
#[divan::bench(consts = [2, 3], args = SIZES)]
fn contact_f64<const N: usize>(bencher: Bencher, m: usize) {
    run_contact::<f64, N>(bencher, m);
}

/// The contact query in exact arithmetic.
#[divan::bench(consts = [2, 3], args = EXACT_SIZES, sample_count = 10)]
fn contact_exact<const N: usize>(bencher: Bencher, m: usize) {
    run_contact::<Rational, N>(bencher, m);
}
