//! Pig (CodeAbbey 231): engine, built-in strategies, exact solver, matches and the checker.

pub mod arena;
pub mod decider;
mod engine;
pub mod inputs;
pub mod links;
pub mod marks;
pub mod exact;
pub mod optimal;
pub mod policy;
pub mod tournament;

pub use arena::{Entrant, HostProgram, MatchSpec, MatchSummary, SetupError, StrategySource};
pub use engine::{Effect, Pig, MAX_TARGET, PigError, PigMove, PigParams, Situation};
pub use policy::{Policy, BUILTIN_NAMES};
