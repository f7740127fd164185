//! `spec/regions.toml` as the picture generator takes it: the rows' spec
//! IDs and every case. Shared by `tests/pictures.rs` and
//! `examples/spec_pictures.rs` (the command that draws `spec/pictures/`).

use std::path::PathBuf;

use gjk_cli::picture::{spec_pictures, RegionCase};

use crate::common;

/// Where the pictures live.
pub fn pictures_dir() -> PathBuf {
    common::root().join("spec/pictures")
}

/// The rows' spec IDs, in file order, and each case with its region.
pub fn rows_and_cases() -> (Vec<String>, Vec<(String, RegionCase)>) {
    let table = common::spec_table::table();
    let rows = table.region.iter().map(|r| r.id.clone()).collect();
    let cases = table
        .case
        .iter()
        .map(|c| {
            let simplex = c
                .simplex
                .iter()
                .map(|p| p.iter().map(|x| common::rat(x)).collect())
                .collect();
            let case = RegionCase {
                simplex,
                boundary: c.boundary,
            };
            (c.region.clone(), case)
        })
        .collect();
    (rows, cases)
}

/// Every row's picture, as [`spec_pictures`] draws it from the table today.
pub fn draw() -> Result<Vec<(String, String)>, String> {
    let (rows, cases) = rows_and_cases();
    spec_pictures(&rows, &cases)
}
