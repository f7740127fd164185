//! Case files of generated pairs with their exact answers (`gjk gen`).
//!
//! Each case is one JSON line of the case format (`src/case.rs`) with two
//! more fields that the parser keeps in [`gjk_case::Case::extra`]:
//!
//! * `category` — the family's name ([`Family::name`]);
//! * `expect` — the exact answers ([`Answer::expect_json`]): `intersects`,
//!   `touching`, `distance_squared` (`"p/q"`), `distance` and
//!   `penetration_depth` (numbers);
//! * `params` — what rebuilds the pair with [`super::build`].
//!
//! Coordinates are JSON numbers, each exactly a double (see the module
//! docs of [`super`]): integers below `2^53` are written as integers, others
//! in the shortest form that reads back as the same double, so a C++ or
//! Python reader gets the exact input with `strtod` or `float`.

use serde_json::{json, Value};

use super::rng::derive;
use super::{build, Answer, Family, GenError, Pair, Params};

/// The families of a case file: one, or all that exist in the dimension,
/// in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyChoice {
    /// This family only.
    One(Family),
    /// Every family of the dimension, case `i` from family
    /// `i mod (number of families)`.
    All,
}

impl FamilyChoice {
    /// `"all"` or a family name.
    pub fn from_name(name: &str) -> Option<FamilyChoice> {
        if name == "all" {
            Some(FamilyChoice::All)
        } else {
            Family::from_name(name).map(FamilyChoice::One)
        }
    }
}

/// One coordinate `m · 2^exp` as a JSON number with exactly that value.
fn coordinate(m: i64, exp: i32) -> Value {
    let x = m as f64 * 2f64.powi(exp);
    if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

impl Pair {
    /// The pair as one case of a case file, with its `id`, `category`,
    /// `expect` and `params`.
    pub fn to_case(&self, id: &str, answer: &Answer) -> Value {
        let shape = |s: &[Vec<i64>]| -> Value {
            Value::Array(
                s.iter()
                    .map(|p| Value::Array(p.iter().map(|&m| coordinate(m, self.exp)).collect()))
                    .collect(),
            )
        };
        let p = &self.params;
        json!({
            "id": id,
            "category": p.family.name(),
            "a": shape(&self.a),
            "b": shape(&self.b),
            "expect": answer.expect_json(),
            "params": {
                "family": p.family.name(),
                "dim": p.dim,
                "seed": p.seed,
                "scale_exp": p.scale_exp,
                "spread": p.spread,
                "extra": p.extra,
                "gap": p.gap,
                "gap_bits": p.gap_bits,
            },
        })
    }
}

/// The parameters of the pairs of `gjk gen` (see [`cases`]), without
/// building or answering them: what a report that needs only some of the
/// answers iterates over.
///
/// Errors: a family that does not exist in `dim`.
pub fn case_params(
    choice: FamilyChoice,
    dim: usize,
    count: usize,
    seed: u64,
    scale_exp: i32,
) -> impl Iterator<Item = Result<Params, GenError>> {
    let families = match choice {
        FamilyChoice::One(f) => vec![f],
        FamilyChoice::All => Family::supported(dim),
    };
    (0..count).map(move |i| {
        let family =
            *families
                .get(i % families.len().max(1))
                .ok_or_else(|| GenError::InvalidParams {
                    what: format!("no family exists in dimension {dim}"),
                })?;
        Ok(Params::from_seed(
            family,
            dim,
            derive(seed, i as u64),
            scale_exp,
        ))
    })
}

/// The cases of `gjk gen`: `count` pairs of the chosen families in
/// dimension `dim`, scaled by `2^scale_exp`, each with its exact answers.
/// Case `i` is built from [`Params::from_seed`] with a seed derived from
/// `seed` and `i`, so the output depends only on the arguments (and the
/// crate's version).
///
/// Errors: a family that does not exist in `dim`, a scale out of range, and
/// answers that cannot be computed ([`GenError::Answer`]).
pub fn cases(
    choice: FamilyChoice,
    dim: usize,
    count: usize,
    seed: u64,
    scale_exp: i32,
) -> impl Iterator<Item = Result<Value, GenError>> {
    case_params(choice, dim, count, seed, scale_exp)
        .enumerate()
        .map(move |(i, params)| {
            let params = params?;
            let family = params.family;
            let pair = build(&params)?;
            let answer = pair.answer()?;
            Ok(pair.to_case(&format!("{family}-{dim}d-{seed}-{i}"), &answer))
        })
}
