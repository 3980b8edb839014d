//! Pig matches between two strategies (the CodeAbbey checker is one of them) on the shared
//! match runner ([`crate::arena`]): seats alternate, the first named entrant moves second in
//! game 1, the die and each strategy's `random` come from the match seed, a failed decision
//! counts as "hold". JavaScript strategies are asked from outside the engine.

use super::decider::PolicyDecider;
use super::{Pig, PigMove, PigParams, Policy, Situation};
use crate::arena::{Answer, Decider, MatchRules, MatchSeeds, Series, SeriesSpec, Step};
use crate::game::Game;
use std::fmt;

pub use crate::arena::wilson_interval;

/// How a strategy is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrategySource {
    /// A built-in by name (`optimal`, `hold20`, …).
    Builtin(String),
    /// Scheme source defining `player`.
    Scheme(String),
    /// JavaScript source; only the page can run it.
    JavaScript(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub label: String,
    pub source: StrategySource,
}

impl StrategySource {
    /// `("builtin" | "scheme" | "js", text)`: how a strategy crosses to the page.
    pub fn parts(&self) -> (&'static str, &str) {
        match self {
            StrategySource::Builtin(s) => ("builtin", s),
            StrategySource::Scheme(s) => ("scheme", s),
            StrategySource::JavaScript(s) => ("js", s),
        }
    }
}

impl Entrant {
    pub fn builtin(name: &str) -> Entrant {
        Entrant { label: name.to_string(), source: StrategySource::Builtin(name.to_string()) }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSpec {
    pub entrants: [Entrant; 2],
    pub games: u32,
    pub seed: u64,
    pub target: u32,
}

/// CodeAbbey's checker: a user strategy plays `games` games to `target` against the built-in
/// `opponent`, and passes with more than half of them won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checker {
    pub games: u32,
    pub target: u32,
    pub opponent: &'static str,
}

pub const CHECKER: Checker = Checker { games: 49, target: 100, opponent: "dummy" };

impl Checker {
    /// The fewest wins that pass.
    pub fn wins_needed(&self) -> u32 {
        wins_needed(self.games)
    }
}

/// The fewest wins of `games` that pass a match: more than half.
pub fn wins_needed(games: u32) -> u32 {
    games / 2 + 1
}

impl MatchSpec {
    /// The CodeAbbey checker: [`CHECKER`]'s games against its opponent.
    pub fn checker(player: Entrant, seed: u64) -> MatchSpec {
        MatchSpec { entrants: [player, Entrant::builtin(CHECKER.opponent)], games: CHECKER.games, seed, target: CHECKER.target }
    }

    /// Is this the CodeAbbey checker ([`CHECKER`]'s games of a user strategy against its opponent)?
    pub fn is_checker(&self) -> bool {
        let [a, b] = &self.entrants;
        self.games == CHECKER.games
            && self.target == CHECKER.target
            && b.source == StrategySource::Builtin(CHECKER.opponent.into())
            && !matches!(a.source, StrategySource::Builtin(_))
    }

    /// Does entrant 0 move first in game `g` (0-based)? Entrant 0 is second in game 1.
    pub fn first_moves_first(g: u32) -> bool {
        g % 2 == 1
    }
}

/// Why a match could not start; `entrant` names the strategy at fault, if one is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    pub entrant: Option<u8>,
    pub message: String,
}

/// A strategy that failed a decision; that decision counted as "hold".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub game: u32,
    /// Index in the game's move list of the decision that was replaced by "hold".
    pub move_index: usize,
    pub entrant: u8,
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, move {}: {}", self.game + 1, self.move_index + 1, self.message)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameLog {
    /// Entrant sitting in seat 0 (moving first).
    pub first: u8,
    pub moves: Vec<PigMove>,
    /// Winning entrant.
    pub winner: u8,
    pub totals: [u32; 2],
    /// What the strategies printed, in order.
    pub output: String,
}

/// A question for the strategy of `entrant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    pub entrant: u8,
    pub situation: Situation,
    /// After a 1 the strategy is still called (as CodeAbbey does) but its answer is ignored.
    pub ignored: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A JavaScript strategy must answer this through [`MatchRunner::answer`].
    Ask(Query),
    /// Work remains; call `advance` again.
    Running,
    Finished,
}

impl MatchRules for Pig {
    const FALLBACK: &'static str = "hold";

    fn fallback(&self) -> Option<PigMove> {
        self.awaits_decision().then_some(PigMove::Hold)
    }

    /// CodeAbbey calls the strategy after a 1 too, with the 1 as `current`.
    fn courtesy(&self, outcome: &PigMove) -> Option<(u8, Situation)> {
        if *outcome != PigMove::Roll(1) {
            return None;
        }
        let seat = self.player();
        let totals = self.totals();
        let situation = Situation {
            my_total: totals[usize::from(seat)],
            other_total: totals[usize::from(1 - seat)],
            accum: self.turn_sum(),
            current: 1,
        };
        Some((seat, situation))
    }
}

/// What a build without the Scheme interpreter (the page's main-thread Pig module) says when
/// asked to run Scheme; the page runs strategies in its sandbox worker, which has it.
#[cfg(not(feature = "scheme"))]
pub const NO_SCHEME: &str = "this build of the engine has no Scheme interpreter (strategies run in the sandbox worker)";

/// Creates the engine-side strategy for an entrant; `None` for JavaScript.
pub fn make_decider(source: &StrategySource, seed: u64, target: u32) -> Result<Option<Box<dyn Decider<Pig>>>, String> {
    Ok(match source {
        StrategySource::Builtin(name) => {
            let policy = Policy::named(name, target).ok_or_else(|| format!("unknown built-in strategy \"{name}\""))?;
            Some(Box::new(PolicyDecider { policy, target }))
        }
        #[cfg(feature = "scheme")]
        StrategySource::Scheme(code) => Some(Box::new(super::decider::SchemeDecider::load(code, seed)?)),
        #[cfg(not(feature = "scheme"))]
        StrategySource::Scheme(_) => {
            let _ = seed; // drives `(random n)` in Scheme only
            return Err(NO_SCHEME.to_string());
        }
        StrategySource::JavaScript(_) => None,
    })
}

/// A Pig match: the shared series with Pig's seating and reports.
pub struct MatchRunner {
    spec: MatchSpec,
    runner: Series<Pig>,
}

impl MatchRunner {
    /// Fails when the target is invalid or a strategy cannot be created (unknown name, Scheme
    /// that does not load).
    pub fn new(spec: MatchSpec) -> Result<MatchRunner, SetupError> {
        let params = PigParams { target: spec.target };
        Pig::new(&params).map_err(|e| SetupError { entrant: None, message: e.to_string() })?;
        let seeds = MatchSeeds(spec.seed);
        let mut deciders = Vec::new();
        for (i, e) in spec.entrants.iter().enumerate() {
            let decider = make_decider(&e.source, seeds.entrant(i), spec.target)
                .map_err(|message| SetupError { entrant: Some(i as u8), message })?;
            deciders.push(decider);
        }
        // Entrant 0 sits in seat 1 of game 1, then seats alternate.
        let run = SeriesSpec { shift: 1, ..SeriesSpec::new(params, spec.games, spec.seed) };
        let runner = Series::new(run, deciders).map_err(|message| SetupError { entrant: None, message })?;
        Ok(MatchRunner { spec, runner })
    }

    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }

    /// The series the match is played on (for hosts that drive every game's series alike).
    pub fn series_mut(&mut self) -> &mut Series<Pig> {
        &mut self.runner
    }

    /// The seed of entrant `i`'s own randomness (also for JavaScript strategies).
    pub fn entrant_seed(&self, i: usize) -> u64 {
        MatchSeeds(self.spec.seed).entrant(i)
    }

    pub fn logs(&self) -> Vec<GameLog> {
        self.runner
            .logs()
            .iter()
            .map(|l| {
                let seat_of_winner = l.end.winner().unwrap_or(0);
                GameLog {
                    first: l.seating[0] as u8,
                    moves: l.moves.clone(),
                    winner: l.seating[usize::from(seat_of_winner)] as u8,
                    totals: l.end.totals(),
                    output: l.output.clone(),
                }
            })
            .collect()
    }

    pub fn failures(&self) -> Vec<Failure> {
        self.runner
            .failures()
            .iter()
            .map(|f| Failure { game: f.game, move_index: f.move_index, entrant: f.entrant as u8, message: f.message.clone() })
            .collect()
    }

    pub fn games_done(&self) -> u32 {
        self.runner.games_done()
    }

    pub fn wins(&self) -> [u32; 2] {
        let mut wins = [0, 0];
        for l in self.runner.logs() {
            let seat = usize::from(l.end.winner().unwrap_or(0));
            wins[l.seating[seat].min(1)] += 1;
        }
        wins
    }

    /// Gives the answer to the pending query (from a JavaScript strategy, or an error message
    /// when it threw, timed out or answered nonsense).
    pub fn answer(&mut self, answer: Result<bool, String>, printed: &str) {
        let answer = match answer {
            Ok(throw_again) => Answer::Move(super::decider::decision(throw_again)),
            Err(message) => Answer::Failed(message),
        };
        self.runner.answer(answer, printed);
    }

    /// The pending query's strategy did not answer in time (counted per entrant).
    pub fn answer_timeout(&mut self, message: String, printed: &str) {
        self.runner.answer(Answer::TimedOut(message), printed);
    }

    /// Timeouts per entrant so far.
    pub fn timeouts(&self) -> [u32; 2] {
        let t = self.runner.timeouts();
        [t.first().copied().unwrap_or(0), t.get(1).copied().unwrap_or(0)]
    }

    /// Does at most `max_decisions` strategy decisions.
    pub fn advance(&mut self, max_decisions: u32) -> Progress {
        match self.runner.advance(max_decisions) {
            Step::Finished => Progress::Finished,
            Step::Running => Progress::Running,
            Step::Ask(q) => Progress::Ask(Query { entrant: q.entrant as u8, situation: q.view, ignored: !q.counts }),
        }
    }

    /// Runs to the end; only for matches without JavaScript strategies (`Err` otherwise).
    pub fn run(mut self) -> Result<MatchRunner, String> {
        let entrants = self.spec.entrants.clone();
        run_to_end(|n| self.advance(n), &entrants)?;
        Ok(self)
    }
}

/// Advances until the end; a question for an outside (JavaScript) strategy is an error naming it.
pub(super) fn run_to_end(mut advance: impl FnMut(u32) -> Progress, entrants: &[Entrant]) -> Result<(), String> {
    loop {
        match advance(u32::MAX) {
            Progress::Finished => return Ok(()),
            Progress::Running => {}
            Progress::Ask(q) => {
                let label = entrants.get(usize::from(q.entrant)).map_or("?", |e| e.label.as_str());
                return Err(format!("{label}: JavaScript strategies run only in the page"));
            }
        }
    }
}

/// CodeAbbey's challenge score, generalised: (wins − ⌊n/2⌋) / ⌈n/2⌉ (49 games: (w − 24) / 25).
pub fn challenge_score(wins: u32, games: u32) -> f64 {
    let half = f64::from(games / 2);
    (f64::from(wins) - half) / (f64::from(games) - half)
}
