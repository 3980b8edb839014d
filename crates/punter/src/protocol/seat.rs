//! A punter that speaks the official protocol from outside the engine (a JavaScript bot in the
//! page, a contestant's program), as one seat of a series (`arena::Series`): the messages it
//! receives are written from the game and the moves played so far, and its answers are read
//! into the rails moves of its turn. The series keeps the turn order, the clock's verdicts
//! (timeouts, zombies) and the fallback (a pass); this keeps what the server kept per punter —
//! its offline state and the last turn it heard of — with the official server's conventions:
//! the request holds each punter's most recent move as played (a pass for one
//! that has not moved, moves turned into passes reported as passes), the stop message only
//! the moves made since the punter last answered, and the answer's "punter" field is not
//! checked.

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub struct ProtocolSeat {
    punter: usize,
    state: Option<OfflineState>,
    /// Turns played when it last answered.
    heard: Option<usize>,
}

impl ProtocolSeat {
    pub fn new(punter: usize) -> ProtocolSeat {
        ProtocolSeat { punter, state: None, heard: None }
    }

    pub fn punter(&self) -> usize {
        self.punter
    }

    /// The setup message: its id, the number of punters, the map as the official server sent
    /// it (no coordinates) and the settings.
    pub fn setup(&self, params: &PunterParams) -> Setup {
        Setup {
            punter: self.punter as u64,
            punters: params.punters as u64,
            map: setup_map_json(&params.map),
            settings: Some(params.settings),
        }
    }

    /// Takes its answer to the setup: its state, and its futures bids into `params` when
    /// futures are on. A "ready" naming another punter is accepted, as the server did; the
    /// note says so.
    pub fn take_ready(
        &mut self,
        params: &mut PunterParams,
        reply: &str,
    ) -> Result<Option<String>, ProtocolError> {
        let ready = Ready::parse(reply)?;
        self.state = ready.state;
        if params.settings.futures {
            if let Some(bids) = ready.futures {
                params.futures.resize(params.punters.max(self.punter + 1), Vec::new());
                params.futures[self.punter] = bids;
            }
        }
        let p = self.punter;
        Ok((ready.punter != p as u64).then(|| format!("\"ready\": {} names another punter (this bot is punter {p}); accepted, as the official server did", ready.punter)))
    }

    /// Every punter's most recent turn (by id) among the turns `keep` accepts (punter, turn).
    fn last_moves(
        game: &Punter,
        moves: &[PunterMove],
        keep: impl Fn(usize, usize) -> bool,
    ) -> Vec<ProtocolMove> {
        let n = game.game().punters().max(1);
        let turns = group_turns(game.game().map(), moves).unwrap_or_default();
        (0..n)
            .map(|q| {
                let last = (0..turns.len()).rev().find(|&t| t % n == q && keep(q, t));
                last.map_or_else(
                    || ProtocolMove::pass(q),
                    |t| ProtocolMove::new(q, turns[t].clone()),
                )
            })
            .collect()
    }

    /// The move request's text, with its state (spliced in, not copied into a message first).
    pub fn move_request_text(&self, game: &Punter, moves: &[PunterMove]) -> String {
        let body = MoveRequest { moves: Self::last_moves(game, moves, |_, _| true), state: None }
            .body_json();
        text_with_state(&body, &self.state)
    }

    /// Its answer on its turn: the rails moves of the turn with a note when the answer names
    /// another punter (played for this one all the same, as the server did), or why it is
    /// played as a pass (malformed: the state is kept; illegal: the new state is taken, as the
    /// server did).
    pub fn answer(
        &mut self,
        game: &Punter,
        moves: &[PunterMove],
        reply: &str,
    ) -> Result<(Vec<PunterMove>, Option<String>), String> {
        self.heard = group_turns(game.game().map(), moves).map(|t| t.len());
        let answer = Answer::parse(reply).map_err(|e| format!("malformed answer: {e}"))?;
        self.state = answer.state;
        let (p, named) = (self.punter, answer.mv.punter);
        let note = (named != p as u64).then(|| format!("the move names punter {named} (this bot is punter {p}); played for punter {p}, as the official server did"));
        let mv = answer.mv.mv;
        let steps = game
            .game()
            .check_move(&mv)
            .and_then(|()| to_punter_moves(game.game().map(), &mv))
            .map_err(|why| format!("illegal move: {why}"))?;
        Ok((steps, note))
    }

    /// The stop message: the moves it has not been told of, the scores and its state.
    pub fn stop(&self, game: &Punter, moves: &[PunterMove]) -> Stop {
        let (p, heard) = (self.punter, self.heard);
        let moves =
            Self::last_moves(game, moves, |q, turn| q != p && heard.is_none_or(|h| turn >= h));
        let scores = game
            .game()
            .scores()
            .iter()
            .enumerate()
            .map(|(q, &score)| Score { punter: q as u64, score })
            .collect();
        Stop { moves, scores, state: self.state.clone() }
    }
}
