//! `gjk trace --html`: one case's trace as a self-contained web page.
//!
//! The page holds its data as embedded JSON (the trace exactly as
//! `gjk trace --json` prints it, see [`crate::trace_format`], plus the
//! shapes' wireframes and the seed variants' runs) and a small script of
//! its own (`page.js`, inlined: no network, no library) that draws each
//! step on a `<canvas>`: the shapes, `A − B`, the simplex (hidden edges
//! dashed), the kept feature, the support point `w`, the direction `d`,
//! the closest point `v` and the next direction, with the step's region,
//! its values and the distance bounds beside it. 3D views turn when
//! dragged; the buttons, the arrow keys and `#step=K` in the address
//! choose the step.
//!
//! **The seeds side by side.** Each seed variant of the case's dimension
//! ([`gjk_variants`]: seeds 000–003 in 3D, 004 in 2D) runs on the same case
//! in the same arithmetic; a variant whose run differs from the crate's —
//! a step where its decision differs from the reference classifier's on
//! the same simplex ([`gjk_variants::compare`]), or a different number of
//! steps — gets a column of its own, stepped together with the crate's,
//! its first differing step marked. The others are named as taking the
//! crate's steps.
//!
//! **What is drawn is in the page.** After each drawing, every column
//! writes what it drew into the attributes of its `p.drawn` element
//! (`data-step`, `data-label` — the region text drawn on the canvas —,
//! `data-vertices`, `data-kept`, `data-first-difference`), and the body
//! carries `data-step`, `data-yaw` and `data-pitch`: a test reads them
//! from the page a browser rendered (`tests/browser.rs`).

use serde_json::{json, Map, Value};

use crate::picture::escape;
use crate::trace_format::{scalar_json, vector_json, TraceFormat};
use gjk::distance::closest_point;
use gjk::scalar::{FromRational, Scalar};
use gjk::shape::{ClimbingHull, ConvexHull};
use gjk::simplex::Simplex;
use gjk::trace::{kept_letters, Trace};
use gjk::vector::Vector;
use gjk::Field;
use gjk_case::Case;
use gjk_variants::cases::{run_case, Arith, CaseRun};
use gjk_variants::{run, Next, SeedScalar, SeedStep, Variant, VariantOptions};

/// The page's script, inlined.
const SCRIPT: &str = include_str!("page.js");
/// The page's style sheet, inlined.
const STYLE: &str = include_str!("page.css");

/// The most points of `A − B` whose hull the page draws (the differences
/// of the two hulls' vertices); above it the page draws `A` and `B` only.
pub const MAX_DIFFERENCE_POINTS: usize = 2_500;

/// The page of `trace`, the boolean loop on the hulls `a` and `b` of
/// `case` (see the module docs).
///
/// Errors (as a message): a seed variant or a hull that fails on the
/// case's points (non-finite values in float mode).
pub fn trace_page<T, const N: usize>(
    case: &Case,
    trace: &Trace<T, N>,
    a: &ConvexHull<T, N>,
    b: &ConvexHull<T, N>,
) -> Result<String, String>
where
    T: Field + SeedScalar + FromRational,
{
    let id = case.id_or_line();
    let mut variants = Vec::new();
    let mut same = Vec::new();
    for variant in Variant::ALL.into_iter().filter(|v| v.dim() == N) {
        match variant_json(variant, case, a, b, trace.steps.len())? {
            Some(v) => variants.push(v),
            None => same.push(variant.name()),
        }
    }
    let data = json!({
        "id": id,
        "dim": N,
        "scalar": T::NAME,
        "shapes": {
            "a": wireframe(a.points().to_vec())?,
            "b": wireframe(b.points().to_vec())?,
            "difference": difference(a, b)?,
        },
        "trace": trace.to_json(&id),
        "variants": variants,
        "same": same,
    });
    let title = format!("gjk trace: {}", text_of(&id));
    Ok(page(&title, &data))
}

/// An id as text (a string without its quotes).
fn text_of(id: &Value) -> String {
    id.as_str().map_or_else(|| id.to_string(), str::to_string)
}

/// The whole page: the data is JSON inside a `<script>` element, with
/// `<`, `>` and `&` escaped (they only occur inside JSON strings, where
/// `\u003c` means the same), so no value can end the element.
fn page(title: &str, data: &Value) -> String {
    let json = data
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let title = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <h1>{title}</h1>\n<p id=\"summary\"></p>\n\
         <nav id=\"controls\">\
         <button id=\"first\" title=\"first step (Home)\">|&lt;</button>\
         <button id=\"prev\" title=\"previous step (←)\">&lt; back</button>\
         <span id=\"counter\"></span>\
         <button id=\"next\" title=\"next step (→)\">forward &gt;</button>\
         <button id=\"last\" title=\"last step (End)\">&gt;|</button>\
         <label><input type=\"checkbox\" id=\"shapes\" checked> shapes A and B</label>\
         <button id=\"reset\">reset view</button>\
         <span id=\"hint\"></span></nav>\n\
         <p id=\"legend\"></p>\n<div id=\"runs\"></div>\n<p id=\"same\"></p>\n\
         <script type=\"application/json\" id=\"trace-data\">{json}</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

/// The hull of `points` as the page draws it: its vertices (the extreme
/// points) and its edges, as pairs of indices into them.
fn wireframe<T: Scalar, const N: usize>(points: Vec<Vector<T, N>>) -> Result<Value, String> {
    // These points were checked when the query's hulls were built.
    let hull = ConvexHull::new(points).map_err(|e| e.in_shape(gjk::Which::Query).to_string())?;
    let hull = ClimbingHull::from_hull(hull);
    let vertices: Vec<usize> = hull
        .vertices()
        .map_or_else(|| (0..hull.points().len()).collect(), <[usize]>::to_vec);
    let index = |p: usize| vertices.iter().position(|&v| v == p);
    let mut edges = Vec::new();
    for (i, &v) in vertices.iter().enumerate() {
        for j in hull
            .neighbours(v)
            .unwrap_or_default()
            .into_iter()
            .filter_map(index)
        {
            if i < j {
                edges.push(json!([i, j]));
            }
        }
    }
    let points: Vec<Value> = vertices
        .iter()
        .map(|&v| vector_json(&hull.points()[v]))
        .collect();
    Ok(json!({ "points": points, "edges": edges }))
}

/// `A − B` as a wireframe, or `null` when it has more than
/// [`MAX_DIFFERENCE_POINTS`] candidate vertices.
fn difference<T: Scalar, const N: usize>(
    a: &ConvexHull<T, N>,
    b: &ConvexHull<T, N>,
) -> Result<Value, String> {
    let corners = |h: &ConvexHull<T, N>| -> Vec<Vector<T, N>> {
        let c = ClimbingHull::from_hull(h.clone());
        match c.vertices() {
            Some(v) => v.iter().map(|&i| c.points()[i].clone()).collect(),
            None => c.points().to_vec(),
        }
    };
    let (ca, cb) = (corners(a), corners(b));
    if ca.len() * cb.len() > MAX_DIFFERENCE_POINTS {
        return Ok(Value::Null);
    }
    let diffs = ca
        .iter()
        .flat_map(|p| cb.iter().map(move |q| p - q))
        .collect();
    wireframe(diffs)
}

/// A simplex's points as JSON.
fn points_json<T: Scalar, const N: usize>(s: &Simplex<T, N>) -> Value {
    Value::Array(s.points().map(vector_json).collect())
}

/// One seed step as JSON, with the field names of the crate's steps
/// (`crate::trace_format`) where they mean the same, and the seed's own:
/// `kind`, `stopped`, `tests`, `action`, `reference` (the crate's region on
/// the same simplex) and `difference`.
fn seed_step_json<T: Field + SeedScalar, const N: usize>(
    s: &SeedStep<T, N>,
    text: &gjk_variants::cases::StepText,
) -> Value {
    let kept_points: Vec<Vector<T, N>> = s.kept.points().cloned().collect();
    let closest = closest_point(&kept_points)
        .ok()
        .map_or(Value::Null, |c| vector_json(&c.v));
    let (kept, next) = match &s.decision {
        Some(d) => (
            json!(kept_letters(&d.kept)),
            match &d.next {
                Next::Search(n) => vector_json(n),
                Next::Colliding => Value::Null,
            },
        ),
        None => (Value::Null, Value::Null),
    };
    let mut m = Map::new();
    m.insert("iteration".into(), json!(s.iteration));
    m.insert("kind".into(), json!(text.kind));
    m.insert("direction".into(), vector_json(&s.direction));
    m.insert("support_a".into(), vector_json(&s.vertex.a));
    m.insert("support_b".into(), vector_json(&s.vertex.b));
    m.insert("vertex".into(), vector_json(&s.vertex.w));
    m.insert("w_dot_d".into(), scalar_json(&s.progress));
    m.insert("stopped".into(), json!(s.stopped));
    m.insert("simplex".into(), points_json(&s.simplex));
    m.insert("region".into(), json!(text.seed));
    m.insert("reference".into(), json!(text.reference));
    m.insert("difference".into(), json!(text.difference));
    m.insert("kept".into(), kept);
    m.insert("kept_points".into(), points_json(&s.kept));
    m.insert("next_direction".into(), next);
    m.insert("closest".into(), closest);
    m.insert("tests".into(), json!(text.tests));
    m.insert("action".into(), json!(text.action));
    Value::Object(m)
}

/// The first step where `run` differs from the crate's run of
/// `reference_steps` steps: its first difference of any kind from the
/// reference's decisions, or where the shorter run ends.
fn first_difference(run: &CaseRun, seed_steps: usize, reference_steps: usize) -> Option<usize> {
    [&run.divergence, &run.path]
        .into_iter()
        .flatten()
        .map(|r| r.step)
        .min()
        .or_else(|| (seed_steps != reference_steps).then(|| seed_steps.min(reference_steps)))
}

/// A seed variant's run on the case as JSON, or `None` when it takes the
/// crate's steps.
fn variant_json<T, const N: usize>(
    variant: Variant,
    case: &Case,
    a: &ConvexHull<T, N>,
    b: &ConvexHull<T, N>,
    reference_steps: usize,
) -> Result<Option<Value>, String>
where
    T: Field + SeedScalar + FromRational,
{
    let arith = Arith::from_name(T::NAME).unwrap_or(Arith::Exact);
    let opts = VariantOptions::default();
    let texts = run_case(variant, arith, case, &opts)?;
    let steps = run(variant, a, b, &opts).map_err(|e| e.to_string())?.steps;
    let Some(first) = first_difference(&texts, steps.len(), reference_steps) else {
        return Ok(None);
    };
    let json_steps: Vec<Value> = steps
        .iter()
        .zip(&texts.steps)
        .map(|(s, t)| seed_step_json(s, t))
        .collect();
    Ok(Some(json!({
        "name": variant.name(),
        "title": variant.title(),
        "seeds": variant.seeds(),
        "outcome": texts.outcome.name(),
        "detail": texts.outcome.to_string(),
        "first_difference": first,
        "steps": json_steps,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_cannot_end_its_script_element() {
        let html = page("a <b>", &json!({ "id": "</script><!--", "x": "a & b" }));
        assert!(html.contains("<title>a &lt;b&gt;</title>"));
        let start = html.find("id=\"trace-data\">").unwrap();
        let end = start + html[start..].find("</script>").unwrap();
        let json = &html[start + "id=\"trace-data\">".len()..end];
        let back: Value = serde_json::from_str(json).unwrap();
        assert_eq!(back["id"], "</script><!--");
        assert_eq!(back["x"], "a & b");
        // The page loads nothing: no address outside itself.
        assert!(!html.contains("http://") && !html.contains("https://"));
    }
}
