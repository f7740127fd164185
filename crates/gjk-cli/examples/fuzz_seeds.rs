//! Writes seed inputs for the fuzz targets from the public generators:
//!
//! ```sh
//! cargo run -p gjk-cli --example fuzz_seeds --features fuzzing -- fuzz/corpus
//! ```
//!
//! One file per family and dimension (and a few seeds and scales) for the
//! differential targets, the same pairs as `f32` bits for `f32_bits`, and
//! `gjk gen` lines for `case_line`. The fuzzer then grows the corpus and
//! `cargo fuzz cmin` shrinks it (see `fuzz/README.md`).

use std::fs;
use std::path::Path;

use gjk_cli::fuzzing::{diff_seed, F32Bits, DIFF_MAX_DIM};
use gjk_gen::{build, cases, Family, FamilyChoice, Params};

fn write(dir: &Path, target: &str, name: &str, bytes: &[u8]) {
    let d = dir.join(target);
    fs::create_dir_all(&d).expect("create the corpus directory");
    fs::write(d.join(format!("seed-{name}")), bytes).expect("write a seed");
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fuzz/corpus".into());
    let dir = Path::new(&dir);
    for dim in 1..=DIFF_MAX_DIM {
        for family in Family::supported(dim) {
            for (seed, scale) in [(1u64, 0), (2, 30), (3, -30)] {
                let params = Params::from_seed(family, dim, seed, scale);
                let name = format!("{}-{dim}d-{seed}", family.name());
                if dim <= 3 {
                    write(dir, "diff_nd", &name, &diff_seed(&params, true));
                    write(dir, "rational_loops", &name, &diff_seed(&params, true));
                }
                match dim {
                    2 => write(dir, "diff_2d", &name, &diff_seed(&params, false)),
                    3 => write(dir, "diff_3d", &name, &diff_seed(&params, false)),
                    _ if seed == 1 => {
                        write(dir, "diff_nd", &name, &diff_seed(&params, true));
                        write(dir, "rational_loops", &name, &diff_seed(&params, true));
                    }
                    _ => {}
                }
                let pair = build(&params).expect("valid parameters");
                let fits = pair.a.len() <= 16 && pair.b.len() <= 16 && pair.exact_in_f32();
                if (dim == 2 || dim == 3) && fits && seed == 1 {
                    let bits = |set: &[Vec<i64>]| -> Vec<Vec<u32>> {
                        set.iter()
                            .map(|p| {
                                p.iter()
                                    .map(|&m| (m as f32 * 2f32.powi(pair.exp)).to_bits())
                                    .collect()
                            })
                            .collect()
                    };
                    let input = F32Bits {
                        dim,
                        cap: 256,
                        a: bits(&pair.a),
                        b: bits(&pair.b),
                    };
                    write(dir, "f32_bits", &name, &input.to_bytes());
                }
            }
        }
    }
    for dim in 2..=3 {
        for (i, line) in cases(FamilyChoice::All, dim, 15, 7, 0).enumerate() {
            let line = line.expect("a generated case").to_string();
            write(
                dir,
                "case_line",
                &format!("gen-{dim}d-{i}"),
                line.as_bytes(),
            );
        }
    }
}
