//! The match runner: plays `games` games between the same entrants, rotating seats, asking
//! each seat's decider for its moves. A state machine, so deciders outside the engine (the
//! page's JavaScript) answer through [`Runner::answer`] whenever they are ready.

use super::{Deciders, MatchRules, MatchSeeds};
use crate::game::{Actor, Game};
use crate::rng::Rng;

#[derive(Debug, Clone)]
pub struct RunnerSpec<G: Game> {
    pub params: G::Params,
    pub games: u32,
    pub seed: u64,
    /// Entrant in seat `s` of game `g` is `(s + g + shift) % entrants`.
    pub shift: usize,
    /// After this many timeouts an entrant is a zombie: its later moves are the fallback,
    /// without asking (the ICFP 2017 rule). `None`: never.
    pub zombie_after: Option<u32>,
}

/// A decider's reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<M> {
    Move(M),
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
    pub view: G::View,
    /// False for a courtesy question whose answer is ignored ([`MatchRules::courtesy`]).
    pub counts: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Step<G: Game> {
    /// A decider outside the engine must answer this through [`Runner::answer`].
    Ask(Query<G>),
    /// Work remains; call `advance` again.
    Running,
    Finished,
}

/// A decision replaced by the fallback move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatFailure {
    pub game: u32,
    /// Index in the game's move list of the move that replaced the decision.
    pub move_index: usize,
    pub entrant: usize,
    pub message: String,
    pub timeout: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameLog<G: Game> {
    /// Entrant in each seat.
    pub seating: Vec<usize>,
    pub moves: Vec<G::Move>,
    /// Per seat.
    pub returns: Vec<f64>,
    /// What the deciders printed, in order.
    pub output: String,
    pub end: G,
}

struct Pending<G: Game> {
    query: Query<G>,
    /// For a courtesy question: the chance move to apply after the answer.
    then: Option<G::Move>,
}

pub struct Runner<G: MatchRules> {
    spec: RunnerSpec<G>,
    deciders: Deciders<G>,
    game: G,
    moves: Vec<G::Move>,
    output: String,
    chance: Rng,
    pending: Option<Pending<G>>,
    logs: Vec<GameLog<G>>,
    failures: Vec<SeatFailure>,
    timeouts: Vec<u32>,
}

impl<G: MatchRules> Runner<G> {
    /// One decider per entrant (`None`: answered from outside); there are as many entrants as
    /// the game has seats.
    pub fn new(spec: RunnerSpec<G>, deciders: Deciders<G>) -> Result<Runner<G>, String> {
        let game = G::new(&spec.params).map_err(|e| e.to_string())?;
        if deciders.len() != game.seats() {
            return Err(format!("{} entrants for a game of {} seats", deciders.len(), game.seats()));
        }
        let chance = MatchSeeds(spec.seed).chance(0);
        let timeouts = vec![0; deciders.len()];
        Ok(Runner { spec, deciders, game, moves: Vec::new(), output: String::new(), chance, pending: None, logs: Vec::new(), failures: Vec::new(), timeouts })
    }

    pub fn spec(&self) -> &RunnerSpec<G> {
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
    /// Timeouts per entrant so far.
    pub fn timeouts(&self) -> &[u32] {
        &self.timeouts
    }
    pub fn is_zombie(&self, entrant: usize) -> bool {
        self.spec.zombie_after.is_some_and(|n| self.timeouts.get(entrant).is_some_and(|&t| t >= n))
    }
    /// The game being played now.
    pub fn current(&self) -> &G {
        &self.game
    }

    /// Entrant sitting in `seat` during game `game`.
    pub fn entrant_in(&self, game: u32, seat: u8) -> usize {
        let n = self.deciders.len().max(1);
        (usize::from(seat) + game as usize + self.spec.shift) % n
    }

    fn apply(&mut self, mv: G::Move) {
        // The runner plays only legal moves (answers are checked first); on an engine error
        // the state is unchanged by contract.
        if self.game.play(&mv).is_ok() {
            self.moves.push(mv);
        }
    }

    fn fallback(&self) -> Option<G::Move> {
        self.game.fallback().or_else(|| self.game.move_at(0))
    }

    fn finish_game(&mut self) {
        let g = self.games_done();
        let seating = (0..self.game.seats()).map(|s| self.entrant_in(g, s as u8)).collect();
        let fresh = G::new(&self.spec.params).unwrap_or_else(|_| self.game.clone());
        let end = std::mem::replace(&mut self.game, fresh);
        self.logs.push(GameLog {
            seating,
            moves: std::mem::take(&mut self.moves),
            returns: end.returns(),
            output: std::mem::take(&mut self.output),
            end,
        });
        self.chance = MatchSeeds(self.spec.seed).chance(self.games_done());
    }

    /// Plays chance moves, zombie moves and finished games until a decider must be asked (the
    /// question is then pending); false when the match is over.
    fn prepare(&mut self) -> bool {
        loop {
            if self.pending.is_some() {
                return true;
            }
            if self.games_done() >= self.spec.games {
                return false;
            }
            let g = self.games_done();
            match self.game.to_move() {
                Actor::Nobody => self.finish_game(),
                Actor::Player(seat) => {
                    let entrant = self.entrant_in(g, seat);
                    if self.is_zombie(entrant) {
                        let Some(mv) = self.fallback() else { return false };
                        self.apply(mv);
                    } else {
                        let query = Query { entrant, seat, view: self.game.view(seat), counts: true };
                        self.pending = Some(Pending { query, then: None });
                    }
                }
                Actor::Chance => {
                    let Some(mv) = self.game.draw_chance(&mut self.chance) else { return false };
                    match self.game.courtesy(&mv) {
                        Some((seat, view)) if !self.is_zombie(self.entrant_in(g, seat)) => {
                            let query = Query { entrant: self.entrant_in(g, seat), seat, view, counts: false };
                            self.pending = Some(Pending { query, then: Some(mv) });
                        }
                        _ => self.apply(mv),
                    }
                }
            }
        }
    }

    /// The answer to the pending question, with what the decider printed.
    pub fn answer(&mut self, answer: Answer<G::Move>, printed: &str) {
        let Some(Pending { query, then }) = self.pending.take() else { return };
        self.output.push_str(printed);
        let legal = matches!(&answer, Answer::Move(mv) if query.counts && self.game.move_index(mv).is_some());
        let failure = match &answer {
            Answer::Move(_) if !query.counts || legal => None,
            Answer::Move(mv) => Some((format!("answered {}, which is not a legal move now", self.game.move_label(mv)), false)),
            Answer::Failed(m) => Some((m.clone(), false)),
            Answer::TimedOut(m) => Some((m.clone(), true)),
        };
        if let Some((message, timeout)) = failure {
            if timeout {
                self.timeouts[query.entrant] += 1;
            }
            let move_index = self.moves.len();
            self.failures.push(SeatFailure { game: self.games_done(), move_index, entrant: query.entrant, message, timeout });
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
            let Some(decider) = self.deciders[p.query.entrant].as_mut() else { return Step::Ask(p.query.clone()) };
            let answer = match decider.decide(&p.query.view) {
                Ok(mv) => Answer::Move(mv),
                Err(m) => Answer::Failed(m),
            };
            let printed = decider.take_output();
            self.answer(answer, &printed);
        }
        if self.prepare() {
            Step::Running
        } else {
            Step::Finished
        }
    }
}
