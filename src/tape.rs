//! The replay tape, for every game: a recorded game that can be viewed at any position.
//! Snapshots every `spacing` moves plus replay from the nearest one make a seek cost at most
//! `spacing` moves, whatever the length of the game; moving one step forward costs one move.

use crate::game::{Actor, Game, ReplayError};
use crate::link::{encode_game, GameRecord, LinkParams};

/// Positions between two snapshots unless the game asks for more ([`Tape::with_spacing`]).
pub const DEFAULT_SPACING: usize = 64;

/// Who made a move and in which turn (turns count the changes of the seat to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveInfo {
    /// `None` for a chance move.
    pub seat: Option<u8>,
    /// 1-based.
    pub turn: u32,
}

#[derive(Debug, Clone)]
pub struct Tape<G: Game> {
    record: GameRecord<G>,
    info: Vec<MoveInfo>,
    /// `snapshots[i]` is the position after `i * spacing` moves.
    snapshots: Vec<G>,
    spacing: usize,
    cursor: G,
    at: usize,
}

impl<G: Game> Tape<G> {
    /// Plays the record once, keeping snapshots; fails at the first illegal move.
    pub fn new(record: GameRecord<G>) -> Result<Tape<G>, ReplayError<G::Error>> {
        Tape::with_spacing(record, DEFAULT_SPACING)
    }

    pub fn with_spacing(record: GameRecord<G>, spacing: usize) -> Result<Tape<G>, ReplayError<G::Error>> {
        let spacing = spacing.max(1);
        let mut game = G::new(&record.params).map_err(|error| ReplayError { applied: 0, error })?;
        let mut snapshots = vec![game.clone()];
        let mut info = Vec::with_capacity(record.moves.len());
        let (mut turn, mut last_seat) = (0u32, None);
        for (applied, mv) in record.moves.iter().enumerate() {
            let seat = match game.to_move() {
                Actor::Player(s) => Some(s),
                _ => None,
            };
            if turn == 0 || (seat.is_some() && seat != last_seat) {
                turn += 1;
            }
            if seat.is_some() {
                last_seat = seat;
            }
            info.push(MoveInfo { seat, turn });
            game.play(mv).map_err(|error| ReplayError { applied, error })?;
            if (applied + 1) % spacing == 0 {
                snapshots.push(game.clone());
            }
        }
        let at = record.moves.len();
        Ok(Tape { record, info, snapshots, spacing, cursor: game, at })
    }

    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    pub fn record(&self) -> &GameRecord<G> {
        &self.record
    }

    pub fn info(&self, i: usize) -> Option<MoveInfo> {
        self.info.get(i).copied()
    }

    /// The position being viewed and how many moves it has.
    pub fn position(&self) -> (usize, &G) {
        (self.at, &self.cursor)
    }

    /// The position after `t` moves (clamped to the length).
    pub fn seek(&mut self, t: usize) -> &G {
        let t = t.min(self.len());
        if t < self.at || t - self.at > self.spacing {
            let base = t / self.spacing;
            self.cursor = self.snapshots[base].clone();
            self.at = base * self.spacing;
        }
        while self.at < t {
            // Every move on the tape was legal when it was recorded.
            if self.cursor.play(&self.record.moves[self.at]).is_err() {
                break;
            }
            self.at += 1;
        }
        &self.cursor
    }

    /// "turn 3 · P2 · hold": the label of move `i`, with its seat and turn.
    pub fn label(&mut self, i: usize) -> Option<String> {
        let info = self.info(i)?;
        let mv = self.record.moves.get(i)?.clone();
        let text = self.seek(i).move_label(&mv);
        Some(match info.seat {
            Some(s) if self.cursor.seats() > 1 => format!("turn {} · P{} · {text}", info.turn, s + 1),
            _ if self.cursor.seats() > 1 => format!("turn {} · {text}", info.turn),
            _ => text,
        })
    }

    /// Labels of moves `from..to` (one walk forward).
    pub fn labels(&mut self, from: usize, to: usize) -> Vec<String> {
        (from..to.min(self.len())).filter_map(|i| self.label(i)).collect()
    }

    /// A share link of the game viewed after `view` moves.
    pub fn link(&self, view: usize) -> String
    where
        G::Params: LinkParams,
    {
        let record = GameRecord { view: view.min(self.len()), ..self.record.clone() };
        // The tape only holds moves that were played, so encoding cannot fail.
        encode_game(&record).unwrap_or_default()
    }
}
