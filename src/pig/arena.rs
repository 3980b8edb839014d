//! Matches between two strategies (the CodeAbbey checker is one of them): seats alternate, the
//! first named entrant moves second in game 1, the die and each strategy's `random` come from
//! the match seed. Runs as a state machine so that JavaScript strategies can be asked from
//! outside the engine.

use super::decider::{Decider, PolicyDecider, SchemeDecider};
use super::{Pig, PigMove, PigParams, Policy, Situation};
use crate::game::{Actor, Game};
use crate::rng::{self, Rng};
use std::fmt;

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

impl MatchSpec {
    /// The CodeAbbey checker: 49 games against `dummy`.
    pub fn checker(player: Entrant, seed: u64) -> MatchSpec {
        MatchSpec { entrants: [player, Entrant::builtin("dummy")], games: 49, seed, target: 100 }
    }

    /// Is this the CodeAbbey checker (49 games of a user strategy against `dummy`)?
    pub fn is_checker(&self) -> bool {
        let [a, b] = &self.entrants;
        self.games == 49
            && self.target == 100
            && b.source == StrategySource::Builtin("dummy".into())
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

/// A strategy that failed a decision; that decision counted as "stop".
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

pub struct MatchRunner {
    spec: MatchSpec,
    deciders: [Option<Box<dyn Decider>>; 2],
    game: Pig,
    moves: Vec<PigMove>,
    output: String,
    dice: Rng,
    query: Option<Query>,
    logs: Vec<GameLog>,
    failures: Vec<Failure>,
}

/// Creates the engine-side strategy for an entrant; `None` for JavaScript.
pub fn make_decider(source: &StrategySource, seed: u64, target: u32) -> Result<Option<Box<dyn Decider>>, String> {
    Ok(match source {
        StrategySource::Builtin(name) => {
            let policy = Policy::named(name, target).ok_or_else(|| format!("unknown built-in strategy \"{name}\""))?;
            Some(Box::new(PolicyDecider { policy, target }))
        }
        StrategySource::Scheme(code) => Some(Box::new(SchemeDecider::load(code, seed)?)),
        StrategySource::JavaScript(_) => None,
    })
}

impl MatchRunner {
    /// Fails when the target is invalid or a strategy cannot be created (unknown name, Scheme
    /// that does not load).
    pub fn new(spec: MatchSpec) -> Result<MatchRunner, SetupError> {
        let params = PigParams { target: spec.target };
        let game = Pig::new(&params).map_err(|e| SetupError { entrant: None, message: e.to_string() })?;
        let mut deciders: [Option<Box<dyn Decider>>; 2] = [None, None];
        for (i, e) in spec.entrants.iter().enumerate() {
            let seed = spec.seed ^ (0xA5A5_0000 + i as u64);
            deciders[i] = make_decider(&e.source, seed, spec.target)
                .map_err(|message| SetupError { entrant: Some(i as u8), message })?;
        }
        let dice = rng::stream(spec.seed, 0);
        Ok(MatchRunner { spec, deciders, game, moves: Vec::new(), output: String::new(), dice, query: None, logs: Vec::new(), failures: Vec::new() })
    }

    pub fn spec(&self) -> &MatchSpec {
        &self.spec
    }
    pub fn logs(&self) -> &[GameLog] {
        &self.logs
    }
    pub fn failures(&self) -> &[Failure] {
        &self.failures
    }
    pub fn games_done(&self) -> u32 {
        self.logs.len() as u32
    }
    pub fn wins(&self) -> [u32; 2] {
        let a = self.logs.iter().filter(|l| l.winner == 0).count() as u32;
        [a, self.logs.len() as u32 - a]
    }

    fn entrant_in_seat(&self, seat: u8) -> u8 {
        let first = if MatchSpec::first_moves_first(self.games_done()) { 0 } else { 1 };
        if seat == 0 { first } else { 1 - first }
    }

    /// Runs chance moves and finished games until a strategy must be asked; `None` when the
    /// match is over.
    fn next_query(&mut self) -> Option<Query> {
        loop {
            if let Some(q) = self.query {
                return Some(q);
            }
            if self.games_done() >= self.spec.games {
                return None;
            }
            match self.game.to_move() {
                Actor::Nobody => self.finish_game(),
                Actor::Player(seat) => {
                    let situation = self.game.situation()?;
                    self.query = Some(Query { entrant: self.entrant_in_seat(seat), situation, ignored: false });
                }
                Actor::Chance => {
                    let face = 1 + rng::below(&mut self.dice, 6) as u8;
                    if face == 1 {
                        let seat = self.game.player();
                        let totals = self.game.totals();
                        let situation = Situation {
                            my_total: totals[usize::from(seat)],
                            other_total: totals[usize::from(1 - seat)],
                            accum: self.game.turn_sum(),
                            current: 1,
                        };
                        self.query = Some(Query { entrant: self.entrant_in_seat(seat), situation, ignored: true });
                    } else {
                        self.apply(PigMove::Roll(face));
                    }
                }
            }
        }
    }

    fn apply(&mut self, mv: PigMove) {
        // The runner only ever makes legal moves; an error here would be an engine bug, and
        // leaving the state untouched is the engine's contract.
        if self.game.play(&mv).is_ok() {
            self.moves.push(mv);
        }
    }

    fn finish_game(&mut self) {
        let seat_winner = self.game.winner().unwrap_or(0);
        let first = self.entrant_in_seat(0);
        let log = GameLog {
            first,
            moves: std::mem::take(&mut self.moves),
            winner: self.entrant_in_seat(seat_winner),
            totals: self.game.totals(),
            output: std::mem::take(&mut self.output),
        };
        self.logs.push(log);
        if let Ok(fresh) = Pig::new(&PigParams { target: self.spec.target }) {
            self.game = fresh;
        }
        self.dice = rng::stream(self.spec.seed, u64::from(self.games_done()));
    }

    /// Gives the answer to the pending query (from a JavaScript strategy, or an error message
    /// when it threw, timed out or answered nonsense).
    pub fn answer(&mut self, answer: Result<bool, String>, printed: &str) {
        let Some(q) = self.query.take() else { return };
        self.output.push_str(printed);
        if let Err(message) = &answer {
            self.failures.push(Failure {
                game: self.games_done(),
                move_index: self.moves.len(),
                entrant: q.entrant,
                message: message.clone(),
            });
        }
        let mv = if q.ignored {
            PigMove::Roll(1)
        } else if answer == Ok(true) {
            PigMove::Continue
        } else {
            PigMove::Hold
        };
        self.apply(mv);
    }

    /// Does at most `max_decisions` strategy decisions.
    pub fn advance(&mut self, max_decisions: u32) -> Progress {
        for _ in 0..max_decisions {
            let Some(q) = self.next_query() else { return Progress::Finished };
            let Some(decider) = self.deciders[usize::from(q.entrant)].as_mut() else {
                return Progress::Ask(q);
            };
            let answer = decider.decide(&q.situation);
            let printed = decider.take_output();
            self.answer(answer, &printed);
        }
        if self.next_query().is_none() {
            Progress::Finished
        } else {
            Progress::Running
        }
    }

    /// Runs to the end; only for matches without JavaScript strategies (`Err` otherwise).
    pub fn run(mut self) -> Result<MatchRunner, String> {
        loop {
            match self.advance(u32::MAX) {
                Progress::Finished => return Ok(self),
                Progress::Running => {}
                Progress::Ask(q) => {
                    let e = &self.spec.entrants[usize::from(q.entrant)];
                    return Err(format!("{}: JavaScript strategies run only in the page", e.label));
                }
            }
        }
    }
}

/// CodeAbbey's challenge score, generalised: (wins − ⌊n/2⌋) / ⌈n/2⌉ (49 games: (w − 24) / 25).
pub fn challenge_score(wins: u32, games: u32) -> f64 {
    let half = f64::from(games / 2);
    (f64::from(wins) - half) / (f64::from(games) - half)
}

/// Wilson score interval (95%) for a win rate.
pub fn wilson_interval(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z = 1.959_963_984_540_054_f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
