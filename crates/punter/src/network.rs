//! One punter's graph — the rivers it claimed or holds an option on — as a union-find over the
//! sites it touches. Every component keeps, for every mine, the sum of d(mine, s)² over its
//! sites, so joining two components updates the score in O(mines) and the score is always at
//! hand.

use super::map::PunterMap;
use rustc_hash::FxHashMap as HashMap;

const UNTOUCHED: u32 = u32::MAX;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Component {
    sites: u32,
    /// Mine numbers (indices into `map.mines`) in the component.
    mines: Vec<u16>,
    /// Per mine number: Σ d(mine, s)² over the component's sites (0 where unreachable).
    sums: Vec<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    /// Per site: its parent in the union-find, or `UNTOUCHED`.
    parent: Vec<u32>,
    /// Per root.
    components: HashMap<u32, Component>,
    score: u64,
}

impl Network {
    pub fn new(sites: usize) -> Network {
        Network { parent: vec![UNTOUCHED; sites], components: HashMap::default(), score: 0 }
    }

    /// Σ over mines, Σ over sites joined to the mine, of d².
    pub fn score(&self) -> u64 {
        self.score
    }

    /// The root of `s`'s component, `None` when no river of this punter touches `s`.
    pub fn find(&self, s: u32) -> Option<u32> {
        let mut s = s;
        loop {
            let p = *self.parent.get(s as usize)?;
            if p == UNTOUCHED {
                return None;
            }
            if p == s {
                return Some(s);
            }
            s = p;
        }
    }

    /// The sites a river of this punter touches, in site order.
    pub fn touched(&self) -> impl Iterator<Item = u32> + '_ {
        self.parent.iter().enumerate().filter(|(_, &p)| p != UNTOUCHED).map(|(s, _)| s as u32)
    }

    pub fn connected(&self, a: u32, b: u32) -> bool {
        matches!((self.find(a), self.find(b)), (Some(x), Some(y)) if x == y)
    }

    /// What adding a river between `a` and `b` would add to the score.
    pub fn gain(&self, map: &PunterMap, a: u32, b: u32) -> u64 {
        let ca = self.find(a).and_then(|r| self.components.get(&r).map(|c| (r, c)));
        let cb = self.find(b).and_then(|r| self.components.get(&r).map(|c| (r, c)));
        if let (Some((x, _)), Some((y, _))) = (ca, cb) {
            if x == y {
                return 0;
            }
        }
        // Σ over the mines on one side of d² to the sites on the other side.
        let sum = |s: u32, m: usize, c: Option<(u32, &Component)>| match c {
            Some((_, c)) => c.sums[m],
            None => match map.dist(m, s) {
                u32::MAX => 0,
                d => u64::from(d) * u64::from(d),
            },
        };
        let mines = |s: u32, c: Option<(u32, &Component)>| -> Vec<usize> {
            match c {
                Some((_, c)) => c.mines.iter().map(|&m| usize::from(m)).collect(),
                None => map.mine_number(s).into_iter().collect(),
            }
        };
        mines(a, ca).into_iter().map(|m| sum(b, m, cb)).sum::<u64>()
            + mines(b, cb).into_iter().map(|m| sum(a, m, ca)).sum::<u64>()
    }

    fn touch(&mut self, map: &PunterMap, s: u32) -> u32 {
        if let Some(root) = self.find(s) {
            return root;
        }
        self.parent[s as usize] = s;
        let sums = map
            .dists(s)
            .iter()
            .map(|&d| if d == u32::MAX { 0 } else { u64::from(d) * u64::from(d) })
            .collect();
        let mines = map.mine_number(s).map(|m| vec![m as u16]).unwrap_or_default();
        self.components.insert(s, Component { sites: 1, mines, sums });
        s
    }

    /// Adds a river between sites `a` and `b`.
    pub fn add(&mut self, map: &PunterMap, a: u32, b: u32) {
        let (ra, rb) = (self.touch(map, a), self.touch(map, b));
        if ra == rb {
            return;
        }
        // The larger component keeps its root (union by size: finds stay O(log n)) and its
        // entry: the smaller one is taken out and folded in.
        let size = |r: u32| self.components.get(&r).map_or(0, |c| c.sites);
        let (keep, gone) = if size(ra) >= size(rb) { (ra, rb) } else { (rb, ra) };
        let Some(small) = self.components.remove(&gone) else { return };
        let Some(big) = self.components.get_mut(&keep) else { return };
        let gain: u64 = big.mines.iter().map(|&m| small.sums[usize::from(m)]).sum::<u64>()
            + small.mines.iter().map(|&m| big.sums[usize::from(m)]).sum::<u64>();
        for (x, y) in big.sums.iter_mut().zip(&small.sums) {
            *x += y;
        }
        big.sites += small.sites;
        big.mines.extend(small.mines);
        self.score += gain;
        self.parent[gone as usize] = keep;
        // Path compression for the two endpoints keeps later finds short.
        for s in [a, b] {
            self.parent[s as usize] = keep;
        }
    }
}
