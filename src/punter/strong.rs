//! The `strong` bot. Each turn it weighs, for every river it could take: its own gain, the gain
//! it takes from the others, and progress towards what it has not reached yet — mines it has
//! not joined and the targets of its futures (the first river of a shortest free path, worth
//! what reaching it adds, shrinking with the distance). With options it buys a river when that
//! is worth more than any claim; with splurges, once it has the credit, it takes a whole
//! shortest path to an unreached mine or future target in one turn. With futures it bids, at
//! setup, on sites a few rivers from each mine on the way to another mine.

use super::game::{Punter, PunterMove, PunterView};
use super::map::PunterMap;
use super::network::Network;
use crate::arena::Decider;
use std::collections::VecDeque;

/// Futures per game the bot bids on, at most.
const MAX_BIDS: usize = 3;
/// How far (in rivers) the bot looks for unreached mines and targets.
const HORIZON: u32 = 8;

#[derive(Default)]
pub struct StrongBot {
    /// The rest of a splurge being made (site indices).
    plan: Vec<u32>,
}

/// Futures bids for punter `p` at setup: for up to three mines, a site three rivers (at most
/// one less than the way) along a shortest path to the nearest other mine, or two rivers out.
pub fn bids(map: &PunterMap, p: usize) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let n = map.mines.len();
    for k in 0..n.min(MAX_BIDS) {
        let m = (k + p) % n;
        let from = map.mines[m];
        let other = (0..n).filter(|&o| o != m).map(|o| map.mines[o]).min_by_key(|&o| map.dist(m, o));
        let want = match other {
            Some(o) if map.dist(m, o) != u32::MAX && map.dist(m, o) > 1 => (map.dist(m, o) - 1).min(3),
            _ => 2,
        };
        // The site at distance `want` that is closest to the other mine.
        let target = (0..map.sites.len() as u32)
            .filter(|&s| map.dist(m, s) == want && map.mine_number(s).is_none())
            .min_by_key(|&s| other.and_then(|o| map.mine_number(o)).map_or(0, |on| map.dist(on, s)));
        if let Some(t) = target {
            out.push((map.sites[from as usize].id, map.sites[t as usize].id));
        }
    }
    out
}

fn networks(v: &PunterView) -> Vec<Network> {
    let mut nets: Vec<Network> = (0..v.punters).map(|_| Network::new(v.map.sites.len())).collect();
    for (r, &(a, b)) in v.map.rivers.iter().enumerate() {
        for holder in [v.owners[r], v.options[r]] {
            if holder >= 0 {
                if let Some(n) = nets.get_mut(holder as usize) {
                    n.add(&v.map, a, b);
                }
            }
        }
    }
    nets
}

/// Something not reached yet: a site, what reaching it from `from` is worth.
struct Goal {
    from: u32,
    site: u32,
    value: u64,
}

/// Shortest free paths (within the horizon) from the component of `goal.from` to `goal.site`:
/// the path's sites, from the network outwards.
fn path_to(v: &PunterView, me: &Network, goal: &Goal) -> Option<Vec<u32>> {
    let map = &v.map;
    let root = me.find(goal.from)?;
    let mut back: Vec<Option<u32>> = vec![None; map.sites.len()];
    let mut dist = vec![u32::MAX; map.sites.len()];
    let mut queue = VecDeque::new();
    for s in 0..map.sites.len() as u32 {
        if me.find(s) == Some(root) {
            dist[s as usize] = 0;
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        if s == goal.site {
            let mut path = vec![s];
            let mut at = s;
            while let Some(prev) = back[at as usize] {
                path.push(prev);
                at = prev;
            }
            path.reverse();
            return Some(path);
        }
        if dist[s as usize] >= HORIZON {
            continue;
        }
        for &(t, r) in map.adjacent(s) {
            if dist[t as usize] == u32::MAX && v.owners[r as usize] < 0 {
                dist[t as usize] = dist[s as usize] + 1;
                back[t as usize] = Some(s);
                queue.push_back(t);
            }
        }
    }
    None
}

fn goals(v: &PunterView, me: &Network) -> Vec<Goal> {
    let map = &v.map;
    let mut out = Vec::new();
    let Some(anchor) = (0..map.sites.len() as u32).find(|&s| me.find(s).is_some()) else { return out };
    for &m in &map.mines {
        if me.find(m).is_none() {
            out.push(Goal { from: anchor, site: m, value: me.gain(map, anchor, m).max(1) });
        }
    }
    for &(mine, target) in &v.futures {
        let (Some(ms), Some(ts)) = (map.site(mine), map.site(target)) else { continue };
        if me.find(ms).is_some() && !me.connected(ms, ts) {
            let d = u64::from(map.mine_number(ms).map_or(0, |m| map.dist(m, ts)));
            // Reaching it turns −d³ into +d³.
            out.push(Goal { from: ms, site: ts, value: 2 * d * d * d });
        }
    }
    out
}

impl StrongBot {
    fn next_of_plan(&mut self, v: &PunterView) -> Option<PunterMove> {
        if v.route.is_empty() {
            self.plan.clear();
            return None;
        }
        Some(if self.plan.is_empty() { PunterMove::SplurgeEnd } else { PunterMove::SplurgeTo(self.plan.remove(0)) })
    }
}

impl Decider<Punter> for StrongBot {
    /// With futures on, its bids for the seat it takes.
    fn prepare(&mut self, params: &mut super::PunterParams, seat: u8, _seed: u64) {
        if params.settings.futures {
            let seat = usize::from(seat);
            params.futures.resize(params.punters.max(seat + 1), Vec::new());
            params.futures[seat] = bids(&params.map, seat);
        }
    }

    fn decide(&mut self, v: &PunterView) -> Result<PunterMove, String> {
        if let Some(mv) = self.next_of_plan(v) {
            return Ok(mv);
        }
        let map = &v.map;
        let nets = networks(v);
        let me = &nets[v.punter];
        let goals = goals(v, me);
        let mut bonus = vec![0u64; map.rivers.len()];
        let mut splurge: Option<(u64, Vec<u32>)> = None;
        // The richest goal two or three rivers away: (rivers, worth).
        let mut saving: Option<(u64, u64)> = None;
        let credit = u64::from(v.credit) + 1;
        for goal in &goals {
            let Some(path) = path_to(v, me, goal) else { continue };
            let k = path.len() as u64 - 1;
            if (2..=3).contains(&k) && saving.is_none_or(|(_, w)| goal.value / (k + 1) > w) {
                saving = Some((k, goal.value / (k + 1)));
            }
            if let Some(r) = path.get(1).and_then(|&s| map.river(path[0], s)) {
                bonus[r as usize] = bonus[r as usize].max(goal.value / ((k + 1) * (k + 1)));
            }
            let worth = goal.value / (k + 1);
            if k >= 2 && k <= credit && splurge.as_ref().is_none_or(|(w, _)| worth > *w) {
                splurge = Some((worth, path));
            }
        }
        let free = |r: usize| v.owners[r] < 0;
        // What taking a river denies the others: for each other punter, the gain of its best
        // claim beyond its next best (it would take that instead); nothing for the rest, as one
        // blocked river among many costs its owner-to-be nothing.
        let mut denied = vec![0u64; map.rivers.len()];
        for (_, n) in nets.iter().enumerate().filter(|&(p, _)| p != v.punter) {
            let (mut best, mut second) = ((0u64, usize::MAX), 0u64);
            for (r, &(a, b)) in map.rivers.iter().enumerate() {
                // A river away from its network and from the mines adds nothing to it.
                let near = |s: u32| n.find(s).is_some() || map.mine_number(s).is_some();
                if !free(r) || !(near(a) || near(b)) {
                    continue;
                }
                let g = n.gain(map, a, b);
                if g > best.0 {
                    second = best.0;
                    best = (g, r);
                } else if g > second {
                    second = g;
                }
            }
            if let Some(d) = denied.get_mut(best.1) {
                *d = (*d).max(best.0 - second);
            }
        }
        let buyable = |r: usize| v.options_left > 0 && v.owners[r] >= 0 && v.owners[r] != v.punter as i16 && v.options[r] < 0;
        let touched = |s: u32| map.mine_number(s).is_some() || nets.iter().any(|n| n.find(s).is_some());
        // No network yet: start at the mine with the most room around it (blocking first
        // leaves it with nothing of its own, e.g. in seat 2 on junction).
        if (0..map.sites.len() as u32).all(|s| me.find(s).is_none()) {
            if let Some(r) = first_river(v) {
                return Ok(PunterMove::Claim(r));
            }
        }
        let mut best: Option<(u64, PunterMove)> = None;
        // The best gain this turn itself (own plus denied), without the progress bonus.
        let mut best_now = 0u64;
        for (r, &(a, b)) in map.rivers.iter().enumerate() {
            if !(free(r) || buyable(r)) || !(touched(a) || touched(b)) {
                continue;
            }
            let mine = me.gain(map, a, b);
            let value = if free(r) {
                let denied = denied[r];
                best_now = best_now.max(2 * mine + denied);
                2 * mine + denied + bonus[r]
            } else {
                // An option is one of few: only for a clear gain.
                mine + bonus[r] / 2
            };
            if best.as_ref().is_none_or(|(bv, _)| value > *bv) {
                best = Some((value, if free(r) { PunterMove::Claim(r as u32) } else { PunterMove::Option(r as u32) }));
            }
        }
        if let Some((worth, path)) = splurge {
            if best_now == 0 || best.as_ref().is_none_or(|(bv, _)| worth > *bv) {
                self.plan = path[1..].to_vec();
                return Ok(PunterMove::SplurgeTo(path[0]));
            }
        }
        // Little to gain this turn but a rich goal two or three rivers away: save credit to
        // splurge there next turn.
        if v.splurges && saving.is_some_and(|(k, worth)| k > credit && worth > 4 * best_now.max(1)) {
            return Ok(PunterMove::Pass);
        }
        if let Some((_, mv)) = best {
            return Ok(mv);
        }
        Ok((0..map.rivers.len()).find(|&r| free(r)).map_or(PunterMove::Pass, |r| PunterMove::Claim(r as u32)))
    }
}

/// The free river at a mine with the most free rivers around its other end and the mine (no
/// other punter's network at either end), for a punter without a network.
fn first_river(v: &PunterView) -> Option<u32> {
    let map = &v.map;
    let taken = |s: u32| map.adjacent(s).iter().any(|&(_, r)| v.owners[r as usize] >= 0);
    let room = |s: u32| map.adjacent(s).iter().filter(|&&(_, r)| v.owners[r as usize] < 0).count();
    map.mines
        .iter()
        .filter(|&&m| !taken(m))
        .flat_map(|&m| map.adjacent(m).iter().map(move |&(t, r)| (m, t, r)))
        .filter(|&(_, t, r)| v.owners[r as usize] < 0 && !taken(t))
        .max_by_key(|&(m, t, r)| (room(m) + room(t), std::cmp::Reverse(r)))
        .map(|(_, _, r)| r)
}
