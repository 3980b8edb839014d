//! A punter program in offline mode, as the contest ran entries (task 1.3 §4.3, `lamduct`):
//! a fresh process for every request; it says `{"me": name}`, hears `{"you": name}`, then
//! gets the request (setup, move or stop, its state inside) and answers once. The clock runs
//! from just before the request is sent until the answer is read (a whole message: the
//! program need not exit); the program and every process it started are killed once it has
//! answered (or at the limit). The stop message wants no answer: the program is given until
//! its output ends or the limit. A `wasm:` program's clock runs from its start instead, and its
//! limit covers the handshake too (as in the page, docs/PROGRAMS.md).

use crate::process::{describe, stderr_note, Output, Program};
use punter::protocol::{frame, Decoder, Me, Message, You, MAX_MESSAGE_BYTES};
use rails::inputs::excerpt;
use std::time::{Duration, Instant};

/// How long a program may take to start and say its name (the official server's handshake
/// limit).
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// What came of one request.
#[derive(Debug)]
pub enum Reply {
    /// A JSON answer's text (whether it is a good move is the referee's business).
    Answer(String),
    /// No usable answer: `timeout` when it was too slow; `gone` when it crashed, wrote
    /// something that is not a message, or flooded (the official server made such a punter a
    /// zombie).
    Fault { message: String, timeout: bool, gone: bool },
}

/// How a program's time is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// As lamduct ran entries: [`HANDSHAKE`] to say its name, then the limit from the request.
    Lamduct,
    /// The limit covers the whole instance — start, handshake, answer — as in the page (a
    /// `wasm:` program, docs/PROGRAMS.md).
    Whole,
}

/// Asks the program `command` one request within `limit` (a fault's message ends with the tail
/// of its stderr).
/// Without `answers` (the stop message), it is given until `limit` to finish and its answer is
/// `null`.
pub fn ask(command: &str, request: &str, limit: Duration, answers: bool, clock: Clock) -> Reply {
    let started = Instant::now();
    let mut program = match Program::start(command, MAX_MESSAGE_BYTES + 64) {
        Ok(p) => p,
        Err(e) => return gone(format!("cannot start \"{command}\": {e}")),
    };
    let mut decoder = Decoder::new();
    let (hello_by, hello_limit, of_start) = match clock {
        Clock::Lamduct => (Instant::now() + HANDSHAKE, HANDSHAKE, ""),
        Clock::Whole => (started + limit, limit, " of its start"),
    };
    let hello = match next_message(
        &mut program,
        &mut decoder,
        "handshake",
        hello_by,
        &format!("{} s{of_start}", hello_limit.as_secs_f64()),
    ) {
        Ok(v) => v,
        Err(fault) => return finish(program, fault, "before its handshake"),
    };
    let Ok(Me { name }) = Me::parse(&hello) else {
        let fault =
            gone(format!("expected the handshake {{\"me\": name}}, got {}", excerpt(&hello)));
        return finish(program, fault, "");
    };
    let mut bytes = frame(&You { name }.to_text()).into_bytes();
    bytes.extend_from_slice(frame(request).as_bytes());
    program.send(bytes);
    let by = match clock {
        Clock::Lamduct => Instant::now() + limit,
        Clock::Whole => started + limit,
    };
    if !answers {
        // Done when its output ends: closed, or it exited (then what it left is gone too).
        program.drain_until(by);
        return finish(program, Reply::Answer("null".into()), "");
    }
    let reply = next_message(
        &mut program,
        &mut decoder,
        "answer",
        by,
        &format!("{} s{of_start}", limit.as_secs_f64()),
    )
    .map_or_else(|fault| fault, Reply::Answer);
    finish(program, reply, "")
}

fn gone(message: String) -> Reply {
    Reply::Fault { message, timeout: false, gone: true }
}

/// Kills the program's group; a fault's message gets `when` and the tail of its stderr.
fn finish(mut program: Program, reply: Reply, when: &str) -> Reply {
    program.kill();
    match reply {
        Reply::Fault { message, timeout, gone } => {
            let when = if when.is_empty() { String::new() } else { format!(" {when}") };
            Reply::Fault {
                message: format!("{message}{when}{}", stderr_note(&program.stderr())),
                timeout,
                gone,
            }
        }
        answer => answer,
    }
}

/// The next whole message of its stdout, by `deadline` (`limit` says what it was).
fn next_message(
    program: &mut Program,
    decoder: &mut Decoder,
    what: &str,
    deadline: Instant,
    limit: &str,
) -> Result<String, Reply> {
    loop {
        match decoder.next_text() {
            Ok(Some(v)) => return Ok(v),
            Ok(None) => {}
            Err(e) => return Err(gone(format!("wrote something that is not a message: {e}"))),
        }
        match program.read(deadline) {
            Output::Bytes(b) => decoder.push(&b),
            Output::Flooded => {
                return Err(gone(format!(
                    "wrote more than {} MiB without a whole message",
                    MAX_MESSAGE_BYTES >> 20
                )))
            }
            Output::Waiting => {
                return Err(Reply::Fault {
                    message: format!("no {what} within {limit}"),
                    timeout: true,
                    gone: false,
                })
            }
            Output::Closed => {
                let how = program
                    .wait_until(Instant::now() + Duration::from_millis(200))
                    .map_or("closed its output".to_string(), describe);
                let partial = if decoder.buffered() > 0 {
                    format!(" in the middle of a message ({} bytes)", decoder.buffered())
                } else {
                    String::new()
                };
                return Err(gone(format!("ended ({how}) without answering{partial}")));
            }
        }
    }
}
