//! A punter's score taken apart, for the page to explain it: per mine, the sites its rivers join
//! to the mine and their distance²; per future, won (+d³) or lost (−d³); and what a site is
//! worth to the punter now. The sums are the score `PunterGame::score` counts.

use super::state::PunterGame;

/// The sites joined to one mine (dense indices) and what they score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MineScore {
    /// The mine's site.
    pub mine: u32,
    /// (site, distance from the mine), nearest first; the mine itself is left out.
    pub sites: Vec<(u32, u32)>,
    /// Σ distance² over `sites`.
    pub points: u64,
}

/// A future bet: won when its target is joined to its mine at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FutureScore {
    pub mine: u32,
    pub target: u32,
    pub distance: u32,
    pub won: bool,
    /// +distance³ when won, −distance³ when lost.
    pub points: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    pub mines: Vec<MineScore>,
    pub futures: Vec<FutureScore>,
    /// The score: Σ of the mines' points and the futures' points.
    pub total: i64,
}

/// What a site is worth to a punter for one mine it can be reached from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiteWorth {
    pub mine: u32,
    pub distance: u32,
    /// Already joined to that mine by the punter's rivers: the distance² is scored now.
    pub joined: bool,
}

impl PunterGame {
    /// Punter `p`'s score taken apart (`p` past the last punter: an empty breakdown).
    pub fn breakdown(&self, p: usize) -> Breakdown {
        if p >= self.punters() {
            return Breakdown { mines: Vec::new(), futures: Vec::new(), total: 0 };
        }
        let map = self.map();
        let net = self.network(p);
        let touched: Vec<(u32, Option<u32>)> = net.touched().map(|s| (s, net.find(s))).collect();
        let mines: Vec<MineScore> = map
            .mines
            .iter()
            .enumerate()
            .map(|(m, &mine)| {
                let root = net.find(mine);
                let mut sites: Vec<(u32, u32)> = touched
                    .iter()
                    .filter(|&&(s, r)| root.is_some() && r == root && s != mine)
                    .map(|&(s, _)| (s, map.dist(m, s)))
                    .filter(|&(_, d)| d != u32::MAX)
                    .collect();
                sites.sort_by_key(|&(s, d)| (d, s));
                let points = sites.iter().map(|&(_, d)| u64::from(d) * u64::from(d)).sum();
                MineScore { mine, sites, points }
            })
            .collect();
        let futures: Vec<FutureScore> = self
            .futures(p)
            .iter()
            .map(|&(m, target)| {
                let mine = map.mines[m];
                let distance = map.dist(m, target);
                let won = net.connected(mine, target);
                let d3 = i64::from(distance).pow(3);
                FutureScore { mine, target, distance, won, points: if won { d3 } else { -d3 } }
            })
            .collect();
        let total = mines.iter().map(|m| m.points as i64).sum::<i64>()
            + futures.iter().map(|f| f.points).sum::<i64>();
        Breakdown { mines, futures, total }
    }

    /// What site `s` is worth to punter `p`: for each mine it can be reached from, its distance
    /// and whether `p`'s rivers already join the two (then distance² is in the score).
    pub fn site_worth(&self, p: usize, s: u32) -> Vec<SiteWorth> {
        let map = self.map();
        if p >= self.punters() || s as usize >= map.sites.len() {
            return Vec::new();
        }
        let net = self.network(p);
        map.mines
            .iter()
            .enumerate()
            .filter(|&(_, &mine)| mine != s)
            .map(|(m, &mine)| SiteWorth {
                mine,
                distance: map.dist(m, s),
                joined: net.connected(mine, s),
            })
            .filter(|w| w.distance != u32::MAX)
            .collect()
    }
}
