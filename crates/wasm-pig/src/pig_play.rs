//! `PigPlay`: the Play tab's game as a one-game series (`arena::Series`) from a pig link's
//! position, for the page's one referee loop (www/referee.js, in the sandbox worker): built-in
//! and Scheme strategies play in the engine, a JavaScript strategy answers from the sandbox, a
//! human's move comes by its index. The die's throws are the series' chance moves and the
//! question asked after a 1 is the series' (`MatchRules::courtesy`).

use crate::pig::{source_of, EntrantJs};
use pig::arena::{entrant_deciders, match_spec};
use pig::decider::decision;
use pig::{Pig, PigMove, Situation, StrategySource};
use rails::arena::{seating, Answer, Series, Step};
use wasm_bindgen::prelude::*;
use wasm_common::play::{self, Follower};
use wasm_common::{js_error, series};

#[wasm_bindgen]
pub struct PigPlay {
    series: Series<Pig>,
    /// Per entrant.
    names: Vec<String>,
    /// Per entrant: played by a human.
    humans: Vec<bool>,
    /// The game as the page last saw it.
    follower: Follower<Pig>,
    /// Per seat, the questions it was asked before the link's position.
    earlier: Vec<Vec<Situation>>,
}

#[wasm_bindgen]
impl PigPlay {
    /// The game of a pig link from the position it is viewed at, seat `i` played by
    /// `entrants[i]` ({ label, kind: "human" | "builtin" | "scheme" | "js", source }), with the
    /// link's seed; throws "LABEL does not load: …" for a strategy that does not load. The game
    /// is game 1 of a match of the link's seed (`match_spec`): the strategy in a seat is the
    /// entrant a match seats there, seeded as that entrant (`Series::entrant_seed`), so the same
    /// seats and seed give the same game here and in a match.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(link: &str, entrants: JsValue) -> Result<PigPlay, JsValue> {
        let per_seat: Vec<EntrantJs> =
            serde_wasm_bindgen::from_value(entrants).map_err(js_error)?;
        if per_seat.len() != 2 {
            return Err(js_error(format!("a Pig game has 2 players, not {}", per_seat.len())));
        }
        let record = rails::link::decode_game::<Pig>(link).map_err(js_error)?.record;
        let spec = match_spec(record.params.clone(), 1, record.seed);
        // Seat s of game 1 holds entrant `seating(…, s)`: the seats' lists in entrant order.
        let mut by_entrant: Vec<(usize, EntrantJs, String)> = per_seat
            .into_iter()
            .enumerate()
            .map(|(s, e)| {
                let name = record.players.get(s).cloned().unwrap_or_default();
                (seating(2, spec.shift, spec.first, s as u8), e, name)
            })
            .collect();
        by_entrant.sort_by_key(|(entrant, _, _)| *entrant);
        let humans: Vec<bool> = by_entrant.iter().map(|(_, e, _)| e.kind == "human").collect();
        let labels: Vec<String> = by_entrant.iter().map(|(_, e, _)| e.label.clone()).collect();
        let names: Vec<String> = by_entrant.iter().map(|(_, _, n)| n.clone()).collect();
        let sources =
            by_entrant
                .into_iter()
                .map(|(_, e, _)| {
                    if e.kind == "human" {
                        Ok(None)
                    } else {
                        source_of(&e.kind, e.source).map(Some)
                    }
                })
                .collect::<Result<Vec<Option<StrategySource>>, JsValue>>()?;
        let deciders = entrant_deciders(
            &sources.iter().map(Option::as_ref).collect::<Vec<_>>(),
            record.params.target,
        )
        .map_err(|e| match e.entrant {
            Some(i) => js_error(format!("{} does not load: {}", labels[usize::from(i)], e.message)),
            None => js_error(e.message),
        })?;
        let mut series =
            Series::from_position(spec, deciders, play::start_of(&record)).map_err(js_error)?;
        series.set_clock(Box::new(wasm_common::now_ms));
        let follower = Follower::of(&series)?;
        let earlier = play::earlier_questions::<Pig>(&record, 2, 0, |_| true)?;
        Ok(PigPlay { series, names, humans, follower, earlier })
    }

    /// The entrants of the series played by a human (the page answers them).
    pub fn humans(&self) -> Vec<u32> {
        self.humans.iter().enumerate().filter(|(_, &h)| h).map(|(e, _)| e as u32).collect()
    }

    /// The link of the game so far.
    pub fn link(&self) -> Result<String, JsValue> {
        play::link_now(&self.series, &self.names)
    }

    /// Plays engine seats for at most `max` decisions: { status, entrant, seat, game, view,
    /// seed }. A human is not asked the question after a 1 (only strategies are, as CodeAbbey
    /// asks them; the answer does not count): it is answered "hold" for them.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        loop {
            match self.series.advance(max) {
                Step::Ask(q)
                    if !q.counts && self.humans.get(q.entrant).copied().unwrap_or(false) =>
                {
                    self.series.answer(Answer::Move(PigMove::Hold), "")
                }
                // The same step again, as JavaScript sees it: an outside seat's question stays
                // pending (asking again decides nothing), and `max` 0 only reports.
                step => {
                    return series::next(&mut self.series, u32::from(matches!(step, Step::Ask(_))))
                }
            }
        }
    }

    /// The pending JavaScript strategy's answer: `true` throws again.
    pub fn answer(&mut self, throw_again: bool, printed: &str, ms: f64) {
        self.series.answer_timed(Answer::Move(decision(throw_again)), printed, ms);
    }

    /// The pending strategy failed (`timeout`: it did not answer in time); counts as "hold".
    pub fn fail(&mut self, message: String, timeout: bool, printed: &str, ms: f64) {
        series::fail(&mut self.series, message, timeout, printed, ms);
    }
}

wasm_common::play_methods!(PigPlay);
