//! A game of Punter between built-in bots and outside programs (`exe:COMMAND` or
//! `wasm:FILE ARGS…`, offline mode), on the engine's `ProtocolGame` (the same state machine the
//! page's JavaScript bots go through): the engine writes every message and judges every answer;
//! this runs the programs and keeps the clock.

use crate::program_seat::{check, command, is_program, is_wasm, Run};
use crate::punter_offline::{ask, Clock, Reply};
use crate::Failure;
use punter::protocol::{Next, Phase, ProtocolGame, Request};
use punter::{Punter, PunterParams};
use rails::arena::{entrant_seed, GameLog};
use std::time::Duration;

/// What the referee said of an outside seat.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Problem {
    pub game: u32,
    pub seat: usize,
    pub entrant: usize,
    pub phase: &'static str,
    pub message: String,
}

pub struct Played {
    pub log: GameLog<Punter>,
    pub problems: Vec<Problem>,
}

/// How a program's time is counted: a `wasm:` program's limit covers its whole instance, as in
/// the page; an `exe:` program has lamduct's handshake time first.
fn clock_of(name: &str) -> Clock {
    if is_wasm(name) {
        Clock::Whole
    } else {
        Clock::Lamduct
    }
}

/// Plays game `game` of the series of `seed` between `names` (built-in bots and `exe:` or
/// `wasm:` programs; seats rotating with the game). `limits` scales the official time limits (1.0: the
/// official 10 s setup and 1 s a move).
pub fn play_game(
    params: PunterParams,
    names: &[String],
    seed: u64,
    game: u32,
    limits: f64,
) -> Result<Played, Failure> {
    let mut nobody_else = |request: &Request, _: Duration| -> Result<Reply, Failure> {
        Err(Failure::usage(format!(
            "entrant \"{}\" cannot be asked here (use a built-in bot, exe:COMMAND or wasm:FILE)",
            names[request.entrant]
        )))
    };
    play_game_with(params, names, seed, game, limits, &mut nobody_else)
}

/// [`play_game`] where `other` answers the outside seats that are not programs (punters
/// connected to `arcade punter serve`) within the limit it is given.
pub fn play_game_with(
    params: PunterParams,
    names: &[String],
    seed: u64,
    game: u32,
    limits: f64,
    other: &mut dyn FnMut(&Request, Duration) -> Result<Reply, Failure>,
) -> Result<Played, Failure> {
    for name in names.iter().filter(|n| is_program(n)) {
        check(name).map_err(|e| Failure::usage(e.to_string()))?;
    }
    let mut g = ProtocolGame::new(params, names, seed, game).map_err(Failure::usage)?;
    g.set_clock(super::decisions::clock());
    loop {
        match g.next(u32::MAX).map_err(Failure::input)? {
            Next::Over => break,
            Next::Running => {}
            Next::Person { seat, .. } => {
                return Err(Failure::usage(format!(
                    "seat {} is a person: people play in the page",
                    seat + 1
                )))
            }
            Next::Ask(request) => {
                let limit =
                    Duration::from_secs_f64(f64::from(request.phase.limit_ms()) / 1000.0 * limits);
                let began = std::time::Instant::now();
                // A program is told its entrant's seed for this game, as the page's seats are.
                let run = Run {
                    game: games::PUNTER.id,
                    seed: entrant_seed(seed, request.entrant, game),
                    limit_ms: limit.as_millis() as u64,
                };
                let reply = match command(&names[request.entrant], &run) {
                    Some(Ok(command)) => ask(
                        &command,
                        &request.message,
                        limit,
                        request.phase != Phase::Stop,
                        clock_of(&names[request.entrant]),
                    ),
                    Some(Err(why)) => Reply::Fault { message: why, timeout: false, gone: true },
                    None => other(&request, limit)?,
                };
                let ms = began.elapsed().as_secs_f64() * 1000.0;
                match reply {
                    Reply::Answer(text) => g.answer_timed(Ok(&text), "", ms),
                    Reply::Fault { message, timeout, gone } => {
                        g.fail_timed(&message, timeout, gone, "", ms)
                    }
                }
                .map_err(Failure::input)?;
            }
        }
    }
    let seating = g.seating();
    let problems = g
        .remarks()
        .map(|r| Problem {
            game,
            seat: r.seat,
            entrant: seating[r.seat],
            phase: r.phase.name(),
            message: r.message,
        })
        .collect();
    let log = g
        .series()
        .and_then(|s| s.logs().first().cloned())
        .ok_or_else(|| Failure::input("no game was played"))?;
    Ok(Played { log, problems })
}
