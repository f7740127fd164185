//! The pictures of `spec/pictures/`: one per spec row (region case), with
//! a panel per exact case of `spec/regions.toml`.
//!
//! A 2D panel shades the Voronoi regions of the case's simplex (the
//! half-planes of the "one rule" table in `spec/README.md`, clipped to the
//! panel) and labels each region with what the **classifier** names when the
//! origin is at a point inside it: the labels are computed by
//! [`gjk::classify::classify`] in exact arithmetic, not written by hand.
//! The region that holds the case's origin is drawn darker; on a boundary
//! case the origin sits on a border and the darker region is the one the
//! tie rule chose. A 3D panel ([`super::space`]) shades only the region
//! that holds the origin, as a volume cut out of a box, labelled the same
//! way.

use super::geometry::{
    add, centroid, clip, dot2, page_direction, perp, scale, sub, Frame, Rect, P2,
};
use super::svg::{shorten, style, Svg};
use crate::trace_format::vector_text;
use gjk::classify::{classify, Classification};
use gjk::distance::closest_point;
use gjk::region::{Region, RegionKind};
use gjk::scalar::{rational_from_f64, Rational, Scalar};
use gjk::simplex::Simplex;
use gjk::trace::{kept_letters, letter};
use gjk::vector::Vector;
use gjk::Error;

/// One exact case of a region: a simplex, newest vertex first, in 2D or 3D.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionCase {
    /// The vertices (`A` first), each as its coordinates.
    pub simplex: Vec<Vec<Rational>>,
    /// `true` when some sign test of the classifier is exactly zero.
    pub boundary: bool,
}

impl RegionCase {
    /// The vertices as `N`-vectors (`None` if one has another dimension).
    pub(crate) fn points<const N: usize>(&self) -> Option<Vec<Vector<Rational, N>>> {
        self.simplex
            .iter()
            .map(|p| (p.len() == N).then(|| Vector::<Rational, N>::from_fn(|i, _| p[i].clone())))
            .collect()
    }
}

/// The side of a panel's drawing area, in pixels.
const PANEL: f64 = 330.0;
/// The height of a panel's three header lines.
const HEADER: f64 = 56.0;
const GAP: f64 = 16.0;
const TITLE: f64 = 68.0;
/// The longest header line of a panel, in characters (at 12 px, about the
/// panel's width; long exact values are cut).
const LINE_CHARS: usize = 52;
const COLUMNS: usize = 3;

/// A half-plane `n · p ≤ c`.
type Half = (P2, f64);

/// A Voronoi region of the simplex as drawn: a polygon (or, for the
/// containing region of a point or a segment, the point or the segment)
/// and a point inside it where the classifier is asked.
struct Cell {
    poly: Vec<P2>,
    sample: P2,
    fill: &'static str,
}

/// The fill of a vertex region.
pub(crate) const VERTEX_FILL: &str = "#ffe9a8";
/// The fill of an edge region.
pub(crate) const EDGE_FILL: &str = "#cfe3ff";
/// The fill of a face region (3D).
pub(crate) const FACE_FILL: &str = "#e3d4f5";
/// The fill of the containing region.
pub(crate) const INSIDE_FILL: &str = "#c9ecc9";

fn f(p: &Vector<Rational, 2>) -> P2 {
    [p[0].to_f64(), p[1].to_f64()]
}

/// The region `p` lies in, as `X`'s vertex region: `(p − X)·(Y − X) ≤ 0`
/// for every other vertex `Y`.
fn vertex_halves(x: P2, others: &[P2]) -> Vec<Half> {
    others
        .iter()
        .map(|&y| {
            let e = sub(y, x);
            (e, dot2(x, e))
        })
        .collect()
}

/// The slab of edge `XY`: `(p − X)·(Y − X) ≥ 0` and `(p − Y)·(X − Y) ≥ 0`.
fn slab(x: P2, y: P2) -> Vec<Half> {
    let e = sub(y, x);
    vec![(scale(e, -1.0), -dot2(x, e)), (e, dot2(y, e))]
}

fn clip_all(poly: &[P2], halves: &[Half]) -> Vec<P2> {
    halves.iter().fold(
        poly.to_vec(),
        |p, &(n, c)| if p.is_empty() { p } else { clip(&p, n, c) },
    )
}

/// The Voronoi cells of a non-degenerate simplex of 1 to 3 points inside
/// `world` (a box, counter-clockwise).
fn cells(pts: &[P2], world: &[P2]) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut area = |halves: Vec<Half>, fill| {
        let poly = clip_all(world, &halves);
        if poly.len() >= 3 {
            let sample = centroid(&poly);
            out.push(Cell { poly, sample, fill });
        }
    };
    match pts {
        [x] => {
            // Everything but the point: sampled at the box's centre, or a
            // quarter of the box beside it when that is the point itself.
            let mut sample = centroid(world);
            let side = sub(world[2], world[0]);
            if dot2(sub(sample, *x), sub(sample, *x)) < 1e-4 * dot2(side, side) {
                sample = add(sample, [0.25 * side[0], 0.0]);
            }
            out.push(Cell {
                poly: world.to_vec(),
                sample,
                fill: VERTEX_FILL,
            });
            out.push(Cell {
                poly: vec![*x],
                sample: *x,
                fill: INSIDE_FILL,
            });
        }
        [a, b] => {
            area(vertex_halves(*a, &[*b]), VERTEX_FILL);
            area(vertex_halves(*b, &[*a]), VERTEX_FILL);
            let n = perp(sub(*b, *a));
            for side in [1.0, -1.0] {
                let mut h = slab(*a, *b);
                // side · n · (p − A) ≥ 0.
                h.push((scale(n, -side), -side * dot2(n, *a)));
                area(h, EDGE_FILL);
            }
            out.push(Cell {
                poly: vec![*a, *b],
                sample: scale(add(*a, *b), 0.5),
                fill: INSIDE_FILL,
            });
        }
        [a, b, c] => {
            let v = [*a, *b, *c];
            for i in 0..3 {
                let others = [v[(i + 1) % 3], v[(i + 2) % 3]];
                area(vertex_halves(v[i], &others), VERTEX_FILL);
            }
            for i in 0..3 {
                let (x, y, z) = (v[i], v[(i + 1) % 3], v[(i + 2) % 3]);
                let mut m = perp(sub(y, x));
                if dot2(m, sub(z, x)) > 0.0 {
                    m = scale(m, -1.0);
                }
                let mut h = slab(x, y);
                h.push((scale(m, -1.0), -dot2(m, x)));
                area(h, EDGE_FILL);
            }
            // The closed triangle: on the inner side of each edge.
            let mut h = Vec::new();
            for i in 0..3 {
                let (x, y, z) = (v[i], v[(i + 1) % 3], v[(i + 2) % 3]);
                let mut m = perp(sub(y, x));
                if dot2(m, sub(z, x)) > 0.0 {
                    m = scale(m, -1.0);
                }
                h.push((m, dot2(m, x)));
            }
            area(h, INSIDE_FILL);
        }
        _ => {}
    }
    out
}

/// What the classifier names for `simplex` with the origin moved to `at`
/// (`N` coordinates).
pub(crate) fn region_at<const N: usize>(
    simplex: &[Vector<Rational, N>],
    at: &[f64],
) -> Option<Region> {
    let mut c = Vector::<Rational, N>::zeros();
    for (k, x) in at.iter().enumerate().take(N) {
        c[k] = rational_from_f64(*x)?;
    }
    let s = Simplex::from_points(simplex.iter().map(|p| p - &c))?;
    classify(&s).ok().map(|k| k.region)
}

/// A region's label inside a picture: its ID without the simplex prefix
/// in 2D (`R4` for `2D-TRI-R4`), without the dimension in 3D (`TET-ABC`
/// for `3D-TET-ABC`, never a lone vertex letter); `PT-A` stays.
pub fn short_label(region: Region) -> &'static str {
    let id = region.spec_id();
    ["2D-LINE-", "2D-TRI-", "3D-"]
        .iter()
        .find_map(|prefix| id.strip_prefix(prefix))
        .unwrap_or(id)
}

/// The dimension of a region's cases: 2 or 3, or `None` for the point
/// regions, whose cases may be either.
fn dimension_of(region: Region) -> Option<usize> {
    let id = region.spec_id();
    if id.starts_with("2D-") {
        Some(2)
    } else if id.starts_with("3D-") {
        Some(3)
    } else {
        None
    }
}

fn invalid(what: String) -> Error {
    Error::InvalidParameter {
        which: gjk::Which::Query,
        what,
    }
}

/// The SVG picture of `region` from its exact cases (see the module docs):
/// 2D cases in the plane, 3D cases each in its own oblique view.
///
/// Errors: no cases, cases of different dimensions or of another dimension
/// than the region's, or a case that is not a simplex of its dimension.
pub fn region_svg(region: Region, cases: &[RegionCase]) -> Result<String, Error> {
    let id = region.spec_id();
    let Some(dim) = cases.first().map(|c| c.simplex.first().map_or(0, Vec::len)) else {
        return Err(invalid(format!("no case to draw for {id}")));
    };
    if !(dim == 2 || dim == 3) || dimension_of(region).is_some_and(|d| d != dim) {
        return Err(Error::UnsupportedDimension {
            dim,
            supported: "2 and 3, the region's own (region pictures)",
        });
    }
    let kind = match region.kind() {
        RegionKind::Search => "search region",
        RegionKind::Contains => "containing region",
        RegionKind::Degenerate => "degenerate simplex",
    };
    let reach = if region.reachable() {
        "reachable"
    } else {
        "unreachable"
    };
    let title = format!(
        "{id}: {kind}, {reach} by the exact loop; seeds {}; keeps {}",
        region.seeds(),
        region.keeps()
    );
    let n = cases.len();
    let cols = n.min(COLUMNS);
    let rows = n.div_ceil(COLUMNS);
    // About 8.3 px per character of the bold 14 px title.
    let width = (GAP + cols as f64 * (PANEL + GAP))
        .max(700.0)
        .max((2.0 * GAP + 8.3 * title.chars().count() as f64).ceil());
    let height = TITLE + rows as f64 * (HEADER + PANEL + GAP) + GAP;
    let mut svg = Svg::new(width, height);
    svg.text([GAP, 22.0], &title, r#"font-size="14" font-weight="bold""#);
    let [line2, line3] = if dim == 2 {
        [
            "Shaded: the Voronoi regions of the simplex, each labelled with what the classifier",
            "names when O is inside it; O's region is darker. Vertices newest first (A = newest).",
        ]
    } else {
        [
            "Shaded: the Voronoi region that holds O (spec/README.md's half-spaces, cut to a box),",
            "labelled with what the classifier names inside it. Hidden edges dashed; A = newest.",
        ]
    };
    for (y, line) in [(40.0, line2), (54.0, line3)] {
        svg.text([GAP, y], line, r##"font-size="11" fill="#444444""##);
    }
    for (k, case) in cases.iter().enumerate() {
        let (col, row) = (k % COLUMNS, k / COLUMNS);
        let x = GAP + col as f64 * (PANEL + GAP);
        let y = TITLE + row as f64 * (HEADER + PANEL + GAP);
        svg.begin_group(
            &format!("panel case-{}", k + 1),
            &format!("{id}, case {}", k + 1),
        );
        let drawn = match dim {
            2 => case
                .points()
                .map(|p| region_panel(&mut svg, [x, y], k + 1, case, &p)),
            _ => case
                .points()
                .map(|p| super::space::region_panel(&mut svg, [x, y], k + 1, case, &p)),
        };
        drawn.ok_or_else(|| invalid(format!("{id}, case {}: not a {dim}D simplex", k + 1)))??;
        svg.end_group();
    }
    Ok(svg.finish())
}

/// The drawing area of the panel whose top left corner is `at`.
pub(crate) fn panel_rect(at: P2) -> Rect {
    Rect {
        x: at[0],
        y: at[1] + HEADER,
        w: PANEL,
        h: PANEL,
    }
}

/// Classifies a case's simplex and writes a panel's three header lines:
/// the vertices, the classifier's decision, and whether a sign test ties.
pub(crate) fn classified_header<const N: usize>(
    svg: &mut Svg,
    at: P2,
    number: usize,
    case: &RegionCase,
    points: &[Vector<Rational, N>],
) -> Result<Classification<Rational, N>, Error> {
    let simplex = Simplex::from_points(points.iter().cloned())
        .ok_or_else(|| invalid(format!("case {number}: more than {} points", N + 1)))?;
    let decision = classify(&simplex)?;
    // `A = (1, 2), B = …`, or `A (1,2,0), B …` when that is too long.
    let named = |compact: bool| -> String {
        let parts: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, p)| match compact {
                false => format!("{} = {}", letter(i), vector_text(p)),
                true => format!("{} {}", letter(i), vector_text(p).replace(", ", ",")),
            })
            .collect();
        parts.join(", ")
    };
    let mut vertices = named(false);
    if vertices.chars().count() > LINE_CHARS - "case 1: ".len() {
        vertices = named(true);
    }
    let tie = if case.boundary {
        "boundary case: a sign test is exactly 0"
    } else {
        "no sign test is 0"
    };
    let action = match &decision.direction {
        Some(d) => format!(
            "classifier: {}, keep {}, d = {}",
            decision.region.spec_id(),
            kept_letters(&decision.kept.indices()),
            vector_text(d)
        ),
        None => format!("classifier: {} (stop)", decision.region.spec_id()),
    };
    svg.text(
        [at[0], at[1] + 14.0],
        &shorten(&format!("case {number}: {vertices}"), LINE_CHARS),
        r#"font-weight="bold""#,
    );
    svg.text([at[0], at[1] + 30.0], &shorten(&action, LINE_CHARS), "");
    svg.text([at[0], at[1] + 46.0], tie, r##"fill="#555555""##);
    Ok(decision)
}

fn region_panel(
    svg: &mut Svg,
    at: P2,
    number: usize,
    case: &RegionCase,
    points: &[Vector<Rational, 2>],
) -> Result<(), Error> {
    let decision = classified_header(svg, at, number, case, points)?;
    let pts: Vec<P2> = points.iter().map(f).collect();
    let rect = panel_rect(at);
    let mut world = pts.clone();
    world.push([0.0, 0.0]);
    let frame = Frame::fit(&world, 0.45, 1.0, rect);
    svg.begin_panel(rect, "#ffffff");
    let degenerate = decision.region.kind() == RegionKind::Degenerate;
    let cells = if degenerate {
        Vec::new()
    } else {
        cells(&pts, &frame.world_box())
    };
    // Areas first, then the point and segment cells on top of them.
    let mut sorted: Vec<&Cell> = cells.iter().filter(|c| c.poly.len() >= 3).collect();
    sorted.extend(cells.iter().filter(|c| c.poly.len() < 3));
    for cell in sorted {
        let label = region_at(points, &cell.sample);
        let mine = label == Some(decision.region);
        let page: Vec<P2> = cell.poly.iter().map(|&p| frame.map(p)).collect();
        let opacity = if mine { "1" } else { "0.45" };
        let stroke = if mine { "#333333" } else { "#ffffff" };
        match page.len() {
            1 => svg.circle(
                page[0],
                7.0,
                &format!(
                    r#"fill="{}" stroke="{stroke}" stroke-width="1.5""#,
                    cell.fill
                ),
            ),
            2 => svg.line(
                page[0],
                page[1],
                &format!(
                    r#"stroke="{}" stroke-width="9" stroke-opacity="{opacity}""#,
                    INSIDE_FILL
                ),
            ),
            _ => svg.polygon(
                &page,
                &format!(
                    r#"fill="{}" fill-opacity="{opacity}" stroke="{stroke}" stroke-width="1.5""#,
                    cell.fill
                ),
            ),
        }
        if let Some(r) = label {
            let p = frame.map(cell.sample);
            let offset = if page.len() < 3 {
                [8.0, 18.0]
            } else {
                [-10.0, 4.0]
            };
            let weight = if mine { r#" font-weight="bold""# } else { "" };
            svg.text(
                add(p, offset),
                short_label(r),
                &format!(r##"fill="#333333"{weight}"##),
            );
        }
    }
    if degenerate {
        svg.degenerate_note(rect.x + 10.0, rect.y + rect.h - 12.0);
    }
    // The simplex, its kept feature, the closest point and the direction.
    let page: Vec<P2> = pts.iter().map(|&p| frame.map(p)).collect();
    if page.len() == 3 {
        svg.polygon(
            &page,
            &format!(
                r#"fill="none" stroke="{}" stroke-width="2""#,
                style::SIMPLEX
            ),
        );
    } else if page.len() == 2 {
        svg.line(
            page[0],
            page[1],
            &format!(r#"stroke="{}" stroke-width="2""#, style::SIMPLEX),
        );
    }
    if decision.region.kind() == RegionKind::Search {
        let kept: Vec<P2> = decision.kept.indices().iter().map(|&i| page[i]).collect();
        match kept.len() {
            1 => svg.circle(
                kept[0],
                6.0,
                &format!(r#"fill="none" stroke="{}" stroke-width="3""#, style::KEPT),
            ),
            _ => svg.polyline(
                &kept,
                &format!(r#"stroke="{}" stroke-width="4""#, style::KEPT),
            ),
        }
    }
    for p in &page {
        svg.circle(*p, 3.5, &format!(r#"fill="{}""#, style::SIMPLEX));
    }
    svg.letters(&page);
    svg.origin(frame.map([0.0, 0.0]));
    if let (Some(d), false) = (&decision.direction, degenerate) {
        let vp = frame.map(f(&closest_point(points)?.v));
        svg.closest(vp);
        if let Some(u) = page_direction(f(d)) {
            svg.direction(vp, u, style::KEPT, "kept", "d");
        }
    }
    svg.end_group();
    Ok(())
}

/// The pictures of `spec/pictures/`: for each spec row, in order, the file
/// name (`{id}.svg`) and the picture of the row's cases (`cases` pairs a
/// region's spec ID with one of its cases, in file order).
///
/// Errors (as a message naming the row): an ID that names no region, a
/// row without cases, and [`region_svg`]'s errors.
pub fn spec_pictures(
    rows: &[String],
    cases: &[(String, RegionCase)],
) -> Result<Vec<(String, String)>, String> {
    rows.iter()
        .map(|id| {
            let region = Region::from_spec_id(id)
                .ok_or_else(|| format!("{id}: no region has this spec ID"))?;
            let mine: Vec<RegionCase> = cases
                .iter()
                .filter(|(r, _)| r == id)
                .map(|(_, c)| c.clone())
                .collect();
            if mine.is_empty() {
                return Err(format!("{id}: no case in spec/regions.toml to draw"));
            }
            let svg = region_svg(region, &mine).map_err(|e| format!("{id}: {e}"))?;
            Ok((format!("{id}.svg"), svg))
        })
        .collect()
}
