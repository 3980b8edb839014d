//! What a series keeps of every decision it asked for, so that a replay can show, turn by turn,
//! what a seat answered, printed and how long it took, and whether the answer was refused; and
//! where a series may start: a recorded position (parameters and the moves so far).

use crate::game::Game;

/// One question a seat's decider answered (or failed to answer).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// Index in the game's move list of the first move made for this answer (for a courtesy
    /// question, of the chance move that followed it). The seat's view was that of the
    /// position before this move.
    pub move_index: usize,
    pub seat: u8,
    pub entrant: usize,
    /// The answer in the engine's words (move labels), empty when there was none.
    pub answer: String,
    /// What the decider printed while deciding, and only then.
    pub printed: String,
    /// The time it took, in milliseconds, as its host measured it (0 when not measured).
    pub ms: f64,
    /// Why the answer was refused (the fallback was played instead).
    pub refused: Option<String>,
    pub timeout: bool,
    /// False for a courtesy question, whose answer does not count.
    pub counts: bool,
}

/// A recorded position to start a game from: the parameters it was set up with (deal and
/// declarations included) and the moves played so far, chance moves among them.
#[derive(Debug, Clone, PartialEq)]
pub struct Start<G: Game> {
    pub params: G::Params,
    pub moves: Vec<G::Move>,
}

/// The time a host measures a decision with (the engine has no clock of its own).
pub type Clock = Box<dyn FnMut() -> f64>;
