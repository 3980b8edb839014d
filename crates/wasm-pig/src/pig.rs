//! Pig for JavaScript. Moves cross as small numbers: 1–6 a die face, 7 "throw again", 8 "hold".

use pig::arena::{make_decider, match_series, wilson_interval, winner};
use pig::decider::decision;
use pig::links::encode_match;
use pig::optimal::OptimalPolicy;
use pig::{
    Entrant, MatchSpec, MatchSummary, Pig, PigMove, PigParams, Situation, StrategySource,
    BUILTIN_NAMES,
};
use rails::arena::{Answer, Decider, GameLog, MatchRules, SeatFailure, Series};
use rails::game::{Actor, Game};
use rails::link::{decode_game, encode_game, GameRecord};
use rails::tape::Tape;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_common::{js_error, to_js};

pub(crate) fn code(mv: PigMove) -> u8 {
    mv.code()
}

/// "move N: unknown move code C" for a code that is no move.
pub(crate) fn decode_moves(codes: &[u8]) -> Result<Vec<PigMove>, String> {
    codes
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            PigMove::from_code(c).ok_or_else(|| format!("move {}: unknown move code {c}", i + 1))
        })
        .collect()
}

#[derive(Serialize)]
struct StateView {
    totals: [u32; 2],
    player: u8,
    turn_sum: u32,
    /// "throw" (the die is next), "decide" or "over".
    phase: &'static str,
    winner: Option<u8>,
    target: u32,
    /// What the last move did: "turn-lost", "threw", "won", "throw-again", "banked", or null
    /// at the start.
    effect: Option<&'static str>,
    /// Once over: per seat its rank (1 the winner) and how the game ended, in words.
    ranks: Vec<u32>,
    ending: Option<String>,
}

/// The position after `t` moves of `tape`, with what its last move did.
fn view_at(tape: &mut Tape<Pig>, t: usize) -> StateView {
    let effect = match t.checked_sub(1) {
        Some(last) => {
            let mv = tape.moves().get(last).copied();
            mv.and_then(|mv| tape.seek(last).effect(&mv)).map(|e| e.name())
        }
        None => None,
    };
    StateView { effect, ..view(tape.seek(t)) }
}

fn view(game: &Pig) -> StateView {
    StateView {
        effect: None,
        ranks: game.ranks(),
        ending: game.ending(&[], None),
        totals: game.totals(),
        player: game.player(),
        turn_sum: game.turn_sum(),
        phase: match game.to_move() {
            Actor::Chance => "throw",
            Actor::Player(_) => "decide",
            Actor::Nobody => "over",
        },
        winner: game.winner(),
        target: game.target(),
    }
}

#[derive(Serialize)]
struct Builtin {
    name: &'static str,
    description: &'static str,
}

/// The built-in strategies with one-line descriptions.
#[wasm_bindgen(js_name = pigBuiltins)]
pub fn pig_builtins() -> Result<JsValue, JsValue> {
    let list: Vec<Builtin> =
        BUILTIN_NAMES.iter().map(|&(name, description)| Builtin { name, description }).collect();
    to_js(&list)
}

/// Every position of a game, from the start to after the last move (moves.length + 1 states).
#[wasm_bindgen(js_name = pigTimeline)]
pub fn pig_timeline(target: u32, moves: &[u8]) -> Result<JsValue, JsValue> {
    let mut game = Pig::new(&PigParams { target }).map_err(js_error)?;
    let mut states = vec![view(&game)];
    for (i, mv) in decode_moves(moves).map_err(js_error)?.iter().enumerate() {
        game.play(mv).map_err(|e| js_error(format!("move {}: {e}", i + 1)))?;
        states.push(view(&game));
    }
    to_js(&states)
}

/// A recorded game for the replay viewer: seek to any position, labels with seat and turn.
#[wasm_bindgen]
pub struct PigTape {
    pub(crate) tape: Tape<Pig>,
}

#[wasm_bindgen]
impl PigTape {
    /// Throws "move N: …" for a move that is not legal.
    #[wasm_bindgen(constructor)]
    pub fn new(
        target: u32,
        seed: f64,
        moves: &[u8],
        players: Option<Vec<String>>,
    ) -> Result<PigTape, JsValue> {
        let record = GameRecord::<Pig> {
            params: PigParams { target },
            seed: seed as u64,
            players: players.unwrap_or_default(),
            moves: decode_moves(moves).map_err(js_error)?,
            view: 0,
        };
        Ok(PigTape { tape: Tape::new(record).map_err(js_error)? })
    }
    /// What seat `seat` is handed at the position viewed (its situation), as the JSON text a
    /// strategy receives.
    #[wasm_bindgen(js_name = viewText)]
    pub fn view_text(&self, seat: u8) -> Result<String, JsValue> {
        serde_json::to_string(&self.tape.position().1.view(seat)).map_err(js_error)
    }
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.tape.len()
    }
    /// The position after `t` moves, as `state()` of a game shows it.
    pub fn seek(&mut self, t: usize) -> Result<JsValue, JsValue> {
        to_js(&view_at(&mut self.tape, t))
    }
    /// "turn 3 · P2 · hold".
    pub fn label(&mut self, i: usize) -> String {
        self.tape.label(i).unwrap_or_default()
    }
    /// Labels of moves `from..to`.
    pub fn labels(&mut self, from: usize, to: usize) -> Vec<String> {
        self.tape.labels(from, to)
    }
    /// Move codes of the whole game.
    pub fn moves(&self) -> Vec<u8> {
        self.tape.record().moves.iter().map(|&m| code(m)).collect()
    }
    /// Share link fragment of the game viewed after `view` moves.
    pub fn link(&self, view: usize) -> String {
        self.tape.link(view)
    }
}

/// The optimal policy, solved in the engine.
#[wasm_bindgen]
pub struct PigOptimal {
    policy: Arc<OptimalPolicy>,
}

#[wasm_bindgen]
impl PigOptimal {
    /// Solves afresh (so the page can time the solve); the built-in `optimal` strategy uses a
    /// cached solution.
    #[wasm_bindgen(constructor)]
    pub fn new(target: u32) -> PigOptimal {
        PigOptimal { policy: Arc::new(OptimalPolicy::solve(target)) }
    }
    #[wasm_bindgen(js_name = winProbability)]
    pub fn win_probability(&self, own: u32, other: u32) -> f64 {
        self.policy.win_probability(own, other)
    }
    pub fn throws(&self, own: u32, other: u32, turn: u32) -> bool {
        self.policy.throws(own, other, turn)
    }
    /// `[own * target + other]`: the largest turn sum at which the policy still throws (0: never).
    #[wasm_bindgen(js_name = holdBoundary)]
    pub fn hold_boundary(&self) -> Vec<u8> {
        let t = self.policy.target();
        let mut out = vec![0u8; (t * t) as usize];
        for other in 0..t {
            for (own, b) in self.policy.boundary(other).into_iter().enumerate() {
                out[own * t as usize + other as usize] = b.unwrap_or(0).min(255) as u8;
            }
        }
        out
    }
}

/// 95% Wilson interval `[low, high]` for a win rate.
#[wasm_bindgen(js_name = wilsonInterval)]
pub fn wilson(wins: u32, games: u32) -> Vec<f64> {
    let (lo, hi) = wilson_interval(wins, games);
    vec![lo, hi]
}

/// CodeAbbey's checker: `{ games, target, opponent, winsNeeded }`.
#[wasm_bindgen(js_name = pigChecker)]
pub fn pig_checker() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct CheckerJs {
        games: u32,
        target: u32,
        opponent: &'static str,
        wins_needed: u32,
    }
    let c = pig::arena::CHECKER;
    to_js(&CheckerJs {
        games: c.games,
        target: c.target,
        opponent: c.opponent,
        wins_needed: c.wins_needed(),
    })
}

/// A game played in the page, on the replay tape. Its die is thrown by the Play tab's series
/// (`PigPlay`, game 0 of the series of the game's seed: the same seed throws the same dice),
/// whose moves this game plays by index; the human's decisions are played here first.
#[wasm_bindgen]
pub struct PigGame {
    tape: Tape<Pig>,
    seed: u64,
}

impl PigGame {
    fn game(&self) -> &Pig {
        self.tape.position().1
    }
    /// Plays `mv` at the end of the game; its index among the legal moves it was played from.
    fn play(&mut self, mv: PigMove) -> Result<u32, JsValue> {
        self.tape.seek(self.tape.len());
        let index = self.game().move_index(&mv).ok_or_else(|| {
            js_error(format!("{} is not a legal move now", self.game().move_label(&mv)))
        })?;
        self.tape.push(mv).map_err(js_error)?;
        Ok(index as u32)
    }
}

#[wasm_bindgen]
impl PigGame {
    /// `players`: the names of seat 0 and 1, used in move labels.
    #[wasm_bindgen(constructor)]
    pub fn new(target: u32, seed: f64, players: Option<Vec<String>>) -> Result<PigGame, JsValue> {
        let seed = seed as u64;
        let tape = Tape::start(PigParams { target }, seed, players.unwrap_or_default())
            .map_err(js_error)?;
        Ok(PigGame { tape, seed })
    }
    /// The game of a pig link, at the position it is viewed at (its later moves dropped);
    /// `players`: names for its seats in move labels, instead of the link's (the Play tab's
    /// "You" for the seat a link names "human").
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(link: &str, players: Option<Vec<String>>) -> Result<PigGame, JsValue> {
        let mut d = decode_game::<Pig>(link).map_err(js_error)?;
        if let Some(players) = players {
            if !d.record.players.is_empty() && players.len() != d.record.players.len() {
                return Err(js_error(format!(
                    "{} names for the link's {} players",
                    players.len(),
                    d.record.players.len()
                )));
            }
            d.record.players = players;
        }
        let (view, seed) = (d.record.view, d.record.seed);
        let mut tape = Tape::new(d.record).map_err(js_error)?;
        tape.truncate(view);
        Ok(PigGame { tape, seed })
    }
    /// The seed of its die (the Play tab's series throws it).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.seed as f64
    }
    /// The game at its end; `you`: the seat addressed as "You" in the ending's words.
    pub fn state(&mut self, you: Option<u8>) -> Result<JsValue, JsValue> {
        let n = self.tape.len();
        let players = self.tape.record().players.clone();
        let mut v = view_at(&mut self.tape, n);
        v.ending = self.tape.seek(n).ending(&players, you);
        to_js(&v)
    }
    /// Plays the move of index `index` among the legal moves now (a move of the Play tab's
    /// series: a die's face, or a strategy's decision); returns its label ("die 4", "hold · 17 banked").
    #[wasm_bindgen(js_name = playIndex)]
    pub fn play_index(&mut self, index: u32) -> Result<String, JsValue> {
        self.tape.seek(self.tape.len());
        let mv = wasm_common::move_at(self.game(), index)?;
        let label = self.game().move_label(&mv);
        self.play(mv)?;
        Ok(label)
    }
    /// The mover's decision: `true` throws again, `false` holds; returns the move's index among
    /// the legal moves (for the series, `PigPlay.answerIndex`).
    pub fn decide(&mut self, throw_again: bool) -> Result<u32, JsValue> {
        self.play(decision(throw_again))
    }
    /// The strategy arguments of the player who must decide, or `null`.
    pub fn situation(&mut self) -> Result<JsValue, JsValue> {
        self.tape.seek(self.tape.len());
        to_js(&self.game().situation().map(|s| [s.my_total, s.other_total, s.accum, s.current]))
    }
    pub fn moves(&self) -> Vec<u8> {
        self.tape.moves().iter().map(|&m| code(m)).collect()
    }
    /// "turn 3 · You · throw again": move `i` as the move list shows it.
    pub fn label(&mut self, i: usize) -> String {
        self.tape.label(i).unwrap_or_default()
    }
    /// Share link fragment for this game viewed at `view` moves.
    pub fn link(&self, players: Vec<String>, view: usize) -> Result<String, JsValue> {
        pig_game_link(
            self.tape.record().params.target,
            self.seed as f64,
            players,
            &self.moves(),
            view,
        )
    }
}

#[wasm_bindgen(js_name = pigGameLink)]
pub fn pig_game_link(
    target: u32,
    seed: f64,
    players: Vec<String>,
    moves: &[u8],
    view: usize,
) -> Result<String, JsValue> {
    let record = GameRecord::<Pig> {
        params: PigParams { target },
        seed: seed as u64,
        players,
        moves: decode_moves(moves).map_err(js_error)?,
        view,
    };
    encode_game(&record).map_err(|(i, e)| js_error(format!("move {}: {e}", i + 1)))
}

#[derive(Serialize, Deserialize)]
pub(crate) struct EntrantJs {
    pub label: String,
    /// "builtin", "scheme", "js" or "program" (its source: its label).
    pub kind: String,
    pub source: String,
}

#[derive(Serialize, Deserialize)]
struct SpecJs {
    entrants: [EntrantJs; 2],
    games: u32,
    seed: f64,
    target: u32,
}

pub(crate) fn source_of(kind: &str, source: String) -> Result<StrategySource, JsValue> {
    match kind {
        "builtin" => Ok(StrategySource::Builtin(source)),
        "scheme" => Ok(StrategySource::Scheme(source)),
        "js" => Ok(StrategySource::JavaScript(source)),
        "program" => Ok(StrategySource::Program(pig::arena::HostProgram::named(&source))),
        other => Err(js_error(format!("unknown strategy kind \"{other}\""))),
    }
}

fn spec_from_js(spec: JsValue) -> Result<MatchSpec, JsValue> {
    let s: SpecJs = serde_wasm_bindgen::from_value(spec).map_err(js_error)?;
    let [a, b] = s.entrants;
    let entrant = |e: EntrantJs| -> Result<Entrant, JsValue> {
        Ok(Entrant { label: e.label, source: source_of(&e.kind, e.source)? })
    };
    Ok(MatchSpec {
        entrants: [entrant(a)?, entrant(b)?],
        games: s.games,
        seed: s.seed as u64,
        target: s.target,
    })
}

#[wasm_bindgen(js_name = pigMatchLink)]
pub fn pig_match_link(spec: JsValue) -> Result<String, JsValue> {
    Ok(encode_match(&spec_from_js(spec)?))
}

/// A strategy answering one decision at a time (human play against it).
#[wasm_bindgen]
pub struct PigStrategy {
    decider: Box<dyn Decider<Pig>>,
}

#[wasm_bindgen]
impl PigStrategy {
    /// `kind` is "builtin" or "scheme"; throws with "line:col: message" when Scheme does not load.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str, source: String, seed: f64, target: u32) -> Result<PigStrategy, JsValue> {
        let decider = make_decider(&source_of(kind, source)?, seed as u64, target)
            .map_err(js_error)?
            .ok_or_else(|| {
                js_error("JavaScript strategies are run by the sandbox, not the engine")
            })?;
        Ok(PigStrategy { decider })
    }
    /// `true`: throw again. Throws the strategy's failure message.
    pub fn decide(
        &mut self,
        my_total: u32,
        other_total: u32,
        accum: u32,
        current: u32,
    ) -> Result<bool, JsValue> {
        let mv = self
            .decider
            .decide(&Situation { my_total, other_total, accum, current })
            .map_err(js_error)?;
        Ok(mv == PigMove::ThrowAgain)
    }
    /// What the strategy printed since the last call.
    #[wasm_bindgen(js_name = takeOutput)]
    pub fn take_output(&mut self) -> String {
        self.decider.take_output()
    }
}

/// A game of a match as JavaScript sees it; also how a tournament pair's games come back from
/// the worker that played them (`PigTournament.fromPairs`).
#[derive(Serialize, Deserialize)]
pub(crate) struct LogJs {
    /// The entrant moving first, the winning entrant.
    pub(crate) first: usize,
    pub(crate) winner: usize,
    pub(crate) totals: [u32; 2],
    pub(crate) moves: Vec<u8>,
    pub(crate) output: String,
    /// Every decision of the game (what the replay's inspector shows); not read back.
    #[serde(skip_deserializing)]
    decisions: Vec<wasm_common::play::DecisionRow>,
}

impl LogJs {
    /// Game `l` of the match `series`.
    pub(crate) fn of(l: &GameLog<Pig>, series: &Series<Pig>) -> LogJs {
        LogJs {
            first: l.seating.first().copied().unwrap_or(0),
            winner: winner(l).unwrap_or(0),
            totals: l.end.totals(),
            moves: l.moves.iter().map(|&m| code(m)).collect(),
            output: l.output.clone(),
            decisions: wasm_common::play::rows(series, l),
        }
    }
}

/// A decision replaced by "hold", as JavaScript sees it.
#[derive(Serialize, Deserialize)]
pub(crate) struct FailureJs {
    pub game: u32,
    pub move_index: usize,
    pub entrant: usize,
    #[serde(default)]
    pub seat: u8,
    pub message: String,
    #[serde(default)]
    pub timeout: bool,
}

impl FailureJs {
    pub(crate) fn of(f: &SeatFailure, entrant: usize) -> FailureJs {
        FailureJs {
            game: f.game,
            move_index: f.move_index,
            entrant,
            seat: f.seat,
            message: f.message.clone(),
            timeout: f.timeout,
        }
    }
}

/// A match (or the checker) run step by step; JavaScript strategies answer through `answer`.
#[wasm_bindgen]
pub struct PigMatch {
    spec: MatchSpec,
    series: Series<Pig>,
}

impl PigMatch {
    /// Throws "LABEL does not load: …" for a strategy that does not load.
    pub(crate) fn of(spec: MatchSpec) -> Result<PigMatch, JsValue> {
        let mut series = match_series(&spec).map_err(|e| match e.entrant {
            Some(i) => js_error(format!(
                "{} does not load: {}",
                spec.entrants[usize::from(i)].label,
                e.message
            )),
            None => js_error(e.message),
        })?;
        series.set_clock(Box::new(wasm_common::now_ms));
        Ok(PigMatch { spec, series })
    }
}

#[wasm_bindgen]
impl PigMatch {
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<PigMatch, JsValue> {
        PigMatch::of(spec_from_js(spec)?)
    }
    /// The seed a JavaScript strategy of entrant `i` is started with for the whole match (its
    /// `Math.random`): the series' seed for the entrant in the match's first game, as a Scheme
    /// strategy is seeded (`SeatedScheme`).
    #[wasm_bindgen(js_name = strategySeed)]
    pub fn strategy_seed(&self, i: usize) -> f64 {
        wasm_common::js_seed(self.series.entrant_seed(i, self.series.spec().first))
    }
    /// Answer of a JavaScript strategy: `error` set when it threw, timed out or answered nonsense;
    /// `ms` the time it took, as the sandbox measured it.
    pub fn answer(&mut self, throw_again: bool, error: Option<String>, printed: &str, ms: f64) {
        let answer = error.map_or(Answer::Move(decision(throw_again)), Answer::Failed);
        self.series.answer_timed(answer, printed, ms);
    }
    /// The page's one referee loop (www/referee.js): plays engine seats for at most `max`
    /// decisions, then { status, entrant, seat, game, view } (the view is the situation).
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        wasm_common::series::next(&mut self.series, max)
    }
    /// The asked strategy failed (`timeout`: it did not answer in time); counts as "hold".
    pub fn fail(&mut self, message: String, timeout: bool, printed: &str, ms: f64) {
        wasm_common::series::fail(&mut self.series, message, timeout, printed, ms);
    }
    /// { summary, logs, failures } of the match so far.
    pub fn results(&self) -> Result<JsValue, JsValue> {
        let out = js_sys::Object::new();
        for (key, value) in
            [("summary", self.summary()?), ("logs", self.logs()?), ("failures", self.failures()?)]
        {
            js_sys::Reflect::set(&out, &JsValue::from_str(key), &value)?;
        }
        Ok(out.into())
    }
    /// The engine's `MatchSummary`: games, games_done, wins, score, win_rate, ci95, passed,
    /// timeouts.
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        to_js(&MatchSummary::of(&self.spec, &self.series))
    }
    pub fn logs(&self) -> Result<JsValue, JsValue> {
        let logs: Vec<LogJs> =
            self.series.logs().iter().map(|l| LogJs::of(l, &self.series)).collect();
        to_js(&logs)
    }
    pub fn failures(&self) -> Result<JsValue, JsValue> {
        let f: Vec<FailureJs> =
            self.series.failures().iter().map(|f| FailureJs::of(f, f.entrant)).collect();
        to_js(&f)
    }
}

/// What plays a strategy's failed decision in a match (`MatchRules::FALLBACK`: "hold").
#[wasm_bindgen(js_name = pigFallback)]
pub fn pig_fallback() -> String {
    Pig::FALLBACK.to_string()
}
