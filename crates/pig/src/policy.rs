//! Built-in strategies. Each is a policy: a pure function of (own total, other total, turn
//! sum), which is what lets the solver compute exact win probabilities between them.

use super::optimal::OptimalPolicy;
use super::Situation;
use std::fmt;
use std::sync::{Arc, OnceLock};

#[derive(Clone, Debug)]
pub enum Policy {
    /// CodeAbbey's checker opponent: throws while the turn sum is below 10.
    Dummy,
    /// Never throws again: banks every first throw.
    Coward,
    /// Throws while the turn sum is below N.
    HoldAt(u32),
    /// Neller & Presser's "keep pace and end race": if either total is within 29 of the
    /// target, throw until the target is reached; otherwise hold at 21 + (other − own) / 8.
    Pace,
    /// Maximises the probability of winning (value iteration).
    Optimal(Arc<OptimalPolicy>),
}

/// The optimal policy for `target`, solved once per process for the official target of 100.
pub fn optimal_for(target: u32) -> Arc<OptimalPolicy> {
    static OFFICIAL: OnceLock<Arc<OptimalPolicy>> = OnceLock::new();
    if target == 100 {
        OFFICIAL.get_or_init(|| Arc::new(OptimalPolicy::solve(100))).clone()
    } else {
        Arc::new(OptimalPolicy::solve(target))
    }
}

/// The names accepted by [`Policy::named`], for pickers and help texts.
pub const BUILTIN_NAMES: &[(&str, &str)] = &[
    ("optimal", "maximises the chance to win (Neller–Presser value iteration)"),
    ("pace", "keep pace and end race: holds at 21 + (gap / 8), races near the end"),
    ("hold20", "throws while the turn sum is below 20"),
    ("hold25", "throws while the turn sum is below 25"),
    ("dummy", "the CodeAbbey checker: throws while the turn sum is below 10"),
    ("coward", "never throws again"),
];

impl Policy {
    /// A built-in by name: `optimal`, `pace`, `dummy`, `coward` or `holdN` (N in 1..=1000).
    /// `optimal` is computed for `target` (cached by the caller when it matters).
    pub fn named(name: &str, target: u32) -> Option<Policy> {
        match name {
            "dummy" => Some(Policy::Dummy),
            "coward" => Some(Policy::Coward),
            "pace" => Some(Policy::Pace),
            "optimal" => Some(Policy::Optimal(optimal_for(target))),
            _ => {
                let n: u32 = name.strip_prefix("hold")?.parse().ok()?;
                (1..=1000).contains(&n).then_some(Policy::HoldAt(n))
            }
        }
    }

    /// Throw again? `own + turn < target` is assumed (otherwise the game is already won).
    pub fn throws(&self, own: u32, other: u32, turn: u32, target: u32) -> bool {
        match self {
            Policy::Dummy => turn < 10,
            Policy::Coward => false,
            Policy::HoldAt(n) => turn < *n,
            Policy::Pace => {
                let race_line = target.saturating_sub(29);
                if own >= race_line || other >= race_line {
                    true
                } else {
                    let gap = f64::from(other) - f64::from(own);
                    let hold_at = 21.0 + (gap / 8.0).round();
                    f64::from(turn) < hold_at
                }
            }
            Policy::Optimal(table) => table.throws(own, other, turn),
        }
    }

    pub fn decide(&self, s: &Situation, target: u32) -> bool {
        self.throws(s.my_total, s.other_total, s.turn_sum(), target)
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Dummy => f.write_str("dummy"),
            Policy::Coward => f.write_str("coward"),
            Policy::HoldAt(n) => write!(f, "hold{n}"),
            Policy::Pace => f.write_str("pace"),
            Policy::Optimal(_) => f.write_str("optimal"),
        }
    }
}
