//! Local search on the order in which the best route collects its lambdas: move one
//! collection elsewhere or reverse a stretch of them, replay with the engine, keep what scores
//! more. Stretches of the route between unchanged neighbours are replayed as they were (they
//! may hold pushes, waits and shaves); changed ones are planned again.

use super::exec::{follow, Done, Meter};
use super::plan::{Goal, Grid, Kind, Planner};
use crate::{Cell, Command, Lifter, Outcome};

/// How far (in collections) a move may carry a lambda, or a reversal may reach.
const WINDOW: usize = 10;
/// Memory for the mines kept along the route, in bytes.
const POLISH_MEMORY: usize = 16 << 20;

/// The best route cut at its collections.
pub(super) struct Polish {
    /// Lambda cells in the order collected.
    cells: Vec<u32>,
    /// `legs[k]`: the commands from the collection before `cells[k]` up to collecting it.
    legs: Vec<Vec<u8>>,
    /// The commands after the last collection (to the lift), without a final abort.
    rest: Vec<u8>,
    /// Order being improved (indexes into `cells`) and its score.
    order: Vec<usize>,
    score: i64,
    /// Mine and route after each prefix of `order` (index k: after k collections).
    prefix: Vec<(Lifter, Vec<u8>)>,
    /// The next candidate, an index into the cycle of all of them.
    cursor: usize,
    /// Candidates tried since the last improvement.
    stale: usize,
    started: bool,
    pub finished: bool,
}

/// The planner and counters a polish works with.
pub(super) struct Tools<'a> {
    pub grid: &'a Grid,
    pub planner: &'a mut Planner,
    pub meter: &'a mut Meter,
    pub clones: &'a mut u64,
}

impl Polish {
    /// Cuts `route` (played from `root`, scoring `score`) at its collections.
    pub fn new(root: &Lifter, route: &str, score: i64, grid: &Grid) -> Polish {
        let mut game = root.clone();
        let (mut cells, mut legs, mut leg) = (Vec::new(), Vec::new(), Vec::new());
        for cmd in Command::parse_route(route) {
            if cmd == Command::Abort || game.step(cmd).is_err() {
                break;
            }
            leg.push(cmd.to_char() as u8);
            if game.collected() as usize > cells.len() {
                cells.push(grid.robot(&game));
                legs.push(std::mem::take(&mut leg));
            }
        }
        let n = cells.len();
        let mut start = root.clone();
        start.clear_history();
        Polish {
            cells,
            legs,
            rest: leg,
            order: (0..n).collect(),
            score,
            prefix: vec![(start, Vec::new())],
            cursor: 0,
            stale: 0,
            started: false,
            // The mines along the route are kept: not for routes too long for that.
            finished: n < 3 || n * (root.cells().len() * 2 + 256) > POLISH_MEMORY,
        }
    }

    /// Tries one candidate order. `offer` hears of every route played.
    pub fn advance(&mut self, tools: &mut Tools, offer: &mut dyn FnMut(&[u8], &Lifter)) {
        if self.finished {
            return;
        }
        if !self.started {
            // First: play the order as found, keeping the mines along it.
            self.started = true;
            let order = self.order.clone();
            let (score, after) = self.play(&order, 0, tools, offer);
            self.score = self.score.max(score);
            if after.len() < order.len() {
                self.finished = true; // the route does not replay by its pieces
            }
            self.prefix.extend(after);
            return;
        }
        let n = self.order.len();
        let total = n * WINDOW * 3;
        let (a, b, reverse) = candidate(self.cursor, WINDOW);
        self.cursor = (self.cursor + 1) % total;
        self.stale += 1;
        if self.stale > total {
            self.finished = true;
        }
        if b >= n || b == a || (!reverse && b + 1 == a) {
            return;
        }
        let mut order = self.order.clone();
        if reverse {
            order[a.min(b)..=a.max(b)].reverse();
        } else {
            let item = order.remove(a);
            order.insert(b, item);
        }
        let from = a.min(b);
        let (score, after) = self.play(&order, from, tools, offer);
        if score > self.score && after.len() + from == n {
            self.score = score;
            self.order = order;
            self.prefix.truncate(from + 1);
            self.prefix.extend(after);
            self.stale = 0;
        }
    }

    /// Plays `order` from the mine after its first `from` collections; the best score met
    /// (aborting or winning) and the mines after each further collection.
    fn play(
        &self,
        order: &[usize],
        from: usize,
        tools: &mut Tools,
        offer: &mut dyn FnMut(&[u8], &Lifter),
    ) -> (i64, Vec<(Lifter, Vec<u8>)>) {
        let (mut game, mut route) = match self.prefix.get(from) {
            Some(p) => p.clone(),
            None => return (i64::MIN, Vec::new()),
        };
        *tools.clones += 1;
        let mut best = score_of(&game);
        let mut after = Vec::new();
        for k in from..order.len() {
            let o = order[k];
            let target = self.cells[o];
            // A lambda collected on the way already needs no visit.
            if game.cells()[target as usize] == Cell::Lambda {
                let same_leg = if k == 0 { o == 0 } else { order[k - 1] + 1 == o };
                let replayed =
                    same_leg && self.replay(&mut game, &mut route, &self.legs[o], target, tools);
                let goal = Goal { cell: target, dist: 0, kind: Kind::Lambda };
                if !replayed && !self.walk(&mut game, &mut route, goal, tools) {
                    return (best, after);
                }
                offer(&route, &game);
                best = best.max(score_of(&game));
            }
            after.push((game.clone(), route.clone()));
            *tools.clones += 1;
        }
        if game.lift_open() && game.outcome().is_none() {
            let last_same = order.last().is_some_and(|&o| o + 1 == self.cells.len());
            let mut end = (game.clone(), route.clone());
            let replayed = last_same && !self.rest.is_empty() && {
                for &b in &self.rest {
                    let Some(cmd) = Command::from_char(b as char) else {
                        continue;
                    };
                    tools.meter.count_step();
                    if end.0.step(cmd).is_err() {
                        break;
                    }
                    end.1.push(b);
                }
                end.0.outcome() == Some(Outcome::Win)
            };
            if !replayed {
                let s = tools.planner.survey(tools.grid, &game, &[], usize::MAX, None);
                if let Some(lift) = s.goals.iter().find(|g| g.kind == Kind::Lift).copied() {
                    end = (game, route);
                    if !self.walk(&mut end.0, &mut end.1, lift, tools) {
                        return (best, after);
                    }
                }
            }
            if end.0.outcome() == Some(Outcome::Win) {
                offer(&end.1, &end.0);
                best = best.max(end.0.score());
            }
        }
        (best, after)
    }

    /// Replays a leg as it was; false (and the mine unchanged) unless it collects `target`.
    fn replay(
        &self,
        game: &mut Lifter,
        route: &mut Vec<u8>,
        leg: &[u8],
        target: u32,
        tools: &mut Tools,
    ) -> bool {
        let mut g = game.clone();
        *tools.clones += 1;
        for &b in leg {
            let Some(cmd) = Command::from_char(b as char) else {
                continue;
            };
            tools.meter.count_step();
            if g.step(cmd).is_err() || g.outcome().is_some() {
                return false;
            }
        }
        if tools.grid.robot(&g) != target {
            return false;
        }
        g.clear_history();
        *game = g;
        route.extend_from_slice(leg);
        true
    }

    /// Plans and walks to a goal with the engine; true when reached (or won at the lift).
    fn walk(&self, game: &mut Lifter, route: &mut Vec<u8>, goal: Goal, tools: &mut Tools) -> bool {
        tools.planner.survey(tools.grid, game, &[], usize::MAX, Some(goal.cell));
        let Some(path) = tools.planner.path(goal.cell) else {
            return false;
        };
        let mut g = game.clone();
        let mut r = route.clone();
        *tools.clones += 1;
        let done = follow(tools.grid, tools.planner, tools.meter, &mut g, &mut r, goal, path);
        g.clear_history();
        if done == Done::Failed {
            return false;
        }
        *game = g;
        *route = r;
        true
    }
}

/// Candidate `i` of the cycle: lambda `a` moved `d` places later or earlier, or the `d + 1`
/// collections from `a` reversed, for `d` in 1..=window. Positions may be past the end.
fn candidate(i: usize, window: usize) -> (usize, usize, bool) {
    let (a, rest) = (i / (window * 3), i % (window * 3));
    let (d, kind) = (rest / 3 + 1, rest % 3);
    match kind {
        0 => (a, a + d, false),
        1 => (a, a.wrapping_sub(d), false),
        _ => (a, a + d, true),
    }
}

/// The score of a mine, counting an unfinished game as aborted there.
fn score_of(game: &Lifter) -> i64 {
    match game.outcome() {
        None => game.score_as_abort(),
        Some(_) => game.score(),
    }
}
