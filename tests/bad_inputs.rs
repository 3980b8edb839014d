//! The bad-input catalogue (tests/bad-inputs/*.txt): every case gives its recorded message,
//! natively (tests/wasm.rs checks the same in Chromium). `BLESS=1 cargo test --test bad_inputs`
//! rewrites the answer lines with what the engines say now — review the diff before committing.

#[path = "common/bad_inputs.rs"]
mod bad_inputs;

use bad_inputs::{answer, mismatches, parse, FILES};

#[test]
fn every_bad_input_gives_its_message() {
    if std::env::var_os("BLESS").is_some() {
        bless();
    }
    let wrong = mismatches();
    assert!(wrong.is_empty(), "{} cases differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn the_catalogue_covers_every_format_with_real_errors() {
    for (format, text) in FILES {
        let cases = parse(format, text);
        let errors = cases.iter().filter(|c| !c.expected.starts_with("ok: ")).count();
        assert!(errors >= 3, "{}: only {errors} refused inputs", format.name());
        for c in &cases {
            assert!(!c.expected.is_empty() && c.expected != "?", "{}: {} has no answer", format.name(), c.name);
        }
    }
}

fn bless() {
    for (format, text) in FILES {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for case in parse(format, text) {
            lines[case.answer_line - 1] = format!("~~~> {}", answer(format, &case.input));
        }
        let path = format!("{}/tests/bad-inputs/{}.txt", env!("CARGO_MANIFEST_DIR"), format.name());
        std::fs::write(&path, lines.join("\n") + "\n").unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
