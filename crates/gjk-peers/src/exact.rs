//! The one place this crate reaches the `gjk` workspace's answers (a rename
//! there is a fix here only): the exact answers to a case and the judging
//! of another implementation's `expect` fields, both exactly what
//! `gjk check` does ([`gjk_cli::check`]).

use gjk_case::{Case, PackedCase};
use gjk_cli::budget::{Budget, Meter};
use gjk_cli::check::{exact_answers, judge, parse_expect, Tolerance, Verdict};
use num_rational::BigRational;
use serde_json::Value;

pub use gjk_cli::check::{Answer as Field, ExactAnswers, Judged};

/// The exact answers to `case` (exact GJK, distance loop and EPA on
/// rationals; the oracle above 8 dimensions), without a budget.
pub fn answers(case: &Case) -> Result<ExactAnswers, String> {
    let meter = Meter::new(Budget::NONE);
    exact_answers(
        &PackedCase::from_case(case),
        gjk::tolerance::DEFAULT_MAX_ITERATIONS,
        &meter,
    )
}

/// A case line (`{"id":…,"a":…,"b":…}`) read as `gjk check` reads it.
pub fn case_of(line: &Value) -> Result<Case, String> {
    gjk_case::parse_line(&line.to_string(), 1)
        .map_err(|e| e.error.to_string())?
        .ok_or_else(|| "an empty line".to_string())
}

/// The disagreeing fields of `line`'s `expect` against `exact`, with the
/// tolerance `|theirs − exact| ≤ abs + rel·|exact|` (decided exactly).
pub fn disagreements(
    line: &Value,
    exact: &ExactAnswers,
    rel: &str,
    abs: &str,
) -> Result<Vec<Judged>, String> {
    let tol = Tolerance::parse(rel, abs)?;
    let case = case_of(line)?;
    let Some(expect) = parse_expect(&case.extra).map_err(|e| e.to_string())? else {
        return Ok(Vec::new());
    };
    Ok(judge(&expect, exact, &tol)
        .into_iter()
        .filter(|j| j.verdict == Verdict::Disagree)
        .collect())
}

/// The exact squared distance of a case's answers.
pub fn distance_squared(exact: &ExactAnswers) -> &BigRational {
    &exact.distance_squared
}
