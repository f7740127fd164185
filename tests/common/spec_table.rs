//! The machine-readable spec table, `spec/regions.toml`, as the tests load it.

use serde::Deserialize;

/// The whole table.
#[derive(Deserialize)]
pub struct Table {
    /// One row per region case.
    pub region: Vec<Row>,
    /// Simplices and the region each must be classified as.
    pub case: Vec<Case>,
    /// Shape pairs on which the loop reaches a region.
    pub pair: Vec<Pair>,
}

/// A `[[region]]` row.
#[derive(Deserialize)]
pub struct Row {
    /// The spec ID.
    pub id: String,
    /// The Rust variant (`Tri2Region::R4`).
    pub variant: String,
    /// Whether the exact loop can reach it.
    pub reachable: bool,
    /// The tests that check it (`file::function`).
    pub tests: Vec<String>,
    /// Why the region has no boundary case, if it has none.
    #[serde(default)]
    pub no_boundary: Option<String>,
}

/// A `[[case]]`: a simplex, newest vertex first.
#[derive(Deserialize)]
pub struct Case {
    /// The expected region's spec ID.
    pub region: String,
    /// `true` when some sign test (`gjk::classify::sign_tests`) is exactly
    /// zero (see the header of `spec/regions.toml`).
    pub boundary: bool,
    /// The ties the case exercises alone (`common::ties::ties_alone`), as
    /// `DECIDED | FLIPPED (TEST = 0)`; empty unless exactly one sign test
    /// is zero.
    #[serde(default)]
    pub ties: Vec<String>,
    /// Degenerate cases only: how the vertices are dependent
    /// (`coincident`, `collinear` or `coplanar`).
    #[serde(default)]
    pub degenerate: Option<String>,
    /// The vertices as rational strings.
    pub simplex: Vec<Vec<String>>,
}

/// A `[[pair]]`: two point clouds.
#[derive(Deserialize)]
pub struct Pair {
    /// The region the loop reaches on them.
    pub region: String,
    /// Shape A's points.
    pub a: Vec<Vec<String>>,
    /// Shape B's points.
    pub b: Vec<Vec<String>>,
}

/// Loads `spec/regions.toml`.
pub fn table() -> Table {
    let text = std::fs::read_to_string(super::root().join("spec/regions.toml"))
        .expect("spec/regions.toml");
    toml::from_str(&text).unwrap_or_else(|e| panic!("spec/regions.toml: {}", e.message()))
}
