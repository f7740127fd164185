//! A library's answers as case lines for `gjk check`: the case, its
//! `expect` object holding that setting's answers, and a `peer` object
//! (library, setting, status). One line per case and setting.

use num_rational::BigRational;
use serde_json::{json, Map, Value};

use crate::runner::{exact_double, Lib, Reply, Setting};

/// Points as JSON numbers (each exactly its double) or, for a coordinate
/// that is not a double, the exact `"p/q"` string.
pub fn points_json(set: &[Vec<BigRational>]) -> Value {
    Value::Array(
        set.iter()
            .map(|p| {
                Value::Array(
                    p.iter()
                        .map(|x| match exact_double(x) {
                            Some(f) if f.fract() == 0.0 && f.abs() < 9e15 => json!(f as i64),
                            Some(f) => json!(f),
                            None => json!(gjk_case::rational_to_json_string(x)),
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

/// The `expect` object of one setting's reply: the fields the setting
/// answers, `null` for each when it failed (crashed, timed out, threw).
pub fn expect_json(setting: &Setting, reply: &Reply) -> Value {
    let mut m = Map::new();
    for f in &setting.fields {
        let v = match reply {
            Reply::Fail { .. } => Value::Null,
            Reply::Ok {
                intersects,
                touching,
                distance,
                depth,
            } => match f.as_str() {
                "intersects" => json!(intersects),
                "touching" => json!(touching),
                "distance" => distance
                    .as_deref()
                    .and_then(|d| d.parse::<f64>().ok())
                    .map_or(Value::Null, |d| json!(d)),
                "distance_squared" => json!(distance),
                "penetration_depth" => json!(depth),
                _ => continue,
            },
        };
        m.insert(f.clone(), v);
    }
    Value::Object(m)
}

/// The status of a reply: `ok`, or `crashed: …`, `timeout: …`, `error: …`.
pub fn status(reply: &Reply) -> String {
    match reply {
        Reply::Ok { .. } => "ok".into(),
        Reply::Fail { kind, message } => format!("{kind}: {message}"),
    }
}

/// One case line: `id@setting`, category `setting: category`, the points,
/// `expect`, and `peer`.
pub fn case_line(
    lib: Lib,
    id: &str,
    category: Option<&str>,
    a: &[Vec<BigRational>],
    b: &[Vec<BigRational>],
    setting: &Setting,
    reply: &Reply,
) -> Value {
    json!({
        "id": format!("{id}@{}", setting.name),
        "category": format!("{}: {}", setting.name, category.unwrap_or("-")),
        "a": points_json(a),
        "b": points_json(b),
        "expect": expect_json(setting, reply),
        "peer": {"library": lib.name(), "setting": setting.name, "status": status(reply)},
    })
}
