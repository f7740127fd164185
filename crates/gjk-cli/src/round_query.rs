//! `gjk query` on a round case (`radius_a` / `radius_b`, see the case
//! format): the shapes are the hulls of the points thickened by the radii,
//! queried as core plus margin ([`gjk::round`]): one distance query on the
//! cores, the radii after.
//!
//! Fields: the verdict fields as for any case (`iterations` counts the
//! cores' support points), then `core_distance_squared` (exact `"p/q"` in
//! exact mode) and `radius_sum`, from which the distance is
//! `max(0, √core_distance_squared − radius_sum)`: not rational in general,
//! so `distance` is that value rounded to a number and `distance_interval`
//! a pair of numbers guaranteed (exact mode) to hold it. Disjoint cores
//! add `core_witness_a`, `core_witness_b` (exact in exact mode); separated
//! and touching shapes `witness_a`, `witness_b` (numbers: the core
//! witnesses moved by the radii towards each other); separated ones `axis` (the cores' axis, a separating axis of the
//! round shapes too); touching shapes add `normal`; penetrating ones
//! `penetration_depth` (a number: `R − c` for disjoint cores, the cores'
//! EPA depth plus `R` for overlapping ones) or `penetration_reason`. No
//! `distance_squared`: `(c − R)²` is not rational in general.

use gjk::distance::DistanceOptions;
use gjk::epa::{epa, EpaOptions, EpaOutcome};
use gjk::round::{query, RoundOutcome};
use gjk::shape::{ConvexHull, Rounded};
use gjk::{Field, Relation, Scalar, Which};
use gjk_case::{FromCoord, PackedCase};
use serde_json::{json, Map, Value};

use crate::number::float_json;
use crate::query::{scalar_json, vector_json};

/// One round case's answer (module docs).
pub fn round_query<T: FromCoord + Field, const N: usize>(
    case: &PackedCase,
    max_iterations: usize,
) -> Result<Value, String> {
    let (a, b) = case.points::<T, N>().map_err(|e| e.to_string())?;
    let (ra, rb) = case.radii::<T>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = ConvexHull::new(b).map_err(|e| e.in_shape(Which::B).to_string())?;
    let a = Rounded::new(a, ra).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = Rounded::new(b, rb).map_err(|e| e.in_shape(Which::B).to_string())?;
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    let report = query(&a, &b, &opts).map_err(|e| e.to_string())?;
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    let answer = match report.outcome {
        RoundOutcome::Answer(answer) => answer,
        RoundOutcome::NoVerdict { reason } => {
            m.insert("intersects".into(), Value::Null);
            m.insert("touching".into(), Value::Null);
            m.insert("outcome".into(), json!("not_converged"));
            m.insert("iterations".into(), json!(report.iterations));
            m.insert("scalar".into(), json!(T::NAME));
            m.insert("no_verdict".into(), json!(reason.name()));
            m.insert("reason".into(), json!(reason.to_string()));
            return Ok(Value::Object(m));
        }
    };
    let relation = answer.relation;
    m.insert("intersects".into(), json!(relation.intersects()));
    m.insert("touching".into(), json!(relation == Relation::Touching));
    m.insert("outcome".into(), json!(relation.name()));
    m.insert("iterations".into(), json!(report.iterations));
    m.insert("scalar".into(), json!(T::NAME));
    m.insert(
        "core_distance_squared".into(),
        scalar_json(&answer.core_dist2),
    );
    m.insert("radius_sum".into(), scalar_json(&answer.radius_sum));
    let (lo, hi) = answer.distance_bounds();
    let c = answer.core_dist2.to_f64().sqrt();
    let r = answer.radius_sum.to_f64();
    m.insert("distance".into(), float_json((c - r).max(0.0)));
    m.insert("distance_interval".into(), json!([lo, hi]));
    if let Some(s) = &answer.core_separation {
        m.insert("core_witness_a".into(), vector_json(&s.witness_a));
        m.insert("core_witness_b".into(), vector_json(&s.witness_b));
        let wa: Vec<f64> = s.witness_a.iter().map(Scalar::to_f64).collect();
        let wb: Vec<f64> = s.witness_b.iter().map(Scalar::to_f64).collect();
        let len = wa
            .iter()
            .zip(&wb)
            .map(|(x, y)| (y - x) * (y - x))
            .sum::<f64>()
            .sqrt();
        if len > 0.0 && len.is_finite() && relation != Relation::Penetrating {
            let (ra, rb) = (answer.radius_a.to_f64(), answer.radius_b.to_f64());
            let moved = |w: &[f64], t: f64| -> Vec<f64> {
                w.iter()
                    .zip(wa.iter().zip(&wb))
                    .map(|(p, (x, y))| p + t * (y - x) / len)
                    .collect()
            };
            m.insert("witness_a".into(), json!(moved(&wa, ra)));
            m.insert("witness_b".into(), json!(moved(&wb, -rb)));
        }
        if relation == Relation::Separated {
            m.insert("axis".into(), vector_json(&(&s.witness_b - &s.witness_a)));
        }
    }
    if let Some(normal) = &answer.normal {
        m.insert("normal".into(), vector_json(normal));
    }
    if relation == Relation::Penetrating {
        if answer.core_separation.is_some() {
            m.insert("penetration_depth".into(), float_json(r - c));
        } else {
            let opts = EpaOptions {
                max_iterations,
                ..EpaOptions::default()
            };
            match epa(a.core(), b.core(), &opts)
                .map_err(|e| e.to_string())?
                .outcome
            {
                EpaOutcome::Penetrating(p) => {
                    let depth = p.depth2.to_f64().sqrt() + r;
                    m.insert("penetration_depth".into(), float_json(depth));
                }
                EpaOutcome::Touching { .. } => {
                    m.insert("penetration_depth".into(), float_json(r));
                }
                other => {
                    m.insert(
                        "penetration_reason".into(),
                        json!(format!("the cores' EPA: {}", other.name())),
                    );
                }
            }
        }
    }
    Ok(Value::Object(m))
}
