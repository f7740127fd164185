//! The subcommands of the `gjk` tool other than `query`, one file each
//! (`main.rs` only declares them and dispatches; see `ARCHITECTURE.md`).

pub mod check;
mod progress;
pub mod trace;
pub mod variant;

use std::io::{self, BufRead, BufReader};

/// A case file, or standard input for `-`. The error names the file.
pub fn open_input(file: &str) -> io::Result<Box<dyn BufRead>> {
    if file == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let f =
        std::fs::File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
    Ok(Box::new(BufReader::new(f)))
}
