//! Results of matches: wins, draws and losses per entrant, Wilson intervals, and an Elo table
//! fitted to every pairwise result (Bradley–Terry maximum likelihood, draws as half a win).

use super::GameLog;
use crate::game::{ranks_of, Game};
use serde::Serialize;

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
        Standings {
            tallies: vec![Tally::default(); entrants],
            pairs: vec![vec![0.0; entrants]; entrants],
        }
    }

    /// Adds one game, ranked by the seats' returns as [`Game::ranks`] ranks them
    /// ([`ranks_of`]): the one seat ranked first wins; seats sharing the first rank draw; a
    /// capped game's returns (all equal by default) make a draw of it.
    pub fn add(&mut self, seating: &[usize], returns: &[f64]) {
        let ranks = ranks_of(returns);
        let top = ranks.iter().filter(|&&k| k == 1).count();
        for (seat, &entrant) in seating.iter().enumerate() {
            let (Some(&r), Some(&rank)) = (returns.get(seat), ranks.get(seat)) else { continue };
            let Some(t) = self.tallies.get_mut(entrant) else { continue };
            t.games += 1;
            t.score += r;
            match (rank, top) {
                (1, 1) => t.wins += 1,
                (1, _) => t.draws += 1,
                _ => t.losses += 1,
            }
            for (other_seat, &other) in seating.iter().enumerate() {
                let Some(&o) = ranks.get(other_seat) else { continue };
                if other != entrant && other < self.pairs.len() {
                    let share = if rank < o {
                        1.0
                    } else if rank == o {
                        0.5
                    } else {
                        0.0
                    };
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

    /// One row per entrant, in entrant order, named by `names` (an entrant without a name
    /// gets its number from 1).
    pub fn rows(&self, names: &[String]) -> Vec<StandingRow> {
        let elo = self.elo();
        self.tallies
            .iter()
            .zip(elo)
            .enumerate()
            .map(|(i, (t, elo))| {
                let per_game = |x: f64| if t.games == 0 { 0.0 } else { x / f64::from(t.games) };
                StandingRow {
                    entrant: i,
                    name: names.get(i).cloned().unwrap_or_else(|| (i + 1).to_string()),
                    games: t.games,
                    wins: t.wins,
                    draws: t.draws,
                    losses: t.losses,
                    mean_return: per_game(t.score),
                    win_rate: per_game(f64::from(t.wins)),
                    ci95: wilson_interval(t.wins, t.games),
                    elo,
                }
            })
            .collect()
    }

    /// [`Standings::rows`], best Elo first (equal Elo: entrant order).
    pub fn ranked(&self, names: &[String]) -> Vec<StandingRow> {
        let mut rows = self.rows(names);
        rows.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        rows
    }
}

/// An entrant's line of the standings, as every table of them shows it (the page's arenas and
/// tournaments, the CLI's JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingRow {
    /// The entrant's number in its match or tournament (from 0).
    pub entrant: usize,
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The entrant's mean return a game (its mean score, where a game scores).
    pub mean_return: f64,
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: (f64, f64),
    pub elo: f64,
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
