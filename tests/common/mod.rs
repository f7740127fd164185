//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test binary uses a different subset of the helpers

pub mod epa_check;
pub mod long;
pub mod spec_table;
pub mod ties;

use std::path::Path;

use gjk::{Rational, Simplex, Support, Vector};
use num_bigint::BigInt;

/// Parses `"3"`, `"-1/2"` into an exact rational (test data only).
pub fn rat(s: &str) -> Rational {
    match s.split_once('/') {
        Some((p, q)) => Rational::new(
            p.trim().parse::<BigInt>().unwrap(),
            q.trim().parse::<BigInt>().unwrap(),
        ),
        None => Rational::from_integer(s.trim().parse::<BigInt>().unwrap()),
    }
}

/// Rows of rational strings as exact vectors of dimension `N`.
pub fn vectors<const N: usize>(rows: &[Vec<String>]) -> Vec<Vector<Rational, N>> {
    rows.iter()
        .map(|r| {
            assert_eq!(r.len(), N, "row {r:?} is not {N}-dimensional");
            Vector::<Rational, N>::from_fn(|i, _| rat(&r[i]))
        })
        .collect()
}

/// The same vectors rounded into another scalar type.
pub fn convert<T: gjk::scalar::FromRational, const N: usize>(
    v: &[Vector<Rational, N>],
) -> Vec<Vector<T, N>> {
    v.iter()
        .map(|p| Vector::<T, N>::from_fn(|i, _| T::from_rational(&p[i])))
        .collect()
}

/// A simplex of exact points, newest first.
pub fn simplex<T: gjk::Scalar, const N: usize>(pts: Vec<Vector<T, N>>) -> Simplex<T, N> {
    Simplex::from_points(pts).expect("at most N + 1 points")
}

/// A brute-force point cloud (the tests' own support map, independent of
/// `gjk::shape`).
pub struct Cloud<T: gjk::Scalar, const N: usize>(pub Vec<Vector<T, N>>);

impl<T: gjk::Scalar, const N: usize> Support<T, N> for Cloud<T, N> {
    fn support(&self, d: &Vector<T, N>) -> Vector<T, N> {
        let dot = |p: &Vector<T, N>| gjk::vector::dot(p, d);
        let mut best = &self.0[0];
        for p in &self.0[1..] {
            if dot(p) > dot(best) {
                best = p;
            }
        }
        best.clone()
    }
}

/// Exact vectors printed as a paste-able literal: `[["1", "-1/2"], ...]`.
pub fn show<const N: usize>(v: &[Vector<Rational, N>]) -> String {
    let rows: Vec<String> = v
        .iter()
        .map(|p| {
            format!(
                "[{}]",
                p.iter()
                    .map(|x| format!("\"{x}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// A deterministic generator for seeded test loops (no dependency, stable
/// across platforms and versions).
pub struct Lcg(pub u64);

impl Lcg {
    /// A uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + ((self.0 >> 33) % ((hi - lo + 1) as u64)) as i64
    }

    /// A cloud of `1..=max_points` small-integer points in `N` dimensions.
    pub fn cloud<const N: usize>(
        &mut self,
        max_points: usize,
        span: i64,
    ) -> Vec<Vector<Rational, N>> {
        let n = self.int(1, max_points as i64) as usize;
        (0..n)
            .map(|_| {
                Vector::<Rational, N>::from_fn(|_, _| {
                    Rational::from_integer(self.int(-span, span).into())
                })
            })
            .collect()
    }
}

/// The repository root (for loading `spec/` and scanning `tests/`): the
/// nearest directory above the test's package that holds `spec/` (these
/// helpers are also included by workspace members' tests).
pub fn root() -> &'static Path {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|p| p.join("spec/regions.toml").is_file())
        .unwrap_or(here)
}

/// A loop trace as compact text for failure messages: one line per step
/// with the iteration, the region's spec ID and the kept simplex.
pub fn trace_text<const N: usize>(steps: &[gjk::boolean::Step<Rational, N>]) -> String {
    steps
        .iter()
        .map(|s| {
            let kept: Vec<Vector<Rational, N>> = s.kept.points().cloned().collect();
            let region = s
                .region
                .map(|r| r.spec_id())
                .unwrap_or("separated (support test)");
            format!(
                "  #{} w·d = {}: {} → kept {}",
                s.iteration,
                s.progress,
                region,
                show(&kept)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
