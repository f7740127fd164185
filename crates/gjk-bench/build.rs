//! With the `libccd` feature only: compiles `ccd/ccd_bench.c` (libccd's
//! `ccdGJKIntersect` on point clouds) into a static library and links it
//! with libccd (`pkg-config ccd`, Debian's libccd-dev), for the libccd rows
//! of `benches/versus.rs`. Without the feature nothing is built, so the
//! workspace's tests need no system package. `CC` chooses the compiler
//! (default `cc`).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=ccd/ccd_bench.c");
    if std::env::var_os("CARGO_FEATURE_LIBCCD").is_none() {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let flags = Command::new("pkg-config")
        .args(["--cflags", "--libs", "ccd"])
        .output()
        .expect("pkg-config (apt-get install pkg-config libccd-dev)");
    assert!(
        flags.status.success(),
        "pkg-config ccd failed: {} (apt-get install libccd-dev)",
        String::from_utf8_lossy(&flags.stderr)
    );
    let flags = String::from_utf8_lossy(&flags.stdout).to_string();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let obj = out.join("ccd_bench.o");
    let status = Command::new(&cc)
        .args(["-O2", "-fPIC", "-c", "ccd/ccd_bench.c", "-o"])
        .arg(&obj)
        .args(flags.split_whitespace().filter(|f| f.starts_with("-I")))
        .status()
        .expect("the C compiler");
    assert!(status.success(), "{cc} failed on ccd/ccd_bench.c");
    let lib = out.join("libgjkccd.a");
    let _ = std::fs::remove_file(&lib);
    let status = Command::new("ar")
        .arg("crs")
        .arg(&lib)
        .arg(&obj)
        .status()
        .expect("ar");
    assert!(status.success(), "ar failed");
    // The benches do not link this package's library, so the libraries go
    // to the benches' link lines directly (in order: ours, then libccd).
    println!("cargo:rustc-link-arg-benches=-L{}", out.display());
    println!("cargo:rustc-link-arg-benches=-lgjkccd");
    for f in flags.split_whitespace() {
        if f.starts_with("-L") || f.starts_with("-l") {
            println!("cargo:rustc-link-arg-benches={f}");
        }
    }
}
