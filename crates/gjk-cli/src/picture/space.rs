//! The 3D panels of the spec pictures: one exact case of a 3D region (a
//! segment, a triangle or a tetrahedron) in an oblique view chosen for it.
//!
//! A panel shows the simplex (edges hidden behind a tetrahedron dashed,
//! hidden vertices hollow), the origin, the **Voronoi region of the
//! feature the classifier keeps** as a translucent volume — the
//! half-spaces of the "one rule" table of `spec/README.md` cut out of a
//! box around the simplex — labelled with what the classifier names at a
//! point inside it (in exact arithmetic), the kept feature, the closest
//! point `v` with the next direction `d`, and the axes. A containing region
//! is the simplex itself; a degenerate simplex has no regions.

use super::geometry::{add, page_direction, scale, Frame, P2};
use super::region::{
    classified_header, panel_rect, region_at, short_label, RegionCase, EDGE_FILL, FACE_FILL,
    INSIDE_FILL, VERTEX_FILL,
};
use super::solid::{add3, cross3, dot3, mean3, outward, scale3, sub3, Half3, Polytope, View, P3};
use super::svg::{style, Svg};
use gjk::distance::closest_point;
use gjk::region::RegionKind;
use gjk::scalar::{Rational, Scalar};
use gjk::vector::Vector;
use gjk::Error;

fn f3(p: &Vector<Rational, 3>) -> P3 {
    [p[0].to_f64(), p[1].to_f64(), p[2].to_f64()]
}

/// `n_XY^Z = XY (XY·XZ) − XZ (XY·XY)`: the normal of edge `XY` in the plane
/// of `XYZ`, pointing away from `Z` (spec/README.md).
fn edge_normal(x: P3, y: P3, z: P3) -> P3 {
    let (xy, xz) = (sub3(y, x), sub3(z, x));
    sub3(scale3(xy, dot3(xy, xz)), scale3(xz, dot3(xy, xy)))
}

/// The normal of face `XYZ` pointing away from `w`.
fn face_normal(x: P3, y: P3, z: P3, w: P3) -> P3 {
    let n = cross3(sub3(y, x), sub3(z, x));
    if dot3(n, sub3(w, x)) > 0.0 {
        scale3(n, -1.0)
    } else {
        n
    }
}

/// The half-spaces whose intersection is the Voronoi region of the feature
/// `feature` (vertex indices) of the simplex `pts`: the conditions of the
/// "one rule" table, as `n · p ≤ c`. A face of a lone triangle takes the
/// origin's side of its plane; all four vertices of a tetrahedron give the
/// tetrahedron itself.
fn feature_halves(pts: &[P3], feature: &[usize]) -> Vec<Half3> {
    let others: Vec<P3> = (0..pts.len())
        .filter(|i| !feature.contains(i))
        .map(|i| pts[i])
        .collect();
    let f: Vec<P3> = feature.iter().map(|&i| pts[i]).collect();
    // `m · (p − x) ≤ 0` and `m · (p − x) ≥ 0`.
    let below = |m: P3, x: P3| (m, dot3(m, x));
    let above = |m: P3, x: P3| (scale3(m, -1.0), -dot3(m, x));
    let mut h = Vec::new();
    match f.as_slice() {
        // Vertex X: XY · (p − X) ≤ 0 for every other vertex Y.
        [x] => h.extend(others.iter().map(|&y| below(sub3(y, *x), *x))),
        // Edge XY: the slab, and beyond XY away from every other vertex.
        [x, y] => {
            h.push(above(sub3(*y, *x), *x));
            h.push(above(sub3(*x, *y), *y));
            h.extend(others.iter().map(|&z| above(edge_normal(*x, *y, z), *x)));
        }
        // Face XYZ: the prism over it, on the far side from the fourth
        // vertex (or on the origin's side).
        [x, y, z] => {
            for (p, q, r) in [(x, y, z), (y, z, x), (z, x, y)] {
                h.push(below(edge_normal(*p, *q, *r), *p));
            }
            let w = others.first().copied().unwrap_or_else(|| {
                let n = cross3(sub3(*y, *x), sub3(*z, *x));
                // A point on the far side from the origin.
                if dot3(n, scale3(*x, -1.0)) > 0.0 {
                    sub3(*x, n)
                } else {
                    add3(*x, n)
                }
            });
            h.push(above(face_normal(*x, *y, *z, w), *x));
        }
        // The tetrahedron: inside every face.
        _ => {
            for i in 0..f.len() {
                let g: Vec<P3> = (0..f.len()).filter(|&j| j != i).map(|j| f[j]).collect();
                if let [a, b, c] = g.as_slice() {
                    h.push(below(face_normal(*a, *b, *c, f[i]), *a));
                }
            }
        }
    }
    h
}

/// The faces of a simplex of 3 or 4 points, each with its outward normal
/// (a triangle's one face has an arbitrary orientation).
fn simplex_faces(pts: &[P3]) -> Vec<([P3; 3], P3)> {
    match pts {
        [a, b, c] => vec![([*a, *b, *c], cross3(sub3(*b, *a), sub3(*c, *a)))],
        [_, _, _, _] => (0..4)
            .map(|i| {
                let g: Vec<P3> = (0..4).filter(|&j| j != i).map(|j| pts[j]).collect();
                ([g[0], g[1], g[2]], face_normal(g[0], g[1], g[2], pts[i]))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The fill of the region keeping `kept` vertices of a simplex of `len`.
fn fill_for(kind: RegionKind, kept: usize) -> &'static str {
    match (kind, kept) {
        (RegionKind::Contains, _) => INSIDE_FILL,
        (_, 1) => VERTEX_FILL,
        (_, 2) => EDGE_FILL,
        _ => FACE_FILL,
    }
}

/// One 3D panel (see the module docs); `at` is its top left corner.
pub(crate) fn region_panel(
    svg: &mut Svg,
    at: P2,
    number: usize,
    case: &RegionCase,
    points: &[Vector<Rational, 3>],
) -> Result<(), Error> {
    let decision = classified_header(svg, at, number, case, points)?;
    let kind = decision.region.kind();
    let pts: Vec<P3> = points.iter().map(f3).collect();
    let v = match kind {
        RegionKind::Search => Some(f3(&closest_point(points)?.v)),
        _ => None,
    };
    let mut seen = pts.clone();
    seen.push([0.0; 3]);
    seen.extend(v);
    let faces = simplex_faces(&pts);
    // A tetrahedron hides what is behind it; a flat simplex hides nothing.
    let solid = pts.len() == 4 && kind != RegionKind::Degenerate;
    let triangles: Vec<[P3; 3]> = faces.iter().map(|f| f.0).collect();
    let edges: Vec<[P3; 2]> = (0..pts.len())
        .flat_map(|i| (i + 1..pts.len()).map(move |j| (i, j)))
        .map(|(i, j)| [pts[i], pts[j]])
        .collect();
    let view = View::choose(&seen, &edges, &triangles);

    let rect = panel_rect(at);
    let flat: Vec<P2> = seen.iter().map(|&p| view.project(p)).collect();
    let frame = Frame::fit(&flat, 0.45, 1.0, rect);
    let page = |p: P3| frame.map(view.project(p));
    svg.begin_panel(rect, "#ffffff");

    // The region as a volume, cut out of a box around what is shown.
    let kept = decision.kept.indices();
    let fill = fill_for(kind, kept.len());
    let volume = match kind {
        RegionKind::Search => Some(feature_halves(&pts, &kept)),
        RegionKind::Contains if pts.len() == 4 => Some(feature_halves(&pts, &kept)),
        _ => None,
    }
    .map(|halves| {
        let lo = seen.iter().fold([f64::INFINITY; 3], |m, p| {
            [m[0].min(p[0]), m[1].min(p[1]), m[2].min(p[2])]
        });
        let hi = seen.iter().fold([f64::NEG_INFINITY; 3], |m, p| {
            [m[0].max(p[0]), m[1].max(p[1]), m[2].max(p[2])]
        });
        let pad = 0.6 * (0..3).map(|k| hi[k] - lo[k]).fold(1.0, f64::max);
        Polytope::cube(add3(lo, [-pad; 3]), add3(hi, [pad; 3])).clip_all(&halves)
    });
    let inside = volume.as_ref().map(|p| mean3(&p.vertices()));
    // Its faces turned away from the viewer or towards it: a face on a
    // plane of the region is outlined, a face on the box only shaded.
    let volume_faces = |svg: &mut Svg, front: bool| {
        let (Some(vol), Some(c)) = (&volume, inside) else {
            return;
        };
        for f in vol
            .faces
            .iter()
            .filter(|f| facing(&view, outward(&f.points, c)) == front)
        {
            let on_page: Vec<P2> = f.points.iter().map(|&p| page(p)).collect();
            let opacity = match (front, f.cut) {
                (false, _) => "0.55",
                (true, true) => "0.4",
                (true, false) => "0.25",
            };
            let stroke = if f.cut {
                r##"stroke="#7a7a7a" stroke-width="0.8" stroke-linejoin="round""##
            } else {
                r#"stroke="none""#
            };
            svg.polygon(
                &on_page,
                &format!(r#"fill="{fill}" fill-opacity="{opacity}" {stroke}"#),
            );
        }
    };
    volume_faces(svg, false);
    // The simplex's faces, lightly, and a flat containing region.
    let flat_inside = kind == RegionKind::Contains && pts.len() < 4;
    for (tri, n) in &faces {
        if !solid || facing(&view, *n) {
            let p: Vec<P2> = tri.iter().map(|&q| page(q)).collect();
            let (colour, opacity) = if flat_inside {
                (INSIDE_FILL, "1")
            } else {
                (style::SIMPLEX, "0.07")
            };
            svg.polygon(
                &p,
                &format!(r#"fill="{colour}" fill-opacity="{opacity}" stroke="none""#),
            );
        }
    }
    if flat_inside && pts.len() == 2 {
        svg.line(
            page(pts[0]),
            page(pts[1]),
            &format!(r#"stroke="{INSIDE_FILL}" stroke-width="9""#),
        );
    }
    volume_faces(svg, true);
    simplex_edges(svg, &pts, solid.then_some(faces.as_slice()), &view, &page);
    // The kept feature.
    if kind == RegionKind::Search {
        let k: Vec<P2> = kept.iter().map(|&i| page(pts[i])).collect();
        match k.len() {
            1 => svg.circle(
                k[0],
                6.0,
                &format!(r#"fill="none" stroke="{}" stroke-width="3""#, style::KEPT),
            ),
            2 => svg.line(
                k[0],
                k[1],
                &format!(r#"stroke="{}" stroke-width="4""#, style::KEPT),
            ),
            _ => svg.polygon(
                &k,
                &format!(
                    r#"fill="none" stroke="{}" stroke-width="4" stroke-linejoin="round""#,
                    style::KEPT
                ),
            ),
        }
    }
    vertices(svg, &pts, solid.then_some(faces.as_slice()), &view, &page);
    // The region's label, asked of the classifier inside the region.
    let sample = match (inside, kind) {
        (Some(c), _) => Some(c),
        (None, RegionKind::Contains) => Some(mean3(&pts)),
        _ => None,
    };
    if let Some(c) = sample {
        if let Some(r) = region_at(points, &c) {
            let weight = if r == decision.region {
                r#" font-weight="bold""#
            } else {
                ""
            };
            // Beside the origin's own label when they would meet.
            let p = page(c);
            let o = page([0.0; 3]);
            let gap = [p[0] - o[0], p[1] - o[1]];
            let offset = if gap[0] * gap[0] + gap[1] * gap[1] < 24.0 * 24.0 {
                [8.0, -10.0]
            } else {
                [-10.0, 4.0]
            };
            svg.text(
                add(p, offset),
                short_label(r),
                &format!(r##"fill="#333333"{weight}"##),
            );
        }
    }
    // The origin, the closest point and the next direction.
    let origin = page([0.0; 3]);
    if let (Some(vp), Some(d)) = (v, &decision.direction) {
        svg.line(
            origin,
            page(vp),
            &format!(
                r#"stroke="{}" stroke-width="1.2" stroke-dasharray="2,3""#,
                style::KEPT
            ),
        );
        svg.closest(page(vp));
        let dp = view.project(f3(d));
        if let Some(u) = page_direction(dp) {
            svg.direction(page(vp), u, style::KEPT, "kept", "d");
        }
    }
    svg.origin(origin);
    if kind == RegionKind::Degenerate {
        svg.degenerate_note(rect.x + 10.0, rect.y + rect.h - 12.0);
    } else {
        axes(svg, &view, [rect.x + 26.0, rect.y + rect.h - 26.0]);
    }
    let [ex, ey, ez] = view.eye;
    svg.text(
        [rect.x + rect.w - 132.0, rect.y + 16.0],
        &format!("view from ({ex}, {ey}, {ez})"),
        r##"fill="#777777" font-size="11""##,
    );
    svg.end_group();
    Ok(())
}

/// Whether a face with outward normal `n` turns towards the viewer (the
/// depth of a vector is its component towards the viewer).
fn facing(view: &View, n: P3) -> bool {
    view.depth(n) >= 0.0
}

/// Whether every face of `solid` (a tetrahedron's faces) that `touches`
/// turns away from the viewer: what is there is hidden. Nothing is hidden
/// without a solid.
fn hidden(
    solid: Option<&[([P3; 3], P3)]>,
    view: &View,
    touches: impl Fn(&[P3; 3]) -> bool,
) -> bool {
    solid.is_some_and(|faces| {
        faces
            .iter()
            .filter(|(t, _)| touches(t))
            .all(|(_, n)| !facing(view, *n))
    })
}

/// The simplex's edges: dashed when both faces of the tetrahedron beside
/// them turn away from the viewer.
fn simplex_edges(
    svg: &mut Svg,
    pts: &[P3],
    solid: Option<&[([P3; 3], P3)]>,
    view: &View,
    page: &dyn Fn(P3) -> P2,
) {
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let hidden = hidden(solid, view, |t| t.contains(&pts[i]) && t.contains(&pts[j]));
            let attrs = if hidden {
                r##"stroke="#777777" stroke-width="1.3" stroke-dasharray="5,4""##.to_string()
            } else {
                format!(
                    r#"stroke="{}" stroke-width="2" stroke-linecap="round""#,
                    style::SIMPLEX
                )
            };
            svg.line(page(pts[i]), page(pts[j]), &attrs);
        }
    }
}

/// The vertices, lettered newest first; a vertex of the tetrahedron none
/// of whose faces turns towards the viewer is hidden, drawn hollow.
fn vertices(
    svg: &mut Svg,
    pts: &[P3],
    solid: Option<&[([P3; 3], P3)]>,
    view: &View,
    page: &dyn Fn(P3) -> P2,
) {
    let on_page: Vec<P2> = pts.iter().map(|&p| page(p)).collect();
    for (i, &p) in pts.iter().enumerate() {
        let attrs = if hidden(solid, view, |t| t.contains(&p)) {
            format!(
                r#"fill="white" stroke="{}" stroke-width="1.5" class="vertex hidden""#,
                style::SIMPLEX
            )
        } else {
            format!(r#"fill="{}" class="vertex""#, style::SIMPLEX)
        };
        svg.circle(on_page[i], 3.5, &attrs);
    }
    svg.letters(&on_page);
}

/// The axes `x`, `y`, `z` as short arrows from `at`, as the view shows them.
fn axes(svg: &mut Svg, view: &View, at: P2) {
    for (k, name) in ["x", "y", "z"].iter().enumerate() {
        let mut e = [0.0; 3];
        e[k] = 1.0;
        let [x, y] = view.project(e);
        let tip = add(at, scale([x, -y], 16.0));
        svg.line(at, tip, r##"stroke="#999999" stroke-width="1""##);
        let label_at = add(at, scale([x, -y], 22.0));
        svg.text(
            add(label_at, [-3.0, 4.0]),
            name,
            r##"fill="#999999" font-size="10""##,
        );
    }
}
