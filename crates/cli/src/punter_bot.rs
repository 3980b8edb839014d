//! `arcade punter bot NAME [--online HOST:PORT]`: a built-in bot as a contest program. Offline
//! mode (the default): one request on stdin, one answer on stdout, as `lamduct` and the
//! contest's evaluation ran entries. Online mode: one TCP connection to a game server for the
//! whole game. The engine's protocol client (`client_ready`, `client_answer`) decides.

use crate::punter_frames::{write, Frames};
use crate::Failure;
use punter::protocol::{client_answer, client_ready, Me, Message, OfflineState, ServerMessage};
use rails::inputs::excerpt;
use serde_json::Value;
use std::io::{Read, Write};

/// The answer to one server message (its text; `None`: nothing to answer), and whether the
/// game is over.
fn respond(
    name: &str,
    seed: u64,
    message: &str,
    state: &mut Option<OfflineState>,
) -> Result<(Option<String>, bool), Failure> {
    let message = ServerMessage::parse(message)
        .map_err(|e| Failure::input(format!("the server's message: {e}")))?;
    let over = matches!(message, ServerMessage::Stop(_));
    let answer = match message {
        ServerMessage::Setup(setup) => {
            let ready = client_ready(name, seed, &setup).map_err(Failure::input)?;
            *state = ready.state.clone();
            Some(ready.to_text())
        }
        ServerMessage::Move(mut request) => {
            // Online, the server sends no state: the bot threads its own.
            if request.state.is_none() {
                request.state = state.clone();
            }
            let answer = client_answer(&request).map_err(Failure::input)?;
            *state = answer.state.clone();
            Some(answer.to_text())
        }
        ServerMessage::Stop(stop) => {
            let scores: Vec<String> =
                stop.scores.iter().map(|s| format!("punter {}: {}", s.punter, s.score)).collect();
            eprintln!("game over: {}", scores.join(", "));
            None
        }
        ServerMessage::Timeout(t) => {
            eprintln!("the server says this bot timed out ({} s)", t.seconds);
            None
        }
        ServerMessage::You(_) => None,
    };
    Ok((answer, over))
}

/// Says its name and reads the server's echo.
fn handshake<R: Read>(
    frames: &mut Frames<R>,
    out: &mut impl Write,
    name: &str,
) -> Result<(), Failure> {
    write(out, &Me { name: format!("arcade {name}") }.to_text())
        .map_err(|e| Failure::input(format!("writing the handshake: {e}")))?;
    let you =
        frames.read().map_err(|e| Failure::input(format!("waiting for the handshake: {e}")))?;
    let you: Value = serde_json::from_str(&you).unwrap_or(Value::Null);
    if you.get("you").is_none() {
        return Err(Failure::input(format!(
            "expected {{\"you\": name}}, got {}",
            excerpt(&you.to_string())
        )));
    }
    Ok(())
}

pub fn bot(name: &str, online: Option<&str>, seed: u64) -> Result<(), Failure> {
    if let Err(e) = punter::bots::bot(name, seed) {
        return Err(Failure::usage(e.to_string()));
    }
    match online {
        None => {
            let mut frames = Frames::new(std::io::stdin().lock());
            let mut out = std::io::stdout().lock();
            handshake(&mut frames, &mut out, name)?;
            let message = frames
                .read()
                .map_err(|e| Failure::input(format!("waiting for the request: {e}")))?;
            if let (Some(answer), _) = respond(name, seed, &message, &mut None)? {
                write(&mut out, &answer)
                    .map_err(|e| Failure::input(format!("writing the answer: {e}")))?;
            }
            Ok(())
        }
        Some(address) => {
            let stream = std::net::TcpStream::connect(address)
                .map_err(|e| Failure::input(format!("{address}: {e}")))?;
            let _ = stream.set_nodelay(true);
            let mut out = stream.try_clone().map_err(|e| Failure::input(e.to_string()))?;
            let mut frames = Frames::new(stream);
            handshake(&mut frames, &mut out, name)?;
            let mut state = None;
            loop {
                let message =
                    frames.read().map_err(|e| Failure::input(format!("{address}: {e}")))?;
                let (answer, over) = respond(name, seed, &message, &mut state)?;
                if let Some(answer) = answer {
                    write(&mut out, &answer)
                        .map_err(|e| Failure::input(format!("{address}: {e}")))?;
                }
                if over {
                    return Ok(());
                }
            }
        }
    }
}
