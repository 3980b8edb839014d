//! The undo log: one record per step, and what the steps changed kept in ring buffers shared
//! by all of them (the cells the robot changed, the rows and masks of the map updates), so a
//! step allocates nothing once the buffers have grown. Old steps are forgotten from the front
//! when the log holds more than its limit.

use super::change::MapChange;
use super::Status;
use crate::lifter::cell::Cell;
use std::collections::VecDeque;

/// Undo keeps at most this many entries in all (changed cells and words of update masks, 8
/// bytes each: about 32 MB); older steps are forgotten (on large1, where 126,000 rocks fall
/// each step, that still leaves about 86 steps).
pub(super) const HISTORY_LIMIT: usize = 4_000_000;

/// Mask words from which the log grows straight to its limit instead of doubling (a doubling
/// of a large buffer copies it all in one step).
const LARGE: usize = 1 << 16;

/// One step: the counters before it and how many entries it added to each buffer.
#[derive(Clone, Copy, Debug)]
struct Record {
    before: Status,
    cells: u32,
    rows: u32,
    masks: u32,
}

#[derive(Debug)]
pub(super) struct History {
    steps: VecDeque<Record>,
    /// Cells changed by the robot (and the lift opening): (index, previous content), in the
    /// order they were changed.
    cells: VecDeque<(u32, Cell)>,
    /// The rows of the map updates, each with the masks it has (bit j for mask j).
    rows: VecDeque<(u32, u8)>,
    masks: VecDeque<u64>,
    /// Where the step being played starts in `cells`, `rows` and `masks`.
    open: (usize, usize, usize),
    /// The most entries (cells and mask words) kept.
    pub limit: usize,
}

impl Default for History {
    fn default() -> History {
        History {
            steps: VecDeque::new(),
            cells: VecDeque::new(),
            rows: VecDeque::new(),
            masks: VecDeque::new(),
            open: (0, 0, 0),
            limit: HISTORY_LIMIT,
        }
    }
}

/// What one step changed, as the log holds it.
pub(super) struct Step<'a> {
    pub before: Status,
    /// The robot's changed cells (index, previous content), in the order they were changed.
    pub cells: std::collections::vec_deque::Iter<'a, (u32, Cell)>,
    /// The map update, which came after the robot's changes.
    pub update: MapChange<'a>,
}

impl History {
    /// Starts the log of a new step.
    #[inline]
    pub fn begin(&mut self) {
        if self.steps.capacity() == 0 {
            // Room for the first steps of a game on an official map at once (growing a ring
            // buffer by doubling from 4 entries costs an allocation and a copy each time).
            self.steps.reserve(64);
            self.cells.reserve(192);
            self.rows.reserve(128);
            self.masks.reserve(256);
        }
        self.open = (self.cells.len(), self.rows.len(), self.masks.len());
    }

    #[inline]
    pub fn cell(&mut self, i: u32, old: Cell) {
        self.cells.push_back((i, old));
    }

    /// Adds row `r` of the open step's map update given all its masks (`MASKS` rows of
    /// words) and which of them are not zero (bit j for mask j); nothing when none is.
    pub fn push_row(&mut self, r: usize, all: &[u64], wpr: usize, present: u8) {
        if present == 0 {
            return;
        }
        let need = present.count_ones() as usize * wpr;
        if self.masks.len() + need > self.masks.capacity() && self.masks.capacity() >= LARGE {
            self.masks.reserve(self.limit.max(self.masks.len() + need) - self.masks.len());
        }
        for (j, mask) in all.chunks_exact(wpr).enumerate() {
            if present >> j & 1 == 1 {
                self.masks.extend(mask);
            }
        }
        self.rows.push_back((r as u32, present));
    }

    /// The map update of the open step so far.
    pub fn open_update(&self) -> MapChange<'_> {
        MapChange::new(self.rows.range(self.open.1..), &self.masks, self.open.2)
    }

    /// Closes the open step; forgets the oldest steps while the log holds more than its limit.
    pub fn commit(&mut self, before: Status) {
        let (c, r, m) = self.open;
        let count = |n: usize, from: usize| (n - from) as u32;
        let record =
            Record { before, cells: count(self.cells.len(), c), rows: count(self.rows.len(), r), masks: count(self.masks.len(), m) };
        self.steps.push_back(record);
        while self.cells.len() + self.masks.len() > self.limit && self.steps.len() > 1 {
            if let Some(old) = self.steps.pop_front() {
                self.cells.drain(..old.cells as usize);
                self.rows.drain(..old.rows as usize);
                self.masks.drain(..old.masks as usize);
            }
        }
    }

    /// The last step.
    pub fn last(&self) -> Option<Step<'_>> {
        let record = self.steps.back()?;
        let from = |n: usize, k: u32| n - k as usize;
        Some(Step {
            before: record.before,
            cells: self.cells.range(from(self.cells.len(), record.cells)..),
            update: MapChange::new(
                self.rows.range(from(self.rows.len(), record.rows)..),
                &self.masks,
                from(self.masks.len(), record.masks),
            ),
        })
    }

    /// Forgets the last step.
    pub fn pop(&mut self) {
        if let Some(record) = self.steps.pop_back() {
            self.cells.truncate(self.cells.len() - record.cells as usize);
            self.rows.truncate(self.rows.len() - record.rows as usize);
            self.masks.truncate(self.masks.len() - record.masks as usize);
        }
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn clear(&mut self) {
        self.steps.clear();
        self.cells.clear();
        self.rows.clear();
        self.masks.clear();
        self.open = (0, 0, 0);
    }

    /// An empty log with the same limit (what a copy of the position starts with).
    pub fn fresh(&self) -> History {
        History { limit: self.limit, ..History::default() }
    }
}
