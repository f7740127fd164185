//! A small SVG writer: just the elements the pictures use, with every
//! number written to two decimals (so the output is the same text on every
//! platform) and every text escaped.

use std::fmt::Write;

use super::geometry::{add, scale, Rect, P2};
use gjk::trace::letter;

/// The length of a direction arrow, in pixels (directions are drawn at a
/// fixed length: only their direction matters to the loop).
pub(crate) const ARROW: f64 = 46.0;

/// Colours and strokes, shared by both kinds of picture.
pub(crate) mod style {
    /// Shape `A`.
    pub const A: &str = "#1f77b4";
    /// Shape `B`.
    pub const B: &str = "#ff7f0e";
    /// `A − B`.
    pub const DIFF: &str = "#7f7f7f";
    /// The simplex.
    pub const SIMPLEX: &str = "#222222";
    /// The kept feature and the next direction.
    pub const KEPT: &str = "#2ca02c";
    /// The search direction.
    pub const DIR: &str = "#d62728";
    /// The new support point.
    pub const W: &str = "#9467bd";
}

/// A number for SVG: two decimals, without trailing zeros, never `-0`.
pub(crate) fn num(x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Text with `&`, `<`, `>`, `"` and `'` escaped.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0 text.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// `s` cut to `max` characters, with `…` when cut (exact values can be long).
pub(crate) fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let head: String = s.chars().take(max.saturating_sub(1)).collect();
        format!("{head}…")
    }
}

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
    clip_ids: usize,
}

impl Svg {
    /// A document of `width × height` pixels on a white background, with
    /// arrow heads for the two direction colours.
    pub(crate) fn new(width: f64, height: f64) -> Svg {
        let mut out = String::new();
        let (w, h) = (num(width), num(height));
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12">"#
        );
        out.push_str("<defs>\n");
        for (id, colour) in [("arrow-dir", style::DIR), ("arrow-kept", style::KEPT)] {
            let _ = writeln!(
                out,
                r#"<marker id="{id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>"#
            );
        }
        out.push_str("</defs>\n");
        let _ = writeln!(
            out,
            r##"<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>"##
        );
        Svg { out, clip_ids: 0 }
    }

    fn points(pts: &[P2]) -> String {
        pts.iter()
            .map(|p| format!("{},{}", num(p[0]), num(p[1])))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A closed polygon; `attrs` are its presentation attributes.
    pub(crate) fn polygon(&mut self, pts: &[P2], attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<polygon points="{}" {attrs}/>"#,
            Self::points(pts)
        );
    }

    /// An open polyline.
    pub(crate) fn polyline(&mut self, pts: &[P2], attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<polyline points="{}" fill="none" {attrs}/>"#,
            Self::points(pts)
        );
    }

    /// A line segment.
    pub(crate) fn line(&mut self, p: P2, q: P2, attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            num(p[0]),
            num(p[1]),
            num(q[0]),
            num(q[1])
        );
    }

    /// A line with an arrow head at `q`, in the colour of `marker`
    /// (`"dir"` or `"kept"`).
    pub(crate) fn arrow(&mut self, p: P2, q: P2, colour: &str, marker: &str) {
        let attrs =
            format!(r#"stroke="{colour}" stroke-width="2" marker-end="url(#arrow-{marker})""#);
        self.line(p, q, &attrs);
    }

    /// A circle.
    pub(crate) fn circle(&mut self, c: P2, r: f64, attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            num(c[0]),
            num(c[1]),
            num(r)
        );
    }

    /// A rectangle.
    pub(crate) fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    /// Text whose baseline starts at `p` (escaped here).
    pub(crate) fn text(&mut self, p: P2, s: &str, attrs: &str) {
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" {attrs}>{}</text>"#,
            num(p[0]),
            num(p[1]),
            escape(s)
        );
    }

    /// Opens a group clipped to a rectangle; close it with [`Svg::end_group`].
    pub(crate) fn begin_clip(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.clip_ids += 1;
        let id = format!("clip{}", self.clip_ids);
        let _ = writeln!(
            self.out,
            r#"<clipPath id="{id}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        );
        let _ = writeln!(self.out, r#"<g clip-path="url(#{id})">"#);
    }

    /// A panel's drawing area: the rectangle `r` filled with `fill` and
    /// outlined, and a group clipped to it (close it with
    /// [`Svg::end_group`]).
    pub(crate) fn begin_panel(&mut self, r: Rect, fill: &str) {
        self.rect(
            r.x,
            r.y,
            r.w,
            r.h,
            &format!(r##"fill="{fill}" stroke="#cccccc""##),
        );
        self.begin_clip(r.x, r.y, r.w, r.h);
    }

    /// Opens a group with a class and a title, so that a reader (or a
    /// test) can find each panel.
    pub(crate) fn begin_group(&mut self, class: &str, title: &str) {
        let _ = writeln!(
            self.out,
            r#"<g class="{}"><title>{}</title>"#,
            escape(class),
            escape(title)
        );
    }

    /// Closes the innermost open group.
    pub(crate) fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The origin: a cross and the letter `O`.
    pub(crate) fn origin(&mut self, p: P2) {
        let attrs = r#"stroke="black" stroke-width="1.5""#;
        self.line(add(p, [-6.0, 0.0]), add(p, [6.0, 0.0]), attrs);
        self.line(add(p, [0.0, -6.0]), add(p, [0.0, 6.0]), attrs);
        self.text(add(p, [-14.0, 14.0]), "O", r#"font-weight="bold""#);
    }

    /// A direction: an arrow of [`ARROW`] pixels from `from` along the page
    /// direction `u` (unit length), labelled at its tip; `marker` names the
    /// arrow head (`"dir"` or `"kept"`).
    pub(crate) fn direction(&mut self, from: P2, u: P2, colour: &str, marker: &str, label: &str) {
        let tip = add(from, scale(u, ARROW));
        self.arrow(from, tip, colour, marker);
        self.text(add(tip, [4.0, -4.0]), label, &format!(r#"fill="{colour}""#));
    }

    /// The closest point `v`: a ring and the letter `v`.
    pub(crate) fn closest(&mut self, p: P2) {
        self.circle(
            p,
            4.5,
            &format!(r#"fill="none" stroke="{}" stroke-width="2""#, style::KEPT),
        );
        self.text(
            add(p, [6.0, 14.0]),
            "v",
            &format!(r#"fill="{}""#, style::KEPT),
        );
    }

    /// The letters `A`, `B`, … beside a simplex's vertices (newest first);
    /// vertices drawn at the same place share one label (`C=D`).
    pub(crate) fn letters(&mut self, page: &[P2]) {
        for (i, p) in page.iter().enumerate() {
            if page[..i].contains(p) {
                continue;
            }
            let name: Vec<String> = (i..page.len())
                .filter(|&j| page[j] == *p)
                .map(|j| letter(j).to_string())
                .collect();
            self.text(
                add(*p, [6.0, -6.0]),
                &name.join("="),
                r#"font-weight="bold""#,
            );
        }
    }

    /// The note at the foot of a degenerate simplex's panel.
    pub(crate) fn degenerate_note(&mut self, x: f64, y: f64) {
        self.text(
            [x, y],
            "degenerate simplex: no Voronoi regions, no verdict",
            r##"fill="#555555" font-size="11""##,
        );
    }

    /// The finished document.
    pub(crate) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.346), "2.35");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(shorten("abcdef", 4), "abc…");
    }
}
