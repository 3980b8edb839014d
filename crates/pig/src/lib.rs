//! Pig (CodeAbbey 231): engine, built-in strategies, exact solver, matches and the checker.

pub mod arena;
pub mod decider;
mod engine;
pub mod exact;
pub mod inputs;
pub mod links;
pub mod marks;
pub mod optimal;
pub mod policy;
pub mod tournament;

pub use arena::{Entrant, HostProgram, MatchSpec, MatchSummary, SetupError, StrategySource};
pub use engine::{Effect, Pig, PigError, PigMove, PigParams, Situation, MAX_TARGET};
pub use policy::{Policy, BUILTIN_NAMES};
