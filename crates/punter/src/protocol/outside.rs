//! One game of a Punter series in which some seats are punters outside the engine that speak
//! the official protocol: a JavaScript bot in the page's sandbox, a contestant's program run
//! by the CLI (offline mode, `exe:`), a punter connected to `arcade punter serve` (online
//! mode). Every host drives the same state machine: setup for the outside seats in seat order,
//! then the game on the shared series (which keeps the turns, timeouts, zombies and the pass
//! played for a failed answer), then the stop message to each outside seat. The host only
//! carries the messages and keeps the clock. A game can also go on from a recorded position
//! ([`ProtocolGame::from_position`]): after setup, each outside punter is sent the move requests
//! of its seat's earlier turns first (its answers are not played, its state is kept), as the
//! series tells an engine bot what its seat played ([`rails::arena::Decider::witness`]). Seats
//! of people ([`crate::bots::HUMAN`]) are asked through [`Next::Person`] and answered on the series.

use super::exchanges::{turn_starts, Exchanges};
use super::*;
use crate::bots::{entrants, is_outside};
use rails::arena::{seating, Answer as SeriesAnswer, Clock, Series, SeriesSpec, Start, Step};
use rails::game::Actor;

/// The official time limits, in milliseconds.
pub const SETUP_MS: u32 = 10_000;
pub const MOVE_MS: u32 = 1_000;

/// What an outside seat is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Setup,
    Move,
    Stop,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Move => "move",
            Phase::Stop => "stop",
        }
    }
    /// The official limit for an answer, in milliseconds.
    pub fn limit_ms(self) -> u32 {
        if self == Phase::Setup {
            SETUP_MS
        } else {
            MOVE_MS
        }
    }
}

/// A question for the outside punter in `seat`: the message to send (its JSON text, without
/// `n:`; a state the punter handed over is spliced in as its text).
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub phase: Phase,
    pub seat: usize,
    pub entrant: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// An outside seat must answer; then [`ProtocolGame::answer`] or [`ProtocolGame::fail`].
    Ask(Request),
    /// A person's seat is to move: answer on the series ([`ProtocolGame::series_mut`]).
    Person {
        seat: usize,
        entrant: usize,
    },
    /// Built-in bots played; call again.
    Running,
    Over,
}

/// What the referee made of an answer: the move as played ("pass" when rejected), why it was
/// rejected, and a note on what was accepted though not exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub played: String,
    pub rejected: Option<String>,
    pub note: Option<String>,
}

/// A remark of the referee on an outside seat's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remark {
    pub seat: usize,
    pub phase: Phase,
    pub message: String,
    /// For an answer played as a pass (a failure of the series): the index of that pass in
    /// the game's moves.
    pub move_index: Option<usize>,
}

enum State {
    /// Asking the outside seats for "ready", in seat order, from this seat on.
    Setup(usize),
    /// Telling the outside seats of their seats' turns before a recorded position, from this
    /// one of `witness` on.
    Witness(usize),
    Play,
    Stop(usize),
    Over,
}

pub struct ProtocolGame {
    params: PunterParams,
    entrants: Vec<String>,
    game: u32,
    seed: u64,
    /// Per seat: the protocol side of an outside punter.
    seats: Vec<Option<ProtocolSeat>>,
    /// Seats that cannot be asked again after setup: zombies from the start.
    zombies: Vec<bool>,
    series: Option<Series<Punter>>,
    state: State,
    setup_remarks: Vec<Remark>,
    /// Whether a question is out (answers without one are refused).
    asked: bool,
    /// Notes on answers played though not exact (a move naming another punter), at most 100.
    move_notes: Vec<Remark>,
    /// The recorded position a game goes on from (its parameters are not changed by setup).
    start: Option<Start<Punter>>,
    /// The earlier turns of outside seats to tell them of: (first move's index, seat).
    witness: Vec<(usize, usize)>,
    /// The recorded game, replayed up to the witness being asked.
    witnessed: Option<(Punter, usize)>,
    exchanges: Exchanges,
    /// What the series will time its bots' decisions with, once it starts.
    clock: Option<Clock>,
}

impl ProtocolGame {
    /// Game `game` of the series of `seed` between `entrants` (per entrant a built-in bot's
    /// name, or an outside punter: "js", "exe:COMMAND", "online"); entrants sit in the rotation
    /// of `arena::seating`.
    pub fn new(
        params: PunterParams,
        entrants: &[String],
        seed: u64,
        game: u32,
    ) -> Result<ProtocolGame, String> {
        ProtocolGame::set_up(params, entrants, seed, game, None)
    }

    /// Game `game` of the series of `seed` going on from `start` (as a link holds it): the
    /// entrants may also be people ([`crate::bots::HUMAN`]). Every engine bot is seeded as in that game and
    /// told of its seat's earlier moves; every outside punter is set up (the futures of the
    /// position stay as they are) and sent its seat's earlier move requests before the game
    /// goes on.
    pub fn from_position(
        start: Start<Punter>,
        entrants: &[String],
        seed: u64,
        game: u32,
    ) -> Result<ProtocolGame, String> {
        ProtocolGame::set_up(start.params.clone(), entrants, seed, game, Some(start))
    }

    fn set_up(
        params: PunterParams,
        entrants: &[String],
        seed: u64,
        game: u32,
        start: Option<Start<Punter>>,
    ) -> Result<ProtocolGame, String> {
        let n = entrants.len();
        if !(2..=crate::state::MAX_PUNTERS).contains(&n) {
            return Err(format!("a game needs 2 to {} punters", crate::state::MAX_PUNTERS));
        }
        if params.punters != n {
            return Err(format!(
                "the game is set up for {} punters, but {n} entrants are seated",
                params.punters
            ));
        }
        let mut g = ProtocolGame {
            params,
            entrants: entrants.to_vec(),
            game,
            seed,
            seats: vec![None; n],
            zombies: vec![false; n],
            series: None,
            state: State::Over,
            setup_remarks: Vec::new(),
            move_notes: Vec::new(),
            asked: false,
            witness: Vec::new(),
            witnessed: None,
            exchanges: Exchanges::default(),
            clock: None,
            start,
        };
        for seat in 0..n {
            if is_outside(&g.entrants[g.entrant_in(seat)]) {
                g.seats[seat] = Some(ProtocolSeat::new(seat));
            }
        }
        if let Some(start) = &g.start {
            g.witness = turn_starts(&start.moves, n)
                .into_iter()
                .filter(|&(_, seat)| g.seats[seat].is_some())
                .collect();
        }
        match g.outside_from(0) {
            Some(seat) => g.state = State::Setup(seat),
            None => g.start()?,
        }
        Ok(g)
    }

    /// Entrant in `seat`.
    pub fn entrant_in(&self, seat: usize) -> usize {
        seating(self.entrants.len(), 0, self.game, seat as u8)
    }
    /// Who sits where: the entrant in each seat.
    pub fn seating(&self) -> Vec<usize> {
        (0..self.seats.len()).map(|s| self.entrant_in(s)).collect()
    }
    pub fn is_outside_seat(&self, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(Option::is_some)
    }
    pub fn game_number(&self) -> u32 {
        self.game
    }
    pub fn is_over(&self) -> bool {
        matches!(self.state, State::Over)
    }
    /// The phase an outside seat is asked in now (`None` once over).
    pub fn phase(&self) -> Option<Phase> {
        match self.state {
            State::Setup(_) => Some(Phase::Setup),
            State::Witness(_) | State::Play => Some(Phase::Move),
            State::Stop(_) => Some(Phase::Stop),
            State::Over => None,
        }
    }
    /// The series, once setup is over.
    pub fn series(&self) -> Option<&Series<Punter>> {
        self.series.as_ref()
    }
    /// Times the built-in bots' decisions with `clock` (milliseconds), as
    /// [`Series::set_clock`]; outside answers bring their own time.
    pub fn set_clock(&mut self, clock: Clock) {
        match self.series.as_mut() {
            Some(series) => series.set_clock(clock),
            None => self.clock = Some(clock),
        }
    }
    /// The series, to answer a person's seat ([`Next::Person`]) on it.
    pub fn series_mut(&mut self) -> Option<&mut Series<Punter>> {
        self.series.as_mut()
    }
    /// Every message the outside seats were sent and their replies, in order.
    pub fn exchanges(&self) -> &Exchanges {
        &self.exchanges
    }
    /// The parameters: the map, the settings and (after setup) everyone's futures.
    pub fn params(&self) -> &PunterParams {
        self.series.as_ref().map_or(&self.params, Series::current_params)
    }

    fn outside_from(&self, from: usize) -> Option<usize> {
        (from..self.seats.len()).find(|&s| self.seats[s].is_some())
    }

    /// Seats everyone and starts the game (after setup).
    fn start(&mut self) -> Result<(), String> {
        let deciders = entrants(&self.entrants, self.seed, self.game)?;
        let spec = SeriesSpec {
            first: self.game,
            zombie_after: Some(ZOMBIE_AFTER),
            ..SeriesSpec::new(self.params.clone(), 1, self.seed)
        };
        let mut series = match self.start.take() {
            Some(start) => Series::from_position(spec, deciders, start)?,
            None => Series::new(spec, deciders)?,
        };
        if let Some(clock) = self.clock.take() {
            series.set_clock(clock);
        }
        for seat in 0..self.seats.len() {
            if self.zombies[seat] {
                series.make_zombie(self.entrant_in(seat));
            }
        }
        self.series = Some(series);
        self.state = State::Play;
        Ok(())
    }

    fn request(&mut self, phase: Phase, seat: usize, message: String) -> Next {
        self.asked = true;
        let (move_index, witness) = match self.state {
            State::Witness(k) => (self.witness.get(k).map_or(0, |w| w.0), true),
            _ => (self.series.as_ref().map_or(0, |s| s.current_moves().len()), false),
        };
        match phase {
            Phase::Setup => self.exchanges.asked(seat, phase, 0, false, None),
            Phase::Move => self.exchanges.asked(seat, phase, move_index, witness, Some(&message)),
            Phase::Stop => {}
        }
        Next::Ask(Request { phase, seat, entrant: self.entrant_in(seat), message })
    }

    /// The game replayed to the move request of witness `k`, and that request's text.
    fn witness_request(&mut self, k: usize) -> Result<(usize, String), String> {
        let (at, seat) = self.witness[k];
        let start = self.start.as_ref().ok_or("no recorded position")?;
        let (mut game, mut done) = match self.witnessed.take() {
            Some(w) => w,
            None => (Punter::new(&start.params).map_err(|e| e.to_string())?, 0),
        };
        for (i, mv) in start.moves.iter().enumerate().take(at).skip(done) {
            game.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        done = done.max(at);
        let message = self.seats[seat]
            .as_ref()
            .map(|p| p.move_request_text(&game, &start.moves[..at]))
            .unwrap_or_default();
        self.witnessed = Some((game, done));
        Ok((seat, message))
    }

    /// After setup, or a witness: the next witness, or the game.
    fn after_witness(&mut self, next: usize) -> Result<(), String> {
        if next < self.witness.len() {
            self.state = State::Witness(next);
            Ok(())
        } else {
            self.witnessed = None;
            self.start()
        }
    }

    /// Plays built-in bots for at most `max` decisions, then says who must answer what.
    pub fn next(&mut self, max: u32) -> Result<Next, String> {
        Ok(match self.state {
            State::Setup(seat) => {
                let message = self.seats[seat]
                    .as_ref()
                    .map(|p| p.setup(&self.params).to_text())
                    .unwrap_or_default();
                self.request(Phase::Setup, seat, message)
            }
            State::Witness(k) => {
                let (seat, message) = self.witness_request(k)?;
                self.request(Phase::Move, seat, message)
            }
            State::Play => {
                let series = self.series.as_mut().ok_or("the game has not started")?;
                match series.advance(max) {
                    Step::Running => Next::Running,
                    Step::Finished => {
                        self.state = self.outside_from(0).map_or(State::Over, State::Stop);
                        if self.is_over() {
                            Next::Over
                        } else {
                            Next::Running
                        }
                    }
                    Step::Ask(q) => {
                        let seat = usize::from(q.seat);
                        let Some(protocol) = self.seats[seat].as_ref() else {
                            return Ok(Next::Person { seat, entrant: q.entrant });
                        };
                        let message =
                            protocol.move_request_text(series.current(), series.current_moves());
                        self.request(Phase::Move, seat, message)
                    }
                }
            }
            State::Stop(seat) => {
                let message = match (self.seats[seat].as_ref(), self.end()) {
                    (Some(p), Some((game, moves))) => p.stop(game, moves).to_text(),
                    _ => "null".into(),
                };
                // A zombie is not told of the end (the server made no attempt to talk to one).
                if self.zombies[seat]
                    || self.series.as_ref().is_some_and(|s| s.is_zombie(self.entrant_in(seat)))
                {
                    self.state = self.outside_from(seat + 1).map_or(State::Over, State::Stop);
                    return Ok(Next::Running);
                }
                self.request(Phase::Stop, seat, message)
            }
            State::Over => Next::Over,
        })
    }

    /// The asked seat's reply (its JSON text, or why it could not be read), with what it
    /// printed.
    pub fn answer(
        &mut self,
        reply: Result<&str, String>,
        printed: &str,
    ) -> Result<Verdict, String> {
        self.answer_timed(reply, printed, 0.0)
    }

    /// [`ProtocolGame::answer`], with the time the answer took (milliseconds, as the host
    /// measured it), kept with the decision.
    pub fn answer_timed(
        &mut self,
        reply: Result<&str, String>,
        printed: &str,
        ms: f64,
    ) -> Result<Verdict, String> {
        self.take_question()?;
        if let Ok(v) = &reply {
            self.exchanges.replied(v);
        }
        match self.state {
            State::Setup(seat) => {
                // Going on from a position, the futures already made stay as they are.
                let mut kept = self.start.as_ref().map(|s| s.params.clone());
                let params = kept.as_mut().unwrap_or(&mut self.params);
                let outcome = match (&reply, self.seats[seat].as_mut()) {
                    (Ok(v), Some(p)) => p.take_ready(params, v).map_err(|e| e.to_string()),
                    (Err(e), _) => Err(e.clone()),
                    (_, None) => Err("not an outside seat".into()),
                };
                let (rejected, note) = match outcome {
                    Ok(note) => (None, note),
                    Err(e) => (Some(e), None),
                };
                self.after_setup(seat, rejected.clone().or(note.clone()))?;
                Ok(Verdict {
                    played: if rejected.is_some() { "pass" } else { "ready" }.into(),
                    rejected,
                    note,
                })
            }
            State::Witness(k) => {
                let (at, seat) = self.witness[k];
                if let (Ok(v), Some(p), Some(start), Some((game, _))) = (
                    &reply,
                    self.seats[seat].as_mut(),
                    self.start.as_ref(),
                    self.witnessed.as_ref(),
                ) {
                    // Its state is taken; the move it names was played already, by someone.
                    let _ = p.answer(game, &start.moves[..at], v);
                }
                self.after_witness(k + 1)?;
                Ok(Verdict { played: "witnessed".into(), rejected: None, note: None })
            }
            State::Play => {
                let series = self.series.as_mut().ok_or("the game has not started")?;
                let Actor::Player(seat) = series.current().to_move() else {
                    return Err("nobody is to move".into());
                };
                let seat = usize::from(seat);
                let turn = match (&reply, self.seats[seat].as_mut()) {
                    (Ok(v), Some(p)) => p.answer(series.current(), series.current_moves(), v),
                    (Err(e), _) => Err(e.clone()),
                    (_, None) => Err("not an outside seat".into()),
                };
                match turn {
                    Ok((steps, note)) => {
                        let played = steps
                            .first()
                            .map_or_else(|| "pass".into(), |s| series.current().move_label(s));
                        series.answer_timed(SeriesAnswer::Turn(steps), printed, ms);
                        if let Some(message) = note.as_ref().filter(|_| self.move_notes.len() < 100)
                        {
                            self.move_notes.push(Remark {
                                seat,
                                phase: Phase::Move,
                                message: message.clone(),
                                move_index: None,
                            });
                        }
                        Ok(Verdict { played, rejected: None, note })
                    }
                    Err(why) => {
                        series.answer_timed(SeriesAnswer::Failed(why.clone()), printed, ms);
                        Ok(Verdict { played: "pass".into(), rejected: Some(why), note: None })
                    }
                }
            }
            State::Stop(seat) => {
                self.state = self.outside_from(seat + 1).map_or(State::Over, State::Stop);
                Ok(Verdict { played: "stop".into(), rejected: None, note: None })
            }
            State::Over => Err("the game is over".into()),
        }
    }

    /// The asked seat failed: it crashed, answered garbage or nothing in time (`timeout`).
    /// A failure in setup makes a zombie from the start; in play, `gone` (it crashed, sent
    /// something that is not JSON, its connection closed) makes a zombie from now on, as the
    /// official server did; otherwise the turn is a pass (a timeout counts towards ten).
    pub fn fail(
        &mut self,
        message: &str,
        timeout: bool,
        gone: bool,
        printed: &str,
    ) -> Result<Verdict, String> {
        self.fail_timed(message, timeout, gone, printed, 0.0)
    }

    /// [`ProtocolGame::fail`], with the time the seat was given (milliseconds).
    pub fn fail_timed(
        &mut self,
        message: &str,
        timeout: bool,
        gone: bool,
        printed: &str,
        ms: f64,
    ) -> Result<Verdict, String> {
        self.take_question()?;
        self.exchanges.unanswered();
        let pass = |rejected: String| {
            Ok(Verdict { played: "pass".into(), rejected: Some(rejected), note: None })
        };
        match self.state {
            State::Setup(seat) => {
                // Any failure in setup made a zombie of the punter (even a timeout: the
                // server then read a pass as the "ready" and failed).
                self.zombies[seat] = true;
                let said = format!("a zombie from the start: {message}; it passes for the whole game and is not asked again");
                self.after_setup(seat, Some(said.clone()))?;
                pass(said)
            }
            State::Witness(k) => {
                self.after_witness(k + 1)?;
                Ok(Verdict {
                    played: "witnessed".into(),
                    rejected: Some(message.to_string()),
                    note: None,
                })
            }
            State::Play => {
                let series = self.series.as_mut().ok_or("the game has not started")?;
                let Actor::Player(seat) = series.current().to_move() else {
                    return Err("nobody is to move".into());
                };
                let entrant = seating(self.entrants.len(), 0, self.game, seat);
                let said = if gone {
                    format!("{message}; a zombie from now on, as the official server made it")
                } else {
                    message.to_string()
                };
                series.answer_timed(
                    if timeout {
                        SeriesAnswer::TimedOut(said.clone())
                    } else {
                        SeriesAnswer::Failed(said.clone())
                    },
                    printed,
                    ms,
                );
                if gone {
                    series.make_zombie(entrant);
                }
                pass(said)
            }
            State::Stop(seat) => {
                self.state = self.outside_from(seat + 1).map_or(State::Over, State::Stop);
                Ok(Verdict { played: "stop".into(), rejected: None, note: None })
            }
            State::Over => Err("the game is over".into()),
        }
    }

    fn take_question(&mut self) -> Result<(), String> {
        if matches!(self.state, State::Over) {
            return Err("the game is over".into());
        }
        if !std::mem::replace(&mut self.asked, false) {
            return Err("no question is out: call next() first".into());
        }
        Ok(())
    }

    fn after_setup(&mut self, seat: usize, said: Option<String>) -> Result<(), String> {
        if let Some(message) = said {
            self.setup_remarks.push(Remark {
                seat,
                phase: Phase::Setup,
                message,
                move_index: None,
            });
        }
        match self.outside_from(seat + 1) {
            Some(next) => self.state = State::Setup(next),
            None => self.after_witness(0)?,
        }
        Ok(())
    }

    /// The game as it ends (or stands), and its moves.
    pub fn end(&self) -> Option<(&Punter, &[PunterMove])> {
        let s = self.series.as_ref()?;
        match s.logs().first() {
            Some(log) => Some((&log.end, &log.moves)),
            None => Some((s.current(), s.current_moves())),
        }
    }

    /// What the referee said of the outside seats' answers: setup's, then every move played
    /// as a pass (the series' failures), then notes on moves played though not exact.
    pub fn remarks(&self) -> impl Iterator<Item = Remark> + '_ {
        let moves = self.series.iter().flat_map(|s| s.failures()).map(|f| Remark {
            seat: usize::from(f.seat),
            phase: Phase::Move,
            message: f.message.clone(),
            move_index: Some(f.move_index),
        });
        self.setup_remarks.iter().cloned().chain(moves).chain(self.move_notes.iter().cloned())
    }

    /// The game so far as a share link's record, viewed at its end; `names` label entrants.
    pub fn record(&self, names: &[String]) -> Option<rails::link::GameRecord<Punter>> {
        let series = self.series.as_ref()?;
        Some(match series.logs().first() {
            Some(log) => log.record(self.seed, names),
            None => {
                let players = self
                    .seating()
                    .iter()
                    .map(|&e| names.get(e).cloned().unwrap_or_default())
                    .collect();
                let moves = series.current_moves().to_vec();
                rails::link::GameRecord {
                    params: series.current_params().clone(),
                    seed: self.seed,
                    players,
                    view: moves.len(),
                    moves,
                }
            }
        })
    }
}
