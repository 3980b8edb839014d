//! The map update on bit planes, 64 cells at a time, over the rows that can change.
//!
//! Every read is from the old state. Rocks move only into cells that were empty, and a rock
//! that moves leaves an empty cell nothing else writes to; beards grow only into empty cells.
//! So the one conflict is several writes into one empty cell, and the rule "the later write in
//! scan order wins" (bottom to top, left to right) decides it: a cell in row r can receive a
//! rock only from row r + 1 (from x − 1 sliding right, x falling, x + 1 sliding left) and a
//! beard from rows r − 1 to r + 1; of the sources in row r + 1 the rightmost wins, and any
//! source in row r + 1 comes after every beard in rows r − 1 and r.
//!
//! Only rows near a change are looked at: a rock can move only when its row or the row below
//! changed since it last stayed put (`dirty`), and a beard can grow only in a row of
//! `beard_rows`. The scalar reference in `reference.rs` scans everything; the tests prove the
//! two give the same game.

use super::change::{Target, BEARD, FALL, HO_LEAVE, LEFT, MASKS, ROCK};
use super::history::History;
use super::Lifter;
use crate::cell::Cell;
use crate::planes::{east, west, Bits, Planes, View};
use crate::rows::RowSet;

/// Buffers reused from one update to the next (empty between updates, so clones are cheap).
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// The moves of a row and of the row above (3 rows of words each) and the masks of one
    /// row (`MASKS` rows of words), for mines wider than 64 cells (narrower ones use the
    /// stack).
    words: Vec<u64>,
}

/// Rows of a narrow mine's update applied from the stack (more are read back from the log).
const KEPT: usize = 2;

/// Words of `Scratch::words` per word of a row.
const SCRATCH: usize = 3 + 3 + MASKS;

/// Words per row: 1 when `W1` (mines up to 64 cells wide, where the shifts between words fold
/// away), else the planes' own.
#[inline(always)]
fn wpr<const W1: bool>(p: &View) -> usize {
    if W1 {
        1
    } else {
        p.wpr
    }
}

/// The rocks of row `y` that move: `out` (3 rows of words, all written) gets falls, slides
/// right and slides left. Returns which of the three are not zero (bit 0 falls, 1 right, 2
/// left).
#[inline(always)]
fn moves_of_row<const W1: bool>(p: &View, y: usize, out: &mut [u64]) -> u8 {
    let w = wpr::<W1>(p);
    if y == 0 || y >= p.height {
        out[..3 * w].fill(0);
        return 0;
    }
    let (mut falls, mut rights, mut lefts) = (0, 0, 0);
    let (row, below) = (y * w, (y - 1) * w);
    // Zeros written word by word on a narrow mine, at once (vectorised) on a wide one.
    if !W1 {
        out[..3 * w].fill(0);
    }
    for k in 0..w {
        let rock = p.rock[row + k];
        if rock == 0 {
            if W1 {
                (out[k], out[w + k], out[2 * w + k]) = (0, 0, 0);
            }
            continue;
        }
        let under = p.empty[below + k];
        let fall = rock & under;
        let stuck = rock & !under;
        let right_free = east(p.empty, row, k, w) & east(p.empty, below, k, w);
        let left_free = west(p.empty, row, k) & west(p.empty, below, k);
        let rock_under = p.rock[below + k];
        let right = stuck & (rock_under | p.lambda[below + k]) & right_free;
        let left = stuck & rock_under & !right_free & left_free;
        (out[k], out[w + k], out[2 * w + k]) = (fall, right, left);
        (falls, rights, lefts) = (falls | fall, rights | right, lefts | left);
    }
    u8::from(falls != 0) | u8::from(rights != 0) << 1 | u8::from(lefts != 0) << 2
}

/// What arrives in the empty cells of row `r`, given the moves of row r + 1 (`up`): `out` (4
/// rows of words, all written) gets rocks, higher-order rocks, lambdas and beards. Returns
/// which of the four are not zero.
#[inline(always)]
fn arrivals<const W1: bool>(p: &View, r: usize, up: &[u64], grow: bool, out: &mut [u64]) -> u8 {
    let mut any = [0u64; 4];
    let w = wpr::<W1>(p);
    if !W1 {
        out[..4 * w].fill(0);
    }
    let row = r * w;
    let above = (r + 1 < p.height).then_some(row + w);
    let below = (r > 0).then(|| row - w);
    let (falls, rights, lefts) = (&up[..w], &up[w..2 * w], &up[2 * w..]);
    for k in 0..w {
        let empty = p.empty[row + k];
        if W1 {
            for j in 0..4 {
                out[j * w + k] = 0;
            }
        }
        if empty == 0 {
            continue;
        }
        // Sources in row r + 1: x + 1 (rock sliding left, or beard), x, x − 1.
        let a1 = east(lefts, 0, k, w);
        let a0 = falls[k];
        let am = west(rights, 0, k);
        // Beards at x + 1 and x in row r + 1 come after the rocks left of them.
        let (b1, b0) = match above {
            Some(up_row) if grow => (east(p.beard, up_row, k, w), p.beard[up_row + k]),
            _ => (0, 0),
        };
        let from_right = a1;
        let from_mid = !a1 & !b1 & a0;
        let from_left = !a1 & !b1 & !a0 & !b0 & am;
        let rocks = from_right | from_mid | from_left;
        if rocks != 0 {
            let up_row = row + w;
            let ho = (from_right & east(p.horock, up_row, k, w))
                | (from_mid & p.horock[up_row + k])
                | (from_left & west(p.horock, up_row, k));
            // A higher-order rock becomes a lambda when the cell below where it lands is not
            // empty (the bottom edge counts as wall).
            let lands = below.map_or(!0, |b| !p.empty[b + k]);
            let arrived = [rocks & !ho, ho & !lands, ho & lands];
            for (j, m) in arrived.into_iter().enumerate() {
                out[j * w + k] = m;
                any[j] |= m;
            }
        }
        if grow {
            let beards = empty & !rocks & neighbours::<W1>(p.beard, p, r, k);
            out[(BEARD - ROCK) * w + k] = beards;
            any[3] |= beards;
        }
    }
    (0..4).fold(0, |bits, j| bits | u8::from(any[j] != 0) << j)
}

/// The rows whose rocks would move in an update now: the rows a new mine's first update must
/// look at (a rock that stays put can move only after something near it changed, and a
/// change marks its row).
pub(super) fn moving_rows(planes: &Planes) -> RowSet {
    let view = planes.view();
    let mut rows = RowSet::new(view.height);
    let mut narrow = [0u64; 3];
    let mut wide = Vec::new();
    for y in 0..view.height {
        let moves = if view.wpr == 1 {
            moves_of_row::<true>(&view, y, &mut narrow)
        } else {
            wide.resize(3 * view.wpr, 0);
            moves_of_row::<false>(&view, y, &mut wide)
        };
        if moves != 0 {
            rows.insert(y);
        }
    }
    rows
}

/// Whether a beard of row `y` has an empty neighbour.
fn can_grow<const W1: bool>(p: &View, y: usize) -> bool {
    let w = wpr::<W1>(p);
    let row = y * w;
    (0..w).any(|k| {
        let beard = p.beard[row + k];
        if beard == 0 {
            return false;
        }
        beard & neighbours::<W1>(p.empty, p, y, k) != 0
    })
}

/// Word `k` of row `y`: bit x set when one of the eight neighbours of cell x is set in `plane`.
#[inline(always)]
fn neighbours<const W1: bool>(plane: &[u64], p: &View, y: usize, k: usize) -> u64 {
    let w = wpr::<W1>(p);
    let row = y * w;
    let three = |o: usize| east(plane, o, k, w) | plane[o + k] | west(plane, o, k);
    let mut near = east(plane, row, k, w) | west(plane, row, k);
    if y > 0 {
        near |= three(row - w);
    }
    if y + 1 < p.height {
        near |= three(row + w);
    }
    near
}

impl Lifter {
    /// The map update on bit planes; true when a rock landed on the cell above the robot.
    pub(super) fn planes_update(&mut self, grow: bool) -> bool {
        if self.planes.wpr == 1 {
            self.update_rows::<true>(grow)
        } else {
            self.update_rows::<false>(grow)
        }
    }

    #[inline(always)]
    fn update_rows<const W1: bool>(&mut self, grow: bool) -> bool {
        let view = self.planes.view();
        let w = wpr::<W1>(&view);
        let mut local = [0u64; SCRATCH];
        let buffer: &mut [u64] = if W1 {
            &mut local
        } else {
            self.scratch.words.resize(SCRATCH * w, 0);
            &mut self.scratch.words
        };
        let (mut here, rest) = buffer.split_at_mut(3 * w);
        let (mut up, masks) = rest.split_at_mut(3 * w);
        // Pass 1, reading the old state only: what leaves and arrives in each row. A narrow
        // mine's first changed rows are also kept here, to be applied without reading the log.
        let (mut up_row, mut up_moves) = (usize::MAX, 0);
        let mut kept = [(0usize, [0u64; MASKS]); KEPT];
        let mut changed = 0;
        let beard_rows = if grow { Some(&self.beard_rows) } else { None };
        for word in 0..self.dirty.words() {
            for bit in Bits(self.dirty.around(beard_rows, word)) {
                let r = 64 * word + bit;
                let here_moves = if up_row == r {
                    std::mem::swap(&mut here, &mut up);
                    up_moves
                } else {
                    moves_of_row::<W1>(&view, r, here)
                };
                up_moves = moves_of_row::<W1>(&view, r + 1, up);
                up_row = r + 1;
                if here_moves == 0 && up_moves == 0 && !grow {
                    continue;
                }
                masks[FALL * w..(LEFT + 1) * w].copy_from_slice(here);
                let row = r * w;
                let mut ho_leave = 0;
                for k in 0..w {
                    let m = (here[k] | here[w + k] | here[2 * w + k]) & view.horock[row + k];
                    masks[HO_LEAVE * w + k] = m;
                    ho_leave |= m;
                }
                // Nothing arrives in row r when nothing leaves row r + 1 and no beard grows.
                let arrived = if up_moves != 0 || grow {
                    arrivals::<W1>(&view, r, up, grow, &mut masks[ROCK * w..])
                } else {
                    masks[ROCK * w..(BEARD + 1) * w].fill(0);
                    0
                };
                let present = here_moves | u8::from(ho_leave != 0) << HO_LEAVE | arrived << ROCK;
                self.log.push_row(r, masks, w, present);
                if let (true, Ok(m), Some(slot)) =
                    (present != 0, masks.try_into(), kept.get_mut(changed))
                {
                    *slot = (r, m);
                }
                changed += usize::from(present != 0);
            }
        }
        // Pass 2: apply.
        let above_robot = self.now.robot as usize + self.width;
        let before = self.cells.get(above_robot).copied();
        self.dirty.clear();
        if W1 && changed <= KEPT {
            let (mut t, _) = self.split();
            for (r, m) in &kept[..changed] {
                let done = t.word(*r, 0, m, true);
                t.row_done(*r, done);
            }
        } else {
            self.apply_update();
        }
        if grow {
            let view = self.planes.view();
            self.beard_rows.retain(|y| can_grow::<W1>(&view, y));
        }
        // Something arrived in the empty cell above the robot: a rock, unless a beard grew.
        before == Some(Cell::Empty)
            && self.cells.get(above_robot).is_some_and(|&c| c != Cell::Empty && c != Cell::Beard)
    }
}

impl Lifter {
    /// What a map update changes, and the log.
    #[inline]
    pub(super) fn split(&mut self) -> (Target<'_>, &History) {
        let t = Target {
            wpr: self.planes.wpr,
            width: self.width,
            cells: &mut self.cells,
            planes: self.planes.view_mut(),
            dirty: &mut self.dirty,
            beard_rows: if self.has_beards { Some(&mut self.beard_rows) } else { None },
        };
        (t, &self.log)
    }

    /// Applies the open step's map update (in the log) to the cells and the planes.
    pub(super) fn apply_update(&mut self) {
        if self.log.open_update().is_empty() {
            return;
        }
        let (t, log) = self.split();
        super::change::walk_change(t, &log.open_update(), true);
    }
}
