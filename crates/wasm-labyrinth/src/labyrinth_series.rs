//! `LabyrinthSeries`: Labyrinth games of a match on the shared series (arena::Series), for the
//! page's one referee loop: AI levels play in the engine, JavaScript strategies answer from the
//! sandbox a whole turn at a time.

use labyrinth::ai_seat::entrant_decider;
use labyrinth::game::LabyrinthParams;
use labyrinth::state::{Color, Control, Labyrinth, LabyrinthMove, Rules};
use labyrinth::turn_answer::TurnAnswer;
use rails::arena::{Answer, Deciders, Series, SeriesSpec};
use rails::game::Game;
use wasm_bindgen::prelude::*;
use wasm_common::play::{self, Follower};
use wasm_common::{js_error, series};

#[wasm_bindgen]
pub struct LabyrinthSeries {
    series: Series<Labyrinth>,
    names: Vec<String>,
    /// The game as the page last saw it (Play).
    follower: Follower<Labyrinth>,
    /// Per seat, the questions it was asked before a Play game went on from its link.
    earlier: Vec<Vec<<Labyrinth as Game>::View>>,
}

/// The entrants' deciders: an AI level plays in the engine; "js" (a strategy) and "human" answer
/// from outside.
fn deciders_of(entrants: &[String]) -> Result<Deciders<Labyrinth>, JsValue> {
    entrants.iter().map(|e| entrant_decider(e)).collect::<Result<_, _>>().map_err(js_error)
}

impl LabyrinthSeries {
    fn of(mut series: Series<Labyrinth>, names: Vec<String>) -> Result<LabyrinthSeries, JsValue> {
        series.set_clock(Box::new(wasm_common::now_ms));
        let follower = Follower::of(&series)?;
        Ok(LabyrinthSeries { series, names, follower, earlier: Vec::new() })
    }
}

#[wasm_bindgen]
impl LabyrinthSeries {
    /// Games `first` … `first + games − 1` of a series between `entrants` ("js" for a strategy
    /// answered from outside, or an AI level) on `seats` seats (1–4), seats rotating; `names`
    /// label the entrants in links.
    #[wasm_bindgen(constructor)]
    pub fn new(
        entrants: Vec<String>,
        names: Vec<String>,
        seats: usize,
        ravensburger: bool,
        seed: f64,
        first: u32,
        games: u32,
    ) -> Result<LabyrinthSeries, JsValue> {
        if !(1..=4).contains(&seats) {
            return Err(js_error("a Labyrinth game has 1 to 4 seats"));
        }
        let deciders = deciders_of(&entrants)?;
        let players = Color::ALL[..seats].iter().map(|&c| (c, Control::Ai)).collect();
        let rules = if ravensburger { Rules::Ravensburger } else { Rules::Assignment };
        let params = LabyrinthParams { players, rules, seed: 0, saved: None };
        let spec = SeriesSpec { first, ..SeriesSpec::new(params, games, seed as u64) };
        LabyrinthSeries::of(Series::new(spec, deciders).map_err(js_error)?, names)
    }

    /// One game from a labyrinth link's position, seat `i` played by `entrants[i]` (an AI level,
    /// "js" or "human"), with the link's seed: Play, continue from here. `game`: the game's number
    /// in its series (a lab game goes on with that game's seeds; 0 when not given).
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(
        link: &str,
        entrants: Vec<String>,
        game: Option<u32>,
    ) -> Result<LabyrinthSeries, JsValue> {
        let game = game.unwrap_or(0);
        let record = rails::link::decode_game::<Labyrinth>(link).map_err(js_error)?.record;
        let (series, players) =
            play::from_record::<Labyrinth>(record.clone(), deciders_of(&entrants)?, game)?;
        if series.entrants() != series.current().seats() {
            return Err(js_error(format!(
                "the game has {} players, not {}",
                series.current().seats(),
                series.entrants()
            )));
        }
        let seats = series.current().seats();
        let mut handle = LabyrinthSeries::of(series, players)?;
        // A strategy answers a whole turn (shift and move) to one question, asked at the shift.
        handle.earlier = play::earlier_questions::<Labyrinth>(&record, seats, game, |mv| {
            matches!(mv, LabyrinthMove::Shift { .. })
        })?;
        Ok(handle)
    }

    /// The link of the game (the first of the series, or the one being played) so far.
    pub fn link(&self) -> Result<String, JsValue> {
        play::link_now(&self.series, &self.names)
    }

    /// Plays AI seats for at most `max` decisions: { status, entrant, seat, game, view, seed }.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        series::next(&mut self.series, max)
    }

    /// The pending strategy's turn `{ insertion, rotation, row, column }`; one the rules do not
    /// allow is played by the greedy AI, with the engine's reason.
    #[wasm_bindgen(js_name = answerTurn)]
    pub fn answer_turn(
        &mut self,
        insertion: u32,
        rotation: &str,
        row: u32,
        column: u32,
        printed: &str,
        ms: f64,
    ) {
        let answer = TurnAnswer {
            insertion: insertion.into(),
            rotation: rotation.to_string(),
            row: row.into(),
            column: column.into(),
        };
        match answer.moves(self.series.current()) {
            Ok(moves) => self.series.answer_timed(Answer::Turn(moves.to_vec()), printed, ms),
            Err(e) => series::fail(&mut self.series, e.to_string(), false, printed, ms),
        }
    }

    /// The pending strategy failed (`timeout`: it did not answer in time).
    pub fn fail(&mut self, message: String, timeout: bool, printed: &str, ms: f64) {
        series::fail(&mut self.series, message, timeout, printed, ms);
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

wasm_common::play_methods!(LabyrinthSeries);
