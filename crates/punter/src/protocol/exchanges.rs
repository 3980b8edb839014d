//! What the outside punters of a game were sent and answered, message by message, so that a
//! replay's inspector shows a bot's view exactly as it received it (its own offline `"state"`
//! included) and a re-run of its code can be handed the same messages again; and the turns a
//! punter taking over at a recorded position is told of first.

use super::*;

/// Most bytes of messages and replies kept per game; past it, later exchanges are not kept
/// (and [`Exchanges::cut`] says so). A game's messages are small (the last move of every
/// punter) unless a bot's state is large.
pub const MAX_EXCHANGE_BYTES: usize = 4 << 20;

/// One question to an outside punter and its reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    pub seat: usize,
    pub phase: Phase,
    /// Index in the game's moves of the position the message was written at.
    pub move_index: usize,
    /// Asked before the game went on from a recorded position, to tell a punter taking over
    /// of a turn of its seat played before: its answer was not played.
    pub witness: bool,
    /// The message; `None` for the setup message, which holds the whole map and is written
    /// again from the game's parameters when needed.
    pub message: Option<String>,
    /// The reply as the punter sent it; `None` when it failed (or is still awaited).
    pub reply: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Exchanges {
    list: Vec<Exchange>,
    bytes: usize,
    cut: bool,
    /// The last exchange kept awaits its reply.
    awaiting: bool,
}

impl Exchanges {
    pub fn all(&self) -> &[Exchange] {
        &self.list
    }
    /// True when some exchanges were not kept ([`MAX_EXCHANGE_BYTES`]).
    pub fn cut(&self) -> bool {
        self.cut
    }

    pub(super) fn asked(
        &mut self,
        seat: usize,
        phase: Phase,
        move_index: usize,
        witness: bool,
        message: Option<&str>,
    ) {
        let size = message.map_or(0, str::len);
        if self.cut || self.bytes + size > MAX_EXCHANGE_BYTES {
            self.cut = true;
            return;
        }
        self.bytes += size;
        self.awaiting = true;
        self.list.push(Exchange {
            seat,
            phase,
            move_index,
            witness,
            message: message.map(str::to_string),
            reply: None,
        });
    }

    /// The reply to the last question asked (not kept when it would pass the limit, nor for a
    /// question not kept: a stop message's).
    pub(super) fn replied(&mut self, reply: &str) {
        if self.cut || !std::mem::replace(&mut self.awaiting, false) {
            return;
        }
        if self.bytes + reply.len() > MAX_EXCHANGE_BYTES {
            self.cut = true;
            return;
        }
        if let Some(last) = self.list.last_mut() {
            self.bytes += reply.len();
            last.reply = Some(reply.to_string());
        }
    }

    /// The last question asked was not answered (its reply stays `None`).
    pub(super) fn unanswered(&mut self) {
        self.awaiting = false;
    }
}

/// Where each turn of `moves` starts: (index of its first move, the punter whose turn it is).
/// A splurge is several moves of one turn; every other move ends its turn.
pub fn turn_starts(moves: &[PunterMove], punters: usize) -> Vec<(usize, usize)> {
    let mut starts = Vec::new();
    let mut turn = 0;
    for i in 0..moves.len() {
        if i == 0 || !matches!(moves[i - 1], PunterMove::SplurgeTo(_)) {
            starts.push((i, turn % punters.max(1)));
            turn += 1;
        }
    }
    starts
}
