//! The f64 query on arbitrary bit patterns (NaN, infinities, subnormals,
//! huge and tiny values): a typed error or an outcome, never a panic, and
//! never more support calls than the iteration cap allows.
#![no_main]

use arbitrary::Arbitrary;
use gjk::gjk::{gjk, Options};
use gjk::shape::ConvexHull;
use gjk::{Vector, Which};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    a: Vec<[u64; 3]>,
    b: Vec<[u64; 3]>,
}

fn cloud(raw: &[[u64; 3]], which: Which) -> Result<ConvexHull<f64, 3>, gjk::Error> {
    let pts = raw
        .iter()
        .take(16)
        .map(|p| {
            Vector::<f64, 3>::new(
                f64::from_bits(p[0]),
                f64::from_bits(p[1]),
                f64::from_bits(p[2]),
            )
        })
        .collect();
    ConvexHull::new(pts, which)
}

fuzz_target!(|input: Input| {
    let (Ok(a), Ok(b)) = (cloud(&input.a, Which::A), cloud(&input.b, Which::B)) else {
        return;
    };
    let opts = Options::default();
    if let Ok(report) = gjk(&a, &b, &opts) {
        assert!(report.iterations <= opts.max_iterations + 1, "{report:?}");
    }
});
