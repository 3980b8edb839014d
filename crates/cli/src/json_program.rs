//! The JSON protocol of a program seated in a turn-based game (docs/PROGRAMS.md), for `exe:`
//! and `wasm:` seats alike: a fresh process per decision; on its stdin one line
//! `{"view": VIEW, "state": STATE}`; its answer the first line of its stdout (or all of it, when
//! it ends without a newline), `{"move": MOVE, "state": STATE2}` — written and read by
//! `rails::programs`, as the page's program seats write and read them. The state is kept
//! here, on the referee's side, as the program's text, for as long as this lives (the game
//! decides: a match, a game); an answer without `state` keeps the previous one. A decision over
//! the limit stops the program for as long as this lives, as in the page. What the program
//! wrote to stderr is what it printed.

use crate::process::{describe, stderr_note, Output, Program};
use crate::program_seat::{command, Run};
use rails::programs::{read_answer, request, MAX_ANSWER_BYTES};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Most bytes of an answer read.
pub const ANSWER_BYTES: usize = MAX_ANSWER_BYTES;
/// How long a program that has answered is given to end by itself (within its limit) before it
/// is stopped.
const AFTER_ANSWER: Duration = Duration::from_millis(100);

pub struct JsonProgram {
    name: String,
    game: &'static str,
    limit_ms: u64,
    /// The state it answered last, as its JSON text.
    state: Option<String>,
    printed: String,
    /// Why it was stopped, once a decision ran over the limit.
    stopped: Option<String>,
}

impl JsonProgram {
    /// Seat `name` (`exe:…` or `wasm:…`) in game `game`, `limit_ms` a decision.
    pub fn new(name: &str, game: &'static str, limit_ms: u64) -> JsonProgram {
        JsonProgram {
            name: name.to_string(),
            game,
            limit_ms,
            state: None,
            printed: String::new(),
            stopped: None,
        }
    }

    /// The program's move for `view`, asked with `seed` as its `ARCADE_SEED`; why there is
    /// none (with the end of its stderr).
    pub fn ask(&mut self, view: &Value, seed: u64) -> Result<Value, String> {
        if let Some(why) = &self.stopped {
            return Err(format!(
                "not asked: the program was stopped at an earlier decision ({why})"
            ));
        }
        let run = Run { game: self.game, seed, limit_ms: self.limit_ms };
        let command = command(&self.name, &run)
            .unwrap_or_else(|| Err(format!("{} is not a program", self.name)))?;
        let mut program = Program::start(&command, ANSWER_BYTES)
            .map_err(|e| format!("cannot start {}: {e}", self.name))?;
        program.send(request(&view.to_string(), self.state.as_deref()).into_bytes());
        let deadline = Instant::now() + Duration::from_millis(self.limit_ms);
        let answer = first_line(&mut program, deadline, self.limit_ms);
        // A program that ends soon after answering keeps what it writes to stderr meanwhile.
        program.wait_until(deadline.min(Instant::now() + AFTER_ANSWER));
        program.kill();
        self.printed = program.stderr();
        let line = answer.map_err(|why| {
            if why.starts_with("no answer within") {
                self.stopped = Some(why.clone());
            }
            format!("{why}{}", stderr_note(&self.printed))
        })?;
        let answer = read_answer(&line)?;
        let mv: Value = serde_json::from_str(&answer.move_json).map_err(|e| e.to_string())?;
        if answer.state.is_some() {
            self.state = answer.state;
        }
        Ok(mv)
    }

    /// What the program wrote to stderr while answering the last question (once).
    pub fn take_printed(&mut self) -> String {
        std::mem::take(&mut self.printed)
    }
}

/// Its stdout up to the first newline, or all of it when it ends first, by `deadline`.
fn first_line(program: &mut Program, deadline: Instant, limit_ms: u64) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        match program.read(deadline) {
            Output::Bytes(b) => {
                out.extend_from_slice(&b);
                if let Some(end) = out.iter().position(|&c| c == b'\n') {
                    out.truncate(end);
                    break;
                }
            }
            Output::Closed if out.is_empty() => {
                let how = program
                    .wait_until(Instant::now() + Duration::from_millis(200))
                    .map_or("closed its output".to_string(), describe);
                return Err(format!("ended ({how}) without answering"));
            }
            Output::Closed => break,
            Output::Flooded => return Err(format!("wrote more than {ANSWER_BYTES} bytes")),
            Output::Waiting => return Err(format!("no answer within {limit_ms} ms")),
        }
    }
    Ok(out)
}
