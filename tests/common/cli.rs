//! What the CLI tests share: running the `arcade` binary and reading its one JSON object.

#![allow(dead_code)] // each test file uses what it needs

use std::process::{Command, Output};

pub fn arcade(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arcade"))
        .args(args)
        .env_remove("ARCADE_URL")
        .output()
        .expect("runs")
}

pub fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
