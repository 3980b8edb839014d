//! The committed builds of the example programs (`examples/programs/*/`, docs/PROGRAMS.md) and
//! of the hostile test modules are what their sources build to: `scripts/build-examples.sh`
//! rebuilds them all into a temporary folder, and every byte must match.
//!
//! A machine without the toolchain (Rust's wasm32-wasip1 target, clang, lld, wasi-libc) or with
//! other versions of it than the builds were made with (`examples/programs/toolchain.txt`) cannot
//! tell: the test then says it skipped, on stderr past the test harness's capture, and passes.
//! The hostile modules are compared when wat2wasm of the pinned version is at hand (the script
//! installs nothing here).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn script(args: &[&str]) -> std::process::Output {
    Command::new("bash")
        .arg(root().join("scripts/build-examples.sh"))
        .args(args)
        .output()
        .expect("bash runs")
}

/// Says so on the terminal even when the harness captures the test's output.
fn skipped(why: &str) {
    let _ = writeln!(std::io::stderr(), "programs_build: skipped: {why}");
}

/// The committed `.wasm` beside each source and where the rebuild of it went.
fn pairs(out: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut pairs = Vec::new();
    let examples =
        std::fs::read_dir(root().join("examples/programs")).expect("examples/programs is there");
    for entry in examples.map(|e| e.expect("a folder entry")) {
        if entry.path().is_dir() {
            let name = format!("{}.wasm", entry.file_name().to_string_lossy());
            pairs.push((entry.path().join(&name), out.join(&name)));
        }
    }
    let hostile = root().join("tests/fixtures/programs/hostile");
    for entry in std::fs::read_dir(&hostile)
        .expect("the hostile modules are there")
        .map(|e| e.expect("a folder entry"))
    {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "wat") {
            let name = format!("{}.wasm", path.file_stem().unwrap_or_default().to_string_lossy());
            pairs.push((hostile.join(&name), out.join("hostile").join(&name)));
        }
    }
    pairs.sort();
    pairs
}

#[test]
fn committed_builds_are_what_their_sources_build_to() {
    let check = script(&["--check"]);
    if !check.status.success() {
        skipped(String::from_utf8_lossy(&check.stderr).trim());
        return;
    }
    let here = String::from_utf8_lossy(&check.stdout).to_string();
    let recorded = std::fs::read_to_string(root().join("examples/programs/toolchain.txt"))
        .expect("toolchain.txt is committed");
    if here != recorded {
        skipped(&format!("the builds were made with\n{recorded}and this machine has\n{here}"));
        return;
    }
    let out = std::env::temp_dir().join(format!("arcade-examples-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("a temporary folder");
    let built = script(&["--out", &out.to_string_lossy(), "--no-install"]);
    assert!(
        built.status.success(),
        "the build failed:\n{}{}",
        String::from_utf8_lossy(&built.stdout),
        String::from_utf8_lossy(&built.stderr)
    );
    let mut differ = Vec::new();
    let mut compared = 0;
    for (committed, rebuilt) in pairs(&out) {
        let Ok(new) = std::fs::read(&rebuilt) else {
            assert!(
                rebuilt.parent().is_some_and(|p| p.ends_with("hostile")),
                "{} was not rebuilt",
                committed.display()
            );
            continue; // no wat2wasm here: the script said so
        };
        compared += 1;
        if std::fs::read(&committed).ok() != Some(new) {
            differ.push(committed.display().to_string());
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(differ.is_empty(), "these committed builds differ from what their sources build to (run scripts/build-examples.sh and commit): {differ:?}");
    assert!(compared >= 4, "only {compared} builds were compared");
}
