//! A Punter game where some seats are bots written in JavaScript against the official protocol
//! (run in the page's sandbox) and the others built-in bots. The engine's referee writes every
//! message a JavaScript bot receives and applies its answers; the sandbox only carries them and
//! keeps the clock.

use super::{js_error, to_js};
use crate::arena::{Decider, MatchSeeds};
use crate::game::{Actor, Game};
use crate::link::{encode_game, GameRecord};
use crate::punter::bots::{bids, bot};
use crate::punter::protocol::{from_punter_moves, Message, ProtocolMove, Referee};
use crate::punter::{Punter, PunterMove, PunterParams};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The official time limits.
const SETUP_MS: u32 = 10_000;
const MOVE_MS: u32 = 1_000;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Step {
    /// "ask": a JavaScript seat must answer `message`; "running": call again; "over".
    status: &'static str,
    seat: Option<usize>,
    /// "setup", "move" or "stop".
    phase: Option<&'static str>,
    /// The protocol message, as JSON text.
    message: Option<String>,
    limit_ms: Option<u32>,
}

#[derive(Serialize)]
struct Reply {
    /// What was played, in words ("claim 4–7", "pass").
    played: String,
    /// Why the answer was played as a pass, if it was.
    rejected: Option<String>,
    /// What was accepted though it was not quite right (as the official server accepted it).
    note: Option<String>,
}

enum Seat {
    Js,
    Bot(Box<dyn Decider<Punter>>),
}

enum Phase {
    Setup(usize),
    Play,
    Stop(usize),
    Over,
}

#[wasm_bindgen]
pub struct PunterMatch {
    referee: Referee,
    seats: Vec<Seat>,
    names: Vec<String>,
    phase: Phase,
    moves: Vec<PunterMove>,
    seed: u64,
    /// Per seat: timeouts, failed answers.
    timeouts: Vec<u32>,
    rejected: Vec<u32>,
}

impl PunterMatch {
    fn js_after(&self, from: usize) -> Option<usize> {
        (from..self.seats.len()).find(|&p| matches!(self.seats[p], Seat::Js))
    }
}

#[wasm_bindgen]
impl PunterMatch {
    /// `seats`: per punter "js" (answered from outside) or a bot name.
    #[wasm_bindgen(constructor)]
    pub fn new(map_name: &str, map_text: &str, seats: Vec<String>, settings: JsValue, seed: f64) -> Result<PunterMatch, JsValue> {
        let settings = super::punter::settings_of(settings)?;
        let mut params = PunterParams::new(map_name, map_text, seats.len(), settings, Vec::new()).map_err(js_error)?;
        if settings.futures {
            params.futures = seats.iter().enumerate().map(|(p, n)| if n == "js" { Vec::new() } else { bids(n, &params.map, p) }).collect();
        }
        let seed = seed as u64;
        let mut kinds = Vec::new();
        for (i, name) in seats.iter().enumerate() {
            kinds.push(match name.as_str() {
                "js" => Seat::Js,
                other => Seat::Bot(bot(other, MatchSeeds(seed).entrant(i)).ok_or_else(|| js_error(format!("unknown bot \"{other}\"")))?),
            });
        }
        let referee = Referee::new(params).map_err(js_error)?;
        let n = seats.len();
        let mut m = PunterMatch { referee, seats: kinds, names: seats, phase: Phase::Play, moves: Vec::new(), seed, timeouts: vec![0; n], rejected: vec![0; n] };
        m.phase = m.js_after(0).map_or(Phase::Play, Phase::Setup);
        Ok(m)
    }

    /// The seed of seat `i`'s own randomness (a JavaScript bot's `Math.random`).
    #[wasm_bindgen(js_name = seatSeed)]
    pub fn seat_seed(&self, i: usize) -> f64 {
        super::js_seed(MatchSeeds(self.seed).entrant(i))
    }

    /// Plays built-in bots for at most `max_moves` moves, then says who must answer what.
    pub fn next(&mut self, max_moves: u32) -> Result<JsValue, JsValue> {
        let ask = |seat: usize, phase: &'static str, message: Value, limit: u32| Step {
            status: "ask",
            seat: Some(seat),
            phase: Some(phase),
            message: Some(message.to_string()),
            limit_ms: Some(limit),
        };
        let done = |status: &'static str| Step { status, seat: None, phase: None, message: None, limit_ms: None };
        let step = match self.phase {
            Phase::Setup(p) => ask(p, "setup", self.referee.setup_for(p).to_json(), SETUP_MS),
            Phase::Stop(p) => ask(p, "stop", self.referee.stop_for(p).to_json(), MOVE_MS),
            Phase::Over => done("over"),
            Phase::Play => {
                let mut out = done("running");
                for _ in 0..max_moves {
                    let Some(p) = self.referee.mover() else {
                        self.phase = self.js_after(0).map_or(Phase::Over, Phase::Stop);
                        out = done(if matches!(self.phase, Phase::Over) { "over" } else { "running" });
                        break;
                    };
                    if self.referee.is_zombie(p) {
                        let reply = ProtocolMove::pass(p).to_json();
                        let a = self.referee.answer(&reply).map_err(js_error)?;
                        self.moves.extend(a.steps);
                        continue;
                    }
                    match &mut self.seats[p] {
                        Seat::Js => {
                            out = ask(p, "move", self.referee.move_for(p).to_json(), MOVE_MS);
                            break;
                        }
                        Seat::Bot(d) => {
                            let view = self.referee.game().view(p as u8);
                            let mv = d.decide(&view).unwrap_or(PunterMove::Pass);
                            let protocol = from_punter_moves(self.referee.game().game().map(), &[mv]).unwrap_or(crate::punter::Move::Pass);
                            let a = self.referee.answer(&ProtocolMove::new(p, protocol).to_json()).map_err(js_error)?;
                            self.moves.extend(a.steps);
                        }
                    }
                }
                out
            }
        };
        to_js(&step)
    }

    /// The answer of the JavaScript seat that was asked: its reply object as JSON text, or
    /// `failure` (it threw, answered nonsense) or `timed_out`; `stopped`: its sandbox was
    /// stopped (no answer within the backstop), so it cannot be asked again. A seat stopped in
    /// setup is a zombie from the start, as the official server made a crashed punter.
    pub fn reply(&mut self, seat: usize, text: Option<String>, failure: Option<String>, timed_out: bool, stopped: bool) -> Result<JsValue, JsValue> {
        let value = text.as_deref().map(serde_json::from_str::<Value>);
        match self.phase {
            Phase::Setup(p) if p == seat => {
                let (rejected, note) = match value {
                    Some(Ok(v)) if !timed_out && failure.is_none() => match self.referee.take_ready(p, &v) {
                        Ok(ready) if ready.punter != p as u64 => (
                            None,
                            Some(format!("\"ready\": {} names another punter (this bot is punter {p}); accepted, as the official server did", ready.punter)),
                        ),
                        Ok(_) => (None, None),
                        Err(e) => (Some(e.to_string()), None),
                    },
                    _ if stopped => {
                        self.referee.make_zombie(p);
                        let why = failure.unwrap_or_else(|| "no ready message".into());
                        (Some(format!("a zombie from the start: its sandbox was stopped in setup ({why}); it passes for the whole game and is not asked again")), None)
                    }
                    _ => (Some(failure.unwrap_or_else(|| "no ready message".into())), None),
                };
                self.phase = self.js_after(p + 1).map_or(Phase::Play, Phase::Setup);
                to_js(&Reply { played: "ready".into(), rejected, note })
            }
            Phase::Stop(p) if p == seat => {
                self.phase = self.js_after(p + 1).map_or(Phase::Over, Phase::Stop);
                to_js(&Reply { played: "stop".into(), rejected: None, note: None })
            }
            Phase::Play if self.referee.mover() == Some(seat) => {
                if timed_out {
                    self.timeouts[seat] += 1;
                    let before = self.referee.game().game().turn();
                    self.referee.time_out();
                    if self.referee.game().game().turn() > before {
                        self.moves.push(PunterMove::Pass);
                    }
                    return to_js(&Reply { played: "pass".into(), rejected: Some(failure.unwrap_or_else(|| "no answer within 1 s".into())), note: None });
                }
                let answered = match (value, failure) {
                    (_, Some(f)) => self.referee.answer_text(&format!("\"{}\"", f.replace('"', "'"))).map(|a| (a, Some(f))),
                    (Some(Ok(v)), None) => self.referee.answer(&v).map(|a| (a, None)),
                    (Some(Err(e)), None) => self.referee.answer_text(&e.to_string()).map(|a| (a, None)),
                    (None, None) => self.referee.answer_text("null").map(|a| (a, None)),
                }
                .map_err(js_error)?;
                let (a, failure) = answered;
                let rejected = failure.or_else(|| a.rejected.as_ref().map(|r| r.to_string()));
                self.rejected[seat] += u32::from(rejected.is_some());
                self.moves.extend(a.steps.clone());
                let played = match a.played {
                    crate::punter::Move::Pass => "pass".to_string(),
                    ref other => format!("{other:?}"),
                };
                to_js(&Reply { played, rejected, note: None })
            }
            _ => Err(js_error(format!("seat {seat} was not asked"))),
        }
    }

    /// Scores now, timeouts and rejected answers per seat, turn and turns.
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct S {
            scores: Vec<i64>,
            timeouts: Vec<u32>,
            rejected: Vec<u32>,
            turn: usize,
            turns: usize,
            over: bool,
            /// Once over: per seat its rank (1 best, ties share it) and the seats ranked first.
            ranks: Vec<u32>,
            winners: Vec<u8>,
        }
        let g = self.referee.game().game();
        let over = matches!(self.phase, Phase::Over) || self.referee.game().to_move() == Actor::Nobody && matches!(self.phase, Phase::Play);
        to_js(&S { scores: g.scores(), timeouts: self.timeouts.clone(), rejected: self.rejected.clone(), turn: g.turn(), turns: g.turns(), over, ranks: self.referee.game().ranks(), winners: self.referee.game().winners() })
    }

    /// Share link fragment of the game so far, viewed at its end.
    pub fn link(&self) -> Result<String, JsValue> {
        let p = self.referee.params().clone();
        let record = GameRecord::<Punter> { params: p, seed: self.seed, players: self.names.clone(), view: self.moves.len(), moves: self.moves.clone() };
        encode_game(&record).map_err(|(i, e)| js_error(format!("move {}: {e}", i + 1)))
    }
}
