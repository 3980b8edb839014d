//! The messages a bot receives during a game, and the application of its answers.

use super::*;

// ---------------------------------------------------------------------------------------------
// Referee

/// Why an answer was played as a pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejected {
    /// A well-formed move the rules do not allow now.
    Illegal(Illegal),
    /// Not a move: invalid JSON or the wrong shape.
    Malformed(ProtocolError),
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejected::Illegal(why) => write!(f, "illegal move: {why}"),
            Rejected::Malformed(e) => write!(f, "malformed answer: {e}"),
        }
    }
}

/// What one answer did.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The punter whose turn it was (the mover, whatever the answer's "punter" says).
    pub punter: usize,
    /// The move as the bot wrote it, if it could be read.
    pub sent: Option<ProtocolMove>,
    /// The move as played: the sent one, or a pass.
    pub played: Move,
    /// Why the answer was played as a pass.
    pub rejected: Option<Rejected>,
    /// The rails moves played for this turn (for a tape or a link).
    pub steps: Vec<PunterMove>,
}

impl Answered {
    /// Whether the answer's "punter" field named someone other than the mover.
    pub fn confused(&self) -> bool {
        self.sent.as_ref().is_some_and(|m| m.punter != self.punter as u64)
    }
}

/// The server's side of a game of [`Punter`] for bots that speak the protocol, without I/O:
/// it writes the messages each bot receives and applies their answers.
///
/// As the official server did:
/// * the mover is whoever's turn it is; an answer's "punter" field is not checked (the task:
///   "the server will record when a punter is confused about their identity, but otherwise
///   ignore this confusion"). [`Answered::confused`] records it; the messages other bots get
///   name the mover.
/// * an illegal move of any kind is a pass (a splurge is never partly applied); so is a
///   malformed answer, with the parse error as the reason (the server made a punter with a
///   garbage reply a zombie at once: [`Referee::set_garbage_makes_zombie`]).
/// * the move request holds, for each punter in id order, its most recent move as played (a
///   pass for one that has not moved yet); moves that were turned into passes are reported as
///   passes.
/// * the stop message (task 1.3) converts into passes the punter's own last move and every move
///   already reported to it; only the moves made since its last answered request stay.
/// * offline state: the `state` of a punter's `ready` and of each answer comes back in its next
///   message (an answer without one clears it; a malformed answer keeps the previous one).
/// * timeouts: [`Referee::time_out`] passes for the mover and counts it; after
///   [`ZOMBIE_AFTER`] in all the punter is a zombie that passes every turn. Moves missed by
///   timing out are not accumulated into longer move lists (the offline server did that); the
///   request always has one move per punter.
#[derive(Debug, Clone)]
pub struct Referee {
    params: PunterParams,
    game: Punter,
    /// Per punter: its most recent move as played, and the turn it was played in.
    last: Vec<Option<(usize, Move)>>,
    /// Per punter: the last turn on which it answered.
    heard: Vec<Option<usize>>,
    states: Vec<Option<Value>>,
    timeouts: Vec<u32>,
    zombie: Vec<bool>,
    garbage_makes_zombie: bool,
}

impl Referee {
    /// A referee for a new game (futures from `params`, replaced by those of `ready` answers).
    pub fn new(params: PunterParams) -> Result<Referee, Illegal> {
        let game = Punter::new(&params)?;
        let n = game.game().punters();
        Ok(Referee {
            params,
            game,
            last: vec![None; n],
            heard: vec![None; n],
            states: vec![None; n],
            timeouts: vec![0; n],
            zombie: vec![false; n],
            garbage_makes_zombie: false,
        })
    }

    /// Makes a malformed answer turn its punter into a zombie, as the official server did.
    pub fn set_garbage_makes_zombie(&mut self, on: bool) {
        self.garbage_makes_zombie = on;
    }

    pub fn game(&self) -> &Punter {
        &self.game
    }
    pub fn params(&self) -> &PunterParams {
        &self.params
    }
    pub fn punters(&self) -> usize {
        self.game.game().punters()
    }
    pub fn is_over(&self) -> bool {
        self.game.game().is_over()
    }
    /// The punter whose turn it is, `None` once the game is over.
    pub fn mover(&self) -> Option<usize> {
        (!self.is_over()).then(|| self.game.game().mover())
    }
    pub fn is_zombie(&self, p: usize) -> bool {
        self.zombie.get(p).copied().unwrap_or(false)
    }
    pub fn timeouts(&self, p: usize) -> u32 {
        self.timeouts.get(p).copied().unwrap_or(0)
    }
    /// The state the punter last gave (offline mode).
    pub fn state(&self, p: usize) -> Option<&Value> {
        self.states.get(p).and_then(Option::as_ref)
    }

    /// The handshake answer to `{"me": name}`.
    pub fn handshake(me: &Value) -> Result<You, ProtocolError> {
        Me::from_json(me).map(|m| You { name: m.name })
    }

    /// The setup message for punter `p`: its id, the number of punters, the map in the official
    /// shape and the settings.
    pub fn setup_for(&self, p: usize) -> Setup {
        Setup {
            punter: p as u64,
            punters: self.punters() as u64,
            map: map_json(self.game.game().map()),
            settings: Some(self.params.settings),
        }
    }

    /// Takes punter `p`'s answer to the setup: its state, and its futures when futures are on
    /// (the game is set up again with them; the engine drops bids the server ignored). Only
    /// before the first move. A "ready" naming another punter is accepted, like a confused
    /// "punter" field.
    pub fn take_ready(&mut self, p: usize, reply: &Value) -> Result<Ready, ProtocolError> {
        if self.game.game().turn() > 0 {
            return Err(ProtocolError::OutOfTurn { message: "a \"ready\" after the game has begun".into() });
        }
        if p >= self.punters() {
            return Err(ProtocolError::OutOfTurn { message: format!("there is no punter {p}") });
        }
        let ready = Ready::from_json(reply)?;
        self.states[p] = ready.state.clone();
        if self.params.settings.futures {
            if let Some(bids) = &ready.futures {
                if self.params.futures.len() < self.punters() {
                    self.params.futures.resize(self.punters(), Vec::new());
                }
                self.params.futures[p] = bids.clone();
                self.game = Punter::new(&self.params).map_err(|e| ProtocolError::OutOfTurn { message: e.to_string() })?;
            }
        }
        Ok(ready)
    }

    /// The most recent move of every punter, in id order (a pass for one that has not moved).
    fn last_moves(&self, keep: impl Fn(usize, usize) -> bool) -> Vec<ProtocolMove> {
        (0..self.punters())
            .map(|q| match &self.last[q] {
                Some((turn, mv)) if keep(q, *turn) => ProtocolMove::new(q, mv.clone()),
                _ => ProtocolMove::pass(q),
            })
            .collect()
    }

    /// The move request for punter `p` (normally the mover), with its state.
    pub fn move_for(&self, p: usize) -> MoveRequest {
        MoveRequest { moves: self.last_moves(|_, _| true), state: self.states.get(p).cloned().flatten() }
    }

    /// The stop message for punter `p`: the moves it has not been told of, the final scores (or
    /// the scores so far, if asked before the end) and its state.
    pub fn stop_for(&self, p: usize) -> Stop {
        let heard = self.heard.get(p).copied().flatten();
        let moves = self.last_moves(|q, turn| q != p && heard.is_none_or(|h| turn > h));
        let scores = self.game.game().scores().iter().enumerate().map(|(q, &score)| Score { punter: q as u64, score }).collect();
        Stop { moves, scores, state: self.states.get(p).cloned().flatten() }
    }

    /// Applies the mover's answer, given as JSON text (without the `n:` prefix).
    pub fn answer_text(&mut self, reply: &str) -> Result<Answered, ProtocolError> {
        match serde_json::from_str::<Value>(reply) {
            Ok(v) => self.answer(&v),
            Err(e) => self.answer_parsed(Err(json_error(&e, None))),
        }
    }

    /// Applies the mover's answer. Errors only when the game is over; an illegal or malformed
    /// answer is played as a pass (see [`Answered::rejected`]).
    pub fn answer(&mut self, reply: &Value) -> Result<Answered, ProtocolError> {
        self.answer_parsed(Answer::from_json(reply))
    }

    fn answer_parsed(&mut self, parsed: Result<Answer, ProtocolError>) -> Result<Answered, ProtocolError> {
        let Some(p) = self.mover() else {
            return Err(ProtocolError::OutOfTurn { message: "an answer after the game is over".into() });
        };
        let turn = self.game.game().turn();
        self.heard[p] = Some(turn);
        let (sent, outcome) = match parsed {
            Ok(answer) => {
                self.states[p] = answer.state;
                let outcome = self.apply(p, &answer.mv.mv);
                (Some(answer.mv), outcome)
            }
            Err(e) => {
                if self.garbage_makes_zombie {
                    self.zombie[p] = true;
                }
                let (played, _, steps) = self.apply(p, &Move::Pass);
                (None, (played, Some(Rejected::Malformed(e)), steps))
            }
        };
        let (played, rejected, steps) = outcome;
        self.last[p] = Some((turn, played.clone()));
        Ok(Answered { punter: p, sent, played, rejected, steps })
    }

    /// Plays `mv` for the mover `p`, or a pass with the reason.
    fn apply(&mut self, p: usize, mv: &Move) -> (Move, Option<Rejected>, Vec<PunterMove>) {
        let checked = if self.zombie[p] && *mv != Move::Pass {
            Err(Illegal::Zombie)
        } else {
            self.game.game().check_move(mv).and_then(|()| to_punter_moves(self.game.game().map(), mv))
        };
        let steps = match checked {
            Ok(steps) => steps,
            Err(why) => return (Move::Pass, Some(Rejected::Illegal(why)), self.pass()),
        };
        for (i, step) in steps.iter().enumerate() {
            if let Err(why) = self.game.play(step) {
                // The whole move was checked, so a step cannot fail; if one did, the turn is a
                // pass (which abandons a splurge being made).
                let mut played = steps[..i].to_vec();
                played.extend(self.pass());
                return (Move::Pass, Some(Rejected::Illegal(why)), played);
            }
        }
        (mv.clone(), None, steps)
    }

    fn pass(&mut self) -> Vec<PunterMove> {
        match self.game.play(&PunterMove::Pass) {
            Ok(()) => vec![PunterMove::Pass],
            Err(_) => Vec::new(),
        }
    }

    /// The mover did not answer in time (or is a zombie): a pass. A timeout counts towards
    /// becoming a zombie; a zombie's turn does not count. Returns the punter, `None` once the
    /// game is over.
    pub fn time_out(&mut self) -> Option<usize> {
        let p = self.mover()?;
        let turn = self.game.game().turn();
        self.pass();
        self.last[p] = Some((turn, Move::Pass));
        if !self.zombie[p] {
            self.timeouts[p] += 1;
            if self.timeouts[p] >= ZOMBIE_AFTER {
                self.zombie[p] = true;
            }
        }
        Some(p)
    }

    /// Makes `p` a zombie at once (a crash, or a punter that never became ready), as the
    /// official server did: it passes for the rest of the game and is not asked again.
    pub fn make_zombie(&mut self, p: usize) {
        if let Some(z) = self.zombie.get_mut(p) {
            *z = true;
        }
    }

    /// The online notice of a timeout.
    pub fn timeout_notice(seconds: f64) -> TimeoutNotice {
        TimeoutNotice { seconds }
    }

    /// Final scores by punter (the scores so far before the end).
    pub fn scores(&self) -> Vec<i64> {
        self.game.game().scores()
    }
}
