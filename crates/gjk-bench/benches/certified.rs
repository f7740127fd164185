//! Certified `f64` queries against plain `f64` and exact ones, on the
//! benchmark sets: `cargo bench --bench certified`.
//!
//! Before timing, it prints each set's **fallback rate**: how many pairs
//! the float certificate could not decide, so that the exact path ran
//! (count / total and %), with the reasons, and how many verdicts plain
//! `f64` gets wrong (or leaves without one) there. Every certified verdict
//! is checked against exact mode's; a disagreement stops the run.
//!
//! The sets (3D, fixed seeds, `pairs/mod.rs`; 64 pairs each):
//!
//! * `random` — general position, 12 points per shape (41 of the 64 pairs
//!   are separated, 23 overlap);
//! * `gap 2^-20`, `gap 2^-40` — the contact families (vertex–vertex,
//!   vertex–facet, edge–edge, facet–facet; 16 of each) moved apart by that
//!   much (relative to coordinates of size 1 to 3);
//! * `overlap 2^-40` — the same, moved into each other;
//! * `touching` — the same, touching exactly;
//! * `scale 2^30`, `scale 2^-30` — half random pairs, half contact pairs at
//!   gaps and overlaps of `2⁻⁴⁰` (relative), every coordinate times `2^±30`.
//!
//! Each benchmark runs one query per pair of a set; the counter is pairs.

mod pairs;

use std::collections::BTreeMap;
use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use gjk::boolean::Options;
use gjk::certified::{certify, Certificate, CertifiedOptions};
use gjk::scalar::rational_from_f64;
use gjk::shape::ConvexHull;
use gjk::verdict::{by_boolean_loop, Verdict};
use gjk::{Rational, Vector};
use gjk_oracle::Relation;
use pairs::{contact_pair, random_pair, Kind, Lcg, Pair};

/// The sets' names, in the order they are printed and timed.
const SETS: &[&str] = &[
    "random",
    "gap 2^-20",
    "gap 2^-40",
    "overlap 2^-40",
    "touching",
    "scale 2^30",
    "scale 2^-30",
];

/// Pairs per set.
const SET_SIZE: usize = 64;

/// One pair, ready for each mode.
struct Prepared {
    f: (ConvexHull<f64, 3>, ConvexHull<f64, 3>),
    q: (ConvexHull<Rational, 3>, ConvexHull<Rational, 3>),
}

fn prepare(p: &Pair<3>) -> Prepared {
    let exact = |pts: &[Vector<f64, 3>]| -> Vec<Vector<Rational, 3>> {
        pts.iter()
            .map(|x| x.map(|c| rational_from_f64(c).unwrap()))
            .collect()
    };
    let hull = |pts: Vec<Vector<f64, 3>>| ConvexHull::new(pts).unwrap();
    Prepared {
        f: (hull(p.a.clone()), hull(p.b.clone())),
        q: (
            ConvexHull::new(exact(&p.a)).unwrap(),
            ConvexHull::new(exact(&p.b)).unwrap(),
        ),
    }
}

/// The contact families, `SET_SIZE / 4` of each kind, moved by `shift`.
fn family(rng: &mut Lcg, shift: f64, scale: i32, count: usize) -> Vec<Pair<3>> {
    let kinds = Kind::all(3);
    (0..count)
        .map(|i| contact_pair::<3>(rng, kinds[i % kinds.len()], shift, scale))
        .collect()
}

/// Half random pairs, half contact pairs at `±2⁻⁴⁰`, all scaled by `2^e`.
fn scaled(rng: &mut Lcg, e: i32) -> Vec<Pair<3>> {
    let half = SET_SIZE / 2;
    let mut v: Vec<Pair<3>> = (0..half)
        .map(|_| random_pair::<3>(rng, 12).scaled(e))
        .collect();
    v.extend(family(rng, 2f64.powi(-40), e, half / 2));
    v.extend(family(rng, -(2f64.powi(-40)), e, half / 2));
    v
}

static PREPARED: LazyLock<BTreeMap<&'static str, Vec<Prepared>>> = LazyLock::new(|| {
    let mut rng = Lcg(20_240_601);
    let mut sets = BTreeMap::new();
    for &name in SETS {
        let pairs = match name {
            "random" => (0..SET_SIZE)
                .map(|_| random_pair::<3>(&mut rng, 12))
                .collect(),
            "gap 2^-20" => family(&mut rng, 2f64.powi(-20), 0, SET_SIZE),
            "gap 2^-40" => family(&mut rng, 2f64.powi(-40), 0, SET_SIZE),
            "overlap 2^-40" => family(&mut rng, -(2f64.powi(-40)), 0, SET_SIZE),
            "touching" => family(&mut rng, 0.0, 0, SET_SIZE),
            "scale 2^30" => scaled(&mut rng, 30),
            "scale 2^-30" => scaled(&mut rng, -30),
            _ => unreachable!("every set is built"),
        };
        sets.insert(name, pairs.iter().map(prepare).collect());
    }
    sets
});

/// The contact query's verdict as a relation (`None`: not converged).
fn relation<T: gjk::Field>(a: &ConvexHull<T, 3>, b: &ConvexHull<T, 3>) -> Option<Relation> {
    match by_boolean_loop(a, b, &Options::default()).unwrap().verdict {
        Verdict::Separated { .. } => Some(Relation::Separated),
        Verdict::Touching { .. } => Some(Relation::Touching),
        Verdict::Penetrating { .. } => Some(Relation::Penetrating),
        Verdict::NoVerdict { .. } => None,
    }
}

/// The fallback rate of every set, with a check of every verdict, and how
/// often plain `f64` is wrong there.
fn print_fallback_rates() {
    println!(
        "certified f64: how often the exact path ran (fallback), per set of {SET_SIZE} 3D pairs"
    );
    println!(
        "{:<14} {:>9} {:>7}  {:>13}  fallback reasons",
        "set", "fallback", "%", "plain f64 bad"
    );
    for &name in SETS {
        let set = &PREPARED[name];
        let mut reasons: BTreeMap<&'static str, usize> = BTreeMap::new();
        let mut plain_wrong = 0;
        for p in set {
            let truth = relation(&p.q.0, &p.q.1).expect("exact mode converges on polytopes");
            let r = certify(&p.f.0, &p.f.1, &CertifiedOptions::default()).unwrap();
            assert_eq!(r.verdict, truth, "certified disagrees with exact mode");
            if let Certificate::ExactFallback { reason } = &r.certificate {
                *reasons.entry(reason.name()).or_default() += 1;
            }
            plain_wrong += usize::from(relation(&p.f.0, &p.f.1) != Some(truth));
        }
        let n: usize = reasons.values().sum();
        let pct = 100.0 * n as f64 / set.len() as f64;
        let list: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!(
            "{name:<14} {:>9} {pct:>6.1}%  {:>13}  {}",
            format!("{n}/{}", set.len()),
            format!("{plain_wrong}/{}", set.len()),
            list.join(", ")
        );
    }
    println!();
}

fn main() {
    print_fallback_rates();
    divan::main();
}

/// Times `query` once on each pair of the set.
fn run<R>(bencher: Bencher, set: &str, query: impl Fn(&Prepared) -> R + Sync) {
    let set = &PREPARED[set];
    bencher.counter(ItemsCount::new(set.len())).bench(|| {
        for p in set {
            black_box(query(p));
        }
    });
}

/// `gjk::certified::certify`: never wrong.
#[divan::bench(args = SETS)]
fn certified(bencher: Bencher, set: &str) {
    let opts = CertifiedOptions::default();
    run(bencher, set, |p| certify(&p.f.0, &p.f.1, &opts).unwrap());
}

/// The plain `f64` contact query: fast, sometimes wrong near touching.
#[divan::bench(args = SETS)]
fn plain_f64(bencher: Bencher, set: &str) {
    let opts = Options::default();
    run(bencher, set, |p| {
        by_boolean_loop(&p.f.0, &p.f.1, &opts).unwrap()
    });
}

/// The exact contact query on the same doubles.
#[divan::bench(args = SETS, sample_count = 20)]
fn exact(bencher: Bencher, set: &str) {
    let opts = Options::default();
    run(bencher, set, |p| {
        by_boolean_loop(&p.q.0, &p.q.1, &opts).unwrap()
    });
}
