//! The undo log: one record per step, and what the steps changed as words in one ring buffer
//! shared by all of them, so a step allocates nothing once the buffer has grown. A step's
//! words, in the order they were made: the cells the robot changed (index and previous
//! content, a word each), the map update (per row a header word — row and masks present —
//! then its masks, `MASKS` at most, a row of words each), the cells the lift opening changed.
//! Old steps are forgotten from the front when the log holds more words than its limit.

use super::change::{MapChange, MASKS};
use super::Status;
use crate::cell::Cell;
use std::collections::VecDeque;

/// Undo keeps at most this many words in all (changed cells and update masks, 8 bytes each:
/// about 32 MB); older steps are forgotten (on large1, where 126,000 rocks fall each step,
/// that still leaves about 86 steps).
pub(super) const HISTORY_LIMIT: usize = 4_000_000;

/// Words from which the log grows straight to its limit instead of doubling (a doubling of a
/// large buffer copies it all in one step).
const LARGE: usize = 1 << 16;

/// One step: the counters before it and how many words each part added.
#[derive(Clone, Copy, Debug)]
struct Record {
    before: Status,
    robot: u32,
    rows: u32,
    update: u32,
    lift: u32,
}

#[derive(Debug)]
pub(super) struct History {
    steps: VecDeque<Record>,
    words: VecDeque<u64>,
    /// The step being played: where it starts in `words`, where its update starts and ends
    /// (None before the update), and the rows of its update so far.
    open: (usize, Option<(usize, usize)>, u32),
    /// The most words kept.
    pub limit: usize,
}

impl Default for History {
    fn default() -> History {
        History {
            steps: VecDeque::new(),
            words: VecDeque::new(),
            open: (0, None, 0),
            limit: HISTORY_LIMIT,
        }
    }
}

/// What one step changed, as the log holds it.
pub(super) struct Step<'a> {
    pub before: Status,
    /// The cells the robot changed: (index, previous content), in the order they changed.
    pub robot: Cells<'a>,
    /// The map update, which came after the robot's changes.
    pub update: MapChange<'a>,
    /// The cells the lift opening changed, after the update.
    pub lift: Cells<'a>,
}

/// Changed cells in the log: (index, previous content).
pub(super) type Cells<'a> =
    std::iter::Map<std::collections::vec_deque::Iter<'a, u64>, fn(&u64) -> (u32, Cell)>;

fn cells(words: std::collections::vec_deque::Iter<'_, u64>) -> Cells<'_> {
    words.map(|&w| ((w >> 8) as u32, Cell::from_code(w as u8).unwrap_or(Cell::Wall)))
}

impl History {
    /// Starts the log of a new step.
    #[inline]
    pub fn begin(&mut self) {
        if self.steps.capacity() == 0 {
            // Room for the first steps at once (growing a ring buffer by doubling from 4
            // entries costs an allocation and a copy each time), in blocks of at most 1 KB
            // (the allocator's fast path).
            self.steps.reserve(16);
            self.words.reserve(128);
        }
        self.open = (self.words.len(), None, 0);
    }

    /// Logs the previous content of cell `i`.
    #[inline]
    pub fn cell(&mut self, i: u32, old: Cell) {
        self.words.push_back(u64::from(i) << 8 | u64::from(old.code()));
    }

    /// Marks where the map update of the open step starts (the cells logged after it are the
    /// lift's).
    #[inline]
    pub fn begin_update(&mut self) {
        self.open.1 = Some((self.words.len(), self.words.len()));
    }

    /// Adds row `r` of the open step's map update given all its masks (`MASKS` rows of
    /// words) and which of them are not zero (bit j for mask j); nothing when none is.
    pub fn push_row(&mut self, r: usize, all: &[u64], wpr: usize, present: u8) {
        if present == 0 {
            return;
        }
        let need = 1 + present.count_ones() as usize * wpr;
        if self.words.len() + need > self.words.capacity() && self.words.capacity() >= LARGE {
            self.words.reserve(self.limit.max(self.words.len() + need) - self.words.len());
        }
        let header = (r as u64) << 8 | u64::from(present);
        if let &[a, b, c, d, e, f, g, h] = all {
            // One word per row: the header and the masks present in one copy.
            let mut row = [header; 1 + MASKS];
            let mut n = 1;
            for (j, m) in [a, b, c, d, e, f, g, h].into_iter().enumerate() {
                row[n] = m;
                n += usize::from(present >> j & 1 == 1);
            }
            self.words.extend(&row[..n]);
        } else {
            self.words.push_back(header);
            for (j, mask) in all.chunks_exact(wpr).enumerate() {
                if present >> j & 1 == 1 {
                    self.words.extend(mask);
                }
            }
        }
        self.open.2 += 1;
        if let Some((_, end)) = &mut self.open.1 {
            *end = self.words.len();
        }
    }

    /// The map update of the open step so far.
    pub fn open_update(&self) -> MapChange<'_> {
        let first = self.open.1.map_or(self.words.len(), |(from, _)| from);
        MapChange::new(&self.words, first, self.open.2)
    }

    /// Closes the open step; forgets the oldest steps while the log holds more than its limit.
    pub fn commit(&mut self, before: Status) {
        let (start, update, rows) = self.open;
        let end = self.words.len();
        let (update, lift) = update.unwrap_or((end, end));
        let count = |a: usize, b: usize| (b - a) as u32;
        self.steps.push_back(Record {
            before,
            robot: count(start, update),
            rows,
            update: count(update, lift),
            lift: count(lift, end),
        });
        while self.words.len() > self.limit && self.steps.len() > 1 {
            if let Some(old) = self.steps.pop_front() {
                self.words.drain(..(old.robot + old.update + old.lift) as usize);
            }
        }
    }

    /// The last step.
    pub fn last(&self) -> Option<Step<'_>> {
        let record = self.steps.back()?;
        let end = self.words.len();
        let lift = end - record.lift as usize;
        let update = lift - record.update as usize;
        let robot = update - record.robot as usize;
        Some(Step {
            before: record.before,
            robot: cells(self.words.range(robot..update)),
            update: MapChange::new(&self.words, update, record.rows),
            lift: cells(self.words.range(lift..end)),
        })
    }

    /// Forgets the last step.
    pub fn pop(&mut self) {
        if let Some(r) = self.steps.pop_back() {
            self.words.truncate(self.words.len() - (r.robot + r.update + r.lift) as usize);
        }
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn clear(&mut self) {
        self.steps.clear();
        self.words.clear();
        self.open = (0, None, 0);
    }

    /// An empty log with the same limit (what a copy of the position starts with).
    pub fn fresh(&self) -> History {
        History { limit: self.limit, ..History::default() }
    }
}
