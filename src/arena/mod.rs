//! Matches for every game: N seats, each a decider (a built-in policy, a Scheme program, or
//! code answering from outside the engine, such as JavaScript in the page's sandbox); a
//! fallback move when a decider fails; per-seat timeout counts and zombies; seat rotation;
//! the random streams of a match; standings with Wilson intervals and an Elo table.

mod runner;
mod standings;

pub use runner::{Answer, GameLog, Runner, RunnerSpec, Step, Query, SeatFailure};
pub use standings::{elo, wilson_interval, Standings, Tally};

use crate::game::Game;
use crate::rng::{self, Rng};

/// A strategy the engine can ask itself.
pub trait Decider<G: Game> {
    /// The move for the seat whose view this is; `Err` with the reason it failed.
    fn decide(&mut self, view: &G::View) -> Result<G::Move, String>;
    /// Text the strategy printed since the last call.
    fn take_output(&mut self) -> String {
        String::new()
    }
}

/// One decider per entrant; `None` for an entrant answered from outside the engine.
pub type Deciders<G> = Vec<Option<Box<dyn Decider<G>>>>;

/// What a game adds to [`Game`] to be played in matches.
pub trait MatchRules: Game {
    /// The move made for a seat whose decider failed, answered an illegal move, timed out or
    /// became a zombie (Pig: hold; Punter: pass).
    fn fallback(&self) -> Option<Self::Move>;

    /// A seat to ask before the chance move `outcome` is applied, with the view it is shown;
    /// its answer does not count. (CodeAbbey's Pig checker asks after a 1 is thrown.)
    fn courtesy(&self, _outcome: &Self::Move) -> Option<(u8, Self::View)> {
        None
    }
}

/// Every random stream of a match, derived from its seed here and nowhere else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchSeeds(pub u64);

impl MatchSeeds {
    /// Chance moves of game `g` (0-based).
    pub fn chance(self, game: u32) -> Rng {
        rng::stream(self.0, u64::from(game))
    }

    /// The seed given to entrant `i`'s own randomness (Scheme `random`, JavaScript
    /// `Math.random`).
    pub fn entrant(self, i: usize) -> u64 {
        self.0 ^ (0xA5A5_0000 + i as u64)
    }
}
