//! `PunterPlay`: the Play tab's game as a one-game Punter series (arena::Series, run in the
//! sandbox worker through the page's one referee loop): the built-in bots are seated, seeded and
//! bid their futures (`Decider::prepare`) exactly as in an arena, and the human seats are outside
//! seats that answer with a move, by its index among the legal moves.

use super::play::{self, Follower};
use super::{js_error, series};
use crate::arena::{Deciders, Series};
use crate::game::Game;
use crate::punter::bots::entrants;
use crate::punter::Punter;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct PunterPlay {
    series: Series<Punter>,
    names: Vec<String>,
    /// The game as the page last saw it.
    follower: Follower<Punter>,
}

/// The seats' deciders for game 0 of the series of `seed`: a built-in bot, or `None` for a human.
pub(super) fn play_entrants(seats: &[String], seed: u64) -> Result<Deciders<Punter>, JsValue> {
    entrants(seats, seed, 0).map_err(js_error)
}

#[wasm_bindgen]
impl PunterPlay {
    /// The game of a punter link (`assets` as for `PunterGame.fromLink`), played on from its
    /// position: seat `i` by `seats[i]` ("human" or a built-in bot), with the link's seed.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(link: &str, seats: Vec<String>, assets: JsValue) -> Result<PunterPlay, JsValue> {
        let record = crate::link::decode_game_with::<Punter>(link, super::assets_of(assets)?).map_err(js_error)?.record;
        let deciders = play_entrants(&seats, record.seed)?;
        let (mut series, names) = play::from_record(record, deciders)?;
        if series.entrants() != series.current().seats() {
            return Err(js_error(format!("the game has {} punters, not {}", series.current().seats(), series.entrants())));
        }
        series.set_clock(Box::new(super::now_ms));
        let follower = Follower::of(&series)?;
        Ok(PunterPlay { series, names, follower })
    }

    /// The link of the game so far, viewed at its end.
    pub fn link(&self) -> Result<String, JsValue> {
        play::link_now(&self.series, &self.names)
    }

    /// Plays the bots for at most `max` decisions: { status, entrant, seat, game, view, seed }.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        series::next(&mut self.series, max)
    }
}

play::play_methods!(PunterPlay);
