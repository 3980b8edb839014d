//! The small trait every game engine implements, so that replays, share links and the generic
//! tests work the same for all of them. Chance (dice, shuffles) is a move made by
//! [`Actor::Chance`], so a whole game is just parameters + seed + moves.

use std::fmt::Debug;

/// Who makes the next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A player, by seat (0-based).
    Player(u8),
    /// Chance: the engine's caller draws one of the legal moves at random.
    Chance,
    /// Nobody: the game is over.
    Nobody,
}

pub trait Game: Clone + Debug + PartialEq {
    type Params: Clone + Debug;
    type Move: Clone + Debug + PartialEq;
    type Error: std::error::Error;
    type Outcome: Clone + Debug;

    /// Short stable id used in share links ("pig", "lifter", …).
    const ID: &'static str;

    fn new(params: &Self::Params) -> Result<Self, Self::Error>;

    fn to_move(&self) -> Actor;

    /// Every move that [`Game::play`] accepts now, in a fixed order (share links store indices
    /// into this list). Empty exactly when the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Apply a move. On error the state is left exactly as it was.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Self::Error>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;
}

/// Replays `moves` from the start; on the first illegal move returns how many were applied
/// together with the error.
pub fn replay<G: Game>(
    params: &G::Params,
    moves: &[G::Move],
) -> Result<G, ReplayError<G::Error>> {
    let mut game = G::new(params).map_err(|error| ReplayError { applied: 0, error })?;
    for (applied, mv) in moves.iter().enumerate() {
        game.play(mv).map_err(|error| ReplayError { applied, error })?;
    }
    Ok(game)
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReplayError<E> {
    /// Moves applied successfully before the failing one.
    pub applied: usize,
    pub error: E,
}

impl<E: std::fmt::Display> std::fmt::Display for ReplayError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}: {}", self.applied + 1, self.error)
    }
}

impl<E: std::error::Error> std::error::Error for ReplayError<E> {}
