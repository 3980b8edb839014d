//! `LabyrinthSeries`: Labyrinth games of a match on the shared series (arena::Series), for the
//! page's one referee loop: AI levels play in the engine, JavaScript strategies answer from the
//! sandbox a whole turn at a time.

use super::{js_error, series};
use crate::arena::{Answer, Series, SeriesSpec};
use crate::game::Game;
use crate::labyrinth::ai_seat::entrant_decider;
use crate::labyrinth::game::LabyrinthParams;
use crate::labyrinth::state::{Color, Control, Labyrinth, Rules};
use crate::labyrinth::turn_answer::TurnAnswer;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct LabyrinthSeries {
    series: Series<Labyrinth>,
    names: Vec<String>,
}

#[wasm_bindgen]
impl LabyrinthSeries {
    /// Games `first` … `first + games − 1` of a series between `entrants` ("js" for a strategy
    /// answered from outside, or an AI level) on `seats` seats (1–4), seats rotating; `names`
    /// label the entrants in links.
    #[wasm_bindgen(constructor)]
    pub fn new(entrants: Vec<String>, names: Vec<String>, seats: usize, ravensburger: bool, seed: f64, first: u32, games: u32) -> Result<LabyrinthSeries, JsValue> {
        if !(1..=4).contains(&seats) {
            return Err(js_error("a Labyrinth game has 1 to 4 seats"));
        }
        let deciders = entrants.iter().map(|e| entrant_decider(e)).collect::<Result<_, _>>().map_err(js_error)?;
        let players = Color::ALL[..seats].iter().map(|&c| (c, Control::Ai)).collect();
        let rules = if ravensburger { Rules::Ravensburger } else { Rules::Assignment };
        let params = LabyrinthParams { players, rules, seed: 0, saved: None };
        let spec = SeriesSpec { first, ..SeriesSpec::new(params, games, seed as u64) };
        Ok(LabyrinthSeries { series: Series::new(spec, deciders).map_err(js_error)?, names })
    }

    /// Plays AI seats for at most `max` decisions: { status, entrant, seat, game, view, seed }.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        series::next(&mut self.series, max)
    }

    /// The pending strategy's turn `{ insertion, rotation, row, column }`; one the rules do not
    /// allow is played by the greedy AI, with the engine's reason.
    #[wasm_bindgen(js_name = answerTurn)]
    pub fn answer_turn(&mut self, insertion: u32, rotation: &str, row: u32, column: u32, printed: &str) {
        let answer = TurnAnswer { insertion: insertion.into(), rotation: rotation.to_string(), row: row.into(), column: column.into() };
        match answer.moves(self.series.current()) {
            Ok(moves) => self.series.answer(Answer::Turn(moves.to_vec()), printed),
            Err(e) => series::fail(&mut self.series, e.to_string(), false, printed),
        }
    }

    /// The pending strategy failed (`timeout`: it did not answer in time).
    pub fn fail(&mut self, message: String, timeout: bool, printed: &str) {
        series::fail(&mut self.series, message, timeout, printed);
    }

    /// { games: [{ game, seating, returns, winner, capped, moves, link }], failures, standings, output }.
    pub fn results(&self) -> Result<JsValue, JsValue> {
        series::results(&self.series, &self.names)
    }

    /// Turns played in each game so far.
    pub fn turns(&self) -> Vec<u32> {
        self.series.logs().iter().map(|l| l.end.turns).collect()
    }

    /// The colour of each seat of the games (yellow, red, blue, green).
    pub fn colours(&self) -> Vec<String> {
        self.series.current().players.iter().map(|p| p.color.name().to_string()).collect()
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.series.current().seats()
    }
}
