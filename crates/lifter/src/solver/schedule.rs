//! What the search runs next. Each kind of beam run is a strategy of its own — plain runs
//! (`PlainRuns`: macro moves and single commands, wider and wider, then with noise), runs ranked
//! by rollouts (`PilotRuns`) and runs from points along an aborting best route (`Restarts`) —
//! and `Schedule::next` hands out the work among them by their shares. The two kinds of work
//! that are not beam runs, polishing a new best route and a whole search of its own from an
//! early point of an aborting route, are `Polishing` (below) and `offshoot::Offshoots`.
//!
//! Each constant is named once, here, with the measurement behind it (docs/performance/lifter.md
//! has the runs).

use super::beam::Beam;
use super::run::Params;
use crate::Lifter;

/// Mines up to this many cells get the thorough evaluation (reachability, whole-mine dedupe),
/// single-command probes, rollouts, restarts, offshoots and polishing: every official map is
/// below it, the 1000×1000 community maps above (they need the work for plain runs).
pub(super) const THOROUGH_CELLS: usize = 1 << 16;
/// Mines up to this many cells also get single-command beam runs, which find the seams macro
/// moves miss (20 of the 26 official maps; not contest9, contest10, flood4, trampoline3, beard2
/// and beard5).
const FINE_CELLS: usize = 400;
/// Mines the single-command search may visit from a node where no macro move works.
const PROBE_MINES: usize = 1500;
/// Lambdas the macro moves choose among (the nearest), and rocks to trigger.
const LAMBDAS: usize = 6;
const TRIGGERS: usize = 3;
/// Width of the runs with noise, and the noise added to evaluations (points, uniform below
/// this): variety once the plain runs are wide, where wider plain runs only repeat themselves.
const NOISY_WIDTH: usize = 64;
const NOISE: i64 = 30;
/// Runs ranked by rollouts get a third of the work, after the first 2 million units of plain
/// runs, and rank at least 8 candidates of a level (beard4 1969 → 2028, contest6 1141 → 1177
/// at 10 s; the rollouts section of docs/performance/lifter.md).
const PILOT_SHARE: (u64, u64) = (1, 3);
const PILOT_AFTER: u64 = 2_000_000;
const PILOT_CANDIDATES: usize = 8;
/// Runs from a point along an aborting best route get a sixth of the work, once three plain
/// macro runs (1, 2, 4 wide) are done, from the route's first 1/8, 2/8, 3/8, 4/8 and 6/8 in
/// turn, then again twice as wide (beard4 2028 → 2038 at 10 s).
const RESTART_SHARE: (u64, u64) = (1, 6);
pub(super) const RESTART_AFTER_RUNS: u32 = 3;
const RESTART_AT: [usize; 5] = [1, 2, 3, 4, 6];
/// Work between the end of one polish and the start of the next (a polish of every small gain
/// would crowd out the runs that find the large ones).
pub(super) const POLISH_GAP: u64 = 1_000_000;

/// What part `index` of a search in `of` parts does differently from the others (the page runs
/// one part a core; natively `--jobs`): not copies of one search but a portfolio. Part 0 is the
/// search as it runs alone. The others draw other noise, and lean towards one strategy each
/// from their first unit of work: part 1 runs rollout-ranked runs from the start with twice
/// their share; part 2 adds noise to every plain run and starts restarts and offshoots earlier
/// and from other points of the route; part 3 lets macro moves choose among more lambdas; parts
/// past 4 repeat those with other noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Variant {
    pub index: usize,
    pub of: usize,
}

impl Variant {
    pub const ALONE: Variant = Variant { index: 0, of: 1 };

    /// Which of the four leanings (0: none).
    fn leaning(self) -> usize {
        if self.index == 0 {
            0
        } else {
            1 + (self.index - 1) % 3
        }
    }

    /// The first seed of the noisy runs.
    fn noise_seed(self) -> u64 {
        1000 * self.index as u64
    }

    /// Rollout-ranked runs: after how much work, and their share of it.
    fn pilot(self) -> (u64, (u64, u64)) {
        if self.leaning() == 1 {
            (0, (2, 3))
        } else {
            (PILOT_AFTER, PILOT_SHARE)
        }
    }

    /// Restarts: after how much work, and their share of it.
    fn restarts(self) -> (u64, (u64, u64)) {
        if self.leaning() == 2 {
            (PILOT_AFTER / 4, (1, 3))
        } else {
            (PILOT_AFTER, RESTART_SHARE)
        }
    }

    /// Every plain run has noise (not only the runs once the plain runs are wide).
    fn noisy(self) -> bool {
        self.leaning() == 2
    }

    fn lambdas(self) -> usize {
        if self.leaning() == 3 {
            LAMBDAS + 2
        } else {
            LAMBDAS
        }
    }

    /// Work before the first offshoot, and where they start (eighths of the route).
    pub fn offshoots(self) -> (u64, [usize; 3]) {
        if self.leaning() == 2 {
            (OFFSHOOT_AFTER / 4, [2, 4, 5])
        } else {
            (OFFSHOOT_AFTER, OFFSHOOT_AT)
        }
    }
}

/// Work before the first offshoot (`offshoot.rs`), and where offshoots start, in eighths of the
/// best route, one after another.
const OFFSHOOT_AFTER: u64 = 8_000_000;
const OFFSHOOT_AT: [usize; 3] = [1, 2, 3];

/// Progress of one kind of run.
pub(super) struct Track {
    /// Runs without noise so far.
    pub runs: u32,
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
    pub done: bool,
}

impl Track {
    fn new(first: usize, last: u32, done: bool) -> Track {
        Track { runs: 0, first, last, widest: false, owed: 0, noisy: 0, done }
    }
}

/// The plain runs: macro-move runs (`coarse`) and, on the smallest mines, single-command runs
/// (`fine`) take turns, each twice as wide as the last of its kind up to the memory cap, then
/// with more lambdas to choose from; once macro runs are 64 wide or more, as much work again
/// goes to narrower runs with seeded noise.
pub(super) struct PlainRuns {
    pub coarse: Track,
    fine: Track,
    variant: Variant,
}

impl PlainRuns {
    fn new(cap: usize, cells: usize, variant: Variant) -> PlainRuns {
        PlainRuns {
            coarse: Track::new(1, cap.ilog2() + 4, false),
            fine: Track::new(4, cap.ilog2(), cells > FINE_CELLS),
            variant,
        }
    }

    fn over(&self) -> bool {
        self.coarse.done && self.fine.done
    }

    /// The next plain run, and whether it is one of the runs with noise once the plain runs are
    /// wide (else a doubling run).
    fn next(&mut self, base: Params, cap: usize) -> Option<(Params, bool)> {
        let fine = match (self.coarse.done, self.fine.done) {
            (true, true) => return None,
            (true, false) => true,
            (false, true) => false,
            (false, false) => self.fine.runs < self.coarse.runs,
        };
        let track = if fine { &mut self.fine } else { &mut self.coarse };
        let base = Params { fine, ..base };
        if track.owed > 0 || track.widest {
            track.owed = track.owed.saturating_sub(1);
            let seed = u64::from(track.noisy);
            return Some((
                Params {
                    width: NOISY_WIDTH.min(cap),
                    noise: NOISE,
                    seed: self.variant.noise_seed() + seed,
                    lambdas: base.lambdas + (seed % 3) as usize,
                    ..base
                },
                true,
            ));
        }
        let doubling = track.first.checked_shl(track.runs).unwrap_or(usize::MAX);
        let width = doubling.min(cap);
        let extra =
            if doubling > cap { track.runs - (cap / track.first).max(1).ilog2() } else { 0 };
        let (noise, seed) = if self.variant.noisy() {
            (NOISE, self.variant.noise_seed() + 500 + u64::from(track.runs))
        } else {
            (0, 0)
        };
        Some((
            Params { width, lambdas: base.lambdas + 2 * extra as usize, noise, seed, ..base },
            false,
        ))
    }

    /// Books a finished run (`extra`: one of the runs with noise once the plain runs are wide).
    fn book(&mut self, p: Params, extra: bool, truncated: bool) {
        let track = if p.fine { &mut self.fine } else { &mut self.coarse };
        if extra {
            track.noisy += 1;
        } else {
            track.runs += 1;
            // A run that never had to drop a child found everything wider runs would.
            track.done |= !truncated;
            track.widest = track.runs >= track.last;
            if !p.fine && p.width >= NOISY_WIDTH {
                track.owed += (p.width / NOISY_WIDTH) as u32;
            }
        }
    }
}

/// Runs whose levels are ranked by greedy rollouts (small mines only), 1, 2, 4 … wide.
pub(super) struct PilotRuns {
    pub track: Track,
    work: u64,
}

/// Runs from a point along the best route so far, while that route aborts.
pub(super) struct Restarts {
    count: u32,
    work: u64,
}

/// Which strategy a beam run belongs to (its work and its end are booked there).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum RunKind {
    Plain,
    /// A plain run with noise, once the plain runs are wide.
    Noisy,
    Pilot,
    Restart,
}

/// The beam-run strategies and their shares of the work.
pub(super) struct Schedule {
    pub plain: PlainRuns,
    pub pilot: PilotRuns,
    restarts: Restarts,
    /// The memory cap on a run's width.
    cap: usize,
    thorough: bool,
    pub variant: Variant,
}

impl Schedule {
    pub fn new(cap: usize, cells: usize, variant: Variant) -> Schedule {
        Schedule {
            plain: PlainRuns::new(cap, cells, variant),
            pilot: PilotRuns { track: Track::new(1, cap.ilog2(), cells > THOROUGH_CELLS), work: 0 },
            restarts: Restarts { count: 0, work: 0 },
            cap,
            thorough: cells <= THOROUGH_CELLS,
            variant,
        }
    }

    /// Every strategy has run out of runs (noisy plain runs go on as long as there is work).
    pub fn over(&self) -> bool {
        self.plain.over() && self.pilot.track.done
    }

    /// The plain run's tunables for this mine.
    fn base(&self) -> Params {
        Params {
            width: 1,
            lambdas: self.variant.lambdas(),
            triggers: TRIGGERS,
            thorough: self.thorough,
            probe: if self.thorough { PROBE_MINES } else { 0 },
            fine: false,
            noise: 0,
            seed: 0,
            pilot: 0,
        }
    }

    /// The best route without its final abort, on small mines past the first plain runs whose
    /// best route still aborts (the robot has not got out yet): where runs and searches from
    /// points along it are worth their work.
    pub fn aborting<'r>(&self, best_route: &'r str) -> Option<&'r str> {
        if self.pilot.track.done || self.plain.coarse.runs < RESTART_AFTER_RUNS {
            return None;
        }
        best_route.strip_suffix('A')
    }

    /// The next run after `spent` units of the search's own work, with the best route so far:
    /// a restart when one is due, else a rollout-ranked run when due (or when nothing else is
    /// left), else a plain run. `after(prefix)` is the mine after a prefix of the route (none
    /// when the game ends on the way).
    pub fn next(
        &mut self,
        root: &Lifter,
        spent: u64,
        best_route: &str,
        after: impl Fn(&str) -> Option<Lifter>,
    ) -> Option<(Beam, RunKind)> {
        if let Some(beam) = self.restart(spent, best_route, after) {
            return Some((beam, RunKind::Restart));
        }
        let base = self.base();
        let (from, share) = self.variant.pilot();
        let pilot_due = spent >= from && self.pilot.work * share.1 <= spent * share.0;
        if !self.pilot.track.done && (pilot_due || self.plain.over()) {
            // Only small mines have these runs, so `base` is thorough and probes.
            let width = 1usize << self.pilot.track.runs;
            let params = Params { width, pilot: (2 * width).max(PILOT_CANDIDATES), ..base };
            return Some((Beam::new(params, root), RunKind::Pilot));
        }
        let (params, noisy) = self.plain.next(base, self.cap)?;
        Some((Beam::new(params, root), if noisy { RunKind::Noisy } else { RunKind::Plain }))
    }

    /// A run from a point along the best route so far, when one is due and that route has not
    /// reached the lift (a win). The route's first eighths (1/8, 2/8, 3/8, 4/8, 6/8 in turn,
    /// then again twice as wide) are kept and the rest is searched anew, its levels ranked by
    /// rollouts. A search from there is shallower, so it looks at the rest more closely than a
    /// run from the start, where an early choice that only pays off much later (a razor picked
    /// up for the way back) is easily lost.
    fn restart(
        &mut self,
        spent: u64,
        best_route: &str,
        after: impl Fn(&str) -> Option<Lifter>,
    ) -> Option<Beam> {
        let (from, share) = self.variant.restarts();
        let due = spent >= from && self.restarts.work * share.1 <= spent * share.0;
        let route = self.aborting(best_route)?;
        if !due || route.len() < RESTART_AT.len() + 1 {
            return None;
        }
        let turn = self.restarts.count as usize;
        let prefix = &route[..route.len() * RESTART_AT[turn % RESTART_AT.len()] / 8];
        let game = after(prefix)?;
        let round = (turn / RESTART_AT.len()).min(self.cap.ilog2() as usize);
        let width = 1usize << round;
        let params = Params { width, pilot: (2 * width).max(PILOT_CANDIDATES), ..self.base() };
        Some(Beam::from_node(params, game, prefix.as_bytes().to_vec()))
    }

    /// Books a finished run of `kind` that took `took` units.
    pub fn book(&mut self, kind: RunKind, beam: &Beam, took: u64) {
        match kind {
            RunKind::Restart => {
                self.restarts.work += took;
                self.restarts.count += 1;
            }
            RunKind::Pilot => {
                self.pilot.work += took;
                self.pilot.track.runs += 1;
                self.pilot.track.done |= self.pilot.track.runs > self.pilot.track.last;
            }
            RunKind::Plain | RunKind::Noisy => {
                self.plain.book(beam.params, kind == RunKind::Noisy, beam.truncated)
            }
        }
    }
}

/// When a better route is polished (`polish.rs`, after `trim.rs`): as soon as one turns up, then
/// not again until `POLISH_GAP` units after the last polish ended.
pub(super) struct Polishing {
    /// Score of the last route polished.
    pub polished: i64,
    /// Work before which no new polish starts.
    pub at: u64,
}

impl Polishing {
    pub fn new() -> Polishing {
        Polishing { polished: 0, at: 0 }
    }

    /// A polish is due for a route scoring `best` after `spent` units (small mines only).
    pub fn due(&self, best: i64, spent: u64, thorough: bool) -> bool {
        best > self.polished && spent >= self.at && thorough
    }

    /// A polish of a route scoring `score` started: none other until this one ends.
    pub fn started(&mut self, score: i64) {
        self.polished = score;
        self.at = u64::MAX;
    }

    /// The polish ended after `spent` units with the best route scoring `best`.
    pub fn ended(&mut self, best: i64, spent: u64) {
        self.polished = best;
        self.at = spent + POLISH_GAP;
    }
}
