//! The map update as the rules are written: every cell in scan order, reads from the old
//! state, writes applied afterwards in the same order so that the later one wins. Slow and
//! plain on purpose; `set_full_scan(true)` uses it and the tests compare it with the update
//! on bit planes at every step.

use super::change::{self, MASKS};
use super::{neighbours8, Lifter};
use crate::cell::Cell;

impl Lifter {
    pub(super) fn reference_update(&mut self, grow: bool) -> bool {
        // (cell, new content, written by a falling rock)
        let mut writes: Vec<(u32, Cell, bool)> = Vec::new();
        for i in 0..self.cells.len() as u32 {
            let (x, y) = self.xy(i);
            match self.cells[i as usize] {
                Cell::Beard if grow => {
                    for (nx, ny) in neighbours8(x, y) {
                        if let Some(n) =
                            self.index(nx, ny).filter(|&n| self.cells[n as usize] == Cell::Empty)
                        {
                            writes.push((n, Cell::Beard, false));
                        }
                    }
                }
                c if c.is_rock() => {
                    if let Some((t, landed)) = self.rock_target(i) {
                        writes.push((i, Cell::Empty, false));
                        writes.push((t, landed, true));
                    }
                }
                _ => {}
            }
        }
        let (rx, ry) = self.xy(self.now.robot);
        let above = self.index(rx, ry + 1);
        let mut crushed = false;
        // The final content of every written cell: the last write wins.
        let mut last = std::collections::BTreeMap::new();
        for (n, &(i, c, fell)) in writes.iter().enumerate() {
            last.insert(i, (c, n));
            if Some(i) == above {
                // The last write to the cell above the robot decides.
                crushed = fell;
            }
        }
        // As masks over rows, how the update on bit planes records it too.
        let (w, width) = (self.planes.wpr, self.width);
        let mut rows = std::collections::BTreeMap::<u32, Vec<u64>>::new();
        let mut put = |i: u32, mask: usize| {
            let (x, y) = (i as usize % width, (i as usize / width) as u32);
            rows.entry(y).or_insert_with(|| vec![0; MASKS * w])[mask * w + x / 64] |= 1 << (x % 64);
        };
        for (&i, &(c, n)) in &last {
            let old = self.cells[i as usize];
            let mask = match c {
                Cell::Empty => {
                    // A rock leaving: the direction is where its other write went.
                    let t = writes[n + 1].0 as usize;
                    if old == Cell::HoRock {
                        put(i, change::HO_LEAVE);
                    }
                    match t as isize - (i as isize - width as isize) {
                        0 => change::FALL,
                        1 => change::RIGHT,
                        _ => change::LEFT,
                    }
                }
                Cell::Rock => change::ROCK,
                Cell::HoRock => change::HOROCK,
                Cell::Lambda => change::LAMBDA,
                _ => change::BEARD,
            };
            put(i, mask);
        }
        for (y, masks) in rows {
            let present = (0..MASKS).fold(0, |p, j| {
                p | u8::from(masks[j * w..(j + 1) * w].iter().any(|&m| m != 0)) << j
            });
            self.log.push_row(y as usize, &masks, w, present);
        }
        self.apply_update();
        crushed
    }

    /// Where the rock at `i` moves in the next update, and what it becomes there.
    fn rock_target(&self, i: u32) -> Option<(u32, Cell)> {
        let cell = self.cells[i as usize];
        let (x, y) = self.xy(i);
        let below = self.at(x, y - 1);
        let free =
            |dx: isize| self.at(x + dx, y) == Cell::Empty && self.at(x + dx, y - 1) == Cell::Empty;
        let (tx, ty) = if below == Cell::Empty {
            (x, y - 1)
        } else if below.is_rock() && free(1) {
            (x + 1, y - 1)
        } else if below.is_rock() && free(-1) {
            (x - 1, y - 1)
        } else if below == Cell::Lambda && free(1) {
            (x + 1, y - 1)
        } else {
            return None;
        };
        let t = self.index(tx, ty)?;
        let lands = cell == Cell::HoRock && self.at(tx, ty - 1) != Cell::Empty;
        Some((t, if lands { Cell::Lambda } else { cell }))
    }

    fn at(&self, x: isize, y: isize) -> Cell {
        self.index(x, y).map_or(Cell::Wall, |i| self.cells[i as usize])
    }
}
