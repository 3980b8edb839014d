//! Debug marks for the page (rails::marks): each game handle's `marksOf(text)` reads what a
//! decision printed with its game's kinds and board and hands back `{ marks: [{ kind, colour,
//! at, label, line }], problems: [{ line, column, message, text }] }` (`text`: "LINE:COL:
//! message"). Knows no game.

use crate::to_js;
use rails::marks::{read, MarkKind, Marks, OnBoard};
use wasm_bindgen::JsValue;

#[derive(serde::Serialize)]
struct MarkJs<'a> {
    kind: &'a str,
    colour: &'a str,
    at: &'a [f64],
    label: &'a str,
    line: usize,
}

#[derive(serde::Serialize)]
struct ProblemJs<'a> {
    line: usize,
    column: usize,
    message: &'a str,
    text: String,
}

#[derive(serde::Serialize)]
struct MarksJs<'a> {
    marks: Vec<MarkJs<'a>>,
    problems: Vec<ProblemJs<'a>>,
}

/// The marks of `text` as JavaScript reads them.
pub fn marks_of(text: &str, kinds: &[MarkKind], place: &OnBoard<'_>) -> Result<JsValue, JsValue> {
    let Marks { marks, problems } = read(text, kinds, place);
    to_js(&MarksJs {
        marks: marks
            .iter()
            .map(|m| MarkJs {
                kind: m.kind,
                colour: &m.colour,
                at: &m.at,
                label: &m.label,
                line: m.line,
            })
            .collect(),
        problems: problems
            .iter()
            .map(|p| ProblemJs {
                line: p.line,
                column: p.column,
                message: &p.message,
                text: p.to_string(),
            })
            .collect(),
    })
}
