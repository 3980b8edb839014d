//! `PunterSeries`: one game of a Punter series (arena::Series) for the page's one referee loop,
//! where some entrants are bots written in JavaScript against the official protocol (run in the
//! sandbox) and the others built-in bots. The engine writes every message a JavaScript bot
//! receives (ProtocolSeat) and reads its answers; the series seats everyone, keeps the turns,
//! the timeouts and zombies (ten timeouts, the official rule) and plays a pass for a failed
//! answer. The sandbox only carries the messages and keeps the clock.

use super::{js_error, js_seed, to_js};
use crate::arena::{seating, Answer, MatchSeeds, Series, SeriesSpec, Step};
use crate::game::{Actor, Game};
use crate::link::encode_game;
use crate::punter::bots::entrants;
use crate::punter::protocol::{Message, ProtocolSeat};
use crate::punter::{Punter, PunterParams};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The official time limits.
const SETUP_MS: u32 = 10_000;
const MOVE_MS: u32 = 1_000;
const ZOMBIE_AFTER: u32 = 10;

#[derive(Serialize)]
struct StepJs {
    /// "ask": the JavaScript bot in `seat` (entrant `entrant`) must answer `view` (the
    /// protocol message, JSON text) within `limitMs`; "running": call again; "over".
    status: &'static str,
    /// "setup", "move" or "stop".
    phase: Option<&'static str>,
    seat: Option<usize>,
    entrant: Option<usize>,
    game: u32,
    view: Option<String>,
    #[serde(rename = "limitMs")]
    limit_ms: Option<u32>,
    seed: Option<f64>,
}

#[derive(Serialize, Clone)]
struct Remark {
    seat: usize,
    phase: &'static str,
    message: String,
}

enum Phase {
    /// Asking the JavaScript seats for "ready", in seat order, from this seat on.
    Setup(usize),
    Play,
    Stop(usize),
    Over,
}

#[wasm_bindgen]
pub struct PunterSeries {
    params: PunterParams,
    entrants: Vec<String>,
    names: Vec<String>,
    game: u32,
    seed: u64,
    /// Per seat: the protocol side of a JavaScript bot.
    seats: Vec<Option<ProtocolSeat>>,
    /// Seats stopped in setup: zombies from the start.
    zombies: Vec<bool>,
    series: Option<Series<Punter>>,
    phase: Phase,
    /// What the referee said in setup (a move's failures are the series' own).
    setup_remarks: Vec<Remark>,
}

impl PunterSeries {
    fn entrant_in(&self, seat: usize) -> usize {
        seating(self.entrants.len(), 0, self.game, seat as u8)
    }
    fn js_seat_from(&self, from: usize) -> Option<usize> {
        (from..self.seats.len()).find(|&s| self.seats[s].is_some())
    }
    fn step(&self, phase: &'static str, seat: usize, message: Value, limit: u32) -> StepJs {
        let entrant = self.entrant_in(seat);
        StepJs {
            status: "ask",
            phase: Some(phase),
            seat: Some(seat),
            entrant: Some(entrant),
            game: self.game,
            view: Some(message.to_string()),
            limit_ms: Some(limit),
            seed: Some(js_seed(MatchSeeds(self.seed).entrant_game(entrant, self.game))),
        }
    }
    fn done(&self, status: &'static str) -> StepJs {
        StepJs { status, phase: None, seat: None, entrant: None, game: self.game, view: None, limit_ms: None, seed: None }
    }
    /// Seats everyone and starts the game (after setup): built-in bots in the engine, the
    /// JavaScript seats answered from outside.
    fn start(&mut self) -> Result<(), JsValue> {
        let deciders = entrants(&self.entrants, self.seed, self.game).map_err(js_error)?;
        let spec = SeriesSpec { first: self.game, zombie_after: Some(ZOMBIE_AFTER), ..SeriesSpec::new(self.params.clone(), 1, self.seed) };
        let mut series = Series::new(spec, deciders).map_err(js_error)?;
        for seat in 0..self.seats.len() {
            if self.zombies[seat] {
                series.make_zombie(self.entrant_in(seat));
            }
        }
        self.series = Some(series);
        self.phase = Phase::Play;
        Ok(())
    }
    fn play(&mut self, max: u32) -> Result<StepJs, JsValue> {
        let Some(series) = self.series.as_mut() else { return Err(js_error("the game has not started")) };
        match series.advance(max) {
            Step::Running => Ok(self.done("running")),
            Step::Finished => {
                self.phase = self.js_seat_from(0).map_or(Phase::Over, Phase::Stop);
                Ok(self.done(if matches!(self.phase, Phase::Over) { "over" } else { "running" }))
            }
            Step::Ask(q) => {
                let seat = usize::from(q.seat);
                let protocol = self.seats[seat].as_ref().ok_or_else(|| js_error(format!("seat {seat} is not a JavaScript bot")))?;
                let message = protocol.move_request(series.current(), series.current_moves()).to_json();
                Ok(self.step("move", seat, message, MOVE_MS))
            }
        }
    }
    /// The game as it ends (or stands), and its moves.
    fn end(&self) -> Option<(&Punter, &[crate::punter::PunterMove])> {
        let s = self.series.as_ref()?;
        match s.logs().first() {
            Some(log) => Some((&log.end, &log.moves)),
            None => Some((s.current(), s.current_moves())),
        }
    }
}

#[wasm_bindgen]
impl PunterSeries {
    /// Game `game` of a series of `entrants` (per entrant "js" or a bot name; entrant `e` sits
    /// in seat (e − game) mod n, seats rotating with the game), named `names` in the link.
    #[wasm_bindgen(constructor)]
    pub fn new(map_name: &str, map_text: &str, entrants: Vec<String>, names: Vec<String>, settings: JsValue, seed: f64, game: u32) -> Result<PunterSeries, JsValue> {
        let settings = super::punter::settings_of(settings)?;
        let n = entrants.len();
        if !(2..=crate::punter::state::MAX_PUNTERS).contains(&n) {
            return Err(js_error(format!("a game needs 2 to {} punters", crate::punter::state::MAX_PUNTERS)));
        }
        let params = PunterParams::new(map_name, map_text, n, settings, Vec::new()).map_err(js_error)?;
        let mut s = PunterSeries {
            params, entrants, names, game, seed: seed as u64, seats: vec![None; n], zombies: vec![false; n], series: None,
            phase: Phase::Over, setup_remarks: Vec::new(),
        };
        for seat in 0..n {
            if s.entrants[s.entrant_in(seat)] == "js" {
                s.seats[seat] = Some(ProtocolSeat::new(seat));
            }
        }
        match s.js_seat_from(0) {
            Some(seat) => s.phase = Phase::Setup(seat),
            None => s.start()?,
        }
        Ok(s)
    }

    /// Plays built-in bots for at most `max` decisions, then says who must answer what:
    /// { status, phase, seat, entrant, game, view, limitMs, seed }.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        let step = match self.phase {
            Phase::Setup(seat) => {
                let message = self.seats[seat].as_ref().map(|p| p.setup(&self.params).to_json()).unwrap_or_default();
                self.step("setup", seat, message, SETUP_MS)
            }
            Phase::Play => self.play(max)?,
            Phase::Stop(seat) => {
                let message = match (self.seats[seat].as_ref(), self.end()) {
                    (Some(p), Some((game, moves))) => p.stop(game, moves).to_json(),
                    _ => Value::Null,
                };
                self.step("stop", seat, message, MOVE_MS)
            }
            Phase::Over => self.done("over"),
        };
        to_js(&step)
    }

    /// The asked bot's answer: its reply as JSON text. Returns { played, rejected, note }.
    pub fn answer(&mut self, text: &str, printed: &str) -> Result<JsValue, JsValue> {
        let value: Result<Value, String> = serde_json::from_str(text).map_err(|e| format!("malformed answer: {e}"));
        match self.phase {
            Phase::Setup(seat) => {
                let outcome = match (&value, self.seats[seat].as_mut()) {
                    (Ok(v), Some(p)) => p.take_ready(&mut self.params, v).map_err(|e| e.to_string()),
                    (Err(e), _) => Err(e.clone()),
                    (_, None) => Err("not a JavaScript seat".into()),
                };
                let (rejected, note) = match outcome {
                    Ok(note) => (None, note),
                    Err(e) => (Some(e), None),
                };
                self.after_setup(seat, rejected.clone().or(note.clone()))?;
                reply(if rejected.is_some() { "pass" } else { "ready" }, rejected, note)
            }
            Phase::Play => {
                let Some(series) = self.series.as_mut() else { return Err(js_error("the game has not started")) };
                let Actor::Player(seat) = series.current().to_move() else { return Err(js_error("nobody is to move")) };
                let seat = usize::from(seat);
                let turn = match (&value, self.seats[seat].as_mut()) {
                    (Ok(v), Some(p)) => p.answer(series.current(), series.current_moves(), v),
                    (Err(e), _) => Err(e.clone()),
                    (_, None) => Err("not a JavaScript seat".into()),
                };
                let played = match &turn {
                    Ok(steps) => series.current().move_label(&steps[0]),
                    Err(_) => "pass".into(),
                };
                match turn {
                    Ok(steps) => series.answer(Answer::Turn(steps), printed),
                    Err(why) => {
                        series.answer(Answer::Failed(why.clone()), printed);
                        return reply("pass", Some(why), None);
                    }
                }
                reply(&played, None, None)
            }
            Phase::Stop(seat) => {
                self.phase = self.js_seat_from(seat + 1).map_or(Phase::Over, Phase::Stop);
                reply("stop", None, None)
            }
            Phase::Over => Err(js_error("the game is over")),
        }
    }

    /// The asked bot failed: it threw or answered nothing (`timeout`: no answer in time;
    /// `stopped`: its sandbox was stopped, so it cannot be asked again). A bot stopped in setup
    /// is a zombie from the start, as the official server made a crashed punter.
    pub fn fail(&mut self, message: String, timeout: bool, stopped: bool, printed: &str) -> Result<JsValue, JsValue> {
        match self.phase {
            Phase::Setup(seat) => {
                let said = if stopped {
                    self.zombies[seat] = true;
                    format!("a zombie from the start: its sandbox was stopped in setup ({message}); it passes for the whole game and is not asked again")
                } else {
                    message
                };
                self.after_setup(seat, Some(said.clone()))?;
                reply("pass", Some(said), None)
            }
            Phase::Play => {
                let Some(series) = self.series.as_mut() else { return Err(js_error("the game has not started")) };
                series.answer(if timeout { Answer::TimedOut(message.clone()) } else { Answer::Failed(message.clone()) }, printed);
                reply("pass", Some(message), None)
            }
            Phase::Stop(seat) => {
                self.phase = self.js_seat_from(seat + 1).map_or(Phase::Over, Phase::Stop);
                reply("stop", None, None)
            }
            Phase::Over => Err(js_error("the game is over")),
        }
    }

    /// Scores, timeouts and rejected answers per seat, turn and turns, and whether it is over.
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
        let end = self.end().map(|(g, _)| g);
        let timeouts = (0..self.seats.len()).map(|s| self.series.as_ref().map_or(0, |x| x.timeouts()[self.entrant_in(s)])).collect();
        let (scores, turn, turns) = end.map_or((vec![0; self.seats.len()], 0, 0), |g| (g.game().scores(), g.game().turn(), g.game().turns()));
        let (ranks, winners) = end.map_or((Vec::new(), Vec::new()), |g| (g.ranks(), g.winners()));
        // Answers played as a pass: the series' failures that were not timeouts.
        let failures = self.series.as_ref().map_or(&[][..], |x| x.failures());
        let rejected = (0..self.seats.len()).map(|s| failures.iter().filter(|f| usize::from(f.seat) == s && !f.timeout).count() as u32).collect();
        to_js(&S { scores, timeouts, rejected, turn, turns, over: matches!(self.phase, Phase::Over), ranks, winners })
    }

    /// Who sits where: the entrant in each seat.
    pub fn seating(&self) -> Vec<u32> {
        (0..self.seats.len()).map(|s| self.entrant_in(s) as u32).collect()
    }

    /// What the referee said of the JavaScript bots' answers: [{ seat, phase, message }] (at
    /// most 200): setup's, then every move played as a pass (the series' failures).
    pub fn remarks(&self) -> Result<JsValue, JsValue> {
        let moves = self.series.iter().flat_map(|s| s.failures()).map(|f| Remark { seat: usize::from(f.seat), phase: "move", message: f.message.clone() });
        let all: Vec<Remark> = self.setup_remarks.iter().cloned().chain(moves).take(200).collect();
        to_js(&all)
    }

    /// Share link fragment of the game so far, viewed at its end.
    pub fn link(&self) -> Result<String, JsValue> {
        let series = self.series.as_ref().ok_or_else(|| js_error("the game has not started"))?;
        let record = match series.logs().first() {
            Some(log) => log.record(self.seed, &self.names),
            None => {
                let seating: Vec<usize> = (0..self.seats.len()).map(|s| self.entrant_in(s)).collect();
                let players = seating.iter().map(|&e| self.names.get(e).cloned().unwrap_or_default()).collect();
                let moves = series.current_moves().to_vec();
                crate::link::GameRecord { params: series.current_params().clone(), seed: self.seed, players, view: moves.len(), moves }
            }
        };
        encode_game(&record).map_err(|(i, e)| js_error(format!("move {}: {e}", i + 1)))
    }
}

impl PunterSeries {
    fn after_setup(&mut self, seat: usize, said: Option<String>) -> Result<(), JsValue> {
        if let Some(message) = said {
            self.setup_remarks.push(Remark { seat, phase: "setup", message });
        }
        match self.js_seat_from(seat + 1) {
            Some(next) => self.phase = Phase::Setup(next),
            None => self.start()?,
        }
        Ok(())
    }
}

fn reply(played: &str, rejected: Option<String>, note: Option<String>) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Reply<'a> {
        played: &'a str,
        rejected: Option<String>,
        note: Option<String>,
    }
    to_js(&Reply { played, rejected, note })
}
