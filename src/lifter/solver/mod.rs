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
//! search of its own from an early point of that route (an offshoot). Each new best route
//! loses the commands it does not need (`trim`) and has its order of collections improved by
//! local search (`polish`).
//!
//! Work is counted in units of about one simulated command (planning, copying and hashing
//! mines are converted), and every piece of work is small, so `work` returns close to its
//! budget. Memory is bounded by capping beam widths by the mine's size (an offshoot has beams
//! of its own: at most twice that).

mod beam;
mod exec;
mod judge;
mod plan;
mod polish;
mod probe;
mod rollout;
mod run;
mod trim;

use super::{Command, Lifter, Mine};
use beam::Beam;
use run::{Memo, Params, Search};
use exec::Meter;
use plan::{Grid, Planner};
use polish::{Polish, Tools};

/// Mines up to this many cells get the thorough evaluation (reachability, whole-mine dedupe).
const THOROUGH_CELLS: usize = 1 << 16;
/// Mines up to this many cells also get single-command beam runs.
const FINE_CELLS: usize = 400;
/// Work between the end of one polish and the start of the next.
const POLISH_GAP: u64 = 1_000_000;
/// Width of the runs with noise.
const NOISY_WIDTH: usize = 64;
/// Noise added to evaluations in those runs (points, uniform below this).
const NOISE: i64 = 30;
/// Share of the work (numerator, denominator) that goes to runs ranked by rollouts.
const PILOT_SHARE: (u64, u64) = (1, 3);
/// Work before the first of those runs (the plain runs come first).
const PILOT_AFTER: u64 = 2_000_000;
/// Candidates of a level rolled out in those runs, at least.
const PILOT_CANDIDATES: usize = 8;
/// Share of the work that goes to runs from a point along the best route so far (small mines).
const RESTART_SHARE: (u64, u64) = (1, 6);
/// Where those runs start, in eighths of the best route, taken in turn (then again, wider).
const RESTART_AT: [usize; 5] = [1, 2, 3, 4, 6];
/// Work before the first search of its own from a point along an aborting best route.
const OFFSHOOT_AFTER: u64 = 8_000_000;
/// Where such searches start, in eighths of the best route, one after another.
const OFFSHOOT_AT: [usize; 3] = [1, 2, 3];
/// Work each of them may take.
const OFFSHOOT_CAP: u64 = 40_000_000;
/// Work an offshoot is given at a time.
const OFFSHOOT_SLICE: u64 = 20_000;
/// Plain macro-move runs (1, 2, 4 … wide) done before the first of those runs.
const RESTART_AFTER_RUNS: u32 = 3;
/// Memory for the states of one beam run, in bytes.
const STATE_BUDGET: usize = 48 << 20;

/// Searches for a high-scoring route in bounded units of work.
pub struct Solver {
    root: Lifter,
    grid: Grid,
    planner: Planner,
    meter: Meter,
    clones: u64,
    memo: Memo,
    best_route: String,
    best_score: i64,
    beam: Option<Beam>,
    polish: Option<Polish>,
    /// Score of the last route polished.
    polished: i64,
    /// Work (`spent`) before which no new polish starts.
    polish_at: u64,
    coarse: Track,
    fine: Track,
    /// Runs whose levels are ranked by greedy rollouts (small mines only).
    pilot: Track,
    /// Work spent in those runs, and `spent` when the current run started.
    pilot_work: u64,
    /// Runs from a point along the best route (ranked by rollouts), the work they took, and
    /// whether the current run is one.
    restarts: u32,
    restart_work: u64,
    restarting: bool,
    run_from: u64,
    cap: usize,
    /// A whole search of its own from a point along the best route (on small mines whose best
    /// route aborts), given half the work; the route to its start; how many there were; the
    /// work they took, and that when the current one started.
    offshoot: Option<Box<Solver>>,
    offshoot_prefix: String,
    offshoots: u32,
    offshoot_work: u64,
    offshoot_from: u64,
    /// This search is an offshoot (it starts none of its own).
    nested: bool,
    /// Every run of this search itself is over (an offshoot may go on).
    own_over: bool,
}

/// Progress of one kind of run.
struct Track {
    /// Runs without noise so far.
    runs: u32,
    /// Width of the first run.
    first: usize,
    /// Runs without noise after which only noisy runs are left.
    last: u32,
    /// The runs without noise reached their last (and noisy runs continue).
    widest: bool,
    /// Noisy runs due, and done so far.
    owed: u32,
    noisy: u32,
    /// A run explored everything: nothing is left.
    done: bool,
}

impl Track {
    fn new(first: usize, last: u32, done: bool) -> Track {
        Track {
            runs: 0,
            first,
            last,
            widest: false,
            owed: 0,
            noisy: 0,
            done,
        }
    }

    fn over(&self) -> bool {
        self.done
    }
}

impl Solver {
    pub fn new(mine: &Mine) -> Solver {
        Solver::from_root(Lifter::new(mine), false)
    }

    /// A search from `root` (`nested`: an offshoot of another search).
    fn from_root(root: Lifter, nested: bool) -> Solver {
        let grid = Grid::new(&root);
        let cells = grid.w * grid.h;
        // Beards grow; a state holds them twice (grid and index).
        let beards = root
            .cells()
            .iter()
            .filter(|&&c| c == super::Cell::Beard)
            .count();
        let cap = (STATE_BUDGET / (4 * (cells * 2 + beards * 64 + 512))).clamp(1, 1 << 14);
        Solver {
            root,
            grid,
            planner: Planner::new(cells),
            meter: Meter {
                steps: 0,
                extra: 0,
                per_step: 0,
            },
            clones: 0,
            memo: Memo::default(),
            best_route: "A".into(),
            best_score: 0,
            beam: None,
            polish: None,
            polished: 0,
            polish_at: 0,
            coarse: Track::new(1, cap.ilog2() + 4, false),
            fine: Track::new(4, cap.ilog2(), cells > FINE_CELLS),
            pilot: Track::new(1, cap.ilog2(), cells > THOROUGH_CELLS),
            pilot_work: 0,
            restarts: 0,
            restart_work: 0,
            restarting: false,
            run_from: 0,
            cap,
            offshoot: None,
            offshoot_prefix: String::new(),
            offshoots: 0,
            offshoot_work: 0,
            offshoot_from: 0,
            nested,
            own_over: false,
        }
    }

    /// All the work done, this search's own and its offshoots'.
    fn total(&self) -> u64 {
        self.spent() + self.offshoot_work
    }

    /// Gives the offshoot (starting one when due) a slice of work when it has had less than
    /// half; true when it had its turn.
    fn offshoot_turn(&mut self) -> bool {
        if self.offshoot.is_none() {
            self.offshoot = self.start_offshoot();
        }
        let own = self.spent();
        let Some(off) = self.offshoot.as_mut() else {
            return false;
        };
        if !self.own_over && self.offshoot_work >= own {
            return false;
        }
        let before = off.total();
        let over = off.work(OFFSHOOT_SLICE);
        self.offshoot_work += off.total() - before;
        if off.best_score > self.best_score {
            self.best_score = off.best_score;
            self.best_route = format!("{}{}", self.offshoot_prefix, off.best_route);
        }
        if over || self.offshoot_work - self.offshoot_from >= OFFSHOOT_CAP {
            self.offshoot = None;
            self.offshoots += 1;
        }
        true
    }

    /// A search of its own from an early point of the best route, when due: on small mines
    /// whose best route still aborts after the first plain runs. A search from there is
    /// shallower; on beard3 the route's first eighth (four lambdas, the trampoline, both
    /// razors) is where a win becomes findable.
    fn start_offshoot(&mut self) -> Option<Box<Solver>> {
        let at = *OFFSHOOT_AT.get(self.offshoots as usize)?;
        if self.nested || self.spent() < OFFSHOOT_AFTER {
            return None;
        }
        let route = self.aborting_route()?;
        let prefix = &route[..route.len() * at / 8];
        if prefix.is_empty() {
            return None;
        }
        let mut game = self.after(prefix)?;
        game.clear_history();
        self.offshoot_prefix = prefix.to_string();
        self.offshoot_from = self.offshoot_work;
        Some(Box::new(Solver::from_root(game, true)))
    }

    /// The best route without its final abort, on small mines past the first plain runs whose
    /// best route still aborts (the robot has not got out yet): where runs and searches from
    /// points along it are worth their work.
    fn aborting_route(&self) -> Option<&str> {
        if self.pilot.done || self.coarse.runs < RESTART_AFTER_RUNS {
            return None;
        }
        self.best_route.strip_suffix('A')
    }

    /// The mine after `prefix` (none when the game ends on the way).
    fn after(&self, prefix: &str) -> Option<Lifter> {
        let mut game = self.root.clone();
        for cmd in Command::parse_route(prefix) {
            if game.step(cmd).is_err() || game.outcome().is_some() {
                return None;
            }
        }
        Some(game)
    }

    fn spent(&self) -> u64 {
        let cells = (self.grid.w * self.grid.h) as u64;
        self.meter.steps
            + self.meter.extra
            + self.planner.settled / 8
            + self.clones * (cells / 512 + 1)
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
            if self.polish.is_none() && self.beam.is_none() {
                self.run_from = self.spent();
                self.restarting = false;
                let beam = match self.restart() {
                    Some(beam) => beam,
                    None => match self.next_params() {
                        Some(params) => Beam::new(params, &self.root),
                        None => {
                            self.own_over = true;
                            continue;
                        }
                    },
                };
                self.beam = Some(beam);
            }
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
            } else if let Some(beam) = self.beam.as_mut() {
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
            if self.beam.as_ref().is_some_and(|b| b.finished) {
                self.finish_run();
            }
            // Polish a better route when one turns up, at most every so often.
            if self.polish.is_none()
                && self.best_score > self.polished
                && self.spent() >= self.polish_at
                && self.grid.w * self.grid.h <= THOROUGH_CELLS
            {
                if let Some((route, score)) =
                    trim::trim(&self.root, &self.best_route, self.best_score, &mut self.meter)
                {
                    self.best_route = route;
                    self.best_score = score;
                }
                self.polished = self.best_score;
                self.polish = Some(Polish::new(
                    &self.root,
                    &self.best_route,
                    self.best_score,
                    &self.grid,
                ));
                self.polish_at = u64::MAX;
            }
            if self.polish.as_ref().is_some_and(|p| p.finished) {
                self.polish = None;
                self.polished = self.best_score;
                self.polish_at = self.spent() + POLISH_GAP;
            }
        }
        self.offshoot.is_none()
            && self.coarse.done
            && self.fine.done
            && self.pilot.done
            && self.polish.is_none()
    }

    /// Books a finished run.
    fn finish_run(&mut self) {
        let Some(beam) = self.beam.take() else { return };
        let p = beam.params;
        if self.restarting {
            self.restart_work += self.spent() - self.run_from;
            self.restarts += 1;
            return;
        }
        if p.pilot > 0 {
            self.pilot_work += self.spent() - self.run_from;
            self.pilot.runs += 1;
            self.pilot.done |= self.pilot.runs > self.pilot.last;
            return;
        }
        let track = if p.fine {
            &mut self.fine
        } else {
            &mut self.coarse
        };
        if p.noise > 0 {
            track.noisy += 1;
        } else {
            track.runs += 1;
            // A run that never had to drop a child found everything wider runs would.
            track.done |= !beam.truncated;
            track.widest = track.runs >= track.last;
            if !p.fine && p.width >= NOISY_WIDTH {
                track.owed += (p.width / NOISY_WIDTH) as u32;
            }
        }
    }

    /// A run from a point along the best route so far, when one is due and that route has not
    /// reached the lift (a win). The route's first eighths (1/8, 2/8, 3/8, 4/8, 6/8 in turn,
    /// then again twice as wide) are kept and the rest is searched anew, its levels ranked by
    /// rollouts. A search from there is shallower, so it looks at the rest more closely than a
    /// run from the start, where an early choice that only pays off much later (a razor picked
    /// up for the way back) is easily lost.
    fn restart(&mut self) -> Option<Beam> {
        let spent = self.spent();
        let due = spent >= PILOT_AFTER
            && self.restart_work * RESTART_SHARE.1 <= spent * RESTART_SHARE.0;
        let route = self.aborting_route()?;
        if !due || route.len() < RESTART_AT.len() + 1 {
            return None;
        }
        let turn = self.restarts as usize;
        let prefix = &route[..route.len() * RESTART_AT[turn % RESTART_AT.len()] / 8];
        let game = self.after(prefix)?;
        let prefix = prefix.as_bytes().to_vec();
        let round = (turn / RESTART_AT.len()).min(self.cap.ilog2() as usize);
        let width = 1usize << round;
        let params = Params {
            width,
            pilot: (2 * width).max(PILOT_CANDIDATES),
            ..self.base()
        };
        self.restarting = true;
        Some(Beam::from_node(params, game, prefix))
    }

    /// The plain run's tunables for this mine.
    fn base(&self) -> Params {
        let small = self.grid.w * self.grid.h <= THOROUGH_CELLS;
        Params {
            width: 1,
            lambdas: 6,
            triggers: 3,
            thorough: small,
            probe: if small { 1500 } else { 0 },
            fine: false,
            noise: 0,
            seed: 0,
            pilot: 0,
        }
    }

    /// The next run: macro-move and single-command runs take turns, each twice as wide as the
    /// last of its kind (up to the memory cap, then with more lambdas to choose from). Once
    /// macro runs are wide, as much work again goes to narrower runs with seeded noise in the
    /// evaluation, for variety. On small mines, once the first plain runs are done, runs ranked
    /// by rollouts (1, 2, 4 … wide) get their share of the work.
    fn next_params(&mut self) -> Option<Params> {
        let base = self.base();
        let rest_over = self.coarse.over() && self.fine.over();
        let spent = self.spent();
        let pilot_due = spent >= PILOT_AFTER
            && self.pilot_work * PILOT_SHARE.1 <= spent * PILOT_SHARE.0;
        if !self.pilot.done && (pilot_due || rest_over) {
            // Only small mines have these runs, so `base` is thorough and probes.
            let width = 1usize << self.pilot.runs;
            return Some(Params {
                width,
                pilot: (2 * width).max(PILOT_CANDIDATES),
                ..base
            });
        }
        let fine = match (self.coarse.over(), self.fine.over()) {
            (true, true) => return None,
            (true, false) => true,
            (false, true) => false,
            (false, false) => self.fine.runs < self.coarse.runs,
        };
        let track = if fine {
            &mut self.fine
        } else {
            &mut self.coarse
        };
        let base = Params { fine, ..base };
        if track.owed > 0 || track.widest {
            track.owed = track.owed.saturating_sub(1);
            let seed = u64::from(track.noisy);
            return Some(Params {
                width: NOISY_WIDTH.min(self.cap),
                noise: NOISE,
                seed,
                lambdas: 6 + (seed % 3) as usize,
                ..base
            });
        }
        let doubling = track.first.checked_shl(track.runs).unwrap_or(usize::MAX);
        let width = doubling.min(self.cap);
        let extra = if doubling > self.cap {
            track.runs - (self.cap / track.first).max(1).ilog2()
        } else {
            0
        };
        Some(Params {
            width,
            lambdas: 6 + 2 * extra as usize,
            ..base
        })
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
