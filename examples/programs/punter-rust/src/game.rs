//! The map, who holds which river, and the greedy choice. Sites are kept by index (their ids
//! in `sites`); the whole game is written into `state` after every request and read back
//! from it at the next, as the offline protocol has no other memory.

use crate::json::Json;
use std::collections::HashMap;

pub struct Game {
    pub punter: i64,
    pub punters: i64,
    /// Site ids, by index.
    pub sites: Vec<i64>,
    /// Mines, as site indices.
    pub mines: Vec<usize>,
    /// Rivers as (site index, site index), each once.
    pub rivers: Vec<(usize, usize)>,
    /// Who claimed each river (-1: nobody yet).
    pub owner: Vec<i64>,
    river_at: HashMap<(usize, usize), usize>,
    /// Site id -> index.
    index: HashMap<i64, usize>,
}

fn number(value: &Json, what: &str) -> Result<i64, String> {
    value.as_i64().ok_or_else(|| format!("{what} is not a whole number"))
}

impl Game {
    /// From the setup request: `{punter, punters, map: {sites: [{id}], rivers: [{source,
    /// target}], mines: [id]}}`.
    pub fn from_setup(setup: &Json) -> Result<Game, String> {
        let map = setup.get("map");
        let sites = map.get("sites").items().iter().map(|s| number(s.get("id"), "a site's id")).collect::<Result<Vec<_>, _>>()?;
        let mines = map.get("mines").items().iter().map(|m| number(m, "a mine")).collect::<Result<Vec<_>, _>>()?;
        let mut rivers = Vec::new();
        for r in map.get("rivers").items() {
            rivers.push((number(r.get("source"), "a river's source")?, number(r.get("target"), "a river's target")?, -1));
        }
        Game::new(number(setup.get("punter"), "\"punter\"")?, number(setup.get("punters"), "\"punters\"")?, sites, &mines, &rivers)
    }

    /// From the state this program handed over: `{punter, punters, sites, mines, rivers:
    /// [[source, target, owner]]}` (sites by id).
    pub fn from_state(state: &Json) -> Result<Game, String> {
        let ids = |key: &str| state.get(key).items().iter().map(|v| number(v, key)).collect::<Result<Vec<_>, _>>();
        let mut rivers = Vec::new();
        for r in state.get("rivers").items() {
            let [s, t, o] = r.items() else { return Err("a river of the state is not [source, target, owner]".into()) };
            rivers.push((number(s, "a river's source")?, number(t, "a river's target")?, number(o, "a river's owner")?));
        }
        Game::new(number(state.get("punter"), "the state's punter")?, number(state.get("punters"), "the state's punters")?, ids("sites")?, &ids("mines")?, &rivers)
    }

    fn new(punter: i64, punters: i64, sites: Vec<i64>, mines: &[i64], rivers: &[(i64, i64, i64)]) -> Result<Game, String> {
        let index: HashMap<i64, usize> = sites.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        let at = |id: i64| index.get(&id).copied().ok_or_else(|| format!("site {id} is not on the map"));
        let mines = mines.iter().map(|&m| at(m)).collect::<Result<_, _>>()?;
        let mut game = Game { punter, punters, mines, sites: Vec::new(), rivers: Vec::new(), owner: Vec::new(), river_at: HashMap::new(), index: HashMap::new() };
        for &(s, t, o) in rivers {
            let key = ordered(at(s)?, at(t)?);
            if !game.river_at.contains_key(&key) {
                game.river_at.insert(key, game.rivers.len());
                game.rivers.push(key);
                game.owner.push(o);
            }
        }
        game.sites = sites;
        game.index = index;
        Ok(game)
    }

    pub fn to_state(&self) -> Json {
        let num = |n: i64| Json::Num(n as f64);
        let rivers = self.rivers.iter().zip(&self.owner).map(|(&(a, b), &o)| Json::Arr(vec![num(self.sites[a]), num(self.sites[b]), num(o)]));
        Json::Obj(vec![
            ("punter".into(), num(self.punter)),
            ("punters".into(), num(self.punters)),
            ("sites".into(), Json::Arr(self.sites.iter().map(|&s| num(s)).collect())),
            ("mines".into(), Json::Arr(self.mines.iter().map(|&m| num(self.sites[m])).collect())),
            ("rivers".into(), Json::Arr(rivers.collect())),
        ])
    }

    /// Marks the rivers the last moves took (claims and splurges; an option leaves the river
    /// with its owner, and a pass takes nothing).
    pub fn play(&mut self, moves: &Json) {
        for mv in moves.items() {
            let claim = mv.get("claim");
            if !claim.is_null() {
                self.take(claim.get("punter"), &[claim.get("source"), claim.get("target")]);
            }
            let splurge = mv.get("splurge");
            if !splurge.is_null() {
                let route: Vec<&Json> = splurge.get("route").items().iter().collect();
                for pair in route.windows(2) {
                    self.take(splurge.get("punter"), pair);
                }
            }
        }
    }

    fn take(&mut self, punter: &Json, ends: &[&Json]) {
        let site = |j: &Json| j.as_i64().and_then(|id| self.index.get(&id).copied());
        if let (Some(p), Some(a), Some(b)) = (punter.as_i64(), site(ends[0]), site(ends[1])) {
            if let Some(&r) = self.river_at.get(&ordered(a, b)) {
                if self.owner[r] < 0 {
                    self.owner[r] = p;
                }
            }
        }
    }

    /// The free river whose claim adds most to our score now, and how much; any free river
    /// when none adds anything (it may keep another punter from it); `None`: pass.
    pub fn choose(&self) -> Option<(usize, u64)> {
        let n = self.sites.len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in &self.rivers {
            next[a].push(b);
            next[b].push(a);
        }
        let dist: Vec<Vec<u64>> = self.mines.iter().map(|&m| distances(&next, m)).collect();
        // Our network's parts: union-find over the rivers we hold.
        let mut parent: Vec<usize> = (0..n).collect();
        for (r, &(a, b)) in self.rivers.iter().enumerate() {
            if self.owner[r] == self.punter {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
        // For each part, the mines in it, and the score each mine would get from its sites.
        let mut mines_in: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, &m) in self.mines.iter().enumerate() {
            mines_in.entry(find(&mut parent, m)).or_default().push(i);
        }
        let mut worth = vec![0u64; n * self.mines.len()];
        for s in 0..n {
            let root = find(&mut parent, s);
            for (i, d) in dist.iter().enumerate() {
                if d[s] != u64::MAX {
                    worth[root * self.mines.len() + i] += d[s] * d[s];
                }
            }
        }
        let none = Vec::new();
        let mut best: Option<(usize, u64)> = None;
        for (r, &(a, b)) in self.rivers.iter().enumerate() {
            if self.owner[r] >= 0 {
                continue;
            }
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra == rb {
                continue;
            }
            let gain = |from: usize, to: usize| mines_in.get(&from).unwrap_or(&none).iter().map(|&i| worth[to * self.mines.len() + i]).sum::<u64>();
            let total = gain(ra, rb) + gain(rb, ra);
            if best.is_none_or(|(_, g)| total > g) {
                best = Some((r, total));
            }
        }
        best.or_else(|| self.owner.iter().position(|&o| o < 0).map(|r| (r, 0)))
    }
}

/// Breadth-first distances (in rivers) from site `from` over the whole map (`next`: each
/// site's neighbours).
fn distances(next: &[Vec<usize>], from: usize) -> Vec<u64> {
    let mut dist = vec![u64::MAX; next.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    dist[from] = 0;
    while let Some(s) = queue.pop_front() {
        for &t in &next[s] {
            if dist[t] == u64::MAX {
                dist[t] = dist[s] + 1;
                queue.push_back(t);
            }
        }
    }
    dist
}

fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

fn find(parent: &mut [usize], mut s: usize) -> usize {
    while parent[s] != s {
        parent[s] = parent[parent[s]];
        s = parent[s];
    }
    s
}
