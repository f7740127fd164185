//! A differential report against parry (`parry2d-f64`, `parry3d-f64`): the
//! generated hard cases (`gjk_gen`, every family of 2D and 3D, at
//! three scales) through parry's queries and through this crate's exact
//! mode, and a markdown table of how often they disagree, by family and
//! dimension and by field. `docs/parry-report.md` holds the current table:
//!
//! ```sh
//! cargo run --release -p gjk-bench --example parry_report > report.md
//! ```
//!
//! The run is deterministic: the cases are those of
//! `gjk gen --family F --dim D --count 100 --seed 1 --scale E` for every
//! family `F`, `D ∈ {2, 3}` and `E ∈ {0, 20, −20}` (optional arguments:
//! `--count N` cases per family, dimension and scale).
//!
//! # What is compared
//!
//! Each shape is the convex hull of its points, built by parry's own
//! constructors (`ConvexPolygon::from_convex_hull`,
//! `ConvexPolyhedron::from_convex_hull`); both shapes sit at the identity
//! pose, so parry sees exactly the doubles of the case (every generated
//! coordinate is a double). A constructor that returns `None` (flat or
//! degenerate point sets) makes the case **refused**: counted apart, never
//! compared. Each of parry's answers is written into the case's `expect`
//! object and judged by [`gjk_cli::check::judge`] — what `gjk check` does —
//! against [`gjk_cli::check::exact_answers`] (this crate's exact mode: exact
//! GJK, distance loop and EPA on rationals):
//!
//! | field | parry's answer | exact answer |
//! |---|---|---|
//! | `intersects` | `query::intersection_test(..).intersecting` | the closed hulls share a point |
//! | `distance` | `query::distance(..).distance` | `√R`, `R` the exact squared distance (`0` if they intersect) |
//! | `touching` | `query::contact(..)` returns `Some(c)` with `|c.dist| ≤ abs` | they share a point and do not penetrate |
//! | `penetration_depth` | `max(0, −c.dist)` of that contact, `0` when it is `None` | `√P`, `P` the exact squared depth (`0` unless penetrating) |
//!
//! Numbers agree when `|theirs − exact| ≤ abs + rel·|exact|` with
//! `rel = 10⁻⁹` and `abs = 10⁻¹²` (`gjk check`'s defaults), decided exactly
//! (the exact square root is never rounded). parry has no notion of
//! touching; the definition above reads its contact query the way the
//! tolerance reads a depth: a contact whose signed distance is within `abs`
//! of `0`. The contact query runs with the prediction distance `abs` (not
//! `0`), so that a touching contact found at a tiny positive distance is
//! still reported and judged by the same `|c.dist| ≤ abs`. A query that
//! panics or returns an error is a field with **no answer**, counted apart.
//!
//! # Diagnosis
//!
//! * **parry's hull**: a disagreeing field is judged again against the
//!   exact answers for the vertices parry's hull kept (a subset of the
//!   input points). Agreement there means the hull constructor dropped
//!   points (its collinearity tolerance), not that the query is wrong.
//! * **size-relative**: it is judged again with `abs` grown to
//!   `band = abs + 10⁻⁹·size` ([`SIZE_REL`]; `size` is the case's largest
//!   `|coordinate|`), `touching` and `penetration_depth` from a second
//!   contact query with prediction `band`: agreement there means parry is
//!   off by little compared with the shapes, which a scale-free `abs`
//!   cannot see.
//! * **scale dependence**: the case with index `i` is the same mantissas at
//!   every scale (only the exponent changes), so the exact answers are the
//!   same; the report counts the pairs whose (`intersects`, `touching`)
//!   from parry changes with the scale.
//! * **inconsistency**: parry's `intersection_test` says intersecting while
//!   its `distance` is beyond `abs + 10⁻⁹·size`, or separated while the
//!   distance is exactly `0`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};

use gjk::scalar::Scalar;
use gjk::tolerance::DEFAULT_MAX_ITERATIONS;
use gjk::Rational;
use gjk_case::{parse_decimal_or_ratio, parse_line, Case, PackedCase};
use gjk_cli::budget::{Budget, Meter};
use gjk_cli::check::{
    exact_answers, judge, parse_expect, Answer as Field, ExactAnswers, Tolerance, Verdict,
    DEFAULT_ABS, DEFAULT_REL,
};
use gjk_gen::{cases, Family, FamilyChoice};
use gjk_oracle::{self as oracle, OracleError, PenetrationDepth};
use num_traits::Signed;
use serde_json::{json, Map, Value};

/// The scales `2^E` of the coordinates.
const SCALES: [i32; 3] = [0, 20, -20];
/// The seed of `gjk gen` (every case's seed is derived from it).
const SEED: u64 = 1;
/// Cases per family, dimension and scale (`--count` overrides).
const DEFAULT_COUNT: usize = 100;
/// Example disagreements printed per field (from distinct families).
const EXAMPLES_PER_FIELD: usize = 3;

/// The fields compared, in table order.
const FIELDS: [Field; 4] = [
    Field::Intersects,
    Field::Touching,
    Field::Distance,
    Field::PenetrationDepth,
];

/// What parry answered on one case.
enum Parry {
    /// A hull constructor returned `None` (for `A`, `B` or both).
    Refused(&'static str),
    /// The answers, `None` for a query that panicked or returned an error;
    /// and the points of parry's two hulls.
    Answered {
        intersects: Option<bool>,
        distance: Option<f64>,
        /// `contact(.., abs)`: `Some(None)` is "no contact",
        /// `Some(Some(d))` a contact with signed distance `d`.
        contact: Option<Option<f64>>,
        /// The same with prediction `band` (the size-relative diagnosis).
        contact_band: Option<Option<f64>>,
        hull_a: Vec<Vec<f64>>,
        hull_b: Vec<Vec<f64>>,
    },
}

/// Runs `f`, turning a panic into `None` without printing it.
fn quietly<R>(f: impl FnOnce() -> R) -> Option<R> {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let r = panic::catch_unwind(AssertUnwindSafe(f)).ok();
    panic::set_hook(previous);
    r
}

/// `parry_in_2d` / `parry_in_3d`: the same code for both parry crates (their
/// APIs are the same but for the dimension and the hull type).
macro_rules! parry_in {
    ($name:ident, $krate:ident, $hull:ident, $dim:literal) => {
        fn $name(a: &[Vec<f64>], b: &[Vec<f64>], abs: f64, band: f64) -> Parry {
            use $krate::math::{Pose, Vector};
            use $krate::query;
            use $krate::shape::$hull;
            let points = |s: &[Vec<f64>]| -> Vec<Vector> {
                s.iter().map(|p| Vector::from_slice(p)).collect()
            };
            let build = |s: &[Vec<f64>]| quietly(|| $hull::from_convex_hull(&points(s))).flatten();
            let (ha, hb) = match (build(a), build(b)) {
                (Some(ha), Some(hb)) => (ha, hb),
                (None, Some(_)) => return Parry::Refused("A"),
                (Some(_), None) => return Parry::Refused("B"),
                (None, None) => return Parry::Refused("A and B"),
            };
            let id = Pose::IDENTITY;
            let rows = |h: &$hull| -> Vec<Vec<f64>> {
                h.points()
                    .iter()
                    .map(|p| p.to_array()[..$dim].to_vec())
                    .collect()
            };
            let contact = |prediction: f64| {
                quietly(|| query::contact(&id, &ha, &id, &hb, prediction).ok())
                    .flatten()
                    .map(|c| c.map(|c| c.dist))
            };
            Parry::Answered {
                intersects: quietly(|| query::intersection_test(&id, &ha, &id, &hb).ok())
                    .flatten()
                    .map(|r| r.intersecting),
                distance: quietly(|| query::distance(&id, &ha, &id, &hb).ok())
                    .flatten()
                    .map(|r| r.distance),
                contact: contact(abs),
                contact_band: contact(band),
                hull_a: rows(&ha),
                hull_b: rows(&hb),
            }
        }
    };
}

parry_in!(parry_in_2d, parry2d_f64, ConvexPolygon, 2);
parry_in!(parry_in_3d, parry3d_f64, ConvexPolyhedron, 3);

/// A case's points as doubles (exact: generated coordinates are doubles).
fn doubles(set: &[Vec<Rational>]) -> Vec<Vec<f64>> {
    set.iter()
        .map(|p| p.iter().map(Scalar::to_f64).collect())
        .collect()
}

/// parry's answers as an `expect` object (fields without an answer are
/// left out): `touching` and `penetration_depth` from the contact query with
/// prediction `abs`, or with prediction `band` when `band` is given.
fn expect_of(parry: &Parry, abs: f64, band: Option<f64>) -> Map<String, Value> {
    let mut m = Map::new();
    let Parry::Answered {
        intersects,
        distance,
        contact,
        contact_band,
        ..
    } = parry
    else {
        return m;
    };
    let (contact, abs) = match band {
        Some(band) => (contact_band, band),
        None => (contact, abs),
    };
    if let Some(x) = intersects {
        m.insert("intersects".into(), json!(x));
    }
    if let Some(d) = distance {
        m.insert("distance".into(), json!(d));
    }
    if let Some(c) = contact {
        let touching = matches!(c, Some(d) if d.abs() <= abs);
        let depth = c.map_or(0.0, |d| (-d).max(0.0));
        m.insert("touching".into(), json!(touching));
        m.insert("penetration_depth".into(), json!(depth));
    }
    m
}

/// The case line with `expect` replaced by `expect`.
fn with_expect(line: &Value, expect: &Map<String, Value>) -> Value {
    let mut v = line.clone();
    v["expect"] = Value::Object(expect.clone());
    v
}

/// The exact answers of a case, without a budget.
fn exact_of(case: &Case) -> Result<ExactAnswers, String> {
    let meter = Meter::new(Budget::NONE);
    exact_answers(&PackedCase::from_case(case), DEFAULT_MAX_ITERATIONS, &meter)
}

fn parse(line: &Value) -> Case {
    parse_line(&line.to_string(), 1)
        .expect("a generated case parses")
        .expect("a generated case is not blank")
}

/// The verdicts of parry's `expect` against `exact`, by field.
fn verdicts(
    case_line: &Value,
    expect: &Map<String, Value>,
    exact: &ExactAnswers,
    tol: &Tolerance,
) -> BTreeMap<Field, Verdict> {
    let case = parse(&with_expect(case_line, expect));
    let expect = parse_expect(&case.extra)
        .expect("parry's answers are booleans and numbers")
        .unwrap_or_default();
    judge(&expect, exact, tol)
        .into_iter()
        .map(|j| (j.answer, j.verdict))
        .collect()
}

/// The exact answers for parry's hull vertices (doubles, read exactly).
fn exact_on_hulls(a: &[Vec<f64>], b: &[Vec<f64>]) -> ExactAnswers {
    let line = json!({"id": "parry-hulls", "a": a, "b": b});
    exact_of(&parse(&line)).expect("the exact path answers every 2D/3D polytope pair")
}

/// The largest `|coordinate|` of a case, exactly.
fn size_of(case: &Case) -> Rational {
    case.a
        .iter()
        .chain(&case.b)
        .flatten()
        .map(Signed::abs)
        .max()
        .unwrap_or_default()
}

/// How one field of one case came out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Agree,
    /// The query panicked or returned an error.
    NoAnswer,
    Disagree {
        /// It agrees with the exact answers for parry's own hulls.
        hull: bool,
        /// It agrees under the size-relative tolerance ([`SIZE_REL`]).
        size: bool,
        /// A boolean whose exact answer is within `abs` of the other one
        /// (see [`below_abs`]).
        floor: bool,
    },
}

impl Outcome {
    /// A disagreement that no diagnosis explains.
    fn gross(self) -> bool {
        matches!(
            self,
            Outcome::Disagree {
                hull: false,
                size: false,
                floor: false
            }
        )
    }
}

/// For a boolean field: the exact answer is "no" but the quantity that
/// decides it is within `abs` of `0`, so no tolerance of `abs` can tell the
/// two answers apart — `intersects` of a separated pair at distance `≤ abs`,
/// `touching` of a separated pair at distance `≤ abs` or a penetrating pair
/// at depth `≤ abs`.
fn below_abs(field: Field, exact: &ExactAnswers, abs: &Rational) -> bool {
    let small = |r: &Rational| r <= &(abs * abs);
    let depth = exact.penetration_depth_squared.as_ref();
    match field {
        Field::Intersects => !exact.intersects && small(&exact.distance_squared),
        Field::Touching if !exact.intersects => small(&exact.distance_squared),
        Field::Touching => !exact.touching && depth.is_some_and(small),
        _ => false,
    }
}

/// The diagnosis's tolerance relative to the case's size: `abs` grows to
/// `abs + SIZE_REL · (largest |coordinate|)`, an error small compared with
/// the shapes (`10⁻⁹` is `gjk check`'s relative tolerance, applied to the
/// input's magnitude instead of the answer's).
const SIZE_REL: &str = "1e-9";

/// One case, run through parry and judged.
struct CaseResult {
    /// `Some(which)` when parry refused the case.
    refused: Option<&'static str>,
    /// Each compared field (empty when refused).
    fields: BTreeMap<Field, Outcome>,
    /// parry's `intersection_test` and `distance` grossly contradict each
    /// other (see [`run_case`]).
    inconsistent: bool,
    /// The case line with parry's answers in `expect`.
    line: Value,
    /// For a disagreeing `penetration_depth` of a penetrating pair: whether
    /// the oracle's facet enumeration confirmed the exact depth (`false`:
    /// past its limits).
    depth_confirmed: Option<bool>,
}

fn run_case(line: &Value, case: &Case, exact: &ExactAnswers, tol: &Tolerance) -> CaseResult {
    let (a, b) = (doubles(&case.a), doubles(&case.b));
    let size_tol = Tolerance {
        rel: tol.rel.clone(),
        abs: &tol.abs + parse_decimal_or_ratio(SIZE_REL).expect("a decimal") * size_of(case),
    };
    let (abs, band) = (tol.abs.to_f64(), size_tol.abs.to_f64());
    let parry = if case.dim() == 2 {
        parry_in_2d(&a, &b, abs, band)
    } else {
        parry_in_3d(&a, &b, abs, band)
    };
    let (hull_a, hull_b, inconsistent) = match &parry {
        Parry::Refused(which) => {
            return CaseResult {
                refused: Some(which),
                fields: BTreeMap::new(),
                inconsistent: false,
                line: line.clone(),
                depth_confirmed: None,
            }
        }
        Parry::Answered {
            hull_a,
            hull_b,
            intersects,
            distance,
            ..
        } => (
            hull_a,
            hull_b,
            // Grossly inconsistent: intersecting with a distance beyond
            // the size band, or separated at distance exactly 0.
            match (intersects, distance) {
                (Some(true), Some(d)) => *d > band,
                (Some(false), Some(d)) => *d == 0.0,
                _ => false,
            },
        ),
    };
    let expect = expect_of(&parry, abs, None);
    let judged = verdicts(line, &expect, exact, tol);
    let disagrees = judged.values().any(|v| *v == Verdict::Disagree);
    // The diagnosis, only for cases with a disagreement.
    let (on_hulls, sized) = if disagrees {
        let sized_expect = expect_of(&parry, abs, Some(band));
        (
            verdicts(line, &expect, &exact_on_hulls(hull_a, hull_b), tol),
            verdicts(line, &sized_expect, exact, &size_tol),
        )
    } else {
        Default::default()
    };
    let fields = FIELDS
        .into_iter()
        .map(|f| {
            let outcome = match judged.get(&f) {
                None => Outcome::NoAnswer,
                Some(Verdict::Disagree) => Outcome::Disagree {
                    hull: on_hulls.get(&f) == Some(&Verdict::Agree),
                    size: sized.get(&f) == Some(&Verdict::Agree),
                    floor: below_abs(f, exact, &tol.abs),
                },
                Some(_) => Outcome::Agree,
            };
            (f, outcome)
        })
        .collect();
    CaseResult {
        refused: None,
        fields,
        inconsistent,
        line: with_expect(line, &expect),
        depth_confirmed: (judged.get(&Field::PenetrationDepth) == Some(&Verdict::Disagree)
            && relation_name(exact) == "penetrating")
            .then(|| confirm_depth(line, case, exact)),
    }
}

/// Counts of one field over some cases.
#[derive(Clone, Copy, Default)]
struct Tally {
    compared: usize,
    disagree: usize,
    no_answer: usize,
    from_hull: usize,
    within_size: usize,
    below_abs: usize,
    gross: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.compared += other.compared;
        self.disagree += other.disagree;
        self.no_answer += other.no_answer;
        self.from_hull += other.from_hull;
        self.within_size += other.within_size;
        self.below_abs += other.below_abs;
        self.gross += other.gross;
    }

    fn count(&mut self, o: Outcome) {
        match o {
            Outcome::NoAnswer => self.no_answer += 1,
            Outcome::Agree => self.compared += 1,
            Outcome::Disagree { hull, size, floor } => {
                self.compared += 1;
                self.disagree += 1;
                self.from_hull += usize::from(hull);
                self.within_size += usize::from(size);
                self.below_abs += usize::from(floor);
                self.gross += usize::from(o.gross());
            }
        }
    }

    fn rate(&self) -> f64 {
        100.0 * self.disagree as f64 / self.compared.max(1) as f64
    }

    fn cell(&self) -> String {
        if self.compared == 0 {
            return "—".into();
        }
        format!("{}/{} ({:.1}%)", self.disagree, self.compared, self.rate())
    }
}

/// A row of a table: cases, refused, and a tally per field.
#[derive(Clone, Default)]
struct Row {
    cases: usize,
    refused: usize,
    inconsistent: usize,
    fields: BTreeMap<Field, Tally>,
}

impl Row {
    fn count(&mut self, r: &CaseResult) {
        self.cases += 1;
        self.refused += usize::from(r.refused.is_some());
        self.inconsistent += usize::from(r.inconsistent);
        for (f, o) in &r.fields {
            self.fields.entry(*f).or_default().count(*o);
        }
    }

    fn add(&mut self, other: &Row) {
        self.cases += other.cases;
        self.refused += other.refused;
        self.inconsistent += other.inconsistent;
        for (f, t) in &other.fields {
            self.fields.entry(*f).or_default().add(t);
        }
    }

    fn tally(&self, f: Field) -> Tally {
        self.fields.get(&f).copied().unwrap_or_default()
    }

    fn line(&self, label: &str) -> String {
        let mut s = format!("| {label} | {} | {} |", self.cases, self.refused);
        for f in FIELDS {
            let _ = write!(s, " {} |", self.tally(f).cell());
        }
        let no_answer: usize = self.fields.values().map(|t| t.no_answer).sum();
        let _ = write!(s, " {no_answer} |");
        s
    }
}

fn header(first: &str) -> String {
    let mut s = format!("| {first} | cases | refused |");
    let mut rule = String::from("|---|---:|---:|");
    for f in FIELDS {
        let _ = write!(s, " {f} |");
        rule.push_str("---:|");
    }
    s.push_str(" no answer |");
    rule.push_str("---:|");
    format!("{s}\n{rule}")
}

fn print_table<K>(first: &str, rows: &BTreeMap<K, Row>, label: impl Fn(&K) -> String) {
    println!("{}", header(first));
    for (k, row) in rows {
        println!("{}", row.line(&label(k)));
    }
}

/// One disagreement, kept for the examples.
struct Example {
    field: Field,
    family: Family,
    /// Outside the size-relative tolerance too.
    gross: bool,
    exact: String,
    line: Value,
}

fn exact_text(field: Field, exact: &ExactAnswers) -> String {
    let sqrt = |r: &Rational| format!("{} ≈ {:e}", gjk_cli::check::sqrt_text(r), r.to_f64().sqrt());
    match field {
        Field::Intersects => exact.intersects.to_string(),
        Field::Touching => exact.touching.to_string(),
        Field::Distance => sqrt(&exact.distance_squared),
        _ => exact
            .penetration_depth_squared
            .as_ref()
            .map_or("(none)".into(), sqrt),
    }
}

fn relation_name(exact: &ExactAnswers) -> &'static str {
    match (exact.intersects, exact.touching) {
        (false, _) => "separated",
        (true, true) => "touching",
        (true, false) => "penetrating",
    }
}

/// The exact depth (EPA on rationals) against the oracle's facet
/// enumeration, which shares nothing with EPA: `false` when the case is past
/// the enumeration's limits; a difference is a bug in this crate.
fn confirm_depth(line: &Value, case: &Case, exact: &ExactAnswers) -> bool {
    match oracle::penetration_depth(&case.a, &case.b) {
        Ok(PenetrationDepth::Penetrating { depth2, .. })
            if Some(&depth2) == exact.penetration_depth_squared.as_ref() =>
        {
            true
        }
        Err(OracleError::TooLarge { .. }) => false,
        other => {
            eprintln!("BUG: exact EPA and the oracle disagree ({other:?}) on\n{line}");
            std::process::exit(1);
        }
    }
}

/// The construction's answers (`gjk gen`'s `expect`, from the oracle) must
/// be the exact path's: a difference is a bug in this crate.
fn cross_check(line: &Value, exact: &ExactAnswers) {
    let e = &line["expect"];
    let ok = e["intersects"] == json!(exact.intersects)
        && e["touching"] == json!(exact.touching)
        && e["distance_squared"]
            == json!(gjk_case::rational_to_json_string(&exact.distance_squared));
    if !ok {
        eprintln!("BUG: the oracle and the exact path disagree on\n{line}");
        std::process::exit(1);
    }
}

fn count_arg() -> usize {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => DEFAULT_COUNT,
        [flag, n] if flag == "--count" => n.parse().unwrap_or_else(|_| {
            eprintln!("--count needs a number, got {n}");
            std::process::exit(2)
        }),
        _ => {
            eprintln!("usage: parry_report [--count N]");
            std::process::exit(2)
        }
    }
}

/// One pair at every scale: its exact relation, and parry's
/// `(intersects, touching)` per scale (`None` when refused or unanswered).
type AcrossScales = (&'static str, Vec<Option<(bool, bool)>>);

/// Everything the report prints.
#[derive(Default)]
struct Report {
    by_family: BTreeMap<(usize, usize), Row>,
    families: BTreeMap<(usize, usize), Family>,
    by_scale: BTreeMap<i32, Row>,
    by_relation: BTreeMap<&'static str, Row>,
    refused_by: BTreeMap<&'static str, usize>,
    examples: Vec<Example>,
    /// Disagreeing depths of penetrating pairs whose exact value the oracle
    /// confirmed, and those past its limits.
    depths_confirmed: (usize, usize),
    /// By `(dimension, family, index)`: the exact relation and parry's
    /// `(intersects, touching)` at each scale (`None` when refused or
    /// unanswered). The same index is the same pair at every scale.
    across_scales: BTreeMap<(usize, Family, usize), AcrossScales>,
}

impl Report {
    /// Pairs answered at every scale whose `(intersects, touching)` from
    /// parry changes with the scale alone, and how many were answered at
    /// every scale.
    fn scale_dependent(&self) -> (usize, usize) {
        let full: Vec<_> = self
            .across_scales
            .values()
            .filter_map(|(_, v)| v.iter().copied().collect::<Option<Vec<_>>>())
            .collect();
        let changing = full.iter().filter(|v| v.windows(2).any(|w| w[0] != w[1]));
        (changing.count(), full.len())
    }
}

fn main() {
    let count = count_arg();
    let tol = Tolerance::parse(DEFAULT_REL, DEFAULT_ABS).expect("the default tolerances parse");
    let mut report = Report::default();
    for dim in [2, 3] {
        for (fi, family) in Family::supported(dim).into_iter().enumerate() {
            report.families.insert((dim, fi), family);
            for scale in SCALES {
                for (i, gen) in
                    cases(FamilyChoice::One(family), dim, count, SEED, scale).enumerate()
                {
                    let mut line = gen.expect("the generators build and answer every case");
                    line["id"] = json!(format!("{family}-{dim}d-e{scale}-{i}"));
                    let case = parse(&line);
                    let exact =
                        exact_of(&case).expect("the exact path answers every generated case");
                    cross_check(&line, &exact);
                    let r = run_case(&line, &case, &exact, &tol);
                    let says = &r.line["expect"];
                    let entry = report
                        .across_scales
                        .entry((dim, family, i))
                        .or_insert((relation_name(&exact), Vec::new()));
                    // The same mantissas at every scale: the exact relation
                    // cannot change (else a bug in the generators).
                    assert_eq!(entry.0, relation_name(&exact), "{line}");
                    entry.1.push(
                        says["intersects"]
                            .as_bool()
                            .zip(says["touching"].as_bool())
                            .filter(|_| r.refused.is_none()),
                    );
                    report.by_family.entry((dim, fi)).or_default().count(&r);
                    report.by_scale.entry(scale).or_default().count(&r);
                    report
                        .by_relation
                        .entry(relation_name(&exact))
                        .or_default()
                        .count(&r);
                    match r.depth_confirmed {
                        Some(true) => report.depths_confirmed.0 += 1,
                        Some(false) => report.depths_confirmed.1 += 1,
                        None => {}
                    }
                    if let Some(which) = r.refused {
                        *report.refused_by.entry(which).or_default() += 1;
                    }
                    for (f, o) in &r.fields {
                        if let Outcome::Disagree { .. } = o {
                            report.examples.push(Example {
                                field: *f,
                                family,
                                gross: o.gross(),
                                exact: exact_text(*f, &exact),
                                line: r.line.clone(),
                            });
                        }
                    }
                }
            }
        }
    }
    print_report(count, &report);
}

fn print_report(count: usize, report: &Report) {
    println!("## Disagreements by family and dimension\n");
    println!(
        "parry2d-f64 / parry3d-f64 0.31 against the exact answers: {count} cases per family, \
         dimension and scale (2^0, 2^20, 2^-20; `gjk gen` seed {SEED}). Each cell: \
         disagreements / cases compared (rate). Tolerance: |parry − exact| ≤ {DEFAULT_ABS} + \
         {DEFAULT_REL}·|exact|.\n"
    );
    let families = &report.families;
    print_table("family (dimension)", &report.by_family, |k| {
        format!("{} ({}D)", families[k], k.0)
    });
    let mut total = Row::default();
    for row in report.by_family.values() {
        total.add(row);
    }
    println!("{}", total.line("**all**"));
    println!("\n## By scale\n");
    print_table("scale", &report.by_scale, |e| format!("2^{e}"));
    println!("\n## By exact relation\n");
    print_table("exact relation", &report.by_relation, |r| r.to_string());
    println!("\n## Summary by field\n");
    println!(
        "`parry's hull`: disagreements where parry's answer is right for the hull parry built \
         (it dropped input points). `size-relative`: disagreements that agree when the absolute \
         tolerance grows by {SIZE_REL}·(largest |coordinate|) (small errors compared with the \
         shapes). `below abs`: boolean disagreements where the exact distance or depth that \
         decides the answer is at most {DEFAULT_ABS}, which the tolerance cannot resolve. \
         `gross`: the disagreements none of these explains.\n"
    );
    println!(
        "| field | compared | disagreements | rate | parry's hull | size-relative | below abs | gross | no answer |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for f in FIELDS {
        let t = total.tally(f);
        // The size-relative tolerance changes no boolean but `touching`
        // (which reads a distance); `below abs` is about booleans only.
        let na = |applies: bool, n: usize| if applies { n.to_string() } else { "n/a".into() };
        println!(
            "| {f} | {} | {} | {:.1}% | {} | {} | {} | {} | {} |",
            t.compared,
            t.disagree,
            t.rate(),
            t.from_hull,
            na(f != Field::Intersects, t.within_size),
            na(
                matches!(f, Field::Intersects | Field::Touching),
                t.below_abs
            ),
            t.gross,
            t.no_answer
        );
    }
    let refused: Vec<String> = report
        .refused_by
        .iter()
        .map(|(w, n)| format!("{n} for {w}"))
        .collect();
    println!(
        "\n{} of {} cases refused (a hull constructor returned `None`): {}.",
        total.refused,
        total.cases,
        if refused.is_empty() {
            "none".into()
        } else {
            refused.join(", ")
        }
    );
    println!(
        "{} of {} answered cases where parry's own queries disagree on whether the shapes \
         intersect: `intersection_test` says intersecting and `distance` is beyond the \
         size-relative band, or it says separated and `distance` is exactly `0`.",
        total.inconsistent,
        total.cases - total.refused
    );
    let (confirmed, past_limits) = report.depths_confirmed;
    println!(
        "Of the disagreeing `penetration_depth`s of penetrating pairs, {confirmed} exact depths \
         were confirmed by the oracle's facet enumeration (which shares nothing with EPA) and \
         {past_limits} were past its limits."
    );
    let (changing, answered) = report.scale_dependent();
    println!(
        "{changing} of {answered} pairs answered at all {} scales get a different \
         (`intersects`, `touching`) from parry at different scales; the pairs are the same \
         mantissas times 2^E, so their exact answers do not change.",
        SCALES.len()
    );
    println!("\n## Example disagreements\n");
    println!(
        "Up to {EXAMPLES_PER_FIELD} per field, from distinct families, gross ones first. Each line \
         is a case whose `expect` holds parry's answers: `gjk check FILE` reports the same \
         disagreements, `gjk query FILE` gives the exact answers.\n"
    );
    for f in FIELDS {
        let mut shown: Vec<Family> = Vec::new();
        for gross in [true, false] {
            for e in report
                .examples
                .iter()
                .filter(|e| e.field == f && e.gross == gross)
            {
                if shown.len() == EXAMPLES_PER_FIELD || shown.contains(&e.family) {
                    continue;
                }
                shown.push(e.family);
                println!(
                    "* `{f}`, {} {}D (exact: {}; parry: {}{}):\n\n  ```json\n  {}\n  ```\n",
                    e.family,
                    e.line["params"]["dim"],
                    e.exact,
                    e.line["expect"][f.name()],
                    if gross { "" } else { "; size-relative" },
                    e.line
                );
            }
        }
    }
}
