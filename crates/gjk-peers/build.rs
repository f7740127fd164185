//! Compiles the C++ peer runners (`src/cpp/*.cpp`) into executables in
//! `OUT_DIR`, one per library, with the flags `pkg-config` gives for the
//! Debian packages (libccd-dev, libfcl-dev, libbullet-dev's
//! `bullet-float64`, libcgal-dev with libgmp-dev and libmpfr-dev). The
//! binary finds them through `PEERS_BIN_DIR`. `CXX` chooses the compiler
//! (default `c++`). They compile in parallel (CGAL's headers take a minute).

use std::path::PathBuf;
use std::process::Command;

/// (runner, pkg-config packages, extra libraries)
const RUNNERS: [(&str, &[&str], &[&str]); 4] = [
    ("ccd", &["ccd"], &[]),
    ("fcl", &["fcl"], &[]),
    ("bullet", &["bullet-float64"], &[]),
    ("cgal", &[], &["-lgmp", "-lmpfr"]),
];

fn pkg_config(packages: &[&str]) -> Vec<String> {
    if packages.is_empty() {
        return Vec::new();
    }
    let out = Command::new("pkg-config")
        .arg("--cflags")
        .arg("--libs")
        .args(packages)
        .output()
        .unwrap_or_else(|e| panic!("pkg-config: {e} (apt-get install pkg-config)"));
    assert!(
        out.status.success(),
        "pkg-config {packages:?} failed: {} — install the peers' packages: \
         apt-get install libccd-dev libfcl-dev libbullet-dev libcgal-dev libgmp-dev libmpfr-dev",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn main() {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    println!("cargo:rerun-if-changed=src/cpp");
    println!("cargo:rerun-if-env-changed=CXX");
    std::thread::scope(|s| {
        for (name, packages, libs) in RUNNERS {
            let (out_dir, cxx) = (&out_dir, &cxx);
            s.spawn(move || {
                let flags = pkg_config(packages);
                let exe = out_dir.join(format!("peer-{name}"));
                let status = Command::new(cxx)
                    .args(["-std=c++17", "-O2", "-w"])
                    .arg(format!("src/cpp/{name}.cpp"))
                    .args(&flags)
                    .args(libs)
                    .arg("-o")
                    .arg(&exe)
                    .status()
                    .unwrap_or_else(|e| panic!("{cxx}: {e}"));
                assert!(status.success(), "compiling the {name} runner failed");
            });
        }
    });
    println!("cargo:rustc-env=PEERS_BIN_DIR={}", out_dir.display());
}
