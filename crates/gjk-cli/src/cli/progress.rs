//! A progress bar on standard error, for long case files.
//!
//! Drawn only when standard error is a terminal (`std::io::IsTerminal`), so
//! pipes and logs never see it; first drawn after [`REDRAW_INTERVAL`] (a
//! short file shows none), redrawn at most that often, erased at the end. With a file the bar shows the
//! share of its bytes read; with standard input (size unknown) only the
//! number of cases.

use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The shortest time between two redraws.
pub const REDRAW_INTERVAL: Duration = Duration::from_millis(100);

/// The width of the bar, in characters.
const BAR: usize = 30;

/// A reader that counts the bytes read through it.
pub struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The bar's state.
pub struct Progress {
    enabled: bool,
    total: Option<u64>,
    read: Arc<AtomicU64>,
    /// When the bar was last drawn (at first: when reading started, so a
    /// file read within [`REDRAW_INTERVAL`] never shows a bar).
    last: Instant,
    drawn: bool,
}

impl Progress {
    /// A bar for an input of `total` bytes (`None`: unknown), shown only if
    /// standard error is a terminal; and the reader to count through.
    pub fn new<R: Read>(inner: R, total: Option<u64>) -> (Progress, Counting<R>) {
        let read = Arc::new(AtomicU64::new(0));
        let progress = Progress {
            enabled: io::stderr().is_terminal(),
            total,
            read: Arc::clone(&read),
            last: Instant::now(),
            drawn: false,
        };
        (progress, Counting { inner, count: read })
    }

    /// Redraws the bar after `cases` cases, if it is time to.
    pub fn update(&mut self, cases: usize) {
        if !self.enabled || self.last.elapsed() < REDRAW_INTERVAL {
            return;
        }
        self.last = Instant::now();
        self.drawn = true;
        let line = bar_line(self.read.load(Ordering::Relaxed), self.total, cases);
        let _ = write!(io::stderr(), "\r{line}");
    }

    /// Erases the bar.
    pub fn finish(&mut self) {
        if self.drawn {
            let _ = write!(io::stderr(), "\r{:width$}\r", "", width = BAR + 40);
        }
    }
}

/// The text of the bar: `[#####-----]  50% 1200 cases`, or only the count
/// when the size is unknown.
pub fn bar_line(read: u64, total: Option<u64>, cases: usize) -> String {
    match total {
        Some(total) if total > 0 => {
            let share = (read.min(total) as f64) / (total as f64);
            let filled = ((share * BAR as f64).round() as usize).min(BAR);
            format!(
                "[{}{}] {:>3}% {cases} cases",
                "#".repeat(filled),
                "-".repeat(BAR - filled),
                (share * 100.0).floor() as u32
            )
        }
        _ => format!("{cases} cases"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_fills_with_the_bytes_read() {
        assert_eq!(
            bar_line(50, Some(100), 7),
            format!("[{}{}]  50% 7 cases", "#".repeat(15), "-".repeat(15))
        );
        assert_eq!(
            bar_line(100, Some(100), 9),
            format!("[{}] 100% 9 cases", "#".repeat(30))
        );
        assert_eq!(bar_line(10, None, 3), "3 cases");
        assert_eq!(bar_line(10, Some(0), 3), "3 cases");
    }

    #[test]
    fn the_counting_reader_counts() {
        let (p, mut r) = Progress::new(&b"hello"[..], Some(5));
        let mut s = String::new();
        r.read_to_string(&mut s).unwrap();
        assert_eq!(p.read.load(Ordering::Relaxed), 5);
    }
}
