//! Exact answers against `f64` ones, in the same run on the same inputs
//! (issue 19): `cargo bench --bench exact` (BENCHMARKS.md, "Exact at float
//! speed").
//!
//! Each row is a set of pairs of point clouds given as doubles; each
//! sample answers every pair of the row in three ways, alternating which
//! goes first:
//!
//! * **f64** — what `gjk query --scalar f64` computes: the three-way verdict
//!   ([`gjk::verdict::verdict`]), then the distance of separated pairs the
//!   verdict did not measure, or EPA's depth of penetrating ones, on
//!   `ConvexHull<f64, N>`;
//! * **exact** — [`gjk::exact::exact_query`] on the same doubles as exact
//!   inputs ([`PointSet::from_f64`]): the same questions answered exactly,
//!   found in `f64` and proved, the exact loops only where a certificate is
//!   rejected;
//! * **loops** — the exact loops over rationals ([`gjk::exact::exact_loops`],
//!   the exact mode before issue 19), for rows where it takes seconds, not
//!   minutes (`--loops` to run it on every row).
//!
//! The ratio columns are medians of the per-sample ratios (paired samples:
//! the shared machine's load cancels to first order). Every exact answer is
//! checked against the loops' (where they ran) before timing: relation,
//! `dist²` and `δ²` identical.
//!
//! Rows: random points on the unit sphere `S^{N−1}`, rounded to multiples
//! of `2⁻³⁰` (so the moves below are exact in doubles), `B` the mirror
//! image of `A` through the plane `x₀ = max_A x₀` (**touching** at `A`'s
//! extreme point, by exact reflection), then moved along `x₀` by `+0.5`
//! (**separated**), `+2⁻⁴⁰ ≈ 0.91·10⁻¹²` (**gap 1e-12**) or `−0.5`
//! (**overlapping**).
//!
//! `--file PATH` times the 3D pairs of a case file instead, as one row (the
//! nine unit-sphere pairs: `python3 scripts/sphere_pairs.py > nine.jsonl`,
//! then `cargo bench -p gjk-bench --bench exact -- --file "$PWD/nine.jsonl"`:
//! cargo runs the bench in `crates/gjk-bench`).

use std::path::Path;
use std::time::Instant;

use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::epa::{epa_from_simplex, EpaOptions, EpaOutcome};
use gjk::exact::{exact_loops, exact_query, ExactAnswer, ExactOptions, ExactReport};
use gjk::filtered::PointSet;
use gjk::scalar::rational_from_f64;
use gjk::shape::ConvexHull;
use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk::verdict::{verdict, Verdict};
use gjk::{Rational, Vector};

/// A deterministic generator (the benches' own; MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `n` points on the unit sphere of `R^N`, each coordinate rounded to a
/// multiple of `2⁻³⁰`.
fn sphere<const N: usize>(rng: &mut Lcg, n: usize) -> Vec<Vector<f64, N>> {
    (0..n)
        .map(|_| loop {
            let p = Vector::<f64, N>::from_fn(|_, _| 2.0 * rng.unit() - 1.0);
            let l = p.norm();
            if l > 0.1 && l <= 1.0 {
                let g = 2f64.powi(30);
                break p.map(|x| (x / l * g).round() / g);
            }
        })
        .collect()
}

/// One pair of point clouds.
type Clouds<const N: usize> = (Vec<Vector<f64, N>>, Vec<Vector<f64, N>>);

/// `A`, and its mirror image through `x₀ = max_A x₀` moved by `shift`.
fn pair<const N: usize>(rng: &mut Lcg, n: usize, shift: f64) -> Clouds<N> {
    let a = sphere::<N>(rng, n);
    let m = a.iter().map(|p| p[0]).fold(f64::NEG_INFINITY, f64::max);
    let b = a
        .iter()
        .map(|p| {
            let mut q = *p;
            // 2m − x and + shift are exact: multiples of 2⁻⁴⁰ below 2⁴.
            q[0] = 2.0 * m - p[0] + shift;
            q
        })
        .collect();
    (a, b)
}

/// The f64 mode's work for one pair (module docs).
fn f64_query<const N: usize>(a: &ConvexHull<f64, N>, b: &ConvexHull<f64, N>) -> f64 {
    let r = verdict(a, b, DEFAULT_MAX_ITERATIONS).unwrap();
    match r.verdict {
        Verdict::Separated { separation, .. } => match separation {
            Some(s) => s.dist2,
            None => match distance(a, b, &DistanceOptions::default()).unwrap().outcome {
                DistanceOutcome::Separated { dist2, .. } => dist2,
                _ => -1.0,
            },
        },
        Verdict::Penetrating { .. } => {
            match epa_from_simplex(a, b, &r.simplex, &EpaOptions::default())
                .unwrap()
                .outcome
            {
                EpaOutcome::Penetrating(p) => -p.depth2,
                _ => 0.0,
            }
        }
        _ => 0.0,
    }
}

/// The unique exact values of a report: relation, `dist²`, `δ²`.
fn key<const N: usize>(r: &ExactReport<N>) -> (String, Option<Rational>, Option<Rational>) {
    let rel = r.answer.relation().map_or("none", |x| x.name()).to_string();
    match &r.answer {
        ExactAnswer::Separated { separation, .. } => {
            (rel, separation.as_ref().ok().map(|s| s.dist2.clone()), None)
        }
        ExactAnswer::Penetrating { depth } => {
            (rel, None, depth.as_ref().ok().map(|d| d.depth2.clone()))
        }
        _ => (rel, None, None),
    }
}

struct Row<const N: usize> {
    name: String,
    f: Vec<(ConvexHull<f64, N>, ConvexHull<f64, N>)>,
    s: Vec<(PointSet<N>, PointSet<N>)>,
    q: Vec<(ConvexHull<Rational, N>, ConvexHull<Rational, N>)>,
}

fn row<const N: usize>(name: &str, pairs: Vec<Clouds<N>>) -> Row<N> {
    let exact = |pts: &[Vector<f64, N>]| -> Vec<Vector<Rational, N>> {
        pts.iter()
            .map(|x| x.map(|c| rational_from_f64(c).unwrap()))
            .collect()
    };
    Row {
        name: name.into(),
        f: pairs
            .iter()
            .map(|(a, b)| {
                (
                    ConvexHull::new(a.clone()).unwrap(),
                    ConvexHull::new(b.clone()).unwrap(),
                )
            })
            .collect(),
        s: pairs
            .iter()
            .map(|(a, b)| {
                (
                    PointSet::from_f64(a.clone()).unwrap(),
                    PointSet::from_f64(b.clone()).unwrap(),
                )
            })
            .collect(),
        q: pairs
            .iter()
            .map(|(a, b)| {
                (
                    ConvexHull::new(exact(a)).unwrap(),
                    ConvexHull::new(exact(b)).unwrap(),
                )
            })
            .collect(),
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Times one row: `samples` paired samples; prints a table line.
fn run<const N: usize>(r: &Row<N>, samples: usize, loops: bool) {
    let opts = ExactOptions::default();
    // Check first: the proved answers are the loops' answers.
    let mut fallbacks = 0;
    for (i, (a, b)) in r.s.iter().enumerate() {
        let got = exact_query(a, b, &opts).unwrap();
        fallbacks += usize::from(got.fallback.is_some());
        if loops {
            let (qa, qb) = &r.q[i];
            let want = exact_loops(qa, qb, DEFAULT_MAX_ITERATIONS).unwrap();
            assert_eq!(key(&got), key(&want), "{} pair {i}", r.name);
        }
    }
    let (mut tf, mut te, mut tl, mut ratio, mut ratio_loops) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for k in 0..samples {
        let time_f = || {
            let t = Instant::now();
            for (a, b) in &r.f {
                std::hint::black_box(f64_query(a, b));
            }
            t.elapsed().as_secs_f64()
        };
        let time_e = || {
            let t = Instant::now();
            for (a, b) in &r.s {
                std::hint::black_box(exact_query(a, b, &opts).unwrap());
            }
            t.elapsed().as_secs_f64()
        };
        let (f, e) = if k % 2 == 0 {
            let f = time_f();
            (f, time_e())
        } else {
            let e = time_e();
            (time_f(), e)
        };
        tf.push(f);
        te.push(e);
        ratio.push(e / f);
        if loops && k < 3 {
            let t = Instant::now();
            for (a, b) in &r.q {
                std::hint::black_box(exact_loops(a, b, DEFAULT_MAX_ITERATIONS).unwrap());
            }
            let l = t.elapsed().as_secs_f64();
            tl.push(l);
            ratio_loops.push(l / e);
        }
    }
    let per = |t: f64| t / r.f.len() as f64 * 1e6;
    let loops_cols = if tl.is_empty() {
        "| — | — ".to_string()
    } else {
        format!("| {:.0} | {:.0}× ", per(median(tl)), median(ratio_loops))
    };
    println!(
        "| {} | {} | {}/{} | {:.1} | {:.1} | **{:.2}×** {}|",
        r.name,
        r.f.len(),
        fallbacks,
        r.s.len(),
        per(median(tf)),
        per(median(te)),
        median(ratio),
        loops_cols
    );
}

const KINDS: [(&str, f64); 4] = [
    ("separated", 0.5),
    ("gap 1e-12", 1.0 / (1u64 << 40) as f64),
    ("touching", 0.0),
    ("overlapping", -0.5),
];

fn rows<const N: usize>(
    n: usize,
    pairs: usize,
    filter: &str,
    samples: usize,
    all_loops: bool,
    loops_up_to: usize,
) {
    for (kind, shift) in KINDS {
        let name = format!("{N}D n={n} {kind}");
        if !name.contains(filter) {
            continue;
        }
        let mut rng = Lcg(19 + n as u64 * 31 + N as u64);
        let ps = (0..pairs).map(|_| pair::<N>(&mut rng, n, shift)).collect();
        let r = row(&name, ps);
        run(&r, samples, all_loops || n <= loops_up_to);
    }
}

/// The 3D pairs of a case file, read by the case format's reader, as one
/// row: `scripts/sphere_pairs.py > nine.jsonl` gives the nine unit-sphere
/// pairs of issue 19 (`--file "$PWD/nine.jsonl"`: cargo runs benches in the
/// package directory).
fn file_row(path: &str) -> Row<3> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let pairs = gjk_case::read_packed_cases(std::io::BufReader::new(file))
        .map(|case| {
            let case = case.unwrap_or_else(|e| panic!("{path}: {e}"));
            case.points::<f64, 3>()
                .unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect();
    let name = Path::new(path)
        .file_name()
        .map_or(path.into(), |f| f.to_string_lossy());
    row(&format!("3D pairs of {name}"), pairs)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let samples = args
        .iter()
        .position(|a| a == "--samples")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let all_loops = args.iter().any(|a| a == "--loops");
    let filter = args
        .iter()
        .enumerate()
        .find(|(i, a)| {
            !a.starts_with("--")
                && a.parse::<usize>().is_err()
                && (*i == 0 || args[i - 1] != "--file")
        })
        .map(|(_, a)| a)
        .cloned()
        .unwrap_or_default();
    let file = args
        .iter()
        .position(|a| a == "--file")
        .and_then(|i| args.get(i + 1))
        .cloned();
    println!("| row | pairs | fallbacks | f64 µs/pair | exact µs/pair | exact/f64 | loops µs/pair | loops/exact |");
    println!("|---|---|---|---|---|---|---|---|");
    if let Some(path) = file {
        // The file's pairs only (the loops take minutes on 10,000 points).
        run(&file_row(&path), samples, all_loops);
        return;
    }
    rows::<3>(32, 8, &filter, samples, all_loops, 1024);
    rows::<3>(1024, 4, &filter, samples, all_loops, 1024);
    rows::<2>(32, 8, &filter, samples, all_loops, 1024);
    rows::<5>(40, 4, &filter, samples, all_loops, 40);
    rows::<6>(40, 4, &filter, samples, all_loops, 40);
    rows::<7>(40, 2, &filter, samples, all_loops, 0);
    rows::<8>(40, 2, &filter, samples, all_loops, 0);
}
