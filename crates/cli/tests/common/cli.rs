//! What the CLI tests share: running the `arcade` binary and reading its one JSON object.

#![allow(dead_code)] // each test file uses what it needs

use std::process::{Command, Output};

/// The workspace's root: the CLI runs there, where the paths the tests name are
/// (`tests/fixtures/…`, `maps/…`, `docs/…`), as a user runs it from a checkout.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The `arcade` binary, to be run from the workspace's root.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arcade"));
    command.current_dir(ROOT);
    command
}

pub fn arcade(args: &[&str]) -> Output {
    command().args(args).env_remove("ARCADE_URL").output().expect("runs")
}

pub fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The messages of a run's `problems`, in order.
pub fn problems(v: &serde_json::Value) -> Vec<String> {
    v["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["message"].as_str().expect("a problem's message").to_string())
        .collect()
}
