//! Path planning on a snapshot of the mine: a shortest-path search over robot positions
//! (moves cost 1, a rock push 2, cutting through a beard with a razor 2, trampolines jump),
//! listing the things worth going to in order of distance.

use crate::{Cell, Command, Lifter};

/// What lies at the end of a planned path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Lambda,
    Lift,
    Razor,
    /// Standing under a higher-order rock: leaving the cell lets it fall.
    Drop,
    /// Standing under a rock that blocks the way to cells not reached yet.
    Unblock,
    /// Standing next to a beard, to shave it.
    Shave,
    /// Pushing a higher-order rock sideways (the last move of the path is the push).
    Push,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Goal {
    pub cell: u32,
    pub dist: u32,
    pub kind: Kind,
}

/// Fixed facts of the map: size and where each trampoline lands.
#[derive(Clone, Debug)]
pub(super) struct Grid {
    pub w: usize,
    pub h: usize,
    /// Landing cell of trampoline A..I.
    pub jump: [Option<u32>; 9],
    /// The distinct landing cells.
    pub landings: Vec<u32>,
    pub beards: bool,
    pub horocks: bool,
    pub lifts: Vec<u32>,
}

impl Grid {
    pub fn new(game: &Lifter) -> Grid {
        let mut target_at = [None; 9];
        for (i, c) in game.cells().iter().enumerate() {
            if let Cell::Target(t) = c {
                target_at[usize::from(*t)] = Some(i as u32);
            }
        }
        let mut jump = [None; 9];
        for (t, j) in jump.iter_mut().enumerate() {
            *j = game.meta().trampoline_targets[t].and_then(|k| target_at[usize::from(k)]);
        }
        let beards = game.cells().contains(&Cell::Beard);
        let mut landings: Vec<u32> = jump.iter().flatten().copied().collect();
        landings.sort_unstable();
        landings.dedup();
        let horocks = game.cells().contains(&Cell::HoRock);
        let lifts = (0..game.cells().len() as u32)
            .filter(|&i| matches!(game.cells()[i as usize], Cell::ClosedLift | Cell::OpenLift))
            .collect();
        Grid { w: game.width(), h: game.height(), jump, landings, beards, horocks, lifts }
    }

    pub fn robot(&self, game: &Lifter) -> u32 {
        let (x, y) = game.robot();
        ((y - 1) * self.w + (x - 1)) as u32
    }

    /// The neighbours of `c` in directions L, R, U, D (when on the map).
    pub fn around(&self, c: u32) -> [Option<u32>; 4] {
        let c = c as usize;
        let (x, y) = (c % self.w, c / self.w);
        [
            (x > 0).then(|| (c - 1) as u32),
            (x + 1 < self.w).then(|| (c + 1) as u32),
            (y + 1 < self.h).then(|| (c + self.w) as u32),
            (y > 0).then(|| (c - self.w) as u32),
        ]
    }

    /// Chebyshev distance between two cells.
    pub fn apart(&self, a: u32, b: u32) -> usize {
        let (a, b) = (a as usize, b as usize);
        (a % self.w).abs_diff(b % self.w).max((a / self.w).abs_diff(b / self.w))
    }

    /// Whether a beard is among the eight cells around `c`.
    pub fn beard_near(&self, cells: &[Cell], c: u32) -> bool {
        let c = c as usize;
        let (x, y) = ((c % self.w) as isize, (c / self.w) as isize);
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                let (nx, ny) = (x + dx, y + dy);
                nx >= 0
                    && ny >= 0
                    && (nx as usize) < self.w
                    && (ny as usize) < self.h
                    && cells[ny as usize * self.w + nx as usize] == Cell::Beard
            })
        })
    }

    /// The neighbour of `c` in direction `d` (0 L, 1 R, 2 U, 3 D), if on the map.
    pub fn step(&self, c: u32, d: usize) -> Option<u32> {
        let c = c as usize;
        let (x, y) = (c % self.w, c / self.w);
        let n = match d {
            0 if x > 0 => c - 1,
            1 if x + 1 < self.w => c + 1,
            2 if y + 1 < self.h => c + self.w,
            3 if y > 0 => c - self.w,
            _ => return None,
        };
        Some(n as u32)
    }
}

/// Whether a stack of rocks standing on `u` has a higher-order rock in it (leaving `u` lets
/// the stack fall).
fn holds_horock(grid: &Grid, cells: &[Cell], u: u32) -> bool {
    let mut c = u;
    while let Some(a) = grid.step(c, 2) {
        match cells[a as usize] {
            Cell::HoRock => return true,
            Cell::Rock => c = a,
            _ => return false,
        }
    }
    false
}

pub(super) const DIRS: [Command; 4] = [Command::Left, Command::Right, Command::Up, Command::Down];

const NONE: u32 = u32::MAX;

/// Reusable search buffers (one per solver).
pub(super) struct Planner {
    stamp: Vec<u32>,
    round: u32,
    dist: Vec<u32>,
    prev: Vec<u32>,
    dir: Vec<u8>,
    buckets: [Vec<u32>; 4],
    order: Vec<u32>,
    /// Cells settled in total (the cost of planning).
    pub settled: u64,
}

/// Result of one search: goals in order of distance, and how many lambdas were reached.
pub(super) struct Survey {
    pub goals: Vec<Goal>,
    pub lambdas_reached: u32,
    /// The lift (open or closed) can be reached.
    pub lift_reached: bool,
    /// The search stopped early (`max_goals` found), so the counts are partial.
    pub partial: bool,
}

impl Planner {
    pub fn new(cells: usize) -> Planner {
        Planner {
            stamp: vec![0; cells],
            round: 0,
            dist: vec![0; cells],
            prev: vec![NONE; cells],
            dir: vec![0; cells],
            buckets: Default::default(),
            order: Vec::new(),
            settled: 0,
        }
    }

    fn seen(&self, c: u32) -> bool {
        self.stamp[c as usize] == self.round
    }

    /// Searches from the robot. `banned` cells are never entered. Stops after `max_goals`
    /// goals (lambdas count; the lift and triggers always count) or when `until` is settled.
    pub fn survey(
        &mut self,
        grid: &Grid,
        game: &Lifter,
        banned: &[u32],
        max_goals: usize,
        until: Option<u32>,
    ) -> Survey {
        self.survey_from(grid, game, grid.robot(game), banned, max_goals, until)
    }

    /// As `survey`, with the robot standing on `start` instead.
    pub fn survey_from(
        &mut self,
        grid: &Grid,
        game: &Lifter,
        start: u32,
        banned: &[u32],
        max_goals: usize,
        until: Option<u32>,
    ) -> Survey {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
        let cells = game.cells();
        let razors = game.razors() > 0;
        let shaving = razors && grid.beards && until.is_none();
        let mut out =
            Survey { goals: Vec::new(), lambdas_reached: 0, lift_reached: false, partial: false };
        for b in &mut self.buckets {
            b.clear();
        }
        self.order.clear();
        self.visit(start, 0, NONE, 0);
        self.buckets[0].push(start);
        let mut d = 0u32;
        let mut pending = 1usize;
        while pending > 0 {
            let slot = (d % 4) as usize;
            let Some(u) = self.buckets[slot].pop() else {
                d += 1;
                continue;
            };
            pending -= 1;
            if self.dist[u as usize] != d {
                continue; // stale entry
            }
            self.settled += 1;
            self.order.push(u);
            let here = cells[u as usize];
            if u != start {
                let kind = match here {
                    Cell::Lambda => Some(Kind::Lambda),
                    Cell::OpenLift => Some(Kind::Lift),
                    Cell::Razor if grid.beards => Some(Kind::Razor),
                    Cell::HoRock => Some(Kind::Push),
                    _ => None,
                };
                if here == Cell::Lambda {
                    out.lambdas_reached += 1;
                }
                if let Some(kind) = kind {
                    out.goals.push(Goal { cell: u, dist: d, kind });
                }
                if grid.horocks
                    && matches!(here, Cell::Earth | Cell::Razor | Cell::Empty)
                    && holds_horock(grid, cells, u)
                {
                    out.goals.push(Goal { cell: u, dist: d, kind: Kind::Drop });
                }
            }
            if shaving && here != Cell::OpenLift && grid.beard_near(cells, u) {
                out.goals.push(Goal { cell: u, dist: d, kind: Kind::Shave });
            }
            if until == Some(u) {
                out.partial = true;
                break;
            }
            if out.goals.len() >= max_goals {
                out.partial = true;
                break;
            }
            if here == Cell::OpenLift {
                continue; // the game ends in the lift
            }
            let nbrs = grid.around(u);
            // Moving down from under a rock lets it fall on the robot.
            let under_rock = nbrs[2].is_some_and(|a| cells[a as usize].is_rock());
            for (k, &n) in nbrs.iter().enumerate() {
                let Some(v) = n else { continue };
                if (k == 3 && under_rock) || (!banned.is_empty() && banned.contains(&v)) {
                    continue;
                }
                let (to, cost) = match cells[v as usize] {
                    Cell::Empty | Cell::Earth | Cell::Lambda | Cell::Razor | Cell::Robot => (v, 1),
                    Cell::OpenLift => (v, 1),
                    Cell::ClosedLift => {
                        out.lift_reached = true;
                        continue;
                    }
                    Cell::Trampoline(t) => match grid.jump[usize::from(t)] {
                        Some(j) if matches!(cells[j as usize], Cell::Target(_)) => (j, 1),
                        _ => continue,
                    },
                    Cell::Beard if razors => (v, 2),
                    c if c.is_rock() && k < 2 => {
                        let beyond = grid.step(v, k).map(|b| cells[b as usize]);
                        if beyond != Some(Cell::Empty) {
                            continue;
                        }
                        (v, 2)
                    }
                    _ => continue,
                };
                let nd = d + cost;
                if !self.seen(to) || nd < self.dist[to as usize] {
                    self.visit(to, nd, u, k as u8);
                    self.buckets[(nd % 4) as usize].push(to);
                    pending += 1;
                }
            }
        }
        if !out.partial {
            self.unblockers(grid, cells, start, &mut out);
        }
        out.lift_reached |= out.goals.iter().any(|g| g.kind == Kind::Lift);
        out
    }

    /// Cells under a rock (Earth, lambda, razor) whose rock touches a cell the search did not
    /// reach: leaving such a cell sideways lets the rock fall and may open the way.
    fn unblockers(&self, grid: &Grid, cells: &[Cell], start: u32, out: &mut Survey) {
        let before = out.goals.len();
        for &u in &self.order {
            if u == start || !matches!(cells[u as usize], Cell::Earth | Cell::Lambda | Cell::Razor)
            {
                continue;
            }
            let Some(a) = grid.step(u, 2).filter(|&a| cells[a as usize] == Cell::Rock) else {
                continue;
            };
            let opens = [0, 1, 2].iter().any(|&k| {
                grid.step(a, k).is_some_and(|n| match cells[n as usize] {
                    Cell::Empty | Cell::Earth | Cell::Lambda | Cell::Razor => !self.seen(n),
                    Cell::Target(_) => true,
                    _ => false,
                })
            });
            if opens {
                out.goals.push(Goal { cell: u, dist: self.dist[u as usize], kind: Kind::Unblock });
            }
        }
        if out.goals.len() > before {
            out.goals.sort_by_key(|g| g.dist);
        }
    }

    /// The cells the last survey reached.
    pub fn reached(&self) -> Vec<bool> {
        self.stamp.iter().map(|&s| s == self.round).collect()
    }

    fn visit(&mut self, c: u32, d: u32, from: u32, dir: u8) {
        let i = c as usize;
        self.stamp[i] = self.round;
        self.dist[i] = d;
        self.prev[i] = from;
        self.dir[i] = dir;
    }

    /// The moves to `cell` from the last survey's start, with the cell the robot should stand
    /// on after each (`None` when the last survey did not reach it).
    pub fn path(&self, cell: u32) -> Option<Vec<(Command, u32)>> {
        if !self.seen(cell) {
            return None;
        }
        let mut out = Vec::new();
        let mut c = cell;
        while self.prev[c as usize] != NONE {
            out.push((DIRS[usize::from(self.dir[c as usize])], c));
            c = self.prev[c as usize];
            if out.len() > self.stamp.len() {
                return None;
            }
        }
        out.reverse();
        Some(out)
    }
}
