//! Exact results between two fixed policies: the probability one beats the other in a game,
//! over a match with the arena's seating, and the chance of passing the checker.

use super::optimal::MAX_SOLVED_TARGET;
use super::policy::Policy;

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
                policy_turn(
                    t,
                    i,
                    y,
                    s,
                    |k| a.throws(i as u32, j as u32, k as u32, t as u32),
                    1.0,
                    |k| pb[j * t + i + k],
                )
            };
            let a0 = a_turn(0.0, &mut scratch);
            let a1 = a_turn(1.0, &mut scratch) - a0;
            let b_turn = |x: f64, s: &mut [f64]| {
                policy_turn(
                    t,
                    j,
                    x,
                    s,
                    |k| b.throws(j as u32, i as u32, k as u32, t as u32),
                    0.0,
                    |k| pa[i * t + j + k],
                )
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
