//! Results of matches: wins, draws and losses per entrant, Wilson intervals, and an Elo table
//! fitted to every pairwise result (Bradley–Terry maximum likelihood, draws as half a win).

use super::GameLog;
use crate::game::Game;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Sum of the entrant's returns.
    pub score: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    pub tallies: Vec<Tally>,
    /// `pairs[a][b]`: games in which `a` finished above `b`, draws counting one half.
    pub pairs: Vec<Vec<f64>>,
}

impl Standings {
    pub fn new(entrants: usize) -> Standings {
        Standings { tallies: vec![Tally::default(); entrants], pairs: vec![vec![0.0; entrants]; entrants] }
    }

    /// Adds one game: the seat with the highest return wins; a shared highest return is a
    /// draw among those seats.
    pub fn add(&mut self, seating: &[usize], returns: &[f64]) {
        let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let top = returns.iter().filter(|&&r| r == best).count();
        for (seat, &entrant) in seating.iter().enumerate() {
            let Some(&r) = returns.get(seat) else { continue };
            let Some(t) = self.tallies.get_mut(entrant) else { continue };
            t.games += 1;
            t.score += r;
            match (r == best, top) {
                (true, 1) => t.wins += 1,
                (true, _) => t.draws += 1,
                _ => t.losses += 1,
            }
            for (other_seat, &other) in seating.iter().enumerate() {
                let Some(&o) = returns.get(other_seat) else { continue };
                if other != entrant && other < self.pairs.len() {
                    let share = if r > o { 1.0 } else if r == o { 0.5 } else { 0.0 };
                    self.pairs[entrant][other] += share;
                }
            }
        }
    }

    pub fn of_logs<G: Game>(entrants: usize, logs: &[GameLog<G>]) -> Standings {
        let mut s = Standings::new(entrants);
        for log in logs {
            s.add(&log.seating, &log.returns);
        }
        s
    }

    /// Elo ratings (mean 1500) from the pairwise results.
    pub fn elo(&self) -> Vec<f64> {
        elo(&self.pairs)
    }
}

/// Elo ratings with mean 1500 fitting `pairs[a][b]` (wins of a over b) by the
/// Bradley–Terry model. Half a game of prior against a 1500 opponent keeps unbeaten and
/// winless entrants finite.
pub fn elo(pairs: &[Vec<f64>]) -> Vec<f64> {
    let n = pairs.len();
    let mut strength = vec![1.0f64; n];
    for _ in 0..200 {
        let mut next = strength.clone();
        for i in 0..n {
            let wins: f64 = 0.5 + pairs[i].iter().sum::<f64>();
            let mut denom = 1.0 / (strength[i] + 1.0);
            for j in 0..n {
                let games = pairs[i][j] + pairs[j][i];
                if i != j && games > 0.0 {
                    denom += games / (strength[i] + strength[j]);
                }
            }
            next[i] = wins / denom;
        }
        strength = next;
    }
    let ratings: Vec<f64> = strength.iter().map(|s| 400.0 * s.max(1e-12).log10()).collect();
    let mean = ratings.iter().sum::<f64>() / n.max(1) as f64;
    ratings.iter().map(|r| 1500.0 + r - mean).collect()
}

/// Wilson score interval (95%) for a win rate.
pub fn wilson_interval(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z = 1.959_963_984_540_054_f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
