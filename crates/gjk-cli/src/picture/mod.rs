//! Pictures (SVG) of traces and of the spec's region cases.
//!
//! * [`trace_svg`] draws a [`gjk::trace::Trace`]: one panel per step of
//!   the boolean loop, with the two shapes, their Minkowski difference
//!   `A − B`, the origin, the simplex the classifier saw, the kept feature,
//!   the search direction and the next one. 2D cases are drawn as they are;
//!   3D cases in a fixed orthographic view. `gjk trace --svg` writes it.
//! * [`region_svg`] draws one region case of `spec/regions.toml`: the
//!   simplex of each exact case, its Voronoi regions labelled by the
//!   classifier, and the classifier's decision; 3D cases each in an oblique
//!   view chosen for the simplex, the origin's region as a volume.
//!   [`spec_pictures`] draws one per spec row: `spec/pictures/`, written by
//!   `cargo run -p gjk-cli --example spec_pictures` and checked to be up to
//!   date by `tests/pictures.rs`.
//!
//! The pictures are plain SVG 1.1 (no scripts, no external resources,
//! numbers with two decimals), so the same input gives the same bytes on
//! every platform, and any SVG renderer shows them.

mod geometry;
mod region;
mod solid;
mod space;
mod svg;
mod trace;

pub use region::{region_svg, short_label, spec_pictures, RegionCase};
pub use trace::trace_svg;

pub(crate) use svg::escape;
