//! A whole search of its own from an early point of an aborting best route (an offshoot), on
//! small mines where the best route still ends in an abort after the first 8 million units:
//! half of all further work goes to a nested `Solver` from the state after the route's first
//! eighth; after 40 million units of its own it gives way to one from the second eighth, then
//! the third. A search from there is shallower: on beard3, every run from the start collects all
//! 25 lambdas and beards then wall the robot in (1144, an abort), while from the end of the
//! route's first eighth (four lambdas, the trampoline, both razors) a search finds a win (1760)
//! within 13.6 million units of its own (docs/performance/lifter.md, "restarts, offshoots").
//! Before the eighths come the pits under the lift's rocks (`pit.rs`), each with a smaller cap.

use super::pit::pit_prefixes;
use super::schedule::{Schedule, Variant};
use super::Solver;
use crate::Lifter;

/// Work each of them may take.
const OFFSHOOT_CAP: u64 = 40_000_000;
/// Work each offshoot from a pit (`pit.rs`) may take: on flood4 they win within 5 million.
const PIT_CAP: u64 = 8_000_000;
/// Work an offshoot is given at a time.
const OFFSHOOT_SLICE: u64 = 20_000;

pub(super) struct Offshoots {
    /// The offshoot under way, and the route to its start.
    current: Option<Box<Solver>>,
    prefix: String,
    /// Offshoots started so far.
    count: u32,
    /// Work the offshoots took, and that when the current one started.
    pub work: u64,
    from: u64,
    /// This search is itself an offshoot: it starts none of its own.
    nested: bool,
    /// Prefixes that dig a pit under the lift's rocks (`pit.rs`), tried before the route's
    /// eighths; computed at the first start.
    pits: Option<Vec<String>>,
    /// Work the current offshoot may take.
    cap: u64,
}

impl Offshoots {
    pub fn new(nested: bool) -> Offshoots {
        Offshoots {
            current: None,
            prefix: String::new(),
            count: 0,
            work: 0,
            from: 0,
            nested,
            pits: None,
            cap: OFFSHOOT_CAP,
        }
    }

    pub fn running(&self) -> bool {
        self.current.is_some()
    }

    /// Starts an offshoot when one is due: after `spent` units of the search's own work, along
    /// `aborting` (the best route without its abort; none when it does not abort).
    fn start(&mut self, spent: u64, aborting: Option<&str>, root: &Lifter, variant: Variant) {
        let (after, points) = variant.offshoots();
        if self.nested || spent < after {
            return;
        }
        let Some(route) = aborting else { return };
        let pits = self.pits.get_or_insert_with(|| pit_prefixes(root));
        let count = self.count as usize;
        let (prefix, cap) = match pits.get(count) {
            Some(pit) => (pit.as_str(), PIT_CAP),
            None => {
                let Some(&at) = points.get(count - pits.len()) else { return };
                (&route[..route.len() * at / 8], OFFSHOOT_CAP)
            }
        };
        if prefix.is_empty() {
            return;
        }
        let Some(mut game) = Solver::after(root, prefix) else {
            self.count += 1;
            return;
        };
        self.cap = cap;
        game.clear_history();
        self.prefix = prefix.to_string();
        self.from = self.work;
        self.current = Some(Box::new(Solver::from_root(game, true, variant)));
    }

    /// Gives the offshoot (starting one from `root` when due) a slice of work when it has had
    /// less than the search's own `spent` (or the search's own runs are over); a better route it
    /// found replaces `best`. True when it had its turn.
    pub fn turn(
        &mut self,
        spent: u64,
        own_over: bool,
        schedule: &Schedule,
        root: &Lifter,
        best: &mut (String, i64),
    ) -> bool {
        if self.current.is_none() {
            self.start(spent, schedule.aborting(&best.0), root, schedule.variant);
        }
        let Some(off) = self.current.as_mut() else { return false };
        if !own_over && self.work >= spent {
            return false;
        }
        let before = off.total();
        let over = off.work(OFFSHOOT_SLICE);
        self.work += off.total() - before;
        if off.best_score > best.1 {
            *best = (format!("{}{}", self.prefix, off.best_route), off.best_score);
        }
        if over || self.work - self.from >= self.cap {
            self.current = None;
            self.count += 1;
        }
        true
    }
}
