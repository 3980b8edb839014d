//! The one way to play a match or an arena, for every game and every host: a series of games
//! between entrants, seats rotating from game to game. It owns the seating, every seed (from
//! [`MatchSeeds`]), the turn cap, the fallback move, timeouts and zombies, and per-seat failures
//! with their reasons; standings come from its logs. A state machine, so seats answered from
//! outside the engine (the page's JavaScript, the CLI's Node strategies) answer through
//! [`Series::answer`] whenever they are ready. Games are numbered in the whole series, so one
//! game (or a shard) played apart (`first`) is the same game as in the whole run.

use super::{Clock, Deciders, Decision, MatchRules, MatchSeeds, Standings, Start};
use crate::game::{Actor, Game};
use crate::rng::Rng;

#[derive(Debug, Clone)]
pub struct SeriesSpec<G: Game> {
    pub params: G::Params,
    /// Games this series plays.
    pub games: u32,
    /// The number of its first game in the whole series (seating and seeds follow the number).
    pub first: u32,
    pub seed: u64,
    /// Entrant in seat `s` of game `g` is `(s + g + shift) % entrants`.
    pub shift: usize,
    /// After this many timeouts an entrant is a zombie: its later moves are the fallback,
    /// without asking (the ICFP 2017 rule). `None`: never.
    pub zombie_after: Option<u32>,
    /// Keep every decision in its game's log ([`GameLog::decisions`]). True by default: a
    /// replay, the inspector and `--json` show them; a host that never shows them (a CLI run
    /// printing only its summary) turns it off and keeps no memory per decision.
    pub keep_decisions: bool,
}

impl<G: Game> SeriesSpec<G> {
    /// `games` games from game 0, seats rotating from entrant 0 in seat 0, no zombies.
    pub fn new(params: G::Params, games: u32, seed: u64) -> SeriesSpec<G> {
        SeriesSpec {
            params,
            games,
            first: 0,
            seed,
            shift: 0,
            zombie_after: None,
            keep_decisions: true,
        }
    }
}

/// A decider's reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<M> {
    Move(M),
    /// A whole turn of several moves by the same seat (a Labyrinth shift and pawn move, a
    /// Punter splurge step by step); each is checked when its time comes.
    Turn(Vec<M>),
    /// It threw, answered nonsense, or could not be asked.
    Failed(String),
    /// It did not answer in time.
    TimedOut(String),
}

/// A question for the decider of `entrant`, sitting in `seat`.
#[derive(Debug, Clone, PartialEq)]
pub struct Query<G: Game> {
    pub entrant: usize,
    pub seat: u8,
    /// The game's number in the whole series.
    pub game: u32,
    pub view: G::View,
    /// False for a courtesy question whose answer is ignored ([`MatchRules::courtesy`]).
    pub counts: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Step<G: Game> {
    /// A decider outside the engine must answer this through [`Series::answer`].
    Ask(Query<G>),
    /// Work remains; call `advance` again.
    Running,
    Finished,
}

/// A decision replaced by the fallback move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatFailure {
    /// The game's number in the whole series.
    pub game: u32,
    /// Index in the game's move list of the move that replaced the decision.
    pub move_index: usize,
    pub entrant: usize,
    pub seat: u8,
    pub message: String,
    pub timeout: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameLog<G: Game> {
    /// The game's number in the whole series.
    pub game: u32,
    /// The parameters it was played with (a deal, the entrants' declarations).
    pub params: G::Params,
    /// Entrant in each seat.
    pub seating: Vec<usize>,
    pub moves: Vec<G::Move>,
    /// Per seat.
    pub returns: Vec<f64>,
    /// Stopped by the turn cap before it was over ([`MatchRules::capped`]).
    pub capped: bool,
    /// What the deciders printed, in order.
    pub output: String,
    /// Every question asked in this game, in order, with its answer, output and time (none when
    /// the series does not keep them, [`SeriesSpec::keep_decisions`]).
    pub decisions: Vec<Decision>,
    pub end: G,
}

impl<G: MatchRules> GameLog<G> {
    /// Game `game` of a series as the series logs it, from its moves (a game played elsewhere,
    /// e.g. by another worker): replayed, so moves the rules refuse, or a game neither over nor
    /// capped, are an error. Its decisions stay with the host that played it.
    pub fn replayed(
        game: u32,
        params: G::Params,
        seating: Vec<usize>,
        moves: Vec<G::Move>,
        output: String,
    ) -> Result<GameLog<G>, String> {
        let end: G = crate::game::replay(&params, &moves).map_err(|e| e.to_string())?;
        let capped = end.outcome().is_none() && end.capped();
        if end.outcome().is_none() && !capped {
            return Err(format!("the game is not over after its {} moves", moves.len()));
        }
        let returns = if capped { end.capped_returns() } else { end.returns() };
        Ok(GameLog {
            game,
            params,
            seating,
            moves,
            returns,
            capped,
            output,
            decisions: Vec::new(),
            end,
        })
    }
}

struct Pending<G: Game> {
    query: Query<G>,
    /// For a courtesy question: the chance move to apply after the answer.
    then: Option<G::Move>,
}

pub struct Series<G: MatchRules> {
    spec: SeriesSpec<G>,
    deciders: Deciders<G>,
    params: G::Params,
    game: G,
    moves: Vec<G::Move>,
    output: String,
    decisions: Vec<Decision>,
    clock: Option<Clock>,
    chance: Rng,
    pending: Option<Pending<G>>,
    /// The rest of a seat's turn answered at once: (seat, moves still to play, in order).
    queued: Option<(u8, Vec<G::Move>)>,
    /// A seat whose decision failed this turn: its other moves of the turn are the fallback.
    failed_turn: Option<u8>,
    logs: Vec<GameLog<G>>,
    failures: Vec<SeatFailure>,
    timeouts: Vec<u32>,
    /// Entrants made zombies at once ([`Series::make_zombie`]).
    zombies: Vec<bool>,
}

impl<G: MatchRules> Series<G> {
    /// One decider per entrant (`None`: answered from outside).
    pub fn new(spec: SeriesSpec<G>, deciders: Deciders<G>) -> Result<Series<G>, SeriesError> {
        if deciders.is_empty() {
            return Err(SeriesError::NoEntrants);
        }
        let (timeouts, zombies) = (vec![0; deciders.len()], vec![false; deciders.len()]);
        let probe = G::new(&spec.params).map_err(|e| SeriesError::Params(e.to_string()))?;
        let (params, chance) = (spec.params.clone(), MatchSeeds(spec.seed).chance(spec.first));
        let mut series = Series {
            spec,
            deciders,
            params,
            game: probe,
            moves: Vec::new(),
            output: String::new(),
            decisions: Vec::new(),
            clock: None,
            chance,
            pending: None,
            queued: None,
            failed_turn: None,
            logs: Vec::new(),
            failures: Vec::new(),
            timeouts,
            zombies,
        };
        if series.spec.games > 0 {
            series.start_game()?;
        }
        Ok(series)
    }

    /// A series whose first game starts at a recorded position rather than at its deal: the
    /// game number `spec.first` is set up from `start.params` as they are (the deal and every
    /// declaration already made), and `start.moves` are played before anyone is asked. Each
    /// engine decider is seeded as in any game of this number and witnesses its seat's earlier
    /// moves ([`super::Decider::witness`]); the chance stream goes on past the chance moves
    /// already made, so a game stopped and started again from its own moves, with the same
    /// seats and seed, goes on as if it had never stopped. Games after it start at their deal.
    pub fn from_position(
        spec: SeriesSpec<G>,
        deciders: Deciders<G>,
        start: Start<G>,
    ) -> Result<Series<G>, SeriesError> {
        let mut series = Series::new(SeriesSpec { games: 0, ..spec.clone() }, deciders)?;
        series.spec.games = spec.games;
        if spec.games == 0 {
            return Ok(series);
        }
        let g = series.game_number();
        let seeds = MatchSeeds(series.spec.seed);
        let mut game = G::new(&start.params).map_err(|e| SeriesError::Params(e.to_string()))?;
        for seat in 0..game.seats() {
            let entrant = series.entrant_in(g, seat as u8);
            if let Some(d) = series.deciders[entrant].as_mut() {
                // Seeded as in any game of this number; what it would declare is already made.
                d.prepare(&mut start.params.clone(), seat as u8, seeds.entrant_game(entrant, g));
            }
        }
        let mut chance = seeds.chance(g);
        for (i, mv) in start.moves.iter().enumerate() {
            match game.to_move() {
                Actor::Player(seat) => {
                    let entrant = series.entrant_in(g, seat);
                    if let Some(d) = series.deciders[entrant].as_mut() {
                        d.witness(&game.view(seat), mv);
                    }
                }
                Actor::Chance => {
                    let _ = game.draw_chance(&mut chance);
                    if let Some((seat, view)) = game.courtesy(mv) {
                        let entrant = series.entrant_in(g, seat);
                        if let Some(d) = series.deciders[entrant].as_mut() {
                            d.witness(&view, mv);
                        }
                    }
                }
                Actor::Nobody => {
                    let message = "the game was already over".to_string();
                    return Err(SeriesError::Start { move_number: i + 1, message });
                }
            }
            game.play(mv)
                .map_err(|e| SeriesError::Start { move_number: i + 1, message: e.to_string() })?;
        }
        (series.game, series.params, series.moves, series.chance) =
            (game, start.params, start.moves, chance);
        Ok(series)
    }

    /// Measures every decision from now on with `clock` (milliseconds); engine deciders are
    /// timed around their call, outside answers bring their own time.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    /// Whether the games from now on keep their decisions ([`SeriesSpec::keep_decisions`]).
    pub fn set_keep_decisions(&mut self, keep: bool) {
        self.spec.keep_decisions = keep;
    }

    pub fn spec(&self) -> &SeriesSpec<G> {
        &self.spec
    }
    pub fn logs(&self) -> &[GameLog<G>] {
        &self.logs
    }
    pub fn failures(&self) -> &[SeatFailure] {
        &self.failures
    }
    pub fn games_done(&self) -> u32 {
        self.logs.len() as u32
    }
    pub fn entrants(&self) -> usize {
        self.deciders.len()
    }
    /// Timeouts per entrant so far.
    pub fn timeouts(&self) -> &[u32] {
        &self.timeouts
    }
    pub fn is_zombie(&self, entrant: usize) -> bool {
        self.zombies.get(entrant).copied().unwrap_or(false)
            || self
                .spec
                .zombie_after
                .is_some_and(|n| self.timeouts.get(entrant).is_some_and(|&t| t >= n))
    }
    /// The game being played now, and the parameters it was set up with.
    pub fn current(&self) -> &G {
        &self.game
    }
    pub fn current_params(&self) -> &G::Params {
        &self.params
    }
    /// The moves of the game being played, so far.
    pub fn current_moves(&self) -> &[G::Move] {
        &self.moves
    }
    /// The decisions of the game being played, so far.
    pub fn current_decisions(&self) -> &[Decision] {
        &self.decisions
    }
    /// Makes `entrant` a zombie at once (it crashed, or never became ready): its moves are the
    /// fallback from now on, without asking.
    pub fn make_zombie(&mut self, entrant: usize) {
        if let Some(z) = self.zombies.get_mut(entrant) {
            *z = true;
        }
    }
    /// The number, in the whole series, of the game being played.
    pub fn game_number(&self) -> u32 {
        self.spec.first + self.games_done()
    }
    /// Wins, draws, Wilson intervals and Elo of the games played so far.
    pub fn standings(&self) -> Standings {
        Standings::of_logs(self.entrants(), &self.logs)
    }

    /// The seed of `entrant`'s own randomness in game number `game` (the seed a decider outside
    /// the engine is started with, and a re-run of it).
    pub fn entrant_seed(&self, entrant: usize, game: u32) -> u64 {
        super::entrant_seed(self.spec.seed, entrant, game)
    }

    /// Entrant sitting in `seat` during game number `game` of the whole series.
    pub fn entrant_in(&self, game: u32, seat: u8) -> usize {
        seating(self.entrants(), self.spec.shift, game, seat)
    }

    /// Sets up the next game: its deal, then each seated entrant's declarations.
    fn start_game(&mut self) -> Result<(), SeriesError> {
        let g = self.game_number();
        let seeds = MatchSeeds(self.spec.seed);
        let mut params = G::game_params(&self.spec.params, seeds.deal(g));
        // Every game of a series has the seats of the first (built from the same parameters).
        for seat in 0..self.game.seats() {
            let entrant = self.entrant_in(g, seat as u8);
            if let Some(d) = self.deciders[entrant].as_mut() {
                d.prepare(&mut params, seat as u8, seeds.entrant_game(entrant, g));
            }
        }
        self.game = G::new(&params).map_err(|e| SeriesError::Params(e.to_string()))?;
        self.params = params;
        self.chance = seeds.chance(g);
        Ok(())
    }

    fn apply(&mut self, mv: G::Move) {
        // The series plays only legal moves (answers are checked first); on an engine error
        // the state is unchanged by contract.
        if self.game.play(&mv).is_ok() {
            self.moves.push(mv);
        }
    }

    fn fallback(&self) -> Option<G::Move> {
        self.game.fallback().or_else(|| self.game.move_at(0))
    }

    fn finish_game(&mut self, capped: bool) {
        let g = self.game_number();
        let seating = (0..self.game.seats()).map(|s| self.entrant_in(g, s as u8)).collect();
        let returns = if capped { self.game.capped_returns() } else { self.game.returns() };
        let end = self.game.clone();
        let (output, mut decisions) =
            (std::mem::take(&mut self.output), std::mem::take(&mut self.decisions));
        // A long series keeps every game's decisions: not the slack of a growing list too.
        decisions.shrink_to_fit();
        self.logs.push(GameLog {
            game: g,
            params: self.params.clone(),
            seating,
            moves: std::mem::take(&mut self.moves),
            returns,
            capped,
            output,
            decisions,
            end,
        });
        (self.queued, self.failed_turn) = (None, None);
        if self.games_done() < self.spec.games {
            // The first game was set up from the same parameters, so this cannot fail.
            let _ = self.start_game();
        }
    }

    /// Plays chance moves, queued and zombie moves and finished games until a decider must be
    /// asked (the question is then pending); false when the series is over.
    fn prepare(&mut self) -> bool {
        loop {
            if self.pending.is_some() {
                return true;
            }
            if self.games_done() >= self.spec.games {
                return false;
            }
            let g = self.game_number();
            if self.game.to_move() != Actor::Nobody && self.game.capped() {
                self.finish_game(true);
                continue;
            }
            match self.game.to_move() {
                Actor::Nobody => self.finish_game(false),
                Actor::Player(seat) => {
                    let entrant = self.entrant_in(g, seat);
                    if self.failed_turn.is_some_and(|s| s != seat) || self.game.new_turn() {
                        self.failed_turn = None;
                    }
                    if let Some(mv) = self.queued_move(seat) {
                        self.apply(mv);
                    } else if self.is_zombie(entrant) || self.failed_turn == Some(seat) {
                        let Some(mv) = self.fallback() else { return false };
                        self.apply(mv);
                    } else {
                        let query = Query {
                            entrant,
                            seat,
                            game: g,
                            view: self.game.view(seat),
                            counts: true,
                        };
                        self.pending = Some(Pending { query, then: None });
                    }
                }
                Actor::Chance => {
                    (self.queued, self.failed_turn) = (None, None);
                    let Some(mv) = self.game.draw_chance(&mut self.chance) else { return false };
                    match self.game.courtesy(&mv) {
                        Some((seat, view)) if !self.is_zombie(self.entrant_in(g, seat)) => {
                            let query = Query {
                                entrant: self.entrant_in(g, seat),
                                seat,
                                game: g,
                                view,
                                counts: false,
                            };
                            self.pending = Some(Pending { query, then: Some(mv) });
                        }
                        _ => self.apply(mv),
                    }
                }
            }
        }
    }

    /// The next queued move of `seat`'s turn if it is legal now; an illegal one fails the turn.
    fn queued_move(&mut self, seat: u8) -> Option<G::Move> {
        let (owner, mut rest) = self.queued.take()?;
        if owner != seat || rest.is_empty() {
            return None;
        }
        let mv = rest.remove(0);
        // The turn's decision is the last one: its moves follow each other until the turn ends.
        let decision =
            self.decisions.last_mut().filter(|d| d.seat == seat && d.refused().is_none());
        if self.game.move_index(&mv).is_none() {
            let message =
                format!("answered {}, which is not a legal move now", self.game.move_label(&mv));
            if let Some(d) = decision {
                d.refuse(message.clone());
            }
            self.fail(self.entrant_in(self.game_number(), seat), seat, message, false);
            return None;
        }
        if let Some(d) = decision {
            d.made += 1;
        }
        self.queued = Some((owner, rest));
        Some(mv)
    }

    fn fail(&mut self, entrant: usize, seat: u8, message: String, timeout: bool) {
        if timeout {
            self.timeouts[entrant] += 1;
        }
        self.failed_turn = Some(seat);
        let failure = SeatFailure {
            game: self.game_number(),
            move_index: self.moves.len(),
            entrant,
            seat,
            message,
            timeout,
        };
        self.failures.push(failure);
    }

    /// The answer to the pending question, with what the decider printed (not timed).
    pub fn answer(&mut self, answer: Answer<G::Move>, printed: &str) {
        self.answer_timed(answer, printed, 0.0);
    }

    /// The answer to the pending question, with what the decider printed and the time it took
    /// (milliseconds, as measured by the side that asked).
    pub fn answer_timed(&mut self, answer: Answer<G::Move>, printed: &str, ms: f64) {
        let Some(Pending { query, then }) = self.pending.take() else { return };
        self.output.push_str(printed);
        let mut decision = Decision::new(self.moves.len(), query.seat, query.entrant, query.counts);
        (decision.ms, decision.timeout) = (ms, matches!(answer, Answer::TimedOut(_)));
        decision.set_printed(printed);
        if !query.counts {
            // The game does not play a courtesy answer, so its words cannot come from the moves.
            decision.set_unplayed(match &answer {
                Answer::Move(mv) => self.game.move_label(mv),
                Answer::Turn(moves) => {
                    moves.iter().map(|mv| self.game.move_label(mv)).collect::<Vec<_>>().join("; ")
                }
                Answer::Failed(_) | Answer::TimedOut(_) => String::new(),
            });
        }
        let answer = match answer {
            Answer::Turn(mut moves) if !moves.is_empty() => {
                let first = moves.remove(0);
                self.queued = Some((query.seat, moves));
                Answer::Move(first)
            }
            Answer::Turn(_) => Answer::Failed("answered an empty turn".into()),
            other => other,
        };
        let legal = matches!(&answer, Answer::Move(mv) if query.counts && self.game.move_index(mv).is_some());
        let failure = match &answer {
            Answer::Move(_) if !query.counts || legal => None,
            Answer::Move(mv) => Some((
                format!("answered {}, which is not a legal move now", self.game.move_label(mv)),
                false,
            )),
            Answer::Failed(m) => Some((m.clone(), false)),
            Answer::TimedOut(m) => Some((m.clone(), true)),
            Answer::Turn(_) => None,
        };
        if let Some((message, _)) = &failure {
            decision.refuse(message.clone());
        }
        if legal {
            decision.made = 1;
        }
        if self.spec.keep_decisions {
            self.decisions.push(decision);
        }
        if let Some((message, timeout)) = failure {
            self.queued = None;
            if query.counts {
                self.fail(query.entrant, query.seat, message, timeout);
            } else {
                self.failures.push(SeatFailure {
                    game: query.game,
                    move_index: self.moves.len(),
                    entrant: query.entrant,
                    seat: query.seat,
                    message,
                    timeout,
                });
            }
        }
        let mv = match (then, answer) {
            (Some(chance), _) => Some(chance),
            (None, Answer::Move(mv)) if legal => Some(mv),
            _ => self.fallback(),
        };
        if let Some(mv) = mv {
            self.apply(mv);
        }
    }

    /// Makes at most `max_decisions` engine-side decisions.
    pub fn advance(&mut self, max_decisions: u32) -> Step<G> {
        for _ in 0..max_decisions {
            if !self.prepare() {
                return Step::Finished;
            }
            let Some(p) = &self.pending else { return Step::Finished };
            let Some(decider) = self.deciders[p.query.entrant].as_mut() else {
                return Step::Ask(p.query.clone());
            };
            let began = self.clock.as_mut().map(|c| c());
            let answer = match decider.decide(&p.query.view) {
                Ok(mv) => Answer::Move(mv),
                Err(e) => Answer::Failed(e.to_string()),
            };
            let printed = decider.take_output();
            let ms = match (began, self.clock.as_mut()) {
                (Some(t0), Some(c)) => (c() - t0).max(0.0),
                _ => 0.0,
            };
            self.answer_timed(answer, &printed, ms);
        }
        if self.prepare() {
            Step::Running
        } else {
            Step::Finished
        }
    }

    /// Plays the whole series with engine-side deciders only; an outside seat is an error.
    pub fn run(mut self) -> Result<Series<G>, SeriesError> {
        match self.advance(u32::MAX) {
            Step::Finished => Ok(self),
            Step::Ask(q) => Err(SeriesError::Outside { entrant: q.entrant }),
            Step::Running => Err(SeriesError::Unfinished),
        }
    }
}

/// Why a series could not start or be played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeriesError {
    /// No entrant to seat.
    NoEntrants,
    /// The game refused the series' parameters (or a start position's): its message.
    Params(String),
    /// Move `move_number` (from 1) of a recorded start does not play: the game was already
    /// over, or the rules refused it.
    Start { move_number: usize, message: String },
    /// [`Series::run`] plays engine deciders only, and this entrant is answered from outside.
    Outside { entrant: usize },
    /// [`Series::run`] stopped before the series' end.
    Unfinished,
}

impl std::fmt::Display for SeriesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeriesError::NoEntrants => f.write_str("a series needs at least one entrant"),
            SeriesError::Params(m) => f.write_str(m),
            SeriesError::Start { move_number, message } => {
                write!(f, "move {move_number}: {message}")
            }
            SeriesError::Outside { entrant } => {
                write!(f, "entrant {entrant} is answered from outside the engine")
            }
            SeriesError::Unfinished => f.write_str("the series did not finish"),
        }
    }
}

impl std::error::Error for SeriesError {}

impl From<SeriesError> for String {
    fn from(e: SeriesError) -> String {
        e.to_string()
    }
}

/// Entrant in `seat` of game `game` of a series of `entrants` (the rotation every host uses).
pub fn seating(entrants: usize, shift: usize, game: u32, seat: u8) -> usize {
    (usize::from(seat) + game as usize + shift) % entrants.max(1)
}
