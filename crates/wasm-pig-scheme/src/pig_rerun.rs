//! Re-run here, for Pig (the replay's inspector): a strategy keeps its state across the games of
//! a match, so what it saw before one of its decisions is every question its entrant was asked
//! in the match so far, the ones after a die's 1 included. `PigHistory` derives them from the
//! games' moves alone, game by game, as the series witnesses a game started from a position
//! (`Series::from_position`), so the page keeps nothing but the moves it already holds. A
//! JavaScript strategy is then started afresh in the sandbox with the seed its entrant was given
//! and handed the views (www/pig/seats.js `rerun`); a Scheme strategy is asked here, by a series,
//! after it witnessed them.

use pig::arena::{entrant_deciders, match_spec};
use pig::decider::decision;
use pig::{Pig, PigMove, PigParams, Situation, StrategySource};
use rails::arena::{Deciders, Series, SeriesSpec, Start};
use rails::game::{Actor, Game};
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_common::play::Witness;
use wasm_common::{js_error, js_seed, to_js};

/// What a re-run gave, as the inspector compares it with the recorded decision.
#[derive(Serialize)]
struct RerunJs {
    /// In the engine's words ("throw again", "hold · 12 banked"); null when it failed.
    answer: Option<String>,
    error: Option<String>,
    printed: String,
    ms: f64,
}

/// The history of one counted decision of a match (or of the Play tab's game, game 1 of a match).
#[wasm_bindgen]
pub struct PigHistory {
    spec: SeriesSpec<Pig>,
    /// Per game up to the decision's (that one cut before the decision), its moves.
    games: Vec<Vec<PigMove>>,
    entrant: usize,
    /// The questions asked before, each with the move played then; `mine[k]` of them in game k.
    asked: Vec<(Situation, PigMove)>,
    mine: Vec<usize>,
    /// The position of the decision, and the question it was.
    at: Pig,
    seat: u8,
    /// The seed of the entrant's own randomness for the match (`Series::entrant_seed` of its first game).
    seed: u64,
}

#[wasm_bindgen]
impl PigHistory {
    /// The decision of entrant `entrant` at move `move_index` of the last of the games whose move
    /// codes are `moves`, one game after the other (`lengths`: each game's count, from the first
    /// game of the match of `seed` to `target`). Throws when the moves do not replay or that move
    /// was not the entrant's decision.
    #[wasm_bindgen(constructor)]
    pub fn new(
        target: u32,
        seed: f64,
        moves: &[u8],
        lengths: &[u32],
        entrant: usize,
        move_index: usize,
    ) -> Result<PigHistory, JsValue> {
        let spec = match_spec(PigParams { target }, lengths.len() as u32, seed as u64);
        let mut games = Vec::new();
        let mut rest = moves;
        for (g, &n) in lengths.iter().enumerate() {
            let n = (n as usize).min(rest.len());
            let mut game = crate::pig::decode_moves(&rest[..n])
                .map_err(|e| js_error(format!("game {}, {e}", g + 1)))?;
            rest = &rest[n..];
            if g + 1 == lengths.len() {
                if move_index >= game.len() {
                    return Err(js_error(format!("game {} has no move {}", g + 1, move_index + 1)));
                }
                game.truncate(move_index);
            }
            games.push(game);
        }
        let asked = Rc::new(RefCell::new(Vec::new()));
        let (mut mine, mut seed, mut last) = (Vec::new(), 0, None);
        for g in 0..games.len() {
            let before = asked.borrow().len();
            let mut deciders: Deciders<Pig> = vec![None, None];
            let slot = deciders
                .get_mut(entrant)
                .ok_or_else(|| js_error(format!("a match has 2 entrants, not {}", entrant + 1)))?;
            *slot = Some(Box::new(Witness::<Pig>(Rc::clone(&asked))));
            let series = game_series(&spec, &games, g, deciders)?;
            mine.push(asked.borrow().len() - before);
            if g == 0 {
                seed = series.entrant_seed(entrant, spec.first);
            }
            last = Some(series);
        }
        let series = last.ok_or_else(|| js_error("no game to re-run"))?;
        let at = series.current().clone();
        let seat = match at.to_move() {
            Actor::Player(seat) if series.entrant_in(series.game_number(), seat) == entrant => seat,
            _ => {
                return Err(js_error(format!(
                    "move {} was not a decision of this strategy",
                    move_index + 1
                )))
            }
        };
        let asked = asked.take();
        Ok(PigHistory { spec, games, entrant, asked, mine, at, seat, seed })
    }

    /// The questions in order, the decision's last, as the JSON texts a strategy is handed.
    pub fn views(&self) -> Result<Vec<String>, JsValue> {
        let last = self.at.view(self.seat);
        self.asked
            .iter()
            .map(|(v, _)| v)
            .chain([&last])
            .map(|v| serde_json::to_string(v).map_err(js_error))
            .collect()
    }

    /// The seed a JavaScript strategy of the entrant was started with.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        js_seed(self.seed)
    }

    /// An answer at the decision, in the engine's words: `true` throws again.
    pub fn label(&self, throw_again: bool) -> String {
        self.at.move_label(&decision(throw_again))
    }

    /// The Scheme strategy `source`, seated as the match seated the entrant and shown every
    /// earlier question (its answers dropped), asked the decision by a series: { answer, error,
    /// printed, ms }, as the recorded decision has them.
    #[wasm_bindgen(js_name = rerunScheme)]
    pub fn rerun_scheme(&self, source: String) -> Result<JsValue, JsValue> {
        let failed = |error: String| {
            to_js(&RerunJs { answer: None, error: Some(error), printed: String::new(), ms: 0.0 })
        };
        let mut sources = [None, None];
        sources[self.entrant] = Some(StrategySource::Scheme(source));
        let mut deciders = match entrant_deciders(
            &sources.iter().map(Option::as_ref).collect::<Vec<_>>(),
            self.spec.params.target,
        ) {
            Ok(d) => d,
            Err(e) => return failed(format!("does not load: {}", e.message)),
        };
        let g = self.games.len() - 1;
        if let Some(d) = deciders[self.entrant].as_mut() {
            // Seated for the match's first game, then shown the questions of the games before this one.
            let first_seat = (0..2)
                .find(|&s| {
                    rails::arena::seating(2, self.spec.shift, self.spec.first, s) == self.entrant
                })
                .unwrap_or(0);
            d.prepare(&mut self.spec.params.clone(), first_seat, self.seed);
            let earlier: usize = self.mine[..g].iter().sum();
            for (view, played) in &self.asked[..earlier] {
                d.witness(view, played);
            }
        }
        let mut series = game_series(&self.spec, &self.games, g, deciders)?;
        series.set_clock(Box::new(wasm_common::now_ms));
        series.advance(1);
        match series.current_decisions().last() {
            Some(d) => to_js(&RerunJs {
                // The answer in the engine's words, from the game's moves (arena::MoveLabels).
                answer: d.refused().is_none().then(|| {
                    rails::arena::MoveLabels::<Pig>::of(
                        series.current_params(),
                        series.current_moves(),
                    )
                    .map(|l| l.answer(d))
                    .unwrap_or_default()
                }),
                error: d.refused().map(str::to_string),
                printed: d.printed().to_string(),
                ms: d.ms,
            }),
            None => failed("the strategy was not asked".into()),
        }
    }
}

/// Game `g` of the match `spec` started at the position after `games[g]`, `deciders` witnessing
/// the questions before it.
fn game_series(
    spec: &SeriesSpec<Pig>,
    games: &[Vec<PigMove>],
    g: usize,
    deciders: Deciders<Pig>,
) -> Result<Series<Pig>, JsValue> {
    let game_spec = SeriesSpec { first: spec.first + g as u32, games: 1, ..spec.clone() };
    let start = Start { params: spec.params.clone(), moves: games[g].clone() };
    Series::from_position(game_spec, deciders, start)
        .map_err(|e| js_error(format!("game {}, {e}", g + 1)))
}
