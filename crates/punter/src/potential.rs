//! What a punter's position is worth beyond its score: its potential. For every mine, every
//! site counts d(mine, site)² (what it adds to the score once joined to the mine), discounted
//! by `ex` per free river still needed to join it. Rivers the punter holds cost nothing, rivers
//! other punters hold are walls. A site already joined counts in full, so the potential of a
//! finished game is its score.
//!
//! Besides the potential, one pass also spreads each site's worth back along the shortest free
//! paths that lead to it (evenly over the paths): a river's `flow` says how much of a punter's
//! potential runs through it, which is what claiming it would help (for the punter) or block
//! (for the others). The flow ranks the rivers worth a closer look.

use super::map::PunterMap;

/// Rivers held: per river its owner and who holds an option on it (or -1).
pub struct Holders<'a> {
    pub owners: &'a [i16],
    pub options: &'a [i16],
}

/// Scratch space for potentials, reused between calls.
pub struct Field {
    /// Per site: its component's representative (union-find over the punter's rivers).
    parent: Vec<u32>,
    /// Per component (indexed by representative): its sites, as a linked list.
    first: Vec<u32>,
    next: Vec<u32>,
    /// Per component: free rivers from it to the mine's component (`u32::MAX`: not reached).
    depth: Vec<u32>,
    /// Per component: worth gathered there (its own sites' and what flows back through it).
    mass: Vec<f64>,
    order: Vec<u32>,
    /// The free rivers of the shortest paths found by the last `spread`, in the order found:
    /// (nearer component, farther component, river).
    paths: Vec<(u32, u32, u32)>,
    /// Per component: how many of `paths` end in it.
    ways: Vec<u32>,
    /// `ex^k` for k = 0, 1, …
    powers: Vec<f64>,
    /// Sites and river ends visited so far.
    work: u64,
}

const NONE: u32 = u32::MAX;

impl Field {
    pub fn new(map: &PunterMap, ex: f64) -> Field {
        let n = map.sites.len();
        let mut field = Field {
            parent: vec![0; n],
            first: vec![NONE; n],
            next: vec![NONE; n],
            depth: vec![NONE; n],
            mass: vec![0.0; n],
            order: Vec::with_capacity(n),
            paths: Vec::new(),
            ways: vec![0; n],
            powers: vec![0.0; n + 1],
            work: 0,
        };
        field.discount(ex);
        field
    }

    /// Sites and river ends visited since this field was made.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Sets the discount per free river still needed.
    pub fn discount(&mut self, ex: f64) {
        let mut p = 1.0;
        for x in &mut self.powers {
            *x = p;
            p *= ex;
        }
    }

    fn root(&mut self, s: u32) -> u32 {
        let mut r = s;
        while self.parent[r as usize] != r {
            r = self.parent[r as usize];
        }
        let mut s = s;
        while self.parent[s as usize] != r {
            let up = self.parent[s as usize];
            self.parent[s as usize] = r;
            s = up;
        }
        r
    }

    /// Groups the sites into `punter`'s components.
    fn components(&mut self, map: &PunterMap, held: &Holders, punter: i16) {
        for (s, p) in self.parent.iter_mut().enumerate() {
            *p = s as u32;
        }
        for (r, &(a, b)) in map.rivers.iter().enumerate() {
            if held.owners[r] == punter || held.options[r] == punter {
                let (ra, rb) = (self.root(a), self.root(b));
                if ra != rb {
                    self.parent[ra as usize] = rb;
                }
            }
        }
        self.work += (map.rivers.len() + map.sites.len()) as u64;
        self.first.fill(NONE);
        for s in 0..map.sites.len() as u32 {
            let r = self.root(s);
            self.next[s as usize] = self.first[r as usize];
            self.first[r as usize] = s;
        }
    }

    /// Breadth-first over components from mine number `m`'s, through free rivers; fills
    /// `depth`, `order` (components in order of depth), `paths` and `ways`.
    fn spread(&mut self, map: &PunterMap, held: &Holders, m: usize) {
        for &c in &self.order {
            self.depth[c as usize] = NONE;
            self.ways[c as usize] = 0;
        }
        self.order.clear();
        self.paths.clear();
        let start = self.root(map.mines[m]);
        self.depth[start as usize] = 0;
        self.order.push(start);
        let mut at = 0;
        while at < self.order.len() {
            let c = self.order[at];
            at += 1;
            let d = self.depth[c as usize] + 1;
            let mut s = self.first[c as usize];
            while s != NONE {
                self.work += map.adjacent(s).len() as u64 + 1;
                for &(t, r) in map.adjacent(s) {
                    if held.owners[r as usize] < 0 {
                        let ct = self.parent[t as usize];
                        if self.depth[ct as usize] == NONE {
                            self.depth[ct as usize] = d;
                            self.order.push(ct);
                        }
                        if self.depth[ct as usize] == d {
                            self.paths.push((c, ct, r));
                            self.ways[ct as usize] += 1;
                        }
                    }
                }
                s = self.next[s as usize];
            }
        }
    }

    /// `punter`'s potential, with its futures (mine number, target site, d³): a future counts
    /// +d³ joined and −d³ out of reach, in between discounted as sites are. With `flow`, adds
    /// each free river's flow to it.
    pub fn potential(
        &mut self,
        map: &PunterMap,
        held: &Holders,
        punter: i16,
        futures: &[(usize, u32, f64)],
        mut flow: Option<&mut [f64]>,
    ) -> f64 {
        // Afterwards every site's parent is its representative, which `spread` relies on.
        self.components(map, held, punter);
        let mut total = 0.0;
        for m in 0..map.mines.len() {
            self.spread(map, held, m);
            for i in 0..self.order.len() {
                let c = self.order[i];
                let worth = self.powers[self.depth[c as usize] as usize];
                let mut sum = 0.0;
                let mut s = self.first[c as usize];
                while s != NONE {
                    let d = map.dist(m, s);
                    if d != u32::MAX {
                        sum += f64::from(d) * f64::from(d);
                    }
                    s = self.next[s as usize];
                }
                self.mass[c as usize] = sum * worth;
                self.work += 1;
                total += sum * worth;
            }
            for &(_, target, worth) in futures.iter().filter(|f| f.0 == m) {
                let d = self.depth[self.parent[target as usize] as usize];
                total +=
                    if d == NONE { -worth } else { worth * (2.0 * self.powers[d as usize] - 1.0) };
            }
            if let Some(rivers) = flow.as_mut() {
                self.flow_back(rivers);
            }
        }
        total
    }

    /// From the deepest component up: each component's mass split evenly over the free rivers
    /// that reach it from one level closer to the mine. `paths` in reverse are in that order:
    /// the rivers out of a component were all found after the rivers into it.
    fn flow_back(&mut self, rivers: &mut [f64]) {
        self.work += self.paths.len() as u64;
        for &(near, far, r) in self.paths.iter().rev() {
            let share = self.mass[far as usize] / f64::from(self.ways[far as usize]);
            rivers[r as usize] += share;
            self.mass[near as usize] += share;
        }
    }
}
