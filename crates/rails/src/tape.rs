//! The replay tape, for every game: a recorded game that can be viewed at any position and
//! extended or cut where it is viewed (the page plays on from any position). Snapshots every
//! `spacing` moves plus replay from the nearest one bound a seek by `spacing` moves whatever the
//! length; a game with an undo history steps back through it. Snapshots of large positions are
//! spaced so that all of them together stay within a memory budget.

use crate::game::{Actor, Game, ReplayError};
use crate::link::{encode_game, GameRecord, LinkParams};

/// Positions between two snapshots, at least.
pub const DEFAULT_SPACING: usize = 64;
/// What all snapshots of one tape may take together.
pub const SNAPSHOT_BUDGET: usize = 64 << 20;

/// Who made a move and in which turn (turns count the changes of the acting seat).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveInfo {
    /// The acting seat (for a chance move, the seat it was made for, if any).
    pub seat: Option<u8>,
    pub chance: bool,
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
    /// An empty tape at the start of a game.
    pub fn start(params: G::Params, seed: u64, players: Vec<String>) -> Result<Tape<G>, G::Error> {
        let game = G::new(&params)?;
        let spacing = DEFAULT_SPACING.max(1);
        let record = GameRecord { params, seed, players, moves: Vec::new(), view: 0 };
        Ok(Tape {
            record,
            info: Vec::new(),
            snapshots: vec![game.clone()],
            spacing,
            cursor: game,
            at: 0,
        })
    }

    /// Plays a whole record once, keeping snapshots; fails at the first illegal move.
    pub fn new(record: GameRecord<G>) -> Result<Tape<G>, ReplayError<G::Error>> {
        let GameRecord { params, seed, players, moves, view } = record;
        let mut tape = Tape::start(params, seed, players)
            .map_err(|error| ReplayError { applied: 0, error })?;
        tape.record.moves.reserve(moves.len());
        for (applied, mv) in moves.into_iter().enumerate() {
            tape.push(mv).map_err(|error| ReplayError { applied, error })?;
        }
        tape.record.view = view;
        Ok(tape)
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

    pub fn moves(&self) -> &[G::Move] {
        &self.record.moves
    }

    pub fn info(&self, i: usize) -> Option<MoveInfo> {
        self.info.get(i).copied()
    }

    /// The position being viewed and how many moves it has.
    pub fn position(&self) -> (usize, &G) {
        (self.at, &self.cursor)
    }

    /// The start of the game.
    pub fn initial(&self) -> &G {
        &self.snapshots[0]
    }

    /// Plays `mv` after the last move (the view moves to the end). On error nothing changes.
    pub fn push(&mut self, mv: G::Move) -> Result<(), G::Error> {
        self.seek(self.len());
        let seat = self.cursor.acting_seat();
        let chance = self.cursor.to_move() == Actor::Chance;
        self.cursor.play(&mv)?;
        let last_seat = self.info.iter().rev().find_map(|i| i.seat);
        let turn = match self.info.last() {
            None => 1,
            Some(prev) if seat.is_some() && last_seat.is_some() && seat != last_seat => {
                prev.turn + 1
            }
            Some(prev) => prev.turn,
        };
        self.info.push(MoveInfo { seat, chance, turn });
        self.record.moves.push(mv);
        self.at += 1;
        if self.at.is_multiple_of(self.spacing) {
            self.snapshots.push(self.cursor.clone());
            if self.snapshots.len() * self.cursor.footprint() > SNAPSHOT_BUDGET {
                self.thin();
            }
        }
        Ok(())
    }

    /// Doubles the spacing, keeping every other snapshot.
    fn thin(&mut self) {
        self.spacing *= 2;
        let kept: Vec<G> = std::mem::take(&mut self.snapshots).into_iter().step_by(2).collect();
        self.snapshots = kept;
    }

    /// Cuts the tape after `t` moves (the view moves there if it was further).
    pub fn truncate(&mut self, t: usize) {
        if t >= self.len() {
            return;
        }
        if self.at > t {
            self.seek(t);
        }
        self.record.moves.truncate(t);
        self.info.truncate(t);
        self.snapshots.truncate(t / self.spacing + 1);
    }

    /// The position after `t` moves (clamped to the length).
    pub fn seek(&mut self, t: usize) -> &G {
        let t = t.min(self.len());
        if t < self.at && self.at - t <= self.spacing {
            while self.at > t && self.cursor.undo() {
                self.at -= 1;
            }
        }
        if t < self.at || t - self.at > self.spacing {
            let base = (t / self.spacing).min(self.snapshots.len() - 1);
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

    /// Who made move `i`: the seat's player name from the record, else "P1", "P2" ….
    fn actor_name(&self, i: usize) -> Option<String> {
        let seat = self.info.get(i)?.seat?;
        Some(
            self.record
                .players
                .get(usize::from(seat))
                .filter(|n| !n.is_empty())
                .cloned()
                .unwrap_or(format!("P{}", seat + 1)),
        )
    }

    /// "turn 3 · P2 · hold · 17 banked": the label of move `i`, with its turn and who made it
    /// (player names when the record has them). The position viewed stays where it was.
    pub fn label(&mut self, i: usize) -> Option<String> {
        let back = self.at;
        let label = self.label_walking(i);
        self.seek(back);
        label
    }

    /// Labels of moves `from..to` (one walk forward; the position viewed stays where it was).
    pub fn labels(&mut self, from: usize, to: usize) -> Vec<String> {
        let back = self.at;
        let labels = (from..to.min(self.len())).filter_map(|i| self.label_walking(i)).collect();
        self.seek(back);
        labels
    }

    /// The label of move `i`, leaving the view just before it.
    fn label_walking(&mut self, i: usize) -> Option<String> {
        let info = self.info(i)?;
        let mv = self.record.moves.get(i)?.clone();
        let text = self.seek(i).move_label(&mv);
        if self.cursor.seats() < 2 {
            return Some(text);
        }
        Some(match self.actor_name(i) {
            Some(who) => format!("turn {} · {who} · {text}", info.turn),
            None => format!("turn {} · {text}", info.turn),
        })
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

    /// The record of the game up to move `t` only (the moves after it left out), viewed there:
    /// where a game forks ("continue from here").
    pub fn fork(&self, t: usize) -> GameRecord<G> {
        let t = t.min(self.len());
        GameRecord {
            params: self.record.params.clone(),
            seed: self.record.seed,
            players: self.record.players.clone(),
            moves: self.record.moves[..t].to_vec(),
            view: t,
        }
    }
}
