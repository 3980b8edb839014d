//! What every builtin procedure is made of: its definition (name, arity, function) and the
//! context it runs in (random generator, output, step budget). The builtins themselves are in
//! `builtins.rs`, `lists.rs` and `numeric.rs`; the table in `builtins.rs`.

use super::error::{ErrorKind, Pos, Result, SchemeError};
use rand_core::RngCore;

/// Most output kept between two `take_output` calls; the rest is dropped.
pub const OUTPUT_LIMIT: usize = 1 << 20;

/// Longest string a program may build, in bytes (UTF-8).
pub const STRING_LIMIT: usize = 1_000_000;

/// What a builtin may touch: the random generator, the output buffer and the step budget.
pub struct Ctx<'a> {
    pub rng: &'a mut dyn RngCore,
    pub out: &'a mut String,
    /// Steps left.
    pub remaining: u64,
    /// The budget this run started with (for the message).
    pub budget: u64,
}

impl Ctx<'_> {
    /// Uses `n` steps (for builtins that walk lists) or fails with a budget error.
    pub fn charge(&mut self, n: u64) -> Result<()> {
        if self.remaining < n {
            self.remaining = 0;
            return Err(budget_error(self.budget));
        }
        self.remaining -= n;
        Ok(())
    }
}

pub fn budget_error(budget: u64) -> SchemeError {
    SchemeError::new(
        ErrorKind::StepBudget,
        Pos::NONE,
        format!("step budget of {budget} exhausted (infinite loop?)"),
    )
}
