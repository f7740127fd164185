//! A trace as text (for people) and as JSON (for programs): the same steps,
//! the same values.
//!
//! Values are written as the query computed them: in exact mode as
//! rationals (`2/5`; in JSON the string `"2/5"`, the case format's exact
//! form), in float mode as the shortest decimal that reads back to the same
//! float (in JSON a number). The only rounded values are the distances
//! `√lower2` and `√upper2`, marked `≈` in the text and named
//! `distance_bounds` in JSON.
//!
//! # JSON
//!
//! One object: `scalar`, `dim`, `loop` (`"boolean"`), `outcome`
//! (`separated`, `intersecting`, `not_converged`), `iterations`, the
//! verdict's certificate (`axis`; `region`; for no verdict `no_verdict`,
//! the reason's stable name ([`gjk::NoVerdict::name`]), and `reason`, its
//! text) and `steps`, one object
//! per support point:
//!
//! | field | value |
//! |---|---|
//! | `iteration` | `0`, `1`, … |
//! | `direction` | the search direction `d` |
//! | `support_a`, `support_b` | `s_A(d)` and `s_B(−d)` |
//! | `vertex` | `w = s_A(d) − s_B(−d)` |
//! | `w_dot_d` | `w · d` (negative: separated) |
//! | `simplex` | the vertices the classifier saw, newest (`A`) first; `[]` when the support test ended the query |
//! | `region` | the spec ID the classifier named, or `null` |
//! | `kept` | the kept vertices' letters (`"AB"`), or `null` |
//! | `kept_points` | the simplex after the step |
//! | `next_direction` | the next `d`, or `null` |
//! | `containment_refuted` | `true` when `region` contains the origin but the float containment check refuted it (`kept` and `next_direction` are the check's; with no direction the query ends without a verdict) |
//! | `closest` | `v`, the point of the kept simplex closest to `O` |
//! | `lower_bound_squared`, `upper_bound_squared` | the bounds on `δ²` of [`super`] |
//! | `distance_bounds` | `[√lower, √upper]` as numbers (rounded) |

use serde_json::{json, Map, Value};

use gjk::boolean::Outcome;
use gjk::scalar::{Field, Scalar};
use gjk::trace::{kept_letters, letter, Trace, TraceStep};
use gjk::vector::Vector;

/// An exact value as its `"p/q"` string, a float as a JSON number.
pub fn scalar_json<T: Scalar>(x: &T) -> Value {
    if T::EXACT {
        json!(x.to_string())
    } else {
        json!(x.to_f64())
    }
}

/// A vector's coordinates, each as [`scalar_json`].
pub fn vector_json<T: Scalar, const N: usize>(v: &Vector<T, N>) -> Value {
    Value::Array(v.iter().map(scalar_json).collect())
}

pub use gjk::trace::vector_text;

/// `x` with about 7 significant digits (for the rounded distances).
fn approx(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor() as i32;
    if (-4..7).contains(&magnitude) {
        let decimals = (6 - magnitude).max(0) as usize;
        let s = format!("{x:.decimals$}");
        let s = if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        };
        s
    } else {
        format!("{x:.6e}")
    }
}

/// The square root of a squared bound, rounded, as an `f64`.
fn root<T: Scalar>(x: &T) -> f64 {
    x.to_f64().max(0.0).sqrt()
}

/// The name of the verdict.
fn outcome_name<T: Field, const N: usize>(trace: &Trace<T, N>) -> &'static str {
    trace.report.outcome.name()
}

/// A trace written out: [`TraceFormat::to_json`] and [`TraceFormat::to_text`].
pub trait TraceFormat {
    /// The trace as one JSON object (see the module docs), under `id`.
    fn to_json(&self, id: &Value) -> Value;
    /// The trace as text for people, under the heading `title`.
    fn to_text(&self, title: &str) -> String;
}

impl<T: Field, const N: usize> TraceFormat for Trace<T, N> {
    /// The trace as one JSON object (see the module docs), with `id` first.
    fn to_json(&self, id: &Value) -> Value {
        let mut m = Map::new();
        m.insert("id".into(), id.clone());
        m.insert("scalar".into(), json!(T::NAME));
        m.insert("dim".into(), json!(N));
        m.insert("loop".into(), json!("boolean"));
        m.insert("outcome".into(), json!(outcome_name(self)));
        m.insert("iterations".into(), json!(self.report.iterations));
        match &self.report.outcome {
            Outcome::Separated { axis, .. } => {
                m.insert("axis".into(), vector_json(axis));
            }
            Outcome::Intersecting { region, .. } => {
                m.insert("region".into(), json!(region.spec_id()));
            }
            Outcome::NoVerdict { reason, .. } => {
                m.insert("no_verdict".into(), json!(reason.name()));
                m.insert("reason".into(), json!(reason.to_string()));
            }
        }
        let steps = self.steps.iter().map(step_json).collect();
        m.insert("steps".into(), Value::Array(steps));
        Value::Object(m)
    }

    /// The trace as text: a header, one block per step, and the verdict.
    /// `title` names the case (its id).
    fn to_text(&self, title: &str) -> String {
        let mut out = String::new();
        let push = |out: &mut String, line: String| {
            out.push_str(&line);
            out.push('\n');
        };
        push(
            &mut out,
            format!(
                "case {title}: {N}D, {} arithmetic, the boolean GJK loop (src/boolean.rs)",
                T::NAME
            ),
        );
        push(
            &mut out,
            "vertices are named newest first: A is the support point just added (spec/README.md)"
                .into(),
        );
        for s in &self.steps {
            out.push('\n');
            step_text(&mut out, s);
        }
        out.push('\n');
        let verdict = match &self.report.outcome {
            Outcome::Separated { axis, .. } => format!(
                "the last step's plane x · d = w · d separates O from A - B; axis {}",
                vector_text(axis)
            ),
            Outcome::Intersecting { region, .. } => format!(
                "the simplex contains the origin (region {})",
                region.spec_id()
            ),
            Outcome::NoVerdict { reason, .. } => reason.to_string(),
        };
        push(
            &mut out,
            format!(
                "result: {} after {} support points: {verdict}",
                outcome_name(self),
                self.report.iterations
            ),
        );
        out
    }
}

fn step_json<T: Field, const N: usize>(s: &TraceStep<T, N>) -> Value {
    let st = &s.step;
    let points = |x: &gjk::simplex::Simplex<T, N>| -> Value {
        Value::Array(x.points().map(vector_json).collect())
    };
    let mut m = Map::new();
    m.insert("iteration".into(), json!(st.iteration));
    m.insert("direction".into(), vector_json(&st.direction));
    m.insert("support_a".into(), vector_json(&st.vertex.a));
    m.insert("support_b".into(), vector_json(&st.vertex.b));
    m.insert("vertex".into(), vector_json(&st.vertex.w));
    m.insert("w_dot_d".into(), scalar_json(&st.progress));
    m.insert("simplex".into(), points(&st.simplex));
    m.insert(
        "region".into(),
        st.region.map_or(Value::Null, |r| json!(r.spec_id())),
    );
    m.insert(
        "kept".into(),
        if st.region.is_some() {
            json!(kept_letters(&s.kept_indices))
        } else {
            Value::Null
        },
    );
    m.insert("kept_points".into(), points(&st.kept));
    m.insert(
        "next_direction".into(),
        st.next_direction.as_ref().map_or(Value::Null, vector_json),
    );
    m.insert("containment_refuted".into(), json!(st.containment_refuted));
    m.insert(
        "closest".into(),
        s.closest.as_ref().map_or(Value::Null, vector_json),
    );
    m.insert("lower_bound_squared".into(), scalar_json(&s.lower2));
    m.insert(
        "upper_bound_squared".into(),
        s.upper2.as_ref().map_or(Value::Null, scalar_json),
    );
    m.insert(
        "distance_bounds".into(),
        json!([root(&s.lower2), s.upper2.as_ref().map(root)]),
    );
    Value::Object(m)
}

/// One step's block. Every line is `  key  value`, keys padded to one
/// column, so the text is as easy to grep as the JSON is to parse.
fn step_text<T: Field, const N: usize>(out: &mut String, s: &TraceStep<T, N>) {
    let st = &s.step;
    out.push_str(&format!("step {}\n", st.iteration));
    let mut line = |key: &str, value: String| {
        out.push_str(&format!("  {key:<16}{value}\n"));
    };
    line("direction d", vector_text(&st.direction));
    line(
        "support on A",
        format!("s_A(d) = {}", vector_text(&st.vertex.a)),
    );
    line(
        "support on B",
        format!("s_B(-d) = {}", vector_text(&st.vertex.b)),
    );
    line("new vertex", format!("w = {}", vector_text(&st.vertex.w)));
    let verdict = if st.progress < T::zero() {
        "< 0: the plane x · d = w · d separates O from A - B"
    } else {
        ">= 0: w joins the simplex"
    };
    line("w · d", format!("{}  ({verdict})", st.progress));
    match st.region {
        Some(region) => {
            let named: Vec<String> = st
                .simplex
                .points()
                .enumerate()
                .map(|(i, p)| format!("{} = {}", letter(i), vector_text(p)))
                .collect();
            line("simplex", named.join(", "));
            let refuted =
                region.kind() == gjk::region::RegionKind::Contains && st.next_direction.is_some();
            let note = if refuted {
                "  (float rounding: refuted by the containment check, src/boolean.rs)"
            } else {
                ""
            };
            line("region", format!("{}{note}", region.spec_id()));
            line("kept", kept_letters(&s.kept_indices));
        }
        None => {
            line("simplex", "- (the support test ended the query)".into());
            line("region", "-".into());
            line("kept", "-".into());
        }
    }
    line(
        "next direction",
        st.next_direction
            .as_ref()
            .map_or_else(|| "-".into(), vector_text),
    );
    if let Some(v) = &s.closest {
        line("closest point", format!("v = {}", vector_text(v)));
    }
    let upper = s
        .upper2
        .as_ref()
        .map_or_else(|| "?".to_string(), ToString::to_string);
    let upper_root = s
        .upper2
        .as_ref()
        .map_or_else(|| "?".to_string(), |u| approx(root(u)));
    line(
        "distance bound",
        format!(
            "{} <= dist² <= {upper}  (≈ {} <= dist <= {upper_root})",
            s.lower2,
            approx(root(&s.lower2)),
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::approx;

    #[test]
    fn approx_keeps_seven_significant_digits() {
        assert_eq!(approx(2f64.sqrt()), "1.414214");
        assert_eq!(approx(0.0), "0");
        assert_eq!(approx(3.0), "3");
        assert_eq!(approx(1.0e-9), "1.000000e-9");
        assert_eq!(approx(123456.75), "123456.8");
    }
}
