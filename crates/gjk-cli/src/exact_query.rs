//! `gjk query --scalar exact`: the float loops find, the verifier proves
//! ([`gjk::exact`]); where a certificate is not proved, the exact loops
//! over rationals answer ([`crate::query`], the exact mode as it always
//! was). The unique exact fields (`intersects`, `touching`,
//! `distance_squared`, `penetration_depth_squared`) are the same either
//! way; a proved answer's axis, witnesses and normal are the certificate's
//! (each checked by the verifier), and its `iterations` counts the float
//! loops' support points.

use gjk::exact::{exact_query, Depth, ExactAnswer, ExactOptions};
use gjk::filtered::PointSet;
use gjk::{Rational, Which};
use gjk_case::{Coord, PackedCase, PackedShape};
use serde_json::{json, Map, Value};

use crate::budget::Meter;
use crate::query::{query, scalar_json, vector_json};

/// The points of `shape` for the float search: doubles where every
/// coordinate is one (the set then holds only them, 8 bytes a coordinate),
/// else exact rationals with their nearest doubles.
fn point_set<const N: usize>(shape: &PackedShape, which: Which) -> Result<PointSet<N>, gjk::Error> {
    let is_double = |c: Coord<'_>| match c {
        Coord::Int { magnitude, .. } => magnitude <= 1 << f64::MANTISSA_DIGITS,
        Coord::Double(_) => true,
        Coord::Text(_) => false,
    };
    let set = if shape.coords().all(is_double) {
        PointSet::from_f64(shape.points::<f64, N>().collect())
    } else {
        PointSet::from_rational(shape.points::<Rational, N>().collect())
    };
    set.map_err(|e| e.in_shape(which))
}

/// One case's exact answer (module docs). The float search and the
/// verifier are charged to `meter` when they are done (their cost is a few
/// support passes); the exact loops, where they answer, run under it.
pub fn proved_query<const N: usize>(
    case: &PackedCase,
    max_iterations: usize,
    meter: &Meter,
) -> Result<Value, String> {
    if case.a.dim() != N || case.b.dim() != N {
        return query::<Rational, N>(case, max_iterations, meter);
    }
    let (Ok(sa), Ok(sb)) = (
        point_set::<N>(&case.a, Which::A),
        point_set::<N>(&case.b, Which::B),
    ) else {
        // Empty sets: the exact loops' path reports the error as before.
        return query::<Rational, N>(case, max_iterations, meter);
    };
    let opts = ExactOptions {
        max_iterations,
        fallback: false,
        ..ExactOptions::default()
    };
    let report = exact_query(&sa, &sb, &opts).map_err(|e| e.to_string())?;
    // The float search's support points and the verifier's passes (one per
    // certificate), each reading every coordinate of both shapes: charged
    // afterwards, as the exact loops' support calls are charged.
    let passes = (report.float_iterations + report.certificates.len()) as u64;
    let coords = ((case.a.len() + case.b.len()) * N) as u64;
    if !meter.charge_done(passes.saturating_mul(coords)) {
        return Err("past the budget".into());
    }
    let relation = match report.answer.relation() {
        Some(r) => r,
        None => return query::<Rational, N>(case, max_iterations, meter),
    };
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    m.insert("intersects".into(), json!(relation.intersects()));
    m.insert(
        "touching".into(),
        json!(relation == gjk::Relation::Touching),
    );
    m.insert("outcome".into(), json!(relation.name()));
    m.insert("iterations".into(), json!(report.float_iterations));
    m.insert("scalar".into(), json!("exact"));
    let zero = || Rational::from_integer(0.into());
    match report.answer {
        ExactAnswer::Separated { axis, separation } => {
            m.insert("axis".into(), vector_json(&axis));
            // Proved answers always carry their separation.
            let s = separation.map_err(|e| e.to_string())?;
            m.insert("distance_squared".into(), scalar_json(&s.dist2));
            m.insert(
                "distance".into(),
                json!(gjk::Scalar::to_f64(&s.dist2).sqrt()),
            );
            m.insert("witness_a".into(), vector_json(&s.witness_a));
            m.insert("witness_b".into(), vector_json(&s.witness_b));
        }
        ExactAnswer::Touching { normal } => {
            m.insert("normal".into(), vector_json(&normal));
            m.insert("distance_squared".into(), scalar_json(&zero()));
            m.insert("distance".into(), json!(0.0));
        }
        ExactAnswer::Penetrating { depth } => {
            m.insert("distance_squared".into(), scalar_json(&zero()));
            m.insert("distance".into(), json!(0.0));
            let Depth {
                depth2,
                normal,
                penetration,
            } = depth.map_err(|e| e.to_string())?;
            m.insert(
                "penetration_depth".into(),
                json!(gjk::Scalar::to_f64(&depth2).sqrt()),
            );
            m.insert("penetration_depth_squared".into(), scalar_json(&depth2));
            m.insert("normal".into(), vector_json(&normal));
            m.insert("penetration".into(), vector_json(&penetration));
        }
        ExactAnswer::NoVerdict { .. } | ExactAnswer::Unproved => {
            return query::<Rational, N>(case, max_iterations, meter)
        }
    }
    Ok(Value::Object(m))
}
