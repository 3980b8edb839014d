//! What the CLI says of a game's decisions (`--json`): per decision the move it made (1-based),
//! the seat and entrant, the answer in the engine's words, what was printed during it, its time
//! and why it was refused — the same record the page's inspector shows.

use crate::Failure;
use rails::arena::{Clock, GameLog, MatchRules, MoveLabels};
use serde::Serialize;
use serde_json::Value;
use std::io::Write;
use std::time::Instant;

/// The clock a series times its decisions by: milliseconds since it was made.
pub fn clock() -> Clock {
    let start = Instant::now();
    Box::new(move || start.elapsed().as_secs_f64() * 1000.0)
}

/// One decision as the CLI prints it. Its fields are in the order of their names, the order
/// of every JSON object the CLI prints (so `arcade merge`, which reads and writes them as
/// values, gives the same bytes).
#[derive(Serialize)]
pub struct Row<'a> {
    /// In the engine's words (move labels); empty when no move of it was played.
    answer: String,
    counts: bool,
    entrant: u32,
    ms: f64,
    /// The move it made (the first of a turn), from 1.
    #[serde(rename = "move")]
    at: u32,
    printed: &'a str,
    refused: Option<&'a str>,
    seat: u8,
    timeout: bool,
}

/// The decisions of one game, their answers from one replay of its moves.
pub fn rows<G: MatchRules>(log: &GameLog<G>) -> Vec<Row<'_>> {
    let mut labels = MoveLabels::<G>::new(&log.params).ok();
    // The series played these moves; should the replay fail, the answers past it are empty.
    let _ = labels.as_mut().map(|l| l.follow(&log.moves));
    log.decisions
        .iter()
        .map(|d| Row {
            at: d.move_index + 1,
            seat: d.seat,
            entrant: d.entrant,
            answer: labels.as_ref().map_or_else(|| d.unplayed().to_string(), |l| l.answer(d)),
            printed: d.printed(),
            ms: (d.ms * 1000.0).round() / 1000.0,
            refused: d.refused(),
            timeout: d.timeout,
            counts: d.counts,
        })
        .collect()
}

/// The decisions of one game as JSON.
pub fn json<G: MatchRules>(log: &GameLog<G>) -> Value {
    serde_json::to_value(rows(log)).unwrap_or_default()
}

/// Prints the JSON object `out` with `"decisions"`, the decisions of each game of `logs`,
/// written game by game (a 10,000-game match's would take gigabytes as one JSON value), as its
/// last field ([`print_last`]).
pub fn print_with<G: MatchRules>(out: &Value, logs: &[GameLog<G>]) -> Result<(), Failure> {
    let mut w = head(out)?;
    for (i, log) in logs.iter().enumerate() {
        if i > 0 {
            w.write_all(b",").map_err(writing)?;
        }
        serde_json::to_writer(&mut w, &rows(log)).map_err(|e| Failure::input(e.to_string()))?;
    }
    tail(w)
}

/// Prints the JSON object `out`, its `"decisions"` (if any) last, as [`print_with`] does.
pub fn print_last(mut out: serde_json::Map<String, Value>) -> Result<(), Failure> {
    let Some(Value::Array(games)) = out.remove("decisions") else {
        println!("{}", Value::Object(out));
        return Ok(());
    };
    let mut w = head(&Value::Object(out))?;
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            w.write_all(b",").map_err(writing)?;
        }
        serde_json::to_writer(&mut w, game).map_err(|e| Failure::input(e.to_string()))?;
    }
    tail(w)
}

type Out = std::io::BufWriter<std::io::StdoutLock<'static>>;

fn writing(e: std::io::Error) -> Failure {
    Failure::input(format!("writing the output: {e}"))
}

/// `out` without its closing brace, then `"decisions":[`.
fn head(out: &Value) -> Result<Out, Failure> {
    let text = out.to_string();
    let Some(head) = text.strip_suffix('}') else {
        return Err(Failure::input("the output is not an object"));
    };
    let mut w = std::io::BufWriter::new(std::io::stdout().lock());
    write!(w, "{head}{}\"decisions\":[", if head.len() > 1 { "," } else { "" }).map_err(writing)?;
    Ok(w)
}

fn tail(mut w: Out) -> Result<(), Failure> {
    writeln!(w, "]}}").map_err(writing)?;
    w.flush().map_err(writing)
}
