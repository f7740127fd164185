//! Every core for `gjk query` and `gjk check`, output in input order, and
//! `--shard K/N` to split a corpus across machines.
//!
//! The driver is one function, [`ordered_map`]: worker threads take the
//! next item of the input (in turn, under a lock, so the input is read once
//! and in order), compute its answer, and send it back tagged with its
//! index; the calling thread keeps a reorder buffer and hands the answers to
//! the sink strictly in input order. The output is byte for byte the output
//! of one thread (`--jobs 1`), whatever the number of workers
//! (`tests/cli.rs`). A worker does not run ahead of the sink by more than
//! [`WINDOW`] items per worker, so memory stays bounded when one item is
//! slow.
//!
//! **Sharding.** `--shard K/N` keeps the items whose 0-based index `i` in
//! the input (every case line, malformed ones included, blank and comment
//! lines not counted) has `i mod N = K − 1`: round robin, so each shard gets
//! every family of a generated file. The `N` outputs of `--shard 1/N` …
//! `--shard N/N`, interleaved line by line, are the output without
//! `--shard` (`gjk check` writes one summary per shard).

use std::collections::BTreeMap;
use std::io;
use std::num::NonZeroUsize;
use std::str::FromStr;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// How many items a worker may take beyond the last one written, per
/// worker: the reorder buffer holds at most `WINDOW · jobs` answers.
pub const WINDOW: usize = 64;

/// `--shard K/N`: this machine's share of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// `K`, 1-based.
    pub index: usize,
    /// `N`.
    pub count: usize,
}

impl Shard {
    /// The whole input.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// `true` if the item with 0-based index `i` belongs to this shard.
    pub fn keeps(&self, i: usize) -> bool {
        i % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard takes K/N with 1 <= K <= N, got {s:?}");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// The options shared by `gjk query` and `gjk check`.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct ParallelArgs {
    /// Worker threads (default: every core).
    #[arg(long)]
    pub jobs: Option<NonZeroUsize>,
    /// Only the cases `i` (0-based, in file order) with `i mod N = K − 1`.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
}

impl ParallelArgs {
    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }
}

/// The next item to hand out, and how far the sink got.
struct Feed<I> {
    input: I,
    /// Index of the next item of `input` (before sharding).
    next: usize,
    /// Items handed to the sink so far (after sharding).
    written: usize,
    /// Items taken by workers so far (after sharding).
    taken: usize,
    done: bool,
}

/// Maps `f` over the items of `input` that `shard` keeps, on `threads`
/// worker threads, and calls `sink` with each answer in input order. Stops
/// at the sink's first error (the workers then stop taking items).
pub fn ordered_map<I, T, R>(
    input: I,
    shard: Shard,
    threads: usize,
    f: impl Fn(T) -> R + Sync,
    mut sink: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
{
    let threads = threads.max(1);
    let window = WINDOW * threads;
    let feed = Mutex::new(Feed {
        input,
        next: 0,
        written: 0,
        taken: 0,
        done: false,
    });
    let moved = Condvar::new();
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    // One item of the shard, with its place in the output; `None` at the
    // end (or after a sink error).
    let take = || -> Option<(usize, T)> {
        let mut feed = feed.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if feed.done {
                return None;
            }
            if feed.taken < feed.written + window {
                break;
            }
            feed = moved.wait(feed).unwrap_or_else(|e| e.into_inner());
        }
        loop {
            let i = feed.next;
            let Some(item) = feed.input.next() else {
                feed.done = true;
                moved.notify_all();
                return None;
            };
            feed.next += 1;
            if shard.keeps(i) {
                let place = feed.taken;
                feed.taken += 1;
                return Some((place, item));
            }
        }
    };
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (take, f) = (&take, &f);
            s.spawn(move || {
                while let Some((place, item)) = take() {
                    if tx.send((place, f(item))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        let mut result = Ok(());
        for (place, answer) in rx.iter() {
            pending.insert(place, answer);
            while let Some(answer) = pending.remove(&next) {
                next += 1;
                if result.is_ok() {
                    result = sink(answer);
                }
                let mut feed = feed.lock().unwrap_or_else(|e| e.into_inner());
                feed.written = next;
                if result.is_err() {
                    feed.done = true;
                }
                moved.notify_all();
            }
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_in_input_order_for_any_number_of_threads() {
        for threads in [1, 2, 3, 8] {
            let mut out = Vec::new();
            // Uneven work: later items finish first on several threads.
            ordered_map(
                0..500u64,
                Shard::ALL,
                threads,
                |i| {
                    if i % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_micros(200));
                    }
                    i * i
                },
                |x| {
                    out.push(x);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(out, (0..500u64).map(|i| i * i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn shards_partition_the_input_round_robin() {
        let mut all = Vec::new();
        for k in 1..=3 {
            let shard: Shard = format!("{k}/3").parse().unwrap();
            ordered_map(
                0..10usize,
                shard,
                2,
                |i| i,
                |i| {
                    all.push(i);
                    Ok(())
                },
            )
            .unwrap();
        }
        assert_eq!(all, vec![0, 3, 6, 9, 1, 4, 7, 2, 5, 8]);
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_sink_error_stops_the_run() {
        let mut seen = 0;
        let r = ordered_map(
            0..100_000usize,
            Shard::ALL,
            4,
            |i| i,
            |_| {
                seen += 1;
                if seen == 10 {
                    Err(io::Error::new(io::ErrorKind::BrokenPipe, "gone"))
                } else {
                    Ok(())
                }
            },
        );
        assert!(r.is_err());
        assert_eq!(seen, 10);
    }
}
