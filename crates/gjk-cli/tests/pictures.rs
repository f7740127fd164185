//! The pictures: `spec/pictures/` is what the code draws today, one
//! picture per spec row (2D and 3D), and every SVG the crate writes is
//! well-formed XML with one panel per step or case.
//!
//! To redraw the spec pictures after a change:
//! `cargo run -p gjk-cli --example spec_pictures`.

// The helpers shared with the library's tests.
use crate::common;
use crate::spec_cases;
use crate::xml;

use gjk::boolean::Options;
use gjk::region::{Region, RegionKind};
use gjk::scalar::integer;
use gjk::shape::ConvexHull;
use gjk::trace::trace;
use gjk::{Rational, Vector};
use gjk_cli::picture::{region_svg, short_label, trace_svg, RegionCase};

/// How to redraw the pictures, for failure messages.
const REDRAW: &str = "run `cargo run -p gjk-cli --example spec_pictures` and commit spec/pictures/";

/// The cases of one spec row.
fn cases_of(id: &str) -> Vec<RegionCase> {
    let (_, cases) = spec_cases::rows_and_cases();
    cases
        .into_iter()
        .filter(|(r, _)| r == id)
        .map(|(_, c)| c)
        .collect()
}

/// Every row of `spec/regions.toml` has a picture in `spec/pictures/`,
/// equal byte for byte to what `spec_pictures` draws from the row's cases
/// today; no other file is there. Each picture has one panel per case,
/// each panel a label in bold naming the case's region (computed by the
/// classifier inside the region) and the simplex's vertices; a 3D panel
/// names its view.
#[test]
fn spec_pictures_are_up_to_date() {
    let dir = spec_cases::pictures_dir();
    let (rows, cases) = spec_cases::rows_and_cases();
    let pictures = spec_cases::draw().unwrap_or_else(|e| panic!("{e}; {REDRAW}"));
    assert_eq!(pictures.len(), rows.len(), "one picture per row");
    let mut stale = Vec::new();
    for ((file, svg), id) in pictures.iter().zip(&rows) {
        assert_eq!(file, &format!("{id}.svg"));
        let mine: Vec<&RegionCase> = cases
            .iter()
            .filter(|(r, _)| r == id)
            .map(|(_, c)| c)
            .collect();
        let names = xml::check(svg).unwrap_or_else(|e| panic!("{id}: not well-formed: {e}"));
        assert_eq!(names[0], "svg", "{id}");
        assert_eq!(
            svg.matches(r#"class="panel "#).count(),
            mine.len(),
            "{id}: one panel per case"
        );
        let region = Region::from_spec_id(id).unwrap();
        if region.kind() != RegionKind::Degenerate {
            let bold = format!(r#"font-weight="bold">{}</text>"#, short_label(region));
            assert_eq!(svg.matches(&bold).count(), mine.len(), "{id}: {bold}");
        }
        if mine[0].simplex[0].len() == 3 {
            assert_eq!(svg.matches(">view from (").count(), mine.len(), "{id}");
            let vertices: usize = mine.iter().map(|c| c.simplex.len()).sum();
            assert_eq!(svg.matches(r#" class="vertex"#).count(), vertices, "{id}");
        }
        if std::fs::read_to_string(dir.join(file)).ok().as_deref() != Some(svg.as_str()) {
            stale.push(file.clone());
        }
    }
    let present: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    let missing: Vec<&String> = pictures
        .iter()
        .map(|(f, _)| f)
        .filter(|f| !present.contains(f))
        .collect();
    let extra: Vec<&String> = present
        .iter()
        .filter(|f| !pictures.iter().any(|(p, _)| p == *f))
        .collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "spec/pictures/ is out of date: {missing:?} are missing, {stale:?} differ from what the \
         code draws, {extra:?} belong to no row; {REDRAW}"
    );
}

/// Every region has a row and so a picture: the 16 of the point and 2D
/// regions and the 31 of the 3D ones.
#[test]
fn every_region_has_a_picture() {
    let (rows, _) = spec_cases::rows_and_cases();
    let ids: Vec<&str> = Region::all().map(Region::spec_id).collect();
    for id in &ids {
        assert!(
            rows.iter().any(|r| r == id),
            "{id} has no row, so no picture"
        );
    }
    assert_eq!(ids.iter().filter(|id| id.starts_with("3D-")).count(), 31);
    assert_eq!(ids.len(), 47);
}

/// `spec/README.md` shows every row's picture on the row's own line.
#[test]
fn the_spec_readme_links_every_picture() {
    let readme = std::fs::read_to_string(common::root().join("spec/README.md")).unwrap();
    let (rows, _) = spec_cases::rows_and_cases();
    for id in rows {
        let row = format!("| `{id}` |");
        let line = readme
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("spec/README.md has no table row for {id}"));
        let link = format!("(pictures/{id}.svg)");
        assert!(
            line.contains(&link),
            "spec/README.md's row {id} does not link {link}"
        );
    }
}

/// The region picture shows what the classifier decides: its text names the
/// case's region, and a boundary case says so; a case of the wrong
/// dimension is refused.
#[test]
fn region_pictures_name_the_classifiers_decision() {
    for (id, decision) in [
        ("2D-TRI-R4", "classifier: 2D-TRI-R4, keep AB"),
        ("3D-TET-ABC", "classifier: 3D-TET-ABC, keep A"),
        ("3D-TRI-BELOW", "classifier: 3D-TRI-BELOW, keep ACB"),
    ] {
        let list = cases_of(id);
        let svg = region_svg(Region::from_spec_id(id).unwrap(), &list).unwrap();
        assert!(svg.contains(decision), "{id}: {decision}");
        assert_eq!(
            svg.matches("boundary case: a sign test is exactly 0")
                .count(),
            list.iter().filter(|c| c.boundary).count(),
            "{id}"
        );
    }
    let plane = cases_of("2D-TRI-R4");
    assert!(region_svg(Region::from_spec_id("3D-TET-IN").unwrap(), &plane).is_err());
    assert!(region_svg(Region::from_spec_id("3D-TET-IN").unwrap(), &[]).is_err());
}

fn q(x: i64, y: i64) -> Vector<Rational, 2> {
    Vector::<Rational, 2>::new(integer(x), integer(y))
}

/// A trace picture is well-formed, has one panel per step, and each panel's
/// title names the step's region.
#[test]
fn trace_pictures_have_one_panel_per_step() {
    let a = vec![q(0, 0), q(4, 0), q(0, 4)];
    let b = vec![q(1, 1), q(5, 5), q(1, 6)];
    let ha = ConvexHull::new(a.clone()).unwrap();
    let hb = ConvexHull::new(b.clone()).unwrap();
    let t = trace(&ha, &hb, &Options::default()).unwrap();
    let svg = trace_svg(&t, &a, &b, "test <&> case").unwrap();
    xml::check(&svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{svg}"));
    assert!(svg.contains("test &lt;&amp;&gt; case"));
    assert_eq!(svg.matches(r#"class="panel "#).count(), t.steps.len());
    for s in &t.steps {
        let title = format!(
            "<title>step {}: {}</title>",
            s.step.iteration,
            s.step.region.unwrap().spec_id()
        );
        assert!(svg.contains(&title), "{title}");
    }
    // 3D: the same, in projection; other dimensions are refused.
    let q3 =
        |x: i64, y: i64, z: i64| Vector::<Rational, 3>::new(integer(x), integer(y), integer(z));
    let a3 = vec![q3(0, 0, 0), q3(2, 0, 0), q3(0, 2, 0), q3(0, 0, 2)];
    let b3 = vec![q3(3, 3, 3), q3(1, 1, 3)];
    let t3 = trace(
        &ConvexHull::new(a3.clone()).unwrap(),
        &ConvexHull::new(b3.clone()).unwrap(),
        &Options::default(),
    )
    .unwrap();
    let svg3 = trace_svg(&t3, &a3, &b3, "3d").unwrap();
    xml::check(&svg3).unwrap();
    assert_eq!(svg3.matches(r#"class="panel "#).count(), t3.steps.len());
    assert!(svg3.contains("orthographic view"));
}

#[test]
fn the_xml_checker_rejects_what_it_should() {
    assert!(xml::check(r#"<svg a="1"><g><rect/></g></svg>"#).is_ok());
    for bad in [
        "<svg><g></svg>",
        "<svg a=1/>",
        r#"<svg a="1" a="2"/>"#,
        "<svg>a & b</svg>",
        "<svg/><svg/>",
        "<svg>x < y</svg>",
        "<svg>&nbsp;</svg>",
        "<svg><text>",
    ] {
        assert!(xml::check(bad).is_err(), "{bad}");
    }
}
