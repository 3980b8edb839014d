//! Pig tournaments for JavaScript: more than two strategies, every pair a match; the same
//! advance / answer protocol as `PigMatch`, and standings with Wilson intervals and Elo.

use super::pig::{code, source_of, AdvanceJs, EntrantJs, FailureJs};
use super::{js_error, to_js};
use crate::arena::{wilson_interval, MatchSeeds};
use crate::pig::links::encode_tournament;
use crate::pig::tournament::{TournamentRunner, TournamentSpec};
use crate::pig::Entrant;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[derive(Deserialize)]
struct TournamentJs {
    entrants: Vec<EntrantJs>,
    /// Games per pair.
    games: u32,
    seed: f64,
    target: u32,
}

fn spec_from_js(spec: JsValue) -> Result<TournamentSpec, JsValue> {
    let s: TournamentJs = serde_wasm_bindgen::from_value(spec).map_err(js_error)?;
    let entrants = s
        .entrants
        .into_iter()
        .map(|e| Ok(Entrant { label: e.label, source: source_of(&e.kind, e.source)? }))
        .collect::<Result<Vec<_>, JsValue>>()?;
    Ok(TournamentSpec { entrants, games: s.games, seed: s.seed as u64, target: s.target })
}

/// Share link fragment of a tournament (`pig-tournament/1/…`).
#[wasm_bindgen(js_name = pigTournamentLink)]
pub fn pig_tournament_link(spec: JsValue) -> Result<String, JsValue> {
    Ok(encode_tournament(&spec_from_js(spec)?))
}

#[derive(Serialize)]
struct RowJs {
    entrant: usize,
    label: String,
    games: u32,
    wins: u32,
    losses: u32,
    win_rate: f64,
    ci95: (f64, f64),
    elo: f64,
}

#[derive(Serialize)]
struct SummaryJs {
    games: u32,
    games_done: u32,
    /// Best Elo first.
    standings: Vec<RowJs>,
}

#[derive(Serialize)]
struct GameJs {
    pair: usize,
    first: usize,
    second: usize,
    winner: usize,
    totals: [u32; 2],
    moves: Vec<u8>,
    output: String,
}

#[wasm_bindgen]
pub struct PigTournament {
    runner: TournamentRunner,
}

#[wasm_bindgen]
impl PigTournament {
    /// `{ entrants: [{ label, kind, source }, …] (3 to 16), games (per pair), seed, target }`.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<PigTournament, JsValue> {
        let spec = spec_from_js(spec)?;
        let labels: Vec<String> = spec.entrants.iter().map(|e| e.label.clone()).collect();
        let runner = TournamentRunner::new(spec).map_err(|e| match e.entrant {
            Some(i) => js_error(format!("{} does not load: {}", labels[usize::from(i)], e.message)),
            None => js_error(e.message),
        })?;
        Ok(PigTournament { runner })
    }
    /// The seed of entrant `i`'s own randomness (a JavaScript strategy's `Math.random`).
    #[wasm_bindgen(js_name = entrantSeed)]
    pub fn entrant_seed(&self, i: usize) -> f64 {
        super::js_seed(MatchSeeds(self.runner.spec().seed).entrant(i))
    }
    pub fn advance(&mut self, max_decisions: u32) -> Result<JsValue, JsValue> {
        to_js(&AdvanceJs::of(self.runner.advance(max_decisions)))
    }
    pub fn answer(&mut self, throw_again: bool, error: Option<String>, printed: &str) {
        self.runner.answer(error.map_or(Ok(throw_again), Err), printed);
    }
    #[wasm_bindgen(js_name = answerTimeout)]
    pub fn answer_timeout(&mut self, message: String, printed: &str) {
        self.runner.answer_timeout(message, printed);
    }
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        let s = self.runner.standings();
        let elo = s.elo();
        let mut standings: Vec<RowJs> = s
            .tallies
            .iter()
            .enumerate()
            .map(|(i, t)| RowJs {
                entrant: i,
                label: self.runner.spec().entrants[i].label.clone(),
                games: t.games,
                wins: t.wins,
                losses: t.losses,
                win_rate: if t.games == 0 { 0.0 } else { f64::from(t.wins) / f64::from(t.games) },
                ci95: wilson_interval(t.wins, t.games),
                elo: elo[i],
            })
            .collect();
        standings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        to_js(&SummaryJs { games: self.runner.games_total(), games_done: self.runner.games().len() as u32, standings })
    }
    pub fn logs(&self) -> Result<JsValue, JsValue> {
        let games: Vec<GameJs> = self
            .runner
            .games()
            .iter()
            .map(|g| GameJs {
                pair: g.pair,
                first: g.first,
                second: g.second,
                winner: g.winner,
                totals: g.log.totals,
                moves: g.log.moves.iter().map(|&m| code(m)).collect(),
                output: g.log.output.clone(),
            })
            .collect();
        to_js(&games)
    }
    pub fn failures(&self) -> Result<JsValue, JsValue> {
        let f: Vec<FailureJs> = self
            .runner
            .failures()
            .iter()
            .map(|(who, f)| FailureJs { game: f.game, move_index: f.move_index, entrant: *who as u8, message: f.message.clone() })
            .collect();
        to_js(&f)
    }
}
