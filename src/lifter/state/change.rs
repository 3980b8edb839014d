//! One map update kept as masks over the rows it changed: the rocks that left (by direction,
//! and which of them were higher-order) and what arrived in empty cells. That is all undo
//! needs, and the rock moves for animation follow from it, so an update that moves 100,000
//! rocks logs no cell one by one.

use super::Lifter;
use crate::lifter::cell::Cell;
use crate::lifter::planes::Bits;
use std::collections::{vec_deque, VecDeque};

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

/// One map update as the undo log holds it: its rows, each with the masks it has (bit j for
/// mask j), and its masks in a row of words each, in row order and then mask order.
#[derive(Clone)]
pub(super) struct MapChange<'a> {
    pub rows: vec_deque::Iter<'a, (u32, u8)>,
    masks: &'a VecDeque<u64>,
    /// Where the first row's masks start in `masks`.
    first: usize,
}

impl<'a> MapChange<'a> {
    pub fn new(rows: vec_deque::Iter<'a, (u32, u8)>, masks: &'a VecDeque<u64>, first: usize) -> MapChange<'a> {
        MapChange { rows, masks, first }
    }

    /// Word `at` of the masks (an index from `walk`).
    #[inline]
    fn word(&self, at: usize) -> u64 {
        self.masks[at]
    }

    /// The rows with, for each, where each of its masks starts in `masks` (None: zero).
    fn walk(&self, wpr: usize) -> impl Iterator<Item = (usize, [Option<usize>; MASKS])> + 'a {
        let mut at = self.first;
        self.rows.clone().map(move |&(r, present)| {
            let starts = std::array::from_fn(|j| {
                (present >> j & 1 == 1).then(|| {
                    at += wpr;
                    at - wpr
                })
            });
            (r as usize, starts)
        })
    }

    /// How many rocks moved.
    pub fn fall_count(&self, wpr: usize) -> usize {
        let mut n = 0;
        for (_, starts) in self.walk(wpr) {
            for start in [starts[FALL], starts[RIGHT], starts[LEFT]].into_iter().flatten() {
                n += (start..start + wpr).map(|at| self.word(at).count_ones() as usize).sum::<usize>();
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

impl Lifter {
    /// Applies the open step's map update (in the log) to the cells and the planes.
    pub(super) fn apply_update(&mut self) {
        let log = std::mem::take(&mut self.log);
        self.walk_change(&log.open_update(), true);
        self.log = log;
    }

    /// Takes a map update back (the cells and planes must be as it left them).
    pub(super) fn revert_change(&mut self, change: &MapChange) {
        self.walk_change(change, false);
    }

    fn walk_change(&mut self, change: &MapChange, forward: bool) {
        let w = self.planes.wpr;
        let width = self.width;
        let p = self.planes.view_mut();
        for (r, starts) in change.walk(w) {
            let (mut emptied, mut bearded) = (false, false);
            for k in 0..w {
                let get = |j: usize| starts[j].map_or(0, |s| change.word(s + k));
                let leave = get(FALL) | get(RIGHT) | get(LEFT);
                let ho_leave = get(HO_LEAVE);
                let (rock, ho, lambda, beard) = (get(ROCK), get(HOROCK), get(LAMBDA), get(BEARD));
                let arrive = rock | ho | lambda | beard;
                if leave | arrive == 0 {
                    continue;
                }
                let at = r * w + k;
                let first = r * width + 64 * k;
                if forward {
                    p.empty[at] = (p.empty[at] & !arrive) | leave;
                    p.rock[at] = (p.rock[at] & !leave) | rock | ho;
                    p.horock[at] = (p.horock[at] & !leave) | ho;
                    p.lambda[at] |= lambda;
                    p.beard[at] |= beard;
                    fill(&mut self.cells, first, leave, Cell::Empty);
                    fill(&mut self.cells, first, rock, Cell::Rock);
                    fill(&mut self.cells, first, ho, Cell::HoRock);
                    fill(&mut self.cells, first, lambda, Cell::Lambda);
                    fill(&mut self.cells, first, beard, Cell::Beard);
                    emptied |= leave != 0;
                    bearded |= beard != 0;
                } else {
                    p.empty[at] = (p.empty[at] & !leave) | arrive;
                    p.rock[at] = (p.rock[at] & !(rock | ho)) | leave;
                    p.horock[at] = (p.horock[at] & !ho) | ho_leave;
                    p.lambda[at] &= !lambda;
                    p.beard[at] &= !beard;
                    fill(&mut self.cells, first, leave & !ho_leave, Cell::Rock);
                    fill(&mut self.cells, first, ho_leave, Cell::HoRock);
                    fill(&mut self.cells, first, arrive, Cell::Empty);
                    emptied |= arrive != 0;
                }
            }
            self.dirty.insert(r);
            if self.has_beards {
                if emptied {
                    self.beard_rows.insert_around(r);
                }
                if bearded {
                    self.beard_rows.insert(r);
                }
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
