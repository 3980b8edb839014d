//! The sequential probability ratio test over paired games, as fishtest decides "is B better than
//! A": each pair is two games on the same seed with the seats swapped, and scores B 0, ½, 1, 1½
//! or 2 (the pentanomial counts). The log-likelihood ratio of "B is `elo1` better" against "B is
//! `elo0` better" (logistic Elo) is the generalised SPRT's normal approximation over the pairs'
//! empirical distribution (fishtest's `LLR_alt2`, zero counts regularised by 0.001); the test
//! accepts H1 at `ln((1−β)/α)`, H0 at `ln(β/(1−α))`. The Elo difference and its 95% interval come
//! from the mean pair score and its standard error. No verdict is given before [`MIN_PAIRS`].

use serde::Serialize;
use std::fmt;

/// The default bounds for small bots: H0 "no better" (0 Elo) against H1 "20 Elo better".
pub const DEFAULT_ELO0: f64 = 0.0;
pub const DEFAULT_ELO1: f64 = 20.0;
/// The default error rates: a false "better" and a missed "better" in 5% of runs each.
pub const DEFAULT_ALPHA: f64 = 0.05;
pub const DEFAULT_BETA: f64 = 0.05;
/// Elo bounds beyond ±this are refused (a score of 0.9968 and over; nothing to test there).
pub const MAX_ELO: f64 = 1000.0;
/// No verdict before this many pairs: with fewer, the variance of the pairs' scores (which the
/// approximation divides by) is too poorly known — a first pair won twice would decide at once.
/// Over simulated runs (the tests) the error rates then stay near α and β.
pub const MIN_PAIRS: u64 = 16;
/// What a count of zero weighs in the empirical distribution (so its variance is never zero).
const REGULARISE: f64 = 1e-3;
/// The 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Why bounds cannot make a test.
#[derive(Debug, Clone, PartialEq)]
pub enum SprtError {
    /// An Elo bound is not a number or beyond ±[`MAX_ELO`].
    Elo { which: &'static str, value: f64 },
    /// `elo1` is not above `elo0`.
    Order { elo0: f64, elo1: f64 },
    /// α or β is not strictly between 0 and ½.
    Rate { which: &'static str, value: f64 },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::Elo { which, value } => write!(
                f,
                "{which} {value} is not an Elo difference between −{MAX_ELO} and {MAX_ELO}"
            ),
            SprtError::Order { elo0, elo1 } => {
                write!(f, "elo1 ({elo1}) must be above elo0 ({elo0})")
            }
            SprtError::Rate { which, value } => {
                write!(f, "{which} {value} must be between 0 and 0.5 (exclusive)")
            }
        }
    }
}

impl std::error::Error for SprtError {}

/// The test's hypotheses (logistic Elo of B over A) and error rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct SprtBounds {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Default for SprtBounds {
    fn default() -> SprtBounds {
        SprtBounds {
            elo0: DEFAULT_ELO0,
            elo1: DEFAULT_ELO1,
            alpha: DEFAULT_ALPHA,
            beta: DEFAULT_BETA,
        }
    }
}

impl SprtBounds {
    /// Checked bounds: Elo within ±[`MAX_ELO`], `elo0 < elo1`, α and β in (0, ½).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<SprtBounds, SprtError> {
        for (which, value) in [("elo0", elo0), ("elo1", elo1)] {
            if !value.is_finite() || value.abs() > MAX_ELO {
                return Err(SprtError::Elo { which, value });
            }
        }
        if elo1 <= elo0 {
            return Err(SprtError::Order { elo0, elo1 });
        }
        for (which, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::Rate { which, value });
            }
        }
        Ok(SprtBounds { elo0, elo1, alpha, beta })
    }
    /// At or below this LLR the test accepts H0.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }
    /// At or above this LLR the test accepts H1.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// The expected score of a side `elo` logistic Elo stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of an expected score in (0, 1).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-12, 1.0 - 1e-12);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// How many pairs scored B 0, ½, 1, 1½ and 2 points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }
    /// Counts one pair whose two games scored B `first` and `second` (each 0, ½ or 1; other
    /// values are rounded to the nearest half).
    pub fn add(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[k] += 1;
    }
    /// The count (regularised) and the mean and variance of a pair's score per game (0 … 1).
    fn moments(&self) -> (f64, f64, f64) {
        let counts = self.0.map(|c| if c == 0 { REGULARISE } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let value = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| counts[i] / n * value(i)).sum::<f64>();
        let var = (0..5).map(|i| counts[i] / n * (value(i) - mean).powi(2)).sum::<f64>();
        (n, mean, var)
    }
}

/// What the test says so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// H1 accepted: B is better by `elo1` or more (within β).
    H1,
    /// H0 accepted: B is not better by `elo0` or more (within α).
    H0,
    /// Neither bound reached: more pairs are needed.
    Undecided,
}

/// The test's state after the pairs counted.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtStatus {
    pub pairs: u64,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// B's Elo over A and its 95% interval.
    pub elo: f64,
    pub elo_low: f64,
    pub elo_high: f64,
    pub verdict: Verdict,
}

/// The log-likelihood ratio of H1 against H0 after the pairs `counts` (0 with no pairs).
pub fn llr(bounds: &SprtBounds, counts: &Pentanomial) -> f64 {
    if counts.pairs() == 0 {
        return 0.0;
    }
    let (n, mean, var) = counts.moments();
    let (s0, s1) = (score_of_elo(bounds.elo0), score_of_elo(bounds.elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / var / 2.0
}

/// What the test says of `llr` after `pairs` pairs.
pub fn verdict(bounds: &SprtBounds, pairs: u64, llr: f64) -> Verdict {
    if pairs < MIN_PAIRS {
        Verdict::Undecided
    } else if llr >= bounds.upper() {
        Verdict::H1
    } else if llr <= bounds.lower() {
        Verdict::H0
    } else {
        Verdict::Undecided
    }
}

/// The test after `counts`: its LLR against its bounds, the Elo estimate and the verdict.
pub fn sprt(bounds: &SprtBounds, counts: &Pentanomial) -> SprtStatus {
    let llr = llr(bounds, counts);
    let (lower, upper) = (bounds.lower(), bounds.upper());
    let verdict = verdict(bounds, counts.pairs(), llr);
    let (elo, elo_low, elo_high) = if counts.pairs() == 0 {
        (0.0, -MAX_ELO, MAX_ELO)
    } else {
        let (n, mean, var) = counts.moments();
        let half = Z95 * (var / n).sqrt();
        let bounded = |s: f64| elo_of_score(s).clamp(-MAX_ELO, MAX_ELO);
        (bounded(mean), bounded(mean - half), bounded(mean + half))
    };
    SprtStatus { pairs: counts.pairs(), llr, lower, upper, elo, elo_low, elo_high, verdict }
}

#[cfg(test)]
#[path = "sprt_tests.rs"]
mod tests;
