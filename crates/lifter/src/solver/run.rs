//! What one beam run is given: its tunables and the shared search context (used by the beam
//! and by the position judge).

use super::exec::Meter;
use super::plan::{Grid, Planner};
use super::probe::KeyHasher;
use crate::Lifter;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// What the single-command search found from a mine (by its key): the command tails.
pub(super) type Memo = HashMap<u64, Vec<Vec<u8>>, BuildHasherDefault<KeyHasher>>;
/// Tunables of one beam run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Params {
    pub width: usize,
    pub lambdas: usize,
    pub triggers: usize,
    /// Small maps: evaluate reachability and dedupe by the whole mine.
    pub thorough: bool,
    /// Mines the single-command search may visit when no macro move works (0: never).
    pub probe: usize,
    /// Children are single commands instead of macro moves.
    pub fine: bool,
    /// Candidates of each level played on greedily to rank them (0: rank by evaluation).
    pub pilot: usize,
    /// Evaluations get up to this much added, decided by `seed` and the mine.
    pub noise: i64,
    pub seed: u64,
}

/// Everything a run needs besides itself.
pub(super) struct Search<'a> {
    pub grid: &'a Grid,
    pub planner: &'a mut Planner,
    pub meter: &'a mut Meter,
    /// Called with every finished or abortable route and its mine.
    pub offer: &'a mut dyn FnMut(&[u8], &Lifter),
    pub clones: &'a mut u64,
    pub memo: &'a mut Memo,
}
