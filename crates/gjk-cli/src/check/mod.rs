//! Cross-validation: another implementation's answers, written into a case
//! file, judged against the exact ones. The library side of `gjk check`.
//!
//! # The `expect` object
//!
//! A case may carry the answers of the implementation under test in an
//! `expect` object (and a free-form `category`, used to group the summary):
//!
//! ```text
//! {"id": "c1", "category": "touching", "a": [[0,0],[1,0],[0,1]], "b": [[1,0],[2,0]],
//!  "expect": {"intersects": true, "touching": true, "distance": 0.0, "distance_squared": "0"}}
//! ```
//!
//! | field | their value | compared with | how |
//! |---|---|---|---|
//! | `intersects` | `true` / `false` | the closed shapes share a point | exactly |
//! | `touching` | `true` / `false` | they share a point and do not penetrate | exactly |
//! | `distance` | a number (or a decimal / `"p/q"` string) | `√R`, `R` the exact squared distance | with the tolerance |
//! | `distance_squared` | a number | `R` | with the tolerance |
//! | `distance_squared` | a string (`"1/8"`, `"0.125"`) | `R` | exactly: a string is an exact claim |
//! | `penetration_depth` | a number (or a string) | `√P`, `P` the exact squared depth (`0` unless the shapes penetrate) | with the tolerance |
//!
//! **Round cases** (`radius_a`, `radius_b`: hulls thickened by radii,
//! [`gjk::round`]): `intersects` and `touching` are exact (the cores'
//! exact `c²` against `R²`); `distance` is judged against
//! `max(0, √c² − R)` and `penetration_depth` against `R − √c²` (disjoint
//! cores) or `√δ² + R` (overlapping cores, `δ²` their exact EPA depth),
//! both decided exactly like `√R` ([`accepts_offset_sqrt`]);
//! `distance_squared` is not rational there and goes unchecked
//! ([`UNCHECKED_ROUND_SQUARE`]).
//!
//! Every field is optional. A JSON number means the exact value of the
//! double it denotes, as in the case format ([`gjk_case`]). `null` means
//! "no answer": it disagrees with every exact answer. A field of another
//! type (a string for a boolean, `true` for a distance, an unreadable string)
//! is an [`ExpectError`]: the case is not checked and `gjk check` fails with
//! status 2. Field names `expect` does not know are not errors (files
//! written for later versions stay readable) but are counted and named in
//! the summary, so a misspelt field does not go unnoticed.
//!
//! # The tolerance
//!
//! A float answer `t` agrees with the exact value `x` when
//!
//! ```text
//! |t − x| ≤ abs + rel · |x|
//! ```
//!
//! with `rel` and `abs` set by the user (`--rel`, `--abs`) and read as exact
//! rationals (`"1e-9"` is exactly 10⁻⁹). The test is decided **exactly**:
//! `t` is the exact value of their double, and the exact distance `x = √R`
//! is never rounded. Writing `|t − √R| ≤ abs + rel·√R` as the two
//! inequalities `t − abs ≤ (1 + rel)·√R` and `(1 − rel)·√R ≤ t + abs`, each
//! has the form `b ≤ a·√R` or `a·√R ≤ b` with rationals `a`, `b`, and is
//! decided by signs and by comparing `a²R` with `b²` ([`times_sqrt_le`]).
//! So the verdict never depends on how `√R` rounds: `√2` against its
//! nearest double `1.4142135623730951` (too large by `9.7·10⁻¹⁷`) agrees
//! with `abs = 10⁻¹⁶` and disagrees with `abs = 9·10⁻¹⁷`, where a
//! comparison in `f64` would see a difference of `0` (tested in
//! `tests/cli.rs`).
//!
//! **Defaults** ([`DEFAULT_REL`], [`DEFAULT_ABS`]): `rel = 10⁻⁹` and
//! `abs = 10⁻¹²`. An `f64` distance is at best correct to the unit roundoff
//! `u = 2⁻⁵³ ≈ 1.1·10⁻¹⁶` relative; a GJK that stops on a relative gap `ε`
//! is off by up to `ε` relative (this crate's `f64` loop: `2.3·10⁻¹³`, see
//! [`gjk::distance`](mod@gjk::distance)). `10⁻⁹` accepts any implementation at least that
//! careful with four digits to spare, and still flags an error in the tenth
//! significant digit. `abs` is for answers whose exact value is `0` (touching
//! shapes), where `rel` gives no room; `10⁻¹²` is the rounding noise of a
//! squared distance of points of size about `100` in `f64`
//! (`u · 100² ≈ 10⁻¹²`). Implementations with a coarser stopping tolerance
//! (libccd's and FCL's `10⁻⁶`) should pass theirs with `--rel`.
//!
//! # Penetration depth
//!
//! The exact squared depth `P` comes from EPA in exact arithmetic
//! ([`gjk::epa`](mod@gjk::epa); van den Bergen 2001), which equals the minimum over the
//! facets of `A − B` of the facet's squared distance to the origin (checked
//! against the oracle's facet enumeration in `tests/epa.rs`); above the
//! compiled dimensions, from that enumeration itself. It compares like the
//! distance: `√P` decided exactly against the tolerance. A future path
//! without an exact depth would leave [`ExactAnswers::penetration_depth_squared`]
//! `None`, and the field would be reported as [`Verdict::Unchecked`] with
//! the reason [`UNCHECKED_PENETRATION`]: counted apart, never as agreement.

pub mod exact;

use std::collections::BTreeMap;
use std::fmt;

use num_traits::Signed;
use serde_json::{json, Map, Value};

pub use exact::{exact_answers, ExactAnswers, RoundExact};

use crate::number::{approx_json, sqrt_approx_json};

use gjk::scalar::Rational;
use gjk_case::{parse_coordinate, rational_to_json_string, CoordinateError};

/// The default relative tolerance, `10⁻⁹` (see the module docs).
pub const DEFAULT_REL: &str = "1e-9";
/// The default absolute tolerance, `10⁻¹²` (see the module docs).
pub const DEFAULT_ABS: &str = "1e-12";
/// Why `distance_squared` goes unchecked on a round case.
pub const UNCHECKED_ROUND_SQUARE: &str =
    "round shapes: the squared distance (c - R)^2 is not rational; check distance";
/// Why `penetration_depth` would go unchecked (no exact depth available).
pub const UNCHECKED_PENETRATION: &str = "needs the penetration oracle";

/// A field of the `expect` object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Answer {
    /// `intersects`: a boolean.
    Intersects,
    /// `touching`: a boolean.
    Touching,
    /// `distance`: a number.
    Distance,
    /// `distance_squared`: a number, or an exact string.
    DistanceSquared,
    /// `penetration_depth`: a number.
    PenetrationDepth,
}

impl Answer {
    /// Every field, in the order of reports.
    pub const ALL: [Answer; 5] = [
        Answer::Intersects,
        Answer::Touching,
        Answer::Distance,
        Answer::DistanceSquared,
        Answer::PenetrationDepth,
    ];

    /// The field's name in `expect`.
    pub fn name(self) -> &'static str {
        match self {
            Answer::Intersects => "intersects",
            Answer::Touching => "touching",
            Answer::Distance => "distance",
            Answer::DistanceSquared => "distance_squared",
            Answer::PenetrationDepth => "penetration_depth",
        }
    }

    fn from_name(name: &str) -> Option<Answer> {
        Answer::ALL.into_iter().find(|a| a.name() == name)
    }

    fn is_bool(self) -> bool {
        matches!(self, Answer::Intersects | Answer::Touching)
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the other implementation claims, read exactly.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// A boolean answer.
    Bool(bool),
    /// A float answer (a JSON number, or a string for a distance or a
    /// depth): compared with the tolerance.
    Approx(Rational),
    /// An exact answer (a string for `distance_squared`): compared exactly.
    Exact(Rational),
    /// `null`: no answer.
    Missing,
}

/// One field of an `expect` object.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected {
    /// Which field.
    pub answer: Answer,
    /// Their value as written in the file (echoed back in reports).
    pub given: Value,
    /// Their value, read.
    pub claim: Claim,
}

/// A case's `expect` object, read.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Expect {
    /// The known fields present, in [`Answer::ALL`] order.
    pub fields: Vec<Expected>,
    /// The names of fields `expect` does not know.
    pub unknown: Vec<String>,
}

/// Why an `expect` object cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExpectError {
    /// `expect` is not a JSON object.
    NotAnObject {
        /// What it is.
        found: &'static str,
    },
    /// A field has a value of the wrong type.
    WrongType {
        /// The field.
        answer: Answer,
        /// What it should be.
        expected: &'static str,
        /// What it is.
        found: &'static str,
    },
    /// A numeric field's string is not a number.
    BadNumber {
        /// The field.
        answer: Answer,
        /// Why.
        error: CoordinateError,
    },
}

impl fmt::Display for ExpectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectError::NotAnObject { found } => {
                write!(f, "\"expect\" must be an object, found {found}")
            }
            ExpectError::WrongType {
                answer,
                expected,
                found,
            } => write!(f, "expect.{answer} must be {expected}, found {found}"),
            ExpectError::BadNumber { answer, error } => {
                write!(f, "expect.{answer} is not a number: {error}")
            }
        }
    }
}

impl std::error::Error for ExpectError {}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Reads one field's value.
fn claim(answer: Answer, v: &Value) -> Result<Claim, ExpectError> {
    let wrong = |expected| ExpectError::WrongType {
        answer,
        expected,
        found: kind(v),
    };
    let number =
        |v: &Value| parse_coordinate(v).map_err(|error| ExpectError::BadNumber { answer, error });
    match (v, answer.is_bool()) {
        (Value::Null, _) => Ok(Claim::Missing),
        (Value::Bool(b), true) => Ok(Claim::Bool(*b)),
        (_, true) => Err(wrong("true, false or null")),
        (Value::Number(_), false) => number(v).map(Claim::Approx),
        (Value::String(_), false) if answer == Answer::DistanceSquared => {
            number(v).map(Claim::Exact)
        }
        (Value::String(_), false) => number(v).map(Claim::Approx),
        (_, false) => Err(wrong("a number, a decimal or \"p/q\" string, or null")),
    }
}

/// The case's `expect` object: `Ok(None)` when it has none.
pub fn parse_expect(extra: &Map<String, Value>) -> Result<Option<Expect>, ExpectError> {
    let Some(v) = extra.get("expect") else {
        return Ok(None);
    };
    let Value::Object(m) = v else {
        return Err(ExpectError::NotAnObject { found: kind(v) });
    };
    let mut out = Expect::default();
    for answer in Answer::ALL {
        if let Some(given) = m.get(answer.name()) {
            out.fields.push(Expected {
                answer,
                given: given.clone(),
                claim: claim(answer, given)?,
            });
        }
    }
    out.unknown = m
        .keys()
        .filter(|k| Answer::from_name(k).is_none())
        .cloned()
        .collect();
    Ok(Some(out))
}

/// The case's `category`: a string as is, another value as its JSON text,
/// `None` when absent or `null`.
pub fn category(extra: &Map<String, Value>) -> Option<String> {
    match extra.get("category")? {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// The tolerance of float answers: `|t − x| ≤ abs + rel · |x|`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tolerance {
    /// Relative part.
    pub rel: Rational,
    /// Absolute part.
    pub abs: Rational,
}

impl Tolerance {
    /// Reads `rel` and `abs` exactly from decimal or `"p/q"` strings; both
    /// must be non-negative.
    pub fn parse(rel: &str, abs: &str) -> Result<Tolerance, String> {
        let read = |name: &str, s: &str| -> Result<Rational, String> {
            let r =
                gjk_case::parse_decimal_or_ratio(s).map_err(|e| format!("--{name} {s}: {e}"))?;
            if r.is_negative() {
                return Err(format!("--{name} {s}: a tolerance must not be negative"));
            }
            Ok(r)
        };
        Ok(Tolerance {
            rel: read("rel", rel)?,
            abs: read("abs", abs)?,
        })
    }

    /// Whether `t` is within the tolerance of the rational `x`.
    pub fn accepts(&self, t: &Rational, x: &Rational) -> bool {
        (t - x).abs() <= &self.abs + &self.rel * x.abs()
    }

    /// Whether `t` is within the tolerance of `√r` (`r ≥ 0`), decided
    /// exactly (see the module docs).
    pub fn accepts_sqrt(&self, t: &Rational, r: &Rational) -> bool {
        let one = Rational::from_integer(1.into());
        // t − abs ≤ (1 + rel)·√r
        let upper = times_sqrt_le(&-(&one + &self.rel), r, &-(t - &self.abs));
        // (1 − rel)·√r ≤ t + abs
        let lower = times_sqrt_le(&(&one - &self.rel), r, &(t + &self.abs));
        upper && lower
    }
}

/// `a · √r ≤ b`, exactly, for rationals `a`, `b` and `r ≥ 0`.
///
/// With `l = a·√r`: if `l ≤ 0` (`a ≤ 0` or `r = 0`) it holds when `b ≥ 0`,
/// and for `b < 0` exactly when `|l| ≥ |b|`, i.e. `a²r ≥ b²`; if `l > 0` it
/// fails for `b < 0` and otherwise holds exactly when `a²r ≤ b²`.
pub fn times_sqrt_le(a: &Rational, r: &Rational, b: &Rational) -> bool {
    let l_positive = a.is_positive() && r.is_positive();
    let a2r = a * a * r;
    let b2 = b * b;
    if !l_positive {
        !b.is_negative() || a2r >= b2
    } else {
        !b.is_negative() && a2r <= b2
    }
}

/// The verdict on one field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Their answer is the exact one (booleans, exact strings) or within
    /// the tolerance of it.
    Agree,
    /// It is not.
    Disagree,
    /// No exact answer to compare with (the reason).
    Unchecked(&'static str),
}

/// One field, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// Which field.
    pub answer: Answer,
    /// Their value as written.
    pub given: Value,
    /// The exact value as JSON: a boolean, `"p/q"`, or `"sqrt(p/q)"` for a
    /// distance whose square is not a square of a rational (`null` when
    /// unchecked).
    pub exact: Value,
    /// The exact value rounded to a double, for numeric fields: a JSON
    /// number, or a decimal string past the range of normal doubles
    /// ([`crate::number`]).
    pub exact_approx: Option<Value>,
    /// The verdict.
    pub verdict: Verdict,
}

/// `√r` as text: `"p/q"` when `r` is the square of a rational, else
/// `"sqrt(p/q)"`.
pub fn sqrt_text(r: &Rational) -> String {
    let (n, d) = (r.numer(), r.denom());
    if !r.is_negative() {
        let (sn, sd) = (n.sqrt(), d.sqrt());
        if &(&sn * &sn) == n && &(&sd * &sd) == d {
            return rational_to_json_string(&Rational::new(sn, sd));
        }
    }
    format!("sqrt({})", rational_to_json_string(r))
}

/// Judges every field of `expect` against `exact`.
pub fn judge(expect: &Expect, exact: &ExactAnswers, tol: &Tolerance) -> Vec<Judged> {
    expect
        .fields
        .iter()
        .map(|e| judge_one(e, exact, tol))
        .collect()
}

fn judge_one(e: &Expected, exact: &ExactAnswers, tol: &Tolerance) -> Judged {
    let agree = |ok: bool| {
        if ok {
            Verdict::Agree
        } else {
            Verdict::Disagree
        }
    };
    let sqrt_judged = |r: &Rational| -> (Value, Option<Value>, Verdict) {
        let verdict = match &e.claim {
            Claim::Approx(t) | Claim::Exact(t) => agree(tol.accepts_sqrt(t, r)),
            Claim::Missing | Claim::Bool(_) => Verdict::Disagree,
        };
        (json!(sqrt_text(r)), Some(sqrt_approx_json(r)), verdict)
    };
    if let Some(round) = &exact.round {
        return round_judged(e, exact, round, tol);
    }
    let (exact_value, exact_approx, verdict) = match e.answer {
        Answer::Intersects | Answer::Touching => {
            let x = if e.answer == Answer::Intersects {
                exact.intersects
            } else {
                exact.touching
            };
            (json!(x), None, agree(e.claim == Claim::Bool(x)))
        }
        Answer::Distance => sqrt_judged(&exact.distance_squared),
        Answer::DistanceSquared => {
            let r = &exact.distance_squared;
            let verdict = match &e.claim {
                Claim::Exact(t) => agree(t == r),
                Claim::Approx(t) => agree(tol.accepts(t, r)),
                Claim::Missing | Claim::Bool(_) => Verdict::Disagree,
            };
            (
                json!(rational_to_json_string(r)),
                Some(approx_json(r)),
                verdict,
            )
        }
        Answer::PenetrationDepth => match &exact.penetration_depth_squared {
            Some(r) => sqrt_judged(r),
            None => (Value::Null, None, Verdict::Unchecked(UNCHECKED_PENETRATION)),
        },
    };
    Judged {
        answer: e.answer,
        given: e.given.clone(),
        exact: exact_value,
        exact_approx,
        verdict,
    }
}

/// `s·√d + o` (`s = ±1`), the exact value of a round case's distance or
/// depth, as text: `"sqrt(25) - 5"`, `"5/4 - sqrt(1/4)"`.
fn offset_sqrt_text(sign: i8, d: &Rational, o: &Rational) -> String {
    let root = sqrt_text(d);
    let o_text = rational_to_json_string(&o.abs());
    match (sign > 0, o.is_negative()) {
        (true, true) => format!("{root} - {o_text}"),
        (true, false) => format!("{root} + {o_text}"),
        (false, _) => format!("{} - {root}", rational_to_json_string(o)),
    }
}

/// Whether `t` is within the tolerance of `x = s·√d + o` (`x ≥ 0`, `s = ±1`),
/// decided exactly: `t − abs ≤ (1 + rel)·x` and `(1 − rel)·x ≤ t + abs`,
/// each rearranged to the form `a·√d ≤ b` of [`times_sqrt_le`].
pub fn accepts_offset_sqrt(
    tol: &Tolerance,
    t: &Rational,
    sign: i8,
    d: &Rational,
    o: &Rational,
) -> bool {
    let one = Rational::from_integer(1.into());
    let s = Rational::from_integer(sign.into());
    let (up, down) = (&one + &tol.rel, &one - &tol.rel);
    // t − abs ≤ up·(s√d + o)  ⇔  −up·s·√d ≤ up·o − t + abs
    let upper = times_sqrt_le(&-(&up * &s), d, &(&up * o - t + &tol.abs));
    // down·(s√d + o) ≤ t + abs  ⇔  down·s·√d ≤ t + abs − down·o
    let lower = times_sqrt_le(&(&down * &s), d, &(t + &tol.abs - &down * o));
    upper && lower
}

/// A round case's field, judged from its exact terms ([`RoundExact`]).
fn round_judged(e: &Expected, exact: &ExactAnswers, round: &RoundExact, tol: &Tolerance) -> Judged {
    let agree = |ok: bool| {
        if ok {
            Verdict::Agree
        } else {
            Verdict::Disagree
        }
    };
    let zero = Rational::from_integer(0.into());
    let c2 = &exact.distance_squared;
    let r = &round.radius_sum;
    // The value as (sign, radicand, offset): s·√d + o.
    let value: Option<(i8, Rational, Rational)> = match e.answer {
        Answer::Intersects | Answer::Touching => None,
        Answer::DistanceSquared => None,
        Answer::Distance if exact.intersects => Some((1, zero.clone(), zero.clone())),
        Answer::Distance => Some((1, c2.clone(), -r.clone())),
        Answer::PenetrationDepth if exact.intersects && !exact.touching => {
            match round.core_overlap {
                true => Some((
                    1,
                    exact
                        .penetration_depth_squared
                        .clone()
                        .unwrap_or(zero.clone()),
                    r.clone(),
                )),
                false => Some((-1, c2.clone(), r.clone())),
            }
        }
        Answer::PenetrationDepth => Some((1, zero.clone(), zero.clone())),
    };
    let (exact_value, exact_approx, verdict) = match (e.answer, value) {
        (Answer::Intersects | Answer::Touching, _) => {
            let x = if e.answer == Answer::Intersects {
                exact.intersects
            } else {
                exact.touching
            };
            (json!(x), None, agree(e.claim == Claim::Bool(x)))
        }
        (_, Some((sign, d, o))) => {
            let verdict = match &e.claim {
                Claim::Approx(t) | Claim::Exact(t) => {
                    agree(accepts_offset_sqrt(tol, t, sign, &d, &o))
                }
                Claim::Missing | Claim::Bool(_) => Verdict::Disagree,
            };
            let approx = f64::from(sign) * gjk::Scalar::to_f64(&d).sqrt() + gjk::Scalar::to_f64(&o);
            (
                json!(offset_sqrt_text(sign, &d, &o)),
                Some(json!(approx)),
                verdict,
            )
        }
        (_, None) => (
            Value::Null,
            None,
            Verdict::Unchecked(UNCHECKED_ROUND_SQUARE),
        ),
    };
    Judged {
        answer: e.answer,
        given: e.given.clone(),
        exact: exact_value,
        exact_approx,
        verdict,
    }
}

/// Counts of verdicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Fields that agree.
    pub agree: usize,
    /// Fields that disagree.
    pub disagree: usize,
    /// Fields not checked.
    pub unchecked: usize,
}

impl Counts {
    fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Agree => self.agree += 1,
            Verdict::Disagree => self.disagree += 1,
            Verdict::Unchecked(_) => self.unchecked += 1,
        }
    }

    fn to_json(self) -> Value {
        json!({"agree": self.agree, "disagree": self.disagree, "unchecked": self.unchecked})
    }
}

/// A category's tally: its cases, and its fields' verdicts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CategoryCounts {
    /// Cases checked in the category.
    pub cases: usize,
    /// Cases with at least one disagreement.
    pub cases_disagreeing: usize,
    /// Verdicts by field.
    pub fields: BTreeMap<Answer, Counts>,
}

/// The tally of a whole run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Valid case lines read.
    pub cases: usize,
    /// Cases without an `expect` object (not checked).
    pub without_expect: usize,
    /// Lines that could not be checked: malformed lines, malformed
    /// `expect` objects, cases without an exact answer.
    pub errors: usize,
    /// Cases past their budget (`--budget`): not checked.
    pub budget_exceeded: usize,
    /// Verdicts by field, over all cases.
    pub fields: BTreeMap<Answer, Counts>,
    /// By category (cases without one under `"(none)"`).
    pub categories: BTreeMap<String, CategoryCounts>,
    /// Unknown `expect` fields and how many cases had each.
    pub unknown_fields: BTreeMap<String, usize>,
    /// Why fields went unchecked, by field.
    pub unchecked_reasons: BTreeMap<Answer, &'static str>,
}

impl Summary {
    /// Adds one checked case.
    pub fn add(&mut self, category: Option<&str>, expect: &Expect, judged: &[Judged]) {
        let cat = self
            .categories
            .entry(category.unwrap_or("(none)").to_string())
            .or_default();
        cat.cases += 1;
        if judged.iter().any(|j| j.verdict == Verdict::Disagree) {
            cat.cases_disagreeing += 1;
        }
        for j in judged {
            self.fields.entry(j.answer).or_default().add(&j.verdict);
            cat.fields.entry(j.answer).or_default().add(&j.verdict);
            if let Verdict::Unchecked(reason) = j.verdict {
                self.unchecked_reasons.insert(j.answer, reason);
            }
        }
        for u in &expect.unknown {
            *self.unknown_fields.entry(u.clone()).or_default() += 1;
        }
    }

    /// All fields' verdicts together.
    pub fn total(&self) -> Counts {
        self.fields.values().fold(Counts::default(), |t, c| Counts {
            agree: t.agree + c.agree,
            disagree: t.disagree + c.disagree,
            unchecked: t.unchecked + c.unchecked,
        })
    }

    /// The exit status `gjk check` ends with: `2` if a line could not be
    /// checked (an error or the budget) or nothing at all was compared,
    /// else `1` if a field disagrees, else `0`.
    pub fn status(&self) -> u8 {
        let t = self.total();
        if self.errors > 0 || self.budget_exceeded > 0 || t.agree + t.disagree == 0 {
            2
        } else if t.disagree > 0 {
            1
        } else {
            0
        }
    }

    /// The summary as one JSON object `{"summary": {…}}`.
    pub fn to_json(&self, tol: &Tolerance) -> Value {
        let fields: Map<String, Value> = self
            .fields
            .iter()
            .map(|(a, c)| (a.name().to_string(), c.to_json()))
            .collect();
        let categories: Map<String, Value> = self
            .categories
            .iter()
            .map(|(name, c)| {
                let f: Map<String, Value> = c
                    .fields
                    .iter()
                    .map(|(a, n)| (a.name().to_string(), n.to_json()))
                    .collect();
                (
                    name.clone(),
                    json!({"cases": c.cases, "cases_disagreeing": c.cases_disagreeing, "fields": f}),
                )
            })
            .collect();
        let reasons: Map<String, Value> = self
            .unchecked_reasons
            .iter()
            .map(|(a, r)| (a.name().to_string(), json!(r)))
            .collect();
        let t = self.total();
        json!({"summary": {
            "status": self.status(),
            "cases": self.cases,
            "without_expect": self.without_expect,
            "errors": self.errors,
            "budget_exceeded": self.budget_exceeded,
            "agree": t.agree,
            "disagree": t.disagree,
            "unchecked": t.unchecked,
            "tolerance": {"rel": rational_to_json_string(&tol.rel), "abs": rational_to_json_string(&tol.abs)},
            "fields": fields,
            "categories": categories,
            "unchecked_reasons": reasons,
            "unknown_expect_fields": self.unknown_fields,
        }})
    }

    /// The summary as a small table for people.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let t = self.total();
        s.push_str(&format!(
            "gjk check: {} cases ({} without expect), {} lines not checked (errors)\n",
            self.cases, self.without_expect, self.errors
        ));
        if self.budget_exceeded > 0 {
            s.push_str(&format!(
                "{} cases past the budget (not checked)\n",
                self.budget_exceeded
            ));
        }
        s.push_str(&format!(
            "{:<20}{:>9}{:>10}{:>11}\n",
            "field", "agree", "disagree", "unchecked"
        ));
        for (a, c) in &self.fields {
            let note = self
                .unchecked_reasons
                .get(a)
                .map_or(String::new(), |r| format!("  (unchecked: {r})"));
            s.push_str(&format!(
                "{:<20}{:>9}{:>10}{:>11}{note}\n",
                a.name(),
                c.agree,
                c.disagree,
                c.unchecked
            ));
        }
        if !self.categories.is_empty() {
            s.push_str(&format!(
                "{:<20}{:>9}{:>10}\n",
                "category", "cases", "disagree"
            ));
            for (name, c) in &self.categories {
                s.push_str(&format!(
                    "{:<20}{:>9}{:>10}\n",
                    name, c.cases, c.cases_disagreeing
                ));
            }
        }
        for (name, n) in &self.unknown_fields {
            s.push_str(&format!(
                "note: expect.{name} (in {n} cases) is not a known field and was not checked\n"
            ));
        }
        let verdict = match self.status() {
            0 => "all checked fields agree".to_string(),
            1 => format!("{} disagreements", t.disagree),
            _ if self.errors + self.budget_exceeded > 0 => format!(
                "{} lines could not be checked",
                self.errors + self.budget_exceeded
            ),
            _ => "nothing was compared (no case has a checkable expect field)".to_string(),
        };
        s.push_str(&format!("result: {verdict} (exit {})\n", self.status()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk::scalar::{integer, ratio};

    fn r(s: &str) -> Rational {
        gjk_case::parse_decimal_or_ratio(s).unwrap()
    }

    #[test]
    fn times_sqrt_le_covers_every_sign() {
        // a·√r ≤ b
        assert!(times_sqrt_le(&integer(2), &integer(9), &integer(6)));
        assert!(!times_sqrt_le(&integer(2), &integer(9), &r("5.999")));
        assert!(times_sqrt_le(&integer(-2), &integer(9), &integer(-6)));
        assert!(!times_sqrt_le(&integer(-2), &integer(9), &r("-6.001")));
        assert!(times_sqrt_le(&integer(-2), &integer(9), &integer(1)));
        assert!(!times_sqrt_le(&integer(2), &integer(9), &integer(-1)));
        assert!(times_sqrt_le(&integer(5), &integer(0), &integer(0)));
        assert!(!times_sqrt_le(&integer(5), &integer(0), &integer(-1)));
    }

    #[test]
    fn sqrt_is_compared_without_rounding() {
        let tol = |abs: &str| Tolerance::parse("0", abs).unwrap();
        let t = gjk::scalar::rational_from_f64(2f64.sqrt()).unwrap();
        // The double nearest √2 is above it by about 9.67e-17.
        assert!(!tol("0").accepts_sqrt(&t, &integer(2)));
        assert!(tol("1e-16").accepts_sqrt(&t, &integer(2)));
        assert!(!tol("9e-17").accepts_sqrt(&t, &integer(2)));
        // Relative tolerance on both sides: √16 = 4, rel 1/4 → [3, 5].
        let rel = Tolerance::parse("1/4", "0").unwrap();
        for (x, ok) in [("3", true), ("5", true), ("2.999", false), ("5.001", false)] {
            assert_eq!(rel.accepts_sqrt(&r(x), &integer(16)), ok, "{x}");
        }
        // A relative tolerance of 1 or more accepts 0 for any distance.
        let wide = Tolerance::parse("1", "0").unwrap();
        assert!(wide.accepts_sqrt(&integer(0), &integer(16)));
        assert!(!wide.accepts_sqrt(&integer(-1), &integer(16)));
    }

    #[test]
    fn square_roots_print_exactly() {
        assert_eq!(sqrt_text(&ratio(9, 4).unwrap()), "3/2");
        assert_eq!(sqrt_text(&ratio(1, 8).unwrap()), "sqrt(1/8)");
        assert_eq!(sqrt_text(&integer(0)), "0");
    }

    #[test]
    fn negative_tolerances_are_refused() {
        assert!(Tolerance::parse("-1e-9", "0").is_err());
        assert!(Tolerance::parse("1e-9", "x").is_err());
    }
}
