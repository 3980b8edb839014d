//! Exact Pig mathematics: the optimal policy (Neller & Presser value iteration, solved layer by
//! layer over the sum of both totals) and exact win probabilities between two fixed policies.

use super::policy::Policy;

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

/// Exact probability that `a` beats `b` when `a` starts (`a_first`) or `b` starts.
pub fn policy_win_probability(a: &Policy, b: &Policy, target: u32, a_first: bool) -> f64 {
    let t = target.clamp(2, MAX_SOLVED_TARGET) as usize;
    // pa[i*t+j]: a to start a turn with a at i, b at j. pb[j*t+i]: b to start a turn.
    let mut pa = vec![0.0; t * t];
    let mut pb = vec![0.0; t * t];
    let mut scratch = vec![0.0; t + 7];
    for sum in (0..=2 * (t - 1)).rev() {
        for i in sum.saturating_sub(t - 1)..=sum.min(t - 1) {
            let j = sum - i;
            // A's turn value is linear in y = pb(j, i); B's in x = pa(i, j).
            let a_turn = |y: f64, s: &mut [f64]| {
                policy_turn(t, i, y, s, |k| a.throws(i as u32, j as u32, k as u32, t as u32), 1.0, |k| {
                    pb[j * t + i + k]
                })
            };
            let a0 = a_turn(0.0, &mut scratch);
            let a1 = a_turn(1.0, &mut scratch) - a0;
            let b_turn = |x: f64, s: &mut [f64]| {
                policy_turn(t, j, x, s, |k| b.throws(j as u32, i as u32, k as u32, t as u32), 0.0, |k| {
                    pa[i * t + j + k]
                })
            };
            let b0 = b_turn(0.0, &mut scratch);
            let b1 = b_turn(1.0, &mut scratch) - b0;
            let x = (a0 + a1 * b0) / (1.0 - a1 * b1);
            pa[i * t + j] = x;
            pb[j * t + i] = b0 + b1 * x;
        }
    }
    if a_first {
        pa[0]
    } else {
        pb[0]
    }
}

/// Value (for player A) of a turn of the player at `own` who follows `throws`; `pig_out` is
/// A's value after a 1, `reached` A's value when the mover reaches the target, `hold(k)` A's
/// value after banking k.
fn policy_turn(
    t: usize,
    own: usize,
    pig_out: f64,
    value: &mut [f64],
    throws: impl Fn(usize) -> bool,
    reached: f64,
    hold: impl Fn(usize) -> f64,
) -> f64 {
    let throw_value = |k: usize, value: &[f64]| -> f64 {
        let mut v = pig_out / 6.0;
        for r in 2..=6 {
            v += if own + k + r >= t { reached } else { value[k + r] } / 6.0;
        }
        v
    };
    for k in (1..t - own).rev() {
        value[k] = if throws(k) { throw_value(k, value) } else { hold(k) };
    }
    throw_value(0, value)
}

/// Expected share of games `a` wins in a match of `games` (seats as in [`MatchSpec`]:
/// `a` second in game 1, then alternating).
///
/// [`MatchSpec`]: super::MatchSpec
pub fn match_win_probability(a: &Policy, b: &Policy, target: u32, games: u32) -> f64 {
    if games == 0 {
        return 0.0;
    }
    let first = policy_win_probability(a, b, target, true);
    let second = policy_win_probability(a, b, target, false);
    let n_first = (0..games).filter(|&g| super::MatchSpec::first_moves_first(g)).count() as f64;
    (n_first * first + (f64::from(games) - n_first) * second) / f64::from(games)
}

/// Probability that a strategy winning each game with `p_first` (moving first) or `p_second`
/// wins at least `needed` of `games`, moving second in game 1 and alternating (the checker).
pub fn match_pass_probability(p_first: f64, p_second: f64, games: u32, needed: u32) -> f64 {
    let mut dist = vec![1.0];
    for g in 0..games {
        let p = if g % 2 == 1 { p_first } else { p_second };
        let mut next = vec![0.0; dist.len() + 1];
        for (w, &q) in dist.iter().enumerate() {
            next[w] += q * (1.0 - p);
            next[w + 1] += q * p;
        }
        dist = next;
    }
    dist.iter().skip(needed as usize).sum()
}
