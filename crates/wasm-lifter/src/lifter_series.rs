//! `LifterSeries`: a Lifter game as a one-seat `arena::Series`, for the page's one referee loop
//! (www/referee.js): the user's `next(state)` answers each command from the sandbox; a failed or
//! refused answer is a wait, kept with the game's decisions. A "human" seat is answered by the
//! Play tab, command by command.

use lifter::{Command, Lifter, LifterParams};
use rails::arena::{Answer, Deciders, Series, SeriesSpec};
use rails::link::{encode_game, GameRecord};
use wasm_bindgen::prelude::*;
use wasm_common::play::{self, Follower};
use wasm_common::{js_error, series};

/// The seed of a Lifter game the page makes without one (a mine has no chance; a strategy's own
/// randomness is seeded from it by the series), so a game and its forks seed their strategies
/// alike. The lab's runs take the seed of its seed field, and their links carry it.
pub(crate) const SEED: u64 = 0;

#[wasm_bindgen]
pub struct LifterSeries {
    series: Series<Lifter>,
    names: Vec<String>,
    follower: Follower<Lifter>,
    /// The questions the seat was asked before a game went on from its link (continue from here).
    earlier: Vec<Vec<<Lifter as rails::game::Game>::View>>,
}

/// "js" (a strategy) and "human" both answer from outside the engine.
fn deciders_of(entrants: &[String]) -> Result<Deciders<Lifter>, JsValue> {
    match entrants {
        [e] if e == "js" || e == "human" => Ok(vec![None]),
        _ => Err(js_error(format!(
            "a Lifter game has one seat, played by \"js\" or \"human\", not {entrants:?}"
        ))),
    }
}

impl LifterSeries {
    /// The commands of the (one) game so far.
    fn commands(&self) -> &[Command] {
        match self.series.logs().last() {
            Some(log) => &log.moves,
            None => self.series.current_moves(),
        }
    }

    fn of(mut series: Series<Lifter>, names: Vec<String>) -> Result<LifterSeries, JsValue> {
        series.set_clock(Box::new(wasm_common::now_ms));
        let follower = Follower::of(&series)?;
        Ok(LifterSeries { series, names, follower, earlier: Vec::new() })
    }
}

#[wasm_bindgen]
impl LifterSeries {
    /// A new game on map `name` (`text`), its seat played by `entrant` ("js" or "human"),
    /// `label` naming it in the results, `seed` the series' seed (the strategy's own randomness
    /// comes from it; [`SEED`] when not given). Throws the map's error with line and column.
    #[wasm_bindgen(constructor)]
    pub fn new(
        name: String,
        text: String,
        entrant: String,
        label: String,
        seed: Option<f64>,
    ) -> Result<LifterSeries, JsValue> {
        let deciders = deciders_of(std::slice::from_ref(&entrant))?;
        let seed = seed.map_or(SEED, |s| s as u64);
        let spec = SeriesSpec::new(LifterParams { name, text }, 1, seed);
        LifterSeries::of(Series::new(spec, deciders).map_err(js_error)?, vec![label])
    }

    /// One game from a lifter link's position, its seat played by `entrants[0]`: continue from here.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(link: &str, entrants: Vec<String>) -> Result<LifterSeries, JsValue> {
        let record = rails::link::decode_game::<Lifter>(link).map_err(js_error)?.record;
        let earlier = play::earlier_questions::<Lifter>(&record, 1, 0, |_| true)?;
        let (series, players) = play::from_record::<Lifter>(record, deciders_of(&entrants)?, 0)?;
        let mut handle = LifterSeries::of(series, players)?;
        handle.earlier = earlier;
        Ok(handle)
    }

    /// The pending strategy's answer (a route letter, either case, blanks around it allowed);
    /// anything else is refused with the engine's reason and a wait is played.
    #[wasm_bindgen(js_name = answerCommand)]
    pub fn answer_command(&mut self, answer: &str, printed: &str, ms: f64) {
        match Command::from_answer(answer) {
            Ok(command) => self.series.answer_timed(Answer::Move(command), printed, ms),
            Err(e) => series::fail(&mut self.series, e, false, printed, ms),
        }
    }

    /// The pending strategy failed (`timeout`: it did not answer in time): a wait is played.
    pub fn fail(&mut self, message: String, timeout: bool, printed: &str, ms: f64) {
        series::fail(&mut self.series, message, timeout, printed, ms);
    }

    /// { status, entrant, seat, game, view, seed }: who must answer what (the one seat, always).
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        series::next(&mut self.series, max)
    }

    /// The link of the game so far, viewed at its end: the link `LifterGame` and the CLI give
    /// for its route (a Lifter link names no player).
    pub fn link(&self) -> Result<String, JsValue> {
        let moves = self.commands().to_vec();
        let record = GameRecord::<Lifter> {
            params: self.series.current_params().clone(),
            seed: self.series.spec().seed,
            players: Vec::new(),
            view: moves.len(),
            moves,
        };
        encode_game(&record).map_err(|(i, e)| js_error(format!("command {}: {e}", i + 1)))
    }

    /// { games: [{ game, seating, returns, winner, capped, moves, link }], failures, standings,
    /// output, fallback (what plays a failed command) }.
    pub fn results(&self) -> Result<JsValue, JsValue> {
        series::results(&self.series, &self.names)
    }

    /// The game's commands so far as a route.
    pub fn route(&self) -> String {
        self.commands().iter().map(|c| c.to_char()).collect()
    }

    /// True once the game is over.
    pub fn over(&self) -> bool {
        !self.series.logs().is_empty()
    }
}

/// The command a strategy's answer is, in the engine's words (its route letter); throws the
/// engine's reason for an answer that is not one (re-run here compares it with the recorded one).
#[wasm_bindgen(js_name = lifterCommand)]
pub fn lifter_command(answer: &str) -> Result<String, JsValue> {
    Command::from_answer(answer).map(|c| c.to_char().to_string()).map_err(js_error)
}

wasm_common::play_methods!(LifterSeries);
