//! Pig rules (CodeAbbey 231 with the decisions of our notes): the first throw of a turn is
//! automatic, the player decides after every other throw, a 1 loses the turn sum, and reaching
//! the target with total + turn sum ends the game at once.

use rails::game::{Actor, Game};
use std::fmt;

/// Largest target the engine accepts (the exact solvers keep tables of its cube).
pub const MAX_TARGET: u32 = 200;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PigParams {
    /// Total needed to win (100 in the official game).
    pub target: u32,
}

impl Default for PigParams {
    fn default() -> Self {
        PigParams { target: 100 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigMove {
    /// Chance: the die shows this face (1–6).
    Roll(u8),
    /// The player throws again.
    ThrowAgain,
    /// The player holds: the turn sum is banked and the turn passes.
    Hold,
}

impl PigMove {
    /// The small number a move crosses to JavaScript and CLI output as: 1–6 a die face, 7
    /// "throw again", 8 "hold".
    pub fn code(self) -> u8 {
        match self {
            PigMove::Roll(d) => d,
            PigMove::ThrowAgain => 7,
            PigMove::Hold => 8,
        }
    }

    pub fn from_code(code: u8) -> Option<PigMove> {
        match code {
            1..=6 => Some(PigMove::Roll(code)),
            7 => Some(PigMove::ThrowAgain),
            8 => Some(PigMove::Hold),
            _ => None,
        }
    }
}

impl fmt::Display for PigMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PigMove::Roll(d) => write!(f, "{d}"),
            PigMove::ThrowAgain => f.write_str("throw again"),
            PigMove::Hold => f.write_str("hold"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PigError {
    GameOver,
    /// A decision was given while the die must be thrown.
    DieMustBeThrown,
    /// A throw was given while the player must decide.
    DecisionDue,
    BadFace(u8),
    BadTarget(u32),
}

impl fmt::Display for PigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PigError::GameOver => f.write_str("the game is over"),
            PigError::DieMustBeThrown => f.write_str("the die must be thrown now, not a decision"),
            PigError::DecisionDue => f.write_str("the player must decide now, not throw"),
            PigError::BadFace(d) => write!(f, "a die has no face {d}"),
            PigError::BadTarget(t) => write!(f, "target {t} is outside 2..={MAX_TARGET}"),
        }
    }
}

impl std::error::Error for PigError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Throw,
    Decide,
    Over,
}

/// What a strategy is told when it must decide (the CodeAbbey `player` arguments); also a
/// seat's view of the game (Pig has no hidden information).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Situation {
    pub my_total: u32,
    pub other_total: u32,
    /// Sum of the earlier throws of this turn (0 on the first throw).
    pub accum: u32,
    /// The throw just made.
    pub current: u32,
}

impl Situation {
    pub fn turn_sum(&self) -> u32 {
        self.accum + self.current
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pig {
    target: u32,
    totals: [u32; 2],
    player: u8,
    turn_sum: u32,
    last_throw: Option<u8>,
    phase: Phase,
}

/// What a move did, for captions and move lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A throw of 1: the turn sum is lost and the turn passes.
    TurnLost,
    /// A throw that adds to the turn sum.
    Threw,
    /// A throw that reaches the target: the game is won.
    Won,
    ThrowAgain,
    /// Hold: the turn sum is banked and the turn passes.
    Banked,
}

impl Effect {
    pub fn name(self) -> &'static str {
        match self {
            Effect::TurnLost => "turn-lost",
            Effect::Threw => "threw",
            Effect::Won => "won",
            Effect::ThrowAgain => "throw-again",
            Effect::Banked => "banked",
        }
    }
}

impl Pig {
    /// How the game ended, with `names` per seat (`you`: the seat addressed as "You"):
    /// "You win 100 to 57!", "hold20 wins 101 to 80."; `None` while it goes on.
    pub fn ending(&self, names: &[String], you: Option<u8>) -> Option<String> {
        let w = self.winner()?;
        let t = self.totals();
        let (won, lost) = (t[usize::from(w)], t[usize::from(1 - w.min(1))]);
        Some(if Some(w) == you {
            format!("You win {won} to {lost}!")
        } else {
            let name =
                names.get(usize::from(w)).cloned().unwrap_or_else(|| format!("Player {}", w + 1));
            format!("{name} wins {won} to {lost}.")
        })
    }

    /// What `mv` does when played in this position (`None` when it is not legal).
    pub fn effect(&self, mv: &PigMove) -> Option<Effect> {
        let mut after = self.clone();
        after.play(mv).ok()?;
        Some(match mv {
            PigMove::Roll(1) => Effect::TurnLost,
            PigMove::Roll(_) if after.phase == Phase::Over => Effect::Won,
            PigMove::Roll(_) => Effect::Threw,
            PigMove::ThrowAgain => Effect::ThrowAgain,
            PigMove::Hold => Effect::Banked,
        })
    }

    pub fn target(&self) -> u32 {
        self.target
    }
    pub fn totals(&self) -> [u32; 2] {
        self.totals
    }
    /// Seat whose turn it is (the winner once the game is over).
    pub fn player(&self) -> u8 {
        self.player
    }
    pub fn turn_sum(&self) -> u32 {
        self.turn_sum
    }
    /// The last die face thrown in the current turn, if any.
    pub fn last_throw(&self) -> Option<u8> {
        self.last_throw
    }
    pub fn winner(&self) -> Option<u8> {
        (self.phase == Phase::Over).then_some(self.player)
    }
    pub fn awaits_decision(&self) -> bool {
        self.phase == Phase::Decide
    }

    /// The arguments for the strategy of the player to move; `Some` only when a decision is due.
    pub fn situation(&self) -> Option<Situation> {
        let current = u32::from(self.last_throw?);
        (self.phase == Phase::Decide).then(|| Situation {
            my_total: self.totals[usize::from(self.player)],
            other_total: self.totals[usize::from(1 - self.player)],
            accum: self.turn_sum - current,
            current,
        })
    }

    fn end_turn(&mut self) {
        self.player = 1 - self.player;
        self.turn_sum = 0;
        self.last_throw = None;
        self.phase = Phase::Throw;
    }
}

impl Game for Pig {
    type Params = PigParams;
    type Move = PigMove;
    type Error = PigError;
    /// The winning seat.
    type Outcome = u8;
    type View = Situation;

    const ID: &'static str = "pig";

    fn seats(&self) -> usize {
        2
    }

    fn new(params: &PigParams) -> Result<Self, PigError> {
        if !(2..=MAX_TARGET).contains(&params.target) {
            return Err(PigError::BadTarget(params.target));
        }
        Ok(Pig {
            target: params.target,
            totals: [0, 0],
            player: 0,
            turn_sum: 0,
            last_throw: None,
            phase: Phase::Throw,
        })
    }

    fn acting_seat(&self) -> Option<u8> {
        (self.phase != Phase::Over).then_some(self.player)
    }

    fn to_move(&self) -> Actor {
        match self.phase {
            Phase::Throw => Actor::Chance,
            Phase::Decide => Actor::Player(self.player),
            Phase::Over => Actor::Nobody,
        }
    }

    fn legal_moves(&self) -> Vec<PigMove> {
        match self.phase {
            Phase::Throw => (1..=6).map(PigMove::Roll).collect(),
            Phase::Decide => vec![PigMove::ThrowAgain, PigMove::Hold],
            Phase::Over => Vec::new(),
        }
    }

    fn move_count(&self) -> usize {
        match self.phase {
            Phase::Throw => 6,
            Phase::Decide => 2,
            Phase::Over => 0,
        }
    }

    fn move_index(&self, mv: &PigMove) -> Option<usize> {
        match (self.phase, *mv) {
            (Phase::Throw, PigMove::Roll(d)) if (1..=6).contains(&d) => Some(usize::from(d - 1)),
            (Phase::Decide, PigMove::ThrowAgain) => Some(0),
            (Phase::Decide, PigMove::Hold) => Some(1),
            _ => None,
        }
    }

    /// A fair die: `below(6)` is exactly what the generic draw does for six equal odds.
    fn draw_chance(&self, rng: &mut dyn rand_core::RngCore) -> Option<PigMove> {
        (self.phase == Phase::Throw).then(|| PigMove::Roll(1 + rails::rng::below(rng, 6) as u8))
    }

    fn move_at(&self, index: usize) -> Option<PigMove> {
        match (self.phase, index) {
            (Phase::Throw, 0..=5) => Some(PigMove::Roll(index as u8 + 1)),
            (Phase::Decide, 0) => Some(PigMove::ThrowAgain),
            (Phase::Decide, 1) => Some(PigMove::Hold),
            _ => None,
        }
    }

    fn play(&mut self, mv: &PigMove) -> Result<(), PigError> {
        match (self.phase, *mv) {
            (Phase::Over, _) => Err(PigError::GameOver),
            (Phase::Throw, PigMove::Roll(face)) => {
                if !(1..=6).contains(&face) {
                    return Err(PigError::BadFace(face));
                }
                self.last_throw = Some(face);
                if face == 1 {
                    self.end_turn();
                    return Ok(());
                }
                self.turn_sum += u32::from(face);
                if self.totals[usize::from(self.player)] + self.turn_sum >= self.target {
                    self.totals[usize::from(self.player)] += self.turn_sum;
                    self.phase = Phase::Over;
                } else {
                    self.phase = Phase::Decide;
                }
                Ok(())
            }
            (Phase::Throw, _) => Err(PigError::DieMustBeThrown),
            (Phase::Decide, PigMove::Roll(_)) => Err(PigError::DecisionDue),
            (Phase::Decide, PigMove::ThrowAgain) => {
                self.phase = Phase::Throw;
                Ok(())
            }
            (Phase::Decide, PigMove::Hold) => {
                self.totals[usize::from(self.player)] += self.turn_sum;
                self.end_turn();
                Ok(())
            }
        }
    }

    fn outcome(&self) -> Option<u8> {
        self.winner()
    }

    fn returns(&self) -> Vec<f64> {
        match self.winner() {
            Some(w) => (0..2).map(|s| if s == w { 1.0 } else { 0.0 }).collect(),
            None => Vec::new(),
        }
    }

    /// The totals from `seat`'s side and the turn in progress (whoever's it is).
    fn view(&self, seat: u8) -> Situation {
        let me = usize::from(seat.min(1));
        let current = self.last_throw.map_or(0, u32::from);
        Situation {
            my_total: self.totals[me],
            other_total: self.totals[1 - me],
            accum: self.turn_sum.saturating_sub(if current == 1 { 0 } else { current }),
            current,
        }
    }

    fn move_label(&self, mv: &PigMove) -> String {
        match (mv, self.effect(mv)) {
            (PigMove::Roll(1), _) => "die 1 · turn lost".to_string(),
            (PigMove::Roll(d), Some(Effect::Won)) => format!("die {d} · wins"),
            (PigMove::Roll(d), _) => format!("die {d}"),
            (PigMove::ThrowAgain, _) => "throw again".to_string(),
            (PigMove::Hold, _) => format!("hold · {} banked", self.turn_sum),
        }
    }
}
