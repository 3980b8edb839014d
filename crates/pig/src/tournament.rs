//! Tournaments: more than two Pig strategies, every pair playing a match (the arena's seating
//! inside each), with standings, Wilson intervals and an Elo table from the shared rails.

use super::arena::{
    engine_only, match_series, play_match, winner, MatchSpec, SetupError, MAX_GAMES,
};
use super::{Entrant, Pig, PigMove};
use rails::arena::{Answer, GameLog, MatchSeeds, SeatFailure, Series, Standings, Step};

/// Most strategies in one tournament.
pub const MAX_ENTRANTS: usize = 16;

/// Every pair of `n` entrants once, in a fixed order: (0, 1), (0, 2), …, (1, 2), ….
pub fn pairs_of(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n).flat_map(move |a| (a + 1..n).map(move |b| (a, b)))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentSpec {
    pub entrants: Vec<Entrant>,
    /// Games each pair plays.
    pub games: u32,
    pub seed: u64,
    pub target: u32,
}

impl TournamentSpec {
    /// Every pair once, in the order of [`pairs_of`].
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        pairs_of(self.entrants.len()).collect()
    }

    /// The match of pair `k`: its own seed, derived from the tournament's.
    pub fn pair_match(&self, k: usize) -> Option<MatchSpec> {
        let (a, b) = *self.pairs().get(k)?;
        let seed = MatchSeeds(self.seed).pair(k);
        Some(MatchSpec {
            entrants: [self.entrants[a].clone(), self.entrants[b].clone()],
            games: self.games,
            seed,
            target: self.target,
        })
    }
}

/// A pair's finished match: its games and its strategies' failures (entrants 0 and 1 of the
/// pair).
#[derive(Debug, Clone)]
pub struct PairResult {
    pub logs: Vec<GameLog<Pig>>,
    pub failures: Vec<SeatFailure>,
}

/// One finished game of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentGame {
    /// Index of the pair's match.
    pub pair: usize,
    /// Tournament entrants: who moved first, who won.
    pub first: usize,
    pub second: usize,
    pub winner: usize,
    /// The game as the pair's match logged it (its entrants 0 and 1).
    pub log: GameLog<Pig>,
}

pub struct TournamentRunner {
    spec: TournamentSpec,
    pairs: Vec<(usize, usize)>,
    current: Option<Series<Pig>>,
    pair: usize,
    games: Vec<TournamentGame>,
    failures: Vec<(usize, SeatFailure)>,
}

impl TournamentRunner {
    /// A runner of `spec`'s `pairs` with nothing played yet.
    fn unplayed(spec: TournamentSpec, pairs: Vec<(usize, usize)>) -> TournamentRunner {
        TournamentRunner {
            spec,
            pairs,
            current: None,
            pair: 0,
            games: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Loads every strategy once to report a broken one before anything is played.
    pub fn new(spec: TournamentSpec) -> Result<TournamentRunner, SetupError> {
        if !(3..=MAX_ENTRANTS).contains(&spec.entrants.len()) {
            let message = format!(
                "a tournament needs 3 to {MAX_ENTRANTS} strategies, not {}",
                spec.entrants.len()
            );
            return Err(SetupError { entrant: None, message });
        }
        let pairs = spec.pairs();
        let total = u64::from(spec.games) * pairs.len() as u64;
        if spec.games == 0 || total > u64::from(MAX_GAMES) {
            let message = format!(
                "{} games per pair × {} pairs must be 1 to {MAX_GAMES} games in all",
                spec.games,
                pairs.len()
            );
            return Err(SetupError { entrant: None, message });
        }
        for (k, &(a, b)) in pairs.iter().enumerate() {
            if let Some(m) = spec.pair_match(k) {
                match_series(&m).map_err(|e| SetupError {
                    entrant: e.entrant.map(|i| if i == 0 { a as u8 } else { b as u8 }),
                    message: e.message,
                })?;
            }
        }
        let mut runner = TournamentRunner::unplayed(spec, pairs);
        runner.start_pair();
        Ok(runner)
    }

    fn start_pair(&mut self) {
        self.current = self.spec.pair_match(self.pair).and_then(|m| match_series(&m).ok());
    }

    pub fn spec(&self) -> &TournamentSpec {
        &self.spec
    }
    pub fn games(&self) -> &[TournamentGame] {
        &self.games
    }
    /// Failures with the tournament entrant at fault.
    pub fn failures(&self) -> &[(usize, SeatFailure)] {
        &self.failures
    }
    pub fn games_total(&self) -> u32 {
        self.spec.games * self.pairs.len() as u32
    }

    /// Tournament entrant of the current match's entrant `local` (0 or 1).
    fn global(&self, local: usize) -> usize {
        let (a, b) = self.pairs.get(self.pair).copied().unwrap_or((0, 1));
        if local == 0 {
            a
        } else {
            b
        }
    }

    /// Wins, draws, scores, Wilson intervals and Elo, per entrant.
    pub fn standings(&self) -> Standings {
        let mut s = Standings::new(self.spec.entrants.len());
        for g in &self.games {
            let returns = if g.winner == g.first { [1.0, 0.0] } else { [0.0, 1.0] };
            s.add(&[g.first, g.second], &returns);
        }
        s
    }

    /// Moves a finished pair's games into the tournament and starts the next pair.
    fn collect(&mut self) {
        let Some(m) = self.current.take() else { return };
        // A match's own results name entrants 0 and 1 only, so absorbing them cannot fail.
        let _ = self
            .absorb(Some(PairResult { logs: m.logs().to_vec(), failures: m.failures().to_vec() }));
        self.start_pair();
    }

    /// Takes the results of the current pair's match (`None`: not played yet, its games left
    /// out) and moves on to the next pair. Results from elsewhere (another worker) are checked:
    /// an entrant other than 0 or 1, or a game count other than the pair's, is refused.
    fn absorb(&mut self, result: Option<PairResult>) -> Result<(), String> {
        let pair = self.pair;
        self.pair += 1;
        let Some(result) = result else { return Ok(()) };
        let (a, b) = self.pairs[pair];
        let to_global = |local: usize| match local {
            0 => Ok(a),
            1 => Ok(b),
            other => {
                Err(format!("pair {}: entrant {other} (a pair has entrants 0 and 1)", pair + 1))
            }
        };
        if result.logs.len() != self.spec.games as usize {
            let n = result.logs.len();
            return Err(format!(
                "pair {}: {n} game{} (each pair plays {})",
                pair + 1,
                if n == 1 { "" } else { "s" },
                self.spec.games
            ));
        }
        for log in result.logs {
            let seat = |s: usize| {
                log.seating
                    .get(s)
                    .copied()
                    .ok_or_else(|| format!("pair {}: a game without two seats", pair + 1))
            };
            let (first, second) = (to_global(seat(0)?)?, to_global(seat(1)?)?);
            let winner = to_global(
                winner(&log)
                    .ok_or_else(|| format!("pair {}: a game without a winner", pair + 1))?,
            )?;
            self.games.push(TournamentGame { pair, first, second, winner, log });
        }
        for f in result.failures {
            let who = to_global(f.entrant)?;
            self.failures.push((who, f));
        }
        Ok(())
    }

    /// Plays pair `k`'s match to the end on its own (no JavaScript strategies). Pairs do not
    /// share anything, so they may be played in any order, or at once on several cores.
    pub fn play_pair(spec: &TournamentSpec, k: usize) -> Result<PairResult, String> {
        let m = spec.pair_match(k).ok_or_else(|| format!("no pair {k}"))?;
        let m = play_match(&m)?;
        Ok(PairResult { logs: m.logs().to_vec(), failures: m.failures().to_vec() })
    }

    /// The tournament from every pair's result, in pair order (`None` for a pair not played
    /// yet: the standings so far); with every result, the same tournament as one played pair
    /// after pair with [`TournamentRunner::advance`].
    pub fn with_pairs(
        spec: TournamentSpec,
        results: Vec<Option<PairResult>>,
    ) -> Result<TournamentRunner, String> {
        let pairs = spec.pairs();
        if results.len() != pairs.len() {
            return Err(format!("{} results for {} pairs", results.len(), pairs.len()));
        }
        let mut runner = TournamentRunner::unplayed(spec, pairs);
        for r in results {
            runner.absorb(r)?;
        }
        Ok(runner)
    }

    /// Like [`Series::advance`] over the pairs' matches, one after the other; a question names
    /// the tournament entrant.
    pub fn advance(&mut self, max_decisions: u32) -> Step<Pig> {
        loop {
            let Some(m) = self.current.as_mut() else { return Step::Finished };
            match m.advance(max_decisions) {
                Step::Finished => self.collect(),
                Step::Running => return Step::Running,
                Step::Ask(mut q) => {
                    q.entrant = self.global(q.entrant);
                    return Step::Ask(q);
                }
            }
        }
    }

    /// The answer to the pending question (see [`Series::answer`]).
    pub fn answer(&mut self, answer: Answer<PigMove>, printed: &str) {
        if let Some(m) = self.current.as_mut() {
            m.answer(answer, printed);
        }
    }

    /// Runs to the end; only without JavaScript strategies.
    pub fn run(mut self) -> Result<TournamentRunner, String> {
        engine_only(&self.spec.entrants)?;
        loop {
            match self.advance(u32::MAX) {
                Step::Finished => return Ok(self),
                Step::Running => {}
                Step::Ask(q) => {
                    return Err(format!(
                        "entrant {} is answered from outside the engine",
                        q.entrant
                    ))
                }
            }
        }
    }
}
