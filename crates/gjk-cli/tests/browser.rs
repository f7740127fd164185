//! The trace page (`gjk trace --html`) in a real browser: headless
//! Chromium (Debian's `chromium`, the system's own; nothing is downloaded)
//! opens the page, steps through a trace with the page's own controls, and
//! the test reads back what each column drew from the rendered DOM (the
//! `p.drawn` attributes the drawing code writes: the region text drawn on
//! the canvas and the number of simplex vertices drawn).
//!
//! The driver is Chromium's `--headless --dump-dom`: for stepping, the test
//! appends a small script to a copy of the page that presses the arrow
//! keys and the back button and records the drawn state after each press;
//! `#step=K` in the address is checked on the page as written.
//!
//! Without a browser the tests say so and pass, except under `CI=true`,
//! where a missing browser fails them (`.ci/run` installs `chromium`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The browsers tried, in order, on `PATH`.
const BROWSERS: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome-stable",
    "google-chrome",
];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The browser, or `None` after saying why the test is skipped; under
/// `CI=true` a missing browser is a failure.
fn browser() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = BROWSERS.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        let hint = "install Debian's `chromium` (apt-get install chromium; .ci/run does)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true and no browser on PATH ({BROWSERS:?}): {hint}");
        }
        eprintln!("skipped: no browser on PATH ({BROWSERS:?}); {hint}");
    }
    found
}

/// A fresh directory under the test's temporary directory.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("browser")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `gjk trace --json --html` on one case of `examples/traces.jsonl`: the
/// page's path and the trace's steps.
fn trace_page(id: &str, dir: &Path) -> (PathBuf, Vec<Value>) {
    let page = dir.join(format!("{id}.html"));
    let out = Command::new(env!("CARGO_BIN_EXE_gjk"))
        .args(["trace", "--json", "--html"])
        .arg(&page)
        .args(["--id", id, "examples/traces.jsonl"])
        .current_dir(repo_root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    (page, json["steps"].as_array().unwrap().clone())
}

/// The DOM of `url` after Chromium ran its scripts (a fresh profile, no
/// network services; a minute at most).
fn dump_dom(browser: &Path, url: &str, profile: &Path) -> String {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", url])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!(
                "{}: no answer within a minute from {url}",
                browser.display()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn file_url(path: &Path, fragment: &str) -> String {
    let abs = std::fs::canonicalize(path).unwrap();
    format!("file://{}{fragment}", abs.display())
}

/// Text content of the DOM dump with the entities it uses decoded.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// What one column drew at one step.
#[derive(Debug, PartialEq)]
struct Drawn {
    step: usize,
    label: String,
    vertices: usize,
    kept: usize,
    first_difference: bool,
}

/// The `p.drawn` element of column `run` in a DOM dump.
fn drawn_in_dom(dom: &str, run: &str) -> Drawn {
    let start = dom
        .find(&format!(r#"data-run="{run}""#))
        .unwrap_or_else(|| panic!("no column {run} in the page"));
    let p = start + dom[start..].find(r#"<p class="drawn""#).unwrap();
    let tag = &dom[p..p + dom[p..].find('>').unwrap()];
    let attr = |name: &str| -> String {
        let key = format!(r#"{name}=""#);
        let at = tag.find(&key).unwrap_or_else(|| panic!("{run}: no {name}")) + key.len();
        unescape(&tag[at..at + tag[at..].find('"').unwrap()])
    };
    Drawn {
        step: attr("data-step").parse().unwrap(),
        label: attr("data-label"),
        vertices: attr("data-vertices").parse().unwrap(),
        kept: attr("data-kept").parse().unwrap(),
        first_difference: attr("data-first-difference") == "true",
    }
}

/// What the crate's column must draw at step `k` of a trace: the step's
/// region (or the separation), the simplex the classifier saw (or, after a
/// separation, the one before it), the kept vertices.
fn expected(steps: &[Value], k: usize) -> Drawn {
    let s = &steps[k.min(steps.len() - 1)];
    let len = |key: &str| s[key].as_array().map_or(0, Vec::len);
    let region = s["region"].as_str();
    Drawn {
        step: k.min(steps.len() - 1),
        label: region.unwrap_or("separated (w · d < 0)").to_string(),
        vertices: if len("simplex") > 0 {
            len("simplex")
        } else {
            len("kept_points")
        },
        kept: if region.is_some() {
            len("kept_points")
        } else {
            0
        },
        first_difference: false,
    }
}

/// The script appended to a copy of the page: it presses → past the end,
/// then the back button past the start, recording after each press what
/// every column drew, then drags across the first picture; the log goes
/// into `<pre id="walk">`, one line per press:
/// `how body-step run|step|label|vertices|kept|first;run|…`.
const DRIVER: &str = r#"<script>
(function () {
  const log = [];
  const record = (how) => {
    const cols = Array.from(document.querySelectorAll("p.drawn")).map((p) => [
      p.closest("section").dataset.run, p.dataset.step, p.dataset.label,
      p.dataset.vertices, p.dataset.kept, p.dataset.firstDifference].join("|"));
    log.push(how + " " + document.body.dataset.step + " " + cols.join(";"));
  };
  record("load");
  for (let i = 0; i < 8; i++) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    record("right");
  }
  for (let i = 0; i < 8; i++) {
    document.getElementById("prev").click();
    record("back");
  }
  const c = document.querySelector("canvas");
  const before = document.body.dataset.yaw + "," + document.body.dataset.pitch;
  c.dispatchEvent(new PointerEvent("pointerdown", { clientX: 100, clientY: 100, bubbles: true }));
  c.dispatchEvent(new PointerEvent("pointermove", { clientX: 160, clientY: 130, bubbles: true }));
  c.dispatchEvent(new PointerEvent("pointerup", { clientX: 160, clientY: 130, bubbles: true }));
  log.push("turned " + before + " " + document.body.dataset.yaw + "," + document.body.dataset.pitch);
  const out = document.createElement("pre");
  out.id = "walk";
  out.textContent = log.join("\n");
  document.body.append(out);
})();
</script>
"#;

/// One column of a walk line.
fn parse_column(col: &str) -> (String, Drawn) {
    let f: Vec<&str> = col.split('|').collect();
    assert_eq!(f.len(), 6, "{col}");
    let drawn = Drawn {
        step: f[1].parse().unwrap(),
        label: f[2].to_string(),
        vertices: f[3].parse().unwrap(),
        kept: f[4].parse().unwrap(),
        first_difference: f[5] == "true",
    };
    (f[0].to_string(), drawn)
}

/// The 3D trace of `examples/traces.jsonl`, stepped forwards with the →
/// key and back with the back button in Chromium: at every step the
/// crate's column draws the step's region label and as many simplex
/// vertices as the trace's JSON has (and keeps as many), the steps stop at
/// both ends, seed 000's column (`dubious`) draws its own run with its
/// first difference at step 3 and at step 4 the simplex whose origin lies
/// in `3D-TET-BC`, a region the crate's loop never reaches; dragging across
/// a picture turns the view.
#[test]
fn stepping_through_a_3d_trace_in_chromium() {
    let Some(browser) = browser() else { return };
    let dir = fresh_dir("walk");
    let (page, steps) = trace_page("vertex-edge-3d-1-2", &dir);
    let html = std::fs::read_to_string(&page).unwrap();
    let walk = dir.join("walk.html");
    std::fs::write(&walk, html.replace("</body>", &format!("{DRIVER}</body>"))).unwrap();
    let dom = dump_dom(&browser, &file_url(&walk, ""), &dir.join("profile"));
    let start = dom
        .find(r#"<pre id="walk">"#)
        .unwrap_or_else(|| panic!("the driver did not run; the page's DOM:\n{dom}"))
        + 15;
    let log = unescape(&dom[start..start + dom[start..].find("</pre>").unwrap()]);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 18, "{log}");
    // The seed's run has one step more than the crate's: the page has
    // steps 0 to 5.
    let last = 5;
    let mut position = 0usize;
    let mut seen_dubious = Vec::new();
    for line in &lines[..17] {
        let mut parts = line.splitn(3, ' ');
        let how = parts.next().unwrap();
        let body: usize = parts.next().unwrap().parse().unwrap();
        position = match how {
            "load" => 0,
            "right" => (position + 1).min(last),
            _ => position.saturating_sub(1),
        };
        assert_eq!(body, position, "{line}");
        let columns: Vec<(String, Drawn)> =
            parts.next().unwrap().split(';').map(parse_column).collect();
        let names: Vec<&str> = columns.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names[0], "gjk", "{line}");
        assert!(names.contains(&"dubious"), "{line}");
        assert_eq!(columns[0].1, expected(&steps, position), "{line}");
        let (_, dubious) = columns.iter().find(|(n, _)| n == "dubious").unwrap();
        assert_eq!(dubious.step, position, "{line}");
        assert_eq!(dubious.first_difference, position == 3, "{line}");
        seen_dubious.push((position, dubious.label.clone(), dubious.vertices));
    }
    // Seed 000 keeps face ABC at steps 3 and 4 (the crate's classifier
    // names ADB, then BC), and draws a tetrahedron each time.
    assert!(seen_dubious.contains(&(3, "3D-TET-ABC".to_string(), 4)));
    assert!(seen_dubious.contains(&(4, "3D-TET-ABC".to_string(), 4)));
    assert!(seen_dubious.contains(&(5, "3D-TET-IN".to_string(), 4)));
    assert!(seen_dubious.contains(&(0, "PT-A".to_string(), 1)));
    let turned: Vec<&str> = lines[17].split(' ').collect();
    assert_eq!(turned[0], "turned", "{log}");
    assert_ne!(
        turned[1], turned[2],
        "dragging did not turn the view: {log}"
    );
    assert!(
        dom.contains("3D-TET-ABC  ≠ crate: 3D-TET-BC"),
        "step 4's list entry"
    );
}

/// `#step=K` in the address opens the page at step `K` (a 2D trace here;
/// without it the page opens at step 0): the crate's column draws that
/// step, and seed 004's column (`eric`) is beside it at the same step (its
/// first difference, at step 3, is in `tests/cli.rs`).
#[test]
fn the_address_chooses_the_step() {
    let Some(browser) = browser() else { return };
    let dir = fresh_dir("address");
    let (page, steps) = trace_page("vertex-vertex-2d-1-14", &dir);
    let k = 2;
    let url = file_url(&page, &format!("#step={k}"));
    let dom = dump_dom(&browser, &url, &dir.join("profile"));
    assert!(dom.contains(&format!(r#"<body data-step="{k}""#)), "{dom}");
    assert_eq!(drawn_in_dom(&dom, "gjk"), expected(&steps, k));
    let eric = drawn_in_dom(&dom, "eric");
    assert_eq!((eric.step, eric.first_difference), (k, false));
    assert_eq!(eric.label, steps[k]["region"].as_str().unwrap());
}
