//! `--budget`: a bound on the time and on the work of one exact case.
//!
//! Exact arithmetic has no bound of its own: a case of 10⁶ points per shape,
//! or of 5,000-digit rationals, can run for minutes. `--budget` bounds each
//! case: `30s` or `500ms` (time), `work=N` (work), both (`30s,work=1e9`),
//! or `none`. Work counts the coordinates the support calls examine (a
//! support call on a shape of `n` points in `N` dimensions is `n·N`): it is
//! deterministic, and bounds cases with many points; time also bounds cases
//! with huge numbers. Both are checked at every support call, and every
//! 65,536 coordinates within one, so a case stops within one step of the
//! loops (whose cost is bounded by the simplex, not the shapes) past its
//! budget.
//!
//! A case past its budget gets a `{"outcome": "budget_exceeded", …}` line
//! and the file goes on. Once the budget is spent, the shapes' support
//! calls return a fixed point (no work), the running loop ends within its
//! iteration cap, and its answer is discarded.

use std::cell::Cell;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use gjk::shape::Support;
use gjk::vector::{dot, Vector};
use gjk::Which;
use gjk_case::{CaseError, FromCoord, PackedShape};

/// `gjk check`'s default budget: one minute per case.
pub const DEFAULT_CHECK_BUDGET: &str = "60s";

/// How often (in coordinates examined) a support call looks at the clock.
const CLOCK_EVERY: u64 = 1 << 16;

/// A bound on one case: time, work, both or neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The most time per case.
    pub time: Option<Duration>,
    /// The most work per case (coordinates examined by support calls).
    pub work: Option<u64>,
}

impl Budget {
    /// No bound.
    pub const NONE: Budget = Budget {
        time: None,
        work: None,
    };

    /// Whether there is any bound.
    pub fn is_bounded(&self) -> bool {
        self.time.is_some() || self.work.is_some()
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(t) = self.time {
            parts.push(if t.subsec_millis() == 0 {
                format!("{}s", t.as_secs())
            } else {
                format!("{}ms", t.as_millis())
            });
        }
        if let Some(w) = self.work {
            parts.push(format!("work={w}"));
        }
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join(","))
        }
    }
}

impl FromStr for Budget {
    type Err = String;

    /// `30s`, `500ms`, `work=1e9`, `30s,work=1e9` or `none`.
    fn from_str(s: &str) -> Result<Budget, String> {
        let usage = || {
            format!("--budget {s:?}: expected a time (30s, 500ms), work=N (such as work=1e9), both separated by a comma, or none")
        };
        let mut b = Budget::NONE;
        if s == "none" {
            return Ok(b);
        }
        for part in s.split(',') {
            if let Some(n) = part.strip_prefix("work=") {
                let w: f64 = n.parse().map_err(|_| usage())?;
                if !(w.is_finite() && w >= 1.0 && w.fract() == 0.0) || b.work.is_some() {
                    return Err(usage());
                }
                b.work = Some(w as u64);
            } else {
                let (n, unit) = if let Some(n) = part.strip_suffix("ms") {
                    (n, 1e-3)
                } else if let Some(n) = part.strip_suffix('s') {
                    (n, 1.0)
                } else {
                    return Err(usage());
                };
                let t: f64 = n.parse().map_err(|_| usage())?;
                let secs = t * unit;
                if !(secs.is_finite() && secs > 0.0 && secs < 1e9) || b.time.is_some() {
                    return Err(usage());
                }
                b.time = Some(Duration::from_secs_f64(secs));
            }
        }
        Ok(b)
    }
}

/// The spending of one case against its budget.
#[derive(Debug)]
pub struct Meter {
    budget: Budget,
    start: Instant,
    work: Cell<u64>,
    exceeded: Cell<bool>,
}

impl Meter {
    /// A meter for one case, started now.
    pub fn new(budget: Budget) -> Meter {
        Meter {
            budget,
            start: Instant::now(),
            work: Cell::new(0),
            exceeded: Cell::new(false),
        }
    }

    /// Whether the budget is spent.
    pub fn exceeded(&self) -> bool {
        self.exceeded.get()
    }

    /// The work spent so far.
    pub fn work(&self) -> u64 {
        self.work.get()
    }

    /// The budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Adds `units` of work done outside a [`MeteredHull`] (one unit per
    /// coordinate read, as there) and looks at the clock; `false` once the
    /// budget is spent.
    pub fn charge_done(&self, units: u64) -> bool {
        self.charge(units, true)
    }

    /// Adds `units` of work and looks at the clock if `clock`; `false`
    /// once the budget is spent.
    fn charge(&self, units: u64, clock: bool) -> bool {
        let work = self.work.get().saturating_add(units);
        self.work.set(work);
        let over_work = self.budget.work.is_some_and(|w| work > w);
        let over_time = clock && self.budget.time.is_some_and(|t| self.start.elapsed() > t);
        if over_work || over_time {
            self.exceeded.set(true);
        }
        !self.exceeded.get()
    }
}

/// The convex hull of a packed shape, its points decoded one at a time at
/// every support call (the case's memory stays that of its packed form),
/// with each support call charged to a [`Meter`]. Ties go to the first
/// point, as in [`gjk::shape::ConvexHull`], so the answers are the same.
pub struct MeteredHull<'a, T, const N: usize> {
    shape: &'a PackedShape,
    meter: &'a Meter,
    first: Vector<T, N>,
}

impl<'a, T: FromCoord, const N: usize> MeteredHull<'a, T, N> {
    /// The hull of `shape` (shape `which` of its case), metered by `meter`.
    ///
    /// # Errors
    ///
    /// [`CaseError::DimensionMismatch`] if `N` is not the shape's
    /// dimension, [`CaseError::OutOfRange`] for the first coordinate that
    /// is not finite in `T`.
    pub fn new(shape: &'a PackedShape, which: Which, meter: &'a Meter) -> Result<Self, CaseError> {
        if shape.dim() != N {
            return Err(CaseError::DimensionMismatch {
                expected: N,
                found: shape.dim(),
            });
        }
        shape.check_range::<T>(which)?;
        let first = shape.points::<T, N>().next().unwrap_or_else(Vector::zeros);
        Ok(MeteredHull {
            shape,
            meter,
            first,
        })
    }
}

impl<T: FromCoord, const N: usize> Support<T, N> for MeteredHull<'_, T, N> {
    fn support(&self, dir: &Vector<T, N>) -> Vector<T, N> {
        if !self.meter.charge(0, true) {
            return self.first.clone();
        }
        let mut points = self.shape.points::<T, N>();
        let Some(mut best) = points.next() else {
            return self.first.clone();
        };
        let mut best_dot = dot(&best, dir);
        let mut since_clock = 0u64;
        for p in points {
            since_clock += N as u64;
            if since_clock >= CLOCK_EVERY {
                if !self.meter.charge(since_clock, true) {
                    return self.first.clone();
                }
                since_clock = 0;
            }
            let d = dot(&p, dir);
            if d > best_dot {
                best = p;
                best_dot = d;
            }
        }
        if !self.meter.charge(since_clock + N as u64, false) {
            return self.first.clone();
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse_and_print() {
        for (text, printed) in [
            ("30s", "30s"),
            ("500ms", "500ms"),
            ("work=1e9", "work=1000000000"),
            ("2s,work=100", "2s,work=100"),
            ("none", "none"),
            ("1.5s", "1500ms"),
        ] {
            let b: Budget = text.parse().unwrap();
            assert_eq!(b.to_string(), printed, "{text}");
        }
        for bad in [
            "", "30", "-1s", "0s", "work=0", "work=1.5", "1s,2s", "infs", "work=x",
        ] {
            assert!(bad.parse::<Budget>().is_err(), "{bad}");
        }
    }
}
