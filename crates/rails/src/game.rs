//! The trait every game engine implements, so that the match runner, the replay tape, share
//! links and the generic tests work the same for all of them. Chance (dice, shuffles) is a move
//! made by [`Actor::Chance`], so a whole game is just parameters + seed + moves.
//!
//! Moves are addressed by their index among the legal moves ([`Game::move_index`],
//! [`Game::move_at`]); a game whose legal-move list is large overrides those so that links and
//! tapes never build the list.

use std::fmt::Debug;

/// Most seats any game may have (links store seat counts up to this).
pub const MAX_SEATS: usize = 64;

/// Who makes the next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A player, by seat (0-based).
    Player(u8),
    /// Chance: the caller draws one of [`Game::chance_outcomes`].
    Chance,
    /// Nobody: the game is over.
    Nobody,
}

pub trait Game: Clone + Debug + PartialEq {
    type Params: Clone + Debug;
    type Move: Clone + Debug + PartialEq;
    type Error: std::error::Error;
    type Outcome: Clone + Debug;
    /// What one seat may know of the position (hidden hands stay hidden).
    type View: Clone + Debug + PartialEq + serde::Serialize;

    /// Short stable id used in share links ("pig", "lifter", …).
    const ID: &'static str;

    fn new(params: &Self::Params) -> Result<Self, Self::Error>;

    /// Number of seats (players) in this game.
    fn seats(&self) -> usize;

    fn to_move(&self) -> Actor;

    /// The seat whose turn it is, also while chance moves for it (a die thrown for a player);
    /// `None` when no seat is acting.
    fn acting_seat(&self) -> Option<u8> {
        match self.to_move() {
            Actor::Player(s) => Some(s),
            _ => None,
        }
    }

    /// Every move that [`Game::play`] accepts now, in a fixed order (share links store indices
    /// into this list). Empty exactly when the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Size of the code space of moves now: every legal move has a code below it (links store
    /// codes in ⌈log₂ move_count⌉ bits). By default the codes are the ranks in `legal_moves`;
    /// a game with many moves may use a fixed code space instead (Punter: one code per river).
    fn move_count(&self) -> usize {
        self.legal_moves().len()
    }

    /// The code of `mv`, `None` when it is not legal. Legal moves have distinct codes.
    fn move_index(&self, mv: &Self::Move) -> Option<usize> {
        self.legal_moves().iter().position(|m| m == mv)
    }

    /// The legal move with this code, `None` when no legal move has it.
    fn move_at(&self, index: usize) -> Option<Self::Move> {
        self.legal_moves().into_iter().nth(index)
    }

    /// When chance moves: every outcome with its weight (weights need not sum to 1; equal
    /// weights mean a uniform draw). Empty otherwise.
    fn chance_outcomes(&self) -> Vec<(Self::Move, f64)> {
        if self.to_move() == Actor::Chance {
            self.legal_moves().into_iter().map(|m| (m, 1.0)).collect()
        } else {
            Vec::new()
        }
    }

    /// Draws the chance move now, by the odds of [`Game::chance_outcomes`] (`None` when chance
    /// does not move). Games override it only to draw faster, with the same result.
    fn draw_chance(&self, rng: &mut dyn rand_core::RngCore) -> Option<Self::Move> {
        crate::rng::draw(rng, &self.chance_outcomes())
    }

    /// Apply a move. On error the state is left exactly as it was.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Self::Error>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// Per-seat result once the game is over (1 win / 0 loss, or the score); empty before.
    fn returns(&self) -> Vec<f64>;

    /// Per seat its rank once the game is over (1 = best; seats with equal returns share a
    /// rank, and the next rank counts them: 1, 1, 3); empty before, derived from
    /// [`Game::returns`].
    fn ranks(&self) -> Vec<u32> {
        ranks_of(&self.returns())
    }

    /// The seats ranked first once the game is over (more than one is a tie); empty before.
    fn winners(&self) -> Vec<u8> {
        self.ranks().iter().enumerate().filter(|&(_, &k)| k == 1).map(|(s, _)| s as u8).collect()
    }

    /// What `seat` may know now.
    fn view(&self, seat: u8) -> Self::View;

    /// A short stable text for `mv` played in this position ("hold", "claim 3–7", "L").
    fn move_label(&self, mv: &Self::Move) -> String;

    /// Takes back the last move when the engine keeps an undo history; `false` otherwise
    /// (the replay tape then goes back through a snapshot).
    fn undo(&mut self) -> bool {
        false
    }

    /// About how many bytes a copy of this position takes (the tape spaces its snapshots by it).
    fn footprint(&self) -> usize {
        std::mem::size_of::<Self>()
    }
}

/// Per seat its rank given every seat's return (1 = best; equal returns share a rank, and the
/// next rank counts them: 1, 1, 3): the one ranking of [`Game::ranks`] and of the standings.
pub fn ranks_of(returns: &[f64]) -> Vec<u32> {
    returns.iter().map(|&x| 1 + returns.iter().filter(|&&y| y > x).count() as u32).collect()
}

/// Replays `moves` from the start; on the first illegal move returns how many were applied
/// together with the error.
pub fn replay<G: Game>(params: &G::Params, moves: &[G::Move]) -> Result<G, ReplayError<G::Error>> {
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
