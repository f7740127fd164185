//! Peak memory of reading and answering a case (issue 23, item 6): at most
//! 4 times the case's line plus a small constant, in every mode of
//! `gjk query` and in `gjk check`'s exact answers, and for a line that is
//! rejected for its size. Measured with a counting allocator: the bytes
//! allocated and not yet freed, at their peak, above what was allocated
//! before the line was read. (Before the packed storage, 10⁶ points per
//! shape took about 100 times the file's size.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use gjk_cli::budget::{Budget, Meter};
use gjk_cli::check::exact_answers;
use gjk_cli::cli::ScalarArg;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters only observe the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `System.alloc`, with the caller's layout.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `alloc` above with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `System.realloc`, with the caller's arguments.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Counted as if the old block were freed after the new one was
            // made (a moving reallocation holds both).
            let now = CURRENT.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The constant of the bound: the loops' simplices, EPA's polytope, the
/// answer's JSON, the reader's buffer.
const CONSTANT: usize = 64 << 10;

/// The peak bytes above the current ones while `f` runs.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed).saturating_sub(base)
}

/// A deterministic pseudo-random sequence.
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

/// One case line: `n` points of A in the cube [0, 1000]³, as short
/// integers and as doubles with a fraction (`"0.5"`-like, 9 bytes packed),
/// and a small cube B beside it (separated) or inside it (penetrating).
fn big_case(n: usize, penetrating: bool) -> String {
    let mut s = String::from(r#"{"id": "big", "a": ["#);
    let mut state = 7u64;
    for i in 0..n {
        if i > 0 {
            s.push(',');
        }
        let x = lcg(&mut state) % 1000;
        let y = lcg(&mut state) % 1000;
        let z = lcg(&mut state) % 1000;
        if i % 2 == 0 {
            s.push_str(&format!("[{x},{y},{z}]"));
        } else {
            s.push_str(&format!("[{x}.5,{y}.25,{z}.125]"));
        }
    }
    let o = if penetrating { 400 } else { 2000 };
    s.push_str(r#"], "b": ["#);
    let corners: Vec<String> = (0..8)
        .map(|k| {
            let c = |bit: usize| o + 100 * ((k >> bit) & 1);
            format!("[{},{},{}]", c(0), c(1), c(2))
        })
        .collect();
    s.push_str(&corners.join(","));
    s.push_str("]}\n");
    s
}

fn query(line: &str, scalar: ScalarArg) -> serde_json::Value {
    let mut cases = gjk_case::read_packed_cases(line.as_bytes());
    let case = cases.next().unwrap().unwrap();
    gjk_cli::query::answer(&case, scalar, 256, Budget::NONE).unwrap()
}

#[test]
fn peak_memory_is_at_most_four_times_the_line() {
    // About 220 kB of input. Exact mode on the penetrating pair runs EPA
    // over rationals on 12,000 points (half a minute in a debug build): the
    // float modes measure that path, exact mode the separated pair and
    // `gjk check`'s exact answers.
    for penetrating in [false, true] {
        let line = big_case(12_000, penetrating);
        let l = line.len();
        let limit = 4 * l + CONSTANT;
        let modes: &[(ScalarArg, &str)] = if penetrating {
            &[(ScalarArg::F64, "f64"), (ScalarArg::F32, "f32")]
        } else {
            &[
                (ScalarArg::Exact, "exact"),
                (ScalarArg::F64, "f64"),
                (ScalarArg::F32, "f32"),
            ]
        };
        for &(scalar, name) in modes {
            let mut answer = serde_json::Value::Null;
            let peak = peak_of(|| answer = query(&line, scalar));
            let expected = if penetrating {
                "penetrating"
            } else {
                "separated"
            };
            assert_eq!(answer["outcome"], expected, "{name}: {answer}");
            assert!(
                peak <= limit,
                "{name}, {expected}: peak {peak} bytes for a line of {l} bytes (limit {limit})"
            );
        }
        if penetrating {
            continue;
        }
        let peak = peak_of(|| {
            let case = gjk_case::read_packed_cases(line.as_bytes())
                .next()
                .unwrap()
                .unwrap();
            let meter = Meter::new(Budget::NONE);
            exact_answers(&case, 256, &meter).unwrap();
        });
        assert!(
            peak <= limit,
            "check: peak {peak} bytes for a line of {l} bytes (limit {limit})"
        );
    }

    // A line rejected for its size is rejected before it is built: one
    // point too many (10⁶ + 1 points of `[0]`, 4 MB).
    let n = gjk_case::MAX_POINTS_PER_SHAPE + 1;
    let mut line = String::with_capacity(4 * n + 64);
    line.push_str(r#"{"id": "too-big", "b": [[0]], "a": [[0]"#);
    for _ in 1..n {
        line.push_str(",[0]");
    }
    line.push_str("]}\n");
    let l = line.len();
    let peak = peak_of(|| {
        let item = gjk_case::read_packed_cases(line.as_bytes()).next().unwrap();
        let e = item.unwrap_err();
        assert!(e.to_string().contains("more than 1000000 points"), "{e}");
    });
    assert!(
        peak <= 4 * l + CONSTANT,
        "rejected line: peak {peak} bytes for a line of {l} bytes"
    );
}
