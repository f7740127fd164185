//! The generators: every family's construction agrees with the exact
//! oracle, coordinates stay exact in `f64` (and `f32`), pairs are
//! deterministic, and `gjk gen` case files parse and carry exact answers.

use gjk::case::parse_line;
use gjk::generators::{build, cases, Family, FamilyChoice, Params, MAX_DIM};
use gjk::oracle::{self, Relation};
use gjk::scalar::Scalar;

/// Every family in every dimension from 1 to `MAX_DIM`, several seeds and
/// scales: the construction's claims (relation, distance, normal) hold
/// according to the oracle, and the mantissas respect the documented bounds.
#[test]
fn every_family_agrees_with_the_oracle() {
    let mut tally = std::collections::BTreeMap::<(Family, String), usize>::new();
    for dim in 1..=MAX_DIM {
        let seeds: u64 = if dim <= 4 { 12 } else { 3 };
        for family in Family::supported(dim) {
            for seed in 0..seeds {
                for params in [
                    Params::new(family, dim, seed),
                    Params::from_seed(family, dim, seed, [0, 30, -30][seed as usize % 3]),
                ] {
                    let pair = build(&params).unwrap();
                    assert!(!pair.a.is_empty() && !pair.b.is_empty(), "{params:?}");
                    for p in pair.a.iter().chain(&pair.b) {
                        assert_eq!(p.len(), dim, "{params:?}");
                    }
                    let near = matches!(
                        family,
                        Family::NearGap
                            | Family::NearDepth
                            | Family::PointPolytope
                            | Family::Duplicates
                    );
                    let limit = if params.gap_bits == 0 || !near {
                        1i64 << 24
                    } else {
                        1i64 << 48
                    };
                    let worst = pair
                        .a
                        .iter()
                        .chain(&pair.b)
                        .flatten()
                        .map(|m| m.abs())
                        .max()
                        .unwrap();
                    assert!(worst < limit, "mantissa {worst} for {params:?}");
                    if params.gap_bits == 0 {
                        assert!(pair.exact_in_f32(), "{params:?}");
                    }
                    let answer = pair.answer().unwrap_or_else(|e| panic!("{params:?}: {e}"));
                    *tally
                        .entry((family, format!("{:?}", answer.relation)))
                        .or_default() += 1;
                }
            }
        }
    }
    for ((f, r), n) in &tally {
        eprintln!("{:>22} {r}: {n}", f.name());
    }
}
