//! The `strong` bot: greedy gains, plus what the move takes away from the opponents (their
//! best gains), plus progress towards the mines it has not joined yet (the first river of a
//! shortest free path, worth what joining that mine would add, shrinking with the distance).

use super::game::{Punter, PunterMove, PunterView};
use super::network::Network;
use crate::arena::Decider;
use std::collections::VecDeque;

pub struct StrongBot;

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

/// Per river, the bonus for making progress towards a mine `me` has not joined: what joining
/// it would add, over (distance + 1)², given to the first river of each shortest free path.
fn towards_mines(v: &PunterView, me: &Network) -> Vec<(u32, u64)> {
    let map = &v.map;
    let free = |r: u32| v.owners[r as usize] < 0;
    let mut dist = vec![u32::MAX; map.sites.len()];
    let mut first: Vec<Option<u32>> = vec![None; map.sites.len()];
    let mut queue = VecDeque::new();
    for s in 0..map.sites.len() as u32 {
        if me.find(s).is_some() {
            dist[s as usize] = 0;
            queue.push_back(s);
        }
    }
    if queue.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    while let Some(s) = queue.pop_front() {
        if dist[s as usize] >= 8 {
            continue;
        }
        for &(t, r) in map.adjacent(s) {
            if dist[t as usize] != u32::MAX || !free(r) {
                continue;
            }
            dist[t as usize] = dist[s as usize] + 1;
            first[t as usize] = first[s as usize].or(Some(r));
            if map.mine_number(t).is_some() && me.find(t).is_none() {
                if let (Some(r0), Some(root)) = (first[t as usize], (0..map.sites.len() as u32).find(|&x| me.find(x).is_some())) {
                    // What joining the mine's site to the network would add (its own sums).
                    let value = me.gain(map, root, t).max(1);
                    let d = u64::from(dist[t as usize]) + 1;
                    out.push((r0, value / (d * d)));
                }
            }
            queue.push_back(t);
        }
    }
    out
}

impl Decider<Punter> for StrongBot {
    fn decide(&mut self, v: &PunterView) -> Result<PunterMove, String> {
        let map = &v.map;
        let nets = networks(v);
        let me = &nets[v.punter];
        let free = |r: usize| v.owners[r] < 0;
        // Candidates: free rivers touching anyone's network or a mine.
        let touched = |s: u32| map.mine_number(s).is_some() || nets.iter().any(|n| n.find(s).is_some());
        let mut best: Option<(u64, u32)> = None;
        let mut bonus = vec![0u64; map.rivers.len()];
        for (r, b) in towards_mines(v, me) {
            bonus[r as usize] = bonus[r as usize].max(b);
        }
        for (r, &(a, b)) in map.rivers.iter().enumerate() {
            if !free(r) || !(touched(a) || touched(b)) {
                continue;
            }
            let mine = me.gain(map, a, b);
            let denied = nets.iter().enumerate().filter(|&(p, _)| p != v.punter).map(|(_, n)| n.gain(map, a, b)).max().unwrap_or(0);
            let value = 2 * mine + denied + bonus[r];
            if best.is_none_or(|(bv, _)| value > bv) {
                best = Some((value, r as u32));
            }
        }
        if let Some((_, r)) = best {
            return Ok(PunterMove::Claim(r));
        }
        Ok((0..map.rivers.len()).find(|&r| free(r)).map_or(PunterMove::Pass, |r| PunterMove::Claim(r as u32)))
    }
}
