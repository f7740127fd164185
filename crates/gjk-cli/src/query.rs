//! `gjk query`: one case's answer as a JSON object (the fields are in the
//! README): the verdict, then the distance or the penetration depth.

use gjk::distance::{distance, DistanceOptions, DistanceOutcome};
use gjk::epa::{epa_from_simplex, EpaOptions, EpaOutcome};
use gjk::shape::ConvexHull;
use gjk::verdict::{verdict, Separation, Verdict};
use gjk::{Rational, Relation, Scalar, Simplex, Vector, Which};
use gjk_case::{FromCoord, PackedCase};
use serde_json::{json, Map, Value};

use crate::budget::{Budget, Meter, MeteredHull};
use crate::cli::ScalarArg;
use crate::exact_query::proved_query;
use crate::number::{float_json, sqrt_approx_json};
use crate::round_query::round_query;

use crate::check::exact::beyond_compiled;

/// Calls `$f::<$t, N>(args)` (or `$f::<N>(args)` without `$t`) for the
/// case's dimension `N` in `1..=MAX_COMPILED_DIM`.
macro_rules! by_dim {
    ($dim:expr, $f:ident $(::<$t:ty>)?, $($arg:expr),* ; $other:expr) => {
        match $dim {
            1 => $f::<$($t,)? 1>($($arg),*),
            2 => $f::<$($t,)? 2>($($arg),*),
            3 => $f::<$($t,)? 3>($($arg),*),
            4 => $f::<$($t,)? 4>($($arg),*),
            5 => $f::<$($t,)? 5>($($arg),*),
            6 => $f::<$($t,)? 6>($($arg),*),
            7 => $f::<$($t,)? 7>($($arg),*),
            8 => $f::<$($t,)? 8>($($arg),*),
            _ => $other,
        }
    };
}

/// One case's `gjk query` answer as a JSON object, or the message of its
/// error line. `budget` bounds the case in exact, `f64` and `f32` mode
/// ([`crate::budget`]): past it, the answer is [`budget_exceeded`]'s line.
pub fn answer(
    case: &PackedCase,
    scalar: ScalarArg,
    max_iterations: usize,
    budget: Budget,
) -> Result<Value, String> {
    let d = case.dim();
    let beyond = || Err(beyond_compiled(d));
    if case.is_round() {
        // Round shapes (`radius_a`, `radius_b`): core plus margin.
        return match scalar {
            ScalarArg::Exact => by_dim!(d, round_query::<Rational>, case, max_iterations; beyond()),
            ScalarArg::F64 => by_dim!(d, round_query::<f64>, case, max_iterations; beyond()),
            ScalarArg::F32 => by_dim!(d, round_query::<f32>, case, max_iterations; beyond()),
            ScalarArg::F64Certified => Err(
                "radius_a / radius_b (round shapes) are answered in the exact, f64 and f32 \
                 modes, not in f64-certified"
                    .into(),
            ),
        };
    }
    let meter = Meter::new(budget);
    let m = &meter;
    let (answer, name) = match scalar {
        ScalarArg::Exact => (
            by_dim!(d, proved_query, case, max_iterations, m; beyond()),
            "exact",
        ),
        ScalarArg::F64 => (
            by_dim!(d, query::<f64>, case, max_iterations, m; beyond()),
            "f64",
        ),
        ScalarArg::F32 => (
            by_dim!(d, query::<f32>, case, max_iterations, m; beyond()),
            "f32",
        ),
        ScalarArg::F64Certified => (
            by_dim!(d, certified_query, case, max_iterations; beyond()),
            "f64-certified",
        ),
    };
    if meter.exceeded() {
        return Ok(budget_exceeded(case, name, &meter));
    }
    answer
}

/// The line of a case past its budget: `id`, `line`, `outcome`
/// (`"budget_exceeded"`), `scalar`, `budget` (as given to `--budget`) and
/// `work` (the work spent when the case stopped).
pub fn budget_exceeded(case: &PackedCase, scalar: &str, meter: &Meter) -> Value {
    json!({
        "id": case.id_or_line(),
        "line": case.line,
        "outcome": "budget_exceeded",
        "scalar": scalar,
        "budget": meter.budget().to_string(),
        "work": meter.work(),
    })
}

/// The exact mode's loops over rationals: the exact mode's answer where the
/// float search's certificates are not proved (`crate::exact_query`).
pub(crate) fn query<T: FromCoord + gjk::Field, const N: usize>(
    case: &PackedCase,
    max_iterations: usize,
    meter: &Meter,
) -> Result<Value, String> {
    let a = MeteredHull::<T, N>::new(&case.a, Which::A, meter).map_err(|e| e.to_string())?;
    let b = MeteredHull::<T, N>::new(&case.b, Which::B, meter).map_err(|e| e.to_string())?;
    // One GJK run per case: the verdict's simplex starts EPA, and the
    // distance route's separation is the distance (the boolean route of 2D
    // and 3D stops at the first separating plane: the distance loop then
    // answers the distance question).
    let report = verdict(&a, &b, max_iterations).map_err(|e| e.to_string())?;
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    let relation = report.verdict.relation();
    let (intersects, touching) = match relation {
        Some(r) => (json!(r.intersects()), json!(r == Relation::Touching)),
        None => (Value::Null, Value::Null),
    };
    m.insert("intersects".into(), intersects);
    m.insert("touching".into(), touching);
    m.insert("outcome".into(), json!(report.verdict.name()));
    m.insert("iterations".into(), json!(report.iterations));
    m.insert("scalar".into(), json!(T::NAME));
    match &report.verdict {
        Verdict::Separated { axis, separation } => {
            m.insert("axis".into(), vector_json(axis));
            match separation {
                Some(s) => separation_fields(s, &mut m),
                None => distance_fields::<T, N>(&a, &b, max_iterations, &mut m)?,
            }
        }
        Verdict::Touching { normal, .. } => {
            m.insert("normal".into(), vector_json(normal));
            zero_distance::<T>(&mut m);
        }
        Verdict::NoVerdict { reason } => {
            m.insert("no_verdict".into(), json!(reason.name()));
            m.insert("reason".into(), json!(reason.to_string()));
        }
        Verdict::Penetrating { .. } => {
            zero_distance::<T>(&mut m);
            penetration_fields::<T, N>(&a, &b, &report.simplex, max_iterations, &mut m)?;
        }
    }
    Ok(Value::Object(m))
}

/// EPA's answer for penetrating shapes: `penetration_depth_squared` (exact
/// `"p/q"` in exact mode, a number in float modes), `penetration_depth` (a
/// number: the square root, rounded), `normal` (the outward normal of
/// `A − B` on the deepest facet, from `a` towards `b`: unnormalised `"p/q"`
/// in exact mode, unit length in float modes) and `penetration` (translating
/// `a` by its negative makes the shapes touch). An EPA run that does not
/// conclude adds `penetration_reason` instead.
fn penetration_fields<T: FromCoord + gjk::Field, const N: usize>(
    a: &MeteredHull<'_, T, N>,
    b: &MeteredHull<'_, T, N>,
    simplex: &Simplex<T, N>,
    max_iterations: usize,
    m: &mut Map<String, Value>,
) -> Result<(), String> {
    let opts = EpaOptions {
        max_iterations,
        ..EpaOptions::default()
    };
    match epa_from_simplex(a, b, simplex, &opts)
        .map_err(|e| e.to_string())?
        .outcome
    {
        EpaOutcome::Penetrating(p) => {
            let depth = if T::EXACT {
                root_json(&p.depth2)
            } else if p.depth2.is_finite() {
                json!(p.depth2.to_f64().sqrt())
            } else {
                // The float depth² overflowed: the depth is the length of
                // the (finite) penetration vector, measured without
                // overflow.
                float_json(scaled_norm(p.penetration.iter().map(Scalar::to_f64)))
            };
            m.insert("penetration_depth".into(), depth);
            m.insert("penetration_depth_squared".into(), scalar_json(&p.depth2));
            let normal = if T::EXACT {
                vector_json(&p.normal)
            } else {
                let n: Vec<f64> = p.normal.iter().map(Scalar::to_f64).collect();
                let mut len = n.iter().map(|x| x * x).sum::<f64>().sqrt();
                if !len.is_finite() || len == 0.0 {
                    len = scaled_norm(n.iter().copied());
                }
                json!(n.iter().map(|x| x / len).collect::<Vec<f64>>())
            };
            m.insert("normal".into(), normal);
            m.insert("penetration".into(), vector_json(&p.penetration));
        }
        // The contact query said penetrating; a float EPA run can land
        // within its tolerance of depth 0. Report what it found.
        EpaOutcome::Touching { .. } => {
            m.insert("penetration_depth".into(), json!(0.0));
            m.insert("penetration_depth_squared".into(), scalar_json(&T::zero()));
        }
        other => {
            let reason = match other {
                EpaOutcome::NoVerdict { reason, .. } | EpaOutcome::GjkNoVerdict { reason } => {
                    reason.to_string()
                }
                _ => "EPA's GJK run found the shapes disjoint (rounding)".into(),
            };
            m.insert("penetration_reason".into(), json!(reason));
        }
    }
    Ok(())
}

/// `--scalar f64-certified`: `gjk::certified` on the doubles nearest the
/// case's coordinates. The verdict fields as in the other modes, plus
/// `certificate` (`separating_axis` with its `axis`, `enclosing_simplex`, or
/// `exact_fallback` with its `fallback_reason`), and `distance_bounds`, an
/// interval proved to hold the exact distance
/// ([`gjk::certified::certify_distance`]; `distance_bounds_reason` instead
/// when the float distance loop gives no verdict).
fn certified_query<const N: usize>(
    case: &PackedCase,
    max_iterations: usize,
) -> Result<Value, String> {
    use gjk::certified::{certify, certify_distance, Certificate, CertifiedOptions};
    use gjk_oracle::Relation;
    let (a, b) = case.points::<f64, N>().map_err(|e| e.to_string())?;
    let a = ConvexHull::new(a).map_err(|e| e.in_shape(Which::A).to_string())?;
    let b = ConvexHull::new(b).map_err(|e| e.in_shape(Which::B).to_string())?;
    let report =
        certify(&a, &b, &CertifiedOptions { max_iterations }).map_err(|e| e.to_string())?;
    let (intersects, touching, outcome) = match report.verdict {
        Relation::Separated => (false, false, "separated"),
        Relation::Touching => (true, true, "touching"),
        Relation::Penetrating => (true, false, "penetrating"),
    };
    let mut m = Map::new();
    m.insert("id".into(), case.id_or_line());
    m.insert("intersects".into(), json!(intersects));
    m.insert("touching".into(), json!(touching));
    m.insert("outcome".into(), json!(outcome));
    let iterations = report.float_iterations + report.exact_iterations;
    m.insert("iterations".into(), json!(iterations));
    m.insert("scalar".into(), json!("f64-certified"));
    m.insert("certificate".into(), json!(report.certificate.name()));
    match &report.certificate {
        Certificate::SeparatingAxis(c) => {
            m.insert("axis".into(), vector_json(&c.axis));
        }
        Certificate::ExactFallback { reason } => {
            m.insert("fallback_reason".into(), json!(reason.name()));
        }
        Certificate::EnclosingSimplex { .. } => {}
    }
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    match certify_distance(&a, &b, &opts) {
        Ok(c) => match (c.bounds, c.report.outcome) {
            (Some(bounds), _) => {
                let interval = [float_json(bounds.lo), float_json(bounds.hi)];
                m.insert("distance_bounds".into(), json!(interval));
            }
            (None, DistanceOutcome::NoVerdict { reason, .. }) => {
                m.insert("distance_bounds_reason".into(), json!(reason.to_string()));
            }
            (None, _) => {}
        },
        Err(e) => {
            m.insert("distance_bounds_reason".into(), json!(e.to_string()));
        }
    }
    Ok(Value::Object(m))
}

/// `|x|` without overflow or underflow in the squares (scaled by the
/// largest magnitude first).
fn scaled_norm(x: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = x.clone().fold(0.0f64, |m, v| m.max(v.abs()));
    if m == 0.0 || !m.is_finite() {
        return m;
    }
    m * x.map(|v| (v / m) * (v / m)).sum::<f64>().sqrt()
}

/// The square root of a squared distance or depth as the tool prints it:
/// exact values through [`sqrt_approx_json`] (a number while it is a
/// normal double, else a decimal string), floats as numbers.
fn root_json<T: Scalar + 'static>(x2: &T) -> Value {
    match (x2 as &dyn std::any::Any).downcast_ref::<Rational>() {
        Some(r) => sqrt_approx_json(r),
        None => float_json(x2.to_f64().sqrt()),
    }
}

/// `distance_squared` and `distance` of intersecting shapes.
fn zero_distance<T: Scalar>(m: &mut Map<String, Value>) {
    m.insert("distance_squared".into(), scalar_json(&T::zero()));
    m.insert("distance".into(), json!(0.0));
}

/// The distance query's answer for separated shapes: `distance_squared`
/// (exact `"p/q"` in exact mode), `distance` (a number: the square root,
/// rounded, in every mode) and the witness points. A distance run that does
/// not conclude adds `distance_reason` instead.
fn distance_fields<T: FromCoord + gjk::Field, const N: usize>(
    a: &MeteredHull<'_, T, N>,
    b: &MeteredHull<'_, T, N>,
    max_iterations: usize,
    m: &mut Map<String, Value>,
) -> Result<(), String> {
    let opts = DistanceOptions {
        max_iterations,
        ..DistanceOptions::default()
    };
    let report = distance(a, b, &opts).map_err(|e| e.to_string())?;
    match report.outcome {
        DistanceOutcome::Separated {
            dist2,
            witness_a,
            witness_b,
            ..
        } => separation_fields(
            &Separation {
                dist2,
                witness_a,
                witness_b,
            },
            m,
        ),
        DistanceOutcome::Intersecting { .. } => {
            // The boolean query proved a separating axis, but the float
            // distance loop reached "the origin" within its tolerance
            // (`ABS_TOL_FACTOR · u · scale`): the gap is below what the
            // distance loop resolves in this type. No number rather than a
            // distance of 0 next to "separated".
            m.insert(
                "distance_reason".into(),
                json!("the gap is within the float distance loop's tolerance of zero (use exact mode)"),
            );
        }
        DistanceOutcome::NoVerdict { reason, .. } => {
            m.insert("distance_reason".into(), json!(reason.to_string()));
        }
    }
    Ok(())
}

/// `distance_squared` (exact `"p/q"` in exact mode), `distance` (a number:
/// the square root, rounded, in every mode) and the witness points.
fn separation_fields<T: Scalar + 'static, const N: usize>(
    s: &Separation<T, N>,
    m: &mut Map<String, Value>,
) {
    m.insert("distance_squared".into(), scalar_json(&s.dist2));
    m.insert("distance".into(), root_json(&s.dist2));
    m.insert("witness_a".into(), vector_json(&s.witness_a));
    m.insert("witness_b".into(), vector_json(&s.witness_b));
}

/// An exact value as a `"p/q"` string, a float as a JSON number (or
/// [`crate::number::OVERFLOW`] when it is not finite).
pub(crate) fn scalar_json<T: Scalar>(x: &T) -> Value {
    if T::EXACT {
        json!(x.to_string())
    } else {
        float_json(x.to_f64())
    }
}

/// Exact values as `"p/q"` strings (a rational's display form), floats as
/// JSON numbers.
pub(crate) fn vector_json<T: Scalar, const N: usize>(v: &Vector<T, N>) -> Value {
    Value::Array(v.iter().map(scalar_json).collect())
}
