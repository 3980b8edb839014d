//! Pig strategies as the match runner sees them ([`rails::arena::Decider`]): something that
//! answers "throw again?" (`ThrowAgain`) or "hold".

#[cfg(feature = "scheme")]
use super::PigParams;
use super::{Pig, PigMove, Policy, Situation};
use rails::arena::{DecideError, Decider};
#[cfg(feature = "scheme")]
use rails::rng::{self, Rng};
#[cfg(feature = "scheme")]
use scheme::{Program, Value};

/// Evaluation steps a Scheme strategy may use per decision (deterministic on every machine).
pub const SCHEME_DECISION_STEPS: u64 = 100_000;
/// Evaluation steps for loading a Scheme strategy (its top-level definitions).
pub const SCHEME_LOAD_STEPS: u64 = 1_000_000;

/// The move for a yes/no answer to "throw again?".
pub fn decision(throw_again: bool) -> PigMove {
    if throw_again {
        PigMove::ThrowAgain
    } else {
        PigMove::Hold
    }
}

pub struct PolicyDecider {
    pub policy: Policy,
    pub target: u32,
}

impl Decider<Pig> for PolicyDecider {
    fn decide(&mut self, s: &Situation) -> Result<PigMove, DecideError> {
        Ok(decision(self.policy.decide(s, self.target)))
    }
}

/// A CodeAbbey-style `(define (player my-total other-total accum current state) …)`.
#[cfg(feature = "scheme")]
pub struct SchemeDecider {
    program: Program,
    state: Value,
    rng: Rng,
    budget: u64,
}

#[cfg(feature = "scheme")]
impl SchemeDecider {
    /// Loads the source; `seed` drives `(random n)`. Fails with "line:col: message".
    pub fn load(source: &str, seed: u64) -> Result<SchemeDecider, String> {
        let mut rng = rng::stream(seed, 0x5C4E_3E00);
        let program =
            Program::load(source, SCHEME_LOAD_STEPS, &mut rng).map_err(|e| e.to_string())?;
        match program.global("player") {
            Some(f) if f.is_procedure() => {}
            Some(_) => return Err("player is not a procedure: define it as (define (player my-total other-total accum current state) …)".into()),
            None => return Err("the strategy defines no player: expected (define (player my-total other-total accum current state) …)".into()),
        }
        Ok(SchemeDecider {
            program,
            state: Value::list(vec![Value::int(0)]),
            rng,
            budget: SCHEME_DECISION_STEPS,
        })
    }

    pub fn state(&self) -> &Value {
        &self.state
    }

    /// Steps used by the last decision.
    pub fn last_steps(&self) -> u64 {
        self.program.last_steps()
    }
}

#[cfg(feature = "scheme")]
impl Decider<Pig> for SchemeDecider {
    fn decide(&mut self, s: &Situation) -> Result<PigMove, DecideError> {
        let args = [
            Value::int(i64::from(s.my_total)),
            Value::int(i64::from(s.other_total)),
            Value::int(i64::from(s.accum)),
            Value::int(i64::from(s.current)),
            self.state.clone(),
        ];
        let answer = self
            .program
            .call("player", &args, self.budget, &mut self.rng)
            .map_err(|e| e.to_string())?;
        answer.as_bool().map(decision).ok_or_else(|| {
            DecideError::NotAMove(format!("player returned {answer}, expected #t or #f"))
        })
    }

    fn take_output(&mut self) -> String {
        self.program.take_output()
    }

    /// Its globals, `state` and draws go on from where they would be had it answered its
    /// earlier questions itself: it is asked them again (what it printed then is dropped).
    fn witness(&mut self, s: &Situation, _played: &PigMove) {
        let _ = self.decide(s);
        let _ = self.program.take_output();
    }
}

/// A Scheme strategy as a series seats it (a match's entrant, a seat of the Play tab's game): it
/// is loaded when the series seats it for its first game, with the seed the series gives its
/// entrant there (`Series::entrant_seed`, handed over by `Decider::prepare`), and keeps its
/// globals, `state` and draws for the rest of the series — as a JavaScript strategy started with
/// that seed does.
#[cfg(feature = "scheme")]
pub struct SeatedScheme {
    source: String,
    /// Until the series seats it: the program loaded to check it, which is never asked.
    decider: SchemeDecider,
    seated: bool,
    /// Why it did not load with its seed (every decision then fails with it).
    error: Option<String>,
}

#[cfg(feature = "scheme")]
impl SeatedScheme {
    /// Fails with "line:col: message" when the source does not load (checked at once, so a match
    /// names a broken strategy before its first game).
    pub fn new(source: &str) -> Result<SeatedScheme, String> {
        let decider = SchemeDecider::load(source, 0)?;
        Ok(SeatedScheme { source: source.to_string(), decider, seated: false, error: None })
    }
}

#[cfg(feature = "scheme")]
impl Decider<Pig> for SeatedScheme {
    fn decide(&mut self, s: &Situation) -> Result<PigMove, DecideError> {
        match (&self.error, self.seated) {
            (Some(e), _) => Err(DecideError::Failed(e.clone())),
            (None, false) => Err("the strategy was asked before the series seated it".into()),
            (None, true) => self.decider.decide(s),
        }
    }

    fn take_output(&mut self) -> String {
        self.decider.take_output()
    }

    /// Loads the strategy with its entrant's seed at its first game; later games change nothing.
    fn prepare(&mut self, _params: &mut PigParams, _seat: u8, seed: u64) {
        if self.seated {
            return;
        }
        self.seated = true;
        match SchemeDecider::load(&self.source, seed) {
            Ok(d) => self.decider = d,
            Err(e) => self.error = Some(e),
        }
    }

    fn witness(&mut self, s: &Situation, played: &PigMove) {
        if self.seated && self.error.is_none() {
            self.decider.witness(s, played);
        }
    }
}
