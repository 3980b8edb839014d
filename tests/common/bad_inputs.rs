//! The bad-input catalogue: `tests/bad-inputs/<format>.txt`, one file per format read from
//! strangers. A file starts with `#` comment lines; then each case is a line `~~~ name`, the
//! input's lines, and a line `~~~> message` (what `inputs::check` answers: the user's message,
//! or `ok: summary` for an input that is accepted). The native test and the wasm test both
//! read it, so the page's messages are the CLI's.

use games::check;

pub struct Case {
    /// The format's name in the game registry ("lifter-map").
    pub format: &'static str,
    pub name: String,
    pub input: String,
    pub expected: String,
    /// 1-based line of `~~~ name` in the file.
    pub line: usize,
    /// 1-based line of its `~~~> ` answer.
    pub answer_line: usize,
}

pub const FILES: [(&str, &str); 12] = [
    ("lifter-map", include_str!("../bad-inputs/lifter-map.txt")),
    ("lifter-route", include_str!("../bad-inputs/lifter-route.txt")),
    ("punter-map", include_str!("../bad-inputs/punter-map.txt")),
    ("punter-log", include_str!("../bad-inputs/punter-log.txt")),
    ("punter-messages", include_str!("../bad-inputs/punter-messages.txt")),
    ("labyrinth-save", include_str!("../bad-inputs/labyrinth-save.txt")),
    ("link", include_str!("../bad-inputs/link.txt")),
    ("scheme", include_str!("../bad-inputs/scheme.txt")),
    ("pig-marks", include_str!("../bad-inputs/pig-marks.txt")),
    ("lifter-marks", include_str!("../bad-inputs/lifter-marks.txt")),
    ("punter-marks", include_str!("../bad-inputs/punter-marks.txt")),
    ("labyrinth-marks", include_str!("../bad-inputs/labyrinth-marks.txt")),
];

pub fn parse(format: &'static str, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut open: Option<(String, usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("~~~ ") {
            assert!(
                open.is_none(),
                "{}:{}: a case starts before the last one ended",
                format,
                i + 1
            );
            open = Some((name.to_string(), i + 1, Vec::new()));
        } else if let Some(expected) = line.strip_prefix("~~~> ") {
            let (name, line, input) = open
                .take()
                .unwrap_or_else(|| panic!("{}:{}: an answer without a case", format, i + 1));
            cases.push(Case {
                format,
                name,
                input: input.join("\n"),
                expected: expected.to_string(),
                line,
                answer_line: i + 1,
            });
        } else if let Some((_, _, input)) = open.as_mut() {
            input.push(line);
        } else {
            assert!(
                line.starts_with('#') || line.is_empty(),
                "{}:{}: text outside a case",
                format,
                i + 1
            );
        }
    }
    assert!(open.is_none(), "{}: the last case has no answer", format);
    cases
}

pub fn all() -> Vec<Case> {
    FILES.iter().flat_map(|&(format, text)| parse(format, text)).collect()
}

/// What the catalogue's answer line says for `input`.
pub fn answer(format: &str, input: &str) -> String {
    match check(format, input) {
        Ok(summary) => format!("ok: {summary}"),
        Err(e) => e.to_string(),
    }
}

/// Every case whose answer differs, as "file:line name: expected … got …".
pub fn mismatches() -> Vec<String> {
    all()
        .into_iter()
        .filter_map(|c| {
            let got = answer(c.format, &c.input);
            (got != c.expected).then(|| {
                format!(
                    "{}.txt:{} {}:\n  expected {}\n  got      {}",
                    c.format, c.line, c.name, c.expected, got
                )
            })
        })
        .collect()
}
