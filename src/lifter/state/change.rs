//! One map update kept as masks over the rows it changed: the rocks that left (by direction,
//! and which of them were higher-order) and what arrived in empty cells. That is all undo
//! needs, and the rock moves for animation follow from it, so an update that moves 100,000
//! rocks logs no cell one by one.

use super::Lifter;
use crate::lifter::cell::Cell;
use crate::lifter::planes::Bits;

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

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct MapChange {
    /// The rows changed, increasing, and for each `MASKS` rows of words (mask j of the n-th
    /// row starts at `(n * MASKS + j) * wpr`).
    pub rows: Vec<u32>,
    pub masks: Vec<u64>,
}

impl MapChange {
    /// Size for the undo budget, in words.
    pub fn weight(&self) -> usize {
        self.masks.len()
    }

    /// The rock moves (from, to), cell indices.
    pub fn falls(&self, width: usize, wpr: usize) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for (n, &r) in self.rows.iter().enumerate() {
            let m = &self.masks[n * MASKS * wpr..(n + 1) * MASKS * wpr];
            for k in 0..wpr {
                let first = r as usize * width + 64 * k;
                for (j, dx) in [(FALL, 0isize), (RIGHT, 1), (LEFT, -1)] {
                    for b in Bits(m[j * wpr + k]) {
                        let i = first + b;
                        out.push((i as u32, (i - width).wrapping_add_signed(dx) as u32));
                    }
                }
            }
        }
        out
    }
}

impl Lifter {
    /// Applies a map update to the cells and the planes.
    pub(super) fn apply_change(&mut self, change: &MapChange) {
        self.walk_change(change, true);
    }

    /// Takes a map update back (the cells and planes must be as it left them).
    pub(super) fn revert_change(&mut self, change: &MapChange) {
        self.walk_change(change, false);
    }

    fn walk_change(&mut self, change: &MapChange, forward: bool) {
        let w = self.planes.wpr;
        let width = self.width;
        for (n, &r) in change.rows.iter().enumerate() {
            let r = r as usize;
            let m = &change.masks[n * MASKS * w..(n + 1) * MASKS * w];
            let (mut emptied, mut bearded) = (false, false);
            for k in 0..w {
                let get = |j: usize| m[j * w + k];
                let leave = get(FALL) | get(RIGHT) | get(LEFT);
                let ho_leave = get(HO_LEAVE);
                let (rock, ho, lambda, beard) = (get(ROCK), get(HOROCK), get(LAMBDA), get(BEARD));
                let arrive = rock | ho | lambda | beard;
                if leave | arrive == 0 {
                    continue;
                }
                let at = r * w + k;
                let p = &mut self.planes;
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
