//! `PunterSeries`: one game of a Punter series for the page's one referee loop, where some
//! entrants are bots written in JavaScript against the official protocol (run in the sandbox)
//! and the others built-in bots. The engine's `ProtocolGame` writes every message a JavaScript
//! bot receives, reads its answers and keeps the turns, timeouts and zombies; this handle only
//! translates, and the sandbox carries the messages and keeps the clock.

use super::{js_error, js_seed, series, to_js};
use crate::arena::{MatchRules, MatchSeeds};
use crate::game::Game;
use crate::link::encode_game;
use crate::punter::protocol::{Next, Phase, ProtocolGame, Verdict};
use crate::punter::PunterParams;
use serde::Serialize;
use wasm_bindgen::prelude::*;

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

#[derive(Serialize)]
struct RemarkJs {
    seat: usize,
    phase: &'static str,
    message: String,
    /// For an answer played as a pass: the game's turn (as the replay counts turns).
    turn: Option<u32>,
}

#[wasm_bindgen]
pub struct PunterSeries {
    inner: ProtocolGame,
    names: Vec<String>,
    seed: u64,
}

#[wasm_bindgen]
impl PunterSeries {
    /// Game `game` of a series of `entrants` (per entrant "js" or a bot name; entrant `e` sits
    /// in seat (e − game) mod n, seats rotating with the game), named `names` in the link.
    #[wasm_bindgen(constructor)]
    pub fn new(map_name: &str, map_text: &str, entrants: Vec<String>, names: Vec<String>, settings: JsValue, seed: f64, game: u32) -> Result<PunterSeries, JsValue> {
        let settings = super::punter::settings_of(settings)?;
        let params = PunterParams::new(map_name, map_text, entrants.len(), settings, Vec::new()).map_err(js_error)?;
        let inner = ProtocolGame::new(params, &entrants, seed as u64, game).map_err(js_error)?;
        Ok(PunterSeries { inner, names, seed: seed as u64 })
    }

    /// Plays built-in bots for at most `max` decisions, then says who must answer what:
    /// { status, phase, seat, entrant, game, view, limitMs, seed }.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        let game = self.inner.game_number();
        let done = |status| StepJs { status, phase: None, seat: None, entrant: None, game, view: None, limit_ms: None, seed: None };
        let step = match self.inner.next(max).map_err(js_error)? {
            Next::Running => done("running"),
            Next::Over => done("over"),
            Next::Ask(r) => StepJs {
                status: "ask",
                phase: Some(r.phase.name()),
                seat: Some(r.seat),
                entrant: Some(r.entrant),
                game,
                view: Some(r.message.to_string()),
                limit_ms: Some(r.phase.limit_ms()),
                seed: Some(js_seed(MatchSeeds(self.seed).entrant_game(r.entrant, game))),
            },
        };
        to_js(&step)
    }

    /// The asked bot's answer: its reply as JSON text. Returns { played, rejected, note }.
    pub fn answer(&mut self, text: &str, printed: &str) -> Result<JsValue, JsValue> {
        verdict(self.inner.answer(Ok(text), printed))
    }

    /// The asked bot failed: it threw or answered nothing (`timeout`: no answer in time;
    /// `stopped`: its sandbox was stopped). Any failure in setup makes a zombie from the start,
    /// as the official server did.
    pub fn fail(&mut self, message: String, timeout: bool, stopped: bool, printed: &str) -> Result<JsValue, JsValue> {
        let message = match self.inner.phase() {
            Some(Phase::Setup) if stopped => format!("its sandbox was stopped in setup ({message})"),
            _ => message,
        };
        verdict(self.inner.fail(&message, timeout, false, printed))
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
            /// What plays a failed answer (`MatchRules::FALLBACK`).
            fallback: &'static str,
        }
        let seating = self.inner.seating();
        let series = self.inner.series();
        let end = self.inner.end().map(|(g, _)| g);
        let timeouts = seating.iter().map(|&e| series.map_or(0, |x| x.timeouts()[e])).collect();
        let (scores, turn, turns) = end.map_or((vec![0; seating.len()], 0, 0), |g| (g.game().scores(), g.game().turn(), g.game().turns()));
        let (ranks, winners) = end.map_or((Vec::new(), Vec::new()), |g| (g.ranks(), g.winners()));
        // Answers played as a pass: the series' failures that were not timeouts.
        let failures = series.map_or(&[][..], |x| x.failures());
        let rejected = (0..seating.len()).map(|s| failures.iter().filter(|f| usize::from(f.seat) == s && !f.timeout).count() as u32).collect();
        to_js(&S { scores, timeouts, rejected, turn, turns, over: self.inner.is_over(), ranks, winners, fallback: crate::punter::Punter::FALLBACK })
    }

    /// Who sits where: the entrant in each seat.
    pub fn seating(&self) -> Vec<u32> {
        self.inner.seating().into_iter().map(|e| e as u32).collect()
    }

    /// What the referee said of the JavaScript bots' answers: [{ seat, phase, message }] (at
    /// most 200): setup's, then every move played as a pass (the series' failures).
    pub fn remarks(&self) -> Result<JsValue, JsValue> {
        let remarks: Vec<_> = self.inner.remarks().take(200).collect();
        let indices: Vec<usize> = remarks.iter().filter_map(|r| r.move_index).collect();
        let mut turns = match self.inner.record(&self.names) {
            Some(record) if !indices.is_empty() => series::turns_at(record, &indices).into_iter(),
            _ => Vec::new().into_iter(),
        };
        let all: Vec<RemarkJs> = remarks
            .into_iter()
            .map(|r| {
                let turn = if r.move_index.is_some() { turns.next().flatten() } else { None };
                RemarkJs { seat: r.seat, phase: r.phase.name(), message: r.message, turn }
            })
            .collect();
        to_js(&all)
    }

    /// Share link fragment of the game so far, viewed at its end.
    pub fn link(&self) -> Result<String, JsValue> {
        let record = self.inner.record(&self.names).ok_or_else(|| js_error("the game has not started"))?;
        encode_game(&record).map_err(|(i, e)| js_error(format!("move {}: {e}", i + 1)))
    }
}

fn verdict(v: Result<Verdict, String>) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Reply {
        played: String,
        rejected: Option<String>,
        note: Option<String>,
    }
    let v = v.map_err(js_error)?;
    to_js(&Reply { played: v.played, rejected: v.rejected, note: v.note })
}
