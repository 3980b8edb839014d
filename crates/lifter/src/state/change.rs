//! One map update kept as masks over the rows it changed: the rocks that left (by direction,
//! and which of them were higher-order) and what arrived in empty cells. That is all undo
//! needs, and the rock moves for animation follow from it, so an update that moves 100,000
//! rocks logs no cell one by one.

use crate::cell::Cell;
use crate::planes::{Bits, ViewMut};
use crate::rows::RowSet;
use std::borrow::Cow;
use std::collections::VecDeque;

/// Masks per word: falls, slides right, slides left, higher-order rocks among those leaving;
/// rocks, higher-order rocks, lambdas (landed higher-order rocks) and beards arriving.
pub(super) const MASKS: usize = 8;
pub(super) const FALL: usize = 0;
pub(super) const RIGHT: usize = 1;
pub(super) const LEFT: usize = 2;
pub(super) const HO_LEAVE: usize = 3;
pub(super) const ROCK: usize = 4;
pub(super) const HOROCK: usize = 5;
pub(super) const LAMBDA: usize = 6;
pub(super) const BEARD: usize = 7;

/// One map update as the undo log holds it: per row a header word (the row, and which masks
/// it has: bit j for mask j) followed by those masks, a row of words each, in mask order.
#[derive(Clone, Copy)]
pub(super) struct MapChange<'a> {
    words: &'a VecDeque<u64>,
    /// Where the first row's header is in `words`.
    first: usize,
    rows: u32,
}

impl<'a> MapChange<'a> {
    pub fn new(words: &'a VecDeque<u64>, first: usize, rows: u32) -> MapChange<'a> {
        MapChange { words, first, rows }
    }

    /// The update changed no cell.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Words `from..to` of the log, in one piece (copied only when they wrap around the end
    /// of the ring buffer).
    fn block(&self, from: usize, to: usize) -> Cow<'a, [u64]> {
        let (front, back) = self.words.as_slices();
        let f = front.len();
        if to <= f {
            Cow::Borrowed(&front[from..to])
        } else if from >= f {
            Cow::Borrowed(&back[from - f..to - f])
        } else {
            Cow::Owned(self.words.range(from..to).copied().collect())
        }
    }

    /// Word `at` of the log (an index from `walk`).
    #[inline]
    fn word(&self, at: usize) -> u64 {
        self.words[at]
    }

    /// The rows with, for each, where each of its masks starts in the log (None: zero).
    fn walk(&self, wpr: usize) -> impl Iterator<Item = (usize, [Option<usize>; MASKS])> + 'a {
        let (words, mut at) = (self.words, self.first);
        (0..self.rows).map(move |_| {
            let header = words[at];
            at += 1;
            let present = header as u8;
            let starts = std::array::from_fn(|j| {
                (present >> j & 1 == 1).then(|| {
                    at += wpr;
                    at - wpr
                })
            });
            ((header >> 8) as usize, starts)
        })
    }

    /// The rows changed, increasing.
    pub fn rows(&self, wpr: usize) -> impl Iterator<Item = usize> + 'a {
        self.walk(wpr).map(|(r, _)| r)
    }

    /// How many rocks moved.
    pub fn fall_count(&self, wpr: usize) -> usize {
        let mut n = 0;
        for (_, starts) in self.walk(wpr) {
            for start in [starts[FALL], starts[RIGHT], starts[LEFT]].into_iter().flatten() {
                n += (start..start + wpr)
                    .map(|at| self.word(at).count_ones() as usize)
                    .sum::<usize>();
            }
        }
        n
    }

    /// The rock moves (from, to), cell indices.
    pub fn falls(&self, width: usize, wpr: usize) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for (r, starts) in self.walk(wpr) {
            for k in 0..wpr {
                let first = r * width + 64 * k;
                for (j, dx) in [(FALL, 0isize), (RIGHT, 1), (LEFT, -1)] {
                    let Some(start) = starts[j] else { continue };
                    for b in Bits(self.word(start + k)) {
                        let i = first + b;
                        out.push((i as u32, (i - width).wrapping_add_signed(dx) as u32));
                    }
                }
            }
        }
        out
    }
}

impl MapChange<'_> {
    /// Cells where a beard grew, cell indices.
    pub fn grown(&self, width: usize, wpr: usize) -> Vec<u32> {
        let mut out = Vec::new();
        for (r, starts) in self.walk(wpr) {
            let Some(start) = starts[BEARD] else { continue };
            for k in 0..wpr {
                out.extend(Bits(self.word(start + k)).map(|b| (r * width + 64 * k + b) as u32));
            }
        }
        out
    }
}

/// What a map update changes: the cells, the planes and the rows to look at next.
pub(super) struct Target<'a> {
    pub cells: &'a mut [Cell],
    pub planes: ViewMut<'a>,
    pub width: usize,
    pub wpr: usize,
    pub dirty: &'a mut RowSet,
    /// The rows that may hold a growing beard, when the mine has beards.
    pub beard_rows: Option<&'a mut RowSet>,
}

/// Applies a map update (`forward`) or takes it back (the cells and planes must be as it left
/// them).
pub(super) fn walk_change(mut t: Target, change: &MapChange, forward: bool) {
    let w = t.wpr;
    let (words, mut at) = (change.words, change.first);
    for _ in 0..change.rows {
        let header = words[at];
        let (r, present) = ((header >> 8) as usize, header as u8);
        let first_mask = at + 1;
        at = first_mask + present.count_ones() as usize * w;
        let block = change.block(first_mask, at);
        let mut changed = (false, false);
        for k in 0..w {
            // The row's masks at word k (zero when absent).
            let mut m = [0u64; MASKS];
            let mut o = k;
            for (j, mask) in m.iter_mut().enumerate() {
                if present >> j & 1 == 1 {
                    *mask = block[o];
                    o += w;
                }
            }
            let (emptied, bearded) = t.word(r, k, &m, forward);
            changed = (changed.0 | emptied, changed.1 | bearded);
        }
        t.row_done(r, changed);
    }
}

impl Target<'_> {
    /// Applies (`forward`) or takes back word `k` of row `r` of an update given its masks
    /// there; whether cells became empty, whether beards grew.
    #[inline(always)]
    pub(super) fn word(
        &mut self,
        r: usize,
        k: usize,
        m: &[u64; MASKS],
        forward: bool,
    ) -> (bool, bool) {
        let leave = m[FALL] | m[RIGHT] | m[LEFT];
        let ho_leave = m[HO_LEAVE];
        let (rock, ho, lambda, beard) = (m[ROCK], m[HOROCK], m[LAMBDA], m[BEARD]);
        let arrive = rock | ho | lambda | beard;
        if leave | arrive == 0 {
            return (false, false);
        }
        let (p, cells) = (&mut self.planes, &mut *self.cells);
        let at = r * self.wpr + k;
        let first = r * self.width + 64 * k;
        if forward {
            p.empty[at] = (p.empty[at] & !arrive) | leave;
            p.rock[at] = (p.rock[at] & !leave) | rock | ho;
            p.horock[at] = (p.horock[at] & !leave) | ho;
            p.lambda[at] |= lambda;
            p.beard[at] |= beard;
            fill(cells, first, leave, Cell::Empty);
            fill(cells, first, rock, Cell::Rock);
            fill(cells, first, ho, Cell::HoRock);
            fill(cells, first, lambda, Cell::Lambda);
            fill(cells, first, beard, Cell::Beard);
            (leave != 0, beard != 0)
        } else {
            p.empty[at] = (p.empty[at] & !leave) | arrive;
            p.rock[at] = (p.rock[at] & !(rock | ho)) | leave;
            p.horock[at] = (p.horock[at] & !ho) | ho_leave;
            p.lambda[at] &= !lambda;
            p.beard[at] &= !beard;
            fill(cells, first, leave & !ho_leave, Cell::Rock);
            fill(cells, first, ho_leave, Cell::HoRock);
            fill(cells, first, arrive, Cell::Empty);
            (arrive != 0, false)
        }
    }

    /// Row `r` changed (`emptied`: cells became empty; `bearded`: beards grew): the next
    /// update looks at it again, and at the beards next to it.
    #[inline(always)]
    pub(super) fn row_done(&mut self, r: usize, (emptied, bearded): (bool, bool)) {
        self.dirty.insert(r);
        if let Some(rows) = self.beard_rows.as_deref_mut() {
            if emptied {
                rows.insert_around(r);
            }
            if bearded {
                rows.insert(r);
            }
        }
    }
}

/// Sets the cells `first + b` for every bit b of `mask`.
#[inline]
fn fill(cells: &mut [Cell], first: usize, mask: u64, cell: Cell) {
    for b in Bits(mask) {
        cells[first + b] = cell;
    }
}
