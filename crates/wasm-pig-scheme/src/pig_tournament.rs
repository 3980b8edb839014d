//! Pig tournaments for JavaScript: more than two strategies, every pair a match. The page plays
//! each pair as a `PigMatch` of its own (`PigTournament.pairMatch`, on any of its workers) and
//! puts the pairs' results together with `PigTournament.fromPairs`: standings with Wilson
//! intervals and Elo, the games, the failures.

use crate::pig::{code, decode_moves, source_of, EntrantJs, FailureJs, LogJs, PigMatch};
use pig::links::encode_tournament;
use pig::tournament::{PairResult, TournamentRunner, TournamentSpec};
use pig::Entrant;
use pig::{Pig, PigParams};
use rails::arena::StandingRow;
use rails::arena::{GameLog, SeatFailure};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_common::{js_error, to_js};

#[derive(Deserialize)]
struct TournamentJs {
    entrants: Vec<EntrantJs>,
    /// Games per pair.
    games: u32,
    seed: f64,
    target: u32,
}

fn spec_from_js(spec: JsValue) -> Result<TournamentSpec, JsValue> {
    let s: TournamentJs = serde_wasm_bindgen::from_value(spec).map_err(js_error)?;
    let entrants = s
        .entrants
        .into_iter()
        .map(|e| Ok(Entrant { label: e.label, source: source_of(&e.kind, e.source)? }))
        .collect::<Result<Vec<_>, JsValue>>()?;
    Ok(TournamentSpec { entrants, games: s.games, seed: s.seed as u64, target: s.target })
}

/// Share link fragment of a tournament (`pig-tournament/1/…`).
#[wasm_bindgen(js_name = pigTournamentLink)]
pub fn pig_tournament_link(spec: JsValue) -> Result<String, JsValue> {
    Ok(encode_tournament(&spec_from_js(spec)?))
}

#[derive(Serialize)]
struct SummaryJs {
    games: u32,
    games_done: u32,
    /// Best Elo first.
    standings: Vec<StandingRow>,
}

#[derive(Serialize)]
struct GameJs {
    pair: usize,
    first: usize,
    second: usize,
    winner: usize,
    totals: [u32; 2],
    moves: Vec<u8>,
    output: String,
}

/// Every pair of a tournament, in the order of its matches: `[[a, b], …]` (entrant indices).
#[wasm_bindgen(js_name = pigTournamentPairs)]
pub fn pig_tournament_pairs(spec: JsValue) -> Result<JsValue, JsValue> {
    to_js(&spec_from_js(spec)?.pairs())
}

/// What a pair's match gave, as `PigMatch` shows it: `{ logs, failures }`.
#[derive(Deserialize)]
struct PairJs {
    logs: Vec<LogJs>,
    failures: Vec<FailureJs>,
}

impl PairJs {
    fn into_result(self, pair: usize, target: u32) -> Result<PairResult, JsValue> {
        let logs = self
            .logs
            .into_iter()
            .enumerate()
            .map(|(g, l)| {
                l.into_log(g as u32, target)
                    .map_err(|e| js_error(format!("pair {}, game {}: {e}", pair + 1, g + 1)))
            })
            .collect::<Result<_, _>>()?;
        Ok(PairResult {
            logs,
            failures: self.failures.into_iter().map(FailureJs::into_failure).collect(),
        })
    }
}

#[wasm_bindgen]
pub struct PigTournament {
    runner: TournamentRunner,
}

#[wasm_bindgen]
impl PigTournament {
    /// `{ entrants: [{ label, kind, source }, …] (3 to 16), games (per pair), seed, target }`:
    /// checks the spec and loads every strategy (throws "LABEL does not load: …"); nothing is
    /// played (`summary().games` is the count of games in all).
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<PigTournament, JsValue> {
        let spec = spec_from_js(spec)?;
        let labels: Vec<String> = spec.entrants.iter().map(|e| e.label.clone()).collect();
        let runner = TournamentRunner::new(spec).map_err(|e| match e.entrant {
            Some(i) => js_error(format!("{} does not load: {}", labels[usize::from(i)], e.message)),
            None => js_error(e.message),
        })?;
        Ok(PigTournament { runner })
    }

    /// The match of pair `k` (see `pigTournamentPairs`), with the seed the tournament gives it;
    /// its entrants 0 and 1 are the pair's.
    #[wasm_bindgen(js_name = pairMatch)]
    pub fn pair_match(spec: JsValue, k: usize) -> Result<PigMatch, JsValue> {
        let spec = spec_from_js(spec)?;
        let count = spec.pairs().len();
        PigMatch::of(
            spec.pair_match(k)
                .ok_or_else(|| js_error(format!("no pair {k}: the tournament has {count}")))?,
        )
    }

    /// The tournament from its pairs' results, in pair order: each `{ logs, failures }` of the
    /// pair's `PigMatch`, or `null` for a pair still playing (then the standings so far). The
    /// same tournament whichever worker played which pair, in whatever order. Throws, naming the
    /// pair, for results that cannot be this tournament's.
    #[wasm_bindgen(js_name = fromPairs)]
    pub fn from_pairs(spec: JsValue, results: JsValue) -> Result<PigTournament, JsValue> {
        let spec = spec_from_js(spec)?;
        let results: Vec<Option<PairJs>> =
            serde_wasm_bindgen::from_value(results).map_err(js_error)?;
        let results = results
            .into_iter()
            .enumerate()
            .map(|(k, r)| r.map(|r| r.into_result(k, spec.target)).transpose())
            .collect::<Result<_, _>>()?;
        Ok(PigTournament { runner: TournamentRunner::with_pairs(spec, results).map_err(js_error)? })
    }

    pub fn summary(&self) -> Result<JsValue, JsValue> {
        let labels: Vec<String> =
            self.runner.spec().entrants.iter().map(|e| e.label.clone()).collect();
        let standings = self.runner.standings().ranked(&labels);
        to_js(&SummaryJs {
            games: self.runner.games_total(),
            games_done: self.runner.games().len() as u32,
            standings,
        })
    }
    pub fn logs(&self) -> Result<JsValue, JsValue> {
        let games: Vec<GameJs> = self
            .runner
            .games()
            .iter()
            .map(|g| GameJs {
                pair: g.pair,
                first: g.first,
                second: g.second,
                winner: g.winner,
                totals: g.log.end.totals(),
                moves: g.log.moves.iter().map(|&m| code(m)).collect(),
                output: g.log.output.clone(),
            })
            .collect();
        to_js(&games)
    }
    pub fn failures(&self) -> Result<JsValue, JsValue> {
        let f: Vec<FailureJs> =
            self.runner.failures().iter().map(|(who, f)| FailureJs::of(f, *who)).collect();
        to_js(&f)
    }
}

/// What a tournament's pairs read back from JavaScript.
impl LogJs {
    /// Game `game` of a match to `target`, replayed from its moves ("move N: …" for a move that
    /// is no move or not legal): its result is the replayed game's, never the `winner` claimed
    /// (the seating's entrants are checked by the tournament).
    fn into_log(self, game: u32, target: u32) -> Result<GameLog<Pig>, String> {
        let seating = vec![self.first, usize::from(self.first == 0)];
        GameLog::replayed(
            game,
            PigParams { target },
            seating,
            decode_moves(&self.moves)?,
            self.output,
        )
    }
}

impl FailureJs {
    fn into_failure(self) -> SeatFailure {
        SeatFailure {
            game: self.game,
            move_index: self.move_index,
            entrant: self.entrant,
            seat: self.seat,
            message: self.message,
            timeout: self.timeout,
        }
    }
}
