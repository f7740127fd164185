//! `gjk-peers report`: `docs/peers-report.md`. Every library and setting
//! on the corpora of [`crate::corpus`], judged against the crate's exact
//! answers as `gjk check` judges (relative tolerance [`REL`], absolute
//! [`ABS_PER_SIZE`] times the case's largest coordinate); each kind of
//! disagreement (a *failure family*: setting, field, direction, exact
//! relation) reduced to a smallest case by delta debugging over the points;
//! CGAL's exact `Polytope_distance_d` against the crate's exact distance on
//! 5,200 pairs in 2D–6D; and the libFuzzer campaign's summary
//! (`fuzz/campaign/`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use num_traits::{Signed, ToPrimitive};
use serde_json::{json, Value};

use crate::corpus::{self, Entry, Points};
use crate::exact::{self, ExactAnswers, Field};
use crate::lines;
use crate::runner::{self, convert, Lib, Reply, Setting};

/// The relative tolerance of distances and depths: `10⁻⁶`.
pub const REL: &str = "1e-6";
/// The absolute tolerance per unit of the case's size (its largest
/// `|coordinate|`): `10⁻⁹`.
pub const ABS_PER_SIZE: f64 = 1e-9;
/// Seconds per setting and case before a run counts as a timeout.
pub const TIMEOUT: u32 = 5;
/// The most runner invocations spent reducing one failure family.
const SHRINK_CALLS: usize = 24;
/// The most time spent reducing one failure family.
const SHRINK_TIME: Duration = Duration::from_secs(30);
/// CGAL's pairs per dimension (5 dimensions).
const CGAL_PER_DIM: usize = 1040;

/// `report`'s options.
pub struct Options {
    /// A small corpus (CI): about a tenth of each.
    pub quick: bool,
    /// Runner processes and exact-answer threads at once.
    pub jobs: usize,
}

/// The absolute tolerance of a case, as a decimal.
fn abs_tolerance(a: &Points, b: &Points) -> String {
    let size = a
        .iter()
        .chain(b)
        .flatten()
        .filter_map(|x| x.abs().to_f64())
        .fold(0.0, f64::max);
    format!("{:e}", size * ABS_PER_SIZE)
}

fn relation(e: &ExactAnswers) -> &'static str {
    match (e.intersects, e.touching) {
        (false, _) => "separated",
        (true, true) => "touching",
        (true, false) => "penetrating",
    }
}

/// A bare case line (no expect), for the exact answers.
fn bare_line(a: &Points, b: &Points) -> Value {
    json!({"id": "c", "a": lines::points_json(a), "b": lines::points_json(b)})
}

/// The exact answers of many cases, on `jobs` threads.
fn exact_all(cases: &[(&Points, &Points)], jobs: usize) -> Vec<Result<ExactAnswers, String>> {
    let jobs = jobs.max(1);
    let mut out: Vec<Option<Result<ExactAnswers, String>>> = vec![None; cases.len()];
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|t| {
                s.spawn(move || {
                    (t..cases.len())
                        .step_by(jobs)
                        .map(|i| {
                            let (a, b) = cases[i];
                            (
                                i,
                                exact::case_of(&bare_line(a, b)).and_then(|c| exact::answers(&c)),
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, r) in h.join().unwrap_or_default() {
                out[i] = Some(r);
            }
        }
    });
    out.into_iter()
        .map(|r| r.unwrap_or_else(|| Err("the exact thread panicked".into())))
        .collect()
}

/// The kinds of disagreement of one setting's reply on one case (empty:
/// it agrees on every field it answers).
fn kinds(
    lib: Lib,
    setting: &Setting,
    reply: &Reply,
    exact: &ExactAnswers,
    a: &Points,
    b: &Points,
) -> Result<Vec<String>, String> {
    if let Reply::Fail { kind, message } = reply {
        let message = match kind.as_str() {
            "timeout" => String::new(),
            _ => format!(": {}", message.chars().take(80).collect::<String>()),
        };
        return Ok(vec![format!("{kind}{message}")]);
    }
    let line = lines::case_line(lib, "c", None, a, b, setting, reply);
    let judged = exact::disagreements(&line, exact, REL, &abs_tolerance(a, b))?;
    let rel = relation(exact);
    Ok(judged
        .iter()
        .map(|j| {
            let theirs = j.given.as_f64();
            // A number, or a decimal string past f64 ("overflow": none).
            let exact_x = j
                .exact_approx
                .as_ref()
                .and_then(|v| v.as_f64().or_else(|| v.as_str()?.parse().ok()))
                .unwrap_or(0.0);
            match j.answer {
                Field::Intersects if j.given == json!(true) => {
                    "intersects: false positive, exact separated".to_string()
                }
                Field::Intersects => format!("intersects: false negative, exact {rel}"),
                Field::DistanceSquared => format!("distance_squared: differs, exact {rel}"),
                f => {
                    let name = f.name();
                    match theirs {
                        Some(t) if t < 0.0 => format!("{name}: negative, exact {rel}"),
                        Some(t) if t > exact_x => format!("{name}: too large, exact {rel}"),
                        Some(_) => format!("{name}: too small, exact {rel}"),
                        None => format!("{name}: no answer, exact {rel}"),
                    }
                }
            }
        })
        .collect())
}

/// What one library did on the corpus.
struct LibRun {
    settings: Vec<Setting>,
    skipped: BTreeMap<String, usize>,
    /// By setting: cases run, cases agreeing on every field.
    totals: BTreeMap<String, (usize, usize)>,
    /// By (setting, kind): the corpus entries showing it.
    families: BTreeMap<(String, String), Vec<usize>>,
}

fn run_lib(
    lib: Lib,
    entries: &[Entry],
    exact: &[Result<ExactAnswers, String>],
    jobs: usize,
) -> Result<LibRun, String> {
    let settings = runner::settings(lib)?;
    let mut skipped = BTreeMap::new();
    let mut batch = Vec::new();
    let mut index = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        if exact[i].is_err() {
            *skipped.entry("no exact answer".to_string()).or_insert(0) += 1;
            continue;
        }
        match convert(lib, &e.a, &e.b) {
            Ok(pc) => {
                batch.push(pc);
                index.push(i);
            }
            Err(why) => *skipped.entry(why).or_insert(0) += 1,
        }
    }
    let replies = runner::run(lib, &batch, jobs, TIMEOUT)?;
    let mut totals: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut families: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (k, per_setting) in replies.iter().enumerate() {
        let i = index[k];
        let ex = exact[i].as_ref().map_err(Clone::clone)?;
        for (name, reply) in per_setting {
            let Some(setting) = settings.iter().find(|s| &s.name == name) else {
                continue;
            };
            let found = kinds(lib, setting, reply, ex, &entries[i].a, &entries[i].b)?;
            let t = totals.entry(name.clone()).or_default();
            t.0 += 1;
            if found.is_empty() {
                t.1 += 1;
            }
            for kind in found {
                families.entry((name.clone(), kind)).or_default().push(i);
            }
        }
    }
    Ok(LibRun {
        settings,
        skipped,
        totals,
        families,
    })
}

/// Does `setting` still show `kind` on each candidate?
fn reproduces(
    lib: Lib,
    setting: &Setting,
    kind: &str,
    candidates: &[(Points, Points)],
    jobs: usize,
) -> Result<Vec<bool>, String> {
    let mut ok = vec![false; candidates.len()];
    let mut batch = Vec::new();
    let mut index = Vec::new();
    for (i, (a, b)) in candidates.iter().enumerate() {
        if let Ok(pc) = convert(lib, a, b) {
            batch.push(pc);
            index.push(i);
        }
    }
    let refs: Vec<(&Points, &Points)> = index
        .iter()
        .map(|&i| (&candidates[i].0, &candidates[i].1))
        .collect();
    let exact = exact_all(&refs, jobs);
    let replies = runner::run_only(lib, Some(&setting.name), &batch, jobs, TIMEOUT)?;
    for (k, per_setting) in replies.iter().enumerate() {
        let i = index[k];
        let Ok(ex) = &exact[k] else { continue };
        if let Some((_, reply)) = per_setting.iter().find(|(n, _)| *n == setting.name) {
            let (a, b) = &candidates[i];
            ok[i] = kinds(lib, setting, reply, ex, a, b)?
                .iter()
                .any(|k| k == kind);
        }
    }
    Ok(ok)
}

/// Delta debugging over the points of `A` and `B` (each keeps one point
/// at least): remove chunks (halves, then quarters, …) while the failure
/// reproduces. Returns the reduced pair and the runner invocations spent.
fn shrink(
    lib: Lib,
    setting: &Setting,
    kind: &str,
    a: &Points,
    b: &Points,
    jobs: usize,
) -> Result<(Points, Points, usize), String> {
    let (mut a, mut b) = (a.clone(), b.clone());
    let start = Instant::now();
    let mut calls = 0;
    let mut progress = true;
    while progress && calls < SHRINK_CALLS && start.elapsed() < SHRINK_TIME {
        progress = false;
        for side in 0..2 {
            let mut granularity = 2;
            loop {
                let set = if side == 0 { &a } else { &b };
                if set.len() < 2 || calls >= SHRINK_CALLS || start.elapsed() >= SHRINK_TIME {
                    break;
                }
                let n = granularity.min(set.len());
                let chunk = set.len().div_ceil(n);
                let candidates: Vec<(Points, Points)> = (0..n)
                    .map(|c| {
                        let kept: Points = set
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| i / chunk != c)
                            .map(|(_, p)| p.clone())
                            .collect();
                        if side == 0 {
                            (kept, b.clone())
                        } else {
                            (a.clone(), kept)
                        }
                    })
                    .filter(|(x, y)| !x.is_empty() && !y.is_empty())
                    .collect();
                calls += 1;
                let hits = reproduces(lib, setting, kind, &candidates, jobs)?;
                if let Some(i) = hits.iter().position(|&h| h) {
                    let (x, y) = candidates[i].clone();
                    a = x;
                    b = y;
                    progress = true;
                    granularity = (granularity - 1).max(2);
                } else if n >= set.len() {
                    break;
                } else {
                    granularity = (2 * granularity).min(set.len());
                }
            }
        }
    }
    Ok((a, b, calls))
}

/// The commit the report is generated from, and whether the tree had
/// uncommitted changes to tracked files.
fn commit() -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "HEAD"]) {
        Some(head) => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            format!(
                "`{head}`{}",
                if dirty {
                    " (with uncommitted changes to tracked files)"
                } else {
                    ""
                }
            )
        }
        None => "unknown (not a git checkout)".into(),
    }
}

fn points_total(a: &Points, b: &Points) -> usize {
    a.len() + b.len()
}

/// `gjk-peers report`: the markdown on standard output.
pub fn report(opts: &Options) -> Result<(), String> {
    let mut md = String::new();
    let command = if opts.quick {
        "cargo run --release -p gjk-peers -- report --quick"
    } else {
        "cargo run --release -p gjk-peers -- report > docs/peers-report.md"
    };
    let _ = writeln!(
        md,
        "# Peers report: libccd, FCL, Bullet and CGAL against the exact answers\n"
    );
    let _ = writeln!(
        md,
        "Generated by one command, `{command}`, at commit {}. \
         Everything below is its output (the fuzzing section quotes the campaign's files; \
         see there for its own command).\n",
        commit()
    );
    let entries = corpus::peers_corpus(opts.quick)?;
    let refs: Vec<(&Points, &Points)> = entries.iter().map(|e| (&e.a, &e.b)).collect();
    let exact = exact_all(&refs, opts.jobs);
    let mut runs = Vec::new();
    for lib in [Lib::Ccd, Lib::Fcl, Lib::Bullet] {
        runs.push((lib, run_lib(lib, &entries, &exact, opts.jobs)?));
    }
    summary_section(&mut md, &runs);
    corpus_section(&mut md, &entries, &exact);
    for (lib, run) in &runs {
        lib_section(&mut md, *lib, run, &entries, opts.jobs)?;
    }
    cgal_section(
        &mut md,
        if opts.quick { 20 } else { CGAL_PER_DIM },
        opts.jobs,
    )?;
    fuzz_section(&mut md);
    print!("{md}");
    Ok(())
}

/// Failure families by library and kind, before the details.
fn summary_section(md: &mut String, runs: &[(Lib, LibRun)]) {
    let _ = writeln!(md, "## Summary\n");
    let clean: Vec<&str> = runs
        .iter()
        .filter(|(_, r)| r.families.is_empty())
        .map(|(l, _)| l.name())
        .collect();
    let verdict = if clean.is_empty() {
        "Every library is wrong somewhere on these corpora.".to_string()
    } else {
        format!("No failure found for: {}.", clean.join(", "))
    };
    let _ = writeln!(
        md,
        "Failure families found per library (a family: one setting, one field, one direction \
         of error, one exact relation; details and a smallest case for each below), and the \
         (case, setting) runs behind them. {verdict}\n"
    );
    let _ = writeln!(
        md,
        "| library | settings | runs | runs agreeing | families | false positive | false negative | distance | depth | crashed | timeout | error |"
    );
    let _ = writeln!(
        md,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (lib, run) in runs {
        let runs: usize = run.totals.values().map(|t| t.0).sum();
        let agree: usize = run.totals.values().map(|t| t.1).sum();
        let families = |prefix: &str| {
            run.families
                .keys()
                .filter(|(_, k)| k.starts_with(prefix))
                .count()
        };
        let _ = writeln!(
            md,
            "| {} | {} | {runs} | {agree} | {} | {} | {} | {} | {} | {} | {} | {} |",
            lib.title(),
            run.settings.len(),
            run.families.len(),
            families("intersects: false positive"),
            families("intersects: false negative"),
            families("distance"),
            families("penetration_depth"),
            families("crashed"),
            families("timeout"),
            families("error"),
        );
    }
    let _ = writeln!(md);
}

fn corpus_section(md: &mut String, entries: &[Entry], exact: &[Result<ExactAnswers, String>]) {
    let _ = writeln!(md, "## The corpus\n");
    let _ = writeln!(
        md,
        "{} cases, all from the crate's generators (`gjk_gen`, the pairs of `gjk gen`) or built \
         from them in `crates/gjk-peers/src/corpus.rs`; every coordinate is exactly a double, so \
         each library receives the exact input. 2D pairs are embedded at z = 0 for the 3D \
         libraries. Exact answers: the crate's exact mode (`gjk check`'s `exact_answers`).\n",
        entries.len()
    );
    let mut groups: BTreeMap<&str, (usize, [usize; 3], usize)> = BTreeMap::new();
    for (e, x) in entries.iter().zip(exact) {
        let g = groups.entry(e.group.as_str()).or_default();
        g.0 += 1;
        match x {
            Ok(x) => {
                let k = match relation(x) {
                    "separated" => 0,
                    "touching" => 1,
                    _ => 2,
                };
                g.1[k] += 1;
            }
            Err(_) => g.2 += 1,
        }
    }
    let _ = writeln!(
        md,
        "| group | cases | separated | touching | penetrating | no exact answer |"
    );
    let _ = writeln!(md, "|---|---:|---:|---:|---:|---:|");
    for (g, (n, r, err)) in &groups {
        let _ = writeln!(md, "| {g} | {n} | {} | {} | {} | {err} |", r[0], r[1], r[2]);
    }
    let _ = writeln!(
        md,
        "\nGroups: `touching/F` — the touching families in 3D; `gap/2^-k` — a touching pair \
         whose lone contact vertex is moved off the contact plane by `2^-k·n` (`n` the integer \
         normal), exact distance `2^-k|n|`, the other coordinates integers of size up to 2^10; \
         `near/…` — `near-gap` and `near-depth` (gaps and depths down to 2^-20); \
         `degenerate/…` — flat, duplicated, identical point sets and single points; `scale/2^E` \
         — every 3D family scaled by 2^E (2^±30 ≈ 10^±9); `general/…` — general position and \
         containment; `large/…` — hulls of up to 400 integer points near a sphere of radius \
         2^20 and their point reflection through an extreme point: touching, at gaps 2^-20 and \
         1, and 2^10 deep; `2d/F` — every 2D family.\n"
    );
    let _ = writeln!(
        md,
        "**Judging.** Each setting's answers go into the case's `expect` object and are judged \
         by `gjk check`'s own code: booleans exactly; `distance` and `penetration_depth` agree \
         when `|theirs − exact| ≤ abs + rel·exact` with `rel = {REL}` and `abs = {ABS_PER_SIZE:e} × \
         (the case's largest |coordinate|)`, decided in exact arithmetic. A *failure family* is \
         a setting, a field, the direction of the error and the exact relation; each is shown \
         with its count, the groups it appears in, and a smallest case: the failing case with \
         the fewest points, reduced by delta debugging over its points (remove halves, then \
         quarters, … of A's or B's points while the same failure reproduces; at most \
         {SHRINK_CALLS} runner calls or {} s per family). The case line printed is the reduced \
         pair with the setting's answer in `expect`: paste it into `gjk check --rel {REL}` to see \
         the disagreement. A setting that crashes, times out ({TIMEOUT} s) or throws on a case \
         answers `null` there.\n",
        SHRINK_TIME.as_secs()
    );
}

fn lib_section(
    md: &mut String,
    lib: Lib,
    run: &LibRun,
    entries: &[Entry],
    jobs: usize,
) -> Result<(), String> {
    let _ = writeln!(md, "## {}\n", lib.title());
    let _ = writeln!(
        md,
        "Settings (each runner prints them: `gjk-peers run --lib {}`):\n",
        lib.name()
    );
    for s in &run.settings {
        let _ = writeln!(
            md,
            "* `{}` ({}): {}",
            s.name,
            s.fields.join(", "),
            s.description
        );
    }
    let _ = writeln!(md);
    if run.skipped.is_empty() {
        let _ = writeln!(md, "Skipped: none.\n");
    } else {
        for (why, n) in &run.skipped {
            let _ = writeln!(md, "Skipped {n} cases: {why}.");
        }
        let _ = writeln!(md);
    }
    let _ = writeln!(
        md,
        "| setting | cases | all fields agree | false positive | false negative | distance off | depth off | crashed | timeout | error |"
    );
    let _ = writeln!(md, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for s in &run.settings {
        let (n, agree) = run.totals.get(&s.name).copied().unwrap_or_default();
        let count = |prefix: &str| -> usize {
            run.families
                .iter()
                .filter(|((name, kind), _)| name == &s.name && kind.starts_with(prefix))
                .map(|(_, v)| v.len())
                .sum()
        };
        let _ = writeln!(
            md,
            "| `{}` | {n} | {agree} | {} | {} | {} | {} | {} | {} | {} |",
            s.name,
            count("intersects: false positive"),
            count("intersects: false negative"),
            count("distance"),
            count("penetration_depth"),
            count("crashed"),
            count("timeout"),
            count("error"),
        );
    }
    let _ = writeln!(md, "\n### Failure families\n");
    if run.families.is_empty() {
        let total: usize = run.totals.values().map(|t| t.0).sum();
        let _ = writeln!(md, "None found on {total} (case, setting) runs.\n");
        return Ok(());
    }
    for ((name, kind), cases) in &run.families {
        let Some(setting) = run.settings.iter().find(|s| &s.name == name) else {
            continue;
        };
        let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
        for &i in cases {
            *groups.entry(entries[i].group.as_str()).or_default() += 1;
        }
        let groups: Vec<String> = groups.iter().map(|(g, n)| format!("{g} {n}")).collect();
        let &first = cases
            .iter()
            .min_by_key(|&&i| (points_total(&entries[i].a, &entries[i].b), i))
            .unwrap_or(&cases[0]);
        let e = &entries[first];
        let (a, b, calls) = shrink(lib, setting, kind, &e.a, &e.b, jobs)?;
        // The reduced case, answered again for its line.
        let pc = convert(lib, &a, &b)?;
        let replies = runner::run_only(lib, Some(name), &[pc], 1, TIMEOUT)?;
        let reply = replies
            .first()
            .and_then(|r| r.iter().find(|(n, _)| n == name))
            .map(|(_, r)| r.clone())
            .ok_or("no reply on the reduced case")?;
        let line = lines::case_line(
            lib,
            &format!("min-{}", e.id),
            Some(&e.group),
            &a,
            &b,
            setting,
            &reply,
        );
        let _ = writeln!(
            md,
            "* **`{name}` — {kind}**: {} cases ({}). Smallest: from `{}` ({} points), reduced to {} + {} points ({calls} runner calls):\n\n  ```json\n  {line}\n  ```\n",
            cases.len(),
            groups.join(", "),
            e.id,
            points_total(&e.a, &e.b),
            a.len(),
            b.len(),
        );
    }
    Ok(())
}

/// CGAL against the crate's exact squared distance, by dimension.
fn cgal_section(md: &mut String, per_dim: usize, jobs: usize) -> Result<(), String> {
    let entries = corpus::cgal_corpus(per_dim)?;
    let refs: Vec<(&Points, &Points)> = entries.iter().map(|e| (&e.a, &e.b)).collect();
    let exact = exact_all(&refs, jobs);
    let cases: Vec<_> = entries
        .iter()
        .map(|e| convert(Lib::Cgal, &e.a, &e.b))
        .collect::<Result<_, _>>()?;
    let replies = runner::run(Lib::Cgal, &cases, jobs, 60)?;
    // by dimension: pairs, identical, different, CGAL failed, exact failed,
    // identical and separated (exact d² > 0)
    let mut rows: BTreeMap<usize, [usize; 6]> = BTreeMap::new();
    let mut differing = Vec::new();
    let mut failures = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let dim = cases[i].dim;
        let r = rows.entry(dim).or_default();
        r[0] += 1;
        let theirs = replies[i].first().map(|(_, r)| r);
        match (theirs, &exact[i]) {
            (_, Err(_)) => r[4] += 1,
            (
                Some(Reply::Ok {
                    distance: Some(d), ..
                }),
                Ok(x),
            ) => match gjk_case::parse_decimal_or_ratio(d) {
                Ok(q) if &q == exact::distance_squared(x) => {
                    r[1] += 1;
                    if !x.intersects {
                        r[5] += 1;
                    }
                }
                _ => {
                    r[2] += 1;
                    differing.push((
                        e.id.clone(),
                        d.clone(),
                        exact::distance_squared(x).to_string(),
                    ));
                }
            },
            (other, Ok(x)) => {
                r[3] += 1;
                let what = match other {
                    Some(Reply::Fail { kind, message }) => format!("{kind}: {message}"),
                    Some(Reply::Ok { .. }) => "an answer without a squared distance".into(),
                    None => "no reply".into(),
                };
                failures.push((
                    e.id.clone(),
                    e.a.len(),
                    e.b.len(),
                    what,
                    exact::distance_squared(x).to_string(),
                ));
            }
        }
    }
    let total: usize = rows.values().map(|r| r[0]).sum();
    let same: usize = rows.values().map(|r| r[1]).sum();
    let same_separated: usize = rows.values().map(|r| r[5]).sum();
    let _ = writeln!(md, "## A second exact oracle: {}\n", Lib::Cgal.title());
    let _ = writeln!(
        md,
        "CGAL's `Polytope_distance_d` with the exact rational kernel `Cartesian_d<Gmpq>` and \
         `Gmpq` as its exact and input number types (`Polytope_distance_d_traits_d<K, Gmpq, \
         Gmpq>`) gives the squared distance as an exact fraction; it is compared for equality \
         with the crate's exact squared distance (exact distance loop on rationals; `0` for \
         intersecting pairs) on every generated family in turn, {per_dim} pairs per dimension \
         from 2D to 6D (`gjk gen --family all --dim D --count {per_dim} --seed 21`). (With a \
         double or `Gmpzf` kernel CGAL's answer is not exact: it was wrong on a near-touching \
         pair.)\n"
    );
    let _ = writeln!(
        md,
        "| dimension | pairs | identical | of which separated (d² > 0) | different | CGAL failed | no exact answer |"
    );
    let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|---:|");
    for (dim, r) in &rows {
        let _ = writeln!(
            md,
            "| {dim} | {} | {} | {} | {} | {} | {} |",
            r[0], r[1], r[5], r[2], r[3], r[4]
        );
    }
    let _ = writeln!(
        md,
        "\n**{same} of {total} squared distances identical, {} different** ({same_separated} \
         of the identical ones separated pairs, d² > 0; the others intersect, d² = 0 on both \
         sides); CGAL gave no answer on {}{}\n",
        differing.len(),
        failures.len(),
        if failures.is_empty() { "." } else { ":" }
    );
    for (id, theirs, ours) in differing.iter().take(20) {
        let _ = writeln!(md, "* different: `{id}`: CGAL `{theirs}`, exact `{ours}`");
    }
    for (id, na, nb, what, ours) in failures.iter().take(20) {
        let _ = writeln!(
            md,
            "* `{id}` ({na} + {nb} points; exact d² = `{ours}`): {what}"
        );
    }
    if differing.len() > 20 || failures.len() > 20 {
        let _ = writeln!(md, "* … (the first 20 of each)");
    }
    if !differing.is_empty() || !failures.is_empty() {
        let _ = writeln!(md);
    }
    Ok(())
}

/// `gjk-peers cgal`: the CGAL section alone.
pub fn cgal_only(per_dim: usize, jobs: usize) -> Result<(), String> {
    let mut md = String::new();
    cgal_section(&mut md, per_dim, jobs)?;
    print!("{md}");
    Ok(())
}

/// The fuzzing campaign's committed summary and findings.
fn fuzz_section(md: &mut String) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/campaign");
    let _ = writeln!(md, "## In-process fuzzing of libccd (libFuzzer)\n");
    let _ = writeln!(
        md,
        "`crates/gjk-peers/fuzz/ccd_fuzz.cpp` (C++, `clang++ -fsanitize=fuzzer`) decodes each \
         input into the parameters of a generated pair (family, seed, scale 2^-30…2^30, spread, \
         extra points, gap), builds it through the C ABI (`gjk_gen_pair`), asks libccd \
         (`ccdGJKIntersect`, `ccdMPRIntersect`, `ccdGJKPenetration`, `ccdMPRPenetration`; \
         CCD_INIT defaults but max_iterations = 1000) and compares with the crate's exact \
         verdict through the C ABI (`gjk_certify`; depths against `gjk_query`'s exact EPA, \
         relative 10⁻⁶). Each kind of disagreement is counted and its first case kept. The \
         campaign is not part of the report's command (it takes ten minutes and is not \
         deterministic); its files are committed in `crates/gjk-peers/fuzz/campaign/` and \
         quoted here. Command: `crates/gjk-peers/fuzz/campaign.sh 600 crates/gjk-peers/fuzz/campaign`.\n"
    );
    match std::fs::read_to_string(dir.join("summary.txt")) {
        Ok(summary) => {
            let _ = writeln!(md, "Summary (`summary.txt`: the campaign's seconds, libFuzzer's last status line (`#N` units run), the inputs that timed out (libccd's EPA looping: kept as `timeout-*`) or crashed, then the number of executions showing each kind of disagreement, by setting / kind / exact relation / family, and `executions`, the generated pairs the harness checked; an input that libFuzzer mutates little is counted each time it runs):\n\n```text\n{}```\n", summary);
            if let Ok(findings) = std::fs::read_to_string(dir.join("findings.jsonl")) {
                let n = findings.lines().count();
                let confirmed = findings
                    .lines()
                    .filter(|l| {
                        let Ok(line) = serde_json::from_str::<Value>(l) else {
                            return false;
                        };
                        exact::case_of(&line)
                            .and_then(|c| exact::answers(&c))
                            .and_then(|x| exact::disagreements(&line, &x, REL, "0"))
                            .is_ok_and(|d| !d.is_empty())
                    })
                    .count();
                let _ = writeln!(
                    md,
                    "Each finding judged again here by `gjk check`'s code against the crate's exact \
                     mode (not the C ABI the harness used), relative tolerance {REL}: **{confirmed} \
                     of {n} confirmed** as disagreements.\n"
                );
                let _ = writeln!(md, "First case of each kind ({n}, `findings.jsonl`; paste into `gjk check`), the first 10:\n\n```json");
                for l in findings.lines().take(10) {
                    let _ = writeln!(md, "{l}");
                }
                let _ = writeln!(md, "```\n");
            }
        }
        Err(_) => {
            let _ = writeln!(md, "No campaign has been committed yet.\n");
        }
    }
}
