//! The C test (`tests/c/capi_test.c`) compiled as C and as C++ against the
//! static library, and run (issue 21, item 4). Needs `cc` and `c++` on PATH.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The static library cargo built for this test: beside it in
/// `target/<profile>/deps/` (or, after a `cargo build`, one level up).
fn static_lib() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    [deps, deps.parent().unwrap()]
        .iter()
        .map(|d| d.join("libgjk_capi.a"))
        .find(|lib| lib.exists())
        .unwrap_or_else(|| panic!("libgjk_capi.a was not built beside {}", deps.display()))
}

fn compile_and_run(compiler: &str, lang: &[&str], name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("gjk-capi-{name}-{}", std::process::id()));
    let status = Command::new(compiler)
        .args(lang)
        .arg("-Wall")
        .arg("-Werror")
        .arg("-I")
        .arg(dir.join("include"))
        .arg(dir.join("tests/c/capi_test.c"))
        .arg("-x")
        .arg("none")
        .arg(static_lib())
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .unwrap_or_else(|e| panic!("{compiler}: {e}"));
    assert!(
        status.success(),
        "{compiler} failed to build the {name} test"
    );
    let run = Command::new(&out).output().unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    print!("{text}");
    let _ = std::fs::remove_file(&out);
    assert!(run.status.success(), "the {name} test failed:\n{text}");
    assert!(text.contains(" passed, 0 failed"), "{text}");
}

#[test]
fn the_c_test_passes_as_c() {
    compile_and_run("cc", &["-std=c11", "-x", "c"], "c");
}

#[test]
fn the_c_test_passes_as_cpp() {
    compile_and_run("c++", &["-std=c++17", "-x", "c++"], "cpp");
}
