//! The pictures: `spec/pictures/` is what the code draws today, and every
//! SVG the crate writes is well-formed XML with one panel per step or case.
//!
//! To redraw the spec pictures after a change: `GJK_BLESS=1 cargo test --test
//! pictures`.

// The helpers shared with the library's tests.
#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "common/xml.rs"]
mod xml;

use std::collections::BTreeMap;
use std::path::PathBuf;

use gjk::gjk::Options;
use gjk::region::Region;
use gjk::scalar::integer;
use gjk::shape::ConvexHull;
use gjk::trace::trace;
use gjk::{Rational, Vector, Which};
use gjk_cli::picture::{region_svg, trace_svg, RegionCase};

fn pictures_dir() -> PathBuf {
    common::root().join("spec/pictures")
}

/// The 2D cases of `spec/regions.toml`, by region, in file order.
fn region_cases() -> BTreeMap<String, Vec<RegionCase>> {
    let mut by_region: BTreeMap<String, Vec<RegionCase>> = BTreeMap::new();
    for c in common::spec_table::table().case {
        if c.simplex.iter().all(|p| p.len() == 2) {
            by_region
                .entry(c.region.clone())
                .or_default()
                .push(RegionCase {
                    simplex: common::vectors::<2>(&c.simplex),
                    boundary: c.boundary,
                });
        }
    }
    by_region
}

/// Every 2D region (and the point regions, whose cases are 2D) has a
/// picture in `spec/pictures/`, equal to what `region_svg` draws from its
/// cases today; no other file is there. `GJK_BLESS=1` rewrites them.
#[test]
fn spec_pictures_are_up_to_date() {
    let dir = pictures_dir();
    let bless = std::env::var_os("GJK_BLESS").is_some_and(|v| v == "1");
    let cases = region_cases();
    let mut expected = Vec::new();
    let mut stale = Vec::new();
    for region in Region::all() {
        let id = region.spec_id();
        if !(id.starts_with("2D-") || id.starts_with("PT-")) {
            continue;
        }
        let list = cases
            .get(id)
            .unwrap_or_else(|| panic!("{id} has no 2D case in spec/regions.toml"));
        let svg = region_svg(region, list).unwrap_or_else(|e| panic!("{id}: {e}"));
        let names = xml::check(&svg).unwrap_or_else(|e| panic!("{id}: not well-formed: {e}"));
        assert_eq!(names[0], "svg", "{id}");
        assert_eq!(
            svg.matches(r#"class="panel "#).count(),
            list.len(),
            "{id}: one panel per case"
        );
        // In each panel the region that holds the origin is labelled, in
        // bold, with the case's region: the labels come from the classifier.
        if region.kind() != gjk::region::RegionKind::Degenerate {
            let short = id
                .strip_prefix("2D-LINE-")
                .or_else(|| id.strip_prefix("2D-TRI-"))
                .unwrap_or(id);
            let bold = format!(r#"font-weight="bold">{short}</text>"#);
            assert_eq!(svg.matches(&bold).count(), list.len(), "{id}: {bold}");
        }
        let file = format!("{id}.svg");
        let path = dir.join(&file);
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &svg).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
            stale.push(file.clone());
        }
        expected.push(file);
    }
    let present: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    let extra: Vec<&String> = present.iter().filter(|f| !expected.contains(f)).collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "spec/pictures/ is out of date: {stale:?} differ from what the code draws, {extra:?} \
         belong to no region; run `GJK_BLESS=1 cargo test --test pictures` and commit the result"
    );
}

/// `spec/README.md` links every picture.
#[test]
fn the_spec_readme_links_every_picture() {
    let readme = std::fs::read_to_string(common::root().join("spec/README.md")).unwrap();
    for region in Region::all() {
        let id = region.spec_id();
        if id.starts_with("2D-") || id.starts_with("PT-") {
            let link = format!("(pictures/{id}.svg)");
            assert!(
                readme.contains(&link),
                "spec/README.md does not link {link}"
            );
        }
    }
}

/// The region picture shows what the classifier decides: its text names the
/// case's region, and a boundary case says so.
#[test]
fn region_pictures_name_the_classifiers_decision() {
    let cases = region_cases();
    let list = &cases["2D-TRI-R4"];
    let svg = region_svg(Region::from_spec_id("2D-TRI-R4").unwrap(), list).unwrap();
    assert!(svg.contains("classifier: 2D-TRI-R4, keep AB"), "{svg}");
    assert_eq!(
        svg.matches("boundary case: a sign test is exactly 0")
            .count(),
        list.iter().filter(|c| c.boundary).count()
    );
    // A 3D region has no picture.
    assert!(region_svg(Region::from_spec_id("3D-TET-IN").unwrap(), list).is_err());
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
    let ha = ConvexHull::new(a.clone(), Which::A).unwrap();
    let hb = ConvexHull::new(b.clone(), Which::B).unwrap();
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
        &ConvexHull::new(a3.clone(), Which::A).unwrap(),
        &ConvexHull::new(b3.clone(), Which::B).unwrap(),
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
