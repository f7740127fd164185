//! The C++ runners (`src/cpp/`, built by `build.rs`): which library, its
//! settings, and running a batch of cases through it (the protocol is in
//! `src/cpp/runner.hpp`).

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

use num_rational::BigRational;
use num_traits::ToPrimitive;

/// A library under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lib {
    /// libccd 2.1.
    Ccd,
    /// FCL 0.7.
    Fcl,
    /// Bullet 3.24 (double precision).
    Bullet,
    /// CGAL 5.5's `Polytope_distance_d`, exact rational kernel.
    Cgal,
}

impl Lib {
    /// Every library, in report order.
    pub const ALL: [Lib; 4] = [Lib::Ccd, Lib::Fcl, Lib::Bullet, Lib::Cgal];

    /// The name on the command line (`--lib`).
    pub fn name(self) -> &'static str {
        match self {
            Lib::Ccd => "ccd",
            Lib::Fcl => "fcl",
            Lib::Bullet => "bullet",
            Lib::Cgal => "cgal",
        }
    }

    /// The library and version, for reports.
    pub fn title(self) -> &'static str {
        match self {
            Lib::Ccd => "libccd 2.1 (Debian libccd-dev)",
            Lib::Fcl => "FCL 0.7 (Debian libfcl-dev)",
            Lib::Bullet => "Bullet 3.24 (Debian libbullet-dev, bullet-float64)",
            Lib::Cgal => "CGAL 5.5 Polytope_distance_d (Debian libcgal-dev), Cartesian_d<Gmpq>",
        }
    }

    /// The library named `name`.
    pub fn from_name(name: &str) -> Option<Lib> {
        Lib::ALL.into_iter().find(|l| l.name() == name)
    }

    /// `true` for the 3D-only libraries (every one but CGAL).
    pub fn three_d_only(self) -> bool {
        self != Lib::Cgal
    }

    fn binary(self) -> std::path::PathBuf {
        std::path::Path::new(env!("PEERS_BIN_DIR")).join(format!("peer-{}", self.name()))
    }
}

/// A setting of a library: its name, the `expect` fields it answers, and
/// what it runs with (its defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The name (`ccdGJKIntersect`, `collide/GST_INDEP`, …).
    pub name: String,
    /// The `expect` fields it answers.
    pub fields: Vec<String>,
    /// Its settings, in words, from the runner itself.
    pub description: String,
}

/// The settings of `lib`, from its runner (`--describe`).
pub fn settings(lib: Lib) -> Result<Vec<Setting>, String> {
    let out = Command::new(lib.binary())
        .arg("--describe")
        .output()
        .map_err(|e| format!("{}: {e}", lib.binary().display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text
        .lines()
        .filter_map(|l| l.strip_prefix("S "))
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let name = parts.next().unwrap_or_default().to_string();
            let fields = parts
                .next()
                .unwrap_or_default()
                .split(',')
                .map(str::to_string)
                .collect();
            let description = parts.next().unwrap_or_default().to_string();
            Setting {
                name,
                fields,
                description,
            }
        })
        .collect())
}

/// A case as a runner takes it: doubles, in the library's dimension.
#[derive(Clone, Debug, PartialEq)]
pub struct PeerCase {
    /// The dimension sent (3 for the 3D libraries).
    pub dim: usize,
    /// `A`'s points.
    pub a: Vec<Vec<f64>>,
    /// `B`'s points.
    pub b: Vec<Vec<f64>>,
}

/// `x` as a double when it is exactly one.
pub fn exact_double(x: &BigRational) -> Option<f64> {
    let f = x.to_f64()?;
    (f.is_finite() && BigRational::from_float(f).as_ref() == Some(x)).then_some(f)
}

/// The case as `lib` takes it, or why it cannot: another dimension than 3
/// (2D is embedded at z = 0) for the 3D libraries, or a coordinate that is
/// not exactly a double.
pub fn convert(
    lib: Lib,
    a: &[Vec<BigRational>],
    b: &[Vec<BigRational>],
) -> Result<PeerCase, String> {
    let dim = a.first().or(b.first()).map_or(0, Vec::len);
    let target = match (lib.three_d_only(), dim) {
        (true, 2 | 3) => 3,
        (true, d) => {
            return Err(format!(
                "dimension {d}: {} takes 3D shapes (2D embedded at z = 0)",
                lib.name()
            ))
        }
        (false, d) if d >= 2 => d,
        (false, d) => {
            return Err(format!(
                "dimension {d}: Polytope_distance_d needs 2 or more"
            ))
        }
    };
    let rows = |set: &[Vec<BigRational>]| -> Result<Vec<Vec<f64>>, String> {
        set.iter()
            .map(|p| {
                let mut row = p
                    .iter()
                    .map(|x| {
                        exact_double(x).ok_or_else(|| {
                            format!("the coordinate {x} is not a double: the library reads doubles")
                        })
                    })
                    .collect::<Result<Vec<f64>, String>>()?;
                row.resize(target, 0.0);
                Ok(row)
            })
            .collect()
    };
    Ok(PeerCase {
        dim: target,
        a: rows(a)?,
        b: rows(b)?,
    })
}

/// One setting's answer on one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Its answers: `intersects`, `touching`, `distance` (or the exact
    /// `distance_squared` text, CGAL), `penetration_depth`.
    Ok {
        /// `intersects`.
        intersects: Option<bool>,
        /// `touching`.
        touching: Option<bool>,
        /// `distance`: a number, or an exact `p/q` (CGAL's squared distance).
        distance: Option<String>,
        /// `penetration_depth`.
        depth: Option<f64>,
    },
    /// No answer: `crashed`, `timeout` or `error`, and the message.
    Fail {
        /// `crashed`, `timeout` or `error`.
        kind: String,
        /// What happened.
        message: String,
    },
}

/// Every case's replies, by setting (in [`settings`] order).
pub type Replies = Vec<Vec<(String, Reply)>>;

/// Runs `cases` through `lib`'s runner, in `jobs` runner processes at once
/// (each case's settings in child processes, `timeout` seconds each); the
/// answers by case, then by setting (in [`settings`] order).
pub fn run(lib: Lib, cases: &[PeerCase], jobs: usize, timeout: u32) -> Result<Replies, String> {
    run_only(lib, None, cases, jobs, timeout)
}

/// [`run`] with one setting only (`Some(name)`), or all of them.
pub fn run_only(
    lib: Lib,
    only: Option<&str>,
    cases: &[PeerCase],
    jobs: usize,
    timeout: u32,
) -> Result<Replies, String> {
    if cases.is_empty() {
        return Ok(Vec::new());
    }
    let chunk = cases.len().div_ceil(jobs.max(1));
    let parts: Vec<Result<Replies, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .map(|part| s.spawn(move || run_one(lib, only, part, timeout)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a runner thread panicked".into()))
            })
            .collect()
    });
    let mut all = Vec::with_capacity(cases.len());
    for p in parts {
        all.extend(p?);
    }
    Ok(all)
}

fn run_one(
    lib: Lib,
    only: Option<&str>,
    cases: &[PeerCase],
    timeout: u32,
) -> Result<Vec<Vec<(String, Reply)>>, String> {
    let mut input = String::new();
    for c in cases {
        let _ = writeln!(input, "case {} {} {}", c.dim, c.a.len(), c.b.len());
        for p in c.a.iter().chain(&c.b) {
            let row: Vec<String> = p.iter().map(|x| format!("{x:e}")).collect();
            let _ = writeln!(input, "{}", row.join(" "));
        }
    }
    let mut child = Command::new(lib.binary())
        .args(["--timeout", &timeout.to_string()])
        .args(only.map(|o| ["--only", o]).into_iter().flatten())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", lib.binary().display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut answers: Replies = vec![Vec::new(); cases.len()];
    for line in text.lines() {
        let mut w = line.splitn(5, ' ');
        let (Some("R"), Some(i), Some(setting), Some(status), rest) =
            (w.next(), w.next(), w.next(), w.next(), w.next())
        else {
            continue;
        };
        let i: usize = i.parse().map_err(|_| format!("bad runner line {line:?}"))?;
        let rest = rest.unwrap_or_default();
        let reply = if status == "ok" {
            let f: Vec<&str> = rest.split(' ').collect();
            let get = |k: usize| f.get(k).copied().filter(|s| *s != "-");
            Reply::Ok {
                intersects: get(0).map(|s| s == "1"),
                touching: get(1).map(|s| s == "1"),
                distance: get(2).map(str::to_string),
                depth: get(3).and_then(|s| s.parse().ok()),
            }
        } else {
            let (kind, message) = rest.split_once(' ').unwrap_or((rest, ""));
            Reply::Fail {
                kind: kind.to_string(),
                message: message.to_string(),
            }
        };
        answers
            .get_mut(i)
            .ok_or_else(|| format!("runner line for case {i} of {}", cases.len()))?
            .push((setting.to_string(), reply));
    }
    if answers.iter().any(Vec::is_empty) {
        return Err(format!(
            "the {} runner stopped early (status {:?})",
            lib.name(),
            out.status
        ));
    }
    Ok(answers)
}
