//! Draws `spec/pictures/`: one SVG per row of `spec/regions.toml`, from
//! the row's cases, and removes pictures of rows that are gone.
//!
//! ```sh
//! cargo run -p gjk-cli --example spec_pictures
//! ```
//!
//! `tests/pictures.rs` (`spec_pictures_are_up_to_date`) draws them again
//! and fails when a row has no picture or a picture differs.

// The helpers of the library's tests (the spec table loader; the module
// allows the helpers this example does not use) and of this member's tests.
#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "../tests/common/spec_cases.rs"]
mod spec_cases;

use std::process::ExitCode;

fn main() -> ExitCode {
    let pictures = match spec_cases::draw() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("spec_pictures: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = spec_cases::pictures_dir();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("spec_pictures: {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let names: Vec<&String> = pictures.iter().map(|(name, _)| name).collect();
    let old = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".svg") && !names.contains(&f));
    for f in old {
        if let Err(e) = std::fs::remove_file(dir.join(&f)) {
            eprintln!("spec_pictures: {f}: {e}");
            return ExitCode::FAILURE;
        }
        println!("removed {f}");
    }
    for (name, svg) in &pictures {
        if let Err(e) = std::fs::write(dir.join(name), svg) {
            eprintln!("spec_pictures: {name}: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!("{} pictures in {}", pictures.len(), dir.display());
    ExitCode::SUCCESS
}
