//! Route search for Lambda Lifter, in bounded units of work (no clock inside: the caller
//! decides when to stop).
//!
//! The search is a series of beam searches over macro moves (walk to one of the nearest
//! lambdas, let a higher-order rock fall, dig under a rock in the way, pick up a razor, shave
//! a beard, enter the lift), each move played with the real engine (`exec`) along paths from
//! a shortest-path planner over the mine (`plan`). Each run doubles the width of the last;
//! every mine reached is also scored as if the robot aborted there, so the best route only
//! ever improves. Where macro moves get nowhere, a breadth-first search over single commands
//! takes over (`probe`); small mines also get beam runs over single commands, and a third of
//! the work goes to runs that rank each level's children by where a greedy run from each of
//! them ends (`rollout`: a choice that spoils the mine for good shows only later). Where the
//! plain runs found no way out (the best route aborts), a sixth of the work goes to such runs
//! started from points along the best route (`restart`), and half of all the work to a whole
//! search of its own from an early point of that route (an offshoot), or first from a pit dug
//! under a rock next to the lift (`pit`). Each new best route loses the commands it does not
//! need (`trim`) and has its order of collections improved by local search (`polish`).
//!
//! Work is counted in units of about one simulated command (planning, copying and hashing
//! mines are converted), and every piece of work is small, so `work` returns close to its
//! budget. Memory is bounded by capping beam widths by the mine's size (an offshoot has beams
//! of its own: at most twice that).

mod beam;
mod exec;
mod judge;
mod node;
mod offshoot;
mod pit;
mod plan;
mod polish;
mod probe;
mod rollout;
mod run;
mod schedule;
mod trim;

use super::{Command, Lifter, Mine};
use beam::Beam;
use exec::Meter;
use offshoot::Offshoots;
use plan::{Grid, Planner};
use polish::{Polish, Tools};
use run::{Memo, Search};
use schedule::{Polishing, RunKind, Schedule, Variant, THOROUGH_CELLS};

/// Memory for the states of one beam run, in bytes: the cap on a run's width is what fits.
const STATE_BUDGET: usize = 48 << 20;

/// Searches for a high-scoring route in bounded units of work.
pub struct Solver {
    root: Lifter,
    /// What every run works with: the mine's grid, the path planner, the work meter, clones
    /// made, and the single-command search's memo.
    grid: Grid,
    planner: Planner,
    meter: Meter,
    clones: u64,
    memo: Memo,
    best_route: String,
    best_score: i64,
    /// The beam run under way, its strategy, and the work spent when it started.
    run: Option<(Beam, RunKind, u64)>,
    polish: Option<Polish>,
    schedule: Schedule,
    polishing: Polishing,
    offshoots: Offshoots,
    /// Every run of this search itself is over (an offshoot may go on).
    own_over: bool,
}

impl Solver {
    pub fn new(mine: &Mine) -> Solver {
        Solver::from_root(Lifter::new(mine), false, Variant::ALONE)
    }

    /// Part `index` of a search in `of` parts, one a core (`schedule::Variant`): each part
    /// searches differently, and the best of their routes is the search's. The same work gives
    /// the same route for the same part and number of parts; part 0 of 1 is `new`.
    pub fn part(mine: &Mine, index: usize, of: usize) -> Solver {
        let of = of.max(1);
        Solver::from_root(Lifter::new(mine), false, Variant { index: index.min(of - 1), of })
    }

    /// A search from `root` (`nested`: an offshoot of another search).
    fn from_root(root: Lifter, nested: bool, variant: Variant) -> Solver {
        let grid = Grid::new(&root);
        let cells = grid.w * grid.h;
        // Beards grow; a state holds them twice (grid and index).
        let beards = root.cells().iter().filter(|&&c| c == super::Cell::Beard).count();
        let cap = (STATE_BUDGET / (4 * (cells * 2 + beards * 64 + 512))).clamp(1, 1 << 14);
        Solver {
            root,
            grid,
            planner: Planner::new(cells),
            meter: Meter { steps: 0, extra: 0, per_step: 0 },
            clones: 0,
            memo: Memo::default(),
            best_route: "A".into(),
            best_score: 0,
            run: None,
            polish: None,
            schedule: Schedule::new(cap, cells, variant),
            polishing: Polishing::new(),
            offshoots: Offshoots::new(nested),
            own_over: false,
        }
    }

    /// All the work done, this search's own and its offshoots'.
    fn total(&self) -> u64 {
        self.spent() + self.offshoots.work
    }

    /// The search's own work: simulated commands, with planning, copying and hashing mines
    /// converted.
    fn spent(&self) -> u64 {
        let cells = (self.grid.w * self.grid.h) as u64;
        self.meter.steps
            + self.meter.extra
            + self.planner.settled / 8
            + self.clones * (cells / 512 + 1)
    }

    /// The mine after `prefix` (none when the game ends on the way).
    fn after(root: &Lifter, prefix: &str) -> Option<Lifter> {
        let mut game = root.clone();
        for cmd in Command::parse_route(prefix) {
            if game.step(cmd).is_err() || game.outcome().is_some() {
                return None;
            }
        }
        Some(game)
    }

    /// The offshoot's turn, when it is due (see `offshoot.rs`).
    fn offshoot_turn(&mut self) -> bool {
        let spent = self.spent();
        let mut best = (std::mem::take(&mut self.best_route), self.best_score);
        let turn = self.offshoots.turn(spent, self.own_over, &self.schedule, &self.root, &mut best);
        (self.best_route, self.best_score) = best;
        turn
    }

    /// Does about `units` simulated commands of search; true when nothing is left to try.
    pub fn work(&mut self, units: u64) -> bool {
        let until = self.total().saturating_add(units);
        while self.total() < until {
            if self.offshoot_turn() {
                continue;
            }
            if self.own_over {
                return true;
            }
            if self.polish.is_none() && self.run.is_none() {
                let spent = self.spent();
                let root = &self.root;
                match self.schedule.next(root, spent, &self.best_route, |p| Solver::after(root, p))
                {
                    Some((beam, kind)) => self.run = Some((beam, kind, spent)),
                    None => {
                        self.own_over = true;
                        continue;
                    }
                }
            }
            self.advance();
            if self.run.as_ref().is_some_and(|(beam, _, _)| beam.finished) {
                if let Some((beam, kind, from)) = self.run.take() {
                    let took = self.spent() - from;
                    self.schedule.book(kind, &beam, took);
                }
            }
            self.polish_when_due();
        }
        !self.offshoots.running() && self.schedule.over() && self.polish.is_none()
    }

    /// One step of the polish under way, else of the beam run under way; every route they
    /// reach is offered as the best (scored as if aborting there when the game goes on).
    fn advance(&mut self) {
        let mut best_route = std::mem::take(&mut self.best_route);
        let mut best_score = self.best_score;
        let mut offer = |route: &[u8], game: &Lifter| {
            let (score, abort) = match game.outcome() {
                None => (game.score_as_abort(), true),
                Some(_) => (game.score(), false),
            };
            if score > best_score {
                best_score = score;
                best_route = route.iter().map(|&b| b as char).collect();
                if abort {
                    best_route.push('A');
                }
            }
        };
        if let Some(polish) = self.polish.as_mut() {
            let mut tools = Tools {
                grid: &self.grid,
                planner: &mut self.planner,
                meter: &mut self.meter,
                clones: &mut self.clones,
            };
            polish.advance(&mut tools, &mut offer);
        } else if let Some((beam, _, _)) = self.run.as_mut() {
            let mut ctx = Search {
                grid: &self.grid,
                planner: &mut self.planner,
                meter: &mut self.meter,
                offer: &mut offer,
                clones: &mut self.clones,
                memo: &mut self.memo,
            };
            beam.advance(&mut ctx);
        }
        self.best_route = best_route;
        self.best_score = best_score;
    }

    /// Polishes a better route when one turns up (trimmed first), at most every so often.
    fn polish_when_due(&mut self) {
        let thorough = self.grid.w * self.grid.h <= THOROUGH_CELLS;
        if self.polish.is_none() && self.polishing.due(self.best_score, self.spent(), thorough) {
            if let Some((route, score)) =
                trim::trim(&self.root, &self.best_route, self.best_score, &mut self.meter)
            {
                self.best_route = route;
                self.best_score = score;
            }
            self.polishing.started(self.best_score);
            self.polish =
                Some(Polish::new(&self.root, &self.best_route, self.best_score, &self.grid));
        }
        if self.polish.as_ref().is_some_and(|p| p.finished) {
            self.polish = None;
            self.polishing.ended(self.best_score, self.spent());
        }
    }

    /// Best route found so far as command characters, ending in `A` when aborting scores more.
    pub fn best_route(&self) -> &str {
        &self.best_route
    }

    /// The score of `best_route` under the engine.
    pub fn best_score(&self) -> i64 {
        self.best_score
    }

    /// Commands simulated so far.
    pub fn explored(&self) -> u64 {
        self.meter.steps
    }
}
