//! What a series keeps of every decision it asked for, so that a replay can show, turn by turn,
//! what a seat answered, printed and how long it took, and whether the answer was refused; and
//! where a series may start: a recorded position (parameters and the moves so far).
//!
//! A series keeps a decision for every question of every game (a 10,000-game Pig match asks
//! about a million), so a decision is small: an answer the game played is the number of moves it
//! made, and its words (move labels) come from the game's moves when something shows it
//! ([`MoveLabels`], one replay of the game for all its decisions). Text is kept only where a
//! decision has some: what it printed, why it was refused, an answer the game did not play.

use crate::game::Game;

/// One question a seat's decider answered (or failed to answer).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// Index in the game's move list of the first move made for this answer (for a courtesy
    /// question, of the chance move that followed it). The seat's view was that of the
    /// position before this move.
    pub move_index: u32,
    pub entrant: u32,
    /// How many moves of the game's list, from `move_index`, this answer made: 1 for a move, the
    /// moves of a whole turn played, 0 when none was played (no answer, a refused one, a
    /// courtesy answer).
    pub made: u32,
    pub seat: u8,
    pub timeout: bool,
    /// False for a courtesy question, whose answer does not count.
    pub counts: bool,
    /// The time it took, in milliseconds, as its host measured it (0 when not measured).
    pub ms: f64,
    /// `None` for most decisions: nothing printed, nothing refused.
    texts: Option<Box<Texts>>,
}

#[derive(Debug, Clone, PartialEq, Default)]
struct Texts {
    printed: String,
    refused: Option<String>,
    unplayed: String,
}

impl Decision {
    /// A decision asked at move `move_index`, no moves made yet, nothing printed or refused.
    pub fn new(move_index: usize, seat: u8, entrant: usize, counts: bool) -> Decision {
        let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Decision {
            move_index: narrow(move_index),
            entrant: narrow(entrant),
            made: 0,
            seat,
            timeout: false,
            counts,
            ms: 0.0,
            texts: None,
        }
    }

    fn texts(&mut self) -> &mut Texts {
        self.texts.get_or_insert_with(Box::default)
    }

    /// What the decider printed while deciding, and only then.
    pub fn printed(&self) -> &str {
        self.texts.as_ref().map_or("", |t| t.printed.as_str())
    }
    pub fn set_printed(&mut self, printed: &str) {
        if !printed.is_empty() {
            self.texts().printed = printed.to_string();
        }
    }

    /// Why the answer was refused (the fallback was played instead).
    pub fn refused(&self) -> Option<&str> {
        self.texts.as_ref().and_then(|t| t.refused.as_deref())
    }
    pub fn refuse(&mut self, why: String) {
        self.texts().refused = Some(why);
    }

    /// An answer the game did not play, in the engine's words (a courtesy question's); empty
    /// for the others.
    pub fn unplayed(&self) -> &str {
        self.texts.as_ref().map_or("", |t| t.unplayed.as_str())
    }
    pub fn set_unplayed(&mut self, said: String) {
        if !said.is_empty() {
            self.texts().unplayed = said;
        }
    }

    /// The moves of the game's list this answer made.
    pub fn range(&self) -> std::ops::Range<usize> {
        let start = self.move_index as usize;
        start..start + self.made as usize
    }
}

/// A game replayed move by move, keeping each move's label: what turns decisions into their
/// answers in the engine's words. Built once for all decisions of a game (a game still being
/// played goes on from where it stopped).
pub struct MoveLabels<G: Game> {
    game: G,
    labels: Vec<String>,
}

impl<G: Game> MoveLabels<G> {
    /// Before the first move of a game set up with `params`.
    pub fn new(params: &G::Params) -> Result<MoveLabels<G>, String> {
        Ok(MoveLabels { game: G::new(params).map_err(|e| e.to_string())?, labels: Vec::new() })
    }

    /// A game set up with `params` after `moves` (its whole move list so far).
    pub fn of(params: &G::Params, moves: &[G::Move]) -> Result<MoveLabels<G>, String> {
        let mut labels = MoveLabels::new(params)?;
        labels.follow(moves)?;
        Ok(labels)
    }

    /// The game after the moves played so far.
    pub fn game(&self) -> &G {
        &self.game
    }
    /// The moves played so far.
    pub fn len(&self) -> usize {
        self.labels.len()
    }
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Plays `mv` next; on an error nothing changes.
    pub fn push(&mut self, mv: &G::Move) -> Result<(), String> {
        let label = self.game.move_label(mv);
        self.game.play(mv).map_err(|e| format!("move {}: {e}", self.labels.len() + 1))?;
        self.labels.push(label);
        Ok(())
    }

    /// Plays the moves of `moves` (the game's whole list so far) not played yet.
    pub fn follow(&mut self, moves: &[G::Move]) -> Result<(), String> {
        moves.iter().skip(self.labels.len()).try_for_each(|mv| self.push(mv))
    }

    /// The answer of `d` in the engine's words: the labels of the moves it made, joined by "; ",
    /// or the answer the game did not play; empty when there was none (or its moves are not
    /// played here yet).
    pub fn answer(&self, d: &Decision) -> String {
        match self.labels.get(d.range()) {
            Some(made) if !made.is_empty() => made.join("; "),
            _ => d.unplayed().to_string(),
        }
    }
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
