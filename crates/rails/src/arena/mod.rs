//! Matches and arenas for every game: [`Series`] plays games between entrants, each a decider
//! (a built-in policy or AI, a Scheme program, or code answering from outside the engine, such
//! as JavaScript in the page's sandbox or a Node strategy in the CLI); a fallback move when a
//! decider fails; per-seat timeout counts and zombies; seat rotation; a turn cap; the random
//! streams of a match; standings with Wilson intervals and an Elo table.

mod decisions;
mod series;
pub mod sprt;
mod standings;

pub use decisions::{Clock, Decision, MoveLabels, Start};
pub use series::{
    seating, Answer, GameLog, Query, SeatFailure, Series, SeriesError, SeriesSpec, Step,
};
pub use sprt::{sprt, Pentanomial, SprtBounds, SprtError, SprtStatus, Verdict};
pub use standings::{elo, wilson_interval, StandingRow, Standings, Tally};

use crate::game::Game;
use crate::rng::{self, Rng};
use rand_core::RngCore;

/// Why a decider gave no move. What it says is what failure reports show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecideError {
    /// The strategy failed: its code threw or has an error (Scheme's names its place in the
    /// code), its program stopped or could not be asked.
    Failed(String),
    /// It answered, but no move of this game: what it answered and what was expected.
    NotAMove(String),
}

impl std::fmt::Display for DecideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecideError::Failed(m) | DecideError::NotAMove(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for DecideError {}

/// A failure's message as it is: the strategy failed.
impl From<String> for DecideError {
    fn from(message: String) -> DecideError {
        DecideError::Failed(message)
    }
}

impl From<DecideError> for String {
    fn from(e: DecideError) -> String {
        e.to_string()
    }
}

impl From<&str> for DecideError {
    fn from(message: &str) -> DecideError {
        DecideError::Failed(message.to_string())
    }
}

/// A strategy the engine can ask itself.
pub trait Decider<G: Game> {
    /// The move for the seat whose view this is, or why there is none.
    fn decide(&mut self, view: &G::View) -> Result<G::Move, DecideError>;
    /// Text the strategy printed since the last call.
    fn take_output(&mut self) -> String {
        String::new()
    }
    /// Before each game: what this entrant declares for `seat` (a Punter bot's futures bids)
    /// and the seed of its own randomness in this game.
    fn prepare(&mut self, _params: &mut G::Params, _seat: u8, _seed: u64) {}
    /// A game started from a recorded position: `played` was this entrant's move at `view`,
    /// before the series began. A decider whose state depends on its past calls (a random
    /// bot's draws) brings it to where it would be had it played that move itself.
    fn witness(&mut self, _view: &G::View, _played: &G::Move) {}
}

/// One decider per entrant; `None` for an entrant answered from outside the engine.
pub type Deciders<G> = Vec<Option<Box<dyn Decider<G>>>>;

/// What a game adds to [`Game`] to be played in matches.
pub trait MatchRules: Game {
    /// The move made for a seat whose decider failed, answered an illegal move, timed out or
    /// became a zombie (Pig: hold; Punter: pass).
    fn fallback(&self) -> Option<Self::Move>;

    /// What the fallback is called where failures are reported ("hold", "pass", "greedy").
    const FALLBACK: &'static str;

    /// A seat to ask before the chance move `outcome` is applied, with the view it is shown;
    /// its answer does not count. (CodeAbbey's Pig checker asks after a 1 is thrown.)
    fn courtesy(&self, _outcome: &Self::Move) -> Option<(u8, Self::View)> {
        None
    }

    /// The parameters of one game of a match, given the match's and the game's deal seed
    /// (Labyrinth deals every game afresh; most games play every game from the same ones).
    fn game_params(params: &Self::Params, _deal: u64) -> Self::Params {
        params.clone()
    }

    /// True when a game of a match is stopped here though not over (the turn cap: Labyrinth
    /// stops at 400 turns).
    fn capped(&self) -> bool {
        false
    }

    /// True when the seat to move starts a turn of its own though it also made the last move
    /// (a one-seat game: every Lifter command is a turn). A failed decision's fallback plays to
    /// the end of its turn, so by default to the next change of seat.
    fn new_turn(&self) -> bool {
        false
    }

    /// The per-seat result of a game stopped by the cap (by default a draw at 0).
    fn capped_returns(&self) -> Vec<f64> {
        vec![0.0; self.seats()]
    }
}

/// The seed of `entrant`'s own randomness in game number `game` of the series of `seed`, for
/// an entrant started afresh every game (a built-in bot, a JavaScript seat, a re-run of it):
/// [`Series::entrant_seed`], for hosts that seat an entrant before its series exists.
pub fn entrant_seed(seed: u64, entrant: usize, game: u32) -> u64 {
    MatchSeeds(seed).entrant_game(entrant, game)
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
    /// `Math.random`) for a whole match whose strategies keep their state from game to game.
    pub fn entrant(self, i: usize) -> u64 {
        self.0 ^ (0xA5A5_0000 + i as u64)
    }

    /// The seed of entrant `i`'s own randomness in game `g`, for an entrant started afresh
    /// every game (a JavaScript strategy or bot in an arena, a built-in bot).
    pub fn entrant_game(self, i: usize, game: u32) -> u64 {
        rng::stream(self.0 ^ 0x5EA7_0000_0000, (u64::from(game) << 16) | (i as u64 & 0xFFFF))
            .next_u64()
    }

    /// The seed of match `k` of a tournament of pairs (each pair a series of its own).
    pub fn pair(self, k: usize) -> u64 {
        self.entrant(1000 + k)
    }

    /// The seed a game deals from, for games dealt outside the moves (Labyrinth's board).
    pub fn deal(self, game: u32) -> u64 {
        rng::stream(self.0 ^ 0xDEA1_0000_0000, u64::from(game)).next_u64()
    }
}
