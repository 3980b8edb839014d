//! A breadth-first search over single commands with the real engine, for when walking along
//! planned paths gets nowhere: it finds the fewest moves that collect another lambda, win, or
//! bring the robot somewhere the path planner could not reach (a rock moved out of the way).
//!
//! Mines that differ only in dug earth that no rock rests on count as the same, which keeps
//! the search small.

use super::exec::Meter;
use super::plan::{Grid, Planner};
use crate::{Cell, Command, Lifter, Outcome};
use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes u64 keys that are already well mixed.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0, u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

pub(super) type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

const MOVES: [Command; 6] = Command::MOVES;

/// A resumable single-command search from one mine.
pub(super) struct Probe {
    start: Lifter,
    /// The route to `start`.
    pub route: Vec<u8>,
    /// The memo key of `start` and the budget.
    pub key: u64,
    known: Vec<bool>,
    start_lambdas: u32,
    seen: KeySet,
    queue: VecDeque<(Lifter, Vec<u8>)>,
    /// Command tails from `start` to what was found.
    pub hits: Vec<Vec<u8>>,
    states: usize,
    budget: usize,
    max_queue: usize,
}

/// Hits a probe reports at most.
const MAX_HITS: usize = 4;
/// Memory for the states a probe holds, in bytes.
const PROBE_MEMORY: usize = 16 << 20;

impl Probe {
    /// A search from `start` that will look at up to `budget` mines.
    pub fn new(
        grid: &Grid,
        planner: &mut Planner,
        start: &Lifter,
        route: &[u8],
        key: u64,
        budget: usize,
    ) -> Probe {
        planner.survey(grid, start, &[], usize::MAX, None);
        let known = planner.reached();
        let mut first = start.clone();
        first.clear_history();
        let mut seen = KeySet::default();
        seen.insert(loose_key(grid, &first));
        let mut queue = VecDeque::new();
        queue.push_back((first.clone(), Vec::new()));
        Probe {
            start_lambdas: first.collected(),
            start: first,
            route: route.to_vec(),
            key,
            known,
            seen,
            queue,
            hits: Vec::new(),
            states: 0,
            budget,
            max_queue: (PROBE_MEMORY / (grid.w * grid.h * 2 + 256)).max(64),
        }
    }

    /// The mine the search started from.
    pub fn start(&self) -> &Lifter {
        &self.start
    }

    /// Looks at up to `chunk` more mines; true when the search is over. Won games are passed
    /// to `won` (with their whole routes).
    pub fn run(
        &mut self,
        grid: &Grid,
        planner: &mut Planner,
        meter: &mut Meter,
        clones: &mut u64,
        chunk: usize,
        won: &mut dyn FnMut(&[u8], &Lifter),
    ) -> bool {
        for _ in 0..chunk {
            if self.states >= self.budget || self.hits.len() >= MAX_HITS {
                return true;
            }
            let Some((game, tail)) = self.queue.pop_front() else {
                return true;
            };
            self.states += 1;
            self.expand(grid, planner, meter, clones, &game, &tail, won);
        }
        self.states >= self.budget || self.hits.len() >= MAX_HITS || self.queue.is_empty()
    }

    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        grid: &Grid,
        planner: &mut Planner,
        meter: &mut Meter,
        clones: &mut u64,
        game: &Lifter,
        tail: &[u8],
        won: &mut dyn FnMut(&[u8], &Lifter),
    ) {
        for &cmd in &MOVES {
            if cmd == Command::Shave
                && (game.razors() == 0 || !grid.beard_near(game.cells(), grid.robot(game)))
            {
                continue;
            }
            let mut next = game.clone();
            *clones += 1;
            meter.count_step();
            if next.step(cmd).is_err() {
                continue;
            }
            next.clear_history();
            let mut t = tail.to_vec();
            t.push(cmd.to_char() as u8);
            match next.outcome() {
                Some(Outcome::Win) => {
                    let mut route = self.route.clone();
                    route.extend_from_slice(&t);
                    won(&route, &next);
                    continue;
                }
                Some(_) => continue,
                None => {}
            }
            let robot = grid.robot(&next);
            if next.collected() > self.start_lambdas || !self.known[robot as usize] {
                // Only where the robot can go on: a lambda that shuts it in is no way out.
                let s = planner.survey(grid, &next, &[], usize::MAX, None);
                if !s.goals.is_empty() || s.lift_reached {
                    self.hits.push(t);
                    if self.hits.len() >= MAX_HITS {
                        return;
                    }
                    continue;
                }
            }
            meter.extra += (grid.w * grid.h / 64) as u64;
            if self.queue.len() < self.max_queue && self.seen.insert(loose_key(grid, &next)) {
                self.queue.push_back((next, t));
            }
        }
    }
}

/// The mine with the earth that no rock rests on or leans against taken as empty, the robot
/// and its razors: mines that differ only in where the robot dug count as one.
pub(super) fn loose_key(grid: &Grid, game: &Lifter) -> u64 {
    let cells = game.cells();
    let mut h = mix(u64::from(grid.robot(game)), u64::from(game.razors()));
    for chunk in 0..cells.len().div_ceil(12) {
        let mut word = 0u64;
        for i in chunk * 12..(chunk * 12 + 12).min(cells.len()) {
            let c = match cells[i] {
                Cell::Earth if !near_rock(grid, cells, i as u32) => Cell::Empty,
                c => c,
            };
            word = (word << 5) | u64::from(c.code());
        }
        h = mix(h, word);
    }
    h
}

/// A rock above, beside or diagonally above the cell.
fn near_rock(grid: &Grid, cells: &[Cell], i: u32) -> bool {
    let rock = |c: Option<u32>| c.is_some_and(|c| cells[c as usize].is_rock());
    let up = grid.step(i, 2);
    rock(up)
        || rock(grid.step(i, 0))
        || rock(grid.step(i, 1))
        || rock(up.and_then(|u| grid.step(u, 0)))
        || rock(up.and_then(|u| grid.step(u, 1)))
}

/// A hash of the cells, twelve 5-bit cell codes per word.
pub(super) fn grid_hash(cells: &[Cell]) -> u64 {
    let mut h = 0u64;
    for chunk in cells.chunks(12) {
        let mut word = 0u64;
        for &c in chunk {
            word = (word << 5) | u64::from(c.code());
        }
        h = mix(h, word);
    }
    h
}

pub(super) fn mix(h: u64, v: u64) -> u64 {
    (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}
