//! The fingerprints of the native run, handed to the wasm test: tests/determinism.rs computes
//! them and writes `target/tmp/native-fingerprints.txt` (`name=0x…` lines); ./test passes the
//! file's text to the wasm build as NATIVE_FINGERPRINTS, and tests/wasm.rs asserts that
//! Chromium finds the same values. No value is written down in the source: the test states
//! native = wasm.

/// The file the native run writes.
#[allow(dead_code)]
pub const FILE: &str = "native-fingerprints.txt";

#[allow(dead_code)]
pub fn format(values: &[(&str, u64)]) -> String {
    values.iter().map(|(name, v)| format!("{name}={v:#x}\n")).collect()
}

/// The value named `name` in `text` (as `format` writes it).
#[allow(dead_code)]
pub fn get(text: &str, name: &str) -> Option<u64> {
    text.lines()
        .filter_map(|l| l.split_once('='))
        .find(|(n, _)| *n == name)
        .and_then(|(_, v)| u64::from_str_radix(v.trim().trim_start_matches("0x"), 16).ok())
}
