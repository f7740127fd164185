//! The picture of a trace: one panel per step of the boolean loop.

use super::geometry::{
    add, difference_hull, dot2, hull, page_direction, perp, project, scale, sub, Frame, Rect, P2,
};
use super::svg::{shorten, style, Svg};
use gjk::boolean::Outcome;
use gjk::scalar::{Field, Scalar};
use gjk::simplex::Simplex;
use gjk::trace::{kept_letters, Trace, TraceStep};
use gjk::vector::Vector;
use gjk::Error;

/// The side of a panel's drawing area, in pixels.
const PANEL: f64 = 340.0;
/// The height of a panel's two header lines.
const HEADER: f64 = 40.0;
/// The space between panels and around the page.
const GAP: f64 = 16.0;
/// The height of the title and the legend.
const TITLE: f64 = 62.0;
/// Panels per row.
const COLUMNS: usize = 3;
/// The longest header line, in characters (long exact values are cut).
const LINE_CHARS: usize = 58;

/// The shapes of a case as drawn: the hulls of `A`, `B` and `A − B`,
/// projected.
struct Shapes {
    a: Vec<P2>,
    b: Vec<P2>,
    diff: Vec<P2>,
}

fn to_plane<T: Scalar, const N: usize>(v: &Vector<T, N>) -> P2 {
    let c: Vec<f64> = v.iter().map(Scalar::to_f64).collect();
    project(&c)
}

/// The SVG picture of `trace`, the query on the hulls of `a` and `b`: a
/// title, a legend and one panel per step showing the shapes, `A − B`, the
/// origin, the simplex the classifier saw (vertices lettered newest first),
/// the kept feature, the search direction `d`, the new vertex `w` with its
/// support line `x · d = w · d` (2D), the closest point `v` and the next
/// direction. 3D cases are drawn in the fixed orthographic view of
/// azimuth 35°, elevation 25° (`z` up). `title` names the case.
///
/// Errors: [`Error::UnsupportedDimension`] outside 2D and 3D.
pub fn trace_svg<T: Field, const N: usize>(
    trace: &Trace<T, N>,
    a: &[Vector<T, N>],
    b: &[Vector<T, N>],
    title: &str,
) -> Result<String, Error> {
    if N != 2 && N != 3 {
        return Err(Error::UnsupportedDimension {
            dim: N,
            supported: "2 and 3 (pictures)",
        });
    }
    let pa: Vec<P2> = a.iter().map(to_plane).collect();
    let pb: Vec<P2> = b.iter().map(to_plane).collect();
    let shapes = Shapes {
        a: hull(&pa),
        b: hull(&pb),
        diff: difference_hull(&pa, &pb),
    };
    let mut world: Vec<P2> = shapes.a.clone();
    world.extend(&shapes.b);
    world.extend(&shapes.diff);
    world.push([0.0, 0.0]);

    let n = trace.steps.len().max(1);
    let cols = n.min(COLUMNS);
    let rows = n.div_ceil(COLUMNS);
    let width = GAP + cols as f64 * (PANEL + GAP);
    let height = TITLE + rows as f64 * (HEADER + PANEL + GAP) + GAP;
    let mut svg = Svg::new(width.max(560.0), height);

    let outcome = match &trace.report.outcome {
        Outcome::Separated { .. } => "separated".to_string(),
        Outcome::Intersecting { region, .. } => format!("intersecting ({})", region.spec_id()),
        Outcome::NoVerdict { reason, .. } => format!("no verdict ({reason})"),
    };
    svg.text(
        [GAP, 22.0],
        &shorten(
            &format!(
                "gjk trace, case {title}: {N}D, {} arithmetic; {outcome} after {} support points",
                T::NAME,
                trace.report.iterations
            ),
            110,
        ),
        r#"font-size="14" font-weight="bold""#,
    );
    legend(&mut svg, [GAP, 44.0]);
    if N == 3 {
        svg.text(
            [GAP, 58.0],
            "3D: orthographic view, azimuth 35°, elevation 25° (z up); a fixed projection",
            r##"fill="#555555" font-size="11""##,
        );
    }

    for (k, s) in trace.steps.iter().enumerate() {
        let (col, row) = (k % COLUMNS, k / COLUMNS);
        let x = GAP + col as f64 * (PANEL + GAP);
        let y = TITLE + row as f64 * (HEADER + PANEL + GAP);
        let rect = Rect {
            x,
            y: y + HEADER,
            w: PANEL,
            h: PANEL,
        };
        let frame = Frame::fit(&world, 0.08, 0.0, rect);
        svg.begin_group(
            &format!("panel step-{}", s.step.iteration),
            &format!(
                "step {}: {}",
                s.step.iteration,
                s.step
                    .region
                    .map_or("separated by the support test", |r| r.spec_id())
            ),
        );
        header(&mut svg, [x, y], s);
        panel(&mut svg, &frame, &shapes, s, N == 2);
        svg.end_group();
    }
    Ok(svg.finish())
}

/// The colour key, in one row.
fn legend(svg: &mut Svg, at: P2) {
    let items: [(&str, String); 8] = [
        (
            "shape A",
            format!(
                r#"fill="{}" fill-opacity="0.25" stroke="{}""#,
                style::A,
                style::A
            ),
        ),
        (
            "shape B",
            format!(
                r#"fill="{}" fill-opacity="0.25" stroke="{}""#,
                style::B,
                style::B
            ),
        ),
        (
            "A - B",
            format!(
                r#"fill="{}" fill-opacity="0.12" stroke="{}""#,
                style::DIFF,
                style::DIFF
            ),
        ),
        (
            "simplex",
            format!(
                r#"fill="none" stroke="{}" stroke-width="2""#,
                style::SIMPLEX
            ),
        ),
        (
            "kept",
            format!(r#"fill="none" stroke="{}" stroke-width="4""#, style::KEPT),
        ),
        ("w (new vertex)", format!(r#"fill="{}""#, style::W)),
        ("d (search)", format!(r#"fill="{}""#, style::DIR)),
        ("next d", format!(r#"fill="{}""#, style::KEPT)),
    ];
    let mut x = at[0];
    for (label, attrs) in items {
        svg.rect(x, at[1] - 10.0, 14.0, 12.0, &attrs);
        svg.text([x + 18.0, at[1]], label, "");
        x += 26.0 + 7.0 * label.len() as f64;
    }
}

/// The two header lines of a panel.
fn header<T: Field, const N: usize>(svg: &mut Svg, at: P2, s: &TraceStep<T, N>) {
    let st = &s.step;
    let first = match st.region {
        Some(r) => format!(
            "step {}: region {}, keep {}",
            st.iteration,
            r.spec_id(),
            kept_letters(&s.kept_indices)
        ),
        None => format!("step {}: w · d < 0, separated", st.iteration),
    };
    let upper = s
        .upper2
        .as_ref()
        .map_or_else(|| "?".to_string(), ToString::to_string);
    let second = format!("w · d = {};  {} <= dist² <= {upper}", st.progress, s.lower2);
    svg.text(
        [at[0], at[1] + 16.0],
        &shorten(&first, LINE_CHARS),
        r#"font-weight="bold""#,
    );
    svg.text([at[0], at[1] + 32.0], &shorten(&second, LINE_CHARS), "");
}

/// A hull: a filled polygon, a segment or a dot.
fn draw_hull(svg: &mut Svg, frame: &Frame, h: &[P2], attrs: &str, colour: &str) {
    let page: Vec<P2> = h.iter().map(|&p| frame.map(p)).collect();
    match page.len() {
        0 => {}
        1 => svg.circle(page[0], 3.5, &format!(r#"fill="{colour}""#)),
        2 => svg.line(
            page[0],
            page[1],
            &format!(r#"stroke="{colour}" stroke-width="3""#),
        ),
        _ => svg.polygon(&page, attrs),
    }
}

/// Every edge between the points (a simplex's wireframe; in 2D a filled
/// triangle for three points).
fn draw_simplex(svg: &mut Svg, page: &[P2], colour: &str, width: f64, fill: Option<&str>) {
    if let (Some(fill), 3) = (fill, page.len()) {
        svg.polygon(
            page,
            &format!(r#"fill="{fill}" fill-opacity="0.18" stroke="none""#),
        );
    }
    if page.len() == 1 {
        svg.circle(page[0], width + 2.5, &format!(r#"fill="{colour}""#));
    }
    for i in 0..page.len() {
        for j in i + 1..page.len() {
            svg.line(
                page[i],
                page[j],
                &format!(r#"stroke="{colour}" stroke-width="{width}" stroke-linecap="round""#),
            );
        }
    }
}

fn simplex_page<T: Scalar, const N: usize>(frame: &Frame, s: &Simplex<T, N>) -> Vec<P2> {
    s.points().map(|p| frame.map(to_plane(p))).collect()
}

/// The world content of one panel.
fn panel<T: Field, const N: usize>(
    svg: &mut Svg,
    frame: &Frame,
    shapes: &Shapes,
    s: &TraceStep<T, N>,
    planar: bool,
) {
    svg.begin_panel(frame.rect(), "#fbfbfb");
    let st = &s.step;
    draw_hull(
        svg,
        frame,
        &shapes.diff,
        &format!(
            r#"fill="{0}" fill-opacity="0.12" stroke="{0}" stroke-dasharray="5,3""#,
            style::DIFF
        ),
        style::DIFF,
    );
    for (h, colour) in [(&shapes.a, style::A), (&shapes.b, style::B)] {
        draw_hull(
            svg,
            frame,
            h,
            &format!(r#"fill="{colour}" fill-opacity="0.25" stroke="{colour}" stroke-width="1.5""#),
            colour,
        );
    }
    let origin = frame.map([0.0, 0.0]);
    let w = to_plane(&st.vertex.w);
    let d = to_plane(&st.direction);
    // The support line x · d = w · d: A − B lies in the half-plane
    // x · d ≤ w · d behind it.
    if planar && dot2(d, d) > 0.0 {
        let t = scale(perp(d), frame.world_diagonal() / dot2(d, d).sqrt());
        svg.line(
            frame.map(sub(w, t)),
            frame.map(add(w, t)),
            &format!(
                r#"stroke="{}" stroke-width="1.2" stroke-dasharray="6,4""#,
                style::W
            ),
        );
    }
    // The simplex the classifier saw, or (when the support test ended the
    // query) the previous one, dashed.
    if st.region.is_some() {
        let page = simplex_page(frame, &st.simplex);
        draw_simplex(
            svg,
            &page,
            style::SIMPLEX,
            2.0,
            planar.then_some(style::SIMPLEX),
        );
        let kept: Vec<P2> = s.kept_indices.iter().map(|&i| page[i]).collect();
        draw_simplex(svg, &kept, style::KEPT, 4.0, planar.then_some(style::KEPT));
        svg.letters(&page);
    } else {
        let page = simplex_page(frame, &st.kept);
        if page.len() == 1 {
            svg.circle(page[0], 4.0, r##"fill="#555555""##);
        }
        for i in 0..page.len() {
            for j in i + 1..page.len() {
                svg.line(
                    page[i],
                    page[j],
                    r##"stroke="#555555" stroke-width="2" stroke-dasharray="4,3""##,
                );
            }
        }
    }
    // Support points on A and B, and w.
    for (p, colour, label) in [
        (&st.vertex.a, style::A, "s_A(d)"),
        (&st.vertex.b, style::B, "s_B(-d)"),
    ] {
        let q = frame.map(to_plane(p));
        svg.circle(
            q,
            4.0,
            &format!(r#"fill="white" stroke="{colour}" stroke-width="2""#),
        );
        svg.text(
            add(q, [6.0, 14.0]),
            label,
            &format!(r#"fill="{colour}" font-size="11""#),
        );
    }
    let wp = frame.map(w);
    svg.polygon(
        &[
            add(wp, [0.0, -6.0]),
            add(wp, [6.0, 0.0]),
            add(wp, [0.0, 6.0]),
            add(wp, [-6.0, 0.0]),
        ],
        &format!(r#"fill="{}""#, style::W),
    );
    svg.text(
        add(wp, [-16.0, -6.0]),
        "w",
        &format!(r#"fill="{}""#, style::W),
    );
    svg.origin(origin);
    // The search direction, from the origin.
    if let Some(u) = page_direction(d) {
        svg.direction(origin, u, style::DIR, "dir", "d");
    }
    // The closest point of the kept simplex and the next direction from it.
    if let Some(v) = &s.closest {
        let vp = frame.map(to_plane(v));
        svg.closest(vp);
        if let Some(u) = st
            .next_direction
            .as_ref()
            .and_then(|n| page_direction(to_plane(n)))
        {
            svg.direction(vp, u, style::KEPT, "kept", "next d");
        }
    }
    svg.end_group();
}
