//! Exact Pig mathematics: the optimal policy (Neller & Presser value iteration, solved layer by
//! layer over the sum of both totals) and exact win probabilities between two fixed policies.

/// Largest target the solvers accept (the tables grow with its cube).
pub const MAX_SOLVED_TARGET: u32 = 200;

/// The policy that maximises the probability of winning, for one target.
#[derive(Debug, Clone, PartialEq)]
pub struct OptimalPolicy {
    target: u32,
    /// Win probability of the player about to start a turn, indexed `[own][other]`.
    start: Vec<f64>,
    /// `throws[(own * t + other) * t + turn]`: throw again after reaching `turn`.
    throws: Vec<bool>,
}

impl OptimalPolicy {
    /// Solves the game for `target` (clamped to `2..=MAX_SOLVED_TARGET`).
    pub fn solve(target: u32) -> OptimalPolicy {
        let t = target.clamp(2, MAX_SOLVED_TARGET) as usize;
        let mut start = vec![0.0; t * t];
        let mut throws = vec![false; t * t * t];
        let mut scratch = vec![0.0; t + 7];
        let mut bits = vec![false; t];
        for sum in (0..=2 * (t - 1)).rev() {
            for i in sum.saturating_sub(t - 1)..=sum.min(t - 1) {
                let j = sum - i;
                if i > j {
                    continue;
                }
                // x = W(i, j) and y = W(j, i) each depend on the other through a pig-out:
                // solve y = g(f(y)) (monotone, piecewise linear) by the secant method, which
                // lands on the exact fixed point once inside the right linear piece.
                let mut h = |y: f64| {
                    let x = best_turn(t, &start, i, j, y, &mut scratch, &mut bits);
                    (x, best_turn(t, &start, j, i, x, &mut scratch, &mut bits))
                };
                let (mut y0, mut y1) = (0.5, h(0.5).1);
                let (mut phi0, mut x) = (y1 - y0, 0.0);
                for _ in 0..100 {
                    let (x1, hy1) = h(y1);
                    x = x1;
                    let phi1 = hy1 - y1;
                    if phi1.abs() < 1e-16 {
                        break;
                    }
                    let slope = (phi1 - phi0) / (y1 - y0);
                    let next = if slope.abs() > 1e-12 { y1 - phi1 / slope } else { hy1 };
                    (y0, phi0, y1) = (y1, phi1, next.clamp(0.0, 1.0));
                }
                let y = y1;
                // Record both sides' decisions with the converged values.
                start[i * t + j] = best_turn(t, &start, i, j, y, &mut scratch, &mut bits);
                throws[(i * t + j) * t..(i * t + j + 1) * t].copy_from_slice(&bits);
                start[j * t + i] = best_turn(t, &start, j, i, x, &mut scratch, &mut bits);
                throws[(j * t + i) * t..(j * t + i + 1) * t].copy_from_slice(&bits);
            }
        }
        OptimalPolicy { target: t as u32, start, throws }
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    /// Probability that the player about to start a turn wins, both playing optimally.
    pub fn win_probability(&self, own: u32, other: u32) -> f64 {
        let t = self.target as usize;
        let (own, other) = (own as usize, other as usize);
        if own >= t {
            return 1.0;
        }
        if other >= t {
            return 0.0;
        }
        self.start[own * t + other]
    }

    pub fn throws(&self, own: u32, other: u32, turn: u32) -> bool {
        let t = self.target as usize;
        let (own, other, turn) = (own as usize, other as usize, turn as usize);
        if own >= t || other >= t || own + turn >= t {
            return false;
        }
        self.throws[(own * t + other) * t + turn]
    }

    /// The largest turn sum at which the policy still throws, for each own total, given the
    /// opponent's total (for drawing the hold boundary). `None` where it never throws.
    pub fn boundary(&self, other: u32) -> Vec<Option<u32>> {
        (0..self.target)
            .map(|own| (1..self.target - own).rev().find(|&turn| self.throws(own, other, turn)))
            .collect()
    }
}

/// Win probability of the player starting a turn at (own `i`, other `j`), playing optimally,
/// given `after_pig_out` = the opponent's win probability when starting at (j, i).
/// Fills `bits[k]` with the decision at turn sum k.
fn best_turn(
    t: usize,
    start: &[f64],
    i: usize,
    j: usize,
    after_pig_out: f64,
    value: &mut [f64],
    bits: &mut [bool],
) -> f64 {
    let lose_turn = (1.0 - after_pig_out) / 6.0;
    let throw_value = |k: usize, value: &[f64]| -> f64 {
        let mut v = lose_turn;
        for r in 2..=6 {
            v += if i + k + r >= t { 1.0 } else { value[k + r] } / 6.0;
        }
        v
    };
    for k in (1..t - i).rev() {
        let throw = throw_value(k, value);
        let hold = 1.0 - start[j * t + i + k];
        bits[k] = throw > hold;
        value[k] = throw.max(hold);
    }
    bits[0] = true;
    throw_value(0, value)
}
