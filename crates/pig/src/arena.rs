//! Pig matches between two strategies (the CodeAbbey checker is one of them) on the shared
//! match runner ([`rails::arena::Series`]): seats alternate, the first named entrant moves
//! second in game 1, the die and each strategy's `random` come from the match seed, a failed
//! decision counts as "hold". JavaScript strategies are asked from outside the engine. What Pig
//! adds to the series: its seating of two strategies ([`match_series`]), the winner of a game
//! ([`winner`]) and the match's summary with CodeAbbey's pass rule ([`MatchSummary`]).

use super::decider::PolicyDecider;
use super::{Pig, PigMove, PigParams, Policy, Situation};
use rails::arena::{Decider, Deciders, GameLog, MatchRules, Series, SeriesSpec};
use rails::game::Game;
use serde::Serialize;

pub use rails::arena::wilson_interval;

/// How a strategy is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrategySource {
    /// A built-in by name (`optimal`, `hold20`, …).
    Builtin(String),
    /// Scheme source defining `player`.
    Scheme(String),
    /// JavaScript source; only the page can run it.
    JavaScript(String),
    /// A program the host runs (docs/PROGRAMS.md): the engine starts no process, so the CLI
    /// (`exe:` and `wasm:` seats) hands in how to make its decider; without one (the page's
    /// program seats) it is answered from outside, as JavaScript is. Only its name travels in
    /// a spec or a link, never the program.
    Program(HostProgram),
}

/// A program's entrant: its name (the seat as typed) and the maker of its decider, which a
/// program read back from a link has not (it plays only where its file is).
#[derive(Clone)]
pub struct HostProgram {
    pub name: String,
    make: Option<std::sync::Arc<MakeDecider>>,
}

/// How a host makes a program's decider (afresh for each match that seats it).
type MakeDecider = dyn Fn() -> Box<dyn Decider<Pig>> + Send + Sync;

impl HostProgram {
    pub fn new(
        name: &str,
        make: impl Fn() -> Box<dyn Decider<Pig>> + Send + Sync + 'static,
    ) -> HostProgram {
        HostProgram { name: name.to_string(), make: Some(std::sync::Arc::new(make)) }
    }

    /// The program `name` as a link names it, without a way to run it.
    pub fn named(name: &str) -> HostProgram {
        HostProgram { name: name.to_string(), make: None }
    }

    /// Its decider, made afresh; `None` when the host answers for it from outside.
    fn decider(&self) -> Option<Box<dyn Decider<Pig>>> {
        self.make.as_ref().map(|make| make())
    }

    /// Whether the host that made it can run it (a program named by a link cannot).
    pub fn runs_here(&self) -> bool {
        self.make.is_some()
    }
}

impl PartialEq for HostProgram {
    fn eq(&self, other: &HostProgram) -> bool {
        self.name == other.name
    }
}

impl Eq for HostProgram {}

impl std::fmt::Debug for HostProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("HostProgram").field(&self.name).finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub label: String,
    pub source: StrategySource,
}

impl StrategySource {
    /// `("builtin" | "scheme" | "js" | "program", text)`: how a strategy crosses to the page.
    pub fn parts(&self) -> (&'static str, &str) {
        match self {
            StrategySource::Builtin(s) => ("builtin", s),
            StrategySource::Scheme(s) => ("scheme", s),
            StrategySource::JavaScript(s) => ("js", s),
            StrategySource::Program(p) => ("program", &p.name),
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

/// Most games a match (or a whole tournament) may have.
pub const MAX_GAMES: u32 = 10_000;

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
        MatchSpec {
            entrants: [player, Entrant::builtin(CHECKER.opponent)],
            games: CHECKER.games,
            seed,
            target: CHECKER.target,
        }
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
pub const NO_SCHEME: &str =
    "this build of the engine has no Scheme interpreter (strategies run in the sandbox worker)";

/// Creates the engine-side strategy for `source`, its own randomness from `seed` (one asked
/// outside a series, e.g. by a benchmark); `None` for JavaScript. A series seats its entrants'
/// strategies with [`entrant_deciders`].
pub fn make_decider(
    source: &StrategySource,
    seed: u64,
    target: u32,
) -> Result<Option<Box<dyn Decider<Pig>>>, String> {
    Ok(match source {
        StrategySource::Builtin(name) => {
            let policy = Policy::named(name, target)
                .ok_or_else(|| format!("unknown built-in strategy \"{name}\""))?;
            Some(Box::new(PolicyDecider { policy, target }))
        }
        #[cfg(feature = "scheme")]
        StrategySource::Scheme(code) => {
            Some(Box::new(super::decider::SchemeDecider::load(code, seed)?))
        }
        #[cfg(not(feature = "scheme"))]
        StrategySource::Scheme(_) => {
            let _ = seed; // drives `(random n)` in Scheme only
            return Err(NO_SCHEME.to_string());
        }
        StrategySource::JavaScript(_) => None,
        StrategySource::Program(p) => p.decider(),
    })
}

/// The series of a Pig match of `games` games: entrant 0 sits in seat 1 of game 1, then seats
/// alternate. The Play tab's game is game 1 of such a series, so the same seats and seed give
/// the same game in Play and in a match.
pub fn match_spec(params: PigParams, games: u32, seed: u64) -> SeriesSpec<Pig> {
    SeriesSpec { shift: 1, ..SeriesSpec::new(params, games, seed) }
}

/// A Pig match on the shared series ([`match_spec`]). Fails when the target is invalid or a
/// strategy cannot be created (unknown name, Scheme that does not load).
pub fn match_series(spec: &MatchSpec) -> Result<Series<Pig>, SetupError> {
    let params = PigParams { target: spec.target };
    Pig::new(&params).map_err(|e| SetupError { entrant: None, message: e.to_string() })?;
    let sources: Vec<Option<&StrategySource>> =
        spec.entrants.iter().map(|e| Some(&e.source)).collect();
    let deciders = entrant_deciders(&sources, spec.target)?;
    Series::new(match_spec(params, spec.games, spec.seed), deciders)
        .map_err(|e| SetupError { entrant: None, message: e.to_string() })
}

/// The deciders of a series' entrants, in entrant order. A Scheme strategy is seeded by the
/// series when it seats it for its first game (`SeatedScheme`: `Series::entrant_seed`, as a
/// JavaScript strategy is started with) and keeps its state for the whole series; `None` (a
/// human) and JavaScript strategies are answered from outside. Fails naming the entrant whose
/// strategy cannot be created.
pub fn entrant_deciders(
    sources: &[Option<&StrategySource>],
    target: u32,
) -> Result<Deciders<Pig>, SetupError> {
    let decider = |(i, source): (usize, &Option<&StrategySource>)| match source {
        Some(source) => seated_decider(source, target)
            .map_err(|message| SetupError { entrant: Some(i as u8), message }),
        None => Ok(None),
    };
    sources.iter().enumerate().map(decider).collect()
}

/// An entrant's strategy as a series seats it (see [`entrant_deciders`]).
fn seated_decider(
    source: &StrategySource,
    target: u32,
) -> Result<Option<Box<dyn Decider<Pig>>>, String> {
    match source {
        #[cfg(feature = "scheme")]
        StrategySource::Scheme(code) => {
            Ok(Some(Box::new(super::decider::SeatedScheme::new(code)?)))
        }
        // Built-ins draw nothing; without the interpreter, Scheme fails as `make_decider` says.
        other => make_decider(other, 0, target),
    }
}

/// Plays a match to its end in the engine; JavaScript strategies run only in the page, so an
/// entrant of them is an error naming it.
pub fn play_match(spec: &MatchSpec) -> Result<Series<Pig>, String> {
    engine_only(&spec.entrants)?;
    let series = match_series(spec).map_err(|e| e.message)?;
    Ok(series.run()?)
}

/// `Err` naming the first entrant among `entrants` that cannot be played natively: a JavaScript
/// strategy (the page runs it) or a program without its file (named by a link).
pub fn engine_only(entrants: &[Entrant]) -> Result<(), String> {
    for e in entrants {
        match &e.source {
            StrategySource::JavaScript(_) => {
                return Err(format!("{}: JavaScript strategies run only in the page", e.label))
            }
            StrategySource::Program(p) if !p.runs_here() => {
                return Err(format!(
                "{} is a program: it plays only where its file is (a wasm: or exe: seat naming it)",
                p.name
            ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// The entrant who won a game of a match (the engine's winner, `Game::winners`); `None` for a
/// game not over.
pub fn winner(log: &GameLog<Pig>) -> Option<usize> {
    match log.end.winners().as_slice() {
        [seat] => log.seating.get(usize::from(*seat)).copied(),
        _ => None,
    }
}

/// A match so far, as the page and the CLI report it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchSummary {
    pub games: u32,
    pub games_done: u32,
    /// Per entrant.
    pub wins: [u32; 2],
    /// [`challenge_score`] of entrant 0 over the whole match.
    pub score: f64,
    /// Entrant 0's share of the games done, and its 95% Wilson interval.
    pub win_rate: f64,
    pub ci95: (f64, f64),
    /// CodeAbbey's rule: entrant 0 won more than half of the match's games.
    pub passed: bool,
    /// Per entrant.
    pub timeouts: [u32; 2],
}

impl MatchSummary {
    /// The summary of `series`, the match of `spec` (wins from the shared standings).
    pub fn of(spec: &MatchSpec, series: &Series<Pig>) -> MatchSummary {
        let tallies = series.standings().tallies;
        let per_entrant =
            |v: &[u32]| [v.first().copied().unwrap_or(0), v.get(1).copied().unwrap_or(0)];
        let wins = per_entrant(&tallies.iter().map(|t| t.wins).collect::<Vec<_>>());
        let done = series.games_done();
        MatchSummary {
            games: spec.games,
            games_done: done,
            wins,
            score: challenge_score(wins[0], spec.games),
            win_rate: if done == 0 { 0.0 } else { f64::from(wins[0]) / f64::from(done) },
            ci95: wilson_interval(wins[0], done),
            passed: wins[0] >= wins_needed(spec.games),
            timeouts: per_entrant(series.timeouts()),
        }
    }
}

/// CodeAbbey's challenge score, generalised: (wins − ⌊n/2⌋) / ⌈n/2⌉ (49 games: (w − 24) / 25).
pub fn challenge_score(wins: u32, games: u32) -> f64 {
    let half = f64::from(games / 2);
    (f64::from(wins) - half) / (f64::from(games) - half)
}
