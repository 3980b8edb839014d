//! The arcade's protocol for outside programs in games without an official one (docs/PROGRAMS.md):
//! a request is one line of JSON, `{"view": VIEW, "state": STATE}`, on the program's stdin; its
//! answer is the first line of its stdout (or all of it, when it ends without a newline),
//! `{"move": MOVE, "state": STATE2}`. STATE is `null` at first, then the state the program
//! answered last (an answer without `state` keeps the one before). Both hosts — the page's
//! program seats and the CLI's `exe:` and `wasm:` seats — write requests and read answers here,
//! so one program reads and answers the same bytes in both.
//!
//! States cross as their JSON text, never parsed into numbers: a program's 64-bit integers come
//! back exactly as it wrote them.

use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// The longest answer read from a program, state included.
pub const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// What a program answered: its move's JSON text, for the game to read as it reads a
/// JavaScript strategy's answer, and the state to hand it next time (`None`: keep the last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramAnswer {
    pub move_json: String,
    pub state: Option<String>,
}

/// The request line for `view` (JSON text) with the state the program answered last.
pub fn request(view_json: &str, state: Option<&str>) -> String {
    format!("{{\"view\":{view_json},\"state\":{}}}\n", state.unwrap_or("null"))
}

/// Reads an answer from what the program wrote: its first line, or the whole output when there
/// is no newline. Errors say what is wrong, quoting at most a little of it.
pub fn read_answer(output: &[u8]) -> Result<ProgramAnswer, String> {
    let line = match output.iter().position(|&b| b == b'\n') {
        Some(end) => &output[..end],
        None => output,
    };
    if line.len() > MAX_ANSWER_BYTES {
        return Err(format!(
            "answered a line of {} bytes; the limit is {MAX_ANSWER_BYTES}",
            line.len()
        ));
    }
    let text = std::str::from_utf8(line).map_err(|e| {
        format!("answered bytes that are not UTF-8 (at byte {})", e.valid_up_to() + 1)
    })?;
    let text = text.trim_end_matches('\r');
    if text.trim().is_empty() {
        return Err("answered nothing (expected one line {\"move\": …, \"state\": …})".into());
    }
    // Fields as their raw text: a state of `null` is a state like any other (the program cleared it).
    let fields: BTreeMap<&str, &RawValue> = serde_json::from_str(text).map_err(|e| {
        format!(
            "answered {}, which is not {{\"move\": …, \"state\": …}}: {e}",
            crate::inputs::excerpt(text)
        )
    })?;
    let mv = fields
        .get("move")
        .ok_or_else(|| format!("answered {} without \"move\"", crate::inputs::excerpt(text)))?;
    Ok(ProgramAnswer {
        move_json: mv.get().to_string(),
        state: fields.get("state").map(|s| s.get().to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_carries_the_state_as_written() {
        assert_eq!(request("{\"a\":1}", None), "{\"view\":{\"a\":1},\"state\":null}\n");
        assert_eq!(
            request("1", Some("18446744073709551615")),
            "{\"view\":1,\"state\":18446744073709551615}\n"
        );
    }

    #[test]
    fn an_answer_is_the_first_line_or_all_of_it() {
        let a = read_answer(b"{\"move\": true, \"state\": [1, 18446744073709551615]}\nignored")
            .unwrap();
        assert_eq!(
            a,
            ProgramAnswer {
                move_json: "true".into(),
                state: Some("[1, 18446744073709551615]".into())
            }
        );
        let b = read_answer(b"{\"move\":{\"row\":1}}").unwrap();
        assert_eq!(b, ProgramAnswer { move_json: "{\"row\":1}".into(), state: None });
        assert_eq!(
            read_answer(b"{\"move\":false,\"state\":null}\r\n").unwrap().state.as_deref(),
            Some("null")
        );
    }

    #[test]
    fn a_bad_answer_says_what_is_wrong() {
        assert!(read_answer(b"").unwrap_err().contains("answered nothing"));
        assert!(read_answer(b"yes\n").unwrap_err().contains("not {\"move\""));
        assert!(read_answer(b"{\"state\":1}").unwrap_err().contains("without \"move\""));
        assert!(read_answer(&[b'"', 0xff, b'"']).unwrap_err().contains("not UTF-8"));
        let long = vec![b' '; MAX_ANSWER_BYTES + 1];
        assert!(read_answer(&long).unwrap_err().contains("the limit is"));
    }
}
