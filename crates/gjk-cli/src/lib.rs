//! The `gjk` command-line tool's library: what the subcommands compute, so
//! that tests and other programs can call it without spawning the tool.
//!
//! * [`query`]: one case's answer (`gjk query`);
//! * [`check`]: another implementation's `expect` answers judged against the
//!   exact ones (`gjk check`);
//! * [`trace_format`], [`picture`] and [`html`]: a trace as text, JSON,
//!   SVG and a web page (`gjk trace`), and the spec's region pictures;
//! * [`cli`]: argument types, reading case files, the subcommands;
//! * [`budget`]: `--budget`, a bound on the time and work of each case;
//! * [`number`]: float approximations of exact values (never `null`);
//! * `fuzzing` (feature `fuzzing`): the fuzz targets' bodies.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod budget;
pub mod check;
pub mod cli;
pub mod exact_query;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
#[cfg(feature = "fuzzing")]
pub mod fuzzing_exact;
#[cfg(feature = "fuzzing")]
pub mod fuzzing_forged;
pub mod html;
pub mod number;
pub mod picture;
pub mod query;
pub mod round_query;
pub mod trace_format;
