//! Placeholder: the route search (replaced by the solver implementation).

use super::Mine;

/// Searches for a high-scoring route in bounded units of work (no clock inside: the caller
/// decides when to stop).
pub struct Solver {
    best_route: String,
    best_score: i64,
    explored: u64,
}

impl Solver {
    pub fn new(_mine: &Mine) -> Solver {
        Solver { best_route: "A".into(), best_score: 0, explored: 0 }
    }
    /// Does about `units` simulated commands of search; true when nothing is left to try.
    pub fn work(&mut self, units: u64) -> bool {
        self.explored += units;
        true
    }
    pub fn best_route(&self) -> &str {
        &self.best_route
    }
    pub fn best_score(&self) -> i64 {
        self.best_score
    }
    pub fn explored(&self) -> u64 {
        self.explored
    }
}
